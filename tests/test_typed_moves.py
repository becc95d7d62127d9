"""Moves typed at an Arabic keyboard (#13): «بار» and «خارج», the Arabic comma, ظ for / (its
key on a US layout), Arabic-Indic digits, the swapped brackets of a repeat; read into the
engine's notation by the UI, the engine staying language-neutral."""

from __future__ import annotations

import pytest

from tawla.engine import Position
from tawla.engine.notation import NotationError, format_play, format_steps, parse_play
from tawla.game import Match, MatchState, Phase, RuleSet, ScriptedDice
from tawla.i18n import tr
from tawla.i18n.bidi import isolate_ltr
from tawla.store.settings import Settings
from tawla.ui.app import TawlaApp
from tawla.ui.keys import ARABIC_LAYOUT
from tawla.ui.screens.game import GameScreen
from tawla.ui.typed_moves import aliases, notation_from_typed

TYPED = [
    ("بار/٢٢", "bar/22"),
    ("البار/22", "bar/22"),
    ("٦/خارج", "6/off"),
    ("6/الخارج", "6/off"),
    ("بارظ٢١ ٦ظخارج", "bar/21 6/off"),  # ظ: the key of / on the Arabic layout
    ("١٣/٧، ٨/٧", "13/7  8/7"),  # the Arabic comma between moves
    ("٨/٥)٢(", "8/5(2)"),  # Shift+9, 2, Shift+0 on an Arabic layout: ")2("
    ("۱۳/۷", "13/7"),  # Persian digits too
    ("13/7 8/7", "13/7 8/7"),  # the notation itself is left as it is
    ("bar/22 6/off", "bar/22 6/off"),
    ("  ٦/خارج  ", "6/off"),
    ("١٣-١٠", "13-10"),  # (- on the Arabic layouts too: the engine reads it as /, #21)
    ("13–10 24−23", "13-10 24-23"),  # (an en dash, a minus sign: dashes from other keyboards)
]


@pytest.mark.parametrize(("typed", "read"), TYPED, ids=[t for t, _ in TYPED])
def test_what_is_typed_is_read_as_the_notation(typed: str, read: str) -> None:
    assert notation_from_typed(typed) == read


def test_the_aliases_are_the_catalogs_words_for_the_bar_and_off() -> None:
    """«البار» and «الخارج» name these points everywhere in Arabic: a player types what they read."""
    for point, engine_word in (("point.bar", "bar"), ("point.off", "off")):
        assert aliases()[tr("ar", point)] == engine_word, point
        assert aliases()[tr("ar", point).removeprefix("ال")] == engine_word  # (without the article too)
        assert aliases()[engine_word] == engine_word


def test_the_slash_key_of_the_arabic_layout_is_the_one_read_as_slash() -> None:
    assert notation_from_typed(ARABIC_LAYOUT["/"]) == "/"


def test_the_engine_still_refuses_arabic_words() -> None:
    """The engine reads one notation: the words are the UI's to translate."""
    bar = Position.from_counts({25: 1, 6: 14}, {1: 2, 12: 5, 17: 3, 13: 5})
    with pytest.raises(NotationError):
        parse_play(bar, (4, 3), "بار/21 6/3")
    assert format_play(parse_play(bar, (4, 3), notation_from_typed("بار/٢١ ٦/٣"))) == "bar/21 6/3"


def at(board: Position) -> MatchState:
    return MatchState(rules=RuleSet(), phase=Phase.TURN, board=board, on_roll=0)


def arabic(match: Match) -> TawlaApp:
    return TawlaApp(lang="ar", dice=match.dice, match=match, settings=Settings(bidi_checked=True))


def keys(text: str) -> list[str]:
    return ["space" if c == " " else c for c in text]


async def test_a_turn_from_the_bar_typed_in_arabic() -> None:
    board = Position.from_counts({25: 1, 6: 14}, {1: 2, 12: 5, 17: 3, 13: 5})
    match = Match(names=("سامي", "ليلى"), dice=ScriptedDice([(4, 3)]), start=at(board))
    async with arabic(match).run_test(size=(100, 30)) as pilot:
        await pilot.press("space")  # roll 4-3
        # ظ opens the prompt (the / key on the Arabic layout), then «بار/٢١، ٦/٣» with ظ for /
        await pilot.press("ظ", *keys("بارظ٢١، ٦ظ٣"), "enter")
        turn = match.state.turn
        assert turn is not None and turn.complete
        assert format_play(turn.as_play()) == "bar/21 6/3"


async def test_bearing_off_typed_in_arabic() -> None:
    board = Position.from_counts({2: 1, 1: 1}, {6: 15})
    match = Match(names=("سامي", "ليلى"), dice=ScriptedDice([(2, 1)]), start=at(board))
    app = arabic(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("space")
        await pilot.press(":", *keys("٢/خارج ١/الخارج"), "enter")
        assert match.state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER)
        assert match.state.results[-1].winner == 0


async def test_a_word_the_notation_does_not_know_is_still_refused_with_its_reason() -> None:
    board = Position.from_counts({25: 1, 6: 14}, {1: 2, 12: 5, 17: 3, 13: 5})
    match = Match(names=("سامي", "ليلى"), dice=ScriptedDice([(4, 3)]), start=at(board))
    app = arabic(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("space", ":", *keys("حجر/٢١"), "enter")
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.typing
        assert match.state.turn is not None and not match.state.turn.made


async def test_a_match_played_with_real_dice_asks_for_them_when_resumed_by_another_run() -> None:
    """A resumed match keeps its own dice: real dice typed in, even when this run's are not."""
    from tawla.game import ManualDice
    from tawla.ui.screens.dialogs import LineScreen

    from .helpers.waiting import wait_until

    board = Position.from_counts({25: 1, 6: 14}, {1: 2, 12: 5, 17: 3, 13: 5})
    match = Match(names=("سامي", "ليلى"), dice=ManualDice(), start=at(board))
    app = TawlaApp(lang="ar", match=match, settings=Settings(bidi_checked=True))  # (this run: fair dice)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("ق")
        await wait_until(pilot, lambda: isinstance(app.screen, LineScreen), "the dice asked for")
        await pilot.press("٤", "٣", "enter")
        await wait_until(
            pilot,
            lambda: match.state.turn is not None and match.state.turn.roll == (4, 3),
            lambda: f"4-3 rolled ({match.state.phase}, {app.screen})",
        )


# -- part of a turn, the dice left, every landing on Tab, 13-10 (#21) -----------------------------

START = Position.start()


def english(match: Match) -> TawlaApp:
    return TawlaApp(lang="en", dice=match.dice, match=match, settings=Settings(bidi_checked=True))


def title(app: TawlaApp) -> str:
    """The move prompt's title as drawn (in Arabic: as the screen lays it out)."""
    from textual.widgets import Label

    return str(app.screen.query_one("#prompt-title", Label).content)


def prompt_value(app: TawlaApp) -> str:
    from tawla.ui.screens.game import MovePrompt

    return app.screen.query_one("#move", MovePrompt).value


async def test_part_of_a_turn_typed_is_played_and_the_prompt_asks_for_the_rest() -> None:
    """``13/10/7`` of a 3-3 plays those two dice (it was refused: "That move plays 2 dice; this
    roll must play 4"); the prompt stays open and asks for the rest, the dice still to play."""
    from .helpers.waiting import wait_until

    match = Match(names=("Sam", "Alex"), dice=ScriptedDice([(3, 3)]), start=at(START))
    app = english(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("space")
        await wait_until(pilot, lambda: match.state.turn is not None, "the roll")
        await pilot.press(":", *keys("13/10/7"), "enter")
        await wait_until(pilot, lambda: len(match.state.turn.made) == 2, "two steps played")  # type: ignore[union-attr]
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.typing and not match.state.turn.complete  # type: ignore[union-attr]
        assert format_steps(match.state.turn.made) == "13/7"  # type: ignore[union-attr]
        assert title(app) == "Type the rest of 3-3: 3 3 to play" and prompt_value(app) == ""
        await pilot.press(*keys("24/21(2)"), "enter")
        await wait_until(pilot, lambda: not screen.typing, "the prompt closed by the whole turn")
        turn = match.state.turn
        assert turn is not None and turn.complete and format_play(turn.as_play()) == "24/21(2) 13/7"


async def test_part_of_a_turn_typed_in_arabic() -> None:
    from .helpers.waiting import wait_until

    match = Match(names=("فاطمة الزهراء", "أحمد"), dice=ScriptedDice([(3, 3)]), start=at(START))
    app = arabic(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("space")
        await wait_until(pilot, lambda: match.state.turn is not None, "the roll")
        await pilot.press("ظ", *keys("١٣ظ١٠ظ٧"), "enter")
        await wait_until(pilot, lambda: len(match.state.turn.made) == 2, "two steps played")  # type: ignore[union-attr]
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.typing
        left = screen.t("typing.title_rest", dice=screen.texts.roll((3, 3)), left=isolate_ltr(screen.num("3 3")))
        assert title(app) == str(screen.line(left))


async def test_the_prompt_says_the_dice_left_after_a_step_on_the_board() -> None:
    """The 2 of a 3-2 played with the cursor: the prompt asks for the 3 (it said "Type the move
    for 3-2" still)."""
    from .helpers.waiting import wait_until

    match = Match(names=("Sam", "Alex"), dice=ScriptedDice([(3, 2)]), start=at(START))
    app = english(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("space")
        await wait_until(pilot, lambda: match.state.turn is not None, "the roll")
        await pilot.press("2")
        await wait_until(pilot, lambda: len(match.state.turn.made) == 1, "the 2 played")  # type: ignore[union-attr]
        await pilot.press(":")
        await wait_until(pilot, lambda: app.screen.typing, "the prompt open")  # type: ignore[attr-defined]
        assert title(app) == "Type the rest of 3-2: 3 to play"


@pytest.mark.parametrize(
    ("lang", "typed", "tabs"),
    [
        ("en", "13/", ["13/7", "13/6", "13/7"]),  # (13/12 is their midpoint: closed)
        ("en", "13-", ["13-7", "13-6", "13-7"]),
        ("en", "8", ["8/7", "8/2", "8/7"]),
        ("en", "13/7 ", ["13/7 24/23", "13/7 8/7", "13/7 7/6", "13/7 6/5", "13/7 24/23"]),
        ("ar", "١٣ظ", ["١٣ظ٧", "١٣ظ٦", "١٣ظ٧"]),
    ],
)
async def test_tab_offers_every_landing_the_start_allows(lang: str, typed: str, tabs: list[str]) -> None:
    """After ``13/`` of a 6-1, Tab completes to 13/7, Tab again to 13/6, and round again (it
    offered 13/6 only: the first whole play in alphabetical order)."""
    from .helpers.waiting import wait_until

    match = Match(names=("Sam", "Alex"), dice=ScriptedDice([(6, 1)]), start=at(START))
    app = english(match) if lang == "en" else arabic(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("space")
        await wait_until(pilot, lambda: match.state.turn is not None, "the roll")
        await pilot.press(":", *keys(typed))
        await wait_until(pilot, lambda: prompt_value(app) == typed, "the start typed")
        for expected in tabs:
            await pilot.press("tab")
            await wait_until(
                pilot, lambda e=expected: prompt_value(app) == e, lambda e=expected: f"{e!r}, not {prompt_value(app)!r}"
            )


@pytest.mark.parametrize(("lang", "typed"), [("en", "13-10 24-23"), ("ar", "١٣-١٠، ٢٤-٢٣")])
async def test_a_move_written_with_a_dash_is_played(lang: str, typed: str) -> None:
    """``13-10``, the other common notation, with the Arabic layout's keys too (it was not read)."""
    from .helpers.waiting import wait_until

    match = Match(names=("Sam", "Alex"), dice=ScriptedDice([(3, 1)]), start=at(START))
    app = english(match) if lang == "en" else arabic(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("space")
        await wait_until(pilot, lambda: match.state.turn is not None, "the roll")
        await pilot.press(":", *keys(typed), "enter")
        await wait_until(pilot, lambda: match.state.turn is not None and match.state.turn.complete, "the move played")
        assert format_play(match.state.turn.as_play()) == "13/10 24/23"  # type: ignore[union-attr]
