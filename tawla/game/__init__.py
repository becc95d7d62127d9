"""Games, matches and the cube on top of the engine: the flow of play, headless.

No UI here: a :class:`Match` is driven by actions (``roll``, ``step``,
``double``, ...) and everything that happens is kept as a history of events
that can be replayed, saved and exported.

Names are loaded on first use, so that starting the game does not pay for
parts it does not need yet.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_WHERE = {
    "DiceNeeded": "dice",
    "DiceSource": "dice",
    "FairDice": "dice",
    "ManualDice": "dice",
    "ScriptedDice": "dice",
    "SeededDice": "dice",
    "Event": "events",
    "Action": "match",
    "Match": "match",
    "DEFAULT_PRESET": "rules",
    "PRESETS": "rules",
    "NextOpener": "rules",
    "Opening": "rules",
    "RuleSet": "rules",
    "preset": "rules",
    "ActionError": "state",
    "Cube": "state",
    "Ending": "state",
    "GameResult": "state",
    "MatchState": "state",
    "Phase": "state",
    "ResultKind": "state",
    "advance": "state",
    "new_match": "state",
    "refusal": "state",
    "replay": "state",
}

__all__ = [
    "DEFAULT_PRESET",
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
    "refusal",
    "replay",
]


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


if TYPE_CHECKING:
    from tawla.game.dice import DiceNeeded, DiceSource, FairDice, ManualDice, ScriptedDice, SeededDice
    from tawla.game.events import Event
    from tawla.game.match import Action, Match
    from tawla.game.rules import DEFAULT_PRESET, PRESETS, NextOpener, Opening, RuleSet, preset
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
        refusal,
        replay,
    )
