"""Legal plays compared with GNU Backgammon on many thousands of positions.

The sets of resulting positions must be identical, position by position:
zero mismatches. ``tests/scripts/oracle_run.py`` runs the same comparison on a
million pairs outside the default test run.
"""

from __future__ import annotations

import itertools
import random

import pytest

from tawla.engine import Position, position_id

from .helpers.oracle import mismatch
from .helpers.positions import random_position, random_roll, self_play_positions

KINDS = ("open", "bar", "closed", "bearoff", "contact_bearoff", "race")


def _report(failures: list[tuple[Position, tuple[int, int], object]]) -> str:
    return "\n".join(f"{position_id(p)} {r[0]}{r[1]}: {diff}" for p, r, diff in failures[:10])


@pytest.mark.parametrize("kind", KINDS)
def test_random_positions_of_each_kind(kind: str) -> None:
    rng = random.Random(f"oracle-{kind}")
    failures = []
    for _ in range(2000):
        pos = random_position(rng, kind)
        roll = random_roll(rng)
        diff = mismatch(pos, roll)
        if diff:
            failures.append((pos, roll, diff))
    assert not failures, _report(failures)


def test_self_play_positions() -> None:
    rng = random.Random("oracle-self-play")
    failures = []
    for pos in itertools.islice(self_play_positions(rng), 8000):
        roll = random_roll(rng)
        diff = mismatch(pos, roll)
        if diff:
            failures.append((pos, roll, diff))
    assert not failures, _report(failures)


def test_every_roll_of_the_start_position() -> None:
    start = Position.start()
    for d1, d2 in itertools.product(range(1, 7), repeat=2):
        assert mismatch(start, (d1, d2)) is None, (d1, d2)
