"""One player's figures in one match: what the players' book adds up across matches.

Its own module, importing nothing, so that the book can read its index without loading
the rules (pydantic) and the game: see :mod:`tawla.game.tally` for how they are counted.
"""

from __future__ import annotations

from typing import Final, NamedTuple


class Side(NamedTuple):
    """One player's figures in one match (a named tuple: thousands are made each time the book
    opens, and a tuple is the quickest thing Python makes)."""

    points: int = 0
    """Points won (every finished game's points, the cube and the options applied)."""
    games: int = 0
    """Games won."""
    gammons: int = 0
    """Games won with a gammon (on the board, or a gammon resigned)."""
    backgammons: int = 0
    """Games won with a backgammon (on the board, or resigned)."""
    offers: int = 0
    """Higher cubes offered: doubles, and beavers and raccoons (each one a redouble)."""
    takes: int = 0
    """Offers taken (a double, a beaver or a raccoon)."""
    drops: int = 0
    """Offers dropped (the game given up at the cube's value)."""
    rolls: int = 0
    """Rolls of both dice (the luck of the dice: :data:`~tawla.game.tally.EXPECTED_PIPS` a roll on average)."""
    pips: int = 0
    """The pips those rolls brought (a double four times its number)."""
    equity_lost: int = 0
    """Equity lost against the evaluator's best, in thousandths, over the decisions judged
    (tawla/analysis/skill.py): written into the history file once the match is analysed."""
    judged: int = 0
    """The decisions judged (0: the match was not analysed, or nothing of it could be)."""


SIDE_FIELDS: Final = Side._fields
"""The names of :class:`Side`'s figures, in order."""
