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

import math
from dataclasses import dataclass
from functools import cache

from tawla.engine.tavla import Ending, Game, Play, TavlaBoard, Variant, ending, points_won, tavla_plays


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

    def __init__(self, game: Game) -> None:
        if game is Game.BACKGAMMON:
            raise ValueError("backgammon is judged by Open Sage (tawla.analysis.evaluator)")
        self.game = game

    @property
    def name_key(self) -> str:
        """The catalog key of the evaluator's name ("tawla's own Plakoto evaluator")."""
        return f"evaluator.own.{self.game.value}"

    def value(self, board: TavlaBoard, variant: Variant) -> TavlaChances:
        """The chances of the player on roll on ``board``, before rolling (the game not over)."""
        # A placeholder of the interface: the race and the pins, until the network is trained.
        lead = board.opponent_pips - board.mover_pips + 8.0  # (on roll: about half a roll ahead)
        pins = sum(1 for p in board.pins if p < 0) - sum(1 for p in board.pins if p > 0)
        x = lead / 25.0 + 0.6 * pins
        win = 1.0 / (1.0 + math.exp(-x))
        return TavlaChances(win, 0.3 * win * win, 0.3 * (1.0 - win) ** 2)

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
