"""Keys typed ahead on a form land where they would have landed one at a time (#36, items 11–13).

A player who knows a form types its keys without looking: Textual hands each key to the widget
that has the focus when it arrives, and a Tab (an Enter, an arrow in a list) moves the focus only
once it has been looked up, after the keys behind it were handed to the old widget: New match's
``Tab Tab Tab 1`` put the 1 in the first name (#36, item 11). Each form's keys are sent here as
one burst (tests/helpers/burst.py, as a terminal's read delivers them): New match, Set up a
position and its second step, the settings, the export's file name, the book's rename.

New match's Tab goes the way the form reads (#36, item 12): each name, then its seat's box; a
letter on a box is the next name's ("Ali", Tab, "Badr" names two people), and "name, Tab, Tab,
Space" never makes the player's own seat the computer's. Set up a position (#36, item 13): every
field reachable with Tab, and a Position ID sets up backgammon whatever game the last match was.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Checkbox, Input, Select, Switch

from tawla.analysis.computer import NAME
from tawla.game import RuleSet, SeededDice
from tawla.game.rules import GameChoice
from tawla.store.files import Paths
from tawla.store.settings import Settings
from tawla.ui.app import TawlaApp
from tawla.ui.screens.book import BookScreen
from tawla.ui.screens.dialogs import LineScreen, NoticeScreen
from tawla.ui.screens.game import GameScreen
from tawla.ui.screens.history import HistoryScreen
from tawla.ui.screens.menu import MenuScreen
from tawla.ui.screens.new_match import NewMatchScreen
from tawla.ui.screens.settings import SettingsScreen
from tawla.ui.screens.setup import SetupScreen

from .helpers.burst import burst
from .helpers.waiting import screen_is, screen_text, shows, wait_until
from .test_book_ui import book_shown, history

SIZE = (100, 30)
DIGIT = {"en": "1", "ar": "١"}
"""The key that types 1 (an Arabic layout types the Arabic-Indic digit)."""


def _app(lang: str = "en", paths: Paths | None = None, **settings: object) -> TawlaApp:
    settings.setdefault("names", ("Ali", "Badr"))
    return TawlaApp(lang=lang, dice=SeededDice(5), paths=paths, settings=Settings(bidi_checked=True, **settings))  # type: ignore[arg-type]


def _names(form: NewMatchScreen) -> tuple[str, str]:
    return form.query_one("#name0", Input).value, form.query_one("#name1", Input).value


async def _new_match(pilot: Pilot[None]) -> NewMatchScreen:
    await screen_is(pilot, MenuScreen)
    await burst(pilot, "n")
    return await screen_is(pilot, NewMatchScreen)


# -- New match ------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ar"])
async def test_new_match_keys_in_one_burst_land_in_their_fields(lang: str) -> None:
    """Tab to the length and 1, in one burst: the match is of 1 point and both names stay (before
    #36 the 1 replaced the first name and the length stayed 5)."""
    app = _app(lang)
    async with app.run_test(size=SIZE) as pilot:
        form = await _new_match(pilot)
        # The first name, its box, the second name, its box, the game, the length.
        await burst(pilot, *["tab"] * 5, DIGIT[lang])
        await wait_until(pilot, lambda: form.rules.match_length == 1, lambda: f"a 1-point match ({form.rules})")
        assert _names(form) == ("Ali", "Badr")
        assert isinstance(form.focused, Select) and form.focused.id == "length"


@pytest.mark.parametrize("lang", ["en", "ar"])
async def test_two_names_typed_with_a_tab_between_are_two_people(lang: str) -> None:
    """Typed "Ali", Tab, "Badr" in one burst (the tmux tests and the book's type it so), then Ctrl+S: two
    named people play, the computer nowhere, whatever stands between the two fields."""
    first, second = ("Carl", "Dina") if lang == "en" else ("فاطمة", "خالد")
    app = _app(lang)
    async with app.run_test(size=SIZE) as pilot:
        await _new_match(pilot)
        await burst(pilot, *first, "tab", *second, "ctrl+s")
        game = await screen_is(pilot, GameScreen)
        assert game.match.names == (first, second) and not game.match.computer


@pytest.mark.parametrize("lang", ["en", "ar"])
async def test_tab_goes_from_each_name_to_its_own_box(lang: str) -> None:
    """Reading order (right to left in Arabic): a name, then the box beside it. "Name, Tab, Tab,
    Space" reaches the second name (and types a space there): the player's own seat is never
    ticked for the computer (before #36 the second Tab reached the first seat's box). The second
    seat's box is the Tab after the second name: Space there gives the opponent to the computer."""
    app = _app(lang)
    async with app.run_test(size=SIZE) as pilot:
        form = await _new_match(pilot)
        await burst(pilot, *"Carl", "tab", "tab", "space")
        await wait_until(pilot, lambda: _names(form)[1] == " ", lambda: f"a space in the second name ({_names(form)})")
        assert not form.query_one("#computer0", Checkbox).value and not form.computer
        await burst(pilot, "backspace", *"Dina", "tab", "space", "ctrl+s")
        game = await screen_is(pilot, GameScreen)
        assert game.match.names == ("Carl", NAME) and game.match.computer == frozenset({1})


# -- Set up a position ----------------------------------------------------------------------------


async def test_set_up_keys_in_one_burst_set_up_backgammon_after_a_tavli_match() -> None:
    """The IDs, Enter, Enter, the names and Ctrl+S in one burst, the last match a tavli match:
    the position is played as backgammon (before #36 it started a tavli match: the game list kept
    the last match's game, disabled, out of Tab's reach)."""
    app = _app(rules=RuleSet().adjusted(game=GameChoice.TAVLI))
    async with app.run_test(size=SIZE) as pilot:
        await screen_is(pilot, MenuScreen)
        app.action_setup()
        await screen_is(pilot, SetupScreen)
        await burst(pilot, *"AwAAGAAAAAAAAA", "enter", "enter", *"Carl", "tab", *"Dina", "ctrl+s")
        game = await screen_is(pilot, GameScreen)
        assert game.match.names == ("Carl", "Dina")
        assert game.match.rules.game is GameChoice.BACKGAMMON, game.match.rules


@pytest.mark.parametrize("lang", ["en", "ar"])
async def test_every_field_of_the_set_up_form_is_reached_by_tab(lang: str) -> None:
    """The second step of Set up a position: Tab reaches the game list too (and the length, the
    Match ID's); another game is refused with the reason, backgammon kept."""
    app = _app(lang, rules=RuleSet().adjusted(game=GameChoice.TAVLI))
    async with app.run_test(size=SIZE) as pilot:
        await screen_is(pilot, MenuScreen)
        app.action_setup()
        await screen_is(pilot, SetupScreen)
        await burst(pilot, *"AwAAGAAAAAAAAA", "tab", *"cAkAAAAAAAAA", "enter")
        form = await screen_is(pilot, NewMatchScreen)
        seen = []
        for _ in range(12):
            await burst(pilot, "tab")
            await wait_until(pilot, lambda: form.focused is not None, "a field with the focus")
            seen.append(form.focused.id if form.focused is not None else None)
        assert {"game", "length", "preset", "start"} <= set(seen), seen
        game = form.query_one("#game", Select)
        assert game.value == GameChoice.BACKGAMMON
        game.value = GameChoice.PLAKOTO  # (as picked from its list)
        said = "a backgammon position" if lang == "en" else "وضعية من لعبة الطاولة"
        await wait_until(pilot, lambda: game.value == GameChoice.BACKGAMMON, "backgammon again")
        await shows(pilot, said if lang == "en" else _visual(said))
        assert form.rules.game is GameChoice.BACKGAMMON


def _visual(text: str) -> str:
    from tawla.i18n.bidi import visual

    return visual(text, rtl=True)


# -- the settings, the export, the rename ---------------------------------------------------------


async def test_settings_keys_in_one_burst_land_in_their_controls() -> None:
    """Tab to the first list (the opening roll), Enter opens it, Down and Enter choose its other
    value; Tab, the same for the next list's; Tab Space, the cube's switch: one burst, as one at a
    time."""
    app = _app()
    async with app.run_test(size=SIZE) as pilot:
        await screen_is(pilot, MenuScreen)
        app.action_settings()
        screen = await screen_is(pilot, SettingsScreen)
        before = screen.rules
        await burst(pilot, "tab", "enter", "down", "enter", "tab", "enter", "down", "enter", "tab", "space")
        await wait_until(pilot, lambda: screen.rules.cube != before.cube, lambda: f"the cube switched ({screen.rules})")
        assert screen.rules.opening != before.opening and screen.rules.next_game_opener != before.next_game_opener
        assert screen.query_one("#set-cube", Switch).has_focus


async def test_export_and_rename_keys_in_one_burst(tmp_path: Path) -> None:
    """Export: the match picked, the file's name typed over the one offered, Enter; the book's E,
    a new name and Enter: each in one burst, each landing in its field."""
    paths = history(tmp_path)
    app = _app(paths=paths)
    target = tmp_path / "out.mat"
    async with app.run_test(size=(120, 40)) as pilot:
        await screen_is(pilot, MenuScreen)
        app.action_export()
        await screen_is(pilot, HistoryScreen)
        await burst(pilot, "enter", "home", "shift+end", *str(target), "enter")
        await screen_is(pilot, NoticeScreen)
        await wait_until(pilot, target.exists, lambda: f"{target} written: {screen_text(app)}")
        await burst(pilot, "enter")
        await screen_is(pilot, MenuScreen)
        app.action_book()
        book = await book_shown(pilot)
        person = book.selected_person()
        assert person is not None
        await burst(pilot, "e", "home", "shift+end", *"Zed", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, BookScreen), "the book again")
        await wait_until(pilot, lambda: "Zed" in [p.name for p in (book.book.people() if book.book else [])], "Zed")
        assert not isinstance(app.screen, LineScreen)
