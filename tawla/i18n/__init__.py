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


_NO_ISOLATES: Final = {ord(c): None for c in "\u2066\u2067\u2068\u2069"}


def plain(text: str) -> str:
    """``text`` without the isolates of :func:`embedded` (for plain output: the command line)."""
    return text.translate(_NO_ISOLATES)


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
                text = "".join(p if p.startswith("{") else to_digits(p, True) for p in _FIELDS.split(text))
            if not params:
                return text
            if source in RTL_LANGUAGES:
                params = {k: embedded(v) if isinstance(v, str) else v for k, v in params.items()}
            else:  # a right-to-left name in a left-to-right sentence must not take its neighbours along
                params = {k: embedded(v) if isinstance(v, str) and _RTL.search(v) else v for k, v in params.items()}
            return text.format(**params)
    return key


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


def to_digits(text: str, arabic_indic: bool) -> str:
    """``text`` with its Western digits written Arabic-Indic when asked.

    A roll like 6-5 (or a date) keeps reading left to right like the move notation:
    Arabic-Indic digits around a hyphen or a space would otherwise be laid out right to
    left (bidi rule W4 joins only "/" and ":" to them), so the separator is held by
    left-to-right marks.
    """
    if not arabic_indic:
        return text
    return _PAIR.sub("\u200e\\1\u200e", text).translate(_TO_ARABIC_INDIC)


def choose_language(cli: str | None, settings: str | None = None, env: Mapping[str, str] | None = None) -> str:
    """The language to use: the command line, else the settings, else the locale, else English."""
    for candidate in (cli, settings, language_from_env(env)):
        if candidate in LANGUAGES:
            return candidate
    return LANGUAGES[0]
