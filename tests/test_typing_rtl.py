"""What a player types, read as typed: Arabic joined and right to left in every field while
it is typed, the value kept logical; and the pieces of right-to-left screens that start at the
right (#13)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len
from rich.style import Style
from textual.command import CommandList, CommandPalette
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import Button, Input

from tawla.i18n import tr
from tawla.i18n.bidi import visual
from tawla.store.settings import BidiMode, Preferences, Settings
from tawla.ui.app import TawlaApp
from tawla.ui.commands import PaletteSearch
from tawla.ui.fields import BidiInput, field_layout
from tawla.ui.screens.check_rtl import CheckRtlScreen
from tawla.ui.screens.menu import MenuScreen
from tawla.ui.screens.new_match import NewMatchScreen
from tawla.ui.screens.setup import SetupScreen
from tests.helpers.waiting import eventually, screen_is, strips, wait_until, workers_done

SIZE = (80, 24)
NAME = "فاطمة"


def app_in(lang: str, bidi: BidiMode = BidiMode.APP) -> TawlaApp:
    return TawlaApp(lang=lang, settings=Settings(bidi_checked=True, preferences=Preferences(bidi=bidi)))


@dataclass
class Seen:
    """A field's line as the screen shows it: its text and where it starts, and where the cursor is."""

    text: str
    start: int
    end: int
    cursor: int | None


def row_cells(app: TawlaApp, y: int) -> list[tuple[str, Style | None]]:
    """The cells of a screen row (a wide character's second cell is empty)."""
    strip = strips(app.screen)[y]
    cells: list[tuple[str, Style | None]] = []
    for segment in strip:
        for char in segment.text:
            cells.append((char, segment.style))
            if cell_len(char) == 2:
                cells.append(("", segment.style))
    return cells


def row_text(app: TawlaApp, y: int) -> str:
    return "".join(char for char, _ in row_cells(app, y))


def seen(app: TawlaApp, field: Input) -> Seen:
    """What the screen shows of ``field``: its content region and its padding (where the
    cursor after the last letter of a left-to-right value goes), without its border."""
    region: Region = field.content_region
    padding = field.styles.padding
    left, right = region.x - padding.left, region.right + padding.right
    cells = row_cells(app, region.y)
    cursor_bg = field.get_component_rich_style("input--cursor").bgcolor
    inked = [x for x in range(left, right) if cells[x][0].strip()]
    start, end = (inked[0], inked[-1] + 1) if inked else (left, left)
    text = "".join(char for char, _ in cells[start:end])
    styled = [(x, cells[x][1]) for x in range(left, right)]
    cursor = next((x for x, style in styled if style is not None and style.bgcolor == cursor_bg), None)
    return Seen(text, start, end, cursor)


async def new_match(app: TawlaApp, pilot) -> Input:  # type: ignore[no-untyped-def]
    """The new-match screen, built, its first name field ready for keys."""
    app.action_new_match()
    screen = await screen_is(pilot, NewMatchScreen)
    await workers_done(pilot)  # (the players' book, read in a thread for the names' lists)
    field = screen.query_one("#name0", Input)
    assert isinstance(field, BidiInput)
    await wait_until(pilot, lambda: field.has_focus, "the first name field has the focus")
    return field


async def holds(pilot: Pilot[None], field: Input, value: str) -> None:
    """Wait until ``field`` holds ``value`` (the keys typed into it have been handled)."""
    await wait_until(pilot, lambda: field.value == value, lambda: f"{value!r} typed, the field has {field.value!r}")


async def cursor_at(pilot: Pilot[None], field: Input, position: int) -> None:
    """Wait until the cursor of ``field`` is at ``position`` (the key that moves it has been handled)."""
    await wait_until(
        pilot,
        lambda: field.cursor_position == position,
        lambda: f"the cursor at {position}, it is at {field.cursor_position} in {field.value!r}",
    )


async def drawn(pilot: Pilot[None], check: Callable[[], None]) -> None:
    """Wait until ``check`` (assertions on what the screen shows) passes: a field is drawn again
    at the refresh after the key that changed it."""
    await eventually(pilot, check)


async def handled(pilot: Pilot[None]) -> None:
    """Wait until the keys pressed so far have been handled, whatever they did (maybe nothing:
    Left at the end of the text). A key goes from the app to the focused field, up its parents to
    the screen and back to the app, which runs its binding: from one message queue to the next.
    Each of Pilot's pauses lets the app and every widget of the screen handle what their queues
    held when it began (it waits for those messages, not for a time), so a key moves on by one
    queue at least; once a pause ends with every queue empty and no key held back by tawla
    (:mod:`tawla.ui.bursts`), every key has been handled."""
    app = pilot.app

    def quiet() -> bool:
        nodes = [app, *app.screen.walk_children(with_self=True)]
        return all(node.message_queue_size == 0 for node in nodes) and getattr(app, "_turn", None) is None

    await pilot.pause()  # (one round at least: a key being handled may have left every queue empty)
    await wait_until(pilot, quiet, "the keys pressed so far handled")


# -- the new-match name, in Arabic ------------------------------------------------------------------


async def test_an_arabic_name_is_drawn_joined_and_right_to_left_as_it_is_typed() -> None:
    app = app_in("ar")
    async with app.run_test(size=SIZE) as pilot:
        field = await new_match(app, pilot)
        edge = field.content_region.right  # the first cell after the text's area
        for n in range(1, len(NAME) + 1):
            await pilot.press(NAME[n - 1])
            typed = NAME[:n]
            await holds(pilot, field, typed)  # the game gets the name as typed

            def joined(typed: str = typed) -> None:
                shown = seen(app, field)
                assert shown.text == visual(typed, rtl=True)  # shaped, right to left
                assert typed not in shown.text  # never the letters as stored, unjoined
                assert shown.end == edge  # right-aligned
                assert shown.cursor == shown.start - 1  # the insertion point moves left as one types

            await drawn(pilot, joined)
        assert seen(app, field).text == "ﺔﻤﻃﺎﻓ"

        def previewed() -> None:  # (the preview follows the field's Changed message)
            rows = "\n".join(row_text(app, y) for y in range(SIZE[1]))
            assert visual(f"{tr('ar', 'new.preview')} {NAME}", rtl=True) in rows

        await drawn(pilot, previewed)


async def test_keys_in_an_arabic_name_go_where_they_are_seen() -> None:
    app = app_in("ar")
    async with app.run_test(size=SIZE) as pilot:
        field = await new_match(app, pilot)
        await pilot.press(*NAME)
        await holds(pilot, field, NAME)

        def whole() -> None:
            assert seen(app, field).text == visual(NAME, rtl=True)

        await drawn(pilot, whole)
        start = seen(app, field).start  # ﺔ (the last letter) is the leftmost cell
        await pilot.press("left")  # nothing more to the left than the end of the name
        await handled(pilot)
        assert field.cursor_position == len(NAME) and seen(app, field).cursor == start - 1
        await pilot.press("right")  # onto ة, the last letter: to the right, back in the text
        await cursor_at(pilot, field, len(NAME) - 1)

        def on_the_last_letter() -> None:
            assert seen(app, field).cursor == start

        await drawn(pilot, on_the_last_letter)
        await pilot.press("home")  # the start in reading order: the rightmost letter
        await cursor_at(pilot, field, 0)

        def on_the_first_letter() -> None:
            assert seen(app, field).cursor == seen(app, field).end - 1

        await drawn(pilot, on_the_first_letter)
        await pilot.press("left")  # reading on: the second letter, left of the first
        await cursor_at(pilot, field, 1)

        def on_the_second_letter() -> None:
            assert seen(app, field).cursor == seen(app, field).end - 2

        await drawn(pilot, on_the_second_letter)
        await pilot.press("delete")  # the letter under the cursor (ا): فطمة
        await holds(pilot, field, "فطمة")

        def deleted() -> None:
            assert seen(app, field).text == visual("فطمة", rtl=True)

        await drawn(pilot, deleted)
        await pilot.press("end", "backspace")  # the last letter typed
        await holds(pilot, field, "فطم")

        def backspaced() -> None:
            assert seen(app, field).text == visual("فطم", rtl=True)
            assert seen(app, field).cursor == seen(app, field).start - 1

        await drawn(pilot, backspaced)
        await pilot.press("home", *"ال")  # typed before the name: it reads first, on the right
        await holds(pilot, field, "الفطم")

        def before_it() -> None:
            assert seen(app, field).text == visual("الفطم", rtl=True)

        await drawn(pilot, before_it)


async def test_a_click_puts_the_cursor_on_the_letter_clicked() -> None:
    app = app_in("ar")
    async with app.run_test(size=SIZE) as pilot:
        field = await new_match(app, pilot)
        await pilot.press(*NAME)
        await holds(pilot, field, NAME)

        def whole() -> None:
            assert seen(app, field).text == visual(NAME, rtl=True)

        await drawn(pilot, whole)
        shown = seen(app, field)
        await pilot.click(field, offset=(shown.end - 1 - field.region.x, field.content_region.y - field.region.y))
        await cursor_at(pilot, field, 0)  # the rightmost cell: the first letter
        await pilot.click(field, offset=(shown.start - field.region.x, field.content_region.y - field.region.y))
        await cursor_at(pilot, field, len(NAME) - 1)  # the leftmost: the last


@pytest.mark.parametrize(
    ("lang", "name"),
    [
        ("ar", "Ali"),  # a Latin name in an Arabic screen: right-aligned, in its own order
        ("ar", "علي Ali"),
        ("ar", "لؤي الحسن"),  # lam-alef as one cell
        ("en", "Ali علي"),  # an Arabic name in an English screen: in visual order at the left
        ("en", "Ali"),
    ],
)
async def test_latin_and_mixed_names_read_as_they_will_in_the_game(lang: str, name: str) -> None:
    app = app_in(lang)
    async with app.run_test(size=SIZE) as pilot:
        field = await new_match(app, pilot)
        await pilot.press(*name)
        await holds(pilot, field, name)
        if name == "Ali":  # after the last letter, on its right, as one types Latin

            def after_it() -> None:
                assert seen(app, field).text == visual(name, rtl=lang == "ar")
                assert seen(app, field).cursor == seen(app, field).end

            await drawn(pilot, after_it)
        await pilot.press("home")
        await cursor_at(pilot, field, 0)

        def as_in_the_game() -> None:
            shown = seen(app, field)
            assert shown.text == visual(name, rtl=lang == "ar")
            assert shown.cursor is not None and shown.cursor < shown.end  # (drawn at home: on the text)
            if lang == "ar":  # at the right (after a Latin end, the last cell is kept for the cursor)
                assert shown.end == field.content_region.right - (name == "Ali")
            else:
                assert shown.start == field.content_region.x

        await drawn(pilot, as_in_the_game)


async def test_when_the_terminal_lays_out_arabic_the_name_goes_out_as_typed() -> None:
    app = app_in("ar", BidiMode.TERMINAL)
    async with app.run_test(size=SIZE) as pilot:
        field = await new_match(app, pilot)
        await pilot.press(*NAME)
        await holds(pilot, field, NAME)

        def logical() -> None:
            assert seen(app, field).text == NAME  # logical: the terminal orders and joins it

        await drawn(pilot, logical)


# -- the command palette's search ---------------------------------------------------------------------


async def test_the_palette_search_reads_as_typed_and_its_commands_start_at_the_right() -> None:
    query = "قواعد"
    app = app_in("ar")
    async with app.run_test(size=SIZE) as pilot:
        await screen_is(pilot, MenuScreen)
        await pilot.press("ctrl+p")
        palette = await screen_is(pilot, CommandPalette)
        search = palette.query_one(PaletteSearch)
        await wait_until(pilot, lambda: search.has_focus, "the palette's search has the focus")

        def prompt_at_the_right() -> None:
            empty = seen(app, search)
            assert empty.text == visual(tr("ar", "command.search"), rtl=True)
            assert empty.end == search.content_region.right  # the prompt starts at the right too

        await drawn(pilot, prompt_at_the_right)
        for n in range(1, len(query) + 1):
            await pilot.press(query[n - 1])
            await holds(pilot, search, query[:n])

            def joined(typed: str = query[:n]) -> None:
                shown = seen(app, search)
                assert shown.text == visual(typed, rtl=True)
                assert shown.end == search.content_region.right and shown.cursor == shown.start - 1

            await drawn(pilot, joined)
        commands = palette.query_one(CommandList)
        title = visual(tr("ar", "command.rules"), rtl=True)

        def found_at_the_right() -> None:  # (the palette searches in a worker; the list is drawn after)
            rows = [row_text(app, y) for y in range(commands.region.y, commands.region.bottom)]
            row = next((r for r in rows if title in r), None)
            assert row is not None, rows
            # Right-aligned: the title ends where the list's text ends (inside its padding of 2).
            assert row.rstrip().endswith(title) and len(row.rstrip()) == commands.region.right - 2

        await drawn(pilot, found_at_the_right)


async def test_the_palette_in_english_is_textuals() -> None:
    app = app_in("en")
    async with app.run_test(size=SIZE) as pilot:
        await screen_is(pilot, MenuScreen)
        await pilot.press("ctrl+p")
        palette = await screen_is(pilot, CommandPalette)
        search = palette.query_one(PaletteSearch)
        await wait_until(pilot, lambda: search.has_focus, "the palette's search has the focus")
        await pilot.press(*"rul")
        await holds(pilot, search, "rul")

        def textuals() -> None:
            shown = seen(app, search)
            assert shown.text == "rul" and shown.start == search.content_region.x and shown.cursor == shown.end

        await drawn(pilot, textuals)


# -- the rest of right-to-left screens ------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ar"])
async def test_start_the_primary_button_is_on_the_right(lang: str) -> None:
    app = app_in(lang)
    async with app.run_test(size=SIZE) as pilot:
        await new_match(app, pilot)
        start = app.screen.query_one("#start", Button)
        house = app.screen.query_one("#house", Button)
        assert start.region.x > house.region.x
        card = app.screen.query_one("#card")
        assert start.region.right >= card.content_region.right - 1  # at the right edge


async def test_a_choice_shows_its_value_at_the_right_in_arabic() -> None:
    app = app_in("ar")
    async with app.run_test(size=SIZE) as pilot:
        await new_match(app, pilot)
        label = app.screen.query_one("#length").query_one("#label")
        text = row_text(app, label.content_region.y)[label.content_region.x : label.content_region.right]
        assert text.strip() and text.endswith(text.strip())  # no room left after it
        assert text.startswith(" ")


async def test_ids_are_typed_left_to_right_at_the_right_of_an_arabic_screen() -> None:
    app = app_in("ar")
    async with app.run_test(size=SIZE) as pilot:
        app.action_setup()
        screen = await screen_is(pilot, SetupScreen)
        field = screen.query_one("#position", Input)
        await wait_until(pilot, lambda: field.has_focus, "the position field has the focus")
        await pilot.press(*"4HPwATDgc/ABMA")
        await holds(pilot, field, "4HPwATDgc/ABMA")

        def left_to_right_at_the_right() -> None:
            shown = seen(app, field)
            assert shown.text == "4HPwATDgc/ABMA" and shown.end == field.content_region.right - 1
            assert shown.cursor == shown.end  # the cursor after it, in the last cell

        await drawn(pilot, left_to_right_at_the_right)


async def test_the_check_says_its_lines_are_left_aligned_on_purpose() -> None:
    app = TawlaApp(lang="ar")
    async with app.run_test(size=SIZE) as pilot:
        await screen_is(pilot, CheckRtlScreen)  # (built: drawn once, its lines written as composed)
        rows = [row_text(app, y) for y in range(SIZE[1])]
        text = "\n".join(rows)
        assert " ".join(tr("en", "check.aligned").split()[:5]) in text
        assert visual("محاذاة هذه الأسطر إلى اليسار", rtl=True) in text
        card = app.screen.query_one(".card")
        left = card.content_region.x
        for row in rows[card.content_region.y : card.content_region.bottom]:
            inside = row[left : card.content_region.right]
            if inside.strip():
                assert not inside.startswith(" "), inside  # every line starts at the left


# -- the layout of a value ----------------------------------------------------------------------------------

LETTERS = "فاطمةعليبدرلاأ" + "Alibdr" + "0123" + " " + "\u064e\u0651" + "()."


@given(st.text(alphabet=LETTERS, max_size=12), st.booleans())
def test_a_field_draws_exactly_what_the_game_draws(value: str, rtl: bool) -> None:
    layout = field_layout(value, rtl)
    assert layout.text() == visual(value, rtl)
    drawn = sorted(i for cell in layout.cells for i in cell.chars)
    assert drawn == list(range(len(value)))  # every character is in one cell, once
    assert len(layout.slot) == len(value) + 1
    assert all(0 <= k < len(layout.row) for k in layout.slot)
    assert layout.row[layout.slot[len(value)]] is None  # the end has its own cell


def test_the_cursor_at_the_end_goes_where_the_next_letter_goes() -> None:
    def row(value: str, rtl: bool) -> str:
        return "".join("|" if cell is None else cell.text for cell in field_layout(value, rtl).row)

    assert row("فاطمة", True) == "|ﺔﻤﻃﺎﻓ"
    assert row("Ali", True) == "Ali|"
    assert row("Ali علي", False) == "Ali |ﻲﻠﻋ"  # the Arabic word goes on to the left
    assert row("علي Ali", True) == "Ali| ﻲﻠﻋ"
    assert row("صلاح", True) == "|ﺡﻼﺻ"  # lam-alef: one cell for two letters
    assert field_layout("صلاح", True).cells[1].chars == (1, 2)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["ar", "en"])
async def test_any_keys_in_a_mixed_name_keep_it_drawn_as_it_reads(lang: str) -> None:
    """Random letters (Arabic, Latin, digits, a space, a haraka) and editing keys: after each key
    the field shows exactly what the game will show, with a cursor, and Right after Left (or Left
    after Right) comes back where it was unless at an edge."""
    rng = random.Random(13)
    letters = list("فاطمةلاعليبدر") + list("Ali") + ["1", "space", "\u064e"]
    keys = ["left", "right", "home", "end", "backspace", "delete"]
    app = app_in(lang)
    async with app.run_test(size=SIZE) as pilot:
        field = await new_match(app, pilot)
        for _ in range(20):
            key = rng.choice(letters + keys) if field.value else rng.choice(letters)
            await pilot.press(key)
            await handled(pilot)  # (what the key did decides the next ones)
            if len(field.value) > 20:
                await pilot.press("ctrl+u", "end", "ctrl+u")
                await holds(pilot, field, "")
            if not field.value:
                continue
            await pilot.press("home")  # (no end cell: only the text)
            await cursor_at(pilot, field, 0)

            def as_it_reads() -> None:
                shown = seen(app, field)
                assert shown.text == visual(field.value, rtl=lang == "ar").strip(), field.value
                assert shown.cursor is not None

            await drawn(pilot, as_it_reads)
            await pilot.press("end")
            await cursor_at(pilot, field, len(field.value))
            for there, back in (("left", "right"), ("right", "left")):
                before = field.cursor_position
                await pilot.press(there)
                await handled(pilot)
                moved = field.cursor_position != before
                await pilot.press(back)
                await handled(pilot)
                assert field.cursor_position == before or not moved or before == len(field.value)
