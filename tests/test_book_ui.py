"""The players' book in the game (#14), through Pilot: New match offers the known players, the
book opens from the menu, the palette and the match-over card, its filters show exactly the
figures of :meth:`Book.standings`, players are renamed, merged and taken off the list with a
confirmation, and how a game went is drawn right to left in Arabic.

The history is written with matches played by script (tests/test_book.py's ``scripted``: a
game of two or three actions, every figure known), at fixed dates; the periods are counted
from a fixed moment wherever a test says which matches a period holds.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from textual.command import CommandList, CommandPalette
from textual.pilot import Pilot
from textual.widgets import DataTable, Input, OptionList, Static

from tawla.engine import Position
from tawla.game import Match, Phase, RuleSet, ScriptedDice
from tawla.game.state import MatchState
from tawla.i18n import tr, tr_n
from tawla.i18n.bidi import visual
from tawla.store import saves
from tawla.store.book import Games, Period, Play, open_book
from tawla.store.files import Paths, atomic_write
from tawla.store.settings import Settings
from tawla.ui.app import TawlaApp
from tawla.ui.screens.book import GAMES as GAME_KEYS
from tawla.ui.screens.book import PERIODS, PLAYS, BookScreen, PlayerPicker
from tawla.ui.screens.book_figures import FiguresScreen
from tawla.ui.screens.dialogs import ConfirmScreen, LineScreen, ResultScreen
from tawla.ui.screens.menu import MenuScreen
from tawla.ui.screens.new_match import NewMatchScreen
from tawla.ui.screens.story import PipLine, StoryScreen

from .helpers.burst import burst
from .helpers.waiting import eventually, screen_is, settle, shows, stack, wait_until, workers_done
from .test_book import scripted

NOW = datetime(2026, 11, 18, 12, 0, tzinfo=UTC)
"""A Wednesday: the week began on Monday the 16th, the month on the 1st."""

GAMES = {
    # who wins a 1-point match: the other player wins the opening roll and resigns at once
    0: [("resign", 1, 1)],
    1: [("resign", 0, 1)],
}


def archive(paths: Paths, names: tuple[str, str], winner: int, ended: datetime, ident: str, length: int = 1) -> None:
    games = GAMES[winner] if length else [("drop", 1 - winner)]  # (money: the loser passes a double)
    match = scripted(names, games, length)
    data = saves.to_json(saves.SavedMatch(match, ident, ""))
    data.update(started=(ended - timedelta(minutes=20)).isoformat(), saved=ended.isoformat())
    atomic_write(paths.history / f"{ident}.json", json.dumps(data, ensure_ascii=False), keep_previous=False)


def history(folder: Path) -> Paths:
    """Ali and Badr (long ago, this month, this week), Salma and Badr (this month), money play
    between علي and سلمى (this week, the last played)."""
    paths = Paths(folder / "config", folder / "data")
    archive(paths, ("Ali", "Badr"), 0, NOW - timedelta(days=60), "m1")
    archive(paths, ("Ali", "Badr"), 1, NOW - timedelta(days=10), "m2")
    archive(paths, ("Salma", "Badr"), 0, NOW - timedelta(days=9), "m3")
    archive(paths, ("Badr", "Ali"), 0, NOW - timedelta(days=1), "m4")
    archive(paths, ("علي", "سلمى"), 0, NOW - timedelta(hours=2), "m5", length=0)
    return paths


def app_with(paths: Paths | None, lang: str = "en") -> TawlaApp:
    return TawlaApp(lang=lang, settings=Settings(bidi_checked=True), paths=paths)


def book_drawn(screen: BookScreen) -> bool:
    """The book is read (in its thread) and drawn: its rows in the table, no "loading"; an
    Arabic table scrolled to its right end, where the names are (once it is laid out)."""
    if screen.book is None or screen.standings is None or not screen.query("#table"):
        return False
    table = screen.query_one("#table", DataTable)
    if not table.display or not screen.rows or table.row_count != len(screen.rows):
        return False
    if screen.query_one("#message", Static).display:
        return False
    return not screen.rtl or (table.virtual_size.width > 0 and table.scroll_x == table.max_scroll_x)


async def book_shown(pilot: Pilot[object]) -> BookScreen:
    """Wait for the book screen on top, built, its book read and drawn (:func:`book_drawn`)."""
    screen = await screen_is(pilot, BookScreen)
    await wait_until(pilot, lambda: book_drawn(screen), "the book read and its rows drawn")
    return screen


async def new_match_read(pilot: Pilot[object]) -> NewMatchScreen:
    """Wait for the new-match screen on top, built, with the players' book read (in a thread)."""
    screen = await screen_is(pilot, NewMatchScreen)
    await wait_until(pilot, lambda: screen.book is not None, "the new-match screen read the book")
    return screen


async def rebuilt(pilot: Pilot[object], selector: str, rtl: bool) -> None:
    """Press F2 and wait until the screen on top is built again in the other language: a new
    ``selector`` (its widget that Enter acts on), with the focus, the screen mirrored or not."""
    app = pilot.app
    screen = app.screen
    old = screen.query_one(selector)
    await pilot.press("f2")

    def there() -> bool:
        found = screen.query(selector)
        if not found or found.first() is old or screen.focused is not found.first():
            return False
        if isinstance(screen, BookScreen) and not book_drawn(screen):
            return False
        return screen.has_class("-rtl") == rtl and screen.rtl == rtl

    direction = "right to left" if rtl else "left to right"
    await wait_until(pilot, there, f"{type(screen).__name__} built again after F2, {direction}")


def _equal(seen: object, wanted: object) -> None:
    """An assertion for :func:`eventually` in a lambda."""
    assert seen == wanted


def next_in(cycle: tuple[object, ...], now: object) -> object:
    """What P, R or G turns ``now`` into."""
    return cycle[(cycle.index(now) + 1) % len(cycle)]


def table_rows(screen: BookScreen) -> list[list[str]]:
    """The book's table as drawn, in logical column order (the player first; its cells as the
    terminal gets them: an Arabic name shaped, in visual order, as :func:`shown` gives it)."""
    table = screen.query_one("#table", DataTable)
    rows = [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]
    return [row[::-1] for row in rows] if screen.rtl else rows


def shown(name: str, rtl: bool = False) -> str:
    """A name as a one-line cell draws it."""
    return visual(name, rtl=rtl)


# -- New match -------------------------------------------------------------------------------------


async def test_new_match_offers_the_known_players_the_last_to_play_first(tmp_path: Path) -> None:
    paths = history(tmp_path)
    book = open_book(paths)
    app = app_with(paths)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("n")
        screen = await new_match_read(pilot)
        known = screen.query_one("#known0", OptionList)
        assert not known.display  # (closed until asked for or typed into)
        await pilot.press("down")
        await wait_until(pilot, lambda: known.display, "Down opened the list of known players")
        assert [p.name for p in screen.offered[0]] == [p.name for p in book.people()]
        # the last to play first (those of one match by name): the money session, then m4, then m3
        assert [p.name for p in screen.offered[0]] == ["سلمى", "علي", "Ali", "Badr", "Salma"]
        await shows(pilot, *(visual(person.name, rtl=False) for person in book.people()))
        await pilot.press("escape")  # closes the list, stays
        await wait_until(pilot, lambda: not known.display, "Esc closed the list")
        assert app.screen is screen
        await pilot.press(*"al")  # Ali, Salma (Latin, any case)

        def offered_al() -> None:
            assert screen.query_one("#name0", Input).value == "al"
            assert known.display
            assert [p.name for p in screen.offered[0]] == [p.name for p in book.people("al")] == ["Ali", "Salma"]

        await eventually(pilot, offered_al)
        await pilot.press("down", "enter")

        def picked() -> None:
            assert screen.query_one("#name0", Input).value == "Ali" and not known.display
            assert screen.focused is screen.query_one("#name1", Input)

        await eventually(pilot, picked)
        await pilot.press("ع")  # Arabic: علي (and not Ali, who is in the other field)
        await eventually(pilot, lambda: _equal([p.name for p in screen.offered[1]], ["علي"]))
        await pilot.press("backspace", *"Zed")  # a new name: nobody offered, and it plays

        def new_name() -> None:
            assert screen.query_one("#name1", Input).value == "Zed"
            assert not screen.query_one("#known1", OptionList).display

        await eventually(pilot, new_name)
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: app.playing is not None, "Ctrl+S started the match")
        assert app.playing is not None and app.playing.names == ("Ali", "Zed")  # type: ignore[attr-defined]


async def test_the_other_fields_name_is_not_offered_and_arabic_names_filter_ignoring_short_vowels(
    tmp_path: Path,
) -> None:
    paths = history(tmp_path)
    app = app_with(paths, "ar")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("n")
        screen = await new_match_read(pilot)
        await pilot.press(*"سَل")  # a short vowel typed: سلمى still found
        await eventually(pilot, lambda: _equal([p.name for p in screen.offered[0]], ["سلمى"]))
        await pilot.press("down", "enter")

        def picked() -> None:
            assert screen.query_one("#name0", Input).value == "سلمى"
            assert screen.focused is screen.query_one("#name1", Input)  # (Down is then for its list)

        await eventually(pilot, picked)
        await pilot.press("down")
        await wait_until(pilot, lambda: bool(screen.offered[1]), "Down offered the known players in the other field")
        assert "سلمى" not in [p.name for p in screen.offered[1]] and screen.offered[1]


# -- the book screen -----------------------------------------------------------------------------------


async def test_the_book_opens_from_the_menu_and_the_palette(tmp_path: Path) -> None:
    paths = history(tmp_path)
    app = app_with(paths)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("p")
        await book_shown(pilot)
        await shows(pilot, "Ali", tr("en", "book.players"))
        await pilot.press("escape")
        await screen_is(pilot, MenuScreen)
        await pilot.press("ctrl+p")
        palette = await screen_is(pilot, CommandPalette)
        search = palette.query_one(Input)
        await wait_until(pilot, lambda: palette.focused is search, "the palette's search field has the focus")
        await pilot.press(*"players' book")
        commands = palette.query_one(CommandList)
        await wait_until(pilot, lambda: search.value == "players' book", lambda: f"the palette has {search.value!r}")
        await workers_done(pilot)  # (the palette searches in a worker of its own: for the whole text)
        await wait_until(pilot, lambda: commands.option_count > 0, "the palette's search found the book")
        await pilot.press("enter")
        await book_shown(pilot)


async def test_the_arabic_menu_opens_the_book_with_the_arabic_layouts_key(tmp_path: Path) -> None:
    app = app_with(history(tmp_path), "ar")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("ح")  # P on the Arabic layout
        await book_shown(pilot)
        await shows(pilot, visual(tr("ar", "book.players"), rtl=True))


async def test_the_filters_show_exactly_the_figures_of_the_standings(tmp_path: Path) -> None:
    paths = history(tmp_path)
    book = open_book(paths)
    app = app_with(paths)
    async with app.run_test(size=(160, 40)) as pilot:
        await app.push_screen(BookScreen(app.read_book, now=NOW))
        screen = await book_shown(pilot)
        seen = set()

        async def press(key: str, done: Callable[[], bool], what: str) -> None:
            await pilot.press(key)
            await wait_until(pilot, done, what)  # (the table is drawn again by the same action)

        for _ in range(3):
            for _ in range(3):
                standings = book.standings(screen.period, screen.play, NOW)
                rows = table_rows(screen)
                assert [row[0] for row in rows] == [shown(line.person.name) for line in standings.players]
                for row, line in zip(rows, standings.players, strict=True):
                    f = line.figures
                    assert row[1:5] == [
                        str(f.matches),
                        f"{f.won}–{f.lost}",
                        f"{f.games_won}–{f.games_lost}",
                        f"{f.points_won}–{f.points_lost}",
                    ]
                    assert row[7] == f"{f.doubles_offered}–{f.doubles_taken}–{f.doubles_dropped}"
                title = tr("en", f"book.period.{screen.period.value}")
                assert title in str(screen.query_one("#title", Static).render())
                seen.add((screen.period, screen.play, len(rows)))
                play = next_in(PLAYS, screen.play)
                await press("r", lambda play=play: screen.play is play, f"R: {play}")
            period = next_in(PERIODS, screen.period)
            await press("p", lambda period=period: screen.period is period, f"P: {period}")
        assert {(p, q) for p, q, _ in seen} == {(p, q) for p in Period for q in Play}
        counts = {(p, q): n for p, q, n in seen}
        assert counts[(Period.ALL, Play.ANY)] == 5  # Ali, Badr, Salma, علي, سلمى
        assert counts[(Period.WEEK, Play.MATCH)] == 2  # Badr and Ali on the 17th
        assert counts[(Period.WEEK, Play.MONEY)] == 2  # علي and سلمى
        assert counts[(Period.MONTH, Play.MATCH)] == 3  # Ali, Badr, Salma
        await press("tab", lambda: screen.view == "pairs", "Tab: head to head")
        standings = book.standings(screen.period, screen.play, NOW)
        pairs = [[shown(p.people[0].name), shown(p.people[1].name)] for p in standings.pairs]
        assert [row[:2] for row in table_rows(screen)] == pairs
        assert table_rows(screen)[0][3] == "{0.won}–{0.lost}".format(standings.pairs[0].figures[0])


async def test_a_pair_shows_its_figures_and_matches_and_a_match_how_it_went(tmp_path: Path) -> None:
    paths = history(tmp_path)
    app = app_with(paths)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(BookScreen(app.read_book, now=NOW))
        screen = await book_shown(pilot)
        await pilot.press("tab")
        await wait_until(pilot, lambda: screen.view == "pairs", "Tab: head to head")
        rows = table_rows(screen)
        at = next(i for i, row in enumerate(rows) if {row[0], row[1]} == {"Ali", "Badr"})
        screen.query_one("#table", DataTable).move_cursor(row=at)
        await pilot.press("enter")
        figures = await screen_is(pilot, FiguresScreen)
        assert [r.file for r in figures.matches] == ["m4.json", "m2.json", "m1.json"]  # the last first
        await shows(pilot, "2–1", "1–2")  # Badr won 2 of 3, Ali 1
        await pilot.press("enter")  # the last match: how it went
        story = await screen_is(pilot, StoryScreen)
        assert story.match.names == ("Badr", "Ali")


async def test_renaming_merging_and_taking_off_the_list_each_ask_first(tmp_path: Path) -> None:
    paths = history(tmp_path)
    app = app_with(paths)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(BookScreen(app.read_book, now=NOW))
        screen = await book_shown(pilot)
        table = screen.query_one("#table", DataTable)

        def cursor_on(name: str) -> None:
            rows = table_rows(screen)
            table.move_cursor(row=[row[0] for row in rows].index(name))

        async def back_on_the_book(what: str) -> None:
            """The dialogs closed and what their answer set going (a worker's change) done."""
            await wait_until(pilot, lambda: app.screen is screen, what)
            await workers_done(pilot)

        # rename: the new name everywhere, the old one gone
        cursor_on("Salma")
        await pilot.press("e")
        await screen_is(pilot, LineScreen)
        await pilot.press(*"Salma Hassan", "enter")  # (the old name is selected: typing replaces it)
        await back_on_the_book("the rename dialog closed")
        assert "Salma Hassan" in [row[0] for row in table_rows(screen)]
        assert open_book(paths).person("Salma") == open_book(paths).person("Salma Hassan")
        assert open_book(paths).person("Salma").name == "Salma Hassan"  # type: ignore[union-attr]

        # merge: a question, and "no" changes nothing
        cursor_on("Ali")
        await pilot.press("m")
        picker = await screen_is(pilot, PlayerPicker)  # (pushed by the merge's worker)
        into = next(i for i, p in enumerate(picker.people) if p.name == "علي")
        picker.query_one(OptionList).highlighted = into
        await pilot.press("enter")
        await screen_is(pilot, ConfirmScreen)
        await pilot.press("n")
        await back_on_the_book("no: the question closed")
        assert open_book(paths).key_of("Ali") != open_book(paths).key_of("علي")
        # … and "yes" makes them one: Ali's matches are علي's
        before = open_book(paths).standings(now=NOW)
        await pilot.press("m")
        picker = await screen_is(pilot, PlayerPicker)
        picker.query_one(OptionList).highlighted = next(i for i, p in enumerate(picker.people) if p.name == "علي")
        await pilot.press("enter")
        await screen_is(pilot, ConfirmScreen)
        await pilot.press("y")
        await back_on_the_book("yes: the question closed, the players merged")
        after = open_book(paths).standings(now=NOW)
        assert open_book(paths).key_of("Ali") == open_book(paths).key_of("علي")
        one = after.line(open_book(paths).key_of("علي"))
        assert one is not None and one.person.name == "علي" and one.figures.matches == 4
        assert after.matches == before.matches
        names = [row[0] for row in table_rows(screen)]
        assert "Ali" not in names and shown("علي") in names

        # take off the list: asked, then gone from New match, the matches kept
        cursor_on("Badr")
        await pilot.press("d")
        await screen_is(pilot, ConfirmScreen)  # (pushed by the worker: a key before it would be lost)
        await pilot.press("escape")
        await back_on_the_book("Esc: the question closed")
        assert "Badr" in [p.name for p in open_book(paths).people()]
        await pilot.press("d")
        await screen_is(pilot, ConfirmScreen)
        await pilot.press("y")
        await back_on_the_book("yes: the question closed, Badr taken off the list")
        book = open_book(paths)
        assert "Badr" not in [p.name for p in book.people()]
        assert book.standings(now=NOW).matches == after.matches
        assert tr("en", "bookscreen.forgotten", name="Badr") in [row[0] for row in table_rows(screen)]


async def test_a_refused_rename_says_why_in_the_dialog(tmp_path: Path) -> None:
    paths = history(tmp_path)
    app = app_with(paths)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(BookScreen(app.read_book, now=NOW))
        screen = await book_shown(pilot)
        table = screen.query_one("#table", DataTable)
        table.move_cursor(row=[row[0] for row in table_rows(screen)].index("Ali"))
        await pilot.press("e")
        # (the letters wait for the dialog: in one burst with E they are lost today, and Enter
        # keeps the old name; a busy machine can make a burst of Pilot's keys)
        dialog = await screen_is(pilot, LineScreen)
        await pilot.press(*"badr", "enter")  # another player's name

        def problem() -> str:
            return str(dialog.query_one("#problem", Static).render())

        await wait_until(pilot, problem, "the dialog says why (Enter refused)")
        assert app.screen is dialog
        assert problem() == tr("en", "book.error.name_taken", name="badr")
        assert open_book(paths).person("Ali").name == "Ali"  # type: ignore[union-attr]


# -- the match-over card -------------------------------------------------------------------------------


def last_step_match(names: tuple[str, str]) -> Match:
    """A 1-point match one step from its end (the player on roll bears off the last checker)."""
    start = MatchState(rules=RuleSet(match_length=1), phase=Phase.TURN, board=Position.from_counts({1: 1}, {6: 15}))
    return Match(names=names, dice=ScriptedDice([(2, 1)]), start=start)


async def test_the_match_over_card_says_the_book_for_the_two_and_opens_it(tmp_path: Path) -> None:
    paths = history(tmp_path)
    before = open_book(paths).between("Ali", "Badr", Period.MONTH)
    won, lost = (0, 0) if before is None else (before.figures[0].won, before.figures[1].won)
    app = TawlaApp(
        lang="en",
        settings=Settings(bidi_checked=True),
        paths=paths,
        match=last_step_match(("Ali", "Badr")),
    )
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("space")  # rolls; the last checker off: the match is over
        card = await screen_is(pilot, ResultScreen)
        book_line = card.query_one("#book", Static)
        await wait_until(pilot, lambda: book_line.display, "the card's line of the book (read in a thread)")
        pair = open_book(paths).between("Ali", "Badr", Period.MONTH)
        assert pair is not None and (pair.figures[0].won, pair.figures[1].won) == (won + 1, lost)  # this one counted
        line = tr("en", "over.book", a="Ali", b="Badr", wa=won + 1, wb=lost, period=tr("en", "book.period.month"))
        await shows(pilot, line)
        await pilot.press("g")
        await screen_is(pilot, StoryScreen)
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is card, "Esc: back on the card")
        await burst(pilot, "p", "p")  # (twice, as fast as a terminal sends them: one book, which one Esc leaves)
        await book_shown(pilot)
        await settle(pilot)  # (a second book has its chance)
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is card, lambda: f"Esc: back on the card ({stack(app)})")


# -- how a game went -------------------------------------------------------------------------------------


def played_match() -> Match:
    """A game played some turns by script: both pip counts change turn by turn."""
    from .test_snapshots import midgame

    return midgame("en", moves=10)


async def test_the_pip_counts_run_the_way_the_interface_reads() -> None:
    match = played_match()
    for lang in ("en", "ar"):
        await pip_lines_read_the_way_of(lang, match)


async def pip_lines_read_the_way_of(lang: str, match: Match) -> None:
    app = app_with(None, lang)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(StoryScreen(match))
        story = await screen_is(pilot, StoryScreen)
        game = story.story.games[-1]

        def drawn() -> None:
            for player in (0, 1):
                line = story.query_one(f"#line{player}", PipLine)
                series = [float(p[player]) for p in game.pips]
                assert list(line.data or []) == (series[::-1] if lang == "ar" else series)
                assert line.size.width == len(series)  # one cell a turn
                row = story.query_one(f"#pips{player}")
                label = story.query_one(f"#label{player}")
                # the label (with the checker) before the line in reading order: left, or right in Arabic
                assert (label.region.x > line.region.x) == (lang == "ar")
                if lang == "ar":  # the start at the right, next to the label
                    assert line.region.right == label.region.x and label.region.right == row.region.right
                else:
                    assert label.region.right == line.region.x
                glyph = "●○"[player]
                assert glyph in str(label.render())

        await eventually(pilot, drawn)  # (sizes and places: once laid out)
        scale = story.query_one("#line0", PipLine).scale
        assert scale == story.query_one("#line1", PipLine).scale  # one scale for both


async def test_a_story_says_the_dice_luck_against_the_average() -> None:
    match = played_match()
    app = app_with(None)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(StoryScreen(match))
        story = await screen_is(pilot, StoryScreen)
        game = story.story.games[-1]
        said = []
        for player in (0, 1):
            luck = round(game.luck(player))
            said.append(
                story.t_n("story.luck_above", luck)
                if luck > 0
                else story.t_n("story.luck_below", -luck)
                if luck < 0
                else story.t("story.luck_even")
            )
            said.append(f"{game.pips_rolled(player)} ({round(game.expected_pips(player))})")
        await shows(pilot, *said)


async def test_after_a_change_of_language_enter_still_opens_a_row_and_a_match(tmp_path: Path) -> None:
    app = app_with(history(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(BookScreen(app.read_book, now=NOW))
        await book_shown(pilot)
        await rebuilt(pilot, "#table", rtl=True)  # Arabic: the screens are built again
        await pilot.press("enter")
        figures = await screen_is(pilot, FiguresScreen)
        assert figures.rtl
        await rebuilt(pilot, "#matches", rtl=False)
        await pilot.press("enter")
        story = await screen_is(pilot, StoryScreen)
        assert not story.rtl


# -- the book of one game (#23) --------------------------------------------------------------------------


def history_with_games(folder: Path) -> Paths:
    """:func:`history`, and Plakoto, Fevga and tavli matches (tests/test_book.py's seeded random
    ones): a Plakoto session Ali and Badr drew, a tavli match of Salma and Badr with a drawn
    Plakoto game, a Fevga match of علي and Salma, and a tavli match of Ali and Salma (the last played)."""
    from .test_book import POOL, write

    paths = history(folder)
    for at, names, ended, ident in [
        (0, ("Ali", "Badr"), NOW - timedelta(days=3), "t1"),
        (5, ("Salma", "Badr"), NOW - timedelta(days=20), "t2"),
        (3, ("علي", "Salma"), NOW - timedelta(days=2), "t3"),
        (6, ("Ali", "Salma"), NOW - timedelta(hours=1), "t4"),
    ]:
        write(paths.history, POOL + at, names, ended, ident)
    return paths


async def test_g_reads_the_book_game_by_game_and_a_row_opens_that_games_matches(tmp_path: Path) -> None:
    paths = history_with_games(tmp_path)
    book = open_book(paths)
    app = app_with(paths)
    async with app.run_test(size=(160, 40)) as pilot:
        await app.push_screen(BookScreen(app.read_book, now=NOW))
        screen = await book_shown(pilot)
        assert screen.game is Games.ANY
        seen = {}
        for key in ("g", "G", "g", "ل", "g"):  # (G with Shift too, and the key on an Arabic layout)
            standings = book.standings(screen.period, screen.play, NOW, screen.game)
            rows = table_rows(screen)
            assert [row[0] for row in rows] == [shown(line.person.name) for line in standings.players]
            for row, line in zip(rows, standings.players, strict=True):
                f = line.figures
                assert row[1:5] == [
                    str(f.matches),
                    f"{f.won}–{f.lost}",
                    f"{f.games_won}–{f.games_lost}",
                    f"{f.points_won}–{f.points_lost}",
                ]
            title = str(screen.query_one("#title", Static).render())
            matches = tr_n("en", "book.matches", standings.matches)
            if screen.game is Games.ANY:
                assert title == tr(
                    "en", "book.title", period="all time", play="matches and money play", matches=matches
                )
            else:
                assert title == tr(
                    "en",
                    "book.title_game",
                    period="all time",
                    play="matches and money play",
                    game=tr("en", f"games.{screen.game.value}"),
                    matches=matches,
                )
            seen[screen.game] = (standings.matches, len(rows))
            game = next_in(GAME_KEYS, screen.game)
            await pilot.press(key)
            await wait_until(pilot, lambda game=game: screen.game is game and book_drawn(screen), f"{key}: {game}")
        assert screen.game is Games.ANY  # (round to where it began)
        assert seen == {
            Games.ANY: (9, 5),  # the five backgammon matches and four of the other games; Ali, Badr, Salma, علي, سلمى
            Games.BACKGAMMON: (5, 5),
            Games.PLAKOTO: (1, 2),  # Ali and Badr
            Games.FEVGA: (1, 2),  # علي and Salma
            Games.TAVLI: (2, 3),  # one match each, whatever games it played: Ali, Salma, Badr
        }

        # The filters together: Plakoto, money play (the session Ali and Badr drew: 1 game, nobody's).
        await pilot.press("g", "g")
        await wait_until(pilot, lambda: screen.game is Games.PLAKOTO and book_drawn(screen), "G twice: Plakoto")
        await pilot.press("r", "r")  # (Plakoto matches: none, the table hidden; then money play, shown again)
        await wait_until(pilot, lambda: screen.play is Play.MONEY and book_drawn(screen), "R twice: money play")
        ali = screen.standings.line("ali") if screen.standings else None
        assert ali is not None and (ali.figures.matches, ali.figures.drawn, ali.figures.games) == (1, 1, 1)
        assert (ali.figures.games_won, ali.figures.games_lost) == (0, 0)
        await pilot.press("r", "g", "g", "g")  # (all kinds of play; Fevga, tavli, then all games)
        await wait_until(
            pilot, lambda: (screen.play, screen.game) == (Play.ANY, Games.ANY) and book_drawn(screen), "R, G×3"
        )
        await pilot.press("g", "g", "g", "g")
        await wait_until(pilot, lambda: screen.game is Games.TAVLI and book_drawn(screen), "G×4: tavli matches")

        # A row: that player's tavli matches, the game in the title.
        table = screen.query_one("#table", DataTable)
        table.move_cursor(row=[row[0] for row in table_rows(screen)].index("Salma"))
        await pilot.press("enter")
        figures = await screen_is(pilot, FiguresScreen)
        assert [r.file for r in figures.matches] == ["t4.json", "t2.json"]  # (the last first)
        entries = [figures._entry(r) for r in figures.matches]
        assert all(f" · {tr('en', 'games.tavli')} · " in entry for entry in entries)  # (each match names its game)
        await shows(pilot, *entries)
        await shows(pilot, tr("en", "bookscreen.player_title_game", name="Salma", period="all time",
                               play="matches and money play", game=tr("en", "games.tavli")))  # fmt: skip


async def test_the_arabic_book_names_the_game_and_its_key_arabic_first(tmp_path: Path) -> None:
    app = app_with(history_with_games(tmp_path), "ar")
    async with app.run_test(size=(160, 40)) as pilot:
        await app.push_screen(BookScreen(app.read_book, now=NOW))
        screen = await book_shown(pilot)
        await shows(pilot, visual(f"ل (g) {tr('ar', 'key.book_game')}", rtl=True))  # (the footer)
        await pilot.press(*"لللل")  # G on the Arabic layout, four times: tavli matches
        await wait_until(pilot, lambda: screen.game is Games.TAVLI and book_drawn(screen), "ل×4: tavli matches")
        matches = tr_n("ar", "book.matches", 2)
        title = tr("ar", "book.title_game", period=tr("ar", "book.period.all"), play=tr("ar", "book.play.all"),
                   game=tr("ar", "games.tavli"), matches=matches)  # fmt: skip
        assert "مباراة تافلي" in title and "مباراتان" in title
        await shows(pilot, visual(title, rtl=True))


async def test_a_players_matches_name_their_game_unless_it_is_backgammon(tmp_path: Path) -> None:
    app = app_with(history_with_games(tmp_path))
    async with app.run_test(size=(160, 40)) as pilot:
        await app.push_screen(BookScreen(app.read_book, now=NOW))
        screen = await book_shown(pilot)
        table = screen.query_one("#table", DataTable)
        table.move_cursor(row=[row[0] for row in table_rows(screen)].index("Ali"))
        await pilot.press("enter")
        figures = await screen_is(pilot, FiguresScreen)
        entries = {r.file: figures._entry(r) for r in figures.matches}
        assert list(entries) == ["t4.json", "m4.json", "t1.json", "m2.json", "m1.json"]
        names = {file: [g for g in ("backgammon", "plakoto", "tavli") if tr("en", f"games.{g}") in e]
                 for file, e in entries.items()}  # fmt: skip
        assert names == {"t4.json": ["tavli"], "m4.json": [], "t1.json": ["plakoto"], "m2.json": [], "m1.json": []}
        await shows(pilot, *entries.values())
