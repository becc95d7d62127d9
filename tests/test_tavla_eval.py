"""tawla's own Plakoto and Fevga evaluator (issue #38): its inputs for named positions written
out by hand, its answers' shape, the exact end of a game, the ranking, the weights file and the
training script's determinism."""

from __future__ import annotations

import json
import random
from importlib import resources
from pathlib import Path

import pytest

from tawla.analysis import tavla_eval
from tawla.analysis.tavla_eval import (
    LOOK_AHEAD,
    LOOK_MARGIN,
    WEIGHTS,
    Network,
    TavlaChances,
    TavlaEvaluator,
    input_names,
    inputs,
    tavla_evaluator,
)
from tawla.engine.tavla import Game, Mother, TavlaBoard, Variant, parse_board, tavla_plays

THIRD = 1 / 3
SIXTH = 1 / 6


def board_text(game: Game, points: dict[int, str], off: str = "0,0") -> TavlaBoard:
    """A board from its occupied points (the mover's numbering) and the borne-off counts."""
    return parse_board(game, ",".join(points.get(p, "0") for p in range(1, 25)) + ";" + off)


def given(game: Game, board: TavlaBoard) -> dict[str, float]:
    """The inputs that are not 0, by name."""
    return {n: v for n, v in zip(input_names(game), inputs(board), strict=True) if v}


def full(*units: str, more: float = 0.0) -> dict[str, float]:
    """The units of points holding three or more: ``full("mover 24", more=6.0)``."""
    out: dict[str, float] = {}
    for u in units:
        out |= {f"{u} 1+": 1.0, f"{u} 2+": 1.0, f"{u} 3+": 1.0}
        if more:
            out[f"{u} more"] = more
    return out


def check(game: Game, board: TavlaBoard, expected: dict[str, float]) -> None:
    got = given(game, board)
    assert got.keys() == expected.keys()
    for name, value in expected.items():
        assert got[name] == pytest.approx(value), name


def test_input_counts() -> None:
    assert len(input_names(Game.PLAKOTO)) == 2 * (24 * 5 + 11) + 1 == 263
    assert len(input_names(Game.FEVGA)) == 2 * (24 * 4 + 7) + 1 == 207
    with pytest.raises(ValueError, match="Open Sage"):
        tavla_evaluator(Game.BACKGAMMON)


def test_the_start_plakoto() -> None:
    side = {"pips": 1.0, "prime": SIXTH, "mother_home": 1.0}
    expected = full("mover 24", "opponent 24", more=6.0)
    expected |= {f"{who} {k}": v for who in ("mover", "opponent") for k, v in side.items()}
    expected["contact"] = 1.0
    check(Game.PLAKOTO, TavlaBoard.start(Game.PLAKOTO), expected)


def test_the_start_fevga() -> None:
    expected = full("mover 24", "opponent 24", more=6.0)
    expected |= {f"{who} {k}": v for who in ("mover", "opponent") for k, v in {"pips": 1.0, "prime": SIXTH}.items()}
    expected["bias"] = 1.0
    check(Game.FEVGA, TavlaBoard.start(Game.FEVGA), expected)


def test_a_mother_pinned() -> None:
    # The opponent's checker on our 24 pins our mother; its own mother is home (our 1): play goes on.
    board = board_text(Game.PLAKOTO, {1: "-14", 6: "4", 8: "5", 13: "5", 24: "-1p"})
    expected = full("mover 6", more=0.5) | full("mover 8", "mover 13", more=1.0)
    expected |= {
        "mover 24 pinned": 1.0,
        "mover pips": (6 * 4 + 8 * 5 + 13 * 5 + 24) / 360,
        "mover pinned": THIRD,
        "mover prime": SIXTH,
        "mover home_closed": SIXTH,
        "mover mother_pinned": 1.0,
    }
    expected |= full("opponent 24", more=5.5) | {"opponent 1 1+": 1.0}
    expected |= {
        "opponent pips": (24 * 14 + 1) / 360,
        "opponent pins_held": THIRD,
        "opponent prime": SIXTH,  # (its 1 and its 24, a pin closing its 1)
        "opponent home_closed": SIXTH,
        "opponent mother_home": 1.0,
        "contact": 1.0,
    }
    check(Game.PLAKOTO, board, expected)


def test_a_prime() -> None:
    board = board_text(Game.PLAKOTO, {1: "-10", 3: "-5", **{p: "2" for p in range(7, 13)}, 24: "3"})
    expected = {f"mover {p} {u}": 1.0 for p in range(7, 13) for u in ("1+", "2+")} | full("mover 24")
    expected |= {"mover pips": 186 / 360, "mover prime": 1.0, "mover mother_home": 1.0}
    expected |= full("opponent 24", more=3.5) | full("opponent 22", more=1.0)
    expected |= {"opponent pips": 350 / 360, "opponent prime": SIXTH, "opponent mother_home": 1.0, "contact": 1.0}
    check(Game.PLAKOTO, board, expected)


def test_a_race() -> None:
    # Fevga: the opponent's 1-3 are our 13-15.
    board = board_text(Game.FEVGA, {4: "3", 5: "5", 6: "5", 13: "-5", 14: "-5", 15: "-5"}, "2,0")
    expected = full("mover 4") | full("mover 5", "mover 6", more=1.0)
    expected |= {
        "mover off": 2 / 15,
        "mover pips": 67 / 360,
        "mover first_passed": 1.0,
        "mover prime": 0.5,
        "mover home_held": 0.5,
        "mover all_home": 1.0,
    }
    expected |= full("opponent 1", "opponent 2", "opponent 3", more=1.0)
    expected |= {
        "opponent pips": 30 / 360,
        "opponent first_passed": 1.0,
        "opponent prime": 0.5,
        "opponent home_held": 0.5,
        "opponent all_home": 1.0,
        "bias": 1.0,
    }
    check(Game.FEVGA, board, expected)


def test_a_bear_off_with_a_pin() -> None:
    # Home but for the checker pinned on our 5 (the opponent's 20): no bearing off yet.
    board = board_text(Game.PLAKOTO, {2: "3", 4: "3", 5: "-1p", 6: "4", 23: "-7", 24: "-7"}, "4,0")
    expected = full("mover 2", "mover 4") | full("mover 6", more=0.5) | {"mover 5 pinned": 1.0}
    expected |= {
        "mover off": 4 / 15,
        "mover pips": (6 + 12 + 5 + 24) / 360,
        "mover pinned": THIRD,
        "mover prime": SIXTH,
        "mover home_closed": 0.5,
        "mover all_home": 1.0,
    }
    expected |= full("opponent 1", "opponent 2", more=2.0) | {"opponent 20 1+": 1.0}
    expected |= {
        "opponent pips": (20 + 14 + 7) / 360,
        "opponent pins_held": THIRD,
        "opponent prime": 2 / 6,
        "opponent home_closed": 2 / 6,
        "contact": 1.0,
    }
    check(Game.PLAKOTO, board, expected)


def positions(game: Game, count: int, seed: int) -> list[TavlaBoard]:
    """Boards on roll from random play."""
    rng = random.Random(seed)
    variant = Variant(game)
    board, out = variant.start(), []
    while len(out) < count:
        play = rng.choice(tavla_plays(board, (rng.randint(1, 6), rng.randint(1, 6)), variant))
        if play.result.is_game_over() or play.result.pinned(1) < 0:
            board = variant.start()
            continue
        board = play.result.swapped()
        out.append(board)
    return out


@pytest.mark.parametrize("game", [Game.PLAKOTO, Game.FEVGA])
def test_values_are_chances(game: Game) -> None:
    ev = tavla_evaluator(game)
    for board in positions(game, 40, 3):
        c = ev.value(board, Variant(game))
        assert 0.0 <= c.lose_double <= 1.0 - c.win <= 1.0
        assert 0.0 <= c.double <= c.win
        assert -2.0 <= c.equity <= 2.0


def test_after_is_exact_at_the_end() -> None:
    ev = tavla_evaluator(Game.PLAKOTO)
    off = board_text(Game.PLAKOTO, {1: "-15"}, "15,0")
    assert ev.after(off, Variant(Game.PLAKOTO)) == TavlaChances(1.0, 1.0, 0.0)
    single = board_text(Game.PLAKOTO, {1: "-14"}, "15,1")
    assert ev.after(single, Variant(Game.PLAKOTO)) == TavlaChances(1.0, 0.0, 0.0)
    # The opponent's mother pinned on our 1, none of ours left on our 24.
    mother = board_text(Game.PLAKOTO, {1: "1p", 6: "14", 20: "-14"})
    assert ev.after(mother, Variant(Game.PLAKOTO)) == TavlaChances(1.0, 1.0, 0.0)
    assert ev.after(mother, Variant(Game.PLAKOTO, mother=Mother.SINGLE)) == TavlaChances(1.0, 0.0, 0.0)
    fevga = board_text(Game.FEVGA, {13: "-15"}, "15,0")
    assert tavla_evaluator(Game.FEVGA).after(fevga, Variant(Game.FEVGA)).equity == 2.0


@pytest.mark.parametrize("game", [Game.PLAKOTO, Game.FEVGA])
def test_rank_covers_every_play_best_first(game: Game) -> None:
    ev, variant = tavla_evaluator(game), Variant(game)
    rng = random.Random(5)
    for board in positions(game, 12, 4):
        roll = (rng.randint(1, 6), rng.randint(1, 6))
        ranked = ev.rank(board, roll, variant)
        assert {r.play.result for r in ranked} == {p.result for p in tavla_plays(board, roll, variant)}
        assert len(ranked) == len(tavla_plays(board, roll, variant))
        equities = [r.equity for r in ranked]
        assert equities == sorted(equities, reverse=True)
        assert ranked[0].loss == 0.0 and all(r.loss >= 0.0 for r in ranked)
        assert all(r.equity == pytest.approx(r.chances.equity) for r in ranked)


@pytest.mark.parametrize("game", [Game.PLAKOTO, Game.FEVGA])
def test_the_weights_file(game: Game) -> None:
    raw = (resources.files("tawla.analysis") / WEIGHTS[game]).read_bytes()
    data = json.loads(raw)
    net = Network(data)
    assert data["game"] == game.value
    assert net.inputs == len(input_names(game))
    assert net.outputs == 3
    assert len(net.w1) == net.inputs and all(len(row) == net.hidden for row in net.w1)
    assert len(net.w2) == 3 and all(len(ws) == net.hidden for ws in net.w2)
    assert isinstance(data["seed"], int) and data["games"] > 0
    assert len(raw) < 500_000
    with pytest.raises(ValueError, match="shape"):
        Network({**data, "hidden": net.hidden + 1})


def test_training_is_made_again_from_its_seed() -> None:
    pytest.importorskip("numpy")
    from tests.scripts.train_tavla import train

    def weights(game: Game, seed: int, games: int) -> dict[str, object]:
        return {k: v for k, v in train(game, seed, games, None, log=False).items() if k != "seconds"}

    once = weights(Game.FEVGA, 5, 1)
    assert once == weights(Game.FEVGA, 5, 1)
    assert once != weights(Game.FEVGA, 5, 0) != weights(Game.FEVGA, 6, 0)
    net = Network(once)
    assert net.inputs == len(input_names(Game.FEVGA)) and once["games"] == 1
    assert len(net.forward(inputs(TavlaBoard.start(Game.FEVGA)))) == 3
    plakoto = Network(weights(Game.PLAKOTO, 5, 0))
    assert plakoto.inputs == len(input_names(Game.PLAKOTO))


def test_a_training_resumed_makes_the_weights_of_one_run(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    from tests.scripts.train_tavla import train

    def weights(games: int, **how: object) -> dict[str, object]:
        made = train(Game.PLAKOTO, 7, games, None, log=False, **how)  # type: ignore[arg-type]
        return {k: v for k, v in made.items() if k != "seconds"}

    state = tmp_path / "state.npz"
    weights(2, state=state, every=1)
    assert state.exists()
    assert weights(3, state=state, resume=True) == weights(3)
    assert weights(3) != weights(2)  # (the resumed run played its third game)


# -- one roll further (the computer's Fevga play) ----------------------------------------------------


def test_one_roll_further_a_race_the_opponent_ends_with_any_roll_is_lost_double() -> None:
    # After our play: the opponent's last checker on its 1 (our 13), none of ours off.
    ev, variant = tavla_evaluator(Game.FEVGA), Variant(Game.FEVGA)
    left = board_text(Game.FEVGA, {13: "-1", 20: "15"}, "0,14")
    assert ev.ahead(left, variant) == TavlaChances(0.0, 0.0, 1.0)
    # Ours ended the game: exact, nothing looked at further.
    assert ev.ahead(board_text(Game.FEVGA, {13: "-15"}, "15,0"), variant) == TavlaChances(1.0, 1.0, 0.0)


def slow_ahead(ev: TavlaEvaluator, result: TavlaBoard, variant: Variant) -> float:
    """The equity one roll further worked out the plain way: each reply valued by ``after``."""
    total = 0.0
    opponent = result.swapped()
    for a in range(1, 7):
        for b in range(1, 7):
            total += max(ev.after(p.result, variant).equity for p in tavla_plays(opponent, (a, b), variant))
    return -total / 36


@pytest.mark.parametrize("numpy", [True, False], ids=["numpy", "plain"])
def test_one_roll_further_is_the_opponents_best_reply_to_each_roll(
    numpy: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not numpy:
        monkeypatch.setattr(tavla_eval, "_numpy", lambda: None)
    ev, variant = tavla_evaluator(Game.FEVGA), Variant(Game.FEVGA)
    for board in positions(Game.FEVGA, 6, 9):
        result = ev.rank(board, (6, 5), variant)[0].play.result
        assert ev.ahead(result, variant).equity == pytest.approx(slow_ahead(ev, result, variant), abs=1e-9)


def test_fevgas_inputs_for_many_boards_at_once_are_each_boards() -> None:
    np = pytest.importorskip("numpy")
    boards = [*positions(Game.FEVGA, 300, 11), board_text(Game.FEVGA, {4: "3", 5: "5", 6: "5", 13: "-5"}, "2,10")]
    rows = tavla_eval.fevga_rows_swapped(np, [b.slots for b in boards])
    assert rows.tolist() == [inputs(b.swapped()) for b in boards]


def test_the_computer_looks_further_only_at_plays_close_to_the_best(monkeypatch: pytest.MonkeyPatch) -> None:
    ev, variant = tavla_evaluator(Game.FEVGA), Variant(Game.FEVGA)
    close = clear = changed = 0
    for i, board in enumerate(positions(Game.FEVGA, 30, 12)):
        roll = (6, 6) if i % 2 else (4, 4)  # (doubles: more often a clear best)
        ranked = ev.rank(board, roll, variant)
        near = [r for r in ranked[: LOOK_AHEAD[Game.FEVGA]] if r.loss <= LOOK_MARGIN]
        if len(near) < 2:
            clear += 1
            with monkeypatch.context() as m:
                m.setattr(TavlaEvaluator, "ahead", lambda *a: pytest.fail("looked further at a clear best"))
                assert ev.choose(board, roll, variant) == ranked[0]
        else:
            close += 1
            further = [ev.ahead(r.play.result, variant).equity for r in near]  # (itself checked above)
            chosen = near[further.index(max(further))]
            assert ev.choose(board, roll, variant) == chosen
            changed += chosen != ranked[0]
    assert close >= 3 and clear >= 3 and changed >= 1  # (some play other than the first sight's)
    # Plakoto's computer plays the network's first choice.
    assert LOOK_AHEAD[Game.PLAKOTO] == 0
    plakoto = tavla_evaluator(Game.PLAKOTO)
    for board in positions(Game.PLAKOTO, 10, 12):
        assert (
            plakoto.choose(board, (3, 1), Variant(Game.PLAKOTO))
            == plakoto.rank(board, (3, 1), Variant(Game.PLAKOTO))[0]
        )
