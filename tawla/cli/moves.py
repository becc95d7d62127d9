"""``tawla moves``: every legal play of a position and a roll, one line each, or one JSON object
per line of ``--batch`` input; Position IDs for backgammon, tawla's position text for Plakoto and
Fevga."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from typing import TextIO

from tawla.cli.input import InputError, batch_line, fail, parse_roll, tr
from tawla.engine import IdError, Position, legal_plays, position_from_id, position_id
from tawla.engine.notation import format_play
from tawla.engine.tavla import BoardTextError, FirstChecker, Game, Mother, TavlaBoard, Variant, parse_board, tavla_plays

BACKGAMMON = Variant(Game.BACKGAMMON)


def _position(text: str, lang: str) -> Position:
    try:
        return position_from_id(text)
    except IdError as exc:
        from tawla.i18n.messages import id_error_text  # (it brings the game's rules: not at every start)

        raise InputError(tr(lang, "cli.error.position_id", id=text, problem=id_error_text(lang, exc))) from None


def read_board(text: str, variant: Variant, lang: str) -> TavlaBoard:
    """The Plakoto or Fevga position of ``text`` (tawla's position text), or the player's error."""
    try:
        return parse_board(variant.game, text)
    except BoardTextError as exc:
        problem = tr(lang, f"board_text.{exc.code}", **exc.params)
        raise InputError(tr(lang, "cli.error.board", text=text, problem=problem)) from None


def _plays(position_text: str, roll: tuple[int, int], variant: Variant, lang: str) -> tuple[str, list[tuple[str, str]]]:
    """The position as written back, and each play as (move, result), both in the game's text."""
    if variant.game is Game.BACKGAMMON:
        position = _position(position_text, lang)
        return position_id(position), [(format_play(p), position_id(p.result)) for p in legal_plays(position, roll)]
    board = read_board(position_text, variant, lang)
    return board.text(), [(format_play(p), p.result.text()) for p in tavla_plays(board, roll, variant)]


def moves_lines(pid: str, roll_text: str, lang: str, variant: Variant = BACKGAMMON) -> list[str]:
    """Lines ``move<TAB>resulting position`` (mover's view), or ``pass<TAB>the same position``;
    a Position ID for backgammon, tawla's position text for Plakoto and Fevga."""
    roll = parse_roll(roll_text, lang)
    return [f"{move}\t{result}" for move, result in _plays(pid, roll, variant, lang)[1]]


def moves_record(line: str, lang: str, variant: Variant = BACKGAMMON) -> dict[str, object]:
    """The JSON object for one batch line."""
    try:
        text, roll = batch_line(line, lang)
        position, plays = _plays(text, roll, variant, lang)
    except InputError as exc:
        return {"input": line.strip(), "error": str(exc)}
    return {
        "position": position,
        "dice": list(roll),
        "plays": [{"move": move, "result": result} for move, result in plays if move != "pass"],
    }


def run_batch(lines: Iterable[str], out: TextIO, lang: str, variant: Variant = BACKGAMMON) -> None:
    """Answer every non-empty line; bad lines get an ``{"error": ...}`` object."""
    for line in lines:
        if line.strip():
            out.write(json.dumps(moves_record(line, lang, variant), ensure_ascii=False))
            out.write("\n")
            out.flush()  # (answered as soon as read, as tawla hint --batch)


def run_moves(args: argparse.Namespace, lang: str) -> int:
    """``tawla moves``: the lines of one position and roll, or ``--batch``'s JSON objects."""
    variant = Variant(Game(args.game), Mother(args.mother), FirstChecker(args.first))
    if args.batch:
        if args.position_id is not None:
            return fail(lang, tr(lang, "cli.error.missing"))
        run_batch(sys.stdin, sys.stdout, lang, variant)
        return 0
    if args.position_id is None or args.roll is None:
        return fail(lang, tr(lang, "cli.error.missing"))
    try:
        lines = moves_lines(args.position_id, args.roll, lang, variant)
    except InputError as exc:
        return fail(lang, str(exc))
    sys.stdout.write("".join(line + "\n" for line in lines))
    return 0
