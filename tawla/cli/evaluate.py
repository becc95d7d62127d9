"""``tawla hint`` and ``tawla analyse``: the evaluator on the command line.

``tawla hint POSITION_ID[:MATCH_ID] DICE`` prints the lines of ``tawla moves`` (the play, a tab,
the resulting Position ID from the mover's view), each followed by a tab and the play's equity
for the player on roll, best first. The equity is cubeful, written with its sign and three
decimals (``+0.215``): without a Match ID, money play with the cube in the middle, per unit of
the cube; with one, the cube, its owner, the score, the match length and the Crawford game are
the Match ID's, and the equity is in normalised match winning chances (GNU Backgammon's EMG).
The player on roll is the Match ID's (gnubg's ``fMove``): the Position ID is written from that
player's side, as gnubg writes it and as ``tawla moves`` reads it; the Match ID's dice, if any,
are not used (``DICE`` says the roll). ``--batch`` reads lines ``POSITION DICE`` and writes
one JSON object per line, as ``tawla moves --batch`` does, each play with its equity (three
decimals), and answers each line as soon as it is read (the output flushed), so another program
can play against tawla through a pipe.

With ``--game plakoto`` or ``fevga`` (and ``--mother``, ``--first`` as for ``tawla moves``), the
position is the text of ``tawla moves --game``, the resulting positions are written in the same
text, and the plays are judged by tawla's own evaluator (:mod:`tawla.analysis.tavla_eval`: no
package needed, no cube): the equity is the mover's expected points of the game, −2 to 2.

``tawla analyse FILE`` judges every decision of a match (:func:`tawla.analysis.skill.analyse`)
read from a ``.mat`` transcript (:func:`tawla.game.mat.read_mat`) or from a match tawla saved
(:mod:`tawla.store.saves`: what a .mat cannot say, such as the customs of the table, is in it),
and prints each player's figures game by game and for the whole match; ``--json`` writes them
as one JSON object, every loss unrounded.

Exit status: 0; 2 for bad input (a bad ID or roll, a file missing, unreadable, not a match, or
a history that is not legal), with one line in the player's language, as the other commands;
1 when this machine has no evaluator (:class:`~tawla.analysis.evaluator.Unavailable`: not the
input's fault, and not a crash), with the catalog's ``evaluator.none.<code>`` sentence. The
evaluator is imported here, when a command first needs it, never at tawla's start.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from tawla.cli.input import InputError, batch_line, parse_roll, tr
from tawla.engine import IdError, Position, position_from_id, position_id
from tawla.engine.notation import format_play
from tawla.engine.tavla import FirstChecker, Game, Mother, Variant
from tawla.i18n import RTL_LANGUAGES, isolate_rtl, tr_n

if TYPE_CHECKING:
    from tawla.analysis.evaluator import Cube, Owner, Sage
    from tawla.analysis.skill import Analysis, Decision, Skill
    from tawla.game.match import Match

PROG = "tawla"
UNAVAILABLE = 1
"""The exit status when there is no evaluator here."""
BAD_INPUT = 2


def _report(lang: str, message: str) -> str:
    return tr(lang, "cli.error.report", prog=PROG, message=message) + "\n"


def _sage(lang: str) -> Sage | str:
    """The evaluator, or the sentence saying why there is none."""
    from tawla.analysis import evaluator as ev

    try:
        return ev.evaluator()
    except ev.Unavailable as why:
        return tr(lang, f"evaluator.none.{why.code}", package=ev.PACKAGE)


def equity_text(equity: float) -> str:
    """``+0.215``, ``-0.480``; never ``-0.000``."""
    text = f"{equity:+.3f}"
    return "+0.000" if text == "-0.000" else text


# -- hint ------------------------------------------------------------------------------------


def hint_position(text: str, lang: str) -> tuple[Position, Cube, str]:
    """The position, the cube and the score of ``POSITION_ID[:MATCH_ID]``, and the text as it
    is written back (the IDs as given, without spaces)."""
    from tawla.analysis.evaluator import Cube
    from tawla.engine.ids import match_from_id
    from tawla.i18n.messages import id_error_text

    pid, colon, mid = text.strip().partition(":")
    try:
        position = position_from_id(pid)
    except IdError as exc:
        raise InputError(tr(lang, "cli.error.position_id", id=pid, problem=id_error_text(lang, exc))) from None
    if not colon:
        return position, Cube(), position_id(position)
    try:
        info = match_from_id(mid)
    except IdError as exc:
        raise InputError(tr(lang, "cli_hint.match_id", id=mid, problem=id_error_text(lang, exc))) from None
    me = info.on_roll
    length = info.match_length
    if length and max(info.score) >= length:
        raise InputError(tr(lang, "cli_hint.match_over", id=mid))
    owner: Owner = "centered" if info.cube_owner is None else "mover" if info.cube_owner == me else "opponent"
    cube = Cube(
        value=info.cube,
        owner=owner,
        away=(length - info.score[me], length - info.score[1 - me]) if length else (0, 0),
        crawford=info.crawford,
        jacoby=info.jacoby and not length,
    )
    return position, cube, f"{position_id(position)}:{mid.strip()}"


BACKGAMMON = Variant(Game.BACKGAMMON)


def hint_plays(
    text: str, roll: tuple[int, int], lang: str, sage: Sage | None, variant: Variant = BACKGAMMON
) -> tuple[str, list[tuple[str, str, float]]]:
    """The position as written back, and each play as (move, result, equity), best first:
    backgammon's by Open Sage (``sage``), Plakoto's and Fevga's by tawla's own evaluator."""
    if variant.game is not Game.BACKGAMMON:
        from tawla.analysis.tavla_eval import tavla_evaluator
        from tawla.cli.moves import read_board

        board = read_board(text, variant, lang)
        ranks = tavla_evaluator(variant.game).rank(board, roll, variant)
        return board.text(), [(format_play(r.play), r.play.result.text(), r.equity) for r in ranks]
    assert sage is not None
    position, cube, written = hint_position(text, lang)
    ranked = sage.rank(position, roll, cube)
    return written, [(format_play(r.play), position_id(r.play.result), r.equity) for r in ranked]


def hint_lines(text: str, roll_text: str, lang: str, sage: Sage | None, variant: Variant = BACKGAMMON) -> list[str]:
    """Lines ``move<TAB>resulting position<TAB>equity``, best first."""
    roll = parse_roll(roll_text, lang)
    plays = hint_plays(text, roll, lang, sage, variant)[1]
    return [f"{move}\t{result}\t{equity_text(e)}" for move, result, e in plays]


def hint_record(line: str, lang: str, sage: Sage | None, variant: Variant = BACKGAMMON) -> dict[str, object]:
    """The JSON object for one batch line (``position`` holds the Match ID too when given)."""
    try:
        text, roll = batch_line(line, lang)
        written, plays = hint_plays(text, roll, lang, sage, variant)
    except InputError as exc:
        return {"input": line.strip(), "error": str(exc)}
    return {
        "position": written,
        "dice": list(roll),
        "plays": [
            {"move": move, "result": result, "equity": round(equity, 3) + 0.0}
            for move, result, equity in plays
            if move != "pass"
        ],
    }


def _judge(lang: str, variant: Variant) -> Sage | str | None:
    """Open Sage for backgammon (or the sentence saying why there is none); None for Plakoto and
    Fevga, whose evaluator is tawla's own."""
    return _sage(lang) if variant.game is Game.BACKGAMMON else None


def run_hint(args: argparse.Namespace, lang: str, stdin: Iterable[str], out: TextIO, err: TextIO) -> int:
    """``tawla hint``: bad input first (status 2), then the evaluator (status 1 without one)."""
    variant = Variant(
        Game(getattr(args, "game", "backgammon")),
        Mother(getattr(args, "mother", "double")),
        FirstChecker(getattr(args, "first", "pass")),
    )
    if args.batch:
        if args.position is not None:
            err.write(_report(lang, tr(lang, "cli_hint.missing")))
            return BAD_INPUT
        sage = _judge(lang, variant)
        if isinstance(sage, str):
            err.write(_report(lang, sage))
            return UNAVAILABLE
        for line in stdin:
            if line.strip():
                out.write(json.dumps(hint_record(line, lang, sage, variant), ensure_ascii=False) + "\n")
                out.flush()  # (answered as soon as read: another program waits on it through a pipe)
        return 0
    if args.position is None or args.roll is None:
        err.write(_report(lang, tr(lang, "cli_hint.missing")))
        return BAD_INPUT
    try:
        parse_roll(args.roll, lang)
        if variant.game is Game.BACKGAMMON:
            hint_position(args.position, lang)
        else:
            from tawla.cli.moves import read_board

            read_board(args.position, variant, lang)
    except InputError as exc:
        err.write(_report(lang, str(exc)))
        return BAD_INPUT
    sage = _judge(lang, variant)
    if isinstance(sage, str):
        err.write(_report(lang, sage))
        return UNAVAILABLE
    out.write("".join(line + "\n" for line in hint_lines(args.position, args.roll, lang, sage, variant)))
    return 0


# -- analyse ---------------------------------------------------------------------------------


def load_match(path: Path, lang: str) -> Match:
    """The match in ``path``: a saved tawla match (JSON) or a ``.mat`` transcript."""
    from tawla.game.mat import MatError, read_mat
    from tawla.i18n.messages import action_error_text
    from tawla.store import saves
    from tawla.store.files import StoreError

    try:
        raw = path.read_bytes()
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise InputError(tr(lang, "cli_analyse.unreadable", file=str(path), reason=reason)) from None

    def bad(problem: str) -> InputError:
        return InputError(tr(lang, "cli_analyse.bad_file", file=str(path), problem=problem))

    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise bad(tr(lang, "cli_analyse.not_text")) from None
    if text.lstrip().startswith("{"):
        try:
            return saves.from_json(json.loads(text)).match
        except ValueError:  # (json's error)
            raise bad(tr(lang, "store.garbage")) from None
        except StoreError as exc:
            raise bad(tr(lang, f"store.{exc.code}", **exc.params)) from None
    try:
        return read_mat(text)
    except MatError as exc:
        params = dict(exc.params)
        error = params.pop("error", None)
        if error is not None:
            params["problem"] = action_error_text(lang, error)  # type: ignore[arg-type]
        raise bad(tr(lang, f"cli_analyse.mat.{exc.code}", **params)) from None


def _variants(match: Match) -> dict[int, str]:
    """The game (``backgammon``, ``plakoto``, ``fevga``) of every game the history reached."""
    games = range(1, match.state.game + 1)
    return {n: match.rules.variant_of(n).game.value for n in games}


def _loss(value: float) -> str:
    return f"{value:.3f}"


def _worst_text(lang: str, decision: Decision) -> str:
    from tawla.analysis.skill import CubeChoice

    params: dict[str, object] = {"game": decision.game, "turn": decision.turn, "loss": _loss(decision.loss)}
    if isinstance(decision.chosen, CubeChoice):
        assert isinstance(decision.best, CubeChoice)
        played = tr(lang, f"cli_analyse.choice.{decision.chosen.value}")
        better = tr(lang, f"cli_analyse.choice.{decision.best.value}")
        return tr(lang, "cli_analyse.worst_cube", played=played, better=better, **params)
    assert decision.roll is not None and not isinstance(decision.best, CubeChoice)
    roll = f"{max(decision.roll)}-{min(decision.roll)}"
    played, better = format_play(decision.chosen), format_play(decision.best)
    if lang in RTL_LANGUAGES:  # (read from the right, as the game writes them: «بار←20»، 5-4 the 5 first)
        from tawla.i18n.messages import play_from_the_right

        roll = isolate_rtl(roll)
        played, better = play_from_the_right(lang, played), play_from_the_right(lang, better)
    return tr(lang, "cli_analyse.worst_play", roll=roll, played=played, better=better, **params)


def _player_lines(lang: str, name: str, skill: Skill) -> list[str]:
    if not skill.decisions:
        return [tr(lang, "cli_analyse.player_none", name=name)]

    def count(key: str, n: int) -> str:
        return tr_n(lang, f"cli_analyse.{key}", n)

    rate = skill.error_rate
    params = {
        "name": name,
        "checker": _loss(skill.checker_loss),
        "plays": count("plays", skill.plays),
        "doubtful": count("doubtful", skill.grades[0]),
        "bad": count("bad", skill.grades[1]),
        "very_bad": count("very_bad", skill.grades[2]),
        "rate": f"{rate:.1f}" if rate is not None else "0.0",
    }
    if skill.cube_decisions or skill.cube_loss:
        cube = {"cube": _loss(skill.cube_loss), "cube_decisions": count("cube_decisions", skill.cube_decisions)}
        lines = [tr(lang, "cli_analyse.player", **params, **cube)]
    else:  # (no cube in play, or never near a double: the cube is not mentioned)
        lines = [tr(lang, "cli_analyse.player_checker", **params)]
    if skill.worst is not None:
        lines.append("  " + _worst_text(lang, skill.worst))
    return lines


def analysis_lines(match: Match, analysis: Analysis, lang: str) -> list[str]:
    """The lines of ``tawla analyse`` (logical order, without their newlines)."""
    from tawla.analysis.evaluator import Sage

    names = match.names
    state = match.state
    length = match.rules.match_length
    length_text = tr_n(lang, "panel.match", length) if length else tr(lang, "panel.money")
    score = state.score
    variants = _variants(match)
    played = set(variants.values())
    if "backgammon" in played or not played:
        legend = tr(lang, "cli_analyse.legend", evaluator=Sage.name)
    else:  # (Plakoto or Fevga only: points of the game, tawla's own evaluator)
        own = " / ".join(tr(lang, f"evaluator.own.{game}") for game in ("plakoto", "fevga") if game in played)
        legend = tr(lang, "cli_analyse.legend_tavla", evaluator=own)
    lines = [
        tr(lang, "cli_analyse.title", a=names[0], b=names[1], length=length_text, sa=score[0], sb=score[1]),
        legend,
    ]
    for game in range(1, analysis.games + 1):
        lines.append("")
        variant = variants.get(game, "backgammon")
        if variant != "backgammon":
            own = tr(lang, f"evaluator.own.{variant}")
            lines.append(tr(lang, "cli_analyse.game_judged", n=game, game=tr(lang, f"games.{variant}"), evaluator=own))
        else:
            lines.append(tr(lang, "cli_analyse.game", n=game))
        for player in (0, 1):
            lines += ["  " + line for line in _player_lines(lang, names[player], analysis.skill(player, game))]
    lines += ["", tr(lang, "cli_analyse.whole_match" if length else "cli_analyse.whole_session")]
    for player in (0, 1):
        lines += ["  " + line for line in _player_lines(lang, names[player], analysis.skill(player))]
    return lines


def _decision_json(decision: Decision | None) -> dict[str, Any] | None:
    from tawla.analysis.skill import CubeChoice

    if decision is None:
        return None

    def said(choice: object) -> str:
        return choice.value if isinstance(choice, CubeChoice) else format_play(choice)  # type: ignore[arg-type]

    return {
        "game": decision.game,
        "turn": decision.turn,
        "kind": decision.kind.value,
        "roll": list(decision.roll) if decision.roll is not None else None,
        "played": said(decision.chosen),
        "better": said(decision.best),
        "loss": decision.loss,
    }


def _skill_json(skill: Skill) -> dict[str, Any]:
    return {
        "checker_loss": skill.checker_loss,
        "cube_loss": skill.cube_loss,
        "loss": skill.loss,
        "plays": skill.plays,
        "cube_decisions": skill.cube_decisions,
        "doubtful": skill.grades[0],
        "bad": skill.grades[1],
        "very_bad": skill.grades[2],
        "error_rate": skill.error_rate,
        "worst": _decision_json(skill.worst),
    }


def analysis_json(match: Match, analysis: Analysis) -> dict[str, Any]:
    """The figures as one JSON object: per game (``players``: player 0's, then player 1's;
    ``evaluator``: ``open-sage``, or ``tawla-plakoto`` and ``tawla-fevga`` for tawla's own) and
    for the match."""
    from tawla.analysis.skill import GRADES

    variants = _variants(match)
    games = []
    for game in range(1, analysis.games + 1):
        variant = variants.get(game, "backgammon")
        record: dict[str, Any] = {
            "game": game,
            "variant": variant,
            "judged": True,
            "evaluator": "open-sage" if variant == "backgammon" else f"tawla-{variant}",
            "players": [_skill_json(analysis.skill(p, game)) for p in (0, 1)],
        }
        games.append(record)
    return {
        "names": list(match.names),
        "match_length": match.rules.match_length,
        "score": list(match.state.score),
        "thresholds": {grade.value: least for least, grade in reversed(GRADES)},
        "games": games,
        "match": [_skill_json(analysis.skill(p)) for p in (0, 1)],
        "unjudged": analysis.unjudged,
    }


def run_analyse(args: argparse.Namespace, lang: str, out: TextIO, err: TextIO) -> int:
    """``tawla analyse``: read the match (status 2 if it cannot be), judge it (status 1 without
    an evaluator), print the figures."""
    from tawla.analysis.evaluator import PACKAGE, Unavailable
    from tawla.analysis.skill import analyse

    try:
        match = load_match(Path(args.file), lang)
    except InputError as exc:
        err.write(_report(lang, str(exc)))
        return BAD_INPUT
    try:
        analysis = analyse(match)
    except Unavailable as why:
        err.write(_report(lang, tr(lang, f"evaluator.none.{why.code}", package=PACKAGE)))
        return UNAVAILABLE
    if args.json:
        out.write(json.dumps(analysis_json(match, analysis), ensure_ascii=False) + "\n")
    else:
        out.write("".join(line + "\n" for line in analysis_lines(match, analysis, lang)))
    return 0
