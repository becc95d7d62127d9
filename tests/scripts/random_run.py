"""The long random run (not part of the default tests).

    python -m tests.scripts.random_run [MATCHES] [--jobs N] [--seed S]

Plays MATCHES (default 100 000) complete random matches and money sessions
under random rule sets with random decisions, checking the invariants after
every action and that each history replays to the same state. Prints
progress and a summary; exits 1 on the first failure, with its seed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from tawla.game import replay

from ..helpers.randomplay import play_random_match, random_rules


def _chunk(args: tuple[int, int]) -> tuple[Counter[str], str | None]:
    seed, size = args
    counts: Counter[str] = Counter()
    for i in range(size):
        rng = random.Random(seed * 100_003 + i)
        try:
            rules = random_rules(rng)
            match = play_random_match(rng, rules, max_games=4)
            assert replay(rules, match.events) == match.state
        except Exception:
            return counts, f"seed {seed * 100_003 + i}:\n{traceback.format_exc()}"
        counts["matches"] += 1
        counts["games"] += match.state.game
        counts["events"] += len(match.events)
    return counts, None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("matches", nargs="?", type=int, default=100_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    size = 500
    chunks = [
        (args.seed * 1000 + i, min(size, args.matches - i * size)) for i in range((args.matches + size - 1) // size)
    ]
    total: Counter[str] = Counter()
    start = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        for counts, failure in pool.map(_chunk, chunks):
            total.update(counts)
            if failure:
                print(failure)
                return 1
            if total["matches"] % 5_000 < size:
                print(
                    f"{total['matches']:>7} matches  {total['games']:>8} games  {time.perf_counter() - start:7.0f} s",
                    flush=True,
                )
    print(f"result: {total['matches']} matches, {total['games']} games, {total['events']} events, no failure")
    return 0


if __name__ == "__main__":
    sys.exit(main())
