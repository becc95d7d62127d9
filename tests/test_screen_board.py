"""The screen tells the truth (#12): the board read back from the rendered screen, as a player
reads it (tests/helpers/screen_board.py knows nothing of how tawla draws), is the engine's position —
checkers on every point, the bar, borne off, the cube, the dice — after every turn of random
games, in both languages, both orientations, both home sides, Western and Arabic-Indic digits,
monochrome and the ASCII board, at 80×24, 120×40 and 160×50."""

from __future__ import annotations

import random
import shutil
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import pytest

from tawla.engine import legal_plays
from tawla.engine.tavla import Game, TavlaBoard
from tawla.game import Action, Match, Phase, RuleSet, SeededDice
from tawla.game.state import MatchState
from tawla.store.options import BoardFacing, Digits, HomeSide, Theme
from tawla.store.settings import Preferences, Settings
from tawla.ui.app import TawlaApp
from tawla.ui.match_view import layout_for, viewer
from tawla.ui.screens.game import GameScreen
from tests.helpers.screen_board import Seen, read_board
from tests.helpers.waiting import eventually, screen_is
from tests.test_ui import screen_text

GAMES = 24
"""Random games in all (each a whole game, read at every turn once it is rolled, and at its end):
every language, size, facing and home side together once, the ASCII board, monochrome and
Arabic-Indic digits among them."""


@dataclass(frozen=True)
class Look:
    lang: str
    size: tuple[int, int]
    facing: BoardFacing
    home: HomeSide
    ascii: bool
    mono: bool
    indic: bool


def looks() -> list[Look]:
    """Every language, size, facing, home side, board and theme at least once; digits too."""
    rng = random.Random(12)
    out = []
    for i in range(GAMES):
        lang = ("en", "ar")[i % 2]
        out.append(
            Look(
                lang=lang,
                size=((80, 24), (120, 40), (160, 50))[(i // 2) % 3],
                facing=(BoardFacing.FIXED, BoardFacing.ON_ROLL)[(i // 6) % 2],
                home=(HomeSide.RIGHT, HomeSide.LEFT)[(i // 12) % 2],
                ascii=rng.random() < 0.35,
                mono=rng.random() < 0.35,
                indic=lang == "ar" and rng.random() < 0.5,
            )
        )
    return out


def expected(state: MatchState, prefs: Preferences) -> Seen:
    """What the screen must show, from the engine alone."""
    v = viewer(state)
    now = state.board_now if v == state.on_roll else state.board_now.swapped()
    seen = Seen()
    for point in range(1, 25):
        n = now[point]
        if n:
            seen.points[point] = (v if n > 0 else 1 - v, abs(n))
        pinned = now.pinned(point) if isinstance(now, TavlaBoard) else 0
        if pinned:
            seen.pins[point] = v if pinned > 0 else 1 - v
    for player, bar, off in ((v, now.mover_bar, now.mover_off), (1 - v, now.opponent_bar, now.opponent_off)):
        if bar:
            seen.bar[player] = bar
        if off:
            seen.off[player] = off
    if state.rules.cube:
        owner = state.cube.owner
        bottom = layout_for(state, prefs).bottom
        where = "middle" if owner is None else ("bottom" if owner == bottom else "top")
        seen.cube = (state.offered or state.cube.value, where)
    if isinstance(now, TavlaBoard) and now.game is Game.FEVGA:
        seen.travel = ("left", "right") if prefs.home_side is HomeSide.RIGHT else ("right", "left")
    turn = state.turn
    if turn is not None and state.phase is Phase.MOVING:
        seen.dice = tuple(turn.roll) * (2 if turn.roll[0] == turn.roll[1] else 1)
    return seen


def same(read: Seen, truth: Seen) -> list[str]:
    """The differences, in words."""
    out = []
    for name in ("points", "pins", "bar", "off", "cube", "dice", "travel"):
        a, b = getattr(read, name), getattr(truth, name)
        if name == "dice":  # (in Arabic the first die is on the right)
            a, b = sorted(a), sorted(b)
        if a != b:
            out.append(f"{name}: screen {a} engine {b}")
    return out


def the_board_shown_is_the_engines(app: TawlaApp, match: Match, prefs: Preferences, where: str) -> None:
    text = screen_text(app)
    differences = same(read_board(text), expected(match.state, prefs))
    assert not differences, f"{where}:\n" + "\n".join(differences) + "\n" + text


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(3))
async def test_the_board_on_the_screen_is_the_engines_after_every_turn(chunk: int) -> None:
    checked = games = 0
    for i, look in enumerate(looks()):
        if i % 3 != chunk:
            continue
        prefs = Preferences(
            board_facing=look.facing,
            home_side=look.home,
            ascii_board=look.ascii,
            theme=Theme.MONO if look.mono else Theme.CAFE,
            digits=Digits.ARABIC_INDIC if look.indic else Digits.WESTERN,
            step_by_step=False,
            auto_forced=False,
        )
        rng = random.Random(i)
        games += 1
        match = Match(RuleSet(match_length=3), ("Ali", "Badr"), SeededDice(100 + i))
        app = TawlaApp(
            lang=look.lang, dice=match.dice, match=match, settings=Settings(bidi_checked=True, preferences=prefs)
        )
        async with app.run_test(size=look.size) as pilot:
            screen = await screen_is(pilot, GameScreen)  # (built: its widgets there to be drawn)
            match = screen.match
            while match.state.phase not in (Phase.GAME_OVER, Phase.MATCH_OVER):
                state = match.state
                if state.phase is Phase.OPENING:
                    match.roll_opening()
                elif state.phase is Phase.TURN:
                    if state.cube.value == 1 and rng.random() < 0.04 and match.refusal(Action.DOUBLE) is None:
                        match.double()
                        match.take()
                    match.roll()
                elif state.phase is Phase.MOVING and state.turn is not None:
                    turn = state.turn
                    if not turn.complete:
                        match.play(rng.choice(legal_plays(turn.start, turn.roll)))
                    if match.state.phase is Phase.MOVING:
                        match.confirm()
                else:
                    raise AssertionError(f"unexpected phase {state.phase}")
                if match.state.phase is not Phase.MOVING and match.state.phase is not Phase.GAME_OVER:
                    continue  # (read once a turn, with its dice: the board is the last turn's end)
                screen.cursor = None
                screen.redraw()
                # The widgets are drawn as the match is now (redraw is synchronous): read at once;
                # only a frame still to be laid out would be waited for (it never has been).
                where = f"game {i} {look}, turn {len(match.turns)}"
                await eventually(pilot, partial(the_board_shown_is_the_engines, app, match, prefs, where))
                checked += 1
    print(f"{games} games, the board read {checked} times")
    assert games == GAMES // 3 and checked >= 40 * games


TERMINALS = [("en", (80, 24)), ("en", (120, 40)), ("ar", (80, 24)), ("ar", (160, 50))]
"""The real-terminal games: both languages, the compact board and a shaped one (the Arabic one at
160 × 50 with Arabic-Indic digits)."""

WHOLE_GAME = ("ar", (80, 24))
"""The terminal whose game is played to its end (the compact board read right to left, bear-offs
and the borne-off checkers included); the others are read at their first :data:`HANDOVERS`
hand-overs (the end of a game in a real terminal is in tests/test_tmux.py too, and every turn of
54 games in every look is read through Pilot above)."""

HANDOVERS = 12


@pytest.mark.slow
@pytest.mark.parametrize(("lang", "size"), TERMINALS, ids=lambda v: v if isinstance(v, str) else f"{v[0]}x{v[1]}")
def test_the_board_in_a_real_terminal_is_the_saved_matchs(tmp_path: Path, lang: str, size: tuple[int, int]) -> None:
    """The installed tawla in tmux: a game with the keys a player uses (on the Arabic layout in
    Arabic), whole or its first :data:`HANDOVERS` hand-overs; at every hand-over the board read
    from ``capture-pane`` is the position of the match tawla saved."""
    import json

    from tawla.i18n import tr
    from tawla.i18n.bidi import visual
    from tawla.store.saves import load
    from tests.test_tmux import Terminal, installed_tawla, moves_at_once

    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed")
    rtl = lang == "ar"

    def says(key: str, **params: object) -> str:
        """The longest piece of a catalog sentence as the screen holds it (visual order in
        Arabic; a name, given as @, may sit anywhere in it)."""
        shown = visual(tr(lang, key, **params), rtl=rtl) if rtl else tr(lang, key, **params)
        pieces = shown.replace("\u2068", "").replace("\u2069", "").split("@")
        return max((piece.strip(" .") for piece in pieces), key=len)

    moves_at_once(tmp_path)
    settings = tmp_path / "config" / "settings.json"
    saved_settings = json.loads(settings.read_text())
    saved_settings["bidi_checked"] = True  # (the first start's right-to-left check has its own tests)
    if size == (160, 50):
        saved_settings["preferences"]["digits"] = Digits.ARABIC_INDIC.value
    settings.write_text(json.dumps(saved_settings))
    prefs = Preferences()
    handovers = [says("status.handover", name="@"), says("status.handover_double", name="@")]
    roll, new, space = ("ق", "ى", "Space") if rtl else ("r", "n", "Space")
    term = Terminal([*installed_tawla(), "--seed", "41", "--lang", lang], tmp_path, *size)
    try:
        term.wait_for(lambda s: says("menu.new_match") in s)
        term.keys(new)
        term.wait_for(lambda s: says("new.player1") in s)
        term.keys("C-s")
        text = term.wait_for(lambda s: says("banner.opening") in s)
        checked = 0
        over = says("over.title")
        whole = (lang, size) == WHOLE_GAME
        for _ in range(3000):
            if over in text or (not whole and checked >= HANDOVERS):
                break
            handover = any(h in text for h in handovers)
            if handover:
                (saved,) = (tmp_path / "data" / "matches").glob("*.json")
                differences: list[str] = []

                def agrees(screen: str, saved: Path = saved, differences: list[str] = differences) -> bool:
                    """The board on ``screen`` is the saved match's (the file is read again each
                    time: it and the frame are written one after the other)."""
                    match = load(saved)
                    assert match is not None
                    differences[:] = same(read_board(screen), expected(match.match.state, prefs))
                    return not differences

                text = term.wait_for(
                    agrees,
                    what=lambda differences=differences: (
                        "the board on the screen to be the saved match's: " + "; ".join(differences)
                    ),
                )
                checked += 1
                term.keys(roll, space)  # (the roll and the move in one burst, as a player types them)
                text = term.settled()
            else:
                text = term.press(space)
        assert checked >= 10 and (over in text or not whole)
        if size == (160, 50):
            assert "٦" in text or "٥" in text, "the Arabic-Indic digits are on the board"
    finally:
        term.close()
