"""A text field that shows what is typed the way it reads: Arabic joined and right to left.

Textual's :class:`~textual.widgets.Input` draws its value as it is stored, in logical order
with its letters apart: an Arabic name typed in reads backwards, unjoined («دمحأ»).
:class:`BidiInput` keeps the value as it is (logical: the game, the search and the saved
match get it unchanged) and only draws it differently, through the same steps as every other
line of tawla (:mod:`tawla.i18n.bidi`): shaped, in visual order, right-aligned in a
right-to-left screen, with the cursor on the cell the next letter goes beside — in Arabic the
insertion point moves left as one types. Left and Right move the cursor over what is seen
(over an Arabic word, Left goes on reading); Home and End go to the start and the end of the
text in reading order; Backspace and Delete take the letter before and after the insertion
point, as in Textual.

When the terminal lays out right-to-left text itself (the "terminal" setting), the field is
Textual's own: the value goes out logical, as everything else does then.

Besides Input's public API (``render_line``, ``cursor_screen_offset``, its actions), this reads
two of its private attributes through :mod:`tawla.ui.compat`, the suggestion (the completion on
offer) and the cursor's blink, and maps a click's cell to a position in
:meth:`~tawla.ui.compat.CellOffsetInput.cell_offset_to_index`, compat's public name for Input's
private mapping. tests/test_compat.py and tests/test_typing_rtl.py fail if the suggestion or the
mapping changes; were the blink's flag renamed, the cursor would only stop blinking (tawla's
fields do not blink).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

from bidi.mirror import MIRRORED
from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual.geometry import Offset
from textual.strip import Strip
from textual.widgets.input import Selection

from tawla.i18n.bidi import embedding_levels, has_rtl, hold_ltr, shape, visual, visual_order, without_controls
from tawla.ui.compat import CellOffsetInput, cursor_shown, suggestion_of

if TYPE_CHECKING:
    from tawla.i18n.words import Words

ZWJ = "\u200d"


@dataclass(frozen=True, slots=True)
class Cell:
    """One cell of the field as drawn: its text (a shaped letter with its marks, a lam-alef
    ligature, a Latin letter…) and the logical indices of the characters it draws."""

    text: str
    chars: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class FieldLayout:
    """A value as drawn, from left to right, and where its cursor goes for each position.

    The cursor at logical position ``p`` (between characters ``p - 1`` and ``p``) sits on the
    cell of character ``p`` — the one the next letter is inserted before — and at the end on
    an extra blank cell (``end``: the index in :attr:`cells` it is drawn before), on the
    reading side of the last character: left of it in an Arabic word, right of it in a Latin one.
    """

    cells: tuple[Cell, ...]
    end: int
    slot: tuple[int, ...]
    """For each position 0..len(value): its cell in the row with the end cell in it."""

    @property
    def row(self) -> tuple[Cell | None, ...]:
        """The cells with the end cell (None) in its place: what the arrows move over."""
        return (*self.cells[: self.end], None, *self.cells[self.end :])

    def text(self) -> str:
        """What is drawn, without the end cell."""
        return "".join(cell.text for cell in self.cells)


@lru_cache(maxsize=256)
def field_layout(value: str, rtl: bool, held: bool = False) -> FieldLayout:
    """``value`` laid out in a paragraph of the given direction (the cells' texts together are
    exactly :func:`tawla.i18n.bidi.visual` of it); with ``held``, held left to right in its
    own order as every move, ID and path is drawn (:func:`tawla.i18n.hold_ltr`: «بار/٢٠» is
    not laid out «٢٠/بار», nor ``١٦/١٠*/٨`` as ``٨/*١٦/١٠``)."""
    shaped = shape(value)
    owners = _owners(value, shaped)
    drawn = visual(value, rtl)
    if owners is None:  # (never met: drawn letter by letter, unjoined, in order)
        shaped, owners = value, [(i,) for i in range(len(value))]
        drawn = ""
    if held:
        order, levels = _held(shaped)
        drawn = "".join(MIRRORED.get(shaped[j], shaped[j]) if levels[j] % 2 else shaped[j] for j in order)
    else:
        order = [j for j in visual_order(shaped, rtl) if without_controls(shaped[j])]
        levels = list(embedding_levels(shaped, rtl)) if shaped else []
    if len(drawn) != len(order):
        drawn = "".join(shaped[j] for j in order)
    cells: list[Cell] = []
    for j, char in zip(order, drawn, strict=True):
        if cells and cell_len(char) == 0:  # a mark joins the cell of its letter (L3 put it after)
            cells[-1] = Cell(cells[-1].text + char, cells[-1].chars + owners[j])
        else:
            cells.append(Cell(char, owners[j]))
    cell_of = {i: k for k, cell in enumerate(cells) for i in cell.chars}
    end = 0
    last = next((i for i in range(len(value) - 1, -1, -1) if i in cell_of), None)
    if last is not None:
        # Beside the last character, on the side the text goes on: left of it at an odd
        # (right-to-left) level, right of it at an even one.
        level = levels[next(j for j, owned in enumerate(owners) if last in owned)]
        end = cell_of[last] if level % 2 else cell_of[last] + 1
    slot: list[int] = []
    for p in range(len(value) + 1):
        k = next((cell_of[i] for i in range(p, len(value)) if i in cell_of), None)
        slot.append(end if k is None else k if k < end else k + 1)
    return FieldLayout(tuple(cells), end, tuple(slot))


def _held(shaped: str) -> tuple[list[int], list[int]]:
    """The visual order (without the formatting characters) and the level of each character of
    ``shaped``, held left to right in its own order (:func:`tawla.i18n.hold_ltr`)."""
    controlled = hold_ltr(shaped)
    source: list[int | None] = []
    i = 0
    for char in controlled:  # (hold_ltr only adds formatting characters: the others are shaped's)
        if i < len(shaped) and char == shaped[i]:
            source.append(i)
            i += 1
        else:
            source.append(None)
    all_levels = embedding_levels(controlled, False)
    levels = [0] * len(shaped)
    for k, j in enumerate(source):
        if j is not None:
            levels[j] = all_levels[k]
    order = [j for k in visual_order(controlled, False) if (j := source[k]) is not None and without_controls(shaped[j])]
    return order, levels


def _is_mark(char: str) -> bool:
    return unicodedata.combining(char) != 0 or unicodedata.category(char) == "Mn"


def _owners(value: str, shaped: str) -> list[tuple[int, ...]] | None:
    """For each character of ``shaped`` (:func:`shape` of ``value``), the indices in ``value``
    of the characters it draws: one letter for a joined form, two for lam-alef, a mark for a
    mark (the shaper keeps the marks in their order, after the letter they were typed after,
    or after a ligature they were typed inside); a joiner (ZWJ), which the shaper drops,
    belongs to the character before it. None if they do not line up."""
    if shaped == value:
        return [(i,) for i in range(len(value))]
    bases = [i for i, c in enumerate(value) if c != ZWJ and not _is_mark(c)]
    marks = [i for i, c in enumerate(value) if _is_mark(c)]
    owners: list[tuple[int, ...]] = []
    b = m = 0
    for char in shaped:
        if _is_mark(char):
            if m >= len(marks) or value[marks[m]] != char:
                return None
            owners.append((marks[m],))
            m += 1
            continue
        letters = unicodedata.normalize("NFKC", char) if char not in value else char
        taken = bases[b : b + len(letters)]
        if unicodedata.normalize("NFKC", "".join(value[i] for i in taken)) != letters:
            return None
        owners.append(tuple(taken))
        b += len(letters)
    if b != len(bases) or m != len(marks):
        return None
    owner_of = {i: j for j, owned in enumerate(owners) for i in owned}
    for i, char in enumerate(value):
        if char == ZWJ:
            before = [owner_of[k] for k in range(i) if k in owner_of]
            j = before[-1] if before else 0
            if not owners:
                return None
            owners[j] = (*owners[j], i)
            owner_of[i] = j
    return owners


class BidiInput(CellOffsetInput):
    """Textual's Input, its value drawn as it reads (see the module's docstring).

    ``direction``: the paragraph's direction — that of the interface (``"auto"``: a name), or
    always left to right (``"ltr"``: move notation, an ID, a file name)."""

    def __init__(self, *args: object, direction: Literal["auto", "ltr"] = "auto", **kwargs: object) -> None:
        # (Set first: Input's own __init__ sets the value, and its watchers draw it.)
        self.direction = direction
        self._view: int | None = None
        """The first cell shown when the text is wider than the field (it scrolls with the cursor)."""
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def on_mount(self) -> None:
        if self.app_words is not None:  # (a language switch with the field open: drawn again)
            self.watch(self.app, "words", self._redraw, init=False)

    def _redraw(self) -> None:
        self.refresh()

    # -- what is drawn --------------------------------------------------------------------

    @property
    def app_words(self) -> Words | None:
        """The app's words (tawla's app has them; another app draws like Textual)."""
        words = getattr(self.app, "words", None)
        return words if words is not None and hasattr(words, "bidi_by_app") else None

    @property
    def drawn_by_tawla(self) -> bool:
        """tawla draws the value (else Textual does): tawla lays out Arabic, and this field is
        in an Arabic screen or holds an Arabic letter."""
        words = self.app_words
        if words is None or not words.bidi_by_app or self.password:
            return False
        return words.rtl or has_rtl(self.value) or has_rtl(suggestion_of(self))

    @property
    def right_aligned(self) -> bool:
        words = self.app_words
        return words is not None and words.rtl

    @property
    def paragraph_rtl(self) -> bool:
        return self.direction == "auto" and self.right_aligned

    def drawn(self, text: str) -> str:
        """The characters drawn for ``text`` (the value, and the suggestion's rest), one for one:
        the value's own (the move prompt draws some as others: :class:`~tawla.ui.move_entry.MovePrompt`)."""
        return text

    def field_layout(self) -> FieldLayout:
        """The value as drawn now (with the suggestion's rest, when one is shown)."""
        drawn = self.drawn(self.value + self._shown_suggestion())
        return field_layout(drawn, self.paragraph_rtl, self.direction == "ltr")

    def _shown_suggestion(self) -> str:
        suggestion = suggestion_of(self)
        if self.has_focus and len(suggestion) > len(self.value) and self.cursor_at_end:
            return suggestion[len(self.value) :]
        return ""

    def render_line(self, y: int) -> Strip:
        if y != 0 or not self.drawn_by_tawla:
            return super().render_line(y)
        width = self.scrollable_content_region.width
        text, start, _cursor = self._row(width)
        segments = list(self.app.console.render(text, self.app.console_options.update_width(max(1, text.cell_len))))
        strip = Strip(segments)
        strip = Strip.join([Strip.blank(start), strip]) if start >= 0 else strip.crop(-start, -start + width + 1)
        return strip.crop(0, width + 1).extend_cell_length(width + 1).apply_style(self.rich_style)

    def _row(self, width: int) -> tuple[Text, int, int]:
        """The line to draw, the column its first cell goes at (negative: scrolled, its first
        ``-start`` cells out of sight) and the column of the cursor's cell (-1: none)."""
        focused = self.has_focus
        cursor_on = focused and cursor_shown(self)
        cursor_style = self.get_component_rich_style("input--cursor") if cursor_on else None
        if not self.value:
            return self._placeholder_row(width, cursor_style)
        layout = self.field_layout()
        suggested = len(self.value)
        selection_style = self.get_component_rich_style("input--selection")
        suggestion_style = self.get_component_rich_style("input--suggestion")
        low, high = sorted(self.selection)
        at = self.cursor_position
        show_end = focused and at == len(self.value) and not self._shown_suggestion()
        row = layout.row if show_end else layout.cells
        cursor_cell = layout.slot[at] if show_end else _unslot(layout, layout.slot[at])
        text = Text(no_wrap=True, overflow="ignore", end="")
        cursor_col = -1
        for k, cell in enumerate(row):
            style = Style()
            if cell is None:
                drawn = " "
            else:
                drawn = cell.text
                if any(i >= suggested for i in cell.chars):
                    style += suggestion_style
                elif focused and low != high and any(low <= i < high for i in cell.chars):
                    style += selection_style
            if k == cursor_cell:
                cursor_col = text.cell_len
                if cursor_style is not None:
                    style += cursor_style
            text.append(drawn, style)
        total = text.cell_len
        # Right-aligned, the text ends at the field's right edge; when the end cell comes last
        # (after Latin), that edge is kept for it, whether the cursor is there or not: the text
        # does not move as the cursor comes and goes.
        if self.right_aligned:
            last = layout.end == len(layout.cells)
            start = width - total - (last and not show_end)
        else:
            start = 0
        if start < 0 or start + total > width:
            start = -self._scrolled(total, width, cursor_col)
        else:
            self._view = None
        return text, start, cursor_col

    def _placeholder_row(self, width: int, cursor_style: Style | None) -> tuple[Text, int, int]:
        """The placeholder (already drawn for the terminal by the screen), the cursor on its
        first cell in reading order: the rightmost in a right-to-left field."""
        text = Text(self.placeholder or " ", no_wrap=True, overflow="ignore", end="")
        text.stylize(self.get_component_rich_style("input--placeholder"))
        right = self.right_aligned
        cursor_col = text.cell_len - 1 if right else 0
        if cursor_style is not None:
            last = len(text) - 1 if right else 0
            text.stylize(cursor_style, last, last + 1)
        start = max(0, width - text.cell_len) if right else 0
        return text, start, cursor_col

    def _scrolled(self, total: int, visible: int, cursor: int) -> int:
        """The first cell in sight of a line of ``total`` cells wider than the field: where it
        was, moved just enough to keep the cursor in sight (at first: the start of the text in
        reading order)."""
        highest = max(0, total - visible)
        view = self._view if self._view is not None else (highest if self.right_aligned else 0)
        if cursor >= 0:
            view = min(max(view, cursor + 1 - visible), cursor)
        self._view = max(0, min(view, highest))
        return self._view

    @property
    def cursor_screen_offset(self) -> Offset:
        """Where the terminal's own cursor goes (an input method draws what is being composed
        there): on the cursor's cell as drawn."""
        if not self.drawn_by_tawla:
            return super().cursor_screen_offset
        x, y, width, _height = self.content_region
        _text, start, cursor = self._row(width)
        return Offset(x + start + max(cursor, 0), y)

    def cell_offset_to_index(self, offset: int) -> int:
        """A click: the position of the cell clicked as drawn. (Textual's Input maps its
        cells to positions through this, for the mouse; this field draws its cells elsewhere.)"""
        if not self.drawn_by_tawla or not self.value:
            return super().cell_offset_to_index(offset)
        width = self.scrollable_content_region.width
        _text, start, _cursor = self._row(width)
        layout = self.field_layout()
        row = layout.row if self.cursor_at_end and not self._shown_suggestion() else layout.cells
        column = start
        for cell in row:
            drawn = 1 if cell is None else max(1, cell_len(cell.text))
            if offset < column + drawn:
                return _position(cell, len(self.value))
            column += drawn
        if offset < start:  # left of the text: its left end
            return _position(row[0], len(self.value))
        return _position(row[-1], len(self.value))

    # -- the cursor over what is drawn -----------------------------------------------------

    def action_cursor_left(self, select: bool = False) -> None:
        if self.drawn_by_tawla:
            self._step(-1, select)
        else:
            super().action_cursor_left(select)

    def action_cursor_right(self, select: bool = False) -> None:
        if not self.drawn_by_tawla:
            super().action_cursor_right(select)
        elif not select and self.cursor_at_end and suggestion_of(self) and not self.paragraph_rtl:
            super().action_cursor_right(select)  # (takes the suggestion, as in Textual)
        else:
            self._step(1, select)

    def action_cursor_left_word(self, select: bool = False) -> None:
        if self.drawn_by_tawla and self.paragraph_rtl:
            super().action_cursor_right_word(select)  # (the next word in reading order)
        else:
            super().action_cursor_left_word(select)

    def action_cursor_right_word(self, select: bool = False) -> None:
        if self.drawn_by_tawla and self.paragraph_rtl:
            super().action_cursor_left_word(select)
        else:
            super().action_cursor_right_word(select)

    def _step(self, delta: int, select: bool) -> None:
        """The cursor one cell left (-1) or right (+1) as drawn; a selection without Shift
        ends at its edge on that side."""
        layout = field_layout(self.drawn(self.value), self.paragraph_rtl, self.direction == "ltr")
        row = layout.row
        start, end = self.selection
        if not select and start != end:
            sides = sorted((start, end), key=lambda p: layout.slot[p])
            self.cursor_position = sides[0] if delta < 0 else sides[-1]
            return
        k = layout.slot[end] + delta
        if not 0 <= k < len(row):
            return
        target = _position(row[k], len(self.value))
        self.selection = Selection(start, target) if select else Selection.cursor(target)


def _position(cell: Cell | None, length: int) -> int:
    """The position whose cursor is on ``cell`` (the end cell: the end of the text)."""
    return length if cell is None else min(cell.chars)


def _unslot(layout: FieldLayout, slot: int) -> int:
    """A slot of the row with the end cell as an index into the cells without it."""
    return slot if slot < layout.end else slot - 1
