"""The Textual game driven through its keys with Textual's Pilot (seeded or scripted dice)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from rich.cells import cell_len
from textual.pilot import Pilot

from tawla.engine import Position, apply_step
from tawla.game import Cube, Match, NextOpener, Phase, RuleSet, ScriptedDice, SeededDice
from tawla.game.events import Stepped
from tawla.game.state import MatchState
from tawla.i18n.bidi import visual
from tawla.store.options import BoardFacing
from tawla.store.settings import Preferences, Settings
from tawla.ui.app import TawlaApp
from tawla.ui.board import BoardModel, BoardView
from tawla.ui.screens.dialogs import LineScreen, NoticeScreen, ResignLevelScreen, ResultScreen, YesNoScreen
from tawla.ui.screens.game import GameScreen
from tawla.ui.screens.menu import MenuScreen
from tawla.ui.screens.too_small import TooSmallScreen

SIZE = (80, 24)


def screen_text(app: TawlaApp) -> str:
    """What the terminal shows, as plain text (the compositor's rows)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def game(app: TawlaApp) -> GameScreen:
    for screen in reversed(app.screen_stack):
        if isinstance(screen, GameScreen):
            return screen
    raise AssertionError("no game screen")


async def play_one_step(pilot: Pilot[None], app: TawlaApp) -> None:
    """Move one checker by keys: the die digit from the cursor point (sometimes Enter, Enter)."""
    screen = game(app)
    turn = screen.match.state.turn
    assert turn is not None and screen.cursor is not None and screen.cursor.at is not None
    step = max((s for s in turn.legal if s.source == screen.cursor.at), key=lambda s: s.die)
    if len(turn.made) % 2:
        await pilot.press(str(step.die))
    else:
        await pilot.press("enter")  # pick up
        while screen.cursor is not None and screen.cursor.step != step:
            await pilot.press("tab")
        await pilot.press("enter")  # put down


async def play_by_keys(pilot: Pilot[None], app: TawlaApp, until, limit: int = 2000) -> None:  # type: ignore[no-untyped-def]
    """Press keys as a player would until ``until(match)`` holds."""
    match = game(app).match
    for _ in range(limit):
        if until(match):
            return
        if isinstance(app.screen, NoticeScreen):
            await pilot.press("enter")
            continue
        state = match.state
        if state.phase in (Phase.OPENING, Phase.TURN):
            await pilot.press("r")
        elif state.phase is Phase.MOVING:
            assert state.turn is not None
            if state.turn.complete:
                await pilot.press("enter")
            else:
                await play_one_step(pilot, app)
        else:
            raise AssertionError(state.phase)
    raise AssertionError("the game did not finish")


def started(match: Match, **settings: object) -> TawlaApp:
    settings.setdefault("bidi_checked", True)  # the right-to-left check has its own tests
    return TawlaApp(lang="en", dice=match.dice, match=match, settings=Settings(**settings))  # type: ignore[arg-type]


def at(rules: RuleSet, board: Position, on_roll: int = 0, **fields: object) -> MatchState:
    return MatchState(rules=rules, phase=Phase.TURN, board=board, on_roll=on_roll, **fields)  # type: ignore[arg-type]


# -- whole games -----------------------------------------------------------------------------


async def test_a_complete_game_through_the_keys_only() -> None:
    match = Match(RuleSet(match_length=1, cube=False), ("Ali", "Badr"), SeededDice(37))
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Opening roll" in screen_text(app)
        await play_by_keys(pilot, app, lambda m: m.state.match_over)
        assert isinstance(app.screen, NoticeScreen)
        assert "wins the match" in screen_text(app)
        steps = [e for e in match.events if isinstance(e, Stepped)]
        assert any(s.source == 25 for s in steps), "a checker entered from the bar"
        assert sum(1 for s in steps if s.source <= 6 and s.source - s.die <= 0) >= 15, "bear-offs"
        await pilot.press("enter")
        assert isinstance(app.screen, MenuScreen)


async def test_new_match_from_the_menu_with_names() -> None:
    app = TawlaApp(lang="en", dice=ScriptedDice([(6, 1)]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # New match
        await pilot.press(*"Ali")
        await pilot.press("tab", *"Badr")
        await pilot.press("ctrl+s")
        screen = game(app)
        assert screen.match.names == ("Ali", "Badr")
        assert screen.match.rules == RuleSet()
        await pilot.press("space")
        assert "Ali" in screen_text(app) and "your move" in screen_text(app)


# -- the cube -----------------------------------------------------------------------------------


async def test_double_offered_and_taken() -> None:
    match = Match(RuleSet(match_length=5), ("Ali", "Badr"), ScriptedDice([(6, 1), (3, 1)]))
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")  # Ali wins the opening with 6-1
        await pilot.press(":", *"13/7 8/7", "enter", "enter")
        assert match.state.on_roll == 1 and match.state.phase is Phase.TURN
        await pilot.press("d")
        assert "Badr doubles to 2" in screen_text(app)
        await pilot.press("t")
        assert match.state.cube == Cube(2, 0)
        assert "Cube 2 · Ali" in screen_text(app)
        await pilot.press("d")  # Badr no longer owns the cube
        assert match.state.phase is Phase.TURN
        await pilot.press("space")
        assert match.state.turn is not None and match.state.turn.roll == (3, 1)


# -- the board between two people ----------------------------------------------------------


async def test_the_board_stays_still_and_numbers_for_the_player_who_decides() -> None:
    """By default the first player sits at the bottom for the whole match (#12); the point
    numbers are those of the player on roll, or of the doubled player while they decide; the
    last move is written in the numbering on the board."""
    match = Match(RuleSet(match_length=5), ("Ali", "Badr"), ScriptedDice([(6, 1), (3, 1)]))
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        screen = game(app)
        board = screen.query_one("#board")
        await pilot.press("space")  # Ali wins the opening with 6-1
        assert board.model.layout.bottom == 0 and board.model.numbering == 0  # type: ignore[attr-defined]
        await pilot.press(":", *"13/7 8/7", "enter", "enter")
        assert match.state.on_roll == 1
        assert board.model.layout.bottom == 0 and board.model.numbering == 1  # type: ignore[attr-defined]
        assert "Last: Ali 6-1: 12/18 17/18" in screen_text(app)  # (Badr's numbering)
        await pilot.press("d")  # Badr doubles: Ali decides, on Ali's numbers
        assert board.model.numbering == 0 and board.model.layout.bottom == 0  # type: ignore[attr-defined]
        assert "Last: Ali 6-1: 13/7 8/7" in screen_text(app)


async def test_the_board_turns_to_the_player_who_decides_when_asked() -> None:
    match = Match(RuleSet(match_length=5), ("Ali", "Badr"), ScriptedDice([(6, 1), (3, 1)]))
    app = started(match, preferences=Preferences(board_facing=BoardFacing.ON_ROLL))
    async with app.run_test(size=SIZE) as pilot:
        board = game(app).query_one("#board")
        await pilot.press("space", ":", *"13/7 8/7", "enter", "enter")
        assert board.model.layout.bottom == 1 and board.model.numbering == 1  # type: ignore[attr-defined]
        await pilot.press("d")
        assert board.model.layout.bottom == 0  # type: ignore[attr-defined]


async def test_a_landing_that_hits_says_so() -> None:
    board = Position.from_counts({8: 2, 13: 1}, {19: 1, 24: 2})  # Badr's blot on Ali's 6 (his 19)
    match = Match(names=("Ali", "Badr"), dice=ScriptedDice([(2, 1)]), start=at(RuleSet(match_length=5), board))
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")  # roll 2-1
        screen = game(app)
        for _ in range(24):  # (to the 8: the cursor walks the points with checkers to move)
            if screen.cursor is not None and screen.cursor.at == 8:
                break
            await pilot.press("right")
        await pilot.press("enter")  # pick up on 8
        assert screen.cursor is not None and screen.cursor.picked == 8
        for _ in range(len(screen.cursor.choices)):
            if screen.cursor.step is not None and screen.cursor.step.hit:
                break
            await pilot.press("tab")
        assert screen.cursor.step is not None and screen.cursor.step.dest == 6 and screen.cursor.step.hit
        assert "Landing on 6 hits the blot there." in screen_text(app)
        await pilot.press("tab")  # (a landing that hits nothing says nothing)
        assert screen.cursor.step is not None and not screen.cursor.step.hit
        assert "hits the blot" not in screen_text(app)


@pytest.mark.parametrize("lang", ["en", "ar"])
async def test_long_names_never_break_the_panel_at_80x24(lang: str) -> None:
    """«فاطمة الزهراء» against Christopher, pips of three digits: each player's row is one line
    with the name (cut with "…" if it must be), the score and the pips whole; the headers too."""
    rules = RuleSet(match_length=7)
    match = Match(rules, ("فاطمة الزهراء", "Christopher"), ScriptedDice([(6, 1)]))
    app = TawlaApp(lang=lang, dice=match.dice, match=match, settings=Settings(bidi_checked=True))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space", ":", *"13/7 8/7", "enter", "enter")  # (a last move, in the panel too)
        await pilot.pause()
        screen = game(app)
        width = screen.query_one("#panel").content_size.width
        text = screen_text(app)
        words = app.words
        pips = [str(screen.match.state.pips_now(p)) for p in (0, 1)]
        assert pips == ["160", "167"]
        rows = {p: [line for line in text.splitlines() if f" {pips[p]} " in line + " "] for p in (0, 1)}
        assert all(len(found) == 1 for found in rows.values()), text
        shown_names = {0: words.line("فاطمة"), 1: words.line("Christoph" if lang == "ar" else "Christopher")}
        for p in (0, 1):
            assert shown_names[p] in rows[p][0], (rows[p][0], text)  # the name, on the same line
            assert " 0 " in rows[p][0] + " "  # the score too
        for title in ("panel.score", "panel.pips"):
            assert words.line(words.t(title)) in text  # (never wrapped in the middle)
        if lang == "ar":
            assert "…" in rows[1][0]  # Christopher is cut: the Arabic headers take more room
        assert all(cell_len(line) <= 80 for line in text.splitlines())
        assert width >= 20


async def _steps_shown(pilot: Pilot[None], screen: GameScreen) -> None:
    """Wait until a move shown a step at a time has been shown (an event, not a time)."""
    for _ in range(400):  # (20 s: fails loudly, never on a slow machine)
        if not screen.showing_steps:
            return
        await pilot.pause(0.05)
    raise AssertionError("the move shown step by step never ended")


async def test_a_typed_move_is_shown_a_step_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[Position] = []
    draw = BoardView.show

    def show(self: BoardView, model: BoardModel) -> None:
        if not shown or shown[-1] != model.board:
            shown.append(model.board)
        draw(self, model)

    monkeypatch.setattr(BoardView, "show", show)
    match = Match(RuleSet(match_length=5), ("Ali", "Badr"), ScriptedDice([(6, 1)]))
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space", ":", *"13/7 8/7", "enter")
        screen = game(app)
        first = apply_step(Position.start(), (13, 6))
        final = apply_step(first, (8, 1))
        assert screen.match.state.board_now == final  # (the match is there at once)
        await _steps_shown(pilot, screen)
        assert shown[-2:] == [first, final]  # Ali is at the bottom: his view


async def test_any_key_skips_the_steps_and_does_what_it_does() -> None:
    match = Match(RuleSet(match_length=5), ("Ali", "Badr"), ScriptedDice([(6, 1)]))
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space", ":", *"13/7 8/7", "enter", "left")  # (a key that does nothing here)
        screen = game(app)
        final = apply_step(apply_step(Position.start(), (13, 6)), (8, 1))
        assert not screen.showing_steps
        assert screen.query_one(BoardView).model.board == final  # type: ignore[union-attr]
        await pilot.press("enter")  # then Enter ends the turn, as always
        assert screen.match.state.on_roll == 1 and screen.match.state.phase is Phase.TURN
        board = screen.query_one(BoardView).model
        assert board is not None and board.board == final


async def test_the_steps_can_be_switched_off() -> None:
    match = Match(RuleSet(match_length=5), ("Ali", "Badr"), ScriptedDice([(6, 1)]))
    app = started(match, preferences=Preferences(step_by_step=False))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space", ":", *"13/7 8/7", "enter")
        screen = game(app)
        assert not screen.showing_steps


async def test_double_dropped_ends_the_game() -> None:
    rules = RuleSet(match_length=5, next_game_opener=NextOpener.PREVIOUS_WINNER)
    match = Match(rules, ("Ali", "Badr"), ScriptedDice([(6, 1)]))
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space", ":", *"13/7 8/7", "enter", "enter", "d", "p")
        assert isinstance(app.screen, NoticeScreen)
        text = screen_text(app)
        assert "Badr wins on a pass: 1 point." in text
        assert match.state.score == (0, 1)
        await pilot.press("space", "escape")  # a Space (or Esc) too many does not skip the result
        assert isinstance(app.screen, ResultScreen) and match.state.game == 1
        await pilot.press("enter")
        assert match.state.game == 2 and match.state.phase is Phase.TURN and match.state.on_roll == 1


async def test_crawford_game_and_the_end_of_a_match() -> None:
    rules = RuleSet(match_length=3, next_game_opener=NextOpener.OPENING_ROLL)
    start = at(rules, Position.start(), on_roll=0, score=(1, 0))
    match = Match(names=("Ali", "Badr"), dice=ScriptedDice([(1, 6)]), start=start)
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d", "p")  # Ali doubles, Badr passes: 2-0, Ali is one point away
        await pilot.press("enter")  # next game: the Crawford game
        assert match.state.crawford_game
        await pilot.press("space")  # Badr wins the opening roll and moves
        assert "Crawford" in screen_text(app)
        await pilot.press("R")
        assert isinstance(app.screen, ResignLevelScreen)
        await pilot.press("1")
        assert isinstance(app.screen, YesNoScreen)
        await pilot.press("y")
        assert match.state.phase is Phase.MATCH_OVER and match.state.winner == 0
        assert "Ali wins the match" in screen_text(app)


# -- moving checkers ---------------------------------------------------------------------------------


async def test_forced_play_is_made_and_named() -> None:
    board = Position.from_counts({13: 1}, {18: 2, 1: 2})  # their 18 is our 7: 6-1 can only go 13/12/6
    start = at(RuleSet(match_length=5), board)
    match = Match(names=("Ali", "Badr"), dice=ScriptedDice([(6, 1)]), start=start)
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        turn = match.state.turn
        assert turn is not None and turn.complete and turn.made
        assert "Forced: Ali plays" in screen_text(app)
        await pilot.press("enter")
        assert match.state.on_roll == 1


async def test_no_legal_move_passes_on_a_key() -> None:
    closed = Position.from_counts({25: 1, 6: 14}, {p: 2 for p in range(1, 7)})
    match = Match(names=("Ali", "Badr"), dice=ScriptedDice([(6, 5)]), start=at(RuleSet(), closed))
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        text = screen_text(app)
        assert "closed" in text and "press Enter to pass" in text
        await pilot.press("enter")
        assert match.state.on_roll == 1 and match.state.phase is Phase.TURN


async def test_entering_from_the_bar_with_the_cursor() -> None:
    board = Position.from_counts({25: 1, 6: 14}, {1: 2, 12: 5, 17: 3, 13: 5})
    match = Match(names=("Ali", "Badr"), dice=ScriptedDice([(4, 3)]), start=at(RuleSet(), board))
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        screen = game(app)
        assert screen.cursor is not None and screen.cursor.at == 25  # only the bar can move
        await pilot.press("enter")  # pick up the checker on the bar
        await pilot.press("enter")  # put it on the first landing point offered
        turn = match.state.turn
        assert turn is not None and turn.made[0].source == 25


async def test_bearing_off_to_the_win() -> None:
    board = Position.from_counts({2: 1, 1: 1}, {6: 15})
    match = Match(names=("Ali", "Badr"), dice=ScriptedDice([(6, 5)]), start=at(RuleSet(match_length=3), board))
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        # a forced play: both checkers go off, and the game is over at once (nothing to confirm)
        assert isinstance(app.screen, NoticeScreen)
        assert "Ali wins a gammon: 2 points" in screen_text(app)


async def test_the_game_ends_at_the_step_that_bears_the_last_checker_off() -> None:
    board = Position.from_counts({2: 1, 1: 1}, {6: 15})
    match = Match(names=("Ali", "Badr"), dice=ScriptedDice([(6, 5)]), start=at(RuleSet(match_length=3), board))
    app = started(match, preferences=Preferences(auto_forced=False))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await play_one_step(pilot, app)
        assert match.state.phase is Phase.MOVING and not isinstance(app.screen, NoticeScreen)
        await play_one_step(pilot, app)
        assert match.state.phase is Phase.GAME_OVER and isinstance(app.screen, ResultScreen)
        assert "Ali wins a gammon: 2 points" in screen_text(app)
        await pilot.press("backspace")  # no taking it back
        assert match.state.phase is Phase.GAME_OVER and match.state.score == (2, 0)


async def test_undo_a_step_and_the_whole_turn() -> None:
    match = Match(RuleSet(), ("Ali", "Badr"), ScriptedDice([(6, 1)]))
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await play_one_step(pilot, app)
        await play_one_step(pilot, app)
        turn = match.state.turn
        assert turn is not None and turn.complete
        await pilot.press("backspace")
        assert match.state.turn is not None and len(match.state.turn.made) == 1
        await pilot.press("escape")
        assert match.state.turn is not None and match.state.turn.made == ()
        assert sum(isinstance(e, Stepped) for e in match.events) == 0


async def test_a_digit_plays_that_die_or_says_why_not() -> None:
    match = Match(RuleSet(), ("Ali", "Badr"), ScriptedDice([(6, 1)]))
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        screen = game(app)
        assert screen.cursor is not None and screen.cursor.at == 13
        await pilot.press("3")
        assert "There is no 3 left to play" in screen_text(app)
        await pilot.press("6")
        assert match.state.turn is not None and match.state.turn.made[0].source == 13


async def test_typed_notation_with_a_reason_for_bad_text() -> None:
    match = Match(RuleSet(), ("Ali", "Badr"), ScriptedDice([(6, 1)]))
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space", ":")
        screen = game(app)
        assert screen.typing and app.focused is screen.query_one("#move")  # in the status area
        assert "┌13" in screen_text(app)  # the board stays in sight
        await pilot.press(*"13/6 13/12", "enter")
        assert screen.typing
        assert "Too many moves" not in screen_text(app)
        assert "must" in screen_text(app) or "cannot" in screen_text(app) or "no" in screen_text(app).lower()
        for _ in range(10):
            await pilot.press("backspace")
        await pilot.press(*"13/7 8/7", "enter")
        turn = match.state.turn
        assert turn is not None and turn.complete


# -- screens, language, sizes ----------------------------------------------------------------------


async def test_language_switches_at_once() -> None:
    match = Match(RuleSet(), ("Ali", "Badr"), ScriptedDice([(6, 1)]))
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        assert "your move" in screen_text(app)
        await pilot.press("f2")
        assert app.language == "ar"
        assert visual("نقلتك", rtl=True) in screen_text(app)  # (banner.moving)


async def test_preferences_apply_at_once_but_rules_are_locked_mid_match() -> None:
    match = Match(RuleSet(), ("Ali", "Badr"), ScriptedDice([(6, 1)]))
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        app.action_settings()
        await pilot.pause()
        assert "cannot change in the middle of a match" in screen_text(app)
        switch = app.screen.query_one("#set-ascii_board")
        switch.toggle()  # type: ignore[attr-defined]
        await pilot.pause()
        assert app.preferences.ascii_board
        assert app.screen.query_one("#set-cube").disabled
        await pilot.press("escape")
        assert "+" in screen_text(app) and "X" in screen_text(app)


async def test_automatic_doubles_are_greyed_out_when_the_winner_opens_the_next_game() -> None:
    from tawla.store.settings import Settings

    app = TawlaApp(lang="en", settings=Settings(rules=RuleSet(match_length=0)))  # (money play)
    async with app.run_test(size=SIZE) as pilot:
        app.action_settings()
        await pilot.pause()
        assert not app.screen.query_one("#set-automatic_doubles").disabled
        app.screen.query_one("#set-next_game_opener").value = "previous_winner"  # type: ignore[attr-defined]
        await pilot.pause()
        assert app.screen.query_one("#set-automatic_doubles").disabled
        assert app.settings.rules.next_game_opener.value == "previous_winner"


async def test_help_lists_the_keys_from_the_bindings() -> None:
    app = TawlaApp(lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        text = screen_text(app)
        assert "Double" in text and "Undo" in text and visual("r (ق)", rtl=False) in text


async def test_too_small_terminal_says_so_and_recovers() -> None:
    app = TawlaApp(lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "need 80×24" in screen_text(app) and "now 60×20" in screen_text(app)
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_manual_dice_are_typed_in() -> None:
    from tawla.game import ManualDice

    match = Match(RuleSet(), ("Ali", "Badr"), ManualDice())
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        assert isinstance(app.screen, LineScreen)
        await pilot.press("7", "1", "enter")
        assert "two digits from 1 to 6" in screen_text(app)
        await pilot.press("backspace", "backspace", "٦", "١", "enter")  # Arabic-Indic digits work too
        assert match.state.turn is not None and match.state.turn.roll == (6, 1)


@pytest.mark.parametrize("lang", ["en", "ar"])
async def test_rules_screen_has_the_common_disputes(lang: str) -> None:
    app = TawlaApp(lang=lang, settings=Settings(bidi_checked=True))
    async with app.run_test(size=(100, 30)) as pilot:
        app.action_rules()
        await pilot.pause()
        heading = "Common disputes" if lang == "en" else "خلافات شائعة"
        shown = visual(heading, rtl=lang == "ar")
        scroll = app.screen.query_one("#scroll")
        for _ in range(40):  # page down until the heading is on screen
            if shown in screen_text(app):
                break
            scroll.scroll_page_down(animate=False)  # type: ignore[attr-defined]
            await pilot.pause()
        assert shown in screen_text(app)


def test_the_start_state_must_match_the_rules() -> None:
    start = at(RuleSet(match_length=3), Position.start())
    with pytest.raises(ValueError):
        Match(RuleSet(match_length=5), start=start)
    assert Match(start=replace(start)).rules.match_length == 3
