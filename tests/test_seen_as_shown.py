"""What the player was looking at stays what it was (#36, items 14, 15 and 23).

* F2 with the move prompt open keeps the move half typed (English → Arabic and back), as a
  checker picked up already stays up.
* The replay numbers the board for the player whose move or decision the step shows: a turn's
  end, a double, a take (the status line writes the move in that player's numbering; the board
  said another's). Against the computer the person sits at the bottom, and the board a game
  ends on is theirs.
* ``i`` in the replay: the IDs of the moment shown.

The board is read back from the screen as a player reads it (tests/helpers/screen_board.py):
the point numbers as labelled.
"""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from tawla.analysis.computer import NAME
from tawla.game import Match, RuleSet, ScriptedDice
from tawla.game.setup import state_from_ids
from tawla.game.table import Table
from tawla.store.settings import Settings
from tawla.ui.app import TawlaApp
from tawla.ui.screens.game import GameScreen
from tawla.ui.screens.ids import IdsScreen
from tawla.ui.screens.replay import ReplayScreen

from .helpers.burst import burst
from .helpers.screen_board import read_board
from .helpers.waiting import screen_is, screen_text, shows, wait_until

SIZE = (100, 30)


def _app(lang: str, match: Match | None = None) -> TawlaApp:
    dice = match.dice if match is not None else None
    return TawlaApp(lang=lang, match=match, dice=dice, settings=Settings(bidi_checked=True))  # type: ignore[arg-type]


# -- F2 keeps the move half typed -----------------------------------------------------------------


async def test_f2_keeps_the_move_half_typed_there_and_back() -> None:
    match = Match(RuleSet(), ("Ali", "Badr"), ScriptedDice([(6, 1)]))
    app = _app("en", match)
    async with app.run_test(size=SIZE) as pilot:
        screen = await screen_is(pilot, GameScreen)
        await burst(pilot, "r")  # (the opening roll: Ali's 6-1)
        await wait_until(pilot, lambda: match.state.turn is not None, "the opening roll")
        await burst(pilot, ":", *"13/7 8/")
        await wait_until(pilot, lambda: screen.typing and _typed(screen) == "13/7 8/", "the move half typed")
        for lang in ("ar", "en"):
            await burst(pilot, "f2")
            await wait_until(
                pilot,
                lambda lang=lang: app.language == lang and screen.built and screen.typing,  # type: ignore[misc]
                f"F2: the screen built again in {lang}, the prompt open",
            )
            assert _typed(screen) == "13/7 8/", lang
            if lang == "en":  # (in Arabic it is drawn from the right, as tests/test_reading_right.py reads it)
                await shows(pilot, "13/7 8/")
        await burst(pilot, "7", "enter")  # (typed on where it was left)
        await wait_until(pilot, lambda: match.state.turn is not None and match.state.turn.complete, "13/7 8/7 played")


def _typed(screen: GameScreen) -> str:
    return str(screen.query_one("#move").value)  # type: ignore[attr-defined]


# -- the replay's board, numbered for the player it shows ------------------------------------------


def _played() -> Match:
    """Ali wins the opening 3-1 and plays 8/5 6/5; Badr doubles, Ali takes."""
    match = Match(RuleSet(match_length=3), ("Ali", "Badr"), ScriptedDice([(3, 1)]))
    match.roll_opening()
    match.play("8/5 6/5")
    match.confirm()
    match.double()
    match.take()
    return match


STEPS = {
    4: ("replay.said.ended", 0),  # Ali's turn ends: 8/5 6/5
    5: ("replay.said.doubled", 1),  # Badr doubles
    6: ("replay.said.took", 0),  # Ali takes
}
"""Step of the replay → what it says, and whose numbering the board is in."""


@pytest.mark.parametrize("lang", ["en", "ar"])
async def test_the_replay_numbers_the_board_for_whoever_it_shows(lang: str) -> None:
    app = _app(lang)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(ReplayScreen(_played()))
        replay = await screen_is(pilot, ReplayScreen)
        forward = "left" if lang == "ar" else "right"
        await burst(pilot, *[forward] * 3)
        for step, (_, player) in STEPS.items():
            await burst(pilot, forward)
            await wait_until(pilot, lambda step=step: replay.frame == step, f"step {step}")
            seen = await _board(pilot, app)
            # Ali's two checkers on his 5-point: labelled 5 in his numbering, 20 in Badr's.
            point = 5 if player == 0 else 20
            assert seen.points.get(point) == (0, 2), (step, seen.points)
        # i: the IDs of the moment shown.
        ids = replay.match.position_id(), replay.match.match_id()
        await burst(pilot, "ه" if lang == "ar" else "i")
        await screen_is(pilot, IdsScreen)
        await shows(pilot, *ids)


async def _board(pilot: Pilot[None], app: TawlaApp):  # type: ignore[no-untyped-def]
    """The board read from the screen once drawn."""
    seen = None

    def read() -> bool:
        nonlocal seen
        seen = read_board(screen_text(app))
        return bool(seen.points)

    await wait_until(pilot, read, "the board drawn")
    return seen


async def test_against_the_computer_the_game_ends_on_the_person_s_board() -> None:
    """The computer in the first seat, the person in the second: the person at the bottom,
    and the board the game ends on (the computer's last checkers off) numbered for the
    person, in the replay as in the game."""
    rules = RuleSet(match_length=1)
    start = state_from_ids("AwAAGAAAAAAAAA", None, rules)  # (two checkers a side on the one point)
    match = Match(rules, (NAME, "Badr"), ScriptedDice([(6, 5)]), start=start, computer={0})
    Table(match).roll()  # (the bear-off plays itself: the computer wins)
    assert match.state.match_over
    app = _app("en")
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(ReplayScreen(match))
        replay = await screen_is(pilot, ReplayScreen)
        await burst(pilot, "end")
        await wait_until(pilot, lambda: replay.frame > 0 and replay.match.state.match_over, "the last step")
        seen = await _board(pilot, app)
        # Badr's two checkers on his 1-point, labelled 1 (in the computer's numbering: 24), at the bottom.
        assert seen.points.get(1) == (1, 2), seen.points
        assert 1 in seen.bottom_labels, seen.bottom_labels
