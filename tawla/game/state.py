"""The state of a match, and the one function that moves it on: :func:`advance`.

:class:`MatchState` is immutable. :func:`advance` checks that an event is
allowed in a state and returns the next state, or raises
:class:`ActionError` naming the rule that forbids it. Every rule of the
game flow lives here: who may double and when, what a take, drop, beaver or
raccoon does, resignations, how a game ends and scores, the Crawford game,
the Holland rule, automatic doubles, who opens the next game. The engine
answers the checker questions.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from tawla.engine import IllegalStep, Position, TurnState, turn_state
from tawla.engine.explain import Reason, explain_step
from tawla.game.events import (
    Beavered,
    Doubled,
    Dropped,
    Event,
    NextGame,
    OpeningRolled,
    Raccooned,
    ResignAccepted,
    ResignDeclined,
    ResignOffered,
    Rolled,
    Stepped,
    Took,
    TurnEnded,
)
from tawla.game.rules import NextOpener, Opening, RuleSet


class Phase(enum.StrEnum):
    """Where the match stands; each phase says who must act (see :attr:`MatchState.to_act`)."""

    OPENING = "opening"
    """Waiting for the opening roll: each player rolls one die."""
    TURN = "turn"
    """The player on roll may double, resign, or roll."""
    DOUBLED = "doubled"
    """A double is offered: the opponent takes, drops, or (money play) beavers."""
    BEAVERED = "beavered"
    """The double was beavered: the doubler takes, drops, or raccoons."""
    RACCOONED = "raccooned"
    """The beaver was raccooned: the beaverer takes or drops."""
    MOVING = "moving"
    """The dice are rolled: the player on roll moves, may undo, then confirms."""
    RESIGNING = "resigning"
    """A resignation is offered: the opponent accepts or declines."""
    GAME_OVER = "game_over"
    """The game is over; the next one starts on request."""
    MATCH_OVER = "match_over"
    """The match is won."""


class ResultKind(enum.IntEnum):
    """How big a win is, before the options and the cube (R14)."""

    SINGLE = 1
    GAMMON = 2
    BACKGAMMON = 3


class Ending(enum.StrEnum):
    """How a game ended."""

    BEAR_OFF = "bear_off"
    DROP = "drop"
    RESIGN = "resign"


class ActionError(ValueError):
    """An action the rules do not allow now. ``code`` is a catalog key (``action.<code>``),
    ``reason`` the engine's reason for a refused step."""

    def __init__(self, code: str, reason: Reason | None = None, **params: object) -> None:
        super().__init__(code if reason is None else f"{code}: {reason}")
        self.code = code
        self.reason = reason
        self.params = params


@dataclass(frozen=True, slots=True)
class Cube:
    """The doubling cube: its value and who owns it (None: in the middle)."""

    value: int = 1
    owner: int | None = None


@dataclass(frozen=True, slots=True)
class GameResult:
    """A finished game."""

    winner: int
    ending: Ending
    kind: ResultKind
    """The size of the win on the board, or the level resigned (SINGLE for a drop)."""
    cube: int
    """The cube value that was at stake."""
    points: int
    """What the winner scored, with every option applied."""


@dataclass(frozen=True, slots=True)
class MatchState:
    """Everything about a match at one moment. Players are 0 and 1."""

    rules: RuleSet
    phase: Phase = Phase.OPENING
    game: int = 1
    """Number of the game being played, from 1."""
    score: tuple[int, int] = (0, 0)
    board: Position = field(default_factory=Position.start)
    """The board seen from the player on roll."""
    on_roll: int = 0
    cube: Cube = Cube()
    offered: int = 0
    """The cube value under discussion while a double, beaver or raccoon awaits an answer."""
    turn: TurnState | None = None
    """The turn in progress (phase MOVING)."""
    turns_played: tuple[int, int] = (0, 0)
    """Turns each player has completed in this game (for the Holland rule)."""
    auto_doubles: int = 0
    """Automatic doubles already applied in this game."""
    opening_dice: tuple[int, int] | None = None
    """The last opening roll, player 0's die first."""
    crawford_game: bool = False
    """This game is the Crawford game: nobody may double (R16)."""
    crawford_used: bool = False
    """The Crawford game has been played (or is being played): later games are post-Crawford."""
    resignation: tuple[int, int] | None = None
    """(player, level) of an offered resignation."""
    resume: Phase | None = None
    """The phase to return to if the resignation is declined."""
    results: tuple[GameResult, ...] = ()
    """Every finished game, in order."""

    # -- who, what ---------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The player who must act now (None: nobody in particular, e.g. the opening roll)."""
        phase = self.phase
        if phase in (Phase.TURN, Phase.MOVING, Phase.BEAVERED):
            return self.on_roll
        if phase in (Phase.DOUBLED, Phase.RACCOONED):
            return 1 - self.on_roll
        if phase is Phase.RESIGNING and self.resignation is not None:
            return 1 - self.resignation[0]
        return None

    @property
    def match_over(self) -> bool:
        """True once a player has reached the match length."""
        return self.phase is Phase.MATCH_OVER

    @property
    def winner(self) -> int | None:
        """The winner of the match, once it is over."""
        if not self.rules.is_match or not self.match_over:
            return None
        return 0 if self.score[0] >= self.rules.match_length else 1

    @property
    def post_crawford(self) -> bool:
        """A game after the Crawford game."""
        return self.crawford_used and not self.crawford_game

    def board_for(self, player: int) -> Position:
        """The board seen from ``player``."""
        return self.board if player == self.on_roll else self.board.swapped()

    def pips(self, player: int) -> int:
        """``player``'s pip count at the start of the turn."""
        return self.board_for(player).mover_pips

    @property
    def board_now(self) -> Position:
        """The board with the steps of the turn in progress made (seen from the player on roll)."""
        return self.turn.position if self.turn is not None else self.board

    def pips_now(self, player: int) -> int:
        """``player``'s pip count with the steps of the turn in progress made."""
        board = self.board_now
        return (board if player == self.on_roll else board.swapped()).mover_pips

    def away(self, player: int) -> int | None:
        """Points ``player`` still needs to win the match (None in money play)."""
        if not self.rules.is_match:
            return None
        return max(0, self.rules.match_length - self.score[player])

    def holland_blocks(self, player: int) -> bool:
        """The Holland rule stops ``player`` from doubling now (R17)."""
        if not (self.rules.holland and self.post_crawford):
            return False
        other = 1 - player
        trailer = self.away(other) == 1 and self.away(player) != 1
        return trailer and min(self.turns_played) < 2

    def why_no_double(self) -> str | None:
        """Why the player on roll may not double now (a catalog key under ``action.``), or None."""
        rules = self.rules
        if self.phase is not Phase.TURN:
            return "not_now"
        if not rules.cube:
            return "cube_off"
        if self.crawford_game:
            return "crawford"
        if self.cube.owner not in (None, self.on_roll):
            return "cube_owned"
        if self.cube.value * 2 > rules.max_cube:
            return "cube_max"
        if self.holland_blocks(self.on_roll):
            return "holland"
        return None

    @property
    def can_double(self) -> bool:
        """The player on roll may offer a double now."""
        return self.why_no_double() is None

    @property
    def can_beaver(self) -> bool:
        """The doubled player may beaver now."""
        return self.phase is Phase.DOUBLED and self.rules.beavers and self.offered * 2 <= self.rules.max_cube

    @property
    def can_raccoon(self) -> bool:
        """The doubler may raccoon the beaver now."""
        return self.phase is Phase.BEAVERED and self.rules.raccoons and self.offered * 2 <= self.rules.max_cube

    def points_for(self, kind: ResultKind) -> int:
        """What a win of ``kind`` is worth now, with the cube and every option (R14, R18)."""
        rules = self.rules
        multiplier = int(kind)
        if multiplier == 3 and not rules.backgammons_count:
            multiplier = 2
        if multiplier >= 2 and not rules.gammons_count:
            multiplier = 1
        if rules.jacoby and not rules.is_match and self.cube.owner is None:
            multiplier = 1
        return multiplier * self.cube.value


# -- the reducer --------------------------------------------------------------


def new_match(rules: RuleSet) -> MatchState:
    """The state before the first opening roll."""
    return MatchState(rules=rules)


def replay(rules: RuleSet, events: Iterable[Event], start: MatchState | None = None) -> MatchState:
    """Fold a history from the start (or from ``start``, a set-up position); raises
    :class:`ActionError` at the first illegal event."""
    state = start if start is not None else new_match(rules)
    for event in events:
        state = advance(state, event)
    return state


def require_phase(state: MatchState, *phases: Phase) -> None:
    """Raise the :class:`ActionError` for acting outside ``phases``."""
    if state.phase not in phases:
        code = {Phase.GAME_OVER: "game_over", Phase.MATCH_OVER: "match_over"}.get(state.phase, "not_now")
        raise ActionError(code, phase=state.phase.value)


def _check_die(d: int) -> None:
    if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= 6:
        raise ActionError("bad_dice", value=d)


def advance(state: MatchState, event: Event) -> MatchState:
    """The state after ``event``; raises :class:`ActionError` if the rules forbid it."""
    match event:
        case OpeningRolled(die0=d0, die1=d1):
            require_phase(state, Phase.OPENING)
            _check_die(d0)
            _check_die(d1)
            return _opening(state, d0, d1)
        case Rolled(dice=(d1, d2)):
            require_phase(state, Phase.TURN)
            _check_die(d1)
            _check_die(d2)
            return replace(state, phase=Phase.MOVING, turn=turn_state(state.board, (d1, d2)))
        case Stepped(source=source, die=die):
            require_phase(state, Phase.MOVING)
            assert state.turn is not None
            try:
                return replace(state, turn=state.turn.play((source, die)))
            except IllegalStep:
                raise ActionError("illegal_step", explain_step(state.turn, source, die)) from None
        case TurnEnded():
            require_phase(state, Phase.MOVING)
            return _end_turn(state)
        case Doubled():
            require_phase(state, Phase.TURN)
            why = state.why_no_double()
            if why is not None:
                raise ActionError(why)
            return replace(state, phase=Phase.DOUBLED, offered=state.cube.value * 2)
        case Took():
            require_phase(state, Phase.DOUBLED, Phase.BEAVERED, Phase.RACCOONED)
            taker = state.to_act
            assert taker is not None
            # Whoever takes a double owns the cube; a beaver or raccoon keeps it
            # with the player who made it (R19).
            owner = taker if state.phase is Phase.DOUBLED else 1 - taker
            return replace(state, phase=Phase.TURN, cube=Cube(state.offered, owner), offered=0)
        case Dropped():
            require_phase(state, Phase.DOUBLED, Phase.BEAVERED, Phase.RACCOONED)
            doubler = 1 - state.to_act  # type: ignore[operator]
            stake = state.offered // 2
            result = GameResult(doubler, Ending.DROP, ResultKind.SINGLE, stake, stake)
            return _finish(replace(state, offered=0), result)
        case Beavered():
            require_phase(state, Phase.DOUBLED)
            if not state.can_beaver:
                raise ActionError("beavers_off" if not state.rules.beavers else "cube_max")
            return replace(state, phase=Phase.BEAVERED, offered=state.offered * 2)
        case Raccooned():
            require_phase(state, Phase.BEAVERED)
            if not state.can_raccoon:
                raise ActionError("raccoons_off" if not state.rules.raccoons else "cube_max")
            return replace(state, phase=Phase.RACCOONED, offered=state.offered * 2)
        case ResignOffered(level=level):
            require_phase(state, Phase.TURN, Phase.MOVING)
            if level not in (1, 2, 3):
                raise ActionError("bad_level", value=level)
            return replace(state, phase=Phase.RESIGNING, resignation=(state.on_roll, level), resume=state.phase)
        case ResignAccepted():
            require_phase(state, Phase.RESIGNING)
            assert state.resignation is not None
            resigner, level = state.resignation
            kind = ResultKind(level)
            result = GameResult(1 - resigner, Ending.RESIGN, kind, state.cube.value, state.points_for(kind))
            return _finish(replace(state, resignation=None, resume=None), result)
        case ResignDeclined():
            require_phase(state, Phase.RESIGNING)
            assert state.resume is not None
            return replace(state, phase=state.resume, resignation=None, resume=None)
        case NextGame():
            require_phase(state, Phase.GAME_OVER)
            return _next_game(state)
    raise ActionError("unknown_event", value=repr(event))  # pragma: no cover


def _opening(state: MatchState, d0: int, d1: int) -> MatchState:
    rules = state.rules
    if d0 == d1:
        # R2: a tie is rolled again; R4a: in money play it may turn the cube first.
        cube = state.cube
        auto = state.auto_doubles
        if auto < rules.automatic_doubles and cube.value * 2 <= rules.max_cube:
            cube = Cube(cube.value * 2, None)
            auto += 1
        return replace(state, cube=cube, auto_doubles=auto, opening_dice=(d0, d1))
    winner = 0 if d0 > d1 else 1
    base = replace(state, on_roll=winner, opening_dice=(d0, d1))
    if rules.opening is Opening.WINNER_REROLLS:
        return replace(base, phase=Phase.TURN)
    dice = (max(d0, d1), min(d0, d1))
    return replace(base, phase=Phase.MOVING, turn=turn_state(state.board, dice))


def _end_turn(state: MatchState) -> MatchState:
    turn = state.turn
    assert turn is not None
    if not turn.complete:
        raise ActionError("turn_incomplete", steps=turn.steps_needed - len(turn.made))
    after = turn.position
    played = list(state.turns_played)
    played[state.on_roll] += 1
    moved = replace(state, turn=None, turns_played=(played[0], played[1]))
    if after.mover_off == 15:
        kind = _result_kind(after)
        result = GameResult(state.on_roll, Ending.BEAR_OFF, kind, state.cube.value, state.points_for(kind))
        return _finish(replace(moved, board=after), result)
    return replace(moved, phase=Phase.TURN, board=after.swapped(), on_roll=1 - state.on_roll)


def _result_kind(after: Position) -> ResultKind:
    """R14 from the winner's view: the loser is the opponent of ``after``'s mover."""
    if after.opponent_off > 0:
        return ResultKind.SINGLE
    in_winners_home = after.opponent_bar > 0 or any(after[p] < 0 for p in range(1, 7))
    return ResultKind.BACKGAMMON if in_winners_home else ResultKind.GAMMON


def _finish(state: MatchState, result: GameResult) -> MatchState:
    score = list(state.score)
    score[result.winner] += result.points
    over = state.rules.is_match and max(score) >= state.rules.match_length
    return replace(
        state,
        phase=Phase.MATCH_OVER if over else Phase.GAME_OVER,
        score=(score[0], score[1]),
        results=(*state.results, result),
        turn=None,
    )


def _next_game(state: MatchState) -> MatchState:
    rules = state.rules
    previous = state.results[-1].winner
    crawford = False
    used = state.crawford_used
    if rules.is_match and not used:
        # R16: the first game after a player first reaches match point - 1.
        at = [s == rules.match_length - 1 for s in state.score]
        if at[0] != at[1]:
            crawford = used = True
    fresh = replace(
        state,
        game=state.game + 1,
        board=Position.start(),
        cube=Cube(),
        offered=0,
        turn=None,
        turns_played=(0, 0),
        auto_doubles=0,
        opening_dice=None,
        crawford_game=crawford,
        crawford_used=used,
        resignation=None,
        resume=None,
    )
    if rules.next_game_opener is NextOpener.PREVIOUS_WINNER:
        return replace(fresh, phase=Phase.TURN, on_roll=previous)
    return replace(fresh, phase=Phase.OPENING, on_roll=0)
