"""Benchmark: tawla's own Plakoto and Fevga evaluator, its strength and its speed, in one run.

    python -m tests.bench.bench_tavla_eval [--games N] [--seed S] [--game plakoto|fevga] [--weights G=FILE]

**Strength.** Per game, N games (default 1 000) of the evaluator's best play (``rank``, the
network at one ply) against each of two players, under the default rules:

* *random*: any legal play of the roll, each as likely;
* *greedy*: one ply of look-ahead on a few plain features of the board after its play, written
  here and nowhere else: the pip counts, the pins made and suffered, the blots left (single
  checkers that can be pinned), the mother (alone on the start, or pinned) in Plakoto; the pip
  counts, the points held and the longest run of them, the first checker gone, in Fevga. A play
  that ends the game with a win is always taken.

Games go in pairs with the same dice (one seeded generator per pair), the evaluator first in one
and second in the other. Printed: the games won (a draw counts half), the points a game.

**Speed.** The hint (``rank``, every legal play) on positions on roll from those games (the
evaluator against greedy), the generator's cache emptied first: median and worst; the analysis of a
whole game (``rank`` of every turn of both players). The machine's load average is printed beside:
two cores shared with other work make every figure slower.

Targets (issue #38): >= 97 % won against random, >= 70 % against greedy, in each game; a hint
<= 100 ms median and <= 500 ms worst; a game's analysis <= 3 s. This script only prints.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from tawla.analysis import tavla_eval
from tawla.analysis.tavla_eval import Network, TavlaEvaluator, tavla_evaluator
from tawla.cli import one_thread
from tawla.engine.tavla import (
    Ending,
    Game,
    Play,
    TavlaBoard,
    Variant,
    _plays_cached,
    ending,
    points_won,
    tavla_plays,
)

Player = Callable[[TavlaBoard, tuple[int, int], tuple[Play, ...]], Play]
MAX_PLIES = 3000


def evaluator_player(ev: TavlaEvaluator, variant: Variant) -> Player:
    def choose(board: TavlaBoard, roll: tuple[int, int], plays: tuple[Play, ...]) -> Play:
        return ev.choose(board, roll, variant).play

    return choose


def random_player(rng: random.Random) -> Player:
    def choose(board: TavlaBoard, roll: tuple[int, int], plays: tuple[Play, ...]) -> Play:
        return rng.choice(plays)

    return choose


def plakoto_score(b: TavlaBoard) -> float:
    """The greedy player's worth of a Plakoto board after its play (seen from it)."""
    s, pn = b.slots, b.pins
    pips = b.opponent_pips - b.mover_pips
    made = sum(1 for v in pn if v < 0)
    suffered = sum(1 for v in pn if v > 0)
    blots = sum(1 for p in range(1, 25) if s[p] == 1 and pn[p] == 0)
    mother = (-4.0 if s[24] == 1 else 0.0) - (10.0 if pn[24] > 0 else 0.0) + (10.0 if pn[1] < 0 else 0.0)
    return pips / 10.0 + 3.0 * made - 3.0 * suffered - 1.0 * blots + mother


def fevga_score(b: TavlaBoard) -> float:
    """The greedy player's worth of a Fevga board after its play (seen from it)."""
    s = b.slots
    pips = b.opponent_pips - b.mover_pips
    held = [s[p] > 0 for p in range(1, 25)]
    run = best = 0
    for h in held:
        run = run + 1 if h else 0
        best = max(best, run)
    first = 1.0 if any(held[0:11]) or b.mover_off else 0.0
    return pips / 10.0 + 0.3 * sum(held) + 0.5 * best + 2.0 * first


def greedy_player(game: Game, variant: Variant) -> Player:
    score = plakoto_score if game is Game.PLAKOTO else fevga_score

    def choose(board: TavlaBoard, roll: tuple[int, int], plays: tuple[Play, ...]) -> Play:
        def worth(play: Play) -> float:
            how = ending(play.result, variant)
            if how is not None:
                return 1000.0 if how is not Ending.DRAW else 0.0
            return score(play.result)

        return max(plays, key=worth)

    return choose


def play_game(
    variant: Variant,
    first: Player,
    second: Player,
    dice: random.Random,
    turns: list[tuple[TavlaBoard, tuple[int, int]]],
) -> int:
    """One game from the start, ``first`` on roll first; the points won by ``first`` (negative
    when lost, 0 a draw). The evaluator's turns (those of ``first`` when it is the evaluator's
    own) are kept in ``turns`` by the caller's choice."""
    board = variant.start()
    players = (first, second)
    for ply in range(MAX_PLIES):
        roll = (dice.randint(1, 6), dice.randint(1, 6))
        plays = tavla_plays(board, roll, variant)
        turns.append((board, roll))
        play = players[ply % 2](board, roll, plays) if len(plays) > 1 else plays[0]
        how = ending(play.result, variant)
        if how is not None:
            won = points_won(variant, play.result, how)
            if how is Ending.DRAW:
                return 0
            return won if ply % 2 == 0 else -won
        board = play.result.swapped()
    raise RuntimeError("a game went on too long")


Turns = list[tuple[TavlaBoard, tuple[int, int]]]
_GAME: tuple[Variant, Player, Player, int] | None = None
"""What a worker of ``--jobs`` plays (set before the workers are forked)."""


Kept = list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, int]]]
"""A game's turns as they cross between processes: each board's slots and pins, and the roll."""


def _one(n: int) -> tuple[int, Kept]:
    """Game ``n`` of a match (its dice from the seed and the pair it belongs to)."""
    assert _GAME is not None
    variant, ours, theirs, seed = _GAME
    dice = random.Random(seed * 1_000_003 + n // 2)
    turns: Turns = []
    if n % 2 == 0:
        result = play_game(variant, ours, theirs, dice, turns)
    else:
        result = -play_game(variant, theirs, ours, dice, turns)
    return result, [(board.slots, board.pins, roll) for board, roll in turns]


def match(
    variant: Variant, ours: Player, theirs: Player, games: int, seed: int, jobs: int = 1
) -> tuple[float, float, list[Turns]]:
    """``games`` games in pairs on the same dice: the share won by ``ours``, its points a game, and
    the turns of each game (in ``jobs`` processes: the same dice and, against greedy, the same
    games; the random player's choices come from each process's own copy of its generator)."""
    global _GAME
    _GAME = (variant, ours, theirs, seed)
    if jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            results = pool.map(_one, range(games), chunksize=4)
    else:
        results = [_one(n) for n in range(games)]
    won = sum(1.0 if result > 0 else 0.5 if result == 0 else 0.0 for result, _ in results)
    points = sum(result for result, _ in results)
    kept = [[(TavlaBoard(variant.game, s, p), roll) for s, p, roll in turns] for _, turns in results]
    return won / games, points / games, kept


def speed(
    ev: TavlaEvaluator, variant: Variant, games: list[list[tuple[TavlaBoard, tuple[int, int]]]], count: int
) -> None:
    turns = [t for g in games for t in g]
    rng = random.Random(7)
    sample = rng.sample(turns, min(count, len(turns)))

    def timed(ask: Callable[[TavlaBoard, tuple[int, int], Variant], object]) -> list[float]:
        """Seconds ``ask`` took for each position of the sample, the generator's cache emptied first."""
        times = []
        for board, roll in sample:
            _plays_cached.cache_clear()
            t0 = time.perf_counter()
            ask(board, roll, variant)
            times.append(time.perf_counter() - t0)
        return times

    times = timed(ev.rank)
    chosen = timed(ev.choose)
    analysis = []
    for g in games[:20]:
        _plays_cached.cache_clear()
        t0 = time.perf_counter()
        for board, roll in g:
            ev.rank(board, roll, variant)
        analysis.append((time.perf_counter() - t0, len(g)))
    secs, plies = max(analysis, key=lambda a: a[1])
    print(
        f"  hint: median {statistics.median(times) * 1e3:.1f} ms, worst {max(times) * 1e3:.1f} ms"
        f" ({len(times)} positions); a game's analysis: median"
        f" {statistics.median(a[0] for a in analysis):.2f} s, the longest game ({plies} turns) {secs:.2f} s"
    )
    print(
        f"  the computer's play (choose): median {statistics.median(chosen) * 1e3:.1f} ms,"
        f" worst {max(chosen) * 1e3:.1f} ms ({len(chosen)} positions)"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", choices=["plakoto", "fevga"], action="append")
    parser.add_argument("--weights", action="append", default=[], help="GAME=FILE: other weights than the shipped")
    parser.add_argument("--hints", type=int, default=300, help="positions timed for the hint")
    parser.add_argument(
        "--against", default="random,greedy", help="random,greedy (the speed is timed on the greedy games)"
    )
    parser.add_argument("--jobs", type=int, default=1, help="games played in N processes")
    parser.add_argument("--look-ahead", type=int, help="plays looked at one roll further (the shipped: LOOK_AHEAD)")
    parser.add_argument("--margin", type=float, help="of the best at first sight (the shipped: LOOK_MARGIN)")
    args = parser.parse_args(argv)
    one_thread()  # (numpy's arithmetic on one thread, as tawla's)
    if args.margin is not None:
        tavla_eval.LOOK_MARGIN = args.margin
    other = dict(w.split("=", 1) for w in args.weights)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for name in args.game or ["plakoto", "fevga"]:
        game = Game(name)
        variant = Variant(game)
        ev = (
            TavlaEvaluator(game, Network.read(Path(other[name]).read_text()))
            if name in other
            else tavla_evaluator(game)
        )
        if args.look_ahead is not None:
            tavla_eval.LOOK_AHEAD[game] = args.look_ahead
        meta = ev.network.meta
        shape = f"{meta['inputs']}-{meta['hidden']}-{meta['outputs']}"
        print(f"{name}: network {shape}, {meta['games']} games, seed {meta['seed']}, trained in {meta['seconds']} s")
        print(
            f"  the computer's play: the {tavla_eval.LOOK_AHEAD[game]} best at first sight within"
            f" {tavla_eval.LOOK_MARGIN} looked at one roll further"
        )
        ours = evaluator_player(ev, variant)
        t1 = time.perf_counter()
        if "random" in args.against:
            share, ppg, _ = match(
                variant, ours, random_player(random.Random(args.seed)), args.games, args.seed, args.jobs
            )
            took, t1 = time.perf_counter() - t1, time.perf_counter()
            print(f"  vs random: {share * 100:.1f} % won, {ppg:+.2f} points a game ({args.games} games, {took:.0f} s)")
        share, ppg, kept = match(variant, ours, greedy_player(game, variant), args.games, args.seed + 1, args.jobs)
        t2 = time.perf_counter()
        print(f"  vs greedy: {share * 100:.1f} % won, {ppg:+.2f} points a game ({args.games} games, {t2 - t1:.0f} s)")
        speed(ev, variant, kept, args.hints)


if __name__ == "__main__":
    main()
