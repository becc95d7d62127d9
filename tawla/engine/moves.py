"""Legal plays (R5-R12) and step-by-step play for the player on roll.

A *step* moves one checker by one die. A *play* is the whole turn: the steps
and the resulting position, still seen from the mover (swap it with
:meth:`Position.swapped` to hand the turn over). Plays are deduplicated by
resulting position; a roll with nothing to play gives exactly one play, the
pass, whose ``steps`` are empty.

The generator works on plain lists of the 26 signed slots of
:mod:`tawla.engine.position` for speed and only wraps the results.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import NamedTuple

from tawla.engine.position import BAR, OFF, Position

Roll = tuple[int, int]
"""Two dice, each 1..6, in any order."""


class Step(NamedTuple):
    """One checker moved by one die, in the mover's numbering."""

    source: int
    """Point the checker leaves (25 = the bar)."""
    dest: int
    """Point it lands on (0 = borne off)."""
    die: int
    """The die used (a bear-off may use a die larger than ``source``)."""
    hit: bool
    """True when it lands on a single opposing checker and sends it to the bar."""


class Play(NamedTuple):
    """A whole turn: the steps in the order played and the resulting position.

    ``result`` is still seen from the mover. The pass has no steps and
    ``result`` equal to the starting position.
    """

    steps: tuple[Step, ...]
    result: Position

    @property
    def is_pass(self) -> bool:
        """True when nothing could be played."""
        return not self.steps


class IllegalStep(ValueError):
    """A step that is not part of any legal play from here."""

    def __init__(self, step: Step | tuple[int, int]) -> None:
        super().__init__(f"illegal step {step}")
        self.step = step


def normalise_roll(roll: Sequence[int]) -> Roll:
    """Check a roll and put the higher die first."""
    if len(roll) != 2:
        raise ValueError(f"a roll has two dice, not {len(roll)}")
    d1, d2 = int(roll[0]), int(roll[1])
    for d in (d1, d2):
        if not 1 <= d <= 6:
            raise ValueError(f"a die shows 1 to 6, not {d}")
    return (d1, d2) if d1 >= d2 else (d2, d1)


def dice_of(roll: Roll) -> tuple[int, ...]:
    """The dice to be played: four of them for a double (R6)."""
    d1, d2 = roll
    return (d1,) * 4 if d1 == d2 else (d1, d2)


# -- the generator on raw lists --------------------------------------------


def _highest(b: list[int] | tuple[int, ...], start: int) -> int:
    """Highest slot <= start holding a mover checker (0 if none)."""
    i = start
    while i > 0 and b[i] <= 0:
        i -= 1
    return i


_BAR_ONLY = (BAR,)


def _sources(hi: int) -> Sequence[int]:
    """Slots a checker may leave, highest first: only the bar while it is occupied (R9)."""
    return _BAR_ONLY if hi == BAR else range(hi, 0, -1)


def _dest(b: list[int], hi: int, src: int, die: int) -> int:
    """Where a mover checker on ``src`` lands with ``die``; -1 if it cannot.

    ``hi`` is the mover's highest occupied slot (25 when on the bar).
    Assumes ``b[src] > 0``.
    """
    if hi == BAR and src != BAR:
        return -1  # R9: the bar first
    dst = src - die
    if dst > 0:
        return dst if b[dst] >= -1 else -1  # R5: closed if two or more
    if hi > 6:
        return -1  # R10: all fifteen home first
    if dst == 0 or src == hi:
        return OFF  # R11: exact, or a higher die from the highest point
    return -1


def _apply(b: list[int], src: int, dst: int) -> tuple[list[int], bool]:
    b2 = b[:]
    b2[src] -= 1
    if dst == OFF:
        return b2, False
    if b2[dst] == -1:  # R8: hit
        b2[dst] = 1
        b2[0] -= 1
        return b2, True
    b2[dst] += 1
    return b2, False


def _generate(board: Sequence[int], d1: int, d2: int) -> dict[Position, tuple[Step, ...]]:
    """Resulting boards of every legal play, each with one way to play it.

    Depth-first over the dice with a single board mutated in place and undone
    on the way back (much faster in Python than copying). Non-doubles try
    both orders of the dice. Doubles only generate sequences whose sources do
    not increase: any legal sequence of equal dice can be reordered that way
    (moving the higher checkers first never closes a point nor spoils a
    bear-off), so nothing is missed and far fewer duplicates are walked.
    Only plays using the most dice survive (R7); with one die of a
    non-double playable, only the higher die's plays if there are any.
    """
    b = list(board)
    out: dict[Position, tuple[Step, ...]] = {}
    hi0 = _highest(b, BAR)
    if hi0 == 0:
        return out
    best = 0
    path: list[Step] = [Step(0, 0, 0, False)] * 4
    new = tuple.__new__

    def walk(dice: tuple[int, ...], hi: int, sources: Sequence[int], depth: int, chain: int) -> None:
        # ``sources``: the slots that may move, highest first (doubles: none
        # above the previous source). ``chain``: in the second order of a
        # non-double, the only point the second step may leave unless it
        # bears off (see below); 0 = any.
        nonlocal best
        die = dice[depth]
        moved = False
        if depth + 1 == len(dice):
            # The last die: record each resulting board, nothing deeper.
            for src in sources:
                dst = src - die
                if chain and src != chain and dst > 0:
                    continue
                n = b[src]
                if dst > 0:
                    v = b[dst]
                    if v < -1:
                        continue  # R5: closed
                    b[src] = n - 1
                    if v == -1:  # R8: hit
                        b[dst] = 1
                        b[0] -= 1
                        key = new(Position, b)
                        b[0] += 1
                    else:
                        b[dst] = v + 1
                        key = new(Position, b)
                    b[dst] = v
                    b[src] = n
                else:
                    if hi > 6:
                        break  # R10: not all home; no lower source can bear off either
                    if dst < 0 and src != hi:
                        continue  # R11: a higher die only from the highest point
                    b[src] = n - 1
                    key = new(Position, b)
                    b[src] = n
                    v = 0
                    dst = OFF
                moved = True
                if best <= depth:
                    best = depth + 1
                    out.clear()
                if key not in out:
                    path[depth] = new(Step, (src, dst, die, v == -1))
                    out[key] = tuple(path[: depth + 1])
            if moved:
                return
        else:
            for i, src in enumerate(sources):
                dst = src - die
                n = b[src]
                hit = False
                if dst > 0:
                    v = b[dst]
                    if v < -1:
                        continue  # R5: closed
                    b[src] = n - 1
                    if v == -1:  # R8: hit
                        b[dst] = 1
                        b[0] -= 1
                        hit = True
                    else:
                        b[dst] = v + 1
                else:
                    if hi > 6:
                        break  # R10: not all home; no lower source can bear off either
                    if dst < 0 and src != hi:
                        continue  # R11: a higher die only from the highest point
                    dst = OFF
                    b[src] = n - 1
                moved = True
                path[depth] = new(Step, (src, dst, die, hit))
                nhi = hi
                if src == hi and n == 1:
                    nhi = hi - 1
                    while nhi > 0 and b[nhi] <= 0:
                        nhi -= 1
                if second_order and not hit and hi != BAR and nhi > 6:
                    # This checker could just as well have gone by the other
                    # die's point first if that is open without a blot, and no
                    # bear-off is in reach: the first order found it all.
                    via = src - dice[1]
                    skip = via > 0 and b[via] >= 0
                else:
                    skip = False
                if not skip:
                    # The next step's sources: these, less an emptied point, plus
                    # a newly occupied one (kept highest first).
                    if nhi == BAR:
                        nxt: Sequence[int] = _BAR_ONLY
                    elif src == BAR:
                        nxt = [s for s in range(nhi, 0, -1) if b[s] > 0]
                    else:
                        tail = sources[i if n > 1 else i + 1 :]
                        if dst != OFF and b[dst] == 1:
                            k = 0
                            while k < len(tail) and tail[k] > dst:
                                k += 1
                            tail = [*tail[:k], dst, *tail[k:]]
                        nxt = tail if monotone else [*sources[:i], *tail]
                    walk(dice, nhi, nxt, depth + 1, dst if second_order and hi != BAR else 0)  # noqa: F821
                # undo
                b[src] = n
                if dst != OFF:
                    if hit:
                        b[dst] = -1
                        b[0] += 1
                    else:
                        b[dst] -= 1
        if not moved and depth and depth >= best:
            if depth > best:
                best = depth
                out.clear()
            key = new(Position, b)
            if key not in out:
                out[key] = tuple(path[:depth])

    first: Sequence[int] = _BAR_ONLY if hi0 == BAR else [s for s in range(hi0, 0, -1) if b[s] > 0]
    if d1 == d2:
        monotone, second_order = True, False
        walk((d1,) * 4, hi0, first, 0, 0)
    else:
        monotone, second_order = False, False
        walk((d1, d2), hi0, first, 0, 0)
        # Second order. If the first step did not come from the bar, a second
        # step by another checker that is not a bear-off could equally have
        # been played first: the first order already found that result.
        # Only chained moves and bear-offs can add something new.
        second_order = True
        walk((d2, d1), hi0, first, 0, 0)
    del walk  # it refers to itself: break the cycle so memory is freed at once, not by the GC
    if d1 != d2 and best == 1:
        # R7: either die alone but not both -- the higher one if it can be played.
        higher = {k: v for k, v in out.items() if v[0].die == d1}
        if higher:
            return higher
    return out


def _can_play(b: list[int], hi: int, dice: tuple[int, ...], need: int) -> bool:
    """Whether ``need`` more steps can be played with some of ``dice``."""
    if need <= 0:
        return True
    for i, die in enumerate(dice):
        if die in dice[:i]:
            continue
        rest = dice[:i] + dice[i + 1 :]
        for src in _sources(hi):
            if b[src] <= 0:
                continue
            dst = _dest(b, hi, src, die)
            if dst < 0:
                continue
            b2, _ = _apply(b, src, dst)
            if _can_play(b2, _highest(b2, hi), rest, need - 1):
                return True
    return False


# -- public API --------------------------------------------------------------


@lru_cache(maxsize=256)
def _plays_cached(position: Position, roll: Roll) -> tuple[Play, ...]:
    found = _generate(position, *roll)
    if not found:
        return (Play((), position),)
    new = tuple.__new__
    return tuple([new(Play, (steps, key)) for key, steps in found.items()])


def legal_plays(position: Position, roll: Sequence[int]) -> tuple[Play, ...]:
    """Every legal play for ``roll``, one per distinct resulting position.

    Never empty: when nothing can be played the result is the single pass
    ``(Play((), position),)``. All plays use the same number of dice, the
    most that can be used (R7).
    """
    return _plays_cached(position, normalise_roll(roll))


def dice_to_play(position: Position, roll: Sequence[int]) -> int:
    """How many dice the turn will use (0 = pass, up to 4 for a double)."""
    return len(legal_plays(position, roll)[0].steps)


def apply_step(position: Position, step: Step | tuple[int, int]) -> Position:
    """The position after one step, *without* checking the turn's rules.

    Only the step's own mechanics are checked (a checker is there, the point
    is open, bear-off conditions); use :func:`legal_steps` to know whether
    it may be played now. Accepts a :class:`Step` or a ``(source, die)`` pair.
    """
    source, die = (step.source, step.die) if isinstance(step, Step) else step
    b = list(position)
    if not 1 <= source <= BAR or b[source] <= 0:
        raise IllegalStep((source, die))
    dst = _dest(b, _highest(b, BAR), source, die)
    if dst < 0:
        raise IllegalStep((source, die))
    b2, _ = _apply(b, source, dst)
    return Position._trusted(tuple(b2))


def make_step(position: Position, source: int, die: int) -> Step | None:
    """The step moving a checker from ``source`` with ``die``, or None if the
    board does not allow it (ignoring the turn's forced-play rules)."""
    b = position
    if not 1 <= source <= BAR or b[source] <= 0 or not 1 <= die <= 6:
        return None
    dst = _dest(list(b), _highest(b, BAR), source, die)
    if dst < 0:
        return None
    return Step(source, dst, die, dst != OFF and b[dst] == -1)


def step_on(position: Position, source: int, die: int) -> tuple[Step, Position] | None:
    """:func:`make_step` and :func:`apply_step` at once: the step moving a checker from
    ``source`` with ``die`` and the position after it, or None if the board does not allow
    it (the turn's forced-play rules are not checked). For folding long histories quickly."""
    if not 1 <= source <= BAR or position[source] <= 0 or not 1 <= die <= 6:
        return None
    b = list(position)
    dst = _dest(b, _highest(b, BAR), source, die)
    if dst < 0:
        return None
    b2, hit = _apply(b, source, dst)
    return Step(source, dst, die, hit), Position._trusted(b2)


def _remove_die(dice: tuple[int, ...], die: int) -> tuple[int, ...]:
    i = dice.index(die)
    return dice[:i] + dice[i + 1 :]


def _next_steps(
    position: Position, remaining: tuple[int, ...], still: int, first_dice: frozenset[int] | None
) -> frozenset[Step]:
    """Single steps after which ``still - 1`` more can be played."""
    if still <= 0:
        return frozenset()
    b = list(position)
    hi = _highest(b, BAR)
    out = set()
    for die in set(remaining):
        if first_dice is not None and die not in first_dice:
            continue
        rest = _remove_die(remaining, die)
        for src in _sources(hi):
            if b[src] <= 0:
                continue
            dst = _dest(b, hi, src, die)
            if dst < 0:
                continue
            b2, hit = _apply(b, src, dst)
            if _can_play(b2, _highest(b2, hi), rest, still - 1):
                out.add(Step(src, dst, die, hit))
    return frozenset(out)


class TurnState:
    """Where a turn stands after some steps. Build with :func:`turn_state`.

    ``legal`` holds exactly the single steps that lead on to some legal full
    play, so a player walking step by step can never reach a dead end (for
    example playing the 1 of a 6-1 when only the 6 may be played). It is
    worked out when first asked for; :meth:`play` checks a single step
    without it. Two states are equal when they have the same start, roll
    and steps made.
    """

    __slots__ = ("_first_dice", "_legal", "made", "position", "remaining", "roll", "start", "steps_needed")

    start: Position
    """The position before the turn."""
    roll: Roll
    """The roll, higher die first."""
    made: tuple[Step, ...]
    """Steps made so far, in order."""
    position: Position
    """The board after the steps made so far (still from the mover)."""
    remaining: tuple[int, ...]
    """Dice not yet used, highest first."""
    steps_needed: int
    """Total steps the whole turn must use (R7); 0 for a pass."""

    def __init__(
        self,
        start: Position,
        roll: Roll,
        made: tuple[Step, ...],
        position: Position,
        remaining: tuple[int, ...],
        steps_needed: int,
        first_dice: frozenset[int] | None,
    ) -> None:
        self.start = start
        self.roll = roll
        self.made = made
        self.position = position
        self.remaining = remaining
        self.steps_needed = steps_needed
        self._first_dice = first_dice if not made else None
        self._legal: frozenset[Step] | None = None

    @property
    def legal(self) -> frozenset[Step]:
        """Steps that can still be part of a legal full play."""
        if self._legal is None:
            self._legal = _next_steps(
                self.position, self.remaining, self.steps_needed - len(self.made), self._first_dice
            )
        return self._legal

    @property
    def complete(self) -> bool:
        """True when the turn has used all the dice it must (a pass is complete at once)."""
        return len(self.made) == self.steps_needed

    def _check(self, source: int, die: int) -> Step | None:
        """The step if it leads on to a legal full play, else None."""
        if self._legal is not None:
            return next((s for s in self._legal if s.source == source and s.die == die), None)
        still = self.steps_needed - len(self.made)
        if still <= 0 or die not in self.remaining:
            return None
        if self._first_dice is not None and die not in self._first_dice:
            return None
        step = make_step(self.position, source, die)
        if step is None:
            return None
        b = list(self.position)
        b2, _ = _apply(b, step.source, step.dest)
        if not _can_play(b2, _highest(b2, BAR), _remove_die(self.remaining, die), still - 1):
            return None
        return step

    def play(self, step: Step | tuple[int, int]) -> TurnState:
        """The state after one more step; raises :class:`IllegalStep` unless it is one of ``legal``."""
        source, die = (step.source, step.die) if isinstance(step, Step) else step
        chosen = self._check(source, die)
        if chosen is None:
            raise IllegalStep(step)
        return TurnState(
            self.start,
            self.roll,
            (*self.made, chosen),
            apply_step(self.position, chosen),
            _remove_die(self.remaining, die),
            self.steps_needed,
            None,
        )

    def undo(self) -> TurnState:
        """The state with the last step taken back (unchanged if none was made)."""
        return turn_state(self.start, self.roll, self.made[:-1])

    def as_play(self) -> Play:
        """The finished turn as a :class:`Play` (only when ``complete``)."""
        if not self.complete:
            raise IllegalStep(self.made[-1] if self.made else (0, 0))
        return Play(self.made, self.position)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TurnState):
            return NotImplemented
        return (self.start, self.roll, self.made) == (other.start, other.roll, other.made)

    def __hash__(self) -> int:
        return hash((self.start, self.roll, self.made))

    def __repr__(self) -> str:
        return f"TurnState(roll={self.roll}, made={self.made}, complete={self.complete})"


def turn_state(position: Position, roll: Sequence[int], made: Iterable[Step | tuple[int, int]] = ()) -> TurnState:
    """The state of a turn after the steps ``made`` (in order).

    Undo is calling this again with fewer steps. Raises
    :class:`IllegalStep` for the first step of ``made`` that is not allowed.
    """
    roll_ = normalise_roll(roll)
    plays = _plays_cached(position, roll_)
    needed = len(plays[0].steps)
    # With one die of a non-double playable, R7 fixes which one.
    first_dice = frozenset(p.steps[0].die for p in plays) if needed == 1 else None
    state = TurnState(position, roll_, (), position, dice_of(roll_), needed, first_dice)
    for step in made:
        state = state.play(step)
    return state


def legal_steps(
    position: Position, roll: Sequence[int], made: Iterable[Step | tuple[int, int]] = ()
) -> frozenset[Step]:
    """Shorthand for ``turn_state(position, roll, made).legal``."""
    return turn_state(position, roll, made).legal


def find_play(position: Position, roll: Sequence[int], result: Position) -> Play | None:
    """The legal play that ends in ``result``, if there is one."""
    for play in legal_plays(position, roll):
        if play.result == result:
            return play
    return None
