"""``tawla book``: the players' book on the command line, as a table or as CSV.

The table: a title line (the period, the kind of play, the game when one is chosen, how
many matches), the players against everyone, then every pair head to head, and a legend.
Pairs of figures share a column, joined by an en dash (games won–lost, gammons given–taken,
doubles offered–taken–dropped). In Arabic the lines are printed in logical order, as the rest of the
command line is (see :mod:`tawla.cli.parser`), each beginning and every cell ending with a
right-to-left mark (U+200F): a terminal that lays Arabic out itself then shows the
columns from the right, and a name or a number cannot run into its neighbour (bidi rule
W7 would otherwise turn the numbers after a Latin name left to right).

The CSV (``--csv``): one row per player against everyone (the opponent left empty), then
one per player and opponent (every pair twice, once from each side), every figure in its own
column as plain digits, the header in the chosen language, no marks.
"""

from __future__ import annotations

import argparse
import csv
import os
import sys
from datetime import datetime, tzinfo
from typing import TextIO

from tawla.i18n import RTL_LANGUAGES, plain, tr_n
from tawla.i18n import tr as _tr
from tawla.store.book import COLUMNS, DASH, Book, Figures, Games, Line, Pair, Period, Person, Play, Standings
from tawla.store.book import cell as column_cell

RLM = "\u200f"


def tr(lang: str, key: str, /, **params: object) -> str:
    return plain(_tr(lang, key, **params))


def _who(lang: str, person: Person) -> str:
    """A player's name in the book; the computer's says so ("tawla (computer)")."""
    if not person.computer:
        return person.name
    from tawla.analysis.computer import NAME

    name = tr(lang, "computer.name") if person.name == NAME else person.name
    return tr(lang, "computer.in_book", name=name)


def _date(stamp: str, zone: tzinfo | None) -> str:
    """A record's UTC time as the local date (``zone``: the computer's, unless told)."""
    if not stamp:
        return ""
    return datetime.fromisoformat(stamp).astimezone(zone).date().isoformat()


def _streak(lang: str, n: int) -> str:
    if n > 0:
        return plain(tr_n(lang, "book.streak.won", n))
    if n < 0:
        return plain(tr_n(lang, "book.streak.lost", -n))
    return DASH


def _one_line(name: str) -> str:
    """A name as one cell of a table: its spaces (a tab, a line break from a hand-edited file) one space."""
    return " ".join(name.split())


def _cells(lang: str, figures: Figures, zone: tzinfo | None) -> list[str]:
    return [
        *(column_cell(values(figures)) for _, values in COLUMNS),
        _streak(lang, figures.current_streak),
        _date(figures.last_played, zone),
    ]


def _layout(rows: list[list[str]], text_columns: int, rtl: bool) -> list[str]:
    """Rows of cells as aligned lines: the first ``text_columns`` padded after the text (the
    start side), the figures before it (the end side)."""
    from rich.cells import cell_len

    widths = [max(cell_len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = []
        for i, cell in enumerate(row):
            pad = " " * (widths[i] - cell_len(cell))
            cells.append((cell + pad if i < text_columns else pad + cell) + (RLM if rtl else ""))
        lines.append(((RLM if rtl else "") + "  ".join(cells)).rstrip())
    return lines


def title(lang: str, standings: Standings) -> str:
    """The title of a selection: the period, the kind of play, the game (when the book is read
    for one game: ``book.title_game``), how many matches (logical order, no marks)."""
    params = {
        "period": tr(lang, f"book.period.{standings.period.value}"),
        "play": tr(lang, f"book.play.{standings.play.value}"),
        "matches": plain(tr_n(lang, "book.matches", standings.matches)),
    }
    if standings.game is Games.ANY:
        return tr(lang, "book.title", **params)
    return tr(lang, "book.title_game", game=tr(lang, f"games.{standings.game.value}"), **params)


def table(book: Book, standings: Standings, lang: str, zone: tzinfo | None = None) -> list[str]:
    """The lines of ``tawla book`` (without their newlines)."""
    rtl = lang in RTL_LANGUAGES
    mark = RLM if rtl else ""
    lines = [mark + title(lang, standings)]
    if not book.records:
        return [*lines, mark + tr(lang, "book.empty")]
    if not standings.players:
        return [*lines, mark + tr(lang, "book.none")]
    heads = [tr(lang, f"book.column.{name}") for name, _ in COLUMNS]
    heads += [tr(lang, "book.column.current"), tr(lang, "book.column.last")]
    player, opponent = tr(lang, "book.column.player"), tr(lang, "book.column.opponent")
    lines += ["", mark + tr(lang, "book.players")]
    rows = [[player, *heads]] + [
        [_one_line(_who(lang, line.person)), *_cells(lang, line.figures, zone)] for line in standings.players
    ]
    lines += _layout(rows, 1, rtl)
    lines += ["", mark + tr(lang, "book.pairs")]
    rows = [[player, opponent, *heads]]
    for pair in standings.pairs:
        a, b = (_one_line(_who(lang, person)) for person in pair.people)
        rows.append([a, b, *_cells(lang, pair.figures[0], zone)])
    lines += _layout(rows, 2, rtl)
    lines += ["", mark + tr(lang, "book.legend") + " " + tr(lang, "skill.book_legend")]
    if standings.alone:
        lines.append(mark + plain(tr_n(lang, "book.alone", standings.alone)))
    return lines


CSV_COLUMNS = (
    "player",
    "opponent",
    "matches",
    "won",
    "lost",
    "drawn",
    "games",
    "games_won",
    "games_lost",
    "points_won",
    "points_lost",
    "gammons_won",
    "gammons_lost",
    "backgammons_won",
    "backgammons_lost",
    "doubles_offered",
    "doubles_taken",
    "doubles_dropped",
    "longest_streak",
    "current_streak",
    "last_played",
)
"""The CSV's columns: the two names, then :class:`~tawla.store.book.Figures`' fields in order
(``current_streak`` signed: wins positive, losses negative; ``last_played`` a local date)."""


def write_csv(standings: Standings, lang: str, out: TextIO, zone: tzinfo | None = None) -> None:
    """The book as CSV (RFC 4180, ``\\r\\n`` line ends as the csv module writes them)."""
    writer = csv.writer(out)
    writer.writerow([tr(lang, f"book.csv.{name}") for name in CSV_COLUMNS])

    def row(a: str, b: str, figures: Figures) -> list[str]:
        values = [str(getattr(figures, name)) for name in CSV_COLUMNS[2:-1]]
        return [a, b, *values, _date(figures.last_played, zone)]

    line: Line
    for line in standings.players:
        writer.writerow(row(_who(lang, line.person), "", line.figures))
    pair: Pair
    for pair in standings.pairs:
        a, b = (_who(lang, person) for person in pair.people)
        writer.writerow(row(a, b, pair.figures[0]))
        writer.writerow(row(b, a, pair.figures[1]))


def run(
    book: Book,
    lang: str,
    out: TextIO,
    period: Period = Period.ALL,
    play: Play = Play.ANY,
    as_csv: bool = False,
    now: datetime | None = None,
    zone: tzinfo | None = None,
    game: Games = Games.ANY,
) -> int:
    """Print the book (the command's work, with the book and the moment given: tests)."""
    standings = book.standings(period, play, now, game)
    if as_csv:
        write_csv(standings, lang, out, zone)
    else:
        out.write("".join(line + "\n" for line in table(book, standings, lang, zone)))
    return 0


def run_book(args: argparse.Namespace, lang: str) -> int:
    """``tawla book``: the players' book from the data folder, as a table or CSV."""
    from tawla.store.book import open_book
    from tawla.store.files import default_paths

    book = open_book(default_paths())
    try:
        return run(
            book, lang, sys.stdout, Period(args.period), Play(args.rules), as_csv=args.csv, game=Games(args.game)
        )
    except BrokenPipeError:  # (``tawla book | head``): the reader has what it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # (so that the exit's flush is quiet)
        return 0
