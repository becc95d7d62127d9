"""Every on/off state reads without colour (#36, item 16): with ``NO_COLOR`` and the monochrome
theme, the Settings switches and the computer's box in New match show their state as text — a
ticked or an empty box (``☑``/``☐``, ``[x]``/``[ ]`` in the ASCII look) and, on a switch, a word.
Read back from the screen's cells as a player reads them: from the right in Arabic."""

from __future__ import annotations

import pytest
from textual.widget import Widget
from textual.widgets import Checkbox, Switch

from tawla.i18n import tr
from tawla.i18n.bidi import logical_from_visual
from tawla.store.settings import Preferences, Settings, Theme
from tawla.ui.app import TawlaApp
from tawla.ui.screens.menu import MenuScreen
from tawla.ui.screens.new_match import NewMatchScreen
from tawla.ui.screens.settings import PREFERENCES, SettingsScreen

from .helpers.waiting import screen_is, strips, wait_until

SIZE = (100, 104)
"""Every setting in sight at once (at a usual size the screen scrolls)."""
MARKS = {False: ("☐", "☑"), True: ("[ ]", "[x]")}
"""The marks of off and on, by the ASCII look, as a player reads them."""


def no_colour_app(lang: str, ascii_look: bool, monkeypatch: pytest.MonkeyPatch) -> TawlaApp:
    """tawla as a monochrome terminal runs it: ``NO_COLOR`` set (Textual then draws in greys)
    and the monochrome theme."""
    monkeypatch.setenv("NO_COLOR", "1")
    prefs = Preferences(theme=Theme.MONO, ascii_board=ascii_look)
    return TawlaApp(lang=lang, settings=Settings(bidi_checked=True, preferences=prefs))


def read(app: TawlaApp, widget: Widget, lang: str) -> str:
    """The text ``widget`` draws on its middle row, as a player reads it (from the right in Arabic)."""
    region = widget.content_region
    drawn = strips(app.screen)[region.y].crop(region.x, region.right).text.strip()
    return logical_from_visual(drawn) if lang == "ar" else drawn


def said(lang: str, on: bool, ascii_look: bool, label: str) -> str:
    return f"{MARKS[ascii_look][on]} {label}"


# (The two looks and the two languages crossed with the next test's: each case a new one.)
@pytest.mark.parametrize(("lang", "ascii_look"), [("en", False), ("ar", True)])
async def test_each_settings_switch_says_on_or_off_without_colour(
    lang: str, ascii_look: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = no_colour_app(lang, ascii_look, monkeypatch)
    async with app.run_test(size=SIZE) as pilot:
        assert app.no_color
        await screen_is(pilot, MenuScreen)
        await pilot.press("s")
        screen = await screen_is(pilot, SettingsScreen)
        switches = list(screen.query(Switch))

        def value(switch: Switch) -> bool:
            name = str(switch.id).removeprefix("set-")
            return bool(getattr(app.preferences if name in PREFERENCES else screen.rules, name))

        def state(on: bool) -> str:
            return said(lang, on, ascii_look, tr(lang, "toggle.on" if on else "toggle.off"))

        assert {value(switch) for switch in switches} == {False, True}, "both states are on the screen"
        shown = {switch.id: read(app, switch, lang) for switch in switches}
        assert shown == {switch.id: state(value(switch)) for switch in switches}

        cube = screen.query_one("#set-cube", Switch)
        assert cube.value
        cube.focus()
        await pilot.press("space")  # (the cube goes: the switch says so)
        await wait_until(
            pilot, lambda: read(app, cube, lang) == state(False), lambda: f"the cube off: {read(app, cube, lang)!r}"
        )
        assert not screen.rules.cube


@pytest.mark.parametrize(("lang", "ascii_look"), [("en", True), ("ar", False)])
async def test_the_computer_s_box_is_ticked_or_empty_without_colour(
    lang: str, ascii_look: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # (Whether the evaluator is installed is another test's: here the computer may always sit.)
    monkeypatch.setattr("tawla.analysis.evaluator.unavailable", lambda: None)
    app = no_colour_app(lang, ascii_look, monkeypatch)
    async with app.run_test(size=(100, 30)) as pilot:
        await screen_is(pilot, MenuScreen)
        await pilot.press("n")
        screen = await screen_is(pilot, NewMatchScreen)
        seat = tr(lang, "computer.seat")
        boxes = [screen.query_one(f"#computer{i}", Checkbox) for i in (0, 1)]
        assert [read(app, box, lang) for box in boxes] == [said(lang, False, ascii_look, seat)] * 2
        boxes[1].focus()
        await pilot.press("space")
        ticked = [said(lang, False, ascii_look, seat), said(lang, True, ascii_look, seat)]
        await wait_until(
            pilot,
            lambda: [read(app, box, lang) for box in boxes] == ticked,
            lambda: f"the second seat's box ticked: {[read(app, box, lang) for box in boxes]}",
        )
