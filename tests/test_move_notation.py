"""Moves written to be read from the right (#13): «١٣←٧» instead of 13/7 in the Arabic interface,
the default since #36 (13/7 stays a setting); exports and saved matches keep 13/7."""

from __future__ import annotations

import json

import pytest

from tawla.engine import Position, Step
from tawla.game import Match, MatchState, Phase, RuleSet, ScriptedDice
from tawla.game.mat import write_mat
from tawla.i18n import tr
from tawla.i18n.bidi import visual
from tawla.i18n.words import Words
from tawla.store.options import MoveNotation
from tawla.store.settings import Preferences, Settings, settings_from_json, settings_to_json
from tawla.ui.app import TawlaApp
from tawla.ui.match_view import MatchTexts
from tawla.ui.screens.game import GameScreen
from tawla.ui.screens.settings import SettingsScreen

from .helpers.waiting import screen_is, shows, wait_until

RLI, PDI = "\u2067", "\u2069"

PLAYS = [
    # (steps, drawn with Western digits, drawn with Arabic-Indic digits): as the terminal shows them
    ((Step(13, 7, 6, False), Step(8, 7, 1, False)), "7←8 7←13", "٧←٨ ٧←١٣"),
    ((Step(25, 22, 3, True), Step(13, 8, 5, False)), "*22←ﺭﺎﺑ 8←13", "*٢٢←ﺭﺎﺑ ٨←١٣"),
    ((Step(6, 0, 6, False), Step(5, 0, 5, False)), "ﺝﺭﺎﺧ←5 ﺝﺭﺎﺧ←6", "ﺝﺭﺎﺧ←٥ ﺝﺭﺎﺧ←٦"),
    ((Step(8, 5, 3, False),) * 2, "(2)5←8", "(٢)٥←٨"),
    ((Step(24, 18, 6, True), Step(18, 13, 5, False)), "13←*18←24", "١٣←*١٨←٢٤"),
]


@pytest.mark.parametrize(("steps", "western", "arabic_indic"), PLAYS, ids=[p[1] for p in PLAYS])
def test_a_play_from_the_right_exactly_as_drawn(steps: tuple[Step, ...], western: str, arabic_indic: str) -> None:
    """Each move read from the right: the eye meets its source first, the arrow points the way
    it reads, the moves follow each other from the right (the first rightmost)."""
    for digits, drawn in ((False, western), (True, arabic_indic)):
        texts = MatchTexts(Words("ar", arabic_indic=digits), False, from_the_right=True)
        assert visual(texts.play(steps), rtl=True) == drawn


def test_the_words_are_the_catalogs() -> None:
    texts = MatchTexts(Words("ar"), False, from_the_right=True)
    play = texts.play((Step(25, 22, 3, False), Step(3, 0, 3, False)))
    bar, off, to = (tr("ar", f"notation.move_{k}") for k in ("bar", "off", "to"))
    assert play == f"{RLI}{bar}{to}22{PDI} {RLI}3{to}{off}{PDI}"


def test_from_the_right_is_the_default_and_english_is_untouched() -> None:
    assert Preferences().notation is MoveNotation.ARABIC
    steps = (Step(13, 7, 6, False), Step(8, 7, 1, False))
    assert MatchTexts(Words("en"), False, from_the_right=True).play(steps) == "13/7 8/7"
    assert visual(MatchTexts(Words("ar"), False).play(steps), rtl=True) == "8/7 13/7"  # (each LTR, from the right)


def test_the_setting_is_saved() -> None:
    settings = Settings(preferences=Preferences(notation=MoveNotation.STANDARD))
    raw = json.loads(settings_to_json(settings))
    assert raw["preferences"]["notation"] == "left_to_right"  # (not the old default's "standard": see #36)
    assert settings_from_json(raw).preferences.notation is MoveNotation.STANDARD
    assert settings_from_json(json.loads(settings_to_json(Settings()))).preferences.notation is MoveNotation.ARABIC


@pytest.mark.parametrize("lang", ["en", "ar"])
async def test_the_settings_screen_offers_it(lang: str) -> None:
    from textual.widgets import Select
    from textual.widgets._select import SelectOverlay

    app = TawlaApp(lang=lang, settings=Settings(bidi_checked=True))
    async with app.run_test(size=(100, 60)) as pilot:
        app.action_settings()
        screen = await screen_is(pilot, SettingsScreen)
        control = screen.query_one("#set-notation", Select)
        control.scroll_visible(animate=False, immediate=True)
        await shows(pilot, visual(tr(lang, "setting.notation"), rtl=lang == "ar"))
        await shows(pilot, visual(tr(lang, "option.notation.arabic"), rtl=lang == "ar"))
        control.focus()
        await wait_until(pilot, lambda: app.focused is control, lambda: f"the choice focused (not {app.focused})")
        # Enter opens the choices, Down goes to the second (from the right), Enter takes it;
        # each key waited for: the next one goes to what the one before focused.
        overlay = control.query_one(SelectOverlay)
        await pilot.press("enter")
        await wait_until(pilot, lambda: control.expanded and app.focused is overlay, "the choices open")
        await pilot.press("down")
        await wait_until(pilot, lambda: overlay.highlighted == 1, lambda: f"the second choice ({overlay.highlighted})")
        await pilot.press("enter")
        await wait_until(
            pilot,
            lambda: app.preferences.notation is MoveNotation.STANDARD,
            lambda: f"the notation from the left chosen (it is {app.preferences.notation})",
        )


async def test_the_panel_writes_moves_from_the_right_and_the_export_keeps_the_standard() -> None:
    board = Position.from_counts({25: 1, 6: 14}, {1: 2, 12: 5, 17: 3, 13: 5})
    start = MatchState(rules=RuleSet(), phase=Phase.TURN, board=board, on_roll=0)
    match = Match(names=("سامي", "ليلى"), dice=ScriptedDice([(4, 3), (2, 1)]), start=start)
    settings = Settings(bidi_checked=True, preferences=Preferences(notation=MoveNotation.ARABIC, step_by_step=False))
    app = TawlaApp(lang="ar", dice=match.dice, match=match, settings=settings)
    from textual.widgets import Input

    async with app.run_test(size=(100, 40)) as pilot:
        game = await screen_is(pilot, GameScreen)
        # Each key waited for: an Enter behind the move, in the same burst, goes to the box and
        # does not end the turn (tests/test_races.py).
        await pilot.press("space")
        await wait_until(pilot, lambda: match.state.phase is Phase.MOVING, "the dice rolled")
        await pilot.press(":")
        await wait_until(pilot, lambda: game.typing, "the move box open")
        await pilot.press(*"bar/21 6/3")
        box = game.query_one("#move", Input)
        await wait_until(pilot, lambda: box.value == "bar/21 6/3", lambda: f"the move typed ({box.value!r})")
        await pilot.press("enter")
        await wait_until(pilot, lambda: match.state.turn is not None and match.state.turn.complete, "the move played")
        await pilot.press("enter")
        await wait_until(pilot, lambda: match.state.on_roll == 1, "the turn ended")
        assert app.screen is game and match.state.phase is Phase.TURN
        text = await shows(pilot, "21←ﺭﺎﺑ")  # (the last move, in its mover's numbering, as every move is written)
        assert "bar/" not in text and "/3" not in text and "ﺭﺎﺑ/" not in text
        app.set_preferences(app.preferences.model_copy(update={"notation": MoveNotation.STANDARD}))
        text = await shows(pilot, "ﺭﺎﺑ/21")  # (the standard notation, in the catalog's words, held left to right)
        assert "bar/" not in text
    exported = write_mat(match)
    assert "43: 25/21 6/3" in exported and "←" not in exported  # (the .mat file's own notation)
