"""Named tests for the game and match flow: every rule and option of issue #3."""

from __future__ import annotations

from dataclasses import replace

import pytest
from pydantic import ValidationError

from tawla.engine import GameState, Position, match_from_id, position_id, turn_state
from tawla.engine.explain import Reason, Why
from tawla.game import (
    Action,
    ActionError,
    Cube,
    Ending,
    ManualDice,
    Match,
    MatchState,
    NextOpener,
    Opening,
    Phase,
    ResultKind,
    RuleSet,
    ScriptedDice,
    SeededDice,
    advance,
    preset,
    replay,
)
from tawla.game.events import (
    Beavered,
    Doubled,
    Dropped,
    NextGame,
    Raccooned,
    ResignAccepted,
    ResignOffered,
    Rolled,
    Stepped,
    Took,
    TurnEnded,
)
from tawla.game.rules import DEFAULT_PRESET, preset_of
from tawla.game.state import GameResult
from tawla.store.settings import Settings

MATCH5 = RuleSet(match_length=5)
MONEY = RuleSet(match_length=0, next_game_opener=NextOpener.OPENING_ROLL)


def documented_fields(model: type) -> set[str]:
    """Fields of a class followed by a docstring in its source."""
    import ast
    import inspect
    import itertools
    import textwrap

    tree = ast.parse(textwrap.dedent(inspect.getsource(model)))
    body = tree.body[0].body  # type: ignore[attr-defined]
    names = set()
    for node, after in itertools.pairwise(body):
        if isinstance(node, ast.AnnAssign) and isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant):
            names.add(node.target.id)  # type: ignore[union-attr]
    return names


def scripted(rules: RuleSet, *rolls: tuple[int, int]) -> Match:
    return Match(rules, ("Ali", "Badr"), ScriptedDice(rolls))


def at(rules: RuleSet, board: Position, on_roll: int = 0, **fields: object) -> MatchState:
    """A state in the middle of a game: ``on_roll`` to roll on ``board``."""
    return MatchState(rules=rules, phase=Phase.TURN, board=board, on_roll=on_roll, **fields)  # type: ignore[arg-type]


def finish(state: MatchState, roll: tuple[int, int], *steps: tuple[int, int]) -> MatchState:
    """Roll, play the steps and confirm (a turn that bears the last checker off ends the game
    at that step: there is nothing to confirm)."""
    state = advance(state, Rolled(roll))
    for source, die in steps:
        state = advance(state, Stepped(source, die))
    return advance(state, TurnEnded()) if state.phase is Phase.MOVING else state


# Near the end: the mover bears its last checker off from its 1 point.
LAST_CHECKER = Position.from_counts({1: 1}, {6: 15})  # loser: all 15 home, none off -> gammon
LOSER_BACK = Position.from_counts({1: 1}, {6: 14, 20: 1})  # loser still in the winner's home -> backgammon
LOSER_OFF_ONE = Position.from_counts({1: 1}, {6: 14})  # loser has one off -> single


# -- rule set ---------------------------------------------------------------------


def test_rule_set_defaults_are_the_international_preset() -> None:
    rules = RuleSet()
    assert rules == preset("international") == preset(DEFAULT_PRESET, 5) and preset_of(rules) == "international"
    assert Settings().rules == rules, "a fresh install starts on exactly the International preset"
    assert rules.match_length == 5
    assert rules.opening is Opening.PLAY_OPENING_DICE
    assert rules.next_game_opener is NextOpener.OPENING_ROLL
    assert rules.cube and rules.max_cube == 64
    assert rules.gammons_count and rules.backgammons_count
    assert not (rules.holland or rules.jacoby or rules.beavers or rules.raccoons or rules.automatic_doubles)
    assert documented_fields(RuleSet) == set(RuleSet.model_fields)  # every field has a docstring


def test_presets() -> None:
    cafe = preset("cafe", 5)
    assert cafe.opening is Opening.WINNER_REROLLS and not cafe.cube
    assert cafe.next_game_opener is NextOpener.PREVIOUS_WINNER
    international = preset("international", 7)
    assert international.opening is Opening.PLAY_OPENING_DICE and international.cube and international.backgammons_count
    assert preset("international", 0).jacoby
    tournament = preset("tournament", 9)
    assert tournament.next_game_opener is NextOpener.OPENING_ROLL and tournament.match_length == 9
    with pytest.raises(ValueError):
        preset("tournament", 0)


@pytest.mark.parametrize(
    ("fields", "key"),
    [
        ({"match_length": 5, "jacoby": True}, "rules.jacoby_match"),
        ({"match_length": 5, "beavers": True}, "rules.beavers_match"),
        ({"match_length": 5, "automatic_doubles": 1}, "rules.automatic_doubles_match"),
        ({"match_length": 0, "holland": True}, "rules.holland_money"),
        ({"match_length": 0, "cube": False, "jacoby": True}, "rules.jacoby_cube"),
        ({"match_length": 0, "beavers": False, "raccoons": True}, "rules.raccoons_beavers"),
        ({"max_cube": 48}, "rules.max_cube_power"),
        ({"gammons_count": False}, "rules.backgammons_gammons"),
        ({"match_length": 0, "max_cube": 2, "automatic_doubles": 2}, "rules.automatic_doubles_max"),
        (
            {"match_length": 0, "automatic_doubles": 1, "next_game_opener": NextOpener.PREVIOUS_WINNER},
            "rules.automatic_doubles_opener",
        ),
    ],
)
def test_options_that_do_not_apply_are_refused_with_a_catalog_key(fields: dict[str, object], key: str) -> None:
    with pytest.raises(ValidationError) as err:
        RuleSet(**fields)  # type: ignore[arg-type]
    assert err.value.errors()[0]["type"] == key


def test_unknown_option_is_refused() -> None:
    with pytest.raises(ValidationError):
        RuleSet(crawford=False)  # type: ignore[call-arg]


def test_adjusted_switches_off_what_no_longer_applies() -> None:
    money = RuleSet().adjusted(match_length=0, jacoby=True, beavers=True, raccoons=True, automatic_doubles=1)
    assert money.jacoby and money.raccoons
    back = money.adjusted(match_length=7)
    assert not (back.jacoby or back.beavers or back.raccoons or back.automatic_doubles)
    assert not money.adjusted(cube=False).beavers
    assert money.adjusted(gammons_count=False).backgammons_count is False


def test_automatic_doubles_need_an_opening_roll_every_game() -> None:
    # A tied opening roll turns the cube; when the previous winner opens the next game there is
    # no opening roll, so the option would apply to the first game only: it is refused.
    money = RuleSet(match_length=0, automatic_doubles=1)
    assert money.next_game_opener is NextOpener.OPENING_ROLL
    dropped = money.adjusted(next_game_opener=NextOpener.PREVIOUS_WINNER)
    assert dropped.automatic_doubles == 0 and dropped.next_game_opener is NextOpener.PREVIOUS_WINNER
    with pytest.raises(ValidationError) as err:
        dropped.adjusted(automatic_doubles=1)  # asked for in so many words: refused, not undone
    assert err.value.errors()[0]["type"] == "rules.automatic_doubles_opener"
    with pytest.raises(ValidationError):
        preset("cafe", 0).adjusted(cube=True, automatic_doubles=1)
    assert preset("international", 0).adjusted(automatic_doubles=2).automatic_doubles == 2


def test_an_option_applies_only_where_it_means_something() -> None:
    money = RuleSet(match_length=0)
    assert money.applies("automatic_doubles") and money.applies("jacoby") and not money.applies("holland")
    # Automatic doubles need an opening roll every game: greyed out when the winner opens.
    assert not money.adjusted(next_game_opener=NextOpener.PREVIOUS_WINNER).applies("automatic_doubles")
    assert not money.adjusted(cube=False).applies("automatic_doubles")
    match = RuleSet(match_length=5)
    assert match.applies("holland") and not match.applies("automatic_doubles") and not match.applies("beavers")
    assert not money.adjusted(beavers=False).applies("raccoons")
    assert not money.adjusted(gammons_count=False).applies("backgammons_count")


# -- opening ------------------------------------------------------------------------


def test_ties_are_rolled_again_then_the_winner_plays_the_opening_dice() -> None:
    m = scripted(MATCH5, (4, 4), (3, 5))
    assert m.roll_opening().phase is Phase.OPENING  # tie
    s = m.roll_opening()
    assert s.phase is Phase.MOVING and s.on_roll == 1 and s.turn is not None and s.turn.roll == (5, 3)
    assert s.cube == Cube()  # no automatic doubles in a match


def test_winner_rerolls_and_can_open_with_a_double() -> None:
    rules = MATCH5.adjusted(opening=Opening.WINNER_REROLLS)
    m = scripted(rules, (2, 6), (6, 6))
    s = m.roll_opening()
    assert s.phase is Phase.TURN and s.on_roll == 1
    s = m.roll()
    assert s.turn is not None and s.turn.roll == (6, 6) and s.turn.steps_needed == 4


def test_automatic_doubles_are_limited_per_game() -> None:
    rules = MONEY.adjusted(automatic_doubles=1)
    m = scripted(rules, (3, 3), (2, 2), (6, 1))
    m.roll_opening()
    assert m.state.cube == Cube(2, None)
    m.roll_opening()
    assert m.state.cube == Cube(2, None), "only one automatic double per game"
    assert m.roll_opening().phase is Phase.MOVING
    two = scripted(MONEY.adjusted(automatic_doubles=2), (3, 3), (2, 2), (5, 5))
    for _ in range(3):
        two.roll_opening()
    assert two.state.cube == Cube(4, None)


def test_previous_winner_opens_the_next_game() -> None:
    rules = MATCH5.adjusted(next_game_opener=NextOpener.PREVIOUS_WINNER)
    s = replace(at(rules, LOSER_OFF_ONE, on_roll=1), game=1)
    s = finish(s, (2, 1), (1, 2))
    assert s.phase is Phase.GAME_OVER and s.results[-1].winner == 1
    nxt = advance(s, NextGame())
    assert nxt.phase is Phase.TURN and nxt.on_roll == 1 and nxt.board == Position.start() and nxt.game == 2


def test_opening_roll_every_game_when_chosen() -> None:
    rules = MATCH5.adjusted(next_game_opener=NextOpener.OPENING_ROLL)
    s = finish(at(rules, LOSER_OFF_ONE, on_roll=1), (2, 1), (1, 2))
    assert advance(s, NextGame()).phase is Phase.OPENING


# -- the cube ---------------------------------------------------------------------------


def test_double_take_gives_the_cube_to_the_taker() -> None:
    m = scripted(MATCH5, (6, 1), (3, 1))
    m.roll_opening()  # player 0 wins with 6-1
    m.play("13/7 8/7")
    m.confirm()
    assert Action.DOUBLE in m.actions()
    m.double()
    assert m.state.phase is Phase.DOUBLED and m.state.to_act == 0 and m.state.offered == 2
    m.take()
    assert m.state.cube == Cube(2, 0) and m.state.phase is Phase.TURN and m.state.on_roll == 1
    assert Action.DOUBLE not in m.actions()  # the cube is on the other side
    assert m.state.why_no_double() == "cube_owned"
    with pytest.raises(ActionError) as err:
        m.double()
    assert err.value.code == "cube_owned"


def test_drop_scores_the_current_cube_value() -> None:
    s = at(MATCH5, Position.start(), on_roll=1, cube=Cube(2, 1))
    s = advance(s, Doubled())
    assert s.offered == 4
    s = advance(s, Dropped())
    assert s.results[-1] == GameResult(1, Ending.DROP, ResultKind.SINGLE, 2, 2)
    assert s.score == (0, 2)


def test_the_cube_stops_at_its_maximum() -> None:
    rules = MATCH5.adjusted(max_cube=4)
    s = at(rules, Position.start(), cube=Cube(4, 0))
    assert s.why_no_double() == "cube_max"
    assert at(rules, Position.start(), cube=Cube(2, 0)).can_double


def test_no_cube_means_no_double() -> None:
    s = at(MATCH5.adjusted(cube=False), Position.start())
    assert s.why_no_double() == "cube_off"


def test_beaver_keeps_the_cube_with_the_beaverer() -> None:
    rules = MONEY.adjusted(beavers=True)
    s = advance(at(rules, Position.start(), on_roll=0), Doubled())
    s = advance(s, Beavered())
    assert s.phase is Phase.BEAVERED and s.to_act == 0 and s.offered == 4
    s = advance(s, Took())
    assert s.cube == Cube(4, 1), "the beaverer keeps the cube"
    assert s.on_roll == 0 and s.phase is Phase.TURN


def test_dropping_a_beaver_loses_the_doubled_stake() -> None:
    rules = MONEY.adjusted(beavers=True)
    s = advance(advance(advance(at(rules, Position.start()), Doubled()), Beavered()), Dropped())
    assert (s.results[-1].winner, s.results[-1].points) == (1, 2)


def test_raccoon_and_its_answers() -> None:
    rules = MONEY.adjusted(beavers=True, raccoons=True)
    s = advance(advance(at(rules, Position.start()), Doubled()), Beavered())
    s = advance(s, Raccooned())
    assert s.phase is Phase.RACCOONED and s.to_act == 1 and s.offered == 8
    taken = advance(s, Took())
    assert taken.cube == Cube(8, 0), "the raccooner keeps the cube"
    dropped = advance(s, Dropped())
    assert (dropped.results[-1].winner, dropped.results[-1].points) == (0, 4)
    no_raccoons = advance(advance(at(MONEY.adjusted(beavers=True), Position.start()), Doubled()), Beavered())
    with pytest.raises(ActionError) as err:
        advance(no_raccoons, Raccooned())
    assert err.value.code == "raccoons_off"


def test_beavers_only_when_agreed() -> None:
    s = advance(at(MONEY, Position.start()), Doubled())
    with pytest.raises(ActionError) as err:
        advance(s, Beavered())
    assert err.value.code == "beavers_off"


# -- Crawford and Holland --------------------------------------------------------------


def _win_game(state: MatchState, winner: int, points: int) -> MatchState:
    """Finish the current game with ``winner`` scoring ``points`` (a power of two) by a cube drop."""
    cube = Cube(points, winner if points > 1 else None)
    s = replace(state, phase=Phase.TURN, on_roll=winner, cube=cube)
    return advance(advance(s, Doubled()), Dropped())


def test_crawford_game_comes_once_after_first_reaching_match_point_minus_one() -> None:
    s = MatchState(rules=MATCH5)
    s = _win_game(s, 0, 2)  # 2-0
    s = advance(s, NextGame())
    assert not s.crawford_game
    s = _win_game(s, 0, 2)  # 4-0: player 0 is at match point - 1
    s = advance(s, NextGame())
    assert s.crawford_game and s.game == 3
    assert s.why_no_double() == "crawford"
    # The Crawford game: player 0 resigns a single game.
    s = advance(advance(replace(s, phase=Phase.TURN, on_roll=0), ResignOffered(1)), ResignAccepted())
    assert s.score == (4, 1)
    s = advance(s, NextGame())
    assert not s.crawford_game and s.post_crawford, "post-Crawford: the cube is back"
    assert replace(s, phase=Phase.TURN, on_roll=1).can_double, "for the trailer"
    assert replace(s, phase=Phase.TURN, on_roll=0).why_no_double() == "cube_dead", "not for the leader, 1-away"
    s = _win_game(s, 1, 2)  # 4-3
    s = advance(s, NextGame())
    s = _win_game(s, 1, 1)  # 4-4: player 1 reaches 4 too, but Crawford was already played
    s = advance(s, NextGame())
    assert not s.crawford_game


def test_no_crawford_in_money_play_or_when_both_reach_it() -> None:
    s = advance(advance(at(RuleSet(match_length=1), Position.start(), on_roll=1), ResignOffered(1)), ResignAccepted())
    assert s.phase is Phase.MATCH_OVER
    m = _win_game(MatchState(rules=MONEY), 0, 1)
    assert not advance(m, NextGame()).crawford_game


def test_holland_rule_blocks_the_trailer_for_two_turns_each() -> None:
    rules = MATCH5.adjusted(holland=True)
    post = at(rules, Position.start(), on_roll=1, score=(4, 1), crawford_used=True)
    assert post.holland_blocks(1) and post.why_no_double() == "holland"
    assert not replace(post, turns_played=(2, 1)).can_double
    assert replace(post, turns_played=(2, 2)).can_double
    assert at(MATCH5, Position.start(), on_roll=1, score=(4, 1), crawford_used=True).can_double


# -- scoring -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("board", "kind", "points"),
    [
        (LOSER_OFF_ONE, ResultKind.SINGLE, 2),
        (LAST_CHECKER, ResultKind.GAMMON, 4),
        (LOSER_BACK, ResultKind.BACKGAMMON, 6),
    ],
)
def test_single_gammon_backgammon_times_the_cube(board: Position, kind: ResultKind, points: int) -> None:
    s = finish(at(RuleSet(match_length=9), board, cube=Cube(2, 0)), (2, 1), (1, 2))
    assert s.results[-1] == GameResult(0, Ending.BEAR_OFF, kind, 2, points)
    assert s.score == (points, 0)


def test_a_checker_on_the_bar_is_a_backgammon_too() -> None:
    board = Position.from_counts({1: 1}, {6: 14, 25: 1})
    s = finish(at(RuleSet(match_length=9), board), (2, 1), (1, 2))
    assert s.results[-1].kind is ResultKind.BACKGAMMON


def test_backgammons_not_counting_score_as_gammons() -> None:
    rules = RuleSet(match_length=9, backgammons_count=False)
    s = finish(at(rules, LOSER_BACK), (2, 1), (1, 2))
    assert s.results[-1].kind is ResultKind.BACKGAMMON and s.results[-1].points == 2


def test_gammons_not_counting_make_every_game_single() -> None:
    rules = RuleSet(match_length=9, gammons_count=False, backgammons_count=False)
    assert finish(at(rules, LOSER_BACK), (2, 1), (1, 2)).results[-1].points == 1


def test_jacoby_cancels_gammons_only_while_the_cube_is_centred() -> None:
    rules = MONEY.adjusted(jacoby=True)
    centred = finish(at(rules, LAST_CHECKER, cube=Cube(2, None)), (2, 1), (1, 2))  # an automatic double
    assert centred.results[-1].points == 2
    turned = finish(at(rules, LAST_CHECKER, cube=Cube(2, 1)), (2, 1), (1, 2))
    assert turned.results[-1].points == 4
    without = finish(at(MONEY, LAST_CHECKER), (2, 1), (1, 2))
    assert without.results[-1].points == 2


@pytest.mark.parametrize(("level", "points"), [(1, 2), (2, 4), (3, 6)])
def test_resignation_levels(level: int, points: int) -> None:
    s = advance(at(RuleSet(match_length=9), Position.start(), on_roll=1, cube=Cube(2, 1)), ResignOffered(level))
    assert s.phase is Phase.RESIGNING and s.to_act == 0
    done = advance(s, ResignAccepted())
    assert done.results[-1] == GameResult(0, Ending.RESIGN, ResultKind(level), 2, points)


def test_declined_resignation_resumes_the_turn_where_it_was() -> None:
    m = scripted(MATCH5, (6, 1))
    m.roll_opening()
    m.step(13, 6)
    m.resign(2)
    assert m.actions() == {Action.ACCEPT, Action.DECLINE}
    m.decline()
    assert m.state.phase is Phase.MOVING and m.state.turn is not None and len(m.state.turn.made) == 1
    m.step(8, 1)
    m.undo()
    m.undo()
    assert m.state.turn is not None and m.state.turn.made == ()
    assert replay(m.rules, m.events) == m.state


def test_pips_follow_the_steps_of_the_turn_in_progress() -> None:
    m = scripted(MATCH5, (6, 1))
    m.roll_opening()
    mover = m.state.on_roll
    m.step(13, 6)
    assert m.state.pips(mover) == 167 and m.state.pips_now(mover) == 161
    m.step(8, 1)  # no hit: the opponent's count stays
    assert m.state.pips_now(mover) == 160 and m.state.pips_now(1 - mover) == 167
    m.undo()
    assert m.state.pips_now(mover) == 161


# -- turns, passes, undo ---------------------------------------------------------------------


def test_a_roll_with_no_legal_play_passes_and_is_recorded() -> None:
    closed = Position.from_counts({25: 1, 6: 14}, {p: 2 for p in range(1, 7)})
    s = advance(at(MATCH5, closed), Rolled((6, 5)))
    assert s.turn is not None and s.turn.complete and s.turn.steps_needed == 0
    s = advance(s, TurnEnded())
    assert s.on_roll == 1 and s.board == closed.swapped()


def test_a_turn_must_be_complete_to_confirm() -> None:
    m = scripted(MATCH5, (6, 1))
    m.roll_opening()
    with pytest.raises(ActionError) as err:
        m.confirm()
    assert err.value.code == "turn_incomplete"
    m.step(13, 6)
    with pytest.raises(ActionError) as err:
        m.step(13, 6)  # the 6 is used up
    assert err.value.code == "illegal_step"


def test_undo_removes_steps_from_the_history() -> None:
    m = scripted(MATCH5, (6, 1))
    m.roll_opening()
    m.step(13, 6)
    m.step(8, 1)
    assert len(m.events) == 3
    m.undo_turn()
    assert len(m.events) == 1 and m.state.turn is not None and not m.state.turn.made
    with pytest.raises(ActionError):
        m.undo()


def test_typed_notation_plays_the_whole_turn() -> None:
    m = scripted(MATCH5, (6, 1))
    m.roll_opening()
    m.play("13/7 8/7")
    assert m.state.turn is not None and m.state.turn.complete
    with pytest.raises(ActionError) as err:
        m.play("24/18 24/23 6/5")
    assert err.value.code == "bad_notation"


def test_match_ends_exactly_at_its_length() -> None:
    # A gammon at a cube of 2 (doubled while it was live): 4 points of a 3-point match.
    s = finish(at(RuleSet(match_length=3), LAST_CHECKER, on_roll=1, cube=Cube(2, 1)), (2, 1), (1, 2))
    assert s.phase is Phase.MATCH_OVER and s.winner == 1 and s.score == (0, 4)
    with pytest.raises(ActionError) as err:
        advance(s, NextGame())
    assert err.value.code == "match_over"


def test_money_play_keeps_a_running_total() -> None:
    s = _win_game(MatchState(rules=MONEY), 0, 2)
    s = advance(s, NextGame())
    s = _win_game(s, 1, 4)
    assert s.score == (2, 4) and s.phase is Phase.GAME_OVER and s.winner is None


# -- dice ----------------------------------------------------------------------------------------


def test_seeded_dice_make_reproducible_games() -> None:
    def run(seed: int) -> tuple[object, ...]:
        m = Match(MATCH5, dice=SeededDice(seed))
        m.roll_opening()
        while m.state.phase is Phase.OPENING:
            m.roll_opening()
        return m.events

    assert run(42) == run(42)
    assert run(42) != run(43)


def test_manual_dice_are_typed_in() -> None:
    m = Match(MATCH5, dice=ManualDice())
    with pytest.raises(ActionError) as err:
        m.roll_opening()
    assert err.value.code == "dice_needed"
    m.roll_opening((5, 2))
    assert m.state.turn is not None and m.state.turn.roll == (5, 2)
    with pytest.raises(ActionError) as err:
        Match(MATCH5, dice=SeededDice(1)).roll_opening((6, 1))
    assert err.value.code == "dice_not_manual"
    m.play("13/8 13/11")
    m.confirm()
    with pytest.raises(ActionError) as err:
        m.roll((7, 1))
    assert err.value.code == "bad_dice"


# -- IDs ----------------------------------------------------------------------------------------------


def test_match_id_describes_the_state() -> None:
    m = scripted(RuleSet(match_length=7), (1, 3))
    m.roll_opening()  # player 1 wins with 3 against 1 and is moving
    info = match_from_id(m.match_id())
    assert info.match_length == 7 and info.on_roll == 1 and info.dice == (3, 1)
    assert info.state is GameState.PLAYING and info.cube == 1 and info.cube_owner is None
    assert m.position_id() == position_id(Position.start())
    m.play("8/5 6/5")
    m.confirm()
    m.double()
    info = match_from_id(m.match_id())
    assert info.double_offered and info.turn == 1 and info.on_roll == 0


# -- the end of a game at the last checker off ------------------------------------------------


def last_checker_match(rules: RuleSet = MATCH5, board: Position = LOSER_OFF_ONE, **fields: object) -> Match:
    return Match(names=("Ali", "Badr"), dice=ScriptedDice([(2, 1), (6, 5)]), start=at(rules, board, **fields))


def test_the_step_that_bears_the_last_checker_off_scores_as_a_confirm_did() -> None:
    for board, kind in ((LOSER_OFF_ONE, ResultKind.SINGLE), (LAST_CHECKER, ResultKind.GAMMON)):
        m = last_checker_match(board=board, cube=Cube(2, 1))
        m.roll()
        state = m.step(1, 2)
        assert state.phase is Phase.GAME_OVER and state.turn is None and state.turns_played == (1, 0)
        assert state.results == (GameResult(0, Ending.BEAR_OFF, kind, 2, 2 * kind),)
        assert m.events[-1] == Stepped(1, 2), "no confirm after the last checker"
        assert m.turns == ((0, turn_state(board, (2, 1)).play((1, 2))),)
        with pytest.raises(ActionError) as err:
            m.undo()
        assert err.value.code == "game_over" and m.state is state
        with pytest.raises(ActionError):
            m.resign(1)  # not paid for anything: the game is over
        assert m.state is state and m.actions() == {Action.NEXT_GAME}


def test_a_match_ends_at_the_step_that_reaches_its_length() -> None:
    m = last_checker_match(RuleSet(match_length=3), score=(2, 0))
    m.roll()
    m.play("1/off")
    assert m.state.phase is Phase.MATCH_OVER and m.state.winner == 0 and m.actions() == frozenset()


def test_a_forced_last_bear_off_plays_itself_and_ends_the_game() -> None:
    m = last_checker_match()
    m.roll()
    play = m.play_forced()
    assert play is not None and [(s.source, s.dest) for s in play.steps] == [(1, 0)]
    assert m.state.phase is Phase.GAME_OVER


def test_old_histories_confirming_the_last_bear_off_still_replay() -> None:
    m = last_checker_match()
    m.roll()
    m.step(1, 2)
    m.next_game()
    old = [*m.events[:2], TurnEnded(), *m.events[2:]]  # as tawla wrote them before
    back = Match(names=m.names, dice=ScriptedDice([]), start=m.start)
    for event in old:
        back.replay_event(event)
    assert back.state == m.state and back.events == m.events and back.turns == m.turns
    with pytest.raises(ActionError):  # anywhere else a confirm is still refused
        back.replay_event(TurnEnded())
    with pytest.raises(ActionError):
        Match(names=m.names, dice=ScriptedDice([]), start=m.start, events=old)


# -- what can be done now, and why not ------------------------------------------------------------


def refusal_code(m: Match, action: Action, *args: object) -> str | None:
    """The code of the refusal of ``action``, checking that the action raises exactly it and
    changes nothing."""
    why = m.refusal(action, *args)
    if why is None:
        return None
    if action is Action.MOVE and not args:
        return why.code  # (any step at all: no method asks that)
    before, events = m.state, m.events
    method = {Action.OPENING_ROLL: "roll_opening", Action.MOVE: "step"}.get(action, action.value)
    with pytest.raises(ActionError) as err:
        getattr(m, method)(*args)
    assert (err.value.code, err.value.reason, err.value.params) == (why.code, why.reason, why.params)
    assert m.state is before and m.events == events
    return why.code


def state_match(state: MatchState, *rolls: tuple[int, int]) -> Match:
    return Match(names=("Ali", "Badr"), dice=ScriptedDice(rolls), start=state)


def test_why_no_double() -> None:
    start = Position.start()
    crawford = at(MATCH5, start, score=(4, 2), crawford_game=True, crawford_used=True)
    assert refusal_code(state_match(crawford), Action.DOUBLE) == "crawford"
    assert refusal_code(state_match(at(MATCH5, start, cube=Cube(2, 1))), Action.DOUBLE) == "cube_owned"
    assert refusal_code(state_match(at(MATCH5.adjusted(cube=False), start)), Action.DOUBLE) == "cube_off"
    assert refusal_code(state_match(at(MATCH5, start, cube=Cube(64, 0))), Action.DOUBLE) == "cube_max"
    assert refusal_code(state_match(at(MATCH5, start, cube=Cube(2, 0), cube_turned=True)), Action.DOUBLE) == (
        "cube_turned"
    )
    moving = state_match(at(MATCH5, start), (6, 1))
    moving.roll()
    assert refusal_code(moving, Action.DOUBLE) == "after_roll"
    assert refusal_code(state_match(at(MATCH5, start)), Action.DOUBLE) is None


def test_why_no_beaver_raccoon_take_or_pass() -> None:
    start = Position.start()
    beavers = MONEY.adjusted(beavers=True)
    doubled_match = state_match(advance(at(MATCH5, start), Doubled()))
    assert refusal_code(doubled_match, Action.BEAVER) == "beavers_match"
    assert refusal_code(doubled_match, Action.RACCOON) == "raccoons_match"
    assert refusal_code(state_match(advance(at(MONEY, start), Doubled())), Action.BEAVER) == "beavers_off"
    assert refusal_code(state_match(at(beavers, start)), Action.BEAVER) == "no_double"
    for action in (Action.TAKE, Action.DROP):
        assert refusal_code(state_match(at(MATCH5, start)), action) == "no_double"
    both = MONEY.adjusted(beavers=True, raccoons=True)
    assert refusal_code(state_match(advance(at(both, start), Doubled())), Action.RACCOON) == "no_beaver"
    assert refusal_code(state_match(advance(at(beavers, start), Doubled())), Action.RACCOON) == "raccoons_off"
    high = advance(at(both.adjusted(max_cube=4), start), Doubled())
    assert refusal_code(state_match(high), Action.BEAVER) is None
    assert refusal_code(state_match(advance(high, Beavered())), Action.RACCOON) == "cube_max"


def test_why_no_roll_or_resignation() -> None:
    start = Position.start()
    doubled = state_match(advance(at(MATCH5, start), Doubled()))
    assert refusal_code(doubled, Action.ROLL) == "answer_double"
    assert refusal_code(doubled, Action.RESIGN, 1) == "answer_double"
    resigning = state_match(advance(at(MATCH5, start), ResignOffered(2)))
    assert refusal_code(resigning, Action.ROLL) == "answer_resignation"
    assert refusal_code(resigning, Action.RESIGN, 1) == "answer_resignation"
    fresh = Match(MATCH5, dice=ScriptedDice([(6, 1)]))
    assert refusal_code(fresh, Action.ROLL) == "opening_first"
    assert refusal_code(fresh, Action.RESIGN, 1) == "opening_first"
    fresh.roll_opening()
    assert refusal_code(fresh, Action.ROLL) == "already_rolled"
    assert refusal_code(fresh, Action.RESIGN, 4) == "bad_level"
    assert refusal_code(fresh, Action.ACCEPT) == "no_resignation"
    assert refusal_code(fresh, Action.NEXT_GAME) == "game_on"
    dropped = state_match(advance(advance(at(MATCH5, start), Doubled()), Dropped()))
    assert refusal_code(dropped, Action.RESIGN, 1) == "game_over"
    assert refusal_code(dropped, Action.ROLL) == "game_over"
    assert refusal_code(Match(MATCH5, dice=ManualDice()), Action.OPENING_ROLL, (7, 1)) == "bad_dice"
    assert refusal_code(Match(MATCH5, dice=SeededDice(1)), Action.OPENING_ROLL, (6, 1)) == "dice_not_manual"
    assert Match(MATCH5, dice=ManualDice()).refusal(Action.OPENING_ROLL) is None  # the dice are typed in next


def test_why_a_step_is_refused() -> None:
    m = scripted(MATCH5, (6, 1))
    with pytest.raises(ActionError) as err:
        m.step_refusal(13, 6)
    assert err.value.code == "opening_first"
    m.roll_opening()
    assert m.step_refusal(13, 6) is None
    assert m.step_refusal(13, 5) == Reason(Why.DIE_NOT_AVAILABLE, die=5)
    assert m.step_refusal(12, 6) == Reason(Why.NO_CHECKER, point=12)
    assert refusal_code(m, Action.MOVE, 12, 6) == "illegal_step"
    assert m.refusal(Action.MOVE, 12, 6).reason == m.step_refusal(12, 6)  # type: ignore[union-attr]
    bar = state_match(at(MATCH5, Position.from_counts({25: 1, 6: 14}, {6: 15})), (6, 1))
    bar.roll()
    assert bar.step_refusal(6, 1) == Reason(Why.BAR_FIRST, number=1)
    m.play("13/7 8/7")
    assert m.step_refusal(6, 1) == Reason(Why.TURN_COMPLETE)
    assert m.refusal(Action.MOVE).reason == Reason(Why.TURN_COMPLETE)  # type: ignore[union-attr]


def test_forced_plays_play_themselves_only_when_there_is_no_choice() -> None:
    m = scripted(MATCH5, (6, 1))
    assert m.play_forced() is None  # nothing rolled
    m.roll_opening()
    assert m.play_forced() is None and not m.state.turn.made  # type: ignore[union-attr]  # many plays
    forced = state_match(at(MATCH5, Position.from_counts({13: 1}, {19: 2})), (6, 1))  # only 13/7
    forced.roll()
    play = forced.play_forced()
    assert play is not None and forced.state.turn is not None and forced.state.turn.made == play.steps
    assert forced.state.turn.complete and forced.state.phase is Phase.MOVING, "played, not confirmed"
    closed = state_match(at(MATCH5, Position.from_counts({25: 1, 6: 14}, {p: 2 for p in range(1, 7)})), (6, 5))
    closed.roll()
    assert closed.play_forced() is None and closed.state.turn is not None and closed.state.turn.steps_needed == 0


def old_actions(m: Match) -> set[Action]:
    """The actions as tawla listed them before issue 11, phase by phase."""
    s = m.state
    by_phase = {
        Phase.OPENING: {Action.OPENING_ROLL},
        Phase.TURN: {Action.ROLL, Action.RESIGN},
        Phase.DOUBLED: {Action.TAKE, Action.DROP},
        Phase.BEAVERED: {Action.TAKE, Action.DROP},
        Phase.RACCOONED: {Action.TAKE, Action.DROP},
        Phase.RESIGNING: {Action.ACCEPT, Action.DECLINE},
        Phase.GAME_OVER: {Action.NEXT_GAME},
        Phase.MATCH_OVER: set(),
    }
    if s.phase is Phase.MOVING:
        assert s.turn is not None
        out = {Action.RESIGN}
        out |= {Action.MOVE} if s.turn.legal else set()
        out |= {Action.UNDO} if s.turn.made else set()
        out |= {Action.CONFIRM} if s.turn.complete else set()
        return out
    out = set(by_phase[s.phase])
    if s.phase is Phase.TURN and s.can_double:
        out.add(Action.DOUBLE)
    if s.phase is Phase.DOUBLED and s.rules.beavers and s.offered * 2 <= s.rules.max_cube:
        out.add(Action.BEAVER)
    if s.phase is Phase.BEAVERED and s.rules.raccoons and s.offered * 2 <= s.rules.max_cube:
        out.add(Action.RACCOON)
    return out


def test_every_action_raises_exactly_its_refusal_in_random_matches() -> None:
    import random

    from .helpers.randomplay import random_action, random_rules

    rng = random.Random("why-not")
    seen: set[str] = set()
    for _ in range(25):
        m = Match(random_rules(rng), ("A", "B"), SeededDice(rng.getrandbits(32)))
        while not m.state.match_over and m.state.game <= 3:
            assert m.actions() == old_actions(m)
            assert m.actions() == {action for action in Action if m.refusal(action) is None}
            for action in Action:
                code = refusal_code(m, action)
                if code is not None:
                    seen.add(code)
            random_action(rng, m)
    for lang in ("en", "ar"):
        from tawla.i18n import catalog

        assert all(f"action.{code}" in catalog(lang) for code in seen), seen
    assert {"cube_owned", "answer_double", "no_double", "roll_first", "game_over", "already_rolled"} <= seen
