"""GNU Backgammon Position ID and Match ID."""

from __future__ import annotations

import base64

import gnubg_nn
import pytest
from hypothesis import given

from tawla.engine import (
    GameState,
    IdError,
    MatchInfo,
    Position,
    match_from_id,
    match_id,
    position_from_id,
    position_from_key,
    position_id,
    position_key,
)
from tawla.i18n.messages import id_error_text

from .helpers.oracle import gnubg_board
from .helpers.strategies import positions


def test_start_position_id_and_key() -> None:
    assert position_id(Position.start()) == "4HPwATDgc/ABMA"
    assert position_key(Position.start()) == "OAHDPAABDAOAHDPAABDA"
    assert position_from_id("4HPwATDgc/ABMA") == Position.start()


def test_side_not_on_roll_is_written_first() -> None:
    # The mover has one checker on the bar; the opponent has none there.
    pos = Position.from_counts({25: 1, 6: 14}, {6: 15})
    assert gnubg_nn.board_from_position_id(position_id(pos)) == gnubg_board(pos)


@given(positions())
def test_position_id_round_trips_and_matches_gnubg(pos: Position) -> None:
    pid = position_id(pos)
    assert position_from_id(pid) == pos
    assert position_from_key(position_key(pos)) == pos
    assert pid == gnubg_nn.position_id(gnubg_board(pos))
    assert position_key(pos) == gnubg_nn.key_of_board(gnubg_board(pos))


def _id_from_bits(bits: str) -> str:
    value = int(bits[::-1], 2) if bits else 0
    return base64.b64encode(value.to_bytes(10, "little")).decode()[:14]


def _side(counts: dict[int, int]) -> str:
    return "".join("1" * counts.get(slot, 0) + "0" for slot in range(1, 26))


@pytest.mark.parametrize(
    ("pid", "code"),
    [
        ("4HPwATDgc/ABM", "length"),
        ("4HPwATDgc/ABMAA", "length"),
        ("4HPwATDgc/AB-A", "alphabet"),
        ("4HPwATDgc/ABMB", "bits"),  # stray bits in the last character
        ("//////////////"[:13] + "w", "bits"),  # all ones: the sides never end
        (_id_from_bits(_side({6: 16}) + _side({6: 14})), "too_many_checkers"),
        (_id_from_bits(_side({6: 15}) + _side({19: 1})), "shared_point"),  # their 6 is our 19
    ],
)
def test_bad_position_ids_name_the_problem(pid: str, code: str) -> None:
    with pytest.raises(IdError) as err:
        position_from_id(pid)
    assert err.value.code == code


def test_match_id_manual_example() -> None:
    # gnubg manual: 9-point match, score 2-4, player 0 owns a 2-cube, player 1 on roll with 5-2.
    info = match_from_id("QYkqASAAIAAA")
    assert info.match_length == 9 and info.score == (2, 4)
    assert info.cube == 2 and info.cube_owner == 0
    assert info.on_roll == 1 and info.turn == 1 and info.dice == (5, 2)
    assert info.state is GameState.PLAYING and not info.crawford
    assert match_id(info) == "QYkqASAAIAAA"


@pytest.mark.parametrize(
    "info",
    [
        MatchInfo(),
        MatchInfo(cube=64, cube_owner=1, on_roll=1, turn=0, double_offered=True, match_length=0, jacoby=True),
        MatchInfo(crawford=True, match_length=7, score=(6, 3), dice=(3, 3)),
        MatchInfo(state=GameState.RESIGNED, resignation=2, match_length=25, score=(24, 24)),
        MatchInfo(state=GameState.DROPPED, match_length=1),
    ],
)
def test_match_id_round_trips(info: MatchInfo) -> None:
    assert len(match_id(info)) == 12
    assert match_from_id(match_id(info)) == info


def test_match_id_of_a_match_sets_jacoby_off_as_gnubg_does() -> None:
    # Match play has no Jacoby rule: bit 66 is set, which is why gnubg's IDs end in 'E'.
    assert match_id(MatchInfo(match_length=5)).endswith("E")


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"cube": 3}, "cube"),
        ({"cube_owner": 2}, "cube_owner"),
        ({"dice": (7, 1)}, "dice"),
        ({"dice": (0, 3)}, "dice"),
        ({"score": (-1, 0), "match_length": 5}, "score"),
        ({"crawford": True}, "crawford"),
    ],
)
def test_impossible_match_info_is_refused(kwargs: dict[str, object], code: str) -> None:
    with pytest.raises(IdError) as err:
        MatchInfo(**kwargs)  # type: ignore[arg-type]
    assert err.value.code == code


def test_bad_match_ids() -> None:
    with pytest.raises(IdError):
        match_from_id("QYkqASAAIAA")
    with pytest.raises(IdError):
        match_from_id("QYkqASAAIAA!")


def _match_id_with(value: int) -> str:
    return base64.b64encode(value.to_bytes(9, "little")).decode()


@pytest.mark.parametrize(
    ("mid", "code"),
    [
        ("cAkAAAAAAA", "match_id_length"),
        ("cAkAAAAAAA==", "alphabet"),
        (_match_id_with(2 << 4), "cube_owner"),
        (_match_id_with(5 << 8), "state"),
        (_match_id_with((7 << 15) | (1 << 8)), "dice"),
        (_match_id_with((1 << 8) | (1 << 7)), "crawford"),
    ],
)
def test_bad_match_ids_name_the_problem_in_both_languages(mid: str, code: str) -> None:
    with pytest.raises(IdError) as err:
        match_from_id(mid)
    assert err.value.code == code
    for lang in ("en", "ar"):
        assert not id_error_text(lang, err.value).startswith("id.")


def test_every_id_problem_has_a_sentence() -> None:
    """Every code an ID reader can raise is in both catalogs (with its field and side names)."""
    import re
    from pathlib import Path

    from tawla.i18n import catalog

    root = Path(__file__).resolve().parent.parent / "tawla" / "engine"
    source = (root / "ids.py").read_text() + (root / "xgid.py").read_text()
    codes = set(re.findall(r'IdError\(\s*"(\w+)"', source))
    fields = set(re.findall(r"field=\"(\w+)\"", source)) | set(re.findall(r'_int\([^,]+, "(\w+)"', source))
    sides = {"mover", "opponent", "x", "o"}
    assert {"length", "match_id_length", "xgid_field", "cube"} <= codes
    for lang in ("en", "ar"):
        keys = catalog(lang)
        missing = [c for c in codes if f"id.{c}" not in keys]
        missing += [f for f in fields if f"id.field_{f}" not in keys]
        missing += [s for s in sides if f"id.side_{s}" not in keys]
        assert not missing, (lang, missing)
