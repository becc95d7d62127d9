"""The shortcuts taken for speed (#11) give what the long way gives.

The Arabic reshaper answers from a plain dict, the
board draws again only the lines that changed, and start-up leaves out what the first frame
does not show (tests/bench/bench_ui.py measures the gain).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import arabic_reshaper

from tawla.game import Match, RuleSet, ScriptedDice
from tawla.i18n import LANGUAGES, bidi, catalog
from tawla.store.files import Paths
from tawla.ui.app import TawlaApp
from tawla.ui.board import BoardView
from tawla.ui.screens.game import GameScreen

from .helpers.burst import taken
from .helpers.waiting import screen_is, strips, wait_until


def test_the_reshaper_shapes_as_the_library_configured_the_same_way() -> None:
    library = arabic_reshaper.ArabicReshaper(
        configuration={
            "delete_harakat": False,
            "shift_harakat_position": False,
            "support_ligatures": True,
            "ARABIC LIGATURE ALLAH": False,
        }
    )
    texts = [text for lang in LANGUAGES for text in catalog(lang).values()]
    texts += ["لا لأ لإ لآ", "الله", "مَرْحَبًا", "ـــ", "ب\u200dب", "شيش بيش"]
    for text in texts:
        assert bidi._RESHAPER.reshape(text) == library.reshape(text), text


def test_start_up_leaves_out_what_the_first_frame_does_not_show(tmp_path: Path) -> None:
    """No hashlib for the dice, no saved-match module (with pydantic and the game)
    while there is no match to list: each costs start-up time and memory."""
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from tawla.game.dice import FairDice\n"
        "from tawla.i18n import catalog\n"
        "from tawla.i18n.bidi import visual\n"
        "from tawla.store.files import Paths\n"
        "from tawla.store.keeper import Keeper\n"
        "dice = FairDice()\n"
        "catalog('en'), catalog('ar'), visual('tawla · طاولة', False)\n"
        f"assert Keeper(Paths(Path({str(tmp_path)!r}) / 'c', Path({str(tmp_path)!r}) / 'd')).unfinished() == []\n"
        "print(sorted(m for m in ('secrets', 'tawla.store.saves', 'pydantic') if m in sys.modules))\n"
        "assert all(1 <= d <= 6 for d in dice.roll())\n"
        "print('secrets' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split("\n")
    assert out[0] == "[]"
    assert out[1] == "True"  # (the first roll brings the system's randomness)


def _board_text(board: BoardView) -> list[str]:
    return [board.render_line(y).text for y in range(board.size.height)]


async def test_a_board_drawn_line_by_line_is_the_board_drawn_whole(tmp_path: Path) -> None:
    match = Match(RuleSet(match_length=0, cube=False), ("Ali", "Badr"), ScriptedDice([(6, 5), (4, 2)] * 20))
    app = TawlaApp(lang="en", dice=match.dice, match=match, paths=Paths(tmp_path / "config", tmp_path / "data"))
    async with app.run_test(size=(120, 40)) as pilot:
        game = await screen_is(pilot, GameScreen)
        await pilot.press("space")
        await wait_until(pilot, lambda: match.state.turn is not None, "the opening rolled")
        for key in ["right", "left", "down", "enter", "tab", "enter", "right", "enter", "tab", "enter", "u", "u"]:
            await pilot.press(key)
            await taken(pilot)  # (the key handled: its lines drawn again, or not, by BoardView.show)
            assert app.screen is game
            board = game.query_one(BoardView)
            drawn = _board_text(board)
            on_screen = "\n".join(strip.text for strip in strips(app.screen))
            board._rows = None  # (forget every line: the whole board drawn afresh)
            assert _board_text(board) == drawn, key
            assert all(line in on_screen for line in drawn), key


async def test_a_board_shown_before_it_had_anything_to_draw_draws_whole() -> None:
    from textual.app import App, ComposeResult

    from tawla.ui.board import BoardModel
    from tawla.ui.geometry import Layout

    class Bare(App[None]):
        def compose(self) -> ComposeResult:
            yield BoardView()  # (no model yet: nothing drawn)

    board_now = Match(RuleSet(), ("Ali", "Badr"), ScriptedDice([])).state.board
    app = Bare()
    async with app.run_test(size=(100, 30)) as pilot:
        board = app.query_one(BoardView)
        await wait_until(pilot, lambda: board._rows == [], "the board drawn once, with nothing to draw")
        board.show(BoardModel(layout=Layout(0), board=board_now, numbering=0))
        # (no wait: the lines are asked of the board here, drawn from the model it now has)
        drawn = _board_text(board)
        assert "┌13" in drawn[0]
        board._rows = None
        assert _board_text(board) == drawn
