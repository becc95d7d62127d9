"""The computer at the table (issue 24): its choices on named positions, and 1 000 games it plays
against itself through the table, every invariant checked after every action.

The screens' side (the game against the computer by keys, New match's seats) is in
``tests/test_computer_ui.py``; a real terminal in ``tests/test_tmux_computer.py``.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from tawla.analysis.computer import NAME, Choice, Computer, due, needs_sage, plays
from tawla.analysis.evaluator import evaluator
from tawla.engine import Position, turn_state
from tawla.game import Action, Match, MatchState, Phase, RuleSet, ScriptedDice, SeededDice
from tawla.game.events import Stepped, TurnEnded
from tawla.game.rules import GameChoice
from tawla.game.state import Cube, Ending, new_match
from tawla.game.table import Table
from tawla.store import saves
from tawla.store.files import Paths, StoreError

from .helpers.randomplay import check_invariants, random_rules

pytest.importorskip("bgsage")

P = Position.from_counts
DOUBLE_PASS = P({6: 2, 5: 2, 4: 2}, {6: 3, 5: 3, 4: 3, 3: 3})
"""A race the player on roll wins 99 % of the time, no gammon: double, and the other passes."""
DOUBLE_TAKE = P({6: 4, 5: 4, 4: 3, 3: 2, 2: 2}, {6: 4, 5: 4, 4: 3, 3: 2, 2: 1, 7: 1})
"""A race the player on roll wins 71 % of the time: double, and the other takes."""
BEHIND = P({12: 1, 10: 2, 8: 3, 6: 4, 5: 3, 4: 2}, {11: 2, 9: 2, 7: 3, 6: 3, 4: 3, 3: 2})
"""A race the player on roll is behind in (47 %): no double; doubled from here, the other beavers."""
SURE_SINGLE = P({1: 2}, {6: 3, 5: 3, 4: 3})
"""The player on roll wins a single game for certain (the other has borne off six)."""
SURE_BACKGAMMON = P({1: 2}, {13: 5, 12: 5, 11: 5})
"""The player on roll wins a backgammon for all but certain (the other has not left the outfield)."""


def at(board: Position, rules: RuleSet | None = None, **changes: object) -> MatchState:
    """Player 0 on roll before rolling in ``board`` (seen from player 0)."""
    state = new_match(rules or RuleSet.model_validate({"match_length": 0}))
    return replace(state, phase=Phase.TURN, board=board, on_roll=0, **changes)  # type: ignore[arg-type]


COMPUTER = Computer()


# -- who acts --------------------------------------------------------------------------------


def test_the_computer_acts_only_when_its_seat_must() -> None:
    state = at(DOUBLE_TAKE)
    assert due(state, frozenset({0})) and not due(state, frozenset({1})) and not due(state, frozenset())
    doubled = replace(state, phase=Phase.DOUBLED, offered=2)
    assert due(doubled, frozenset({1})) and not due(doubled, frozenset({0}))
    # The opening roll is the players' at the table: the computer throws it only alone at it.
    opening = new_match(RuleSet())
    assert not due(opening, frozenset({0})) and not due(opening, frozenset({1}))
    assert due(opening, frozenset({0, 1}))
    # A game over waits for the person, who reads its card.
    over = replace(state, phase=Phase.GAME_OVER)
    assert not due(over, frozenset({0})) and not due(over, frozenset({0, 1}))


def test_the_computer_plays_every_game() -> None:
    assert plays(RuleSet()) and needs_sage(RuleSet())
    for game in (GameChoice.PLAKOTO, GameChoice.FEVGA, GameChoice.TAVLI):
        rules = RuleSet().adjusted(game=game, match_length=5 if game is GameChoice.TAVLI else 3)
        assert plays(rules) and needs_sage(rules) is (game is GameChoice.TAVLI)  # (Portes: Open Sage)


# -- the cube --------------------------------------------------------------------------------


def test_it_doubles_when_the_evaluator_says_so_and_rolls_otherwise() -> None:
    assert COMPUTER.decide(at(DOUBLE_PASS)) == Choice(Action.DOUBLE)
    assert COMPUTER.decide(at(DOUBLE_TAKE)) == Choice(Action.DOUBLE)
    assert COMPUTER.decide(at(BEHIND)) == Choice(Action.ROLL)
    # Too good to double: it plays on for the gammon.
    assert COMPUTER.decide(at(SURE_BACKGAMMON)) == Choice(Action.ROLL)


def test_it_never_doubles_where_the_rules_forbid_it() -> None:
    match = RuleSet.model_validate({"match_length": 5})
    crawford = at(DOUBLE_TAKE, match, score=(4, 2), crawford_game=True, crawford_used=True)
    assert COMPUTER.decide(crawford) == Choice(Action.ROLL)
    no_cube = RuleSet.model_validate({"match_length": 0, "cube": False})
    assert COMPUTER.decide(at(DOUBLE_TAKE, no_cube)) == Choice(Action.ROLL)
    owned = at(DOUBLE_TAKE, cube=Cube(2, 1))
    assert COMPUTER.decide(owned) == Choice(Action.ROLL)
    at_the_limit = RuleSet.model_validate({"match_length": 0, "max_cube": 2})
    assert COMPUTER.decide(at(DOUBLE_TAKE, at_the_limit, cube=Cube(2, 0))) == Choice(Action.ROLL)
    assert COMPUTER.decide(at(DOUBLE_TAKE, cube=Cube(2, 0))) == Choice(Action.DOUBLE)


def test_doubled_it_takes_drops_and_beavers_as_the_evaluator_says() -> None:
    assert COMPUTER.decide(replace(at(DOUBLE_TAKE), phase=Phase.DOUBLED, offered=2)) == Choice(Action.TAKE)
    assert COMPUTER.decide(replace(at(DOUBLE_PASS), phase=Phase.DOUBLED, offered=2)) == Choice(Action.DROP)
    # Doubled by a player who is behind: beavered where the rules allow it, taken elsewhere.
    beavers = RuleSet.model_validate({"match_length": 0, "beavers": True})
    assert COMPUTER.decide(replace(at(BEHIND, beavers), phase=Phase.DOUBLED, offered=2)) == Choice(Action.BEAVER)
    assert COMPUTER.decide(replace(at(BEHIND), phase=Phase.DOUBLED, offered=2)) == Choice(Action.TAKE)
    # Beavered after a good double, it takes (raccoons when the rules allow and it is ahead).
    raccoons = RuleSet.model_validate({"match_length": 0, "beavers": True, "raccoons": True})
    beavered = replace(at(DOUBLE_TAKE, beavers), phase=Phase.BEAVERED, offered=4)
    assert COMPUTER.decide(beavered) == Choice(Action.TAKE)
    beavered = replace(at(DOUBLE_TAKE, raccoons), phase=Phase.BEAVERED, offered=4)
    assert COMPUTER.decide(beavered) == Choice(Action.RACCOON)


def test_a_double_it_answers_at_the_table_changes_the_cube() -> None:
    match = Match(RuleSet.model_validate({"match_length": 0}), ("Ali", NAME), computer={1}, start=at(DOUBLE_PASS))
    table = Table(match)
    table.double()
    assert due(match.state, match.computer)
    outcome = COMPUTER.act(table)
    assert outcome.refused is None and match.state.phase is Phase.GAME_OVER
    assert match.state.results[-1].ending is Ending.DROP and match.state.results[-1].winner == 0


# -- resignations ----------------------------------------------------------------------------------


def _offered(board: Position, level: int, rules: RuleSet | None = None) -> MatchState:
    """Player 0 (on roll, before rolling) offers to resign at ``level`` to the computer."""
    state = at(board, rules)
    return replace(state, phase=Phase.RESIGNING, resignation=(0, level), resume=Phase.TURN)


def test_it_accepts_a_resignation_worth_what_playing_on_is_and_declines_less() -> None:
    # The resigner (on roll) is the one losing: the boards are seen from them.
    assert COMPUTER.decide(_offered(SURE_SINGLE.swapped(), 1)) == Choice(Action.ACCEPT)
    assert COMPUTER.decide(_offered(SURE_BACKGAMMON.swapped(), 1)) == Choice(Action.DECLINE)
    assert COMPUTER.decide(_offered(SURE_BACKGAMMON.swapped(), 2)) == Choice(Action.DECLINE)
    assert COMPUTER.decide(_offered(SURE_BACKGAMMON.swapped(), 3)) == Choice(Action.ACCEPT)
    # Gammons that do not count: a single is all there is to win.
    no_gammons = RuleSet.model_validate({"match_length": 0, "gammons_count": False, "backgammons_count": False})
    assert COMPUTER.decide(_offered(SURE_BACKGAMMON.swapped(), 1, no_gammons)) == Choice(Action.ACCEPT)
    # An even game: a single resigned is more than playing on is worth.
    assert COMPUTER.decide(_offered(Position.start(), 1)) == Choice(Action.ACCEPT)


def test_in_a_match_a_resignation_that_wins_it_the_match_is_accepted() -> None:
    # 3-point match: the computer (player 1) needs one point; a single resigned is the match,
    # though a backgammon on the board would be worth three points in money play.
    match3 = RuleSet.model_validate({"match_length": 3})
    state = replace(_offered(SURE_BACKGAMMON.swapped(), 1, match3), score=(0, 2))
    assert COMPUTER.decide(state) == Choice(Action.ACCEPT)
    # Needing three, it still plays on for the backgammon.
    assert COMPUTER.decide(_offered(SURE_BACKGAMMON.swapped(), 1, match3)) == Choice(Action.DECLINE)


def test_a_resignation_after_the_roll_is_judged_after_the_resigners_best_play() -> None:
    board = SURE_BACKGAMMON.swapped()
    state = replace(at(board), phase=Phase.RESIGNING, resignation=(0, 1), resume=Phase.MOVING)
    state = replace(state, turn=turn_state(board, (2, 1)))
    assert COMPUTER.decide(state) == Choice(Action.DECLINE)


# -- the checker play -------------------------------------------------------------------------------


def test_it_makes_the_evaluators_best_play_a_step_at_a_time_then_ends_its_turn() -> None:
    rules = RuleSet.model_validate({"match_length": 0})
    match = Match(rules, (NAME, "Badr"), SeededDice(7), computer={0}, start=at(Position.start()))
    table = Table(match)
    assert COMPUTER.decide(match.state) == Choice(Action.ROLL)
    COMPUTER.act(table)
    turn = match.state.turn
    assert turn is not None and isinstance(turn.start, Position)
    best = evaluator().rank(turn.start, (turn.roll[0], turn.roll[1]))[0].play
    made = []
    while match.state.phase is Phase.MOVING and not match.state.turn.complete:  # type: ignore[union-attr]
        choice = COMPUTER.decide(match.state)
        assert choice.action is Action.MOVE
        outcome = COMPUTER.act(table)
        assert outcome.refused is None
        made.append(choice.step)
    assert tuple(made) == best.steps and match.state.turn is not None and match.state.turn.position == best.result
    assert COMPUTER.decide(match.state) == Choice(Action.CONFIRM)
    COMPUTER.act(table)
    assert match.state.phase is Phase.TURN and match.state.on_roll == 1
    assert not due(match.state, match.computer)


def test_a_turn_begun_with_another_step_is_taken_back_first() -> None:
    rules = RuleSet.model_validate({"match_length": 0})
    match = Match(rules, (NAME, "Badr"), ScriptedDice([(3, 1)]), computer={0}, start=at(Position.start()))
    table = Table(match)
    table.roll()  # (the best play is 8/5 6/5)
    assert table.step_with(24, 3).refused is None
    assert COMPUTER.decide(match.state) == Choice(Action.UNDO)
    COMPUTER.act(table)
    while match.state.phase is Phase.MOVING and not match.state.turn.complete:  # type: ignore[union-attr]
        COMPUTER.act(table)
    best = evaluator().rank(Position.start(), (3, 1))[0].play
    assert match.state.turn is not None and match.state.turn.position == best.result
    # A turn completed with another play is taken back too, never confirmed as it stands.
    table.undo_turn()
    table.step_with(24, 3)
    table.step_with(24, 1)
    assert match.state.turn is not None and match.state.turn.complete
    assert COMPUTER.decide(match.state) == Choice(Action.UNDO)


# -- the seat in a saved match ---------------------------------------------------------------------


def test_a_saved_match_keeps_the_computers_seat() -> None:
    match = Match(RuleSet(), ("Ali", NAME), SeededDice(3), computer={1})
    data = json.loads(saves.dumps(saves.SavedMatch(match, "test", "2026-12-03T10:00:00")))
    assert data["computer"] == [1]
    assert saves.from_json(data).match.computer == frozenset({1})
    # Two people: no key at all (the file an older tawla wrote, and reads).
    people = json.loads(saves.dumps(saves.SavedMatch(Match(RuleSet(), ("Ali", "Badr")), "t", "2026-12-03T10:00:00")))
    assert "computer" not in people and saves.from_json(people).match.computer == frozenset()
    for bad in ([2], [0, 0], "1", [True], [1.0], {"seat": 1}):
        with pytest.raises(StoreError) as problem:
            saves.from_json({**data, "computer": bad})
        assert problem.value.params == {"field": "computer"}


# -- 1 000 games against itself ------------------------------------------------------------------

GAMES = 1000
CHUNKS = 8


def play_itself(rng: random.Random, games: int) -> tuple[int, dict[str, int]]:
    """Matches under random rules the computer plays in both seats through the table until
    ``games`` games are over; every action must be allowed and keep every invariant."""
    played = 0
    seen: dict[str, int] = {}
    while played < games:
        rules = random_rules(rng)
        match = Match(rules, (NAME, NAME), SeededDice(rng.getrandbits(32)), computer={0, 1})
        table = Table(match)
        previous: MatchState | None = None
        while not match.state.match_over and played < games:
            state = match.state
            if state.phase is Phase.GAME_OVER:
                played += 1
                if not rules.is_match and rng.random() < 0.3:
                    break  # (a money session: a few games)
            elif not due(state, match.computer):  # pragma: no cover - the assertion is the point
                raise AssertionError(f"nobody acts in {state.phase}")
            choice = COMPUTER.decide(state)
            seen[choice.action.value] = seen.get(choice.action.value, 0) + 1
            outcome = COMPUTER.apply(table, choice)
            assert outcome.refused is None, (choice, outcome.refused)
            check_invariants(match.state, previous)
            previous = match.state
        if match.state.match_over:
            played += 1
        # The history replays to the same state, and a save keeps both seats the computer's.
        again = Match(rules, match.names, events=match.events)
        assert again.state == match.state
        data = json.loads(saves.dumps(saves.SavedMatch(match, "test", "2026-12-03T10:00:00")))
        loaded = saves.from_json(data).match
        assert loaded.state == match.state and loaded.computer == frozenset({0, 1})
        for result in match.state.results:
            # The computer never resigns: each game ends by bearing off or by a pass.
            assert result.ending in (Ending.BEAR_OFF, Ending.DROP)
            seen[result.ending.value] = seen.get(result.ending.value, 0) + 1
    return played, seen


def test_a_few_games_against_itself_end_legally() -> None:
    played, seen = play_itself(random.Random("computer-quick"), 6)
    assert played == 6 and seen["move"] > 0 and seen["confirm"] > 0


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_a_thousand_games_against_itself_end_legally(chunk: int) -> None:
    played, seen = play_itself(random.Random(f"computer-{chunk}"), GAMES // CHUNKS)
    assert played == GAMES // CHUNKS
    # Every kind of decision was made somewhere in the chunk.
    for action in ("opening_roll", "roll", "move", "confirm", "double", "take", "drop", "next_game", "bear_off"):
        assert seen.get(action), (action, seen)


# -- the book -------------------------------------------------------------------------------------


def _finished(names: tuple[str, str], computer: set[int], seed: int) -> Match:
    """A 1-point match played to its end (by the computer's choices, whoever sits)."""
    match = Match(RuleSet(match_length=1), names, SeededDice(seed), computer=computer)
    table = Table(match)
    while not match.state.match_over:
        COMPUTER.act(table)
    return match


def test_the_book_counts_the_computer_as_a_player_of_its_own(tmp_path: Path) -> None:
    from tawla.cli.book import table as book_table
    from tawla.store.book import COMPUTER as KEY
    from tawla.store.book import Period, Play, open_book

    paths = Paths(tmp_path / "config", tmp_path / "data")
    paths.history.mkdir(parents=True)
    played = [
        (("Ali", NAME), {1}),  # Ali against the computer
        (("Ali", "tawla"), set()),  # Ali against a person who calls themself tawla
        ((NAME, NAME), {0, 1}),  # the computer against itself: nobody's match
    ]
    for number, (names, computer) in enumerate(played):
        match = _finished(names, computer, number)
        saves.archive(
            saves.SavedMatch(match, f"2026120{number}-100000-abcdef", f"2026-12-0{number + 1}T10:00:00+00:00"),
            paths.history,
        )
    for book in (open_book(paths), open_book(paths), open_book(paths, index=False)):  # (built, read back, recounted)
        assert [r.computer for r in book.records] == [frozenset({1}), frozenset(), frozenset({0, 1})]
        people = {p.key: p for p in book.people()}
        assert set(people) == {"ali", "tawla", KEY}
        assert people[KEY].computer and not people["tawla"].computer
        standings = book.standings(Period.ALL, Play.ANY)
        assert standings.alone == 1  # (the computer against itself)
        line = standings.line(KEY)
        assert line is not None and line.figures.matches == 1
        assert book.between("Ali", KEY) is not None and book.between("Ali", "tawla") is not None
    for lang, shown in (("en", "tawla (computer)"), ("ar", "الحاسوب")):
        assert any(shown in row for row in book_table(book, book.standings(), lang))


def plays_of_the_computer_are_its_best(match: Match) -> int:
    """Check that each turn a computer seat of ``match`` played is the evaluator's best play of its
    roll (nobody moved its checkers for it); returns how many turns it played."""
    from tawla.analysis.skill import cube_of

    replay = Match(match.rules, match.names, events=(), start=match.start)
    turns = 0
    for event in match.events:
        state = replay.state
        ends = isinstance(event, TurnEnded) or (isinstance(event, Stepped) and state.turn is not None)
        if ends and state.on_roll in match.computer and state.turn is not None:
            turn = state.turn.play((event.source, event.die)) if isinstance(event, Stepped) else state.turn
            if isinstance(event, TurnEnded) or turn.position.mover_off == 15:
                start = turn.start
                assert isinstance(start, Position)
                best = evaluator().rank(start, (turn.roll[0], turn.roll[1]), cube_of(state))[0]
                assert turn.position == best.play.result, f"game {state.game}: {turn.made} is not its best play"
                turns += 1
        replay.replay_event(event)
    return turns
