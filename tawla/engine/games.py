"""One door to the three games of the tavla family: backgammon, Plakoto and Fevga.

The game layer asks here with a :class:`~tawla.engine.tavla.Variant` and gets backgammon's own
fast engine (:mod:`tawla.engine.moves`, :mod:`tawla.engine.explain`) for backgammon and
:mod:`tawla.engine.tavla` for the other two, behind the same few questions: the start, a turn,
its legal plays, one step, why a step or a roll plays as it does, and whether the game ended.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tawla.engine import explain, moves
from tawla.engine.explain import Reason
from tawla.engine.moves import Step, TurnState
from tawla.engine.position import CHECKERS, OFF, Position
from tawla.engine.tavla import (
    Ending,
    Game,
    TavlaBoard,
    TavlaTurn,
    Variant,
    apply_played,
    ending,
    explain_tavla_roll,
    explain_tavla_step,
    tavla_plays,
    tavla_step,
    tavla_turn,
)
from tawla.engine.tavla import Play as TavlaPlay

Board = Position | TavlaBoard
"""A position of any of the three games, seen from the player on roll."""
Turn = TurnState | TavlaTurn
"""A turn of any of the three games, step by step."""
AnyPlay = moves.Play | TavlaPlay
"""A whole turn of any of the three games."""

BACKGAMMON = Variant(Game.BACKGAMMON)


def start_board(variant: Variant) -> Board:
    """The starting position of the game."""
    return Position.start() if variant.game is Game.BACKGAMMON else TavlaBoard.start(variant.game)


def _position(board: Board) -> Position:
    if not isinstance(board, Position):
        raise ValueError(f"not a backgammon position: {board!r}")
    return board


def _board_of(variant: Variant, board: Board) -> TavlaBoard:
    if not isinstance(board, TavlaBoard) or board.game is not variant.game:
        raise ValueError(f"not a {variant.game.value} position: {board!r}")
    return board


def new_turn(variant: Variant, board: Board, roll: Sequence[int], made: Iterable[Step | tuple[int, int]] = ()) -> Turn:
    """The turn for ``roll`` after the steps ``made`` (raises ``IllegalStep`` for a refused one)."""
    if variant.game is Game.BACKGAMMON:
        return moves.turn_state(_position(board), roll, made)
    return tavla_turn(_board_of(variant, board), roll, made, variant)


def plays_of(variant: Variant, board: Board, roll: Sequence[int]) -> tuple[AnyPlay, ...]:
    """Every legal play, one per resulting position (the pass when nothing can be played)."""
    if variant.game is Game.BACKGAMMON:
        return moves.legal_plays(_position(board), roll)
    return tavla_plays(_board_of(variant, board), roll, variant)


def step_of(variant: Variant, board: Board, source: int, die: int) -> tuple[Step, Board] | None:
    """The step moving a checker from ``source`` with ``die`` and the board after it, or None if
    the board does not allow it (the turn's forced-play rules are not checked)."""
    if variant.game is Game.BACKGAMMON:
        return moves.step_on(_position(board), source, die)
    try:
        return tavla_step(_board_of(variant, board), source, die, variant)
    except moves.IllegalStep:
        return None


def apply_any(board: Board, step: Step) -> Board:
    """The board after a step already played (only its mechanics: for showing played steps
    again one at a time)."""
    if isinstance(board, TavlaBoard):
        return apply_played(board, step)
    return moves.apply_step(board, step)


def explain_step(turn: Turn, source: int, die: int) -> Reason | None:
    """Why moving a checker from ``source`` with ``die`` is refused now; None if it is allowed."""
    if isinstance(turn, TavlaTurn):
        return explain_tavla_step(turn, source, die)
    return explain.explain_step(turn, source, die)


def explain_roll(variant: Variant, board: Board, roll: Sequence[int]) -> tuple[Reason, ...]:
    """What shapes the whole turn for ``roll`` (empty when the dice play freely)."""
    if variant.game is Game.BACKGAMMON:
        return explain.explain_roll(_position(board), roll)
    return explain_tavla_roll(_board_of(variant, board), roll, variant)


def turn_ended(turn: Turn) -> Ending | None:
    """Whether the last step of ``turn`` ended the game at once, and how: the fifteenth checker
    off in every game; in Plakoto also the mother pinned, or both mothers (a draw)."""
    if isinstance(turn, TavlaTurn):
        return turn.ended
    if turn.made and turn.made[-1].dest == OFF and turn.position.mover_off == CHECKERS:
        return Ending.BORNE_OFF
    return None


def board_ending(variant: Variant, board: Board) -> Ending | None:
    """Whether the game is over on ``board`` (seen from the player who just moved)."""
    if isinstance(board, TavlaBoard):
        return ending(board, variant)
    return Ending.BORNE_OFF if board.mover_off == CHECKERS else None


__all__ = [
    "BACKGAMMON",
    "AnyPlay",
    "Board",
    "Ending",
    "Game",
    "Turn",
    "Variant",
    "apply_any",
    "board_ending",
    "explain_roll",
    "explain_step",
    "new_turn",
    "plays_of",
    "start_board",
    "step_of",
    "turn_ended",
]
