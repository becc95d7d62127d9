"""What screens tell the app (Textual messages; they bubble up from the screen to the app).

A screen never calls the app to change something: it posts one of these, and the app, which
wires the screens to the store, does it. State comes back down through the app's reactive
attributes (``words``, ``preferences_version``, ``not_saving``, ``unfinished``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from tawla.game.rules import RuleSet
    from tawla.store.settings import Preferences


class Built(Message):
    """A screen is built: its widgets are mounted and it has been drawn once (keys that came
    for it meanwhile were held: see tawla/ui/bursts.py)."""

    def __init__(self, screen: object) -> None:
        super().__init__()
        self.screen = screen


class PreferencesChosen(Message):
    """New play preferences: in force at once, everywhere, and remembered."""

    def __init__(self, preferences: Preferences) -> None:
        super().__init__()
        self.preferences = preferences


class RulesChosen(Message):
    """New default rules for new matches."""

    def __init__(self, rules: RuleSet) -> None:
        super().__init__()
        self.rules = rules


class CheckRtl(Message):
    """The player asks for the right-to-left check again."""


class BookAsked(Message):
    """The player asks for the players' book (from the match-over card; ``asker``: that card)."""

    def __init__(self, asker: object) -> None:
        super().__init__()
        self.asker = asker


class StoryAsked(Message):
    """The player asks how a match of the history went (``file``: its name in the history
    folder, as the book's records name it; ``asker``: the screen asking)."""

    def __init__(self, file: str, asker: object) -> None:
        super().__init__()
        self.file = file
        self.asker = asker
