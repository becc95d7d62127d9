"""Hypothesis strategies for positions and rolls."""

from __future__ import annotations

from hypothesis import strategies as st

from tawla.engine import Position


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """Any legal position: up to 15 checkers a side anywhere, bars included."""
    board = [0] * 26
    mover = draw(st.integers(0, 15))
    opponent = draw(st.integers(0, 15))
    home_bias = draw(st.booleans())  # often pile the mover into its home board (bear-offs)
    for _ in range(mover):
        slot = draw(st.integers(1, 6) if home_bias else st.integers(1, 25))
        while board[slot] < 0:
            slot = slot % 25 + 1
        board[slot] += 1
    for _ in range(opponent):
        slot = draw(st.integers(0, 24))
        while board[slot] > 0:
            slot = (slot + 1) % 25
        board[slot] -= 1
    return Position(board)


rolls = st.tuples(st.integers(1, 6), st.integers(1, 6))
"""Two dice."""
