"""The choices of the play preferences (plain enums: no pydantic, cheap to import at start-up)."""

from __future__ import annotations

import enum


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
    MONO = "mono"
    """No colour at all: shapes, bold and reverse video only."""
