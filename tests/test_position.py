"""The immutable position: construction, reading, swapping, validation."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given

from tawla.engine import Position, PositionError
from tawla.engine.diagram import diagram, parse_diagram

from .helpers.strategies import positions


def test_start_position_counts() -> None:
    start = Position.start()
    assert [start.mover(p) for p in (24, 13, 8, 6)] == [2, 5, 3, 5]
    assert [start.opponent(p) for p in (24, 13, 8, 6)] == [2, 5, 3, 5]
    assert start.mover_off == start.opponent_off == 0
    assert start.mover_bar == start.opponent_bar == 0
    assert start == Position.from_counts({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5})
    assert start.swapped() == start


def test_pips_and_off_after_a_hit() -> None:
    pos = Position.from_counts({6: 3, 25: 1}, {1: 2})  # mover has one on the bar
    assert pos.mover_pips == 3 * 6 + 25
    assert pos.opponent_pips == 2
    assert pos.mover_off == 11 and pos.opponent_off == 13
    assert not pos.all_home()
    assert Position.from_counts({6: 3}, {1: 2}).all_home()


def test_value_semantics() -> None:
    a = Position.from_counts({6: 1}, {6: 1})
    b = Position.from_counts({6: 1}, {6: 1})
    assert a == b and hash(a) == hash(b) and a is not b
    assert len({a, b}) == 1
    assert a != Position.start()
    with pytest.raises(AttributeError):
        a.board = (0,) * 26  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(a)) == a


@pytest.mark.parametrize(
    ("board", "code"),
    [
        ([0] * 25, "bad_length"),
        ([0] * 25 + [-1], "bad_bar"),
        ([1] + [0] * 25, "bad_bar"),
        ([0] * 6 + [16] + [0] * 19, "too_many_checkers"),
        ([0] * 6 + [-16] + [0] * 19, "too_many_checkers"),
    ],
)
def test_impossible_boards_are_refused(board: list[int], code: str) -> None:
    with pytest.raises(PositionError) as err:
        Position(board)
    assert err.value.code == code


@given(positions())
def test_swap_is_an_involution(pos: Position) -> None:
    swapped = pos.swapped()
    assert swapped.swapped() == pos
    assert (swapped.mover_pips, swapped.opponent_pips) == (pos.opponent_pips, pos.mover_pips)
    assert (swapped.mover_off, swapped.opponent_off) == (pos.opponent_off, pos.mover_off)
    assert (swapped.mover_bar, swapped.opponent_bar) == (pos.opponent_bar, pos.mover_bar)
    for point in range(1, 26):
        assert swapped.mover(point) == pos.opponent(point)


@given(positions())
def test_diagram_round_trips(pos: Position) -> None:
    assert parse_diagram(diagram(pos)) == pos


def test_diagram_refuses_wrong_off_counts() -> None:
    text = diagram(Position.start()).replace("off x0", "off x1")
    with pytest.raises(PositionError):
        parse_diagram(text)


def test_from_counts_refuses_both_sides_on_one_point() -> None:
    with pytest.raises(PositionError) as err:
        Position.from_counts({1: 1}, {24: 1})  # their 24 is our 1
    assert err.value.code == "shared_point"
    assert Position.from_counts({25: 1}, {25: 1}).mover_bar == 1  # the two bars are different places
