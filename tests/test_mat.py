"""The .mat export, proven by GNU Backgammon's own importer.

Random complete matches and money sessions are written as .mat files and
imported by gnubg (in a child process, see tests/gnubg_mat.py). gnubg must
see the same moves from the same positions with the same dice, the same
winner and points for every game, and the same final score.
"""

from __future__ import annotations

import datetime
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tawla.engine import match_from_id, position_id
from tawla.game import Ending, Match, NextOpener, Opening, RuleSet, ScriptedDice, advance, new_match
from tawla.game.events import Doubled, Dropped, Stepped, Took, TurnEnded
from tawla.game.mat import write_mat

from .randomplay import play_random_match


def transcript(match: Match) -> list[dict[str, object]]:
    """What each game should look like to gnubg: moves (player, dice, board before), result."""
    state = new_match(match.rules)
    games: list[dict[str, object]] = [{"score": state.score, "moves": [], "written": False}]
    for event in match.events:
        before, state = state, advance(state, event)
        if state.game != before.game:
            games.append({"score": state.score, "moves": [], "written": False})
        # A turn ends when confirmed, or at the step that bears the last checker off.
        turn_over = isinstance(event, TurnEnded) or (isinstance(event, Stepped) and state.turn is None)
        if turn_over or isinstance(event, (Doubled, Took, Dropped)):
            games[-1]["written"] = True  # the game has a line in the file before its end
        if turn_over:
            assert before.turn is not None
            games[-1]["moves"].append(  # type: ignore[union-attr]
                {"player": before.on_roll, "dice": list(before.turn.roll), "board": position_id(before.turn.start)}
            )
        if len(state.results) > len(before.results):
            result = state.results[-1]
            games[-1]["result"] = (result.winner, result.points)
            games[-1]["ending"] = result.ending
    return games


def gnubg_import(paths: list[str]) -> list[dict[str, object]]:
    done = subprocess.run(
        [sys.executable, "-m", "tests.gnubg_mat", *paths],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=Path(__file__).resolve().parent.parent,
        check=True,
    )
    return [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]


def gnubg_rules(rng: random.Random) -> RuleSet:
    """Random rule sets that a .mat file can express and gnubg reads as we mean them.

    Not beavers: gnubg 1.1's importer keeps its own cube count through a beaver
    (see tawla.game.mat), so those files are checked for layout only.
    """
    money = rng.random() < 0.3
    cube = rng.random() < 0.85
    return RuleSet(
        match_length=0 if money else rng.choice((1, 3, 5, 7)),
        opening=rng.choice(list(Opening)),
        next_game_opener=rng.choice(list(NextOpener)),
        cube=cube,
        jacoby=money and cube and rng.random() < 0.5,
    )


def test_random_matches_read_back_by_gnubg_identically(tmp_path: Path) -> None:
    rng = random.Random("mat-export")
    matches = [play_random_match(rng, gnubg_rules(rng), max_games=3, check=False) for _ in range(60)]
    paths = []
    for i, match in enumerate(matches):
        path = tmp_path / f"match{i}.mat"
        path.write_text(write_mat(match, datetime.date(2026, 11, 29)), encoding="utf-8")
        paths.append(path)
    seen = gnubg_import([f"{p}::jacoby" if m.rules.jacoby else str(p) for p, m in zip(paths, matches, strict=True)])
    assert len(seen) == len(matches)
    for match, path, got in zip(matches, paths, seen, strict=True):
        ours = transcript(match)
        theirs = got["games"]
        where = f"{path.name} ({match.rules})"
        assert len(theirs) == len(ours), where  # type: ignore[arg-type]
        for n, (mine, gnu) in enumerate(zip(ours, theirs, strict=True), start=1):  # type: ignore[call-overload]
            info = gnu["info"]
            assert (info["score-X"], info["score-O"]) == mine["score"], f"{where} game {n} score"
            assert gnu["moves"] == mine["moves"], f"{where} game {n} moves"
            if mine.get("ending") is Ending.RESIGN and not mine["written"]:
                # Resigned before anything happened: gnubg ignores a "Wins" line that is
                # all there is of a game (the next game's header still carries the score).
                assert info["winner"] is None
            elif "result" in mine:
                winner, points = mine["result"]  # type: ignore[misc]
                assert info["winner"] == "XO"[winner], f"{where} game {n} winner"
                assert info["points-won"] == points, f"{where} game {n} points"
        final = match_from_id(got["matchid"]) if match.rules.is_match and got["matchid"] else None
        if final is not None and ours[-1]["moves"]:
            assert final.score == match.state.score, f"{where} final score"


def test_transcript_layout() -> None:
    rules = RuleSet(match_length=3, opening=Opening.PLAY_OPENING_DICE)
    m = Match(rules, ("Ali: the first", "Badr"), ScriptedDice([(3, 1), (4, 2)]))
    m.roll_opening()
    m.play("8/5 6/5")
    m.confirm()
    m.roll()
    m.play("8/4 6/4")
    m.confirm()
    m.double()
    m.drop()
    text = write_mat(m, datetime.date(2026, 11, 29))
    assert text.splitlines()[:7] == [
        '; [Site "tawla"]',
        '; [EventDate "2026.11.29"]',
        '; [Player 1 "Ali- the first"]',
        '; [Player 2 "Badr"]',
        "",
        " 3 point match",
        "",
    ]
    body = text.splitlines()[7:]
    assert body[0] == " Game 1"
    assert body[1] == " " + "Ali- the first : 0".ljust(31) + "Badr : 0"
    assert body[2] == "  1) 31: 8/5 6/5                 42: 8/4 6/4"
    assert body[3] == "  2)  Doubles => 2                Drops"


@pytest.mark.parametrize("length", [0, 5])
def test_empty_match_still_writes_a_header(length: int) -> None:
    text = write_mat(Match(RuleSet(match_length=length)), datetime.date(2026, 1, 2))
    assert f" {length} point match" in text and " Game 1" in text


def test_beaver_and_raccoon_lines() -> None:
    rules = RuleSet(match_length=0, beavers=True, raccoons=True)
    m = Match(rules, ("A", "B"), ScriptedDice([(3, 1)]))
    m.roll_opening()  # A wins the opening with 3-1
    m.play("8/5 6/5")
    m.confirm()
    m.double()  # B doubles to 2
    m.beaver()  # A beavers to 4
    m.raccoon()  # B raccoons to 8
    m.take()  # A takes at 8; B keeps the cube
    body = write_mat(m, datetime.date(2026, 11, 29)).splitlines()[7:]
    assert body[2] == "  1) 31: 8/5 6/5                  Doubles => 2"
    assert body[3] == "  2)  Beavers => 4                Raccoons => 8"
    assert body[4] == "  3)  Takes"
    assert m.state.cube.value == 8 and m.state.cube.owner == 1
