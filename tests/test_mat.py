"""The .mat export, proven by GNU Backgammon's own importer.

Random complete matches and money sessions are written as .mat files and
imported by gnubg (in a child process, see tests/helpers/gnubg_mat.py). gnubg must
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

from .helpers.randomplay import play_random_match


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
        [sys.executable, "-m", "tests.helpers.gnubg_mat", *paths],
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
        text = write_mat(match, datetime.date(2026, 11, 29))
        path.write_text(text, encoding="utf-8")
        paths.append(path)
        # Every game that ended says who won and what, a drop too (#21): one "Wins" line each.
        ended = sum(1 for game in transcript(match) if "result" in game)
        assert sum(1 for line in text.splitlines() if "Wins " in line) == ended, path.name
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
            if mine.get("ending") is Ending.DROP:
                # The "Wins" line after a drop is not read as a resignation too: the game ends on the drop.
                assert not info["resigned"], f"{where} game {n} resigned"
                assert gnu["actions"][-1] == ["drop", 1 - mine["result"][0]], f"{where} game {n} actions"  # type: ignore[index]
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
    assert body[4] == "      Wins 1 point"  # (a drop says who won too, #21)


def dropped_by(dropper: int) -> Match:
    """A 3-point match whose first game ends with ``dropper`` passing the other's double."""
    rules = RuleSet(match_length=3, opening=Opening.PLAY_OPENING_DICE)
    m = Match(rules, ("Ali", "Badr"), ScriptedDice([(3, 1), (4, 2), (4, 2)]))
    m.roll_opening()  # (3-1: Ali opens)
    m.play("8/5 6/5")
    m.confirm()
    if dropper == 1:  # (Badr plays a turn, then Ali doubles him)
        m.roll()
        m.play("8/4 6/4")
        m.confirm()
    m.double()
    m.drop()
    m.next_game()
    m.roll_opening()  # (4-2: Ali opens game 2)
    m.play("8/4 6/4")
    m.confirm()
    return m


@pytest.mark.parametrize(
    ("dropper", "lines"),
    [
        # Ali (left) passes: Badr's "Wins" beside the drop, on its line, as gnubg writes it.
        (0, ["  1) 31: 8/5 6/5                  Doubles => 2", "  2)  Drops                       Wins 1 point"]),
        # Badr (right) passes: Ali's "Wins" under it, in the left column.
        (1, ["  1) 31: 8/5 6/5                 42: 8/4 6/4", "  2)  Doubles => 2                Drops",
             "      Wins 1 point"]),
    ],
)  # fmt: skip
def test_a_drop_ends_with_its_wins_line_and_gnubg_reads_it(tmp_path: Path, dropper: int, lines: list[str]) -> None:
    """A game ended by a drop has its "Wins 1 point" line (#21: readers that count the points from
    it need it), where GNU Backgammon's own export writes it: gnubg reads the drop as the end of
    the game (no resignation after it) and the next game as it was."""
    match = dropped_by(dropper)
    text = write_mat(match, datetime.date(2026, 11, 29))
    body = text.splitlines()[7:]
    assert body[2 : 2 + len(lines)] == lines
    path = tmp_path / "drop.mat"
    path.write_text(text, encoding="utf-8")
    (seen,) = gnubg_import([str(path)])
    first, second = seen["games"]  # type: ignore[misc]
    assert first["info"]["winner"] == "XO"[1 - dropper] and first["info"]["points-won"] == 1
    assert not first["info"]["resigned"]
    assert first["actions"][-2:] == [["double", 1 - dropper], ["drop", dropper]]
    assert (second["info"]["score-X"], second["info"]["score-O"]) == match.state.score
    assert second["moves"] == transcript(match)[1]["moves"]


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
