r"""The board widget: 24 points, the bar, both trays, the cube, highlights.

:class:`BoardModel` says what to draw (built from the match state by the game
screen); :class:`BoardView` draws it as text, at the largest :class:`Scale` the
terminal has room for (:func:`scale_for`): compact (48 × 13 cells, fits 80 × 24
beside the side panel: a checker a cell, five a point), large (79 × 17, from
about 120 × 40) and huge (105 × 21, from about 160 × 50). The large and huge
boards are *shaped*: each checker is ``(●)`` (one a line, its glyph in it, so a
screen reader counts checkers by lines), six or eight a point before a count
takes the last place; the points are triangles drawn in characters (``╲░░░╱``
narrowing to ``▼``; ``\:::/`` to ``V`` on the ASCII board); each tray holds
every borne-off checker (``▬▬``, three a line) beside the count. The two sides
differ by shape (● and ○, or X and O on the ASCII board) as well as by colour,
so the board reads in monochrome and with NO_COLOR.

The opponent's last play (:class:`LastMove`) is marked by symbols, so it too
reads without colour and on the ASCII board (Unicode / ASCII):

* ``›●‹`` / ``>X<``: a checker that arrived, one mark per checker (8/5(2):
  the top two checkers of 5); a count in the last place is marked the same way;
  ``‹`` / ``<`` beside the newest row of a tray: checkers borne off.
* ``·`` / ``.``: the place a checker left, on its point (or on the bar it
  entered from); when the point is still full, around its top checker (``·●·``).
* ``*``: a hit. Beside the checker that hit (``›●*``), alone on the point if it
  moved on (13/8*/5), and beside the hit checker on the bar (``●*``).

In Plakoto a pinned checker lies at the edge end of its point (the place nearest the board's
edge) in its own glyph, under its pinners, stacked towards the middle in theirs: two of the
first player's on one of the second's read ``○●●`` from the edge (``OXX`` on the ASCII board),
so a pin reads by shape alone. When the pinners are more than the point has room for, the last
place says how many pinners there are (``○●●●7``: seven ● on one ○); the cursor, the picked
checker and the last move's arrivals are the pinners' (the top of the stack), a pin made by the
last move is starred beside the pinned checker (``○*``), and a landing that would pin is
labelled above the checker it pins. There is no bar in Plakoto or Fevga: nothing waits there.

On a Fevga board both sides run the same way round the board; arrows on the frame over the bar
say which way (``◀`` on the top edge and ``▶`` on the bottom one when the homes are on the
right, the other way round when they are on the left; ``<`` and ``>`` on the ASCII board), and
each side's fifteen at the start stand on diagonally opposite corners. The top player's numbers
are the bottom player's turned half a board (p ± 12, see :class:`~tawla.ui.geometry.Layout`);
its borne-off checkers are in the tray's top half, as in backgammon, although its home is the
top quarter away from the tray.

The best play of a hint (:class:`BoardModel.hint`, until the player moves) is marked in the
``board--hint`` style: the checkers that would leave and the numbers of the points it touches,
and a ``+`` in each place a checker would land (beside the newest row of the tray for one
borne off): it reads without colour too, and is never taken for the last move's marks.

A checker that moved on from where it landed (13/8/5) marks only 13 and 5,
as the notation writes it. The marks are drawn under the cursor and the picked
checker (their styles go on top) and under the landing labels (drawn over
them). The numbers of the points the play touched are styled too (colour and
italics as an extra, ``board--last``; the stars ``board--hit``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from tawla.engine import Position, TurnState
from tawla.engine.tavla import Game, TavlaBoard, TavlaTurn
from tawla.game.table import Shown
from tawla.ui.cursor import Cursor
from tawla.ui.geometry import BAR_COLUMN, Cell, Layout
from tawla.ui.playback import Playback

GLYPHS = {False: ("●", "○"), True: ("X", "O")}
"""Checker glyph of player 0 and player 1, Unicode or ASCII board."""

MARKS = {False: ("›", "‹", "·", "*"), True: (">", "<", ".", "*")}
HINT_MARK = "+"
"""Where a hint's best play would land a checker (Unicode and ASCII boards alike)."""
"""Last-move marks, Unicode or ASCII board: left and right of an arrived checker, the place a
checker left, a hit."""

SHAPES = {False: ("░", " "), True: (":", " ")}
"""Fill of the two kinds of point on a shaped board (even and odd points), Unicode or ASCII;
the ASCII points have edges too (see :func:`_point_shape`)."""

SLABS = {False: "▬▬", True: "=="}
"""One borne-off checker in the tray of a shaped board."""

ARROWS = {False: ("◀", "▶"), True: ("<", ">")}
"""The way checkers run on a Fevga board, drawn on the frame over the bar (leftwards,
rightwards), Unicode or ASCII."""


@dataclass(frozen=True)
class Destination:
    """A landing point offered for the picked checker."""

    cell: Cell
    label: str
    active: bool


@dataclass(frozen=True)
class LastMove:
    """The opponent's last play in screen cells: what the board marks (see the module docstring).

    A checker that passed a point on its way (13/8/5) neither left nor arrived there."""

    left: tuple[tuple[Cell, int], ...] = ()
    """Cells checkers left, and how many: points, or the bar a checker entered from."""
    arrived: tuple[tuple[Cell, int], ...] = ()
    """Cells checkers arrived at, and how many: points, or the tray (borne off)."""
    hit: frozenset[Cell] = frozenset()
    """Points where a blot was hit, and the bar where the hit checker waits."""

    @property
    def cells(self) -> frozenset[Cell]:
        """Every cell the play marks."""
        return frozenset(c for c, _ in self.left) | frozenset(c for c, _ in self.arrived) | self.hit


@dataclass(frozen=True)
class BoardModel:
    """Everything the board shows, already in screen terms."""

    layout: Layout
    """How the board is turned; its ``game`` is the board's (Fevga's numbering is its own)."""
    board: Position | TavlaBoard
    """The position seen from the bottom player: backgammon's, or a Plakoto or Fevga board
    (with its pins)."""
    numbering: int
    """The player whose point numbers are shown (the player on roll)."""
    mover: int = 0
    """The player moving now (whose checker a landing label belongs to)."""
    cube: tuple[int, str, bool] | None = None
    """Cube value, where it sits ("top", "middle" or "bottom") and whether it can still be turned
    in this game (a dead cube is drawn dim); None when played without (or in a 1-point match)."""
    cursor: Cell | None = None
    sources: frozenset[Cell] = frozenset()
    picked: Cell | None = None
    destinations: tuple[Destination, ...] = ()
    last: LastMove = LastMove()
    """The opponent's last play, marked until the player on roll moves."""
    hint: LastMove = LastMove()
    """The best play of a hint (what is left of it), marked until the player moves."""
    ascii: bool = False
    numbers: tuple[str, ...] = field(default_factory=lambda: tuple(str(n) for n in range(26)))
    """How to write each number 0-25 (Western or Arabic-Indic digits)."""

    def __post_init__(self) -> None:
        game = self.board.game if isinstance(self.board, TavlaBoard) else Game.BACKGAMMON
        if self.layout.game is not game:
            raise ValueError(f"board={game.value}, layout={self.layout.game.value}")  # (a programming error)


@dataclass(frozen=True)
class Scale:
    """A size of board, in cells."""

    name: str
    point: int
    """Columns of a point (and of the bar)."""
    drawn: int
    """Checkers drawn on a point before a count takes the last place."""
    middle: int
    """Lines between the two halves."""
    tray: int
    """Columns of the trays."""
    shaped: bool = False
    """Checkers two cells wider than their glyph (``(●)``), points drawn as triangles, and
    each borne-off checker in the tray (else: one cell a checker, points as shaded bands)."""

    @property
    def width(self) -> int:
        return 5 + 13 * self.point + self.tray

    @property
    def height(self) -> int:
        return 2 + 2 * self.drawn + self.middle


COMPACT = Scale("compact", point=3, drawn=5, middle=1, tray=4)
"""48 × 13: fits 80 × 24 beside the side panel."""
LARGE = Scale("large", point=5, drawn=6, middle=3, tray=9, shaped=True)
"""79 × 17: from about 108 × 28 (120 × 40 has it)."""
HUGE = Scale("huge", point=7, drawn=8, middle=3, tray=9, shaped=True)
"""105 × 21: from about 134 × 32 (160 × 50 has it): wider and taller points."""
SCALES = (COMPACT, LARGE, HUGE)
"""Every size, smallest first."""


def scale_for(width: int, height: int) -> Scale:
    """The largest board that fits ``width`` × ``height`` cells (the smallest if none does)."""
    fitting = [s for s in SCALES if s.width <= width and s.height <= height]
    return fitting[-1] if fitting else COMPACT


_Row = tuple[tuple[str, ...], tuple[Style | None, ...]]
"""One line of the board: its characters and the style of each."""


class BoardView(Widget):
    """Draws a :class:`BoardModel`, and a move played all at once a step at a time (:meth:`play`).

    It owns the keyboard's cursor (:attr:`cursor`, a :class:`~tawla.ui.cursor.Cursor`): the
    screen aims it at a turn (:meth:`aim`) and passes the player's cursor keys on; the board
    moves it, picks a checker up or puts it back, and posts :class:`CursorMoved` when it did.
    The cursor is drawn through the model the screen builds with it."""

    class CursorMoved(Message):
        """The player moved the cursor, picked a checker up or put it back (not posted when the
        screen aims it: the screen draws then)."""

        def __init__(self, board: BoardView) -> None:
            super().__init__()
            self.board = board

        @property
        def control(self) -> BoardView:
            return self.board

    STEP_SECONDS: ClassVar[float] = 0.3
    """How long each step of a move played all at once stays on the board."""

    COMPONENT_CLASSES = {
        "board--frame",
        "board--point-a",
        "board--point-b",
        "board--checker-0",
        "board--checker-1",
        "board--number",
        "board--source",
        "board--cursor",
        "board--picked",
        "board--dest",
        "board--dest-active",
        "board--last",
        "board--hit",
        "board--hint",
        "board--cube",
        "board--tray",
    }

    DEFAULT_CSS = """
    BoardView {
        width: auto;
        height: auto;
        min-width: 48;
        min-height: 13;
    }
    BoardView > .board--frame { color: $foreground-darken-1; }
    BoardView > .board--number { color: $foreground-darken-1; }
    BoardView > .board--point-a { background: $primary 30%; }
    BoardView > .board--point-b { background: $secondary 45%; }
    BoardView > .board--checker-0 { color: $text; text-style: bold; }
    BoardView > .board--checker-1 { color: $warning; text-style: bold; }
    BoardView > .board--source { text-style: bold underline; color: $text; }
    BoardView > .board--cursor { text-style: bold reverse; }
    BoardView > .board--picked { text-style: bold reverse blink; }
    BoardView > .board--dest { color: $success; text-style: bold; }
    BoardView > .board--dest-active { color: $success; text-style: bold reverse; }
    BoardView > .board--last { text-style: italic underline; color: $accent; }
    BoardView > .board--hit { text-style: bold; color: $error; }
    BoardView > .board--hint { text-style: bold underline; color: $success; }
    BoardView > .board--cube { text-style: bold; color: $text; }
    BoardView > .board--tray { color: $foreground-darken-1; }
    """

    def __init__(self, model: BoardModel | None = None, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.model = model
        self.scale = COMPACT
        self._rows: list[_Row] | None = None
        """What each line shows (characters and styles), as last drawn; None: to be drawn afresh."""
        self._strips: list[Strip | None] = []
        """Each line ready for Textual (None: made from its row when asked for)."""
        self._style_cache: tuple[dict[str, Style], Style] | None = None
        self._now = model
        """The board as it is (drawn once no step of a move is being shown)."""
        self._playback = Playback(self, self.STEP_SECONDS, self._draw_step)

    # -- the cursor ----------------------------------------------------------------------------

    cursor: Cursor | None = None
    """Where the keyboard's cursor stands and what it picked (None: no checker to move)."""

    @property
    def picked(self) -> bool:
        """A checker is picked up."""
        return self.cursor is not None and self.cursor.picked is not None

    def aim(self, cursor: Cursor | None) -> None:
        """The cursor from now on (a new turn, a step played, none: nothing to move)."""
        self.cursor = cursor

    def move_cursor(self, dx: int, dy: int) -> bool:
        """The arrows: to the next point with a legal step that way (or, a checker picked up,
        to its next landing). True if there is a cursor."""
        return self._moved(None if self.cursor is None else self.cursor.move(dx, dy))

    def cycle(self, direction: int) -> bool:
        """Tab and Shift+Tab: the next point (or landing) in screen order."""
        return self._moved(None if self.cursor is None else self.cursor.cycle(direction))

    def pick(self, turn: TurnState | TavlaTurn) -> bool:
        """Pick up the checker under the cursor (its legal landings offered)."""
        return self._moved(None if self.cursor is None else self.cursor.pick(turn))

    def drop(self) -> bool:
        """Put back the checker picked up. False if none was."""
        return self._moved(self.cursor.drop() if self.cursor is not None and self.picked else None)

    def _moved(self, cursor: Cursor | None) -> bool:
        if cursor is None:
            return False
        self.cursor = cursor
        self.post_message(self.CursorMoved(self))
        return True

    # -- drawing -------------------------------------------------------------------------------

    def show(self, model: BoardModel) -> None:
        """The board as it is is ``model``: drawn (at the step being shown, if a move is)."""
        self._now = model
        self._draw_model(self._at_step(model))

    def play(self, shown: Shown) -> None:
        """Show the move ``shown`` a step at a time from the board before it, one step every
        :attr:`STEP_SECONDS`, then the board as it is (see :class:`~tawla.ui.playback.Playback`)."""
        self._playback.start(shown)

    @property
    def playing(self) -> bool:
        """A move is being shown a step at a time."""
        return self._playback.running

    def stop(self) -> None:
        """No more steps: the board as it is, at once."""
        if self._playback.running:
            self._playback.stop()
            self._draw_step()

    def _draw_step(self) -> None:
        if self._now is not None:
            self._draw_model(self._at_step(self._now))

    def _at_step(self, model: BoardModel) -> BoardModel:
        """``model`` with the board at the step being shown, seen from the bottom player."""
        frame = self._playback.frame
        if frame is None:
            return model
        mover, position = frame
        return replace(model, board=position if mover == model.layout.bottom else position.swapped())

    def _draw_model(self, model: BoardModel) -> None:
        """Draw ``model`` from now on: only the lines that changed are drawn again (a cursor
        move changes two or three of them), and nothing if the model did not change."""
        if model == self.model:
            return
        self.model = model
        drawn = self._rows
        rows = self._draw() if drawn and self.is_mounted else []
        if not drawn or len(rows) != len(drawn):  # (nothing drawn yet, or not on screen): all of it, when asked
            self._rows = None
            self.refresh()
            return
        changed = [y for y, (before, now) in enumerate(zip(drawn, rows, strict=True)) if before != now]
        self._rows = rows
        for y in changed:
            self._strips[y] = None
        if changed:
            width = self.scale.width
            self.refresh(*(Region(0, y, width, 1) for y in changed))

    def set_scale(self, scale: Scale) -> None:
        """Draw the board at ``scale`` from now on (see :func:`scale_for`)."""
        if scale != self.scale:
            self.scale = scale
            self._rows = None
            self.refresh(layout=True)

    def notify_style_update(self) -> None:
        self._rows = None
        self._style_cache = None
        super().notify_style_update()

    def get_content_width(self, container, viewport) -> int:  # type: ignore[no-untyped-def]
        return self.scale.width

    def get_content_height(self, container, viewport, width) -> int:  # type: ignore[no-untyped-def]
        return self.scale.height

    def _styles(self) -> tuple[dict[str, Style], Style]:
        """The component styles and the widget's own, worked out once per change of CSS or theme."""
        if self._style_cache is None:
            styles = {}
            for name in self.COMPONENT_CLASSES:
                style = self.get_component_rich_style(name)
                key = name.removeprefix("board--")
                # Only the point shades paint a background; everything else keeps the shade under it.
                styles[key] = style if key.startswith("point") else _foreground(style)
            self._style_cache = (styles, self.rich_style)
        return self._style_cache

    def _draw(self) -> list[_Row]:
        if self.model is None:
            return []
        canvas = draw_board(self.model, self.scale, self._styles()[0])
        return [(tuple(chars), tuple(cells)) for chars, cells in zip(canvas.chars, canvas.styles, strict=True)]

    def render_line(self, y: int) -> Strip:
        """One line of the board, made from its row once per change of that row."""
        if self._rows is None:
            self._rows = self._draw()
            self._strips = [None] * len(self._rows)
        if y >= len(self._rows):
            return Strip.blank(self.size.width, self.rich_style)
        strip = self._strips[y]
        if strip is None:
            strip = self._strips[y] = self._strip(self._rows[y])
        return strip

    def _strip(self, row: _Row) -> Strip:
        chars, cells = row
        base = self._styles()[1]
        combined: dict[int, Style] = {}

        def style_of(style: Style | None) -> Style:
            key = id(style)
            if key not in combined:
                combined[key] = base if style is None else base + style
            return combined[key]

        segments: list[Segment] = []
        start = 0
        current = cells[0]
        # Runs of cells that share a style object become one segment (rich caches
        # combined styles, so equal styles are usually the same object).
        for i in range(1, len(chars)):
            if cells[i] is not current:
                segments.append(Segment("".join(chars[start:i]), style_of(current)))
                start, current = i, cells[i]
        segments.append(Segment("".join(chars[start:]), style_of(current)))
        return Strip(segments, len(chars))


# -- drawing ---------------------------------------------------------------------------


def _foreground(style: Style) -> Style:
    """``style`` without its background colour."""
    return Style(
        color=style.color,
        bold=style.bold,
        dim=style.dim,
        italic=style.italic,
        underline=style.underline,
        blink=style.blink,
        reverse=style.reverse,
        strike=style.strike,
    )


class _Canvas:
    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.chars = [[" "] * width for _ in range(height)]
        self.styles: list[list[Style | None]] = [[None] * width for _ in range(height)]

    def copy(self) -> _Canvas:
        out = _Canvas.__new__(_Canvas)
        out.width, out.height = self.width, self.height
        out.chars = [row[:] for row in self.chars]
        out.styles = [row[:] for row in self.styles]
        return out

    def put(self, x: int, y: int, text: str, style: Style | None = None) -> None:
        """Write ``text``; its style goes on top of what the cells already have (e.g. a shade)."""
        start, end = max(x, 0), min(x + len(text), self.width)
        if not 0 <= y < self.height or start >= end:
            return
        self.chars[y][start:end] = text[start - x : end - x]
        if style is not None:
            row = self.styles[y]
            for i in range(start, end):
                current = row[i]
                row[i] = style if current is None else current + style

    def stylize(self, x: int, y: int, width: int, style: Style) -> None:
        for i in range(width):
            current = self.styles[y][x + i]
            self.styles[y][x + i] = style if current is None else current + style

    def text(self) -> Text:
        out = Text(no_wrap=True, overflow="crop")
        for y, row in enumerate(self.chars):
            if y:
                out.append("\n")
            for ch, style in zip(row, self.styles[y], strict=True):
                out.append(ch, style)
        return out


def _column_x(layout: Layout, scale: Scale, column: int) -> int:
    """Left x of a column (-1..13) on the canvas."""
    p = scale.point
    tray_first = not layout.home_right
    x = 1  # left border
    if tray_first:
        if column == -1:
            return x
        x += scale.tray + 1
    if column < BAR_COLUMN:
        return x + column * p
    x += 6 * p + 1
    if column == BAR_COLUMN:
        return x
    x += p + 1
    if column <= 12:
        return x + (column - 7) * p
    return x + 6 * p + 1  # the tray on the right


def _borders(layout: Layout, scale: Scale) -> list[int]:
    """x of every vertical frame line."""
    xs = [0, scale.width - 1]
    left = _column_x(layout, scale, 0)
    xs += [left - 1, _column_x(layout, scale, BAR_COLUMN) - 1, _column_x(layout, scale, 7) - 1]
    xs.append(_column_x(layout, scale, 12) + scale.point)
    return sorted(set(xs))


def _checker_rows(scale: Scale, row: int) -> list[int]:
    """Canvas y of the checker places of a half, from the edge towards the middle."""
    if row == 0:
        return list(range(1, 1 + scale.drawn))
    bottom = scale.height - 2
    return list(range(bottom, bottom - scale.drawn, -1))


def render_board(model: BoardModel, scale: Scale, styles: dict[str, Style]) -> Text:
    """The board as text (see :class:`BoardView`; used for plain-text output and tests)."""
    return draw_board(model, scale, styles).text()


@lru_cache(maxsize=16)
def _background(
    home_right: bool, scale: Scale, ascii_: bool, frame: Style | None, shade_a: Style | None, shade_b: Style | None
) -> _Canvas:
    """The frame and the painted points: the same at every draw of a board of this kind (a
    draw copies it)."""
    layout = Layout(0, home_right)
    W, H = scale.width, scale.height
    canvas = _Canvas(W, H)
    hline, vline = ("-", "|") if ascii_ else ("─", "│")
    for y in (0, H - 1):
        canvas.put(0, y, hline * W, frame)
    for x in _borders(layout, scale):
        for y in range(H):
            canvas.put(x, y, vline, frame)
    if ascii_:
        corners = {(0, 0): "+", (W - 1, 0): "+", (0, H - 1): "+", (W - 1, H - 1): "+"}
        joints = "+"
    else:
        corners = {(0, 0): "┌", (W - 1, 0): "┐", (0, H - 1): "└", (W - 1, H - 1): "┘"}
        joints = None
    for x in _borders(layout, scale)[1:-1]:
        canvas.put(x, 0, joints or "┬", frame)
        canvas.put(x, H - 1, joints or "┴", frame)
    for (x, y), ch in corners.items():
        canvas.put(x, y, ch, frame)
    p = scale.point
    fill = Style(color=frame.color) if frame is not None and frame.color is not None else Style()
    for q in range(1, 25):
        shade = shade_a if q % 2 == 0 else shade_b
        cell = layout.cell_of_bottom_point(q)
        x = _column_x(layout, scale, cell.column)
        for i, y in enumerate(_checker_rows(scale, cell.row)):
            if scale.shaped:  # a triangle, pointing to the middle, in characters (read in monochrome too)
                inset, body = _point_shape(scale, i, cell.row, q % 2, ascii_)
                canvas.put(x + inset, y, body, fill if shade is None else shade + fill)
            elif shade is not None:  # the compact board: bands of colour
                canvas.stylize(x, y, p, shade)
    return canvas


def _point_shape(scale: Scale, i: int, row: int, kind: int, ascii_: bool) -> tuple[int, str]:
    r"""Line ``i`` (from the edge) of a point of ``kind`` (0 even, 1 odd) on a shaped board: a
    triangle from the point's full width at the edge to one cell at the middle. Unicode
    points are filled (▒ and ░); ASCII ones have edges (\ / at the top, / \ at the bottom)
    around : or nothing, and a V or ^ tip."""
    p = scale.point
    steps = (p - 1) // 2
    inset = round(i * steps / (scale.drawn - 1)) if scale.drawn > 1 else 0
    width = p - 2 * inset
    fill = SHAPES[ascii_][kind]
    tips, edges = (("V", "^"), (("\\", "/"), ("/", "\\"))) if ascii_ else (("▼", "▲"), (("╲", "╱"), ("╱", "╲")))
    if width == 1:
        return inset, tips[row]
    left, right = edges[row]
    return inset, left + fill * (width - 2) + right


def draw_board(model: BoardModel, scale: Scale, styles: dict[str, Style]) -> _Canvas:
    """The board on a canvas of characters and styles."""
    layout = model.layout
    H = scale.height
    ascii_ = model.ascii
    hline = "-" if ascii_ else "─"
    glyph = GLYPHS[ascii_]
    bottom_player = layout.bottom
    top_player = 1 - bottom_player
    numbers = model.numbers
    frame, shades = styles.get("frame"), (styles.get("point-a"), styles.get("point-b"))
    canvas = _background(layout.home_right, scale, ascii_, frame, *shades).copy()
    p = scale.point
    board = model.board
    marked = model.last.cells
    hinted = model.hint.cells

    # point numbers
    for q in range(1, 25):
        cell = layout.cell_of_bottom_point(q)
        x = _column_x(layout, scale, cell.column)
        shown = q if model.numbering == bottom_player else layout.bottom_point(top_player, q)
        label = numbers[shown]
        y = 0 if cell.row == 0 else H - 1
        style = styles.get("number")
        if cell in marked:
            style = styles.get("last")
        if cell in hinted:
            style = styles.get("hint")
        if cell in model.sources:
            style = styles.get("source")
        if cell == model.cursor:
            style = styles.get("cursor")
        canvas.put(x, y, _center(label, p, hline), style)

    # which way the checkers run (Fevga: both sides the same way), on the frame over the bar
    if layout.game is Game.FEVGA:
        left, right = ARROWS[ascii_]
        x = _column_x(layout, scale, BAR_COLUMN)
        top_way, bottom_way = (left, right) if layout.home_right else (right, left)
        canvas.put(x, 0, _center(top_way, p, hline), frame)
        canvas.put(x, H - 1, _center(bottom_way, p, hline), frame)

    # checkers on the points
    for q in range(1, 25):
        if board[q]:
            _stack(canvas, scale, layout.cell_of_bottom_point(q), _pile(model, q, scale.drawn), styles, layout)

    # the bar: the bottom player's checkers wait above the middle, the top player's below
    middle = 1 + scale.drawn + scale.middle // 2
    bar_x = _column_x(layout, scale, BAR_COLUMN)
    for count, owner, row in ((board.mover_bar, bottom_player, 0), (board.opponent_bar, top_player, 1)):
        for i, y in enumerate(_bar_places(scale, row)[: min(count, 3)]):
            text = model.numbers[count] if i == 2 and count > 3 else glyph[owner]
            _place(canvas, scale, bar_x, y, text, styles.get(f"checker-{owner}"))

    # the cube
    if model.cube is not None:
        value, where, live = model.cube
        face = cube_face(value)
        text = "".join(model.numbers[int(d)] if d.isdigit() else d for d in face)  # (in the interface's digits)
        style = styles.get("cube")
        if not live:  # (dead for good in this game: drawn dim, the panel says why)
            style = Style(dim=True) if style is None else style + Style(dim=True)
        _cube(canvas, scale, bar_x, where, text, ascii_, style)

    # the trays: what each player has borne off
    tray_x = _column_x(layout, scale, layout.tray_column)
    for off, owner, row in ((board.mover_off, bottom_player, 1), (board.opponent_off, top_player, 0)):
        rows = _checker_rows(scale, row)
        filled = (off + 2) // 3
        bar = "=" * (scale.tray - 1) if ascii_ else "▬" * (scale.tray - 1)
        for i, y in enumerate(rows[:filled]):
            if scale.shaped:  # each checker, three a row
                bar = " ".join([SLABS[ascii_]] * min(3, off - 3 * i))
            canvas.put(tray_x, y, bar, styles.get(f"checker-{owner}"))
        if off:
            # In the middle band, each player's on their side of it; the compact board's middle
            # is one line, so there each label goes in its own half, after its rows (both
            # players' counts on the one line hid one of them: found reading the screen).
            if scale.middle >= 3:
                y = middle + (1 if row == 1 else -1) * (scale.middle // 2)
            else:
                y = rows[min(filled, len(rows) - 1)]
            canvas.put(tray_x, y, f"{glyph[owner]}{numbers[off]:>2}".ljust(scale.tray), styles.get("tray"))

    # the opponent's last play, then the cursor and the picked checker over it
    if marked:
        _mark_last(canvas, scale, model, styles)
    if hinted:
        _mark_hint(canvas, scale, model, styles.get("hint"))
    cursor = model.cursor if model.cursor != model.picked else None
    for on, key in ((cursor, "cursor"), (model.picked, "picked")):
        if on is not None:
            top = _top_place(scale, model, on)
            if top is not None:
                offset, width = _span(scale, top[1])
                canvas.stylize(_column_x(layout, scale, on.column) + offset, top[0], width, styles[key])

    # landing points offered for the picked checker (over everything else)
    for dest in model.destinations:
        style = styles.get("dest-active" if dest.active else "dest")
        _label_landing(canvas, scale, layout, model, dest, style)

    return canvas


CUBES = {False: ("▐", "▌", "┏━┓┃┃┗━┛"), True: ("[", "]", "+-+[]+-+")}
"""How a cube is drawn, Unicode or ASCII: the sides of the one-line cube of the compact board,
then the box of the shaped boards (corners, top, sides, bottom)."""


def cube_face(value: int) -> str:
    """The cube's value as its face says it, in at most three cells (the bar's width on the
    compact board): 2 to 512 as they are, 1024 and more in thousands (``1k``, ``2k``, ``4k``;
    the panel says the whole number)."""
    return str(value) if value < 1000 else f"{value // 1024}k"


def _cube(canvas: _Canvas, scale: Scale, bar_x: int, where: str, value: str, ascii_: bool, style: Style | None) -> None:
    """The cube, on the bar: at the edge of its owner's side ("top", "bottom") or in the middle.

    On the compact board it is one line within the bar's width, ``▐2▌`` (the value in reverse
    video between two half blocks: a solid square with the number in it; ``[2]`` on the ASCII
    board); a value of two digits keeps the left half block (``▐16``), of three none (``128``):
    never over the bar's wall (#36). On the shaped boards it is a box of three lines, five cells
    wide (a square on a terminal's tall cells), drawn in heavy lines so that it never reads as
    the bar's frame::

        ┏━━━┓
        ┃ 2 ┃
        ┗━━━┛
    """
    face = Style(reverse=True) if style is None else style + Style(reverse=True)
    H = scale.height
    middle = 1 + scale.drawn + scale.middle // 2
    if not scale.shaped:
        left, right, _ = CUBES[ascii_]
        y = {"top": 1, "middle": middle, "bottom": H - 2}[where]
        sides = max(0, min(2, scale.point - len(value)))  # (the half blocks the bar has room for)
        x = bar_x + max(0, (scale.point - len(value) - sides) // 2)
        if sides:
            canvas.put(x, y, left, style)
        canvas.put(x + min(sides, 1), y, value, style if ascii_ else face)
        if sides == 2:
            canvas.put(x + 1 + len(value), y, right, style)
        return
    box = CUBES[ascii_][2]
    tl, h, tr, lside, rside, bl, hb, br = (box[i] for i in range(8))
    inner = 3
    y = {"top": 1, "middle": middle - 1, "bottom": H - 4}[where]
    x = bar_x + (scale.point - inner - 2) // 2
    canvas.put(x, y, tl + h * inner + tr, style)
    canvas.put(x, y + 1, lside, style)
    canvas.put(x + 1, y + 1, value.center(inner), face)
    canvas.put(x + 1 + inner, y + 1, rside, style)
    canvas.put(x, y + 2, bl + hb * inner + br, style)


def _center(text: str, width: int, fill: str) -> str:
    pad = width - len(text)
    left = pad // 2
    return fill * left + text + fill * (pad - left)


def _shown(scale: Scale, text: str, checker: bool = True) -> str:
    """What a place shows for ``text`` (a checker's glyph, a count, a mark, a label): on a
    shaped board a checker is ``(●)`` and anything else has a blank each side, over the point's
    shape; on the compact board it is centred in the whole place."""
    if not scale.shaped:
        return _center(text, scale.point, " ")
    return f"({text})" if checker and text in GLYPHS[False] + GLYPHS[True] else f" {text} "


def _span(scale: Scale, text: str, checker: bool = True) -> tuple[int, int]:
    """Where :func:`_shown` draws in a place: offset and width."""
    shown = _shown(scale, text, checker)
    return (scale.point - len(shown)) // 2, len(shown)


def _place(canvas: _Canvas, scale: Scale, x: int, y: int, text: str, style: Style | None, checker: bool = True) -> None:
    """Draw ``text`` in the place at ``x``, ``y`` (see :func:`_shown`)."""
    canvas.put(x + _span(scale, text, checker)[0], y, _shown(scale, text, checker), style)


def _stack(
    canvas: _Canvas, scale: Scale, cell: Cell, pile: list[tuple[str, int]], styles: dict[str, Style], layout: Layout
) -> None:
    """Draw a point's ``pile`` (see :func:`_pile`) from the edge towards the middle."""
    x = _column_x(layout, scale, cell.column)
    rows = _checker_rows(scale, cell.row)
    for (text, owner), y in zip(pile, rows, strict=False):
        _place(canvas, scale, x, y, text, styles.get(f"checker-{owner}"))


def _pile(model: BoardModel, q: int, room: int) -> list[tuple[str, int]]:
    """What each drawn place of the bottom player's point ``q`` shows, from the edge towards the
    middle, and whose it is: a pinned checker first (Plakoto), then the checkers on top, the
    count of those in the last place when the point has no room for them all."""
    board = model.board
    v = board[q]
    if not v:
        return []
    glyphs = GLYPHS[model.ascii]
    owner = model.layout.bottom if v > 0 else 1 - model.layout.bottom
    count = abs(v)
    pile = []
    if isinstance(board, TavlaBoard) and board.pinned(q):
        pile.append((glyphs[1 - owner], 1 - owner))
    total = len(pile) + count
    pile += [(glyphs[owner], owner)] * (min(total, room) - len(pile))
    if total > room:
        pile[-1] = (model.numbers[count] if count < len(model.numbers) else str(count), owner)
    return pile


def _bar_places(scale: Scale, row: int) -> list[int]:
    """Canvas y of the three places of a bar cell (row 0: the bottom player's, above the
    middle), from the middle outwards."""
    middle = 1 + scale.drawn + scale.middle // 2
    direction = -1 if row == 0 else 1
    return [middle + direction * (i + 1 + scale.middle // 2) for i in range(3)]


def _drawn(model: BoardModel, cell: Cell, room: int) -> list[str]:
    """What each drawn place of a point or bar cell shows, from the edge (the middle for the
    bar) outwards: a checker (a pinned one first), or the count in the last place (``room``:
    the places of a point)."""
    layout, board = model.layout, model.board
    if cell.column != BAR_COLUMN:
        q = layout.point_at(layout.bottom, cell)
        assert q is not None, cell
        return [text for text, _ in _pile(model, q, room)]
    count = board.mover_bar if cell.row == 0 else board.opponent_bar
    room, owner = 3, layout.bottom if cell.row == 0 else 1 - layout.bottom
    texts = [GLYPHS[model.ascii][owner]] * min(count, room)
    if count > room:
        texts[-1] = model.numbers[count] if count < len(model.numbers) else str(count)
    return texts


def _top_place(scale: Scale, model: BoardModel, cell: Cell) -> tuple[int, str] | None:
    """Canvas y of the place the cursor shows on a cell, and what it shows: the top checker of
    a point, the first place of the bar; None on an empty point or a tray."""
    if cell.column == model.layout.tray_column:
        return None
    drawn = _drawn(model, cell, scale.drawn)
    if cell.column == BAR_COLUMN:
        return (_bar_places(scale, cell.row)[0], drawn[0] if drawn else " ")
    return (_checker_rows(scale, cell.row)[len(drawn) - 1], drawn[-1]) if drawn else None


def _mark_last(canvas: _Canvas, scale: Scale, model: BoardModel, styles: dict[str, Style]) -> None:
    """The marks of the opponent's last play (see the module docstring)."""
    layout, last = model.layout, model.last
    into, out_of, ghost, star = MARKS[model.ascii]
    style, hit_style = styles.get("last"), styles.get("hit")

    def place(cell: Cell) -> tuple[int, list[int], list[str]]:
        ys = _bar_places(scale, cell.row) if cell.column == BAR_COLUMN else _checker_rows(scale, cell.row)
        return _column_x(layout, scale, cell.column), ys, _drawn(model, cell, scale.drawn)

    for cell, n in last.left:
        x, ys, texts = place(cell)
        if len(texts) < len(ys):  # the places they left, as far as the point has room
            for y in ys[len(texts) : len(texts) + n]:
                _place(canvas, scale, x, y, ghost, style)
        else:  # the point is still full: around its top checker
            _beside(canvas, scale, x, ys[-1], texts[-1], ghost, ghost, style)
    for cell, n in last.arrived:
        if cell.column == layout.tray_column:
            rows = _checker_rows(scale, cell.row)
            off = model.board.mover_off if cell.row == 1 else model.board.opponent_off
            y = rows[max((off + 2) // 3, 1) - 1]  # beside the newest row
            canvas.put(_column_x(layout, scale, cell.column) + scale.tray - 1, y, out_of, style)
            continue
        x, ys, texts = place(cell)
        for i in range(max(len(texts) - n, 0), len(texts)):
            _beside(canvas, scale, x, ys[i], texts[i], into, out_of, style)
    for cell in last.hit:
        x, ys, texts = place(cell)
        if not texts:  # the checker that hit moved on
            _place(canvas, scale, x, ys[0], star, hit_style)
        elif cell.column == BAR_COLUMN:  # the hit checker: the last to come to the bar
            _beside(canvas, scale, x, ys[len(texts) - 1], texts[-1], "", star, hit_style)
        else:  # the checker that hit: the first on the point (a pinned checker: the one pinned)
            _beside(canvas, scale, x, ys[0], texts[0], "", star, hit_style)


def _mark_hint(canvas: _Canvas, scale: Scale, model: BoardModel, style: Style | None) -> None:
    """The marks of a hint's best play (see the module docstring): its checkers that would leave
    in the hint's style, a ``+`` where each would land."""
    layout, hint = model.layout, model.hint
    for cell, n in hint.left:
        ys = _bar_places(scale, cell.row) if cell.column == BAR_COLUMN else _checker_rows(scale, cell.row)
        texts = _drawn(model, cell, scale.drawn)
        x = _column_x(layout, scale, cell.column)
        bar = cell.column == BAR_COLUMN  # (the bar's places from the middle: its first ones)
        for i in range(min(n, len(texts))) if bar else range(max(len(texts) - n, 0), len(texts)):
            offset, width = _span(scale, texts[i])
            canvas.stylize(x + offset, ys[i], width, style or Style())
    for cell, n in hint.arrived:
        x = _column_x(layout, scale, cell.column)
        rows = _checker_rows(scale, cell.row)
        if cell.column == layout.tray_column:
            off = model.board.mover_off if cell.row == 1 else model.board.opponent_off
            y = rows[min((off + 2) // 3, len(rows) - 1)]  # (the row the next ones go to)
            canvas.put(x + scale.tray - 1, y, HINT_MARK, style)
            continue
        occupied = len(_drawn(model, cell, scale.drawn))  # (over own checkers, or over the blot hit)
        for i in range(n):
            y = rows[min(occupied + i, scale.drawn - 1)]
            _place(canvas, scale, x, y, HINT_MARK, style, checker=False)


def _beside(
    canvas: _Canvas, scale: Scale, x: int, y: int, text: str, left: str, right: str, style: Style | None
) -> None:
    """Marks just left and right of ``text`` as its place shows it (a checker ``(●)`` with its
    parentheses), each as far as there is room: a two-digit count on the compact board keeps
    its right one."""
    width = scale.point
    text = _shown(scale, text).strip()
    start = x + (width - len(text)) // 2
    end = start + len(text)
    if left and start > x:
        canvas.put(start - 1, y, left, style)
    if right and end < x + width:
        canvas.put(end, y, right, style)


def _label_landing(
    canvas: _Canvas, scale: Scale, layout: Layout, model: BoardModel, dest: Destination, style: Style | None
) -> None:
    cell = dest.cell
    x = _column_x(layout, scale, cell.column)
    rows = _checker_rows(scale, cell.row)
    if cell.column == layout.tray_column:
        y = rows[-1]
        canvas.put(x, y, _center(dest.label, scale.tray - 1, " "), style)
        return
    q = model.layout.point_at(layout.bottom, cell)
    board = model.board
    here = board[q] if q else 0
    own = 1 if model.mover == layout.bottom else -1
    # On own checkers the label goes on the next free place (over a checker they pin too); a blot
    # is hit: on it; a blot that would be pinned stays in sight, the label above it.
    occupied = abs(here) if here * own > 0 else 0
    if q and isinstance(board, TavlaBoard) and (board.pinned(q) or (here * own < 0 and board.game is Game.PLAKOTO)):
        occupied += 1
    y = rows[min(occupied, scale.drawn - 1)]
    _place(canvas, scale, x, y, dest.label, style, checker=False)
