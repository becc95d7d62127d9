"""What every command of the command line reads its input with: catalog texts as plain text, the
error a player's input makes and the line that reports it, and a roll (:mod:`tawla.cli.moves`,
:mod:`tawla.cli.evaluate`, :mod:`tawla.cli.parser`)."""

from __future__ import annotations

import re
import sys

from tawla.i18n import plain
from tawla.i18n import tr as _tr

DIGITS = str.maketrans("٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹", "0123456789" * 2)
"""Arabic-Indic and Persian digits read as Western ones."""
_ROLL = re.compile(r"^([1-6])[-,/]?([1-6])$")


def tr(lang: str, key: str, /, **params: object) -> str:
    """A catalog text for the command line: plain, without bidi isolates (a terminal that
    orders Arabic itself does well enough without them, and one that does not would show them)."""
    return plain(_tr(lang, key, **params))


class InputError(ValueError):
    """Bad input on the command line or in a batch line; the message is for the player."""


def fail(lang: str, message: str) -> int:
    """Say what is wrong on one line of the standard error; the exit status of bad input (2)."""
    sys.stderr.write(tr(lang, "cli.error.report", prog="tawla", message=message) + "\n")
    return 2


def parse_roll(text: str, lang: str) -> tuple[int, int]:
    """``31``, ``3-1``, ``3,1`` (also with Arabic-Indic digits) → (3, 1)."""
    m = _ROLL.match(text.strip().translate(DIGITS))
    if not m:
        raise InputError(tr(lang, "cli.error.dice", dice=text))
    return int(m.group(1)), int(m.group(2))


def batch_line(line: str, lang: str) -> tuple[str, tuple[int, int]]:
    """A ``--batch`` line ``POSITION DICE``: the position's text and the roll."""
    fields = line.split()
    if len(fields) != 2:
        raise InputError(tr(lang, "cli.error.batch_line"))
    return fields[0], parse_roll(fields[1], lang)
