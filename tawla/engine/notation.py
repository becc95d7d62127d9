"""Standard move notation, as gnubg, XG and players write it.

``24/18 13/11`` · hits ``8/3*`` · ``bar/22`` · ``6/off`` · repeats ``8/5(2)`` ·
one checker through several points ``24/18/11`` or collapsed ``24/11``; ``-`` reads
as ``/`` (``13-10``, the other way players write it). Always in the mover's numbering.

:func:`format_play` writes the canonical form: one checker's steps are
joined and intermediate points dropped unless a hit happened there, equal
moves are grouped, and the move that uses the higher die comes first.
:func:`parse_play` accepts any of the forms above (case-insensitive, with
Western or Arabic-Indic digits) and returns the legal play they describe,
or raises :class:`NotationError` with the reason; :func:`parse_turn` reads part
of a turn too (the rest left to play). :func:`checker_moves` lists the moves of
one checker that a turn allows at its moment (what a move being typed can go on with).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from itertools import pairwise
from typing import NamedTuple

from tawla.engine.explain import Reason, Why, explain_step
from tawla.engine.moves import Play, Step, TurnState, turn_state
from tawla.engine.position import BAR, OFF, Position
from tawla.engine.tavla import Play as TavlaPlay
from tawla.engine.tavla import TavlaBoard, TavlaTurn, Variant, explain_tavla_step, tavla_turn

AnyTurn = TurnState | TavlaTurn
"""A turn of backgammon, Plakoto or Fevga: notation reads them alike."""

_DIGITS = str.maketrans("٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹", "0123456789" * 2)


def point_text(point: int) -> str:
    """``bar`` for 25, ``off`` for 0, else the number."""
    return "bar" if point == BAR else "off" if point == OFF else str(point)


class _Unit(NamedTuple):
    """One checker's movement: the points it touched and a hit flag per landing."""

    points: tuple[int, ...]
    hits: tuple[bool, ...]

    @property
    def distance(self) -> int:
        """Pips travelled (a bear-off counts from its point)."""
        return self.points[0] - self.points[-1]

    def text(self) -> str:
        parts = [point_text(self.points[0])]
        last = len(self.points) - 1
        for i, (p, hit) in enumerate(zip(self.points[1:], self.hits, strict=True), start=1):
            if hit:
                parts.append(point_text(p) + "*")
            elif i == last:
                parts.append(point_text(p))
        return "/".join(parts)


def _units(steps: Iterable[Step]) -> list[_Unit]:
    """Join the steps of one checker, canonically (highest sources first)."""
    open_units: list[tuple[list[int], list[bool]]] = []
    for s in sorted(steps, key=lambda s: (-s.source, -s.die)):
        for points, hits in open_units:
            if points[-1] == s.source:
                points.append(s.dest)
                hits.append(s.hit)
                break
        else:
            open_units.append(([s.source, s.dest], [s.hit]))
    return [_Unit(tuple(p), tuple(h)) for p, h in open_units]


def format_steps(steps: Sequence[Step]) -> str:
    """The notation of some steps (a whole play or part of one).

    Moves are ordered by distance, so the higher die comes first
    (``13/10 24/23`` for 3-1); a double's moves by their starting point.
    Ordering by distance rather than by the die recorded keeps the text a
    function of the play alone: a bear-off may use either die.
    """
    if not steps:
        return ""
    units = _units(steps)
    if len({s.die for s in steps}) == 1:
        units.sort(key=lambda u: (-u.points[0], -u.points[-1]))
    else:
        units.sort(key=lambda u: (-u.distance, -u.points[0]))
    out: list[str] = []
    counts: dict[str, int] = {}
    for u in units:
        t = u.text()
        if t not in counts:
            out.append(t)
        counts[t] = counts.get(t, 0) + 1
    return " ".join(t if counts[t] == 1 else f"{t}({counts[t]})" for t in out)


def format_play(play: Play | TavlaPlay) -> str:
    """The notation of a play; ``pass`` when nothing could be played."""
    return format_steps(play.steps) if play.steps else "pass"


# -- parsing ---------------------------------------------------------------------


class NotationError(ValueError):
    """Text that is not a legal play. ``reason`` says why (see :mod:`tawla.engine.explain`)."""

    def __init__(self, reason: Problem, text: str = "") -> None:
        self.reason = reason
        self.text = text
        super().__init__(f"{text!r}: {reason}")


class SyntaxProblem(NamedTuple):
    """A notation text that does not even parse. ``token`` is the offending piece."""

    token: str


class Incomplete(NamedTuple):
    """The text is legal so far but the turn must use ``needed`` dice, not ``used``."""

    needed: int
    used: int


class NoRoute(NamedTuple):
    """No combination of the remaining dice moves a checker from ``source`` to ``dest``."""

    source: int
    dest: int


_POINT = r"(?:bar|off|\d{1,2})"
_TOKEN = re.compile(rf"^({_POINT}\*?(?:/{_POINT}\*?)+)(?:\((\d)\))?$")


class _Hop(NamedTuple):
    source: int
    dest: int
    marked: bool  # a `*` after dest


def _parse_point(text: str, first: bool) -> int:
    if text == "bar":
        return BAR
    if text == "off":
        return OFF
    n = int(text)
    if n == 25 and first:
        return BAR
    if n == 0 and not first:
        return OFF
    if not 1 <= n <= 24:
        raise ValueError(text)
    return n


def _tokens(text: str) -> list[list[_Hop]]:
    """Each checker movement as a list of hops; raises NotationError on syntax."""
    clean = text.translate(_DIGITS).lower().replace(",", " ").replace("-", "/").strip()
    if not clean:
        raise NotationError(SyntaxProblem(""), text)
    moves: list[list[_Hop]] = []
    for token in clean.split():
        m = _TOKEN.match(token)
        if not m:
            raise NotationError(SyntaxProblem(token), text)
        parts = m.group(1).split("/")
        times = int(m.group(2) or 1)
        try:
            pts = [(_parse_point(p.rstrip("*"), i == 0), p.endswith("*")) for i, p in enumerate(parts)]
        except ValueError:
            raise NotationError(SyntaxProblem(token), text) from None
        if times < 1 or pts[0][1] or any(a[0] <= b[0] for a, b in pairwise(pts)):
            raise NotationError(SyntaxProblem(token), text)
        hops = [_Hop(a[0], b[0], b[1]) for a, b in pairwise(pts)]
        moves.extend([hops] * times)
    return moves


class TooManyMoves(NamedTuple):
    """The text moves checkers more often than the roll has dice."""

    dice: int
    given: int


def parse_play(
    position: Position | TavlaBoard,
    roll: Sequence[int],
    text: str,
    made: Sequence[Step] = (),
    variant: Variant | None = None,
) -> Play | TavlaPlay:
    """The legal play that ``text`` describes, or :class:`NotationError`.

    The order of the moves in the text does not matter; a collapsed move
    (``13/3``) may take any route the dice allow, preferring one that hits
    only where the text marks a hit (``13/7*/3``). ``pass`` is the text of
    the pass. With ``made`` (steps of the turn already played), ``text`` is the
    rest of the turn, read on the board those steps left; the play returned is
    the whole turn, ``made`` first. A Plakoto or Fevga board is read under ``variant`` (its
    game's default rules if None), a ``*`` marking a pin.
    """
    return _parse(position, roll, text, made, False, variant).as_play()


def parse_turn(
    position: Position | TavlaBoard,
    roll: Sequence[int],
    text: str,
    made: Sequence[Step] = (),
    variant: Variant | None = None,
) -> AnyTurn:
    """The turn as far as ``text`` takes it, or :class:`NotationError`: read as
    :func:`parse_play` reads it, but the moves need not finish the turn (``13/10/7``
    of a 3-3). What is played always leaves a legal way to finish it; the state
    returned has ``made`` first, then the text's steps (``complete`` when they end it:
    a text that can be read as the rest of the turn is read so)."""
    return _parse(position, roll, text, made, True, variant)


def _parse(
    position: Position | TavlaBoard,
    roll: Sequence[int],
    text: str,
    made: Sequence[Step],
    partial: bool,
    variant: Variant | None,
) -> AnyTurn:
    start: AnyTurn
    if isinstance(position, TavlaBoard):
        start = tavla_turn(position, roll, made, variant)
    else:
        start = turn_state(position, roll, made)
    if text.strip().lower() == "pass":
        if start.complete:
            return start
        raise NotationError(Incomplete(start.steps_needed, 0), text)
    hops = [h for move in _tokens(text) for h in move]
    if len(hops) > len(start.remaining):
        raise NotationError(TooManyMoves(len(start.remaining), len(hops)), text)
    _precheck(start, hops, text)
    failure: list[Problem] = []
    # A text that can be read as the whole turn is (``2/off`` of a 2-1 with a checker on 2 and
    # one on 1 bears off with both dice, 2/1/off); part of it only when it cannot, and never a
    # whole turn that hits where the text marks no hit before a part that does not.
    for strict in (True, False):
        for part in (False, True) if partial else (False,):
            found = _search(start, hops, strict, failure, part)
            if found is not None:
                return found
    raise NotationError(failure[0], text)


def checker_moves(state: AnyTurn) -> list[str]:
    """Every move of one checker that the turn allows at ``state`` (with the rest of the turn
    still playable after it), in notation: ``13/12``, ``13/7``, ``13/6`` and ``13/7*/6`` of a
    6-1, ``bar/22``, ``6/off``; each what :func:`parse_turn` reads as that move. In a stable
    order: by starting point, highest first (the bar first), then by landing, nearest first."""
    found: dict[str, tuple[int, int, int]] = {}

    def walk(at: AnyTurn, chain: tuple[Step, ...]) -> None:
        for step in sorted(at.legal, key=lambda s: (-s.source, -s.dest, s.die)):
            if chain and step.source != chain[-1].dest:
                continue  # (the same checker goes on from where it landed)
            moved = (*chain, step)
            found.setdefault(format_steps(moved), (-moved[0].source, -moved[-1].dest, len(moved)))
            if step.dest != OFF:
                walk(at.play(step), moved)

    walk(state, ())
    return sorted(found, key=lambda text: (found[text], text))


def _precheck(state: AnyTurn, hops: list[_Hop], text: str) -> None:
    """Problems that need no search: a missing checker, dice that cannot make a move."""
    have = {p: state.position[p] for p in range(1, 26) if state.position[p] > 0}
    for hop in hops:
        if have.get(hop.source, 0) <= 0:
            if isinstance(state.position, TavlaBoard) and state.position.pinned(hop.source) > 0:
                raise NotationError(Reason(Why.PINNED, point=hop.source), text)
            raise NotationError(Reason(Why.NO_CHECKER, point=hop.source), text)
        have[hop.source] -= 1
        have[hop.dest] = have.get(hop.dest, 0) + 1
    for n in range(1, len(hops) + 1):
        if not _assignable(hops[:n], state.remaining):
            raise NotationError(NoRoute(hops[n - 1].source, hops[n - 1].dest), text)


def _assignable(hops: list[_Hop], dice: tuple[int, ...]) -> bool:
    """Whether each hop can get its own dice adding up to its distance
    (at least the distance for a bear-off)."""
    if not hops:
        return True
    hop, rest = hops[0], hops[1:]
    seen: set[tuple[int, ...]] = set()
    for mask in range(1, 1 << len(dice)):
        used = tuple(d for i, d in enumerate(dice) if mask >> i & 1)
        if used in seen:
            continue
        seen.add(used)
        total = sum(used)
        fits = total >= hop.source if hop.dest == OFF else total == hop.source - hop.dest
        if fits:
            left = tuple(d for i, d in enumerate(dice) if not mask >> i & 1)
            if _assignable(rest, left):
                return True
    return False


Problem = Reason | NoRoute | Incomplete | TooManyMoves | SyntaxProblem
"""Everything a :class:`NotationError` can carry as its ``reason``."""


def _search(
    state: AnyTurn, hops: list[_Hop], strict: bool, failure: list[Problem], partial: bool = False
) -> AnyTurn | None:
    """Depth-first: play the hops in any order, splitting collapsed ones over dice.

    ``strict`` refuses routes that hit where the text marks no hit, or that
    do not hit where it marks one; the second, lenient pass accepts them.
    With ``partial`` the hops need not finish the turn (every step played is one
    of ``legal``: the turn can always be finished after them).
    The first problem met is kept in ``failure`` for the error message.
    """
    if not hops:
        if state.complete or partial:
            return state
        _note(failure, Incomplete(state.steps_needed, len(state.made)))
        return None
    for i, hop in enumerate(hops):
        if hop in hops[:i]:
            continue
        steps = [s for s in state.legal if s.source == hop.source and _towards(s, hop)]
        if hop.dest != OFF and _distance(hop) in state.remaining:  # one die covers it: never split it
            steps = [s for s in steps if s.die == _distance(hop)]
        if not steps:
            _note(failure, _why_not(state, hop))
        for s in sorted(steps, key=lambda s: (s.dest != hop.dest, -s.die)):
            arrived = s.dest == hop.dest
            if strict and ((s.hit and not arrived) or (arrived and hop.marked and not s.hit)):
                continue
            left = hops[:i] + hops[i + 1 :]
            if not arrived:
                left.insert(0, _Hop(s.dest, hop.dest, hop.marked))
            got = _search(state.play(s), left, strict, failure, partial)
            if got is not None:
                return got
    return None


def _distance(hop: _Hop) -> int:
    return hop.source - hop.dest


def _towards(step: Step, hop: _Hop) -> bool:
    """Whether ``step`` goes from the hop's source without passing its destination."""
    return hop.dest == OFF or (step.dest != OFF and step.dest >= hop.dest)


def _explain(state: AnyTurn, source: int, die: int) -> Reason | None:
    if isinstance(state, TavlaTurn):
        return explain_tavla_step(state, source, die)
    return explain_step(state, source, die)


def _why_not(state: AnyTurn, hop: _Hop) -> Problem:
    """Why no legal step starts this hop."""
    if hop.dest == OFF:
        for die in sorted(set(state.remaining), reverse=True):
            reason = _explain(state, hop.source, die)
            if reason is not None and reason.why is not Why.DIE_NOT_AVAILABLE:
                return reason
        return NoRoute(hop.source, hop.dest)
    distance = hop.source - hop.dest
    first = distance if distance in state.remaining else max(state.remaining, default=distance)
    reason = _explain(state, hop.source, first)
    if reason is None or (distance not in state.remaining and reason.why is Why.DEAD_END):
        return NoRoute(hop.source, hop.dest)
    return reason


def _note(failure: list[Problem], problem: Problem) -> None:
    if not failure:
        failure.append(problem)
