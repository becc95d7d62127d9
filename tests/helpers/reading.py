"""Reading a drawn Arabic line as an Arabic reader reads it, trusting no library (#36).

A reader starts at the right and goes left, cell by cell: letters, signs, brackets (drawn
mirrored), arrows. Only a number is read from its left, as numbers are read in Arabic too: a run
of digits with the decimal separator between them (٨٫٥٤, 8.54, 18:46); and a Latin word (Esc,
Ali). So «بار←٢٢» drawn ٢٢←ﺭﺎﺑ reads «بار←٢٢»; 6-1 drawn 1-6 reads 6-1; ٦٢٪ drawn ٪٦٢ reads ٦٢٪;
−٠٫١٥٧ drawn ٠٫١٥٧− reads −٠٫١٥٧. A move held left to right (``ﺭﺎﺑ/22``) reads «22/بار»: backwards.

:func:`read_from_the_right` gives what is read, presentation forms normalised back to letters
(NFKC); :func:`reads_from_the_right` checks that a text drawn in a right-to-left line reads as it
is written.
"""

from __future__ import annotations

import unicodedata

from tawla.i18n import plain
from tawla.i18n.bidi import visual

_UNMIRROR = {"(": ")", ")": "(", "[": "]", "]": "[", "«": "»", "»": "«", "<": ">", ">": "<"}
_INSIDE_A_NUMBER = ".٫:"
"""Signs read inside a number, between two of its digits."""


def _cells(text: str) -> list[str]:
    """A letter with its marks is one cell."""
    out: list[str] = []
    for char in text:
        if out and unicodedata.combining(char):
            out[-1] += char
        else:
            out.append(char)
    return out


def _read_left_to_right(cell: str) -> bool:
    """A digit (any script's) or a Latin letter: part of a number or a word read from its left."""
    return cell[0].isdigit() or (cell[0].isascii() and cell[0].isalpha())


def read_from_the_right(line: str) -> str:
    """What an Arabic reader reads in ``line`` as drawn (see the module's docstring)."""
    cells = _cells(line)
    out: list[str] = []
    i = len(cells) - 1
    while i >= 0:
        if not _read_left_to_right(cells[i]):
            out.append(_UNMIRROR.get(cells[i], cells[i]))
            i -= 1
            continue
        start = i
        while start > 0 and (
            _read_left_to_right(cells[start - 1])
            or (cells[start - 1] in _INSIDE_A_NUMBER and start > 1 and cells[start - 2][0].isdigit())
        ):
            start -= 1
        out.append("".join(cells[start : i + 1]))
        i = start - 1
    return unicodedata.normalize("NFKC", "".join(out))


def logical(text: str) -> str:
    """The text as written (logical order), without its formatting characters."""
    marks = str.maketrans({"\u200e": None, "\u200f": None, "\u061c": None, "\u00a0": " "})
    return unicodedata.normalize("NFKC", plain(text).translate(marks))


def reads_from_the_right(text: str) -> None:
    """``text`` drawn as a line of a right-to-left screen reads, from the right, as written."""
    drawn = visual(text, rtl=True)
    assert read_from_the_right(drawn) == logical(text), f"drawn {drawn!r} reads {read_from_the_right(drawn)!r}"
