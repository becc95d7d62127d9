"""Games, matches and the cube on top of the engine: the flow of play, headless.

No UI here: a :class:`Match` is driven by actions (``roll``, ``step``,
``double``, ...) and everything that happens is kept as a history of events
that can be replayed, saved and exported.
"""

from tawla.game.dice import DiceNeeded, DiceSource, FairDice, ManualDice, ScriptedDice, SeededDice
from tawla.game.events import Event
from tawla.game.match import Action, Match
from tawla.game.rules import PRESETS, NextOpener, Opening, RuleSet, preset
from tawla.game.state import (
    ActionError,
    Cube,
    Ending,
    GameResult,
    MatchState,
    Phase,
    ResultKind,
    advance,
    new_match,
    replay,
)

__all__ = [
    "PRESETS",
    "Action",
    "ActionError",
    "Cube",
    "DiceNeeded",
    "DiceSource",
    "Ending",
    "Event",
    "FairDice",
    "GameResult",
    "ManualDice",
    "Match",
    "MatchState",
    "NextOpener",
    "Opening",
    "Phase",
    "ResultKind",
    "RuleSet",
    "ScriptedDice",
    "SeededDice",
    "advance",
    "new_match",
    "preset",
    "replay",
]
