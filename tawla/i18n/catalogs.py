"""Reading the catalogs (``en.toml``, ``ar.toml``) with the standard library's ``tomllib``,
one top-level table at a time.

Reading a whole catalog costs more than everything else tawla adds to Textual's first frame,
and the first frame (the menu) needs one table of it (``[menu]``). So a catalog is cut into
its top-level tables (``[option.cube]`` and ``[option.dice]`` belong to ``option``) by their
header lines, and a table is read by ``tomllib`` the first time one of its keys is asked
for. If a piece does not read on its own (a header-like line inside a multi-line string,
say), the whole file is read at once, as ``tomllib`` would; ``tests/test_i18n.py`` checks
that both ways give the same catalog. (A hand-written TOML reader was tried before this and
taken out: a TOML reader is not ours to keep.)
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from pathlib import Path

_HEADER = re.compile(r"\[\s*([A-Za-z0-9_-]+)")
"""A table's header line, and the first part of its name."""


class Catalog(Mapping[str, str]):
    """A flattened catalog (nested tables become dotted keys), read as it is used."""

    def __init__(self, text: str) -> None:
        self._text = text
        self._pieces: dict[str, list[str]] = {}
        self._read: dict[str, str] = {}
        self._whole = False
        top = ""  # (keys before the first header: the root table)
        for line in text.splitlines(keepends=True):
            header = _HEADER.match(line) if line.startswith("[") else None
            if header is not None:
                top = header.group(1)
            self._pieces.setdefault(top, []).append(line)

    def _table(self, top: str) -> None:
        piece = self._pieces.pop(top, None)
        if piece is None or self._whole:
            return
        import tomllib

        try:
            self._read.update(_flatten(tomllib.loads("".join(piece))))
        except tomllib.TOMLDecodeError:
            self._read_whole()

    def _read_whole(self) -> None:
        import tomllib

        self._read = _flatten(tomllib.loads(self._text))  # (an error here is the catalog's)
        self._whole = True
        self._pieces.clear()

    def __getitem__(self, key: str) -> str:
        if key not in self._read and not self._whole:
            self._table(key.partition(".")[0])
            if key not in self._read:
                self._table("")  # (a dotted key written before the first header)
        return self._read[key]

    def __contains__(self, key: object) -> bool:
        if not isinstance(key, str):
            return False
        try:
            self[key]
        except KeyError:
            return False
        return True

    def _all(self) -> dict[str, str]:
        for top in list(self._pieces):
            self._table(top)
        return self._read

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


def load(lang: str) -> Catalog:
    """The catalog of ``lang``, read as it is used."""
    name = f"{lang}.toml"
    try:
        text = Path(__file__).with_name(name).read_text(encoding="utf-8")
    except OSError:  # not a plain directory (a zip, say): ask the import system
        from importlib import resources

        text = resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
    return Catalog(text)


def parse_toml(text: str) -> dict[str, str]:
    """``text`` read whole by ``tomllib``, flattened (the reference for :class:`Catalog`)."""
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
