"""Benchmark: Plakoto and Fevga legal-play generation against backgammon's, in one run.

    python -m tests.bench.bench_tavla [--count N] [--repeat R]   # N = 4000, R = 7: half a minute

Times, best of R interleaved repetitions with the garbage collector paused:

* backgammon's uncached generator (``tawla.engine.moves._plays_cached.__wrapped__``) on the N
  self-play and N random positions of ``tests.bench.bench_engine`` (the same seed, each with a random
  roll);
* Plakoto's and Fevga's uncached generator (``tawla.engine.tavla._plays_cached.__wrapped__``,
  the Play objects built) on N self-play and N random positions of ``tests.helpers.tavla_positions``,
  each with a random roll, under the default rules;
* ``TavlaTurn.legal`` for a first step (the turn built from plays already generated, so only
  ``legal`` is timed): the UI asks it at every step, and so do the random tavli matches.

It prints µs per position × roll for each set, each tavla set's ratio to backgammon's self-play
figure, and the slowest single tavla call (the 20 slowest re-timed, best of 5, so a stray pause
is not reported).

Targets: Plakoto and Fevga generation within 2× of backgammon's self-play figure (ratio <= 2.0)
on every set; ``legal`` for a first step well under a millisecond.
"""

from __future__ import annotations

import argparse
import gc
import random
import time
import timeit
from collections.abc import Callable
from functools import partial

from tawla.engine.moves import _plays_cached as backgammon_cached
from tawla.engine.moves import dice_of, normalise_roll
from tawla.engine.position import Position
from tawla.engine.tavla import Game, TavlaBoard, TavlaTurn, Variant, parse_board
from tawla.engine.tavla import _plays_cached as tavla_cached
from tests.bench.bench_engine import _sets
from tests.helpers.tavla_positions import random_position, random_roll, self_play_positions

backgammon = backgammon_cached.__wrapped__  # no cache: every call does the work
tavla = tavla_cached.__wrapped__

TavlaCase = tuple[TavlaBoard, tuple[int, int], Variant]


def _tavla_sets(count: int) -> dict[str, list[TavlaCase]]:
    """N self-play and N random positions of each game, each with a random roll."""
    rng = random.Random(20261207)
    sets: dict[str, list[TavlaCase]] = {}
    for game in (Game.PLAKOTO, Game.FEVGA):
        variant = Variant(game)
        texts = {
            "self-play": self_play_positions(rng, game.value, count),
            "random": [random_position(rng, game.value) for _ in range(count)],
        }
        for kind, batch in texts.items():
            sets[f"{game.value} {kind}"] = [
                (parse_board(game, text), normalise_roll(random_roll(rng)), variant) for text in batch
            ]
    return sets


def _best(fn: Callable[[], object], repeat: int) -> float:
    return min(timeit.repeat(fn, number=1, repeat=repeat))


def _backgammon(data: list[tuple[Position, tuple[int, int]]]) -> Callable[[], object]:
    """Backgammon's generator over a set."""
    return lambda: [backgammon(p, r) for p, r in data]


def _generate(cases: list[TavlaCase]) -> Callable[[], object]:
    """Plakoto's or Fevga's generator over a set."""
    return lambda: [tavla(b, r, v) for b, r, v in cases]


def _legal_first(cases: list[TavlaCase]) -> Callable[[], object]:
    """``legal`` of each case's first step, on turns built from plays generated beforehand."""
    turns = [(v, b, r, dice_of(r), tavla(b, r, v)) for b, r, v in cases]

    def run() -> object:
        return [TavlaTurn(v, b, r, (), b, dice, plays).legal for v, b, r, dice, plays in turns]

    return run


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=4_000)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args(argv)

    bg = _sets(args.count)
    tv = _tavla_sets(args.count)
    runs = {f"backgammon {name}": _backgammon(data) for name, data in bg.items()}
    runs.update({name: _generate(cases) for name, cases in tv.items()})
    legal = {f"{name} legal": _legal_first(cases) for name, cases in tv.items()}
    sizes = {**{f"backgammon {n}": len(d) for n, d in bg.items()}, **{n: len(c) for n, c in tv.items()}}
    sizes.update({f"{n} legal": len(c) for n, c in tv.items()})

    best = dict.fromkeys([*runs, *legal], float("inf"))
    worst: list[tuple[float, TavlaCase]] = []
    gc.disable()
    try:
        for _ in range(args.repeat):  # interleaved, so every set sees the same machine
            for name, fn in [*runs.items(), *legal.items()]:
                best[name] = min(best[name], _best(fn, 1))
        for cases in tv.values():
            for case in cases:
                t0 = time.perf_counter()
                tavla(*case)
                worst.append((time.perf_counter() - t0, case))
        worst.sort(key=lambda w: -w[0])
        retimed = [(_best(partial(tavla, *c), 5), c) for _, c in worst[:20]]
    finally:
        gc.enable()

    reference = best["backgammon self-play"] / sizes["backgammon self-play"]
    print(f"{'set':<24} {'n':>6} {'µs/call':>9} {'ratio':>6}")
    for name in best:
        per_call = best[name] / sizes[name]
        ratio = "" if name.startswith("backgammon") else f"{per_call / reference:>6.2f}"
        print(f"{name:<24} {sizes[name]:>6} {per_call * 1e6:>9.1f} {ratio:>6}")
    print("ratio: µs/call over backgammon self-play's (target for generation: <= 2.0)")
    t, (b, r, v) = max(retimed, key=lambda w: w[0])
    print(f"slowest tavla call: {t * 1e6:.0f} µs for {v.game.value} {b.text()} {r[0]}{r[1]}", end=" ")
    print(f"({len(tavla(b, r, v))} plays)")


if __name__ == "__main__":
    main()
