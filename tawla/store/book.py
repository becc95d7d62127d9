"""The players' book: who plays, who wins, and how each match went, from the finished matches.

The history (``<data>/history/``) is the one source; the book is counted from it, through
its index (:mod:`tawla.store.index`) so that it opens fast on a long history, with the
players' renames, merges and forgotten names of ``players.json``
(:mod:`tawla.store.players`) applied on top. Nothing here ever writes a history file.

The API the screens build on::

    book = open_book(paths)                 # Book: the records, the players (I/O: a worker)
    book.people("al")                       # [Person]: known players, most recent first, filtered
    book.person("Ali")                      # Person | None: whom a typed name belongs to
    book.standings(Period.MONTH, Play.MATCH, now)   # Standings: .players [Line], .pairs [Pair]
    book.standings(game=Games.PLAKOTO)      # … of one game's matches (Games.TAVLI: tavli matches)
    book.between("Ali", "Badr", Period.MONTH)       # Pair | None: the two's figures, Ali's first
    book.matches_of("Ali")                  # [Record]: the player's matches, oldest first
    book.rename(key, "Ali Hassan") / book.merge(key, into) / book.forget(key)   # -> a new Book
                                            # (BookError: a code for the catalogs, book.error.*)

How a single match went (dice, hits, the cube, the pip counts turn by turn) is
:func:`tawla.game.tally.story_of` on the loaded match.

**What the book counts.** A match played to its length, and a money session that finished a
game (money play is never "over": a session reaches the history when it is taken off the
Resume list, and whoever is ahead on points won it; level, it is drawn). A match taken off
the Resume list before its end is not counted, though its players are known players. A
match whose two names have become one player (a merge, then a new match between the two
old names) is counted for nobody (``Standings.alone``); merging two players who have played
each other is refused for that reason.

**Games.** Each match is of one game (:attr:`Record.game`): backgammon, Plakoto, Fevga, or a
tavli match, which is *one* match whatever games it played (its games count as games, its points
as points, under "tavli match", never under backgammon, Plakoto or Fevga). A game won by nobody
(Plakoto, both mothers pinned) is a game played, in neither player's games won or lost; a win by
pinning the mother counts as a win, a gammon when it was worth 2.
"""

from __future__ import annotations

import contextlib
import enum
import gc
import operator
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta
from typing import Final, TypeVar

from tawla.game.figures import SIDE_FIELDS
from tawla.store.files import Paths
from tawla.store.players import (
    Aliases,
    BookError,
    Players,
    forgotten,
    merged,
    name_key,
    renamed,
    search_key,
)
from tawla.store.records import Record, recount

__all__ = [
    "Book",
    "BookError",
    "Figures",
    "Games",
    "Line",
    "Pair",
    "Period",
    "Person",
    "Play",
    "Standings",
    "open_book",
    "period_start",
]


_T = TypeVar("_T")

COMPUTER: Final = "\x00computer"
"""The book's key of the computer: one player of its own, never a person who typed its name
(no name's key can hold a NUL)."""


class Period(enum.StrEnum):
    """Which matches: those that ended this week, this month, or all of them."""

    WEEK = "week"
    MONTH = "month"
    ALL = "all"


class Play(enum.StrEnum):
    """Which rules: matches to a length, money play, or both."""

    ANY = "all"
    MATCH = "match"
    MONEY = "money"


class Games(enum.StrEnum):
    """Which game's matches: all of them, or those of one game (``tavli``: tavli matches, each
    one match of several games). The values are :class:`~tawla.game.rules.GameChoice`'s, and
    ``all``."""

    ANY = "all"
    BACKGAMMON = "backgammon"
    PLAKOTO = "plakoto"
    FEVGA = "fevga"
    TAVLI = "tavli"


FIRST_WEEKDAY: Final = 0
"""Weeks begin on Monday (ISO 8601) unless told otherwise."""


def period_start(period: Period, now: datetime, first_weekday: int = FIRST_WEEKDAY) -> datetime | None:
    """When ``period`` began, in ``now``'s time zone (None: all time). ``first_weekday``:
    0 Monday … 5 Saturday, 6 Sunday."""
    if period is Period.ALL:
        return None
    now = now.astimezone() if now.tzinfo is None else now
    midnight = datetime.combine(now.date(), time(), tzinfo=now.tzinfo)
    if period is Period.MONTH:
        return midnight.replace(day=1)
    return midnight - timedelta(days=(now.weekday() - first_weekday) % 7)


@dataclass(frozen=True, slots=True)
class Person:
    """A player of the book."""

    key: str
    """Who this is (:func:`~tawla.store.players.name_key` of a name; it changes with a rename)."""
    name: str
    """The name shown: the one given in a rename, or the one played under most recently."""
    spellings: tuple[str, ...]
    """Every name the player's matches were played under, the most recent first."""
    last_played: str
    """When the player's last match ended (UTC, ``2026-11-29T15:02:03+00:00``)."""
    matches: int
    """Matches of the player in the history (counted or not)."""
    forgotten: bool = False
    """Taken off the list of players (:meth:`Book.forget`) and not played since: left out of
    :meth:`Book.people`; their matches still count, under the names they were played under."""

    @property
    def computer(self) -> bool:
        """The computer (every seat it played, whatever the name: :data:`COMPUTER`)."""
        return self.key == COMPUTER


@dataclass(frozen=True, slots=True)
class Figures:
    """One player's figures, against one opponent or against everyone, in a selection of matches."""

    matches: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0
    """Money sessions left level (``won + lost + drawn == matches``)."""
    games: int = 0
    """Games played (finished): won, lost, and drawn (Plakoto, both mothers pinned: ``games -
    games_won - games_lost``)."""
    games_won: int = 0
    games_lost: int = 0
    points_won: int = 0
    points_lost: int = 0
    gammons_won: int = 0
    """Gammons given (won with a gammon, not a backgammon)."""
    gammons_lost: int = 0
    """Gammons taken (lost with a gammon)."""
    backgammons_won: int = 0
    backgammons_lost: int = 0
    doubles_offered: int = 0
    """Higher cubes offered: doubles, and beavers and raccoons."""
    doubles_taken: int = 0
    """Offers taken (of a double, a beaver, a raccoon)."""
    doubles_dropped: int = 0
    longest_streak: int = 0
    """The most matches won in a row."""
    current_streak: int = 0
    """Matches won (positive) or lost (negative) in a row up to the last one; 0 after a draw."""
    last_played: str = ""
    """When the last of these matches ended (UTC, as in :class:`Person`)."""
    rolls: int = 0
    """Rolls of both dice, and the pips they brought: the luck of the dice."""
    pips: int = 0
    equity_lost: int = 0
    """Equity lost (thousandths) over the decisions judged, in the matches that were analysed."""
    judged: int = 0

    @property
    def luck(self) -> float | None:
        """Pips a roll above (or below) the 8.17 a roll brings on average (None: no roll)."""
        return self.pips / self.rolls - 49 / 6 if self.rolls else None

    @property
    def error_rate(self) -> float | None:
        """Equity lost a decision, in thousandths, over the matches analysed (None: none was)."""
        return self.equity_lost / self.judged if self.judged else None


@dataclass(frozen=True, slots=True)
class Line:
    """A player and their figures against everyone."""

    person: Person
    figures: Figures


@dataclass(frozen=True, slots=True)
class Pair:
    """Two players and each one's figures against the other (in the order
    :meth:`Book.standings` or :meth:`Book.between` says)."""

    people: tuple[Person, Person]
    figures: tuple[Figures, Figures]

    def facing(self, key: str) -> Pair:
        """The same pair with ``key``'s player first."""
        if self.people[0].key == key:
            return self
        return Pair((self.people[1], self.people[0]), (self.figures[1], self.figures[0]))


@dataclass(frozen=True, slots=True)
class Standings:
    """The head to head of a selection of matches."""

    period: Period
    play: Play
    since: datetime | None
    """When the period began (None: all time)."""
    matches: int
    """Matches counted in the selection."""
    players: tuple[Line, ...]
    """Every player of the selection, the one who played last first."""
    pairs: tuple[Pair, ...]
    """Every pair who played each other, the pair that played last first; in each pair, the
    player who won more of their matches first (the one who played last when even)."""
    alone: int = 0
    """Matches whose two names are now one player (see the module docstring): counted for nobody."""
    game: Games = Games.ANY
    """Which game's matches."""

    def line(self, key: str) -> Line | None:
        return next((line for line in self.players if line.person.key == key), None)


_ADDED: Final = 2 * len(SIDE_FIELDS)
"""Figures added up per pair: each side's :class:`~tawla.game.figures.Side`, one after the other."""
_POINTS, _GAMES, _GAMMONS, _BACKGAMMONS, _OFFERS, _TAKES, _DROPS, _ROLLS, _PIPS, _LOST, _JUDGED = range(
    len(SIDE_FIELDS)
)


DASH: Final = "–"
"""Joins the figures of one column: won–lost, given–taken, offered–taken–dropped."""

COLUMNS: tuple[tuple[str, Callable[[Figures], Sequence[int] | str]], ...] = (
    ("matches", lambda f: (f.matches,)),
    ("won_lost", lambda f: (f.won, f.lost)),
    ("games", lambda f: (f.games_won, f.games_lost)),
    ("points", lambda f: (f.points_won, f.points_lost)),
    ("gammons", lambda f: (f.gammons_won, f.gammons_lost)),
    ("backgammons", lambda f: (f.backgammons_won, f.backgammons_lost)),
    ("doubles", lambda f: (f.doubles_offered, f.doubles_taken, f.doubles_dropped)),
    ("longest", lambda f: (f.longest_streak,)),
    ("error_rate", lambda f: "–" if f.error_rate is None else f"{f.error_rate:.1f}"),
    ("luck", lambda f: "–" if f.luck is None else f"{f.pips / f.rolls:.2f}"),  # (no sign: none to misplace in Arabic)
)
"""The book's columns of figures (``book.column.<name>``) and their values, as ``tawla book``
and the book screen show them (then the current streak and the last date): counts, or a text
(the error rate, the luck: see :func:`cell`)."""


def cell(values: Sequence[int] | str) -> str:
    """A column's figures as one cell: counts joined by :data:`DASH`, or the column's text."""
    return values if isinstance(values, str) else DASH.join(str(v) for v in values)


def _figures(mine: Sequence[int], theirs: Sequence[int], draws: int, results: Iterable[int], last: str) -> Figures:
    """A player's figures from their sides' sums, the other side's sums, the games drawn, and
    their results in order (1 won, -1 lost, 0 drawn)."""
    won = lost = drawn = longest = current = 0
    for result in results:
        if result > 0:
            won += 1
            current = current + 1 if current > 0 else 1
            longest = max(longest, current)
        elif result < 0:
            lost += 1
            current = current - 1 if current < 0 else -1
        else:
            drawn += 1
            current = 0
    return Figures(
        won + lost + drawn,
        won,
        lost,
        drawn,
        mine[_GAMES] + theirs[_GAMES] + draws,
        mine[_GAMES],
        theirs[_GAMES],
        mine[_POINTS],
        theirs[_POINTS],
        mine[_GAMMONS],
        theirs[_GAMMONS],
        mine[_BACKGAMMONS],
        theirs[_BACKGAMMONS],
        mine[_OFFERS],
        mine[_TAKES],
        mine[_DROPS],
        longest,
        current,
        last,
        mine[_ROLLS],
        mine[_PIPS],
        mine[_LOST],
        mine[_JUDGED],
    )


class _Pair:
    """Two players' figures being added up: ``first`` is the player whose side comes first in
    ``sums``; ``draws`` the games they drew; ``results`` are the first player's (1 won, -1 lost,
    0 drawn)."""

    __slots__ = ("draws", "first", "last", "results", "sums")

    def __init__(self, first: str) -> None:
        self.first = first
        self.sums = [0] * _ADDED
        self.draws = 0
        self.results: list[int] = []
        self.last = ""

    def add(self, record: Record, flipped: bool) -> None:
        """Add a match (``flipped``: the first player is its player 1)."""
        a, b = record.sides
        self.sums[:] = map(operator.add, self.sums, b + a if flipped else a + b)
        self.draws += record.games - a.games - b.games  # (Record.draws, without the call)
        winner = record.winner
        self.results.append(0 if winner is None else 1 if (winner == 1) == flipped else -1)
        self.last = record.ended


def _latest_first(items: list[_T], when: Callable[[_T], str], name: Callable[[_T], object]) -> list[_T]:
    """``items`` the most recent first, those of one moment by name."""
    items = sorted(items, key=name)  # type: ignore[arg-type]
    items.sort(key=when, reverse=True)  # (stable: the names stay in order within one moment)
    return items


def _utc(moment: datetime | None) -> str:
    return "" if moment is None else moment.astimezone(UTC).isoformat(timespec="seconds")


class Book:
    """The records of the history with the players' aliases applied (see the module docstring).

    A Book is a snapshot: the changes (:meth:`rename`, :meth:`merge`, :meth:`forget`) write
    ``players.json`` and return a new Book."""

    def __init__(self, records: Sequence[Record], aliases: Aliases | None = None, players: Players | None = None):
        self.records: tuple[Record, ...] = tuple(records)
        """Every match of the history that loads, oldest first (counted or not: see :attr:`Record.counts`)."""
        self.aliases = aliases if aliases is not None else Aliases()
        self._players = players
        self._keys: dict[str, str] = {}
        self._keyed: list[tuple[Record, str, str]] | None = None
        self._people: dict[str, Person] | None = None

    # -- who is who -------------------------------------------------------------------------

    def key_of(self, name: str) -> str:
        """The key of the player a name (as typed, or a key) belongs to."""
        key = self._keys.get(name)
        if key is None:
            key = self._keys[name] = self.aliases.resolve(name_key(name))
        return key

    def _with_keys(self) -> list[tuple[Record, str, str]]:
        """Every record with its two players' keys (worked out once per book)."""
        if self._keyed is None:
            key_of = self.key_of

            def seat(record: Record, i: int) -> str:
                return COMPUTER if i in record.computer else key_of(record.names[i])

            self._keyed = [(r, seat(r, 0), seat(r, 1)) for r in self.records]
        return self._keyed

    def _all_people(self) -> dict[str, Person]:
        if self._people is None:
            matches: dict[str, int] = {}
            last: dict[str, str] = {}
            spelled: dict[str, dict[str, str]] = {}
            for record, a, b in self._with_keys():  # (oldest first: the last time seen wins)
                ended = record.ended
                for name, key in zip(record.names, (a, b), strict=True):
                    last[key] = ended
                    used = spelled.get(key)
                    if used is None:
                        used = spelled[key] = {}
                    used[name] = ended
                matches[a] = matches.get(a, 0) + 1
                if b != a:
                    matches[b] = matches.get(b, 0) + 1
            people = {}
            for key, used in spelled.items():
                spellings = tuple(sorted(used, key=used.__getitem__, reverse=True))
                gone = self.aliases.forgotten.get(key)
                people[key] = Person(
                    key,
                    self.aliases.names.get(key, spellings[0]),
                    spellings,
                    last[key],
                    matches[key],
                    gone is not None and last[key] <= gone,
                )
            self._people = people
        return self._people

    def person(self, name: str) -> Person | None:
        """The player a name (or key) belongs to, if the book knows them."""
        return self._all_people().get(self.key_of(name))

    def people(self, text: str = "", *, include_forgotten: bool = False) -> list[Person]:
        """The known players, the one who played last first; with ``text``, those whose name
        (or a name they played under) contains it, ignoring case, accents, Arabic short vowels
        and the hamza forms (see :func:`~tawla.store.players.search_key`)."""
        wanted = search_key(text)
        found = [
            p
            for p in self._all_people().values()
            if (include_forgotten or not p.forgotten)
            and (not wanted or any(wanted in search_key(n) for n in (p.name, *p.spellings)))
        ]
        return _latest_first(found, lambda p: p.last_played, lambda p: p.name)

    def matches_of(self, name: str) -> list[Record]:
        """The player's matches in the history (counted or not), oldest first."""
        key = self.key_of(name)
        return [r for r, a, b in self._with_keys() if key in (a, b)]

    # -- the figures --------------------------------------------------------------------------

    def selection(
        self,
        period: Period = Period.ALL,
        play: Play = Play.ANY,
        now: datetime | None = None,
        game: Games = Games.ANY,
    ) -> list[Record]:
        """The counted matches of a period, kind of play and game, oldest first."""
        return [r for r, _, _ in self._selected(period, play, now, game)]

    def _selected(
        self, period: Period, play: Play, now: datetime | None, game: Games = Games.ANY
    ) -> list[tuple[Record, str, str]]:
        since = _utc(period_start(period, now or datetime.now().astimezone()))
        every = game is Games.ANY
        return [
            (r, a, b)
            for r, a, b in self._with_keys()
            if r.counts
            and r.ended >= since
            and (play is Play.ANY or (play is Play.MONEY) == (r.length == 0))
            and (every or r.game == game)
        ]

    def standings(
        self,
        period: Period = Period.ALL,
        play: Play = Play.ANY,
        now: datetime | None = None,
        game: Games = Games.ANY,
    ) -> Standings:
        """Every player's figures, and every pair's, in the matches of ``period`` (counted from
        ``now``, by default the present moment), ``play`` and ``game``."""
        now = now or datetime.now().astimezone()
        selected = self._selected(period, play, now, game)
        pairs, alone, results = self._pairs(selected)
        sums: dict[str, list[int]] = {}
        draws: dict[str, int] = {}
        last: dict[str, str] = {}
        n = len(SIDE_FIELDS)
        pair_list = []
        people = self._all_people()
        for (a, b), pair in pairs.items():
            first, second = pair.sums[:n], pair.sums[n:]
            for key, mine, theirs in ((a, first, second), (b, second, first)):
                total = sums.setdefault(key, [0] * _ADDED)
                total[:] = map(operator.add, total, mine + theirs)
                draws[key] = draws.get(key, 0) + pair.draws
                last[key] = max(last.get(key, ""), pair.last)
            fa = _figures(first, second, pair.draws, pair.results, pair.last)
            fb = _figures(second, first, pair.draws, (-r for r in pair.results), pair.last)
            if (fb.won, fb.points_won) > (fa.won, fa.points_won):
                pair_list.append(Pair((people[b], people[a]), (fb, fa)))
            else:
                pair_list.append(Pair((people[a], people[b]), (fa, fb)))
        lines = [
            Line(people[key], _figures(total[:n], total[n:], draws[key], results[key], last[key]))
            for key, total in sums.items()
        ]
        return Standings(
            period,
            play,
            period_start(period, now),
            len(selected),
            tuple(_latest_first(lines, lambda line: line.figures.last_played, lambda line: line.person.name)),
            tuple(
                _latest_first(
                    pair_list,
                    lambda p: p.figures[0].last_played,
                    lambda p: (p.people[0].name, p.people[1].name),
                )
            ),
            alone,
            game,
        )

    @staticmethod
    def _pairs(
        keyed: Iterable[tuple[Record, str, str]],
    ) -> tuple[dict[tuple[str, str], _Pair], int, dict[str, list[int]]]:
        """Every pair's figures added up (keyed by the two players in the order first met), how
        many matches were between two names of one player, and each player's results in the
        order played (1 won, -1 lost, 0 drawn)."""
        pairs: dict[tuple[str, str], _Pair] = {}
        results: dict[str, list[int]] = {}
        alone = 0
        for record, a, b in keyed:
            if a == b:
                alone += 1
                continue
            winner = record.winner
            result = 0 if winner is None else 1 if winner == 0 else -1
            mine = results.get(a)
            if mine is None:
                mine = results[a] = []
            mine.append(result)
            theirs = results.get(b)
            if theirs is None:
                theirs = results[b] = []
            theirs.append(-result)
            pair = pairs.get((a, b))
            if pair is None:
                pair = pairs.get((b, a))
                if pair is None:
                    pair = pairs[(a, b)] = _Pair(a)
            pair.add(record, pair.first != a)
        return pairs, alone, results

    def between(
        self,
        a: str,
        b: str,
        period: Period = Period.ALL,
        play: Play = Play.ANY,
        now: datetime | None = None,
        game: Games = Games.ANY,
    ) -> Pair | None:
        """``a``'s and ``b``'s figures against each other (names or keys; ``a`` first), or None
        when they have not played each other in that selection."""
        ka, kb = self.key_of(a), self.key_of(b)
        if ka == kb:
            return None
        chosen = [(r, x, y) for r, x, y in self._selected(period, play, now, game) if {x, y} == {ka, kb}]
        pair = next(iter(self._pairs(chosen)[0].values()), None)
        if pair is None:
            return None
        n = len(SIDE_FIELDS)
        first, second = pair.sums[:n], pair.sums[n:]
        fa = _figures(first, second, pair.draws, pair.results, pair.last)
        fb = _figures(second, first, pair.draws, (-r for r in pair.results), pair.last)
        people = self._all_people()
        if pair.first != ka:
            fa, fb = fb, fa
        return Pair((people[ka], people[kb]), (fa, fb))

    # -- changes ------------------------------------------------------------------------------

    def _changed(self, how: Callable[[Aliases], Aliases]) -> Book:
        if self._players is None:
            return Book(self.records, how(self.aliases), None)
        return Book(self.records, self._players.change(how), self._players)

    def rename(self, name: str, new: str) -> Book:
        """The player ``name`` (or key) shown as ``new`` in every match, past and to come.
        Raises :class:`BookError`: ``unknown_player``, ``bad_name``, ``name_taken`` (another
        player has it: merge them instead), ``busy``; OSError when the disk refuses."""
        key = self._known(name)
        taken = frozenset(self._all_people()) - {key}
        return self._changed(lambda aliases: renamed(aliases, key, new, taken))

    def merge(self, name: str, into: str) -> Book:
        """``name``'s player and ``into``'s are one person, shown as ``into``. Raises
        :class:`BookError`: ``unknown_player``, ``same_player``, ``played_each_other`` (they
        have matches against each other: ``matches``), ``busy``; OSError when the disk refuses."""
        key, other = self._known(name), self._known(into)
        if key == other:
            raise BookError("same_player")
        together = sum(1 for _, a, b in self._with_keys() if {a, b} == {key, other})
        if together:
            raise BookError("played_each_other", matches=together)
        shown = self._all_people()[other].name
        return self._changed(lambda aliases: merged(aliases, key, other, shown))

    def forget(self, name: str, now: datetime | None = None) -> Book:
        """Take ``name``'s player off the list of players (see :class:`Person`); their matches stay.
        Raises :class:`BookError` (``unknown_player``, ``busy``); OSError when the disk refuses."""
        key = self._known(name)
        when = _utc(now or datetime.now(UTC))
        return self._changed(lambda aliases: forgotten(aliases, key, when))

    def _known(self, name: str) -> str:
        key = self.key_of(name)
        if key not in self._all_people():
            raise BookError("unknown_player", name=name)
        return key


def open_book(paths: Paths, *, index: bool = True) -> Book:
    """The book of a data folder: its history through the index (``index=False``: every file
    read and counted again, as the index is built), with ``players.json`` applied."""
    with _no_collection():
        if index:
            from tawla.store.index import Index

            records = Index(paths.data, paths.history).records()
        else:
            records = recount(paths.history)
    players = Players(paths.data)
    return Book(records, players.read(), players)


@contextlib.contextmanager
def _no_collection() -> Iterator[None]:
    """Python's cycle collector held off while thousands of records (tuples of numbers and
    strings: no cycles to find) are made: it would otherwise walk every live object several
    times over, a quarter of the time of an open."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
