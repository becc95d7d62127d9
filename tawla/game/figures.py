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


SIDE_FIELDS: Final = Side._fields
"""The names of :class:`Side`'s figures, in order."""
