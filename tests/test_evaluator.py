"""The evaluator's input encoding and its answers, against Open Sage (``bgsage``) called directly.

Each named position's 26 inputs are written out by hand below (Open Sage's board: the mover's
checkers positive on points 1 to 24, the opponent's negative, the mover's bar in slot 25, the
opponent's bar in slot 0 *positive*); the evaluator must send exactly those, and what it
answers (ranked plays, the cube, a position after a play) must be exactly what Open Sage
answers when given those lists itself. Strength and speed are measured in
``tests/bench/bench_eval.py``, not here.
"""

from __future__ import annotations

import random
import subprocess
import sys
from dataclasses import astuple
from typing import Any

import pytest

from tawla.analysis import evaluator as module
from tawla.analysis.evaluator import (
    LEVEL,
    Chances,
    Cube,
    Unavailable,
    board_of,
    evaluator,
    loaded,
    unavailable,
)
from tawla.engine import Position, legal_plays

from .helpers.positions import random_position, random_roll

START = Position.start()
START_INPUTS = [0, -2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2, 0]

RACE = Position.from_counts({12: 1, 10: 2, 8: 3, 6: 4, 5: 3, 4: 2}, {11: 2, 9: 2, 7: 3, 6: 3, 4: 3, 3: 2})
RACE_INPUTS = [0, 0, 0, 0, 2, 3, 4, 0, 3, 0, 2, 0, 1, 0, -2, 0, -2, 0, -3, -3, 0, -3, -2, 0, 0, 0]

CLOSED = Position.from_counts(  # the mover's board closed, two of the opponent's on the bar
    {6: 2, 5: 2, 4: 2, 3: 2, 2: 3, 1: 2, 8: 1, 13: 1}, {25: 2, 13: 4, 8: 3, 6: 3, 4: 3}
)
CLOSED_INPUTS = [2, 2, 3, 2, 2, 2, 2, 0, 1, 0, 0, 0, -4, 1, 0, 0, 0, -3, 0, -3, 0, -3, 0, 0, 0, 0]

BEAR_OFF = Position.from_counts({6: 2, 5: 3, 4: 2, 3: 3, 2: 2, 1: 1}, {6: 3, 5: 3, 4: 2, 3: 2, 2: 3, 1: 2})
BEAR_OFF_INPUTS = [0, 1, 2, 3, 2, 3, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -3, -3, -2, -2, -3, -2, 0]

DANCING = Position.from_counts(  # the mover on the bar against the opponent's closed board
    {25: 1, 13: 4, 8: 4, 6: 3, 5: 3}, {6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2, 13: 3}
)
DANCING_INPUTS = [0, 0, 0, 0, 0, 3, 3, 0, 4, 0, 0, 0, -3, 4, 0, 0, 0, 0, 0, -2, -2, -2, -2, -2, -2, 1]

NAMED = {
    "start": (START, START_INPUTS, (3, 1)),
    "race": (RACE, RACE_INPUTS, (6, 2)),
    "closed board": (CLOSED, CLOSED_INPUTS, (6, 4)),
    "bear-off": (BEAR_OFF, BEAR_OFF_INPUTS, (5, 1)),
    "on the bar": (DANCING, DANCING_INPUTS, (4, 4)),
}

MONEY = {"cube_value": 1, "cube_owner": "centered", "jacoby": False, "beaver": False}
"""Open Sage's arguments for tawla's ``Cube()`` (money play, centred, no Jacoby, no beavers)."""


@pytest.fixture(scope="module")
def reference() -> Any:
    """Open Sage as tawla configures it, called directly with the hand-written lists (the
    tests that need it are skipped where it is not installed)."""
    bgsage = pytest.importorskip("bgsage", exc_type=ImportError)  # (absent, or built for another machine)
    return bgsage.BgBotAnalyzer(eval_level=LEVEL, cubeful=True, parallel_threads=1)


def chances(probs: Any) -> Chances:
    return Chances(probs.win, probs.gammon_win, probs.backgammon_win, probs.gammon_loss, probs.backgammon_loss)


@pytest.mark.parametrize("name", NAMED)
def test_the_inputs_of_each_named_position_are_the_hand_computed_ones(name: str) -> None:
    position, inputs, _ = NAMED[name]
    assert board_of(position) == inputs


def test_the_opponents_bar_is_positive_and_the_movers_bar_is_slot_25() -> None:
    assert board_of(CLOSED)[0] == 2 and CLOSED.opponent_bar == 2
    assert board_of(DANCING)[25] == 1 and DANCING.mover_bar == 1
    assert sum(v for v in CLOSED_INPUTS if v > 0) - CLOSED_INPUTS[0] == 15  # the mover's 15
    assert -sum(v for v in CLOSED_INPUTS if v < 0) + CLOSED_INPUTS[0] == 15  # the opponent's 15


@pytest.mark.parametrize("name", [n for n in NAMED if n != "on the bar"])
@pytest.mark.parametrize("alive", [True, False], ids=["cubeful", "cubeless"])
def test_ranked_plays_are_open_sages_on_the_hand_written_board(name: str, alive: bool, reference: Any) -> None:
    position, inputs, roll = NAMED[name]
    ranked = evaluator().rank(position, roll, Cube(alive=alive))
    moves = list(reference.checker_play(inputs, roll[0], roll[1], **MONEY).moves)
    if not alive:  # (the evaluator orders by the cubeless equity then)
        moves.sort(key=lambda m: -m.cubeless_equity)
    expected = [(m.board, m.equity if alive else m.cubeless_equity, chances(m.probs)) for m in moves]
    assert [(board_of(r.play.result), r.equity, r.chances) for r in ranked] == expected
    assert len(ranked) == len(legal_plays(position, roll)) > 1


CUBE_ARGS = {
    "the mover's 2": (Cube(2, "mover"), {**MONEY, "cube_value": 2, "cube_owner": "player"}),
    "the opponent's 4": (Cube(4, "opponent"), {**MONEY, "cube_value": 4, "cube_owner": "opponent"}),
    "3 and 5 away": (Cube(1, "centered", (3, 5)), {"cube_value": 1, "cube_owner": "centered", "away1": 3, "away2": 5}),
    "2 and 1 away, Crawford": (
        Cube(1, "centered", (2, 1), crawford=True),
        {"cube_value": 1, "cube_owner": "centered", "away1": 2, "away2": 1, "is_crawford": True},
    ),
}


@pytest.mark.parametrize("cube", CUBE_ARGS)
def test_the_cube_and_score_reach_open_sage_as_its_arguments(cube: str, reference: Any) -> None:
    ours, theirs = CUBE_ARGS[cube]
    for position, inputs, roll in (NAMED["start"], NAMED["closed board"]):
        ranked = evaluator().rank(position, roll, ours)
        moves = reference.checker_play(inputs, roll[0], roll[1], **theirs).moves
        assert [(board_of(r.play.result), r.equity) for r in ranked] == [(m.board, m.equity) for m in moves]
        args = {k: v for k, v in theirs.items() if k not in ("cube_value", "cube_owner", "beaver")}
        done = reference.post_move_analytics(inputs, theirs["cube_owner"], theirs["cube_value"], **args)
        assert evaluator().after(position, ours)[0] == done.cubeful_equity


def test_a_play_open_sage_leaves_out_is_ranked_all_the_same(reference: Any) -> None:
    """Above its raw network Open Sage filters the plays it looks at: the rest are judged alone,
    as a position after a play (with the network that position calls for: ``checker_play``
    picks its network by the position before the play, so the two differ by a few hundredths)."""

    class Filtering(module.Sage):
        def _checker_play(self, board: list[int], roll: tuple[int, int], cube: Cube) -> list[dict[str, Any]]:
            return super()._checker_play(board, roll, cube)[:3]

    position, inputs, roll = NAMED["start"]
    ranked = Filtering(reference).rank(position, roll)
    assert sorted(r.play.result for r in ranked) == sorted(p.result for p in legal_plays(position, roll))
    kept = {tuple(m.board): m.equity for m in reference.checker_play(inputs, roll[0], roll[1], **MONEY).moves[:3]}
    for r in ranked:
        alone = reference.post_move_analytics(board_of(r.play.result), "centered", 1, jacoby=False).cubeful_equity
        assert r.equity == kept.get(tuple(board_of(r.play.result)), alone)
        assert r.loss == ranked[0].equity - r.equity
    assert [r.equity for r in ranked] == sorted((r.equity for r in ranked), reverse=True)


SAGE_CUBES = [
    (Cube(), MONEY),
    (Cube(2, "mover", jacoby=True, beavers=True), {"cube_value": 2, "cube_owner": "player", "jacoby": True}),
    (Cube(4, "opponent"), {**MONEY, "cube_value": 4, "cube_owner": "opponent"}),
    (Cube(1, "centered", (3, 5)), {"cube_value": 1, "cube_owner": "centered", "away1": 3, "away2": 5}),
    (Cube(2, "opponent", (2, 4)), {"cube_value": 2, "cube_owner": "opponent", "away1": 2, "away2": 4}),
    (
        Cube(1, "centered", (1, 3), crawford=True),
        {"cube_value": 1, "cube_owner": "centered", "away1": 1, "away2": 3, "is_crawford": True},
    ),
]


def test_the_checker_play_without_threads_is_open_sages_own(reference: Any) -> None:
    """tawla asks Open Sage's one-ply analyzer for a roll's plays and turns each one cubeful
    itself, in one thread (Open Sage's ``checker_play`` starts a thread pool at every call): on
    300 random positions, rolls and cubes, money play and matches, the same plays in the same
    order with the same figures, to the last bit."""
    rng = random.Random(34)
    sage = evaluator()
    compared = 0
    for _ in range(300):
        position, roll = random_position(rng), random_roll(rng)
        ours, theirs = rng.choice(SAGE_CUBES)
        inputs = board_of(position)
        expected = [
            (m.board, m.equity, m.cubeless_equity, chances(m.probs))
            for m in reference.checker_play(inputs, roll[0], roll[1], **theirs).moves
        ]
        got = sage._checker_play(inputs, roll, ours)
        assert [(m["board"], m["equity"], m["cubeless_equity"], module._probs(m["probs"])) for m in got] == expected
        compared += len(expected)
    assert compared > 3000


def test_the_best_opening_three_one_is_the_five_point_by_hand(reference: Any) -> None:
    made = [0, -2, 0, 0, 0, 2, 4, 0, 2, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2, 0]  # 8/5 6/5
    best = evaluator().rank(START, (3, 1))[0]
    assert board_of(best.play.result) == made
    assert reference.checker_play(START_INPUTS, 3, 1, **MONEY).moves[0].board == made


def test_a_roll_with_no_legal_play_ranks_the_pass_alone(reference: Any) -> None:
    (only,) = evaluator().rank(DANCING, (4, 4))
    assert only.play.is_pass and only.play.result == DANCING and only.loss == 0
    done = reference.post_move_analytics(DANCING_INPUTS, "centered", 1, jacoby=False)
    assert (only.equity, only.chances) == (done.cubeful_equity, chances(done.probs))


@pytest.mark.parametrize("name", NAMED)
@pytest.mark.parametrize("alive", [True, False], ids=["cubeful", "cubeless"])
def test_after_a_play_is_open_sages_post_move_analysis(name: str, alive: bool, reference: Any) -> None:
    position, inputs, _ = NAMED[name]
    done = reference.post_move_analytics(inputs, "centered", 1, jacoby=False)
    equity = done.cubeful_equity if alive else done.cubeless_equity
    assert evaluator().after(position, Cube(alive=alive)) == (equity, chances(done.probs))


CUBES = {
    "money, centred": (Cube(), MONEY),
    "money, the mover's 2": (Cube(2, "mover"), {**MONEY, "cube_value": 2, "cube_owner": "player"}),
    "3 and 5 away, centred": (
        Cube(1, "centered", (3, 5)),
        {"cube_value": 1, "cube_owner": "centered", "away1": 3, "away2": 5},
    ),
    "4 and 2 away, the mover's 2": (
        Cube(2, "mover", (4, 2)),
        {"cube_value": 2, "cube_owner": "player", "away1": 4, "away2": 2},
    ),
}


@pytest.mark.parametrize("cube", CUBES)
@pytest.mark.parametrize("name", ["start", "race", "closed board", "bear-off"])
def test_the_cube_is_open_sages_cube_action(name: str, cube: str, reference: Any) -> None:
    position, inputs, _ = NAMED[name]
    ours, theirs = CUBES[cube]
    args = dict(theirs)
    done = reference.cube_action(inputs, args.pop("cube_value"), args.pop("cube_owner"), **args)
    advice = evaluator().cube(position, ours)
    # (the same figures by another path, through Open Sage's single-precision network: equal
    # to its last digits, a millionth)
    equities = (advice.no_double, advice.double_take, advice.double_pass)
    assert equities == pytest.approx((done.equity_nd, done.equity_dt, done.equity_dp), abs=1e-6)
    assert astuple(advice.chances) == pytest.approx(astuple(chances(done.probs)), abs=1e-6)
    assert (advice.double, advice.take) == (done.should_double, done.should_take)


def test_every_legal_play_is_ranked_once_best_first(reference: Any) -> None:
    rng = random.Random(24)
    sage = evaluator()
    for _ in range(60):
        position, roll = random_position(rng), random_roll(rng)
        plays = legal_plays(position, roll)
        for cube in (Cube(), Cube(alive=False), Cube(2, "opponent", (5, 3))):
            ranked = sage.rank(position, roll, cube)
            results = [r.play.result for r in ranked]
            assert sorted(results) == sorted(p.result for p in plays), (position, roll)
            equities = [r.equity for r in ranked]
            assert equities == sorted(equities, reverse=True)
            assert ranked[0].loss == 0
            assert all(r.loss == max(0.0, ranked[0].equity - r.equity) >= 0 for r in ranked)


# -- where there is no evaluator -------------------------------------------------------------


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """The evaluator not loaded yet (restored afterwards)."""
    monkeypatch.setattr(module, "_sage", None)
    monkeypatch.setattr(module, "_why", None)
    return monkeypatch


def test_not_installed_when_bgsage_cannot_be_imported(fresh: pytest.MonkeyPatch) -> None:
    fresh.setitem(sys.modules, "bgsage", None)  # (an import of it raises ImportError)
    with pytest.raises(Unavailable) as error:
        evaluator()
    assert error.value.code == "not_installed"
    assert unavailable() == "not_installed" and not loaded()


def test_broken_when_bgsage_cannot_load_its_network(fresh: pytest.MonkeyPatch) -> None:
    class Broken:
        def BgBotAnalyzer(self, **_: object) -> None:  # (Open Sage's name)
            raise OSError("no weights")

    fresh.setitem(sys.modules, "bgsage", Broken())
    assert unavailable() == "broken" and not loaded()


def test_loaded_once_used(fresh: pytest.MonkeyPatch, reference: Any) -> None:
    assert not loaded()
    assert evaluator() is evaluator() and loaded() and unavailable() is None


START_THE_APP = """
import asyncio, sys
from tawla.game import Match, RuleSet, SeededDice
from tawla.store.settings import Settings
from tawla.ui.app import TawlaApp
from tawla.ui.screens.game import GameScreen
from tests.helpers.waiting import screen_is, workers_done

async def main():
    import tawla.analysis.skill, tawla.cli  # (importing them loads nothing either)
    match = Match(RuleSet(), ("A", "B"), SeededDice(7))
    app = TawlaApp(lang="en", dice=match.dice, match=match, settings=Settings(bidi_checked=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await screen_is(pilot, GameScreen)
        await workers_done(pilot)
        print(sorted(m for m in sys.modules if m.split(".")[0] in ("bgsage", "bgbot_cpp")))

asyncio.run(main())
"""


def test_starting_tawla_does_not_load_the_evaluator() -> None:
    """Start-up and memory unchanged: Open Sage (90 MB) is imported by the first hint."""
    out = subprocess.run([sys.executable, "-c", START_THE_APP], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stderr
