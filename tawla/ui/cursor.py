"""Moving checkers with the keyboard: which point the cursor is on, and what it picked.

Pure logic, no Textual. The cursor only ever stands on points with a legal
step (the engine's step API decides which); arrow keys move it in the
direction they point on screen. Picking a checker offers exactly the legal
steps from that point, cycled with the arrows or Tab.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tawla.engine import Step
from tawla.engine.games import Turn
from tawla.ui.geometry import Cell, Layout


@dataclass(frozen=True, slots=True)
class Cursor:
    """Where the cursor stands and what is picked up. Immutable: each key gives a new one."""

    mover: int
    layout: Layout
    sources: tuple[int, ...]
    """Points with a legal step, in screen order (top row left to right, then bottom row)."""
    at: int | None = None
    """The point under the cursor (mover's numbering, 25 = bar)."""
    picked: int | None = None
    """The point whose checker is picked up."""
    choices: tuple[Step, ...] = ()
    """The legal steps of the picked checker, in screen order of their landing points."""
    choice: int = 0
    """Index of the highlighted step in ``choices``."""

    # -- building ---------------------------------------------------------

    @classmethod
    def for_turn(cls, turn: Turn, mover: int, layout: Layout, near: int | None = None) -> Cursor:
        """A cursor on the legal sources of ``turn``, placed on ``near`` if it is one."""
        sources = sorted({s.source for s in turn.legal}, key=lambda p: _order(layout.cell(mover, p)))
        cursor = cls(mover, layout, tuple(sources))
        if not sources:
            return cursor
        if near in sources:
            return replace(cursor, at=near)
        if near is not None and near != 0:
            target = layout.cell(mover, near)
            return replace(cursor, at=min(sources, key=lambda p: _distance(layout.cell(mover, p), target)))
        return replace(cursor, at=sources[0])

    def cell(self, point: int) -> Cell:
        """Screen cell of one of the mover's points."""
        return self.layout.cell(self.mover, point)

    # -- moving --------------------------------------------------------------

    def move(self, dx: int, dy: int) -> Cursor:
        """Arrow keys: ``dx`` -1/+1 is left/right on screen, ``dy`` -1/+1 up/down."""
        if self.picked is not None:
            return self.cycle(dx or dy)
        if self.at is None or not self.sources:
            return self
        here = self.cell(self.at)
        if dy:
            row = here.row + dy
            if row not in (0, 1):
                return self
            others = [p for p in self.sources if self.cell(p).row == row]
            if not others:
                return self
            return replace(self, at=min(others, key=lambda p: abs(self.cell(p).column - here.column)))
        same = [p for p in self.sources if self.cell(p).row == here.row]
        ahead = [p for p in same if (self.cell(p).column - here.column) * dx > 0]
        if ahead:
            return replace(self, at=min(ahead, key=lambda p: abs(self.cell(p).column - here.column)))
        if len(same) == 1:  # nothing else on this row: look on the other one, in that direction
            other = [p for p in self.sources if self.cell(p).row != here.row]
            if other:
                edge = min if dx > 0 else max
                return replace(self, at=edge(other, key=lambda p: self.cell(p).column))
        return self

    # -- picking and placing -----------------------------------------------------------

    def pick(self, turn: Turn) -> Cursor:
        """Pick up the checker under the cursor: its legal steps become the choices."""
        if self.at is None:
            return self
        steps = [s for s in turn.legal if s.source == self.at]
        if not steps:
            return self
        steps.sort(key=lambda s: (_order(self.cell(s.dest)), -s.die))
        return replace(self, picked=self.at, choices=tuple(steps), choice=0)

    def cycle(self, direction: int) -> Cursor:
        """Move the highlight among the picked checker's landing points (screen order)."""
        if not self.choices:
            return self
        return replace(self, choice=(self.choice + (1 if direction >= 0 else -1)) % len(self.choices))

    def drop(self) -> Cursor:
        """Put the checker back without moving it."""
        return replace(self, picked=None, choices=(), choice=0)

    @property
    def step(self) -> Step | None:
        """The highlighted step of the picked checker."""
        return self.choices[self.choice] if self.choices else None


def _order(cell: Cell) -> tuple[int, int]:
    return (cell.row, cell.column)


def _distance(a: Cell, b: Cell) -> int:
    return abs(a.column - b.column) + 4 * abs(a.row - b.row)
