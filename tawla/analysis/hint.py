"""The hint: what the evaluator advises the player who decides now.

:func:`hint_refusal` says, without asking the evaluator, whether a hint can be given now and
why not (a catalog key: the table's custom forbids hints, there is nothing to decide);
:func:`hint_for` asks the evaluator (the first time, it loads: about a tenth of a second; then a
few milliseconds) and raises :class:`~tawla.analysis.evaluator.Unavailable` where there is none.
Plakoto and Fevga are judged by tawla's own evaluator (:mod:`tawla.analysis.tavla_eval`, always
here): their hint is a roll's plays ranked, with their chances of winning and of a double win,
and nothing of a cube (those games have none).

* A roll to play: every play of the roll ranked, best first, **from the start of the turn**
  (the evaluator judges whole plays); when steps were already made, :attr:`PlayHint.rest`
  says what is left of the best play from where the turn stands (None: the steps made are not
  the best play's).
* Before the roll, the player on roll may double: double or not (:class:`CubeHint`).
* A double offered: take or pass, for the doubled player.

Nothing here knows Textual: the game screen shows what it says.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tawla.analysis.evaluator import Chances, Cube, CubeAdvice, Ranked, Sage, evaluator
from tawla.analysis.skill import cube_of
from tawla.analysis.tavla_eval import TavlaRanked, tavla_evaluator
from tawla.engine import Position, Step, TurnState
from tawla.engine.tavla import Game, TavlaBoard, TavlaTurn
from tawla.game.events import Doubled
from tawla.game.state import MatchState, Phase, refusal

OFF = "hint.off"
"""The table's custom forbids hints."""
NOTHING = "hint.nothing"
"""Nothing to decide now (the opening roll, a game over, a resignation to answer)."""
DEAD = "hint.cube_dead"
"""Before the roll with a dead cube: no cube decision (doubling would only help the opponent)."""


@dataclass(frozen=True, slots=True)
class PlayHint:
    """The plays of a roll, ranked by the evaluator."""

    player: int
    """Who plays them."""
    roll: tuple[int, int]
    start: Position | TavlaBoard
    """The board at the start of the turn, seen from ``player``."""
    ranked: tuple[Ranked, ...] | tuple[TavlaRanked, ...]
    """Every play of the roll (different results), best first: Open Sage's (backgammon), or
    tawla's own evaluator's (Plakoto, Fevga: cubeless, in points of the game)."""
    made: tuple[Step, ...]
    """The steps already made this turn."""
    rest: tuple[Step, ...] | None
    """The best play's steps still to make from where the turn stands (all of them when none
    was made); None when the steps made are not the best play's."""
    cube: Cube | None
    """The cube and score the plays were judged with (None: Plakoto and Fevga, without a cube)."""

    @property
    def best(self) -> Ranked | TavlaRanked:
        return self.ranked[0]

    @property
    def tavla(self) -> Game | None:
        """The game when it is Plakoto or Fevga (judged by tawla's own evaluator), else None."""
        return self.start.game if isinstance(self.start, TavlaBoard) else None


@dataclass(frozen=True, slots=True)
class CubeHint:
    """A cube decision: the player on roll doubling or not (``double``), or the doubled
    player taking or passing (``answer``)."""

    player: int
    """Who decides."""
    kind: Literal["double", "answer"]
    advice: CubeAdvice
    """The evaluator's figures, from the player on roll's side (the doubler's)."""
    cube: Cube

    @property
    def right(self) -> Literal["double", "no_double", "too_good", "take", "pass"]:
        """The right decision: doubling, not doubling (``too_good``: not doubling although the
        opponent should pass, playing on for a gammon), taking, passing."""
        advice = self.advice
        if self.kind == "answer":
            return "take" if advice.take else "pass"
        if advice.double:
            return "double"
        return "too_good" if not advice.take else "no_double"

    @property
    def chances(self) -> Chances:
        """The chances of the player who decides, before the roll (cubeless)."""
        mine = self.advice.chances
        if self.kind == "double":
            return mine
        return Chances(
            win=1 - mine.win,
            gammon=mine.lose_gammon,
            backgammon=mine.lose_backgammon,
            lose_gammon=mine.gammon,
            lose_backgammon=mine.backgammon,
        )

    @property
    def equities(self) -> tuple[float, ...]:
        """The equity of each choice for the player who decides: no double, double and take,
        double and pass (``double``); take, pass (``answer``)."""
        advice = self.advice
        if self.kind == "double":
            return (advice.no_double, advice.double_take, advice.double_pass)
        return (-advice.double_take, -advice.double_pass)


Hint = PlayHint | CubeHint


def hint_refusal(state: MatchState) -> str | None:
    """Why there is no hint now (a catalog key: :data:`OFF`, :data:`NOTHING`, :data:`DEAD`), or
    None. The evaluator is not asked: whether it is there is :func:`hint_for`'s to find."""
    if not state.rules.hints:
        return OFF
    if state.phase is Phase.MOVING and isinstance(state.turn, TurnState | TavlaTurn):
        return None
    if state.variant.game is not Game.BACKGAMMON:
        return NOTHING  # (no cube: only a roll to play has a hint)
    if state.phase is Phase.TURN:
        why = refusal(state, Doubled())
        if why is None:
            return None
        if why.code == "cube_dead":
            return DEAD
    if state.phase is Phase.DOUBLED:
        return None
    return NOTHING


def hint_for(state: MatchState, sage: Sage | None = None) -> Hint:
    """The hint for ``state`` (check :func:`hint_refusal` first: a state it refuses raises
    ValueError). Raises :class:`~tawla.analysis.evaluator.Unavailable` when there is no
    evaluator here."""
    why = hint_refusal(state)
    if why is not None:
        raise ValueError(why)
    if isinstance(state.turn, TavlaTurn):
        return _tavla_hint(state, state.turn)
    judge = sage or evaluator()
    cube = cube_of(state)
    board = state.board
    if state.phase is Phase.MOVING:
        assert isinstance(state.turn, TurnState)
        turn = state.turn
        ranked = judge.rank(turn.start, turn.roll, cube)
        best = ranked[0].play
        rest = best.steps if not turn.made else _rest(turn, best.result)
        return PlayHint(state.on_roll, turn.roll, turn.start, ranked, turn.made, rest, cube)
    assert isinstance(board, Position)
    advice = judge.cube(board, cube)
    if state.phase is Phase.DOUBLED:
        return CubeHint(1 - state.on_roll, "answer", advice, cube)
    return CubeHint(state.on_roll, "double", advice, cube)


def _tavla_hint(state: MatchState, turn: TavlaTurn) -> PlayHint:
    """The plays of a Plakoto or Fevga roll, ranked by tawla's own evaluator."""
    variant = state.variant
    ranked = tavla_evaluator(variant.game).rank(turn.start, (turn.roll[0], turn.roll[1]), variant)
    best = ranked[0].play
    rest = best.steps if not turn.made else _rest(turn, best.result)
    return PlayHint(state.on_roll, turn.roll, turn.start, ranked, turn.made, rest, None)


def _rest(turn: TurnState | TavlaTurn, target: Position | TavlaBoard) -> tuple[Step, ...] | None:
    """The steps that take ``turn`` from where it stands to ``target``, the end of a whole play
    (None: no way there). A search over the turn's legal steps, each position tried once."""
    seen: set[tuple[Position | TavlaBoard, tuple[int, ...]]] = set()

    def search(now: TurnState | TavlaTurn) -> tuple[Step, ...] | None:
        if now.complete:
            return () if now.position == target else None
        key = (now.position, now.remaining)
        if key in seen:
            return None
        seen.add(key)
        for step in sorted(now.legal, key=lambda s: (-s.source, -s.die)):
            found = search(now.play(step))
            if found is not None:
                return (step, *found)
        return None

    return search(turn)
