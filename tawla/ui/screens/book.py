"""The players' book in the game: the standings, one player's or one pair's figures and
matches, and the changes to the players (rename, merge, take off the list).

The book itself is :mod:`tawla.store.book` (counted from the history through its index);
these screens only show it. It is read in a thread (the first read of a long history builds
the index) and shown when it is there; a change (:meth:`Book.rename` …) returns a new book,
which the screen shows from then on.

:class:`BookScreen` is two tables: the players against everyone, and every pair head to
head, for a period (this week, this month, all time: P), a kind of play (matches and
money play, matches, money play: R) and a game (all games, backgammon, Plakoto, Fevga, tavli
matches: G); Tab switches them, Enter opens a row (:mod:`tawla.ui.screens.book_figures`: the
figures as rows, and the matches, each opening how it went). In Arabic the columns read from the
right, the player's name first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import ClassVar

from rich.cells import cell_len
from rich.console import RenderableType
from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, OptionList, Static
from textual.widgets.option_list import Option

from tawla.store.book import Book, BookError, Games, Line, Pair, Period, Person, Play, Standings
from tawla.ui.footer import TawlaFooter
from tawla.ui.keys import EVERYWHERE, both, either_case
from tawla.ui.screens.base import Localized
from tawla.ui.screens.book_figures import BookWords, FiguresScreen
from tawla.ui.screens.dialogs import ConfirmScreen, LineScreen, NoticeScreen, Said, said

BookSource = Callable[[], Book]
"""Reads the book (in a worker thread: the first read of a long history builds the index)."""

PERIODS: tuple[Period, ...] = (Period.ALL, Period.MONTH, Period.WEEK)
"""The periods P goes through, in order."""
PLAYS: tuple[Play, ...] = (Play.ANY, Play.MATCH, Play.MONEY)
"""The kinds of play R goes through, in order."""
GAMES: tuple[Games, ...] = (Games.ANY, Games.BACKGAMMON, Games.PLAKOTO, Games.FEVGA, Games.TAVLI)
"""The games G goes through, in order."""
VIEWS = ("players", "pairs")
ROOM_ORDER = (
    "matches",
    "won_lost",
    "points",
    "games",
    "error_rate",
    "luck",
    "last",
    "current",
    "doubles",
    "gammons",
    "longest",
    "backgammons",
)
"""The book's columns of figures in the order they are given room when not all fit the screen
(the names always have theirs): the rest are in a row's figures (Enter)."""


class BookScreen(BookWords, Localized, Screen[None]):
    """The standings: players, or pairs head to head; filters; changes to the players."""

    CSS_PATH = "book.tcss"
    AUTO_FOCUS = "#table"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape," + both("q"), "leave", "key.back"),
        Binding("tab", "view", "key.book_view"),
        # (with Shift too: the README names them P, R, E, M, D; G, the game, likewise)
        Binding(either_case("p"), "period", "key.book_period"),
        Binding(either_case("r"), "rules", "key.book_rules"),
        Binding(either_case("g"), "game", "key.book_game"),
        Binding(either_case("e"), "rename", "key.book_rename"),
        Binding(either_case("m"), "merge", "key.book_merge"),
        Binding("delete," + either_case("d"), "forget", "key.book_forget"),
    ]

    def __init__(
        self,
        source: BookSource,
        period: Period = Period.ALL,
        play: Play = Play.ANY,
        view: str = "players",
        now: datetime | None = None,
        game: Games = Games.ANY,
    ) -> None:
        """``now``: the moment the periods are counted from (None: the present one)."""
        super().__init__()
        self.source = source
        self.book: Book | None = None
        self.period = period
        self.play = play
        self.game = game
        self.view = view
        self.now = now
        self.standings: Standings | None = None
        self.rows: list[Line] | list[Pair] = []
        """What each row of the table shows."""
        self.room = 0
        """The cells the table's columns were fitted to (:meth:`_fill`)."""
        self.hidden = 0
        """Columns of figures left out: the screen has no room for them."""

    def compose(self) -> ComposeResult:
        self.set_class(self.rtl, "-rtl")
        yield Static(id="title")
        yield Static(id="tabs")
        table: DataTable[Text] = DataTable(id="table", cursor_type="row", zebra_stripes=True)
        yield table
        yield Static(id="message", classes="body")
        yield Static(id="legend", classes="hint")
        yield TawlaFooter(compact=True)

    def on_mount(self) -> None:
        self.query_one("#message", Static).update(self.say("bookscreen.loading"))
        self.query_one("#table").display = False
        self._read()

    @work(thread=True, exclusive=True, group="book")
    def _read(self) -> None:
        book = self.source()
        self.app.call_from_thread(self.show_book, book)

    def show_book(self, book: Book) -> None:
        """Show ``book`` (read, or changed) in the current view and filters."""
        if not self.up:
            return
        self.book = book
        self.redraw()

    def relabel(self) -> None:
        self.call_later(self.rebuild)

    def rebuilt(self) -> None:
        table = self.find("#table", DataTable)
        if table is None:
            return
        table.focus()  # (the new table: Enter opens its row)
        if self.book is None:
            self.query_one("#message", Static).update(self.say("bookscreen.loading"))
            table.display = False
        self.redraw()

    # -- drawing ---------------------------------------------------------------------------

    def redraw(self, keep: str | None = None) -> None:
        """The table of the view and filters in force (the row of ``keep``, a player's or a
        pair's key, highlighted again if it is still there)."""
        book = self.book
        table: DataTable[Text] | None = self.find("#table", DataTable)
        if book is None or table is None:
            return  # (read in a thread, or the screen rebuilt: drawn once it is there)
        standings = self.standings = book.standings(self.period, self.play, self.now, self.game)
        self.query_one("#title", Static).update(self.show(Text(self.selection_title(standings), style="bold")))
        self.query_one("#tabs", Static).update(self._tabs())
        message = self.query_one("#message", Static)
        legend = self.query_one("#legend", Static)
        empty = None if book.records and standings.players else "book.empty" if not book.records else "book.none"
        if keep is None and table.row_count and self.rows and table.cursor_row < len(self.rows):
            keep = self._key(self.rows[table.cursor_row])
        table.clear(columns=True)
        if empty is not None:
            self.rows = []
            table.display = False
            message.update(self.say(empty))
            message.display = True
            legend.update("")
            return
        message.display = False
        table.display = True
        if self.focused is None:
            table.focus()  # (hidden, for a selection with no match, it lost the focus: Enter opens a row again)
        heads = [self.t("book.column.player")]
        if self.view == "pairs":
            heads.append(self.t("book.column.opponent"))
        heads += self.figure_names()
        rows: list[list[str]] = []
        if self.view == "pairs":
            self.rows = list(standings.pairs)
            for pair in standings.pairs:
                a, b = pair.people
                rows.append([self.person_name(a), self.person_name(b), *self.figure_cells(pair.figures[0])])
        else:
            self.rows = list(standings.players)
            for line in standings.players:
                rows.append([self.person_name(line.person), *self.figure_cells(line.figures)])
        names = len(heads) - len(self.figure_names())
        self._fill(table, heads, rows, names)
        keys = [self._key(row) for row in self.rows]
        if keep in keys:
            table.move_cursor(row=keys.index(keep))
        text = self.t("book.legend") + " " + self.t("skill.book_legend")
        if standings.alone:
            text += "\n" + self.t_n("book.alone", standings.alone)
        if self.hidden:
            text += "\n" + self.t("book.more")
        legend.update(self.show(text))

    def _fill(self, table: DataTable[Text], heads: list[str], rows: list[list[str]], names: int) -> None:
        """Columns and rows, the names first in reading order: from the right in Arabic (the
        columns reversed, every cell right-aligned, the names flush with the right edge).

        The columns fit the screen, never scrolled sideways (an Arabic table scrolled to its
        right end hid the figures, an English one scrolled right hid the names): the
        names, then as many figures as there is room for, in the order of :data:`ROOM_ORDER`,
        each column as wide as its widest text."""
        widths = [
            max(cell_len(self.line(text)) for text in (head, *(row[i] for row in rows))) for i, head in enumerate(heads)
        ]
        pad = 2 * table.cell_padding
        self.room = room = self._room(table, len(rows))
        shown = set(range(names))
        used = sum(widths[i] + pad for i in shown)
        figures = self.figure_keys()
        for i in sorted(range(names, len(heads)), key=lambda i: ROOM_ORDER.index(figures[i - names])):
            if used + widths[i] + pad <= room:
                shown.add(i)
                used += widths[i] + pad
        self.hidden = len(heads) - len(shown)
        columns = [i for i in range(len(heads)) if i in shown]
        if self.rtl:
            columns.reverse()
            widths[columns[0]] += max(0, room - used)  # (the table flush with the right edge, where reading starts)

        def cell(text: str, i: int) -> Text:
            justify = "right" if self.rtl or i >= names else "left"
            return Text(self.line(text), justify=justify)  # type: ignore[arg-type]

        for i in columns:
            table.add_column(cell(heads[i], i), key=str(i), width=widths[i])
        for row in rows:
            table.add_row(*(cell(row[i], i) for i in columns))
        if self.rtl:
            self.call_after_refresh(self._to_the_right)  # (names too long for the screen: the right end)
        self.call_after_refresh(self._refit)

    def _room(self, table: DataTable[Text], rows: int) -> int:
        """The cells the table has for its columns: the screen's width, less the scroll bar
        when its rows do not all fit (or before the table is laid out, when that is not known)."""
        width = (self.size.width or self.app.size.width - self.styles.gutter.width) - table.styles.gutter.width
        height = table.size.height
        if not height or rows + 1 > height:
            width -= table.styles.scrollbar_size_vertical
        return width

    def _refit(self) -> None:
        """Fitted again once laid out, if the room is not what the columns were fitted to (the
        table's height, and so its scroll bar, is known only then; the screen was resized)."""
        table = self.find("#table", DataTable)
        if table is not None and table.display and self._room(table, table.row_count) != self.room:
            self.redraw()

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._refit)

    def _to_the_right(self) -> None:
        """An Arabic table is read from its right end: scrolled there (once laid out)."""
        table = self.find("#table", DataTable)
        if table is not None:
            table.scroll_to(x=table.max_scroll_x, animate=False)

    def _tabs(self) -> RenderableType:
        parts = []
        for view in VIEWS:
            label = self.t("book.players" if view == "players" else "book.pairs")
            parts.append((f" {label} ", "reverse bold" if view == self.view else "dim"))
        text = Text()
        for i, (label, style) in enumerate(parts):
            if i:
                text.append("  ")
            text.append(label, style)
        return self.show(text)

    @staticmethod
    def _key(row: Line | Pair) -> str:
        if isinstance(row, Line):
            return row.person.key
        return row.people[0].key + "\n" + row.people[1].key

    def selected(self) -> Line | Pair | None:
        """The row the cursor is on."""
        table = self.find("#table", DataTable)
        if not self.rows or table is None:
            return None
        row = table.cursor_row
        return self.rows[row] if 0 <= row < len(self.rows) else None

    def selected_person(self) -> Person | None:
        row = self.selected()
        return row.person if isinstance(row, Line) else None

    # -- keys ----------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The changes to a player are for the players' table, once the book is read."""
        if action in ("rename", "merge", "forget"):
            return self.view == "players" and self.selected_person() is not None
        if action in ("period", "rules", "game", "view"):
            return self.book is not None
        return True

    def action_leave(self) -> None:
        self.dismiss(None)

    def action_view(self) -> None:
        self.view = VIEWS[(VIEWS.index(self.view) + 1) % len(VIEWS)]
        self.redraw()
        self.refresh_bindings()

    def action_period(self) -> None:
        self.period = PERIODS[(PERIODS.index(self.period) + 1) % len(PERIODS)]
        self.redraw()

    def action_rules(self) -> None:
        self.play = PLAYS[(PLAYS.index(self.play) + 1) % len(PLAYS)]
        self.redraw()

    def action_game(self) -> None:
        self.game = GAMES[(GAMES.index(self.game) + 1) % len(GAMES)]
        self.redraw()

    @on(DataTable.RowSelected)
    def _opened(self, event: DataTable.RowSelected) -> None:
        if not self.is_active or self.book is None or self.standings is None:
            return
        row = self.selected()
        if row is not None:
            self.app.push_screen(FiguresScreen(self.book, row, self.standings, self.now))

    @on(DataTable.RowHighlighted)
    def _moved(self) -> None:
        self.refresh_bindings()

    def _error(self, error: BookError) -> str:
        params = dict(error.params)
        if "matches" in params:
            return self.t_n(f"book.error.{error.code}", int(str(params.pop("matches"))), **params)
        return self.t(f"book.error.{error.code}", **params)

    def _changed(self, change: Callable[[Book], Book]) -> str | None:
        """Apply a change to the book; the problem in words if it is refused (None: done)."""
        if self.book is None:
            return None
        try:
            book = change(self.book)
        except BookError as error:
            return self._error(error)
        except OSError as error:
            return self.t("store.not_saving", reason=error.strerror or type(error).__name__)
        keep = self.selected()
        self.book = book
        self.redraw(keep=None if keep is None else self._key(keep))
        return None

    def action_rename(self) -> None:
        person = self.selected_person()
        if person is None:
            return
        key = person.key

        def check(text: str) -> str | None:
            return self._changed(lambda book: book.rename(key, text))

        self.app.push_screen(
            LineScreen(
                self.saying("bookscreen.rename_title", name=person.name),
                self.saying("bookscreen.rename_hint"),
                check=check,
                value=person.name,
                direction="auto",
            )
        )

    @work(exclusive=True, group="change")
    async def action_merge(self) -> None:
        person = self.selected_person()
        book = self.book
        if person is None or book is None:
            return
        others = [p for p in book.people() if p.key != person.key]
        if not others:
            self._tell(self.t("bookscreen.merge_none"))
            return
        into = await self.app.push_screen_wait(
            PlayerPicker(self.saying("bookscreen.merge_title", name=person.name), others)
        )
        if into is None:
            return
        target = book.person(into)
        if target is None:
            return
        question = ConfirmScreen(
            self.saying("bookscreen.merge_confirm_title"),
            self.saying("bookscreen.merge_confirm_body", a=person.name, b=target.name),
            self.saying("bookscreen.merge_confirm_hint"),
        )
        if await self.app.push_screen_wait(question):
            problem = self._changed(lambda b: b.merge(person.key, target.key))
            if problem is not None:
                self._tell(problem)

    @work(exclusive=True, group="change")
    async def action_forget(self) -> None:
        person = self.selected_person()
        if person is None:
            return
        question = ConfirmScreen(
            self.saying("bookscreen.forget_title", name=person.name),
            self.saying("bookscreen.forget_body", name=person.name),
            self.saying("bookscreen.forget_hint"),
        )
        if await self.app.push_screen_wait(question):
            problem = self._changed(lambda b: b.forget(person.key))
            if problem is not None:
                self._tell(problem)

    def _tell(self, text: str) -> None:
        self.app.push_screen(NoticeScreen(self.saying("book.players"), text, self.saying("store.hint")))


class PlayerPicker(Localized, ModalScreen[str | None]):
    """Pick one of the known players: Enter answers their key, Esc nothing."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape", "cancel", show=False), *EVERYWHERE]

    def __init__(self, title: Said, people: Sequence[Person]) -> None:
        super().__init__()
        self.title_text = title
        self.people = list(people)

    def compose(self) -> ComposeResult:
        with Vertical(classes="card"):
            yield Static(self.show(said(self.title_text)), id="title", classes="title")
            yield OptionList(*(Option(self.show(p.name), id=p.key) for p in self.people), id="people")
            yield Static(self.say("bookscreen.merge_hint"), id="hint", classes="hint")

    def relabel(self) -> None:
        """After F2: the title and the hint in the language in force (the names are the same)."""
        for name, text in (("#title", said(self.title_text)), ("#hint", self.t("bookscreen.merge_hint"))):
            static = self.find(name, Static)
            if static is not None:
                static.update(self.show(text))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if self.is_active:
            self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)
