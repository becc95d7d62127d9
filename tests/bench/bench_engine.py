"""Benchmark: legal-play generation, tawla against GNU Backgammon, in one run.

    python -m tests.bench.bench_engine [--count N] [--repeat R]

Times the same N self-play and N random positions (each with a random roll)
through ``gnubg_nn.moves`` (C) and tawla's generator (pure Python, the
uncached function behind ``legal_plays``, including building the Play
objects), best of R interleaved repetitions with the garbage collector
paused, and
prints both, their ratio, and tawla's slowest single position x roll (the
20 slowest calls re-timed, best of 5, so a stray pause is not reported).

Targets (issue #2): ratio <= 15 on self-play positions; no roll over 5 ms.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import random
import time
import timeit

import gnubg_nn

from tawla.engine import Position, normalise_roll, position_id
from tawla.engine.moves import _plays_cached

from ..helpers.oracle import gnubg_board
from ..helpers.positions import random_position, random_roll, self_play_positions

generate = _plays_cached.__wrapped__  # no cache: every call does the work


def _sets(count: int) -> dict[str, list[tuple[Position, tuple[int, int]]]]:
    rng = random.Random(20261129)
    games = self_play_positions(rng)
    return {
        "self-play": [(p, normalise_roll(random_roll(rng))) for p in itertools.islice(games, count)],
        "random": [(random_position(rng), normalise_roll(random_roll(rng))) for _ in range(count)],
    }


def _best(fn, repeat: int) -> float:  # type: ignore[no-untyped-def]
    return min(timeit.repeat(fn, number=1, repeat=repeat))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args(argv)

    header = ("positions", "n", "gnubg s", "tawla s", "ratio", "tawla µs/call", "plays/call")
    print("{:<10} {:>6} {:>9} {:>9} {:>6} {:>14} {:>10}".format(*header))
    worst: list[tuple[float, Position, tuple[int, int]]] = []
    gc.disable()
    try:
        for name, data in _sets(args.count).items():
            boards = [(gnubg_board(p), r) for p, r in data]
            t_gnubg = t_tawla = float("inf")
            for _ in range(args.repeat):  # interleaved, so both see the same machine
                t_gnubg = min(t_gnubg, _best(lambda b=boards: [gnubg_nn.moves(x, d1, d2) for x, (d1, d2) in b], 1))
                t_tawla = min(t_tawla, _best(lambda d=data: [generate(p, r) for p, r in d], 1))
            plays = sum(len(generate(p, r)) for p, r in data) / len(data)
            print(
                f"{name:<10} {len(data):>6} {t_gnubg:>9.3f} {t_tawla:>9.3f} {t_tawla / t_gnubg:>6.1f}"
                f" {t_tawla / len(data) * 1e6:>14.1f} {plays:>10.1f}"
            )
            for p, r in data:
                t0 = time.perf_counter()
                generate(p, r)
                worst.append((time.perf_counter() - t0, p, r))
        worst.sort(key=lambda w: -w[0])
        retimed = [(_best(lambda p=p, r=r: generate(p, r), 5), p, r) for _, p, r in worst[:20]]
    finally:
        gc.enable()
    t, p, r = max(retimed, key=lambda w: w[0])
    print(f"slowest tawla call: {t * 1000:.2f} ms for {position_id(p)} {r[0]}{r[1]} ({len(generate(p, r))} plays)")


if __name__ == "__main__":
    main()
