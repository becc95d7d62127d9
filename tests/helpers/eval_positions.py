"""Games that look like people's, for judging an evaluator: GNU Backgammon's moves, mostly.

Each side plays GNU Backgammon's 0-ply best move (``gnubg_nn.best_move``) most of the time,
and now and then its second best or a random legal play (``wander``), so the positions met
are the ones people meet: the opening rolls, contact, races, bear-offs, with the occasional
odd position a mistake leaves. :func:`people_turns` yields every turn of such games (for the
strength benchmark); :func:`people_match` plays one game through a real
:class:`tawla.game.Match` (for the analysis benchmark). GNU Backgammon is a test oracle only.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

import gnubg_nn

from tawla.engine import Play, Position, legal_plays, position_key
from tawla.game import Match, Phase, RuleSet, SeededDice

from .oracle import gnubg_board

WANDER = 0.2
"""How often a side does not play GNU Backgammon's best move: half of these its second best,
half a random legal play."""


@dataclass(frozen=True, slots=True)
class Turn:
    """A position on roll, its roll, and where it came in its game."""

    position: Position
    roll: tuple[int, int]
    game: int
    index: int
    """0 for the opening roll's play, 1 for the reply, ..."""


def gnu_choice(position: Position, roll: tuple[int, int], plays: tuple[Play, ...], rank: int = 0) -> Play:
    """GNU Backgammon's 0-ply best play (``rank`` 1: its second best) among ``plays``."""
    by_key = {position_key(p.result.swapped()): p for p in plays}  # (best_move's key: the opponent's view)
    board = gnubg_board(position)
    if rank == 0:
        _, key = gnubg_nn.best_move(board, roll[0], roll[1], b=1)
    else:
        _, listed = gnubg_nn.best_move(board, roll[0], roll[1], list=1)
        key = listed[min(rank, len(listed) - 1)][0]
    return by_key[key]


def choose(rng: random.Random, position: Position, roll: tuple[int, int], wander: float = WANDER) -> Play:
    """A people-like play: GNU Backgammon's best, or (``wander`` of the time) a lesser one."""
    plays = legal_plays(position, roll)
    if len(plays) == 1:
        return plays[0]
    r = rng.random()
    if r < wander / 2:
        return rng.choice(plays)
    return gnu_choice(position, roll, plays, 1 if r < wander else 0)


def people_turns(rng: random.Random, wander: float = WANDER) -> Iterator[Turn]:
    """Every turn of people-like games, one game after another, forever (the opening roll is
    never a double, as in a game)."""
    game = 0
    while True:
        position = Position.start()
        index = 0
        while not position.is_game_over():
            roll = (rng.randint(1, 6), rng.randint(1, 6))
            while index == 0 and roll[0] == roll[1]:
                roll = (rng.randint(1, 6), rng.randint(1, 6))
            yield Turn(position, roll, game, index)
            position = choose(rng, position, roll, wander).result.swapped()
            index += 1
        game += 1


def people_match(seed: int, wander: float = WANDER) -> Match:
    """One money game played to its end through a real :class:`Match` (cube in play, nobody
    doubles), each side choosing as :func:`choose` does."""
    rng = random.Random(seed)
    match = Match(RuleSet(match_length=0), ("A", "B"), SeededDice(rng.getrandbits(32)))
    while match.state.phase is not Phase.GAME_OVER:
        state = match.state
        if state.phase is Phase.OPENING:  # (again after a tie)
            match.roll_opening()
            continue
        if state.phase is Phase.TURN:
            match.roll()
            continue
        assert state.phase is Phase.MOVING and state.turn is not None, state.phase
        start = state.turn.start
        assert isinstance(start, Position)
        match.play(choose(rng, start, state.turn.roll, wander))
        if match.state.phase is Phase.MOVING:  # (the last checker borne off ends the game at once)
            match.confirm()
    return match
