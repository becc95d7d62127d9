"""The board draws Plakoto and Fevga (#23), and the screen tells the truth about them.

Every board here is drawn by the board's own drawing (:func:`~tawla.ui.board.draw_board`, what
:class:`~tawla.ui.board.BoardView` draws, from a :class:`~tawla.ui.board.BoardModel` built as
the game screen builds one: the position seen from the bottom player, in a
:class:`~tawla.ui.geometry.Layout` that knows the game) and read back by tests/helpers/screen_board.py,
which knows only what a player sees: a pin is a lone checker at the edge end of a point under
the other side's stack (``○●●`` from the edge), a number in the last place counts the stack on
top, the point numbers are read as labelled (Fevga's top player counts p ± 12 from the bottom
player's), and a Fevga board's arrows say which way each row runs. The reading is compared with
the engine's position (:class:`~tawla.engine.tavla.TavlaBoard`, its own ``swapped`` and
``pinned``), exactly: checkers, pins, borne off, numbering and direction, at the three scales,
Unicode and ASCII, homes right and left, either player at the bottom and either numbering, with
no colour at all (the drawing read is the characters alone).
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, replace

import pytest
from rich.style import Style
from textual.app import App, ComposeResult

from tawla.engine import BAR, Position
from tawla.engine.games import plays_of
from tawla.engine.tavla import Game, TavlaBoard, ending, opponent_point, parse_board, tavla_plays
from tawla.game import Match, Phase, RuleSet, SeededDice
from tawla.game.rules import GameChoice
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
    BoardView,
    Destination,
    Scale,
    _checker_rows,
    _column_x,
    draw_board,
    scale_for,
)
from tawla.ui.geometry import BAR_COLUMN, Layout
from tawla.ui.match_view import board_model, last_move, viewer
from tests.helpers.screen_board import Seen, read_board
from tests.helpers.waiting import eventually, screen_text

INDIC = tuple("٠١٢٣٤٥٦٧٨٩"[n] if n < 10 else "٠١٢٣٤٥٦٧٨٩"[n // 10] + "٠١٢٣٤٥٦٧٨٩"[n % 10] for n in range(26))
"""The numbers 0-25 in Arabic-Indic digits, as the Arabic interface writes them."""


def _fields(game: Game, points: dict[int, str], off: tuple[int, int] = (0, 0)) -> TavlaBoard:
    """A board from the mover's fields (point → ``n``, ``-n``, ``np``, ``-np``)."""
    text = ",".join(points.get(p, "0") for p in range(1, 25))
    return parse_board(game, f"{text};{off[0]},{off[1]}")


PLAKOTO = {
    "start": TavlaBoard.start(Game.PLAKOTO),
    # Pins in the four corners: on the opponent's start (its mother, under two of the mover's),
    # in the corner of each outer board, the mover's start holding its last five unpinned.
    "corners": _fields(Game.PLAKOTO, {1: "2p", 2: "-4", 6: "4", 12: "-2p", 13: "3p", 19: "-7", 24: "5"}),
    # Pins on both starts and on the points beside them: the mover's mother under two, the
    # opponent's under three, a blot pinned on 23 and on 2.
    "beside the starts": _fields(Game.PLAKOTO, {1: "3p", 2: "1p", 8: "9", 17: "-10", 23: "-1p", 24: "-2p"}),
    # A tall stack on a pin (eleven on one), another of nine, one that just fills the compact
    # point (a pinned checker and four), checkers borne off.
    "tall": _fields(Game.PLAKOTO, {6: "11p", 8: "2", 15: "-4p", 20: "-9p"}, (0, 1)),
    # Pinned stacks of 5, 6, 7 and 8 places: each scale's room reached and passed.
    "heights": _fields(Game.PLAKOTO, {3: "4p", 10: "5p", 17: "-6p", 22: "-7p"}, (4, 0)),
    # Pins in both homes, each side pinning and pinned there.
    "homes": _fields(
        Game.PLAKOTO, {1: "4", 3: "2p", 4: "2", 5: "-2p", 19: "-4", 20: "3p", 21: "-3", 22: "-1p", 23: "-3"}, (2, 0)
    ),
}
"""Plakoto positions, each from the side on roll."""

FEVGA = {
    "start": TavlaBoard.start(Game.FEVGA),
    # Both sides on their way round: the mover's first checkers past the opponent's start, the
    # opponent's in the mover's starting quarter and in its own home.
    "on the way": _fields(Game.FEVGA, {2: "3", 4: "2", 9: "1", 12: "-10", 14: "-2", 18: "-1", 20: "-2", 24: "9"}),
    "bearing off": _fields(Game.FEVGA, {1: "2", 3: "3", 6: "1", 13: "-4", 16: "-2"}, (9, 9)),
}
"""Fevga positions, each from the side on roll."""


@dataclass(frozen=True)
class Look:
    scale: Scale
    ascii: bool
    home_right: bool
    bottom: int
    """The player at the bottom of the board."""
    numbering: int
    """Whose numbers the board shows (the player who decides)."""
    mover: int
    """The player on roll (the position is seen from them)."""
    indic: bool

    def __str__(self) -> str:
        return (
            f"{self.scale.name} {'ascii' if self.ascii else 'unicode'} home {'right' if self.home_right else 'left'}, "
            f"player {self.bottom} at the bottom, numbering {self.numbering}, player {self.mover} on roll"
            + (", Arabic-Indic" if self.indic else "")
        )


LOOKS = [
    Look(scale, ascii_, home_right, bottom, numbering, mover, indic=(i % 3 == 1))
    for i, (scale, ascii_, home_right, bottom, numbering, mover) in enumerate(
        itertools.product(SCALES, (False, True), (True, False), (0, 1), (0, 1), (0, 1))
    )
]
"""Every scale, board, home side, player at the bottom, numbering and player on roll together;
Arabic-Indic digits on a third of them."""


def model_for(board: TavlaBoard | Position, look: Look, **more: object) -> BoardModel:
    """What the game screen gives the board: the position seen from the bottom player, in a
    layout that knows the game."""
    game = board.game if isinstance(board, TavlaBoard) else Game.BACKGAMMON
    layout = Layout(bottom=look.bottom, home_right=look.home_right, game=game)
    shown = board if look.mover == look.bottom else board.swapped()
    numbers = INDIC if look.indic else tuple(str(n) for n in range(26))
    return BoardModel(
        layout=layout,
        board=shown,
        numbering=look.numbering,
        mover=look.mover,
        ascii=look.ascii,
        numbers=numbers,
        **more,  # type: ignore[arg-type]
    )


def drawn(model: BoardModel, scale: Scale, styles: dict[str, Style] | None = None) -> str:
    """The board's characters, a line each (no colour: monochrome)."""
    return "\n".join("".join(row) for row in draw_board(model, scale, styles or {}).chars)


def truth(board: TavlaBoard, look: Look) -> Seen:
    """What the screen must show, from the engine alone, in the numbering shown."""
    v = look.numbering
    now = board if v == look.mover else board.swapped()
    seen = Seen()
    for p in range(1, 25):
        if now[p]:
            seen.points[p] = (v if now[p] > 0 else 1 - v, abs(now[p]))
        if now.pinned(p):
            seen.pins[p] = v if now.pinned(p) > 0 else 1 - v
    for player, off in ((v, now.mover_off), (1 - v, now.opponent_off)):
        if off:
            seen.off[player] = off
    if board.game is Game.FEVGA:
        seen.travel = ("left", "right") if look.home_right else ("right", "left")
    return seen


def labels(game: Game, look: Look) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The numbers along the top and the bottom edge, left to right, written out."""
    own_right = (tuple(range(13, 25)), tuple(range(12, 0, -1)))
    own_left = (tuple(range(24, 12, -1)), tuple(range(1, 13)))
    if look.numbering == look.bottom:
        return own_right if look.home_right else own_left
    if game is Game.FEVGA:  # the top player's 1 is the bottom player's 13: half a board round
        return (
            (tuple(range(1, 13)), tuple(range(24, 12, -1)))
            if look.home_right
            else (
                tuple(range(12, 0, -1)),
                tuple(range(13, 25)),
            )
        )
    return (
        (tuple(range(12, 0, -1)), tuple(range(13, 25)))
        if look.home_right
        else (
            tuple(range(1, 13)),
            tuple(range(24, 12, -1)),
        )
    )


def check(board: TavlaBoard, look: Look, where: str) -> Seen:
    """Draw ``board`` in ``look``, read it back and compare it with the engine's; the reading."""
    model = model_for(board, look)
    screen = drawn(model, look.scale)
    seen = read_board(screen)
    want = truth(board, look)
    said = f"{where}, {look}:\n{screen}"
    for name in ("points", "pins", "off", "bar", "travel"):
        assert getattr(seen, name) == getattr(want, name), (
            f"{name}: read {getattr(seen, name)}, engine {getattr(want, name)}; {said}"
        )
    assert (seen.top_labels, seen.bottom_labels) == labels(board.game, look), said
    assert seen.cube is None, said  # (no cube in these games)
    return seen


def runs_down(seen: Seen) -> None:
    """Along each row, the way the arrow points, the numbers count down (checkers run from 24
    to 1): whoever's numbering is shown, since in Fevga both sides run the same way."""
    assert seen.travel is not None
    for row, way in zip((seen.top_labels, seen.bottom_labels), seen.travel, strict=True):
        ordered = row if way == "right" else row[::-1]
        assert all(a > b for a, b in itertools.pairwise(ordered)), (row, way)


# -- Plakoto -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", PLAKOTO)
def test_a_plakoto_board_reads_back_with_its_pins(name: str) -> None:
    board = PLAKOTO[name]
    for look in LOOKS:
        seen = check(board, look, name)
        assert seen.travel is None  # (Plakoto's sides run opposite ways, as in backgammon: no arrows)
    if name != "start":
        assert any(board.pinned(p) for p in range(1, 25))


def test_a_pin_is_its_pinned_checker_at_the_edge_under_its_pinners() -> None:
    """The places of a pinned point from the edge, as drawn: the pinned checker in its own
    glyph, then the pinners in theirs, then (taller than the room) how many pinners."""
    board = PLAKOTO["tall"]  # the mover's 11 on one of the opponent's on 6; 9 on one of the mover's on 20
    for look in LOOKS:
        if look.mover != 0 or look.bottom != 0 or look.indic:
            continue
        scale = look.scale
        model = model_for(board, look)
        chars = draw_board(model, scale, {}).chars
        me, them = GLYPHS[look.ascii]
        for point, under, over, count in ((6, them, me, 11), (20, me, them, 9), (15, me, them, 4)):
            cell = model.layout.cell(0, point)
            x = _column_x(model.layout, scale, cell.column)
            places = [
                "".join(chars[y][x : x + scale.point]).strip(" ()╲╱░:\\/▼▲V^") for y in _checker_rows(scale, cell.row)
            ]
            if 1 + count <= scale.drawn:
                want = [under] + [over] * count + [""] * (scale.drawn - 1 - count)
            else:
                want = [under] + [over] * (scale.drawn - 2) + [str(count)]
            assert places == want, (point, str(look), places)


def test_random_plakoto_games_read_back_at_every_turn() -> None:
    """Positions the rules reach (pins made, held and released, mothers, bear-offs), every
    turn of seeded games, each in the next look."""
    pins = turns = 0
    looks = itertools.cycle(LOOKS)
    for seed in range(6):
        pins_, turns_ = _self_play(Game.PLAKOTO, seed, looks)
        pins, turns = pins + pins_, turns + turns_
    assert turns > 150 and pins > 300, (turns, pins)


# -- Fevga -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", FEVGA)
def test_a_fevga_board_reads_back_with_its_numbering_and_its_way_round(name: str) -> None:
    board = FEVGA[name]
    for look in LOOKS:
        seen = check(board, look, name)
        runs_down(seen)


def test_both_fevga_starts_are_in_sight_at_opposite_corners() -> None:
    start = FEVGA["start"]
    for look in LOOKS:
        seen = check(start, look, "start")
        me = look.numbering
        # 15 on the numbering player's 24 and 15 of the other's on its 12 (the other's 24)
        assert seen.points == {24: (me, 15), 12: (1 - me, 15)}
        top, bottom = seen.top_labels, seen.bottom_labels
        corners = {(row, i) for row, found in ((0, top), (1, bottom)) for i, n in enumerate(found) if n in (24, 12)}
        assert corners in ({(0, 11), (1, 0)}, {(0, 0), (1, 11)}), (corners, str(look))  # diagonally opposite


def test_fevga_numbering_is_half_a_board_round_for_the_top_player() -> None:
    """Layout.cell puts the top player's point p where the bottom player's p ± 12 is, and the
    cursor's way back (point_at) agrees."""
    for home_right, bottom in itertools.product((True, False), (0, 1)):
        fevga = Layout(bottom, home_right, Game.FEVGA)
        plakoto = Layout(bottom, home_right, Game.PLAKOTO)
        for p in range(1, 25):
            assert fevga.cell(1 - bottom, p) == fevga.cell_of_bottom_point(p + 12 if p <= 12 else p - 12)
            assert fevga.cell(1 - bottom, p) == fevga.cell(bottom, opponent_point(Game.FEVGA, p))
            assert plakoto.cell(1 - bottom, p) == plakoto.cell_of_bottom_point(25 - p)
            assert fevga.point_at(1 - bottom, fevga.cell(1 - bottom, p)) == p
        # the top player's start (its 24) is the bottom player's 12, its home the quarter 13-18
        assert fevga.cell(1 - bottom, 24) == fevga.cell(bottom, 12)
        home = {fevga.cell(1 - bottom, p) for p in range(1, 7)}
        assert home == {fevga.cell(bottom, q) for q in range(13, 19)}
        assert {c.row for c in home} == {0} and all((c.column > 6) != home_right for c in home)


def test_random_fevga_games_read_back_at_every_turn() -> None:
    looks = itertools.cycle(LOOKS[5:])
    turns = 0
    for seed in range(3):
        turns += _self_play(Game.FEVGA, seed, looks)[1]
    assert turns > 100, turns


def test_the_arrows_sit_over_the_bar_and_backgammon_has_none() -> None:
    for scale, ascii_, home_right in itertools.product(SCALES, (False, True), (True, False)):
        look = Look(scale, ascii_, home_right, 0, 0, 0, False)
        model = model_for(FEVGA["start"], look)
        lines = drawn(model, scale).splitlines()
        x = _column_x(model.layout, scale, BAR_COLUMN)
        left, right = ("<", ">") if ascii_ else ("◀", "▶")
        top, bottom = (left, right) if home_right else (right, left)
        assert top in lines[0][x : x + scale.point] and bottom in lines[-1][x : x + scale.point]
        assert lines[0].count(top) == 1 and lines[-1].count(bottom) == 1
        gammon = drawn(model_for(Position.start(), look), scale)
        assert not any(ch in gammon for ch in "◀▶<>")
        assert read_board(gammon).travel is None and not read_board(gammon).pins


# -- the cursor, the last move, the landing labels -----------------------------------------------

STYLES = {
    "cursor": Style(reverse=True),
    "picked": Style(reverse=True, blink=True),
    "last": Style(italic=True),
    "hit": Style(bold=True),
    "dest": Style(underline=True),
    "dest-active": Style(underline=True, reverse=True),
}


@pytest.mark.parametrize("scale", SCALES, ids=lambda s: s.name)
def test_the_cursor_and_the_picked_checker_are_on_the_top_of_a_pinned_stack(scale: Scale) -> None:
    """On the top of the stack (the count, when it shows one), never on the pinned checker."""
    board = PLAKOTO["tall"]  # on 6: eleven of player 0's on one of 1's; on 15 and 20: 4 and 9 of 1's on one of 0's
    layout = Layout(0, True, Game.PLAKOTO)
    look = Look(scale, False, True, 0, 0, 0, False)
    for point, on_top, mover in ((6, 11, 0), (15, 4, 1), (20, 9, 1)):
        cell = layout.cell(0, point)
        for highlight in ({"cursor": cell}, {"cursor": cell, "picked": cell}):
            canvas = draw_board(replace(model_for(board, look), mover=mover, **highlight), scale, STYLES)
            rows = _checker_rows(scale, cell.row)
            x = _column_x(layout, scale, cell.column)
            lit = [y for y in rows if any(s is not None and s.reverse for s in canvas.styles[y][x : x + scale.point])]
            assert lit == [rows[min(1 + on_top, scale.drawn) - 1]], (point, highlight, lit)
            blinking = any(s is not None and s.blink for y in rows for s in canvas.styles[y][x : x + scale.point])
            assert blinking == ("picked" in highlight)


@pytest.mark.parametrize("scale", [COMPACT, LARGE])
@pytest.mark.parametrize("ascii_", [False, True], ids=["unicode", "ascii"])
def test_a_pin_by_the_last_move_is_starred_beside_the_pinned_checker(scale: Scale, ascii_: bool) -> None:
    """Player 0 pins a blot (its 13/8*): the star beside the pinned checker, the arrival beside
    the pinner above it, and nothing on the bar (there is none in Plakoto)."""
    before = _fields(Game.PLAKOTO, {1: "-14", 8: "-1", 13: "2", 24: "13"})
    (play,) = [p for p in tavla_plays(before, (5, 1)) if [(s.source, s.dest) for s in p.steps] == [(13, 8), (24, 23)]]
    assert play.steps[0].hit  # (the engine says the step pinned)
    after = play.result.swapped()  # player 1 on roll now, player 0 at the bottom
    look = Look(scale, ascii_, True, 0, 1, 1, False)
    layout = Layout(0, True, Game.PLAKOTO)
    last = last_move(layout, 0, play.steps)
    model = model_for(after, look, last=last)
    chars = draw_board(model, scale, {}).chars
    into, _, _, star = MARKS[ascii_]
    me, them = GLYPHS[ascii_]
    cell = layout.cell(0, 8)
    x = _column_x(layout, scale, cell.column)
    rows = _checker_rows(scale, cell.row)
    place = ["".join(chars[y][x : x + scale.point]) for y in rows[:3]]
    assert them in place[0] and star in place[0] and into not in place[0], place
    assert me in place[1] and into in place[1] and star not in place[1], place
    assert place[2].strip(" ╲╱░:\\/▼▲V^") == "", place
    bar_x = _column_x(layout, scale, BAR_COLUMN)
    assert all(set(row[bar_x : bar_x + scale.point]) <= {" "} for row in chars[1:-1]), "a mark on the bar"
    assert layout.cell(1, BAR) not in last.hit  # (a pin sends nothing to the bar)


@pytest.mark.parametrize("scale", SCALES, ids=lambda s: s.name)
def test_a_landing_that_pins_is_labelled_above_the_blot_it_pins(scale: Scale) -> None:
    board = _fields(Game.PLAKOTO, {1: "-14", 8: "-1", 13: "2", 24: "13"})
    layout = Layout(0, True, Game.PLAKOTO)
    look = Look(scale, False, True, 0, 0, 0, False)
    on_blot = Destination(layout.cell(0, 8), "5", True)
    on_own = Destination(layout.cell(0, 13), "3", False)  # (not a real landing: where a label goes)
    model = model_for(board, look, destinations=(on_blot, on_own), picked=layout.cell(0, 13))
    chars = draw_board(model, scale, STYLES).chars
    for dest, place, below in ((on_blot, 1, "○"), (on_own, 2, "●")):
        x = _column_x(layout, scale, dest.cell.column)
        rows = _checker_rows(scale, dest.cell.row)
        assert dest.label in "".join(chars[rows[place]][x : x + scale.point])
        assert below in "".join(chars[rows[place - 1]][x : x + scale.point])


def test_a_board_in_another_games_layout_is_refused() -> None:
    look = Look(COMPACT, False, True, 0, 0, 0, False)
    with pytest.raises(ValueError, match="board=fevga, layout=backgammon"):
        BoardModel(layout=Layout(0), board=FEVGA["start"], numbering=0)
    with pytest.raises(ValueError, match="board=backgammon, layout=fevga"):
        BoardModel(layout=Layout(0, game=Game.FEVGA), board=Position.start(), numbering=0)
    model_for(PLAKOTO["start"], look)  # (and the game's own layout is fine)


# -- on the screen -----------------------------------------------------------------------------


class _BoardApp(App[None]):
    def __init__(self, model: BoardModel) -> None:
        super().__init__()
        self.model = model

    def compose(self) -> ComposeResult:
        yield BoardView(self.model, id="board")

    def on_resize(self) -> None:
        view = self.query_one(BoardView)
        view.set_scale(scale_for(self.size.width, self.size.height))


@pytest.mark.parametrize(
    ("name", "size", "ascii_"),
    [
        ("tall", (80, 24), False),
        ("homes", (120, 40), True),
        ("on the way", (80, 24), True),
        ("start", (160, 50), False),
    ],
)
async def test_the_board_widget_on_a_screen_reads_back(name: str, size: tuple[int, int], ascii_: bool) -> None:
    """The widget itself, in colour, on a Textual screen: read from the terminal's rows."""
    board = PLAKOTO.get(name) if name != "start" else FEVGA["start"]
    board = board or FEVGA[name]
    look = Look(COMPACT, ascii_, size != (120, 40), 1, 1, 0, size == (160, 50))
    app = _BoardApp(model_for(board, look))
    async with app.run_test(size=size) as pilot:
        want = truth(board, look)
        expected_scale = scale_for(*size)

        def reads_back() -> None:
            view = app.query_one(BoardView)
            assert view.scale == expected_scale
            seen = read_board(screen_text(app))
            for field in ("points", "pins", "off", "travel"):
                assert getattr(seen, field) == getattr(want, field), (field, screen_text(app))
            assert (seen.top_labels, seen.bottom_labels) == labels(board.game, look)

        await eventually(pilot, reads_back)


# -- through the game screen's own model ----------------------------------------------------------


@pytest.mark.parametrize("game", [GameChoice.PLAKOTO, GameChoice.FEVGA])
def test_a_match_on_the_board_the_game_screen_builds(game: GameChoice) -> None:
    """A seeded match, every turn drawn from ``match_view.board_model`` (what the game screen
    draws) in a turn of looks, read back and compared with the match's position; the bar, which
    these games have not, stays empty (a pin's last-move star is beside the pinned checker)."""
    rng = random.Random(5)
    match = Match(RuleSet().adjusted(game=game, match_length=3), ("Ali", "Badr"), SeededDice(23))
    prefs = itertools.cycle(
        Preferences(board_facing=facing, home_side=side, ascii_board=ascii_)
        for facing, side, ascii_ in itertools.product(BoardFacing, HomeSide, (False, True))
    )
    scales = itertools.cycle(SCALES)
    words = Words("en")
    read = 0
    while match.state.phase is not Phase.GAME_OVER and not match.state.match_over:
        state = match.state
        if state.phase is Phase.OPENING:
            match.roll_opening()
        elif state.phase is Phase.TURN:
            match.roll()
        elif state.phase is Phase.MOVING and state.turn is not None:
            if not state.turn.complete:
                match.play(rng.choice(plays_of(state.variant, state.turn.start, state.turn.roll)))
            if match.state.phase is Phase.MOVING:
                match.confirm()
        if match.state.phase not in (Phase.MOVING, Phase.GAME_OVER):
            continue
        state, pref, scale = match.state, next(prefs), next(scales)
        model = board_model(match, pref, words)
        screen = drawn(model, scale)
        v = viewer(state)
        board = state.board_now
        assert isinstance(board, TavlaBoard)
        look = Look(
            scale, pref.ascii_board, pref.home_side is HomeSide.RIGHT, model.layout.bottom, v, state.on_roll, False
        )
        seen, want = read_board(screen), truth(board, look)
        for name in ("points", "pins", "off", "bar", "travel"):
            assert getattr(seen, name) == getattr(want, name), f"{name}, {look}:\n{screen}"
        assert (seen.top_labels, seen.bottom_labels) == labels(board.game, look), screen
        x = _column_x(model.layout, scale, BAR_COLUMN)
        assert all(not line[x : x + scale.point].strip() for line in screen.splitlines()[1:-1]), screen
        read += 1
    assert read > 20


# -- self-play -----------------------------------------------------------------------------------


def _self_play(game: Game, seed: int, looks: itertools.cycle[Look]) -> tuple[int, int]:
    """A seeded game, each turn's board drawn in the next look and read back; (pins seen,
    turns)."""
    rng = random.Random(seed * 7 + (game is Game.FEVGA))
    board, mover, pins, turns = TavlaBoard.start(game), 0, 0, 0
    for _ in range(400):
        look = next(looks)
        check(
            board,
            Look(look.scale, look.ascii, look.home_right, look.bottom, look.numbering, mover, look.indic),
            f"{game} seed {seed}",
        )
        pins += sum(1 for p in range(1, 25) if board.pinned(p))
        turns += 1
        roll = (rng.randint(1, 6), rng.randint(1, 6))
        play = rng.choice(tavla_plays(board, roll))
        if ending(play.result) is not None or play.result.mover_off == 15:
            break
        board, mover = play.result.swapped(), 1 - mover
    return pins, turns
