"""New match and Set up a position, as new players met them (#21, defect 6): two names the book
holds for one player are refused, the known players never hide another field, every length from
1 to 25 (and money play) is offered and quick to type, and a set-up position asks who plays it
and under which customs instead of silently taking the last New match's.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Select, Static

from tawla.game import Opening, Phase, RuleSet, SeededDice
from tawla.game.rules import at_length, preset, preset_of
from tawla.i18n import plain, tr
from tawla.store.book import open_book
from tawla.store.files import Paths
from tawla.store.settings import Settings
from tawla.ui.app import TawlaApp
from tawla.ui.screens.game import GameScreen
from tawla.ui.screens.new_match import LengthSelect, NewMatchScreen
from tawla.ui.screens.setup import SetupScreen

from .helpers.waiting import eventually, screen_is, screen_text, settle, wait_until
from .test_book_ui import history


def app_at(paths: Paths | None, lang: str = "en", **settings: object) -> TawlaApp:
    settings.setdefault("bidi_checked", True)
    return TawlaApp(lang=lang, dice=SeededDice(5), paths=paths, settings=Settings(**settings))  # type: ignore[arg-type]


async def new_match(pilot: Pilot[object], app: TawlaApp) -> NewMatchScreen:
    """The New match screen on top, built, its book read."""
    app.action_new_match()
    screen = await screen_is(pilot, NewMatchScreen)
    await wait_until(pilot, lambda: screen.book is not None, "the New match screen read the book")
    return screen


async def type_names(pilot: Pilot[object], screen: NewMatchScreen, first: str, second: str) -> None:
    for i, name in enumerate((first, second)):
        field = screen.query_one(f"#name{i}", Input)
        field.focus()
        await wait_until(pilot, lambda field=field: field.has_focus, f"name field {i} has the focus")
        field.value = name  # (as typed: a short vowel is no key Pilot presses)
        field.cursor_position = len(name)
        await wait_until(pilot, lambda field=field, name=name: field.value == name, f"{name!r} typed")


def text_of(static: Static) -> str:
    """What a Static says, in logical order (a Bidi's text, a Text's, a string)."""
    content = static.content
    text = getattr(content, "text", content)
    return plain(getattr(text, "plain", str(text)))


def problem_of(screen: NewMatchScreen) -> str:
    return text_of(screen.query_one("#problem", Static))


# -- one player, two names -----------------------------------------------------------------------------

# (the two names typed: each pair one player in the book)
ONE_PLAYER = [
    ("Sam", "sam"),
    ("Ali", "ALI "),
    ("Badr", "  badr"),
    ("عَلي", "علي"),  # (a short vowel is no other player)
    ("Salma", "سلمى"),  # (merged in the book: one person)
    ("", "Player 1"),  # (an empty name plays as the default name)
]


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize(("first", "second"), ONE_PLAYER)
async def test_two_names_of_one_player_are_refused_as_the_book_counts_them(
    first: str, second: str, lang: str, tmp_path: Path
) -> None:
    paths = history(tmp_path)
    open_book(paths).merge("Salma", "سلمى")
    app = app_at(paths, lang)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await new_match(pilot, app)
        if lang == "ar" and second == "Player 1":
            second = tr("ar", "new.default1")
        await type_names(pilot, screen, first, second)
        await pilot.press("ctrl+s")
        shown = (first.strip() or tr(lang, "new.default1"), second.strip())
        said = plain(tr(lang, "new.same_player", a=shown[0], b=shown[1]))
        await wait_until(pilot, lambda: problem_of(screen) == said, lambda: f"{said!r}, not {problem_of(screen)!r}")
        assert app.screen is screen and app.playing is None  # (nothing started)
        assert screen.focused is screen.query_one("#name1", Input)
        await pilot.press("x")  # another name: it plays
        await wait_until(pilot, lambda: problem_of(screen) == "", "the problem gone once the name changes")
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: app.playing is not None, "Ctrl+S started the match with two players")


async def test_two_names_are_one_player_before_the_book_is_read_too() -> None:
    app = app_at(None)
    async with app.run_test(size=(100, 30)) as pilot:
        app.action_new_match()
        screen = await screen_is(pilot, NewMatchScreen)
        assert screen.one_player("Sam", " SAM") and not screen.one_player("Sam", "Sami")


# -- every length -----------------------------------------------------------------------------------


async def test_every_length_from_1_to_25_and_money_play_is_offered() -> None:
    app = app_at(None)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await new_match(pilot, app)
        length = screen.query_one("#length", LengthSelect)
        offered = [value for _, value in length._options]
        assert offered == [*range(1, 26), 0]


@pytest.mark.parametrize("lang", ["en", "ar"])
async def test_each_games_name_fits_its_box_at_80_by_24(lang: str) -> None:
    """A tmux trial saw «مباراة تافلي (الثلاث)» wrap in the Game box, «مباراة» drawn over its edge."""
    from tawla.game.rules import GameChoice
    from tawla.i18n.bidi import visual

    app = app_at(None, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_match(pilot, app)
        box = screen.query_one("#game", Select)
        for choice in GameChoice:
            box.value = choice
            label = app.words.t(f"games.choose.{choice.value}")
            shown = visual(label, rtl=True) if lang == "ar" else label
            await wait_until(
                pilot,
                lambda shown=shown: any(shown in line for line in screen_text(app).splitlines()),
                lambda label=label: f"{label!r} on one line of the box: {screen_text(app)}",
            )


# (the language, the keys typed on the length, open or closed: the length chosen after each)
TYPED = [
    ("en", ["7"], [7]),
    ("en", ["1", "5"], [1, 15]),
    ("en", ["2", "5"], [2, 25]),
    ("en", ["2", "9"], [2, 9]),  # (29 is too long: the 9 starts again)
    ("en", ["1", "1", "3"], [1, 11, 3]),
    ("en", ["m"], [0]),
    ("en", ["0"], [0]),
    ("ar", ["7"], [7]),
    ("ar", ["ة"], [0]),  # (m on an Arabic layout)
    ("ar", ["٢", "١"], [2, 21]),  # (Arabic-Indic digits)
]


@pytest.mark.parametrize("expanded", [False, True], ids=["closed", "open"])
@pytest.mark.parametrize(("lang", "keys", "lengths"), TYPED)
async def test_a_length_is_typed_on_the_keyboard(
    lang: str, keys: list[str], lengths: list[int], expanded: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(LengthSelect, "WINDOW", 3600.0)  # (the test machine may be slow between two keys)
    app = app_at(None, lang)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await new_match(pilot, app)
        length = screen.query_one("#length", LengthSelect)
        length.focus()
        await wait_until(pilot, lambda: length.has_focus, "the length has the focus")
        if expanded:
            await pilot.press("enter")
            await wait_until(pilot, lambda: length.expanded, "Enter opened the list of lengths")
        for key, wanted in zip(keys, lengths, strict=True):
            await pilot.press(key)
            await wait_until(
                pilot,
                lambda wanted=wanted: length.value == wanted and screen.rules.match_length == wanted,
                lambda key=key, wanted=wanted: f"{key!r} chose {wanted} (now {length.value})",
            )
        assert not length.expanded and length.has_focus  # (the length typed is the choice)
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: app.playing is not None, "the match started")
        assert app.playing.rules.match_length == lengths[-1]  # type: ignore[attr-defined]


async def test_a_pause_between_two_digits_starts_a_new_length(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(LengthSelect, "WINDOW", 0.0)
    app = app_at(None)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await new_match(pilot, app)
        length = screen.query_one("#length", LengthSelect)
        length.focus()
        await wait_until(pilot, lambda: length.has_focus, "the length has the focus")
        await pilot.press("1")
        await wait_until(pilot, lambda: length.value == 1, "1 point")
        await pilot.press("5")
        await wait_until(pilot, lambda: length.value == 5, "5 points, not 15")


# (the rules before, the length chosen, the rules after: a preset stays that preset at its new length)
AT_LENGTH = [
    (preset("international", 5), 0, preset("international", 0)),  # (money play brings the Jacoby rule)
    (preset("international", 0), 7, preset("international", 7)),
    (preset("cafe", 5), 0, preset("cafe", 0)),
    (preset("tournament", 5), 0, preset("international", 0)),  # (a tournament is a match)
    (preset("cafe", 5).adjusted(cube=True), 0, preset("cafe", 0).adjusted(cube=True)),  # (custom: kept)
    (preset("international", 0).adjusted(jacoby=False), 0, preset("international", 0).adjusted(jacoby=False)),
]


@pytest.mark.parametrize(("before", "length", "after"), AT_LENGTH)
def test_a_preset_played_at_another_length_is_that_presets_rules_there(
    before: RuleSet, length: int, after: RuleSet
) -> None:
    assert at_length(before, length) == after


async def test_money_play_chosen_on_international_plays_it_with_the_jacoby_rule() -> None:
    app = app_at(None, rules=preset("international", 5))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await new_match(pilot, app)
        length = screen.query_one("#length", LengthSelect)
        length.focus()
        await wait_until(pilot, lambda: length.has_focus, "the length has the focus")
        await pilot.press("m")
        await wait_until(pilot, lambda: screen.rules.match_length == 0, "m chose money play")
        assert screen.rules == preset("international", 0)
        summary = text_of(screen.query_one("#summary", Static))
        assert "with the Jacoby rule" in summary and "but" not in summary  # (International itself)
        await pilot.press("5")
        await wait_until(pilot, lambda: screen.rules.match_length == 5, "5 chose a 5-point match")
        assert screen.rules == preset("international", 5)


# -- the known players never hide a field ---------------------------------------------------------------


def _overlap(a: Region, b: Region) -> bool:
    return a.overlaps(b)


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40)])
@pytest.mark.parametrize("field", [0, 1])
async def test_the_known_players_push_the_next_rows_down(
    field: int, size: tuple[int, int], lang: str, tmp_path: Path
) -> None:
    app = app_at(history(tmp_path), lang)
    async with app.run_test(size=size) as pilot:
        screen = await new_match(pilot, app)
        name = screen.query_one(f"#name{field}", Input)
        name.focus()
        await wait_until(pilot, lambda: name.has_focus, "the name field has the focus")
        await pilot.press("down")
        known = screen.query_one(f"#known{field}", OptionList)
        await wait_until(pilot, lambda: known.display and known.region.height > 2, "Down opened the known players")
        below = screen.query_one("#name1", Input) if field == 0 else screen.query_one("#length", Select)

        def apart() -> None:
            shown = known.region
            assert shown.height >= 4, shown  # (the players are there to be read)
            for control in (below, screen.query_one("#preset", Select), name):
                assert not _overlap(shown, control.region), (control.id, control.region, shown)
            assert below.region.y >= shown.bottom, (below.region, shown)

        await eventually(pilot, apart)
        # The list is in sight, and so is the field it is for.
        card = screen.query_one("#card")
        await eventually(pilot, lambda: _inside(known.region, card.region) and _inside(name.region, card.region))


def _inside(inner: Region, outer: Region) -> None:
    assert outer.contains_region(inner), (inner, outer)  # type: ignore[func-returns-value]
    return None


# -- a set-up position asks who plays and how ---------------------------------------------------------

PID = "4HPwATDgc/ABMA"


async def ids_typed(pilot: Pilot[object], app: TawlaApp, position: str, match: str = "") -> SetupScreen:
    setup = await screen_is(pilot, SetupScreen)
    for selector, text in (("#position", position), ("#match", match)):
        field = setup.query_one(selector, Input)
        field.value = text
    setup.query_one("#match", Input).focus()
    await wait_until(pilot, lambda: setup.query_one("#match", Input).has_focus, "the Match ID field has the focus")
    return setup


@pytest.mark.parametrize("lang", ["en", "ar"])
async def test_a_set_up_position_asks_who_plays_it_and_under_which_customs(lang: str, tmp_path: Path) -> None:
    from tawla.engine import MatchInfo, match_id

    mid = match_id(MatchInfo(cube=2, cube_owner=1, on_roll=1, turn=1, dice=(3, 1), match_length=7, score=(2, 4)))
    app = app_at(Paths(tmp_path / "config", tmp_path / "data"), lang, names=("Ali", "Badr"), rules=preset("cafe", 3))
    async with app.run_test(size=(100, 30)) as pilot:
        app.action_setup()
        setup = await ids_typed(pilot, app, PID, mid)
        await pilot.press("enter")
        await wait_until(pilot, lambda: setup not in app.screen_stack, "the IDs taken")
        asked = await screen_is(pilot, NewMatchScreen)
        # It says whom and how: the names and customs of the last match, the length the IDs'.
        assert asked.setup is not None
        assert [asked.query_one(f"#name{i}", Input).value for i in (0, 1)] == ["Ali", "Badr"]
        length = asked.query_one("#length", LengthSelect)
        assert length.value == 7 and asked.rules.match_length == 7
        # Reached by Tab like every field (#36), another length is refused, saying why.
        length.focus()
        await wait_until(pilot, lambda: length.has_focus, "the length has the focus")
        await pilot.press("9")
        await wait_until(pilot, lambda: problem_of(asked) == plain(tr(lang, "setup.length_fixed")), "the IDs' length")
        assert length.value == 7 and asked.rules.match_length == 7
        assert preset_of(asked.rules) == "custom"  # (Café customs, but the Match ID's cube is turned)
        assert asked.rules.cube and asked.rules.opening is Opening.WINNER_REROLLS
        assert text_of(asked.query_one(".title", Static)) == plain(tr(lang, "setup.players_title"))
        # Esc goes back to the IDs, as typed.
        await pilot.press("escape")
        again = await screen_is(pilot, SetupScreen)
        assert again.query_one("#position", Input).value == PID and again.query_one("#match", Input).value == mid
        again.query_one("#match", Input).focus()
        await wait_until(pilot, lambda: again.query_one("#match", Input).has_focus, "the Match ID has the focus")
        await pilot.press("enter")
        asked = await screen_is(pilot, NewMatchScreen)
        await type_names(pilot, asked, "Dina", "Ezz")
        preset_select = asked.query_one("#preset", Select)
        preset_select.value = "international"
        await wait_until(pilot, lambda: asked.rules.opening.value == "play_opening_dice", "International customs")
        await pilot.press("ctrl+s")
        game = await screen_is(pilot, GameScreen)
        match = game.match
        assert match.names == ("Dina", "Ezz")
        state = match.state
        assert state.rules.match_length == 7 and state.score == (2, 4) and state.cube.value == 2
        assert state.phase is Phase.MOVING and state.turn is not None and state.turn.roll == (3, 1)
        assert state.rules.opening.value == "play_opening_dice" and match.match_id() == mid
    assert app.settings.names == ("Dina", "Ezz")  # (remembered, as New match does)


async def test_a_position_without_a_match_id_is_played_at_the_length_chosen(tmp_path: Path) -> None:
    app = app_at(Paths(tmp_path / "config", tmp_path / "data"), names=("Ali", "Badr"), rules=RuleSet(match_length=5))
    async with app.run_test(size=(100, 30)) as pilot:
        app.action_setup()
        setup = await ids_typed(pilot, app, PID)
        await pilot.press("enter")
        await wait_until(pilot, lambda: setup not in app.screen_stack, "the IDs taken")
        asked = await screen_is(pilot, NewMatchScreen)
        length = asked.query_one("#length", LengthSelect)
        assert not length.disabled and length.value == 5
        length.focus()
        await wait_until(pilot, lambda: length.has_focus, "the length has the focus")
        await pilot.press("9")
        await wait_until(pilot, lambda: asked.rules.match_length == 9, "a 9-point match")
        await type_names(pilot, asked, "Sam", "sam")
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.screen is asked  # (one player under two names: refused here too)
        await pilot.press("i")
        await pilot.press("ctrl+s")
        game = await screen_is(pilot, GameScreen)
        assert game.match.names == ("Sam", "sami") and game.match.rules.match_length == 9
        assert game.match.position_id() == PID and game.match.state.score == (0, 0)
