"""The players' book (#14): every figure against a direct recount from the events, renames and
merges that keep every total, the index against damage, staleness and two processes at once,
and ``tawla book`` in both languages.

The random matches are the random-match generator's (tests/helpers/randomplay.py), played once per
test process and written under many names and dates: backgammon under any rules, and Plakoto,
Fevga and tavli matches (#23; among them Plakoto draws and wins by the mother checker). The
recount here never goes through :mod:`tawla.game.tally`: it walks the states the rules engine
gives for each event.
"""

from __future__ import annotations

import csv
import functools
import io
import json
import os
import random
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from itertools import accumulate
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tawla.engine import BAR
from tawla.game import Match, MatchState, advance
from tawla.game.events import (
    Beavered,
    Doubled,
    Dropped,
    NextGame,
    Raccooned,
    ResignAccepted,
    Rolled,
    Stepped,
    Took,
    TurnEnded,
)
from tawla.game.rules import GameChoice, RuleSet
from tawla.game.state import Ending, ResultKind
from tawla.game.tally import CubeAction, story_of, tell
from tawla.i18n import tr
from tawla.store import saves
from tawla.store.book import Book, BookError, Games, Period, Play, open_book, period_start
from tawla.store.files import Paths, atomic_write
from tawla.store.index import COLUMNS, SCHEMA, Index
from tawla.store.players import name_key, search_key
from tawla.store.records import Record, read_record, record_of, recount

from .helpers.randomplay import play_random_match, random_rules

POOL = 16
NAMES = ("Ali", "ali", "علي", "عَلي", "Badr", "بدر", "Salma", "سلمى", "José", "Jose")
T0 = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)  # a Monday


# -- the random matches and a recount that does not use the tally ---------------------------------


@functools.cache
def pool() -> tuple[Match, ...]:
    """Random finished backgammon matches and money sessions (up to 3 games), played once per process."""
    out = []
    for i in range(POOL):
        rng = random.Random(f"book-{i}")
        out.append(play_random_match(rng, random_rules(rng), max_games=3, check=False))
    return tuple(out)


TAVLA: tuple[tuple[str, GameChoice, int, int], ...] = (
    ("book-plakoto-1", GameChoice.PLAKOTO, 0, 1),  # a money session of one game, drawn (both mothers pinned)
    ("book-plakoto-3", GameChoice.PLAKOTO, 0, 1),  # … of one game won by pinning the mother: 2 points
    ("book-plakoto-5", GameChoice.PLAKOTO, 3, 6),
    ("book-fevga-0", GameChoice.FEVGA, 3, 6),
    ("book-fevga-1", GameChoice.FEVGA, 0, 2),
    ("book-tavli-12", GameChoice.TAVLI, 3, 6),  # four games: backgammon, Plakoto (drawn), Fevga, backgammon
    ("book-tavli-7", GameChoice.TAVLI, 3, 6),  # three games, the Plakoto one won by the mother
    ("book-tavli-0", GameChoice.TAVLI, 3, 6),
)
"""Seeded random Plakoto, Fevga and tavli matches (seed, game, length, most games of a money session)."""


@functools.cache
def tavla_pool() -> tuple[Match, ...]:
    """The :data:`TAVLA` matches, played once per process."""
    out = []
    for seed, game, length, most in TAVLA:
        rules = RuleSet().adjusted(game=game, match_length=length)
        out.append(play_random_match(random.Random(seed), rules, max_games=most, check=False))
    return tuple(out)


BOOK_POOL = POOL + len(TAVLA)
"""The matches the book's tests write: :func:`pool`'s, then :func:`tavla_pool`'s."""


def book_pool() -> tuple[Match, ...]:
    return pool() + tavla_pool()


@functools.cache
def pool_json() -> tuple[dict[str, Any], ...]:
    return tuple(
        saves.to_json(saves.SavedMatch(m, f"base-{i}", "2026-01-01T00:00:00+00:00")) for i, m in enumerate(book_pool())
    )


@dataclass(frozen=True)
class Count:
    """One match counted from the engine's states, event by event."""

    finished: bool
    games: int
    draws: int
    """Games won by nobody (Plakoto: both mothers pinned)."""
    winner: int | None
    points: tuple[int, int]
    games_won: tuple[int, int]
    gammons: tuple[int, int]
    backgammons: tuple[int, int]
    offers: tuple[int, int]
    takes: tuple[int, int]
    drops: tuple[int, int]
    cube_events: int


def count(match: Match) -> Count:
    states = list(accumulate(match.events, advance, initial=match.start))
    final = states[-1]
    assert final == match.state
    acts: dict[str, list[int]] = {"offers": [0, 0], "takes": [0, 0], "drops": [0, 0]}
    cube_events = 0
    for state, event in zip(states, match.events, strict=False):
        if isinstance(event, Doubled):
            acts["offers"][state.on_roll] += 1
        elif isinstance(event, Beavered | Raccooned):
            acts["offers"][state.to_act] += 1  # type: ignore[index]
        elif isinstance(event, Took):
            acts["takes"][state.to_act] += 1  # type: ignore[index]
        elif isinstance(event, Dropped):
            acts["drops"][state.to_act] += 1  # type: ignore[index]
        cube_events += isinstance(event, Doubled | Beavered | Raccooned | Took | Dropped)
    results = final.results

    def per_side(test: Any) -> tuple[int, int]:
        return (
            sum(1 for r in results if r.winner == 0 and test(r)),
            sum(1 for r in results if r.winner == 1 and test(r)),
        )

    if final.rules.is_match:
        winner = final.winner
    else:
        winner = None if final.score[0] == final.score[1] else int(final.score[1] > final.score[0])
    return Count(
        final.match_over,
        len(results),
        sum(1 for r in results if r.winner is None),
        winner,
        final.score,  # (the pool starts from 0-0: the points are the score)
        per_side(lambda r: True),
        per_side(lambda r: r.kind is ResultKind.GAMMON),
        per_side(lambda r: r.kind is ResultKind.BACKGAMMON),
        (acts["offers"][0], acts["offers"][1]),
        (acts["takes"][0], acts["takes"][1]),
        (acts["drops"][0], acts["drops"][1]),
        cube_events,
    )


@functools.cache
def pool_counts() -> tuple[Count, ...]:
    return tuple(count(m) for m in book_pool())


def counts_in_book(c: Count, length: int) -> bool:
    return c.finished if length else c.games > 0


def write(history: Path, base: int, names: Sequence[str], ended: datetime, ident: str) -> Path:
    """A history file of pool match ``base`` played by ``names``, ended at ``ended``."""
    data = dict(
        pool_json()[base],
        id=ident,
        names=list(names),
        started=(ended - timedelta(minutes=30)).isoformat(),
        saved=ended.isoformat(),
    )
    path = history / f"{ident}.json"
    atomic_write(path, json.dumps(data, ensure_ascii=False), keep_previous=False)
    return path


def paths_in(folder: Path) -> Paths:
    return Paths(folder / "config", folder / "data")


# -- how a match went ------------------------------------------------------------------------


def test_the_fold_on_trust_tells_exactly_what_the_rules_engine_tells() -> None:
    for match in pool():
        fast = tell(match.rules, match.events, match.start)
        exact = story_of(match)
        assert fast == exact
        assert fast.final == match.state


def test_every_figure_of_a_story_is_a_recount_of_the_events() -> None:
    for match in pool():
        story = story_of(match)
        states = list(accumulate(match.events, advance, initial=match.start))
        assert len(story.games) == match.state.game
        assert tuple(g.result for g in story.games if g.result) == match.state.results
        game = 0
        rolls: list[Counter[int]] = [Counter()]
        pips_rolled: list[Counter[int]] = [Counter()]
        doubles: list[Counter[int]] = [Counter()]
        entered: list[Counter[int]] = [Counter()]
        cube: list[int] = [0]
        after_turns: list[list[tuple[int, int]]] = [[(states[0].pips(0), states[0].pips(1))]]
        ends: list[MatchState] = []
        on_bar: list[tuple[int, int]] = [bars(states[0])]
        for before, event, after in zip(states[:-1], match.events, states[1:], strict=True):
            if isinstance(event, NextGame):
                ends.append(before)
                game += 1
                for table in (rolls, pips_rolled, doubles, entered):
                    table.append(Counter())
                cube.append(0)
                after_turns.append([(after.pips(0), after.pips(1))])
                on_bar.append(bars(after))
                continue
            if not isinstance(event, ResignAccepted | Dropped):  # (these end a game where it stands)
                on_bar[game] = bars(after)
            if isinstance(event, Rolled):
                d1, d2 = event.dice
                rolls[game][before.on_roll] += 1
                pips_rolled[game][before.on_roll] += 4 * d1 if d1 == d2 else d1 + d2
                doubles[game][before.on_roll] += d1 == d2
            if isinstance(event, Stepped) and event.source == BAR:
                entered[game][before.on_roll] += 1
            if isinstance(event, Doubled | Took | Dropped | Beavered | Raccooned):
                cube[game] += 1
            if isinstance(event, TurnEnded) or (isinstance(event, Stepped) and after.turn is None):
                after_turns[game].append((after.pips(0), after.pips(1)))
        ends.append(states[-1])
        for n, g in enumerate(story.games):
            end = ends[n]
            assert g.pips == tuple(after_turns[n])
            # The turns completed, and at most one more, the one the game ended in (#21).
            extra = [g.turns_of(p) - end.turns_played[p] for p in (0, 1)]
            assert min(extra) >= 0 and sum(extra) <= 1
            assert all(rolls[n][p] <= g.turns_of(p) <= rolls[n][p] + 2 for p in (0, 1))
            assert len(g.cube) == cube[n]
            for p in (0, 1):
                assert g.rolls_of(p) == rolls[n][p]
                assert g.pips_rolled(p) == pips_rolled[n][p]
                assert g.doubles_rolled(p) == doubles[n][p]
                assert g.luck(p) == pytest.approx(pips_rolled[n][p] - rolls[n][p] * 49 / 6)
                # Every checker hit went to the bar, and entered from it or is still there.
                assert g.hits[p] == entered[n][1 - p] + on_bar[n][1 - p]
                assert sum(t.hits for t in g.turns if t.player == p) <= g.hits[p]


def bars(state: MatchState) -> tuple[int, int]:
    """Both players' checkers on the bar, with the steps of the turn in progress made."""
    board = state.board_now
    mine = board.mover_bar
    theirs = board.opponent_bar
    return (mine, theirs) if state.on_roll == 0 else (theirs, mine)


def test_a_story_names_who_did_what_with_the_cube() -> None:
    match = scripted(("Ali", "Badr"), [("take", 0, 1), ("drop", 1)], length=0)
    games = story_of(match).games
    assert [(c.player, c.action, c.value) for c in games[0].cube] == [
        (1, CubeAction.DOUBLE, 2),
        (0, CubeAction.TAKE, 2),
    ]
    assert [(c.player, c.action, c.value) for c in games[1].cube] == [
        (0, CubeAction.DOUBLE, 2),
        (1, CubeAction.DROP, 2),
    ]
    assert games[0].result is not None and (games[0].result.winner, games[0].result.points) == (0, 2)
    assert games[1].result is not None and (games[1].result.winner, games[1].result.points) == (0, 1)
    assert [t.opening for t in games[0].turns] == [True]  # (the doubler resigned after rolling)
    assert games[0].rolls_of(0) == 0 and games[0].rolls_of(1) == 1  # (the opening roll is a die each)


def _turns_game(moves: str) -> Match:
    """A game played by letters, each the next thing the match needs (a 5-point match of
    Ali against Badr, the first legal play of every roll): ``O`` the opening roll (Ali wins
    it, 6-5, and plays it), ``r`` roll (3-1) and play, ``d`` double, ``t`` take, ``p`` pass,
    ``R`` resign a single game, ``y`` accept it, ``n`` decline it."""
    from tawla.engine import legal_plays
    from tawla.game import ManualDice, RuleSet

    match = Match(RuleSet(match_length=5), ("Ali", "Badr"), ManualDice())

    def play() -> None:
        turn = match.state.turn
        assert turn is not None
        match.play(legal_plays(turn.start, turn.roll)[0])
        match.confirm()

    for letter in moves:
        if letter == "O":
            match.roll_opening((6, 5))
            play()
        elif letter == "r":
            match.roll((3, 1))
            play()
        else:
            {"d": match.double, "t": match.take, "p": match.drop, "R": match.resign,
             "y": match.accept, "n": match.decline}[letter]()  # fmt: skip
    return match


@pytest.mark.parametrize(
    ("moves", "turns"),
    [
        # Counted by hand: a turn is each time a player is on roll and does something with it.
        ("Odp", (1, 1)),  # Ali's opening; Badr doubles and Ali passes: Badr had a turn (it said 0)
        ("Ordp", (2, 1)),  # Ali opens, Badr plays, Ali doubles, Badr passes
        ("OrdtrRy", (2, 2)),  # Badr takes Ali's double: Ali's double and roll are one turn; Badr resigns before rolling
        ("OrrdtrRy", (3, 2)),  # Ali resigns at the start of his third turn (it said 2)
        ("ORnrdp", (2, 1)),  # Badr offers to resign, Ali declines, Badr rolls: one turn
        ("Or", (1, 1)),  # a game put away: the turns played
        ("O", (1, 0)),
        ("", (0, 0)),
    ],
)
def test_the_turns_of_a_game_counted_by_hand(moves: str, turns: tuple[int, int]) -> None:
    """ "How the game went" counts a player's turns (#21): a roll, the opening roll played, or a
    turn the game ended in before its roll (a double passed, a resignation accepted)."""
    match = _turns_game(moves)
    for story in (story_of(match), tell(match.rules, match.events, match.start)):  # (both folds)
        (game,) = story.games
        assert (game.turns_of(0), game.turns_of(1)) == turns
        assert (story.turns_of(0), story.turns_of(1)) == turns


def test_the_turns_of_a_match_add_up_its_games() -> None:
    match = scripted(("Ali", "Badr"), [("drop", 0), ("resign", 1, 1), ("take", 1, 1)], length=7)
    story = story_of(match)
    # drop: Ali opens, Badr doubles, Ali passes (1, 1); resign: Badr opens and resigns (0, 1);
    # take: Badr opens, Ali doubles, Badr takes, Ali rolls and resigns (1, 1).
    assert [(g.turns_of(0), g.turns_of(1)) for g in story.games] == [(1, 1), (0, 1), (1, 1)]
    assert (story.turns_of(0), story.turns_of(1)) == (2, 3)


# -- scripted matches: every figure known in advance ----------------------------------------------


def scripted(names: tuple[str, str], games: Sequence[tuple[Any, ...]], length: int) -> Match:
    """A match of short games: ``("resign", p, level)`` (``p`` wins the opening roll and resigns
    at once), ``("drop", p)`` (``p`` opens and plays, the other doubles, ``p`` drops),
    ``("take", p, level)`` (the same, but ``p`` takes, and the doubler resigns ``level``)."""
    from tawla.engine import legal_plays
    from tawla.game import ManualDice, RuleSet

    match = Match(RuleSet(match_length=length), names, ManualDice())
    for number, spec in enumerate(games):
        if number:
            match.next_game()
        p = spec[1]
        match.roll_opening((6, 5) if p == 0 else (5, 6))
        if spec[0] == "resign":
            match.resign(spec[2])
            match.accept()
            continue
        turn = match.state.turn
        assert turn is not None
        match.play(legal_plays(turn.start, turn.roll)[0])
        match.confirm()
        match.double()
        if spec[0] == "drop":
            match.drop()
            continue
        match.take()
        match.roll((2, 1))
        match.resign(spec[2])
        match.accept()
    return match


# -- the book against the recount ------------------------------------------------------------------

files_strategy = st.lists(
    st.tuples(
        st.integers(0, BOOK_POOL - 1),
        st.sampled_from(NAMES),
        st.sampled_from(NAMES),
        st.integers(0, 24 * 40),  # hours after T0
    ),
    min_size=1,
    max_size=9,
)


def expected_figures(entries: list[tuple[int, str, str, int]]) -> tuple[dict[str, Counter[str]], int, int]:
    """Each player's figures by key, the matches counted, those whose names are one player."""
    out: dict[str, Counter[str]] = {}
    counted = alone = 0
    for base, a, b, _hours in entries:
        c = pool_counts()[base]
        if not counts_in_book(c, book_pool()[base].rules.match_length):
            continue
        counted += 1
        keys = (name_key(a), name_key(b))
        if keys[0] == keys[1]:
            alone += 1
            continue
        for side, key in enumerate(keys):
            other = 1 - side
            f = out.setdefault(key, Counter())
            f["matches"] += 1
            f["won"] += c.winner == side
            f["lost"] += c.winner == other
            f["drawn"] += c.winner is None
            f["games"] += c.games
            f["draws"] += c.draws
            f["games_won"] += c.games_won[side]
            f["games_lost"] += c.games_won[other]
            f["points_won"] += c.points[side]
            f["points_lost"] += c.points[other]
            f["gammons_won"] += c.gammons[side]
            f["gammons_lost"] += c.gammons[other]
            f["backgammons_won"] += c.backgammons[side]
            f["backgammons_lost"] += c.backgammons[other]
            f["doubles_offered"] += c.offers[side]
            f["doubles_taken"] += c.takes[side]
            f["doubles_dropped"] += c.drops[side]
    return out, counted, alone


FIGURES = (
    *("matches", "won", "lost", "drawn", "games", "games_won", "games_lost", "points_won", "points_lost"),
    *("gammons_won", "gammons_lost", "backgammons_won", "backgammons_lost"),
    *("doubles_offered", "doubles_taken", "doubles_dropped"),
)


@settings(max_examples=30, deadline=None)
@given(files_strategy)
def test_every_figure_of_the_book_is_a_recount_of_the_events(entries: list[tuple[int, str, str, int]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        paths = paths_in(Path(folder))
        for i, (base, a, b, hours) in enumerate(entries):
            write(paths.history, base, (a, b), T0 + timedelta(hours=hours), f"m{i:03d}")
        book = open_book(paths)
        again = open_book(paths, index=False)
        assert book.records == again.records  # the index holds exactly what the files say
        standings = book.standings(now=T0)
        expected, counted, alone = expected_figures(entries)
        assert (standings.matches, standings.alone) == (counted, alone)
        assert {line.person.key: {f: getattr(line.figures, f) for f in FIGURES} for line in standings.players} == {
            key: {f: figures[f] for f in FIGURES} for key, figures in expected.items()
        }
        for line in standings.players:
            f = line.figures
            assert f.won + f.lost + f.drawn == f.matches
            assert f.games_won + f.games_lost + expected[line.person.key]["draws"] == f.games  # (a draw: nobody's)
        assert sum(line.figures.matches for line in standings.players) == 2 * (counted - alone)
        assert sum(p.figures[0].matches for p in standings.pairs) == counted - alone
        for pair in standings.pairs:
            fa, fb = pair.figures
            assert (fa.matches, fa.won, fa.lost, fa.points_won) == (fb.matches, fb.lost, fb.won, fb.points_lost)
            assert book.between(pair.people[0].name, pair.people[1].name, now=T0) == pair
        # Doubles, takes and drops are the cube events, all of them.
        cube = sum(pool_counts()[base].cube_events for base, a, b, _ in entries if name_key(a) != name_key(b)
                   and counts_in_book(pool_counts()[base], book_pool()[base].rules.match_length))  # fmt: skip
        assert cube == sum(
            line.figures.doubles_offered + line.figures.doubles_taken + line.figures.doubles_dropped
            for line in standings.players
        )


@settings(max_examples=40, deadline=None)
@given(
    files_strategy,
    st.sampled_from(list(Period)),
    st.sampled_from(list(Play)),
    st.sampled_from(list(Games)),
    st.integers(0, 24 * 40),
)
def test_a_period_the_rules_and_the_game_select_exactly_their_matches(
    entries: list[tuple[int, str, str, int]], period: Period, play: Play, game: Games, hours: int
) -> None:
    now = T0 + timedelta(hours=hours)
    records = [
        record_of(
            f"m{i:03d}.json", {**pool_json()[base], "names": [a, b], "saved": (T0 + timedelta(hours=h)).isoformat()}
        )
        for i, (base, a, b, h) in enumerate(entries)
    ]
    book = Book(sorted(records, key=lambda r: (r.ended, r.file)))
    since = period_start(period, now)
    kept = [
        r.counts
        and (since is None or T0 + timedelta(hours=e[3]) >= since)
        and (play is Play.ANY or (r.length == 0) == (play is Play.MONEY))
        and (game is Games.ANY or book_pool()[e[0]].rules.game.value == game.value)  # (the rules it was played under)
        for e, r in zip(entries, records, strict=True)
    ]
    chosen = [e for e, keep in zip(entries, kept, strict=True) if keep]
    standings = book.standings(period, play, now, game)
    assert standings.game is game
    expected, counted, alone = expected_figures(chosen)
    assert (standings.matches, standings.alone) == (counted, alone)
    assert {line.person.key: {f: getattr(line.figures, f) for f in FIGURES} for line in standings.players} == {
        key: {f: figures[f] for f in FIGURES} for key, figures in expected.items()
    }
    files = {r.file for r, keep in zip(records, kept, strict=True) if keep}
    assert [r.file for r in book.selection(period, play, now, game)] == [
        r.file for r in book.records if r.file in files
    ]


def test_weeks_begin_on_monday_and_months_on_the_first_in_the_local_time_zone() -> None:
    from datetime import timezone

    cairo = timezone(timedelta(hours=2))
    now = datetime(2026, 11, 5, 1, 30, tzinfo=cairo)  # Thursday, early morning
    assert period_start(Period.WEEK, now) == datetime(2026, 11, 2, tzinfo=cairo)
    assert period_start(Period.WEEK, now, first_weekday=5) == datetime(2026, 10, 31, tzinfo=cairo)  # Saturday
    assert period_start(Period.MONTH, now) == datetime(2026, 11, 1, tzinfo=cairo)
    assert period_start(Period.ALL, now) is None
    # A match that ended at 23:30 UTC on Sunday 1 November is this week's in UTC's eyes… not in Cairo's.
    sunday_night = T0 - timedelta(hours=9, minutes=30)
    record = hand_record("a.json", ("Ali", "Badr"), sunday_night, winner=0)
    book = Book([record])
    assert book.standings(Period.WEEK, now=now).matches == 1  # (01:30 on Monday in Cairo)
    assert book.standings(Period.WEEK, now=datetime(2026, 11, 5, tzinfo=UTC)).matches == 0


# -- the games (#23): each its own book, a tavli match one match ------------------------------------


def test_the_books_games_are_the_games_a_match_plays_and_the_commands_and_the_screens() -> None:
    from tawla.cli.parser import build_parser
    from tawla.ui.screens.book import GAMES

    assert [g.value for g in Games] == ["all", *(c.value for c in GameChoice)]
    assert set(GAMES) == set(Games) and GAMES[0] is Games.ANY  # (G goes through every one, all games first)
    parser = build_parser("en")
    assert parser.parse_args(["book"]).game == "all"
    assert [Games(parser.parse_args(["book", "--game", g.value]).game) for g in Games] == list(Games)


def test_the_tavla_pool_has_the_draws_and_mother_wins_the_book_is_tested_with() -> None:
    """The seeded matches of :data:`TAVLA` hold what they are there for (the random player
    changed, the seeds must be chosen again)."""
    matches = tavla_pool()
    endings = [[(r.ending, r.winner, r.kind, r.points) for r in m.state.results] for m in matches]
    assert endings[0] == [(Ending.DRAW, None, ResultKind.SINGLE, 0)]
    assert [(e, k, p) for e, _, k, p in endings[1]] == [(Ending.MOTHER, ResultKind.GAMMON, 2)]
    tavli = matches[5]
    assert [tavli.rules.game_of(n).value for n in range(1, len(endings[5]) + 1)] == [
        "backgammon",
        "plakoto",
        "fevga",
        "backgammon",
    ]
    assert endings[5][1][:2] == (Ending.DRAW, None) and tavli.state.match_over
    assert any(e is Ending.MOTHER for e, *_ in endings[6]) and matches[6].state.game == 3
    assert all(m.state.match_over for m in matches if m.rules.is_match)


Played = dict[str, tuple[tuple[str, str], MatchState]]
"""The matches of a history by file: the names they were written under, where they ended."""


def games_history(folder: Path) -> tuple[Paths, Played]:
    """A history of every game between Ali, Badr and Salma: a backgammon match (scripted), a
    Plakoto session drawn and one won by the mother, a Fevga match, two tavli matches (one with a
    drawn Plakoto game)."""
    paths = paths_in(folder)
    played: Played = {}
    match = scripted(("Ali", "Badr"), [("resign", 1, 2), ("take", 0, 1), ("resign", 1, 1)], 5)
    data = saves.to_json(saves.SavedMatch(match, "bg", "2026-11-02T10:00:00+00:00"))
    data["saved"] = T0.isoformat()
    atomic_write(paths.history / "bg.json", json.dumps(data), keep_previous=False)
    played["bg.json"] = (("Ali", "Badr"), match.state)
    for hours, (at, names, ident) in enumerate(
        [
            (0, ("Ali", "Badr"), "plakoto-draw"),
            (1, ("Badr", "Ali"), "plakoto-mother"),
            (3, ("Ali", "Salma"), "fevga"),
            (5, ("Ali", "Badr"), "tavli-draw"),
            (6, ("Salma", "Ali"), "tavli-mother"),
        ],
        start=1,
    ):
        write(paths.history, POOL + at, names, T0 + timedelta(hours=hours), ident)
        played[f"{ident}.json"] = (names, tavla_pool()[at].state)
    return paths, played


def test_each_game_has_its_own_book_and_a_tavli_match_counts_once(tmp_path: Path) -> None:
    paths, played = games_history(tmp_path)
    book = open_book(paths)
    assert book.records == open_book(paths, index=False).records  # (the index keeps the game)
    assert {r.file: r.game for r in book.records} == {
        "bg.json": "backgammon",
        "plakoto-draw.json": "plakoto",
        "plakoto-mother.json": "plakoto",
        "fevga.json": "fevga",
        "tavli-draw.json": "tavli",
        "tavli-mother.json": "tavli",
    }
    everything = book.standings(now=T0)
    assert everything.matches == 6
    by_game = {game: book.standings(now=T0, game=game) for game in Games if game is not Games.ANY}
    assert {game: s.matches for game, s in by_game.items()} == {
        Games.BACKGAMMON: 1,  # (not the tavli matches' backgammon games)
        Games.PLAKOTO: 2,
        Games.FEVGA: 1,
        Games.TAVLI: 2,  # each one match, whatever games it played
    }
    # Every figure that adds up is the sum of the games' figures.
    for line in everything.players:
        for figure in FIGURES:  # (all but the streaks and the last date)
            parts = [s.line(line.person.key) for s in by_game.values()]
            assert getattr(line.figures, figure) == sum(getattr(p.figures, figure) for p in parts if p), figure

    # A tavli match: one match won or lost, its games as games (the drawn one too), its points as points.
    tavli = by_game[Games.TAVLI]
    for key in ("ali", "badr", "salma"):
        found = tavli.line(key)
        assert found is not None
        mine = [(names, s) for f, (names, s) in played.items() if f.startswith("tavli") and key in map(name_key, names)]
        sides = [[name_key(n) for n in names].index(key) for names, _ in mine]
        states = [s for _, s in mine]
        f = found.figures
        assert f.matches == len(mine)
        assert (f.won, f.lost) == (
            sum(s.winner == side for s, side in zip(states, sides, strict=True)),
            sum(s.winner == 1 - side for s, side in zip(states, sides, strict=True)),
        )
        assert f.games == sum(len(s.results) for s in states)
        assert f.games_won == sum(
            sum(r.winner == side for r in s.results) for s, side in zip(states, sides, strict=True)
        )
        assert f.games_won + f.games_lost == f.games - sum(sum(r.winner is None for r in s.results) for s in states)
        assert (f.points_won, f.points_lost) == (
            sum(s.score[side] for s, side in zip(states, sides, strict=True)),
            sum(s.score[1 - side] for s, side in zip(states, sides, strict=True)),
        )
        assert (f.doubles_offered, f.doubles_taken, f.doubles_dropped) == (0, 0, 0)
    pair = book.between("Ali", "Badr", now=T0, game=Games.TAVLI)
    draw = played["tavli-draw.json"][1]
    assert pair is not None and pair.figures[0].matches == 1 and pair.figures[0].games == len(draw.results) == 4
    assert pair.figures[0].games_won + pair.figures[0].games_lost == 3  # (the Plakoto game was drawn)

    # Plakoto: a session drawn on its one game (a game played, won by nobody: the session level),
    # and one won by pinning the mother (a win, and a gammon: worth 2).
    plakoto = by_game[Games.PLAKOTO]
    names, ended = played["plakoto-mother.json"]
    winner = ended.results[0].winner
    assert winner is not None
    champion = name_key(names[winner])
    other = "badr" if champion == "ali" else "ali"
    won, lost = plakoto.line(champion), plakoto.line(other)
    assert won is not None and lost is not None
    assert (won.figures.matches, won.figures.won, won.figures.lost, won.figures.drawn) == (2, 1, 0, 1)
    assert (won.figures.games, won.figures.games_won, won.figures.games_lost) == (2, 1, 0)
    assert (won.figures.points_won, won.figures.points_lost, won.figures.gammons_won) == (2, 0, 1)
    assert (lost.figures.games, lost.figures.games_lost, lost.figures.gammons_lost) == (2, 1, 1)
    (draw_record,) = [r for r in book.records if r.file == "plakoto-draw.json"]
    assert (draw_record.games, draw_record.draws, draw_record.winner, draw_record.counts) == (1, 1, None, True)

    # A game's figures screen (FiguresScreen) and the command read the same selection.
    assert [r.file for r in book.selection(now=T0, game=Games.TAVLI)] == ["tavli-draw.json", "tavli-mother.json"]
    assert book.between("Ali", "Badr", now=T0, game=Games.FEVGA) is None


def test_an_index_made_before_the_games_were_kept_is_built_again(history: Paths) -> None:
    """An index of the first schema (no game column), sound in every other way: built again,
    and every record has its game."""
    assert SCHEMA == 4
    fresh(history).records()
    con = sqlite3.connect(history.data / "book.sqlite")
    con.executescript("ALTER TABLE matches DROP COLUMN game; PRAGMA user_version = 1;")
    con.close()
    index = fresh(history)
    index._seal()  # (its checksum right: only the schema tells it apart)
    assert index.records() == recount(history.history)
    assert (index.rebuilt, index.read_files) == (1, 8)
    con = sqlite3.connect(history.data / "book.sqlite")
    assert con.execute("PRAGMA user_version").fetchone() == (SCHEMA,)
    assert {row[0] for row in con.execute("SELECT game FROM matches")} == {"backgammon"}
    con.close()


def test_tawla_book_game_in_both_languages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tawla.cli import main

    games_history(tmp_path)
    monkeypatch.setenv("TAWLA_HOME", str(tmp_path))
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("TZ", "UTC")

    def tawla(*args: str) -> list[str]:
        assert main(list(args)) == 0
        return capsys.readouterr().out.splitlines()

    assert tawla("book", "--lang", "en", "--game", "tavli")[0] == (
        "The players' book · all time · matches and money play · Tavli match · 2 matches"
    )
    assert tawla("book", "--lang", "ar", "--game", "tavli", "--rules", "match")[0] == (
        f"{M}دفتر اللاعبين · منذ البداية · المباريات · مباراة تافلي · مباراتان"
    )
    plakoto = tawla("book", "--lang", "ar", "--game", "plakoto", "--rules", "money")
    assert plakoto[0] == f"{M}دفتر اللاعبين · منذ البداية · الجولات الحرّة · بلاكوتو · مباراتان"
    assert tawla("book", "--lang", "en", "--game", "backgammon")[0].endswith(" · Backgammon · 1 match")
    assert tawla("book", "--lang", "ar", "--game", "fevga")[0].endswith(" · فيفغا · مباراة واحدة")
    assert tawla("book", "--lang", "en", "--game", "all") == tawla("book", "--lang", "en")
    assert tawla("book", "--lang", "en")[0] == "The players' book · all time · matches and money play · 6 matches"
    rows = list(csv.reader(io.StringIO("\n".join(tawla("book", "--lang", "en", "--csv", "--game", "tavli")))))
    assert sorted(row[0] for row in rows[1:4]) == ["Ali", "Badr", "Salma"] and len(rows) == 1 + 3 + 2 * 2
    for lang in ("en", "ar"):
        with pytest.raises(SystemExit) as done:
            main(["book", "--lang", lang, "--help"])
        assert done.value.code == 0
        shown = " ".join(capsys.readouterr().out.split())
        assert (
            "--game {all,backgammon,plakoto,fevga,tavli} " + " ".join(tr(lang, "cli.help.book_game").split()) in shown
        )


# -- streaks, hand-made records ---------------------------------------------------------------------


def hand_record(
    file: str,
    names: tuple[str, str],
    ended: datetime,
    winner: int | None,
    length: int = 5,
    points: tuple[int, int] | None = None,
    games: tuple[int, int] = (3, 1),
    gammons: tuple[int, int] = (0, 0),
    backgammons: tuple[int, int] = (0, 0),
    cube: tuple[tuple[int, int, int], tuple[int, int, int]] = ((0, 0, 0), (0, 0, 0)),
) -> Record:
    from tawla.game.figures import Side

    if points is None:
        points = (5, 2) if winner == 0 else (2, 5) if winner == 1 else (3, 3)
    won = games if winner != 1 else (games[1], games[0])
    sides = tuple(
        Side(points[p], won[p], gammons[p], backgammons[p], cube[p][0], cube[p][1], cube[p][2]) for p in (0, 1)
    )
    stamp = ended.isoformat(timespec="seconds")
    return Record(file, names, stamp, stamp, length, length > 0, sum(won), winner, (sides[0], sides[1]))


def test_streaks_longest_and_current_draws_break_them() -> None:
    results = [0, 0, 1, 0, 0, 0, None, 1, 1]  # Ali's view: W W L W W W draw L L
    records = []
    for i, winner in enumerate(results):
        names = ("Ali", "Badr") if i % 2 == 0 else ("Badr", "Ali")  # (sides swap: the streak follows the player)
        side_winner = winner if winner is None or i % 2 == 0 else 1 - winner
        records.append(
            hand_record(f"{i}.json", names, T0 + timedelta(days=i), side_winner, length=0 if winner is None else 5)
        )
    standings = Book(records).standings(now=T0 + timedelta(days=30))
    ali, badr = standings.line("ali"), standings.line("badr")
    assert ali is not None and badr is not None
    assert (ali.figures.won, ali.figures.lost, ali.figures.drawn) == (5, 3, 1)
    assert (ali.figures.longest_streak, ali.figures.current_streak) == (3, -2)
    assert (badr.figures.longest_streak, badr.figures.current_streak) == (2, 2)
    (pair,) = standings.pairs
    assert [p.name for p in pair.people] == ["Ali", "Badr"]  # the one with more wins first
    assert pair.figures[0].current_streak == -2 and pair.figures[1].current_streak == 2


# -- players: known names, renames, merges, forgetting ------------------------------------------------------


def book_with(entries: list[tuple[int, str, str, int]]) -> Book:
    records = [
        record_of(
            f"m{i:03d}.json", {**pool_json()[base], "names": [a, b], "saved": (T0 + timedelta(hours=h)).isoformat()}
        )
        for i, (base, a, b, h) in enumerate(entries)
    ]
    return Book(sorted(records, key=lambda r: (r.ended, r.file)))


def totals(book: Book) -> tuple[Counter[str], int, int]:
    standings = book.standings(now=T0)
    total: Counter[str] = Counter()
    for line in standings.players:
        for f in FIGURES:
            total[f] += getattr(line.figures, f)
    return total, sum(p.figures[0].matches for p in standings.pairs), standings.matches


operations = st.lists(
    st.one_of(
        st.tuples(
            st.just("rename"), st.integers(0, 20), st.sampled_from(["Ali Hassan", "بدر الدين", "ALI", "Sam", "سلمى"])
        ),
        st.tuples(st.just("merge"), st.integers(0, 20), st.integers(0, 20)),
    ),
    max_size=6,
)


@settings(max_examples=40, deadline=None)
@given(files_strategy, operations)
def test_renames_and_merges_keep_every_total(entries: list[tuple[int, str, str, int]], ops: list[Any]) -> None:
    book = book_with(entries)
    before = totals(book)
    for op in ops:
        people = book.people()
        if not people:
            break
        standings = book.standings(now=T0)
        figures = {line.person.key: line.figures for line in standings.players}
        if op[0] == "rename":
            who = people[op[1] % len(people)]
            try:
                book = book.rename(who.key, op[2])
            except BookError as error:
                assert error.code == "name_taken"
                assert book.key_of(op[2]) in {p.key for p in people} - {who.key}
                continue
            renamed = book.person(op[2])
            assert renamed is not None and renamed.name == op[2].strip()
            assert book.person(who.spellings[0]) == renamed  # the old name is the renamed player's
            line = book.standings(now=T0).line(renamed.key)
            assert (line.figures if line else None) == figures.get(who.key)
        else:
            a, b = people[op[1] % len(people)], people[op[2] % len(people)]
            try:
                book = book.merge(a.key, b.key)
            except BookError as error:
                together = [r for r in book.records if {book.key_of(n) for n in r.names} == {a.key, b.key}]
                assert error.code == ("same_player" if a.key == b.key else "played_each_other")
                assert error.code == "same_player" or error.params == {"matches": len(together)} != {"matches": 0}
                continue
            one = book.person(b.key)
            assert one is not None and book.person(a.key) == one and one.name == b.name
            merged = book.standings(now=T0).line(one.key)
            parts = [figures.get(a.key), figures.get(b.key)]
            if merged is not None:
                for f in FIGURES:
                    assert getattr(merged.figures, f) == sum(getattr(p, f) for p in parts if p is not None)
        assert totals(book) == before


def test_names_are_one_player_whatever_the_case_spaces_or_short_vowels() -> None:
    assert name_key(" Ali  Hassan ") == name_key("ali hassan") == "ali hassan"
    assert name_key("عَلِيّ") == name_key("علي") == name_key("علـــي")
    assert name_key("José") != name_key("Jose")  # (two names: accents are letters)
    assert search_key("José") == search_key("jose")
    assert search_key("أحمد") == search_key("احمد") == search_key("إحمد")
    assert search_key("ليلى") == search_key("ليلي") and search_key("فاطمة") == search_key("فاطمه")
    assert search_key("Salma ٣") == search_key("salma 3")


def test_known_players_most_recent_first_filtered_as_one_types() -> None:
    records = [
        hand_record("1.json", ("Ali", "Badr"), T0, 0),
        hand_record("2.json", ("أحمد", "Badr"), T0 + timedelta(days=1), 1),
        hand_record("3.json", ("José", "ali"), T0 + timedelta(days=2), 0),
    ]
    book = Book(records)
    assert [p.name for p in book.people()] == ["José", "ali", "Badr", "أحمد"]
    assert book.person("ALI") == book.person("Ali") and book.person("ali").spellings == ("ali", "Ali")  # type: ignore[union-attr]
    assert book.person("ali").matches == 2  # type: ignore[union-attr]
    assert [p.name for p in book.people("jos")] == ["José"]
    assert [p.name for p in book.people("احم")] == ["أحمد"]
    assert [p.name for p in book.people("a")] == ["ali", "Badr"]
    assert book.people("zz") == []


def test_forgetting_a_player_keeps_the_matches_under_the_names_they_had(tmp_path: Path) -> None:
    paths = paths_in(tmp_path)
    for i, (a, b) in enumerate([("Ali", "Badr"), ("علي", "Salma"), ("Badr", "Salma")]):
        write(paths.history, 0, (a, b), T0 + timedelta(days=i), f"m{i}")
    book = open_book(paths)
    before = totals(book)
    book = book.merge("علي", "Ali").rename("Ali", "Ali Hassan")
    assert open_book(paths).person("علي").name == "Ali Hassan"  # type: ignore[union-attr]  # (kept on disk)
    book = book.forget("Ali Hassan", now=T0 + timedelta(days=5))
    assert [p.name for p in book.people()] == ["Badr", "Salma"]  # (one moment: by name)
    hidden = [p for p in book.people(include_forgotten=True) if p.forgotten]
    assert sorted(p.name for p in hidden) == ["Ali", "علي"]  # under the names they were played under
    assert totals(book) == before  # their matches stay in the book
    assert json.loads((paths.data / "players.json").read_text("utf-8"))["links"] == {}
    # Playing again brings the name back to the list.
    write(paths.history, 1, ("Ali", "Salma"), T0 + timedelta(days=6), "m9")
    assert "Ali" in [p.name for p in open_book(paths).people()]


def test_merging_two_players_who_played_each_other_is_refused(tmp_path: Path) -> None:
    book = Book([hand_record("1.json", ("Ali", "علي"), T0, 0), hand_record("2.json", ("Ali", "Badr"), T0, 1)])
    with pytest.raises(BookError) as refused:
        book.merge("علي", "Ali")
    assert (refused.value.code, refused.value.params) == ("played_each_other", {"matches": 1})
    with pytest.raises(BookError, match="name_taken"):
        book.rename("Badr", "ALI")
    with pytest.raises(BookError, match="unknown_player"):
        book.rename("Nobody", "x")
    with pytest.raises(BookError, match="bad_name"):
        book.rename("Badr", "   ")
    with pytest.raises(BookError, match="same_player"):
        book.merge("ali", "ALI")


def test_a_damaged_players_file_is_set_aside_and_the_copy_before_used(tmp_path: Path) -> None:
    paths = paths_in(tmp_path)
    write(paths.history, 0, ("Ali", "Badr"), T0, "m0")
    open_book(paths).rename("Ali", "Ali H").rename("Badr", "Badr K")
    players = paths.data / "players.json"
    players.write_text('{"format": "tawla-players", "version": 1, "links": {"a": "b", "b": "c"}}', "utf-8")
    book = open_book(paths)
    assert [p.name for p in book.people()] == ["Ali H", "Badr"]  # (the copy before the last change)
    assert list(paths.data.glob("players.json.bad-*"))


def test_a_newer_tawlas_players_file_is_left_alone(tmp_path: Path) -> None:
    paths = paths_in(tmp_path)
    write(paths.history, 0, ("Ali", "Badr"), T0, "m0")
    newer = '{"format": "tawla-players", "version": 2, "people": []}'
    (paths.data / "players.json").write_text(newer, "utf-8")
    book = open_book(paths)
    assert [p.name for p in book.people()] == ["Ali", "Badr"]
    with pytest.raises(BookError, match="newer_version"):
        book.rename("Ali", "Ali H")
    assert (paths.data / "players.json").read_text("utf-8") == newer
    assert not list(paths.data.glob("players.json.bad-*"))


def test_two_processes_renaming_at_once_both_count(tmp_path: Path) -> None:
    paths = paths_in(tmp_path)
    names = [f"P{i}" for i in range(12)]
    for i in range(0, 12, 2):
        write(paths.history, 0, (names[i], names[i + 1]), T0 + timedelta(hours=i), f"m{i}")
    script = textwrap.dedent(
        """
        import sys
        from pathlib import Path
        from tawla.store.book import open_book
        from tawla.store.files import Paths
        home = Path(sys.argv[1])
        for name in sys.argv[2:]:
            open_book(Paths(home / "config", home / "data"), index=False).rename(name, name + " renamed")
        """
    )
    workers = [
        subprocess.Popen([sys.executable, "-c", script, str(tmp_path), *names[k::2]], cwd=Path(__file__).parent.parent)
        for k in (0, 1)
    ]
    assert [w.wait(timeout=120) for w in workers] == [0, 0]
    assert sorted(p.name for p in open_book(paths).people()) == sorted(f"{n} renamed" for n in names)


# -- the index --------------------------------------------------------------------------------------------


@pytest.fixture
def history(tmp_path: Path) -> Paths:
    """A data folder with eight matches."""
    paths = paths_in(tmp_path)
    for i in range(8):
        write(paths.history, i, (NAMES[i % 4 * 2], NAMES[(i % 3) * 2 + 2]), T0 + timedelta(hours=i), f"m{i}")
    return paths


def fresh(paths: Paths) -> Index:
    return Index(paths.data, paths.history)


def test_the_index_is_built_once_then_read(history: Paths) -> None:
    first = fresh(history)
    assert first.records() == recount(history.history)
    assert first.read_files == 8
    second = fresh(history)
    assert second.records() == recount(history.history)
    assert (second.read_files, second.rebuilt) == (0, 0)


def test_a_stale_index_follows_files_added_changed_and_removed_behind_its_back(history: Paths) -> None:
    fresh(history).records()
    write(history.history, 9, ("Nour", "Omar"), T0 + timedelta(days=3), "added")
    index = fresh(history)
    assert index.records() == recount(history.history) and index.read_files == 1
    assert "Nour" in {n for r in index.records() for n in r.names}
    write(history.history, 10, ("Nour", "Omar"), T0 + timedelta(days=4), "m3")  # another match in the same file
    os.utime(history.history / "m3.json", ns=(1, 1))  # (even with an old time: the size or time differs)
    (history.history / "m5.json").unlink()
    index = fresh(history)
    assert index.records() == recount(history.history)
    assert index.read_files == 1 and len(index.records()) == 8


def _truncate_half(path: Path) -> None:
    with open(path, "r+b") as f:
        f.truncate(path.stat().st_size // 2)


def _execute(sql: str) -> Any:
    def damage(path: Path) -> None:
        con = sqlite3.connect(path)
        con.executescript(sql)
        con.close()

    return damage


DAMAGE = {
    "deleted": lambda p: p.unlink(),
    "empty": lambda p: p.write_bytes(b""),
    "truncated": _truncate_half,
    "garbage": lambda p: p.write_bytes(bytes(random.Random(1).randrange(256) for _ in range(9000))),
    "text": lambda p: p.write_text("not a database\n"),
    "older schema": _execute("PRAGMA user_version = 0"),
    "newer schema": _execute("PRAGMA user_version = 99"),
    "another program's": _execute("PRAGMA application_id = 1"),
    "a column less": _execute("ALTER TABLE matches DROP COLUMN gammons0"),
    "no table": _execute("DROP TABLE matches"),
    "a value changed": _execute("UPDATE matches SET points0 = points0 + 1"),
    "a row lost": _execute("DELETE FROM matches WHERE file = 'm2.json'"),
    "a row more": _execute(
        "INSERT INTO matches SELECT 'ghost.json', " + ", ".join(COLUMNS[1:]) + " FROM matches LIMIT 1"
    ),
    "its checksum lost": lambda p: p.with_name(p.name + ".sum").unlink(),
    "its checksum wrong": lambda p: p.with_name(p.name + ".sum").write_text("00000000 0\n"),
    "a hot journal": lambda p: (p.with_name(p.name + "-journal")).write_bytes(b"\xd9\xd5\x05\xf9\x20\xa1\x63\xd7" * 64),
}


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_damaged_index_is_rebuilt_and_the_book_is_right(history: Paths, damage: str) -> None:
    expected = recount(history.history)
    fresh(history).records()
    DAMAGE[damage](history.data / "book.sqlite")
    assert fresh(history).records() == expected
    after = fresh(history)
    assert after.records() == expected and (after.read_files, after.rebuilt) == (0, 0)  # sound again


def test_any_byte_of_the_index_damaged_the_book_is_right(history: Paths) -> None:
    expected = recount(history.history)
    fresh(history).records()
    index_file = history.data / "book.sqlite"
    good = index_file.read_bytes()
    rng = random.Random(14)
    for offset in [*sorted(rng.sample(range(len(good)), 40)), 0, 20, 60, 100]:  # (and the header's fields)
        bad = bytearray(good)
        bad[offset] ^= 1 << rng.randrange(8)
        index_file.write_bytes(bytes(bad))
        assert fresh(history).records() == expected, offset


def test_an_index_that_cannot_be_written_is_counted_without(history: Paths) -> None:
    (history.data / "book.sqlite").mkdir(parents=True)  # (not a file: nothing can open or remove it)
    index = fresh(history)
    assert index.records() == recount(history.history) and index.read_files == 8


def test_no_history_makes_no_index(tmp_path: Path) -> None:
    paths = paths_in(tmp_path)
    assert open_book(paths).records == () and not paths.data.exists()


_ADDER = textwrap.dedent(
    """
    import json, sys
    from pathlib import Path
    from tawla.store.files import atomic_write
    from tawla.store.index import Index
    data, tag, rounds = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    template = json.loads(Path(sys.argv[4]).read_text("utf-8"))
    for i in range(rounds):
        ident = f"{tag}-{i:03d}"
        match = dict(template, id=ident, names=[tag, f"{tag}{i % 3}"], saved=f"2026-11-0{1 + i % 9}T10:00:00+00:00")
        atomic_write(data / "history" / f"{ident}.json", json.dumps(match), keep_previous=False)
        Index(data).records()
    """
)


def test_two_processes_adding_matches_at_once_leave_a_sound_index(history: Paths, tmp_path: Path) -> None:
    template = tmp_path / "template.json"
    template.write_text(json.dumps(pool_json()[1]), "utf-8")
    workers = [
        subprocess.Popen(
            [sys.executable, "-c", _ADDER, str(history.data), tag, "12", str(template)],
            cwd=Path(__file__).parent.parent,
        )
        for tag in ("left", "right")
    ]
    assert [w.wait(timeout=300) for w in workers] == [0, 0]
    con = sqlite3.connect(history.data / "book.sqlite")
    assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    con.close()
    index = fresh(history)
    assert index.records() == recount(history.history)
    assert (index.read_files, index.rebuilt) == (0, 0) and len(index.records()) == 8 + 24


_KILLED = textwrap.dedent(
    """
    import os, sys, time
    from pathlib import Path
    from tawla.store import index, records
    index.BATCH = 3  # (eight files: batches of 3, 3 and 2)
    data, moment = Path(sys.argv[1]), sys.argv[2]
    read = seals = 0
    armed = False

    def stop():
        print("stuck", flush=True)
        time.sleep(600)

    def reading(path):
        global read, armed
        read += 1
        if moment == "reading" and read == 7:  # two batches written, the third being read
            stop()
        armed = moment == "writing" and read == 8
        return records.read_record(path)

    def progress():  # (inside SQLite, once the third batch's first page is in the journal)
        journal = data / "book.sqlite-journal"
        if armed and journal.exists() and journal.stat().st_size > 0:
            stop()
        return 0

    opened = index._open
    def _open(path):
        con = opened(path)
        con.set_progress_handler(progress, 1)
        return con
    index._open = _open

    sealed = index.Index._seal
    def _seal(self):
        global seals
        seals += 1
        if moment == "sealing" and seals == 4:  # (made, two batches, the third committed)
            stop()
        sealed(self)
    index.Index._seal = _seal

    index.Index(data, read=reading).records()
    """
)


@pytest.mark.parametrize(
    ("moment", "read", "rebuilt"),
    [
        ("reading", 8 - 6, 0),  # the two batches it committed are kept
        ("writing", 8 - 6, 0),  # the third is rolled back from the journal, byte for byte
        ("sealing", 8, 1),  # committed but its checksum not written: built again
    ],
)
def test_a_tawla_killed_while_building_the_index_leaves_it_sound(
    history: Paths, moment: str, read: int, rebuilt: int
) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", _KILLED, str(history.data), moment],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).parent.parent,
    )
    assert child.stdout is not None and child.stdout.readline() == "stuck\n"
    hot = (history.data / "book.sqlite-journal").exists()
    child.kill()
    child.wait(timeout=60)
    child.stdout.close()
    assert hot == (moment == "writing")
    index = fresh(history)
    assert index.records() == recount(history.history)
    assert (index.read_files, index.rebuilt) == (read, rebuilt)


def test_a_file_that_is_no_match_is_left_out_and_read_again_until_it_is_one(history: Paths) -> None:
    good = (history.history / "m1.json").read_bytes()
    junk = history.history / "junk.json"
    junk.write_bytes(b"x" * len(good))
    os.utime(junk, ns=(1, 1))
    (history.history / "other.json").write_text('{"format": "something else"}', "utf-8")
    first = fresh(history)
    assert first.records() == recount(history.history) and len(first.records()) == 8
    second = fresh(history)
    second.records()
    assert second.read_files == 2  # (only those two: a file may become readable without a new time)
    junk.write_bytes(good)
    os.utime(junk, ns=(1, 1))  # (the same size and time as when it was garbage)
    assert len(fresh(history).records()) == 9


def test_a_file_the_fold_on_trust_cannot_vouch_for_is_read_in_full(history: Paths) -> None:
    """A file whose check block does not name the state its events reach (edited by hand) is
    loaded in full, and refused like any file that does not load."""
    path = history.history / "m0.json"
    data = json.loads(path.read_text("utf-8"))
    data["check"]["match_id"] = "cAkAAAAAAAAA"
    path.write_text(json.dumps(data), "utf-8")
    assert read_record(path) is None
    del data["check"]
    data["version"] = 1
    assert record_of("m0.json", {**data, "events": [_v1(e) for e in data["events"]]}).games == pool_counts()[0].games


def _v1(event: list[Any]) -> dict[str, Any]:
    tag = event[0]
    if tag == "open":
        return {"kind": "opening", "die0": event[1], "die1": event[2]}
    if tag == "roll":
        return {"kind": "roll", "dice": event[1:]}
    if tag == "step":
        return {"kind": "step", "source": event[1], "die": event[2]}
    if tag == "resign":
        return {"kind": "resign", "level": event[1]}
    return {"kind": {"end": "end_turn", "next": "next_game"}.get(tag, tag)}


# -- tawla book -------------------------------------------------------------------------------------------


def cli_records() -> list[Record]:
    """Three players, four matches and a money session, every figure chosen."""
    return [
        hand_record(
            "1.json", ("Ali", "سلمى"), T0, 0, points=(5, 3), games=(3, 2), gammons=(1, 0), cube=((2, 1, 0), (1, 1, 1))
        ),
        hand_record(
            "2.json", ("سلمى", "Ali"), T0 + timedelta(days=1), 0, points=(7, 6), games=(4, 3), backgammons=(1, 0)
        ),
        hand_record("3.json", ("Ali", "Badr"), T0 + timedelta(days=2), 1, points=(1, 3), games=(2, 1)),
        hand_record("4.json", ("Badr", "Ali"), T0 + timedelta(days=3), None, length=0, points=(4, 4), games=(2, 2)),
        hand_record("5.json", ("Ali", "سلمى"), T0 + timedelta(days=4), 0, points=(5, 0), games=(5, 0), gammons=(2, 0)),
    ]


TABLES = Path(__file__).parent / "book_tables"
"""The exact output of ``tawla book`` for :func:`cli_records`, in English and in Arabic (in
logical order, each line opened and each cell closed by a right-to-left mark, U+200F)."""
"""Checked by hand: Ali won 1 and 5, lost 2 and 3, drew the money session 4 (the last a win: a
streak of 1); games 3+3+1+2+5 won, 2+4+2+2+0 lost; points 5+6+1+4+5 for, 3+7+3+4+0 against;
Salma's backgammon in 2; the cube figures of 1. Ali and Salma last played on the same day: by name."""

M = "\u200f"


def run_book(lang: str, **options: Any) -> str:
    from tawla.cli import book as cli_book

    out = io.StringIO()
    assert cli_book.run(Book(cli_records()), lang, out, now=T0 + timedelta(days=10), zone=UTC, **options) == 0
    return out.getvalue()


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_table_in_both_languages(lang: str) -> None:
    assert run_book(lang) == (TABLES / f"table-{lang}.txt").read_text("utf-8")


def test_the_arabic_table_is_the_english_one_right_to_left() -> None:
    """The same cells in the same logical order: a terminal that lays out Arabic shows it mirrored."""
    english = [line.split() for line in run_book("en").splitlines()]
    arabic = [line.replace(M, " ").split() for line in run_book("ar").splitlines()]
    assert all(line.startswith(M) or not line for line in run_book("ar").splitlines())
    for row, cells in ((4, 9), (5, 9), (6, 9), (10, 10), (11, 10)):  # (the name(s) and the figures)
        assert arabic[row][:cells] == english[row][:cells] and arabic[row][-1] == english[row][-1]


def test_the_table_of_a_period_and_of_the_rules() -> None:
    text = run_book("en", period=Period.MONTH, play=Play.MONEY)  # (the moment: Thursday 12 November)
    assert text.splitlines()[0] == "The players' book · this month · money play · 1 match"
    assert text.splitlines()[4].split() == [
        "Ali",
        "1",
        "0–0",
        "2–2",
        "4–4",
        "0–0",
        "0–0",
        "0–0–0",
        "0",
        "–",  # (no match analysed: no error rate)
        "–",  # (no roll: no luck)
        "–",
        "2026-11-05",
    ]
    text = run_book("ar", period=Period.MONTH, play=Play.MATCH)
    assert text.splitlines()[0] == f"{M}دفتر اللاعبين · هذا الشهر · المباريات · 4 مباريات"
    empty = run_book("ar", period=Period.WEEK, play=Play.MATCH).splitlines()
    assert empty == [f"{M}دفتر اللاعبين · هذا الأسبوع · المباريات · لا مباريات", f"{M}لا توجد هنا مباراة تُحسب بعد."]


def test_the_csv_every_figure_in_its_column() -> None:
    rows = list(csv.reader(io.StringIO(run_book("en", as_csv=True))))
    assert rows[0][:6] == ["Player", "Opponent", "Matches", "Won", "Lost", "Drawn"]
    assert rows[0][-2:] == ["Current streak (wins > 0, losses < 0)", "Last played"]
    assert rows[1:4] == [
        next(csv.reader(["Ali,,5,2,2,1,24,14,10,21,17,3,0,0,1,2,1,0,1,1,2026-11-06"])),
        next(csv.reader(["سلمى,,3,1,2,0,17,6,11,10,16,0,3,1,0,1,1,1,1,-1,2026-11-06"])),
        next(csv.reader(["Badr,,2,1,0,1,7,4,3,7,5,0,0,0,0,0,0,0,1,0,2026-11-05"])),
    ]
    assert rows[4][:2] == ["Ali", "سلمى"] and rows[5][:2] == ["سلمى", "Ali"]  # every pair from both sides
    assert len(rows) == 1 + 3 + 2 * 2
    arabic = run_book("ar", as_csv=True)
    assert arabic.splitlines()[0].split(",")[:3] == ["اللاعب", "الخصم", "المباريات"]
    assert arabic.splitlines()[1:] == run_book("en", as_csv=True).splitlines()[1:]  # (the same digits)
    assert "\u200f" not in arabic and arabic.endswith("\r\n")


def test_tawla_book_on_a_real_data_folder(tmp_path: Path) -> None:
    """The installed command over history files of scripted matches: figures known in advance."""
    paths = paths_in(tmp_path)
    matches: list[tuple[tuple[str, str], list[tuple[Any, ...]], int]] = [
        (("Ali", "Badr"), [("resign", 1, 2), ("take", 0, 1), ("resign", 1, 1)], 5),  # Ali 2 + 2 + 1: 5–0
        (("Badr", "Ali"), [("drop", 0), ("resign", 0, 3)], 3),  # Ali 1, then 3: 4–0
        (("Badr", "سلمى"), [("resign", 1, 1)], 0),  # money: Badr 1–0
    ]
    for i, (names, games, length) in enumerate(matches):
        match = scripted(names, games, length)
        data = saves.to_json(saves.SavedMatch(match, f"m{i}", "2026-11-02T10:00:00+00:00"))
        data["saved"] = f"2026-11-0{2 + i}T11:00:00+00:00"
        atomic_write(paths.history / f"m{i}.json", json.dumps(data, ensure_ascii=False), keep_previous=False)
    env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC", "TAWLA_HOME": str(tmp_path)}
    command = [str(Path(sys.executable).with_name("tawla"))]
    if not Path(command[0]).exists():
        command = [sys.executable, "-m", "tawla"]

    def tawla(*args: str) -> str:
        done = subprocess.run([*command, *args], capture_output=True, text=True, env=env, timeout=120)
        assert done.returncode == 0 and done.stderr == ""
        return done.stdout

    english = tawla("book").splitlines()
    assert english[0] == "The players' book · all time · matches and money play · 3 matches"
    # Badr lost both matches to Ali (5–0 with a gammon and a take of Badr's double; 4–0 with a
    # drop and a backgammon), then won a money game from Salma (the last played: first).
    assert english[4].split() == [
        "Badr",
        "3",
        "1–2",
        "1–5",
        "1–9",
        "0–1",
        "0–1",
        "1–0–1",
        "1",
        "–",  # (no match analysed: no error rate)
        "3.00",  # (the luck: Badr's one roll, 2-1, 3 pips, against 8.17 on average)
        "1",
        "win",
        "2026-11-04",
    ]
    assert english[5].split() == [
        "سلمى",
        "1",
        "0–1",
        "0–1",
        "0–1",
        "0–0",
        "0–0",
        "0–0–0",
        "0",
        "–",
        "–",  # (Salma never rolled)
        "1",
        "loss",
        "2026-11-04",
    ]
    assert english[6].split() == [
        "Ali",
        "2",
        "2–0",
        "5–0",
        "9–0",
        "1–0",
        "1–0",
        "1–1–0",
        "2",
        "–",
        "–",  # (nor did Ali: every game ended before a roll)
        "2",
        "wins",
        "2026-11-03",
    ]
    assert tawla("book", "--rules", "money", "--lang", "ar").splitlines()[0] == (
        f"{M}دفتر اللاعبين · منذ البداية · الجولات الحرّة · مباراة واحدة"
    )
    rows = tawla("book", "--csv", "--period", "all").splitlines()
    assert rows[3] == "Ali,,2,2,0,0,5,5,0,9,0,1,0,1,0,1,1,0,2,2,2026-11-03"
    assert (tmp_path / "data" / "book.sqlite").exists()
