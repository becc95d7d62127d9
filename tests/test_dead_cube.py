"""The cube in match play exactly as GNU Backgammon plays it (#34): the dead cube, resignations
that offer only what can change the match, and the Match IDs gnubg refuses as impossible.

GNU Backgammon's own ``double`` and ``set matchid`` commands are the oracle
(``tests/helpers/gnubg_double.py``, in a child process); the named scenarios follow.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from tawla.analysis.computer import Computer
from tawla.analysis.evaluator import DOUBLE_MARGIN, Chances, CubeAdvice
from tawla.analysis.hint import DEAD, hint_refusal
from tawla.engine import MatchInfo, Position, match_id, position_id
from tawla.game import Action, ActionError, Match, MatchState, Phase, ResultKind, RuleSet, ScriptedDice
from tawla.game.events import Doubled, Took
from tawla.game.setup import state_from_ids
from tawla.game.state import Cube, advance, refusal, replay
from tawla.game.table import Table
from tawla.i18n import tr
from tawla.i18n.bidi import visual
from tawla.i18n.messages import action_error_text
from tawla.i18n.words import Words
from tawla.store import saves
from tawla.store.files import StoreError
from tawla.store.settings import Preferences, Settings
from tawla.ui.app import TawlaApp
from tawla.ui.game_texts import GameWords
from tawla.ui.match_view import MatchTexts, board_model, cube_and_dice
from tawla.ui.rules_words import rules_detail, rules_name
from tawla.ui.screens.game import GameScreen
from tests.helpers.waiting import screen_is, shows, wait_until

START = Position.start()
PID = position_id(START)


CENTRED = Cube()


def turn(length: int, score: tuple[int, int], on_roll: int = 0, cube: Cube = CENTRED, **more: Any) -> MatchState:
    """``on_roll`` about to roll at ``score`` in a ``length``-point match."""
    rules = RuleSet(match_length=length)
    return MatchState(rules=rules, phase=Phase.TURN, score=score, on_roll=on_roll, cube=cube, **more)


# -- GNU Backgammon's answers -----------------------------------------------------------------


def match_states() -> list[MatchInfo]:
    """Every score of 1-, 3-, 5- and 7-point matches, Crawford or not, the cube 1 to 64 in the
    middle or owned by either player, either player on roll: 6 384 states (some impossible)."""
    out = []
    for length in (1, 3, 5, 7):
        for a in range(length):
            for b in range(length):
                for crawford in (False, True):
                    for value in (1, 2, 4, 8, 16, 32, 64):
                        for owner in (None,) if value == 1 else (None, 0, 1):
                            for on_roll in (0, 1):
                                out.append(
                                    MatchInfo(
                                        cube=value,
                                        cube_owner=owner,
                                        on_roll=on_roll,
                                        turn=on_roll,
                                        crawford=crawford,
                                        match_length=length,
                                        score=(a, b),
                                    )
                                )
    return out


def gnubg_answers(ids: list[str]) -> list[dict[str, Any]]:
    out = subprocess.run(
        [sys.executable, "-m", "tests.helpers.gnubg_double"],
        input="\n".join(ids),
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parent.parent,
        timeout=300,
        check=True,
    ).stdout
    answers = [json.loads(line) for line in out.splitlines()]
    assert [a["match_id"] for a in answers] == ids
    return answers


def test_gnubg_doubles_exactly_where_tawla_does_and_refuses_the_same_match_ids() -> None:
    """gnubg's ``double`` command on every state of :func:`match_states`: allowed or refused as
    tawla's rules say, and each Match ID gnubg refuses as impossible refused by tawla's set-up."""
    infos = match_states()
    ids = [match_id(info) for info in infos]
    answers = gnubg_answers(ids)
    differ = []
    counts = {"refused": 0, "doubles": 0, "no double": 0}
    for info, mid, answer in zip(infos, ids, answers, strict=True):
        try:
            state = state_from_ids(PID, mid)
        except ActionError as error:
            ours: object = f"refused ({error.code})"
        else:
            ours = refusal(state, Doubled()) is None
        theirs = answer["doubled"] if answer["accepted"] else "refused"
        if (ours if isinstance(ours, bool) else "refused") != theirs:
            differ.append((info, mid, ours, theirs))
        counts["refused" if not answer["accepted"] else "doubles" if theirs else "no double"] += 1
    assert not differ, f"{len(differ)} of {len(infos)} differ, e.g. {differ[:5]}"
    # (every kind of answer met: the oracle was asked real questions)
    assert min(counts.values()) > 400, counts


# -- named scenarios ----------------------------------------------------------------------------


def test_in_a_one_point_match_nobody_ever_doubles() -> None:
    for on_roll in (0, 1):
        state = turn(1, (0, 0), on_roll)
        assert state.why_no_double() == "cube_dead" and not state.cube_live
        assert not state.post_crawford and not state.crawford_game
    match = Match(RuleSet(match_length=1), ("Ali", "Badr"), ScriptedDice([(3, 1)]))
    match.roll_opening()
    match.play("8/5 6/5")
    match.confirm()
    assert match.refusal(Action.DOUBLE) is not None and match.refusal(Action.DOUBLE).code == "cube_dead"  # type: ignore[union-attr]
    assert Action.DOUBLE not in match.actions()
    with pytest.raises(ActionError, match="cube_dead"):
        match.double()


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_one_point_match_is_never_said_to_be_played_with_the_cube(lang: str) -> None:
    words = Words(lang)
    rules = RuleSet(match_length=1)
    assert rules.cube and not rules.cube_in_play and not rules.applies("cube")
    said = rules_detail(words, rules) + rules_name(words, rules)
    assert tr(lang, "summary.cube_on") not in said
    assert tr(lang, "summary.cube_on") in rules_detail(words, RuleSet(match_length=3))
    panel = cube_and_dice(MatchTexts(words, False), turn(1, (0, 0)), ("Ali", "Badr"), 10).plain
    assert tr(lang, "panel.no_cube_one_point") in panel


def test_after_the_crawford_game_the_leader_may_not_double_and_the_trailer_may() -> None:
    leader = turn(5, (4, 2), 0, crawford_used=True)
    trailer = replace(leader, on_roll=1)
    assert leader.post_crawford
    assert leader.why_no_double() == "cube_dead"
    assert trailer.can_double
    # Doubled by the trailer, the leader owns a dead cube: it cannot move for the rest of the game.
    owned = advance(advance(trailer, Doubled()), Took())
    assert owned.cube == Cube(2, 0) and not owned.cube_live


def test_two_away_the_owner_of_a_two_cube_may_not_redouble() -> None:
    owner = turn(5, (3, 1), 0, cube=Cube(2, 0))
    assert owner.why_no_double() == "cube_dead" and not owner.cube_live
    assert turn(5, (3, 1), 0).can_double, "at a cube of 1, 2-away may double"
    assert turn(5, (2, 1), 0, cube=Cube(2, 0)).can_double, "3-away may redouble a 2-cube"
    assert turn(5, (3, 1), 1, cube=Cube(2, 1)).can_double, "a 4-away owner may redouble"


def test_in_money_play_the_cube_is_never_dead() -> None:
    money = MatchState(rules=RuleSet(match_length=0, max_cube=4096), phase=Phase.TURN, cube=Cube(1024, 0))
    assert money.can_double and money.cube_live and not money.cube_dead_for(0)


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_refusal_says_why_in_words_a_player_understands(lang: str) -> None:
    error = refusal(turn(1, (0, 0)), Doubled())
    assert error is not None
    text = action_error_text(lang, error)
    assert text == tr(lang, "action.cube_dead")
    assert ("dead" in text and "match" in text) if lang == "en" else ("ميت" in text and "المباراة" in text)


def test_resigning_one_point_away_offers_only_the_match() -> None:
    # Badr (1) resigns; Ali (0) needs one point: a single game already gives him the match.
    state = turn(5, (4, 2), 1, crawford_used=True)
    assert state.resign_levels() == (ResultKind.SINGLE,)
    assert state.resigns_match(ResultKind.SINGLE)
    # Two away with the cube at 1: a single game is 1 point, a gammon the match.
    two = turn(5, (3, 0), 1)
    assert two.resign_levels() == (ResultKind.SINGLE, ResultKind.GAMMON)
    assert not two.resigns_match(ResultKind.SINGLE) and two.resigns_match(ResultKind.GAMMON)
    # Far from the end, all three.
    assert turn(7, (0, 0), 1).resign_levels() == tuple(ResultKind)


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_resign_dialog_says_the_match_and_the_points_the_winner_would_score(lang: str) -> None:
    words = Words(lang)
    two = turn(5, (3, 0), 1)
    texts = GameWords(Table(Match(names=("Ali", "Badr"), start=two)), words, Preferences())
    lines = texts.resign_levels_text(two, (1, 2)).splitlines()
    assert lines[0] == words.t("resign.level1", points=words.t_n("points", 1))
    assert lines[1] == words.t("resign.level_match", level=2, points=words.t_n("points", 2))
    offered = replace(two, phase=Phase.RESIGNING, resignation=(1, 2), resume=Phase.TURN)
    assert texts.resign_offer(offered) == words.t("resign.offer_match", name="Badr")
    single = replace(two, phase=Phase.RESIGNING, resignation=(1, 1), resume=Phase.TURN)
    assert texts.resign_offer(single) == words.t("resign.offer1", name="Badr")


@pytest.mark.parametrize(
    ("info", "code"),
    [
        (MatchInfo(match_length=5, score=(4, 2), crawford=True, cube=2, cube_owner=1), "setup_crawford_cube"),
        (MatchInfo(match_length=5, score=(4, 2), crawford=True, cube=2), "setup_crawford_cube"),
        (MatchInfo(match_length=1, crawford=True), "setup_crawford_one_point"),
        (MatchInfo(match_length=5, score=(3, 2), crawford=True), "setup_crawford_score"),
        (MatchInfo(match_length=5, score=(3, 1), cube=2, cube_owner=0, turn=1, double_offered=True), "setup_double"),
    ],
)
def test_a_match_id_describing_what_cannot_happen_is_refused_saying_why(info: MatchInfo, code: str) -> None:
    with pytest.raises(ActionError) as error:
        state_from_ids(PID, match_id(info))
    assert error.value.code == code
    for lang in ("en", "ar"):
        text = action_error_text(lang, error.value)
        assert text.startswith(tr(lang, f"action.{code}").split("{")[0])
    if code == "setup_double":
        assert tr("en", "action.cube_dead") in action_error_text("en", error.value)


def test_a_crawford_match_id_is_read_as_the_crawford_game_and_a_one_point_match_is_not_post_crawford() -> None:
    crawford = state_from_ids(PID, match_id(MatchInfo(match_length=5, score=(4, 2), crawford=True)))
    assert crawford.crawford_game and crawford.why_no_double() == "crawford"
    one = state_from_ids(PID, match_id(MatchInfo(match_length=1)))
    assert not one.post_crawford and not one.crawford_used and one.why_no_double() == "cube_dead"


def test_the_hint_says_the_cube_is_dead_before_the_roll() -> None:
    assert hint_refusal(turn(1, (0, 0))) == DEAD
    assert "dead" in tr("en", "hint.cube_dead") and "ميت" in tr("ar", "hint.cube_dead")
    assert hint_refusal(turn(5, (0, 0))) is None


def _advice(no_double: float, double_take: float) -> CubeAdvice:
    return CubeAdvice(no_double, double_take, 1.0, Chances(0.7, 0.1, 0.0, 0.05, 0.0))


def test_doubling_is_advised_only_when_worth_more_than_float_noise() -> None:
    assert not _advice(-0.340, -0.340).double
    assert not _advice(-0.340, -0.340 + DOUBLE_MARGIN / 2).double
    assert _advice(-0.340, -0.340 + 2 * DOUBLE_MARGIN).double
    assert not _advice(0.2, 0.1).double


class _Doubling:
    """An evaluator that advises a double whatever the position."""

    def cube(self, board: Position, cube: object) -> CubeAdvice:
        return _advice(0.0, 0.5)


def test_the_computer_never_doubles_a_dead_cube_whatever_its_evaluator_says() -> None:
    computer = Computer(_Doubling())  # type: ignore[arg-type]
    assert computer.decide(turn(5, (0, 0))).action is Action.DOUBLE  # (it asks, and obeys)
    for dead in (turn(1, (0, 0)), turn(5, (4, 2), 0, crawford_used=True), turn(5, (3, 1), 0, cube=Cube(2, 0))):
        assert computer.decide(dead).action is Action.ROLL


# -- a match saved before the rule ----------------------------------------------------------


def test_a_match_saved_before_the_dead_cube_still_loads_and_keeps_its_rules(tmp_path: Path) -> None:
    """A 1-point match whose history doubles at 0-0 (as tawla allowed before #34): nothing lost."""
    rules = RuleSet(match_length=1)
    legacy = rules.model_copy(update={"dead_cube": False})
    old = Match(legacy, ("Ali", "Badr"), ScriptedDice([(3, 1)]))
    old.roll_opening()
    old.play("8/5 6/5")
    old.confirm()
    old.double()
    data = saves.to_json(saves.SavedMatch(old, "m1", saves.now()))
    data["rules"].pop("dead_cube")  # (as the tawla before #34 wrote it: it knew no such key)
    with pytest.raises(ActionError, match="cube_dead"):  # (its history, under today's rule)
        replay(rules, old.events)
    back = saves.from_json(json.loads(json.dumps(data)))
    assert back.match.state.phase is Phase.DOUBLED and back.match.state == old.state
    assert not back.match.rules.dead_cube
    again = saves.to_json(back)
    assert again["rules"]["dead_cube"] is False  # (its file says so from now on)
    assert saves.from_json(json.loads(json.dumps(again))).match.state == old.state
    # A new match's file never names the rule; a history that breaks another rule is still refused.
    assert "dead_cube" not in saves.to_json(saves.SavedMatch(Match(rules, ("A", "B")), "m2", saves.now()))["rules"]
    broken = json.loads(json.dumps(data))
    broken["events"].insert(0, ["double"])
    with pytest.raises(StoreError):
        saves.from_json(broken)


# -- on the screen ------------------------------------------------------------------------------


def one_point_turn() -> Match:
    """A 1-point match, Badr on roll before rolling (Ali opened with 3-1)."""
    match = Match(RuleSet(match_length=1), ("Ali", "Badr"), ScriptedDice([(3, 1), (6, 5)]))
    match.roll_opening()
    match.play("8/5 6/5")
    match.confirm()
    assert match.state.phase is Phase.TURN and match.state.on_roll == 1
    return match


@pytest.mark.parametrize(("lang", "key"), [("en", "d"), ("ar", "ي")])
async def test_d_in_a_one_point_match_says_the_cube_is_dead_and_nothing_changes(lang: str, key: str) -> None:
    match = one_point_turn()
    events = match.events
    settings = Settings(bidi_checked=True)
    app = TawlaApp(lang=lang, dice=match.dice, match=match, settings=settings)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_is(pilot, GameScreen)
        assert screen._board_view.model is not None and screen._board_view.model.cube is None
        await pilot.press(key)
        await wait_until(pilot, lambda: screen.problem is not None, "the refusal said")
        assert screen.problem == tr(lang, "action.cube_dead")
        said = tr(lang, "panel.no_cube_one_point")
        await shows(pilot, visual(said, rtl=True) if lang == "ar" else said)
        assert match.events == events and match.state.phase is Phase.TURN
        await pilot.press("r")
        await wait_until(pilot, lambda: match.state.phase is Phase.MOVING, "the roll, the key after")


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_dead_cube_is_drawn_dim_and_said_dead_a_live_one_is_not(lang: str) -> None:
    words = Words(lang)
    prefs = Preferences()
    dead = turn(5, (3, 1), 1, cube=Cube(2, 0))  # (Ali, 2-away, owns a 2-cube: nobody can turn it)
    live = turn(5, (0, 0), 1, cube=Cube(2, 0))
    for state, is_live in ((dead, False), (live, True)):
        match = Match(names=("Ali", "Badr"), start=state)
        model = board_model(match, prefs, words)
        assert model.cube is not None and model.cube[0] == 2 and model.cube[2] is is_live
        panel = cube_and_dice(MatchTexts(words, False), state, ("Ali", "Badr"), 10).plain
        assert (tr(lang, "panel.cube_dead") in panel) is not is_live
    # In the Crawford game the cube cannot move either: drawn dim, its own mark on the panel.
    crawford = turn(5, (4, 2), 1, crawford_game=True, crawford_used=True)
    model = board_model(Match(names=("Ali", "Badr"), start=crawford), prefs, words)
    assert model.cube is not None and model.cube[2] is False
    assert tr(lang, "panel.cube_dead") not in cube_and_dice(MatchTexts(words, False), crawford, ("A", "B"), 10).plain
