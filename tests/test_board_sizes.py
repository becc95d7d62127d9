"""The board uses the room it has (#12): the compact board at 80 × 24, larger ones (wider and
taller points, checkers drawn ``(●)``, triangles, a tray of borne-off checkers) as the terminal
grows, always beside a panel of at least 28 columns and above the status lines.

Everything is read from the screen as drawn: the frame, the point numbers on its edges and
the checkers under each number, one a line (a count in a point's last place).
"""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len

from tawla.engine import Position
from tawla.game import Match, RuleSet, ScriptedDice
from tawla.store.options import HomeSide
from tawla.store.settings import Preferences, Settings
from tawla.ui.app import TawlaApp
from tawla.ui.board import COMPACT, GLYPHS, HUGE, LARGE, SCALES, BoardView, Scale
from tawla.ui.match_view import PANEL_MIN, UNDER_BOARD
from tawla.ui.screens.game import GameScreen
from tests.helpers.waiting import eventually, screen_is, wait_until
from tests.test_ui import at, screen_text, started

SIZES = [(80, 24), (100, 30), (120, 40), (140, 45), (160, 50), (200, 60)]
"""Terminal sizes, each at least as large as the one before in both directions."""

_INDIC = str.maketrans("٠١٢٣٤٥٦٧٨٩", "0123456789")


def match_at(board: Position) -> Match:
    return Match(names=("Ali", "Badr"), dice=ScriptedDice([(6, 5)]), start=at(RuleSet(), board))


def board_view(app) -> BoardView:  # type: ignore[no-untyped-def]
    return app.screen.query_one(BoardView)


def frame(lines: list[str]) -> tuple[int, int, int, int]:
    """Top and bottom line and left and right column of the board's frame on the screen."""
    lines = [line.translate(_INDIC) for line in lines]
    top = next(y for y, line in enumerate(lines) if re.search(r"[┌+][─┬+\-0-9]{40,}[┐+]", line))
    found = re.search(r"[┌+][─┬+\-0-9]{40,}[┐+]", lines[top])
    assert found is not None
    x0, x1 = found.start(), found.end() - 1
    bottom = next(y for y in range(top + 1, len(lines)) if lines[y][x0] in "└+")
    return top, bottom, x0, x1


def read_points(screen: str, ascii_: bool) -> dict[int, tuple[str, int, int]]:
    """Each point's glyph, how many checkers it holds, and how many are drawn, keyed by the
    number on its edge: the lines under (or over) the number that show a glyph near it, and a
    count in the last place if there is one."""
    lines = screen.splitlines()
    top, bottom, x0, x1 = frame(lines)
    middle = (top + bottom) // 2
    glyphs = GLYPHS[ascii_]
    out: dict[int, tuple[str, int, int]] = {}
    for edge, rows in ((top, range(top + 1, middle)), (bottom, range(bottom - 1, middle, -1))):
        for label in re.finditer(r"\d+", lines[edge][x0 : x1 + 1].translate(_INDIC)):
            left, right = x0 + label.start() - 1, x0 + label.end() + 1  # (a checker is centred under it)
            drawn, total, glyph = 0, 0, ""
            for y in rows:
                near = lines[y][left:right]
                here = [ch for ch in near if ch in glyphs]
                if here:
                    assert glyph in ("", here[0]), f"two kinds of checker on point {label.group()}"
                    glyph, drawn, total = here[0], drawn + 1, total + 1
                elif digits := "".join(ch for ch in near.translate(_INDIC) if ch.isdigit()):
                    total = int(digits)
            if total:
                out[int(label.group())] = (glyph, total, drawn)
    return out


def expected(board: Position, ascii_: bool) -> dict[int, tuple[str, int]]:
    """The checkers on each point in the numbering of Ali (player 0, on roll)."""
    glyphs = GLYPHS[ascii_]
    return {q: (glyphs[0] if board[q] > 0 else glyphs[1], abs(board[q])) for q in range(1, 25) if board[q]}


def assert_fits(app, width: int, height: int) -> Scale:  # type: ignore[no-untyped-def]
    """The whole board is on the screen beside a panel of at least 28 columns, and the lines
    under it keep their room; returns the board's scale."""
    view = board_view(app)
    scale = view.scale
    lines = screen_text(app).splitlines()
    assert len(lines) == height and all(cell_len(line) <= width for line in lines)
    top, bottom, x0, x1 = frame(lines)
    assert (x1 - x0 + 1, bottom - top + 1) == (scale.width, scale.height)
    assert view.region.width == scale.width and view.region.height == scale.height
    assert view.region.right <= width and view.region.bottom <= height - UNDER_BOARD
    panel = app.screen.query_one("#panel").region
    assert panel.width >= PANEL_MIN and not panel.overlaps(view.region)
    assert panel.right <= width
    return scale


async def fitted(pilot, width: int, height: int) -> Scale:  # type: ignore[no-untyped-def]
    """Wait until the game screen is built and its board drawn for a terminal of ``width`` ×
    ``height`` (:func:`assert_fits`: after a resize, once tawla has handled it and drawn the
    board again); returns the board's scale."""
    await screen_is(pilot, GameScreen)
    scales: list[Scale] = []
    await eventually(pilot, lambda: scales.append(assert_fits(pilot.app, width, height)))
    return scales[-1]


# -- sizes -----------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ar"])
async def test_each_size_gets_the_largest_board_that_fits(lang: str) -> None:
    scales: list[Scale] = []
    for width, height in SIZES:
        match = match_at(Position.start())
        app = TawlaApp(lang=lang, dice=match.dice, match=match, settings=Settings(bidi_checked=True))
        async with app.run_test(size=(width, height)) as pilot:
            scales.append(await fitted(pilot, width, height))
    assert scales[0] == COMPACT  # 80 × 24: the board the snapshot set shows
    assert dict(zip(SIZES, scales, strict=True))[(120, 40)] == LARGE
    assert dict(zip(SIZES, scales, strict=True))[(160, 50)] == HUGE
    order = [SCALES.index(s) for s in scales]
    assert order == sorted(order), "a larger terminal never gets a smaller board"
    assert scales[-1] != COMPACT


async def test_resizing_up_and_down_changes_the_board() -> None:
    board = Position.from_counts({6: 7, 8: 3, 13: 5}, {6: 5, 8: 3, 13: 5, 24: 2})
    app = started(match_at(board))
    async with app.run_test(size=(80, 24)) as pilot:
        await fitted(pilot, 80, 24)
        seen = []
        for width, height in [*SIZES, *reversed(SIZES), (160, 50), (80, 24), (200, 30), (90, 60)]:
            await pilot.resize_terminal(width, height)
            scale = await fitted(pilot, width, height)
            seen.append(scale)
            assert read_points(screen_text(app), False)[6] == ("●", 7, 7 if scale.drawn >= 7 else scale.drawn - 1)
        assert {COMPACT, LARGE, HUGE} <= set(seen)
        # (a wide but short terminal, a tall but narrow one: the room in the other direction decides)
        assert seen[-4:] == [HUGE, COMPACT, LARGE, COMPACT]
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.match.state.turn is None  # (not rolled yet)
        await pilot.press("space")  # (and the game goes on)
        await wait_until(pilot, lambda: screen.match.state.turn is not None, "Space rolled")


# -- checkers, counted from the screen -------------------------------------------------------

POSITIONS = {
    "six": Position.from_counts({6: 6, 8: 3, 13: 4, 24: 2}, {6: 6, 8: 2, 13: 5, 24: 2}),
    "seven": Position.from_counts({5: 7, 8: 3, 13: 3, 24: 2}, {19: 7, 8: 2, 13: 6}),
    "fifteen": Position.from_counts({6: 15}, {6: 6, 7: 7, 1: 2}),
    "eight and off": Position.from_counts({1: 8, 2: 6}, {1: 8, 20: 6}),
}


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (160, 50)])
@pytest.mark.parametrize("home", [HomeSide.RIGHT, HomeSide.LEFT])
@pytest.mark.parametrize("ascii_", [False, True], ids=["unicode", "ascii"])
async def test_every_point_shows_its_checkers(size: tuple[int, int], home: HomeSide, ascii_: bool) -> None:
    prefs = Preferences(home_side=home, ascii_board=ascii_)
    for name, board in POSITIONS.items():
        app = started(match_at(board), preferences=prefs)
        async with app.run_test(size=size) as pilot:
            scale = await fitted(pilot, *size)
            got = read_points(screen_text(app), ascii_)
            assert {q: seen[:2] for q, seen in got.items()} == expected(board, ascii_), name
            for q, (_, total, drawn) in got.items():  # as many as there is room for, then the count
                assert drawn == (total if total <= scale.drawn else scale.drawn - 1), (name, q)
            if scale.shaped:
                glyph = GLYPHS[ascii_][0]
                assert f"({glyph})" in screen_text(app)  # a checker two cells wider than its glyph
                if name == "fifteen":
                    assert got[6] == (glyph, 15, scale.drawn - 1)


async def test_the_tray_holds_every_borne_off_checker() -> None:
    board = Position.from_counts({1: 1}, {23: 3})  # Ali has 14 off, Badr 12
    for ascii_ in (False, True):
        app = started(match_at(board), preferences=Preferences(ascii_board=ascii_))
        async with app.run_test(size=(120, 40)) as pilot:
            await fitted(pilot, 120, 40)
            lines = screen_text(app).splitlines()
            top, bottom, _, x1 = frame(lines)
            tray = [line[x1 - LARGE.tray : x1] for line in lines[top + 1 : bottom]]
            slab = "==" if ascii_ else "▬▬"
            assert sum(row.count(slab) for row in tray) == 14 + 12  # one slab a checker
            glyphs = GLYPHS[ascii_]
            assert f"{glyphs[0]}14" in "".join(tray).replace(" ", "")
            assert f"{glyphs[1]}12" in "".join(tray).replace(" ", "")
