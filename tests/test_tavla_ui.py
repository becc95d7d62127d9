"""Plakoto, Fevga and the tavli match as players meet them (issue 23): New match offers the game
before the customs, the panel names the game on and the next, a pin is said, the mother ends a
game on its card, a game is played to its end by keys, IDs and .mat are backgammon's (said so),
and a tavli match is exported as tawla's JSON history.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from textual.widgets import Select, Static

from tawla.engine.tavla import Game, Mother, TavlaBoard, parse_board
from tawla.game import Match, MatchState, Phase, RuleSet, ScriptedDice, SeededDice
from tawla.game.events import Stepped
from tawla.game.rules import GameChoice
from tawla.i18n import plain
from tawla.store.files import Paths
from tawla.store.keeper import Keeper
from tawla.store.settings import Settings
from tawla.ui.app import TawlaApp
from tawla.ui.screens.dialogs import NoticeScreen, ResultScreen
from tawla.ui.screens.game import GameScreen
from tawla.ui.screens.new_match import NewMatchScreen
from tawla.ui.screens.story import StoryScreen

from .helpers.waiting import screen_is, screen_text, wait_until
from .test_new_match import app_at, new_match, problem_of, text_of
from .test_ui import game, play_by_keys, reached, started


def says(app: TawlaApp, words: str) -> bool:
    """Whether the screen says ``words``, however a card wraps them (spaces and frames aside)."""
    squash = re.compile(r"[\s█▀▄│▏▕]")
    return squash.sub("", words) in squash.sub("", plain(screen_text(app)))


async def choose(pilot, screen: NewMatchScreen, control: str, value: object) -> None:  # type: ignore[no-untyped-def]
    """Open a Select by keys and move down to ``value`` (as a player picks one)."""
    select = screen.query_one(f"#{control}", Select)
    select.focus()
    await wait_until(pilot, lambda: select.has_focus, f"#{control} has the focus")
    await pilot.press("enter")
    await wait_until(pilot, lambda: select.expanded, f"#{control} opened")
    values = list(GameChoice) if control == "game" else None
    assert values is not None, control
    steps = values.index(value) - values.index(select.value)  # type: ignore[arg-type]
    await pilot.press(*(["down"] * steps if steps > 0 else ["up"] * -steps), "enter")
    await wait_until(pilot, lambda: select.value == value and not select.expanded, f"{value} chosen")


# -- New match ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ar"])
async def test_new_match_offers_the_game_before_the_customs(lang: str) -> None:
    app = app_at(None, lang=lang)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await new_match(pilot, app)
        order = [w.id for w in screen.focus_chain if isinstance(w, Select)]  # (in reading order)
        assert order == ["game", "length", "preset"], order
        await choose(pilot, screen, "game", GameChoice.PLAKOTO)
        await wait_until(pilot, lambda: screen.rules.game is GameChoice.PLAKOTO, "Plakoto chosen")
        assert not screen.rules.cube and screen.rules.tavla
        # The customs these games are played with are not the players' to choose: no preset row,
        # and the summary says them.
        preset_row = screen.query_one("#preset", Select).parent
        await wait_until(pilot, lambda: preset_row is not None and not preset_row.display, "the customs hidden")
        summary = text_of(screen.query_one("#summary", Static))
        assert ("no cube" if lang == "en" else "بلا مكعب") in summary
        await choose(pilot, screen, "game", GameChoice.BACKGAMMON)
        await wait_until(pilot, lambda: screen.rules == RuleSet(match_length=5), "back to backgammon, International")
        assert preset_row is not None and preset_row.display


async def test_a_tavli_match_refuses_a_length_but_3_5_or_7_and_says_why() -> None:
    app = app_at(None)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await new_match(pilot, app)
        await choose(pilot, screen, "game", GameChoice.TAVLI)
        await wait_until(pilot, lambda: screen.rules.game is GameChoice.TAVLI, "the tavli match chosen")
        assert screen.rules.match_length == 5
        length = screen.query_one("#length", Select)
        length.focus()
        await wait_until(pilot, lambda: length.has_focus, "the length has the focus")
        await pilot.press("2")
        await wait_until(pilot, lambda: "3, 5 or 7" in problem_of(screen), "the length refused, with the reason")
        assert screen.rules.match_length == 5 and length.value == 5
        await pilot.press("7")
        await wait_until(pilot, lambda: screen.rules.match_length == 7, "7 taken")
        await pilot.press("ctrl+s")
        game_screen = await screen_is(pilot, GameScreen)
        assert game_screen.match.rules.game is GameChoice.TAVLI
        for words in ("Tavli match", "Game 1: Backgammon", "Next: Plakoto"):
            await wait_until(pilot, lambda words=words: says(app, words), f"the panel says {words!r}")


# -- in the game --------------------------------------------------------------------------------------


def plakoto_at(text: str, dice: list[tuple[int, int]], **rules: object) -> Match:
    """A 1-point Plakoto match at ``text`` (player 0 on roll, to roll), the dice to come."""
    r = RuleSet().adjusted(game=GameChoice.PLAKOTO, match_length=1, **rules)
    board = parse_board(Game.PLAKOTO, text)
    start = MatchState(rules=r, phase=Phase.TURN, board=board, on_roll=0)
    return Match(r, ("Ali", "Salma"), ScriptedDice(dice), start=start)


# Ali: 3 on his 3 and 2 on his 4; Salma's mother alone on her start (Ali's 1), and nothing of
# Ali's on his own start: 3/1* pins her mother and ends the game.
MOTHER = "-1,0,3,2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,-2,0;10,12"


@pytest.mark.parametrize("lang", ["en", "ar"])
async def test_pinning_the_mother_by_keys_ends_the_game_on_its_card(lang: str) -> None:
    match = plakoto_at(MOTHER, [(2, 1)])
    app = TawlaApp(lang=lang, dice=match.dice, match=match, settings=Settings(bidi_checked=True))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_is(pilot, GameScreen)
        await pilot.press("r")
        await reached(pilot, match, lambda s: s.phase is Phase.MOVING, "r rolled 2-1")
        await pilot.press(":")
        await wait_until(pilot, lambda: screen.typing, "the move prompt open")
        await wait_until(pilot, lambda: app.focused is screen.query_one("#move"), "the prompt has the focus")
        await pilot.press(*"3/1*", "enter")
        await reached(pilot, match, lambda s: s.match_over, "3/1* pinned the mother and won")
        result = match.state.results[-1]
        assert (result.winner, result.ending.value, result.points) == (0, "mother", 2)
        card = await screen_is(pilot, ResultScreen)
        words = "pinning the mother checker" if lang == "en" else "بحبس الحجر الأم"
        body = card.query_one("#body", Static)  # (its words in reading order, however drawn)
        await wait_until(pilot, lambda: words in text_of(body), "the card says how the game was won")
        if lang == "en":  # how the game went: a Plakoto checker is pinned, not hit
            await pilot.press("g")
            await screen_is(pilot, StoryScreen)
            await wait_until(pilot, lambda: says(app, "Pins"), "the story counts the pins")
            assert not says(app, "Hits")


async def test_a_landing_that_pins_says_so_and_the_board_keeps_both_checkers() -> None:
    # Ali's 15 on his 24, Salma's lone checker on his 20: 24/20 pins it.
    match = plakoto_at("-14" + ",0" * 18 + ",-1,0,0,0,15;0,0", [(4, 1)])
    app = started(match)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_is(pilot, GameScreen)
        await pilot.press("r")
        await reached(pilot, match, lambda s: s.phase is Phase.MOVING, "r rolled 4-1")
        await pilot.press("enter")  # pick up a checker on 24 (the only point to move from)
        await wait_until(pilot, lambda: screen.cursor is not None and screen.cursor.picked == 24, "24 picked up")
        while screen.cursor is not None and (screen.cursor.step is None or screen.cursor.step.dest != 20):
            before = screen.cursor
            await pilot.press("tab")
            await wait_until(pilot, lambda before=before: screen.cursor is not before, "Tab to the next landing")
        await wait_until(pilot, lambda: says(app, "pins the checker there"), "the status says the pin")
        await pilot.press("enter")
        await reached(pilot, match, lambda s: s.turn is not None and len(s.turn.made) == 1, "24/20 played")
        board = match.state.board_now
        assert isinstance(board, TavlaBoard) and board.pinned(20) == -1 and board[20] == 1
        assert board.opponent_on_board == 15


async def test_ids_are_backgammons_and_a_plakoto_game_says_its_position_instead() -> None:
    match = plakoto_at(MOTHER, [(2, 1)])
    app = started(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await screen_is(pilot, GameScreen)
        await pilot.press("i")
        await screen_is(pilot, NoticeScreen)
        await wait_until(pilot, lambda: says(app, "are GNU Backgammon's, for backgammon only"), "the notice says why")
        assert says(app, MOTHER)
        await pilot.press("escape")
        await screen_is(pilot, GameScreen)


@pytest.mark.slow
@pytest.mark.parametrize(("choice", "seed"), [(GameChoice.PLAKOTO, 3)])  # (Fevga: in tmux, test_tmux_tavla)
async def test_a_whole_game_through_the_keys_only(choice: GameChoice, seed: int) -> None:
    rules = RuleSet().adjusted(game=choice, match_length=1)
    match = Match(rules, ("Ali", "Salma"), SeededDice(seed))
    app = started(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await screen_is(pilot, GameScreen)
        await play_by_keys(pilot, app, lambda m: m.state.match_over, limit=4000)
        await screen_is(pilot, ResultScreen)
        assert match.state.match_over
        steps = [e for e in match.events if isinstance(e, Stepped)]
        assert len(steps) > 100
        # The game played is the one chosen, and the history replays to the same end.
        assert Match(rules, match.names, events=match.events).state == match.state
        assert game(app).match.state.variant.game.value == choice.value


def test_a_tavli_match_exports_as_tawlas_json_history_and_mat_says_it_is_backgammons(tmp_path: Path) -> None:
    rules = RuleSet().adjusted(game=GameChoice.TAVLI, match_length=3, mother=Mother.SINGLE)
    match = Match(rules, ("Ali", "Salma"), SeededDice(4))
    match.roll_opening()
    paths = Paths(tmp_path / "config", tmp_path / "data")
    keeper = Keeper(paths)
    target = keeper.export_path(match)
    assert target.suffix == ".json"
    written = keeper.export(match, target)
    data = json.loads(written.read_text(encoding="utf-8"))
    assert data["format"] == "tawla-match" and data["rules"]["game"] == "tavli" and data["rules"]["mother"] == "single"
    from tawla.game.mat import write_mat

    with pytest.raises(ValueError, match="backgammon"):
        write_mat(match)
    backgammon = Match(RuleSet(), ("Ali", "Salma"), SeededDice(4))
    assert keeper.export_path(backgammon).suffix == ".mat"


async def test_a_plakoto_match_replays_naming_its_game() -> None:
    from tawla.ui.screens.replay import ReplayScreen

    from .test_notices_and_replay import at_frame
    from .test_snapshots import tavla_midgame

    match = tavla_midgame("plakoto", "en", 12, 5)  # (played on until pins stand on the board)
    board = match.state.board
    assert isinstance(board, TavlaBoard) and any(board.pinned(p) for p in range(1, 25))
    app = TawlaApp(lang="en", settings=Settings(bidi_checked=True))
    async with app.run_test(size=(100, 30)) as pilot:
        await app.push_screen(ReplayScreen(match))
        replay = await screen_is(pilot, ReplayScreen)
        await pilot.press("end")
        await wait_until(pilot, lambda: replay.frame > 20, "End went to the last position")
        await wait_until(pilot, lambda: says(app, "Game 1: Plakoto"), "the replay's panel names the game")
        await pilot.press("home")
        await at_frame(pilot, replay, 0)
