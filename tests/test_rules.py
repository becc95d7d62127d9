"""Named scenarios for the movement rules R5-R12 of docs/rules.md, the cube's one exchange
per turn and the end of a game (issue 11).

Each test draws its board (x is on roll and moves from 24 down to 1, o is the
opponent; checkers not drawn are borne off) and asserts the exact set of
legal plays in standard notation. The pictures are parsed, and must be
exactly what the engine draws, so they cannot drift from the positions.
"""

from __future__ import annotations

import pytest

from tawla.engine import Position, legal_plays, turn_state
from tawla.engine.explain import Reason, Why, explain_roll, explain_step
from tawla.engine.notation import NotationError, format_play, parse_play
from tawla.game import Action, ActionError, Cube, Ending, Match, MatchState, Phase, ResultKind, RuleSet, ScriptedDice

from .conftest import board, plays


def test_r1_start_position_and_pip_counts() -> None:
    start = board(
        """
         13  14  15  16  17  18 |  19  20  21  22  23  24
         5x   .   .   .  3o   . |  5o   .   .   .   .  2x
         5o   .   .   .  3x   . |  5x   .   .   .   .  2o
         12  11  10   9   8   7 |   6   5   4   3   2   1
        bar x0 o0  off x0 o0
        """
    )
    assert start == Position.start()
    assert start.mover_pips == start.opponent_pips == 167


def test_r5_closed_point_cannot_be_landed_on() -> None:
    pos = board(
        """
         13  14  15  16  17  18 |  19  20  21  22  23  24
         1x   .   .   .   .   . |   .   .   .   .   .   .
          .   .   .   .   .  2o |   .   .   .   .   .   .
         12  11  10   9   8   7 |   6   5   4   3   2   1
        bar x0 o0  off x14 o13
        """
    )
    # 13/7 is closed; the 1 goes first (13/12), then 12/6.
    assert plays(pos, (6, 1)) == {"13/6"}


def test_r7_worked_example_intermediate_point_must_be_open() -> None:
    # 13 with 6-4; 9 closed, 7 and 3 open: 13/7/3 is legal, 13/9/3 is not.
    pos = board(
        """
         13  14  15  16  17  18 |  19  20  21  22  23  24
         1x   .   .   .   .   . |   .   .   .   .   .   .
          .   .   .  2o   .   . |   .   .   .   .   .   .
         12  11  10   9   8   7 |   6   5   4   3   2   1
        bar x0 o0  off x14 o13
        """
    )
    assert plays(pos, (6, 4)) == {"13/3"}
    (play,) = legal_plays(pos, (6, 4))
    assert [(s.source, s.dest, s.die) for s in play.steps] == [(13, 7, 6), (7, 3, 4)]
    assert explain_roll(pos, (6, 4)) == (Reason(Why.DIE_FIRST, die=6),)
    assert parse_play(pos, (6, 4), "13/7/3") == play
    assert parse_play(pos, (6, 4), "13/3") == play
    with pytest.raises(NotationError) as err:
        parse_play(pos, (6, 4), "13/9/3")
    assert err.value.reason == Reason(Why.POINT_CLOSED, point=9)


def test_r5_single_opposing_checker_leaves_the_point_open_r8_and_is_hit() -> None:
    pos = board(
        """
         13  14  15  16  17  18 |  19  20  21  22  23  24
         1x   .   .   .   .   . |   .   .   .   .   .   .
          .   .   .   .   .  1o |   .   .   .   .   .   .
         12  11  10   9   8   7 |   6   5   4   3   2   1
        bar x0 o0  off x14 o14
        """
    )
    assert plays(pos, (6, 1)) == {"13/7*/6", "13/6"}
    hit = next(p for p in legal_plays(pos, (6, 1)) if p.steps[0].hit)
    assert hit.result.opponent_bar == 1 and hit.result[7] == 0


def test_r5_no_limit_on_own_checkers_per_point() -> None:
    pos = board(
        """
         13  14  15  16  17  18 |  19  20  21  22  23  24
          .   .   .   .   .   . |   .   .   .   .   .   .
          .   .   .   .  1x  5x |  2o  2o   .   .   .   .
         12  11  10   9   8   7 |   6   5   4   3   2   1
        bar x0 o0  off x9 o11
        """
    )
    # 8/7 makes a sixth checker on 7; 7/6 is closed, so that is all of the 1-1.
    assert plays(pos, (1, 1)) == {"8/7"}
    assert legal_plays(pos, (1, 1))[0].result[7] == 6


def test_r6_double_plays_four_times_every_landing_open() -> None:
    pos = board(
        """
         13  14  15  16  17  18 |  19  20  21  22  23  24
          .   .   .   .   .   . |   .   .   .   .   .  2x
         2o   .   .   .   .   . |   .   .   .   .   .   .
         12  11  10   9   8   7 |   6   5   4   3   2   1
        bar x0 o0  off x13 o13
        """
    )
    # 24/20/16/12 stops at the closed 12: each back checker goes to 16.
    assert plays(pos, (4, 4)) == {"24/16(2)"}


def test_r6_r7_double_plays_as_many_as_possible() -> None:
    pos = board(
        """
         13  14  15  16  17  18 |  19  20  21  22  23  24
          .   .   .  2o   .   . |   .   .   .   .   .  1x
          .   .   .   .   .   . |   .   .   .   .   .   .
         12  11  10   9   8   7 |   6   5   4   3   2   1
        bar x0 o0  off x14 o13
        """
    )
    assert plays(pos, (4, 4)) == {"24/20"}
    assert explain_roll(pos, (4, 4)) == (Reason(Why.DOUBLES_PARTIAL, number=1),)


def test_r7_either_die_alone_but_not_both_plays_the_higher() -> None:
    # The common dispute "6-1 and only one of them fits": 13/7 or 13/12, then 6 is closed.
    pos = board(
        """
         13  14  15  16  17  18 |  19  20  21  22  23  24
         1x   .   .   .   .   . |   .   .   .   .   .   .
          .   .   .   .   .   . |  2o   .   .   .   .   .
         12  11  10   9   8   7 |   6   5   4   3   2   1
        bar x0 o0  off x14 o13
        """
    )
    assert plays(pos, (6, 1)) == {"13/7"}
    assert explain_roll(pos, (6, 1)) == (Reason(Why.ONLY_HIGHER, die=6),)
    with pytest.raises(NotationError) as err:
        parse_play(pos, (6, 1), "13/12")
    assert err.value.reason == Reason(Why.ONLY_HIGHER, die=6)


def test_r7_only_the_lower_die_playable_is_played() -> None:
    pos = board(
        """
         13  14  15  16  17  18 |  19  20  21  22  23  24
         1x   .   .   .   .   . |   .   .   .   .   .   .
          .   .   .   .   .  2o |  2o   .   .   .   .   .
         12  11  10   9   8   7 |   6   5   4   3   2   1
        bar x0 o0  off x14 o11
        """
    )
    assert plays(pos, (6, 1)) == {"13/12"}
    assert explain_roll(pos, (6, 1)) == (Reason(Why.ONLY_ONE_DIE, die=1),)


def test_r7_no_legal_step_passes_the_turn() -> None:
    pos = board(
        """
         13  14  15  16  17  18 |  19  20  21  22  23  24
         1x   .   .   .   .   . |   .   .   .   .   .   .
         2o   .   .   .   .  2o |   .   .   .   .   .   .
         12  11  10   9   8   7 |   6   5   4   3   2   1
        bar x0 o0  off x14 o11
        """
    )
    assert plays(pos, (6, 1)) == {"pass"}
    (only,) = legal_plays(pos, (6, 1))
    assert only.is_pass and only.result == pos
    assert explain_roll(pos, (6, 1)) == (Reason(Why.NO_PLAY),)
    assert parse_play(pos, (6, 1), "pass") == only


def test_r7_no_skipping_a_die_that_can_be_played() -> None:
    # The dispute "may I leave a die I don't like?": 6/5 alone would strand the 6.
    pos = board(
        """
         13  14  15  16  17  18 |  19  20  21  22  23  24
         1x   .   .   .   .   . |   .   .   .   .   .   .
          .   .   .   .   .  2o |  1x   .   .   .   .   .
         12  11  10   9   8   7 |   6   5   4   3   2   1
        bar x0 o0  off x13 o13
        """
    )
    assert plays(pos, (6, 1)) == {"13/6"}
    with pytest.raises(NotationError) as err:
        parse_play(pos, (6, 1), "6/5")
    assert err.value.reason == Reason(Why.DEAD_END, die=1)


def test_r8_hits_on_the_way_and_at_the_end() -> None:
    pos = board(
        """
         13  14  15  16  17  18 |  19  20  21  22  23  24
          .   .   .   .   .   . |   .   .   .   .   .   .
         1x   .  1o  1o   .   . |   .   .   .   .   .   .
         12  11  10   9   8   7 |   6   5   4   3   2   1
        bar x0 o0  off x14 o13
        """
    )
    assert plays(pos, (2, 1)) == {"12/10*/9*", "12/9*"}
    double_hit = parse_play(pos, (2, 1), "12/10*/9*")
    assert double_hit.result.opponent_bar == 2
    single = parse_play(pos, (2, 1), "12/9*")
    assert single.result.opponent_bar == 1 and single.result[10] == -1


def test_r9_bar_first_then_any_checker() -> None:
    pos = board(
        """
         13  14  15  16  17  18 |  19  20  21  22  23  24
         1x   .   .   .   .   . |   .   .   .   .   .   .
          .   .   .   .   .   . |   .   .   .   .   .  2o
         12  11  10   9   8   7 |   6   5   4   3   2   1
        bar x1 o0  off x13 o13
        """
    )
    # The 6 enters on 19 and the 1 on 24 (25 minus the die).
    assert plays(pos, (6, 1)) == {"bar/18", "bar/19 13/12", "13/7 bar/24"}
    assert explain_roll(pos, (6, 1)) == (Reason(Why.BAR_FIRST, number=1),)
    # No moving while on the bar (a common dispute).
    assert explain_step(turn_state(pos, (6, 1)), 13, 6) == Reason(Why.BAR_FIRST, number=1)
    # The order of the moves in typed text does not matter.
    assert format_play(parse_play(pos, (6, 1), "13/12 bar/19")) == "bar/19 13/12"


def test_r9_enter_as_many_as_possible_the_rest_is_lost() -> None:
    pos = board(
        """
         13  14  15  16  17  18 |  19  20  21  22  23  24
         1x   .   .   .   .   . |   .  2o   .   .   .   .
          .   .   .   .   .   . |   .   .   .   .   .   .
         12  11  10   9   8   7 |   6   5   4   3   2   1
        bar x2 o0  off x12 o13
        """
    )
    # The 6 enters on 19; the 5 points at the closed 20, so the second checker stays out.
    assert plays(pos, (6, 5)) == {"bar/19"}
    assert explain_roll(pos, (6, 5)) == (Reason(Why.BAR_FIRST, number=2), Reason(Why.ENTER_SOME, number=1))


def test_r9_dice_pointing_at_closed_points_lose_the_turn() -> None:
    pos = board(
        """
         13  14  15  16  17  18 |  19  20  21  22  23  24
         1x   .   .   .   .   . |  2o  2o   .   .   .   .
          .   .   .   .   .   . |   .   .   .   .   .   .
         12  11  10   9   8   7 |   6   5   4   3   2   1
        bar x1 o0  off x13 o11
        """
    )
    assert plays(pos, (6, 5)) == {"pass"}
    assert explain_roll(pos, (6, 5)) == (Reason(Why.NO_PLAY), Reason(Why.ENTRY_BLOCKED, dice=(6, 5)))
    assert plays(pos, (6, 4)) == {"bar/15", "13/7 bar/21"}


def test_r9_closed_home_board_leaves_nowhere_to_enter() -> None:
    pos = board(
        """
         13  14  15  16  17  18 |  19  20  21  22  23  24
          .   .   .   .   .   . |  2o  2o  2o  2o  2o  2o
          .   .   .   .   .   . |  1x   .   .   .   .   .
         12  11  10   9   8   7 |   6   5   4   3   2   1
        bar x1 o0  off x13 o3
        """
    )
    for roll in ((6, 6), (6, 1), (1, 1), (5, 3)):
        assert plays(pos, roll) == {"pass"}
    assert explain_roll(pos, (6, 1)) == (Reason(Why.NO_PLAY), Reason(Why.HOME_CLOSED))


def test_r9_after_the_last_entry_the_other_die_must_be_played() -> None:
    pos = board(
        """
         13  14  15  16  17  18 |  19  20  21  22  23  24
          .   .   .   .   .   . |   .   .   .   .   .   .
          .   .   .   .   .   . |  1x   .   .   .   .  2o
         12  11  10   9   8   7 |   6   5   4   3   2   1
        bar x1 o0  off x13 o13
        """
    )
    assert plays(pos, (4, 3)) == {"bar/18", "bar/21 6/3", "6/2 bar/22"}


def test_r10_no_bearing_off_until_all_fifteen_are_home() -> None:
    pos = board(
        """
         13  14  15  16  17  18 |  19  20  21  22  23  24
          .   .   .   .   .   . |   .   .   .   .   .  2o
          .   .   .   .   .  1x |   .   .   .   .  1x   .
         12  11  10   9   8   7 |   6   5   4   3   2   1
        bar x0 o0  off x13 o13
        """
    )
    # The 6 may not take the checker on 2 off while 7 is outside; once 7 is in, it may.
    assert plays(pos, (6, 1)) == {"7/off", "7/1 2/1"}
    assert explain_roll(pos, (6, 1)) == (Reason(Why.BEAROFF_NOT_YET, number=1),)
    assert explain_step(turn_state(pos, (6, 1)), 2, 6) == Reason(Why.BEAROFF_NOT_YET, number=1)


def test_r11_the_exact_number_bears_off() -> None:
    pos = board(
        """
         13  14  15  16  17  18 |  19  20  21  22  23  24
          .   .   .   .   .   . |   .   .   .   .   .  2o
          .   .   .   .   .   . |  1x   .   .  1x   .   .
         12  11  10   9   8   7 |   6   5   4   3   2   1
        bar x0 o0  off x13 o13
        """
    )
    # Both off; or 6/3 with the 3, after which the 6 takes a checker off the 3 (written 6/off).
    assert plays(pos, (6, 3)) == {"6/off 3/off", "6/off"}


def test_r11_a_higher_number_bears_off_from_the_highest_point() -> None:
    pos = board(
        """
         13  14  15  16  17  18 |  19  20  21  22  23  24
          .   .   .   .   .   . |   .   .   .   .   .  2o
          .   .   .   .   .   . |   .   .   .  1x  1x   .
         12  11  10   9   8   7 |   6   5   4   3   2   1
        bar x0 o0  off x13 o13
        """
    )
    assert plays(pos, (6, 5)) == {"3/off 2/off"}


def test_r11_a_higher_number_must_move_a_checker_standing_higher() -> None:
    pos = board(
        """
         13  14  15  16  17  18 |  19  20  21  22  23  24
          .   .   .   .   .   . |   .   .   .   .   .  2o
          .   .   .   .   .   . |  1x   .   .   .   .  1x
         12  11  10   9   8   7 |   6   5   4   3   2   1
        bar x0 o0  off x13 o13
        """
    )
    # A 5 cannot take the checker on 1 off while one stands on 6: 6/1 first, then both go off.
    assert plays(pos, (5, 5)) == {"6/off 1/off"}
    assert Reason(Why.HIGHER_CHECKER_FIRST, die=5) in explain_roll(pos, (5, 5))
    assert explain_step(turn_state(pos, (5, 5)), 1, 5) == Reason(Why.HIGHER_CHECKER_FIRST, die=5)


def test_r11_a_die_may_move_inside_home_instead_of_bearing_off() -> None:
    pos = board(
        """
         13  14  15  16  17  18 |  19  20  21  22  23  24
          .   .   .   .   .   . |   .   .   .   .   .  2o
          .   .   .   .   .   . |  1x  1x   .   .   .   .
         12  11  10   9   8   7 |   6   5   4   3   2   1
        bar x0 o0  off x13 o13
        """
    )
    # 6/off and 5/4; or 6/5 inside and then the 6 bears off from the 5 (6/5/off, written 6/off).
    assert plays(pos, (6, 1)) == {"6/off 5/4", "6/off"}


def test_r12_a_checker_hit_during_the_bear_off_must_come_home_first() -> None:
    pos = board(
        """
         13  14  15  16  17  18 |  19  20  21  22  23  24
          .   .   .   .   .   . |   .   .   .   .   .  2o
          .   .   .   .   .   . |   .   .   .   .   . 13x
         12  11  10   9   8   7 |   6   5   4   3   2   1
        bar x1 o0  off x1 o13
        """
    )
    # It enters with one die and must carry on with the other; nothing bears off this turn.
    assert plays(pos, (6, 5)) == {"bar/14"}


# -- the cube: one exchange per turn, before the roll (R15, R19) --------------------------------

MONEY_BEAVERS_RACCOONS = RuleSet(match_length=0, beavers=True, raccoons=True)


def ali_to_roll(rules: RuleSet, *rolls: tuple[int, int]) -> Match:
    """Ali (x, player 0) on roll at the start position, before rolling; Badr is o."""
    start = MatchState(rules=rules, phase=Phase.TURN, board=Position.start(), on_roll=0)
    return Match(names=("Ali", "Badr"), dice=ScriptedDice(rolls), start=start)


def refused(match: Match, action: Action) -> str:
    """The code of the refusal of ``action``, checking that the action raises exactly it."""
    why = match.refusal(action)
    assert why is not None and action not in match.actions()
    with pytest.raises(ActionError) as err:
        getattr(match, action.value)()
    assert (err.value.code, err.value.params) == (why.code, why.params)
    return why.code


def test_after_a_raccoon_is_taken_the_raccooner_must_roll() -> None:
    # Money play with beavers and raccoons. Ali doubles to 2, Badr beavers to 4, Ali raccoons
    # to 8, Badr takes: Ali owns the cube and is on roll, but the cube has changed hands once
    # this turn. (It used to go on: double, beaver, raccoon, take again, 8 to 64 in one turn.)
    m = ali_to_roll(MONEY_BEAVERS_RACCOONS, (3, 1), (4, 2))
    m.double()
    m.beaver()
    m.raccoon()
    m.take()
    assert m.state.cube == Cube(8, 0) and m.state.on_roll == 0 and m.state.phase is Phase.TURN
    assert m.actions() == {Action.ROLL, Action.RESIGN}
    assert refused(m, Action.DOUBLE) == "cube_turned"
    m.roll()
    m.play("8/5 6/5")
    m.confirm()
    assert refused(m, Action.DOUBLE) == "cube_owned"  # Badr's turn: the cube is Ali's
    m.roll()
    m.play("8/4 6/4")
    m.confirm()
    assert Action.DOUBLE in m.actions(), "a new turn, a new exchange"
    m.double()
    assert m.state.offered == 16


def test_after_a_beaver_is_taken_the_doubler_must_roll() -> None:
    m = ali_to_roll(MONEY_BEAVERS_RACCOONS, (3, 1))
    m.double()
    m.beaver()
    m.take()
    assert m.state.cube == Cube(4, 1) and m.state.on_roll == 0 and m.state.cube_turned
    assert refused(m, Action.DOUBLE) == "cube_owned"
    assert refused(m, Action.BEAVER) == "no_double"
    assert refused(m, Action.TAKE) == "no_double"
    m.roll()
    assert not m.state.cube_turned


def test_a_plain_double_taken_cannot_be_doubled_again_before_the_roll() -> None:
    m = ali_to_roll(RuleSet(match_length=7), (3, 1))
    m.double()
    m.take()
    assert m.state.cube == Cube(2, 1) and m.state.cube_turned
    assert refused(m, Action.DOUBLE) == "cube_owned"
    assert m.actions() == {Action.ROLL, Action.RESIGN}


def test_a_declined_resignation_does_not_reopen_the_cube() -> None:
    m = ali_to_roll(MONEY_BEAVERS_RACCOONS, (3, 1))
    m.double()
    m.beaver()
    m.raccoon()
    m.take()
    m.resign(1)
    m.decline()
    assert m.state.phase is Phase.TURN and refused(m, Action.DOUBLE) == "cube_turned"


# -- the end of a game: the moment the fifteenth checker is off (R13) --------------------------------


def test_the_game_ends_the_moment_the_fifteenth_checker_is_off() -> None:
    pos = board(
        """
         13  14  15  16  17  18 |  19  20  21  22  23  24
          .   .   .   .   .   . | 15o   .   .   .   .   .
          .   .   .   .   .   . |   .   .   .   .  1x  1x
         12  11  10   9   8   7 |   6   5   4   3   2   1
        bar x0 o0  off x13 o0
        """
    )
    # Badr (o) has borne nothing off: a gammon, at a cube of 2 that Ali owns.
    start = MatchState(rules=RuleSet(match_length=7), phase=Phase.TURN, board=pos, cube=Cube(2, 0))
    m = Match(names=("Ali", "Badr"), dice=ScriptedDice([(6, 5)]), start=start)
    m.roll()
    m.step(2, 6)
    assert m.state.phase is Phase.MOVING, "one checker still on the board"
    m.step(1, 5)
    s = m.state
    assert s.phase is Phase.GAME_OVER and s.turn is None and s.score == (4, 0)
    assert s.results[-1].ending is Ending.BEAR_OFF and s.results[-1].kind is ResultKind.GAMMON
    assert s.board.mover_off == 15
    # Over at once: nothing to confirm, nothing to take back, nothing to resign.
    assert m.actions() == {Action.NEXT_GAME}
    assert refused(m, Action.CONFIRM) == "game_over"
    assert refused(m, Action.UNDO) == "game_over"
    assert m.refusal(Action.RESIGN) is not None and m.refusal(Action.RESIGN, 3).code == "game_over"  # type: ignore[union-attr]
    assert m.last_turn is not None and [(st.source, st.dest) for st in m.last_turn[1].made] == [(2, 0), (1, 0)]
