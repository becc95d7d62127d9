"""Named scenarios for Plakoto and Fevga (issue 23), one per rule, each with its board drawn.

x is on roll and moves from 24 down to 1; o is the opponent (in Plakoto it runs the other way,
1 to 24 in x's numbering; in Fevga the same way, from x's 12 down to 1, then 24 down to 13).
``2x/o`` is two of x's checkers on top of one of o's, pinned. The pictures must be exactly what
the engine draws (``tavla_diagram``), so they cannot drift from the positions.
"""

from __future__ import annotations

import textwrap

import pytest

from tawla.engine import IllegalStep
from tawla.engine.diagram import parse_tavla_diagram, tavla_diagram
from tawla.engine.explain import Why
from tawla.engine.notation import format_play
from tawla.engine.tavla import (
    Ending,
    FirstChecker,
    Game,
    Mother,
    TavlaBoard,
    Variant,
    ending,
    opponent_point,
    parse_board,
    points_won,
    step_refusal,
    tavla_plays,
    tavla_turn,
)

PLAKOTO = Variant(Game.PLAKOTO)
FEVGA = Variant(Game.FEVGA)


def _normal(text: str) -> list[list[str]]:
    return [line.split() for line in textwrap.dedent(text).strip().splitlines()]


def drawn(game: Game, picture: str) -> TavlaBoard:
    board = parse_tavla_diagram(game, picture)
    assert _normal(tavla_diagram(board)) == _normal(picture), "the picture is not in canonical form"
    return board


def plays(board: TavlaBoard, roll: tuple[int, int], variant: Variant | None = None) -> set[str]:
    found = tavla_plays(board, roll, variant)
    texts = [format_play(p) for p in found]
    assert len(set(texts)) == len(texts), f"two plays print the same: {texts}"
    return set(texts)


def results(board: TavlaBoard, roll: tuple[int, int], variant: Variant | None = None) -> set[str]:
    return {p.result.text() for p in tavla_plays(board, roll, variant)}


# -- Plakoto ---------------------------------------------------------------------------------


def test_plakoto_start_all_fifteen_on_each_sides_24_point() -> None:
    start = drawn(
        Game.PLAKOTO,
        """
          13   14   15   16   17   18 |   19   20   21   22   23   24
           .    .    .    .    .    . |    .    .    .    .    .  15x
           .    .    .    .    .    . |    .    .    .    .    .  15o
          12   11   10    9    8    7 |    6    5    4    3    2    1
        off x0 o0
        """,
    )
    assert start == TavlaBoard.start(Game.PLAKOTO) == parse_board(Game.PLAKOTO, "-15" + ",0" * 22 + ",15;0,0")
    assert start.mover_pips == start.opponent_pips == 15 * 24
    assert start.swapped() == start
    # 6-6 from the start: the four sixes spread over the checkers leaving 24 (nothing bears off).
    assert plays(start, (6, 6)) == {"24/18(4)", "24/18(2) 24/12", "24/12(2)", "24/18 24/6"}


LONE_O = """
          13   14   15   16   17   18 |   19   20   21   22   23   24
           .    .    .    .    .    . |    .   1o    .    .    .  14x
           .    .    .    .    .    . |    .    .    .    .    .  14o
          12   11   10    9    8    7 |    6    5    4    3    2    1
        off x0 o0
        """


def test_plakoto_landing_on_a_lone_opposing_checker_pins_it() -> None:
    board = drawn(Game.PLAKOTO, LONE_O.replace("14x", "15x"))
    found = {format_play(p): p for p in tavla_plays(board, (4, 1))}
    # The star marks the pin. 24/19 is the same board whichever way it goes (24/20*/19 pins
    # and lets go again): it is written the way that pins nothing.
    assert set(found) == {"24/20* 24/23", "24/19"}
    pinned = found["24/20* 24/23"].result
    assert tavla_diagram(pinned).splitlines()[1].split()[8] == "1x/o"
    assert pinned.pinned(20) == -1 and pinned[20] == 1
    assert pinned.opponent_on_board == 15  # pinned, not hit: nothing leaves the board
    assert found["24/19"].result[20] == -1


def test_plakoto_a_pinned_checker_cannot_move_and_its_point_is_closed_to_its_owner() -> None:
    board = drawn(
        Game.PLAKOTO,
        """
          13   14   15   16   17   18 |   19   20   21   22   23   24
           .    .    .    .    .    . |    .    .    .    .  1o/x  14x
           .    .    .    .    .    . |    .    .    .    .    .  14o
          12   11   10    9    8    7 |    6    5    4    3    2    1
        off x0 o0
        """,
    )
    assert board.pinned(23) == 1
    # x's checker pinned on 23 cannot move; 24/23 lands where o sits on it: closed to x.
    assert step_refusal(board, 23, 1) == (Why.PINNED, 23)
    assert step_refusal(board, 24, 1) == (Why.POINT_HELD, 23)
    # So the 1 can be played only after the 2, by the same checker.
    assert plays(board, (2, 1)) == {"24/21"}


def test_plakoto_the_pinner_may_be_joined_and_its_last_checker_leaving_frees_the_pinned() -> None:
    board = drawn(
        Game.PLAKOTO,
        """
          13   14   15   16   17   18 |   19   20   21   22   23   24
           .    .    .    .    .    . |    .  1x/o    .    .    .  14x
           .    .    .    .    .    . |    .    .    .    .    .  14o
          12   11   10    9    8    7 |    6    5    4    3    2    1
        off x0 o0
        """,
    )
    assert plays(board, (3, 1)) == {"20/16", "20/17 24/23", "24/20", "24/21 20/19", "24/21 24/23"}
    by_play = {format_play(p): p.result for p in tavla_plays(board, (3, 1))}
    assert by_play["24/20"][20] == 2 and by_play["24/20"].pinned(20) == -1  # joined on top of the pin
    assert by_play["20/16"][20] == -1 and by_play["20/16"].pinned(20) == 0  # o's checker free again
    # o cannot land on x's lone pinner: a checker on top of a pin holds the point.
    seen_by_o = board.swapped()
    assert seen_by_o.pinned(5) == 1
    assert all(s.dest != 5 for p in tavla_plays(seen_by_o, (6, 6)) for s in p.steps)


def test_plakoto_no_bearing_off_while_a_checker_is_pinned() -> None:
    board = drawn(
        Game.PLAKOTO,
        """
          13   14   15   16   17   18 |   19   20   21   22   23   24
           .    .    .    .    .    . |    .    .    .    .    .    .
         13o    .    .    .    .    . |  1o/x  3x    .    .    .    .
          12   11   10    9    8    7 |    6    5    4    3    2    1
        off x11 o1
        """,
    )
    assert step_refusal(board, 5, 5) == (Why.BEAROFF_PINNED, 5)
    # 5/off is refused, 5/1 is open, and after it no die bears off either: the 4 alone.
    assert plays(board, (5, 4)) == {"5/1"}
    freed = drawn(
        Game.PLAKOTO,
        """
          13   14   15   16   17   18 |   19   20   21   22   23   24
           .    .    .    .    .    . |    .    .    .    .    .    .
         13o    .    .    .    .    . |   1o   3x    .    .    .    .
          12   11   10    9    8    7 |    6    5    4    3    2    1
        off x12 o1
        """,
    )
    assert plays(freed, (5, 4)) == {"5/off 5/1"}


MOTHER = """
          13   14   15   16   17   18 |   19   20   21   22   23   24
           .    .    .    .    .    . |    .    .    .    .    .  {x24}
           .    .    .    .    .    . |    .    .   2x   3x    .   1o
          12   11   10    9    8    7 |    6    5    4    3    2    1
        off x{xoff} o{ooff}
        """


def test_plakoto_pinning_the_mother_ends_the_game_at_once_for_two_points() -> None:
    board = drawn(Game.PLAKOTO, MOTHER.format(x24=".", xoff=10, ooff=14))
    found = {format_play(p): p for p in tavla_plays(board, (2, 1))}
    # 3/1* pins o's last checker on its starting point: the game ends with that one step,
    # and the play stands although others use both dice.
    assert "3/1*" in found
    assert ending(found["3/1*"].result) is Ending.MOTHER
    assert points_won(PLAKOTO, found["3/1*"].result, Ending.MOTHER) == 2
    turn = tavla_turn(board, (2, 1)).play((3, 2))
    assert turn.complete and turn.ended is Ending.MOTHER
    # A single win under that setting; with no mother rule the pin is an ordinary pin and the
    # other die must still be played.
    assert points_won(Variant(Game.PLAKOTO, Mother.SINGLE), found["3/1*"].result, Ending.MOTHER) == 1
    no_rule = Variant(Game.PLAKOTO, Mother.NONE)
    assert "3/1*" not in plays(board, (2, 1), no_rule)
    assert ending(found["3/1*"].result, no_rule) is None
    assert not tavla_turn(board, (2, 1), variant=no_rule).play((3, 2)).complete


def test_plakoto_the_mother_rule_waits_while_the_pinners_own_mother_is_home() -> None:
    board = drawn(Game.PLAKOTO, MOTHER.format(x24="1x", xoff=9, ooff=14))
    found = {format_play(p): p for p in tavla_plays(board, (2, 1))}
    assert "3/1*" not in found  # the game goes on: the 1 must still be played
    assert any(p.result.pinned(1) == -1 and ending(p.result) is None for p in found.values())


def test_plakoto_both_mothers_pinned_is_a_draw() -> None:
    board = drawn(Game.PLAKOTO, MOTHER.format(x24="1o/x", xoff=9, ooff=13))
    found = {format_play(p): p for p in tavla_plays(board, (2, 1))}
    assert "3/1*" in found
    assert ending(found["3/1*"].result) is Ending.DRAW
    assert points_won(PLAKOTO, found["3/1*"].result, Ending.DRAW) == 0


# -- Fevga -----------------------------------------------------------------------------------


def test_fevga_start_diagonally_opposite_and_both_run_the_same_way() -> None:
    start = drawn(
        Game.FEVGA,
        """
          13   14   15   16   17   18 |   19   20   21   22   23   24
           .    .    .    .    .    . |    .    .    .    .    .  15x
         15o    .    .    .    .    . |    .    .    .    .    .    .
          12   11   10    9    8    7 |    6    5    4    3    2    1
        off x0 o0
        """,
    )
    assert start == TavlaBoard.start(Game.FEVGA)
    assert start.swapped() == start  # the same picture for o: its start is its own 24
    assert [opponent_point(Game.FEVGA, p) for p in (12, 1, 24, 13)] == [24, 13, 12, 1]
    assert start.mover_pips == start.opponent_pips == 360


def test_fevga_opening_six_six_moves_one_checker_six_and_the_rest_is_lost() -> None:
    start = TavlaBoard.start(Game.FEVGA)
    assert plays(start, (6, 6)) == {"24/18"}
    turn = tavla_turn(start, (6, 6)).play((24, 6))
    assert turn.complete and turn.steps_needed == 1
    assert step_refusal(turn.position, 24, 6) == (Why.FIRST_CHECKER, 12)
    assert step_refusal(turn.position, 18, 6) == (Why.POINT_HELD, 12)
    # Any roll moves one checker only: 6-5 goes 24/13, never two checkers off the start.
    assert plays(start, (6, 5)) == {"24/13"}


def test_fevga_once_the_first_checker_has_passed_the_others_may_leave() -> None:
    def board_with_runner_on(point: int) -> TavlaBoard:
        return parse_board(
            Game.FEVGA,
            ",".join("-15" if p == 12 else "1" if p == point else "14" if p == 24 else "0" for p in range(1, 25))
            + ";0,0",
        )

    passed = board_with_runner_on(11)
    assert plays(passed, (6, 1)) == {"11/4", "11/5 24/23", "24/17", "24/18 11/10", "24/18 24/23"}
    # Not yet past: the runner alone moves (and a 1 for it would land on o's start).
    assert plays(board_with_runner_on(16), (2, 1)) == {"16/13"}
    # "Reached the opponent's starting quarter" counts a checker on 12 (once o has left it).
    o_left = parse_board(
        Game.FEVGA,
        ",".join("1" if p == 12 else "14" if p == 24 else "-15" if p == 10 else "0" for p in range(1, 25)) + ";0,0",
    )
    assert step_refusal(o_left, 24, 1) == (Why.FIRST_CHECKER, 12)
    assert step_refusal(o_left, 24, 1, Variant(Game.FEVGA, first=FirstChecker.QUARTER)) is None


def test_fevga_a_single_checker_holds_a_point() -> None:
    board = parse_board(
        Game.FEVGA,
        ",".join(
            "-14" if p == 12 else "-1" if p == 20 else "1" if p == 11 else "14" if p == 24 else "0"
            for p in range(1, 25)
        )
        + ";0,0",
    )
    assert step_refusal(board, 24, 4) == (Why.POINT_HELD, 20)
    assert all(p.result[20] == -1 for p in tavla_plays(board, (4, 4)))
    assert board.opponent_on_board == 15


def test_fevga_no_holding_all_six_points_of_the_starting_quarter() -> None:
    board = drawn(
        Game.FEVGA,
        """
          13   14   15   16   17   18 |   19   20   21   22   23   24
           .    .    .    .    .    . |    .   1x   1x   1x   1x  10x
          5o    .    .    .    .    . |    .    .    .    .   1x  10o
          12   11   10    9    8    7 |    6    5    4    3    2    1
        off x0 o0
        """,
    )
    assert step_refusal(board, 24, 5) == (Why.START_QUARTER, 19)
    assert all(not all(p.result[q] > 0 for q in range(19, 25)) for p in tavla_plays(board, (5, 1)))
    assert "24/23 24/19" not in plays(board, (5, 1))


def test_fevga_no_prime_that_traps_every_opposing_checker() -> None:
    # x holds 14-18 and could make 19 with 23/19 or 24/19: six in a row, and every one of o's
    # checkers (on x's 12 and 11; o runs 12..1, then 24..13) still has them to pass.
    board = drawn(
        Game.FEVGA,
        """
          13   14   15   16   17   18 |   19   20   21   22   23   24
           .   2x   2x   2x   2x   2x |    .    .    .    .   1x   3x
          8o   7o    .    .    .    . |    .    .    .    .   1x    .
          12   11   10    9    8    7 |    6    5    4    3    2    1
        off x0 o0
        """,
    )
    assert step_refusal(board, 23, 4) == (Why.TRAPPING_PRIME, 19)
    assert step_refusal(board, 24, 5) == (Why.TRAPPING_PRIME, 19)
    assert all(p.result[19] <= 0 for p in tavla_plays(board, (5, 4)))
    # With one of o's checkers already past them (on x's 13), the same six points are allowed.
    escaped = drawn(
        Game.FEVGA,
        """
          13   14   15   16   17   18 |   19   20   21   22   23   24
          1o   2x   2x   2x   2x   2x |    .    .    .    .   1x   3x
          8o   6o    .    .    .    . |    .    .    .    .   1x    .
          12   11   10    9    8    7 |    6    5    4    3    2    1
        off x0 o0
        """,
    )
    assert step_refusal(escaped, 23, 4) is None
    assert any(p.result[19] > 0 for p in tavla_plays(escaped, (5, 4)))


def test_fevga_bearing_off_as_in_backgammon() -> None:
    board = drawn(
        Game.FEVGA,
        """
          13   14   15   16   17   18 |   19   20   21   22   23   24
          3o    .    .    .    .    . |    .    .    .    .    .    .
           .    .    .    .    .    . |    .    .   2x    .   1x    .
          12   11   10    9    8    7 |    6    5    4    3    2    1
        off x12 o12
        """,
    )
    assert plays(board, (6, 5)) == {"4/off(2)"}
    assert plays(board, (1, 1)) == {"4/2(2)", "4/3 4/1", "4/1 2/1", "4/3(2) 2/off", "4/off"}
    last = parse_board(
        Game.FEVGA, ",".join("1" if p == 2 else "-3" if p == 13 else "0" for p in range(1, 25)) + ";14,12"
    )
    won = tavla_plays(last, (6, 5))
    assert [format_play(p) for p in won] == ["2/off"]
    assert ending(won[0].result) is Ending.BORNE_OFF
    assert points_won(FEVGA, won[0].result, Ending.BORNE_OFF) == 1


@pytest.mark.parametrize("game", [Game.PLAKOTO, Game.FEVGA])
def test_a_step_the_turn_does_not_allow_is_refused(game: Game) -> None:
    turn = tavla_turn(TavlaBoard.start(game), (3, 1))
    with pytest.raises(IllegalStep):
        turn.play((13, 3))


def test_a_typed_move_the_rules_refuse_says_which_rule() -> None:
    from tawla.engine.notation import NotationError, parse_play

    start = TavlaBoard.start(Game.FEVGA)
    with pytest.raises(NotationError) as refused:
        parse_play(start, (6, 6), "24/18 24/18")  # (a second checker off the start)
    assert refused.value.reason.why is Why.FIRST_CHECKER  # type: ignore[union-attr]
    assert [format_play(parse_play(start, (6, 6), "24/18"))] == ["24/18"]
    pinned = parse_board(Game.PLAKOTO, "-14" + ",0" * 21 + ",-1p,14;0,0")
    with pytest.raises(NotationError) as held:
        parse_play(pinned, (2, 1), "23/21")  # (x's checker on 23 lies under o's)
    assert held.value.reason.why is Why.PINNED  # type: ignore[union-attr]
    assert format_play(parse_play(pinned, (2, 1), "24/21")) == "24/21"
