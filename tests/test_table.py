"""The table (tawla/game/table.py): one turn loop for every screen, tested without Textual.

Random matches are driven through the table as the game screen drives it (every key's action,
at any moment, refused or not), under every combination of the players' habits, and after
every action what the table says is checked against the match: a refusal changed nothing,
the keeper heard of every change once, the habits were followed, the steps to show lead to
the board, the question is the one the phase asks, the hand-over waits only for a roll.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from tawla.engine import Position, apply_step, legal_plays
from tawla.engine.notation import format_play
from tawla.game import Action, Match, MatchState, Phase, RuleSet, ScriptedDice, SeededDice
from tawla.game.table import (
    Declined,
    ForcedPlay,
    Habits,
    NextGame,
    OpeningTie,
    OpeningWon,
    Outcome,
    Question,
    Table,
)
from tests.helpers.positions import random_position
from tests.helpers.randomplay import check_invariants, random_rules

HABITS = [Habits(forced, end) for forced in (True, False) for end in (True, False)]


def _heard(table: Table) -> list[int]:
    heard: list[int] = []
    table.subscribe(lambda match: heard.append(match.revision))
    return heard


def _random_action(rng: random.Random, table: Table) -> Callable[[], Outcome]:
    """What a player might press now (allowed or not), as the screen calls the table."""
    match = table.match
    state = match.state
    choices: list[Callable[[], Outcome]] = [table.roll, table.double, table.take, table.drop, table.confirm]
    choices += [table.beaver, table.raccoon, table.undo, table.undo_turn, table.next_game]
    choices += [lambda: table.resign(rng.choice((1, 2, 3))), lambda: table.answer(rng.random() < 0.5)]
    choices += [lambda: table.step_with(rng.choice((25, *range(1, 25))), rng.randint(1, 6))]
    turn = state.turn
    if state.phase is Phase.MOVING and turn is not None:
        legal = sorted(turn.legal)
        if legal:  # the players mostly play: a legal step, or a whole play typed
            choices += [lambda: table.step(rng.choice(legal))] * 12
        plays = legal_plays(turn.start, turn.roll)
        if plays and not turn.made:
            text = format_play(rng.choice(plays))
            choices += [lambda: table.typed(text)] * 4
        choices += [lambda: table.typed("13/99")]
        if turn.complete:
            choices += [table.confirm] * 8
    elif state.phase in (Phase.OPENING, Phase.TURN):
        choices += [table.roll] * 8
    elif state.phase in (Phase.DOUBLED, Phase.BEAVERED, Phase.RACCOONED):
        choices += [table.take] * 3
    elif state.phase is Phase.RESIGNING:
        choices += [lambda: table.answer(rng.random() < 0.7)] * 3
    elif state.phase is Phase.GAME_OVER:
        choices += [table.next_game] * 4
    return rng.choice(choices)


def _check(table: Table, habits: Habits, outcome: Outcome, before: tuple[int, object, object]) -> None:
    match = table.match
    state = match.state
    revision, old_state, old_events = before
    if outcome.refused is not None:
        assert match.revision == revision and state is old_state and match.events == old_events, (
            f"a refused action ({outcome.refused.code}) changed the match"
        )
    assert outcome.question is table.question
    expected = {
        Phase.RESIGNING: Question.RESIGNATION,
        Phase.GAME_OVER: Question.GAME_OVER,
        Phase.MATCH_OVER: Question.MATCH_OVER,
    }.get(state.phase)
    assert table.question is expected
    if table.waiting:
        assert state.phase in (Phase.OPENING, Phase.TURN)
    turn = state.turn
    if state.phase is Phase.MOVING and turn is not None:
        if habits.auto_forced and not turn.made and turn.steps_needed:
            assert len(legal_plays(turn.start, turn.roll)) > 1, "a forced play was left to the player"
        if habits.auto_end_turn and turn.steps_needed:
            assert not turn.complete, "a finished turn was not ended"
    shown = outcome.shown
    if shown is not None:
        assert shown.steps, "nothing to show"
        position = shown.before
        for step in shown.steps:
            position = apply_step(position, step)
        if state.phase is Phase.MOVING and state.on_roll == shown.mover and turn is not None:
            assert position == turn.position, "the steps shown do not lead to the board"
    if isinstance(table.notice, ForcedPlay):
        assert table.notice.steps


@pytest.mark.parametrize("seed", range(8))
def test_random_matches_through_the_table_keep_its_word(seed: int) -> None:
    rng = random.Random(seed)
    met: set[str] = set()
    for game in range(6):
        habits = HABITS[(seed + game) % len(HABITS)]
        match = Match(random_rules(rng), dice=SeededDice(rng.randrange(10**9)))
        table = Table(match, lambda habits=habits: habits)
        heard = _heard(table)
        previous, told = None, 0
        for _ in range(3000):
            if match.state.match_over:
                break
            before = (match.revision, match.state, match.events)
            action = _random_action(rng, table)
            outcome = action()
            changed = match.revision != before[0]
            assert len(heard) == told + changed, "the keeper was not told once of a change"
            if changed:
                assert heard[-1] == match.revision
            told = len(heard)
            _check(table, habits, outcome, before)
            check_invariants(match.state, previous)
            previous = match.state
            met.add("refused" if outcome.refused else "done")
            if outcome.shown is not None:
                met.add("shown")
            if table.notice is not None:
                met.add(type(table.notice).__name__)
    assert {"refused", "done", "shown", "OpeningWon", "NextGame"} <= met, met


def test_the_keeper_hears_once_per_action_that_changed_the_history() -> None:
    match = Match(RuleSet(match_length=3), dice=ScriptedDice([(3, 1), (6, 5)]))
    table = Table(match, lambda: Habits(auto_forced=False))
    heard = _heard(table)
    table.double()  # refused: the opening roll comes first
    assert heard == []
    table.roll()  # the opening roll: 3 against 1, player 0 plays 3-1
    assert heard == [match.revision]
    table.typed("8/5 6/5")  # two steps, one action
    assert heard == [1, match.revision] and match.state.turn is not None and match.state.turn.complete
    table.confirm()
    assert len(heard) == 3
    table.undo()  # nothing to undo: refused, nothing heard
    assert len(heard) == 3


def test_the_opening_roll_is_told_a_tie_then_who_starts() -> None:
    match = Match(RuleSet(), dice=ScriptedDice([(4, 4), (5, 3)]))
    table = Table(match)
    table.roll()
    assert table.notice == OpeningTie(4) and match.state.phase is Phase.OPENING
    table.roll()
    assert table.notice == OpeningWon(0, (5, 3), (5, 3)) and match.state.phase is Phase.MOVING


def _forced_position() -> tuple[Position, tuple[int, int]]:
    """A position and roll with one legal play of two steps that does not end the game."""
    rng = random.Random(5)
    for _ in range(20000):
        position, roll = random_position(rng), (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(position, roll)
        if roll[0] != roll[1] and len(plays) == 1 and len(plays[0].steps) == 2 and position.mover_off < 13:
            return position, roll
    raise AssertionError("no forced play found")


@pytest.mark.parametrize("end_by_itself", [False, True])
def test_a_forced_play_is_played_and_told_and_the_turn_ends_by_itself_when_the_players_say_so(
    end_by_itself: bool,
) -> None:
    position, roll = _forced_position()
    start = MatchState(rules=RuleSet(), phase=Phase.TURN, board=position, on_roll=0)
    match = Match(start=start, dice=ScriptedDice([roll]))
    table = Table(match, lambda: Habits(auto_forced=True, auto_end_turn=end_by_itself))
    outcome = table.roll()
    assert isinstance(table.notice, ForcedPlay) and table.notice.player == 0
    assert outcome.shown is not None and outcome.shown.before == position and len(outcome.shown.steps) == 2
    if end_by_itself:
        assert match.state.phase is Phase.TURN and match.state.on_roll == 1 and table.waiting
    else:
        assert match.state.phase is Phase.MOVING and match.state.turn is not None and match.state.turn.complete
    left = Match(start=start, dice=ScriptedDice([roll]))
    Table(left, lambda: Habits(auto_forced=False)).roll()
    assert left.state.turn is not None and not left.state.turn.made, "played without the habit"


def test_the_hand_over_waits_after_a_turn_and_ends_with_the_next_roll() -> None:
    match = Match(RuleSet(), dice=ScriptedDice([(6, 1), (5, 2)]))
    table = Table(match, lambda: Habits(auto_forced=False))
    table.roll()
    assert not table.waiting
    table.typed("13/7 8/7")
    table.confirm()
    assert table.waiting and match.state.phase is Phase.TURN
    table.roll()
    assert not table.waiting and match.state.phase is Phase.MOVING


def test_a_turn_typed_in_parts_asks_for_the_rest_and_shows_each_part() -> None:
    match = Match(RuleSet(), dice=ScriptedDice([(6, 1)]))
    table = Table(match, lambda: Habits(auto_forced=False))
    table.roll()
    outcome = table.typed("13/7")
    assert outcome.rest and outcome.shown is not None and len(outcome.shown.steps) == 1
    outcome = table.typed("8/7")
    assert not outcome.rest and match.state.turn is not None and match.state.turn.complete
    table.undo()
    outcome = table.typed("24/18 24/23")  # the whole turn again, from its start: fine too
    assert outcome.refused is None and outcome.shown is not None and len(outcome.shown.steps) == 2
    assert outcome.shown.before == match.state.turn.start
    refused = table.typed("24/13").refused
    assert refused is not None and refused.code == "bad_notation"


def test_a_declined_resignation_is_told_and_a_game_over_is_asked_until_the_next_game() -> None:
    match = Match(RuleSet(match_length=3), dice=ScriptedDice([(6, 1)]))
    table = Table(match)
    table.roll()
    table.typed("13/7 8/7")
    table.confirm()
    assert table.resign(1).question is Question.RESIGNATION
    table.answer(False)
    assert table.notice == Declined(0) and table.question is None
    table.resign(1)
    assert table.answer(True).question is Question.GAME_OVER
    assert table.settle().question is Question.GAME_OVER  # (asked again until answered)
    table.next_game()
    assert isinstance(table.notice, NextGame) and table.notice.number == 2 and table.waiting


def test_real_dice_are_asked_for_then_checked_by_the_match() -> None:
    from tawla.game import ManualDice

    match = Match(RuleSet(), dice=ManualDice())
    table = Table(match)
    assert table.roll().dice_needed and match.revision == 0
    refused = table.dice_refusal((7, 1))
    assert refused is not None and refused.code == "bad_dice"
    assert table.dice_refusal((6, 1)) is None
    assert table.roll((6, 1)).refused is None and match.state.phase is Phase.MOVING


def test_who_offered_the_cube_is_the_states_word() -> None:
    match = Match(RuleSet(match_length=0, beavers=True, raccoons=True), dice=ScriptedDice([(6, 1), (5, 2)]))
    table = Table(match)
    table.roll()
    table.typed("13/7 8/7")
    table.confirm()
    table.double()
    assert match.state.phase is Phase.DOUBLED and match.state.offered_by == 1
    table.beaver()
    assert match.state.phase is Phase.BEAVERED and match.state.offered_by == 0
    table.raccoon()
    assert match.state.phase is Phase.RACCOONED and match.state.offered_by == 1
    assert Action.TAKE in match.actions()
