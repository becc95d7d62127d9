"""Reading the catalogs (``en.toml``, ``ar.toml``) with the standard library's ``tomllib``.

(A hand-written reader for the catalogs' part of TOML was tried for start-up time and taken
out: the first frame's ratio to a bare Textual app measured 1.04 with ``tomllib`` against 1.13
without it on the same machine, within the noise, and a TOML reader is not ours to keep.)
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path


def load(lang: str) -> dict[str, str]:
    """The flattened catalog of ``lang``: nested tables become dotted keys."""
    name = f"{lang}.toml"
    try:
        text = Path(__file__).with_name(name).read_text(encoding="utf-8")
    except OSError:  # not a plain directory (a zip, say): ask the import system
        from importlib import resources

        text = resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
    return parse_toml(text)


def parse_toml(text: str) -> dict[str, str]:
    """``text`` read by ``tomllib``, flattened."""
    import tomllib

    return _flatten(tomllib.loads(text))


def _flatten(table: Mapping[str, object], prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            out.update(_flatten(value, name + "."))
        else:
            out[name] = str(value)
    return out
