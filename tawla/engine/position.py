"""An immutable backgammon position, always seen from the player on roll.

The board is 26 signed slots, in the mover's numbering (as wildbg does it):

* ``board[1..24]``: the points; positive counts are the mover's checkers,
  negative counts the opponent's. Point 1 is the deepest point of the mover's
  home board, 24 the farthest (R1).
* ``board[25]``: the mover's bar (>= 0). The mover enters from 25 downwards.
* ``board[0]``: the opponent's bar (<= 0). The opponent moves upwards in the
  mover's numbering and enters from 0.

Borne-off checkers are not stored: they are whatever is missing from 15.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

CHECKERS: Final = 15
"""Checkers per side."""

BAR: Final = 25
"""Index of the mover's bar (and the ``from`` value of a bar entry)."""

OFF: Final = 0
"""The ``to`` value of a step that bears a checker off."""

_START_BOARD: Final = tuple(
    # mover: 24:2 13:5 8:3 6:5; opponent mirrored (its 24 is our 1, ...)
    {6: 5, 8: 3, 13: 5, 24: 2, 1: -2, 12: -5, 17: -3, 19: -5}.get(i, 0)
    for i in range(26)
)


class PositionError(ValueError):
    """A board that cannot occur in backgammon.

    ``code`` names the problem for a catalog lookup; ``params`` carries its
    parameters (e.g. the side and its checker count).
    """

    def __init__(self, code: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


class Position(tuple[int, ...]):
    """An immutable position from the point of view of the player on roll.

    A Position *is* the tuple of its 26 signed slots (see the module
    docstring), so equality and hashing are by value and as fast as a tuple's;
    ``position[6]`` reads point 6. Build one with ``Position(slots)``,
    :meth:`from_counts`, :func:`tawla.engine.diagram.parse_diagram` or
    :meth:`start`; all of them validate.
    """

    __slots__ = ()

    def __new__(cls, board: Iterable[int]) -> Position:
        values = tuple(int(v) for v in board)
        _validate(values)
        return tuple.__new__(cls, values)

    @classmethod
    def _trusted(cls, board: Iterable[int]) -> Position:
        """Wrap a board the engine itself produced (no validation)."""
        return tuple.__new__(cls, board)

    @classmethod
    def start(cls) -> Position:
        """The starting position (R1): 24:2, 13:5, 8:3, 6:5 for both sides."""
        return cls._trusted(_START_BOARD)

    @classmethod
    def from_counts(
        cls,
        mover: dict[int, int],
        opponent: dict[int, int],
    ) -> Position:
        """From two ``{point: count}`` maps, each in its own side's numbering.

        Point 25 is that side's bar. E.g. the start is
        ``from_counts({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5})``.
        """
        board = [0] * 26
        for point, count in mover.items():
            _check_point(point)
            board[point] += count
        for point, count in opponent.items():
            _check_point(point)
            slot = 25 - point
            if board[slot] > 0 and count and slot != 0:
                raise PositionError("shared_point", f"both sides have checkers on point {slot}", point=slot)
            board[slot] -= count
        return cls(board)

    # -- reading -----------------------------------------------------------

    @property
    def board(self) -> tuple[int, ...]:
        """The 26 signed slots as a plain tuple."""
        return tuple(self)

    def mover(self, point: int) -> int:
        """The mover's checkers on ``point`` (1..24; 25 = the mover's bar)."""
        v = self[point]
        return v if v > 0 else 0

    def opponent(self, point: int) -> int:
        """The opponent's checkers on ``point`` in the *opponent's* numbering
        (1..24; 25 = the opponent's bar)."""
        v = self[25 - point]
        return -v if v < 0 else 0

    @property
    def mover_bar(self) -> int:
        """Mover's checkers on the bar."""
        return self[BAR]

    @property
    def opponent_bar(self) -> int:
        """Opponent's checkers on the bar."""
        return -self[0]

    @property
    def mover_off(self) -> int:
        """Mover's checkers borne off."""
        return CHECKERS - sum(v for v in self if v > 0)

    @property
    def opponent_off(self) -> int:
        """Opponent's checkers borne off."""
        return CHECKERS + sum(v for v in self if v < 0)

    @property
    def mover_pips(self) -> int:
        """The mover's pip count: the dice total needed to bear everything off."""
        return sum(i * v for i, v in enumerate(self) if v > 0)

    @property
    def opponent_pips(self) -> int:
        """The opponent's pip count (a checker on our point i is 25 - i away)."""
        return sum((25 - i) * -v for i, v in enumerate(self) if v < 0)

    def all_home(self) -> bool:
        """True when all the mover's remaining checkers are in its home board."""
        return not any(v > 0 for v in self[7:])

    def swapped(self) -> Position:
        """The same position seen from the other player (an involution)."""
        return tuple.__new__(Position, [-self[25 - i] for i in range(26)])

    def is_game_over(self) -> bool:
        """True when either side has borne off all its checkers."""
        return self.mover_off == CHECKERS or self.opponent_off == CHECKERS

    def __repr__(self) -> str:
        # The counts as from_counts takes them (the opponent's in its own numbering). Not the
        # Position ID: the IDs module builds on this one, and this one imports nothing back.
        mover = {p: self[p] for p in range(1, 26) if self[p] > 0}
        opponent = {25 - p: -self[p] for p in range(0, 25) if self[p] < 0}
        return f"Position.from_counts({mover}, {opponent})"

    def __getnewargs__(self) -> tuple[tuple[int, ...]]:
        return (tuple(self),)


def _check_point(point: int) -> None:
    if not 1 <= point <= 25:
        raise PositionError("bad_point", f"point {point} is not 1-24 or 25 (bar)", point=point)


def _validate(board: tuple[int, ...]) -> None:
    if len(board) != 26:
        raise PositionError("bad_length", f"a board has 26 slots, not {len(board)}", length=len(board))
    if board[25] < 0:
        raise PositionError("bad_bar", "the mover's bar cannot hold opponent checkers")
    if board[0] > 0:
        raise PositionError("bad_bar", "the opponent's bar cannot hold the mover's checkers")
    mover = sum(v for v in board if v > 0)
    opponent = -sum(v for v in board if v < 0)
    if mover > CHECKERS:
        raise PositionError(
            "too_many_checkers",
            f"the player on roll has {mover} checkers (at most 15)",
            side="mover",
            count=mover,
        )
    if opponent > CHECKERS:
        raise PositionError(
            "too_many_checkers",
            f"the opponent has {opponent} checkers (at most 15)",
            side="opponent",
            count=opponent,
        )
