"""The choices of the play preferences (plain enums: no pydantic, cheap to import at start-up)."""

from __future__ import annotations

import enum
from typing import TypeVar

_E = TypeVar("_E", bound=enum.StrEnum)


class BoardFacing(enum.StrEnum):
    """Whose side of the board is drawn at the bottom."""

    ON_ROLL = "on_roll"
    """The board turns to face the player on roll."""
    FIXED = "fixed"
    """The first player stays at the bottom."""


class HomeSide(enum.StrEnum):
    """Which side the home boards are drawn on."""

    RIGHT = "right"
    LEFT = "left"


class EndTurn(enum.StrEnum):
    """How a turn ends once its dice are played."""

    CONFIRM = "confirm"
    """Press Enter to end the turn (a last chance to undo)."""
    AUTO = "auto"
    """The turn ends as soon as the last die is played."""


class Theme(enum.StrEnum):
    """Colour themes of the board and the screens."""

    CAFE = "cafe"
    """Wood and ivory on a dark table (default)."""
    NIGHT = "night"
    """Dark and cool."""
    DAY = "day"
    """Light background."""
    CONTRAST = "contrast"
    """High contrast: white and bright colours on black, for low vision and bright rooms."""
    MONO = "mono"
    """No colour at all: shapes, bold and reverse video only."""


class Digits(enum.StrEnum):
    """How numbers are written in the Arabic interface."""

    AUTO = "auto"
    """As the locale writes them: Arabic-Indic for ar_EG, ar_SA, ar_SY, ar_LB, ar_JO, ar_IQ, ar_KW
    and ar_SD (as CLDR has it), Western elsewhere."""
    WESTERN = "western"
    """0123456789"""
    ARABIC_INDIC = "arabic_indic"
    """٠١٢٣٤٥٦٧٨٩"""


class BidiMode(enum.StrEnum):
    """Who puts right-to-left text in order."""

    APP = "app"
    """tawla shapes and reorders Arabic itself, and asks the terminal not to (default)."""
    TERMINAL = "terminal"
    """The terminal does it (for terminals that reorder whatever they are told)."""


class RollNames(enum.StrEnum):
    """When rolls are called by their café names (شيش بيش for 6-5, دوشيش for 6-6), in Arabic."""

    CAFE = "cafe"
    """In a match played by the café customs (the café preset), the default."""
    ALWAYS = "always"
    """In every match."""
    NEVER = "never"
    """Never: the numbers alone."""


class MoveNotation(enum.StrEnum):
    """How moves (and rolls) are written in a right-to-left interface. Exports and saved matches
    always hold the standard notation.

    Until #36 the standard notation was the default, and a settings file holds every preference:
    ``"standard"`` in a file is that old default, which nobody could tell from a choice, and is
    read as today's (:data:`OLD_DEFAULT`); the standard notation chosen now is written
    ``"left_to_right"``."""

    ARABIC = "arabic"
    """١٣←٧ بار←٢٢ ٦←خارج: each move reads from the right, its arrow pointing the way the eye
    goes, with the catalog's words for the bar and off; a roll too (٦-١, the 6 first from the
    right). The default."""
    STANDARD = "left_to_right"
    """13/7 bar/22 6/off, as everywhere: each move (and roll) reads left to right."""


OLD_DEFAULT = "standard"
"""How a settings file written before #36 says the notation it was never asked to change."""


class QuickSettings:
    """What the first frame needs from a settings file, read without pydantic (which costs a
    fifth of a second to import): each value is taken only if it is valid, else the default.
    The whole file is validated by :mod:`tawla.store.settings` right after."""

    __slots__ = ("bidi", "bidi_checked", "digits", "language", "theme")

    def __init__(self, raw: object = None) -> None:
        data = raw if isinstance(raw, dict) else {}
        prefs = data.get("preferences")
        prefs = prefs if isinstance(prefs, dict) else {}
        self.language: str | None = data.get("language") if data.get("language") in ("en", "ar") else None
        self.bidi_checked: bool = data.get("bidi_checked") is True
        self.theme = _member(Theme, prefs.get("theme"), Theme.CAFE)
        self.digits = _member(Digits, prefs.get("digits"), Digits.AUTO)
        self.bidi = _member(BidiMode, prefs.get("bidi"), BidiMode.APP)


def _member(kind: type[_E], value: object, default: _E) -> _E:
    try:
        return kind(value) if isinstance(value, str) else default
    except ValueError:
        return default
