"""Jellyfish ``.mat`` transcripts, the exchange format of GNU Backgammon and XG.

The writer replays the match's history and prints what each player did, in
that player's own numbering (bar 25, off 0), one die per move so the file is
unambiguous (``25/21 21/17* 17/13 13/9``)::

     3 point match

     Game 1
     Alice : 0                          Bob : 0
      1) 31: 8/5 6/5                    42: 8/4 6/4
      2)  Doubles => 2                   Takes
     ...
                                        Wins 1 point

Player 0 is the left column. A game ends with ``Wins N points`` in the
winner's column, after a drop too (as gnubg writes it: readers that count the
points from that line need it). A line whose left cell is the last thing of the
game (player 0 dropped) takes the right player's ``Wins`` on that same line,
as gnubg's own export does: on a line of its own, gnubg's importer would read
it as a resignation of a game already over (and lose the games after it)::

      7)  Drops                       Wins 2 points

Beavers and raccoons are written ``Beavers => N`` and ``Raccoons => N`` in
the redoubling player's column. gnubg 1.1's importer accepts those lines but
keeps its own cube count through them (a taken beaver leaves its cube one
doubling higher than the rules say, and after a *dropped* beaver it waits for
a take and loses the next game), so sessions with beavers do not read back
exactly into gnubg; everything else does. What the format cannot say: automatic doubles, and tables where
gammons or backgammons do not count; a file of such a match still loads,
but gnubg scores those games by the standard rules.
"""

from __future__ import annotations

import datetime as _dt
from typing import TYPE_CHECKING

from tawla.engine import Step, TurnState
from tawla.game.events import (
    Beavered,
    Doubled,
    Dropped,
    OpeningRolled,
    Raccooned,
    Rolled,
    Stepped,
    Took,
    TurnEnded,
)
from tawla.game.rules import Opening
from tawla.game.state import MatchState, Phase, advance

if TYPE_CHECKING:
    from tawla.game.match import Match

_CELL = 28


def _step_text(step: Step) -> str:
    return f"{step.source}/{step.dest}{'*' if step.hit else ''}"


def _name(name: str) -> str:
    """A name gnubg can read back: no colons (they separate name and score), no line breaks."""
    clean = " ".join(name.replace(":", "-").split())
    return clean or "Player"


class _Game:
    def __init__(self, number: int, score: tuple[int, int]) -> None:
        self.number = number
        self.score = score
        self.cells: list[tuple[int, str]] = []
        self.result: tuple[int, int] | None = None  # (winner, points)


def _games(match: Match) -> list[_Game]:
    state: MatchState = match.start
    games = [_Game(state.game, state.score)]
    dice: tuple[int, int] | None = None
    for event in match.events:
        before = state
        state = advance(state, event)
        game = games[-1]
        if state.game != before.game:
            games.append(_Game(state.game, state.score))
            continue
        match event:
            case OpeningRolled(die0=d0, die1=d1) if d0 != d1 and match.rules.opening is Opening.PLAY_OPENING_DICE:
                dice = (max(d0, d1), min(d0, d1))
            case Rolled(dice=(d1, d2)):
                dice = (max(d1, d2), min(d1, d2))
            case TurnEnded():
                assert isinstance(before.turn, TurnState)  # (write_mat refuses the other games)
                game.cells.append(_turn_cell(before.on_roll, before.turn, dice))
            case Stepped(source=source, die=die) if state.turn is None:
                # The step that bore the last checker off: the turn and the game end with it.
                assert isinstance(before.turn, TurnState)
                game.cells.append(_turn_cell(before.on_roll, before.turn.play((source, die)), dice))
            case Doubled():
                game.cells.append((before.on_roll, f" Doubles => {state.offered}"))
            case Beavered():
                game.cells.append((1 - before.on_roll, f" Beavers => {state.offered}"))
            case Raccooned():
                game.cells.append((before.on_roll, f" Raccoons => {state.offered}"))
            case Took():
                game.cells.append((before.to_act, " Takes"))  # type: ignore[arg-type]
            case Dropped():
                game.cells.append((before.to_act, " Drops"))  # type: ignore[arg-type]
        if state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER) and before.phase not in (
            Phase.GAME_OVER,
            Phase.MATCH_OVER,
        ):
            result = state.results[-1]
            assert result.winner is not None  # (only Plakoto has draws)
            game.result = (result.winner, result.points)
    return games


def _turn_cell(player: int, turn: TurnState, dice: tuple[int, int] | None) -> tuple[int, str]:
    """A played turn, ``31: 8/5 6/5``, in ``player``'s column."""
    assert dice is not None
    moves = " ".join(_step_text(s) for s in turn.made)
    return player, f"{dice[0]}{dice[1]}: {moves}".rstrip()


def _game_lines(game: _Game, names: tuple[str, str]) -> list[str]:
    left = f"{names[0]} : {game.score[0]}"
    lines = [f" Game {game.number}", f" {left:<31}{names[1]} : {game.score[1]}"]
    column = 0  # 0: the next cell starts a line, 1: the right half of the line is next
    current = ""
    number = 0
    for player, text in game.cells:
        if column != player:
            if column == 0:  # player 1 first on this line: leave the left cell empty
                number += 1
                current = f"{number:3d}) " + " " * _CELL
                column = 1
            else:  # player 0 again: close the line with an empty right cell
                lines.append(current.rstrip())
                column = 0
        if column == 0:
            number += 1
            current = f"{number:3d}) " + text.ljust(_CELL) + ("  " if len(text) >= _CELL - 1 else "")
            column = 1
        else:
            lines.append(current + text)
            column = 0
    if column == 1:
        lines.append(current.rstrip())
    if game.result is not None:
        winner, points = game.result
        wins = f"Wins {points} point{'s' if points != 1 else ''}"
        if column == 1 and winner == 1:  # (player 0's drop ends the game: beside it, as gnubg writes it)
            lines[-1] = lines[-1].ljust(34) + wins
        else:
            lines.append(("      " if winner == 0 else " " * 34) + wins)
    lines.append("")
    return lines


def write_mat(match: Match, date: _dt.date | None = None) -> str:
    """The whole match or session as ``.mat`` text (a money session is a "0 point match").
    Backgammon only: the format has no Plakoto or Fevga (raises ``ValueError``)."""
    if match.rules.tavla:
        raise ValueError(".mat is backgammon's")
    names = (_name(match.names[0]), _name(match.names[1]))
    day = date or _dt.date.today()
    lines = [
        '; [Site "tawla"]',
        f'; [EventDate "{day:%Y.%m.%d}"]',
        f'; [Player 1 "{names[0]}"]',
        f'; [Player 2 "{names[1]}"]',
        "",
        f" {match.rules.match_length} point match",
        "",
    ]
    for game in _games(match):
        lines.extend(_game_lines(game, names))
    return "\n".join(lines)
