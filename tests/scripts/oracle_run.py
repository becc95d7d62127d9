"""The large differential run against GNU Backgammon (not part of the default tests).

    python -m tests.scripts.oracle_run [PAIRS] [--jobs N] [--seed S]

Compares tawla's legal plays with gnubg_nn.moves on PAIRS position x roll
pairs (default 1 000 000): half from random self-play, half random positions
of every kind (bar, closed boards, bear-offs with and without contact,
races). Prints progress, the number of mismatches and the first few of them;
exits 1 if there is any.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from tawla.engine import position_id

from ..helpers.oracle import mismatch
from ..helpers.positions import random_position, random_roll, self_play_positions


def _chunk(args: tuple[int, int]) -> tuple[int, list[str]]:
    seed, size = args
    rng = random.Random(seed)
    games = self_play_positions(rng)
    bad: list[str] = []
    for i in range(size):
        pos = next(games) if i % 2 else random_position(rng)
        roll = random_roll(rng)
        diff = mismatch(pos, roll)
        if diff:
            bad.append(
                f"{position_id(pos)} {roll[0]}{roll[1]}: only tawla {sorted(diff[0])}, only gnubg {sorted(diff[1])}"
            )
    return size, bad


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pairs", nargs="?", type=int, default=1_000_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    size = 10_000
    chunks = [
        (args.seed * 1_000_003 + i, min(size, args.pairs - i * size)) for i in range((args.pairs + size - 1) // size)
    ]
    done = 0
    bad: list[str] = []
    start = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        for n, chunk_bad in pool.map(_chunk, chunks):
            done += n
            bad.extend(chunk_bad)
            if done % 100_000 == 0 or done == args.pairs:
                print(f"{done:>9} pairs  {len(bad)} mismatches  {time.perf_counter() - start:6.0f} s", flush=True)
    for line in itertools.islice(bad, 20):
        print(line)
    print(f"result: {args.pairs} pairs, {len(bad)} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
