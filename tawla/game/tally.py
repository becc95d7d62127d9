"""How a match went, counted from its events: what the players' book adds up.

:func:`tell` folds a history (its rules, where it began, its events) into a
:class:`MatchStory`: for every game, each player's rolls (the pips rolled against the
:data:`EXPECTED_PIPS` a roll brings on average: the luck of the dice), doubles rolled,
hits, turns, the cube's history, both pip counts turn by turn (a series to draw) and
how the game ended.

A player's **turns** are the times the player was on roll and did something with it: rolled
(a roll with nothing to play too; the opening roll counts for the player who plays it), or
ended the game before rolling — a double that was passed, a resignation accepted. A double
that was taken and the roll after it are one turn, as a resignation declined and the roll
after it are. (Counting completed turns only, a player whose double was passed after the
other's opening turn had none: "Turns 0".) :func:`tally` sums a story into the few figures per player the book
adds up across matches (:class:`MatchTally`).

There are two ways through the one fold, giving the same story for any legal history:

* ``exact=True`` moves every event through :func:`tawla.game.state.advance`: every rule
  is checked, exactly as loading a saved match does;
* the default takes the checker play on trust. A step is only moved on the board
  (:func:`tawla.engine.apply_step` still refuses a checker that is not there, a closed
  point, a bear-off from outside home), so no legal plays are generated, and a turn is
  handed on without a new state; everything else (the opening roll, the cube,
  resignations, the end of a game, the next game) goes through ``advance`` as it is.
  This is what makes an index of thousands of matches quick to build: the store
  compares the state it reaches with the check block of the file and folds the file
  exactly when they differ.

Pure: no I/O, and nothing here knows about files or screens.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Final, NamedTuple

from tawla.engine import CHECKERS, OFF, IllegalStep, Position, TurnState, normalise_roll, step_on
from tawla.engine import games as engine
from tawla.engine.moves import dice_of
from tawla.game.events import (
    Beavered,
    Doubled,
    Dropped,
    Event,
    NextGame,
    OpeningRolled,
    Raccooned,
    ResignOffered,
    Rolled,
    Stepped,
    Took,
    TurnEnded,
)
from tawla.game.figures import Side
from tawla.game.match import Match
from tawla.game.rules import RuleSet
from tawla.game.state import GameResult, MatchState, Phase, ResultKind, advance, new_match

EXPECTED_PIPS: Final = 49 / 6
"""The pips one roll of two dice brings on average, a double counting four times (8.17)."""


class CubeAction(enum.StrEnum):
    """What a player did with the cube."""

    DOUBLE = "double"
    TAKE = "take"
    DROP = "drop"
    BEAVER = "beaver"
    """Took a double and redoubled at once, keeping the cube (money play)."""
    RACCOON = "raccoon"
    """Answered a beaver with another redouble (money play)."""


OFFERS: Final = frozenset({CubeAction.DOUBLE, CubeAction.BEAVER, CubeAction.RACCOON})
"""The actions that offer a higher cube (each is answered by a take, a drop or the next redouble)."""


@dataclass(frozen=True, slots=True)
class CubeMove:
    """One move of the cube's history."""

    player: int
    """Who did it (0 or 1)."""
    action: CubeAction
    value: int
    """The value offered (a double, beaver or raccoon) or answered (a take or drop)."""
    turn: int
    """How many turns of the game had been played when it happened."""


class Turn(NamedTuple):
    """One completed turn (a named tuple: a long history has thousands)."""

    player: int
    dice: tuple[int, int]
    """The roll played, higher die first."""
    opening: bool
    """The opening roll (a die each), played by its winner as the first turn."""
    hits: int
    """Checkers the turn sent to the bar."""
    pips: tuple[int, int]
    """Both pip counts after the turn, player 0's first."""


@dataclass(frozen=True, slots=True)
class GameStory:
    """How one game went. Player figures are pairs, player 0's first."""

    number: int
    """The game's number in the match, from 1."""
    start_pips: tuple[int, int]
    """Both pip counts before the first turn (167 each in backgammon, 360 in Plakoto and Fevga,
    unless the match was set up)."""
    turns: tuple[Turn, ...]
    """The completed turns, in order."""
    rolls: tuple[tuple[int, tuple[int, int]], ...]
    """Every roll of both dice (who rolled, the dice): the turns' rolls, and the roll of a turn
    the game ended in (a resignation). The opening roll, a die each, is not one of them."""
    hits: tuple[int, int]
    """Checkers each player sent to the bar."""
    cube: tuple[CubeMove, ...]
    """The cube's history."""
    result: GameResult | None
    """How the game ended (None: it had not ended when the match was put away)."""
    turns_had: tuple[int, int] = (0, 0)
    """Each player's turns (see the module docstring): the completed ones, and a turn the game
    ended in (a double passed, a resignation accepted, the last checker borne off)."""

    @property
    def pips(self) -> tuple[tuple[int, int], ...]:
        """Both pip counts at the start and after every turn: the series to plot."""
        return (self.start_pips, *(turn.pips for turn in self.turns))

    def turns_of(self, player: int) -> int:
        """Turns ``player`` had (the opening roll played counts as one; so does a turn the game
        ended in before its roll, a double passed or a resignation accepted: see the module)."""
        return self.turns_had[player]

    def rolls_of(self, player: int) -> int:
        """Rolls of both dice by ``player``."""
        return sum(1 for who, _ in self.rolls if who == player)

    def pips_rolled(self, player: int) -> int:
        """The pips of ``player``'s rolls, a double counting four times."""
        return sum(_pips_of(dice) for who, dice in self.rolls if who == player)

    def doubles_rolled(self, player: int) -> int:
        """Doubles ``player`` rolled."""
        return sum(1 for who, (d1, d2) in self.rolls if who == player and d1 == d2)

    def expected_pips(self, player: int) -> float:
        """What ``player``'s rolls bring on average (:data:`EXPECTED_PIPS` a roll)."""
        return self.rolls_of(player) * EXPECTED_PIPS

    def luck(self, player: int) -> float:
        """Pips rolled above (or, negative, below) the average: the dice's luck."""
        return self.pips_rolled(player) - self.expected_pips(player)


def _pips_of(dice: tuple[int, int]) -> int:
    d1, d2 = dice
    return 4 * d1 if d1 == d2 else d1 + d2


@dataclass(frozen=True, slots=True)
class MatchStory:
    """How a match (or money session) went, game by game."""

    rules: RuleSet
    games: tuple[GameStory, ...]
    """Every game begun, in order (the last may be unfinished)."""
    final: MatchState
    """The state the history ends in."""

    def rolls_of(self, player: int) -> int:
        return sum(g.rolls_of(player) for g in self.games)

    def pips_rolled(self, player: int) -> int:
        return sum(g.pips_rolled(player) for g in self.games)

    def doubles_rolled(self, player: int) -> int:
        return sum(g.doubles_rolled(player) for g in self.games)

    def expected_pips(self, player: int) -> float:
        return self.rolls_of(player) * EXPECTED_PIPS

    def luck(self, player: int) -> float:
        """Pips rolled above (negative: below) the average, over the whole match."""
        return self.pips_rolled(player) - self.expected_pips(player)

    def hits(self, player: int) -> int:
        return sum(g.hits[player] for g in self.games)

    def turns_of(self, player: int) -> int:
        return sum(g.turns_of(player) for g in self.games)


@dataclass(frozen=True, slots=True)
class MatchTally:
    """A match's figures for the book."""

    length: int
    """The match length (0: money play)."""
    games: int
    """Games finished."""
    finished: bool
    """A match played to its length (a money session never is: it is put away)."""
    winner: int | None
    """Who won: the match's winner; in money play whoever is ahead on points (None: level, or a
    match that was not finished)."""
    sides: tuple[Side, Side]


def tally(story: MatchStory) -> MatchTally:
    """The book's figures of one match."""
    sides = []
    for player in (0, 1):
        won = [g.result for g in story.games if g.result is not None and g.result.winner == player]
        moves = [c for g in story.games for c in g.cube if c.player == player]
        sides.append(
            Side(
                points=sum(r.points for r in won),
                games=len(won),
                gammons=sum(1 for r in won if r.kind is ResultKind.GAMMON),
                backgammons=sum(1 for r in won if r.kind is ResultKind.BACKGAMMON),
                offers=sum(1 for c in moves if c.action in OFFERS),
                takes=sum(1 for c in moves if c.action is CubeAction.TAKE),
                drops=sum(1 for c in moves if c.action is CubeAction.DROP),
                rolls=sum(g.rolls_of(player) for g in story.games),
                pips=sum(g.pips_rolled(player) for g in story.games),
            )
        )
    final = story.final
    games = sum(1 for g in story.games if g.result is not None)
    winner: int | None
    if story.rules.is_match:
        winner = final.winner
    else:
        a, b = sides[0].points, sides[1].points
        winner = None if a == b else 0 if a > b else 1
    return MatchTally(story.rules.match_length, games, final.match_over, winner, (sides[0], sides[1]))


# -- the fold ----------------------------------------------------------------------------

_MOVING: Final = Phase.MOVING
_TURN: Final = Phase.TURN
_BEGUN: Final = frozenset({Phase.MOVING, Phase.DOUBLED, Phase.BEAVERED, Phase.RACCOONED, Phase.RESIGNING})
"""Phases in which the player on roll's turn has begun."""
_STARTS_A_TURN: Final = (Rolled, Doubled, ResignOffered)
"""What the player on roll may do first in a turn."""
_CUBE: Final[dict[type, CubeAction]] = {
    Doubled: CubeAction.DOUBLE,
    Took: CubeAction.TAKE,
    Dropped: CubeAction.DROP,
    Beavered: CubeAction.BEAVER,
    Raccooned: CubeAction.RACCOON,
}


class _Fold:
    """Folds events into game stories (see the module docstring for the two ways).

    The turn in progress lives in plain attributes (``board`` … ``made``); ``state`` is
    brought up to date from them (:meth:`_state`) only when an event goes through
    :func:`advance`, and they are read back from its answer (:meth:`_take`)."""

    def __init__(self, start: MatchState, exact: bool) -> None:
        self.exact = exact
        self.state = start
        self.stale = False
        self.games: list[GameStory] = []
        self._take(start)
        self._begin()
        if start.phase in _BEGUN:  # (a set-up position in the middle of a turn)
            self._turn_begins(start.on_roll)

    # -- the turn in progress, outside the state ---------------------------------------

    def _take(self, s: MatchState) -> None:
        self.state = s
        self.stale = False
        self.phase = s.phase
        self.board = s.board
        self.on_roll = s.on_roll
        self.played = list(s.turns_played)
        self.cube_turned = s.cube_turned
        self.pips = [s.pips_now(0), s.pips_now(1)]
        turn = s.turn
        if turn is not None:
            self.roll = turn.roll
            self.made = list(turn.made)
            self.pos = turn.position
            self.remaining = list(turn.remaining)

    def _state(self) -> MatchState:
        if self.stale:
            turn = None
            if self.phase is Phase.MOVING:
                made = tuple(self.made)  # (a turn on trust: as many steps as it took, so it is complete)
                assert isinstance(self.board, Position) and isinstance(self.pos, Position)  # (backgammon only)
                turn = TurnState(self.board, self.roll, made, self.pos, tuple(self.remaining), len(made), None)
            self.state = replace(
                self.state,
                phase=self.phase,
                board=self.board,
                on_roll=self.on_roll,
                turns_played=(self.played[0], self.played[1]),
                cube_turned=self.cube_turned,
                turn=turn,
            )
            self.stale = False
        return self.state

    # -- the game being told ---------------------------------------------------------------

    def _begin(self) -> None:
        s = self.state
        self.number = s.game
        self.start_pips = (s.pips(0), s.pips(1))
        self.turns: list[Turn] = []
        self.rolls: list[tuple[int, tuple[int, int]]] = []
        self.hits = [0, 0]
        self.turn_hits = 0
        self.opening = False
        self.cube: list[CubeMove] = []
        self.result: GameResult | None = None
        self.had = [0, 0]
        self.begun = False
        """The turn of the player on roll has begun (counted in ``had``)."""

    def _close(self) -> None:
        self.games.append(
            GameStory(
                self.number,
                self.start_pips,
                tuple(self.turns),
                tuple(self.rolls),
                (self.hits[0], self.hits[1]),
                tuple(self.cube),
                self.result,
                (self.had[0], self.had[1]),
            )
        )

    def _turn_begins(self, player: int) -> None:
        """``player``, on roll, does the first thing of a turn (counted once, whatever follows)."""
        if not self.begun:
            self.had[player] += 1
            self.begun = True

    def _hit(self, player: int) -> None:
        self.hits[player] += 1
        self.turn_hits += 1

    def _turn_done(self, player: int, roll: tuple[int, int], pips: tuple[int, int]) -> None:
        self.turns.append(Turn(player, roll, self.opening, self.turn_hits, pips))
        self.turn_hits = 0
        self.opening = False
        self.begun = False

    # -- events ------------------------------------------------------------------------------

    def feed(self, event: Event) -> None:
        kind = type(event)
        if not self.exact:
            if kind is Stepped and self.phase is _MOVING:
                self._step(event)  # type: ignore[arg-type]
                return
            if kind is TurnEnded and self.phase is _MOVING:
                self._end_turn()
                return
            if kind is Rolled and self.phase is _TURN:
                self._roll(event.dice)  # type: ignore[union-attr]
                return
        self._advance(event)

    def _roll(self, dice: tuple[int, int]) -> None:
        self._turn_begins(self.on_roll)
        roll = normalise_roll(dice)
        self.rolls.append((self.on_roll, roll))
        self.roll = roll
        self.made = []
        self.pos = self.board
        self.remaining = list(dice_of(roll))
        self.phase = _MOVING
        self.cube_turned = False
        self.opening = False
        self.stale = True

    def _step(self, event: Stepped) -> None:
        die = event.die
        assert isinstance(self.pos, Position)  # (the trust path is backgammon's)
        moved = step_on(self.pos, event.source, die) if die in self.remaining else None
        if moved is None:
            raise IllegalStep((event.source, die))
        step, self.pos = moved
        self.made.append(step)
        self.remaining.remove(die)
        self.stale = True
        player = self.on_roll
        self.pips[player] -= step.source - step.dest  # (the bar is 25, off is 0)
        if step.hit:
            self.pips[1 - player] += step.dest  # (sent from its 25 - dest to its bar, 25)
            self._hit(player)
        if step.dest == OFF and self.pos.mover_off == CHECKERS:
            self._advance(TurnEnded())  # the game is over: its end goes through the rules

    def _end_turn(self) -> None:
        player = self.on_roll
        self.played[player] += 1
        self.board = self.pos.swapped()
        self.on_roll = 1 - player
        self.phase = _TURN
        self.stale = True
        self._turn_done(player, self.roll, (self.pips[0], self.pips[1]))

    def _advance(self, event: Event) -> None:
        before = self._state()
        after = advance(before, event)
        kind = type(event)
        if kind in _STARTS_A_TURN:
            self._turn_begins(before.on_roll)
        elif kind is OpeningRolled and after.phase is Phase.MOVING:
            self._turn_begins(after.on_roll)  # (the winner plays the opening dice: the first turn)
        if kind is Rolled:
            assert isinstance(event, Rolled)
            self.rolls.append((before.on_roll, normalise_roll(event.dice)))
            self.opening = False
        elif kind is Stepped:
            assert isinstance(event, Stepped) and before.turn is not None
            moved = engine.step_of(before.variant, before.turn.position, event.source, event.die)
            if moved is not None and moved[0].hit:  # (a Plakoto pin counts as a hit)
                self._hit(before.on_roll)
        elif kind is OpeningRolled:
            self.opening = after.phase is Phase.MOVING  # the winner plays the opening dice
        elif kind in _CUBE:
            actor = before.on_roll if kind is Doubled else before.to_act
            assert actor is not None
            value = after.offered if kind in (Doubled, Beavered, Raccooned) else before.offered
            self.cube.append(CubeMove(actor, _CUBE[kind], value, len(self.turns)))
        if before.turn is not None and after.turn is None and kind in (TurnEnded, Stepped):
            self._turn_done(before.on_roll, before.turn.roll, (after.pips(0), after.pips(1)))
        if len(after.results) > len(before.results):
            self.result = after.results[-1]
        if kind is NextGame:
            self._close()
            self._take(after)
            self._begin()
            return
        self._take(after)

    def finish(self) -> MatchStory:
        final = self._state()
        self._close()
        return MatchStory(final.rules, tuple(self.games), final)


def tell(
    rules: RuleSet, events: Iterable[Event], start: MatchState | None = None, *, exact: bool = False
) -> MatchStory:
    """The story of the history ``events`` under ``rules`` (from ``start``, a set-up position,
    or the start of a match). Raises :class:`~tawla.game.state.ActionError` (or, folding on
    trust, :class:`~tawla.engine.IllegalStep`) at an event the rules do not allow."""
    # (Plakoto and Fevga have no fast path: their steps go through the rules, as loading does)
    fold = _Fold(start if start is not None else new_match(rules), exact or rules.tavla)
    for event in events:
        fold.feed(event)
    return fold.finish()


def story_of(match: Match) -> MatchStory:
    """The story of a match in hand (a :class:`~tawla.game.match.Match`, loaded or being
    played), every event checked."""
    return tell(match.rules, match.events, match.start, exact=True)
