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
import re
from collections.abc import Callable
from dataclasses import dataclass, field
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
from tawla.game.rules import MAX_CUBE_LIMIT, Opening, RuleSet
from tawla.game.state import ActionError, MatchState, Phase, ResultKind, advance

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


# -- reading ---------------------------------------------------------------------------------
#
# The reader takes what the writer above writes, and what GNU Backgammon and most programs
# export: comment lines (``;``), the ``N point match`` header (0: a money session), each game's
# ``Game N`` line and its score line ``Name : score   Name : score``, numbered lines of two
# cells (player 0 on the left; the left cell left empty when player 1 acts first), ``Wins N
# points`` in the winner's column. A cell is a roll with its play (``31: 8/5 6/5``; ``31:``
# alone when the roll cannot be played; any notation :func:`~tawla.engine.notation.parse_play`
# reads, ``25`` for the bar and ``0`` for off), or a cube action (``Doubles => 2``, ``Takes``,
# ``Drops``, ``Beavers => 4``, ``Raccoons => 8``). Every play, double and answer is replayed
# through the rules: an illegal one, a score or a result the history does not lead to, is a
# :class:`MatError` naming the game and the line.
#
# What the format does not say is chosen as GNU Backgammon reads it: the winner of each
# opening roll plays its two numbers (unless some game begins with a double or with the cube,
# which only the café custom of the winner rolling afresh allows), the Crawford rule in a
# match, no Jacoby rule, beavers (and raccoons) when the file has one. A game without a
# ``Wins`` line ends where its moves end (a resignation is read from ``Wins`` after a game the
# board did not finish: the loser, on roll, resigns what the points say).

_MATCH_HEADER = re.compile(r"^\s*(\d+)\s+point\s+match\s*$", re.IGNORECASE)
_GAME_HEADER = re.compile(r"^\s*Game\s+(\d+)\s*$", re.IGNORECASE)
_SCORE_LINE = re.compile(r"^\s*(.*?)\s*:\s*(\d+)\s+(.*?)\s*:\s*(\d+)\s*$")
_NUMBERED = re.compile(r"^\s*\d+\)")
_CELL_START = re.compile(
    r"(?<!\S)(?:[1-6][1-6]:|(?:Doubles|Beavers|Raccoons)\s*=>|(?:Takes|Accepts|Drops|Passes|Rejects|Wins)\b)",
    re.IGNORECASE,
)
_ROLL_CELL = re.compile(r"^([1-6])([1-6]):\s*(.*)$")
_CUBE_CELL = re.compile(r"^(Doubles|Beavers|Raccoons)\s*=>\s*(\d+)\s*$", re.IGNORECASE)
_WINS = re.compile(r"^Wins\s+(\d+)\s+points?\b", re.IGNORECASE)
_ANSWERS = {"takes": "take", "accepts": "take", "drops": "drop", "passes": "drop", "rejects": "drop"}
_RIGHT_AFTER = 14
"""A line's first cell is the right player's when it starts this far into the line's cells
(the left cell is 28 characters wide in the files gnubg and tawla write)."""
MAX_TEXT = 10_000_000
"""The longest transcript read (characters): a match of a hundred points is far shorter."""


class MatError(ValueError):
    """A text that is not a match transcript, or one whose history is not legal. ``code`` names
    the problem for the catalogs, ``params`` its details (``line``: the line's number, from 1)."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code, params)
        self.code = code
        self.params = params


@dataclass(frozen=True, slots=True)
class _Cell:
    line: int
    player: int
    kind: str
    """``roll``, ``double``, ``beaver``, ``raccoon``, ``take``, ``drop`` or ``wins``."""
    dice: tuple[int, int] = (0, 0)
    text: str = ""
    value: int = 0
    """The cube offered, or the points won."""


@dataclass(slots=True)
class _ReadGame:
    number: int
    line: int
    names: tuple[str, str]
    score: tuple[int, int]
    cells: list[_Cell] = field(default_factory=list)


def _cell(text: str, player: int, line: int) -> _Cell:
    roll = _ROLL_CELL.match(text)
    if roll:
        return _Cell(line, player, "roll", (int(roll.group(1)), int(roll.group(2))), roll.group(3).strip())
    cube = _CUBE_CELL.match(text)
    if cube:
        kind = cube.group(1).lower().removesuffix("s")
        return _Cell(line, player, kind, value=int(cube.group(2)))
    wins = _WINS.match(text)
    if wins:
        return _Cell(line, player, "wins", value=int(wins.group(1)))
    answer = _ANSWERS.get(text.lower())
    if answer is not None:
        return _Cell(line, player, answer)
    raise MatError("cell", line=line, text=text)


def _line_cells(raw: str, number: int) -> list[_Cell]:
    """The cells of a numbered line, or of a line with only ``Wins``."""
    numbered = _NUMBERED.match(raw)
    body_start = numbered.end() + 1 if numbered else 0
    starts = [m.start() for m in _CELL_START.finditer(raw, body_start)]
    if not starts:
        if raw[body_start:].strip():
            raise MatError("cell", line=number, text=raw.strip())
        return []
    if raw[body_start : starts[0]].strip():
        raise MatError("cell", line=number, text=raw[body_start : starts[0]].strip())
    if len(starts) > 2:
        raise MatError("cells", line=number)
    first = 1 if starts[0] - body_start >= _RIGHT_AFTER or (not numbered and starts[0] >= 20) else 0
    if first == 1 and len(starts) == 2:
        raise MatError("cells", line=number)
    pieces = [raw[a:b].strip() for a, b in zip(starts, [*starts[1:], len(raw)], strict=True)]
    return [_cell(text, first + i, number) for i, text in enumerate(pieces)]


def _transcript(text: str) -> tuple[int, list[_ReadGame]]:
    """The match length and the games of a transcript, as written (nothing replayed yet)."""
    length: int | None = None
    games: list[_ReadGame] = []
    expect_score = False
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        if not line.strip() or line.lstrip().startswith(";"):
            continue
        if expect_score:
            found = _SCORE_LINE.match(line)
            if not found:
                raise MatError("score_line", line=number)
            game = games[-1]
            game.names = (found.group(1) or "Player 1", found.group(3) or "Player 2")
            game.score = (int(found.group(2)), int(found.group(4)))
            expect_score = False
            continue
        header = _GAME_HEADER.match(line)
        if header:
            if length is None:
                raise MatError("not_mat")
            games.append(_ReadGame(int(header.group(1)), number, ("", ""), (0, 0)))
            expect_score = True
            continue
        if length is None:
            found_length = _MATCH_HEADER.match(line)
            if found_length is None:
                raise MatError("not_mat")
            length = int(found_length.group(1))
            continue
        if _MATCH_HEADER.match(line):
            raise MatError("sessions", line=number)
        if not games:
            raise MatError("cell", line=number, text=line.strip())
        games[-1].cells.extend(_line_cells(line, number))
    if length is None:
        raise MatError("not_mat")
    if expect_score:
        raise MatError("score_line", line=games[-1].line + 1)
    if not games:
        raise MatError("no_games")
    return length, games


def _rules(length: int, games: list[_ReadGame]) -> RuleSet:
    if length > 99:
        raise MatError("length", length=length)
    cells = [cell for game in games for cell in game.cells]
    opening = Opening.PLAY_OPENING_DICE
    for game in games:
        first = next((c for c in game.cells if c.kind != "wins"), None)
        if first is not None and (first.kind != "roll" or first.dice[0] == first.dice[1]):
            opening = Opening.WINNER_REROLLS
    highest = max((c.value for c in cells if c.kind in ("double", "beaver", "raccoon")), default=1)
    beavers = any(c.kind == "beaver" for c in cells)
    return RuleSet(
        match_length=length,
        opening=opening,
        max_cube=64 if highest <= 64 else MAX_CUBE_LIMIT,
        beavers=beavers and length == 0,
        raccoons=beavers and length == 0 and any(c.kind == "raccoon" for c in cells),
    )


def read_mat(text: str) -> Match:
    """The match a ``.mat`` transcript records, replayed through the rules (its dice typed in, as
    manual dice: the history is the file's). Raises :class:`MatError`."""
    from tawla.game.dice import ManualDice
    from tawla.game.match import Match as _Match

    if len(text) > MAX_TEXT:
        raise MatError("too_long")
    length, games = _transcript(text)
    rules = _rules(length, games)
    match = _Match(rules, games[0].names, ManualDice())
    for game in games:
        state = match.state
        if state.phase is Phase.MATCH_OVER:
            raise MatError("after_end", line=game.line)
        if game is not games[0]:
            if state.phase is not Phase.GAME_OVER:
                raise MatError("unfinished", line=game.line, game=games[games.index(game) - 1].number)
            _act(match, game.line, match.next_game)
        if match.state.score != game.score:
            raise MatError("score", line=game.line, game=game.number)
        _replay_game(match, game)
    return match


def _act(match: Match, line: int, action: Callable[[], object]) -> None:
    try:
        action()
    except ActionError as error:
        raise MatError("refused", line=line, error=error) from None


def _replay_game(match: Match, game: _ReadGame) -> None:
    cells = game.cells
    first = next((c for c in cells if c.kind != "wins"), None)
    if first is not None:
        if match.rules.opening is Opening.PLAY_OPENING_DICE:
            high, low = max(first.dice), min(first.dice)
            dice = (high, low) if first.player == 0 else (low, high)
        else:
            dice = (2, 1) if first.player == 0 else (1, 2)
        _act(match, first.line, lambda: match.roll_opening(dice))
    for cell in cells:
        state = match.state
        if cell.kind == "wins":
            _wins(match, game, cell)
            continue
        if state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
            raise MatError("after_game", line=cell.line, game=game.number)
        if state.to_act != cell.player and not (cell.kind == "roll" and state.on_roll == cell.player):
            raise MatError("order", line=cell.line, game=game.number)
        if cell.kind == "roll":
            _play(match, cell)
        elif cell.kind in ("double", "beaver", "raccoon"):
            act = {"double": match.double, "beaver": match.beaver, "raccoon": match.raccoon}[cell.kind]
            _act(match, cell.line, act)
            if match.state.offered != cell.value:
                raise MatError("cube", line=cell.line, value=cell.value, offered=match.state.offered)
        else:
            _act(match, cell.line, match.take if cell.kind == "take" else match.drop)


def _play(match: Match, cell: _Cell) -> None:
    state = match.state
    if state.phase is Phase.TURN:
        _act(match, cell.line, lambda: match.roll(cell.dice))
        state = match.state
    turn = state.turn
    if state.phase is not Phase.MOVING or not isinstance(turn, TurnState) or state.on_roll != cell.player:
        raise MatError("order", line=cell.line, game=state.game)
    if sorted(turn.roll) != sorted(cell.dice):
        raise MatError("order", line=cell.line, game=state.game)
    _act(match, cell.line, lambda: match.play(cell.text or "pass"))
    if match.state.phase is Phase.MOVING:
        _act(match, cell.line, match.confirm)


def _wins(match: Match, game: _ReadGame, cell: _Cell) -> None:
    """``Wins N points``: the game the moves ended, or the resignation that ended it."""
    state = match.state
    if state.phase in (Phase.TURN, Phase.MOVING) and state.on_roll == 1 - cell.player:
        kinds = [k for k in ResultKind if state.points_for(k) == cell.value]  # (the smallest first)
        if kinds:
            _act(match, cell.line, lambda: match.resign(int(kinds[0])))
            _act(match, cell.line, match.accept)
    state = match.state
    result = state.results[-1] if state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER) else None
    if result is None or (result.winner, result.points) != (cell.player, cell.value):
        raise MatError("result", line=cell.line, game=game.number)
