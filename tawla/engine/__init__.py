"""The rules engine: pure Python, no UI, no I/O.

Positions are immutable and seen from the player on roll. Everything a UI
needs to know about the rules it asks here.
"""

from tawla.engine.ids import (
    GameState,
    IdError,
    MatchInfo,
    match_from_id,
    match_id,
    position_from_id,
    position_from_key,
    position_id,
    position_key,
)
from tawla.engine.moves import (
    IllegalStep,
    Play,
    Roll,
    Step,
    TurnState,
    apply_step,
    dice_of,
    dice_to_play,
    find_play,
    legal_plays,
    legal_steps,
    make_step,
    normalise_roll,
    step_on,
    turn_state,
)
from tawla.engine.position import BAR, CHECKERS, OFF, Position, PositionError

__all__ = [
    "BAR",
    "CHECKERS",
    "OFF",
    "GameState",
    "IdError",
    "IllegalStep",
    "MatchInfo",
    "Play",
    "Position",
    "PositionError",
    "Roll",
    "Step",
    "TurnState",
    "apply_step",
    "dice_of",
    "dice_to_play",
    "find_play",
    "legal_plays",
    "legal_steps",
    "make_step",
    "match_from_id",
    "match_id",
    "normalise_roll",
    "position_from_id",
    "position_from_key",
    "position_id",
    "position_key",
    "step_on",
    "turn_state",
]
