"""How well each player played: every decision of a match judged by the evaluator.

:func:`analyse` walks a match's history (the events, replayed from its start) and asks the
evaluator about every decision a player made:

* a **checker play** with a choice (two or more different results): its loss is the best
  play's equity minus the chosen play's;
* a **cube decision** of the player on roll who could double: doubling, or rolling without;
* a **cube answer**: taking or dropping a double.

A loss is in equity for the player who decided (normalised: money play per unit of the
cube, a match in GNU Backgammon's EMG). Grades are GNU Backgammon's: a loss of 0.04 or more
is doubtful, 0.08 bad, 0.16 very bad (:data:`GRADES`). The error rate is the mean loss per
decision in thousandths (GNU Backgammon's "error rate, mEMG"): checker plays with a choice,
and cube decisions that were close (:data:`CLOSE`) or went wrong.

Plakoto and Fevga games are judged by tawla's own evaluator (:mod:`tawla.analysis.tavla_eval`):
their checker plays only (no cube), the loss in points of the game (cubeless, −2 to 2, in a match
too: the evaluator knows no match score). :attr:`Analysis.judges` names the evaluators that
judged something, so a screen says whose figures they are.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from tawla.analysis.evaluator import Cube, Owner, Sage, evaluator
from tawla.analysis.tavla_eval import tavla_evaluator
from tawla.engine import Play, Position, Step, apply_step
from tawla.engine.moves import make_step
from tawla.engine.tavla import Game, TavlaBoard, Variant, tavla_step
from tawla.engine.tavla import Play as TavlaPlay
from tawla.game.events import Doubled, Dropped, OpeningRolled, Rolled, Stepped, Took
from tawla.game.match import Action, Match
from tawla.game.state import MatchState, Phase


class Grade(enum.StrEnum):
    """How bad a decision was (GNU Backgammon's words and thresholds)."""

    DOUBTFUL = "doubtful"
    BAD = "bad"
    VERY_BAD = "very_bad"


GRADES: tuple[tuple[float, Grade], ...] = ((0.16, Grade.VERY_BAD), (0.08, Grade.BAD), (0.04, Grade.DOUBTFUL))
"""The least loss of each grade, worst first."""

CLOSE = 0.16
"""A cube decision counts in the error rate when doubling and not doubling are this close
(or it went wrong): a position nowhere near a double is not a decision anybody made."""


SHOWN = 0.0005
"""The least loss a worst moment has: one that rounds to 0.000 is no mistake to show."""


def grade_of(loss: float) -> Grade | None:
    """The grade of a loss (None: a good decision)."""
    for least, grade in GRADES:
        if loss >= least - 1e-9:
            return grade
    return None


class Kind(enum.StrEnum):
    """What kind of decision."""

    PLAY = "play"
    """The checker play of a roll."""
    DOUBLE = "double"
    """Doubling, or rolling without (the player on roll)."""
    ANSWER = "answer"
    """Taking or dropping (the player doubled)."""


class CubeChoice(enum.StrEnum):
    NO_DOUBLE = "no_double"
    DOUBLE = "double"
    TAKE = "take"
    DROP = "drop"


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of one player, judged."""

    game: int
    """The game's number, from 1."""
    turn: int
    """The turn of that game it belongs to, from 1 (both players' turns counted, the opening
    roll's play the first: the turn of :attr:`tawla.game.tally.GameStory.turns` ``[turn - 1]``)."""
    player: int
    kind: Kind
    position: Position | TavlaBoard
    """The board before the decision, seen from ``player`` (a cube answer: from the doubler)."""
    roll: tuple[int, int] | None
    chosen: Play | TavlaPlay | CubeChoice
    best: Play | TavlaPlay | CubeChoice
    loss: float
    counted: bool = True
    """It counts in the error rate (a cube decision far from close does not)."""

    @property
    def grade(self) -> Grade | None:
        return grade_of(self.loss)


@dataclass(frozen=True, slots=True)
class Skill:
    """One player's figures over some decisions."""

    checker_loss: float = 0.0
    cube_loss: float = 0.0
    plays: int = 0
    """Checker plays with a choice."""
    cube_decisions: int = 0
    """Cube decisions counted (close ones, and the ones that went wrong)."""
    grades: tuple[int, int, int] = (0, 0, 0)
    """How many decisions were doubtful, bad, very bad."""
    worst: Decision | None = None
    """The costliest decision (None: none cost anything)."""

    @property
    def loss(self) -> float:
        return self.checker_loss + self.cube_loss

    @property
    def decisions(self) -> int:
        return self.plays + self.cube_decisions

    @property
    def error_rate(self) -> float | None:
        """Mean loss per decision, in thousandths (None: no decision to judge)."""
        return 1000 * self.loss / self.decisions if self.decisions else None


def skill_of(decisions: Sequence[Decision]) -> Skill:
    """The figures of ``decisions`` (one player's)."""
    checker = sum(d.loss for d in decisions if d.kind is Kind.PLAY)
    cube = sum(d.loss for d in decisions if d.kind is not Kind.PLAY)
    counts = [0, 0, 0]
    order = (Grade.DOUBTFUL, Grade.BAD, Grade.VERY_BAD)
    for d in decisions:
        grade = d.grade
        if grade is not None:
            counts[order.index(grade)] += 1
    worst = max(decisions, key=lambda d: d.loss, default=None)
    return Skill(
        checker_loss=checker,
        cube_loss=cube,
        plays=sum(1 for d in decisions if d.kind is Kind.PLAY and d.counted),
        cube_decisions=sum(1 for d in decisions if d.kind is not Kind.PLAY and d.counted),
        grades=(counts[0], counts[1], counts[2]),
        worst=worst if worst is not None and worst.loss >= SHOWN else None,
    )


@dataclass(frozen=True, slots=True)
class Analysis:
    """Every judged decision of a match."""

    decisions: tuple[Decision, ...] = ()
    unjudged: int = 0
    """Games no evaluator judged (none today: kept for the files and screens that read it)."""
    games: int = 0
    """Games the history reached (finished or not)."""
    judges: frozenset[Game] = frozenset()
    """The games whose evaluator judged some game here: backgammon (Open Sage), Plakoto and
    Fevga (tawla's own, ``evaluator.own.<game>``)."""

    def skill(self, player: int, game: int | None = None) -> Skill:
        """``player``'s figures over the match, or over game ``game``."""
        return skill_of([d for d in self.decisions if d.player == player and (game is None or d.game == game)])

    def of_turn(self, game: int, turn: int) -> tuple[Decision, ...]:
        """The decisions made in turn ``turn`` of game ``game``."""
        return tuple(d for d in self.decisions if d.game == game and d.turn == turn)


def cube_of(state: MatchState, player: int | None = None) -> Cube:
    """The cube and the score of ``state`` for the evaluator, seen from ``player`` (default:
    the player on roll)."""
    rules = state.rules
    me = state.on_roll if player is None else player
    owner: Owner = "centered" if state.cube.owner is None else "mover" if state.cube.owner == me else "opponent"
    length = rules.match_length
    away = (length - state.score[me], length - state.score[1 - me]) if length else (0, 0)
    return Cube(
        value=state.cube.value,
        owner=owner,
        away=away,
        crawford=state.crawford_game,
        jacoby=rules.jacoby,
        beavers=rules.beavers,
        alive=rules.cube,
    )


@dataclass(slots=True)
class _Pending:
    """The turn being played: its start and the steps played so far."""

    game: int
    turn: int
    player: int
    start: Position | TavlaBoard
    roll: tuple[int, int]
    cube: Cube
    variant: Variant | None = None
    """The game and its settings when it is Plakoto or Fevga (None: backgammon)."""
    steps: list[Step] = field(default_factory=list)


def analyse(
    match: Match,
    progress: Callable[[int, int], None] | None = None,
    sage: Sage | None = None,
) -> Analysis:
    """Judge every decision of ``match`` (raises :class:`~tawla.analysis.evaluator.Unavailable`
    when there is no evaluator and the match has backgammon to judge). ``progress(done, all)``
    is told after each event."""
    events = match.events
    replay = Match(match.rules, match.names, events=(), start=match.start)
    decisions: list[Decision] = []
    judges: set[Game] = set()
    pending: _Pending | None = None
    turn_of_game: dict[int, int] = {}

    def close(state: MatchState) -> None:
        nonlocal pending
        if pending is None:
            return
        done, pending = pending, None
        if done.variant is not None:
            _judge_tavla(decisions, done)
            return
        assert isinstance(done.start, Position)
        result = done.start
        for step in done.steps:
            result = apply_step(result, step)
        judge = sage or evaluator()
        ranked = judge.rank(done.start, done.roll, done.cube)
        if len({r.play.result for r in ranked}) < 2:
            return
        chosen = next((r for r in ranked if r.play.result == result), None)
        if chosen is None:  # (a turn cut short by the game's end: judged as played so far)
            return
        decisions.append(
            Decision(
                done.game,
                done.turn,
                done.player,
                Kind.PLAY,
                done.start,
                done.roll,
                chosen.play,
                ranked[0].play,
                chosen.loss,
            )
        )

    for index, event in enumerate(events):
        state = replay.state
        backgammon = state.variant.game is Game.BACKGAMMON
        if isinstance(event, Rolled) and state.phase is Phase.TURN:
            close(state)
            turn_of_game[state.game] = turn_of_game.get(state.game, 0) + 1
            if backgammon and replay.refusal(Action.DOUBLE) is None:
                _judge_cube(decisions, state, turn_of_game[state.game], CubeChoice.NO_DOUBLE, sage)
        elif isinstance(event, Doubled) and state.phase is Phase.TURN and backgammon:
            close(state)
            _judge_cube(decisions, state, turn_of_game.get(state.game, 0) + 1, CubeChoice.DOUBLE, sage)
        elif isinstance(event, Took | Dropped) and state.phase is Phase.DOUBLED and backgammon:
            answer = CubeChoice.TAKE if isinstance(event, Took) else CubeChoice.DROP
            _judge_cube(decisions, state, turn_of_game.get(state.game, 0) + 1, answer, sage)
        elif isinstance(event, Stepped) and pending is not None:
            now = state.board_now
            if isinstance(now, Position):
                step = make_step(now, event.source, event.die)
                if step is not None:
                    pending.steps.append(step)
            else:
                pending.steps.append(tavla_step(now, event.source, event.die, state.variant)[0])
        after = replay.replay_event(event)
        if isinstance(event, OpeningRolled) and after.phase is Phase.MOVING:
            turn_of_game[after.game] = turn_of_game.get(after.game, 0) + 1  # (the opening roll's play: turn 1)
        rolled = isinstance(event, Rolled | OpeningRolled)
        if rolled and after.phase is Phase.MOVING and after.turn is not None:
            board = after.turn.start
            roll = (after.turn.roll[0], after.turn.roll[1])
            variant = None if isinstance(board, Position) else after.variant
            judges.add(after.variant.game)
            turn = turn_of_game[after.game]
            pending = _Pending(after.game, turn, after.on_roll, board, roll, cube_of(after), variant)
        if after.phase not in (Phase.MOVING, Phase.RESIGNING) and not isinstance(event, Rolled):
            # (a resignation offered in the middle of a turn and declined: the turn goes on)
            close(after)
        if progress is not None:
            progress(index + 1, len(events))
    games = replay.state.game
    return Analysis(tuple(decisions), 0, games, frozenset(judges))


def _judge_tavla(decisions: list[Decision], done: _Pending) -> None:
    """Judge a Plakoto or Fevga checker play with tawla's own evaluator (its loss in points)."""
    variant = done.variant
    assert variant is not None and isinstance(done.start, TavlaBoard)
    result = done.start
    for step in done.steps:
        _, result = tavla_step(result, step.source, step.die, variant)
    ranked = tavla_evaluator(variant.game).rank(done.start, done.roll, variant)
    if len(ranked) < 2:  # (one result per play already)
        return
    chosen = next((r for r in ranked if r.play.result == result), None)
    if chosen is None:  # (a turn cut short: judged as played so far)
        return
    play, best = chosen.play, ranked[0].play
    decisions.append(
        Decision(done.game, done.turn, done.player, Kind.PLAY, done.start, done.roll, play, best, chosen.loss)
    )


def _judge_cube(decisions: list[Decision], state: MatchState, turn: int, choice: CubeChoice, sage: Sage | None) -> None:
    """Judge a cube decision of ``state``'s player on roll (or the doubled player's answer)."""
    board = state.board
    assert isinstance(board, Position)
    judge = sage or evaluator()
    advice = judge.cube(board, cube_of(state))
    roller = state.on_roll
    if choice in (CubeChoice.TAKE, CubeChoice.DROP):
        take, drop = -advice.double_take, -advice.double_pass
        best = CubeChoice.TAKE if take >= drop else CubeChoice.DROP
        loss = max(0.0, max(take, drop) - (take if choice is CubeChoice.TAKE else drop))
        counted = loss > 0 or abs(take - drop) <= CLOSE
        decisions.append(Decision(state.game, turn, 1 - roller, Kind.ANSWER, board, None, choice, best, loss, counted))
        return
    best = CubeChoice.DOUBLE if advice.double else CubeChoice.NO_DOUBLE
    value = advice.doubled if choice is CubeChoice.DOUBLE else advice.no_double
    loss = max(0.0, advice.best - value)
    counted = loss > 0 or abs(advice.doubled - advice.no_double) <= CLOSE
    decisions.append(Decision(state.game, turn, roller, Kind.DOUBLE, board, None, choice, best, loss, counted))
