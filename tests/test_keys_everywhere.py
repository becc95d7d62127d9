"""Every key a screen's footer shows, and every key the help says works "everywhere", does what
it says on every screen and dialog, in English and in Arabic (pressed with the Arabic layout's
letter, as an Arabic player types it) (#21).

A table of places (screens and dialogs, the game in each of its phases) is crossed with their
keys: those their footer shows (read from the footer drawn, so a key added to a footer is
tested at once) and the help's "Everywhere" keys (F1 or ?, F2, Ctrl+Q or Ctrl+C). Each key is
pressed once on a place freshly opened, and what it must do is awaited: the screen it opens,
the screen it closes, the other language, the app leaving, or for a key of the place itself
a change on the screen. A key that does nothing fails, saying which.

Textual looks a key up from the dialog on top and no further (``Screen._modal_binding_chain``):
before #21 the app's F1 and F2 did nothing on any dialog, and the footer that shows through a
dialog showed the game's keys, which the dialog does not hear.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.command import CommandList, CommandPalette
from textual.pilot import Pilot
from textual.widgets import Input

from tawla.engine import Position
from tawla.game import Match, Phase, RuleSet, ScriptedDice
from tawla.game.dice import ManualDice
from tawla.game.state import MatchState
from tawla.i18n import tr
from tawla.store.files import Paths
from tawla.store.settings import Preferences, Settings
from tawla.ui.app import TawlaApp
from tawla.ui.compat import FooterKey
from tawla.ui.footer import TawlaFooter
from tawla.ui.keys import ARABIC_LAYOUT, EVERYWHERE, LIGATURES
from tawla.ui.screens.book import BookScreen, PlayerPicker
from tawla.ui.screens.book_figures import FiguresScreen
from tawla.ui.screens.check_rtl import CheckRtlScreen
from tawla.ui.screens.dialogs import (
    AnswerScreen,
    ConfirmScreen,
    LineScreen,
    NoticeScreen,
    ResignLevelScreen,
    ResultScreen,
)
from tawla.ui.screens.game import GameScreen
from tawla.ui.screens.help import HelpScreen
from tawla.ui.screens.history import HistoryScreen
from tawla.ui.screens.ids import IdsScreen
from tawla.ui.screens.menu import MenuScreen
from tawla.ui.screens.new_match import NewMatchScreen
from tawla.ui.screens.replay import ReplayScreen
from tawla.ui.screens.resume import ResumeScreen
from tawla.ui.screens.rulebook import RulebookScreen
from tawla.ui.screens.settings import SettingsScreen
from tawla.ui.screens.setup import SetupScreen
from tawla.ui.screens.story import StoryScreen
from tawla.ui.screens.too_small import TooSmallScreen

from .helpers.burst import key_event, send_events
from .helpers.waiting import screen_is, screen_text, settle, stack, strips, wait_until, workers_done
from .test_book_ui import book_shown, history
from .test_ui import play_one_step

SIZE = (120, 40)
"""Room for every footer's keys (at 80 columns some are cut: #21, item 3)."""
NAMES = ("Ali", "Badr")


# -- the places -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Place:
    """A screen or a dialog: how the app starts, how the place is brought up, what is on top then."""

    top: type[Any]
    opens: Callable[[Pilot[None]], Awaitable[object]]
    match: Callable[[], Match] | None = None
    """The match the app starts with (None: the menu)."""
    shows: tuple[str, ...] = ()
    """Actions its footer must show (the keys the issue names there)."""
    not_here: dict[str, str] = field(default_factory=dict)
    """Everywhere keys that are not heard here, and why."""
    footer: bool = True
    """Its footer shows keys (the move prompt has the keys: the footer shows none while it is open)."""


def game_of(app: TawlaApp) -> GameScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, GameScreen))


def fresh() -> Match:
    return Match(RuleSet(match_length=3), NAMES, ScriptedDice([(5, 2), (6, 1), (4, 3), (3, 1), (5, 5)]))


def money() -> Match:
    """Money play with beavers: a double can be beavered."""
    return Match(RuleSet(match_length=0, beavers=True), NAMES, ScriptedDice([(5, 2), (6, 1), (4, 3), (3, 1)]))


def manual() -> Match:
    return Match(RuleSet(match_length=3), NAMES, ManualDice())


def bearing_off(score: tuple[int, int] = (0, 0)) -> Callable[[], Match]:
    """Ali bears his last two checkers off with the 6-5 to come (a gammon: Badr has borne none)."""

    def made() -> Match:
        rules = RuleSet(match_length=3)
        board = Position.from_counts({2: 1, 1: 1}, {6: 15})
        start = MatchState(rules=rules, phase=Phase.TURN, board=board, on_roll=0, score=score)
        return Match(names=NAMES, dice=ScriptedDice([(6, 5), (3, 1), (4, 2)]), start=start)

    return made


async def nothing(pilot: Pilot[None]) -> None:
    """The place is the one the app starts on."""


def action(name: str) -> Callable[[Pilot[None]], Awaitable[object]]:
    async def run(pilot: Pilot[None]) -> None:
        await pilot.app.run_action(name)

    return run


def keys(*pressed: str, then: Callable[[Pilot[None]], Awaitable[object]] | None = None) -> Callable[..., Any]:
    """Press ``pressed`` one after the other, each awaited by what changes, after ``then``."""

    async def run(pilot: Pilot[None]) -> None:
        if then is not None:
            await then(pilot)
        for key in pressed:
            before = (stack(pilot.app), screen_text(pilot.app))
            await pilot.press(key)
            await wait_until(
                pilot, lambda before=before: (stack(pilot.app), screen_text(pilot.app)) != before, f"{key!r} acted"
            )

    return run


async def rolled(pilot: Pilot[None]) -> None:
    game = await screen_is(pilot, GameScreen)
    await pilot.press("r")
    await wait_until(pilot, lambda: game.match.state.phase is Phase.MOVING, "the opening roll, and a move to make")


async def handed_over(pilot: Pilot[None]) -> None:
    """A turn played and ended: the next player's Enter and Space wait, r rolls."""
    await rolled(pilot)
    game = game_of(pilot.app)
    while game.match.state.turn is not None and not game.match.state.turn.complete:
        await play_one_step(pilot, pilot.app)  # type: ignore[arg-type]
    await pilot.press("enter")
    await wait_until(pilot, lambda: game.handover, "the hand-over")


async def doubled(pilot: Pilot[None]) -> None:
    await handed_over(pilot)
    game = game_of(pilot.app)
    await pilot.press("d")
    await wait_until(pilot, lambda: game.match.state.phase is Phase.DOUBLED, "a double offered")


async def typing(pilot: Pilot[None]) -> None:
    await rolled(pilot)
    await pilot.press("colon")
    await wait_until(pilot, lambda: game_of(pilot.app).typing, "the move prompt open")


async def in_book(pilot: Pilot[None]) -> None:
    await pilot.app.run_action("book")
    await book_shown(pilot)


async def figures(pilot: Pilot[None]) -> None:
    await in_book(pilot)
    await pilot.press("enter")
    screen = await screen_is(pilot, FiguresScreen)
    await wait_until(pilot, lambda: screen.find("#matches") is not None, "a player's matches")


async def book_story(pilot: Pilot[None]) -> None:
    await figures(pilot)
    await pilot.press("enter")


async def replay_list(pilot: Pilot[None]) -> None:
    await pilot.app.run_action("replay")
    await screen_is(pilot, HistoryScreen)


async def replay(pilot: Pilot[None]) -> None:
    await replay_list(pilot)
    await pilot.press("enter")
    await screen_is(pilot, ReplayScreen)


async def left_a_match(pilot: Pilot[None]) -> None:
    """A match started and left: it is on the Resume list."""
    app: TawlaApp = pilot.app  # type: ignore[assignment]
    app.new_match(RuleSet(match_length=3), NAMES)
    await screen_is(pilot, GameScreen)
    await pilot.press("ctrl+w")
    await wait_until(pilot, lambda: app.unfinished and stack(app) == ["MenuScreen"], "the match on the Resume list")


async def resume_list(pilot: Pilot[None]) -> None:
    await left_a_match(pilot)
    await pilot.app.run_action("resume")


async def note(pilot: Pilot[None]) -> None:
    pilot.app.note("store.nothing_to_resume")  # type: ignore[attr-defined]


async def check_rtl(pilot: Pilot[None]) -> None:
    pilot.app.check_rtl()  # type: ignore[attr-defined]


async def too_small(pilot: Pilot[None]) -> None:
    await pilot.resize_terminal(60, 18)


async def game_up(pilot: Pilot[None]) -> None:
    await screen_is(pilot, GameScreen)


async def over(pilot: Pilot[None]) -> None:
    await screen_is(pilot, GameScreen)
    await pilot.press("space")  # the forced 6-5 bears both checkers off
    await screen_is(pilot, ResultScreen)


MENU_PLACES = {
    "menu": Place(MenuScreen, nothing, shows=("pick('new_match')",)),
    "new match": Place(NewMatchScreen, action("new_match"), shows=("back", "start")),
    "settings": Place(SettingsScreen, action("settings")),
    "rules": Place(RulebookScreen, action("rules")),
    "help": Place(HelpScreen, action("help")),
    "book": Place(BookScreen, in_book, shows=("period", "rules", "forget")),
    "book: a player": Place(FiguresScreen, figures),
    "book: how a match went": Place(StoryScreen, book_story),
    "book: rename": Place(LineScreen, keys("e", then=in_book)),
    "book: merge": Place(PlayerPicker, keys("m", then=in_book)),
    "book: forget": Place(ConfirmScreen, keys("d", then=in_book)),
    "replay: the list": Place(HistoryScreen, replay_list),
    "replay": Place(ReplayScreen, replay),
    "resume": Place(ResumeScreen, resume_list),
    "resume: take off": Place(ConfirmScreen, keys("d", then=resume_list)),
    "setup": Place(SetupScreen, action("setup")),
    "a notice": Place(NoticeScreen, note),
    "right-to-left check": Place(CheckRtlScreen, check_rtl),
    "palette": Place(CommandPalette, keys("ctrl+p")),
    "too small": Place(
        TooSmallScreen,
        too_small,
        not_here={key: "the help waits for a terminal it can be drawn in (#11)" for key in ("f1", "?")},
    ),
}
GAME_PLACES = {
    "game: opening": Place(GameScreen, game_up, fresh, shows=("primary", "leave")),
    "game: moving": Place(GameScreen, rolled, fresh, shows=("primary", "notation", "resign")),
    "game: typing a move": Place(GameScreen, typing, fresh, footer=False),
    "game: hand-over": Place(GameScreen, handed_over, fresh, shows=("handover_roll",)),
    "game: doubled": Place(GameScreen, doubled, money, shows=("take", "drop", "beaver")),
    "game: resign": Place(ResignLevelScreen, keys("R", then=rolled), fresh, shows=("app.menu",)),
    "game: resignation offered": Place(AnswerScreen, keys("R", "1", then=rolled), fresh, shows=("app.menu",)),
    "game: IDs": Place(IdsScreen, keys("i", then=rolled), fresh, shows=("app.menu",)),
    "game: export": Place(LineScreen, action("export"), fresh),
    "game: real dice": Place(LineScreen, keys("r", then=game_up), manual),
    "game: game over": Place(ResultScreen, over, bearing_off(), shows=("app.menu",)),
    "game: match over": Place(ResultScreen, over, bearing_off((2, 0)), shows=("app.menu",)),
    "game: how the game went": Place(StoryScreen, keys("g", then=over), bearing_off()),
    "game: palette": Place(CommandPalette, keys("ctrl+p", then=rolled), fresh),
}
PLACES = MENU_PLACES | GAME_PLACES


def started(place: Place, lang: str, folder: Path) -> TawlaApp:
    paths: Paths = history(folder)  # (the book, the history to replay, the Resume list)
    prefs = Preferences(step_by_step=False)  # (a move played at once: no frames to wait for)
    settings = Settings(bidi_checked=True, preferences=prefs)
    match = place.match() if place.match is not None else None
    dice = match.dice if match is not None else ScriptedDice([(5, 2), (6, 1), (4, 3), (3, 1)])
    return TawlaApp(lang=lang, settings=settings, paths=paths, match=match, dice=dice)


async def opened(pilot: Pilot[None], place: Place) -> None:
    """Bring the place up and wait until it is built and its footer drawn: what is on the screen
    then changes only by a key."""
    app = pilot.app
    await screen_is(pilot, GameScreen if place.match is not None else MenuScreen)
    await wait_until(pilot, lambda: not footer_of(app) or footer_keys(app), "the first footer's keys")
    await place.opens(pilot)
    await screen_is(pilot, place.top)
    await wait_until(
        pilot,
        lambda: place.top is TooSmallScreen or not place.footer or footer_keys(app),
        lambda: f"the footer's keys\n{screen_text(app)}",
    )
    await settle(pilot)  # (a footer composed again as the dialog came: drawn before the screen is read)


# -- the footer, and the keys of a place ------------------------------------------------------------


def footer_of(app: Any) -> TawlaFooter | None:
    """The footer on the screen: the highest screen's that is not a dialog (a dialog is drawn over
    it, and its footer shows through)."""
    for screen in reversed(app.screen_stack):
        if not screen.is_modal:
            found = list(screen.query(TawlaFooter))
            return found[0] if found else None
    return None


def footer_keys(app: Any) -> list[tuple[str, str]]:
    """(key, action) of each key the footer shows usable (not greyed out)."""
    footer = footer_of(app)
    if footer is None:
        return []
    return [(key.key, key.action) for key in footer.query(FooterKey) if not key._disabled and key.display]


def typed_on(key: str, lang: str) -> str:
    """What a player presses for ``key`` on the keyboard of the language: the Arabic layout's
    letter in Arabic (ح for p, ٌ for Shift+R, ؟ for ?)."""
    if lang != "ar":
        return key
    char = {"question_mark": "?", "colon": ":", "slash": "/"}.get(key, key)
    arabic = ARABIC_LAYOUT.get(char)
    return LIGATURES.get(arabic, arabic) if arabic is not None else key


def pressed_key(key: str) -> events.Key:
    """The key event a terminal's driver makes for ``key``, with the character it types (a
    terminal sends «؟» for the Arabic layout's ?, which a field takes as typed)."""
    event = key_event(key)
    if len(key) == 1 and event.character is None:
        event = events.Key(event.key, key)
    return event


EVERYWHERE_KEYS = tuple(
    dict.fromkeys(
        "?" if key == "question_mark" else key
        for binding in EVERYWHERE
        if binding.description.startswith("key.")  # (the help's "Everywhere": what it lists)
        for key in binding.key.split(",")
        if key != "arabic_question_mark"  # (the ? of the Arabic layout: pressed for ? in Arabic)
    )
)


# -- what each key must do -------------------------------------------------------------------------


@dataclass(frozen=True)
class Before:
    """What was there before the key."""

    stack: list[str]
    lang: str
    text: str
    everything: str
    """The text of every screen, the top one's and those under it (a dialog shows through to
    them; the right-to-left check is in both languages at once, F2 changes what is under it).
    Read for F2 alone, the one key it is compared for (empty before the others)."""
    top: Any
    field: Input | None
    """The text field that had the focus."""
    match: Match | None


CLOSES = ("back", "leave", "close", "app.pop_screen", "escape")
"""Actions that close the screen they are pressed on."""


def what_a_key_does(key: str, action: str, before: Before) -> tuple[str, Callable[[TawlaApp], bool]]:
    """What ``key`` (bound to ``action``, or one of the help's "Everywhere" keys) must do: said,
    and checked on the app."""

    def on_top(kind: type[Any]) -> Callable[[TawlaApp], bool]:
        return lambda app: isinstance(app.screen, kind) and bool(getattr(app.screen, "built", app.screen.is_mounted))

    if key in ("ctrl+q", "ctrl+c"):
        return "quit", lambda app: app.leaving
    if key == "?" and before.field is not None:
        typed = before.field
        return "type ? into the field", lambda app: "?" in typed.value or "؟" in typed.value
    if key in ("f1", "?") or action == "app.help":
        return "open the help", on_top(HelpScreen)
    if key == "f2":
        other = "en" if before.lang == "ar" else "ar"

        def spoken(app: TawlaApp) -> bool:
            screen = app.screen
            built = getattr(screen, "built", True) and not getattr(screen, "rebuilding", False)
            return app.language == other and built and everything_shown(app) != before.everything

        return f"say everything again in {other}", spoken
    if action == "app.command_palette":
        return "open the commands", on_top(CommandPalette)
    if action == "app.menu":
        match = before.match
        kept = match is not None and match.state.phase is not Phase.MATCH_OVER  # (a match over is in the history)

        def menu(app: TawlaApp) -> bool:
            return stack(app) == ["MenuScreen"] and app.unfinished == kept

        return "go back to the menu, the match on the Resume list" if kept else "go back to the menu", menu
    opens = {"pick('new_match')": NewMatchScreen, "start": GameScreen, "resign": ResignLevelScreen}
    if action in opens:
        return f"open the {opens[action].__name__}", on_top(opens[action])
    if action in CLOSES:
        return "close the screen", lambda app: before.top not in app.screen_stack

    def changed(app: TawlaApp) -> bool:
        return stack(app) != before.stack or screen_text(app) != before.text

    return "change what is shown", changed


def everything_shown(app: TawlaApp) -> str:
    """What every screen of the stack draws, bottom first (the compositor's rows of each)."""
    return "\n".join(strip.text for screen in app.screen_stack for strip in strips(screen))


def _field(app: TawlaApp) -> Input | None:
    focused = app.focused
    return focused if isinstance(focused, Input) else None


CASES = [(name, lang) for name in PLACES for lang in ("en", "ar")]
QUITS = ("ctrl+q", "ctrl+c")


@dataclass(frozen=True)
class Look:
    """A place as the player sees it: the screens, the language, what is drawn, where the focus is.
    Two places that look the same hear a key the same way."""

    stack: tuple[str, ...]
    lang: str
    text: str
    focus: tuple[str, str | None]


def look(app: TawlaApp) -> Look:
    focused = app.focused
    focus = (type(focused).__name__, focused.id) if focused is not None else ("", None)
    return Look(tuple(stack(app)), app.language, screen_text(app), focus)


async def put_back(pilot: Pilot[None], top: object, fresh: Look) -> bool:
    """Take the place back to how it looked freshly opened, as a player would: F2 again for the
    other language, Esc on what a key opened over it or on it. True if it looks as it did then (the next
    key is pressed there); False if not (the next key gets an app of its own). Never a failure:
    a place that cannot be put back only costs a fresh app."""
    app: TawlaApp = pilot.app  # type: ignore[assignment]
    if app.leaving or not app.is_running or top not in app.screen_stack:
        return False
    try:
        while app.screen is not top:
            if "escape" not in app.active_bindings:
                return False
            gone = app.screen
            await send_events(pilot, [pressed_key("escape")])
            await wait_until(pilot, lambda gone=gone: gone not in app.screen_stack, "Esc closed it", timeout=10)
        if app.language != fresh.lang:
            await send_events(pilot, [pressed_key("f2")])
            await wait_until(
                pilot,
                lambda: (
                    app.language == fresh.lang
                    and getattr(app.screen, "built", True)
                    and not getattr(app.screen, "rebuilding", False)
                ),
                "F2 said it again",
                timeout=10,
            )
        await settle(pilot)
        if look(app) != fresh and "escape" in app.active_bindings:  # (a prompt opened on the place)
            await send_events(pilot, [pressed_key("escape")])  # (and waits until tawla took it)
            await settle(pilot)
    except AssertionError:
        return False
    return look(app) == fresh


CLOSING = (*CLOSES, "app.menu")


def order(pair: tuple[str, str]) -> int:
    """The order keys are pressed in on one app: first those that open something over the place
    or say it again (put back with Esc and F2), then the place's own, then those that close it,
    then Ctrl+C (held where tawla leaves), then Ctrl+Q (nothing after it)."""
    key, bound = pair
    if key in QUITS:
        return 3 if key == "ctrl+c" else 4  # (Ctrl+C is held at App.exit: Ctrl+Q leaves)
    if bound in CLOSING:
        return 2
    if key in EVERYWHERE_KEYS or bound in ("app.help", "app.command_palette", "app.language"):
        return 0
    return 1


@pytest.mark.parametrize(("name", "lang"), CASES, ids=[f"{name}-{lang}" for name, lang in CASES])
async def test_every_key_shown_and_every_everywhere_key_does_what_it_says(name: str, lang: str, tmp_path: Path) -> None:
    """Each key on the place as freshly opened: after a key the place is put back as a player
    would (Esc, F2 again) and the next key pressed there if it looks exactly as it did freshly
    opened (:func:`put_back`), else on a place opened afresh in an app of its own. Ctrl+C is
    followed to where tawla leaves (the match saved, then ``App.exit``, held there); Ctrl+Q,
    the last key an app hears, leaves."""
    place = PLACES[name]
    pending: list[tuple[str, str]] | None = None
    apps = 0
    while pending is None or pending:
        apps += 1
        app = started(place, lang, tmp_path / str(apps))
        async with app.run_test(size=SIZE) as pilot:
            await opened(pilot, place)
            fresh = look(app)
            if pending is None:  # (the first app: its footer read as the place opened)
                pending = keys_of(name, lang, place, app)
            while pending:
                key, bound = pending.pop(0)
                match = game_of(app).match if any(isinstance(s, GameScreen) for s in app.screen_stack) else None
                everything = everything_shown(app) if key == "f2" else ""
                before = Before(stack(app), app.language, screen_text(app), everything, app.screen, _field(app), match)
                said, done = what_a_key_does(key, bound, before)
                typed = typed_on(key, lang)
                left: list[object] = []
                if key == "ctrl+c":
                    app.exit = lambda *args, left=left, **kwargs: left.append(args)  # type: ignore[method-assign]
                    done = lambda app, left=left: bool(left)  # noqa: E731
                await send_events(pilot, [pressed_key(typed)])
                await wait_until(
                    pilot,
                    lambda done=done, app=app: done(app),
                    f"{name} ({lang}): {typed!r} ({bound or 'everywhere'}) to {said}",
                )
                if key == "ctrl+c":
                    del app.exit
                if not pending or not await put_back(pilot, before.top, fresh):
                    break


def keys_of(name: str, lang: str, place: Place, app: TawlaApp) -> list[tuple[str, str]]:
    """(key, action) of every key to press on ``place`` freshly opened, in :func:`order`: those
    its footer shows (which must include ``place.shows``) and the help's "Everywhere" keys."""
    shown = footer_keys(app)
    footer = footer_of(app)
    # (a key too wide for the room left is not drawn, never half drawn: F1 and Ctrl+P have it)
    listed = [key.action for key in footer.query(FooterKey) if not key._disabled] if footer else []
    for wanted in place.shows:
        assert wanted in listed, f"{name} ({lang}): the footer has {listed}, not {wanted}"
    everywhere = [(key, "") for key in EVERYWHERE_KEYS if key not in place.not_here]
    pressed = list({key: (key, bound) for key, bound in [*everywhere, *shown]}.values())  # (a key once, as shown)
    return sorted(pressed, key=order)


def test_the_everywhere_keys_are_the_helps() -> None:
    """The keys pressed on every place are read from tawla's own list (``EVERYWHERE``): that
    list still holds every key the help's "Everywhere" names, so taking one off fails here and
    not silently above."""
    assert {"f1", "?", "f2", "ctrl+q", "ctrl+c"} <= set(EVERYWHERE_KEYS), EVERYWHERE_KEYS


# -- what the issue names, pressed as a player presses it ------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ar"])
async def test_enter_pressed_twice_on_a_game_over_card_starts_a_still_game(lang: str, tmp_path: Path) -> None:
    """Enter, pressed twice on the card of a game just over, starts the next game and no more:
    its board waits, still, for its own roll key (Enter and Space wait as after a turn, r rolls);
    before #21 the second Enter threw the next game's opening roll."""
    place = GAME_PLACES["game: game over"]
    app = started(place, lang, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await opened(pilot, place)
        game = game_of(app)
        await send_events(pilot, [pressed_key("enter"), pressed_key("enter")])  # (one burst: a key pressed twice)
        await screen_is(pilot, GameScreen)
        await wait_until(pilot, lambda: game.match.state.game == 2, "the next game")
        await send_events(pilot, [pressed_key("space"), pressed_key("enter")])
        await settle(pilot)  # (what must not happen: a roll)
        state = game.match.state
        assert (state.phase, state.opening_dice) == (Phase.OPENING, None), "the next game's opening roll was thrown"
        assert "r" in [key for key, action in footer_keys(app) if action == "handover_roll"], footer_keys(app)
        await send_events(pilot, [pressed_key(typed_on("r", lang))])
        await wait_until(pilot, lambda: game.match.state.opening_dice is not None, "r rolls for the start")


@pytest.mark.parametrize("card", ["game: game over", "game: match over", "game: IDs", "game: resign"])
@pytest.mark.parametrize("lang", ["en", "ar"])
async def test_back_to_the_menu_in_the_palette_over_a_dialog(card: str, lang: str, tmp_path: Path) -> None:
    """Ctrl+P over a dialog of the game, then its "Back to the menu": the menu, the match on the
    Resume list unless it is over (before #21 the command did nothing over a dialog)."""
    place = GAME_PLACES[card]
    app = started(place, lang, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await opened(pilot, place)
        kept = game_of(app).match.state.phase is not Phase.MATCH_OVER
        await pilot.press("ctrl+p")
        palette = await screen_is(pilot, CommandPalette)
        search = palette.query_one(Input)
        await wait_until(pilot, lambda: palette.focused is search, "the palette's search field has the focus")
        title = tr(lang, "command.menu")
        await send_events(pilot, [pressed_key(char) for char in title])
        await wait_until(pilot, lambda: search.value == title, lambda: f"the palette has {search.value!r}")
        await workers_done(pilot)
        commands = palette.query_one(CommandList)
        await wait_until(pilot, lambda: commands.option_count > 0, "the palette found the command")
        await pilot.press("enter")
        await wait_until(
            pilot, lambda: stack(app) == ["MenuScreen"] and app.unfinished == kept, lambda: f"the menu ({stack(app)})"
        )


@pytest.mark.parametrize("key", ["p", "P", "ح", "؛"])
async def test_p_and_shift_p_open_the_book(key: str, tmp_path: Path) -> None:
    """The README: ``P`` opens the players' book; ``p`` does too, and the keys an Arabic layout
    types for them (ح, and «؛» with Shift)."""
    place = MENU_PLACES["menu"]
    app = started(place, "ar" if not key.isascii() else "en", tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await opened(pilot, place)
        await send_events(pilot, [pressed_key(key)])
        await screen_is(pilot, BookScreen)
