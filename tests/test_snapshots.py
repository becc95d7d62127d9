"""SVG snapshots of every screen at 80×24 and 120×40 (pytest-textual-snapshot), in
English, in Arabic with Western digits and in Arabic with Arabic-Indic digits.

Run ``pytest tests/test_snapshots.py -n 0 --snapshot-update`` after a deliberate
change of the look, then look at the SVGs under ``tests/__snapshots__/``.
Dice are scripted or seeded, so every picture is reproducible. (An SVG viewer
applies its own bidi to the Arabic rows: the text in the files is what the
terminal receives, in visual order.)

``snap_compare`` takes its picture right after ``run_before`` and a few of Pilot's pauses,
which only wait for the process to *look* idle (on a busy machine it looks idle while a
screen is still being built). So no test here gives ``snap_compare`` keys to press: each
``run_before`` presses them and then waits for the state its picture is meant to show
(:func:`drawn`), and a key that opens a screen is followed by the keys for that screen only
once it is built.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import pytest
from textual.pilot import Pilot
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, OptionList, Static

from tawla.engine import Position, legal_plays
from tawla.game import Match, Phase, RuleSet, ScriptedDice, SeededDice
from tawla.game.state import MatchState
from tawla.store.files import Paths
from tawla.store.settings import Digits, Preferences, Settings
from tawla.ui.app import TawlaApp
from tawla.ui.compat import FooterKey
from tawla.ui.footer import TawlaFooter
from tawla.ui.screens.book import BookScreen
from tawla.ui.screens.book_figures import FiguresScreen
from tawla.ui.screens.check_rtl import CheckRtlScreen
from tawla.ui.screens.dialogs import ResignLevelScreen, ResultScreen
from tawla.ui.screens.game import GameScreen
from tawla.ui.screens.help import HelpScreen
from tawla.ui.screens.history import HistoryScreen
from tawla.ui.screens.ids import IdsScreen
from tawla.ui.screens.menu import ITEMS, MenuScreen
from tawla.ui.screens.new_match import NewMatchScreen
from tawla.ui.screens.replay import ReplayScreen
from tawla.ui.screens.rulebook import RulebookScreen
from tawla.ui.screens.settings import SettingsScreen
from tawla.ui.screens.setup import SetupScreen
from tawla.ui.screens.story import StoryScreen
from tawla.ui.screens.too_small import TooSmallScreen

from .helpers.waiting import screen_is, wait_until, workers_done

SIZES = [(80, 24), (120, 40)]
VARIANTS = ["en", "ar", "ar-indic"]
"""English; Arabic with Western digits; Arabic with Arabic-Indic digits."""
NAMES = {"en": ("Ali", "Badr"), "ar": ("علي", "بدر")}

each = pytest.mark.parametrize("variant", VARIANTS)
sizes = pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")

S = TypeVar("S", bound=Screen[Any])
RunBefore = Callable[[Pilot[Any]], Awaitable[None]]


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


# -- waiting for the picture -------------------------------------------------------------------


def _built(screen: Screen[Any]) -> bool:
    return bool(getattr(screen, "built", screen.is_mounted))


async def up(pilot: Pilot[Any]) -> None:
    """Wait for the screen tawla starts on (the menu, a game, a question) to be built: the
    keys of a test are for it. (``run_before`` begins before tawla's first frame.)"""

    def there() -> bool:
        try:
            return _built(pilot.app.screen)
        except Exception:  # (no screen yet)
            return False

    await wait_until(pilot, there, "tawla's first screen built")


def _visible(app: TawlaApp) -> list[Screen[Any]]:
    """The screens the picture shows: the one on top, and under a modal one those it is drawn over."""
    shown: list[Screen[Any]] = []
    for screen in reversed(app.screen_stack):
        shown.append(screen)
        if not isinstance(screen, ModalScreen):
            break
    return shown


def _footer_problem(screen: Screen[Any]) -> str | None:
    """What is wrong with the screen's footer, if anything: Textual builds it again after a
    refresh when the keys change (and tawla's menu adds it after its first frame); the keys
    it shows must be the ones the screen has now, and a right-to-left footer too wide for the
    terminal is scrolled to its right end, where its first keys are."""
    footers = list(screen.query(TawlaFooter))
    name = type(screen).__name__
    if not footers:
        if isinstance(screen, (ModalScreen, TooSmallScreen)):  # (the screens without a footer)
            return None
        return f"{name} has no footer yet"
    for footer in footers:
        listening = footer.listening  # (the keys of the dialog over the screen, if one is: it hears them)
        state = getattr(listening, "footer_state", None)
        keys: dict[str, bool] = {}  # (action: greyed out), as Textual's Footer composes them
        for _, binding, enabled, _ in listening.active_bindings.values():
            heard = state is None or state(binding.action) is not False  # (see TawlaFooter.compose)
            if binding.show and binding.action not in keys and heard:
                keys[binding.action] = not enabled
        shown = {
            key.action: key._disabled
            for key in footer.query(FooterKey)
            if key.action != "command_palette" and not key.has_class("-command-palette")
        }
        keys = {action: off for action, off in keys.items() if action != "app.command_palette" or action in shown}
        if shown != keys:
            return f"{name}'s footer shows {shown}, not {keys}"
        if footer.has_class("-rtl") and footer.scroll_x != footer.max_scroll_x:
            return f"{name}'s right-to-left footer is not scrolled to its right end"
    return None


async def drawn(
    pilot: Pilot[Any],
    kind: type[S],
    ready: Callable[[S], object] = lambda screen: True,
    what: str = "",
) -> S:
    """Wait for the state a picture is meant to show: a built ``kind`` on top, no worker
    running (the book read in a thread, the palette's search), no key held for a screen still
    being built (tawla/ui/bursts.py), the footers showing the keys of the moment, and
    ``ready(screen)``: what the keys were pressed for. Returns the screen."""
    app = pilot.app
    screen = await screen_is(pilot, kind)
    await workers_done(pilot)

    def problem() -> str | None:
        if app.screen is not screen:
            return f"{type(app.screen).__name__} on top"
        if app._turn is not None:  # (keys held until the screen on top is built, or an action's turn)
            return "keys still held"
        for shown in _visible(app):
            footer = _footer_problem(shown)
            if footer is not None:
                return footer
        if not ready(screen):
            return what or "not ready"
        return None

    await wait_until(pilot, lambda: problem() is None, lambda: f"the picture of {kind.__name__}: {problem()}")
    return screen


def shows(
    kind: type[S],
    *keys: str,
    ready: Callable[[S], object] = lambda screen: True,
    what: str = "",
) -> RunBefore:
    """A ``run_before``: once tawla is up, press ``keys`` (on one screen: none of them opens
    one for the next), then wait until the picture is :func:`drawn`."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await up(pilot)
        if keys:
            await pilot.press(*keys)
        await drawn(pilot, kind, ready, what)

    return run_before


def skill_shown(screen: ResultScreen) -> bool:
    """The card's figures of how well each player played are shown (analysed in a thread)."""
    from tawla.ui.skill import SkillPanel

    return screen.query_one("#skill", SkillPanel).shown


def picked(screen: GameScreen) -> bool:
    return screen.cursor is not None and screen.cursor.picked is not None


# -- the pictures ------------------------------------------------------------------------------


@each
@sizes
def test_menu(snap_compare, size, variant) -> None:  # type: ignore[no-untyped-def]
    menu = shows(
        MenuScreen,
        ready=lambda screen: screen.query_one("#menu", OptionList).option_count == len(ITEMS),
        what="the menu's items",
    )
    assert snap_compare(app_for(variant=variant), run_before=menu, terminal_size=size)


def _book_read(screen: NewMatchScreen) -> bool:
    return screen.book is not None  # (read in a thread: the players the name fields offer)


@each
@sizes
def test_new_match(snap_compare, size, variant) -> None:  # type: ignore[no-untyped-def]
    new_match = shows(NewMatchScreen, "enter", ready=_book_read, what="the book read")
    assert snap_compare(app_for(variant=variant), run_before=new_match, terminal_size=size)


@sizes
def test_new_match_arabic_name_typed(snap_compare, size) -> None:  # type: ignore[no-untyped-def]
    """An Arabic name while it is typed: joined and right to left in its field, the cursor on
    its left (#13)."""
    name = "فاطمة"

    def typed(screen: NewMatchScreen) -> bool:
        return screen.query_one("#name0", Input).value == name and screen.query_one("#preview0", Static).display

    async def type_name(pilot) -> None:  # type: ignore[no-untyped-def]
        await up(pilot)
        await pilot.press("enter")
        await drawn(pilot, NewMatchScreen, _book_read, "the book read")  # (the letters are for its field)
        await pilot.press(*name)
        await drawn(pilot, NewMatchScreen, typed, f"{name} in the first field, and its preview")

    assert snap_compare(app_for(variant="ar"), run_before=type_name, terminal_size=size)


@each
@sizes
def test_settings(snap_compare, size, variant) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(app_for(variant=variant), run_before=shows(SettingsScreen, "s"), terminal_size=size)


@each
@sizes
def test_rules(snap_compare, size, variant) -> None:  # type: ignore[no-untyped-def]
    async def open_rules(pilot) -> None:  # type: ignore[no-untyped-def]
        await up(pilot)
        pilot.app.action_rules()
        await drawn(pilot, RulebookScreen)

    assert snap_compare(app_for(variant=variant), run_before=open_rules, terminal_size=size)


@each
@sizes
def test_help(snap_compare, size, variant) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(app_for(variant=variant), run_before=shows(HelpScreen, "f1"), terminal_size=size)


@each
@sizes
def test_game_picking_a_checker(snap_compare, size, variant) -> None:  # type: ignore[no-untyped-def]
    match = midgame(variant)
    match.roll()
    pick = shows(GameScreen, "enter", ready=picked, what="a checker picked up")
    assert snap_compare(app_for(match, variant), run_before=pick, terminal_size=size)


@each
@sizes
def test_game_double_offered(snap_compare, size, variant) -> None:  # type: ignore[no-untyped-def]
    double = shows(GameScreen, "d", ready=lambda screen: screen.match.state.phase is Phase.DOUBLED, what="doubled")
    assert snap_compare(app_for(midgame(variant), variant), run_before=double, terminal_size=size)


@each
@sizes
def test_game_over(snap_compare, size, variant) -> None:  # type: ignore[no-untyped-def]
    dropped = shows(ResultScreen, "d", "p", ready=skill_shown, what="the skill figures")  # (double, and a pass)
    assert snap_compare(app_for(midgame(variant), variant), run_before=dropped, terminal_size=size)


@each
@sizes
def test_match_over(snap_compare, size, variant) -> None:  # type: ignore[no-untyped-def]
    start = MatchState(rules=RuleSet(match_length=1), phase=Phase.TURN, board=Position.from_counts({1: 1}, {6: 15}))
    match = Match(names=NAMES[variant[:2]], dice=ScriptedDice([(2, 1)]), start=start)
    over = shows(ResultScreen, "space", ready=skill_shown, what="the skill figures")  # (the book and analysis: threads)
    assert snap_compare(app_for(match, variant), run_before=over, terminal_size=size)


@each
@sizes
def test_resign_dialog(snap_compare, size, variant) -> None:  # type: ignore[no-untyped-def]
    resign = shows(ResignLevelScreen, "R")
    assert snap_compare(app_for(midgame(variant), variant), run_before=resign, terminal_size=size)


@each
@sizes
def test_typed_move_dialog(snap_compare, size, variant) -> None:  # type: ignore[no-untyped-def]
    match = midgame(variant)
    match.roll()

    def typing(screen: GameScreen) -> bool:
        return screen.typing and screen.query_one("#move", Input).value == "13"

    typed = shows(GameScreen, ":", "1", "3", ready=typing, what="13 typed in the move prompt")
    assert snap_compare(app_for(match, variant), run_before=typed, terminal_size=size)


@pytest.mark.parametrize("variant", ["ar", "ar-indic"])
@sizes
def test_a_move_refused_with_its_reason(snap_compare, size, variant) -> None:  # type: ignore[no-untyped-def]
    match = midgame(variant)
    match.roll()
    # (the first 6 plays; each 6 after it is refused with the same reason, the board unchanged)
    refused = shows(GameScreen, "6", "6", "6", "6", ready=lambda screen: screen.problem, what="the reason said")
    assert snap_compare(app_for(match, variant), run_before=refused, terminal_size=size)


@sizes
def test_right_to_left_check(snap_compare, size) -> None:  # type: ignore[no-untyped-def]
    asked = shows(CheckRtlScreen)
    assert snap_compare(TawlaApp(lang="ar", dice=SeededDice(3)), run_before=asked, terminal_size=size)


@each
def test_too_small(snap_compare, variant) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(app_for(variant=variant), run_before=shows(TooSmallScreen), terminal_size=(60, 20))


def test_ascii_board_in_monochrome(snap_compare) -> None:  # type: ignore[no-untyped-def]
    from tawla.store.settings import Theme

    match = midgame()
    match.roll()
    settings = Settings(preferences=Preferences(ascii_board=True, theme=Theme.MONO))
    app = TawlaApp(lang="en", dice=match.dice, match=match, settings=settings)
    assert snap_compare(app, run_before=shows(GameScreen), terminal_size=(80, 24))


@each
@sizes
def test_ids_dialog(snap_compare, size, variant) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(app_for(midgame(variant), variant), run_before=shows(IdsScreen, "i"), terminal_size=size)


@each
@sizes
def test_setup_dialog(snap_compare, size, variant) -> None:  # type: ignore[no-untyped-def]
    def refused(screen: SetupScreen) -> bool:
        return bool(str(screen.query_one("#problem", Static).render()))

    async def set_up(pilot) -> None:  # type: ignore[no-untyped-def]
        await up(pilot)
        pilot.app.action_setup()
        screen = await drawn(pilot, SetupScreen)
        await pilot.press(*"4HPwATDgc/ABM", "enter")
        match_id = screen.query_one("#match", Input)
        await wait_until(pilot, lambda: screen.focused is match_id, "Enter: on to the Match ID")
        await pilot.press(*"cAkAAAAAAAAAA", "enter")  # 13 characters: one too many
        await drawn(pilot, SetupScreen, refused, "the problem named under the fields")

    assert snap_compare(app_for(variant=variant), run_before=set_up, terminal_size=size)


def _with_history(tmp_path, variant: str) -> TawlaApp:  # type: ignore[no-untyped-def]
    from tawla.store import saves

    os.environ["TZ"] = "UTC"  # the list shows local times
    time.tzset()
    paths = Paths(tmp_path / "config", tmp_path / "data")
    kept = saves.SavedMatch(midgame(variant, moves=30), "20261129-200000-a1b2c3", "2026-11-29T20:00:00+00:00")
    saves.archive(kept, paths.history)
    return app_for(variant=variant, paths=paths)


def _listed(screen: HistoryScreen) -> bool:
    return screen.query_one("#matches", OptionList).option_count == 1  # (the match kept)


@each
@sizes
def test_history_picker(snap_compare, size, variant, tmp_path) -> None:  # type: ignore[no-untyped-def]
    async def open_replay(pilot) -> None:  # type: ignore[no-untyped-def]
        await up(pilot)
        pilot.app.action_replay()
        await drawn(pilot, HistoryScreen, _listed, "the match kept on the list")

    app = _with_history(tmp_path, variant)
    assert snap_compare(app, run_before=open_replay, terminal_size=size)


@each
@sizes
def test_replay(snap_compare, size, variant, tmp_path) -> None:  # type: ignore[no-untyped-def]
    async def replay(pilot) -> None:  # type: ignore[no-untyped-def]
        await up(pilot)
        pilot.app.action_replay()
        await drawn(pilot, HistoryScreen, _listed, "the match kept on the list")
        await pilot.press("enter")
        await drawn(pilot, ReplayScreen)  # (pushed once the list is answered: the steps are for it)
        await pilot.press(*["right"] * 12)
        # (→ is forward where the screen reads left to right; in Arabic it steps back, and at
        # the start already each of the twelve only rings the bell: the picture is the start)
        await drawn(pilot, ReplayScreen, lambda screen: screen.frame == (0 if screen.rtl else 12), "twelve steps on")
        await drawn(pilot, ReplayScreen, _analysed, "the moves analysed (a thread: #24)")

    app = _with_history(tmp_path, variant)
    assert snap_compare(app, run_before=replay, terminal_size=size)


def _analysed(screen: ReplayScreen | StoryScreen) -> bool:
    """The analysis of the moves (worked out in a thread) has reached the screen."""
    return screen.skill_news is not None and screen.skill_news.done


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("theme", ["cafe", "night", "day", "contrast", "mono"])
def test_game_in_each_theme(snap_compare, theme, lang) -> None:  # type: ignore[no-untyped-def]
    """Every theme at 80×24 in both languages: picking a checker (cursor, landings, last move)."""
    from tawla.store.settings import Theme

    match = midgame(lang)
    match.roll()
    settings = Settings(bidi_checked=True, preferences=Preferences(theme=Theme(theme)))
    app = TawlaApp(lang=lang, dice=match.dice, match=match, settings=settings)
    pick = shows(GameScreen, "enter", ready=picked, what="a checker picked up")
    assert snap_compare(app, run_before=pick, terminal_size=(80, 24))


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_long_names_in_the_panel(snap_compare, lang) -> None:  # type: ignore[no-untyped-def]
    """«فاطمة الزهراء» against Christopher at 80×24: cut with "…", nothing wrapped (#12)."""
    match = Match(RuleSet(match_length=7), ("فاطمة الزهراء", "Christopher"), ScriptedDice([(6, 1), (5, 2)]))
    app = TawlaApp(lang=lang, dice=match.dice, match=match, settings=Settings(bidi_checked=True))

    def moving(screen: GameScreen) -> bool:
        return screen.match.state.phase is Phase.MOVING

    def typed(screen: GameScreen) -> bool:
        return screen.typing and screen.query_one("#move", Input).value == "13/7 8/7"

    def played(screen: GameScreen) -> bool:
        turn = screen.match.state.turn
        return not screen.typing and turn is not None and len(turn.made) == 2

    def handed_over(screen: GameScreen) -> bool:
        state = screen.match.state
        return state.phase is Phase.TURN and state.on_roll == 1 and screen.handover and not screen.showing_steps

    async def play(pilot) -> None:  # type: ignore[no-untyped-def]
        await up(pilot)
        await pilot.press("space")  # the opening roll: 6-1 for فاطمة الزهراء
        await drawn(pilot, GameScreen, moving, "the opening roll")
        await pilot.press(":", *"13/7 8/7")
        await drawn(pilot, GameScreen, typed, "the move typed")
        await pilot.press("enter")
        await drawn(pilot, GameScreen, played, "the move played")
        await pilot.press("enter")  # (the end of the turn: ends showing the move step by step, too)
        await drawn(pilot, GameScreen, handed_over, "the turn ended, handed over to Christopher")

    assert snap_compare(app, run_before=play, terminal_size=(80, 24))


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_game_at_160x50(snap_compare, lang) -> None:  # type: ignore[no-untyped-def]
    """The largest board (#12): picking a checker, the last move marked, the moves listed."""
    match = midgame(lang)
    match.roll()
    pick = shows(GameScreen, "enter", ready=picked, what="a checker picked up")
    assert snap_compare(app_for(match, lang), run_before=pick, terminal_size=(160, 50))


# -- the players' book (#14) -------------------------------------------------------------------------

langs = pytest.mark.parametrize("lang", ["en", "ar"])


def _book_app(tmp_path, lang: str) -> TawlaApp:  # type: ignore[no-untyped-def]
    """A history of five matches at fixed dates (tests/test_book_ui.py), dates shown in UTC."""
    from .test_book_ui import history

    os.environ["TZ"] = "UTC"  # the book shows local dates
    time.tzset()
    return app_for(variant=lang, paths=history(tmp_path))


async def _open_book(pilot: Pilot[Any]) -> BookScreen:
    """The book on top, read in its thread and drawn (tests/test_book_ui.py's ``book_drawn``)."""
    from .test_book_ui import NOW, book_drawn

    await up(pilot)
    await pilot.app.push_screen(BookScreen(pilot.app.read_book, now=NOW))
    return await drawn(pilot, BookScreen, book_drawn, "the book read and its rows drawn")


@langs
@sizes
def test_book(snap_compare, size, lang, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The players against everyone, all time (in Arabic the columns from the right)."""
    assert snap_compare(_book_app(tmp_path, lang), run_before=_open_book, terminal_size=size)


@langs
@sizes
def test_book_head_to_head(snap_compare, size, lang, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The head to head of the pair who played last: their figures as rows, their matches."""
    from .test_book_ui import book_drawn

    async def pair(pilot) -> None:  # type: ignore[no-untyped-def]
        await _open_book(pilot)
        await pilot.press("tab")
        await drawn(pilot, BookScreen, lambda screen: screen.view == "pairs" and book_drawn(screen), "head to head")
        await pilot.press("enter")
        await drawn(pilot, FiguresScreen)

    assert snap_compare(_book_app(tmp_path, lang), run_before=pair, terminal_size=size)


def _book_with_skill(tmp_path, lang: str) -> TawlaApp:  # type: ignore[no-untyped-def]
    """The book of :func:`_book_app`, three of its matches analysed (figures written into their
    history files as the match-over card writes them), and a last match with a roll (its luck)."""
    import json

    from tawla.store import saves
    from tawla.store.records import add_skill

    app = _book_app(tmp_path, lang)
    history = app.paths.data / "history"
    for ident, lost, judged in (("m1", (312, 95), (14, 9)), ("m2", (120, 240), (12, 16)), ("m3", (80, 410), (8, 11))):
        events = len(json.loads((history / f"{ident}.json").read_text("utf-8"))["events"])
        assert add_skill(history / f"{ident}.json", events, lost, judged, "test")
    start = MatchState(rules=RuleSet(match_length=1), phase=Phase.TURN, board=Position.from_counts({1: 1}, {6: 15}))
    match = Match(names=("Ali", "Badr"), dice=ScriptedDice([(2, 1)]), start=start)
    match.roll()
    match.play(legal_plays(match.state.turn.start, (2, 1))[0])  # type: ignore[union-attr]
    saved = saves.SavedMatch(match, "m6", "2026-11-18T09:00:00+00:00")
    data = saves.to_json(saved)
    data["saved"] = "2026-11-18T09:30:00+00:00"
    (history / "m6.json").write_text(json.dumps(data, ensure_ascii=False), "utf-8")
    return app


@langs
@sizes
def test_book_with_error_rates(snap_compare, size, lang, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The error rate over each player's analysed matches, beside the luck of the dice (#24)."""
    assert snap_compare(_book_with_skill(tmp_path, lang), run_before=_open_book, terminal_size=size)


@langs
def test_book_of_tavli_matches(snap_compare, lang, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The book read for one game (G four times): tavli matches, each one match, the game named
    in the title (#23)."""
    from .test_book_ui import NOW, book_drawn, history_with_games

    os.environ["TZ"] = "UTC"
    time.tzset()

    async def tavli(pilot) -> None:  # type: ignore[no-untyped-def]
        await up(pilot)
        await pilot.app.push_screen(BookScreen(pilot.app.read_book, now=NOW))
        await drawn(pilot, BookScreen, book_drawn, "the book read and its rows drawn")
        await pilot.press(*"gggg")
        await drawn(pilot, BookScreen, lambda screen: screen.game == "tavli" and book_drawn(screen), "tavli matches")

    app = app_for(variant=lang, paths=history_with_games(tmp_path))
    assert snap_compare(app, run_before=tavli, terminal_size=(80, 24))


@langs
@sizes
def test_how_a_game_went(snap_compare, size, lang) -> None:  # type: ignore[no-untyped-def]
    """The dice's luck, hits, turns, the cube and both pip counts turn by turn (from the right
    in Arabic)."""
    match = midgame(lang, moves=30)

    async def story(pilot) -> None:  # type: ignore[no-untyped-def]
        await up(pilot)
        await pilot.app.push_screen(StoryScreen(match))
        await drawn(pilot, StoryScreen, _analysed, "the moves analysed (a thread: #24)")

    assert snap_compare(app_for(variant=lang), run_before=story, terminal_size=size)


@langs
@sizes
def test_replay_with_losses(snap_compare, size, lang) -> None:  # type: ignore[no-untyped-def]
    """The replay at the end of a turn that lost equity: its loss and grade, the better play (w),
    and the moves of the panel marked (#24)."""
    from tawla.analysis.skill import Kind

    forward = "left" if lang == "ar" else "right"

    async def replay(pilot) -> None:  # type: ignore[no-untyped-def]
        await up(pilot)
        await pilot.app.push_screen(ReplayScreen(midgame(lang, moves=30)))
        screen = await drawn(pilot, ReplayScreen, lambda s: s.skill_news is not None and s.skill_news.done, "analysed")
        for _ in range(200):  # (to the end of the first turn graded bad or worse)
            shown = screen.decision_shown()
            if shown is not None and shown.kind is Kind.PLAY and shown.grade is not None and shown.loss >= 0.08:
                break
            frame = screen.frame + 1
            await pilot.press(forward)
            await drawn(pilot, ReplayScreen, lambda s, frame=frame: s.frame == frame, "a step on")
        await pilot.press("w")
        await drawn(pilot, ReplayScreen, lambda s: s.better, "the better play said")

    assert snap_compare(app_for(variant=lang), run_before=replay, terminal_size=size)


@langs
def test_new_match_offers_the_known_players(snap_compare, lang, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The list under the first name field, narrowed by a letter typed (#14)."""
    letter = "l" if lang == "en" else "ل"

    def offered(screen: NewMatchScreen) -> bool:
        known = screen.query_one("#known0", OptionList)
        return screen.query_one("#name0", Input).value == letter and known.display and known.highlighted == 0

    async def typed(pilot) -> None:  # type: ignore[no-untyped-def]
        await up(pilot)
        await pilot.press("enter")
        await drawn(pilot, NewMatchScreen, _book_read, "the book read")
        await pilot.press(letter, "down")
        await drawn(pilot, NewMatchScreen, offered, "the known players offered, the first highlighted")

    assert snap_compare(_book_app(tmp_path, lang), run_before=typed, terminal_size=(80, 24))


# -- Plakoto, Fevga and the tavli match (issue 23) ---------------------------------------------


def tavla_midgame(choice: str, lang: str, turns: int, seed: int) -> Match:
    """A seeded Plakoto or Fevga game some turns in, the player on roll having rolled (Plakoto:
    played until pins stand on the board)."""
    from tawla.engine.games import plays_of
    from tawla.engine.tavla import TavlaBoard

    rules = RuleSet().adjusted(game=choice, match_length=3)
    match = Match(rules, NAMES[lang[:2]], SeededDice(seed))
    rng = random.Random(seed)
    match.roll_opening()
    for n in range(200):
        board = match.state.board
        pins = isinstance(board, TavlaBoard) and sum(1 for p in range(1, 25) if board.pinned(p)) >= 2
        if n >= turns and (choice != "plakoto" or pins):
            break
        if match.state.phase is Phase.TURN:
            match.roll()
        turn = match.state.turn
        assert turn is not None
        match.play(rng.choice(plays_of(match.state.variant, turn.start, turn.roll)))
        match.confirm()
    match.roll()
    return match


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("choice", ["plakoto", "fevga"])
@sizes
def test_tavla_game_picking_a_checker(snap_compare, size, choice, lang) -> None:  # type: ignore[no-untyped-def]
    match = tavla_midgame(choice, lang, 12, 5)
    pick = shows(GameScreen, "enter", ready=picked, what="a checker picked up")
    assert snap_compare(app_for(match, lang), run_before=pick, terminal_size=size)


def test_plakoto_pins_on_the_ascii_board_in_monochrome(snap_compare) -> None:  # type: ignore[no-untyped-def]
    from tawla.store.settings import Theme

    match = tavla_midgame("plakoto", "en", 12, 5)
    settings = Settings(bidi_checked=True, preferences=Preferences(ascii_board=True, theme=Theme.MONO))
    app = TawlaApp(lang="en", dice=match.dice, match=match, settings=settings)
    assert snap_compare(app, run_before=shows(GameScreen), terminal_size=(80, 24))
