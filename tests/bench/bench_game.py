"""Benchmark: complete random games per second through the whole flow (engine included).

    python -m tests.bench.bench_game [--games N]

Random players (tests/helpers/randomplay.py) play N money games without the cube
(so games are played out, not dropped), through Match and its actions
exactly as the UI drives it, without the per-action invariant checks. Prints games per second,
actions per second and turns per game; also the same games replayed from
their histories (what loading a saved match costs).
"""

from __future__ import annotations

import argparse
import random
import time

from tawla.game import Match, Phase, RuleSet, SeededDice, replay

from ..helpers.randomplay import random_action


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args(argv)
    rules = RuleSet(match_length=0, cube=False)  # every game is played out (or resigned)
    rng = random.Random(7)
    matches = []
    actions = 0
    start = time.perf_counter()
    for _ in range(args.games):
        match = Match(rules, ("A", "B"), SeededDice(rng.getrandbits(32)))
        while match.state.phase is not Phase.GAME_OVER:
            random_action(rng, match)
            actions += 1
        matches.append(match)
    played = time.perf_counter() - start
    start = time.perf_counter()
    for match in matches:
        replay(rules, match.events)
    replayed = time.perf_counter() - start
    turns = sum(sum(m.state.turns_played) for m in matches)
    print(
        f"games played:   {args.games / played:8.1f} games/s   {actions / played:9.0f} actions/s"
        f"   {turns / args.games:.0f} turns/game"
    )
    print(f"games replayed: {args.games / replayed:8.1f} games/s   (loading a history)")


if __name__ == "__main__":
    main()
