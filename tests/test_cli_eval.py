"""``tawla hint`` and ``tawla analyse``, run in this process as a player or a script would run them
(the evaluator loads once for the whole file), and the skill figures recomputed from the history."""

from __future__ import annotations

import io
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tawla.cli import main
from tawla.cli.moves import moves_lines
from tawla.engine import Position, apply_step
from tawla.engine.ids import MatchInfo, match_id
from tawla.engine.moves import make_step
from tawla.engine.notation import format_play
from tawla.game import Match, Phase, RuleSet, advance
from tawla.game.events import OpeningRolled, Rolled, Stepped, TurnEnded
from tawla.game.mat import read_mat, write_mat
from tawla.game.rules import TAVLA_CUSTOMS, GameChoice
from tawla.store import saves

from .helpers.randomplay import play_random_match

bgsage = pytest.importorskip("bgsage", reason="the evaluator is not installed here")

START = "4HPwATDgc/ABMA"
EQUITY = re.compile(r"^[+-]\d+\.\d{3}$")


def tawla(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *args: str, stdin: str = ""
) -> tuple[int, str, str]:
    """Run ``tawla ARGS`` in this process: (exit status, standard output, standard error)."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    monkeypatch.delenv("LANG", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    capsys.readouterr()
    try:
        status = main(list(args))
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def split(line: str) -> tuple[str, float]:
    """A hint line: the ``tawla moves`` line before it, and its equity."""
    head, _, equity = line.rpartition("\t")
    assert EQUITY.match(equity), line
    return head, float(equity)


# -- hint ------------------------------------------------------------------------------------


def test_the_hint_of_the_opening_31_lists_every_play_best_first(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, err = tawla(capsys, monkeypatch, "hint", START, "31")
    assert (status, err) == (0, "")
    lines = [split(line) for line in out.splitlines()]
    assert len(lines) == 16
    assert lines[0][0] == "8/5 6/5\t4HPwATCwZ/ABMA"  # (making the 5-point: every book's best 31)
    equities = [e for _, e in lines]
    assert equities == sorted(equities, reverse=True) and equities[0] > equities[1]
    assert sorted(head for head, _ in lines) == sorted(moves_lines(START, "31", "en"))


def test_a_match_id_gives_the_score_and_the_cube(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 4-away 2-away with the cube on 2, the equities are the match's, not money play's."""
    mid = match_id(MatchInfo(cube=2, cube_owner=1, on_roll=0, match_length=5, score=(1, 3)))
    money = tawla(capsys, monkeypatch, "hint", START, "31")[1].splitlines()
    status, out, _ = tawla(capsys, monkeypatch, "hint", f"{START}:{mid}", "31")
    match = out.splitlines()
    assert status == 0 and len(match) == 16
    assert sorted(split(line)[0] for line in match) == sorted(split(line)[0] for line in money)
    assert [split(line)[1] for line in match] != [split(line)[1] for line in money]


def test_the_match_id_is_read_from_the_player_on_roll_as_gnubg_writes_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The IDs of a match in play (player 1 on roll, owning the cube, at some score) give the
    equities the evaluator gives for that state's board and cube, as the analysis asks them."""
    from tawla.analysis.evaluator import evaluator
    from tawla.analysis.skill import cube_of

    rng = random.Random(5)
    found = 0
    for _ in range(200):
        m = play_random_match(rng, RuleSet(match_length=7))
        # Replay until a turn of player 1's begins with the cube turned.
        replay = Match(m.rules, m.names, events=())
        for event in m.events:
            state = replay.state
            if isinstance(event, Rolled) and state.phase is Phase.TURN and state.on_roll == 1 and state.cube.value > 1:
                pid, mid = replay.position_id(), replay.match_id()
                expected = evaluator().rank(state.board, event.dice, cube_of(state))  # type: ignore[arg-type]
                roll = f"{event.dice[0]}{event.dice[1]}"
                status, out, _ = tawla(capsys, monkeypatch, "hint", f"{pid}:{mid}", roll)
                assert status == 0
                got = [(line.split("\t")[0], float(line.split("\t")[2])) for line in out.splitlines()]
                assert got == [(format_play(r.play), round(r.equity, 3)) for r in expected]
                found += 1
                break
            replay.replay_event(event)
        if found == 3:
            return
    raise AssertionError("no such turn in 200 random matches")


def test_hint_batch_one_json_object_a_line(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    mid = match_id(MatchInfo(match_length=3, score=(2, 1), crawford=True))
    lines = f"{START} 31\n\n{START}:{mid} 6-6\nnonsense 31\n{START} 77\n{START}:AAAA 31\n"
    status, out, err = tawla(capsys, monkeypatch, "hint", "--batch", stdin=lines)
    assert (status, err) == (0, "")
    records = [json.loads(line) for line in out.splitlines()]
    assert len(records) == 5  # (the empty line is skipped)
    first, crawford = records[0], records[1]
    assert first["position"] == START and first["dice"] == [3, 1] and len(first["plays"]) == 16
    assert first["plays"][0] == {"move": "8/5 6/5", "result": "4HPwATCwZ/ABMA", "equity": first["plays"][0]["equity"]}
    for record in (first, crawford):
        equities = [p["equity"] for p in record["plays"]]
        assert equities == sorted(equities, reverse=True)
    assert crawford["position"] == f"{START}:{mid}" and crawford["dice"] == [6, 6]
    assert "14 characters" in records[2]["error"] and "bad roll" in records[3]["error"]
    assert records[4]["error"].startswith("bad Match ID 'AAAA'")


@pytest.mark.parametrize(
    ("args", "en", "ar"),
    [
        (("hint", START), "give a Position ID", "المطلوب معرّف وضعية"),
        (("hint", START, "71"), "bad roll '71'", "رمية غير صالحة «71»"),
        (("hint", "xyz", "31"), "bad Position ID 'xyz'", "معرّف وضعية غير صالح «xyz»"),
        (("hint", f"{START}:cAkAAAAAAAA", "31"), "12 characters are needed, not 11", "معرّف مباراة غير صالح"),
        (("hint", f"{START}:" + match_id(MatchInfo(match_length=3, score=(3, 1))), "31"), "is over", "منتهية"),
        (("hint", "--batch", START), "give a Position ID", "المطلوب معرّف وضعية"),
    ],
)
def test_bad_hint_input_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...], en: str, ar: str
) -> None:
    for lang, words in (("en", en), ("ar", ar)):
        status, out, err = tawla(capsys, monkeypatch, "--lang", lang, *args)
        assert (status, out) == (2, "")
        assert words in err and err.count("\n") == 1 and "Traceback" not in err, err
        assert err.startswith("tawla: error: " if lang == "en" else "tawla: خطأ: ")


def _no_evaluator(monkeypatch: pytest.MonkeyPatch) -> None:
    from tawla.analysis import evaluator as ev
    from tawla.analysis import skill

    def unavailable() -> ev.Sage:
        raise ev.Unavailable("not_installed")

    monkeypatch.setattr(ev, "evaluator", unavailable)
    monkeypatch.setattr(skill, "evaluator", unavailable)


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "No evaluator here"), ("ar", "لا مقيِّم هنا")],
)
def test_without_an_evaluator_the_hint_says_how_to_get_one_and_exits_1(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: str, words: str, tmp_path: Path
) -> None:
    _no_evaluator(monkeypatch)
    for args in (("hint", START, "31"), ("hint", "--batch")):
        status, out, err = tawla(capsys, monkeypatch, "--lang", lang, *args, stdin=f"{START} 31\n")
        assert (status, out) == (1, "")
        assert words in err and "pip install bgsage" in err and err.count("\n") == 1
    # Bad input is still bad input (status 2), evaluator or not.
    assert tawla(capsys, monkeypatch, "--lang", lang, "hint", START, "77")[0] == 2
    path = tmp_path / "m.mat"
    path.write_text(write_mat(play_random_match(random.Random(1), RuleSet(match_length=1))), encoding="utf-8")
    status, out, err = tawla(capsys, monkeypatch, "--lang", lang, "analyse", str(path))
    assert (status, out) == (1, "") and words in err


# -- analyse ---------------------------------------------------------------------------------


def finished_matches(count: int, seed: int = 11) -> list[Match]:
    """Random finished matches under the rules a .mat says in full (no resignation: a turn a
    player resigned in leaves its roll out of the transcript)."""
    from tawla.game.events import ResignOffered

    rng = random.Random(seed)
    found = []
    while len(found) < count:
        m = play_random_match(rng, RuleSet(match_length=rng.choice((0, 1, 3, 5))), max_games=3)
        if not any(isinstance(e, ResignOffered) for e in m.events):
            found.append(m)
    return found


def test_analyse_prints_the_figures_of_the_analysis_game_by_game_and_for_the_match(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from tawla.analysis.skill import analyse

    for n, original in enumerate(finished_matches(3)):
        path = tmp_path / f"m{n}.mat"
        path.write_text(write_mat(original), encoding="utf-8")
        analysis = analyse(original)
        status, out, err = tawla(capsys, monkeypatch, "analyse", "--json", str(path))
        assert (status, err) == (0, "")
        figures = json.loads(out)
        assert figures["score"] == list(original.state.score)
        assert figures["thresholds"] == {"doubtful": 0.04, "bad": 0.08, "very_bad": 0.16}
        for player in (0, 1):
            whole, skill = figures["match"][player], analysis.skill(player)
            # The .mat read back is judged as the match itself was.
            assert whole["checker_loss"] == pytest.approx(skill.checker_loss, abs=1e-9)
            assert whole["cube_loss"] == pytest.approx(skill.cube_loss, abs=1e-9)
            assert (whole["plays"], whole["cube_decisions"]) == (skill.plays, skill.cube_decisions)
            assert (whole["doubtful"], whole["bad"], whole["very_bad"]) == skill.grades
            # The games add up to the match.
            games = [g["players"][player] for g in figures["games"]]
            for field in ("checker_loss", "cube_loss", "loss"):
                assert sum(g[field] for g in games) == pytest.approx(whole[field], abs=1e-9)
            for field in ("plays", "cube_decisions", "doubtful", "bad", "very_bad"):
                assert sum(g[field] for g in games) == whole[field]
        # The text says the same figures.
        status, text, _ = tawla(capsys, monkeypatch, "analyse", str(path))
        lines = text.splitlines()
        match_part = lines[lines.index("The whole match" if original.rules.match_length else "The whole session") :]
        for player in (0, 1):
            skill = analysis.skill(player)
            said = next(line for line in match_part if line.startswith(f"  {original.names[player]}: "))
            if skill.decisions:
                assert f"{skill.checker_loss:.3f} lost" in said
                assert (f", {skill.cube_loss:.3f} lost" in said) == bool(skill.cube_decisions or skill.cube_loss)
                assert f"error rate {skill.error_rate:.1f} mEMG" in said
            if skill.worst is not None and not isinstance(skill.worst.chosen, str):
                worst = match_part[match_part.index(said) + 1]
                assert f"turn {skill.worst.turn}" in worst and f"({skill.worst.loss:.3f} lost)" in worst


def test_the_text_in_both_languages(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "m.mat"
    path.write_text(write_mat(finished_matches(1, seed=3)[0]), encoding="utf-8")
    en = tawla(capsys, monkeypatch, "analyse", str(path))[1].splitlines()
    ar = tawla(capsys, monkeypatch, "--lang", "ar", "analyse", str(path))[1].splitlines()
    assert len(en) == len(ar) and en[3] == "Game 1" and ar[3] == "الجولة 1"
    assert "Doubtful from 0.040, bad from 0.080, very bad from 0.160" in en[1]
    assert "mEMG" in en[1] and "mEMG" in ar[1]
    assert not re.search(r"checker|lost|worst|doubtful", "\n".join(ar))


def test_a_saved_match_is_analysed_as_its_mat(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    match = finished_matches(1, seed=5)[0]
    saved, mat = tmp_path / "m.json", tmp_path / "m.mat"
    saved.write_text(saves.dumps(saves.SavedMatch(match, saves.new_id(), saves.now())), encoding="utf-8")
    mat.write_text(write_mat(match), encoding="utf-8")
    from_save = tawla(capsys, monkeypatch, "analyse", "--json", str(saved))
    from_mat = tawla(capsys, monkeypatch, "analyse", "--json", str(mat))
    assert from_save[0] == from_mat[0] == 0
    assert json.loads(from_save[1])["match"] == json.loads(from_mat[1])["match"]


def test_plakoto_and_fevga_are_judged_by_tawlas_own_evaluator(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    rng = random.Random(2)
    tavli = play_random_match(rng, RuleSet(game=GameChoice.TAVLI, match_length=3, **TAVLA_CUSTOMS), check=False)
    path = tmp_path / "tavli.json"
    path.write_text(saves.dumps(saves.SavedMatch(tavli, saves.new_id(), saves.now())), encoding="utf-8")
    status, out, _ = tawla(capsys, monkeypatch, "analyse", str(path))
    assert status == 0
    assert "Game 2 (Plakoto): judged by tawla's own Plakoto evaluator" in out.splitlines()
    assert "Game 3 (Fevga): judged by tawla's own Fevga evaluator" in out.splitlines()
    ar = tawla(capsys, monkeypatch, "--lang", "ar", "analyse", str(path))[1].splitlines()
    assert "الجولة 2 (بلاكوتو): التقييم من مقيِّم tawla الخاص بالبلاكوتو" in ar
    figures = json.loads(tawla(capsys, monkeypatch, "analyse", "--json", str(path))[1])
    assert [g["evaluator"] for g in figures["games"]][:3] == ["open-sage", "tawla-plakoto", "tawla-fevga"]
    assert all(g["judged"] and g["players"][0]["plays"] > 0 for g in figures["games"][:3])


def _corrupt(text: str) -> str:
    """A transcript whose first play has an impossible move."""
    lines = text.splitlines()
    i = next(n for n, line in enumerate(lines) if re.match(r"^\s+\d+\).*\d\d: \d", line))
    lines[i] = re.sub(r"(\d\d): \S+", r"\1: 24/1", lines[i], count=1)
    return "\n".join(lines)


@pytest.mark.parametrize(
    ("content", "en", "ar"),
    [
        (None, "cannot read", "تعذّرت قراءة"),
        ("hello\n", "neither a match tawla saved nor a .mat", "ليس مباراة حفظتها tawla"),
        (b"\xff\xfe\x00", "it is not text", "ليس نصّاً"),
        ('{"format": "tawla-match", "version": 99}', "newer tawla", "أحدث"),
        ("{not json", "not a tawla file", None),
        (" 3 point match\n\n Game 1\n A : 0   B : 0\n  1) 31: 8/5 6/5  hello\n", "line 5", "السطر 5"),
        (" 3 point match\n\n Game 1\n", "line 4", "السطر 4"),
        ("corrupt", "line ", "السطر "),
        (" 3 point match\n\n Game 1\n A : 0   B : 1\n", "the score of game 1", "نتيجة الجولة 1"),
        (" 1 point match\n\n Game 1\n A : 0   B : 0\n  1)  Takes\n", "line 5", "السطر 5"),
    ],
)
def test_a_bad_file_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    content: str | bytes | None,
    en: str,
    ar: str | None,
) -> None:
    path = tmp_path / "bad.mat"
    if content == "corrupt":
        content = _corrupt(write_mat(finished_matches(1, seed=1)[0]))
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content, encoding="utf-8")
    for lang, words in (("en", en), ("ar", ar)):
        status, out, err = tawla(capsys, monkeypatch, "--lang", lang, "analyse", str(path))
        assert (status, out) == (2, "")
        assert err.count("\n") == 1 and "Traceback" not in err, err
        if words is not None:
            assert words in err, err


def test_the_reader_gives_back_the_match_the_writer_wrote() -> None:
    """The events of a match read back from its .mat are the match's own, but the opening's ties
    (a .mat does not write them), undone steps (neither does the match keep them) and the order
    of a turn's steps where the notation does not say it (``2/off 2/off`` with a 6-4: which die
    went first)."""

    def played(m: Match) -> list[object]:
        ties = [e for e in m.events if not (isinstance(e, OpeningRolled) and e.die0 == e.die1)]
        out: list[object] = []
        for e in ties:
            if isinstance(e, Stepped) and out and isinstance(out[-1], list):
                out[-1] = sorted([*out[-1], (e.source, e.die)])
            elif isinstance(e, Stepped):
                out.append([(e.source, e.die)])
            else:
                out.append(Rolled(tuple(sorted(e.dice))) if isinstance(e, Rolled) else e)  # type: ignore[arg-type]
        return out

    for match in finished_matches(20, seed=8):
        back = read_mat(write_mat(match))
        assert played(back) == played(match)
        assert back.state.score == match.state.score and back.names == match.names


# -- the skill figures, recomputed from the history ------------------------------------------


def _plays_judged_again(match: Match) -> list[tuple[int, Position, tuple[int, int], float]]:
    """Every checker play with a choice, from the events alone: (player, start, roll, loss), the
    loss the best play's equity minus the chosen play's, both asked of the evaluator anew."""
    from tawla.analysis.evaluator import evaluator
    from tawla.analysis.skill import cube_of

    sage = evaluator()
    found = []
    state = match.start
    turn: tuple[int, Position, tuple[int, int], object] | None = None
    board: Position | None = None
    for event in match.events:
        after = advance(state, event)
        if isinstance(event, Rolled | OpeningRolled) and after.phase is Phase.MOVING and after.turn is not None:
            start = after.turn.start
            assert isinstance(start, Position)
            turn, board = (after.on_roll, start, after.turn.roll, cube_of(after)), start
        elif isinstance(event, Stepped) and turn is not None and board is not None:
            step = make_step(board, event.source, event.die)
            assert step is not None
            board = apply_step(board, step)
        if turn is not None and board is not None and (isinstance(event, TurnEnded) or after.turn is None):
            player, start, roll, cube = turn
            ranked = sage.rank(start, roll, cube)  # type: ignore[arg-type]
            results = {r.play.result: r.equity for r in ranked}
            if len(results) > 1 and board in results:
                found.append((player, start, roll, max(results.values()) - results[board]))
            turn = board = None
        state = after
    return found


def test_the_skill_figures_are_the_sums_of_the_losses_recomputed_from_the_history() -> None:
    """The issue's proof: on random finished matches the per-move losses add up to the totals
    shown, and each checker play's loss is the best play's equity minus the chosen play's."""
    from tawla.analysis.skill import Kind, analyse

    plays = 0
    for match in finished_matches(5, seed=21):
        analysis = analyse(match)
        for player in (0, 1):
            mine = [d for d in analysis.decisions if d.player == player]
            skill = analysis.skill(player)
            assert sum(d.loss for d in mine) == pytest.approx(skill.loss, abs=1e-9)
            assert sum(d.loss for d in mine if d.kind is Kind.PLAY) == pytest.approx(skill.checker_loss, abs=1e-9)
            assert sum(analysis.skill(player, g).loss for g in range(1, analysis.games + 1)) == pytest.approx(
                skill.loss, abs=1e-9
            )
        judged = [(d.player, d.position, d.roll, d.loss) for d in analysis.decisions if d.kind is Kind.PLAY]
        again = _plays_judged_again(match)
        assert [(p, pos, roll) for p, pos, roll, _ in judged] == [(p, pos, roll) for p, pos, roll, _ in again]
        for (_, _, _, loss), (_, _, _, recomputed) in zip(judged, again, strict=True):
            assert loss == pytest.approx(recomputed, abs=1e-9)
        plays += len(again)
    assert plays >= 50  # (the matches are not all single short games)


# -- start-up ----------------------------------------------------------------------------------


def test_the_command_line_imports_no_evaluator_until_a_command_needs_it() -> None:
    code = (
        "import sys; from tawla.cli.parser import build_parser; build_parser('ar').parse_args(['hint', 'x', '31']);"
        "print(sorted(m for m in sys.modules if m.startswith(('bgsage', 'tawla.analysis', 'tawla.cli.evaluate'))))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.strip() == "[]"


def test_the_help_names_both_commands(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    status, out, _ = tawla(capsys, monkeypatch, "--help")
    assert status == 0 and "\n  hint " in out and "\n  analyse " in out
    status, out, _ = tawla(capsys, monkeypatch, "--lang", "ar", "hint", "--help")
    assert status == 0 and "معرّف وضعية" in out and "--batch" in out
    status, out, _ = tawla(capsys, monkeypatch, "analyse", "--help")
    assert status == 0 and "--json" in out and ".mat" in out
