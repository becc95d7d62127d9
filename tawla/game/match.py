"""A match (or money session) between two players sharing one keyboard.

:class:`Match` turns the players' actions into events, checks them through
:func:`tawla.game.state.advance`, and keeps the history. It never draws
anything; a UI calls its actions and reads :attr:`Match.state`, and asks
:meth:`Match.refusal` (or :meth:`Match.step_refusal` for one checker step)
whether an action can be done now and, if not, why: the very check the
action itself makes.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from tawla.engine import (
    GameState,
    MatchInfo,
    Step,
    match_id,
    position_id,
)
from tawla.engine import games as engine
from tawla.engine.explain import Reason
from tawla.engine.games import AnyPlay, Turn
from tawla.engine.notation import NotationError, parse_play
from tawla.engine.position import Position
from tawla.engine.xgid import xgid
from tawla.game.dice import DiceNeeded, DiceSource, FairDice
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
from tawla.game.rules import RuleSet
from tawla.game.state import (
    ActionError,
    Ending,
    MatchState,
    Phase,
    advance,
    move_refusal,
    new_match,
    phase_refusal,
    refusal,
    roll_refusal,
    undo_refusal,
)


class Action(enum.StrEnum):
    """What a player can do; :meth:`Match.actions` lists those allowed now."""

    OPENING_ROLL = "opening_roll"
    ROLL = "roll"
    DOUBLE = "double"
    TAKE = "take"
    DROP = "drop"
    BEAVER = "beaver"
    RACCOON = "raccoon"
    MOVE = "move"
    UNDO = "undo"
    CONFIRM = "confirm"
    RESIGN = "resign"
    ACCEPT = "accept"
    DECLINE = "decline"
    NEXT_GAME = "next_game"


_EVENT_OF: dict[Action, Event] = {
    Action.CONFIRM: TurnEnded(),
    Action.DOUBLE: Doubled(),
    Action.TAKE: Took(),
    Action.DROP: Dropped(),
    Action.BEAVER: Beavered(),
    Action.RACCOON: Raccooned(),
    Action.ACCEPT: ResignAccepted(),
    Action.DECLINE: ResignDeclined(),
    Action.NEXT_GAME: NextGame(),
}
"""The actions that are one event without arguments."""

_MAY_BE_ALLOWED: dict[Phase, tuple[Action, ...]] = {
    Phase.OPENING: (Action.OPENING_ROLL,),
    Phase.TURN: (Action.ROLL, Action.DOUBLE, Action.RESIGN),
    Phase.DOUBLED: (Action.TAKE, Action.DROP, Action.BEAVER),
    Phase.BEAVERED: (Action.TAKE, Action.DROP, Action.RACCOON),
    Phase.RACCOONED: (Action.TAKE, Action.DROP),
    Phase.MOVING: (Action.MOVE, Action.UNDO, Action.CONFIRM, Action.RESIGN),
    Phase.RESIGNING: (Action.ACCEPT, Action.DECLINE),
    Phase.GAME_OVER: (Action.NEXT_GAME,),
    Phase.MATCH_OVER: (),
}
"""The actions each phase can allow at all (the rest its phase refuses, whatever the state):
:meth:`Match.actions` asks :meth:`Match.refusal` about these alone, the one word on each. A
test compares it with asking about every action, in random matches."""


@dataclass(frozen=True, slots=True)
class CubeMove:
    """One move of the cube in a game: ``player`` doubled, took, passed, beavered or raccooned
    (``action``: the event's kind, ``double``, ``take``, ``drop``, ``beaver``, ``raccoon``),
    the cube then at ``value`` (offered, or taken), after ``turns`` completed turns."""

    turns: int
    player: int
    action: str
    value: int


_CUBE_ACTIONS: dict[type[Event], str] = {
    Doubled: "double",
    Took: "take",
    Dropped: "drop",
    Beavered: "beaver",
    Raccooned: "raccoon",
}


def cube_move(before: MatchState, after: MatchState, event: Event, turns: int) -> CubeMove:
    """The cube's move ``event`` made from ``before`` to ``after``, after ``turns`` turns."""
    action = _CUBE_ACTIONS[type(event)]
    player = before.on_roll if action == "double" else before.to_act
    assert player is not None  # (a cube action is a player's)
    value = after.cube.value if action == "take" else before.offered if action == "drop" else after.offered
    return CubeMove(turns, player, action, value)


class Match:
    """Two players, a rule set, a dice source and the history of everything played."""

    def __init__(
        self,
        rules: RuleSet | None = None,
        names: Sequence[str] = ("Player 1", "Player 2"),
        dice: DiceSource | None = None,
        events: Iterable[Event] = (),
        start: MatchState | None = None,
        computer: Iterable[int] = (),
    ) -> None:
        if len(names) != 2:
            raise ValueError("a match has two players")
        self.computer = frozenset(computer)
        """The seats the computer plays (see :mod:`tawla.analysis.computer`); empty: two people."""
        if not self.computer <= {0, 1}:
            raise ValueError("a match has seats 0 and 1")
        if start is not None and rules is not None and start.rules != rules:
            raise ValueError("the start state has other rules")
        self.rules = start.rules if start is not None else rules if rules is not None else RuleSet()
        self.names = (str(names[0]), str(names[1]))
        self.dice: DiceSource = dice if dice is not None else FairDice()
        self.start = start if start is not None else new_match(self.rules)
        """Where the history begins: the start of a match, or a position that was set up."""
        self._events: list[Event] = []
        self.revision = 0
        """Counts every change of the history (an action, an undo): what autosave watches."""
        self._state = self.start
        self._turns: list[tuple[int, Turn]] = []
        self._cube: list[CubeMove] = []
        self._actions: tuple[MatchState | None, frozenset[Action]] = (None, frozenset())
        for event in events:
            self._apply(event)

    # -- reading -------------------------------------------------------------

    @property
    def state(self) -> MatchState:
        """The current state (immutable)."""
        return self._state

    @property
    def events(self) -> tuple[Event, ...]:
        """The complete history, oldest first."""
        return tuple(self._events)

    def actions(self) -> frozenset[Action]:
        """The actions allowed right now: those :meth:`refusal` has nothing against."""
        state = self._state
        if self._actions[0] is not state:  # (a screen asks many times for one state)
            may = _MAY_BE_ALLOWED[state.phase]
            self._actions = (state, frozenset(action for action in may if self.refusal(action) is None))
        return self._actions[1]

    def refusal(self, action: Action, *args: Any) -> ActionError | None:
        """Why ``action`` cannot be done now, or None when it can.

        ``args`` are those of the action's method, and may be left out: ``refusal(Action.MOVE)``
        asks whether any checker can move, ``refusal(Action.MOVE, 13, 6)`` (or a
        :class:`~tawla.engine.Step`) about one step, ``refusal(Action.RESIGN, 2)`` about a
        gammon, ``refusal(Action.ROLL, (6, 5))`` about typed-in dice. Each action method
        raises exactly the error returned here (the one exception: rolling manual dice
        without giving them, ``dice_needed``, is the dice source's word, not a rule).
        """
        s = self._state
        event = _EVENT_OF.get(action)
        if event is not None:
            return refusal(s, event)
        if action is Action.MOVE:
            if not args:
                return move_refusal(s)
            source, die = (args[0].source, args[0].die) if isinstance(args[0], Step) else args[:2]
            return refusal(s, Stepped(source, die))
        if action is Action.RESIGN:
            return refusal(s, ResignOffered(args[0] if args else 1))
        if action is Action.UNDO:
            return undo_refusal(s)
        error = roll_refusal(s, opening=action is Action.OPENING_ROLL)  # (OPENING_ROLL, ROLL)
        if error is None and args and args[0] is not None:
            error = self._dice_refusal(args[0])
        return error

    def step_refusal(self, source: int, die: int) -> Reason | None:
        """The engine's reason why a checker cannot move from ``source`` (25 = bar) with ``die``
        in the turn in progress (bar first, point closed, ...), or None when it can.

        Raises the :class:`ActionError` of :meth:`refusal` when there is no turn in progress to
        step in (before the roll, after the game ended, ...).
        """
        error = refusal(self._state, Stepped(source, die))
        if error is None:
            return None
        if error.reason is None:
            raise error
        return error.reason

    def _dice_refusal(self, dice: Sequence[int]) -> ActionError | None:
        """Why these typed-in dice cannot be rolled."""
        if not self.dice.manual:
            return ActionError("dice_not_manual")
        if len(dice) != 2:
            return ActionError("bad_dice", value=tuple(dice))
        for d in dice:
            if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= 6:
                return ActionError("bad_dice", value=d)
        return None

    # -- actions ---------------------------------------------------------------

    def _apply(self, event: Event) -> MatchState:
        before = self._state
        self._state = after = advance(before, event)
        self._events.append(event)
        self.revision += 1
        if isinstance(event, TurnEnded) and before.turn is not None:
            self._turns.append((before.on_roll, before.turn))
        elif isinstance(event, Stepped) and after.turn is None and before.turn is not None:
            # The step that bore the last checker off ended the turn and the game.
            self._turns.append((before.on_roll, before.turn.play((event.source, event.die))))
        elif isinstance(event, NextGame):
            self._turns, self._cube = [], []
        elif isinstance(event, Doubled | Took | Dropped | Beavered | Raccooned):
            self._cube.append(cube_move(before, after, event, len(self._turns)))
        return after

    def replay_event(self, event: Event) -> MatchState:
        """Apply one recorded event (loading a saved history); raises :class:`ActionError` if
        the rules do not allow it now.

        Histories written before a game ended at the step that bears the last checker off
        confirm that turn with one more :class:`~tawla.game.events.TurnEnded`: that event is
        accepted and left out of the history (the state is the same either way).
        """
        s = self._state
        if (
            isinstance(event, TurnEnded)
            and s.phase in (Phase.GAME_OVER, Phase.MATCH_OVER)
            and self._events
            and isinstance(self._events[-1], Stepped)
        ):
            return s
        return self._apply(event)

    @property
    def turns(self) -> tuple[tuple[int, Turn], ...]:
        """The completed turns of the current game: who played each and how."""
        return tuple(self._turns)

    @property
    def cube_moves(self) -> tuple[CubeMove, ...]:
        """The cube's moves of the current game (doubles, takes, passes, beavers, raccoons),
        each after the turns completed before it."""
        return tuple(self._cube)

    @property
    def last_turn(self) -> tuple[int, Turn] | None:
        """The last completed turn of this game (None at a game's start)."""
        return self._turns[-1] if self._turns else None

    def _dice(self, dice: Sequence[int] | None) -> tuple[int, int]:
        """The dice of a roll that :meth:`refusal` allowed: typed in, or from the dice source."""
        if dice is None:
            try:
                return self.dice.roll()
            except DiceNeeded:
                raise ActionError("dice_needed") from None
        return dice[0], dice[1]

    def _check(self, action: Action, *args: Any) -> None:
        error = self.refusal(action, *args)
        if error is not None:
            raise error

    def roll_opening(self, dice: Sequence[int] | None = None) -> MatchState:
        """Each player rolls one die (player 0's first). A tie leaves the match waiting for another."""
        self._check(Action.OPENING_ROLL, dice)
        d0, d1 = self._dice(dice)
        return self._apply(OpeningRolled(d0, d1))

    def roll(self, dice: Sequence[int] | None = None) -> MatchState:
        """The player on roll rolls (``dice`` only with manual dice)."""
        self._check(Action.ROLL, dice)
        return self._apply(Rolled(self._dice(dice)))

    def step(self, source: int, die: int) -> MatchState:
        """Move one checker from ``source`` (25 = bar) with ``die``."""
        return self._apply(Stepped(source, die))

    def move(self, step: Step) -> MatchState:
        """Play one :class:`~tawla.engine.Step` from the turn's legal steps."""
        return self.step(step.source, step.die)

    def undo(self) -> MatchState:
        """Take back the last step of the turn in progress (never the step that ended the game)."""
        self._check(Action.UNDO)
        s = self._state
        assert s.turn is not None
        # The last step of this turn (a declined resignation may come after it).
        last = next(i for i in range(len(self._events) - 1, -1, -1) if isinstance(self._events[i], Stepped))
        del self._events[last]
        self.revision += 1
        self._state = replace(s, turn=s.turn.undo())
        return self._state

    def undo_turn(self) -> MatchState:
        """Take back every step of the turn in progress."""
        while self._state.phase is Phase.MOVING and self._state.turn and self._state.turn.made:
            self.undo()
        return self._state

    def play(self, play: AnyPlay | str) -> MatchState:
        """Replace the steps of this turn by a whole play (a :class:`Play` or its notation).

        The turn is left complete but not confirmed. Raises :class:`ActionError`
        (``bad_notation``, carrying the :class:`NotationError`) for text that is
        not a legal play.
        """
        s = self._state
        error = phase_refusal(s, Phase.MOVING)
        if error is not None:
            raise error
        assert s.turn is not None
        if isinstance(play, str):
            try:
                play = parse_play(s.turn.start, s.turn.roll, play, variant=s.variant)
            except NotationError as exc:
                raise ActionError("bad_notation", notation=exc) from None
        self.undo_turn()
        for step in play.steps:
            self.move(step)
        return self._state

    def play_on(self, steps: Sequence[Step]) -> MatchState:
        """Play ``steps`` after the steps made this turn (part of the turn, typed: the rest is
        still to play); each must be one of the turn's legal steps at its moment."""
        for step in steps:
            self.move(step)
        return self._state

    def play_forced(self) -> AnyPlay | None:
        """Play the only legal play, when the turn in progress has exactly one and no step is
        made yet; returns it (the turn is left complete, not confirmed), or None when nothing
        was played (no turn in progress, a step already made, a choice, or a roll that passes).
        The play may end the game, when it bears the last checker off."""
        s = self._state
        turn = s.turn
        if s.phase is not Phase.MOVING or turn is None or turn.made or not turn.steps_needed:
            return None
        plays = engine.plays_of(s.variant, turn.start, turn.roll)
        if len(plays) != 1:
            return None
        self.play(plays[0])
        return plays[0]

    def confirm(self) -> MatchState:
        """End the turn (it must be complete; a roll with no legal play is complete at once)."""
        return self._apply(TurnEnded())

    def double(self) -> MatchState:
        """The player on roll offers a double."""
        return self._apply(Doubled())

    def take(self) -> MatchState:
        """Take the double, beaver or raccoon on offer."""
        return self._apply(Took())

    def drop(self) -> MatchState:
        """Refuse the double, beaver or raccoon on offer, losing the game."""
        return self._apply(Dropped())

    def beaver(self) -> MatchState:
        """Redouble at once, keeping the cube (money play with beavers)."""
        return self._apply(Beavered())

    def raccoon(self) -> MatchState:
        """Answer a beaver with another redouble (money play with raccoons)."""
        return self._apply(Raccooned())

    def resign(self, level: int = 1) -> MatchState:
        """The player on roll offers to resign: 1 single game, 2 gammon, 3 backgammon."""
        return self._apply(ResignOffered(level))

    def accept(self) -> MatchState:
        """Accept the resignation on offer."""
        return self._apply(ResignAccepted())

    def decline(self) -> MatchState:
        """Decline the resignation on offer."""
        return self._apply(ResignDeclined())

    def next_game(self) -> MatchState:
        """Start the next game."""
        return self._apply(NextGame())

    # -- IDs and export -------------------------------------------------------------

    @property
    def has_ids(self) -> bool:
        """Whether the game being played has GNU Backgammon's IDs and XGID (backgammon only)."""
        return isinstance(self._state.board, Position)

    def position_id(self) -> str:
        """GNU Backgammon Position ID of the board at the start of the current turn (backgammon
        only: see :meth:`board_key`)."""
        board = self._state.board
        if not isinstance(board, Position):
            raise ValueError("Position IDs are backgammon's")
        return position_id(board)

    def board_key(self) -> str:
        """The board at the start of the current turn as text: the Position ID in backgammon,
        the game and its position text in Plakoto and Fevga (``plakoto:-15,0,...;0,0``)."""
        board = self._state.board
        if isinstance(board, Position):
            return position_id(board)
        return f"{board.game.value}:{board.text()}"

    def match_info(self) -> MatchInfo:
        """The fields of the current Match ID."""
        s = self._state
        rules = s.rules
        if s.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
            ending = s.results[-1].ending
            game_state = {
                Ending.BEAR_OFF: GameState.OVER,
                Ending.DROP: GameState.DROPPED,
                Ending.RESIGN: GameState.RESIGNED,
                Ending.MOTHER: GameState.OVER,
                Ending.DRAW: GameState.OVER,
            }[ending]
        else:
            game_state = GameState.PLAYING
        to_act = s.to_act
        return MatchInfo(
            cube=s.cube.value,
            cube_owner=s.cube.owner,
            on_roll=s.on_roll,
            crawford=s.crawford_game,
            state=game_state,
            turn=s.on_roll if to_act is None else to_act,
            double_offered=s.phase in (Phase.DOUBLED, Phase.BEAVERED, Phase.RACCOONED),
            resignation=s.resignation[1] if s.resignation else 0,
            dice=s.turn.roll if s.turn is not None else (0, 0),
            match_length=rules.match_length,
            score=s.score,
            jacoby=rules.jacoby,
        )

    def match_id(self) -> str:
        """GNU Backgammon Match ID of the current state."""
        return match_id(self.match_info())

    def xgid(self) -> str:
        """eXtreme Gammon's XGID of the same moment (a double or resignation on offer is left out)."""
        rules = self._state.rules
        board = self._state.board
        if not isinstance(board, Position):
            raise ValueError("XGIDs are backgammon's")
        return xgid(board, self.match_info(), beavers=rules.beavers, max_cube=rules.max_cube)
