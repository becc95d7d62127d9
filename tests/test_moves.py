"""Legal plays and step-by-step turns, checked against a brute-force enumeration."""

from __future__ import annotations

import pytest
from hypothesis import given

from tawla.engine import (
    BAR,
    OFF,
    IllegalStep,
    Play,
    Position,
    Step,
    apply_step,
    dice_to_play,
    find_play,
    legal_plays,
    legal_steps,
    make_step,
    turn_state,
)

from .helpers.strategies import positions, rolls


def brute_force(pos: Position, roll: tuple[int, int]) -> set[Position]:
    """Every ordering of every die, no pruning, then R7 applied afterwards."""
    d1, d2 = max(roll), min(roll)
    orders = [(d1,) * 4] if d1 == d2 else [(d1, d2), (d2, d1)]
    ends: list[tuple[Position, tuple[Step, ...]]] = []

    def walk(p: Position, dice: tuple[int, ...], steps: tuple[Step, ...]) -> None:
        moved = False
        for source in range(1, BAR + 1) if dice else ():
            step = make_step(p, source, dice[0])
            if step is not None:
                moved = True
                walk(apply_step(p, step), dice[1:], (*steps, step))
        if not moved:
            ends.append((p, steps))

    for order in orders:
        walk(pos, order, ())
    most = max(len(s) for _, s in ends)
    kept = [(p, s) for p, s in ends if len(s) == most]
    if d1 != d2 and most == 1 and any(s[0].die == d1 for _, s in kept):
        kept = [(p, s) for p, s in kept if s[0].die == d1]
    return {p for p, _ in kept}


@given(positions(), rolls)
def test_legal_plays_equal_brute_force(pos: Position, roll: tuple[int, int]) -> None:
    found = legal_plays(pos, roll)
    results = [p.result for p in found]
    assert len(results) == len(set(results)), "plays are deduplicated by resulting position"
    assert set(results) == brute_force(pos, roll)


@given(positions(), rolls)
def test_every_play_uses_the_most_dice_and_conserves_checkers(pos: Position, roll: tuple[int, int]) -> None:
    found = legal_plays(pos, roll)
    lengths = {len(p.steps) for p in found}
    assert len(lengths) == 1
    assert dice_to_play(pos, roll) == lengths.pop()
    for play in found:
        if play.is_pass:
            assert play.result == pos and len(found) == 1
            continue
        r = play.result
        borne = sum(1 for s in play.steps if s.dest == OFF)
        hits = sum(1 for s in play.steps if s.hit)
        assert r.mover_off == pos.mover_off + borne
        assert r.opponent_off == pos.opponent_off
        assert r.opponent_bar == pos.opponent_bar + hits
        assert 15 - r.mover_off == sum(r.mover(p) for p in range(1, 26))
        assert 15 - r.opponent_off == sum(r.opponent(p) for p in range(1, 26))
        # Replaying the steps one by one gives the same result.
        replay = pos
        for step in play.steps:
            replay = apply_step(replay, step)
        assert replay == r


@given(positions(), rolls)
def test_step_by_step_reaches_exactly_the_legal_plays(pos: Position, roll: tuple[int, int]) -> None:
    expected = {p.result for p in legal_plays(pos, roll)}
    reached: set[Position] = set()
    seen: set[tuple[Position, tuple[int, ...]]] = set()

    def walk(state) -> None:  # type: ignore[no-untyped-def]
        key = (state.position, state.remaining)
        if key in seen:
            return
        seen.add(key)
        if state.complete:
            assert not state.legal
            reached.add(state.position)
            return
        assert state.legal, "a turn that is not complete always has a next step: no dead ends"
        for step in state.legal:
            walk(state.play(step))

    walk(turn_state(pos, roll))
    assert reached == expected


def test_step_api_never_offers_the_lower_die_when_only_the_higher_may_be_played() -> None:
    pos = Position.from_counts({13: 1}, {19: 2})  # their 19 is our 6: 13/7 or 13/12, never both
    assert legal_steps(pos, (6, 1)) == {Step(13, 7, 6, False)}
    with pytest.raises(IllegalStep):
        turn_state(pos, (6, 1), [(13, 1)])


def test_undo_is_fewer_steps() -> None:
    start = Position.start()
    state = turn_state(start, (6, 1), [(13, 6), (8, 1)])
    assert state.complete and state.as_play().result == find_play(start, (6, 1), state.position).result
    back = state.undo()
    assert back == turn_state(start, (6, 1), [(13, 6)])
    assert back.undo().undo() == turn_state(start, (6, 1))
    assert not back.complete and Step(8, 7, 1, False) in back.legal


def test_find_play_and_pass() -> None:
    start = Position.start()
    play = legal_plays(start, (3, 1))[0]
    assert find_play(start, (3, 1), play.result) == play
    assert find_play(start, (3, 1), start) is None
    assert isinstance(play, Play)


def test_rolls_are_checked() -> None:
    with pytest.raises(ValueError):
        legal_plays(Position.start(), (7, 1))
    with pytest.raises(ValueError):
        legal_plays(Position.start(), (0, 1))
    with pytest.raises(ValueError):
        legal_plays(Position.start(), (1, 2, 3))  # type: ignore[arg-type]


def test_apply_step_checks_mechanics() -> None:
    start = Position.start()
    with pytest.raises(IllegalStep):
        apply_step(start, (12, 1))  # no checker there
    with pytest.raises(IllegalStep):
        apply_step(start, (6, 6))  # bearing off before all are home
    assert make_step(start, 24, 5) is None  # 19 holds five of the opponent's
    assert make_step(start, 24, 6) == Step(24, 18, 6, False)
