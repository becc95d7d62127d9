"""Move notation: the canonical text of a play, and parsing what players type."""

from __future__ import annotations

import pytest
from hypothesis import given

from tawla.engine import Position, legal_plays
from tawla.engine.explain import Reason, Why
from tawla.engine.notation import (
    Incomplete,
    NoRoute,
    NotationError,
    SyntaxProblem,
    TooManyMoves,
    format_play,
    parse_play,
)

from .strategies import positions, rolls

START = Position.start()


def text_of(pos: Position, roll: tuple[int, int], typed: str) -> str:
    return format_play(parse_play(pos, roll, typed))


def test_higher_die_first_and_grouping() -> None:
    texts = {format_play(p) for p in legal_plays(START, (3, 1))}
    assert "13/10 24/23" in texts and "8/5 6/5" in texts and "24/20" in texts
    texts66 = {format_play(p) for p in legal_plays(START, (6, 6))}
    assert "24/18(2) 13/7(2)" in texts66 and "13/7(4)" in texts66


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("8/5 6/5", "8/5 6/5"),
        ("6/5 8/5", "8/5 6/5"),  # any order
        ("24/21/20", "24/20"),  # through a point, collapsed for display
        ("24/20", "24/20"),
        ("13/10 10/9", "13/9"),
        ("24/23 13/10", "13/10 24/23"),
        ("  13/10   24/23 ", "13/10 24/23"),
        ("13/10,24/23", "13/10 24/23"),
    ],
)
def test_parse_accepts_every_way_of_writing(typed: str, canonical: str) -> None:
    assert text_of(START, (3, 1), typed) == canonical


def test_parse_doubles_repeats_bar_and_off_forms() -> None:
    assert text_of(START, (6, 6), "24/18(2) 13/7(2)") == "24/18(2) 13/7(2)"
    assert text_of(START, (6, 6), "13/7 24/18 13/7 24/18") == "24/18(2) 13/7(2)"
    assert text_of(START, (4, 4), "24/16(2)") == "24/16(2)"
    on_bar = Position.from_counts({25: 1, 13: 14}, {24: 2})
    assert text_of(on_bar, (6, 1), "bar/18") == "bar/18"
    assert text_of(on_bar, (6, 1), "25/19 13/12") == "bar/19 13/12"
    home = Position.from_counts({6: 2, 5: 1}, {24: 2})
    assert text_of(home, (6, 5), "6/off 5/off") == "6/off 5/off"
    assert text_of(home, (6, 5), "6/0 5/0") == "6/off 5/off"
    assert text_of(home, (6, 5), "6/OFF 5/Off") == "6/off 5/off"
    assert text_of(START, (3, 1), "٨/٥ ٦/٥") == "8/5 6/5"  # Arabic-Indic digits


def test_hits_are_marked_and_respected() -> None:
    pos = Position.from_counts({12: 1, 6: 14}, {15: 1, 16: 1})  # their 15 and 16 are our 10 and 9
    assert text_of(pos, (2, 1), "12/10*/9*") == "12/10*/9*"
    assert text_of(pos, (2, 1), "12/9*") == "12/9*"  # the quiet route by 11
    assert text_of(pos, (2, 1), "12/9") == "12/9*"  # the final hit may go unmarked


@pytest.mark.parametrize(
    ("typed", "problem"),
    [
        ("x", SyntaxProblem("x")),
        ("13-7", SyntaxProblem("13-7")),
        ("13/14", SyntaxProblem("13/14")),  # backwards
        ("26/20", SyntaxProblem("26/20")),
        ("", SyntaxProblem("")),
        ("8/5", Incomplete(needed=2, used=1)),
        ("13/10 24/23 6/5", TooManyMoves(dice=2, given=3)),
        ("24/23 6/2", NoRoute(6, 2)),
        ("13/7", NoRoute(13, 7)),
        ("9/5", Reason(Why.NO_CHECKER, point=9)),
        ("pass", Incomplete(needed=2, used=0)),
    ],
)
def test_parse_explains_what_is_wrong(typed: str, problem: object) -> None:
    with pytest.raises(NotationError) as err:
        parse_play(START, (3, 1), typed)
    assert err.value.reason == problem


def test_bearing_off_too_early_is_named() -> None:
    with pytest.raises(NotationError) as err:
        parse_play(START, (6, 3), "6/off 6/3")
    assert err.value.reason == Reason(Why.BEAROFF_NOT_YET, number=10)


def test_closed_landing_is_named() -> None:
    with pytest.raises(NotationError) as err:
        parse_play(START, (5, 2), "24/19 13/11")
    assert err.value.reason == Reason(Why.POINT_CLOSED, point=19)


@given(positions(), rolls)
def test_every_play_round_trips_through_its_text(pos: Position, roll: tuple[int, int]) -> None:
    found = legal_plays(pos, roll)
    texts = [format_play(p) for p in found]
    assert len(set(texts)) == len(texts), "two different plays must not print the same"
    for play, text in zip(found, texts, strict=True):
        assert parse_play(pos, roll, text).result == play.result


@given(positions(), rolls)
def test_the_rest_of_a_turn_is_read_after_the_steps_already_made(position: Position, roll: tuple[int, int]) -> None:
    """A player who made some steps with the cursor types the rest (#11): the typed text is
    read on the board those steps left, and the whole turn comes back."""
    from tawla.engine.notation import format_steps

    for play in legal_plays(position, roll):
        for cut in range(1, len(play.steps)):
            made, rest = play.steps[:cut], play.steps[cut:]
            found = parse_play(position, roll, format_steps(rest), made=made)
            assert found.steps[:cut] == made and found.result == play.result


def test_typing_the_rest_after_entering_from_the_bar() -> None:
    """The case met in play: ``bar/20*`` made with the cursor, then ``13/8(2) 20/15`` typed
    used to answer "You have no checker on 20" with a checker on 20."""
    position = Position.from_counts({25: 1, 24: 1, 13: 5, 8: 3, 6: 5}, {5: 1, 6: 5, 8: 3, 13: 5, 24: 1})
    entered = next(p for p in legal_plays(position, (5, 5)) if p.steps[0].source == 25 and p.steps[0].hit)
    first = entered.steps[0]
    assert (first.source, first.dest) == (25, 20)
    found = parse_play(position, (5, 5), "13/8(2) 20/15", made=(first,))
    assert format_play(found) == "bar/20*/15 13/8(2)"
