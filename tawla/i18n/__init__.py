"""Catalogs of every string a player sees, in English and Arabic.

Catalogs are TOML files beside this module (``en.toml``, ``ar.toml``); nested
tables flatten to dotted keys (``[cli.error] dice = ...`` is
``cli.error.dice``). Placeholders use ``str.format`` syntax. A key missing
in a language is a bug: the tests compare the two catalogs key by key.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from functools import cache
from typing import Final

LANGUAGES: Final = ("en", "ar")
"""Supported languages, the default first."""
RTL_LANGUAGES: Final = frozenset({"ar"})
"""Languages written right to left."""

_ISOLATES: Final = ("\u2066", "\u2067", "\u2068")  # LRI, RLI, FSI


_NO_ISOLATES: Final = {ord(c): None for c in "\u2066\u2067\u2068\u2069\u202c\u202d"}


def plain(text: str) -> str:
    """``text`` without the isolates of :func:`embedded` and :func:`isolate_ltr` (for plain
    output: the command line)."""
    return text.translate(_NO_ISOLATES)


LRI, RLI, PDI = "\u2066", "\u2067", "\u2069"
LRO, PDF = "\u202d", "\u202c"
_RTL_WORDS: Final = re.compile(
    "[\u0590-\u05ff\u0600-\u065f\u066e-\u06ef\u06fa-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]"
    "(?:[\u0590-\u05ff\u0600-\u065f\u066e-\u06ef\u06fa-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u0670\u200c\u200d ]*"
    "[\u0590-\u05ff\u0600-\u065f\u066e-\u06ef\u06fa-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u0670])?"
)
"""A stretch of right-to-left words (letters and their marks, the spaces between them), without
the Arabic-Indic digits (U+0660-U+0669, U+06F0-U+06F9), which read left to right."""


def hold_ltr(text: str) -> str:
    """``text`` drawn exactly in its order, left to right (LRO … PDF), whatever its characters:
    Arabic-Indic digits, ``*``, ``(2)``, ``+`` or ``/`` at either end. A stretch of Arabic words
    inside («بار» in «بار/١٠», a name in a file name) is isolated right to left (RLI … PDI), so
    that it still reads as words."""
    return LRO + _RTL_WORDS.sub(lambda m: RLI + m.group() + PDI, text) + PDF


def isolate_ltr(text: str) -> str:
    """One left-to-right unit — a move (``16/10*/8``, ``bar/22``, ``8/5(2)``), a roll (6-5), a
    Position ID, a date, a time, a path, a key chord — kept in its own order inside a sentence
    of either direction: isolated (LRI … PDI) and held (:func:`hold_ltr`). This is the one place
    that does it: UAX #9 alone lays Arabic-Indic digits out right to left around ``-``, ``*``
    and brackets (``٨/*١٦/١٠`` for ``١٦/١٠*/٨``), and moves a leading ``+`` or ``/`` of an ID
    to its other end in a right-to-left line."""
    return LRI + hold_ltr(text) + PDI


def isolate_units(text: str, rtl: bool = True, joiner: str = " ") -> str:
    """Left-to-right units separated by spaces (the moves of a play, a date and its time): each
    one in its own order (:func:`isolate_ltr`), and they follow each other in the reading order
    of the line: from the right in a right-to-left one (``rtl``), the first unit first; joined
    by ``joiner`` (a no-break space: units a line must not part, see :func:`isolate_date`)."""
    units = joiner.join(isolate_ltr(unit) for unit in text.split(" "))
    return f"{RLI if rtl else LRI}{units}{PDI}"


NBSP: Final = "\u00a0"
"""A no-break space: the wrapping of :mod:`tawla.i18n.bidi` never ends a line there."""


def isolate_date(text: str) -> str:
    """A date and its time (``2026-12-01 18:46``): :func:`isolate_units`, never parted by the end
    of a line."""
    return isolate_units(text, joiner=NBSP)


RLM: Final = "\u200f"
_HELD_PAIR: Final = re.compile(r"(?<=\d)([- ])(?=\d)")


def isolate_rtl(text: str) -> str:
    """A unit read from the right — a move written that way («بار←٢٢*», «١٣←٧»), a roll (٦-١: the
    6 first from the right), the dice left to play (٦ ١) — kept in that order inside a sentence
    of either direction: isolated right to left (RLI … PDI). A hyphen or a space between digits
    is held between right-to-left marks: UAX #9 would join Western digits round a hyphen into
    one left-to-right number (``6-1`` drawn as it is, read 1-6 from the right), and
    :func:`to_digits` would hold them left to right later."""
    return RLI + _HELD_PAIR.sub(f"{RLM}\\1{RLM}", text) + PDI


LTR_PLACEHOLDERS: Final = {"file": isolate_ltr, "id": isolate_ltr, "token": isolate_ltr, "date": isolate_date}
"""The catalog placeholders that hold left-to-right units (a path, an ID, a typed move, a date
with its time): in a right-to-left language :func:`tr` fills them in held in their own order
(:func:`isolate_ltr`; a date and its time each so, the date first from the right, on one line)."""


def embedded(text: str) -> str:
    """A piece of text placed into a right-to-left sentence (a name, a roll, a point):
    isolated (FSI … PDI) so that its own direction cannot scramble the sentence
    around it. Text that is already isolated is left as it is."""
    return text if text.startswith(_ISOLATES) else f"\u2068{text}\u2069"


@cache
def catalog(lang: str) -> Mapping[str, str]:
    """The flattened catalog of ``lang`` (one of :data:`LANGUAGES`)."""
    if lang not in LANGUAGES:
        raise KeyError(lang)
    from tawla.i18n.catalogs import load  # (a table at a time, as it is used: see there)

    return load(lang)


def tr(lang: str, key: str, arabic_indic: bool = False, /, **params: object) -> str:
    """The text of ``key`` in ``lang`` with ``params`` filled in.

    Falls back to English, then to the key itself, so a missing entry shows
    up as visibly wrong text instead of a crash. With ``arabic_indic``, the
    digits written in the text itself (not those of the parameters) are
    Arabic-Indic. In a right-to-left language every text parameter is isolated
    (see :func:`embedded`).
    """
    for source in (lang, "en"):
        text = catalog(source).get(key) if source in LANGUAGES else None
        if text is not None:
            if arabic_indic and not key.startswith(_OWN_DIGITS):  # (not inside the {placeholders})
                text = "".join(p if p.startswith("{") else _catalog_digits(p) for p in _FIELDS.split(text))
            if source in RTL_LANGUAGES and LRI in text:  # (a unit the catalog isolates: held in its order)
                text = _CATALOG_UNIT.sub(lambda m: isolate_ltr(m.group(1)), text)
            if not params:
                return text
            if source in RTL_LANGUAGES:
                params = {k: _embedded(k, v) if isinstance(v, str) else v for k, v in params.items()}
            else:  # a right-to-left name in a left-to-right sentence must not take its neighbours along
                params = {k: embedded(v) if isinstance(v, str) and _RTL.search(v) else v for k, v in params.items()}
            return text.format(**params)
    return key


_SIGNED: Final = re.compile(r"(?<![\w.٫])[+\u2212]\d+(?:[.٫]\d+)?")
"""A signed number in a catalog's text («+1»)."""


def _catalog_digits(text: str) -> str:
    """A catalog's own text in Arabic-Indic digits: a signed number in it written as the
    figures of the screens are, the sign read first from the right (:func:`isolate_rtl`)."""
    return _SIGNED.sub(lambda m: isolate_rtl(m.group()), to_digits(text, True))


def _embedded(placeholder: str, value: str) -> str:
    """A text parameter of a right-to-left sentence: a left-to-right unit held in its order
    (:data:`LTR_PLACEHOLDERS`), anything else isolated in its own direction (:func:`embedded`)."""
    unit = LTR_PLACEHOLDERS.get(placeholder)
    if unit is None or value.startswith(_ISOLATES):
        return embedded(value)
    return unit(value)


_CATALOG_UNIT: Final = re.compile("\u2066([^\u2066-\u2069{}]*)\u2069")
"""A left-to-right unit that a catalog text isolates itself («\u2066بار/22\u2069»)."""
_FIELDS: Final = re.compile(r"(\{[^{}]*\})")
_RTL: Final = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]")
"""Hebrew, Arabic, Syriac, Thaana, N'Ko … and the Arabic presentation forms."""
_OWN_DIGITS: Final = ("option.digits.",)
"""Texts that show particular digits whatever the setting (the digits setting's own choices)."""


def plural_category(lang: str, n: int) -> str:
    """The CLDR plural category of ``n`` (English: one/other; Arabic: zero/one/two/few/many/other)."""
    if lang == "ar":
        if n == 0:
            return "zero"
        if n == 1:
            return "one"
        if n == 2:
            return "two"
        if 3 <= n % 100 <= 10:
            return "few"
        if 11 <= n % 100 <= 99:
            return "many"
        return "other"
    return "one" if n == 1 else "other"


def plural_key(lang: str, key: str, n: int) -> str:
    """The key of the form of ``key`` that counts ``n``: ``key.<plural category>``, or
    ``key.other`` when the catalog has no form of its own for that category."""
    specific = f"{key}.{plural_category(lang, n)}"
    return specific if specific in catalog(lang if lang in LANGUAGES else "en") else f"{key}.other"


def tr_n(lang: str, key: str, n: int, /, **params: object) -> str:
    """``key.<plural category>`` (falling back to ``key.other``) with ``n`` and ``params`` filled in."""
    return tr(lang, plural_key(lang, key, n), n=n, **params)


def language_from_env(env: Mapping[str, str] | None = None) -> str | None:
    """``ar`` when the locale (LC_ALL, LC_MESSAGES, LANG) is Arabic, ``en`` when it is set to
    anything else, None when it is not set."""
    env = os.environ if env is None else env
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            return "ar" if value.lower().startswith("ar") else "en"
    return None


ARABIC_INDIC_LOCALES: Final = ("ar_EG", "ar_SA", "ar_SY", "ar_LB", "ar_JO", "ar_IQ", "ar_KW", "ar_SD")
"""Locales whose CLDR data write Arabic-Indic digits by default."""

_TO_ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")


def arabic_indic_by_default(env: Mapping[str, str] | None = None) -> bool:
    """Whether the locale writes Arabic-Indic digits (CLDR's default numbering system)."""
    env = os.environ if env is None else env
    for var in ("LC_ALL", "LC_NUMERIC", "LANG"):
        value = env.get(var, "")
        if value:
            return value.split(".")[0] in ARABIC_INDIC_LOCALES
    return False


_PAIR = re.compile(r"(?<=\d)([- ])(?=\d)")
_DECIMAL_POINT = re.compile(r"(?<=\d)\.(?=\d)")
ARABIC_DECIMAL: Final = "\u066b"
"""The Arabic decimal separator (٫), as CLDR writes numbers in Arabic-Indic digits: ٨٫٥٤."""


def to_digits(text: str, arabic_indic: bool, held: bool = True) -> str:
    """``text`` with its Western digits written Arabic-Indic when asked, and the decimal point
    between them the Arabic decimal separator (٨٫٥٤, never ٨.٥٤).

    A roll like 6-5 (or a date) keeps reading left to right like the move notation:
    Arabic-Indic digits around a hyphen or a space would otherwise be laid out right to
    left (bidi rule W4 joins only "/" and ":" to them), so the separator is held by
    left-to-right marks — unless ``held`` is False: the text is then a unit that
    :func:`isolate_ltr` holds whole.
    """
    if not arabic_indic:
        return text
    text = _DECIMAL_POINT.sub(ARABIC_DECIMAL, text)
    if not held:
        return text.translate(_TO_ARABIC_INDIC)
    return _PAIR.sub("\u200e\\1\u200e", text).translate(_TO_ARABIC_INDIC)


def choose_language(cli: str | None, settings: str | None = None, env: Mapping[str, str] | None = None) -> str:
    """The language to use: the command line, else the settings, else the locale, else English."""
    for candidate in (cli, settings, language_from_env(env)):
        if candidate in LANGUAGES:
            return candidate
    return LANGUAGES[0]
