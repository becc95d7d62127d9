"""The table: the one turn loop under every screen.

A :class:`Table` holds a :class:`~tawla.game.match.Match` and runs a player's action on it,
then what follows by itself under the players' habits (the only play of a roll played for
them, a finished turn ended without a key), and says what happened as data: an
:class:`Outcome` (the refusal to say, the steps to show one at a time, the question the
table now asks). It also keeps what the status line tells of the last thing that happened
(:attr:`Table.notice`) and whether the next player's first Enter must wait
(:attr:`Table.handover`). The game screen asks it and draws; the tests (and a computer
player) drive the same table. No I/O here: whoever keeps the match subscribes
(:meth:`Table.subscribe`) and is told once after every action that changed its history.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

from tawla.engine import Roll, Step
from tawla.engine.explain import Reason, Why
from tawla.engine.games import Board, explain_roll
from tawla.engine.moves import dice_of
from tawla.engine.notation import NotationError, parse_play, parse_turn
from tawla.engine.tavla import Game
from tawla.game.events import NextGame as NextGameEvent
from tawla.game.events import OpeningRolled, Rolled
from tawla.game.match import Action, CubeMove, Match
from tawla.game.state import ActionError, GameResult, MatchState, Phase, ResultKind, end_session_refusal, phase_refusal


@dataclass(frozen=True, slots=True)
class Habits:
    """What the players let the table do by itself."""

    auto_forced: bool = True
    """The only legal play of a roll is played at once."""
    auto_end_turn: bool = False
    """A turn ends as soon as its last die is played (else the mover confirms it)."""


# -- what the status line tells of the last thing that happened --------------------------


@dataclass(frozen=True, slots=True)
class Lost:
    """The dice of a turn that could not be played: ``count`` dice of ``die`` (a turn that
    played something loses dice of one number only: one die of a roll, or some of a double's
    four), and the rule that left them unplayed (``why``; None: no rule the engine names)."""

    die: int
    count: int
    why: Reason | None


_WHY_LOST: tuple[tuple[Why, ...], ...] = (
    (Why.FIRST_CHECKER, Why.ENTER_SOME, Why.HOME_CLOSED, Why.ENTRY_BLOCKED),
    (Why.ONLY_HIGHER, Why.ONLY_ONE_DIE, Why.DOUBLES_PARTIAL),
)
"""The reasons that say why dice are lost, the particular rule (Fevga's first checker, the
bar) before the general one (only the higher die, only some of a double)."""


def lost_dice(state: MatchState) -> Lost | None:
    """The dice of the turn in progress that are lost, once it is complete: every die the
    steps made did not use, and why (None: every die was played, or the turn goes on, or
    nothing could be played at all: the turn passes, which is said as such)."""
    turn = state.turn
    if state.phase is not Phase.MOVING or turn is None or not turn.complete or not turn.made:
        return None
    left = list(dice_of(turn.roll))
    for step in turn.made:
        if step.die in left:
            left.remove(step.die)
    if not left:
        return None
    reasons = explain_roll(state.variant, turn.start, turn.roll)
    for kinds in _WHY_LOST:
        found = [reason for reason in reasons if reason.why in kinds]
        if found:
            return Lost(left[0], len(left), found[0])
    return Lost(left[0], len(left), None)


@dataclass(frozen=True, slots=True)
class ForcedPlay:
    """``player``'s only play was played for them (``lost``: the dice it could not play, and why)."""

    player: int
    steps: tuple[Step, ...]
    lost: Lost | None = None


@dataclass(frozen=True, slots=True)
class OpeningTie:
    """Both opening dice showed ``die``: roll again."""

    die: int


@dataclass(frozen=True, slots=True)
class OpeningWon:
    """``winner`` starts; ``dice`` are the opening dice, the winner's first; ``roll`` is the
    roll the winner plays (None: the winner rolls afresh)."""

    winner: int
    dice: tuple[int, int]
    roll: Roll | None


@dataclass(frozen=True, slots=True)
class Declined:
    """``player`` declined the resignation offered to them."""

    player: int


@dataclass(frozen=True, slots=True)
class NextGame:
    """Game ``number`` starts; ``opener`` opens it (None: an opening roll decides)."""

    number: int
    opener: int | None


Notice = ForcedPlay | OpeningTie | OpeningWon | Declined | NextGame | CubeMove
"""(A :class:`~tawla.game.match.CubeMove`: the cube's move just made, said whoever made it, the
computer's too.)"""


class Question(enum.StrEnum):
    """What the table asks before play goes on."""

    RESIGNATION = "resignation"
    """The opponent accepts or declines the resignation on offer."""
    GAME_OVER = "game_over"
    """The game is over: the next one starts when the players say so."""
    MATCH_OVER = "match_over"
    """The match is won."""


@dataclass(frozen=True, slots=True)
class Shown:
    """Steps played all at once (typed, or forced), to show one at a time: ``before`` is the
    board before them, seen by ``mover``."""

    mover: int
    before: Board
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one action did."""

    refused: ActionError | None = None
    """Why the action was not done (nothing changed), or None."""
    shown: Shown | None = None
    """Steps to show one at a time (the last action's, or the forced play after it)."""
    question: Question | None = None
    """What the table asks now (the same while it stands)."""
    near: int | None = None
    """The point the cursor starts on, when it has a checker to move (the last step's source)."""
    dice_needed: bool = False
    """Real dice: the players type what they rolled (then :meth:`Table.roll` with them)."""
    rest: bool = False
    """Part of the turn was typed and played: the rest is still to type."""


class Table:
    """One match, the turn loop around it, and the habits it runs under."""

    def __init__(self, match: Match, habits: Callable[[], Habits] = Habits) -> None:
        self.match = match
        self._habits = habits
        self.notice: Notice | None = None
        """What the status line tells of the last thing that happened."""
        self.handover = False
        """A turn (or a game) has just ended: the next player's first Enter or Space waits (a
        key pressed twice never rolls for the other player); they roll with the roll key."""
        self._listeners: list[Callable[[Match], None]] = []

    # -- reading ---------------------------------------------------------------------------

    @property
    def question(self) -> Question | None:
        """What the table asks now, if anything."""
        phase = self.match.state.phase
        if phase is Phase.RESIGNING:
            return Question.RESIGNATION
        if phase is Phase.GAME_OVER:
            return Question.GAME_OVER
        if phase is Phase.MATCH_OVER:
            return Question.MATCH_OVER
        return None

    @property
    def waiting(self) -> bool:
        """The hand-over: Enter and Space wait, the roll key rolls (or the cube's keys act)."""
        return self.handover and self.match.state.phase in (Phase.OPENING, Phase.TURN)

    @property
    def last_result(self) -> GameResult | None:
        """The game just over while the next has not rolled yet (its card may be seen again
        until then), or None."""
        state = self.match.state
        if not state.results or state.phase not in (Phase.OPENING, Phase.TURN):
            return None
        for event in reversed(self.match.events):
            if isinstance(event, NextGameEvent):
                return state.results[-1]
            if isinstance(event, (OpeningRolled, Rolled)):
                return None
        return None

    def subscribe(self, listener: Callable[[Match], None]) -> None:
        """Call ``listener`` with the match after every action that changed its history."""
        self._listeners.append(listener)

    def resign_levels(self) -> tuple[ResultKind, ...]:
        """What the player on roll can resign (only what can be won)."""
        return self.match.state.resign_levels()

    def end_session_refusal(self) -> ActionError | None:
        """Why the money session cannot end now, or None."""
        return end_session_refusal(self.match.state)

    # -- running an action ---------------------------------------------------------------------

    def _run(self, action: Callable[[], object], near: int | None = None) -> Outcome:
        """``action`` (refused: nothing changes), then what follows by itself."""
        revision = self.match.revision
        refused = None
        try:
            action()
        except ActionError as error:
            refused = error
        return self._settle(revision, refused, near)

    def settle(self) -> Outcome:
        """What follows by itself from where the match stands (a screen opening on it)."""
        return self._settle(self.match.revision, None, None)

    def _settle(self, revision: int, refused: ActionError | None, near: int | None) -> Outcome:
        match, habits = self.match, self._habits()
        shown = None
        while True:
            state = match.state
            if state.phase is not Phase.MOVING or state.turn is None:
                break
            if habits.auto_forced:
                mover, before = state.on_roll, state.board_now
                forced = match.play_forced()
                if forced is not None:
                    steps = tuple(forced.steps)
                    shown = Shown(mover, before, steps)
                    self.notice = ForcedPlay(mover, steps, lost_dice(match.state))
            turn = match.state.turn
            if (
                turn is None
                or not turn.complete
                or not turn.steps_needed
                or not habits.auto_end_turn
                or match.state.phase is not Phase.MOVING
            ):
                break
            self._end_turn()
        if match.revision != revision:
            for listener in self._listeners:
                listener(match)
        return Outcome(refused=refused, shown=shown, question=self.question, near=near)

    def _end_turn(self) -> None:
        self.match.confirm()
        if self.match.state.phase is Phase.TURN:
            self.handover = True

    def _refused(self, error: ActionError) -> Outcome:
        return Outcome(refused=error, question=self.question)

    # -- rolling and the cube --------------------------------------------------------------------

    def roll(self, dice: tuple[int, int] | None = None) -> Outcome:
        """The roll of the moment: the opening roll, or the roll of the player on roll
        (``dice``: the real dice the players rolled)."""
        opening = self.match.state.phase is Phase.OPENING
        action = Action.OPENING_ROLL if opening else Action.ROLL
        refused = self.match.refusal(action, dice)
        if refused is not None:
            return self._refused(refused)
        self.notice = None
        self.handover = False
        if dice is None and self.match.dice.manual:
            return Outcome(dice_needed=True, question=self.question)
        if not opening:
            return self._run(lambda: self.match.roll(dice))
        return self._run(lambda: self._roll_opening(dice))

    def _roll_opening(self, dice: tuple[int, int] | None) -> None:
        """The opening roll, and its notice: a tie, or who starts."""
        state = self.match.roll_opening(dice)
        if state.phase is Phase.OPENING and state.opening_dice:
            self.notice = OpeningTie(state.opening_dice[0])
        elif state.opening_dice:
            winner = state.on_roll  # the winner's die first: "Badr starts, 5 against 4"
            d0, d1 = state.opening_dice[winner], state.opening_dice[1 - winner]
            self.notice = OpeningWon(winner, (d0, d1), state.turn.roll if state.turn is not None else None)

    def dice_refusal(self, dice: tuple[int, ...]) -> ActionError | None:
        """Why these typed-in dice cannot be the roll of the moment."""
        opening = self.match.state.phase is Phase.OPENING
        return self.match.refusal(Action.OPENING_ROLL if opening else Action.ROLL, dice)

    def double(self) -> Outcome:
        refused = self.match.refusal(Action.DOUBLE)
        if refused is None:
            self.handover = False
        return self._cube(self.match.double)

    def take(self) -> Outcome:
        return self._cube(self.match.take)

    def drop(self) -> Outcome:
        return self._cube(self.match.drop)

    def beaver(self) -> Outcome:
        return self._cube(self.match.beaver)

    def raccoon(self) -> Outcome:
        return self._cube(self.match.raccoon)

    def _cube(self, action: Callable[[], object]) -> Outcome:
        """A move of the cube, and its notice (the status line says who did what: the
        computer's double, take or pass too)."""
        outcome = self._run(action)
        if outcome.refused is None and self.match.cube_moves:
            self.notice = self.match.cube_moves[-1]
        return outcome

    # -- moving checkers -----------------------------------------------------------------------------

    def step(self, step: Step) -> Outcome:
        """Play one of the turn's legal steps."""
        refused = self.match.refusal(Action.MOVE, step)
        if refused is None:
            self.notice = None
        return self._run(lambda: self.match.move(step), near=step.source)

    def step_with(self, source: int, die: int) -> Outcome:
        """Move a checker from ``source`` (25: the bar) with ``die``; refused with the engine's
        reason when it cannot."""
        refused = self.match.refusal(Action.MOVE, source, die)
        turn = self.match.state.turn
        if refused is not None or turn is None:
            return self._refused(refused or ActionError("not_now"))
        return self.step(next(s for s in turn.legal if s.source == source and s.die == die))

    def undo(self) -> Outcome:
        """Take back the last step of the turn."""
        turn = self.match.state.turn
        near = turn.made[-1].source if turn is not None and turn.made else None
        if self.match.refusal(Action.UNDO) is None:
            self.notice = None
        return self._run(self.match.undo, near=near)

    def undo_turn(self) -> Outcome:
        """Take back every step of the turn."""
        self.notice = None
        return self._run(self.match.undo_turn)

    def confirm(self) -> Outcome:
        """End the turn (it must be complete)."""
        self.notice = None
        return self._run(self._end_turn)

    def typed(self, text: str) -> Outcome:
        """Notation typed for the turn in progress: all of the rest, part of it (then
        :attr:`Outcome.rest`), or the whole turn again from its start. Text that is not a legal
        play is refused with its :class:`~tawla.engine.notation.NotationError` (``bad_notation``)."""
        match = self.match
        state, turn = match.state, match.state.turn
        refused = phase_refusal(state, Phase.MOVING)
        if refused is not None or turn is None:
            return self._refused(refused or ActionError("not_now"))
        before, made, mover = state.board_now, turn.made, state.on_roll
        play = None
        try:
            typed = parse_turn(turn.start, turn.roll, text, made=turn.made, variant=state.variant)
        except NotationError as error:
            typed = None
            if turn.made:  # the whole turn typed again from its start is fine too
                try:
                    play = parse_play(turn.start, turn.roll, text, variant=state.variant)
                except NotationError:
                    play = None
            if play is None:
                # (``bar``: whether the game has one, for the examples the refusal gives)
                bar = state.variant.game is Game.BACKGAMMON
                return self._refused(ActionError("bad_notation", notation=error, bar=bar))
        self.notice = None
        if typed is not None and not typed.complete:
            steps = typed.made[len(made) :]
            outcome = self._run(lambda: match.play_on(steps))
            return _with(outcome, Shown(mover, before, steps), rest=True)
        whole = typed.as_play() if typed is not None else play
        assert whole is not None
        shown: list[Shown] = []

        def play_it() -> None:
            match.play(whole)
            now = match.state.turn
            if now is not None and now.made[: len(made)] == made:
                if len(now.made) > len(made):  # (the steps already made typed again: nothing to show)
                    shown.append(Shown(mover, before, now.made[len(made) :]))
            elif now is not None:  # (the whole turn typed again, from its start)
                shown.append(Shown(mover, turn.start, now.made))

        return _with(self._run(play_it), shown[0] if shown else None)

    # -- resigning, and the next game ------------------------------------------------------------------

    def resign(self, level: int) -> Outcome:
        """The player on roll offers to resign at ``level`` (1 single, 2 gammon, 3 backgammon)."""
        if self.match.refusal(Action.RESIGN, level) is None:
            self.handover = False
        return self._run(lambda: self.match.resign(level))

    def answer(self, yes: bool) -> Outcome:
        """The opponent's answer to the resignation on offer."""
        state = self.match.state
        refused = self.match.refusal(Action.ACCEPT)
        if refused is not None or state.resignation is None:
            return self._refused(refused or ActionError("no_resignation"))
        resigner = state.resignation[0]
        outcome = self._run(self.match.accept if yes else self.match.decline)
        if not yes and outcome.refused is None:
            self.notice = Declined(1 - resigner)
        return outcome

    def next_game(self) -> Outcome:
        """Start the next game once the players have seen how this one ended."""
        self.notice = None
        outcome = self._run(self.match.next_game)
        if outcome.refused is None:
            now = self.match.state
            self.notice = NextGame(now.game, now.on_roll if now.phase is Phase.TURN else None)
            # The next game waits for its own roll key, as after a turn: an Enter pressed twice
            # on the card never throws its opening roll (nor rolls for its opener).
            self.handover = now.phase in (Phase.OPENING, Phase.TURN)
        return outcome


def _with(outcome: Outcome, shown: Shown | None, rest: bool = False) -> Outcome:
    """``outcome`` with the typed steps to show (a forced play after them is shown instead)."""
    return Outcome(
        refused=outcome.refused,
        shown=outcome.shown or shown,
        question=outcome.question,
        near=outcome.near,
        rest=rest,
    )
