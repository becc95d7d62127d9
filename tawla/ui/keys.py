"""Keys that work on an English and on an Arabic keyboard layout.

With an Arabic layout active the terminal sends the Arabic letter of the key
(``ق`` for the key marked R on the standard Arabic PC layout), so every letter
binding also binds that letter. Digits are accepted in Western and
Arabic-Indic forms.
"""

from __future__ import annotations

import unicodedata
from typing import Final

from textual.keys import KEY_NAME_REPLACEMENTS

ARABIC_LAYOUT: Final = {
    "q": "ض", "w": "ص", "e": "ث", "r": "ق", "t": "ف", "y": "غ", "u": "ع", "i": "ه", "o": "خ", "p": "ح",
    "a": "ش", "s": "س", "d": "ي", "f": "ب", "g": "ل", "h": "ا", "j": "ت", "k": "ن", "l": "م",
    "z": "ئ", "x": "ء", "c": "ؤ", "v": "ر", "b": "لا", "n": "ى", "m": "ة",
    "/": "ظ", "?": "؟", "R": "ٌ", "H": "أ", "L": "/",
}  # fmt: skip
"""What the standard Arabic (101) PC layout types for each key of a US keyboard."""

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


def both(*keys: str) -> str:
    """A Textual key list binding each key and what an Arabic layout types for it.

    ``both("r", "space")`` is ``"r,ق,space"``. For a key that types two
    letters on the Arabic layout (``b`` types lam-alef), the first letter is bound.
    """
    out: list[str] = []
    for key in keys:
        out.append(_name(key) if len(key) == 1 else key)
        arabic = ARABIC_LAYOUT.get(key)
        if arabic:
            out.append(_name(arabic[0]))
    return ",".join(dict.fromkeys(out))


def digit_keys(digit: int) -> str:
    """The Western and the Arabic-Indic key of a digit."""
    return f"{digit},{ARABIC_DIGITS[digit]}"


def arabic_of(key: str) -> str | None:
    """The Arabic-layout character for a key, for the help screen."""
    return ARABIC_LAYOUT.get(key)
