"""The computer plays itself at Plakoto and at Fevga: ``python -m tests.scripts.tavla_self_play``.

    python -m tests.scripts.tavla_self_play                  # 1 000 single games of each
    python -m tests.scripts.tavla_self_play --games 50 --game fevga --seed 3

Each game is played through the table by the computer in both seats, under a mother rule and a
first-checker rule drawn at random, every invariant checked after every action
(``tests.test_tavla_computer.self_play``); then its history is replayed and it is saved and
loaded again. Prints, for each game, how the games ended and how long they took; exit status 1
at the first game that breaks anything (its seed and rules are printed to play it again).
The suite plays three of each; this is the thousand of issue #38's proof.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from collections import Counter

from tawla.game.rules import GameChoice
from tests.test_tavla_computer import random_rules, replayed_and_saved, self_play


def run(game: GameChoice, games: int, seed: int) -> bool:
    rng = random.Random(f"tavla-self-play-{game.value}-{seed}")
    ends: Counter[str] = Counter()
    settings: Counter[str] = Counter()
    events = 0
    start = time.perf_counter()
    for n in range(1, games + 1):
        rules = random_rules(game, rng)
        dice = rng.getrandbits(32)
        try:
            match = self_play(rules, dice)
            replayed_and_saved(match)
        except Exception:
            traceback.print_exc()
            print(f"{game.value}: game {n} broke: dice seed {dice}, rules {rules.model_dump_json()}", flush=True)
            return False
        for result in match.state.results:
            winner = "a draw" if result.winner is None else f"won by seat {result.winner}"
            kind = "double" if result.kind.name == "GAMMON" else result.kind.name.lower()  # (no gammon in these games)
            ends[f"{winner}: {result.ending.value}, {kind}"] += 1
        plakoto = game is GameChoice.PLAKOTO
        settings[f"mother {rules.mother.value}" if plakoto else f"first checker {rules.first_checker.value}"] += 1
        events += len(match.events)
        if n % 100 == 0:
            print(f"{game.value}: {n} games, {time.perf_counter() - start:.0f} s", flush=True)
    seconds = time.perf_counter() - start
    print(f"{game.value}: {games} games, every invariant kept, every history replayed and saved")
    print(f"  {seconds:.0f} s ({seconds / games:.2f} s a game), {events / games:.0f} actions a game")
    for what, count in sorted(ends.items()):
        print(f"  {what}: {count}")
    for what, count in sorted(settings.items()):
        print(f"  {what}: {count} games")
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=["plakoto", "fevga"], action="append")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=38)
    args = parser.parse_args(argv)
    chosen = [GameChoice(g) for g in args.game or ["plakoto", "fevga"]]
    return 0 if all(run(game, args.games, args.seed) for game in chosen) else 1


if __name__ == "__main__":
    sys.exit(main())
