"""The hint (#24): the evaluator's best plays of a roll, or its advice on the cube, for the
player who decides now; a custom of the table; a key (both layouts) and the palette; the best
play marked on the board; pictures in both languages."""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest
from textual.command import CommandPalette
from textual.pilot import Pilot

from tawla.analysis import evaluator as evaluator_module
from tawla.analysis import hint as hint_module
from tawla.analysis.evaluator import Unavailable
from tawla.analysis.hint import NOTHING, OFF, CubeHint, PlayHint, hint_for, hint_refusal
from tawla.engine import Position, legal_plays
from tawla.engine.notation import format_play, format_steps
from tawla.game import Match, Phase, RuleSet, ScriptedDice
from tawla.game.rules import GameChoice, preset
from tawla.game.state import MatchState
from tawla.i18n import tr
from tawla.i18n.bidi import visual
from tawla.i18n.words import Words
from tawla.store import saves
from tawla.store.settings import Digits, Preferences, Settings, settings_from_json, settings_to_json
from tawla.ui.app import TawlaApp
from tawla.ui.rules_words import rules_detail, rules_name
from tawla.ui.screens.dialogs import ResignLevelScreen
from tawla.ui.screens.game import GameScreen
from tawla.ui.screens.hint import HintScreen
from tests.helpers.waiting import WAIT, screen_is, settle, shows, wait_until, workers_done
from tests.test_ui import reached

SIZE = (80, 24)
MONEY = RuleSet(match_length=0)


def opened_with(roll: tuple[int, int], rules: RuleSet = MONEY, *more: tuple[int, int]) -> Match:
    """A match whose first player wins the opening with ``roll`` (and plays it)."""
    match = Match(rules, ("Ali", "Badr"), ScriptedDice([roll, *more]))
    match.roll_opening()
    assert match.state.phase is Phase.MOVING and match.state.on_roll == 0
    return match


def turn_at(board: Position, rules: RuleSet = MONEY) -> MatchState:
    """The player on roll (0) before rolling, at ``board``, the cube in the middle."""
    return MatchState(rules=rules, phase=Phase.TURN, board=board, on_roll=0)


RACE_DOUBLE_TAKE = Position.from_counts({6: 4, 5: 4, 4: 4, 3: 3}, {6: 5, 5: 5, 4: 5})
"""A bear-off race 8 pips ahead (55 against 75 with the roll): a double, and a take."""
RACE_TOO_GOOD = Position.from_counts({1: 2}, {6: 15})
"""Two checkers on the ace against fifteen at home: too good to double (the gammon)."""


# -- the game layer -----------------------------------------------------------------------------


def test_the_best_opening_31_makes_the_five_point() -> None:
    hint = hint_for(opened_with((3, 1)).state)
    assert isinstance(hint, PlayHint)
    assert format_play(hint.best.play) == "8/5 6/5"
    assert hint.rest == hint.best.play.steps and hint.made == ()
    equities = [r.equity for r in hint.ranked]
    assert equities == sorted(equities, reverse=True) and hint.ranked[0].loss == 0
    assert 0.5 < hint.best.chances.win < 0.6  # (the mover's chances after the play)


def test_mid_turn_the_hint_ranks_the_whole_roll_and_says_what_is_left() -> None:
    match = opened_with((3, 1))
    match.step(6, 1)  # 6/5: the best play's first step
    hint = hint_for(match.state)
    assert isinstance(hint, PlayHint) and format_play(hint.best.play) == "8/5 6/5"
    assert format_steps(hint.made) == "6/5" and hint.rest is not None and format_steps(hint.rest) == "8/5"
    other = opened_with((3, 1))
    other.step(24, 1)  # 24/23: not the best play's
    off_course = hint_for(other.state)
    assert isinstance(off_course, PlayHint) and off_course.rest is None
    assert format_play(off_course.best.play) == "8/5 6/5"  # (still from the start of the turn)


def test_the_custom_and_the_moment_refuse_a_hint() -> None:
    off = opened_with((3, 1), RuleSet(match_length=5, hints=False))
    assert hint_refusal(off.state) == OFF
    with pytest.raises(ValueError):
        hint_for(off.state)
    plakoto = Match(RuleSet(match_length=5).adjusted(game=GameChoice.PLAKOTO), dice=ScriptedDice([(3, 1), (6, 5)]))
    plakoto.roll_opening()
    plakoto.roll()  # (the café custom: the opening's winner rolls again)
    assert plakoto.state.phase is Phase.MOVING and hint_refusal(plakoto.state) is None  # (#38: judged now)
    plakoto.play(hint_for(plakoto.state).best.play)  # type: ignore[union-attr,arg-type]
    plakoto.confirm()
    assert plakoto.state.phase is Phase.TURN and hint_refusal(plakoto.state) == NOTHING  # (no cube)
    assert hint_refusal(Match(MONEY).state) == NOTHING  # (the opening roll: nothing to decide)


def test_cube_advice_double_take_and_no_double() -> None:
    hint = hint_for(turn_at(RACE_DOUBLE_TAKE))
    assert isinstance(hint, CubeHint) and hint.kind == "double" and hint.right == "double"
    assert hint.advice.double and hint.advice.take
    start = hint_for(turn_at(Position.start()))
    assert isinstance(start, CubeHint) and start.right == "no_double"
    too_good = hint_for(turn_at(RACE_TOO_GOOD))
    assert isinstance(too_good, CubeHint) and too_good.right == "too_good"


def test_a_double_offered_is_answered_for_the_doubled_player() -> None:
    match = Match(MONEY, start=turn_at(RACE_DOUBLE_TAKE))
    match.double()
    hint = hint_for(match.state)
    assert isinstance(hint, CubeHint) and hint.kind == "answer" and hint.player == 1
    assert hint.right == "take"
    take, drop = hint.equities
    assert take > drop == -1.0  # (the doubled player's own equities: passing loses a point)
    assert hint.chances.win == pytest.approx(1 - hint.advice.chances.win)


def test_no_double_to_give_no_hint_before_the_roll() -> None:
    match = Match(MONEY, dice=ScriptedDice([(6, 5), (1, 2)]), start=turn_at(RACE_DOUBLE_TAKE))
    match.double()
    match.take()  # (the cube is the taker's: the doubler may not double again)
    for _ in range(2):
        match.roll()
        turn = match.state.turn
        assert turn is not None
        match.play(legal_plays(turn.start, turn.roll)[0])
        match.confirm()
        if match.state.on_roll == 1:
            assert hint_refusal(match.state) is None  # (the taker may redouble)
    assert match.state.on_roll == 0 and hint_refusal(match.state) == NOTHING


def test_no_evaluator_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(evaluator_module, "_sage", None)
    monkeypatch.setattr(evaluator_module, "_why", "not_installed")
    with pytest.raises(Unavailable) as raised:
        hint_for(opened_with((3, 1)).state)
    assert raised.value.code == "not_installed"


# -- the custom -----------------------------------------------------------------------------------


def test_hints_are_on_in_every_preset_and_said_when_off() -> None:
    for name in ("international", "cafe", "tournament"):
        assert preset(name, 5).hints
    off = preset("international", 5).adjusted(hints=False)
    en = Words("en")
    assert rules_name(en, off) == "International, but no hints"
    assert "hints allowed" in rules_detail(en, RuleSet()) and "no hints" in rules_detail(en, off)
    assert "بلا تلميح" in rules_detail(Words("ar"), off)
    assert RuleSet().adjusted(game=GameChoice.PLAKOTO).applies("hints")  # (#38: every game has its hint)
    assert not off.adjusted(game=GameChoice.FEVGA).hints
    assert off.adjusted(game=GameChoice.TAVLI).applies("hints")


def test_saved_files_name_hints_only_when_they_are_off() -> None:
    on = saves.to_json(saves.SavedMatch(Match(RuleSet(match_length=5)), "x", "2026-01-01T00:00:00+00:00"))
    assert on["version"] == saves.BACKGAMMON_VERSION and "hints" not in on["rules"]
    off_match = Match(RuleSet(match_length=5, hints=False))
    off = saves.to_json(saves.SavedMatch(off_match, "y", "2026-01-01T00:00:00+00:00"))
    assert off["version"] == saves.HINTS_VERSION and off["rules"]["hints"] is False
    assert not saves.from_json(off).match.rules.hints
    assert '"hints"' not in settings_to_json(Settings())  # (the settings file, likewise)
    kept = settings_from_json(json.loads(settings_to_json(Settings(rules=RuleSet(hints=False)))))
    assert not kept.rules.hints


# -- in the game ------------------------------------------------------------------------------------


def app_for(match: Match, lang: str = "en", digits: Digits = Digits.WESTERN) -> TawlaApp:
    settings = Settings(bidi_checked=True, preferences=Preferences(digits=digits))
    return TawlaApp(lang=lang, dice=match.dice, match=match, settings=settings)


def hints_shown(app: TawlaApp) -> int:
    return sum(isinstance(screen, HintScreen) for screen in app.screen_stack)


async def hint_up(pilot: Pilot[Any], *keys: str) -> HintScreen:
    await pilot.press(*keys)
    return await screen_is(pilot, HintScreen)


async def test_the_key_shows_the_best_plays_and_marks_the_best_on_the_board() -> None:
    match = opened_with((3, 1))
    app = app_for(match)
    async with app.run_test(size=SIZE) as pilot:
        screen = await screen_is(pilot, GameScreen)
        await hint_up(pilot, "H")
        text = await shows(pilot, "Hint · Ali · 3-1", "8/5 6/5", "wins ")
        best_row = next(line for line in text.splitlines() if "8/5 6/5" in line)
        assert best_row.split()[1:4] == ["1", "8/5", "6/5"]  # (the best first)
        model = screen._board_view.model
        assert model is not None
        layout = model.layout
        assert {c for c, _ in model.hint.arrived} == {layout.cell(0, 5)}
        assert {c for c, _ in model.hint.left} == {layout.cell(0, 8), layout.cell(0, 6)}
        await pilot.press("escape")
        await screen_is(pilot, GameScreen)
        assert screen._board_view.model.hint.cells  # (marked until the player moves)
        await pilot.press(":", *"6/5", "enter")
        await reached(pilot, match, lambda s: s.turn is not None and s.turn.made, "a step made")
        await wait_until(pilot, lambda: not screen._board_view.model.hint.cells, "the mark gone with the step")


async def test_the_arabic_key_and_the_arabic_hint() -> None:
    match = opened_with((3, 1))
    app = app_for(match, "ar", Digits.ARABIC_INDIC)
    async with app.run_test(size=SIZE) as pilot:
        await screen_is(pilot, GameScreen)
        hint = await hint_up(pilot, "أ")  # (Shift+H on an Arabic layout)
        title, _, _, _ = hint.parts(76)
        assert title.startswith("تلميح · ") and "Ali" in title and "٣-١" in title.replace("\u200f", "")
        # (read from the right: 8/5 6/5, the equity's sign first, the percent after its number)
        await shows(pilot, visual(title, rtl=True), "٥←٦ ٥←٨", "٪٥٥", "٠٫٢٣٤+")
        await shows(pilot, visual(tr("ar", "hint.close"), rtl=True))


async def test_the_custom_off_says_so_and_shows_nothing() -> None:
    match = opened_with((3, 1), RuleSet(match_length=5, hints=False))
    app = app_for(match)
    async with app.run_test(size=SIZE) as pilot:
        screen = await screen_is(pilot, GameScreen)
        await pilot.press("H")
        await wait_until(pilot, lambda: screen.problem is not None, "the refusal said")
        assert screen.problem == tr("en", "hint.off")
        await settle(pilot)
        assert hints_shown(app) == 0
        await shows(pilot, "Hints are off")


async def test_no_evaluator_tells_how_to_get_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(evaluator_module, "_sage", None)
    monkeypatch.setattr(evaluator_module, "_why", "not_installed")
    match = opened_with((3, 1))
    app = app_for(match)
    async with app.run_test(size=SIZE) as pilot:
        screen = await screen_is(pilot, GameScreen)
        await pilot.press("H")
        await wait_until(pilot, lambda: screen.problem and "pip install bgsage" in screen.problem, "why, and how")
        await workers_done(pilot)
        assert hints_shown(app) == 0


async def test_the_palette_gives_the_hint() -> None:
    match = opened_with((3, 1))
    app = app_for(match)
    async with app.run_test(size=SIZE) as pilot:
        await screen_is(pilot, GameScreen)
        assert "Hint" in [title for title, _, _ in app.palette_commands()]
        await pilot.press("ctrl+p")
        await screen_is(pilot, CommandPalette)
        await pilot.press(*"Hint")
        await shows(pilot, "The best plays of the roll")
        await hint_up(pilot, "enter")
        await shows(pilot, "8/5 6/5")


class Gate(threading.Event):
    calls = 0
    """How many hints were asked of the evaluator."""


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Gate:
    """The hint's thread waits for the gate (set it to let the hint through): what the
    players do meanwhile is done while it is being worked out, whatever the machine's speed."""
    gate = Gate()
    real = hint_module.hint_for

    def waiting(state: MatchState, sage: Any = None) -> Any:
        gate.calls += 1
        gate.wait(WAIT)
        return real(state, sage)

    monkeypatch.setattr(hint_module, "hint_for", waiting)
    return gate


async def asked(pilot: Pilot[Any], screen: GameScreen) -> None:
    await pilot.press("H")
    await wait_until(pilot, lambda: screen._hint_asked is not None, "the hint being worked out")


async def test_the_key_twice_shows_one_hint(held: Gate) -> None:
    match = opened_with((3, 1))
    app = app_for(match)
    async with app.run_test(size=SIZE) as pilot:
        screen = await screen_is(pilot, GameScreen)
        await asked(pilot, screen)
        await pilot.press("H")  # (again, before the first is there)
        await settle(pilot)
        held.set()
        await screen_is(pilot, HintScreen)
        await workers_done(pilot)
        await settle(pilot)
        assert hints_shown(app) == 1 and held.calls == 1
        await pilot.press("H")  # (on the hint: closes it)
        await screen_is(pilot, GameScreen)
        assert hints_shown(app) == 0


async def test_a_hint_never_comes_over_another_dialog(held: Gate) -> None:
    match = opened_with((3, 1))
    app = app_for(match)
    async with app.run_test(size=SIZE) as pilot:
        screen = await screen_is(pilot, GameScreen)
        await asked(pilot, screen)
        await pilot.press("R")  # the resignation's dialog opens while the hint is worked out
        await screen_is(pilot, ResignLevelScreen)
        held.set()
        await workers_done(pilot)
        await settle(pilot)
        assert isinstance(app.screen, ResignLevelScreen) and hints_shown(app) == 0


async def test_a_hint_for_a_moment_gone_is_not_shown(held: Gate) -> None:
    match = opened_with((3, 1))
    app = app_for(match)
    async with app.run_test(size=SIZE) as pilot:
        screen = await screen_is(pilot, GameScreen)
        await asked(pilot, screen)
        await pilot.press(":", *"6/5 8/5", "enter")  # the roll played while the hint is worked out
        await reached(pilot, match, lambda s: s.turn is not None and s.turn.complete, "the roll played")
        await wait_until(pilot, lambda: not screen.typing, "the move prompt closed")
        held.set()
        await workers_done(pilot)
        await settle(pilot)
        assert hints_shown(app) == 0 and screen.hinted is None
        assert not screen._board_view.model.hint.cells


async def test_the_cube_hint_before_the_roll_and_with_a_double_to_answer() -> None:
    match = Match(MONEY, ("Ali", "Badr"), ScriptedDice([]), start=turn_at(RACE_DOUBLE_TAKE))
    app = app_for(match)
    async with app.run_test(size=SIZE) as pilot:
        screen = await screen_is(pilot, GameScreen)
        await hint_up(pilot, "H")
        await shows(pilot, "Hint · Ali · the cube", "Doubling is right.", "No double +0.")
        await pilot.press("escape")
        await screen_is(pilot, GameScreen)
        await pilot.press("d")
        await reached(pilot, match, lambda s: s.phase is Phase.DOUBLED, "doubled")
        assert screen.footer_state("hint") is True
        await hint_up(pilot, "H")
        await shows(pilot, "Hint · Badr · the cube", "Taking is right.", "Take −0.")


# -- pictures ---------------------------------------------------------------------------------------


def _snap_app(match: Match, variant: str) -> TawlaApp:
    from tests.test_snapshots import app_for as snapshot_app

    return snapshot_app(match, variant)


async def _hint_shown(pilot: Pilot[Any]) -> None:
    """The picture's moment: the hint up, its footer and board drawn."""
    from tests.test_snapshots import drawn, up

    await up(pilot)
    await pilot.press("H")
    await drawn(pilot, HintScreen)


@pytest.mark.parametrize("variant", ["en", "ar"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_hint_of_a_roll(snap_compare, size, variant) -> None:  # type: ignore[no-untyped-def]
    match = opened_with((3, 1))
    assert snap_compare(_snap_app(match, variant), run_before=_hint_shown, terminal_size=size)


@pytest.mark.parametrize("variant", ["en", "ar"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_hint_of_the_cube(snap_compare, size, variant) -> None:  # type: ignore[no-untyped-def]
    names = ("Ali", "Badr") if variant == "en" else ("علي", "بدر")
    match = Match(MONEY, names, ScriptedDice([]), start=turn_at(RACE_DOUBLE_TAKE))
    assert snap_compare(_snap_app(match, variant), run_before=_hint_shown, terminal_size=size)
