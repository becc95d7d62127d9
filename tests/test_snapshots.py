"""SVG snapshots of every screen at 80×24 and 120×40 (pytest-textual-snapshot), in
English, in Arabic with Western digits and in Arabic with Arabic-Indic digits.

Run ``pytest tests/test_snapshots.py -n 0 --snapshot-update`` after a deliberate
change of the look, then look at the SVGs under ``tests/__snapshots__/``.
Dice are scripted or seeded, so every picture is reproducible. (An SVG viewer
applies its own bidi to the Arabic rows: the text in the files is what the
terminal receives, in visual order.)
"""

from __future__ import annotations

import os
import random
import time

import pytest

from tawla.engine import Position, legal_plays
from tawla.game import Match, Phase, RuleSet, ScriptedDice, SeededDice
from tawla.game.state import MatchState
from tawla.store.files import Paths
from tawla.store.settings import Digits, Preferences, Settings
from tawla.ui.app import TawlaApp

SIZES = [(80, 24), (120, 40)]
VARIANTS = ["en", "ar", "ar-indic"]
"""English; Arabic with Western digits; Arabic with Arabic-Indic digits."""
NAMES = {"en": ("Ali", "Badr"), "ar": ("علي", "بدر")}

each = pytest.mark.parametrize("variant", VARIANTS)
sizes = pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")


def midgame(variant: str = "en", moves: int = 14) -> Match:
    """A 5-point match a few turns in, the player on roll having rolled (seeded, reproducible)."""
    match = Match(RuleSet(match_length=5), NAMES[variant[:2]], SeededDice(11))
    rng = random.Random(1)
    match.roll_opening()
    for _ in range(moves):
        if match.state.phase is Phase.TURN:
            match.roll()
        turn = match.state.turn
        assert turn is not None
        match.play(rng.choice(legal_plays(turn.start, turn.roll)))
        match.confirm()
    return match


def app_for(match: Match | None = None, variant: str = "en", paths: Paths | None = None) -> TawlaApp:
    dice = match.dice if match is not None else SeededDice(3)
    digits = Digits.ARABIC_INDIC if variant.endswith("indic") else Digits.WESTERN
    settings = Settings(bidi_checked=True, preferences=Preferences(digits=digits))
    return TawlaApp(lang=variant[:2], dice=dice, match=match, settings=settings, paths=paths)


@each
@sizes
def test_menu(snap_compare, size, variant) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(app_for(variant=variant), terminal_size=size)


@each
@sizes
def test_new_match(snap_compare, size, variant) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(app_for(variant=variant), press=["enter"], terminal_size=size)


@sizes
def test_new_match_arabic_name_typed(snap_compare, size) -> None:  # type: ignore[no-untyped-def]
    """An Arabic name while it is typed: joined and right to left in its field, the cursor on
    its left (#13)."""
    assert snap_compare(app_for(variant="ar"), press=["enter", *"فاطمة"], terminal_size=size)


@each
@sizes
def test_settings(snap_compare, size, variant) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(app_for(variant=variant), press=["s"], terminal_size=size)


@each
@sizes
def test_rules(snap_compare, size, variant) -> None:  # type: ignore[no-untyped-def]
    async def open_rules(pilot) -> None:  # type: ignore[no-untyped-def]
        pilot.app.action_rules()
        await pilot.pause()

    assert snap_compare(app_for(variant=variant), run_before=open_rules, terminal_size=size)


@each
@sizes
def test_help(snap_compare, size, variant) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(app_for(variant=variant), press=["f1"], terminal_size=size)


@each
@sizes
def test_game_picking_a_checker(snap_compare, size, variant) -> None:  # type: ignore[no-untyped-def]
    match = midgame(variant)
    match.roll()
    assert snap_compare(app_for(match, variant), press=["enter"], terminal_size=size)


@each
@sizes
def test_game_double_offered(snap_compare, size, variant) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(app_for(midgame(variant), variant), press=["d"], terminal_size=size)


@each
@sizes
def test_game_over(snap_compare, size, variant) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(app_for(midgame(variant), variant), press=["d", "p"], terminal_size=size)


@each
@sizes
def test_match_over(snap_compare, size, variant) -> None:  # type: ignore[no-untyped-def]
    start = MatchState(rules=RuleSet(match_length=1), phase=Phase.TURN, board=Position.from_counts({1: 1}, {6: 15}))
    match = Match(names=NAMES[variant[:2]], dice=ScriptedDice([(2, 1)]), start=start)
    assert snap_compare(app_for(match, variant), press=["space"], terminal_size=size)  # over at the last step


@each
@sizes
def test_resign_dialog(snap_compare, size, variant) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(app_for(midgame(variant), variant), press=["R"], terminal_size=size)


@each
@sizes
def test_typed_move_dialog(snap_compare, size, variant) -> None:  # type: ignore[no-untyped-def]
    match = midgame(variant)
    match.roll()
    assert snap_compare(app_for(match, variant), press=[":", "1", "3"], terminal_size=size)


@pytest.mark.parametrize("variant", ["ar", "ar-indic"])
@sizes
def test_a_move_refused_with_its_reason(snap_compare, size, variant) -> None:  # type: ignore[no-untyped-def]
    match = midgame(variant)
    match.roll()
    assert snap_compare(app_for(match, variant), press=["6", "6", "6", "6"], terminal_size=size)


@sizes
def test_right_to_left_check(snap_compare, size) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(TawlaApp(lang="ar", dice=SeededDice(3)), terminal_size=size)


@each
def test_too_small(snap_compare, variant) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(app_for(variant=variant), terminal_size=(60, 20))


def test_ascii_board_in_monochrome(snap_compare) -> None:  # type: ignore[no-untyped-def]
    from tawla.store.settings import Theme

    match = midgame()
    match.roll()
    settings = Settings(preferences=Preferences(ascii_board=True, theme=Theme.MONO))
    app = TawlaApp(lang="en", dice=match.dice, match=match, settings=settings)
    assert snap_compare(app, terminal_size=(80, 24))


@each
@sizes
def test_ids_dialog(snap_compare, size, variant) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(app_for(midgame(variant), variant), press=["i"], terminal_size=size)


@each
@sizes
def test_setup_dialog(snap_compare, size, variant) -> None:  # type: ignore[no-untyped-def]
    async def set_up(pilot) -> None:  # type: ignore[no-untyped-def]
        pilot.app.action_setup()
        await pilot.pause()
        await pilot.press(*"4HPwATDgc/ABM", "enter")
        await pilot.press(*"cAkAAAAAAAAAA", "enter")  # 13 characters: one too many
        await pilot.pause()

    assert snap_compare(app_for(variant=variant), run_before=set_up, terminal_size=size)


def _with_history(tmp_path, variant: str) -> TawlaApp:  # type: ignore[no-untyped-def]
    from tawla.store import saves

    os.environ["TZ"] = "UTC"  # the list shows local times
    time.tzset()
    paths = Paths(tmp_path / "config", tmp_path / "data")
    kept = saves.SavedMatch(midgame(variant, moves=30), "20261129-200000-a1b2c3", "2026-11-29T20:00:00+00:00")
    saves.archive(kept, paths.history)
    return app_for(variant=variant, paths=paths)


@each
@sizes
def test_history_picker(snap_compare, size, variant, tmp_path) -> None:  # type: ignore[no-untyped-def]
    async def open_replay(pilot) -> None:  # type: ignore[no-untyped-def]
        pilot.app.action_replay()
        await pilot.pause()

    app = _with_history(tmp_path, variant)
    assert snap_compare(app, run_before=open_replay, terminal_size=size)


@each
@sizes
def test_replay(snap_compare, size, variant, tmp_path) -> None:  # type: ignore[no-untyped-def]
    async def replay(pilot) -> None:  # type: ignore[no-untyped-def]
        pilot.app.action_replay()
        await pilot.pause()
        await pilot.press("enter", *["right"] * 12)
        await pilot.pause()

    app = _with_history(tmp_path, variant)
    assert snap_compare(app, run_before=replay, terminal_size=size)


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("theme", ["cafe", "night", "day", "contrast", "mono"])
def test_game_in_each_theme(snap_compare, theme, lang) -> None:  # type: ignore[no-untyped-def]
    """Every theme at 80×24 in both languages: picking a checker (cursor, landings, last move)."""
    from tawla.store.settings import Theme

    match = midgame(lang)
    match.roll()
    settings = Settings(bidi_checked=True, preferences=Preferences(theme=Theme(theme)))
    app = TawlaApp(lang=lang, dice=match.dice, match=match, settings=settings)
    assert snap_compare(app, press=["enter"], terminal_size=(80, 24))


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_long_names_in_the_panel(snap_compare, lang) -> None:  # type: ignore[no-untyped-def]
    """«فاطمة الزهراء» against Christopher at 80×24: cut with "…", nothing wrapped (#12)."""
    match = Match(RuleSet(match_length=7), ("فاطمة الزهراء", "Christopher"), ScriptedDice([(6, 1), (5, 2)]))
    app = TawlaApp(lang=lang, dice=match.dice, match=match, settings=Settings(bidi_checked=True))
    assert snap_compare(app, press=["space", ":", *"13/7 8/7", "enter", "enter"], terminal_size=(80, 24))


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_game_at_160x50(snap_compare, lang) -> None:  # type: ignore[no-untyped-def]
    """The largest board (#12): picking a checker, the last move marked, the moves listed."""
    match = midgame(lang)
    match.roll()
    assert snap_compare(app_for(match, lang), press=["enter"], terminal_size=(160, 50))


# -- the players' book (#14) -------------------------------------------------------------------------

langs = pytest.mark.parametrize("lang", ["en", "ar"])


def _book_app(tmp_path, lang: str) -> TawlaApp:  # type: ignore[no-untyped-def]
    """A history of five matches at fixed dates (tests/test_book_ui.py), dates shown in UTC."""
    from .test_book_ui import history

    os.environ["TZ"] = "UTC"  # the book shows local dates
    time.tzset()
    return app_for(variant=lang, paths=history(tmp_path))


async def _open_book(pilot, view_keys: tuple[str, ...] = ()) -> None:  # type: ignore[no-untyped-def]
    from tawla.ui.screens.book import BookScreen

    from .test_book_ui import NOW

    await pilot.app.push_screen(BookScreen(pilot.app.read_book, now=NOW))
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    if view_keys:
        await pilot.press(*view_keys)
        await pilot.pause()


@langs
@sizes
def test_book(snap_compare, size, lang, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The players against everyone, all time (in Arabic the columns from the right)."""
    assert snap_compare(_book_app(tmp_path, lang), run_before=_open_book, terminal_size=size)


@langs
@sizes
def test_book_head_to_head(snap_compare, size, lang, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The head to head of the pair who played last: their figures as rows, their matches."""

    async def pair(pilot) -> None:  # type: ignore[no-untyped-def]
        await _open_book(pilot, ("tab", "enter"))

    assert snap_compare(_book_app(tmp_path, lang), run_before=pair, terminal_size=size)


@langs
@sizes
def test_how_a_game_went(snap_compare, size, lang) -> None:  # type: ignore[no-untyped-def]
    """The dice's luck, hits, turns, the cube and both pip counts turn by turn (from the right
    in Arabic)."""
    from tawla.ui.screens.story import StoryScreen

    match = midgame(lang, moves=30)

    async def story(pilot) -> None:  # type: ignore[no-untyped-def]
        await pilot.app.push_screen(StoryScreen(match))
        await pilot.pause()

    assert snap_compare(app_for(variant=lang), run_before=story, terminal_size=size)


@langs
def test_new_match_offers_the_known_players(snap_compare, lang, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The list under the first name field, narrowed by a letter typed (#14)."""

    async def typed(pilot) -> None:  # type: ignore[no-untyped-def]
        await pilot.press("enter")
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        await pilot.press("l" if lang == "en" else "ل", "down")
        await pilot.pause()

    assert snap_compare(_book_app(tmp_path, lang), run_before=typed, terminal_size=(80, 24))
