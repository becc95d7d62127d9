"""The computer's turns on the game screen (a mixin of :class:`~tawla.ui.screens.game.GameScreen`).

When a seat the computer plays must act (:func:`tawla.analysis.computer.due`), the screen asks
the :class:`~tawla.analysis.computer.Computer` in a worker thread (the evaluator takes
milliseconds; never on a key), and does what it chose on the UI thread through the table, as
a person's key would, then draws it as after any action. One action at a time, a pause after
each (:attr:`ComputerTurns.COMPUTER_SECONDS`): its play is seen a step at a time.

A choice applies only to the match it was worked out for: the match's revision when asked must
still be its revision when the answer comes (F2 rebuilding the screen, a resize, a key: nothing
is lost, nothing done twice). While the computer must act, the person's keys of play do nothing
(:func:`tawla.ui.game_keys.allowed`), and the status line says who is playing. A dialog over
the game (the help, the hint, a card) holds the computer until it closes. Without an
evaluator (a match resumed where there is none), the status line says so and the computer's
seat is played by hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from textual import work
from textual.timer import Timer

from tawla.analysis.computer import Choice, Computer, due, plays
from tawla.ui.board import BoardView
from tawla.ui.compat import going, once

if TYPE_CHECKING:
    from tawla.game.table import Outcome, Table

COMPUTER = Computer()
"""The one computer of the app (it keeps only its last best play)."""


class ComputerTurns:
    """The computer's seat, driven from the game screen."""

    COMPUTER_SECONDS: ClassVar[float] = BoardView.STEP_SECONDS
    """The pause after each action of the computer (each step of its play stays this long)."""

    table: Table
    app: Any
    problem: str | None
    t: Callable[..., str]
    after: Callable[[Outcome], None]
    redraw: Callable[[], None]

    _computer_asked: int | None = None
    """The match's revision the computer is thinking about (one question at a time)."""
    _computer_pause: Timer | None = None
    """The pause after the computer's last action, while it lasts."""
    computer_off: str | None = None
    """Why the computer cannot play here (``evaluator.none.<code>``'s code), or None."""

    def computer_turn(self) -> bool:
        """The computer must act now (the person's keys of play wait)."""
        match = self.table.match
        return self.computer_off is None and plays(match.rules) and due(match.state, match.computer)

    def computer_next(self) -> None:
        """Ask the computer for its next action if it must act now (after every action, when a
        dialog over the game closes, after F2's rebuild, at the end of a pause)."""
        if self._computer_pause is not None or going(self) or not self.computer_turn():  # type: ignore[arg-type]
            return
        if self.app.screen is not self:
            return  # (a dialog over the game: asked again when it closes)
        revision = self.table.match.revision
        if self._computer_asked == revision:
            return  # (asked already: on its way)
        self._computer_asked = revision
        self._computer_think(revision)

    @work(thread=True, group="computer", exit_on_error=False)
    def _computer_think(self, revision: int) -> None:
        from tawla.analysis.evaluator import Unavailable

        state = self.table.match.state
        choice: Choice | None = None
        why: str | None = None
        try:
            choice = COMPUTER.decide(state)
        except Unavailable as error:
            why = error.code
        except (ValueError, AssertionError):  # (the match moved on before the thread began)
            if self.table.match.revision == revision:  # (it did not: a fault, not to be asked again)
                why = "broken"
        except Exception:  # (anything else the evaluator raises: the seat is played by hand, said)
            why = "broken"
        try:
            self.app.call_from_thread(self._computer_decided, revision, choice, why)
        except RuntimeError:  # (the app has closed meanwhile)
            return

    def _computer_decided(self, revision: int, choice: Choice | None, why: str | None) -> None:
        """The computer's choice for ``revision``: done if the match is still there."""
        if self._computer_asked == revision:
            self._computer_asked = None
        if going(self):  # type: ignore[arg-type]
            return
        if why is not None:
            from tawla.analysis.evaluator import PACKAGE

            self.computer_off = why
            self.problem = self.t("computer.stopped") + " " + self.t(f"evaluator.none.{why}", package=PACKAGE)
            self.redraw()
            return
        if choice is None or self.table.match.revision != revision or not self.computer_turn():
            self.computer_next()  # (stale: asked again about the match as it is)
            return
        if self.app.screen is not self:
            return  # (a dialog opened meanwhile: asked again when it closes)
        outcome = Computer.apply(self.table, choice)
        pause = self.COMPUTER_SECONDS
        if outcome.shown is not None:  # (a forced play shown a step at a time: let it be seen)
            pause = max(pause, BoardView.STEP_SECONDS * len(outcome.shown.steps))
        self._computer_pause = once(self, pause, self._computer_paused)
        self.after(outcome)

    def _computer_paused(self) -> None:
        self._computer_pause = None
        self.computer_next()
