"""Benchmark: the evaluator's strength and speed, judged by GNU Backgammon, in one run.

    python -m tests.bench.bench_eval [--positions N] [--seed S] [--level L] [--judge-ply P] [--top K]

**Strength.** N positions with a choice to make (two or more legal plays with different
results), from games that look like people's (``tests/helpers/eval_positions.py``: each side plays GNU
Backgammon's 0-ply best move, a fifth of the time its second best or a random play), one in
two turns taken. On each, three choices: the evaluator's first (``rank`` with the cube dead:
cubeless money, the fair comparison), pubeval's (``gnubg_nn.pub_best_move``) and GNU
Backgammon's own 0-ply best (``gnubg_nn.best_move``, a reference row). Every legal play's
result is judged by GNU Backgammon at ``--judge-ply`` plies (default 1: one roll of look-ahead
above its network), cubeless money equity for the mover; a choice's loss is the best judged
play's equity minus its own. ``--top K`` judges only the K best plays by GNU's 0-ply and the
choices (default: every play). Printed per class of position (opening: a game's first two
plays; bear-off: the mover has all its checkers home, contact or not; race: no contact;
contact: the rest) and in all: mean loss, blunders (loss > 0.08), the worst loss. The
evaluator's cubeful first choice (money, centred cube) is judged the same way, as a line.

**Speed.** The hint (``rank`` with the cube alive, on 200 of those positions), against GNU
Backgammon's 0-ply ``best_move`` and tawla's legal-play generator on the same positions; the
evaluator's load (first use, in a fresh process); the analysis of whole people-like games
(``tawla.analysis.skill.analyse`` on a real :class:`~tawla.game.Match`), against replaying the
same match. The machine's load average is printed beside: two cores shared with other work
make every figure slower.

Targets (issue #24): mean loss <= 0.005 and <= a third of pubeval's, blunders <= 1 %;
a hint <= 100 ms, a 60-turn game's analysis <= 3 s. This script only prints.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import gnubg_nn

from tawla.analysis.evaluator import LEVEL, Cube, Sage, evaluator
from tawla.analysis.skill import analyse
from tawla.engine import Play, Position, legal_plays
from tawla.engine.moves import _plays_cached
from tawla.game import Match
from tawla.game.events import Rolled

from ..helpers.eval_positions import Turn, gnu_choice, people_match, people_turns
from ..helpers.oracle import gnubg_board

BLUNDER = 0.08
CLASSES = ("opening", "contact", "race", "bear-off")
CHOOSERS = ("evaluator", "pubeval", "GNU 0-ply")

generate = _plays_cached.__wrapped__  # tawla's generator without its cache


# -- judging ---------------------------------------------------------------------------------


def cubeless(probs: Sequence[float]) -> float:
    """Cubeless money equity from GNU Backgammon's five chances (gammons include backgammons)."""
    win, gammon, backgammon, lose_gammon, lose_backgammon = probs[:5]
    return 2 * win - 1 + gammon - lose_gammon + backgammon - lose_backgammon


def judge(result: Position, ply: int) -> float:
    """The mover's cubeless money equity after a play that left ``result`` (seen from the
    mover), by GNU Backgammon at ``ply``: the board is evaluated from the opponent's side, on
    roll, so the mover's equity is minus theirs."""
    if result.mover_off == 15:
        if result.opponent_off:
            return 1.0
        behind = result[0] < 0 or any(v < 0 for v in result[1:7])  # on the bar or in our home
        return 3.0 if behind else 2.0
    return -cubeless(gnubg_nn.probabilities(gnubg_board(result.swapped()), ply))


def pub_choice(position: Position, roll: tuple[int, int], plays: Sequence[Play]) -> Play:
    """pubeval's choice (``gnubg_nn.pub_best_move`` gives 0-based (from, to) pairs: the bar
    24, off -1), as one of ``plays``."""
    flat = gnubg_nn.pub_best_move(gnubg_board(position), roll[0], roll[1])
    board = list(position)
    for source, dest in zip(flat[::2], flat[1::2], strict=True):
        source, dest = source + 1, max(0, dest + 1)
        board[source] -= 1
        if dest:
            if board[dest] == -1:
                board[dest] = 0
                board[0] -= 1
            board[dest] += 1
    result = Position(board)
    for play in plays:
        if play.result == result:
            return play
    raise AssertionError(f"pubeval's {flat} for {roll} on {tuple(position)} is not a legal play")


def contact(position: Position) -> bool:
    """Some checker of one side must still pass one of the other's."""
    mover = max(i for i in range(26) if position[i] > 0) if position.mover_off < 15 else 0
    opponent = min(i for i in range(26) if position[i] < 0) if position.opponent_off < 15 else 25
    return mover > opponent


def class_of(turn: Turn) -> str:
    if turn.index < 2:
        return "opening"
    if turn.position.all_home():
        return "bear-off"
    return "contact" if contact(turn.position) else "race"


@dataclass(slots=True)
class Losses:
    losses: dict[str, list[float]] = field(default_factory=lambda: {c: [] for c in (*CHOOSERS, "cubeful")})

    def add(self, chooser: str, loss: float) -> None:
        self.losses[chooser].append(loss)


def sample(seed: int, count: int, take: float = 0.5) -> list[tuple[Turn, str]]:
    """``count`` positions with a choice from people-like games, one turn in ``1/take``."""
    rng = random.Random(seed)
    picked: list[tuple[Turn, str]] = []
    for turn in people_turns(random.Random(rng.getrandbits(32))):
        if rng.random() < take and len(legal_plays(turn.position, turn.roll)) > 1:
            picked.append((turn, class_of(turn)))
            if len(picked) == count:
                return picked
    raise AssertionError("unreachable")


def strength(
    turns: list[tuple[Turn, str]], sage: Sage, ply: int, top: int | None
) -> tuple[dict[str, Losses], dict[str, float]]:
    per_class = {c: Losses() for c in (*CLASSES, "all")}
    timing: dict[str, float] = {"judged": 0.0, "plays judged": 0, "differ": 0, "gnu0 not its own best": 0}
    dead, alive = Cube(alive=False), Cube()
    for done, (turn, kind) in enumerate(turns, 1):
        position, roll = turn.position, turn.roll
        plays = legal_plays(position, roll)
        choices = {
            "evaluator": sage.rank(position, roll, dead)[0].play.result,
            "cubeful": sage.rank(position, roll, alive)[0].play.result,
            "pubeval": pub_choice(position, roll, plays).result,
            "GNU 0-ply": gnu_choice(position, roll, plays).result,
        }
        timing["differ"] += choices["cubeful"] != choices["evaluator"]
        zero = {p.result: judge(p.result, 0) for p in plays}
        if max(zero.values()) - zero[choices["GNU 0-ply"]] > 1e-6:  # (a check of the judge's view)
            timing["gnu0 not its own best"] += 1
        judged = sorted(zero, key=lambda r: -zero[r])[:top] if top else list(zero)
        judged = list(dict.fromkeys([*judged, *choices.values()]))
        start = time.perf_counter()
        equity = {r: judge(r, ply) for r in judged}
        timing["judged"] += time.perf_counter() - start
        timing["plays judged"] += len(judged)
        best = max(equity.values())
        for chooser, result in choices.items():
            loss = best - equity[result]
            per_class[kind].add(chooser, loss)
            per_class["all"].add(chooser, loss)
        if done % 250 == 0:
            print(f"  … {done} positions judged", file=sys.stderr, flush=True)
    return per_class, timing


def print_strength(per_class: dict[str, Losses], timing: dict[str, float], args: argparse.Namespace) -> None:
    judged = (
        f"every legal play judged at {args.judge_ply} ply"
        if not args.top
        else (f"the top {args.top} plays by GNU 0-ply and the choices judged at {args.judge_ply} ply")
    )
    print(f"Strength: {len(per_class['all'].losses['evaluator'])} positions with a choice, {judged}")
    print(f"  (evaluator: Open Sage at {args.level!r}, cubeless money; GNU Backgammon judges, cubeless money)")
    header = ("class", "n", "chooser", "mean loss", "blunders", "blunder %", "max loss", "vs pubeval")
    print("{:<9} {:>5}  {:<20} {:>9} {:>8} {:>9} {:>8} {:>10}".format(*header))
    for kind in (*CLASSES, "all"):
        losses = per_class[kind].losses
        n = len(losses["evaluator"])
        if not n:
            continue
        pub = statistics.fmean(losses["pubeval"])
        rows = [*CHOOSERS, "cubeful"] if kind == "all" else CHOOSERS
        for i, chooser in enumerate(rows):
            xs = losses[chooser]
            mean = statistics.fmean(xs)
            blunders = sum(x > BLUNDER for x in xs)
            name = "evaluator, cubeful" if chooser == "cubeful" else chooser
            ratio = f"{mean / pub:>10.3f}" if pub and chooser != "pubeval" else f"{'':>10}"
            print(
                f"{kind if i == 0 else '':<9} {n if i == 0 else '':>5}  {name:<20} {mean:>9.4f} {blunders:>8}"
                f" {100 * blunders / n:>8.2f}% {max(xs):>8.3f} {ratio}"
            )
    losses = per_class["all"].losses
    mean, pub = statistics.fmean(losses["evaluator"]), statistics.fmean(losses["pubeval"])
    rate = 100 * sum(x > BLUNDER for x in losses["evaluator"]) / len(losses["evaluator"])
    print(
        f"targets: mean loss {mean:.4f} <= 0.005 {'met' if mean <= 0.005 else 'MISSED'};"
        f" ratio to pubeval {mean / pub:.3f} <= 0.333 {'met' if mean <= pub / 3 else 'MISSED'};"
        f" blunders {rate:.2f} % <= 1 % {'met' if rate <= 1 else 'MISSED'}"
    )
    print(
        f"  the cubeful first choice differs from the cubeless one in {int(timing['differ'])} positions;"
        f" {int(timing['plays judged'])} plays judged in {timing['judged']:.0f} s;"
        f" GNU 0-ply's choice was not its own 0-ply best (a check of the judge) in"
        f" {int(timing['gnu0 not its own best'])}"
    )


# -- speed -----------------------------------------------------------------------------------


def _times(fn: Callable[[Turn], object], turns: Sequence[Turn]) -> list[float]:
    out = []
    for turn in turns:
        start = time.perf_counter()
        fn(turn)
        out.append(time.perf_counter() - start)
    return out


def _retimed_worst(fn: Callable[[Turn], object], turns: Sequence[Turn], times: list[float]) -> float:
    """The slowest of the 10 slowest calls, each re-timed best of 5 (a stray pause not reported)."""
    slowest = sorted(range(len(turns)), key=lambda i: -times[i])[:10]
    return max(min(_times(fn, [turns[i]] * 5)) for i in slowest)


LOAD = """
import time
start = time.perf_counter()
from tawla.analysis.evaluator import evaluator, Cube
from tawla.engine import Position
sage = evaluator()
loaded = time.perf_counter()
sage.rank(Position.start(), (3, 1), Cube())
print(loaded - start, time.perf_counter() - loaded)
"""


def speed(turns: Sequence[Turn], sage: Sage, games: int, seed: int) -> None:
    print(f"Speed (load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}, {os.cpu_count()} cores)")
    loads = []
    for _ in range(3):
        out = subprocess.run([sys.executable, "-c", LOAD], capture_output=True, text=True, check=True).stdout
        loads.append(tuple(float(x) for x in out.split()))
    python = statistics.median(
        _times(lambda _: subprocess.run([sys.executable, "-c", "pass"], check=True), [turns[0]] * 3)
    )
    load, first = statistics.median(x[0] for x in loads), statistics.median(x[1] for x in loads)
    print(
        f"  load (import and first use, fresh process, median of 3): {load * 1000:.0f} ms,"
        f" then the first hint {first * 1000:.1f} ms (a Python start alone: {python * 1000:.0f} ms)"
    )

    alive = Cube()
    rows: list[tuple[str, Callable[[Turn], object]]] = [
        ("hint (rank, cube alive)", lambda t: sage.rank(t.position, t.roll, alive)),
        ("cube advice (cube)", lambda t: sage.cube(t.position, alive)),
        ("GNU 0-ply best_move", lambda t: gnubg_nn.best_move(gnubg_board(t.position), t.roll[0], t.roll[1])),
        ("tawla legal plays", lambda t: generate(t.position, t.roll)),
    ]
    print(f"  on {len(turns)} positions:  {'':<14} median ms   mean ms  worst ms (re-timed)")
    medians = {}
    for name, fn in rows:
        times = _times(fn, turns)
        medians[name] = statistics.median(times)
        worst = _retimed_worst(fn, turns, times)
        print(
            f"  {name:<37} {medians[name] * 1000:>8.2f} {statistics.fmean(times) * 1000:>9.2f}"
            f" {max(times) * 1000:>8.2f} ({worst * 1000:.2f})"
        )
    hint = medians["hint (rank, cube alive)"]
    print(
        f"  hint / GNU 0-ply best_move: {hint / medians['GNU 0-ply best_move']:.1f};"
        f" hint / legal plays: {hint / medians['tawla legal plays']:.0f}"
    )

    print(f"  analysis of whole games (people-like, a real Match; {games} games):")
    took, replays, sizes = [], [], []
    for i in range(games):
        match = people_match(seed + i)
        start = time.perf_counter()
        analysis = analyse(match, sage=sage)
        took.append(time.perf_counter() - start)
        start = time.perf_counter()
        Match(match.rules, match.names, events=match.events, start=match.start)
        replays.append(time.perf_counter() - start)
        turns_played = sum(isinstance(e, Rolled) for e in match.events)
        sizes.append(turns_played)
        print(
            f"    game {i + 1}: {turns_played} turns, {len(analysis.decisions)} decisions judged,"
            f" {took[-1]:.2f} s ({took[-1] / turns_played * 1000:.1f} ms a turn; replay alone"
            f" {replays[-1] * 1000:.1f} ms)"
        )
    per_turn = statistics.median(t / n for t, n in zip(took, sizes, strict=True))
    print(
        f"  median {statistics.median(took):.2f} s a game, worst {max(took):.2f} s;"
        f" {per_turn * 1000:.1f} ms a turn, so a 60-turn game {per_turn * 60:.2f} s;"
        f" analysis / replay: {statistics.median(took) / statistics.median(replays):.0f}"
    )
    print(f"  (load average now {' '.join(f'{x:.2f}' for x in os.getloadavg())})")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=20261203)
    parser.add_argument("--level", default=LEVEL, help="Open Sage's eval_level (tawla's LEVEL by default)")
    parser.add_argument("--judge-ply", type=int, default=1, help="GNU Backgammon's plies for the judge")
    parser.add_argument("--top", type=int, default=None, help="judge only the top K plays by GNU 0-ply")
    parser.add_argument("--hints", type=int, default=200, help="positions the hint is timed on")
    parser.add_argument("--games", type=int, default=5, help="games analysed for the speed figures")
    parser.add_argument("--no-strength", action="store_true")
    parser.add_argument("--no-speed", action="store_true")
    args = parser.parse_args(argv)

    started = time.perf_counter()
    if args.level == LEVEL:
        sage = evaluator()
    else:
        import bgsage

        sage = Sage(bgsage.BgBotAnalyzer(eval_level=args.level, cubeful=True, parallel_threads=1))
    turns = sample(args.seed, max(args.positions, args.hints))
    counts = {c: sum(k == c for _, k in turns[: args.positions]) for c in CLASSES}
    print(
        f"{args.positions} positions (seed {args.seed}): "
        + ", ".join(f"{c} {n}" for c, n in counts.items())
        + f"; from {turns[args.positions - 1][0].game + 1} people-like games"
    )
    if not args.no_strength:
        per_class, timing = strength(turns[: args.positions], sage, args.judge_ply, args.top)
        print_strength(per_class, timing, args)
    if not args.no_speed:
        spread = turns[:: max(1, len(turns) // args.hints)][: args.hints]
        speed([t for t, _ in spread], sage, args.games, args.seed)
    print(f"({time.perf_counter() - started:.0f} s in all)")


if __name__ == "__main__":
    main()
