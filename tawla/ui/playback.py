"""A move played all at once (typed, or forced and played by itself), shown a step at a time.

Never in the way: the match is already where the move took it, and any key ends the showing
(the key then does what it does)."""

from __future__ import annotations

from collections.abc import Callable

from textual.timer import Timer
from textual.widget import Widget

from tawla.engine.games import Board, apply_any
from tawla.game.table import Shown


class Playback:
    """The positions still to show of one move, and the timer that shows the next."""

    def __init__(self, owner: Widget, seconds: float, draw: Callable[[], None]) -> None:
        self._owner = owner
        self._seconds = seconds
        self._draw = draw
        self._frames: list[tuple[int, Board]] = []
        self._timer: Timer | None = None

    @property
    def frame(self) -> tuple[int, Board] | None:
        """The step on the board now (its mover, the board as the mover sees it), or None."""
        return self._frames[0] if self._frames else None

    @property
    def running(self) -> bool:
        return bool(self._frames)

    def start(self, shown: Shown) -> None:
        """From ``shown.before`` through each step but the last (the board then shows where the
        match is), one every ``seconds``."""
        frames, position = [], shown.before
        for step in shown.steps[:-1]:
            position = apply_any(position, step)
            frames.append((shown.mover, position))
        self._frames = frames
        self._draw()
        self._timer = self._owner.set_interval(self._seconds, self._next)

    def _next(self) -> None:
        if self._frames:
            self._frames.pop(0)
        if not self._frames:
            self.stop()
        self._draw()

    def stop(self) -> None:
        self._frames = []
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
