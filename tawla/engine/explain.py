"""Why a roll plays the way it does (R22), as machine-readable reasons.

The UI turns a :class:`Reason` into a sentence in the player's language; the
engine only says which rule applies and with which numbers. Two questions
are answered:

* :func:`explain_roll`: what is special about this roll in this position
  (nothing can be played, the bar first, only the higher die, ...);
* :func:`explain_step`: why one particular step is refused right now.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import NamedTuple

from tawla.engine.moves import (
    TurnState,
    _dest,
    _highest,
    _sources,
    dice_of,
    legal_plays,
    normalise_roll,
    turn_state,
)
from tawla.engine.position import BAR, OFF, Position


class Why(enum.Enum):
    """The rule behind a reason. Values are catalog keys."""

    NO_PLAY = "no_play"
    """Nothing can be played; the turn passes (R7)."""
    HOME_CLOSED = "home_closed"
    """All six entry points are closed: nowhere to enter (R9)."""
    ENTRY_BLOCKED = "entry_blocked"
    """The entry points the dice show are closed (R9). ``dice``."""
    BAR_FIRST = "bar_first"
    """Checkers on the bar must enter before anything else moves (R9). ``number``."""
    ENTER_SOME = "enter_some"
    """Only ``number`` of the checkers on the bar can enter; the rest of the turn is lost (R9)."""
    ONLY_HIGHER = "only_higher"
    """Either die could be played alone but not both: the higher, ``die``, must be (R7)."""
    ONLY_ONE_DIE = "only_one_die"
    """Only ``die`` can be played; the other die cannot be used at all (R7)."""
    DIE_FIRST = "die_first"
    """Both dice can be played only if ``die`` is played first (R7)."""
    DOUBLES_PARTIAL = "doubles_partial"
    """Only ``number`` of the four steps of a double can be played (R6/R7)."""
    BEAROFF_NOT_YET = "bearoff_not_yet"
    """Bearing off waits until all fifteen are home; ``number`` are still outside (R10)."""
    HIGHER_CHECKER_FIRST = "higher_checker_first"
    """``die`` cannot bear off from a lower point while a checker stands higher (R11)."""
    # refusals of a single step
    TURN_COMPLETE = "turn_complete"
    """All the dice this turn can use are used."""
    DIE_NOT_AVAILABLE = "die_not_available"
    """``die`` is not (or no longer) among the dice to play."""
    NO_CHECKER = "no_checker"
    """No checker of the player on roll stands on ``point``."""
    POINT_CLOSED = "point_closed"
    """``point`` holds two or more opposing checkers (R5)."""
    DEAD_END = "dead_end"
    """The step is possible on the board, but afterwards fewer dice could be
    played than the roll allows, so it is not allowed (R7). ``die``."""
    # Plakoto and Fevga (tawla.engine.tavla)
    PINNED = "pinned"
    """Plakoto: the mover's checker on ``point`` is pinned under an opposing checker."""
    POINT_HELD = "point_held"
    """``point`` is held by one opposing checker: in Fevga one checker holds a point; in
    Plakoto an opposing checker on top of a pinned one of the mover's."""
    FIRST_CHECKER = "first_checker"
    """Fevga: no second checker may leave the start before the first has passed ``point``."""
    START_QUARTER = "start_quarter"
    """Fevga: landing on ``point`` would hold all six points of the mover's starting quarter."""
    TRAPPING_PRIME = "trapping_prime"
    """Fevga: landing on ``point`` would make six points in a row with every opposing checker
    behind them."""
    BEAROFF_PINNED = "bearoff_pinned"
    """Plakoto: no bearing off while one of the mover's checkers is pinned."""


class Reason(NamedTuple):
    """One reason, with the numbers its sentence needs (in the mover's numbering)."""

    why: Why
    die: int | None = None
    point: int | None = None
    number: int | None = None
    dice: tuple[int, ...] | None = None


def _entry_closed(position: Position, die: int) -> bool:
    return position[BAR - die] < -1


def _playable_alone(position: Position, die: int) -> bool:
    b = list(position)
    hi = _highest(b, BAR)
    return any(b[src] > 0 and _dest(b, hi, src, die) >= OFF for src in _sources(hi))


def explain_roll(position: Position, roll: Sequence[int]) -> tuple[Reason, ...]:
    """Reasons that shape the whole turn for ``roll``, most important first.

    Empty when the roll is unremarkable (both dice, or all four of a double,
    can be played freely).
    """
    roll_ = normalise_roll(roll)
    plays = legal_plays(position, roll_)
    needed = len(plays[0].steps)
    dice = dice_of(roll_)
    high, low = roll_
    bar = position.mover_bar
    reasons: list[Reason] = []

    if needed == 0:
        reasons.append(Reason(Why.NO_PLAY))
    if bar:
        if all(_entry_closed(position, d) for d in range(1, 7)):
            reasons.append(Reason(Why.HOME_CLOSED))
        elif needed == 0:
            reasons.append(Reason(Why.ENTRY_BLOCKED, dice=tuple(sorted(set(roll_), reverse=True))))
        if needed:
            reasons.append(Reason(Why.BAR_FIRST, number=bar))
            entered = max(sum(1 for s in p.steps if s.source == BAR) for p in plays)
            if entered < bar and entered < len(dice):
                reasons.append(Reason(Why.ENTER_SOME, number=entered))
    if reasons and reasons[-1].why is Why.ENTER_SOME:
        pass  # says it all: the dice that are not used are lost with the turn
    elif high != low and needed == 1:
        if all(_playable_alone(position, d) for d in roll_):
            reasons.append(Reason(Why.ONLY_HIGHER, die=high))
        else:
            reasons.append(Reason(Why.ONLY_ONE_DIE, die=plays[0].steps[0].die))
    elif high != low and needed == 2 and not bar:
        first = {s.die for s in turn_state(position, roll_).legal}
        if len(first) == 1:
            reasons.append(Reason(Why.DIE_FIRST, die=first.pop()))
    elif high == low and 0 < needed < 4:
        reasons.append(Reason(Why.DOUBLES_PARTIAL, number=needed))

    if not bar:
        reasons.extend(_bearoff_reasons(position, roll_))
    return tuple(reasons)


def _bearoff_reasons(position: Position, roll: tuple[int, int]) -> list[Reason]:
    home = [p for p in range(1, 7) if position[p] > 0]
    if not home:
        return []
    outside = sum(v for v in position[7:] if v > 0)
    top = max(home)
    if outside:
        # Say so only when a die would bear a checker off if all were home.
        if any(position[d] > 0 or d > top for d in set(roll)):
            return [Reason(Why.BEAROFF_NOT_YET, number=outside)]
        return []
    return [
        Reason(Why.HIGHER_CHECKER_FIRST, die=d) for d in sorted(set(roll), reverse=True) if position[d] <= 0 and d < top
    ]


def explain_step(state: TurnState, source: int, die: int) -> Reason | None:
    """Why moving a checker from ``source`` with ``die`` is refused now; None if it is allowed."""
    if any(s.source == source and s.die == die for s in state.legal):
        return None
    if state.complete:
        return Reason(Why.TURN_COMPLETE)
    if die not in state.remaining:
        return Reason(Why.DIE_NOT_AVAILABLE, die=die)
    b = list(state.position)
    if not 1 <= source <= BAR or b[source] <= 0:
        return Reason(Why.NO_CHECKER, point=source)
    hi = _highest(b, BAR)
    if hi == BAR and source != BAR:
        return Reason(Why.BAR_FIRST, number=b[BAR])
    target = source - die
    if target > 0 and b[target] < -1:
        return Reason(Why.POINT_CLOSED, point=target)
    if target <= 0 and hi > 6:
        return Reason(Why.BEAROFF_NOT_YET, number=sum(v for v in b[7:] if v > 0))
    if target < 0 and source != hi:
        return Reason(Why.HIGHER_CHECKER_FIRST, die=die)
    assert _dest(b, hi, source, die) >= OFF
    # Mechanically fine, so it must break R7: name the die that must be played.
    high, low = state.roll
    if high != low and state.steps_needed == 1 and die == low:
        return Reason(Why.ONLY_HIGHER, die=high)
    return Reason(Why.DEAD_END, die=die)
