"""Read the board back from the screen, as a player reads it (#12: "the screen tells the truth").

The reader knows what a player knows and nothing of how tawla draws: a frame with the point
numbers on its top and bottom lines, a checker a row (● and ○, or X and O on the ASCII
board; a number in a point's last place when there are more than it shows), the bar between
the two halves with the checkers that wait there and the cube (a number in a box on the bar:
its middle, or an edge), and a tray on the home side
whose label says how many are borne off ("●12"). It takes the terminal's rows as text (Pilot's
screen or tmux's ``capture-pane``) and answers a :class:`Seen`.

The tavla family's boards (#23) read the same way, with two more things a player sees: a
Plakoto pin, one checker at the edge end of a point under a stack of the other side's (``○●●``
from the edge: two ● pinning one ○; a number in the last place counts the stack on top), and
on a Fevga board the arrows on the frame (◀ ▶, or < > on the ASCII board) that say which way
each row runs. The numbers are read as labelled, so a Fevga board's half-turned numbering
(p ± 12 for the player at the top) is read as it is drawn. Any other mixture of the two
glyphs on one point is not a board and fails the reading.
"""

from __future__ import annotations

import itertools
import math
import re
import statistics
import unicodedata
from dataclasses import dataclass, field

GLYPHS = {"●": 0, "○": 1, "X": 0, "O": 1}
"""Whose checker a glyph is: the first player's, or the second's."""
FACES = "⚀⚁⚂⚃⚄⚅"
_INDIC = str.maketrans("٠١٢٣٤٥٦٧٨٩", "0123456789")
ARROWS = {"◀": "left", "<": "left", "▶": "right", ">": "right"}
"""A Fevga board's marks on the frame: the way the checkers run along that row."""
_TOP = re.compile(r"[┌+][─┬\-+0-9٠-٩◀▶<>]{30,}[┐+]")


@dataclass
class Seen:
    """What the screen shows."""

    points: dict[int, tuple[int, int]] = field(default_factory=dict)
    """Point number as labelled (the viewer's numbering) → (owner, count); empty points left out.
    On a pinned point: the checkers on top (the pinned one is in :attr:`pins`)."""
    pins: dict[int, int] = field(default_factory=dict)
    """Point number as labelled → the player whose checker lies pinned there (Plakoto)."""
    bar: dict[int, int] = field(default_factory=dict)
    """Player → checkers on the bar."""
    off: dict[int, int] = field(default_factory=dict)
    """Player → checkers borne off."""
    cube: tuple[int, str] | None = None
    """The cube's value and where it sits: top, middle or bottom."""
    dice: tuple[int, ...] = ()
    """The dice in the panel (a double: four)."""
    bottom_labels: tuple[int, ...] = ()
    """The point numbers along the bottom edge, left to right."""
    top_labels: tuple[int, ...] = ()
    """The point numbers along the top edge, left to right."""
    travel: tuple[str, str] | None = None
    """Which way the checkers run along the top row and along the bottom row ("left" or
    "right"), as the arrows on the frame say (a Fevga board); None when there are none."""


def cells(line: str) -> list[str]:
    """A row as its cells: a combining mark stays with the letter before it."""
    out: list[str] = []
    for ch in line:
        if out and (unicodedata.combining(ch) or unicodedata.category(ch) == "Mn"):
            out[-1] += ch
        else:
            out.append(ch)
    return out


def _number(text: str) -> int | None:
    digits = "".join(ch for ch in text.translate(_INDIC) if ch.isdigit())
    return int(digits) if digits else None


def _labels(row: list[str], x0: int, x1: int) -> list[tuple[float, int]]:
    """(centre, value) of each number on a frame line."""
    out, x = [], x0
    while x <= x1:
        if row[x].translate(_INDIC).isdigit():
            start = x
            while x <= x1 and row[x].translate(_INDIC).isdigit():
                x += 1
            value = _number("".join(row[start:x]))
            assert value is not None
            out.append(((start + x - 1) / 2, value))
        else:
            x += 1
    return out


def read_board(screen: str) -> Seen:
    """The board on ``screen`` (the terminal's rows, one per line)."""
    rows = [cells(line) for line in screen.splitlines()]
    top = next(y for y, row in enumerate(rows) if _TOP.search("".join(ch[0] for ch in row)))
    flat = "".join(ch[0] for ch in rows[top])
    match = _TOP.search(flat)
    assert match is not None
    x0, x1 = match.start(), match.end() - 1
    bottom = next(y for y in range(top + 1, len(rows)) if len(rows[y]) > x0 and rows[y][x0] in "└+")
    seen = Seen()
    labels = {"top": _labels(rows[top], x0, x1), "bottom": _labels(rows[bottom], x0, x1)}
    assert len(labels["top"]) == 12 and len(labels["bottom"]) == 12, labels
    seen.bottom_labels = tuple(value for _, value in labels["bottom"])
    seen.top_labels = tuple(value for _, value in labels["top"])
    ways = []
    for y in (top, bottom):
        marks = {ARROWS[ch[0]] for ch in rows[y][x0 : x1 + 1] if ch[0] in ARROWS}
        assert len(marks) <= 1, f"arrows both ways on one edge: {''.join(ch[0] for ch in rows[y])}"
        ways.append(marks.pop() if marks else None)
    assert (ways[0] is None) == (ways[1] is None), f"an arrow on one edge only: {ways}"
    if ways[0] is not None and ways[1] is not None:
        seen.travel = (ways[0], ways[1])
    centres = [c for c, _ in labels["top"]]
    gaps = [b - a for a, b in itertools.pairwise(centres)]
    width = round(statistics.median(sorted(gaps)[:8]))  # a point's width (the bar's gap is wider)
    middle = (top + bottom) // 2
    cell_rows = {"top": range(top + 1, middle), "bottom": range(bottom - 1, middle, -1)}

    def span(centre: float) -> range:
        left = math.floor(centre - (width - 1) / 2 + 0.5)  # (a label is centred, its odd cell on the left)
        return range(left, left + width)

    def piece(y: int, xs: range) -> str:
        return "".join(rows[y][x] for x in xs if x < len(rows[y]))

    for half, found in labels.items():
        for centre, value in found:
            owner, count, pinned = _stack([piece(y, span(centre)) for y in cell_rows[half]])
            if count:
                assert value not in seen.points, f"point {value} labelled twice"
                seen.points[value] = (owner, count)
            if pinned is not None:
                seen.pins[value] = pinned

    # the bar: between the two groups of six points, the widest gap between numbers
    wide = max(range(len(gaps)), key=lambda i: gaps[i])
    frame = "│|"
    inner = rows[top + 4]  # (below the cube, which may sit at the top of the bar and cover a wall)
    walls = [x for x in range(math.floor(centres[wide]) + 1, math.ceil(centres[wide + 1])) if inner[x] in frame]
    bar = range(walls[0] + 1, walls[-1])
    centre = (top + bottom) / 2
    counted: dict[int, int] = {}
    for y in range(top + 1, bottom):
        text = piece(y, bar)
        glyphs = [GLYPHS[ch] for ch in text if ch in GLYPHS]
        number = _number(text)
        if glyphs:
            seen.bar[glyphs[0]] = seen.bar.get(glyphs[0], 0) + 1
        elif number is None:
            continue
        elif abs(y - centre) <= 1.5 or y in (top + 1, top + 2, bottom - 2, bottom - 1):  # the cube
            where = "middle" if abs(y - centre) <= 1.5 else ("top" if y < centre else "bottom")
            seen.cube = (number, where)
        else:  # a count in the third place: the player whose checkers are between it and the middle
            near = piece(y + 1, bar) if y < centre else piece(y - 1, bar)
            owner = next(GLYPHS[ch] for ch in near if ch in GLYPHS)
            counted[owner] = number
    seen.bar.update(counted)  # (a count says how many in all, the glyphs beside it included)

    # the tray: beside the outer points, on the home side, between two frame lines
    row = rows[top + 1]
    after = [x for x in range(math.ceil(centres[-1]), x1 + 1) if row[x] in frame]
    before = [x for x in range(x0, math.floor(centres[0])) if row[x] in frame]
    lines = after if after[-1] - after[0] > 2 else before
    tray = range(lines[0] + 1, lines[-1])
    for y in range(top + 1, bottom):
        text = piece(y, tray).strip()
        found = re.search(r"([●○XO])\s*([0-9٠-٩]+)", text)
        if found:
            seen.off[GLYPHS[found.group(1)]] = _number(found.group(2)) or 0

    # the dice, in the panel (beside the board: the cube on the ASCII board is a [2] too)
    text = "\n".join("".join(row[:x0]) + " " + "".join(row[x1 + 1 :]) for row in rows).translate(_INDIC)
    dice = [int(d) for face, d in re.findall(r"([⚀-⚅])([1-6])", text) if FACES.index(face) + 1 == int(d)]
    if not dice:
        dice = [int(d) for d in re.findall(r"\[([1-6])\]", text)]
    seen.dice = tuple(dice)
    return seen


def _stack(places: list[str]) -> tuple[int, int, int | None]:
    """Owner and count of the checkers on top of a point, from its places from the edge to the
    middle, and whose checker lies pinned under them (None: none). A pin is a lone checker at
    the edge end with the other side's over it; any other mixture fails."""
    owner, count, pinned = -1, 0, None
    for text in places:
        glyphs = [GLYPHS[ch] for ch in text if ch in GLYPHS]
        number = _number(text)
        if glyphs:
            glyph = glyphs[0]
            if owner in (-1, glyph):
                owner, count = glyph, count + 1
            else:  # the other side's: over one checker at the edge end it pins it
                assert count == 1 and pinned is None, f"two colours on one point: {places}"
                pinned, owner, count = owner, glyph, 1
        elif number is not None and owner != -1:
            count = number  # (the last place: how many there are on top in all)
    return owner, count, pinned
