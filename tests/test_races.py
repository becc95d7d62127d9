"""Keys that two real people send: in bursts, twice, at the wrong moment, while a dialog opens,
while the terminal shrinks (#11). Each race found by hand or by random keys is a named test that
sends its keys in one burst (``pilot.press`` with several keys does not wait between them) and
asserts the exact outcome: waited for (tests/helpers/waiting.py), then checked again once the keys had
their chance to do more (``settle``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.command import CommandPalette

from tawla.game import RuleSet, SeededDice
from tawla.store.files import Paths
from tawla.store.settings import Settings
from tawla.ui.app import TawlaApp
from tawla.ui.screens.game import GameScreen
from tawla.ui.screens.help import HelpScreen
from tawla.ui.screens.menu import MenuScreen
from tawla.ui.screens.too_small import TooSmallScreen

from .helpers.burst import burst, taken
from .helpers.waiting import screen_is, screen_text, screens_are, settle, shows, wait_until

SIZE = (80, 24)


def app_with(tmp_path: Path | None = None, seed: int = 7) -> TawlaApp:
    paths = Paths(tmp_path / "config", tmp_path / "data") if tmp_path is not None else None
    return TawlaApp(lang="en", dice=SeededDice(seed), paths=paths, settings=Settings(bidi_checked=True))


def palettes(app: TawlaApp) -> int:
    return sum(isinstance(screen, CommandPalette) for screen in app.screen_stack)


def screens_opened(app: TawlaApp) -> list[str]:
    """The names of the screens pushed from now on (Textual publishes each as it is pushed)."""
    opened: list[str] = []
    app.screen_change_signal.subscribe(app, lambda screen: opened.append(type(screen).__name__), immediate=True)
    return opened


async def test_the_palette_twice_over_the_too_small_screen(tmp_path: Path) -> None:
    """Ctrl+P, the terminal shrinks below 80×24, Ctrl+P twice: used to raise DuplicateIds
    ('--command-palette'), every time."""
    app = app_with(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.new_match(RuleSet(match_length=3), ("Ali", "Badr"))
        await screens_are(pilot, "MenuScreen", "GameScreen")
        await pilot.press("ctrl+p")
        await screen_is(pilot, CommandPalette)
        await pilot.resize_terminal(60, 18)
        await screen_is(pilot, TooSmallScreen)
        await burst(pilot, "ctrl+p", "ctrl+p")
        await settle(pilot)  # (a second palette would have had its chance to open)
        assert isinstance(app.screen, TooSmallScreen)
        assert palettes(app) == 1
        await pilot.resize_terminal(*SIZE)
        await screen_is(pilot, CommandPalette)
        await settle(pilot)
        assert palettes(app) == 1 and not any(isinstance(s, TooSmallScreen) for s in app.screen_stack)
        await pilot.press("escape")
        await screen_is(pilot, GameScreen)


async def test_help_at_60x18_then_a_resize_leaves_no_stale_too_small_message(tmp_path: Path) -> None:
    """Shrink to 60×18, F1, resize back, Esc: "Terminal too small — need 80×24 (now 80×24)"
    used to stay until the next resize."""
    app = app_with(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.resize_terminal(60, 18)
        await screen_is(pilot, TooSmallScreen)
        await pilot.press("f1")
        await taken(pilot)
        await settle(pilot)  # (a help screen would have had its chance to open)
        assert isinstance(app.screen, TooSmallScreen)  # (no help over it: it would bury it)
        assert not any(isinstance(s, HelpScreen) for s in app.screen_stack)
        await pilot.resize_terminal(*SIZE)
        await pilot.press("escape")
        await screens_are(pilot, "MenuScreen")
        await settle(pilot)
        assert not any(isinstance(s, TooSmallScreen) for s in app.screen_stack)
        assert "too small" not in screen_text(app)
        await pilot.press("f1")
        await screen_is(pilot, HelpScreen)


async def test_help_then_a_shrink_and_a_resize_back(tmp_path: Path) -> None:
    app = app_with(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        await screen_is(pilot, HelpScreen)
        await pilot.resize_terminal(60, 18)
        await screen_is(pilot, TooSmallScreen)
        await pilot.resize_terminal(*SIZE)
        await screens_are(pilot, "MenuScreen", "HelpScreen")
        await pilot.press("escape")
        await screens_are(pilot, "MenuScreen")


async def test_ctrl_p_then_down_and_three_enters_on_the_menu(tmp_path: Path) -> None:
    """Used to raise ScreenStackError ("Can't pop screen") one time in four: the Enters after
    the first found the palette closing and dismissed it again."""
    for _ in range(8):
        app = app_with(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await screen_is(pilot, MenuScreen)
            opened = screens_opened(app)
            await burst(pilot, "ctrl+p", "down", "enter", "enter", "enter")
            await wait_until(
                pilot,
                lambda opened=opened, app=app: "Palette" in opened and not palettes(app),
                lambda opened=opened: f"the palette opened and closed again (opened: {opened})",
            )
            await settle(pilot)  # (the Enters behind the command would have had their chance)
            assert isinstance(app.screen_stack[0], MenuScreen)
            assert not palettes(app)
            await pilot.press("escape", "escape", "escape")  # (whatever the command opened, closed)
            await screens_are(pilot, "MenuScreen")


async def test_ctrl_p_and_four_enters_in_a_game_run_one_command_once(tmp_path: Path) -> None:
    """Once, Ctrl+P and four fast Enters in a game removed the game screen and showed the
    menu's export picker. Now: the first Enter highlights the first command ("Back to the
    menu"), the second runs it, once; the Enters behind it find the palette closing."""
    app = app_with(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.new_match(RuleSet(match_length=3), ("Ali", "Badr"))
        await screens_are(pilot, "MenuScreen", "GameScreen")
        await burst(pilot, "ctrl+p", "enter", "enter", "enter", "enter")
        await screens_are(pilot, "MenuScreen")
        await settle(pilot)  # (a second command would have had its chance to run)
        assert len(app.screen_stack) == 1 and isinstance(app.screen, MenuScreen)
        await wait_until(
            pilot, lambda: app.keeper.has_unfinished() and app.keeper.saved is None, "the match saved, and let go"
        )


# -- the game screen ------------------------------------------------------------------------------


def typed(screen: GameScreen) -> str:
    """What the move box holds."""
    return screen.query_one("#move").value  # type: ignore[attr-defined,no-any-return]


def move_played(screen: GameScreen) -> bool:
    """The move typed has been played (every die) and its box has closed."""
    turn = screen.match.state.turn
    return turn is not None and turn.complete and not screen.typing


def game_on(app: TawlaApp) -> GameScreen:
    screen = app.screen
    assert isinstance(screen, GameScreen), screen
    return screen


async def moving(pilot, app: TawlaApp) -> GameScreen:  # type: ignore[no-untyped-def]
    """A new 3-point match, the opening rolled: the first player is moving."""
    app.new_match(RuleSet(match_length=3), ("Ali", "Badr"))
    screen = await screen_is(pilot, GameScreen)
    await pilot.press("r")
    await wait_until(pilot, lambda: screen.match.state.phase.name == "MOVING", "the opening rolled")
    assert game_on(app) is screen
    assert screen.match.state.turn is not None and not screen.match.state.turn.made
    return screen


async def test_colon_and_a_digit_at_once_type_the_digit(tmp_path: Path) -> None:
    """``:`` then ``6`` sent together: the move box used to open empty and the 6 was played on
    the board (13/7)."""
    app = app_with(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await moving(pilot, app)
        await burst(pilot, ":", "6")
        await wait_until(
            pilot, lambda: screen.typing and typed(screen) == "6", lambda: f"6 in the box ({typed(screen)!r})"
        )
        await settle(pilot)
        assert screen.typing and typed(screen) == "6"
        assert screen.match.state.turn is not None and not screen.match.state.turn.made
        await burst(pilot, "/", "/")  # no second box: the slashes are typed into this one
        await wait_until(pilot, lambda: typed(screen) == "6//", lambda: f"6// in the box ({typed(screen)!r})")
        assert sum(isinstance(s, GameScreen) for s in app.screen_stack) == 1 and app.screen is screen
        await burst(pilot, "escape")
        await wait_until(pilot, lambda: not screen.typing, "Esc closed the box")
        assert screen.match.state.turn is not None and not screen.match.state.turn.made


async def test_a_whole_typed_move_in_one_burst(tmp_path: Path) -> None:
    from tawla.engine.notation import format_play

    app = app_with(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await moving(pilot, app)
        turn = screen.match.state.turn
        assert turn is not None
        from tawla.engine import legal_plays

        play = max(legal_plays(turn.start, turn.roll), key=lambda p: format_play(p))
        await burst(pilot, ":", *format_play(play), "enter")

        def played() -> bool:
            done = screen.match.state.turn
            return done is not None and done.complete and done.position == play.result

        await wait_until(pilot, played, lambda: f"{format_play(play)} played ({screen.match.state.turn})")


async def test_enter_pressed_twice_at_the_end_of_a_turn_never_rolls_for_the_opponent(tmp_path: Path) -> None:
    app = app_with(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await moving(pilot, app)
        turn = screen.match.state.turn
        assert turn is not None
        from tawla.engine import legal_plays
        from tawla.engine.notation import format_play

        await burst(pilot, ":", *format_play(legal_plays(turn.start, turn.roll)[0]), "enter")
        await wait_until(pilot, lambda: move_played(screen), "the move played, the box closed")
        events = len(screen.match.events)
        await burst(pilot, "enter", "enter", "space", "enter", "space")  # the turn ends, then a mash
        await wait_until(pilot, lambda: screen.match.state.on_roll == 1, "the turn ended")
        await settle(pilot)  # (a roll by the mash would have had its chance)
        state = screen.match.state
        assert state.phase.name == "TURN" and state.on_roll == 1  # Badr to roll, and nothing rolled
        assert len(screen.match.events) == events + 1  # (just the end of the turn)
        await shows(pilot, "Badr, your turn: r to roll, d to double.")
        await burst(pilot, "r")
        await wait_until(
            pilot,
            lambda: screen.match.state.phase.name == "MOVING" and screen.match.state.on_roll == 1,
            lambda: f"Badr rolled ({screen.match.state.phase.name}, {screen.match.state.on_roll} on roll)",
        )


async def test_enter_never_accepts_a_resignation(tmp_path: Path) -> None:
    from tawla.ui.screens.dialogs import AnswerScreen

    app = app_with(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await moving(pilot, app)
        await burst(pilot, "R", "1", "enter", "enter", "space")  # resign a single game, then stray keys
        await screens_are(pilot, "MenuScreen", "GameScreen", "AnswerScreen")
        await settle(pilot)  # (an Enter accepting it would have had its chance)
        assert isinstance(app.screen, AnswerScreen)
        assert screen.match.state.phase.name == "RESIGNING"
        await burst(pilot, "n")
        await wait_until(pilot, lambda: screen.match.state.phase.name == "MOVING", "the resignation refused")
        await burst(pilot, "R", "1", "y")
        await wait_until(
            pilot,
            lambda: screen.match.state.phase.name == "GAME_OVER" and screen.match.state.score == (0, 1),
            lambda: f"the resignation accepted ({screen.match.state.phase.name}, {screen.match.state.score})",
        )


# -- every refusal speaks -------------------------------------------------------------------------


def _refusal_cases() -> dict[str, tuple[object, str, object]]:
    """name: (the state, the key pressed, the action refused) — each refused key of #11."""
    from tawla.engine import Position
    from tawla.game import Action
    from tawla.game.state import Cube, MatchState, Phase

    start = Position.start()

    def at(rules: RuleSet, **fields: object) -> MatchState:
        return MatchState(rules=rules, phase=Phase.TURN, board=start, on_roll=0, **fields)  # type: ignore[arg-type]

    match5 = RuleSet(match_length=5)
    return {
        "double in the Crawford game": (at(match5, score=(4, 2), crawford_game=True), "d", Action.DOUBLE),
        "double when the opponent owns the cube": (at(match5, cube=Cube(2, 1)), "d", Action.DOUBLE),
        "beaver in a match": (at(match5), "b", Action.BEAVER),
        "take before any double": (at(match5), "t", Action.TAKE),
        "pass before any double": (at(match5), "p", Action.DROP),
        "beaver before any double (money)": (
            at(RuleSet(match_length=0, beavers=True, jacoby=False)),
            "b",
            Action.BEAVER,
        ),
    }


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("case", list(_refusal_cases()))
async def test_a_refused_key_says_why(case: str, lang: str) -> None:
    from tawla.game import Match, ScriptedDice
    from tawla.i18n.bidi import visual
    from tawla.i18n.messages import action_error_text

    state, key, action = _refusal_cases()[case]
    match = Match(names=("Ali", "Badr"), dice=ScriptedDice([(6, 1)]), start=state)  # type: ignore[arg-type]
    refusal = match.refusal(action)  # type: ignore[arg-type]
    assert refusal is not None
    sentence = action_error_text(lang, refusal)
    assert not sentence.startswith("action."), sentence  # a real sentence of the catalog
    app = TawlaApp(lang=lang, dice=match.dice, match=match, settings=Settings(bidi_checked=True))
    async with app.run_test(size=SIZE) as pilot:
        await screen_is(pilot, GameScreen)
        before = match.events
        await burst(pilot, key)
        expected = visual(sentence, rtl=True) if lang == "ar" else sentence
        await shows(pilot, expected)
        assert match.events == before  # said, and nothing done


async def test_the_panel_follows_the_cube_on_offer(tmp_path: Path) -> None:
    app = app_with(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await moving(pilot, app)
        turn = screen.match.state.turn
        assert turn is not None
        from tawla.engine import legal_plays
        from tawla.engine.notation import format_play

        await burst(pilot, ":", *format_play(legal_plays(turn.start, turn.roll)[0]), "enter", "enter")
        await wait_until(pilot, lambda: move_played(screen), "the move played, the box closed")
        await settle(pilot)  # (the second Enter, had it ended the turn, would have done it by now)
        assert screen.match.state.phase.name == "MOVING"  # the second Enter went to the prompt, and no further
        await burst(pilot, "enter")
        await wait_until(pilot, lambda: screen.match.state.phase.name == "TURN", "the turn ended")
        await shows(pilot, "Cube 1 · in the middle")
        await burst(pilot, "d")
        await wait_until(pilot, lambda: screen.match.state.phase.name == "DOUBLED", "the double offered")
        await shows(pilot, "Cube 1 → 2 · offered by Badr")
        assert "in the middle" not in screen_text(app)
        await burst(pilot, "t")
        await shows(pilot, "Cube 2 · Ali")


async def test_the_menu_is_one_key_away(tmp_path: Path) -> None:
    app = app_with(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await moving(pilot, app)
        await shows(pilot, "^W Menu")  # in the footer
        await burst(pilot, "ctrl+p", *"menu")
        await screen_is(pilot, CommandPalette)
        await shows(pilot, "Back to the menu")
        await burst(pilot, "down", "enter")
        await screens_are(pilot, "MenuScreen")
