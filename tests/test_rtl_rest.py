"""Right to left, the rest of the way (#21): Tab goes the way a screen reads; the engine's answers
speak the interface's digits on every screen; the key that types two letters («لا», B on the
Arabic layout) is that key however the terminal sends it, on every screen that binds it, in a
burst too.

Each in English and Arabic: what Arabic changes, English keeps.
"""

from __future__ import annotations

import re
from itertools import pairwise
from typing import ClassVar

import pytest
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Input, Static

from tawla.engine import legal_plays
from tawla.game import Match, Phase, RuleSet, ScriptedDice
from tawla.store.settings import Digits, Preferences, Settings
from tawla.ui.app import TawlaApp
from tawla.ui.keys import both
from tawla.ui.screens.base import Localized
from tawla.ui.screens.game import GameScreen
from tawla.ui.screens.new_match import NewMatchScreen
from tawla.ui.screens.setup import SetupScreen

from .helpers.burst import burst
from .helpers.waiting import screen_is, wait_until
from .test_ui import reached

LANGS = ["en", "ar"]


def _app(lang: str, match: Match | None = None, **preferences: object) -> TawlaApp:
    dice = match.dice if match is not None else ScriptedDice([(6, 1)])
    settings = Settings(bidi_checked=True, preferences=Preferences(**preferences))  # type: ignore[arg-type]
    return TawlaApp(lang=lang, dice=dice, match=match, settings=settings)


# -- Tab -----------------------------------------------------------------------------------------


def _reads_before(a: Widget, b: Widget, rtl: bool) -> bool:
    """``a`` comes before ``b`` in reading order: above it, or on its row and on the side the
    row starts (the left; the right in Arabic)."""
    (ax, ay), (bx, by) = (a.region.x, a.region.y), (b.region.x, b.region.y)
    return ay < by or (ay == by and (ax > bx if rtl else ax < bx))


async def _tab_round(pilot, screen, first: Widget, key: str = "tab") -> list[Widget]:  # type: ignore[no-untyped-def]
    """The widgets Tab (or Shift+Tab) visits from ``first`` until it comes back to it."""
    await wait_until(pilot, lambda: first.has_focus, f"{first.id} focused")
    seen = [first]
    for _ in range(20):
        before = screen.focused
        await pilot.press(key)
        await wait_until(pilot, lambda b=before: screen.focused is not b, f"{key} moved the focus")
        if screen.focused is first:
            return seen
        seen.append(screen.focused)
    raise AssertionError(f"{key} never came back: {[w.id for w in seen]}")


@pytest.mark.parametrize("lang", LANGS)
async def test_tab_goes_the_way_the_new_match_form_reads(lang: str) -> None:
    app = _app(lang)
    async with app.run_test(size=(100, 30)) as pilot:
        app.action_new_match()
        screen = await screen_is(pilot, NewMatchScreen)
        rtl = lang == "ar"
        order = await _tab_round(pilot, screen, screen.query_one("#name0"))
        ids = [w.id for w in order]
        buttons = ["start", "house"] if rtl else ["house", "start"]  # (Start on the right, in Arabic too)
        # (each name, then its seat's box beside it, in reading order: #36; a letter typed on the
        # first box goes to the second name, as players type "Ali", Tab, "Badr")
        seats = ["name0", "computer0", "name1", "computer1"]
        assert ids == [*seats, "game", "length", "preset", *buttons], ids
        assert all(_reads_before(a, b, rtl) for a, b in pairwise(order)), ids
        back = await _tab_round(pilot, screen, screen.query_one("#name0"), "shift+tab")
        assert [w.id for w in back] == ["name0", *reversed(ids[1:])]


@pytest.mark.parametrize("lang", LANGS)
async def test_tab_goes_the_way_every_form_reads(lang: str) -> None:
    """The class: on every screen with fields, each Tab goes to the next field in reading order."""
    app = _app(lang)
    rtl = lang == "ar"
    async with app.run_test(size=(100, 30)) as pilot:
        for open_it, kind, first in (
            (app.action_new_match, NewMatchScreen, "#name0"),
            (app.action_setup, SetupScreen, "#position"),
        ):
            open_it()
            screen = await screen_is(pilot, kind)
            order = await _tab_round(pilot, screen, screen.query_one(first))
            assert all(_reads_before(a, b, rtl) for a, b in pairwise(order)), [w.id for w in order]
            await pilot.press("escape")
            await wait_until(pilot, lambda k=kind: not isinstance(app.screen, k), f"{kind.__name__} closed")


# -- the digits of the engine's answers ----------------------------------------------------------------

SETUP_ERRORS = [
    ("abc", "", ["14", "3"]),  # a Position ID has 14 characters, not 3
    ("4HPwATDgc/ABMA", "cAkAAA", ["12", "6"]),  # a Match ID has 12 characters, not 6
    ("XGID=-b----E-C---eE---c-e----B-:0:0", "", ["3"]),  # an XGID has 9 or 10 fields, not 3
    ("XGID=-b----E-C---:0:0:1:52:0:0:0:0:10", "", ["26"]),  # an XGID board has 26 characters
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("position", "match_id", "numbers"), SETUP_ERRORS, ids=[e[0][:8] for e in SETUP_ERRORS])
async def test_a_set_up_error_speaks_the_interfaces_digits(
    lang: str, position: str, match_id: str, numbers: list[str]
) -> None:
    app = _app(lang, digits=Digits.ARABIC_INDIC)
    async with app.run_test(size=(100, 30)) as pilot:
        app.action_setup()
        screen = await screen_is(pilot, SetupScreen)
        screen.query_one("#position", Input).value = position
        screen.query_one("#match", Input).value = match_id
        screen.query_one("#match" if match_id or position.startswith("XGID") else "#position", Input).focus()
        await pilot.press("enter")
        if not match_id and not position.startswith("XGID"):  # (Enter in the first field goes to the second)
            await wait_until(pilot, lambda: screen.query_one("#match", Input).has_focus, "the Match ID field")
            await pilot.press("enter")
        problem = screen.query_one("#problem", Static)
        await wait_until(pilot, lambda: bool(_said(problem)), "the problem said")
        said = _said(problem)
        # The field is named once (not «معرّف الوضعية: معرّف الوضعية ١٤ حرفاً»).
        field = {"en": ("Position ID", "Match ID", "XGID"), "ar": ("معرّف الوضعية", "معرّف المباراة", "XGID")}[lang]
        assert all(said.count(name) <= 1 for name in field), said
        if lang == "ar":  # Arabic-Indic, as the game is set
            assert not re.search("[0-9]", said), said
            for n in numbers:
                assert n.translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")) in said, (n, said)
        else:  # (English always writes Western digits)
            for n in numbers:
                assert n in said, (n, said)


def _said(widget: Static) -> str:
    """What a Static says, in logical order (a right-to-left paragraph keeps its text)."""
    content = widget.content
    text = getattr(content, "text", content)
    return str(getattr(text, "plain", text)).strip()


# -- «لا»: the key that types two letters ------------------------------------------------------------


def money_doubled() -> Match:
    """A money game where Badr has just doubled سامي (beavers and raccoons allowed)."""
    rules = RuleSet(match_length=0, beavers=True, raccoons=True)
    match = Match(rules, ("سامي", "Badr"), ScriptedDice([(6, 1), (5, 2), (4, 3)]))
    match.roll_opening()
    turn = match.state.turn
    assert turn is not None
    match.play(sorted(legal_plays(turn.start, turn.roll), key=str)[0])
    match.confirm()
    return match


LAM_ALEF = {"one character": ("\ufefb",), "two letters": ("ل", "ا")}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("sent", list(LAM_ALEF), ids=list(LAM_ALEF))
async def test_lam_alef_beavers_in_the_burst_that_doubled(lang: str, sent: str) -> None:
    """Badr doubles with ي (D on the Arabic layout) and سامي beavers at once with «لا» (B), in the
    same burst: the two letters are read as B once the double is on the table."""
    match = money_doubled()
    app = _app(lang, match)
    async with app.run_test(size=(100, 30)) as pilot:
        await screen_is(pilot, GameScreen)
        await burst(pilot, "ي", *LAM_ALEF[sent])
        await reached(pilot, match, lambda s: s.phase is Phase.BEAVERED, "doubled, then beavered")
        await burst(pilot, *LAM_ALEF[sent])  # and again: Badr's raccoon, which b does when it can
        await reached(pilot, match, lambda s: s.phase is Phase.RACCOONED, "raccooned")


class _BKey(Localized, ModalScreen[None]):
    """Any screen that binds b (and h, the alef's own key)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding(both("b"), "b"), Binding(both("h"), "h")]

    def __init__(self) -> None:
        super().__init__()
        self.pressed: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static("b")

    def action_b(self) -> None:
        self.pressed.append("b")

    def action_h(self) -> None:
        self.pressed.append("h")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("sent", list(LAM_ALEF), ids=list(LAM_ALEF))
async def test_lam_alef_is_b_on_every_screen_that_binds_b(lang: str, sent: str) -> None:
    app = _app(lang)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = _BKey()
        app.push_screen(screen)
        await screen_is(pilot, _BKey)
        await burst(pilot, *LAM_ALEF[sent])
        await wait_until(pilot, lambda: screen.pressed == ["b"], lambda: f"b, once ({screen.pressed})")
        await burst(pilot, "ا")  # (the alef alone is h)
        await wait_until(pilot, lambda: screen.pressed == ["b", "h"], lambda: f"then h ({screen.pressed})")
