"""tawla's own evaluator for Plakoto and Fevga: a position's value for the player on roll.

Open Sage knows backgammon only; these two games are judged here. Everything is seen from the
player on roll, as tawla's boards are, and cubeless (the tavla games have no cube): a game is
won single (1 point) or double (2 points: the opponent has borne nothing off, or the mother rule).

* :meth:`TavlaEvaluator.value`: the chances of the player on roll, before rolling.
* :meth:`TavlaEvaluator.after`: the mover's chances after their play (the board still seen from
  the mover, the opponent to roll next), exact where the play ended the game.
* :meth:`TavlaEvaluator.rank`: every legal play of a roll, best first, as
  :meth:`tawla.analysis.evaluator.Sage.rank` ranks backgammon's.
* :meth:`TavlaEvaluator.ahead`: the mover's chances after their play, one roll further (the
  opponent's best reply to each roll); :meth:`TavlaEvaluator.choose`: the computer's play, the
  plays close to the best looked at so (Fevga).

The equity of a play is the mover's expected points of the game, -2 to 2.

Nothing here imports Textual or pydantic: the network's weights are package data read with the
standard library, and its arithmetic is plain Python (a hint evaluates a few dozen boards). Looking
one roll ahead values hundreds of boards at once: with numpy where it is installed (a dependency on
the machines with its wheels), in plain Python elsewhere, the same figures a few times slower.
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
from typing import Any, cast

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


def fevga_rows_swapped(np: Any, slots: Sequence[Sequence[int]]) -> Any:
    """:func:`inputs` of each Fevga board whose slots are ``slots``, seen from the other side
    (as of ``board.swapped()``), as the rows of a numpy array: for many boards at once, the
    same figures (tests/test_tavla_eval.py compares them)."""
    s = np.array(slots, dtype=np.int64)
    n = len(s)
    # The side then on roll had the board's negative checkers, q + 12 or q - 12 in its numbering;
    # the other side is the board's own mover, in the board's numbering.
    first = np.zeros((n, 26), dtype=np.int64)
    first[:, 1:13] = np.maximum(-s[:, 13:25], 0)
    first[:, 13:25] = np.maximum(-s[:, 1:13], 0)
    second = np.maximum(s, 0)
    second[:, 0] = second[:, 25] = 0
    units = np.array(_U4, dtype=np.float64)
    points = np.arange(26)
    parts = []
    for own in (first, second):
        on = own.sum(axis=1)
        off = 15 - on
        held = own > 0
        run = np.zeros(n, dtype=np.int64)
        longest = np.zeros(n, dtype=np.int64)
        for p in range(26):
            run = np.where(held[:, p], run + 1, 0)
            longest = np.maximum(longest, run)
        parts.append(units[np.minimum(own[:, 1:25], 15)].reshape(n, 96))
        parts.append(
            np.stack(
                [
                    off / 15.0,
                    (own * points).sum(axis=1) / 360.0,
                    ((off > 0) | held[:, 1:12].any(axis=1)).astype(np.float64),
                    longest / 6.0,
                    held[:, 1:7].sum(axis=1) / 6.0,
                    held[:, 7:13].sum(axis=1) / 6.0,
                    (~held[:, 7:25].any(axis=1)).astype(np.float64),
                ],
                axis=1,
            )
        )
    parts.append(np.ones((n, 1)))
    return np.concatenate(parts, axis=1)


# -- the network ----------------------------------------------------------------


WEIGHTS = {Game.PLAKOTO: "tavla_plakoto.json", Game.FEVGA: "tavla_fevga.json"}
"""The weights of each game's network, package data beside this module."""


class Network:
    """A network of one hidden layer (sigmoids) and three sigmoid outputs: the chances of the
    player on roll of winning, of winning double and of losing double.

    The weights are JSON: the shape, how they were made, and each matrix as base64 of
    little-endian float32 (row-major: ``w1`` is inputs x hidden, ``w2`` hidden x outputs)."""

    __slots__ = ("_arrays", "b1", "b2", "hidden", "inputs", "meta", "outputs", "w1", "w2")

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
        self._arrays: tuple[Any, ...] | None = None

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

    def forward_many(self, rows: Sequence[Sequence[float]]) -> list[list[float]]:
        """The outputs for each of ``rows`` (inputs): with numpy where it is installed (one
        product of matrices for them all, a tenth of the time), else one at a time."""
        np = _numpy()
        if np is None or len(rows) < 8:
            return [self.forward(x) for x in rows]
        return self.forward_array(np, np.array(rows, dtype=np.float64))

    def forward_array(self, np: Any, rows: Any) -> list[list[float]]:
        """The outputs for each row of the numpy array ``rows`` (inputs)."""
        if self._arrays is None:
            self._arrays = (
                np.array(self.w1, dtype=np.float64),
                np.array(self.b1, dtype=np.float64),
                np.array(self.w2, dtype=np.float64).T,
                np.array(self.b2, dtype=np.float64),
            )
        w1, b1, w2, b2 = self._arrays
        h = _sigmoids(np, rows @ w1 + b1)
        return cast("list[list[float]]", _sigmoids(np, h @ w2 + b2).tolist())


@cache
def _numpy() -> Any | None:
    """numpy, where it is installed (see pyproject.toml): None elsewhere."""
    try:
        import numpy
    except ImportError:  # pragma: no cover (installed wherever the tests run)
        return None
    return numpy


def _sigmoids(np: Any, a: Any) -> Any:
    """:func:`_sigmoid` of each of the array ``a``."""
    return np.where(a < -40.0, 0.0, 1.0 / (1.0 + np.exp(-np.maximum(a, -40.0))))


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


LOOK_AHEAD = {Game.PLAKOTO: 0, Game.FEVGA: 3}
"""How many of a roll's plays, the best at first sight, the computer values one roll further
before it plays (:meth:`TavlaEvaluator.choose`; 0: none, it plays the network's first choice).
Fevga's network alone won 96.8 % of 1 000 games against a player of random plays, short of the
97 % asked (issue #38); Plakoto's wins 99.7 % at first sight. The hint and the analysis rank at
first sight, within their time (a hint 100 ms): one roll further for every close play of every
turn would make a game's analysis some ten seconds."""

LOOK_MARGIN = 0.15
"""The plays looked at one roll further are those within this much equity of the best at first
sight: a clear best is played at once."""

ROLLS = tuple((a, b) for a in range(1, 7) for b in range(a, 7))
"""The 21 rolls, each once (a double stands for 1 roll in 36, the others for 2)."""


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

    def ahead(self, result: TavlaBoard, variant: Variant) -> TavlaChances:
        """The mover's chances after a play that left ``result``, one roll further: for each of
        the opponent's 21 rolls, the reply the network likes best (:meth:`after`, from the
        opponent's side), its chances weighted by the roll's (a double 1 in 36, the others 2)."""
        exact = _exact(variant, result)
        if exact is not None:
            return exact
        opponent = result.swapped()
        replies = [tavla_plays(opponent, roll, variant) for roll in ROLLS]
        # The replies' boards from the side of the player then on roll (the mover again), all
        # valued at once; a reply that ends the game is valued exactly.
        ended = [[_exact(variant, play.result) for play in plays] for plays in replies]
        boards = [
            play.result
            for plays, exact_ in zip(replies, ended, strict=True)
            for play, known in zip(plays, exact_, strict=True)
            if known is None
        ]
        values = iter(self._swapped_outputs(boards))
        win = double = lose_double = 0.0
        for roll, exact_ in zip(ROLLS, ended, strict=True):
            best: TavlaChances | None = None
            for known in exact_:
                chances = known if known is not None else chances_of(next(values)).flipped()
                if best is None or chances.equity > best.equity:
                    best = chances
            assert best is not None  # (a roll always has a play: a pass when nothing moves)
            weight = 1 if roll[0] == roll[1] else 2
            win += weight * best.win
            double += weight * best.double
            lose_double += weight * best.lose_double
        return TavlaChances(win / 36, double / 36, lose_double / 36).flipped()

    def _swapped_outputs(self, boards: list[TavlaBoard]) -> list[list[float]]:
        """The network's outputs for each of ``boards`` seen from the other side (its player
        then on roll): Fevga's inputs worked out for them all at once with numpy, where it is."""
        np = _numpy()
        if np is not None and self.game is Game.FEVGA and len(boards) >= 8:
            return self.network.forward_array(np, fevga_rows_swapped(np, [b.slots for b in boards]))
        return self.network.forward_many([inputs(b.swapped()) for b in boards])

    def choose(self, board: TavlaBoard, roll: tuple[int, int], variant: Variant) -> TavlaRanked:
        """The computer's play of ``roll``: the best of :meth:`rank`, unless other plays are
        close to it (the :data:`LOOK_AHEAD` best at first sight, within :data:`LOOK_MARGIN`):
        then the best of those one roll further (:meth:`ahead`)."""
        ranked = self.rank(board, roll, variant)
        close = [r for r in ranked[: LOOK_AHEAD[self.game]] if r.loss <= LOOK_MARGIN]
        if len(close) < 2:
            return ranked[0]
        further = [self.ahead(r.play.result, variant).equity for r in close]
        return close[further.index(max(further))]

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
