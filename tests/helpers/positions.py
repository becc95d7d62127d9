"""Random legal positions for property, oracle and benchmark runs.

Every generator takes a ``random.Random`` so runs are reproducible. The
kinds cover what a rules engine gets wrong most often: checkers on the bar
against closed or half-closed home boards, bear-offs (with and without
contact), and ordinary middle games; plus positions from random self-play.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from tawla.engine import Position, legal_plays


def _scatter(rng: random.Random, board: list[int], sign: int, count: int, slots: list[int]) -> None:
    """Put ``count`` checkers of one side on random free ``slots`` of ``board``."""
    for _ in range(count):
        free = [s for s in slots if board[s] * sign >= 0]
        s = rng.choice(free)
        board[s] += sign


def random_position(rng: random.Random, kind: str | None = None) -> Position:
    """A random legal position of the given kind (random kind if None)."""
    kind = kind or rng.choice(("open", "bar", "closed", "bearoff", "contact_bearoff", "race"))
    b = [0] * 26
    mover_points = list(range(1, 25))
    opp_points = list(range(1, 25))
    mover_n = 15 - (
        rng.randint(0, 14) if kind in ("bearoff", "contact_bearoff", "race") else rng.choice((0, 0, 0, 1, 3))
    )
    opp_n = 15 - rng.choice((0, 0, 0, 1, 2, 5, 10))
    if kind == "open":
        _scatter(rng, b, 1, mover_n, mover_points)
        _scatter(rng, b, -1, opp_n, opp_points)
    elif kind == "bar":
        on_bar = rng.randint(1, min(4, mover_n))
        b[25] = on_bar
        _scatter(rng, b, -1, opp_n, opp_points)
        _scatter(rng, b, 1, mover_n - on_bar, mover_points)
    elif kind == "closed":
        # The opponent holds several points of the mover's entry zone (19-24).
        held = rng.sample(range(19, 25), rng.randint(4, 6))
        for p in held:
            b[p] = -2
        rest = opp_n - 2 * len(held)
        if rest < 0:
            for p in held[: (-rest + 1) // 2]:
                b[p] = 0
            rest = opp_n + sum(b[p] for p in held)
        _scatter(rng, b, -1, rest, opp_points)
        on_bar = rng.randint(1, min(3, mover_n))
        b[25] = on_bar
        _scatter(rng, b, 1, mover_n - on_bar, mover_points)
    elif kind == "bearoff":
        _scatter(rng, b, 1, mover_n, list(range(1, 7)))
        _scatter(rng, b, -1, opp_n, list(range(19, 25)))
    elif kind == "contact_bearoff":
        # The mover bears off; the opponent still has checkers back (or hit ones).
        _scatter(rng, b, 1, mover_n, list(range(1, 7)) * 3 + list(range(7, 12)) + [25])
        _scatter(rng, b, -1, opp_n, [*opp_points, 0])
    else:  # race: no contact
        split = rng.randint(6, 18)
        _scatter(rng, b, 1, mover_n, list(range(1, split + 1)))
        _scatter(rng, b, -1, opp_n, list(range(split + 1, 25)))
    return Position(b)


def random_roll(rng: random.Random) -> tuple[int, int]:
    """Two fair dice."""
    return rng.randint(1, 6), rng.randint(1, 6)


def self_play_positions(rng: random.Random) -> Iterator[Position]:
    """Positions met in games where both sides pick uniformly among the legal plays.

    Yields the position before every roll (from the mover's view), forever,
    starting a new game whenever one ends.
    """
    while True:
        pos = Position.start()
        while not pos.is_game_over():
            yield pos
            play = rng.choice(legal_plays(pos, random_roll(rng)))
            pos = play.result.swapped()
