"""The state of a match, and the one function that moves it on: :func:`advance`.

:class:`MatchState` is immutable. :func:`refusal` says whether an event is
allowed in a state and, if not, which rule forbids it (an
:class:`ActionError`); :func:`advance` raises exactly that refusal or returns
the next state. Every rule of the game flow lives here: who may double and
when (once per turn, before the roll), what a take, drop, beaver or raccoon
does, resignations, how a game ends (the moment the fifteenth checker is off)
and scores, the Crawford game, the Holland rule, automatic doubles, who opens
the next game. The engine answers the checker questions.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields
from typing import Any

from tawla.engine import IllegalStep, Position
from tawla.engine import games as engine
from tawla.engine.explain import Reason, Why
from tawla.engine.games import Board, Turn
from tawla.engine.tavla import Ending as GameEnd
from tawla.engine.tavla import Mother, Variant
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
    """The player on roll may double (once per turn), resign, or roll."""
    DOUBLED = "doubled"
    """A double is offered: the opponent takes, drops, or (money play) beavers."""
    BEAVERED = "beavered"
    """The double was beavered: the doubler takes, drops, or raccoons."""
    RACCOONED = "raccooned"
    """The beaver was raccooned: the beaverer takes or drops."""
    MOVING = "moving"
    """The dice are rolled: the player on roll moves, may undo, then confirms (the step that
    bears the fifteenth checker off ends the game at once)."""
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


class Discount(enum.StrEnum):
    """Why a win scores less than its size times the cube (R14, R18)."""

    GAMMONS_OFF = "gammons_off"
    """Gammons do not count: every game is worth the cube alone."""
    BACKGAMMONS_OFF = "backgammons_off"
    """Backgammons do not count: a backgammon scores as a gammon."""
    JACOBY = "jacoby"
    """The Jacoby rule (money play): the cube was never turned, so a gammon counts single."""


class Ending(enum.StrEnum):
    """How a game ended."""

    BEAR_OFF = "bear_off"
    DROP = "drop"
    RESIGN = "resign"
    MOTHER = "mother"
    """Plakoto: the winner pinned the loser's mother checker on its starting point."""
    DRAW = "draw"
    """Plakoto: both mothers are pinned; nobody scores."""


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

    winner: int | None
    """The player who won the game; None for a draw (Plakoto's two pinned mothers)."""
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
    board: Board = field(default_factory=Position.start)
    """The board seen from the player on roll (a Plakoto or Fevga board in those games)."""
    on_roll: int = 0
    cube: Cube = Cube()
    offered: int = 0
    """The cube value under discussion while a double, beaver or raccoon awaits an answer."""
    turn: Turn | None = None
    """The turn in progress (phase MOVING)."""
    cube_turned: bool = False
    """The cube has been turned this turn (a double, beaver or raccoon was taken): the player
    on roll must roll now; there is one cube exchange per turn, before the roll."""
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
    def variant(self) -> Variant:
        """The game being played (in a tavli match, the game of this number) and its settings."""
        return self.rules.variant_of(self.game)

    @property
    def offered_by(self) -> int:
        """Who made the cube offer on the table: the doubler, the beaverer (the doubled player,
        redoubling at once) or the raccooner (the doubler again)."""
        return 1 - self.on_roll if self.phase is Phase.BEAVERED else self.on_roll

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

    def board_for(self, player: int) -> Board:
        """The board seen from ``player``."""
        return self.board if player == self.on_roll else self.board.swapped()

    def pips(self, player: int) -> int:
        """``player``'s pip count at the start of the turn."""
        return self.board_for(player).mover_pips

    @property
    def board_now(self) -> Board:
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

    def cube_dead_for(self, player: int) -> bool:
        """In a match, the cube is dead for ``player`` when its value already gives them the
        match: winning this game at it wins the match, so a double could only help the opponent.
        GNU Backgammon refuses such a double ("The cube is dead"); in a 1-point match the cube is
        dead for both players from the start."""
        away = self.away(player)
        return away is not None and self.cube.value >= away and self.rules.dead_cube

    @property
    def cube_live(self) -> bool:
        """The cube can still be turned in this game by one player or the other, at some turn:
        the table plays with it, this is not the Crawford game, it is below its highest value
        and not dead for whoever may double it next (the board draws a cube that is not live as
        dead). Holland's wait is not counted: it ends within the game."""
        rules = self.rules
        if not rules.cube or self.crawford_game or self.cube.value * 2 > rules.max_cube:
            return False
        holders = (0, 1) if self.cube.owner is None else (self.cube.owner,)
        return any(not self.cube_dead_for(player) for player in holders)

    def holland_blocks(self, player: int) -> bool:
        """The Holland rule stops ``player`` from doubling now (R17)."""
        if not (self.rules.holland and self.post_crawford):
            return False
        other = 1 - player
        trailer = self.away(other) == 1 and self.away(player) != 1
        return trailer and min(self.turns_played) < 2

    def why_no_double(self) -> str | None:
        """Why the player on roll may not double now (a catalog key under ``action.``), or None."""
        error = refusal(self, Doubled())
        return None if error is None else error.code

    @property
    def can_double(self) -> bool:
        """The player on roll may offer a double now."""
        return refusal(self, Doubled()) is None

    @property
    def can_beaver(self) -> bool:
        """The doubled player may beaver now."""
        return refusal(self, Beavered()) is None

    @property
    def can_raccoon(self) -> bool:
        """The doubler may raccoon the beaver now."""
        return refusal(self, Raccooned()) is None

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

    def counted_as(self, kind: ResultKind) -> Discount | None:
        """Why a win of ``kind`` now scores less than its size times the cube (what
        :meth:`points_for` applies), or None when it scores its full size."""
        rules = self.rules
        if kind is ResultKind.SINGLE:
            return None
        if not rules.gammons_count:
            return Discount.GAMMONS_OFF
        if rules.jacoby and not rules.is_match and self.cube.owner is None:
            return Discount.JACOBY
        if kind is ResultKind.BACKGAMMON and not rules.backgammons_count:
            return Discount.BACKGAMMONS_OFF
        return None

    def resign_levels(self) -> tuple[ResultKind, ...]:
        """What the player on roll can resign now, a single game first: a gammon and a
        backgammon only when each is worth more than the one below it (not with gammons off,
        nor under the Jacoby rule with the cube in the middle; no backgammon when it counts as a
        gammon). Offering more than can be won would give nothing more away; in a match, nor
        would more than the match: the first level that gives the opponent the match is the last
        offered (:meth:`resigns_match`)."""
        levels = [ResultKind.SINGLE]
        for kind in (ResultKind.GAMMON, ResultKind.BACKGAMMON):
            if self.resigns_match(levels[-1]):
                break
            if self.points_for(kind) > self.points_for(levels[-1]):
                levels.append(kind)
        return tuple(levels)

    def resigns_match(self, kind: ResultKind) -> bool:
        """In a match, resigning ``kind`` now gives the opponent of the player on roll the match
        (what it scores reaches what they still need)."""
        away = self.away(1 - self.on_roll)
        return away is not None and self.points_for(kind) >= away

    @property
    def opens_next(self) -> int | None:
        """Once a game is over (and the match is not), who opens the next one without an
        opening roll: this game's winner when the rules say the previous winner opens (R4);
        None when an opening roll decides who starts it (or there is no next game)."""
        if self.phase is not Phase.GAME_OVER or not self.results:
            return None
        if self.rules.next_game_opener is NextOpener.PREVIOUS_WINNER:
            return self.results[-1].winner  # (None after a draw: an opening roll decides)
        return None

    @property
    def game_under_way(self) -> bool:
        """A game has begun and is not over: a checker has moved, a roll is being played or
        the cube has turned (a money session ended now leaves that game uncounted)."""
        if self.phase in (Phase.OPENING, Phase.GAME_OVER, Phase.MATCH_OVER):
            return False
        return self.phase is not Phase.TURN or self.turns_played != (0, 0) or self.cube != Cube()


_FIELDS = tuple((f.name, vars(MatchState)[f.name].__set__) for f in fields(MatchState))
"""Each field of a MatchState and the setter of its slot, for :func:`_with`."""
_NAMES = frozenset(name for name, _ in _FIELDS)


def _with(state: MatchState, **changes: Any) -> MatchState:
    """``dataclasses.replace(state, **changes)``, twice as quick (a match makes a state at every
    action, and tests replay hundreds of thousands): the fields set straight into a new state's
    slots, as its ``__init__`` sets them (a MatchState has no ``__post_init__`` and no field
    that is not in ``__init__``)."""
    if not changes.keys() <= _NAMES:
        raise TypeError(f"MatchState has no field {sorted(changes.keys() - _NAMES)}")
    new: MatchState = object.__new__(MatchState)
    for name, set_ in _FIELDS:
        set_(new, changes[name] if name in changes else getattr(state, name))
    return new


# -- the one check: may this happen now, and if not, why -------------------------------

_DECIDING = (Phase.DOUBLED, Phase.BEAVERED, Phase.RACCOONED)


def phase_refusal(state: MatchState, *phases: Phase) -> ActionError | None:
    """The refusal of an action that only ``phases`` allow, named by what the current phase
    waits for (None when the phase is one of them)."""
    phase = state.phase
    if phase in phases:
        return None
    if phase is Phase.GAME_OVER:
        return ActionError("game_over")
    if phase is Phase.MATCH_OVER:
        return ActionError("match_over")
    if phase is Phase.OPENING:
        return ActionError("opening_first")
    if phase in _DECIDING:
        return ActionError("answer_double")
    if phase is Phase.RESIGNING:
        return ActionError("answer_resignation")
    if phase is Phase.TURN:
        return ActionError("roll_first")
    return ActionError("not_now")


def _over(state: MatchState) -> ActionError | None:
    """The refusal of anything but the next game once the game (or the match) is over."""
    if state.phase is Phase.GAME_OVER:
        return ActionError("game_over")
    if state.phase is Phase.MATCH_OVER:
        return ActionError("match_over")
    return None


def _die_refusal(d: object) -> ActionError | None:
    if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= 6:
        return ActionError("bad_dice", value=d)
    return None


def roll_refusal(state: MatchState, opening: bool = False) -> ActionError | None:
    """Why the player on roll (``opening``: both players, one die each) may not roll now,
    whatever the dice; None if they may."""
    if opening:
        return phase_refusal(state, Phase.OPENING)
    if state.phase is Phase.MOVING:
        return ActionError("already_rolled")
    return phase_refusal(state, Phase.TURN)


def _double_refusal(state: MatchState) -> ActionError | None:
    rules = state.rules
    error = _over(state)
    if error is not None:
        return error
    if not rules.cube:
        return ActionError("cube_off")
    if state.crawford_game:
        return ActionError("crawford")
    if state.phase is Phase.MOVING:
        return ActionError("after_roll")
    error = phase_refusal(state, Phase.TURN)
    if error is not None:
        return error
    if state.cube.owner not in (None, state.on_roll):
        return ActionError("cube_owned")
    if state.cube_turned:
        return ActionError("cube_turned")
    if state.cube.value * 2 > rules.max_cube:
        return ActionError("cube_max")
    if state.cube_dead_for(state.on_roll):
        return ActionError("cube_dead")
    if state.holland_blocks(state.on_roll):
        return ActionError("holland")
    return None


def _answer_refusal(state: MatchState) -> ActionError | None:
    """Take or pass: only with a double, beaver or raccoon on offer (never without the cube)."""
    error = _over(state)
    if error is not None:
        return error
    if not state.rules.cube:
        return ActionError("cube_off")
    if state.phase in (Phase.TURN, Phase.MOVING):
        return ActionError("no_double")
    return phase_refusal(state, *_DECIDING)


def _beaver_refusal(state: MatchState) -> ActionError | None:
    rules = state.rules
    error = _over(state)
    if error is not None:
        return error
    if not rules.cube:
        return ActionError("cube_off")
    if rules.is_match:
        return ActionError("beavers_match")
    if not rules.beavers:
        return ActionError("beavers_off")
    if state.phase in (Phase.TURN, Phase.MOVING, Phase.BEAVERED, Phase.RACCOONED):
        return ActionError("no_double")  # a beaver answers a double, at once
    error = phase_refusal(state, Phase.DOUBLED)
    if error is not None:
        return error
    if state.offered * 2 > rules.max_cube:
        return ActionError("cube_max")
    return None


def _raccoon_refusal(state: MatchState) -> ActionError | None:
    rules = state.rules
    error = _over(state)
    if error is not None:
        return error
    if not rules.cube:
        return ActionError("cube_off")
    if rules.is_match:
        return ActionError("raccoons_match")
    if not rules.raccoons:
        return ActionError("raccoons_off")
    if state.phase in (Phase.TURN, Phase.MOVING, Phase.DOUBLED, Phase.RACCOONED):
        return ActionError("no_beaver")  # a raccoon answers a beaver, at once
    error = phase_refusal(state, Phase.BEAVERED)
    if error is not None:
        return error
    if state.offered * 2 > rules.max_cube:
        return ActionError("cube_max")
    return None


def _resign_refusal(state: MatchState, level: object) -> ActionError | None:
    error = phase_refusal(state, Phase.TURN, Phase.MOVING)
    if error is not None:
        return error
    if level not in (1, 2, 3) or isinstance(level, bool):
        return ActionError("bad_level", value=level)
    return None


def end_session_refusal(state: MatchState) -> ActionError | None:
    """Why the money session cannot be ended now, or None when it can (the players may stop
    between games or in the middle of one, whose result is then not counted): a match ends
    when it is won (``session_match``); a double or a resignation on offer is answered first."""
    if state.rules.is_match:
        return ActionError("session_match")
    if state.phase in _DECIDING:
        return ActionError("answer_double")
    if state.phase is Phase.RESIGNING:
        return ActionError("answer_resignation")
    return None


def _step(state: MatchState, source: int, die: int) -> Turn | ActionError:
    """The turn after moving a checker from ``source`` with ``die``, or the refusal (with the
    engine's reason for a refused step)."""
    error = phase_refusal(state, Phase.MOVING)
    if error is not None:
        return error
    turn = state.turn
    assert turn is not None
    try:
        return turn.play((source, die))
    except IllegalStep:
        return ActionError("illegal_step", engine.explain_step(turn, source, die))


def move_refusal(state: MatchState) -> ActionError | None:
    """Why no checker can be moved now (None: some step can be made)."""
    error = phase_refusal(state, Phase.MOVING)
    if error is not None:
        return error
    turn = state.turn
    assert turn is not None
    if turn.legal:
        return None
    return ActionError("illegal_step", Reason(Why.NO_PLAY if turn.steps_needed == 0 else Why.TURN_COMPLETE))


def _confirm_refusal(state: MatchState) -> ActionError | None:
    error = phase_refusal(state, Phase.MOVING)
    if error is not None:
        return error
    turn = state.turn
    assert turn is not None
    if not turn.complete:
        return ActionError("turn_incomplete", steps=turn.steps_needed - len(turn.made))
    return None


def undo_refusal(state: MatchState) -> ActionError | None:
    """Why no step can be taken back now (only steps of the turn in progress can be; once the
    game is over, not even the step that ended it)."""
    if state.phase is Phase.MOVING and state.turn is not None and state.turn.made:
        return None
    if state.phase in (Phase.OPENING, Phase.TURN, Phase.MOVING):
        return ActionError("nothing_to_undo")
    return phase_refusal(state)


def _rolled_refusal(state: MatchState, event: Rolled) -> ActionError | None:
    if len(event.dice) != 2:
        return ActionError("bad_dice", value=event.dice)
    d1, d2 = event.dice
    return roll_refusal(state) or _die_refusal(d1) or _die_refusal(d2)


def _stepped_refusal(state: MatchState, event: Stepped) -> ActionError | None:
    turn = _step(state, event.source, event.die)
    return turn if isinstance(turn, ActionError) else None


def _resignation_answer_refusal(state: MatchState) -> ActionError | None:
    if state.phase in (Phase.TURN, Phase.MOVING, *_DECIDING):
        return ActionError("no_resignation")
    return phase_refusal(state, Phase.RESIGNING)


def _next_game_refusal(state: MatchState) -> ActionError | None:
    if state.phase is Phase.MATCH_OVER:
        return ActionError("match_over")
    if state.phase is not Phase.GAME_OVER:
        return ActionError("game_on")
    return None


_REFUSALS: dict[type, Callable[[MatchState, Any], ActionError | None]] = {
    OpeningRolled: lambda s, e: roll_refusal(s, opening=True) or _die_refusal(e.die0) or _die_refusal(e.die1),
    Rolled: _rolled_refusal,
    Stepped: _stepped_refusal,
    TurnEnded: lambda s, e: _confirm_refusal(s),
    Doubled: lambda s, e: _double_refusal(s),
    Took: lambda s, e: _answer_refusal(s),
    Dropped: lambda s, e: _answer_refusal(s),
    Beavered: lambda s, e: _beaver_refusal(s),
    Raccooned: lambda s, e: _raccoon_refusal(s),
    ResignOffered: lambda s, e: _resign_refusal(s, e.level),
    ResignAccepted: lambda s, e: _resignation_answer_refusal(s),
    ResignDeclined: lambda s, e: _resignation_answer_refusal(s),
    NextGame: lambda s, e: _next_game_refusal(s),
}


def refusal(state: MatchState, event: Event) -> ActionError | None:
    """Why ``event`` may not happen in ``state`` (an :class:`ActionError` whose ``code`` the
    catalogs word as ``action.<code>``), or None when it may. :func:`advance` raises exactly this."""
    check = _REFUSALS.get(type(event))
    if check is None:
        return ActionError("unknown_event", value=repr(event))
    return check(state, event)


# -- the reducer --------------------------------------------------------------


def new_match(rules: RuleSet) -> MatchState:
    """The state before the first opening roll."""
    return MatchState(rules=rules, board=engine.start_board(rules.variant_of(1)))


def replay(rules: RuleSet, events: Iterable[Event], start: MatchState | None = None) -> MatchState:
    """Fold a history from the start (or from ``start``, a set-up position); raises
    :class:`ActionError` at the first illegal event."""
    state = start if start is not None else new_match(rules)
    for event in events:
        state = advance(state, event)
    return state


def advance(state: MatchState, event: Event) -> MatchState:
    """The state after ``event``; raises the :func:`refusal` if the rules forbid it."""
    if isinstance(event, Stepped):
        turn = _step(state, event.source, event.die)
        if isinstance(turn, ActionError):
            raise turn
        moved = _with(state, turn=turn)
        # The game ends the moment the fifteenth checker is off (or, in Plakoto, a mother is
        # pinned): that step is the last of the turn, and nothing (no undo, no resignation)
        # can come after it.
        if engine.turn_ended(turn) is not None:
            return _turn_over(moved)
        return moved
    error = refusal(state, event)
    if error is not None:
        raise error
    match event:
        case OpeningRolled(die0=d0, die1=d1):
            return _opening(state, d0, d1)
        case Rolled(dice=(d1, d2)):
            turn = engine.new_turn(state.variant, state.board, (d1, d2))
            return _with(state, phase=Phase.MOVING, turn=turn, cube_turned=False)
        case TurnEnded():
            return _turn_over(state)
        case Doubled():
            return _with(state, phase=Phase.DOUBLED, offered=state.cube.value * 2)
        case Took():
            taker = state.to_act
            assert taker is not None
            # Whoever takes a double owns the cube; a beaver or raccoon keeps it
            # with the player who made it (R19). Either way the exchange is over
            # for this turn: the player on roll rolls next.
            owner = taker if state.phase is Phase.DOUBLED else 1 - taker
            return _with(state, phase=Phase.TURN, cube=Cube(state.offered, owner), offered=0, cube_turned=True)
        case Dropped():
            doubler = 1 - state.to_act  # type: ignore[operator]
            stake = state.offered // 2
            result = GameResult(doubler, Ending.DROP, ResultKind.SINGLE, stake, stake)
            return _finish(_with(state, offered=0), result)
        case Beavered():
            return _with(state, phase=Phase.BEAVERED, offered=state.offered * 2)
        case Raccooned():
            return _with(state, phase=Phase.RACCOONED, offered=state.offered * 2)
        case ResignOffered(level=level):
            return _with(state, phase=Phase.RESIGNING, resignation=(state.on_roll, level), resume=state.phase)
        case ResignAccepted():
            assert state.resignation is not None
            resigner, level = state.resignation
            kind = ResultKind(level)
            result = GameResult(1 - resigner, Ending.RESIGN, kind, state.cube.value, state.points_for(kind))
            return _finish(_with(state, resignation=None, resume=None), result)
        case ResignDeclined():
            assert state.resume is not None
            return _with(state, phase=state.resume, resignation=None, resume=None)
        case NextGame():
            return _next_game(state)
    raise ActionError("unknown_event", value=repr(event))  # pragma: no cover - refusal() said so


def _opening(state: MatchState, d0: int, d1: int) -> MatchState:
    rules = state.rules
    if d0 == d1:
        # R2: a tie is rolled again; R4a: in money play it may turn the cube first.
        cube = state.cube
        auto = state.auto_doubles
        if auto < rules.automatic_doubles and cube.value * 2 <= rules.max_cube:
            cube = Cube(cube.value * 2, None)
            auto += 1
        return _with(state, cube=cube, auto_doubles=auto, opening_dice=(d0, d1))
    winner = 0 if d0 > d1 else 1
    base = _with(state, on_roll=winner, opening_dice=(d0, d1))
    if rules.opening is Opening.WINNER_REROLLS:
        return _with(base, phase=Phase.TURN)
    dice = (max(d0, d1), min(d0, d1))
    return _with(base, phase=Phase.MOVING, turn=engine.new_turn(state.variant, state.board, dice))


def _turn_over(state: MatchState) -> MatchState:
    """The complete turn in progress is over: the game ends if it bore the last checker off,
    else the other player is on roll."""
    turn = state.turn
    assert turn is not None and turn.complete
    after = turn.position
    played = list(state.turns_played)
    played[state.on_roll] += 1
    how = engine.turn_ended(turn)
    if how is None:  # (the game goes on: one new state, not two)
        return _with(
            state,
            turn=None,
            turns_played=(played[0], played[1]),
            phase=Phase.TURN,
            board=after.swapped(),
            on_roll=1 - state.on_roll,
        )
    moved = _with(state, turn=None, turns_played=(played[0], played[1]))
    if how is GameEnd.DRAW:
        return _finish(_with(moved, board=after), GameResult(None, Ending.DRAW, ResultKind.SINGLE, 1, 0))
    if how is GameEnd.MOTHER:
        kind = ResultKind.SINGLE if state.rules.mother is Mother.SINGLE else ResultKind.GAMMON
        result = GameResult(state.on_roll, Ending.MOTHER, kind, state.cube.value, int(kind))
        return _finish(_with(moved, board=after), result)
    if how is GameEnd.BORNE_OFF:
        kind = _result_kind(after) if isinstance(after, Position) else _tavla_kind(after.opponent_off)
        result = GameResult(state.on_roll, Ending.BEAR_OFF, kind, state.cube.value, state.points_for(kind))
        return _finish(_with(moved, board=after), result)
    return _with(moved, phase=Phase.TURN, board=after.swapped(), on_roll=1 - state.on_roll)


def _result_kind(after: Position) -> ResultKind:
    """R14 from the winner's view: the loser is the opponent of ``after``'s mover."""
    if after.opponent_off > 0:
        return ResultKind.SINGLE
    in_winners_home = after.opponent_bar > 0 or any(after[p] < 0 for p in range(1, 7))
    return ResultKind.BACKGAMMON if in_winners_home else ResultKind.GAMMON


def _tavla_kind(loser_off: int) -> ResultKind:
    """Plakoto and Fevga: 1 point, or 2 when the loser has borne nothing off."""
    return ResultKind.SINGLE if loser_off else ResultKind.GAMMON


def _finish(state: MatchState, result: GameResult) -> MatchState:
    score = list(state.score)
    if result.winner is not None:
        score[result.winner] += result.points
    over = state.rules.is_match and max(score) >= state.rules.match_length
    return _with(
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
    if rules.is_match and not used and not rules.tavla:
        # R16: the first game after a player first reaches match point - 1.
        at = [s == rules.match_length - 1 for s in state.score]
        if at[0] != at[1]:
            crawford = used = True
    fresh = _with(
        state,
        game=state.game + 1,
        board=engine.start_board(rules.variant_of(state.game + 1)),
        cube=Cube(),
        offered=0,
        turn=None,
        cube_turned=False,
        turns_played=(0, 0),
        auto_doubles=0,
        opening_dice=None,
        crawford_game=crawford,
        crawford_used=used,
        resignation=None,
        resume=None,
    )
    if rules.next_game_opener is NextOpener.PREVIOUS_WINNER and previous is not None:
        return _with(fresh, phase=Phase.TURN, on_roll=previous)
    return _with(fresh, phase=Phase.OPENING, on_roll=0)
