"""The last move on the board (#12): where each checker came from and went to, and each hit,
marked by symbols that read without colour and on the ASCII board, until the next player moves.

The marks are read back from the drawn characters alone (the point numbers too, so the
numbering is the one the viewer sees) and compared with what the engine's positions say
changed: the mover's checkers fewer on a point (left), more (arrived, and how many), an
opponent's blot gone (hit), the bar and the tray.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
from rich.style import Style

from tawla.engine import Position, TurnState, legal_plays
from tawla.game import Match, Phase, RuleSet, ScriptedDice, SeededDice
from tawla.i18n.words import Words
from tawla.store.options import BoardFacing, HomeSide
from tawla.store.settings import Preferences
from tawla.ui.board import (
    COMPACT,
    GLYPHS,
    LARGE,
    MARKS,
    SCALES,
    BoardModel,
    Scale,
    _bar_places,
    _Canvas,
    _checker_rows,
    _column_x,
    draw_board,
)
from tawla.ui.cursor import Cursor
from tawla.ui.geometry import BAR_COLUMN
from tawla.ui.match_view import board_model, layout_for
from tawla.ui.screens.game import GameScreen
from tests.helpers.waiting import eventually, screen_is, wait_until
from tests.test_ui import SIZE, at, play_one_step, screen_text, started

Spot = tuple[str, int | str]
"""("point", number as the viewer reads it), or ("bar" | "tray", "upper" | "lower")."""

WORDS = Words("en")
PREFS = [
    Preferences(board_facing=facing, home_side=side, ascii_board=ascii_)
    for facing in BoardFacing
    for side in HomeSide
    for ascii_ in (True, False)
]
STYLES = {
    "cursor": Style(reverse=True),
    "picked": Style(reverse=True, blink=True),
    "last": Style(italic=True),
    "hit": Style(bold=True),
    "dest": Style(underline=True),
    "dest-active": Style(underline=True, reverse=True),
}
"""Styles that tell each highlight apart (the marks themselves are read with no styles)."""


@dataclass
class Marks:
    left: set[Spot] = field(default_factory=set)
    arrived: dict[Spot, int] = field(default_factory=dict)
    hit: set[Spot] = field(default_factory=set)
    checkers: dict[int, int] = field(default_factory=dict)
    """Checkers read on each point (by the viewer's number), marks or not."""

    def __bool__(self) -> bool:
        return bool(self.left or self.arrived or self.hit)


def read(canvas: _Canvas, model: BoardModel, scale: Scale) -> Marks:
    """The marks as the drawn characters show them; each point known by the number drawn
    at its edge."""
    chars, layout, p = canvas.chars, model.layout, scale.point
    into, out_of, ghost, star = MARKS[model.ascii]
    glyphs = GLYPHS[model.ascii]
    half = {0: "upper", 1: "lower"}
    out = Marks()

    def look(spot: Spot, x: int, ys: list[int]) -> None:
        for y in ys:
            place = "".join(chars[y][x : x + p])
            if ghost in place:
                out.left.add(spot)
            if into in place or out_of in place:
                out.arrived[spot] = out.arrived.get(spot, 0) + 1
            if star in place:
                out.hit.add(spot)

    for row in (0, 1):
        for column in [*range(6), *range(7, 13)]:
            x = _column_x(layout, scale, column)
            edge = 0 if row == 0 else scale.height - 1
            number = int("".join(chars[edge][x : x + p]).strip("─-"))  # (int reads ١٢ as 12 too)
            ys = _checker_rows(scale, row)
            look(("point", number), x, ys)
            # A checker is its glyph (in parentheses on a shaped board), a count its digits;
            # anything else there is a mark or the point's shape.
            places = ["".join(ch for ch in chars[y][x : x + p] if ch in glyphs or ch.isdigit()) for y in ys]
            shown = [t for t in places if t]
            count = len(shown)
            if count == scale.drawn and shown[-1] not in glyphs:
                count = int(shown[-1])
            out.checkers[number] = count
        look(("bar", half[row]), _column_x(layout, scale, BAR_COLUMN), _bar_places(scale, row))
    tray = _column_x(layout, scale, layout.tray_column) + scale.tray - 1
    for y in range(1, scale.height - 1):
        if chars[y][tray] == out_of:
            spot: Spot = ("tray", "upper" if y < scale.height // 2 else "lower")
            out.arrived[spot] = out.arrived.get(spot, 0) + 1
    return out


def expected(player: int, turn: TurnState, model: BoardModel) -> Marks:
    """What changed on the board in ``player``'s turn, from the positions before and after,
    in the numbering the board shows."""
    before, after = turn.start, turn.position
    bottom = player == model.layout.bottom
    out = Marks()
    for q in range(1, 25):
        spot: Spot = ("point", q if player == model.numbering else 25 - q)
        change = max(after[q], 0) - max(before[q], 0)
        if change < 0:
            out.left.add(spot)
        elif change > 0:
            out.arrived[spot] = change
        if before[q] == -1 and after[q] >= 0:
            out.hit.add(spot)
    if after.mover_bar < before.mover_bar:
        out.left.add(("bar", "upper" if bottom else "lower"))
    if after.mover_off > before.mover_off:
        out.arrived[("tray", "lower" if bottom else "upper")] = 1  # (one mark, whatever the number)
    if out.hit:
        assert after.opponent_bar > before.opponent_bar
        out.hit.add(("bar", "lower" if bottom else "upper"))
    return out


def checkers(model: BoardModel) -> dict[int, int]:
    """Checkers on each point by the number the viewer reads there."""
    board = model.board  # (from the bottom player)
    return {(q if model.numbering == model.layout.bottom else 25 - q): abs(board[q]) for q in range(1, 25)}


def turns(seed: int, count: int) -> Iterator[tuple[Match, int, TurnState]]:
    """Random legal plays of one long match: after each completed turn, the match, who played
    and how (and, at times, the next player's first step: see ``steps``)."""
    rng = random.Random(seed)
    match = Match(RuleSet(match_length=25, cube=False), ("A", "B"), SeededDice(seed))
    done = 0
    while done < count:
        state = match.state
        if state.phase is Phase.OPENING:
            match.roll_opening()
        elif state.phase is Phase.TURN:
            match.roll()
        elif state.phase is Phase.GAME_OVER:
            match.next_game()
        elif state.phase is Phase.MOVING:
            assert state.turn is not None
            player = state.on_roll
            match.play(rng.choice(legal_plays(state.turn.start, state.turn.roll)))
            if match.state.phase is Phase.MOVING:
                match.confirm()
            last = match.last_turn
            assert last is not None and last[0] == player
            done += 1
            yield match, player, last[1]
        else:  # pragma: no cover - nothing else happens without a cube
            raise AssertionError(state.phase)


# -- random turns ----------------------------------------------------------------------------------


def test_random_turns_are_marked_exactly_where_the_positions_changed() -> None:
    seen = {"hit": 0, "bar": 0, "tray": 0, "full": 0, "over": 0, "hidden": 0}
    for n, (match, player, turn) in enumerate(turns(seed=1203, count=360)):
        prefs = PREFS[n % len(PREFS)]
        model = board_model(match, prefs, WORDS)
        for scale in SCALES:
            got = read(draw_board(model, scale, {}), model, scale)
            want = expected(player, turn, model)
            where = f"turn {n}, {prefs.board_facing}, {prefs.home_side}, ascii {prefs.ascii_board}"
            assert (got.left, got.arrived, got.hit) == (want.left, want.arrived, want.hit), where
            assert got.checkers == checkers(model), where  # the counts still read
        seen["hit"] += bool(want.hit)
        seen["bar"] += any(s[0] == "bar" for s in want.left)
        seen["tray"] += any(s[0] == "tray" for s in want.arrived)
        seen["full"] += any(abs(model.board[q]) > COMPACT.drawn for q in range(1, 25))
        seen["over"] += match.state.phase is Phase.GAME_OVER
        if match.state.phase is Phase.TURN and n % 3 == 0:
            # The next player's first step takes the marks away.
            match.roll()
            turn_now = match.state.turn
            assert turn_now is not None
            if turn_now.legal:
                match.move(sorted(turn_now.legal)[0])
                model = board_model(match, prefs, WORDS)
                assert not model.last.cells
                assert not read(draw_board(model, COMPACT, {}), model, COMPACT), n
                match.undo()
                seen["hidden"] += 1
            model = board_model(match, prefs, WORDS)  # (rolled, not moved yet: still marked)
            assert model.last.cells or not turn.made
    assert all(v >= 3 for v in seen.values()), seen  # every kind of turn came up


# -- named turns -------------------------------------------------------------------------------


def after_play(board: Position, roll: tuple[int, int], play: str, **prefs: object) -> tuple[Match, BoardModel]:
    """Ali (player 0) plays ``play`` from ``board``; Badr is on roll, has not rolled yet."""
    match = Match(names=("Ali", "Badr"), dice=ScriptedDice([roll, (2, 1)]), start=at(RuleSet(), board))
    match.roll()
    match.play(play)
    if match.state.phase is Phase.MOVING:
        match.confirm()
    return match, board_model(match, Preferences(**prefs), WORDS)  # type: ignore[arg-type]


BLOT_ON_7 = {18: 1, 6: 5, 8: 3, 13: 4, 24: 2}
"""Badr's checkers (in his numbering) with a blot on Ali's 7."""


def lines(model: BoardModel, scale: Scale = COMPACT) -> list[str]:
    return ["".join(row) for row in draw_board(model, scale, {}).chars]


def test_a_hit_is_starred_beside_the_hitter_and_the_hit_checker_on_the_bar() -> None:
    board = Position.from_counts({13: 5, 6: 5, 8: 3, 24: 2}, BLOT_ON_7)
    match, model = after_play(board, (6, 1), "13/7* 8/7")
    assert match.state.board_for(1).mover_bar == 1
    got = read(draw_board(model, COMPACT, {}), model, COMPACT)
    # Still board, Badr's numbers: Ali's 7 is Badr's 18, 13 is 12, 8 is 17.
    assert got.hit == {("point", 18), ("bar", "lower")}
    assert got.arrived == {("point", 18): 2} and got.left == {("point", 12), ("point", 17)}
    drawn = lines(model)
    assert "›●*" in drawn[-2] and "›●‹" in drawn[-3]  # the hitter first on the point, then the other
    assert " ○*" in drawn[7]  # the hit checker waits on the bar, beside Badr's home board


def test_a_hit_and_run_leaves_a_star_on_the_empty_point() -> None:
    board = Position.from_counts({13: 5, 6: 5, 8: 3, 24: 2}, BLOT_ON_7)
    _, model = after_play(board, (6, 1), "13/7*/6", ascii_board=True)
    drawn = lines(model, LARGE)
    got = read(draw_board(model, LARGE, {}), model, LARGE)
    assert got.hit == {("point", 18), ("bar", "lower")}
    assert got.arrived == {("point", 19): 1} and got.left == {("point", 12)}
    x = _column_x(model.layout, LARGE, model.layout.cell(0, 7).column)
    assert drawn[LARGE.height - 2][x : x + 5] == "/ * \\"  # (alone on the point's shape)


def test_bearing_off_marks_the_tray() -> None:
    board = Position.from_counts({6: 3, 5: 2, 1: 1}, {13: 5, 12: 3})
    for ascii_, row in ((False, "▬▬▬‹"), (True, "===<")):
        _, model = after_play(board, (6, 5), "6/off 5/off", ascii_board=ascii_)
        got = read(draw_board(model, COMPACT, {}), model, COMPACT)
        assert got.arrived == {("tray", "lower"): 1} and got.left == {("point", 19), ("point", 20)}
        tray = _column_x(model.layout, COMPACT, model.layout.tray_column)
        newest = _checker_rows(COMPACT, 1)[(11 + 2) // 3 - 1]  # 11 off: 4 rows of 3
        assert lines(model)[newest][tray : tray + COMPACT.tray] == row


def test_the_games_last_play_stays_marked_when_the_game_is_over() -> None:
    board = Position.from_counts({2: 1, 1: 1}, {13: 5, 12: 3})
    match, model = after_play(board, (6, 5), "2/off 1/off")
    assert match.state.phase is Phase.GAME_OVER
    got = read(draw_board(model, COMPACT, {}), model, COMPACT)
    assert ("tray", "lower") in got.arrived and got.left == {("point", 1), ("point", 2)}  # (Ali's numbers)


def test_entering_from_the_bar_leaves_a_ghost_on_the_bar() -> None:
    board = Position.from_counts({25: 2, 6: 5, 13: 4}, {6: 5, 8: 3, 13: 5})
    _, model = after_play(board, (5, 3), "bar/20 bar/22", home_side=HomeSide.LEFT, ascii_board=True)
    got = read(draw_board(model, LARGE, {}), model, LARGE)
    assert got.left == {("bar", "upper")}
    assert got.arrived == {("point", 5): 1, ("point", 3): 1}  # (Badr's numbers for Ali's 20 and 22)
    x = _column_x(model.layout, LARGE, BAR_COLUMN)
    assert [lines(model, LARGE)[y][x : x + 5] for y in _bar_places(LARGE, 0)[:2]] == ["  .  ", "  .  "]


def test_a_double_marks_each_checker_that_arrived_and_each_place_left() -> None:
    _, model = after_play(Position.start(), (3, 3), "8/5(2) 6/3(2)", board_facing=BoardFacing.ON_ROLL)
    assert model.layout.bottom == 1  # (turned to Badr: Ali's checkers on top)
    got = read(draw_board(model, COMPACT, {}), model, COMPACT)
    assert got.arrived == {("point", 20): 2, ("point", 22): 2}
    assert got.left == {("point", 17), ("point", 19)} and not got.hit
    drawn = lines(model)
    x = _column_x(model.layout, COMPACT, model.layout.cell(0, 5).column)
    assert [drawn[y][x : x + 3] for y in (1, 2, 3)] == ["›●‹", "›●‹", "   "]
    x = _column_x(model.layout, COMPACT, model.layout.cell(0, 6).column)
    assert [drawn[y][x : x + 3] for y in (1, 2, 3, 4, 5)] == [" ● ", " ● ", " ● ", " · ", " · "]


def test_a_full_point_shows_its_ghost_around_the_top_checker_and_counts_keep_their_place() -> None:
    board = Position.from_counts({6: 8, 8: 6, 13: 1}, {6: 5, 8: 3, 13: 5})
    _, model = after_play(board, (2, 1), "8/6 6/5")
    drawn = lines(model)
    got = read(draw_board(model, COMPACT, {}), model, COMPACT)
    assert got.left == {("point", 17)} and got.arrived == {("point", 20): 1}
    x = _column_x(model.layout, COMPACT, model.layout.cell(0, 8).column)
    assert drawn[COMPACT.height - 2 - 4][x : x + 3] == "·●·"  # 8: five left, no free place
    assert got.checkers[17] == 5 and got.checkers[19] == 8  # 6 still shows its count
    x = _column_x(model.layout, COMPACT, model.layout.cell(0, 6).column)
    assert drawn[COMPACT.height - 2 - 4][x : x + 3] == " 8 "
    _, model = after_play(board, (2, 2), "8/6(2) 8/4")
    drawn = lines(model)
    assert drawn[COMPACT.height - 2 - 4][x : x + 3] == "10‹"  # two arrived: the count is marked too
    assert drawn[COMPACT.height - 2 - 3][x : x + 3] == "›●‹"
    got = read(draw_board(model, COMPACT, {}), model, COMPACT)
    assert got.arrived == {("point", 19): 2, ("point", 21): 1} and got.checkers[19] == 10


def test_the_marks_go_once_the_next_player_moves_and_stay_until_then() -> None:
    match, model = after_play(Position.start(), (6, 1), "13/7 8/7")
    assert model.last.cells
    match.roll()  # Badr's 2-1: rolled, not moved
    assert board_model(match, Preferences(), WORDS).last == model.last
    match.move(sorted(match.state.turn.legal)[0])  # type: ignore[union-attr]
    model = board_model(match, Preferences(), WORDS)
    assert not model.last.cells and not read(draw_board(model, COMPACT, {}), model, COMPACT)
    match.undo()  # taken back: the opponent's play is marked again
    assert board_model(match, Preferences(), WORDS).last.cells


def test_a_pass_marks_nothing() -> None:
    board = Position.from_counts({25: 1, 6: 5}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2})
    match = Match(names=("Ali", "Badr"), dice=ScriptedDice([(6, 6)]), start=at(RuleSet(), board))
    match.roll()
    match.confirm()
    assert match.last_turn is not None and not match.last_turn[1].made
    model = board_model(match, Preferences(), WORDS)
    assert not model.last.cells and not read(draw_board(model, LARGE, {}), model, LARGE)


def test_the_cursor_and_the_landing_labels_win_over_the_marks() -> None:
    # Ali hits Badr's blot and leaves a blot of his own on his 5, where Badr may enter.
    board = Position.from_counts({13: 5, 6: 5, 8: 3, 24: 2}, BLOT_ON_7)
    match = Match(names=("Ali", "Badr"), dice=ScriptedDice([(6, 1), (5, 2)]), start=at(RuleSet(), board))
    match.roll()
    match.play("13/7* 6/5")
    match.confirm()
    match.roll()  # Badr 5-2: must enter first, the cursor is on the bar
    turn = match.state.turn
    assert turn is not None
    layout = layout_for(match.state, Preferences())
    cursor = Cursor.for_turn(turn, 1, layout)
    assert cursor.at == 25
    model = board_model(match, Preferences(), WORDS, cursor)
    canvas = draw_board(model, COMPACT, STYLES)
    bar_x = _column_x(layout, COMPACT, BAR_COLUMN)
    y = _bar_places(COMPACT, 1)[0]
    assert "".join(canvas.chars[y][bar_x : bar_x + 3]) == " ○*"  # the hit checker, starred
    assert all(s is not None and s.reverse for s in canvas.styles[y][bar_x : bar_x + 3])  # under the cursor
    # Picked up: the landing labels are drawn over the marks (on Ali's 5, that arrived).
    cursor = cursor.pick(turn)
    model = board_model(match, Preferences(), WORDS, cursor)
    canvas = draw_board(model, COMPACT, STYLES)
    labels = {s.dest: s.die for s in cursor.choices}
    assert labels == {20: 5, 23: 2}  # (entering with the 5 hits the blot Ali left on his 5)
    for dest, die in labels.items():
        cell = layout.cell(1, dest)
        x = _column_x(layout, COMPACT, cell.column)
        here = _checker_rows(COMPACT, cell.row)[0]
        assert "".join(canvas.chars[here][x : x + 3]) == f" {die} "
    assert all(s is not None and s.reverse and s.blink for s in canvas.styles[y][bar_x : bar_x + 3])
    got = read(canvas, model, COMPACT)
    assert ("bar", "lower") in got.hit and ("point", 18) in got.hit  # the others still marked


@pytest.mark.parametrize("ascii_", [False, True])
def test_the_marks_read_in_arabic_indic_digits_too(ascii_: bool) -> None:
    match, _ = after_play(Position.start(), (6, 1), "13/7 8/7")
    model = board_model(match, Preferences(home_side=HomeSide.LEFT, ascii_board=ascii_), Words("ar", True))
    got = read(draw_board(model, LARGE, {}), model, LARGE)
    assert got.arrived == {("point", 18): 2} and got.left == {("point", 12), ("point", 17)}


# -- on the real screen ------------------------------------------------------------------------------


def told(match: Match) -> str:
    """Where the match is, for a failure message."""
    state = match.state
    return f"the match is at {state.phase.name}, {state.on_roll} on roll"


async def test_the_last_move_is_on_the_screen_until_the_next_player_moves() -> None:
    from textual.widgets import Input

    match = Match(RuleSet(match_length=5), ("Ali", "Badr"), ScriptedDice([(6, 1), (3, 1)]))
    app = started(match, preferences=Preferences(ascii_board=True))
    async with app.run_test(size=SIZE) as pilot:
        game = await screen_is(pilot, GameScreen)
        # Each key waited for: an Enter behind the move, in the same burst, goes to the box and
        # does not end the turn (tests/test_races.py).
        await pilot.press("space")  # Ali wins the opening with 6-1
        await wait_until(pilot, lambda: match.state.phase is Phase.MOVING, lambda: f"the opening ({told(match)})")
        await pilot.press(":")
        await wait_until(pilot, lambda: game.typing, "the move box open")
        await pilot.press(*"13/7 8/7")
        box = game.query_one("#move", Input)
        await wait_until(pilot, lambda: box.value == "13/7 8/7", lambda: f"the move typed ({box.value!r})")
        await pilot.press("enter")
        await wait_until(pilot, lambda: match.state.turn is not None and match.state.turn.complete, "the move played")
        await pilot.press("enter")
        await wait_until(pilot, lambda: match.state.on_roll == 1, lambda: f"the turn ended ({told(match)})")
        assert match.state.on_roll == 1 and match.state.phase is Phase.TURN

        def marked() -> None:
            board = [line for line in screen_text(app).splitlines() if line.count("|") >= 4]
            assert sum(line.count(">X<") for line in board) == 2, board  # two checkers arrived on 7 (Badr's 18)
            assert sum(line.count(".") for line in board) == 2, board  # one left 13, one left 8

        await eventually(pilot, marked)
        await pilot.press("r")  # Badr rolls 3-1: still marked
        await wait_until(pilot, lambda: match.state.phase is Phase.MOVING, lambda: f"Badr's roll ({told(match)})")
        await wait_until(pilot, lambda: "Dice [3] [1]" in screen_text(app), "Badr's 3-1 drawn")
        assert ">X<" in screen_text(app)
        await play_one_step(pilot, app)  # Badr's first step: the marks go
        await wait_until(
            pilot,
            lambda: match.state.turn is not None and len(match.state.turn.made) == 1,
            lambda: f"Badr's first step ({told(match)})",
        )
        await wait_until(pilot, lambda: ">X<" not in screen_text(app), lambda: f"the marks gone:\n{screen_text(app)}")
