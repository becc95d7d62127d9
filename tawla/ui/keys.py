"""Keys that work on an English and on an Arabic keyboard layout.

With an Arabic layout active the terminal sends the Arabic letter of the key
(``ق`` for the key marked R on the standard Arabic PC layout), so every letter
binding also binds that letter. Digits are accepted in Western and
Arabic-Indic forms.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from textual.binding import Binding
from textual.keys import KEY_NAME_REPLACEMENTS

from tawla.i18n import LRI, PDI
from tawla.i18n.bidi import isolate_ltr

if TYPE_CHECKING:
    from tawla.i18n.words import Words

ARABIC_LAYOUT: Final = {
    "q": "ض", "w": "ص", "e": "ث", "r": "ق", "t": "ف", "y": "غ", "u": "ع", "i": "ه", "o": "خ", "p": "ح",
    "a": "ش", "s": "س", "d": "ي", "f": "ب", "g": "ل", "h": "ا", "j": "ت", "k": "ن", "l": "م",
    "z": "ئ", "x": "ء", "c": "ؤ", "v": "ر", "b": "لا", "n": "ى", "m": "ة",
    "/": "ظ", "?": "؟", "R": "ٌ", "H": "أ", "L": "/",
    "P": "؛", "E": "ُ", "M": "’", "D": "]", "G": "لأ",
}  # fmt: skip
"""What the standard Arabic (101) PC layout types for each key of a US keyboard (the keys
tawla binds): unshifted letters, and Shift+R (dammatan), Shift+H (alef with hamza above),
Shift+L (``/``), Shift+/ (the Arabic question mark); Shift+P, E, M, D and G, the capitals the
README names outside the game (see :func:`either_case`). B types two letters, lam and alef (and
Shift+G lam and alef with hamza)."""

LIGATURES: Final = {"لا": "\ufefb", "لأ": "\ufef7"}
"""A key that types two letters may reach the terminal as one character, their ligature
(X11's Arabic layout sends U+FEFB for B), or as the two letters one after the other (Windows
and macOS send «لا»): both are bound (see :func:`both` and :data:`TWO_LETTERS`)."""

TWO_LETTERS: Final = {"لا": "b"}
"""Keys of the Arabic layout that type two letters, and their US key: a screen binding the key
reads the two letters, arriving one after the other, as that key (the game's beaver)."""

ARABIC_DIGITS: Final = "٠١٢٣٤٥٦٧٨٩"
"""Arabic-Indic digits 0-9."""


def _name(char: str) -> str:
    """Textual's key name for a character typed by a key: itself for letters and digits, else its
    Unicode name in snake case (``?`` is ``question_mark``, ``؟`` is ``arabic_question_mark``).
    The rule Textual applies to the keys it receives, written here because Textual's own
    function for it (``textual.keys._character_to_key``) is private."""
    if len(char) != 1 or char.isalnum():
        return char
    try:
        key = unicodedata.name(char).lower().replace("-", "_").replace(" ", "_")
    except ValueError:
        return char
    return KEY_NAME_REPLACEMENTS.get(key, key)


def key_of(char: str) -> str:
    """The key name a binding uses for a typed character (Textual's :func:`_name` rule)."""
    return _name(char)


def both(*keys: str) -> str:
    """A Textual key list binding each key and what an Arabic layout types for it.

    ``both("r", "space")`` is ``"r,ق,space"``. For a key that types two letters on the
    Arabic layout (``b`` types lam-alef), their one-character ligature is bound (``ﻻ``); the
    two letters one after the other are the screen's to read (see :data:`TWO_LETTERS`): the
    first alone is another key's (``ل`` is G).
    """
    out: list[str] = []
    for key in keys:
        out.append(_name(key) if len(key) == 1 else key)
        arabic = ARABIC_LAYOUT.get(key)
        if arabic:
            out.append(_name(LIGATURES.get(arabic, arabic)))
    return ",".join(dict.fromkeys(out))


def either_case(*letters: str) -> str:
    """:func:`both` for each letter and its capital: a key that works with Shift too, as the
    README names it (``P`` opens the book). Only where Shift+letter is no key of its own (the
    game's ``R`` resigns, ``r`` rolls). ``either_case("p")`` is ``"p,ح,P,arabic_semicolon"``."""
    return both(*(key for letter in letters for key in (letter, letter.upper())))


def digit_keys(digit: int) -> str:
    """The Western and the Arabic-Indic key of a digit."""
    return f"{digit},{ARABIC_DIGITS[digit]}"


EVERYWHERE: Final = (
    Binding("ctrl+q", "app.quit", "key.quit", priority=True),
    Binding("ctrl+c", "app.quit", "key.quit", priority=True, show=False),
    Binding("f1," + both("?"), "app.help", "key.help"),
    Binding("f2", "app.language", "key.language", show=False),
    Binding("ctrl+p", "app.command_palette", "palette", show=False, priority=True, tooltip="Open the command palette"),
)
"""The keys that work on every screen and dialog (the help's "Everywhere"): the app's bindings,
and every dialog's too. Textual looks a key up from the focused widget to the app, but stops at
a modal screen (``Screen._modal_binding_chain``): of the app's bindings a dialog hears only the
priority ones (Ctrl+Q, Ctrl+P). So each dialog binds these as well (a priority one is the app's
first, and is there for the footer to show it); F1 and F2 stay no priority bindings, looked up
in the order the keys came, after a text field has taken a ``?`` typed into it. Ctrl+P is
named here, not added by Textual, for the same reason."""


# -- keys as the player reads them -----------------------------------------------------------

_NAMED: Final = frozenset(
    {"space", "enter", "escape", "tab", "backspace", "delete", "insert", "home", "end", "pageup", "pagedown"}
    | {"up", "down", "left", "right"}
)
"""Keys that type no character, named in the catalogs (``keyname.space``)."""
_MODIFIERS: Final = ("ctrl", "alt", "shift", "meta", "super", "hyper")
_UNICODE_NAME: Final = {short: long for long, short in KEY_NAME_REPLACEMENTS.items()}
_LIGATURE_LETTERS: Final = {ligature: letters for letters, ligature in LIGATURES.items()}
_FROM_ARABIC: Final = {arabic: key for key, arabic in ARABIC_LAYOUT.items()}


def _character(key: str) -> str | None:
    """The character a key name stands for (``question_mark`` is ``?``, ``slash`` is ``/``,
    ``arabic_dammatan`` is the mark ``ٌ``), or None for a key that types none."""
    if len(key) == 1:
        return key
    try:
        return unicodedata.lookup(_UNICODE_NAME.get(key, key).replace("_", " "))
    except KeyError:
        return None


def _twin_of(char: str) -> str | None:
    """What the other layout types on the key that types ``char``: the Arabic letter of a US
    key, the Arabic-Indic digit of a digit (and back)."""
    if char.isascii() and char.isdigit():
        return ARABIC_DIGITS[int(char)]
    if char.isascii():  # (a US key: "]" is also what Shift+D types on an Arabic layout, but is "]" here)
        return ARABIC_LAYOUT.get(char)
    if char in ARABIC_DIGITS:
        return str(ARABIC_DIGITS.index(char))
    letters = _LIGATURE_LETTERS.get(char, char)
    return _FROM_ARABIC.get(letters)


SHIFT: Final = "⇧"
"""Shift as many keyboards print it: the footer's room for Shift+ق («⇧ق»)."""


def _drawn(char: str, words: Words, short: bool = False) -> str:
    """A typed character as it can be drawn alone: an Arabic mark (Shift+R types a dammatan)
    is named by the keys that type it (Shift and the letter of R: «Shift+ق», or «⇧ق» with
    ``short``, the footer's room); a ligature is its letters."""
    if len(char) == 1 and unicodedata.category(char) == "Mn":
        latin = _FROM_ARABIC.get(char)
        if latin is not None and latin.isupper():
            letter = ARABIC_LAYOUT[latin.lower()]
            return f"{SHIFT}{letter}" if short else _chord(f"{words.t('keyname.shift')}+{letter}", words)
    return _LIGATURE_LETTERS.get(char, char)


_SHORT: Final = {"enter": "⏎", "backspace": "⌫"}
"""The footer's room: symbols printed on many keyboards for the widest names (and Ctrl as ^)."""


SUBSTITUTES: dict[str, str] = {}
"""Keys named for others where the others cannot be pressed: under ``tawla serve`` the browser
keeps Ctrl+W for itself, so Ctrl+B goes back to the menu there, and the footer and the help say
so (:mod:`tawla.ui.web_driver` fills this in, and turns the one into the other)."""


def key_name(key: str, words: Words, short: bool = False) -> str:
    """One Textual key as it is printed on the keyboard, in the player's language (logical
    order): ``enter`` is "Enter", ``space`` «المسافة» in Arabic, ``ctrl+w`` "Ctrl+W", ``f1``
    "F1", ``question_mark`` "?", ``arabic_dammatan`` «Shift+ق». Never a Textual name. With
    ``short`` (the footer): "⏎", "⌫", "^W"."""
    key = SUBSTITUTES.get(key, key)
    *modifiers, base = key.split("+") if key != "+" else [key]
    if short and modifiers == ["ctrl"]:
        prefix = "^"
    else:
        prefix = "".join(f"{words.t(f'keyname.{m}')}+" for m in modifiers if m in _MODIFIERS)
    if short and not modifiers and base in _SHORT:
        return _SHORT[base]
    if base in _NAMED:
        name = words.t(f"keyname.{base}")
    elif base[:1] == "f" and base[1:].isdigit():
        name = words.t("keyname.function").replace("{n}", base[1:])  # (F1 in every digit setting)
    else:
        char = _character(base)
        if char is None:
            name = base.replace("_", " ")
        elif modifiers:
            name = char.upper()  # (Ctrl+W: as printed on the key)
        else:
            return _drawn(char, words, short)
    return _chord(prefix + name, words) if prefix else name


def _chord(text: str, words: Words) -> str:
    """Keys pressed together (Ctrl+W, Shift+ق) read left to right, also in an Arabic line
    (where ^P would otherwise come out as P^)."""
    return isolate_ltr(text) if words.rtl else text


def key_label(key: str, words: Words, short: bool = False) -> str:
    """A key with what the other keyboard layout types on it, the player's layout first:
    «ق (r)» in Arabic, "r (ق)" in English. With ``short`` (the footer's room), English shows
    "r" alone and the widest names are symbols (see :func:`key_name`). Logical order."""
    name = key_name(key, words, short)
    char = _character(key) if "+" not in key or key == "+" else None
    other = _twin_of(char) if char is not None else None
    if other is None:
        return name
    other_name = _drawn(other, words, short)
    latin, arabic = (name, other_name) if char is not None and char.isascii() else (other_name, name)
    if words.rtl:  # (Shift+R types a mark: «Shift+ق (R)» in the help, «⇧ق (R)» in the footer)
        return f"{arabic} ({latin})"
    return latin if short else f"{latin} ({arabic})"


def keys_label(keys: Sequence[str], words: Words) -> str:
    """Every key of a binding (``"left,h,ا"``), each named once with its twin on the other layout
    («← أو ا (h)»), joined by the catalog's "or"."""
    shown: list[str] = []
    covered: set[str] = set()
    for key in keys:
        char = _character(key) if "+" not in key else None
        if char is not None and (char in covered or _unshifted(char) in covered):
            continue  # (P with p: the same key, with Shift; see either_case)
        if char is not None:
            covered.add(char)
            other = _twin_of(char)
            if other is not None:
                covered.add(other)
                covered.add(LIGATURES.get(other, other))
        shown.append(key_label(key, words))
    return words.t("keyname.or").join(dict.fromkeys(shown))


def _unshifted(char: str) -> str | None:
    """The letter whose key types ``char`` with Shift (``P`` and «؛» are p's), or None."""
    if not (char.isascii() and char.isalpha()):
        char = _FROM_ARABIC.get(_LIGATURE_LETTERS.get(char, char), "")
    return char.lower() if char.isascii() and char.isalpha() and char.isupper() else None


def digits_label(first: int, last: int, words: Words) -> str:
    """The digit keys from ``first`` to ``last`` in both forms, the player's first: «١–٦ (1–6)»
    in Arabic, "1–6 (١–٦)" in English; each range read in its own script's direction (the
    Western one left to right in an Arabic line, where it would read 6–1)."""
    latin = f"{first}–{last}"
    arabic = f"{ARABIC_DIGITS[first]}–{ARABIC_DIGITS[last]}"
    # (The Arabic-Indic range only isolated, not held: it reads in its own script's direction.)
    return f"{arabic} ({isolate_ltr(latin)})" if words.rtl else f"{latin} ({LRI}{arabic}{PDI})"
