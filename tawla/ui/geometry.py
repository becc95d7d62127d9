"""Where each point of the board is on screen, whatever way the board is turned.

The board is drawn for a *bottom* player, whose home board is in the bottom
row, on the right or the left. Columns 0-5 are the left half, 6 is the bar,
7-12 the right half; the bear-off tray is column 13 (home on the right) or
-1 (home on the left). Row 0 is the top half, row 1 the bottom half.

Points given to this module are in the *mover's* numbering (the engine's),
so the same code serves a board that faces the player on roll and one that
stays fixed while the other player moves. The two numberings are each other's
mirror (25 - p) in backgammon and Plakoto; in Fevga, where both sides run the
same way round the board, the top player's point p is the bottom player's
p ± 12 (:func:`~tawla.engine.tavla.opponent_point`), so the top player starts
on the bottom player's 12-point and its home is the bottom player's 13-18 (the
top-left quarter when the homes are on the right).
"""

from __future__ import annotations

from dataclasses import dataclass

from tawla.engine import BAR, OFF
from tawla.engine.tavla import Game, opponent_point

BAR_COLUMN = 6


@dataclass(frozen=True, slots=True)
class Cell:
    """A place on screen: row 0 (top) or 1 (bottom), column -1..13."""

    row: int
    column: int


@dataclass(frozen=True, slots=True)
class Layout:
    """How the board is turned."""

    bottom: int
    """The player (0 or 1) whose home board is drawn in the bottom row."""
    home_right: bool = True
    """Home boards on the right (else on the left)."""
    game: Game = Game.BACKGAMMON
    """The game on the board: in Fevga the top player's numbering is the bottom player's
    turned half a board (p ± 12), not mirrored (25 - p)."""

    @property
    def tray_column(self) -> int:
        """The column of the bear-off trays."""
        return 13 if self.home_right else -1

    def bottom_point(self, mover: int, point: int) -> int:
        """The bottom player's number for the mover's ``point`` (1-24); the same function gives
        the top player's number for the bottom player's (each numbering is the other's image)."""
        return point if mover == self.bottom else opponent_point(self.game, point)

    def cell_of_bottom_point(self, q: int) -> Cell:
        """Where the bottom player's point ``q`` (1-24) is drawn."""
        if q <= 12:
            row = 1
            index = 12 - q if self.home_right else q - 1
        else:
            row = 0
            index = q - 13 if self.home_right else 24 - q
        return Cell(row, index if index < 6 else index + 1)

    def cell(self, mover: int, point: int) -> Cell:
        """Where the mover's ``point`` is drawn; 25 is the mover's bar, 0 its tray."""
        mover_is_bottom = mover == self.bottom
        if point == BAR:
            # A checker on the bar waits beside the home board it enters.
            return Cell(0 if mover_is_bottom else 1, BAR_COLUMN)
        if point == OFF:
            return Cell(1 if mover_is_bottom else 0, self.tray_column)
        return self.cell_of_bottom_point(self.bottom_point(mover, point))

    def point_at(self, mover: int, cell: Cell) -> int | None:
        """The mover's point drawn at ``cell`` (25 bar, 0 tray), or None."""
        for point in range(26):
            if self.cell(mover, point) == cell:
                return point
        return None
