"""A plain-text board diagram, for tests, logs and bug reports.

``x`` is the player on roll, ``o`` the opponent; numbers are the mover's::

     13  14  15  16  17  18 |  19  20  21  22  23  24
     5x   .   .   .  3o   . |  5o   .   .   .   .  2x
     5o   .   .   .  3x   . |  5x   .   .   .   .  2o
     12  11  10   9   8   7 |   6   5   4   3   2   1
    bar x0 o0  off x0 o0

:func:`diagram` draws it and :func:`parse_diagram` reads it back, so a test
can state its position as a picture. Off counts are checked, not trusted.
"""

from __future__ import annotations

from tawla.engine.position import BAR, Position, PositionError
from tawla.engine.tavla import Game, TavlaBoard

_TOP = tuple(range(13, 25))
_BOTTOM = tuple(range(12, 0, -1))


def _cell(v: int) -> str:
    return f"{abs(v)}{'x' if v > 0 else 'o'}" if v else "."


def _row(cells: list[str]) -> str:
    return " ".join(f"{c:>3}" for c in cells[:6]) + " | " + " ".join(f"{c:>3}" for c in cells[6:])


def diagram(position: Position) -> str:
    """The board as five lines of text (see the module docstring)."""
    top_nums = _row([str(p) for p in _TOP])
    bottom_nums = _row([str(p) for p in _BOTTOM])
    lines = [
        top_nums,
        _row([_cell(position[p]) for p in _TOP]),
        _row([_cell(position[p]) for p in _BOTTOM]),
        bottom_nums,
        f"bar x{position.mover_bar} o{position.opponent_bar}  off x{position.mover_off} o{position.opponent_off}",
    ]
    return "\n".join(lines)


def _lines(text: str) -> list[list[str]]:
    """A picture's five lines as their words (the "|" between the halves left out), its point
    numbers checked."""
    lines = [[t for t in ln.split() if t != "|"] for ln in text.strip().splitlines() if ln.strip()]
    if len(lines) != 5:
        raise PositionError("diagram", f"a diagram has 5 lines, not {len(lines)}")
    if [int(t) for t in lines[0]] != list(_TOP) or [int(t) for t in lines[3]] != list(_BOTTOM):
        raise PositionError("diagram", "the point numbers are not 13-24 above and 12-1 below")
    return lines


def parse_diagram(text: str) -> Position:
    """Read a diagram drawn by :func:`diagram` (indentation and spacing are free)."""
    lines = _lines(text)
    board = [0] * 26
    for points, cells in ((_TOP, lines[1]), (_BOTTOM, lines[2])):
        if len(cells) != 12:
            raise PositionError("diagram", f"a row has 12 points, not {len(cells)}")
        for p, cell in zip(points, cells, strict=True):
            if cell == ".":
                continue
            count, side = int(cell[:-1]), cell[-1]
            if side not in "xo" or count < 1:
                raise PositionError("diagram", f"bad cell {cell!r} on point {p}")
            board[p] = count if side == "x" else -count
    tail = lines[4]
    if len(tail) != 6 or tail[0] != "bar" or tail[3] != "off":
        raise PositionError("diagram", "the last line reads 'bar xN oN  off xN oN'")
    board[BAR] = int(tail[1][1:])
    board[0] = -int(tail[2][1:])
    position = Position(board)
    if (position.mover_off, position.opponent_off) != (int(tail[4][1:]), int(tail[5][1:])):
        raise PositionError(
            "diagram",
            f"off counts say x{tail[4][1:]} o{tail[5][1:]} but the board leaves "
            f"x{position.mover_off} o{position.opponent_off}",
        )
    return position


# -- Plakoto and Fevga -----------------------------------------------------------------------
#
# The same picture without the bar, and a pinned checker written under its pinners:
# ``2x/o`` is two of x's checkers on top of one of o's, pinned (Plakoto).


def _tavla_cell(board: TavlaBoard, p: int) -> str:
    v = board[p]
    if not v:
        return "."
    pinned = board.pinned(p)
    return f"{abs(v)}{'x' if v > 0 else 'o'}" + ("/x" if pinned > 0 else "/o" if pinned < 0 else "")


def _tavla_row(cells: list[str]) -> str:
    return " ".join(f"{c:>4}" for c in cells[:6]) + " | " + " ".join(f"{c:>4}" for c in cells[6:])


def tavla_diagram(board: TavlaBoard) -> str:
    """A Plakoto or Fevga board as five lines (see above); the last reads ``off xN oN``."""
    return "\n".join(
        [
            _tavla_row([str(p) for p in _TOP]),
            _tavla_row([_tavla_cell(board, p) for p in _TOP]),
            _tavla_row([_tavla_cell(board, p) for p in _BOTTOM]),
            _tavla_row([str(p) for p in _BOTTOM]),
            f"off x{board.mover_off} o{board.opponent_off}",
        ]
    )


def parse_tavla_diagram(game: Game, text: str) -> TavlaBoard:
    """Read a picture drawn by :func:`tavla_diagram` (indentation and spacing are free)."""
    lines = _lines(text)
    slots = [0] * 26
    pins = [0] * 26
    for points, cells in ((_TOP, lines[1]), (_BOTTOM, lines[2])):
        if len(cells) != 12:
            raise PositionError("diagram", f"a row has 12 points, not {len(cells)}")
        for p, cell in zip(points, cells, strict=True):
            if cell == ".":
                continue
            top, _, under = cell.partition("/")
            count, side = int(top[:-1]), top[-1]
            if side not in "xo" or count < 1 or under not in ("", "x", "o") or under == side:
                raise PositionError("diagram", f"bad cell {cell!r} on point {p}")
            slots[p] = count if side == "x" else -count
            pins[p] = 1 if under == "x" else -1 if under == "o" else 0
    board = TavlaBoard(game, slots, pins)
    tail = lines[4]
    if len(tail) != 3 or tail[0] != "off":
        raise PositionError("diagram", "the last line reads 'off xN oN'")
    if (board.mover_off, board.opponent_off) != (int(tail[1][1:]), int(tail[2][1:])):
        raise PositionError(
            "diagram",
            f"off counts say x{tail[1][1:]} o{tail[2][1:]} "
            f"but the board leaves x{board.mover_off} o{board.opponent_off}",
        )
    return board
