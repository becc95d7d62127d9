"""Player preferences and settings: validated pydantic models.

:class:`Preferences` are how the game looks and behaves for the people at the
keyboard; they apply at once, even in the middle of a match. :class:`Settings`
adds the language and the rule set new matches start with. (Saving them to
disk is :mod:`tawla.store.files`' business.)
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, field_validator

from tawla.game.rules import RuleSet
from tawla.game.table import Habits
from tawla.store.options import (
    OLD_DEFAULT,
    BidiMode,
    BoardFacing,
    Digits,
    EndTurn,
    HomeSide,
    MoveNotation,
    RollNames,
    Theme,
)

__all__ = [
    "SETTINGS_VERSION",
    "BidiMode",
    "BoardFacing",
    "Digits",
    "EndTurn",
    "HomeSide",
    "MoveNotation",
    "Preferences",
    "RollNames",
    "Settings",
    "Theme",
    "settings_from_json",
    "settings_to_json",
]


class Preferences(BaseModel):
    """How the game looks and plays for the people at the keyboard."""

    # Field docstrings stay in the source for readers; asking pydantic to parse them
    # (use_attribute_docstrings) costs a fifth of a second at every start.
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    auto_forced: bool = True
    """Play a forced move by itself when only one play is possible."""
    board_facing: BoardFacing = BoardFacing.FIXED
    """The board faces the player on roll, or stays fixed."""
    home_side: HomeSide = HomeSide.RIGHT
    """Draw the home boards on the right or on the left."""
    show_pips: bool = True
    """Show both pip counts."""
    end_turn: EndTurn = EndTurn.CONFIRM
    """Confirm each turn with Enter, or end it when the last die is played."""
    step_by_step: bool = True
    """Show a move played all at once (typed, or forced) one step at a time; any key skips."""
    theme: Theme = Theme.CAFE
    """Colour theme."""
    ascii_board: bool = False
    """Draw the board with plain ASCII characters, for terminals without box-drawing glyphs."""
    digits: Digits = Digits.AUTO
    """Western or Arabic-Indic digits in the Arabic interface."""
    bidi: BidiMode = BidiMode.APP
    """Who handles right-to-left text: tawla, or the terminal."""
    roll_names: RollNames = RollNames.CAFE
    """When rolls are called by their café names in Arabic (شيش بيش for 6-5, دوشيش for 6-6, ...):
    in matches played by the café customs, always, or never."""
    notation: MoveNotation = MoveNotation.ARABIC
    """How moves and rolls are written in Arabic on screen: ١٣←٧ (read from the right, the
    default) or 13/7 (left to right). Exports and saved matches always hold the standard notation."""

    @field_validator("roll_names", mode="before")
    @classmethod
    def _roll_names_was_a_switch(cls, value: object) -> object:
        """Older settings files hold a switch: on is "always"; off, the default
        then, becomes today's default (the café customs)."""
        if isinstance(value, bool):
            return RollNames.ALWAYS if value else RollNames.CAFE
        return value

    @field_validator("notation", mode="before")
    @classmethod
    def _notation_was_the_old_default(cls, value: object) -> object:
        """Older settings files hold the standard notation, the default then, whether anyone
        chose it or not: read as today's default (see :class:`MoveNotation`)."""
        return MoveNotation.ARABIC if value == OLD_DEFAULT else value

    @property
    def habits(self) -> Habits:
        """What the players let the table do by itself."""
        return Habits(auto_forced=self.auto_forced, auto_end_turn=self.end_turn is EndTurn.AUTO)


class Settings(BaseModel):
    """Everything remembered between sessions."""

    # Field docstrings stay in the source for readers; asking pydantic to parse them
    # (use_attribute_docstrings) costs a fifth of a second at every start.
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    version: int = 1
    """Schema version of the saved file."""
    language: str | None = Field(default=None, pattern="^(en|ar)$")
    """en or ar; None: follow the locale."""
    preferences: Preferences = Preferences()
    """How the game looks and plays."""
    rules: RuleSet = RuleSet()
    """The rule set new matches start with (a fresh install: the International preset,
    :data:`~tawla.game.rules.DEFAULT_PRESET`)."""
    names: tuple[str, str] = ("", "")
    """The last names typed in for a new match (empty: the default names)."""
    bidi_checked: bool = False
    """The player has answered the right-to-left check (offered at the first Arabic start)."""


SETTINGS_VERSION = 1
"""The settings file version this tawla writes."""


def settings_from_json(raw: object) -> Settings:
    """Validated settings from a settings file's JSON; raises :class:`StoreError`
    (``newer_version``, ``invalid``)."""
    from pydantic import ValidationError

    from tawla.store.files import StoreError

    if not isinstance(raw, dict):
        raise StoreError("invalid", field="settings")
    version = raw.get("version")
    if type(version) is int and version > SETTINGS_VERSION:
        raise StoreError("newer_version", version=version)
    try:
        return Settings.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        if first["type"] == "rules.automatic_doubles_opener" and isinstance(raw.get("rules"), dict):
            # Written before that pair was refused (automatic doubles then applied to the first
            # game only): keep the automatic doubles, with the opening roll they need every game.
            rules = {**raw["rules"], "next_game_opener": "opening_roll"}
            return settings_from_json({**raw, "rules": rules})
        where = ".".join(str(p) for p in first.get("loc", ())) or "settings"
        raise StoreError("invalid", field=where) from None


def settings_to_json(settings: Settings) -> str:
    """The settings file's text."""
    import json

    data = settings.model_dump(mode="json")
    if settings.rules.hints:
        del data["rules"]["hints"]  # (the default: a file the tawla before hints reads too)
    del data["rules"]["dead_cube"]  # (a saved match's, never a custom: new matches always have it)
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
