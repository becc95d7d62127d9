"""Catalogs of every string a player sees, in English and Arabic.

Catalogs are TOML files beside this module (``en.toml``, ``ar.toml``); nested
tables flatten to dotted keys (``[cli.error] dice = ...`` is
``cli.error.dice``). Placeholders use ``str.format`` syntax. A key missing
in a language is a bug: the tests compare the two catalogs key by key.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Final

LANGUAGES: Final = ("en", "ar")
"""Supported languages, the default first."""


def _flatten(table: Mapping[str, object], prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            out.update(_flatten(value, name + "."))
        else:
            out[name] = str(value)
    return out


@cache
def catalog(lang: str) -> Mapping[str, str]:
    """The flattened catalog of ``lang`` (one of :data:`LANGUAGES`)."""
    if lang not in LANGUAGES:
        raise KeyError(lang)
    text = resources.files(__package__).joinpath(f"{lang}.toml").read_text(encoding="utf-8")
    return _flatten(tomllib.loads(text))


def tr(lang: str, key: str, /, **params: object) -> str:
    """The text of ``key`` in ``lang`` with ``params`` filled in.

    Falls back to English, then to the key itself, so a missing entry shows
    up as visibly wrong text instead of a crash.
    """
    for source in (lang, "en"):
        text = catalog(source).get(key) if source in LANGUAGES else None
        if text is not None:
            return text.format(**params) if params else text
    return key


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


def tr_n(lang: str, key: str, n: int, /, **params: object) -> str:
    """``key.<plural category>`` (falling back to ``key.other``) with ``n`` and ``params`` filled in."""
    specific = f"{key}.{plural_category(lang, n)}"
    chosen = specific if specific in catalog(lang if lang in LANGUAGES else "en") else f"{key}.other"
    return tr(lang, chosen, n=n, **params)


def language_from_env(env: Mapping[str, str] | None = None) -> str | None:
    """``ar`` when the locale (LC_ALL, LC_MESSAGES, LANG) is Arabic, ``en`` when it is set to
    anything else, None when it is not set."""
    env = os.environ if env is None else env
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            return "ar" if value.lower().startswith("ar") else "en"
    return None


def choose_language(cli: str | None, settings: str | None = None, env: Mapping[str, str] | None = None) -> str:
    """The language to use: the command line, else the settings, else the locale, else English."""
    for candidate in (cli, settings, language_from_env(env)):
        if candidate in LANGUAGES:
            return candidate
    return LANGUAGES[0]
