"""A result card is not closed by the Enter meant for the turn, and can be seen again (#36, item 10).

New players ended turns with Enter and pressed it as the last checker came off: the bear-off
plays itself, the card comes up 0.1–0.25 s after r, and the Enter, 0.3–0.7 s after r, closed it
unseen. The card now refuses the keys that close it when they were pressed before it was drawn or
in its first moment (``ResultScreen.KEYS_AFTER``), judged on each key's own time (the one the
terminal's read gives it) against the card's, never on how fast the machine handles them: the
keys here carry the times a player's would. Until the next roll, the panel offers the card
again (v), and the palette too.

These tests meet the card's real first moment (``card_waits``: elsewhere tests/conftest.py
zeroes it).
"""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from tawla.game import Match, RuleSet, ScriptedDice
from tawla.game.setup import state_from_ids
from tawla.i18n import tr
from tawla.i18n.bidi import visual
from tawla.store.settings import Preferences, Settings
from tawla.ui.app import TawlaApp
from tawla.ui.screens import dialogs
from tawla.ui.screens.dialogs import ResultScreen
from tawla.ui.screens.game import GameScreen

from .helpers.burst import burst, key_event, send_events
from .helpers.waiting import screen_is, screen_text, settle, shows, wait_until

pytestmark = pytest.mark.card_waits

SIZE = (100, 30)
LAST_CHECKERS = "AwAAGAAAAAAAAA"
"""Two checkers a side on the one point: any roll bears the mover's off and ends the game."""


def _app(lang: str) -> tuple[TawlaApp, Match]:
    rules = RuleSet(match_length=3)
    match = Match(
        rules, ("Ali", "Badr"), ScriptedDice([(6, 5), (3, 1), (5, 2)]), start=state_from_ids(LAST_CHECKERS, None, rules)
    )
    settings = Settings(bidi_checked=True, preferences=Preferences(step_by_step=False))
    return TawlaApp(lang=lang, dice=match.dice, match=match, settings=settings), match


def _said(lang: str, name: str, **params: object) -> str:
    """A catalog text as the terminal draws it (read from the right in Arabic)."""
    text = tr(lang, name, **params)
    return visual(text, rtl=True) if lang == "ar" else text


async def _enter_at(pilot: Pilot[None], card: ResultScreen, after: float) -> None:
    """An Enter whose time, from the terminal's read, is ``after`` seconds after the card was drawn."""
    assert card.shown_at is not None
    enter = key_event("enter")
    enter.time = card.shown_at + after
    await send_events(pilot, [enter])


@pytest.mark.parametrize("lang", ["en", "ar"])
async def test_the_enter_of_the_turn_leaves_the_card_and_the_card_comes_back(lang: str) -> None:
    app, match = _app(lang)
    async with app.run_test(size=SIZE) as pilot:
        game = await screen_is(pilot, GameScreen)
        # r rolls, the bear-off plays itself, the game ends: the Enter pressed with it (the habit
        # of ending a turn with Enter) arrives before the card is drawn.
        await burst(pilot, "r", "enter")
        card = await screen_is(pilot, ResultScreen)
        assert card.shown_at is not None and not card.ready
        # And one in its first moment, half a second after it was drawn.
        await _enter_at(pilot, card, ResultScreen.KEYS_AFTER - 0.3)
        await settle(pilot)  # (had either closed it, the next game would be on)
        assert app.screen is card and match.state.game == 1
        # Its hint shows once its keys work; an Enter pressed then closes it.
        await wait_until(pilot, lambda: card.ready, "the card's first moment over")
        await shows(pilot, _said(lang, "over.hint").split(" · ")[0])
        await _enter_at(pilot, card, ResultScreen.KEYS_AFTER + 0.05)
        await wait_until(pilot, lambda: match.state.game == 2 and app.screen is game, "the next game")
        # Until the next roll, the panel offers the card again (v) and the palette has it.
        key = "ر (v)" if lang == "ar" else "v"
        again = _said(lang, "panel.card_again", key=key, number=1)
        await shows(pilot, again)
        assert tr(lang, "command.card_again") in [title for title, _, _ in app.palette_commands()]
        await burst(pilot, "ر" if lang == "ar" else "v")
        shown = await screen_is(pilot, dialogs.ResultAgainScreen)
        name = visual("Ali", rtl=True) if lang == "ar" else "Ali"
        await shows(pilot, _said(lang, "over.title"), name)
        await burst(pilot, "escape")
        await wait_until(pilot, lambda: app.screen is game and shown not in app.screen_stack, "the card closed again")
        # The next roll ends it: no card, no line, no command.
        await burst(pilot, "r")
        await wait_until(pilot, lambda: game.table.last_result is None, "the roll")
        await wait_until(pilot, lambda: again not in screen_text(app), "the panel's line gone")
        assert tr(lang, "command.card_again") not in [title for title, _, _ in app.palette_commands()]
