"""Player preferences and settings: validated pydantic models.

:class:`Preferences` are how the game looks and behaves for the people at the
keyboard; they apply at once, even in the middle of a match. :class:`Settings`
adds the language and the rule set new matches start with. (Saving them to
disk is :mod:`tawla.store.files`' business.)
"""

from __future__ import annotations

import enum

from pydantic import BaseModel, ConfigDict, Field

from tawla.game.rules import RuleSet


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


class Preferences(BaseModel):
    """How the game looks and plays for the people at the keyboard."""

    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)

    auto_forced: bool = True
    """Play a forced move by itself when only one play is possible."""
    board_facing: BoardFacing = BoardFacing.ON_ROLL
    """The board faces the player on roll, or stays fixed."""
    home_side: HomeSide = HomeSide.RIGHT
    """Draw the home boards on the right or on the left."""
    show_pips: bool = True
    """Show both pip counts."""
    end_turn: EndTurn = EndTurn.CONFIRM
    """Confirm each turn with Enter, or end it when the last die is played."""
    theme: Theme = Theme.CAFE
    """Colour theme."""
    ascii_board: bool = False
    """Draw the board with plain ASCII characters, for terminals without box-drawing glyphs."""


class Settings(BaseModel):
    """Everything remembered between sessions."""

    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)

    version: int = 1
    """Schema version of the saved file."""
    language: str | None = Field(default=None, pattern="^(en|ar)$")
    """en or ar; None: follow the locale."""
    preferences: Preferences = Preferences()
    """How the game looks and plays."""
    rules: RuleSet = RuleSet()
    """The rule set new matches start with."""
    names: tuple[str, str] = ("", "")
    """The last names typed in for a new match (empty: the default names)."""
