"""The Textual game driven through its keys with Textual's Pilot (seeded or scripted dice).

After a key, what it does is waited for (tests/helpers/waiting.py), never a time: on a busy machine a
key, a screen pushed from a callback, a timer or a recompose may take a while."""

from __future__ import annotations

from collections.abc import Callable
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
from tawla.ui.screens.help import HelpScreen
from tawla.ui.screens.menu import MenuScreen
from tawla.ui.screens.new_match import NewMatchScreen
from tawla.ui.screens.rulebook import RulebookScreen
from tawla.ui.screens.settings import SettingsScreen
from tawla.ui.screens.too_small import TooSmallScreen
from tests.helpers.waiting import eventually, screen_is, screen_text, settle, shows, wait_until

SIZE = (80, 24)


def told(match: Match) -> str:
    """Where the match is, for a failure message."""
    state = match.state
    made = state.turn.made if state.turn is not None else None
    return f"the match is at {state.phase.name}, game {state.game}, {state.on_roll} on roll, made {made}"


async def reached(pilot: Pilot[None], match: Match, check: Callable[[MatchState], object], what: str) -> None:
    """Wait until ``check(match.state)`` holds (the key that does it has been handled)."""
    await wait_until(pilot, lambda: check(match.state), lambda: f"{what} ({told(match)})")


def game(app: TawlaApp) -> GameScreen:
    for screen in reversed(app.screen_stack):
        if isinstance(screen, GameScreen):
            return screen
    raise AssertionError("no game screen")


def _on_a_checker(screen: GameScreen) -> bool:
    state = screen.match.state
    cursor = screen.cursor
    return state.phase is Phase.MOVING and state.turn is not None and cursor is not None and cursor.at is not None


async def play_one_step(pilot: Pilot[None], app: TawlaApp) -> None:
    """Move one checker by keys: the die digit from the cursor point (sometimes Enter, Enter).
    Waits for a checker to move (after a roll just pressed), and for each key's effect: the
    step is played when it returns."""
    screen = game(app)
    await wait_until(pilot, lambda: _on_a_checker(screen), lambda: f"a checker to move ({told(screen.match)})")
    state = screen.match.state
    turn = state.turn
    assert turn is not None and screen.cursor is not None and screen.cursor.at is not None
    step = max((s for s in turn.legal if s.source == screen.cursor.at), key=lambda s: s.die)
    if len(turn.made) % 2:
        await pilot.press(str(step.die))
    else:
        await pilot.press("enter")  # pick up
        await wait_until(
            pilot,
            lambda: screen.cursor is not None and screen.cursor.picked == step.source,
            f"Enter picked up the checker on {step.source}",
        )
        while screen.cursor is not None and screen.cursor.step != step:
            before = screen.cursor
            await pilot.press("tab")
            await wait_until(pilot, lambda before=before: screen.cursor is not before, "Tab to the next landing")
        await pilot.press("enter")  # put down
    await wait_until(pilot, lambda: screen.match.state is not state, lambda: f"{step} played ({told(screen.match)})")


async def play_by_keys(pilot: Pilot[None], app: TawlaApp, until, limit: int = 2000) -> None:  # type: ignore[no-untyped-def]
    """Press keys as a player would until ``until(match)`` holds; each key's effect is waited
    for before the next key is chosen from the state."""
    match = game(app).match
    for _ in range(limit):
        if until(match):
            return
        if isinstance(app.screen, NoticeScreen):
            notice = await screen_is(pilot, NoticeScreen)
            await pilot.press("enter")
            await wait_until(
                pilot,
                lambda notice=notice: notice not in app.screen_stack and match.state.phase is not Phase.GAME_OVER,
                lambda: f"Enter closed the notice and the next game began ({told(match)})",
            )
            continue
        state = match.state
        if state.phase in (Phase.OPENING, Phase.TURN):
            await pilot.press("r")
            await reached(pilot, match, lambda now, state=state: now is not state, "r rolled")
        elif state.phase is Phase.MOVING:
            assert state.turn is not None
            if state.turn.complete:
                await pilot.press("enter")
                await reached(pilot, match, lambda now, state=state: now is not state, "Enter ended the turn")
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


@pytest.mark.slow
async def test_a_complete_game_through_the_keys_only() -> None:
    match = Match(RuleSet(match_length=1, cube=False), ("Ali", "Badr"), SeededDice(37))
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await screen_is(pilot, GameScreen)
        await shows(pilot, "Opening roll")
        await play_by_keys(pilot, app, lambda m: m.state.match_over)
        await screen_is(pilot, NoticeScreen)
        await shows(pilot, "wins the match")
        steps = [e for e in match.events if isinstance(e, Stepped)]
        assert any(s.source == 25 for s in steps), "a checker entered from the bar"
        assert sum(1 for s in steps if s.source <= 6 and s.source - s.die <= 0) >= 15, "bear-offs"
        await pilot.press("enter")
        await screen_is(pilot, MenuScreen)


async def test_new_match_from_the_menu_with_names() -> None:
    app = TawlaApp(lang="en", dice=ScriptedDice([(6, 1)]))
    async with app.run_test(size=SIZE) as pilot:
        await screen_is(pilot, MenuScreen)
        await pilot.press("enter")  # New match
        await screen_is(pilot, NewMatchScreen)
        await pilot.press(*"Ali")
        await pilot.press("tab", *"Badr")
        await pilot.press("ctrl+s")
        screen = await screen_is(pilot, GameScreen)
        assert screen.match.names == ("Ali", "Badr")
        assert screen.match.rules == RuleSet()
        await pilot.press("space")
        await shows(pilot, "Ali", "your move")


# -- the cube -----------------------------------------------------------------------------------


async def test_double_offered_and_taken() -> None:
    match = Match(RuleSet(match_length=5), ("Ali", "Badr"), ScriptedDice([(6, 1), (3, 1)]))
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")  # Ali wins the opening with 6-1
        await pilot.press(":", *"13/7 8/7", "enter", "enter")
        await reached(pilot, match, lambda s: s.on_roll == 1 and s.phase is Phase.TURN, "Badr to roll")
        await pilot.press("d")
        await shows(pilot, "Badr doubles to 2")
        await pilot.press("t")
        await reached(pilot, match, lambda s: s.cube == Cube(2, 0), "Ali took: the cube on 2, Ali's")
        await shows(pilot, "Cube 2 · Ali")
        screen = game(app)
        assert screen.problem is None
        await pilot.press("d")  # Badr no longer owns the cube
        await wait_until(pilot, lambda: screen.problem is not None, "the double refused, and why")
        assert match.state.phase is Phase.TURN
        await pilot.press("space")
        await reached(pilot, match, lambda s: s.turn is not None, "Badr rolled")
        assert match.state.turn is not None and match.state.turn.roll == (3, 1)


# -- the board between two people ----------------------------------------------------------


async def test_the_board_stays_still_and_numbers_for_the_player_who_decides() -> None:
    """By default the first player sits at the bottom for the whole match (#12); the point
    numbers are those of the player on roll, or of the doubled player while they decide; the
    last move is written in its mover's numbering, whoever's numbers the board shows (#21)."""
    match = Match(RuleSet(match_length=5), ("Ali", "Badr"), ScriptedDice([(6, 1), (3, 1)]))
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        screen = await screen_is(pilot, GameScreen)
        board = screen.query_one("#board")
        await pilot.press("space")  # Ali wins the opening with 6-1
        await reached(pilot, match, lambda s: s.phase is Phase.MOVING, "Ali won the opening roll")
        assert board.model.layout.bottom == 0 and board.model.numbering == 0  # type: ignore[attr-defined]
        await pilot.press(":", *"13/7 8/7", "enter", "enter")
        await reached(pilot, match, lambda s: s.on_roll == 1, "Ali's turn over")
        assert board.model.layout.bottom == 0 and board.model.numbering == 1  # type: ignore[attr-defined]
        text = await shows(pilot, "Last: Ali 6-1: 13/7 8/7")  # (Ali's numbering, on Badr's numbers)
        assert "12/18" not in text
        await pilot.press("d")  # Badr doubles: Ali decides, on Ali's numbers
        await reached(pilot, match, lambda s: s.phase is Phase.DOUBLED, "Badr doubled")
        assert board.model.numbering == 0 and board.model.layout.bottom == 0  # type: ignore[attr-defined]
        await shows(pilot, "Last: Ali 6-1: 13/7 8/7")


async def test_the_board_turns_to_the_player_who_decides_when_asked() -> None:
    match = Match(RuleSet(match_length=5), ("Ali", "Badr"), ScriptedDice([(6, 1), (3, 1)]))
    app = started(match, preferences=Preferences(board_facing=BoardFacing.ON_ROLL))
    async with app.run_test(size=SIZE) as pilot:
        board = (await screen_is(pilot, GameScreen)).query_one("#board")
        await pilot.press("space", ":", *"13/7 8/7", "enter", "enter")
        await reached(pilot, match, lambda s: s.on_roll == 1 and s.phase is Phase.TURN, "Badr to roll")
        assert board.model.layout.bottom == 1 and board.model.numbering == 1  # type: ignore[attr-defined]
        await pilot.press("d")
        await reached(pilot, match, lambda s: s.phase is Phase.DOUBLED, "Badr doubled")
        assert board.model.layout.bottom == 0  # type: ignore[attr-defined]


async def test_a_landing_that_hits_says_so() -> None:
    board = Position.from_counts({8: 2, 13: 1}, {19: 1, 24: 2})  # Badr's blot on Ali's 6 (his 19)
    match = Match(names=("Ali", "Badr"), dice=ScriptedDice([(2, 1)]), start=at(RuleSet(match_length=5), board))
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")  # roll 2-1
        screen = game(app)
        await wait_until(pilot, lambda: _on_a_checker(screen), lambda: f"a checker to move ({told(match)})")
        for _ in range(24):  # (to the 8: the cursor walks the points with checkers to move)
            if screen.cursor is not None and screen.cursor.at == 8:
                break
            before = screen.cursor
            await pilot.press("right")
            await wait_until(pilot, lambda before=before: screen.cursor is not before, "Right moved the cursor")
        await pilot.press("enter")  # pick up on 8
        await wait_until(pilot, lambda: screen.cursor is not None and screen.cursor.picked is not None, "picked up")
        assert screen.cursor is not None and screen.cursor.picked == 8
        for _ in range(len(screen.cursor.choices)):
            if screen.cursor.step is not None and screen.cursor.step.hit:
                break
            before = screen.cursor
            await pilot.press("tab")
            await wait_until(pilot, lambda before=before: screen.cursor is not before, "Tab to the next landing")
        assert screen.cursor.step is not None and screen.cursor.step.dest == 6 and screen.cursor.step.hit
        await shows(pilot, "Landing on 6 hits the blot there.")
        before = screen.cursor
        await pilot.press("tab")  # (a landing that hits nothing says nothing)
        await wait_until(pilot, lambda: screen.cursor is not before, "Tab to the next landing")
        assert screen.cursor.step is not None and not screen.cursor.step.hit
        await wait_until(
            pilot, lambda: "hits the blot" not in screen_text(app), lambda: f"no hit said:\n{screen_text(app)}"
        )


@pytest.mark.parametrize("lang", ["en", "ar"])
async def test_long_names_never_break_the_panel_at_80x24(lang: str) -> None:
    """«فاطمة الزهراء» against Christopher, pips of three digits: each player's row is one line
    with the name (cut with "…" if it must be), the score and the pips whole; the headers too.
    Both names are whole in both languages: the Arabic headers take no more room (#21)."""
    rules = RuleSet(match_length=7)
    match = Match(rules, ("فاطمة الزهراء", "Christopher"), ScriptedDice([(6, 1)]))
    app = TawlaApp(lang=lang, dice=match.dice, match=match, settings=Settings(bidi_checked=True))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space", ":", *"13/7 8/7", "enter", "enter")  # (a last move, in the panel too)
        await reached(pilot, match, lambda s: s.on_roll == 1 and s.phase is Phase.TURN, "the first turn over")
        screen = game(app)
        words = app.words
        pips = [str(screen.match.state.pips_now(p)) for p in (0, 1)]
        assert pips == ["160", "167"]
        shown_names = {0: words.line("فاطمة الزهراء"), 1: words.line("Christopher")}

        def panel_whole() -> None:  # (as drawn: the panel is laid out to the screen's width after a refresh)
            width = screen.query_one("#panel").content_size.width
            text = screen_text(app)
            rows = {p: [line for line in text.splitlines() if f" {pips[p]} " in line + " "] for p in (0, 1)}
            assert all(len(found) == 1 for found in rows.values()), text
            for p in (0, 1):
                assert shown_names[p] in rows[p][0], (rows[p][0], text)  # the name, on the same line
                assert " 0 " in rows[p][0] + " "  # the score too
            for title in ("panel.score", "panel.pips"):
                assert words.line(words.t(title)) in text  # (never wrapped in the middle)
            assert "…" not in rows[0][0] + rows[1][0]
            assert all(cell_len(line) <= 80 for line in text.splitlines())
            assert width >= 20

        await eventually(pilot, panel_whole)


async def _steps_shown(pilot: Pilot[None], screen: GameScreen) -> None:
    """Wait until a move shown a step at a time has been shown (an event, not a time)."""
    await wait_until(pilot, lambda: not screen.showing_steps, "the move shown step by step to end")


async def test_a_typed_move_is_shown_a_step_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[Position] = []
    draw = BoardView._draw_model  # (every board drawn, each step too)

    def show(self: BoardView, model: BoardModel) -> None:
        if not shown or shown[-1] != model.board:
            shown.append(model.board)
        draw(self, model)

    monkeypatch.setattr(BoardView, "_draw_model", show)
    match = Match(RuleSet(match_length=5), ("Ali", "Badr"), ScriptedDice([(6, 1)]))
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space", ":", *"13/7 8/7", "enter")
        screen = game(app)
        first = apply_step(Position.start(), (13, 6))
        final = apply_step(first, (8, 1))
        # (the match is there at once: the move is shown step by step from the same key)
        await reached(pilot, match, lambda s: s.board_now == final, "the typed move played")
        await _steps_shown(pilot, screen)
        assert shown[-2:] == [first, final]  # Ali is at the bottom: his view


async def test_any_key_skips_the_steps_and_does_what_it_does(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(BoardView, "STEP_SECONDS", 600.0)  # (only the key can end the steps)
    match = Match(RuleSet(match_length=5), ("Ali", "Badr"), ScriptedDice([(6, 1)]))
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space", ":", *"13/7 8/7", "enter", "left")  # (a key that does nothing here)
        screen = game(app)
        final = apply_step(apply_step(Position.start(), (13, 6)), (8, 1))
        # (the steps start with the move, from the same key; then only the Left can end them)
        await reached(pilot, match, lambda s: s.board_now == final, "the typed move played")
        await wait_until(pilot, lambda: not screen.showing_steps, "the Left ended the steps")
        assert screen.query_one(BoardView).model.board == final  # type: ignore[union-attr]
        await pilot.press("enter")  # then Enter ends the turn, as always
        await reached(pilot, match, lambda s: s.on_roll == 1 and s.phase is Phase.TURN, "Enter ended the turn")
        board = screen.query_one(BoardView).model
        assert board is not None and board.board == final


async def test_the_steps_can_be_switched_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(BoardView, "STEP_SECONDS", 600.0)  # (steps shown would still be on when looked at)
    match = Match(RuleSet(match_length=5), ("Ali", "Badr"), ScriptedDice([(6, 1)]))
    app = started(match, preferences=Preferences(step_by_step=False))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space", ":", *"13/7 8/7", "enter")
        screen = game(app)
        await reached(pilot, match, lambda s: s.turn is not None and s.turn.complete, "the typed move played")
        assert not screen.showing_steps  # (they would have started with the move, from the same key)


async def test_double_dropped_ends_the_game() -> None:
    rules = RuleSet(match_length=5, next_game_opener=NextOpener.PREVIOUS_WINNER)
    match = Match(rules, ("Ali", "Badr"), ScriptedDice([(6, 1)]))
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space", ":", *"13/7 8/7", "enter", "enter", "d", "p")
        await screen_is(pilot, NoticeScreen)
        await shows(pilot, "Badr wins on a pass: 1 point.")
        assert match.state.score == (0, 1)
        await pilot.press("space", "escape")  # a Space (or Esc) too many does not skip the result
        await settle(pilot)
        assert isinstance(app.screen, ResultScreen) and match.state.game == 1
        await pilot.press("enter")
        await reached(
            pilot, match, lambda s: s.game == 2 and s.phase is Phase.TURN and s.on_roll == 1, "Badr opens game 2"
        )


async def test_crawford_game_and_the_end_of_a_match() -> None:
    rules = RuleSet(match_length=3, next_game_opener=NextOpener.OPENING_ROLL)
    start = at(rules, Position.start(), on_roll=0, score=(1, 0))
    match = Match(names=("Ali", "Badr"), dice=ScriptedDice([(1, 6)]), start=start)
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d", "p")  # Ali doubles, Badr passes: 2-0, Ali is one point away
        await screen_is(pilot, ResultScreen)
        await pilot.press("enter")  # next game: the Crawford game
        await reached(pilot, match, lambda s: s.crawford_game, "the Crawford game")
        await pilot.press("r")  # Badr wins the opening roll and moves (a new game waits for r, not Space)
        await reached(pilot, match, lambda s: s.phase is Phase.MOVING and s.on_roll == 1, "Badr won the opening")
        await shows(pilot, "Crawford")
        await pilot.press("R")
        await screen_is(pilot, ResignLevelScreen)
        await pilot.press("1")
        await screen_is(pilot, YesNoScreen)
        await pilot.press("y")
        await reached(pilot, match, lambda s: s.phase is Phase.MATCH_OVER, "the match over")
        assert match.state.winner == 0
        await shows(pilot, "Ali wins the match")


# -- moving checkers ---------------------------------------------------------------------------------


async def test_forced_play_is_made_and_named() -> None:
    board = Position.from_counts({13: 1}, {18: 2, 1: 2})  # their 18 is our 7: 6-1 can only go 13/12/6
    start = at(RuleSet(match_length=5), board)
    match = Match(names=("Ali", "Badr"), dice=ScriptedDice([(6, 1)]), start=start)
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await reached(pilot, match, lambda s: s.turn is not None, "Ali rolled")
        turn = match.state.turn
        assert turn is not None and turn.complete and turn.made
        await shows(pilot, "Forced: Ali plays")
        await pilot.press("enter")
        await reached(pilot, match, lambda s: s.on_roll == 1, "Enter ended the turn")


async def test_no_legal_move_passes_on_a_key() -> None:
    closed = Position.from_counts({25: 1, 6: 14}, {p: 2 for p in range(1, 7)})
    match = Match(names=("Ali", "Badr"), dice=ScriptedDice([(6, 5)]), start=at(RuleSet(), closed))
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await shows(pilot, "closed", "press Enter to pass")
        await pilot.press("enter")
        await reached(pilot, match, lambda s: s.on_roll == 1 and s.phase is Phase.TURN, "Enter passed")


async def test_entering_from_the_bar_with_the_cursor() -> None:
    board = Position.from_counts({25: 1, 6: 14}, {1: 2, 12: 5, 17: 3, 13: 5})
    match = Match(names=("Ali", "Badr"), dice=ScriptedDice([(4, 3)]), start=at(RuleSet(), board))
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        screen = game(app)
        await wait_until(pilot, lambda: _on_a_checker(screen), lambda: f"a checker to move ({told(match)})")
        assert screen.cursor is not None and screen.cursor.at == 25  # only the bar can move
        await pilot.press("enter")  # pick up the checker on the bar
        await wait_until(pilot, lambda: screen.cursor is not None and screen.cursor.picked == 25, "picked up")
        await pilot.press("enter")  # put it on the first landing point offered
        await reached(pilot, match, lambda s: s.turn is not None and bool(s.turn.made), "the checker put down")
        turn = match.state.turn
        assert turn is not None and turn.made[0].source == 25


async def test_bearing_off_to_the_win() -> None:
    board = Position.from_counts({2: 1, 1: 1}, {6: 15})
    match = Match(names=("Ali", "Badr"), dice=ScriptedDice([(6, 5)]), start=at(RuleSet(match_length=3), board))
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        # a forced play: both checkers go off, and the game is over at once (nothing to confirm)
        await screen_is(pilot, NoticeScreen)
        await shows(pilot, "Ali wins a gammon: 2 points")


async def test_the_game_ends_at_the_step_that_bears_the_last_checker_off() -> None:
    board = Position.from_counts({2: 1, 1: 1}, {6: 15})
    match = Match(names=("Ali", "Badr"), dice=ScriptedDice([(6, 5)]), start=at(RuleSet(match_length=3), board))
    app = started(match, preferences=Preferences(auto_forced=False))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await play_one_step(pilot, app)
        # (a result would be pushed by the step itself: it would be on the stack already)
        assert match.state.phase is Phase.MOVING and not isinstance(app.screen, NoticeScreen)
        await play_one_step(pilot, app)
        assert match.state.phase is Phase.GAME_OVER
        await screen_is(pilot, ResultScreen)
        await shows(pilot, "Ali wins a gammon: 2 points")
        await pilot.press("backspace")  # no taking it back
        await settle(pilot)
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
        await reached(pilot, match, lambda s: s.turn is not None and len(s.turn.made) == 1, "one step undone")
        await pilot.press("escape")
        await reached(pilot, match, lambda s: s.turn is not None and s.turn.made == (), "the whole turn undone")
        assert sum(isinstance(e, Stepped) for e in match.events) == 0


async def test_a_digit_plays_that_die_or_says_why_not() -> None:
    match = Match(RuleSet(), ("Ali", "Badr"), ScriptedDice([(6, 1)]))
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        screen = game(app)
        await wait_until(pilot, lambda: _on_a_checker(screen), lambda: f"a checker to move ({told(match)})")
        assert screen.cursor is not None and screen.cursor.at == 13
        await pilot.press("3")
        await shows(pilot, "There is no 3 left to play")
        await pilot.press("6")
        await reached(pilot, match, lambda s: s.turn is not None and bool(s.turn.made), "6 played")
        assert match.state.turn is not None and match.state.turn.made[0].source == 13


async def test_typed_notation_with_a_reason_for_bad_text() -> None:
    match = Match(RuleSet(), ("Ali", "Badr"), ScriptedDice([(6, 1)]))
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space", ":")
        screen = game(app)
        await wait_until(pilot, lambda: screen.typing, "the move prompt open")
        await wait_until(pilot, lambda: app.focused is screen.query_one("#move"), "the prompt has the focus")
        assert screen.typing and app.focused is screen.query_one("#move")  # in the status area
        hint = "→ completes, Esc cancels"
        await shows(pilot, "┌13", hint)  # the board stays in sight
        await pilot.press(*"13/6 13/12", "enter")
        await wait_until(pilot, lambda: hint not in screen_text(app), lambda: f"a reason said:\n{screen_text(app)}")
        assert screen.typing
        assert "Too many moves" not in screen_text(app)
        assert "must" in screen_text(app) or "cannot" in screen_text(app) or "no" in screen_text(app).lower()
        for _ in range(10):
            await pilot.press("backspace")
        await pilot.press(*"13/7 8/7", "enter")
        await reached(pilot, match, lambda s: s.turn is not None and s.turn.complete, "the typed move played")


# -- screens, language, sizes ----------------------------------------------------------------------


async def test_language_switches_at_once() -> None:
    match = Match(RuleSet(), ("Ali", "Badr"), ScriptedDice([(6, 1)]))
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await shows(pilot, "your move")
        await pilot.press("f2")
        await wait_until(pilot, lambda: app.language == "ar", "F2 switched to Arabic")
        await shows(pilot, visual("نقلتك", rtl=True))  # (banner.moving, once the screen is rebuilt)


async def test_a_checker_picked_up_stays_picked_up_through_f2() -> None:
    """The board owns the cursor; F2 composes a new board, which takes the cursor where the old
    one had it: the checker picked up in English is still up, its landing chosen, in Arabic,
    and Enter puts it down there."""
    match = Match(RuleSet(), ("Ali", "Badr"), ScriptedDice([(6, 1)]))
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        screen = game(app)
        await pilot.press("space")
        await wait_until(pilot, lambda: _on_a_checker(screen), "the opening roll, and a checker to move")
        await pilot.press("enter", "tab")
        await wait_until(
            pilot,
            lambda: screen.cursor is not None and screen.cursor.choice == 1 % len(screen.cursor.choices),
            "a checker picked up, Tab to its next landing",
        )
        cursor = screen.cursor
        assert cursor is not None and cursor.step is not None
        board = screen.query_one(BoardView)
        await pilot.press("f2")
        await wait_until(
            pilot,
            lambda: app.language == "ar" and screen.built and screen.query_one(BoardView) is not board,
            "F2: the screen built again in Arabic, with a new board",
        )
        new_board = screen.query_one(BoardView)
        assert new_board.cursor == cursor and new_board.picked
        assert new_board.model is not None and new_board.model.picked is not None
        state = match.state
        await pilot.press("enter")
        await reached(
            pilot,
            match,
            lambda s: s is not state and s.turn is not None and s.turn.made == (cursor.step,),
            "Enter put the checker down where the cursor was",
        )


async def test_preferences_apply_at_once_but_rules_are_locked_mid_match() -> None:
    match = Match(RuleSet(), ("Ali", "Badr"), ScriptedDice([(6, 1)]))
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await reached(pilot, match, lambda s: s.phase is Phase.MOVING, "the opening roll")  # (before the settings)
        app.action_settings()
        screen = await screen_is(pilot, SettingsScreen)
        await shows(pilot, "cannot change in the middle of a match")
        switch = screen.query_one("#set-ascii_board")
        switch.toggle()  # type: ignore[attr-defined]
        await wait_until(pilot, lambda: app.preferences.ascii_board, "the ASCII board chosen")

        def cube_locked() -> bool:  # (a change of preferences recomposes the screen: looked for again)
            found = screen.query("#set-cube")
            return bool(found) and all(control.disabled for control in found)

        await wait_until(pilot, cube_locked, "the cube rule locked, after the screen is drawn again")
        await pilot.press("escape")
        await screen_is(pilot, GameScreen)
        await shows(pilot, "+", "X")


async def test_automatic_doubles_are_greyed_out_when_the_winner_opens_the_next_game() -> None:
    app = TawlaApp(lang="en", settings=Settings(rules=RuleSet(match_length=0)))  # (money play)
    async with app.run_test(size=SIZE) as pilot:
        app.action_settings()
        screen = await screen_is(pilot, SettingsScreen)
        assert not screen.query_one("#set-automatic_doubles").disabled
        screen.query_one("#set-next_game_opener").value = "previous_winner"  # type: ignore[attr-defined]
        await wait_until(
            pilot, lambda: screen.query_one("#set-automatic_doubles").disabled, "automatic doubles greyed out"
        )
        await wait_until(pilot, lambda: app.settings.rules.next_game_opener.value == "previous_winner", "the rule kept")


async def test_help_lists_the_keys_from_the_bindings() -> None:
    app = TawlaApp(lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        await screen_is(pilot, HelpScreen)
        await shows(pilot, "Double", "Undo", visual("r (ق)", rtl=False))


async def test_too_small_terminal_says_so_and_recovers() -> None:
    app = TawlaApp(lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.resize_terminal(60, 20)
        await screen_is(pilot, TooSmallScreen)
        await shows(pilot, "need 80×24", "now 60×20")
        await pilot.resize_terminal(100, 30)
        await screen_is(pilot, MenuScreen)


async def test_manual_dice_are_typed_in() -> None:
    from tawla.game import ManualDice

    match = Match(RuleSet(), ("Ali", "Badr"), ManualDice())
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await screen_is(pilot, LineScreen)
        await pilot.press("7", "1", "enter")
        await shows(pilot, "two digits from 1 to 6")
        await pilot.press("backspace", "backspace", "٦", "١", "enter")  # Arabic-Indic digits work too
        await reached(pilot, match, lambda s: s.turn is not None, "the dice typed in")
        assert match.state.turn is not None and match.state.turn.roll == (6, 1)


@pytest.mark.parametrize("lang", ["en", "ar"])
async def test_rules_screen_has_the_common_disputes(lang: str) -> None:
    app = TawlaApp(lang=lang, settings=Settings(bidi_checked=True))
    async with app.run_test(size=(100, 30)) as pilot:
        app.action_rules()
        screen = await screen_is(pilot, RulebookScreen)
        heading = "Common disputes" if lang == "en" else "خلافات شائعة"
        shown = visual(heading, rtl=lang == "ar")
        scroll = screen.query_one("#scroll")
        for _ in range(40):  # page down until the heading is on screen
            text = screen_text(app)
            if shown in text:
                break
            if scroll.scroll_y >= scroll.max_scroll_y:  # type: ignore[attr-defined]
                break  # (the end: nothing more to see)
            scroll.scroll_page_down(animate=False)  # type: ignore[attr-defined]
            # (scrolled and drawn at the next refresh)
            await wait_until(pilot, lambda text=text: screen_text(app) != text, "the next page drawn")
        assert shown in screen_text(app)


def test_the_start_state_must_match_the_rules() -> None:
    start = at(RuleSet(match_length=3), Position.start())
    with pytest.raises(ValueError):
        Match(RuleSet(match_length=5), start=start)
    assert Match(start=replace(start)).rules.match_length == 3
