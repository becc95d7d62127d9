"""Reading the catalogs (``en.toml``, ``ar.toml``) quickly at start-up.

The catalogs use a small part of TOML: ``[dotted.table]`` headers, ``dotted.key = "basic
string"`` lines and one ``'''`` multi-line literal string, with comments and blank lines.
:func:`load` reads exactly that part itself, with string methods, in a sixth of the work
``tomllib`` does (importing ``tomllib`` and reading one catalog came to 6% of a bare Textual
app's whole start-up); anything else in the file, or anything it is not sure of, sends the
whole file to ``tomllib``, so the result is always what ``tomllib`` reads (tests compare the
two on both catalogs).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Final

_KEY_CHARS: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-."
_ESCAPED: Final = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}


class _NotSimple(Exception):
    """The text uses more of TOML than :func:`parse_simple` reads."""


def load(lang: str) -> dict[str, str]:
    """The flattened catalog of ``lang``: nested tables become dotted keys."""
    name = f"{lang}.toml"
    try:
        text = Path(__file__).with_name(name).read_text(encoding="utf-8")
    except OSError:  # not a plain directory (a zip, say): ask the import system
        from importlib import resources

        text = resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
    try:
        return parse_simple(text)
    except _NotSimple:
        return parse_toml(text)


def parse_toml(text: str) -> dict[str, str]:
    """``text`` read by ``tomllib``, flattened."""
    import tomllib

    return _flatten(tomllib.loads(text))


def parse_simple(text: str) -> dict[str, str]:
    """``text`` read as the catalogs' part of TOML; raises :class:`_NotSimple` for the rest.
    (String methods, not regular expressions: compiling those would cost more than the reading.)"""
    if "\r" in text:
        raise _NotSimple("carriage returns")  # (TOML's line breaks are \n and \r\n only)
    out: dict[str, str] = {}
    prefix = ""
    lines = iter(text.split("\n"))
    for raw in lines:
        line = raw.strip(" \t")
        if not line or line[0] == "#":
            continue
        if line[0] == "[":
            header, _, rest = line[1:].partition("]")
            prefix = _key(header) + "."
            _nothing_but_a_comment(rest)
            continue
        name, equals, rest = line.partition("=")
        if not equals:
            raise _NotSimple(line)
        key = prefix + _key(name.strip(" \t"))
        rest = rest.strip(" \t")
        if rest == "'''":
            _put(out, key, _literal(lines))
        elif rest[:1] == '"':
            end = rest.find('"', 1)
            if end < 0 or "\\" in rest[:end]:
                value, rest = _escaped_string(rest)
            else:
                value, rest = rest[1:end], rest[end + 1 :]
            _nothing_but_a_comment(rest)
            _put(out, key, value)
        else:
            raise _NotSimple(line)
    return out


def _key(name: str) -> str:
    """A bare or dotted key, as written."""
    if not name or name.strip(_KEY_CHARS) or name[0] == "." or name[-1] == "." or ".." in name:
        raise _NotSimple(name)
    return name


def _nothing_but_a_comment(rest: str) -> None:
    rest = rest.strip(" \t")
    if rest and rest[0] != "#":
        raise _NotSimple(rest)


def _literal(lines: Iterator[str]) -> str:
    """A multi-line literal string, from the line after its opening quotes to its closing ones
    (the line break right after the opening quotes is not part of it)."""
    body: list[str] = []
    for raw in lines:
        end = raw.find("'''")
        if end < 0:
            body.append(raw)
            continue
        rest = raw[end + 3 :]
        if rest[:1] == "'":
            raise _NotSimple(raw)  # (quotes just before the closing ones belong to the string)
        _nothing_but_a_comment(rest)
        body.append(raw[:end])
        return "\n".join(body)
    raise _NotSimple("an unclosed '''")


def _escaped_string(rest: str) -> tuple[str, str]:
    """A basic string with escapes at the start of ``rest``, and what follows it."""
    out: list[str] = []
    i = 1
    while i < len(rest):
        char = rest[i]
        if char == '"':
            return "".join(out), rest[i + 1 :]
        if char != "\\":
            out.append(char)
            i += 1
            continue
        kind = rest[i + 1 : i + 2]
        if kind in ("u", "U"):
            digits = rest[i + 2 : i + (6 if kind == "u" else 10)]
            if len(digits) != (4 if kind == "u" else 8) or digits.strip("0123456789abcdefABCDEF"):
                raise _NotSimple(rest)
            point = int(digits, 16)
            if 0xD800 <= point <= 0xDFFF or point > 0x10FFFF:
                raise _NotSimple(rest)
            out.append(chr(point))
            i += 2 + len(digits)
        elif kind in _ESCAPED:
            out.append(_ESCAPED[kind])
            i += 2
        else:
            raise _NotSimple(rest)
    raise _NotSimple(rest)  # (no closing quote)


def _put(out: dict[str, str], key: str, value: str) -> None:
    if key in out:
        raise _NotSimple(key)  # (a key given twice: tomllib says what is wrong)
    out[key] = value


def _flatten(table: Mapping[str, object], prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            out.update(_flatten(value, name + "."))
        else:
            out[name] = str(value)
    return out
