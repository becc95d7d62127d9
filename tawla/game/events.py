"""What happened, one event at a time: the complete history of a match.

A match *is* its rule set, its players and this list of events; the state at
any moment is the events folded from the start (:mod:`tawla.game.state`).
Undo within a turn removes the last :class:`Stepped`; replay, saving and
export all read the same list. The player acting is always implied by the
state, so events only carry what the state cannot know (dice, steps, a
resignation level).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True, slots=True)
class OpeningRolled:
    """Each player rolled one die to decide who starts (ties are rolled again)."""

    die0: int
    die1: int
    kind: Literal["opening"] = "opening"


@dataclass(frozen=True, slots=True)
class Rolled:
    """The player on roll rolled both dice."""

    dice: tuple[int, int]
    kind: Literal["roll"] = "roll"


@dataclass(frozen=True, slots=True)
class Stepped:
    """The player on roll moved one checker by one die (``source`` 25 = the bar)."""

    source: int
    die: int
    kind: Literal["step"] = "step"


@dataclass(frozen=True, slots=True)
class TurnEnded:
    """The player on roll confirmed the turn (a roll with no legal play passes this way)."""

    kind: Literal["end_turn"] = "end_turn"


@dataclass(frozen=True, slots=True)
class Doubled:
    """The player on roll offered to double before rolling."""

    kind: Literal["double"] = "double"


@dataclass(frozen=True, slots=True)
class Took:
    """The player to answer took the double (or the beaver, or the raccoon)."""

    kind: Literal["take"] = "take"


@dataclass(frozen=True, slots=True)
class Dropped:
    """The player to answer refused the double (or beaver, or raccoon) and lost the game."""

    kind: Literal["drop"] = "drop"


@dataclass(frozen=True, slots=True)
class Beavered:
    """The doubled player redoubled at once, keeping the cube (money play)."""

    kind: Literal["beaver"] = "beaver"


@dataclass(frozen=True, slots=True)
class Raccooned:
    """The original doubler answered a beaver with another redouble (money play)."""

    kind: Literal["raccoon"] = "raccoon"


@dataclass(frozen=True, slots=True)
class ResignOffered:
    """The player on roll offered to resign: 1 a single game, 2 a gammon, 3 a backgammon."""

    level: int
    kind: Literal["resign"] = "resign"


@dataclass(frozen=True, slots=True)
class ResignAccepted:
    """The opponent accepted the resignation: the game is over."""

    kind: Literal["accept"] = "accept"


@dataclass(frozen=True, slots=True)
class ResignDeclined:
    """The opponent declined the resignation: play goes on."""

    kind: Literal["decline"] = "decline"


@dataclass(frozen=True, slots=True)
class NextGame:
    """The next game of the match or session begins."""

    kind: Literal["next_game"] = "next_game"


Event = (
    OpeningRolled
    | Rolled
    | Stepped
    | TurnEnded
    | Doubled
    | Took
    | Dropped
    | Beavered
    | Raccooned
    | ResignOffered
    | ResignAccepted
    | ResignDeclined
    | NextGame
)
"""Any event of the history."""
