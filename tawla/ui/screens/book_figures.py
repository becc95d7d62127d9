"""One row of the players' book (:mod:`tawla.ui.screens.book`) on a screen of its own: a player's
figures against everyone, or a pair's against each other, as rows, and their matches in the
selection, each opening how it went (:class:`FiguresScreen`); and how the book's screens write
its figures (:class:`BookWords`, the standings' table and this screen alike).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import ClassVar

from rich.align import Align
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tawla.store.book import COLUMNS, DASH, Book, Figures, Games, Line, Pair, Person, Standings, cell
from tawla.store.records import Record
from tawla.ui.footer import TawlaFooter
from tawla.ui.keys import both
from tawla.ui.messages import StoryAsked
from tawla.ui.screens.base import Localized


def local_date(stamp: str) -> str:
    """A record's UTC time as the local date (ISO)."""
    if not stamp:
        return ""
    return datetime.fromisoformat(stamp).astimezone().date().isoformat()


class BookWords:
    """How the screens of the book write its figures (mixed into them: needs ``t``, ``t_n``
    and ``num`` of :class:`~tawla.ui.screens.base.Localized`)."""

    t: Callable[..., str]
    t_n: Callable[..., str]
    num: Callable[[int | str], str]

    def figure_cells(self, figures: Figures) -> list[str]:
        """Every figure of ``figures``, in the order of :data:`COLUMNS`, then the streak and the date."""
        cells = [self.num(cell(values(figures))) for _, values in COLUMNS]
        return [*cells, self.streak(figures.current_streak), self.num(local_date(figures.last_played))]

    @staticmethod
    def figure_keys() -> list[str]:
        """The names of :meth:`figure_cells`' figures, in their order."""
        return [*(name for name, _ in COLUMNS), "current", "last"]

    def figure_names(self) -> list[str]:
        return [self.t(f"book.column.{name}") for name in self.figure_keys()]

    def streak(self, n: int) -> str:
        if n > 0:
            return self.t_n("book.streak.won", n)
        if n < 0:
            return self.t_n("book.streak.lost", -n)
        return DASH

    def person_name(self, person: Person) -> str:
        name = person.name
        if person.computer:  # ("tawla (computer)", in the player's language unless renamed)
            from tawla.analysis.computer import NAME

            name = self.t("computer.in_book", name=self.t("computer.name") if name == NAME else name)
        return self.t("bookscreen.forgotten", name=name) if person.forgotten else name

    def selection_title(self, standings: Standings) -> str:
        """The period, the kind of play, the game (when one is chosen), how many matches."""
        params = {
            "period": self.t(f"book.period.{standings.period.value}"),
            "play": self.t(f"book.play.{standings.play.value}"),
            "matches": self.t_n("book.matches", standings.matches),
        }
        if standings.game is Games.ANY:
            return self.t("book.title", **params)
        return self.t("book.title_game", game=self.t(f"games.{standings.game.value}"), **params)

    def length(self, record: Record) -> str:
        return self.t("panel.money") if record.money else self.t_n("panel.match", record.length)


class FiguresScreen(BookWords, Localized, Screen[None]):
    """One player's figures against everyone, or a pair's against each other, as rows; and
    their matches in the selection, the last first: Enter shows how one went."""

    CSS_PATH = "book.tcss"
    AUTO_FOCUS = "#matches"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape," + both("q"), "leave", "key.back"),
    ]

    def __init__(self, book: Book, row: Line | Pair, standings: Standings, now: datetime | None = None) -> None:
        """``now``: the moment the standings' period was counted from (None: the present one)."""
        super().__init__()
        self.book = book
        self.row = row
        self.standings = standings
        keys = {row.person.key} if isinstance(row, Line) else {p.key for p in row.people}
        chosen = book.selection(standings.period, standings.play, now, standings.game)
        if isinstance(row, Line):
            self.matches = [r for r in chosen if keys & {book.key_of(n) for n in r.names}]
        else:
            self.matches = [r for r in chosen if {book.key_of(n) for n in r.names} == keys]
        self.matches.reverse()

    def compose(self) -> ComposeResult:
        self.set_class(self.rtl, "-rtl")
        yield Static(self._title(), id="title")
        with Horizontal(id="body"):  # the figures first in reading order: on the right in Arabic
            if not self.rtl:
                yield Static(self._figures(), id="figures")
            with Vertical(id="list"):
                yield Static(self.show(Text(self.t("bookscreen.matches"), style="bold")), id="matches-title")
                if self.matches:
                    options = (Option(self.show(self._entry(r)), id=r.file) for r in self.matches)
                    yield OptionList(*options, id="matches")
                else:
                    yield Static(self.say("bookscreen.no_matches"), classes="body")
            if self.rtl:
                yield Static(self._figures(), id="figures")
        yield Static(self.show(self.t("book.legend") + " " + self.t("skill.book_legend")), id="legend", classes="hint")
        yield Static(self.say("bookscreen.hint"), classes="hint")
        yield TawlaFooter(compact=True)

    def relabel(self) -> None:
        self.call_later(self.rebuild)

    def rebuilt(self) -> None:
        matches = self.find("#matches")
        if matches is not None:
            matches.focus()

    def _title(self) -> RenderableType:
        s = self.standings
        said: dict[str, object] = {"period": self.t(f"book.period.{s.period.value}")}
        said["play"] = self.t(f"book.play.{s.play.value}")
        one = s.game is not Games.ANY  # (the game named only when the book is read for one)
        if one:
            said["game"] = self.t(f"games.{s.game.value}")
        if isinstance(self.row, Line):
            key = "bookscreen.player_title_game" if one else "bookscreen.player_title"
            text = self.t(key, name=self.row.person.name, **said)
        else:
            a, b = self.row.people
            key = "bookscreen.pair_title_game" if one else "bookscreen.pair_title"
            text = self.t(key, a=a.name, b=b.name, **said)
        return self.show(Text(text, style="bold"))

    def _figures(self) -> RenderableType:
        """The figures as rows: the figure's name, then the value (one column for a player,
        one per player for a pair); mirrored in Arabic."""
        row = self.row
        if isinstance(row, Line):
            columns = [self.figure_cells(row.figures)]
            heads = [self.person_name(row.person)]
        else:
            columns = [self.figure_cells(f) for f in row.figures]
            heads = [self.person_name(p) for p in row.people]
        lines = [[self.t("bookscreen.figure"), *heads]]
        for i, name in enumerate(self.figure_names()):
            lines.append([name, *(column[i] for column in columns)])
        table = Table.grid(padding=(0, 3))
        order = list(range(len(lines[0])))
        if self.rtl:
            order.reverse()
        for i in order:
            table.add_column(justify="right" if self.rtl or i else "left")
        for n, line in enumerate(lines):
            style = "bold" if n == 0 else ""
            table.add_row(*(Text(self.line(line[i]), style=style) for i in order))
        return Align.right(table) if self.rtl else table

    def _entry(self, record: Record) -> str:
        """A match of the list: its date, the names and points, the game unless it is
        backgammon, the length."""
        from tawla.ui.match_view import seat_names

        a, b = seat_names(record.names, record.computer, self.words)
        sa, sb = (side.points for side in record.sides)
        said: dict[str, object] = {"date": self.num(local_date(record.ended)), "a": a, "b": b, "sa": sa, "sb": sb}
        said["length"] = self.length(record)
        if record.game == Games.BACKGAMMON:
            return self.t("bookscreen.match_entry", **said)
        return self.t("bookscreen.match_entry_game", game=self.t(f"games.{record.game}"), **said)

    def action_leave(self) -> None:
        self.dismiss(None)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if self.is_active and event.option.id:
            self.post_message(StoryAsked(event.option.id, self))
