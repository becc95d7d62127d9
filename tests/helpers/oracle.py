"""GNU Backgammon (gnubg_nn) as a test oracle: board conversion and comparison."""

from __future__ import annotations

import gnubg_nn

from tawla.engine import Position, legal_plays, position_key


def gnubg_board(pos: Position) -> list[list[int]]:
    """gnubg_nn's ``[side not on roll, side on roll]``, each 25 counts in its own numbering."""
    return [
        [pos.opponent(p) for p in range(1, 26)],
        [pos.mover(p) for p in range(1, 26)],
    ]


def mismatch(pos: Position, roll: tuple[int, int]) -> tuple[set[str], set[str]] | None:
    """None when tawla and gnubg find the same resulting positions, else (only tawla, only gnubg)."""
    ours = {position_key(p.result) for p in legal_plays(pos, roll) if not p.is_pass}
    theirs = set(gnubg_nn.moves(gnubg_board(pos), roll[0], roll[1]))
    if ours == theirs:
        return None
    return ours - theirs, theirs - ours
