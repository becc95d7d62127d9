"""Keys while a screen is rebuilt: never a crash, and the screen drawn again in the end.

A change of language (F2) composes a screen again: its widgets go, new ones come. A key, a
resize, a timer or a worker's result that reaches the screen meanwhile must be held for it
or find nothing to do — never a widget that is not there (``NoMatches``: the book's table was
queried while the book was recomposed, seen under load in CI). Every screen that rebuilds is
opened here and given storms of its own keys, F2, resizes and Esc-and-open-again, in bursts
that do not wait for each other; then the screen on top must be built again in the language
in force.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.geometry import Size
from textual.widgets import Input

from tawla.game import RuleSet, SeededDice
from tawla.store.settings import Settings
from tawla.ui.app import TawlaApp
from tawla.ui.compat import FooterKey
from tawla.ui.footer import TawlaFooter
from tawla.ui.screens.book import BookScreen
from tawla.ui.screens.book_figures import FiguresScreen
from tawla.ui.screens.game import GameScreen
from tawla.ui.screens.help import HelpScreen
from tawla.ui.screens.ids import IdsScreen
from tawla.ui.screens.new_match import NewMatchScreen
from tawla.ui.screens.replay import ReplayScreen
from tawla.ui.screens.resume import ResumeScreen
from tawla.ui.screens.rulebook import RulebookScreen
from tawla.ui.screens.settings import SettingsScreen
from tawla.ui.screens.story import StoryScreen

from .helpers.burst import burst, key_event
from .helpers.waiting import deliver, error_of, screen_is, screens_are, settle, stack, wait_until
from .test_book_ui import history

SIZES = ((80, 24), (100, 30), (120, 40), (81, 25))


@dataclass(frozen=True)
class Storm:
    """A screen, how it is opened from the menu, and the keys a player may press on it."""

    kind: type[Any]
    opens: Callable[[TawlaApp], Any]
    keys: tuple[str, ...]


async def _game(app: TawlaApp) -> None:
    app.new_match(RuleSet(match_length=3), ("Ali", "Badr"))


STORMS = {
    "game": Storm(GameScreen, _game, ("r", "space", "enter", "1", "2", "6", "tab", "escape", "u", "d", "t", "i", ":")),
    "book": Storm(BookScreen, lambda app: app.run_action("book"), ("p", "r", "tab", "down", "escape", "e", "d")),
    "figures": Storm(FiguresScreen, lambda app: app.run_action("book"), ("down", "up", "escape", "enter", "g")),
    "story": Storm(StoryScreen, lambda app: app.run_action("book"), ("left", "right", "pagedown", "escape", "g")),
    "replay": Storm(ReplayScreen, lambda app: app.run_action("replay"), ("left", "right", "end", "escape", "g")),
    "new match": Storm(NewMatchScreen, lambda app: app.run_action("new_match"), ("tab", "a", "ل", "backspace", "down")),
    "settings": Storm(SettingsScreen, lambda app: app.run_action("settings"), ("tab", "space", "down", "enter")),
    "rules": Storm(RulebookScreen, lambda app: app.run_action("rules"), ("down", "pagedown", "end", "home")),
    "help": Storm(HelpScreen, lambda app: app.run_action("help"), ("down", "pagedown", "f1")),
    "resume": Storm(ResumeScreen, lambda app: app.run_action("resume"), ("down", "d", "n", "y", "escape")),
}
"""The screens that are composed again when the language changes (and the Resume list, which is
after a match is taken off it)."""


async def _open(pilot: Any, storm: Storm) -> None:
    """Open the screen of ``storm`` from the menu (for a match's story: through the book)."""
    app = pilot.app
    if storm.kind is ResumeScreen:  # (a match to take off the list: one left unfinished)
        app.new_match(RuleSet(match_length=3), ("Ali", "Badr"))
        await screen_is(pilot, GameScreen)
        await pilot.press("ctrl+w")
        await wait_until(pilot, lambda: app.unfinished, "the match on the Resume list")
    await storm.opens(app)
    if storm.kind in (FiguresScreen, StoryScreen):
        book = await screen_is(pilot, BookScreen)
        await wait_until(pilot, lambda: book.selected() is not None, "the book's rows")
        await pilot.press("enter")
    if storm.kind is StoryScreen:
        figures = await screen_is(pilot, FiguresScreen)
        await wait_until(pilot, lambda: figures.find("#matches") is not None, "a pair's matches")
        await pilot.press("enter")
    if storm.kind is ReplayScreen:
        await wait_until(pilot, lambda: type(app.screen).__name__ == "HistoryScreen", "the list of finished matches")
        await pilot.press("enter")
    await screen_is(pilot, storm.kind)


def _send(app: TawlaApp, keys: list[str]) -> None:
    """Keys as a terminal delivers a fast typist's: all at once, none waiting for the one before."""
    for key in keys:
        event = key_event(key)
        event.set_sender(app)
        deliver(app, event)


def _in_its_language(app: TawlaApp) -> bool:
    """The screen on top is built, and drawn the way the language in force reads."""
    try:
        screen = app.screen
    except Exception:
        return False
    if not getattr(screen, "built", screen.is_mounted) or getattr(screen, "rebuilding", False):
        return False
    return not isinstance(screen, MIRRORED) or screen.has_class("-rtl") == screen.rtl


MIRRORED = (GameScreen, BookScreen, FiguresScreen, StoryScreen, ReplayScreen, SettingsScreen, RulebookScreen)
"""Screens that carry the ``-rtl`` class in Arabic (their layout is mirrored)."""


async def _delivered(pilot: Any) -> None:
    """Wait until the keys sent so far have reached tawla (a callback sent the same way after
    them has run, twice: keys go to the focused widget and come back), none is held and the
    screen on top is built."""
    app = pilot.app
    for _ in range(2):
        done = asyncio.Event()
        deliver(app, events.Callback(callback=done.set))
        await wait_until(pilot, done.is_set, "the keys sent reached tawla")
        await wait_until(
            pilot,
            lambda: getattr(app, "_turn", None) is None and _in_its_language(app),
            "no key held for later, and the screen on top built in the language in force",
        )


CASES = [(name, seed) for name in STORMS for seed in ((0, 1) if name == "settings" else (1, 2, 3))]
"""Three storms a screen, two starting in Arabic and one in English (two of the settings: each of
its keys changes a preference, which rebuilds every screen under it too)."""


@pytest.mark.timeout(240)  # (a storm takes under a minute on a loaded machine: a hang is cut short)
@pytest.mark.parametrize(("name", "seed"), CASES, ids=[f"{name}-{seed}" for name, seed in CASES])
async def test_keys_while_a_screen_is_rebuilt_never_crash(name: str, seed: int, tmp_path: Path) -> None:
    storm = STORMS[name]
    rnd = random.Random(f"{name}-{seed}")
    app = TawlaApp(
        lang="ar" if seed % 2 else "en",
        dice=SeededDice(seed),
        settings=Settings(bidi_checked=True),
        paths=history(tmp_path),
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await _open(pilot, storm)
        for _ in range(8):
            keys = [rnd.choice((*storm.keys, "f2", "f2")) for _ in range(rnd.randint(1, 6))]
            if rnd.random() < 0.5:
                keys.insert(rnd.randrange(len(keys) + 1), "f2")
            _send(app, keys)
            if rnd.random() < 0.3:
                await pilot.resize_terminal(*rnd.choice(SIZES))
            await asyncio.sleep(rnd.random() / 50)  # (only to let bursts meet rebuilds at different moments)
            if error_of(app) is not None:
                raise error_of(app)  # type: ignore[misc]
        await pilot.resize_terminal(120, 40)
        await _delivered(pilot)
        rtl = app.words.rtl
        app.action_language()  # (and once more, not by a key: whatever screen the keys left on top)
        await wait_until(
            pilot,
            lambda: (
                app.words.rtl != rtl
                and _in_its_language(app)
                and _footer_shows_keys(app)
                and app.screen.outer_size == app.size
            ),
            lambda: (
                f"the screen rebuilt in the other language, its footer showing its keys, laid out at the"
                f" terminal's size ({_state(app)})"
            ),
        )


def _state(app: TawlaApp) -> str:
    """What the wait above sees: the words' direction, the screen's, whether it is built."""
    screen = app.screen
    return (
        f"words rtl {app.words.rtl}, screen built {getattr(screen, 'built', '-')}, rebuilding"
        f" {getattr(screen, 'rebuilding', '-')}, -rtl {screen.has_class('-rtl')}, rtl {getattr(screen, 'rtl', '-')},"
        f" footer keys {_footer_shows_keys(app)}, turn {getattr(app, '_turn', None)}, laid out at"
        f" {tuple(screen.outer_size)} in a terminal of {tuple(app.size)}"
    )


def _footer_shows_keys(app: TawlaApp) -> bool:
    """A footer on the screen on top, if it has one, shows keys (a rebuilt footer is told them
    again: the replay's stayed empty after F2)."""
    footers = list(app.screen.query(TawlaFooter))
    return all(footer.query(FooterKey) for footer in footers)


@pytest.mark.parametrize("name", [name for name in STORMS if name != "resume"])  # (F2 on a dialog: issue 21)
async def test_a_screen_rebuilt_by_f2_shows_its_keys_and_keeps_the_focus(name: str, tmp_path: Path) -> None:
    """F2 alone on each screen: built again in Arabic, its footer showing its keys, the focus on
    the widget that had it (before, F2 on the settings, the rules or a new match's name field
    left nothing focused: the arrows scrolled nothing and the letters typed nowhere)."""
    app = TawlaApp(lang="en", dice=SeededDice(1), settings=Settings(bidi_checked=True), paths=history(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        await _open(pilot, STORMS[name])
        had = _focus(app)
        await pilot.press("f2")
        await wait_until(
            pilot,
            lambda: app.words.rtl and _in_its_language(app) and _footer_shows_keys(app) and _focus(app) == had,
            lambda: f"the screen rebuilt in Arabic, its footer showing its keys, the focus on {had} ({_focus(app)})",
        )


def _focus(app: TawlaApp) -> tuple[str, str | None] | None:
    focused = app.focused
    return (type(focused).__name__, focused.id) if focused is not None else None


async def test_a_screen_not_on_top_never_closes_another(tmp_path: Path) -> None:
    """A late event for a screen that is no longer on top closes nothing: Textual's ``dismiss``
    pops whatever screen is on top, and a game's resume event that arrived after Ctrl+W had
    taken the game down (a burst in a real terminal, under load) closed the menu under it and
    crashed ("Can't pop screen"). Here the game and a dialog over it are each told to close
    while another screen is on top."""
    app = TawlaApp(lang="en", dice=SeededDice(1), settings=Settings(bidi_checked=True), paths=history(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        await _open(pilot, STORMS["game"])
        game = app.screen
        await pilot.press("r")
        await pilot.press("i")
        ids = await screen_is(pilot, IdsScreen)
        game.dismiss(None)  # (under the IDs: the IDs stay, and the game)
        await settle(pilot)  # (what must not happen has its chance)
        assert app.screen_stack[-2:] == [game, ids]
        await pilot.press("ctrl+w")
        await screens_are(pilot, "MenuScreen")
        game.on_screen_resume()  # (its resume, late: the game is gone, the menu stays)
        ids.dismiss(None)
        await settle(pilot)
        assert stack(app) == ["MenuScreen"] and error_of(app) is None


@pytest.mark.parametrize("lang", ["en", "ar"])
async def test_f2_while_a_name_is_typed_keeps_the_name_and_its_field(lang: str, tmp_path: Path) -> None:
    """A name half typed on New match, F2, the rest typed: the whole name is in the field
    (before, F2 composed the screen again with the names it opened with, and the letters after
    it went nowhere)."""
    app = TawlaApp(lang=lang, dice=SeededDice(1), settings=Settings(bidi_checked=True), paths=history(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        await _open(pilot, STORMS["new match"])
        field = app.screen.query_one("#name0", Input)
        await wait_until(pilot, lambda: app.focused is field, "the first name's field has the focus")
        field.value = ""
        _send(app, ["S", "a", "l"])
        await wait_until(pilot, lambda: field.value == "Sal", lambda: f"Sal typed ({field.value!r})")
        _send(app, ["f2", "m", "a"])  # (a burst: the letters reach the field once it is built again)
        await wait_until(
            pilot,
            lambda: app.words.rtl != (lang == "ar") and _in_its_language(app) and _typed(app) == "Salma",
            lambda: f"Salma in the rebuilt field ({_typed(app)!r}, focus {_focus(app)})",
        )
        _send(app, ["f2"])  # (and once more, the next letter typed once it is built: not over the name)
        await wait_until(pilot, lambda: app.words.rtl == (lang == "ar") and _in_its_language(app), "F2 again")
        await _delivered(pilot)
        _send(app, ["h"])
        await wait_until(pilot, lambda: _typed(app) == "Salmah", lambda: f"Salmah ({_typed(app)!r})")


def _typed(app: TawlaApp) -> str | None:
    found = list(app.screen.query("#name0"))
    return found[0].value if found and isinstance(found[0], Input) else None


async def test_a_resize_to_a_size_the_terminal_no_longer_has_lays_out_nothing(tmp_path: Path) -> None:
    """A screen is laid out at the terminal's size, whatever stale resize reaches it. Textual
    lays a screen out at the size its ``Resize`` says, and under load such an event can be
    handled after the terminal changed size again: the story and the figures under it stayed
    laid out for a terminal of 81x25 in one of 120x40, and in loaded full runs two screens
    resizing each other at sizes gone kept a worker busy for an hour (the figures storms)."""
    app = TawlaApp(lang="en", dice=SeededDice(1), settings=Settings(bidi_checked=True), paths=history(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        await _open(pilot, STORMS["story"])
        story, figures = app.screen_stack[-1], app.screen_stack[-2]
        gone = Size(81, 25)
        handled = [asyncio.Event(), asyncio.Event()]
        for screen, done in zip((story, figures), handled, strict=True):
            screen.post_message(events.Resize(gone, gone))
            screen.post_message(events.Callback(callback=done.set))
        await wait_until(pilot, lambda: all(done.is_set() for done in handled), "both screens handled the resize")
        await settle(pilot)  # (a layout it would have asked for has its chance)
        laid_out = {type(screen).__name__: tuple(screen.outer_size) for screen in (story, figures)}
        assert laid_out == {"StoryScreen": (120, 40), "FiguresScreen": (120, 40)}
        lines = list(story.query(".pips"))
        assert lines and all(line.region.right <= 120 for line in lines)


async def test_enter_twice_on_a_pairs_match_opens_its_story_once(tmp_path: Path) -> None:
    """Enter pressed twice on a match of the pair's figures (a burst) opens one story: each
    asked the app for it before the first was up, the second story went over the first, and
    one Esc left the same story on the screen (and two stories resizing each other were where
    the loaded runs' resize storm lived)."""
    app = TawlaApp(lang="en", dice=SeededDice(1), settings=Settings(bidi_checked=True), paths=history(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        await _open(pilot, STORMS["figures"])
        figures = app.screen
        await wait_until(pilot, lambda: figures.find("#matches") is not None, "a pair's matches")
        await burst(pilot, "enter", "enter")
        await screen_is(pilot, StoryScreen)
        await settle(pilot)  # (a second story has its chance)
        assert stack(app)[-2:] == ["FiguresScreen", "StoryScreen"]
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is figures, lambda: f"one Esc: back on the figures ({stack(app)})")


async def test_a_focus_asked_for_a_widget_a_rebuild_took_away_is_refused(tmp_path: Path) -> None:
    """A focus that arrives for a widget of the old compose (F2 twice in a burst: the first
    rebuild's refocus, deferred by Textual, reached the old widget after the second rebuild
    had removed it) leaves the focus where it is: a screen focused outside itself looked its
    keys up from that widget alone, and its footer composed none (rules-3, once in a few dozen
    storms)."""
    app = TawlaApp(lang="en", dice=SeededDice(1), settings=Settings(bidi_checked=True), paths=history(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        await _open(pilot, STORMS["rules"])
        screen = app.screen
        old = screen.query_one("#scroll")
        await wait_until(pilot, lambda: screen.focused is old, "the rules' text has the focus")
        await pilot.press("f2")
        await wait_until(
            pilot,
            lambda: (
                app.words.rtl and _in_its_language(app) and screen.focused is not None and screen.focused is not old
            ),
            "the rules rebuilt in Arabic, the new text focused",
        )
        now = screen.focused
        screen.set_focus(old)  # (the late refocus of the old text)
        assert screen.focused is now
        app.action_language()
        await wait_until(
            pilot,
            lambda: not app.words.rtl and _in_its_language(app) and _footer_shows_keys(app),
            lambda: f"the rules rebuilt in English, their footer showing their keys ({_state(app)})",
        )
