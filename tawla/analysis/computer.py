"""The computer at the table: a seat the evaluator plays, through the same table as a person.

:class:`Computer` decides; it changes nothing by itself. :meth:`Computer.decide` reads a
:class:`~tawla.game.state.MatchState` (immutable: a worker thread may read it while the
players' screen goes on) and answers the one next thing the seat must do, as a
:class:`Choice`; :meth:`Computer.apply` does it through the
:class:`~tawla.game.table.Table`'s own methods, as a person's key would, and :meth:`Computer.act`
does both. A play is made one step at a time (each :meth:`~tawla.game.table.Table.step`), so
that a screen shows it step by step; the turn is then confirmed.

What it decides, and why:

* **Rolling.** The opening roll belongs to the players at the table: the computer throws it
  only when it sits in both seats (:func:`due`). It rolls its own turns without waiting.
* **The cube.** It doubles when the evaluator says doubling is right (:attr:`CubeAdvice.double`),
  whenever the rules let it (Crawford, the cube's limit, the Holland rule, a game without a cube:
  :meth:`Match.refusal`'s word). Doubled, it takes or drops as the evaluator says; it beavers
  (where the rules allow beavers) when it is the favourite even after taking (its equity in
  the taken position is positive: a cube twice as high is worth twice as much to it). Beavered,
  it raccoons when its own equity with the cube on the other side is still positive, else it
  takes unless taking is worse than losing the doubled stake; raccooned, it takes (it
  beavered because it was the favourite).
* **The checker play.** The evaluator's best play of the roll (:meth:`Sage.rank`), made a step
  at a time; then the turn is confirmed (unless the players' habits ended it already).
* **Resignations.** It never offers one. Offered one, it accepts when what is offered is worth
  at least what playing on is worth to it: the resigned points, per unit of the cube, against
  its cubeless expected points from the evaluator's chances (gammons and backgammons as the
  rules count them).
* **Between games.** :meth:`decide` starts the next game when asked, as the self-play test asks;
  a screen leaves the card of a game over to the person, who reads it first.

Every game has its judge: backgammon (Portes) Open Sage, Plakoto and Fevga tawla's own evaluator
(:mod:`tawla.analysis.tavla_eval`), so the computer sits at all three and at a tavli match
(:func:`plays`). Those two have no cube: the computer rolls, plays its choice of the roll
(:meth:`~tawla.analysis.tavla_eval.TavlaEvaluator.choose`: in Fevga the plays close to the best
are looked at one roll further) a step at a time, and answers a resignation from its own
evaluator's chances as in backgammon (a double win, by a mother pinned or a loser who bore nothing
off, counts as a gammon does).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tawla.analysis.evaluator import Chances, Sage, evaluator
from tawla.analysis.skill import cube_of
from tawla.analysis.tavla_eval import TavlaChances, tavla_evaluator
from tawla.engine import Play, Position, Step
from tawla.engine.tavla import Game, TavlaBoard, TavlaTurn
from tawla.engine.tavla import Play as TavlaPlay
from tawla.game.events import Beavered, Doubled, Raccooned
from tawla.game.match import Action
from tawla.game.rules import GameChoice, RuleSet
from tawla.game.state import MatchState, Phase, ResultKind, refusal

if TYPE_CHECKING:
    from tawla.game.table import Outcome, Table

NAME = "tawla"
"""The name the computer's seat is saved under, whatever the language (shown in the player's
language: the catalogs' ``computer.name``)."""


def plays(rules: RuleSet) -> bool:
    """Whether the computer can sit at a match under ``rules``: every game of the tavla family
    has its evaluator (backgammon's, Open Sage, may still be missing here: :func:`needs_sage`)."""
    return rules.game in GameChoice


def needs_sage(rules: RuleSet) -> bool:
    """Whether a match under ``rules`` has backgammon for the computer to play, which Open Sage
    judges (backgammon, and the tavli match's Portes); Plakoto and Fevga need nothing installed."""
    return rules.game in (GameChoice.BACKGAMMON, GameChoice.TAVLI)


def due(state: MatchState, seats: frozenset[int]) -> bool:
    """Whether a computer seat must act now: the player to act is one, or the opening roll
    (nobody's in particular) when the computer sits in both seats. A game or match over waits
    for the person at the table (and :meth:`Computer.decide` answers it when asked)."""
    if not seats:
        return False
    to_act = state.to_act
    if to_act is not None:
        return to_act in seats
    return state.phase is Phase.OPENING and seats == frozenset((0, 1))


@dataclass(frozen=True, slots=True)
class Choice:
    """One thing the computer does: an :class:`~tawla.game.match.Action` (with its step, for
    :attr:`Action.MOVE`)."""

    action: Action
    step: Step | None = None


class Computer:
    """The evaluator's choices for a computer seat (thread-safe: it keeps nothing but the last
    best play it found)."""

    def __init__(self, sage: Sage | None = None) -> None:
        self._sage = sage
        self._best: tuple[object, Play | TavlaPlay] | None = None
        """The last turn's best play and what it was the best of (a play is decided once and made a
        step at a time: each step asks again)."""

    @property
    def sage(self) -> Sage:
        """The evaluator (loaded on first use; raises :class:`~tawla.analysis.evaluator.Unavailable`)."""
        return self._sage or evaluator()

    # -- deciding -------------------------------------------------------------------------

    def decide(self, state: MatchState) -> Choice:
        """The one next thing the player to act (or, between games, the table) does in ``state``."""
        phase = state.phase
        if phase is Phase.OPENING:
            return Choice(Action.OPENING_ROLL)
        if phase is Phase.GAME_OVER:
            return Choice(Action.NEXT_GAME)
        if phase is Phase.MATCH_OVER:
            raise ValueError("the match is over")
        if phase is Phase.TURN:
            if state.variant.game is not Game.BACKGAMMON:
                return Choice(Action.ROLL)  # (no cube in Plakoto and Fevga)
            return Choice(Action.DOUBLE if self._doubles(state) else Action.ROLL)
        if phase in (Phase.DOUBLED, Phase.BEAVERED, Phase.RACCOONED):
            return Choice(self._answer(state))
        if phase is Phase.RESIGNING:
            return Choice(Action.ACCEPT if self._accepts(state) else Action.DECLINE)
        return self._step(state)

    def _doubles(self, state: MatchState) -> bool:
        if refusal(state, Doubled()) is not None:
            return False
        board = state.board
        assert isinstance(board, Position)
        return self.sage.cube(board, cube_of(state)).double

    def _answer(self, state: MatchState) -> Action:
        """Take, drop, beaver or raccoon the cube on offer (the advice is the doubler's, who is
        on roll; the taker's equities are its negatives)."""
        board = state.board
        assert isinstance(board, Position)
        advice = self.sage.cube(board, cube_of(state))
        if state.phase is Phase.DOUBLED:
            if refusal(state, Beavered()) is None and -advice.double_take > 0:
                return Action.BEAVER
            return Action.TAKE if advice.take else Action.DROP
        if state.phase is Phase.BEAVERED:  # (the computer doubled; its equity is the doubler's)
            if refusal(state, Raccooned()) is None and advice.double_take > 0:
                return Action.RACCOON
            return Action.TAKE if advice.double_take > -1 else Action.DROP
        return Action.TAKE

    def _accepts(self, state: MatchState) -> bool:
        """Whether the resignation on offer is worth at least playing on (to the computer, the
        resigner's opponent)."""
        assert state.resignation is not None
        level = state.resignation[1]
        board = state.board
        if isinstance(board, TavlaBoard):
            theirs = _as_chances(self._tavla_chances(state, board))
            me = 1 - state.resignation[0]
            offered = _counted(state, me, state.points_for(ResultKind(level))) / state.cube.value
            return offered >= _playing_on(state, theirs, me) - 1e-9
        assert isinstance(board, Position)
        sage = self.sage
        if state.resume is Phase.MOVING and state.turn is not None:
            # The resigner had rolled: their chances after their best play of the roll.
            assert isinstance(state.turn.start, Position)
            ranked = sage.rank(state.turn.start, (state.turn.roll[0], state.turn.roll[1]), cube_of(state))
            theirs = ranked[0].chances
        else:
            theirs = sage.cube(board, cube_of(state)).chances
        me = 1 - state.resignation[0]
        offered = _counted(state, me, state.points_for(ResultKind(level))) / state.cube.value
        return offered >= _playing_on(state, theirs, me) - 1e-9

    @staticmethod
    def _tavla_chances(state: MatchState, board: TavlaBoard) -> TavlaChances:
        """The Plakoto or Fevga chances of the player on roll (the resigner): after their best
        play of the roll when they had rolled, else before their roll."""
        judge = tavla_evaluator(state.variant.game)
        turn = state.turn
        if state.resume is Phase.MOVING and isinstance(turn, TavlaTurn):
            return judge.rank(turn.start, (turn.roll[0], turn.roll[1]), state.variant)[0].chances
        return judge.value(board, state.variant)

    def _best_play(self, state: MatchState) -> Play | TavlaPlay:
        """The best play of the turn's roll from the turn's start (decided once a turn)."""
        turn = state.turn
        assert turn is not None
        roll = (turn.roll[0], turn.roll[1])
        if isinstance(turn, TavlaTurn):
            variant = state.variant
            key: object = (turn.start, roll, variant)
            last = self._best  # (one read: another thread may replace it meanwhile)
            if last is not None and last[0] == key:
                return last[1]
            best: Play | TavlaPlay = tavla_evaluator(variant.game).choose(turn.start, roll, variant).play
        else:
            assert isinstance(turn.start, Position)
            cube = cube_of(state)
            key = (turn.start, roll, cube)
            last = self._best
            if last is not None and last[0] == key:
                return last[1]
            best = self.sage.rank(turn.start, roll, cube)[0].play
        self._best = (key, best)
        return best

    def _step(self, state: MatchState) -> Choice:
        """The next step of the best play, or the end of the turn (a step made that is not the
        best play's, from a turn begun elsewhere: taken back first)."""
        turn = state.turn
        assert turn is not None
        if turn.steps_needed == 0:
            return Choice(Action.CONFIRM)  # (no legal play: the turn passes)
        best = self._best_play(state)
        made = tuple(turn.made)
        if best.steps[: len(made)] != made:
            return Choice(Action.UNDO)
        if turn.complete:
            return Choice(Action.CONFIRM)
        return Choice(Action.MOVE, best.steps[len(made)])

    # -- doing --------------------------------------------------------------------------------

    @staticmethod
    def apply(table: Table, choice: Choice) -> Outcome:
        """Do ``choice`` through ``table``, as a person's key would."""
        action = choice.action
        if action in (Action.OPENING_ROLL, Action.ROLL):
            return table.roll()
        if action is Action.MOVE:
            assert choice.step is not None
            return table.step(choice.step)
        if action in (Action.ACCEPT, Action.DECLINE):
            return table.answer(action is Action.ACCEPT)
        do = {
            Action.DOUBLE: table.double,
            Action.TAKE: table.take,
            Action.DROP: table.drop,
            Action.BEAVER: table.beaver,
            Action.RACCOON: table.raccoon,
            Action.UNDO: table.undo,
            Action.CONFIRM: table.confirm,
            Action.NEXT_GAME: table.next_game,
        }[action]
        return do()

    def act(self, table: Table) -> Outcome:
        """Decide and do the one next thing in ``table``'s match."""
        return self.apply(table, self.decide(table.match.state))


def _counted(state: MatchState, player: int, points: int) -> int:
    """What ``points`` won by ``player`` are worth in a match: no more than they still need (a
    resignation that wins the match is the match, whatever playing on might add)."""
    length = state.rules.match_length
    return min(points, length - state.score[player]) if length else points


def _as_chances(chances: TavlaChances) -> Chances:
    """Plakoto or Fevga chances in backgammon's shape: a double win counted as a gammon is (the
    rules' :meth:`~tawla.game.state.MatchState.points_for` says what each is worth), no backgammon."""
    return Chances(chances.win, chances.double, 0.0, chances.lose_double, 0.0)


def _playing_on(state: MatchState, theirs: Chances, me: int) -> float:
    """What playing the game out is worth to the resigner's opponent ``me``, per unit of the
    cube, from the resigner's (cubeless) chances, gammons and backgammons as the rules count
    them, each result no more than its winner still needs in a match."""
    value = state.cube.value
    mine = [_counted(state, me, state.points_for(kind)) / value for kind in ResultKind]
    them = [_counted(state, 1 - me, state.points_for(kind)) / value for kind in ResultKind]
    mine_bg = theirs.lose_backgammon
    mine_gammon = theirs.lose_gammon - mine_bg
    mine_single = (1 - theirs.win) - theirs.lose_gammon
    their_bg = theirs.backgammon
    their_gammon = theirs.gammon - their_bg
    their_single = theirs.win - theirs.gammon
    return (
        mine_single * mine[0]
        + mine_gammon * mine[1]
        + mine_bg * mine[2]
        - their_single * them[0]
        - their_gammon * them[1]
        - their_bg * them[2]
    )
