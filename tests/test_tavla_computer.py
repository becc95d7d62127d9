"""The computer, the hint, skill beside luck and ``tawla hint`` in Plakoto and Fevga (issue 38),
judged by tawla's own evaluator (:mod:`tawla.analysis.tavla_eval`): nothing here needs Open Sage.

The evaluator's own figures are its engineer's (``tests/test_tavla_eval.py``); here, what is built
on it: the computer's choices are the evaluator's best, made through the table a step at a time,
its games keep every invariant and replay; the hint ranks the same plays; the analysis judges them;
the command line answers each line of ``--batch`` through a real pipe before the next is written.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import threading
from dataclasses import replace
from pathlib import Path
from queue import Empty, Queue

import pytest

from tawla.analysis.computer import NAME, Choice, Computer, due, needs_sage, plays
from tawla.analysis.hint import NOTHING, PlayHint, hint_for, hint_refusal
from tawla.analysis.skill import Kind, analyse
from tawla.analysis.tavla_eval import LOOK_MARGIN, tavla_evaluator
from tawla.engine.tavla import FirstChecker, Game, Mother, TavlaBoard, Variant, parse_board, tavla_turn
from tawla.game import Action, Match, MatchState, Phase, RuleSet, SeededDice
from tawla.game.rules import GameChoice
from tawla.game.state import new_match
from tawla.game.table import Table
from tawla.store import saves

from .helpers.randomplay import check_invariants
from .test_tavla_matches import check_tavla

COMPUTER = Computer()
PLAKOTO = RuleSet().adjusted(game=GameChoice.PLAKOTO, match_length=1)
FEVGA = RuleSet().adjusted(game=GameChoice.FEVGA, match_length=1)
START = "-15,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,15;0,0"
"""Plakoto's start in the text of ``tawla moves --game``."""
SPREAD = "0,0,0,0,0,0,0,0,0,2,0,-11,0,2,0,0,0,-2,0,-2,0,0,0,11;0,0"
"""A few checkers of each side away from their start: every roll has plays to choose from."""


def at(rules: RuleSet, board: TavlaBoard, **changes: object) -> MatchState:
    """Player 0 on roll before rolling on ``board`` (seen from player 0)."""
    state = new_match(rules)
    return replace(state, phase=Phase.TURN, board=board, on_roll=0, **changes)  # type: ignore[arg-type]


def test_the_computer_sits_at_every_game_and_plakoto_and_fevga_need_no_package() -> None:
    for rules in (PLAKOTO, FEVGA):
        assert plays(rules) and not needs_sage(rules)
    tavli = RuleSet().adjusted(game=GameChoice.TAVLI, match_length=3)
    assert plays(tavli) and needs_sage(tavli)  # (its Portes is backgammon)


@pytest.mark.parametrize("rules", [PLAKOTO, FEVGA], ids=["plakoto", "fevga"])
def test_it_rolls_without_a_cube_and_makes_the_evaluators_best_play_a_step_at_a_time(rules: RuleSet) -> None:
    board = parse_board(rules.game_of(1), SPREAD)  # (Fevga's start has one play a roll: played for it)
    match = Match(rules, (NAME, "Badr"), SeededDice(11), computer={0}, start=at(rules, board))
    table = Table(match)
    assert COMPUTER.decide(match.state) == Choice(Action.ROLL)
    COMPUTER.act(table)
    turn = match.state.turn
    assert turn is not None and isinstance(turn.start, TavlaBoard)
    variant = match.state.variant
    best = tavla_evaluator(variant.game).choose(turn.start, (turn.roll[0], turn.roll[1]), variant).play
    made = []
    while match.state.phase is Phase.MOVING and not match.state.turn.complete:  # type: ignore[union-attr]
        choice = COMPUTER.decide(match.state)
        assert choice.action is Action.MOVE
        assert COMPUTER.act(table).refused is None
        made.append(choice.step)
    assert tuple(made) == best.steps and match.state.turn is not None and match.state.turn.position == best.result
    assert COMPUTER.decide(match.state) == Choice(Action.CONFIRM)
    COMPUTER.act(table)
    assert match.state.on_roll == 1 and not due(match.state, match.computer)


def test_a_plakoto_turn_begun_with_another_step_is_taken_back_first() -> None:
    board = parse_board(Game.PLAKOTO, SPREAD)
    match = Match(PLAKOTO, (NAME, "Badr"), SeededDice(5), computer={0}, start=at(PLAKOTO, board))
    table = Table(match)
    table.roll()
    turn = match.state.turn
    assert turn is not None
    variant = match.state.variant
    ranked = tavla_evaluator(Game.PLAKOTO).rank(turn.start, (turn.roll[0], turn.roll[1]), variant)  # type: ignore[arg-type]
    other = next(r.play for r in ranked[1:] if r.play.steps[0] != ranked[0].play.steps[0])
    assert table.step(other.steps[0]).refused is None
    assert COMPUTER.decide(match.state) == Choice(Action.UNDO)


def _resigning(rules: RuleSet, board: TavlaBoard, level: int) -> MatchState:
    """Player 0, on roll before rolling on ``board``, offers the computer to resign at ``level``."""
    return replace(at(rules, board), phase=Phase.RESIGNING, resignation=(0, level), resume=Phase.TURN)


def test_it_answers_a_resignation_by_what_it_expects_to_win() -> None:
    # The resigner has borne off nothing and the computer twelve: a double win is all but
    # certain, so a single resigned is declined and a double accepted.
    losing = parse_board(Game.PLAKOTO, "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,-3,0,0,0,15;0,12")
    rules = PLAKOTO.adjusted(match_length=0)
    assert COMPUTER.decide(_resigning(rules, losing, 1)) == Choice(Action.DECLINE)
    assert COMPUTER.decide(_resigning(rules, losing, 2)) == Choice(Action.ACCEPT)
    # The start: a single resigned is more than playing on is worth to it.
    assert COMPUTER.decide(_resigning(rules, TavlaBoard.start(Game.PLAKOTO), 1)) == Choice(Action.ACCEPT)
    # In a 1-point match, a single is the match: accepted whatever the board.
    assert COMPUTER.decide(_resigning(PLAKOTO, losing, 1)) == Choice(Action.ACCEPT)


def test_after_the_roll_a_resignation_is_judged_after_the_resigners_best_play() -> None:
    losing = parse_board(Game.FEVGA, "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,-3,0,0,0,15;0,12")
    rules = FEVGA.adjusted(match_length=0)
    state = replace(_resigning(rules, losing, 1), resume=Phase.MOVING)
    state = replace(state, turn=tavla_turn(losing, (2, 1), (), state.variant))
    assert COMPUTER.decide(state) == Choice(Action.DECLINE)


def self_play(rules: RuleSet, seed: int) -> Match:
    """A match the computer plays in both seats through the table, every invariant checked."""
    match = Match(rules, (NAME, NAME), SeededDice(seed), computer={0, 1})
    table = Table(match)
    previous: MatchState | None = None
    for _ in range(20_000):
        if match.state.match_over:
            break
        state = match.state
        assert state.phase is Phase.GAME_OVER or due(state, match.computer), state.phase
        outcome = COMPUTER.act(table)
        assert outcome.refused is None, outcome.refused
        check_invariants(match.state, previous)
        if match.state.variant.game is not Game.BACKGAMMON:
            check_tavla(match.state)
        previous = match.state
    assert match.state.match_over
    return match


def random_rules(game: GameChoice, rng: random.Random) -> RuleSet:
    """A single game of ``game`` under a mother rule and a first-checker rule drawn at random."""
    return RuleSet().adjusted(
        game=game, match_length=1, mother=rng.choice(list(Mother)), first_checker=rng.choice(list(FirstChecker))
    )


def replayed_and_saved(match: Match) -> None:
    """``match``'s history replays to its state, and a save of it loads as it is."""
    assert Match(match.rules, match.names, events=match.events).state == match.state
    data = json.loads(saves.dumps(saves.SavedMatch(match, "test", "2026-12-07T10:00:00")))
    loaded = saves.from_json(data).match
    assert loaded.state == match.state and loaded.computer == frozenset({0, 1})


@pytest.mark.parametrize("game", [GameChoice.PLAKOTO, GameChoice.FEVGA])
def test_a_few_games_against_itself_keep_every_invariant_replay_and_save(game: GameChoice) -> None:
    """(A thousand of each: ``python -m tests.scripts.tavla_self_play``.)"""
    rng = random.Random(f"tavla-computer-{game}")
    for _ in range(3):
        replayed_and_saved(self_play(random_rules(game, rng), rng.getrandbits(32)))


# -- the hint -----------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [PLAKOTO, FEVGA], ids=["plakoto", "fevga"])
def test_the_hint_ranks_the_rolls_plays_from_the_turns_start_without_a_cube(rules: RuleSet) -> None:
    board = TavlaBoard.start(rules.game_of(1))
    match = Match(rules, ("Ali", "Badr"), SeededDice(4), start=at(rules, board))
    assert hint_refusal(match.state) == NOTHING  # (before the roll: no cube to decide)
    match.roll()
    hint = hint_for(match.state)
    assert isinstance(hint, PlayHint) and hint.cube is None and hint.tavla is rules.game_of(1)
    equities = [r.equity for r in hint.ranked]
    assert equities == sorted(equities, reverse=True) and hint.ranked[0].loss == 0
    assert hint.rest == hint.best.play.steps
    # A step of the best play made: the rest is what is left of it.
    first = hint.best.play.steps[0]
    match.move(first)
    again = hint_for(match.state)
    assert isinstance(again, PlayHint) and again.ranked == hint.ranked and again.rest == hint.best.play.steps[1:]


# -- skill beside luck ---------------------------------------------------------------------------


def test_the_analysis_judges_each_plakoto_and_fevga_play_in_a_tavli_match_with_their_own_evaluator() -> None:
    pytest.importorskip("bgsage")  # (its Portes is backgammon's)
    rules = RuleSet().adjusted(game=GameChoice.TAVLI, match_length=7)  # (long enough for all three games)
    match = self_play(rules, 8)
    analysis = analyse(match)
    assert {Game.PLAKOTO, Game.FEVGA} <= analysis.judges and analysis.unjudged == 0
    games = {rules.game_of(d.game) for d in analysis.decisions}
    assert {Game.PLAKOTO, Game.FEVGA} <= games
    # The computer plays its evaluator's best: nothing lost, move after move, in Plakoto; in Fevga
    # it looks one roll further at the plays close to the best, which the analysis (at first
    # sight) finds at most LOOK_MARGIN worse, and some of them are.
    plakoto = [d for d in analysis.decisions if rules.game_of(d.game) is Game.PLAKOTO]
    fevga = [d for d in analysis.decisions if rules.game_of(d.game) is Game.FEVGA]
    assert all(d.kind is Kind.PLAY and d.loss == 0 for d in plakoto)
    assert all(d.kind is Kind.PLAY and 0 <= d.loss <= LOOK_MARGIN + 1e-9 for d in fevga)
    assert any(d.loss > 0 for d in fevga)


def test_a_worse_play_is_judged_by_its_loss() -> None:
    board = parse_board(Game.FEVGA, SPREAD)
    match = Match(FEVGA, ("Ali", "Badr"), SeededDice(9), start=at(FEVGA, board))
    match.roll()
    turn = match.state.turn
    assert turn is not None
    variant = match.state.variant
    ranked = tavla_evaluator(Game.FEVGA).rank(turn.start, (turn.roll[0], turn.roll[1]), variant)  # type: ignore[arg-type]
    worst = ranked[-1]
    match.play(worst.play)
    if match.state.phase is Phase.MOVING:
        match.confirm()
    decisions = analyse(match).decisions
    assert len(decisions) == 1 and decisions[0].player == 0
    assert decisions[0].loss == pytest.approx(worst.loss) and decisions[0].best == ranked[0].play


# -- tawla hint --game --------------------------------------------------------------------------


def _tawla(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LANG": "C.UTF-8"}
    env.pop("LC_ALL", None)
    return subprocess.run(
        [sys.executable, "-m", "tawla", *args], input=stdin, capture_output=True, text=True, timeout=120, env=env
    )


def test_tawla_hint_game_lists_the_legal_plays_best_first_with_their_values() -> None:
    run = _tawla("hint", "--game", "plakoto", START, "31")
    assert run.returncode == 0, run.stderr
    lines = [line.split("\t") for line in run.stdout.splitlines()]
    variant = Variant(Game.PLAKOTO)
    ranked = tavla_evaluator(Game.PLAKOTO).rank(parse_board(Game.PLAKOTO, START), (3, 1), variant)
    assert [line[1] for line in lines] == [r.play.result.text() for r in ranked]
    assert [float(line[2]) for line in lines] == [round(r.equity, 3) + 0.0 for r in ranked]
    # A bad position says so on one line, status 2.
    bad = _tawla("hint", "--game", "fevga", "1,2,3", "31")
    assert bad.returncode == 2 and len(bad.stderr.splitlines()) == 1 and not bad.stdout


def _piped(args: list[str], lines: list[str]) -> list[dict[str, object]]:
    """Each of ``lines`` written to ``tawla ARGS`` through a pipe, its answer read before the
    next line is written (the process's input stays open all the while)."""
    env = {**os.environ, "LANG": "C.UTF-8"}
    process = subprocess.Popen(
        [sys.executable, "-m", "tawla", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert process.stdin is not None and process.stdout is not None
    answers: Queue[str] = Queue()
    out = process.stdout
    reader = threading.Thread(target=lambda: [answers.put(line) for line in out], daemon=True)
    reader.start()
    got = []
    try:
        for line in lines:
            process.stdin.write(line + "\n")
            process.stdin.flush()
            try:
                got.append(json.loads(answers.get(timeout=120)))
            except Empty:
                raise AssertionError(f"no answer to {line!r} within 120 s while the pipe stayed open") from None
    finally:
        process.stdin.close()
        process.wait(timeout=120)
    return got


def test_hint_batch_answers_each_line_as_soon_as_it_is_read_plakoto_and_fevga() -> None:
    fevga_start = TavlaBoard.start(Game.FEVGA).text()
    plakoto = _piped(["hint", "--batch", "--game", "plakoto"], [f"{START} 31", f"{START} 66", "nonsense"])
    assert plakoto[0]["position"] == START and plakoto[0]["dice"] == [3, 1]
    play = plakoto[0]["plays"][0]  # type: ignore[index]
    assert set(play) == {"move", "result", "equity"} and parse_board(Game.PLAKOTO, play["result"])
    assert plakoto[1]["dice"] == [6, 6] and "error" in plakoto[2]
    fevga = _piped(["hint", "--batch", "--game", "fevga"], [f"{fevga_start} 64"])
    assert fevga[0]["position"] == fevga_start and fevga[0]["plays"]


def test_backgammons_hint_batch_answers_each_line_as_soon_as_it_is_read() -> None:
    pytest.importorskip("bgsage")
    answers = _piped(["hint", "--batch"], ["4HPwATDgc/ABMA 31", "4HPwATDgc/ABMA 65"])
    assert [a["dice"] for a in answers] == [[3, 1], [6, 5]]
    assert answers[0]["plays"][0]["move"] == "8/5 6/5"  # type: ignore[index]


def test_tawla_analyse_judges_a_saved_plakoto_match_with_tawlas_own_evaluator(tmp_path: Path) -> None:
    match = self_play(PLAKOTO, 3)
    path = tmp_path / "plakoto.json"
    path.write_text(saves.dumps(saves.SavedMatch(match, saves.new_id(), saves.now())), encoding="utf-8")
    run = _tawla("analyse", str(path))
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert "Game 1 (Plakoto): judged by tawla's own Plakoto evaluator" in lines
    assert "tawla's own Plakoto evaluator" in lines[1] and "EMG" not in lines[1]  # (the legend: points)
    figures = json.loads(_tawla("analyse", "--json", str(path)).stdout)
    assert figures["games"][0]["evaluator"] == "tawla-plakoto" and figures["match"][0]["plays"] > 0
