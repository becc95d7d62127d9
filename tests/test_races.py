"""Keys that two real people send: in bursts, twice, at the wrong moment, while a dialog opens,
while the terminal shrinks (#11). Each race found by hand or by random keys is a named test that
sends its keys in one burst (``pilot.press`` with several keys does not wait between them) and
asserts the exact outcome."""

from __future__ import annotations

from pathlib import Path

from textual.command import CommandPalette

from tawla.game import RuleSet, SeededDice
from tawla.store.files import Paths
from tawla.store.settings import Settings
from tawla.ui.app import TawlaApp
from tawla.ui.screens.game import GameScreen
from tawla.ui.screens.help import HelpScreen
from tawla.ui.screens.history import HistoryScreen
from tawla.ui.screens.menu import MenuScreen
from tawla.ui.screens.too_small import TooSmallScreen

from .burst import burst

SIZE = (80, 24)


def app_with(tmp_path: Path | None = None, seed: int = 7) -> TawlaApp:
    paths = Paths(tmp_path / "config", tmp_path / "data") if tmp_path is not None else None
    return TawlaApp(lang="en", dice=SeededDice(seed), paths=paths, settings=Settings(bidi_checked=True))


def screen_text(app: TawlaApp) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def settle(pilot) -> None:  # type: ignore[no-untyped-def]
    """Let every queued message be handled (a few rounds: screens open and close in steps)."""
    for _ in range(4):
        await pilot.pause()


async def test_the_palette_twice_over_the_too_small_screen(tmp_path: Path) -> None:
    """Ctrl+P, the terminal shrinks below 80×24, Ctrl+P twice: used to raise DuplicateIds
    ('--command-palette'), every time."""
    app = app_with(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.new_match(RuleSet(match_length=3), ("Ali", "Badr"))
        await settle(pilot)
        await pilot.press("ctrl+p")
        await pilot.resize_terminal(60, 18)
        await burst(pilot, "ctrl+p", "ctrl+p")
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        assert sum(isinstance(s, CommandPalette) for s in app.screen_stack) == 1
        await pilot.resize_terminal(*SIZE)
        await settle(pilot)
        assert isinstance(app.screen, CommandPalette)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)


async def test_help_at_60x18_then_a_resize_leaves_no_stale_too_small_message(tmp_path: Path) -> None:
    """Shrink to 60×18, F1, resize back, Esc: "Terminal too small — need 80×24 (now 80×24)"
    used to stay until the next resize."""
    app = app_with(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.resize_terminal(60, 18)
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)  # (no help over it: it would bury it)
        await pilot.resize_terminal(*SIZE)
        await pilot.press("escape")
        await settle(pilot)
        assert not any(isinstance(s, TooSmallScreen) for s in app.screen_stack)
        assert "too small" not in screen_text(app)
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)


async def test_help_then_a_shrink_and_a_resize_back(tmp_path: Path) -> None:
    app = app_with(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        await settle(pilot)
        await pilot.resize_terminal(60, 18)
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(*SIZE)
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)


async def test_ctrl_p_then_down_and_three_enters_on_the_menu(tmp_path: Path) -> None:
    """Used to raise ScreenStackError ("Can't pop screen") one time in four: the Enters after
    the first found the palette closing and dismissed it again."""
    for _ in range(8):
        app = app_with(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await burst(pilot, "ctrl+p", "down", "enter", "enter", "enter")
            await settle(pilot)
            assert isinstance(app.screen_stack[0], MenuScreen)
            assert not any(isinstance(s, CommandPalette) for s in app.screen_stack)
            await pilot.press("escape", "escape", "escape")
            await settle(pilot)


async def test_ctrl_p_and_four_enters_in_a_game_keep_the_game(tmp_path: Path) -> None:
    """Once, Ctrl+P and four fast Enters in a game removed the game screen and showed the
    menu's export picker."""
    app = app_with(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.new_match(RuleSet(match_length=3), ("Ali", "Badr"))
        await settle(pilot)
        await burst(pilot, "ctrl+p", "enter", "enter", "enter", "enter")
        await settle(pilot)
        assert any(isinstance(s, GameScreen) for s in app.screen_stack)
        assert not any(isinstance(s, HistoryScreen) for s in app.screen_stack)
        assert not any(isinstance(s, CommandPalette) for s in app.screen_stack)
