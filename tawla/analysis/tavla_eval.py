"""tawla's own evaluator for Plakoto and Fevga: a position's value for the player on roll.

Open Sage knows backgammon only; these two games are judged here. Everything is seen from the
player on roll, as tawla's boards are, and cubeless (the tavla games have no cube): a game is
won single (1 point) or double (2 points: the opponent has borne nothing off, or the mother rule).

* :meth:`TavlaEvaluator.value`: the chances of the player on roll, before rolling.
* :meth:`TavlaEvaluator.after`: the mover's chances after their play (the board still seen from
  the mover, the opponent to roll next), exact where the play ended the game.
* :meth:`TavlaEvaluator.rank`: every legal play of a roll, best first, as
  :meth:`tawla.analysis.evaluator.Sage.rank` ranks backgammon's.

The equity of a play is the mover's expected points of the game, -2 to 2.

Nothing here imports numpy, Textual or pydantic: the network's weights are package data read with
the standard library, and its arithmetic is plain Python (a hint evaluates a few dozen boards).
"""

from __future__ import annotations

import base64
import json
import math
import sys
from array import array
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import cast

from tawla.engine.tavla import Ending, Game, Play, TavlaBoard, Variant, ending, points_won, tavla_plays

# -- the inputs ---------------------------------------------------------------
#
# Each side is described in its own numbering (a checker on point p is p pips from off), the
# player on roll first, then the opponent, then what belongs to both. Per point, the checkers on
# top truncated as TD-Gammon's are (one at least, two at least, three at least, then half a unit
# a checker more): what a point holds matters more than how many stand there. Plakoto adds, per
# point, the side's checker pinned under it. Then a few figures a player counts: the checkers
# off, the pips, and per game what decides it (see :func:`input_names`).

PLAKOTO_POINT = ("1+", "2+", "3+", "more", "pinned")
PLAKOTO_SIDE = (
    "off",  # checkers borne off / 15
    "pips",  # pip count / 360 (a pinned checker counted)
    "pins_held",  # opposing checkers this side pins / 3
    "pinned",  # this side's checkers pinned / 3
    "blots",  # single checkers that can be pinned (not on top of a pin) / 6
    "prime",  # the longest run of points closed to the opponent (2+ or a pin held) / 6
    "home_closed",  # closed points in the home (1-6) / 6
    "mother_home",  # the side still has a checker free on its starting point (24)
    "mother_alone",  # exactly one there: the mother, open to a pin
    "mother_pinned",  # the side's mother lies pinned on its starting point
    "all_home",  # every checker of the side in 1-6 (pinned ones counted where they lie)
)
FEVGA_POINT = ("1+", "2+", "3+", "more")
FEVGA_SIDE = (
    "off",  # checkers borne off / 15
    "pips",  # pip count / 360
    "first_passed",  # a checker past the opponent's start (on 1-11) or one off: the start is free
    "prime",  # the longest run of points held (one checker holds in Fevga) / 6
    "home_held",  # points held in the home (1-6) / 6
    "blocking_quarter",  # points held in the opponent's starting quarter (its 19-24: our 7-12) / 6
    "all_home",  # every checker of the side in 1-6
)


def input_names(game: Game) -> tuple[str, ...]:
    """The network's inputs of ``game``, in order: ``"mover 24 2+"``, ``"opponent pips"``, ...;
    the last, ``"contact"`` (Plakoto: the sides can still meet) or ``"bias"`` (Fevga: always 1;
    the sides always meet until one is home)."""
    point, side = (PLAKOTO_POINT, PLAKOTO_SIDE) if game is Game.PLAKOTO else (FEVGA_POINT, FEVGA_SIDE)
    names: list[str] = []
    for who in ("mover", "opponent"):
        names.extend(f"{who} {p} {unit}" for p in range(1, 25) for unit in point)
        names.extend(f"{who} {name}" for name in side)
    names.append("contact" if game is Game.PLAKOTO else "bias")
    return tuple(names)


def _units(n: int) -> tuple[float, float, float, float]:
    if n <= 0:
        return (0.0, 0.0, 0.0, 0.0)
    if n == 1:
        return (1.0, 0.0, 0.0, 0.0)
    if n == 2:
        return (1.0, 1.0, 0.0, 0.0)
    return (1.0, 1.0, 1.0, (n - 3) / 2.0)


_U4 = tuple(_units(n) for n in range(16))
"""A point's units by its count (TD-Gammon's truncated encoding)."""
_U5 = tuple(((*_units(n), 0.0), (*_units(n), 1.0)) for n in range(16))
"""Plakoto: a point's units by its count and whether the side's checker lies pinned there."""


def _longest(closed: Iterable[bool]) -> int:
    best = run = 0
    for c in closed:
        run = run + 1 if c else 0
        if run > best:
            best = run
    return best


def _plakoto_side(out: list[float], own: list[int], pinned: list[bool], holds: list[bool], off: int) -> None:
    """One side's inputs in its own numbering (lists of 26, 0 and 25 empty): ``own[p]`` its
    checkers on top of p, ``pinned[p]`` its checker pinned under the other's there, ``holds[p]``
    an opposing checker pinned under its."""
    for p in range(1, 25):
        out += _U5[own[p]][pinned[p]]
    pips = sum(p * (n + k) for p, n, k in zip(range(26), own, pinned, strict=True))
    blots = sum(1 for n, h in zip(own, holds, strict=True) if n == 1 and not h)
    closed = [n >= 2 or h for n, h in zip(own, holds, strict=True)]
    far = any(own[7:25]) or any(pinned[7:25])
    out += (
        off / 15.0,
        pips / 360.0,
        sum(holds) / 3.0,
        sum(pinned) / 3.0,
        blots / 6.0,
        _longest(closed) / 6.0,
        sum(closed[1:7]) / 6.0,
        1.0 if own[24] > 0 else 0.0,
        1.0 if own[24] == 1 else 0.0,
        1.0 if pinned[24] else 0.0,
        0.0 if far else 1.0,
    )


def _fevga_side(out: list[float], own: list[int], off: int) -> None:
    """One side's inputs in its own numbering (a list of 26, 0 and 25 empty): ``own[p]`` its
    checkers on p."""
    for p in range(1, 25):
        out += _U4[own[p]]
    pips = sum(p * n for p, n in zip(range(26), own, strict=True))
    held = [n > 0 for n in own]
    out += (
        off / 15.0,
        pips / 360.0,
        1.0 if off or any(held[1:12]) else 0.0,
        _longest(held) / 6.0,
        sum(held[1:7]) / 6.0,
        sum(held[7:13]) / 6.0,
        0.0 if any(held[7:25]) else 1.0,
    )


_PLAKOTO_OPP = tuple(range(25, -1, -1))
"""Plakoto: the mover's point of each of the opponent's numbers (25 - q)."""
_FEVGA_OPP = (25, *range(13, 25), *range(1, 13), 0)
"""Fevga: the mover's point of each of the opponent's numbers (q + 12 or q - 12)."""


def inputs(board: TavlaBoard) -> list[float]:
    """The network's inputs for ``board`` (seen from the player on roll), named by
    :func:`input_names`."""
    s, pn = board.slots, board.pins
    out: list[float] = []
    own = [v if v > 0 else 0 for v in s]
    if board.game is Game.PLAKOTO:
        mine = [v > 0 for v in pn]
        theirs = [v < 0 for v in pn]
        _plakoto_side(out, own, mine, theirs, board.mover_off)
        opp = [-s[p] if s[p] < 0 else 0 for p in _PLAKOTO_OPP]
        _plakoto_side(out, opp, theirs[::-1], mine[::-1], board.opponent_off)
        # Contact: the mover's last checker (24 -> 1) is not yet below the opponent's (1 -> 24).
        hi = max((p for p in range(1, 25) if s[p] > 0 or pn[p] > 0), default=0)
        lo = min((p for p in range(1, 25) if s[p] < 0 or pn[p] < 0), default=25)
        out.append(1.0 if hi > lo else 0.0)
    else:
        _fevga_side(out, own, board.mover_off)
        _fevga_side(out, [-s[p] if s[p] < 0 else 0 for p in _FEVGA_OPP], board.opponent_off)
        out.append(1.0)
    return out


# -- the network ----------------------------------------------------------------


WEIGHTS = {Game.PLAKOTO: "tavla_plakoto.json", Game.FEVGA: "tavla_fevga.json"}
"""The weights of each game's network, package data beside this module."""


class Network:
    """A network of one hidden layer (sigmoids) and three sigmoid outputs: the chances of the
    player on roll of winning, of winning double and of losing double.

    The weights are JSON: the shape, how they were made, and each matrix as base64 of
    little-endian float32 (row-major: ``w1`` is inputs x hidden, ``w2`` hidden x outputs)."""

    __slots__ = ("b1", "b2", "hidden", "inputs", "meta", "outputs", "w1", "w2")

    def __init__(self, data: dict[str, object]) -> None:
        self.inputs = int(cast(int, data["inputs"]))
        self.hidden = int(cast(int, data["hidden"]))
        self.outputs = int(cast(int, data["outputs"]))
        self.meta = {k: v for k, v in data.items() if k not in ("w1", "b1", "w2", "b2")}
        w1 = _floats(data["w1"], self.inputs * self.hidden)
        w2 = _floats(data["w2"], self.hidden * self.outputs)
        self.w1 = [w1[i * self.hidden : (i + 1) * self.hidden] for i in range(self.inputs)]
        self.b1 = _floats(data["b1"], self.hidden)
        # Kept by output: each output's weights over the hidden units.
        self.w2 = [[w2[j * self.outputs + k] for j in range(self.hidden)] for k in range(self.outputs)]
        self.b2 = _floats(data["b2"], self.outputs)

    @classmethod
    def load(cls, game: Game) -> Network:
        """The shipped network of ``game``."""
        text = (resources.files("tawla.analysis") / WEIGHTS[game]).read_text(encoding="utf-8")
        return cls(json.loads(text))

    @classmethod
    def read(cls, text: str) -> Network:
        """A network from a weights file's text."""
        return cls(json.loads(text))

    def forward(self, x: Sequence[float]) -> list[float]:
        """The outputs for the inputs ``x`` (plain Python: only the inputs that are not 0 count,
        a few dozen of some two hundred)."""
        h = list(self.b1)
        w1 = self.w1
        for i, v in enumerate(x):
            if v:
                row = w1[i]
                if v == 1.0:
                    h = [a + b for a, b in zip(h, row, strict=True)]
                else:
                    h = [a + v * b for a, b in zip(h, row, strict=True)]
        h = [_sigmoid(a) for a in h]
        return [
            _sigmoid(b + sum(a * w for a, w in zip(h, ws, strict=True))) for b, ws in zip(self.b2, self.w2, strict=True)
        ]


def _sigmoid(a: float) -> float:
    if a < -40.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-a))


def _floats(value: object, count: int) -> list[float]:
    raw = base64.b64decode(cast(str, value))
    arr = array("f")
    arr.frombytes(raw)
    if sys.byteorder == "big":
        arr.byteswap()
    if len(arr) != count:
        raise ValueError(f"{len(arr)} weights where the shape says {count}")
    return arr.tolist()


def encode_floats(values: Iterable[float]) -> str:
    """``values`` as the weights file keeps them (base64 of little-endian float32)."""
    arr = array("f", values)
    if sys.byteorder == "big":
        arr.byteswap()
    return base64.b64encode(arr.tobytes()).decode("ascii")


def chances_of(out: Sequence[float]) -> TavlaChances:
    """The network's outputs as chances: a double win within the wins, a double loss within
    the losses (the outputs are trained apart, so they are held to that here)."""
    win = min(1.0, max(0.0, out[0]))
    double = min(win, max(0.0, out[1]))
    lose_double = min(1.0 - win, max(0.0, out[2]))
    return TavlaChances(win, double, lose_double)


@dataclass(frozen=True, slots=True)
class TavlaChances:
    """The chances of the player they belong to, 0 to 1: winning at all, winning double (2
    points), losing double."""

    win: float
    double: float
    lose_double: float

    @property
    def equity(self) -> float:
        """Expected points of the game: each win counts 1, a double win 1 more; losses alike."""
        return (2 * self.win - 1) + self.double - self.lose_double

    def flipped(self) -> TavlaChances:
        """The same game's chances for the other player."""
        return TavlaChances(1.0 - self.win, self.lose_double, self.double)


@dataclass(frozen=True, slots=True)
class TavlaRanked:
    """One legal play of a roll and what the evaluator makes of it."""

    play: Play
    equity: float
    """The mover's expected points after the play."""
    chances: TavlaChances
    """The mover's chances after the play."""
    loss: float
    """How much less this play is worth than the best (0 for the best)."""


def _exact(variant: Variant, result: TavlaBoard) -> TavlaChances | None:
    """The mover's chances when their play ended the game (None while it goes on)."""
    how = ending(result, variant)
    if how is None:
        return None
    if how is Ending.DRAW:
        return TavlaChances(0.5, 0.0, 0.0)
    doubled = points_won(variant, result, how) == 2
    return TavlaChances(1.0, 1.0 if doubled else 0.0, 0.0)


class TavlaEvaluator:
    """The evaluator of one game of the tavla family (thread-safe: it keeps no state per call)."""

    def __init__(self, game: Game, network: Network | None = None) -> None:
        if game is Game.BACKGAMMON:
            raise ValueError("backgammon is judged by Open Sage (tawla.analysis.evaluator)")
        self.game = game
        self.network = network if network is not None else Network.load(game)
        """The game's network (the shipped one unless another is given, as a benchmark does)."""

    @property
    def name_key(self) -> str:
        """The catalog key of the evaluator's name ("tawla's own Plakoto evaluator")."""
        return f"evaluator.own.{self.game.value}"

    def value(self, board: TavlaBoard, variant: Variant) -> TavlaChances:
        """The chances of the player on roll on ``board``, before rolling (the game not over)."""
        return chances_of(self.network.forward(inputs(board)))

    def after(self, result: TavlaBoard, variant: Variant) -> TavlaChances:
        """The mover's chances after a play that left ``result`` (seen from the mover)."""
        exact = _exact(variant, result)
        if exact is not None:
            return exact
        return self.value(result.swapped(), variant).flipped()

    def rank(self, board: TavlaBoard, roll: tuple[int, int], variant: Variant) -> tuple[TavlaRanked, ...]:
        """Every legal play of ``roll`` (one per resulting board), best first."""
        scored = []
        for play in tavla_plays(board, roll, variant):
            chances = self.after(play.result, variant)
            scored.append((chances.equity, play, chances))
        scored.sort(key=lambda item: -item[0])
        best = scored[0][0]
        return tuple(TavlaRanked(play, equity, chances, best - equity) for equity, play, chances in scored)


@cache
def tavla_evaluator(game: Game) -> TavlaEvaluator:
    """The evaluator of ``game`` (Plakoto or Fevga), made once."""
    return TavlaEvaluator(game)
