"""Train the Plakoto or Fevga network of :mod:`tawla.analysis.tavla_eval` by self-play, TD(λ).

    python -m tests.scripts.train_tavla --game plakoto|fevga [--seed N] [--games N] [--out FILE]
    python tests/scripts/train_tavla.py --game fevga --seed 1 --games 12000
    python -m tests.scripts.train_tavla --game plakoto --games 20000 --resume   # on from the last checkpoint

Every 500 games the whole training state (the network, Adam's moments, both random generators,
the counts) is written beside the weights' checkpoint, in the user's cache folder
(``--state FILE`` to choose): ``--resume`` goes on from it, and makes exactly the weights the
same seed makes in one run — a long training can be spread over sessions.

The network plays itself from the start under the game's default rules, each side choosing the
play whose result it values most (the ending of a game is exact: a play that ends it is worth
what it scores). After each game the positions it went through, each seen from the player on
roll, are pulled towards their λ-return (the forward view of TD(λ), offline: a blend of the
network's own value of the positions that followed, as the other player saw them, and the
game's result), one Adam step on the game's positions, cross-entropy on the three outputs.
Everything random (the first weights, the dice) comes from ``--seed``: the same seed and number
of games make the same weights on the same machine.

numpy does the training's arithmetic; the inputs are the evaluator's own
(:func:`~tawla.analysis.tavla_eval.inputs`), so what is trained is what is shipped. The weights
are written as the evaluator reads them, with how they were made (games, seed, seconds).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a file: the repository on the path
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import numpy as np
import numpy.typing as npt

from tawla.analysis.tavla_eval import WEIGHTS, encode_floats, input_names, inputs
from tawla.engine.tavla import Ending, Game, TavlaBoard, Variant, ending, points_won, tavla_plays

Array = npt.NDArray[np.float64]

HIDDEN = 40
LAMBDA = 0.7
RATE = 0.002
HALF = 4000
"""Adam's step, halved after HALF games, a third after twice as many, ..."""
MAX_PLIES = 2000
"""A game longer than this is dropped (none is expected: both sides always move on)."""


class Net:
    """The network under training (float64) with its Adam state."""

    def __init__(self, n_in: int, hidden: int, rng: np.random.Generator) -> None:
        self.params: list[Array] = [
            rng.normal(0.0, 0.1, (n_in, hidden)),
            np.zeros(hidden),
            rng.normal(0.0, 0.1, (hidden, 3)),
            np.zeros(3),
        ]
        self.m = [np.zeros_like(p) for p in self.params]
        self.v = [np.zeros_like(p) for p in self.params]
        self.t = 0

    def forward(self, x: Array) -> tuple[Array, Array]:
        w1, b1, w2, b2 = self.params
        h = 1.0 / (1.0 + np.exp(-(x @ w1 + b1)))
        y = 1.0 / (1.0 + np.exp(-(h @ w2 + b2)))
        return h, y

    def step(self, x: Array, target: Array, rate: float) -> None:
        w2 = self.params[2]
        h, y = self.forward(x)
        dz2 = (y - target) / len(x)
        dh = (dz2 @ w2.T) * h * (1.0 - h)
        grads = [x.T @ dh, dh.sum(0), h.T @ dz2, dz2.sum(0)]
        self.t += 1
        b1c, b2c = 0.9, 0.999
        for p, g, m, v in zip(self.params, grads, self.m, self.v, strict=True):
            m *= b1c
            m += (1 - b1c) * g
            v *= b2c
            v += (1 - b2c) * g * g
            mh = m / (1 - b1c**self.t)
            vh = v / (1 - b2c**self.t)
            p -= rate * mh / (np.sqrt(vh) + 1e-8)


def flip(y: Array) -> Array:
    """Chances for the other player: (1 - win, lose double, double)."""
    return np.array([1.0 - y[0], y[2], y[1]])


def exact(variant: Variant, result: TavlaBoard) -> Array | None:
    how = ending(result, variant)
    if how is None:
        return None
    if how is Ending.DRAW:
        return np.array([0.5, 0.0, 0.0])
    return np.array([1.0, 1.0 if points_won(variant, result, how) == 2 else 0.0, 0.0])


def self_play(net: Net, variant: Variant, dice: random.Random) -> tuple[Array, Array] | None:
    """One game: the inputs of each position on roll and their λ-returns (None if too long)."""
    board = variant.start()
    xs = [inputs(board)]
    ys = [net.forward(np.array([xs[0]]))[1][0]]
    final: Array | None = None
    for _ in range(MAX_PLIES):
        roll = (dice.randint(1, 6), dice.randint(1, 6))
        plays = tavla_plays(board, roll, variant)
        ends = [exact(variant, p.result) for p in plays]
        won = [(float(e[0] * 2 - 1 + e[1] - e[2]), i) for i, e in enumerate(ends) if e is not None]
        if won and max(won)[0] >= 1.0:  # (a win is never bettered by a play that goes on)
            final = ends[max(won)[1]]
            break
        nexts = [p.result.swapped() for p in plays]
        feats = [inputs(b) for b in nexts]
        _, y = net.forward(np.array(feats))
        eq = -(2 * y[:, 0] - 1 + y[:, 1] - y[:, 2])  # the mover's equity after each play
        for e, i in won:
            eq[i] = e
        best = int(np.argmax(eq))
        if ends[best] is not None:
            final = ends[best]
            break
        board = nexts[best]
        xs.append(feats[best])
        ys.append(y[best])
    if final is None:
        return None
    # λ-returns, last position first: the last mover's is the game's result.
    targets = [final]
    g = final
    for t in range(len(xs) - 2, -1, -1):
        g = flip((1 - LAMBDA) * ys[t + 1] + LAMBDA * g)
        targets.append(g)
    targets.reverse()
    return np.array(xs), np.array(targets)


def save_state(path: Path, net: Net, rng: np.random.Generator, dice: random.Random, counts: dict[str, float]) -> None:
    """The whole training state at a checkpoint (arrays in an .npz, the rest as JSON inside it)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    rest = {"t": net.t, "rng": rng.bit_generator.state, "dice": list(dice.getstate()), **counts}
    arrays: dict[str, Any] = {
        f"{kind}{i}": a for kind, group in (("p", net.params), ("m", net.m), ("v", net.v)) for i, a in enumerate(group)
    }
    temp = path.with_suffix(".partial.npz")
    np.savez(temp, rest=np.array(json.dumps(rest)), **arrays)
    temp.replace(path)


def load_state(path: Path, net: Net, rng: np.random.Generator, dice: random.Random) -> dict[str, float]:
    """Put the state saved by :func:`save_state` back into ``net``, ``rng`` and ``dice``; the counts."""
    with np.load(path, allow_pickle=False) as saved:
        rest = json.loads(str(saved["rest"]))
        for kind, group in (("p", net.params), ("m", net.m), ("v", net.v)):
            for i, a in enumerate(group):
                a[...] = saved[f"{kind}{i}"]
    net.t = int(rest.pop("t"))
    rng.bit_generator.state = rest.pop("rng")
    version, internal, gauss = rest.pop("dice")
    dice.setstate((version, tuple(internal), gauss))
    return {k: float(v) for k, v in rest.items()}


def default_state(game: Game, seed: int) -> Path:
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("tawla")) / "training" / f"{game.value}-seed{seed}.npz"


def train(
    game: Game,
    seed: int,
    games: int,
    out: Path | None,
    log: bool = True,
    state: Path | None = None,
    resume: bool = False,
    every: int = 500,
) -> dict[str, object]:
    """Train ``games`` games from ``seed``; the weights as the evaluator reads them (written to
    ``out`` too, every ``every`` games and at the end, when given; the training state to ``state``,
    from which ``resume`` goes on)."""
    variant = Variant(game)
    names = input_names(game)
    rng = np.random.default_rng(seed)
    dice = random.Random(seed)
    net = Net(len(names), HIDDEN, rng)
    plies = 0
    played = 0
    done = 0
    spent = 0.0
    if resume and state is not None and state.exists():
        counts = load_state(state, net, rng, dice)
        done, plies, played, spent = (
            int(counts["games"]),
            int(counts["plies"]),
            int(counts["played"]),
            counts["seconds"],
        )
        if log:
            print(f"{game.value}: on from {done} games ({state})", flush=True)
    start = time.perf_counter() - spent
    data: dict[str, object] = {}
    for n in range(done + 1, games + 1):
        got = self_play(net, variant, dice)
        if got is not None:
            x, target = got
            plies += len(x)
            played += 1
            rate = RATE * HALF / (HALF + n)  # (of n alone: a checkpoint is a shorter run's end)
            net.step(x, target, rate)
        if n % every == 0 or n == games:
            data = weights(net, game, seed, n, time.perf_counter() - start)
            if out is not None:
                out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
            if state is not None:
                counts = {"games": n, "plies": plies, "played": played, "seconds": time.perf_counter() - start}
                save_state(state, net, rng, dice, counts)
            if log:
                secs = time.perf_counter() - start
                print(f"{game.value}: {n} games, {plies / max(played, 1):.0f} plies a game, {secs:.0f} s", flush=True)
    return data or weights(net, game, seed, games, time.perf_counter() - start)  # (no games: the first weights)


def weights(net: Net, game: Game, seed: int, games: int, seconds: float) -> dict[str, object]:
    w1, b1, w2, b2 = net.params
    return {
        "game": game.value,
        "inputs": int(w1.shape[0]),
        "hidden": int(w1.shape[1]),
        "outputs": 3,
        "outputs_are": ["win", "double", "lose_double"],
        "training": "self-play TD(lambda), tests/scripts/train_tavla.py",
        "seed": seed,
        "games": games,
        "lambda": LAMBDA,
        "seconds": round(seconds),
        "w1": encode_floats(w1.ravel().tolist()),
        "b1": encode_floats(b1.tolist()),
        "w2": encode_floats(w2.ravel().tolist()),
        "b2": encode_floats(b2.tolist()),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=["plakoto", "fevga"], required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--out", type=Path, help="default: the shipped weights, tawla/analysis/tavla_GAME.json")
    parser.add_argument("--state", type=Path, help="the training state's file (default: in the user's cache folder)")
    parser.add_argument("--resume", action="store_true", help="go on from the state's last checkpoint")
    args = parser.parse_args(argv)
    game = Game(args.game)
    out = args.out or Path(__file__).resolve().parents[2] / "tawla" / "analysis" / WEIGHTS[game]
    state = args.state or default_state(game, args.seed)
    train(game, args.seed, args.games, out, state=state, resume=args.resume)


if __name__ == "__main__":
    main()
