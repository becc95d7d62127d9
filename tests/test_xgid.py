"""eXtreme Gammon's XGID: named cases, a round trip, and GNU Backgammon's own reader as the judge."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tawla.engine import IdError, MatchInfo, Position, match_from_id, match_id, position_id
from tawla.engine.xgid import is_xgid, xgid, xgid_decode
from tawla.i18n.messages import id_error_text

from .helpers.positions import random_position
from .helpers.strategies import positions

START = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"


def test_the_start_position_reads_from_the_side_of_x() -> None:
    read = xgid_decode(START)
    assert read.position == Position.start()
    assert read.info == MatchInfo(on_roll=0, turn=0)
    assert xgid(read.position, read.info) == START


def test_o_on_roll_turns_the_board_round() -> None:
    # X has a checker on the bar ('A' last), O is on roll with 6-5.
    read = xgid_decode("XGID=-b----E-C---eE---c-d----AA:1:1:-1:65:3:1:0:7:10")
    assert read.info.on_roll == 1 and read.info.dice == (6, 5)
    assert read.info.cube == 2 and read.info.cube_owner == 0  # X owns the cube
    assert read.info.score == (3, 1) and read.info.match_length == 7
    board = read.position
    assert board[0] == -1  # X (the opponent now) has one on the bar
    assert board[6] == 4 and board[24] == 2  # O's 6 point (X's 19) and O's 24 point (X's 1)
    assert board[1] == -1 and board[19] == -5  # X's 24 point is O's 1; X's 6 is O's 19


def test_money_flags_and_the_crawford_game() -> None:
    money = xgid_decode("-b----E-C---eE---c-e----B-:0:0:1:00:0:0:3:0:10")  # no prefix
    assert money.info.jacoby and money.beavers and not money.info.crawford
    crawford = xgid_decode("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:4:2:1:5")  # nine fields
    assert crawford.info.crawford and not crawford.info.jacoby and not crawford.beavers


def test_a_double_on_offer_reads_as_before_the_roll_like_gnubg() -> None:
    for mark in "DBR":
        assert xgid_decode(START.replace(":00:", f":{mark}:")).info.dice == (0, 0)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0", "xgid_fields"),
        ("XGID=-b----E-C---eE---c-e----B:0:0:1:00:0:0:0:0:10", "xgid_board"),
        ("XGID=-b----E-C---eE---c-e----Z-:0:0:1:00:0:0:0:0:10", "xgid_char"),
        ("XGID=Ab----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "xgid_char"),
        ("XGID=-b----E-C---eE---c-e----BB:0:0:1:00:0:0:0:0:10", "too_many_checkers"),
        ("XGID=-b----E-C---eE---c-e----B-:x:0:1:00:0:0:0:0:10", "xgid_field"),
        ("XGID=-b----E-C---eE---c-e----B-:0:2:1:00:0:0:0:0:10", "xgid_field"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:0:00:0:0:0:0:10", "xgid_field"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:71:0:0:0:0:10", "xgid_field"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:2:5:10", "xgid_field"),
        ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:1:0:10:9", "xgid_fields"),
    ],
)
def test_bad_xgids_name_their_problem_in_both_languages(text: str, code: str) -> None:
    with pytest.raises(IdError) as caught:
        xgid_decode(text)
    assert caught.value.code == code
    for lang in ("en", "ar"):
        sentence = id_error_text(lang, caught.value)
        assert sentence and not sentence.startswith("id."), sentence


def test_what_counts_as_an_xgid() -> None:
    assert is_xgid(START) and is_xgid(START.removeprefix("XGID=")) and is_xgid(" xgid=whatever")
    assert not is_xgid("4HPwATDgc/ABMA") and not is_xgid("")


def _infos(draw: st.DrawFn) -> MatchInfo:
    length = draw(st.sampled_from([0, 1, 3, 5, 7, 25]))
    score = (draw(st.integers(0, max(length - 1, 0) or 40)), draw(st.integers(0, max(length - 1, 0) or 40)))
    die = st.integers(1, 6)
    rolled = draw(st.booleans())
    return MatchInfo(
        cube=1 << draw(st.integers(0, 6)),
        cube_owner=draw(st.sampled_from([None, 0, 1])),
        on_roll=(on_roll := draw(st.integers(0, 1))),
        turn=on_roll,
        crawford=bool(length) and draw(st.booleans()),
        dice=(draw(die), draw(die)) if rolled else (0, 0),
        match_length=length,
        score=score,
        jacoby=not length and draw(st.booleans()),
    )


infos = st.composite(_infos)


@given(positions(), infos(), st.booleans())
def test_xgid_round_trips(position: Position, info: MatchInfo, beavers: bool) -> None:
    beavers = beavers and not info.match_length
    read = xgid_decode(xgid(position, info, beavers=beavers))
    high, low = max(info.dice), min(info.dice)
    assert read.position == position
    assert read.info == replace(info, dice=(high, low))
    assert read.beavers == beavers


def _as_gnubg_reads_it(info: MatchInfo) -> MatchInfo:
    """gnubg's ``set xgid`` makes the player on roll its player 1."""
    swap = info.on_roll == 0
    owner = info.cube_owner
    if swap and owner is not None:
        owner = 1 - owner
    score = (info.score[1], info.score[0]) if swap else info.score
    return replace(info, on_roll=1, turn=1, cube_owner=owner, score=score)


def test_gnubg_reads_our_xgids_as_we_do() -> None:
    """2 000 random positions and match states written as XGIDs, read back by GNU Backgammon."""
    rng = random.Random(2026)
    cases: list[tuple[str, Position, MatchInfo]] = []
    for _ in range(2000):
        position = random_position(rng)
        length = rng.choice([0, 0, 3, 5, 7, 11])
        score = (rng.randrange(length or 20), rng.randrange(length or 20))
        crawford = bool(length) and max(score) == length - 1 and rng.random() < 0.5
        info = MatchInfo(
            cube=1 if crawford else 1 << rng.randrange(7),
            cube_owner=None if crawford else rng.choice([None, 0, 1]),
            on_roll=(on_roll := rng.randrange(2)),
            turn=on_roll,
            crawford=crawford,
            dice=(rng.randint(1, 6), rng.randint(1, 6)) if rng.random() < 0.5 else (0, 0),
            match_length=length,
            score=score,
            jacoby=not length and rng.random() < 0.5,
        )
        cases.append((xgid(position, info), position, info))
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run(
        [sys.executable, "-m", "tests.helpers.gnubg_xgid"],
        input="\n".join(text for text, _, _ in cases),
        capture_output=True,
        text=True,
        cwd=root,
        timeout=300,
        check=True,
    ).stdout
    answers = [json.loads(line) for line in out.splitlines()]
    assert len(answers) == len(cases)
    mismatches = []
    for (text, position, info), answer in zip(cases, answers, strict=True):
        assert answer["xgid"] == text
        expected = _as_gnubg_reads_it(replace(info, dice=(max(info.dice), min(info.dice))))
        gnubg_info = match_from_id(answer["match_id"])
        if answer["position_id"] != position_id(position) or gnubg_info != expected:
            mismatches.append((text, answer, match_id(expected)))
    assert not mismatches, mismatches[:5]
