"""Random keys (#11): thousands of keys from every key the game knows, in bursts, while the
terminal shrinks and grows, and the saved matches stay whole after every burst.

Two proofs:

* Through Textual's Pilot: ``KEYS_PER_SEED`` keys for each of ``SEEDS`` (one in Arabic),
  in bursts of 1 to 20 keys handed to the driver at once (no wait between the keys of a
  burst), with resizes below 80×24 and back. After every burst: no error escaped, every
  saved match (unfinished ones and the history) loads and has 15 checkers a side in every
  position of its history, no file was set aside as damaged, no crash report was written,
  and the match being played is on disk exactly as played (waited for: the last save may still
  be on its way). When tawla leaves by one of its quit paths (``q`` on the menu, the menu's
  Quit, the palette's), with keys behind the quit in the same burst, it must leave with status
  0; a new one starts on the same data folder and the keys go on.
* The installed ``tawla`` in tmux at 80×24: ``TMUX_KEYS`` random keys in ``send-keys`` bursts
  with two resizes; after every burst no traceback on screen, no crash report, every save
  loads whole; a quit on the way ends with status 0 and tawla is started again; at the end it
  still runs and Ctrl+Q leaves with status 0.

The keys are drawn by a seeded :class:`random.Random`, whatever the screen shows, so a seed
always sends the same keys (what they meet depends on timing: a failure may not come back on
the next run). A failure names the seed, the session, the burst and the keys that led to it
(the whole trail is written beside the test's data). Below them, a named test for each crash
the random keys found, with its burst, and where the race is Textual's scheduling, a second
test that makes it certain.
"""

from __future__ import annotations

import json
import os
import random
import time
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest
from textual import events

from tawla.engine.position import CHECKERS
from tawla.game import Match, ScriptedDice, SeededDice
from tawla.game.events import NextGame, Stepped
from tawla.game.state import MatchState
from tawla.store import saves
from tawla.store.files import Paths
from tawla.store.keeper import Keeper
from tawla.store.settings import Settings
from tawla.ui.app import TawlaApp
from tawla.ui.keys import ARABIC_DIGITS, ARABIC_LAYOUT

from .helpers.burst import key_event, send_events
from .helpers.waiting import WAIT, error_of, eventually, screen_text, screens_are, settle, stack, wait_until

SIZE = (80, 24)
SEEDS = [(1101, "en"), (1102, "ar"), (1103, "en")]
KEYS_PER_SEED = 1_200
TMUX_KEYS = 1_600
SMALL_SIZES = [(60, 18), (79, 24), (80, 23), (70, 20)]
BIG_SIZES = [(80, 24), (80, 24), (120, 40), (100, 30)]

# -- the alphabet ---------------------------------------------------------------------------------

_WEIGHTS: dict[str, float] = {
    # play: roll, pick up, put down, end the turn, play a die, move the cursor
    "enter": 10,
    "space": 9,
    "r": 7,
    "ق": 1.5,
    **{str(d): 1.6 for d in range(1, 7)},
    **{ARABIC_DIGITS[d]: 0.5 for d in range(1, 7)},
    "up": 1.5,
    "down": 2.5,
    "left": 2,
    "right": 2,
    **{k: 0.6 for k in "hjkl"},
    "tab": 1,
    "shift+tab": 0.6,
    "backspace": 1.5,
    "escape": 3,
    # typed moves
    ":": 1,
    "/": 0.6,
    # the game's letters
    **{k: 0.8 for k in "dtpbcynRuix"},
    # menus, screens, everywhere
    "n": 1.5,  # (more than the other letters: a new match from the menu, "no" in a question)
    "ctrl+s": 2.5,  # start the match on the new-match screen
    "ctrl+w": 1.2,  # back to the menu
    "f1": 0.4,
    "f2": 0.25,
    "ctrl+p": 0.6,
    "?": 0.2,
    "s": 0.3,  # settings from the menu
    "q": 0.12,  # quit from the menu: a new tawla starts on the same data folder
    "delete": 0.2,
    "home": 0.2,
    "end": 0.2,
    "pageup": 0.15,
    "pagedown": 0.15,
    "[": 0.1,
    "]": 0.1,
}
for _letter, _arabic in ARABIC_LAYOUT.items():  # the same keys on an Arabic layout
    _WEIGHTS[_arabic] = _WEIGHTS.get(_arabic, 0) + (0.1 if _letter == "q" else 0.3)
for _letter in "aefgmovwz":  # names typed into name fields, searches in the palette
    _WEIGHTS[_letter] = _WEIGHTS.get(_letter, 0) + 0.3
for _letter in "علي بدر":  # Arabic names (and a space between)
    _key = "space" if _letter == " " else _letter
    _WEIGHTS[_key] = _WEIGHTS.get(_key, 0) + 0.2

ALPHABET = list(_WEIGHTS)
WEIGHTS = [_WEIGHTS[k] for k in ALPHABET]
assert "ctrl+q" not in ALPHABET and "ctrl+c" not in ALPHABET  # (they quit: sent once, at the end)


QUIT_KEYS = frozenset({"q", ARABIC_LAYOUT["q"]})
"""Quit on the menu. The keys behind it in the same burst reach tawla while it closes: they must
do nothing (see the tests of keys behind a quit)."""


def random_burst(rng: random.Random) -> list[str]:
    """1 to 20 keys. ``لا`` (b on an Arabic layout) is two characters: two keys, as a terminal sends."""
    keys: list[str] = []
    for key in rng.choices(ALPHABET, WEIGHTS, k=rng.randint(1, 20)):
        if key.isascii():
            keys.append(key)  # (a character, or a key name: "enter", "shift+tab")
        else:
            keys.extend(key)  # (Arabic: one key per character)
    return keys


def event_of(key: str) -> events.Key:
    """The driver's event for ``key``, with its character as a terminal sends it: Textual's
    table misses some (``؟`` is ``arabic_question_mark``, the character a terminal sends)."""
    event = key_event(key)
    if len(key) == 1 and event.character is None:
        event = events.Key(event.key, key)
    return event


async def send(pilot: Any, keys: list[str]) -> None:
    """``tests/helpers/burst.py``'s burst: every key handed to the driver at once, then waited for until
    the app has taken them all (``taken``); then a player's pause before the next burst."""
    await send_events(pilot, [event_of(key) for key in keys])
    for _ in range(3):
        # (the pace of the bursts, a player's: nothing read after this depends on it; what a
        # test checks is waited for, with tests/helpers/waiting.py)
        await pilot.pause()


# -- what must hold after every burst -------------------------------------------------------------


def on_board(state: MatchState) -> tuple[int, int]:
    """Checkers of player 0 and player 1 on the points and the bar (turn in progress included)."""
    board = state.board_now
    mover, opponent = sum(v for v in board if v > 0), -sum(v for v in board if v < 0)
    return (mover, opponent) if state.on_roll == 0 else (opponent, mover)


def check_checkers(match: Match, where: str) -> None:
    """Replay the history event by event: at every position each side has 15 checkers on the
    points, the bar and borne off (counted from the bear-off steps, not from the board)."""
    replay = Match(names=match.names, dice=ScriptedDice([]), start=match.start)
    board0, board1 = on_board(replay.state)
    off = [CHECKERS - board0, CHECKERS - board1]  # (a set-up position may start with some off)
    assert 0 <= off[0] <= CHECKERS and 0 <= off[1] <= CHECKERS, where
    for number, event in enumerate(match.events, 1):
        before = replay.state
        if isinstance(event, Stepped) and event.source - event.die <= 0:
            off[before.on_roll] += 1
        replay.replay_event(event)
        if isinstance(event, NextGame):
            off = [0, 0]
        counts = on_board(replay.state)
        for player in (0, 1):
            total = counts[player] + off[player]
            assert total == CHECKERS, f"{where}: event {number} ({event}): player {player} has {total} checkers"
    assert replay.position_id() == match.position_id() and replay.match_id() == match.match_id(), where


@dataclass
class Disk:
    """The data folder, checked after every burst (a file is checked again only once changed)."""

    data: Path
    seen: dict[Path, tuple[int, int]] = field(default_factory=dict)
    checked: int = 0
    played: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Each match saved (by file name): its events and its finished games, as last checked."""

    def check(self, app: TawlaApp | None = None) -> None:
        """Every save loads and replays whole; with ``app`` (in the same process), the match it
        plays is on disk exactly as played."""
        bad = [p.name for p in self.data.rglob("*") if ".bad-" in p.name]
        assert not bad, f"files set aside as damaged: {bad}"
        crashes = sorted((self.data / "crashes").glob("*")) if (self.data / "crashes").is_dir() else []
        assert not crashes, f"crash reports: {[c.read_text() for c in crashes]}"
        files = sorted((self.data / "matches").glob("*.json")) + sorted((self.data / "history").glob("*.json"))
        for path in files:
            try:
                stat = path.stat()
            except FileNotFoundError:
                continue  # (moved meanwhile by a tawla in another process: finished, or taken off the list)
            stamp = (stat.st_mtime_ns, stat.st_size)
            if self.seen.get(path) == stamp:
                continue
            loaded = saves.load(path)
            if loaded is None and not path.exists():
                continue  # (the same, between the stat and the read)
            assert loaded is not None, path
            check_checkers(loaded.match, str(path.relative_to(self.data)))
            self.seen[path] = stamp
            self.played[path.name] = (len(loaded.match.events), len(loaded.match.state.results))
            self.checked += 1
        if app is None:
            return
        # The match being played is on disk as played (every action is saved as it is made).
        keeper = app.keeper
        if keeper.saved is not None and keeper.folder is not None:
            match = keeper.saved.match
            path = keeper.file_of(keeper.saved.id) if not match.state.match_over else None
            if path is None:
                path = self.data / "history" / f"{keeper.saved.id}.json"
            on_disk = saves.load(path)
            assert on_disk is not None, f"the match being played is not saved: {path}"
            assert on_disk.match.events == match.events, f"{path} is not the match as played"


# -- the Pilot run --------------------------------------------------------------------------------


@dataclass
class Trail:
    """Everything sent, for the report of a failure: sessions of (burst, resize) steps."""

    seed: int
    lang: str
    sessions: list[list[list[str] | tuple[int, int]]] = field(default_factory=list)
    keys: int = 0
    bursts: int = 0
    resizes: int = 0
    restarts: int = 0
    checked: int = 0
    matches: int = 0
    events: int = 0
    games: int = 0
    seconds: float = 0.0

    def describe(self) -> str:
        session = self.sessions[-1] if self.sessions else []
        bursts = [step for step in session if isinstance(step, list)]
        return (
            f"seed {self.seed} ({self.lang}), session {len(self.sessions)} (tawla started "
            f"{self.restarts + 1} times), step {len(session)} of the session, key {self.keys}; "
            f"the last burst: {bursts[-1] if bursts else None!r}; the last steps: {session[-8:]!r}"
        )


def _guard_exports(monkeypatch: pytest.MonkeyPatch, inside: Path) -> None:
    """A random export path (the default one edited by random keys) never leaves the test's
    folder: a path outside it is refused the way a read-only folder refuses it."""
    real = Keeper.export

    def export(match: Match, target: Path) -> Path:
        resolved = Path(target).resolve()
        if not resolved.is_relative_to(inside.resolve()):
            raise PermissionError(13, "Permission denied (outside the test's folder)", str(target))
        return real(match, target)

    monkeypatch.setattr(Keeper, "export", staticmethod(export))


async def random_keys(seed: int, lang: str, home: Path, keys: int = KEYS_PER_SEED) -> Trail:
    """Send ``keys`` random keys to tawla (and new ones after it quits); return the figures."""
    rng = random.Random(seed)
    trail = Trail(seed, lang)
    disk = Disk(home / "data")
    started = time.monotonic()
    # Resizes: about one burst in 30 (and at least every 50), below 80×24 for 1 to 3 bursts, then back.
    since_resize = 0
    small_for = 0
    while trail.keys < keys:
        app = TawlaApp(
            lang=lang,
            dice=SeededDice(seed * 100 + trail.restarts),
            paths=Paths(home / "config", home / "data"),
            settings=Settings(bidi_checked=True),
        )
        session: list[list[str] | tuple[int, int]] = []
        trail.sessions.append(session)
        try:
            async with app.run_test(size=SIZE) as pilot:
                while trail.keys < keys and app.is_running:
                    since_resize += 1
                    if small_for == 0 and (rng.random() < 1 / 30 or since_resize > 50):
                        since_resize = 0
                        size = rng.choice(SMALL_SIZES)
                        small_for = rng.randint(1, 3)
                        session.append(size)
                        await pilot.resize_terminal(*size)
                        trail.resizes += 1
                    burst = random_burst(rng)
                    session.append(burst)
                    await send(pilot, burst)
                    trail.keys += len(burst)
                    trail.bursts += 1
                    if small_for:
                        small_for -= 1
                        if small_for == 0:
                            size = rng.choice(BIG_SIZES)
                            session.append(size)
                            await pilot.resize_terminal(*size)
                            trail.resizes += 1
                    assert error_of(app) is None, error_of(app)
                    await eventually(pilot, lambda app=app: disk.check(app))  # (the last save may be on its way)
        except BaseException as error:
            trail.seconds = time.monotonic() - started
            (home / "trail.json").write_text(json.dumps(trail.sessions, ensure_ascii=False))
            report = "".join(traceback.format_exception(error))
            raise AssertionError(f"{trail.describe()}\n(trail: {home / 'trail.json'})\n{report}") from error
        assert app.return_code in (0, None), f"{trail.describe()}: exit status {app.return_code}"
        if trail.keys < keys:
            trail.restarts += 1
            small_for = 0  # (the new tawla starts at 80×24)
    trail.checked = disk.checked
    trail.matches = len(disk.played)
    trail.events = sum(events for events, _ in disk.played.values())
    trail.games = sum(games for _, games in disk.played.values())
    trail.seconds = time.monotonic() - started
    return trail


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "lang"), SEEDS, ids=[f"{seed}-{lang}" for seed, lang in SEEDS])
async def test_random_keys_through_pilot(seed: int, lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # (a relative export path stays in the test's folder)
    _guard_exports(monkeypatch, tmp_path)
    trail = await random_keys(seed, lang, tmp_path)
    print(
        f"seed {seed} ({lang}): {trail.keys} keys in {trail.bursts} bursts, {trail.resizes} resizes, "
        f"{trail.restarts} restarts; {trail.matches} matches saved ({trail.events} events, "
        f"{trail.games} games finished), {trail.checked} saves checked; {trail.seconds:.1f} s"
    )
    assert trail.keys >= KEYS_PER_SEED and trail.resizes >= 3
    assert trail.matches > 0 and trail.events > 0  # (matches were played and saved)


# -- what the random keys found: each a named test with the exact burst ---------------------------


async def stack_becomes(pilot: Any, *names: str) -> None:
    """Wait until the screens are ``names`` (bottom first) and the top one is built, then check
    that they stay so."""
    app = pilot.app
    await screens_are(pilot, *names)
    await settle(pilot)
    assert stack(app) == list(names)


async def keys(pilot: Any, burst: list[str], *names: str) -> None:
    """Send one burst, then wait until the screens are ``names``."""
    await send(pilot, burst)
    await stack_becomes(pilot, *names)


def app_at(tmp_path: Path) -> TawlaApp:
    return TawlaApp(
        lang="en",
        dice=SeededDice(7),
        paths=Paths(tmp_path / "config", tmp_path / "data"),
        settings=Settings(bidi_checked=True),
    )


async def in_a_game(pilot: Any, app: TawlaApp, length: int = 3) -> Any:
    """A new match between Ali and Badr, its screen shown (before the opening roll)."""
    from tawla.game import RuleSet

    await stack_becomes(pilot, "MenuScreen")
    app.new_match(RuleSet(match_length=length), ("Ali", "Badr"))
    await stack_becomes(pilot, "MenuScreen", "GameScreen")
    await wait_until(pilot, lambda: "┌" in screen_text(app), "the board is drawn")
    return app.screen


async def _on_the_menu_with_a_saved_match(pilot: Any, app: TawlaApp) -> None:
    await in_a_game(pilot, app)
    await keys(pilot, ["ctrl+w"], "MenuScreen")
    await wait_until(pilot, app.keeper.has_unfinished, "the match saved on the Resume list")


async def test_enter_twice_on_the_resume_list_resumes_once(tmp_path: Path) -> None:
    """Seed 1101, key 152: the Resume list open, Enter twice in one burst. The second Enter
    reached the list after it had been dismissed and dismissed it again, popping the game
    just resumed, then the menu: ScreenStackError ("Can't pop screen; there must be at
    least one screen on the stack") from ResumeScreen.picked."""
    app = app_at(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _on_the_menu_with_a_saved_match(pilot, app)
        await keys(pilot, ["c"], "MenuScreen", "ResumeScreen")
        await keys(pilot, ["enter", "enter"], "MenuScreen", "GameScreen")
        assert app.keeper.owns(app.screen.match)  # type: ignore[attr-defined]


async def test_c_and_two_enters_on_the_menu_resume_the_match(tmp_path: Path) -> None:
    """c (the Resume list) and Enter twice in one burst: the game opened and the second
    Enter, reaching the dismissed list, closed it at once (back on the menu, no error)."""
    app = app_at(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _on_the_menu_with_a_saved_match(pilot, app)
        await keys(pilot, ["c", "enter", "enter"], "MenuScreen", "GameScreen")


async def test_enter_three_times_on_the_menu_opens_one_resume_list(tmp_path: Path) -> None:
    """Enter three times on the menu (Resume highlighted): three Resume lists, one over the
    other (each Enter reached the menu's list before the first had opened)."""
    app = app_at(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _on_the_menu_with_a_saved_match(pilot, app)
        await keys(pilot, ["enter", "enter", "enter"], "MenuScreen", "ResumeScreen")


async def test_enter_twice_on_a_fresh_menu_opens_one_new_match_screen(tmp_path: Path) -> None:
    app = app_at(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await stack_becomes(pilot, "MenuScreen")
        await keys(pilot, ["enter", "enter"], "MenuScreen", "NewMatchScreen")


async def _on_the_menu_at(pilot: Any, app: TawlaApp, item: str, finished: bool = True) -> None:
    """The menu with ``item`` highlighted (``finished``: a 1-point match resigned, in the history)."""
    from textual.widgets import OptionList

    from tawla.ui.screens.menu import ITEMS

    history = tmp_path_of(app) / "data" / "history"
    if finished:
        game = await in_a_game(pilot, app, length=1)
        await send(pilot, ["r"])  # the opening roll
        await wait_until(pilot, lambda: game.match.state.phase.name == "MOVING", "the opening rolled")
        await keys(pilot, ["R"], "MenuScreen", "GameScreen", "ResignLevelScreen")
        await keys(pilot, ["1"], "MenuScreen", "GameScreen", "AnswerScreen")  # resign a single game
        await keys(pilot, ["y"], "MenuScreen", "GameScreen", "ResultScreen")  # accepted: the match is over
        await keys(pilot, ["enter"], "MenuScreen")
        await wait_until(pilot, lambda: len(list(history.glob("*.json"))) == 1, "the match is in the history")
    await stack_becomes(pilot, "MenuScreen")
    menu = app.screen.query_one("#menu", OptionList)
    menu.highlighted = ITEMS.index(item)
    await settle(pilot)
    assert menu.highlighted == ITEMS.index(item)


def tmp_path_of(app: TawlaApp) -> Path:
    assert app.paths is not None
    return app.paths.data.parent


@pytest.mark.parametrize("item", ["replay", "export"])
async def test_enter_twice_on_a_list_of_saved_matches(item: str, tmp_path: Path) -> None:
    """Replay (or Export) a match, the list open, Enter twice in one burst: the second Enter
    dismissed the list again (HistoryScreen.on_option_list_option_selected), popping the
    screen just opened and then the menu: ScreenStackError. Since #36 keys typed ahead on a
    form land as typed one at a time: the second Enter is the export line's (the name offered)."""
    app = app_at(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _on_the_menu_at(pilot, app, item)
        await keys(pilot, ["enter"], "MenuScreen", "HistoryScreen")
        await keys(pilot, ["enter", "enter"], "MenuScreen", "ReplayScreen" if item == "replay" else "NoticeScreen")


async def test_enter_twice_in_the_export_line(tmp_path: Path) -> None:
    """The export's file name, Enter twice in one burst: the second Enter answered the
    dismissed line again (LineScreen.on_input_submitted): ScreenStackError. Since #36 keys typed
    ahead on a form land as typed one at a time: the second Enter closes the notice it opened;
    the match is written once."""
    app = app_at(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _on_the_menu_at(pilot, app, "export")
        await keys(pilot, ["enter"], "MenuScreen", "HistoryScreen")
        await keys(pilot, ["enter"], "MenuScreen", "LineScreen")
        await keys(pilot, ["enter", "enter"], "MenuScreen")
        assert len(list((tmp_path / "data" / "exports").glob("*.mat"))) == 1


@pytest.mark.parametrize(
    "typed",
    [["4HPwATDgc/ABMA", "enter"], ["XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"]],
    ids=["position-id", "xgid"],
)
async def test_enter_twice_when_setting_up_a_position(typed: list[str], tmp_path: Path) -> None:
    """Set up a position, the IDs typed, Enter twice in one burst: the second Enter set the
    position up again from the dismissed screen (SetupScreen.on_input_submitted):
    ScreenStackError."""
    from textual.widgets import Input

    app = app_at(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _on_the_menu_at(pilot, app, "setup", finished=False)
        await keys(pilot, ["enter"], "MenuScreen", "SetupScreen")
        await wait_until(pilot, lambda: app.focused is not None and app.focused.id == "position", "the position field")
        for part in typed:
            if part == "enter":
                await send(pilot, ["enter"])  # (from the position ID to the match ID)
                await wait_until(
                    pilot, lambda: app.focused is not None and app.focused.id == "match", "the match ID field"
                )
            else:
                field = app.focused
                assert isinstance(field, Input)
                await send(pilot, list(part))
                await wait_until(pilot, lambda f=field, p=part: f.value == p, f"{part!r} typed in {field.id}")
        # The second Enter meets who plays it (asked next) and does nothing there.
        await keys(pilot, ["enter", "enter"], "MenuScreen", "NewMatchScreen")
        await keys(pilot, ["ctrl+s"], "MenuScreen", "GameScreen")
        assert app.keeper.owns(app.screen.match)  # type: ignore[attr-defined]


async def test_f2_and_ctrl_w_in_one_burst_in_a_game(tmp_path: Path) -> None:
    """Seed 1102 (Arabic), key 497: F2 then Ctrl+W in one burst. The game's rebuild in the
    new language ran after the game screen had closed (GameScreen._rebuild): NoMatches
    ("No nodes match 'BoardView'")."""
    app = app_at(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await in_a_game(pilot, app)
        await keys(pilot, ["f2", "ctrl+w"], "MenuScreen")
        assert app.language == "ar"
        await wait_until(pilot, app.keeper.has_unfinished, "the match saved on the Resume list")


@pytest.mark.parametrize("closing", ["ctrl+s", "escape"])
async def test_f2_and_a_key_that_closes_the_new_match_screen(closing: str, tmp_path: Path) -> None:
    """Seed 1103, key 844: F2 then Ctrl+S (or Esc) in one burst on the new-match screen. Its
    rebuild in the new language ran after it had closed (NewMatchScreen._rebuild, then
    on_mount): NoMatches ("No nodes match '#summary'") with Ctrl+S."""
    app = app_at(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await stack_becomes(pilot, "MenuScreen")
        await keys(pilot, ["n"], "MenuScreen", "NewMatchScreen")
        await keys(pilot, ["f2", closing], "MenuScreen", *(["GameScreen"] if closing == "ctrl+s" else []))
        assert app.language == "ar"


async def test_esc_ctrl_p_and_a_letter_in_one_burst_in_a_game(tmp_path: Path) -> None:
    """Seed 1103, key 1062 (reduced): Esc, Ctrl+P, h in one burst in a game. The Esc reached
    the palette (opened before it: see the tests of keys before Ctrl+P) and closed it; the h,
    already in its search field, started a search after it had closed:
    WorkerFailed(NoMatches("No nodes match 'CommandList' on Palette")) from Textual's
    CommandPalette._gather_commands. Now Esc is for the game (nothing to close there), the
    palette opens, and h is its search."""
    from textual.widgets import Input

    app = app_at(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await in_a_game(pilot, app)
        await keys(pilot, ["escape", "ctrl+p", "h"], "MenuScreen", "GameScreen", "Palette")
        search = app.screen.query_one(Input)
        await wait_until(pilot, lambda: search.value == "h", f"h typed in the search (it holds {search.value!r})")


async def test_esc_enter_esc_in_one_burst_on_the_new_match_screen(tmp_path: Path) -> None:
    """Seed 2017 (found by a longer run), reduced: the new-match screen open; Esc, Enter, Esc
    in one burst. Esc closed it, Enter on the menu opened a second one, the second Esc closed
    that one before it was mounted, and its on_mount found no fields: NoMatches("No nodes
    match '#name0'") from NewMatchScreen.on_mount."""
    app = app_at(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await stack_becomes(pilot, "MenuScreen")
        await keys(pilot, ["n"], "MenuScreen", "NewMatchScreen")
        await keys(pilot, ["escape", "enter", "escape"], "MenuScreen")


async def _on_start(pilot: Any, app: TawlaApp) -> Any:
    """The new-match screen with its Start button focused."""
    from textual.widgets import Button

    await stack_becomes(pilot, "MenuScreen")
    await keys(pilot, ["n"], "MenuScreen", "NewMatchScreen")
    await send(pilot, ["shift+tab"])  # (from the first name to Start)
    await wait_until(pilot, lambda: isinstance(app.focused, Button) and app.focused.id == "start", "Start focused")
    return app.screen


@pytest.mark.parametrize(
    ("burst", "outcomes"),
    [
        (["enter", "escape"], [["MenuScreen"], ["MenuScreen", "GameScreen"]]),
        (["enter", "f1"], [["MenuScreen", "NewMatchScreen", "HelpScreen"], ["MenuScreen", "GameScreen", "HelpScreen"]]),
    ],
    ids=["escape", "f1"],
)
async def test_enter_on_start_and_a_key_that_closes_or_covers_the_screen(
    burst: list[str], outcomes: list[list[str]], tmp_path: Path
) -> None:
    """Found in tmux (seed 4242): Start focused, Enter and Esc in one burst. Enter presses the
    button, and the press (a message) reached the screen after the Esc had closed it: its
    dismiss popped the menu, the last screen: ScreenStackError ("Can't pop screen; there must
    be at least one screen on the stack"), a crash report and status 70. With F1 instead, the
    press dismissed the help over it and the game opened over the new-match screen. Now a
    press that finds its screen closed or covered does nothing. Which comes first, the press or
    the other key's binding, is Textual's scheduling: both outcomes are whole."""
    app = app_at(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _on_start(pilot, app)
        await send(pilot, burst)
        await wait_until(pilot, lambda: stack(app) in outcomes, f"one of {outcomes} (now {stack(app)})")
        await settle(pilot)
        assert stack(app) in outcomes


@pytest.mark.parametrize("then", ["closed", "covered"])
async def test_a_press_of_start_that_reaches_the_screen_closed_or_covered(then: str, tmp_path: Path) -> None:
    """The race above made certain: the press is on its way to the new-match screen when Esc's
    binding closes it (or F1's covers it with the help). It does nothing: no second pop, no
    match started."""
    from textual.widgets import Button

    from tawla.ui.screens.help import HelpScreen

    app = app_at(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _on_start(pilot, app)
        screen.post_message(Button.Pressed(screen.query_one("#start", Button)))
        if then == "closed":
            app.pop_screen()
            await stack_becomes(pilot, "MenuScreen")
        else:
            app.push_screen(HelpScreen())
            await stack_becomes(pilot, "MenuScreen", "NewMatchScreen", "HelpScreen")
        assert not list((tmp_path / "data" / "matches").glob("*.json"))  # (no match started)


# -- keys behind a quit -----------------------------------------------------------------------------


def screens_opened(app: TawlaApp) -> list[str]:
    """The names of the screens pushed from now on (Textual publishes each as it is pushed)."""
    opened: list[str] = []
    app.screen_change_signal.subscribe(app, lambda screen: opened.append(type(screen).__name__), immediate=True)
    return opened


def crash_reports(tmp_path: Path) -> list[str]:
    crashes = tmp_path / "data" / "crashes"
    return [p.read_text() for p in sorted(crashes.iterdir())] if crashes.is_dir() else []


@pytest.mark.parametrize("key", ["n", "c", "f1", "ctrl+p"])
async def test_q_and_a_key_in_one_burst_on_the_menu(key: str, tmp_path: Path) -> None:
    """Seed 1103, key 844 (reduced): ``ض`` (q on an Arabic layout: Quit) then ``ى`` (n: New
    match) in one burst on the menu. The n, on its way behind the quit, opened the new-match
    screen while Textual took the screens down: NoMatches("No nodes match '#summary' on
    NewMatchScreen()"), in a terminal a crash report and status 70. (c: the Resume list, F1: the
    help, Ctrl+P: the palette, the same.) Now tawla leaves with status 0, the match saved, and
    the key behind the quit opens nothing."""
    app = app_at(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _on_the_menu_with_a_saved_match(pilot, app)
        opened = screens_opened(app)
        await send(pilot, ["q", key])
        await wait_until(pilot, lambda: not app.is_running, "tawla has left")
    assert app.return_code == 0 and opened == []
    assert not crash_reports(tmp_path)
    assert len(list((tmp_path / "data" / "matches").glob("*.json"))) == 1  # (saved, still unfinished)


async def test_enter_on_quit_then_down_and_enter_on_the_menu(tmp_path: Path) -> None:
    """The menu's Quit highlighted; Enter, Down, Enter in one burst: the second Enter picked New
    match (the first item, after the wrap) while tawla closed: NoMatches on NewMatchScreen. Now
    tawla leaves with status 0 and nothing opens."""
    app = app_at(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _on_the_menu_at(pilot, app, "quit", finished=False)
        opened = screens_opened(app)
        await send(pilot, ["enter", "down", "enter"])
        await wait_until(pilot, lambda: not app.is_running, "tawla has left")
    assert app.return_code == 0 and opened == []
    assert not crash_reports(tmp_path)


# -- Page Up and Page Down in the palette before its list is laid out ------------------------------


@pytest.mark.parametrize("key", ["pageup", "pagedown"])
async def test_ctrl_p_and_page_up_in_one_burst(key: str, tmp_path: Path) -> None:
    """Found in tmux (a crash report, status 70): Ctrl+P then Page Up (or Page Down) in one
    burst. The palette passed the key to its list of commands before the list was laid out, and
    Textual's OptionList, which pages by its laid-out lines, failed: KeyError in
    OptionList._move_page. Now the palette opens and shows its commands, one highlighted."""
    from textual.command import CommandList, CommandPalette

    app = app_at(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await send(pilot, ["ctrl+p", key])
        await wait_until(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette is open")
        commands = app.screen.query_one(CommandList)
        await wait_until(pilot, lambda: commands.option_count == 10, "the palette lists the 10 commands of the menu")
        await wait_until(pilot, lambda: commands.highlighted is not None, "a command is highlighted")


async def test_page_down_waits_until_the_palettes_list_is_laid_out(tmp_path: Path) -> None:
    """The guard itself, without a race: while the list of commands has no lines on screen
    (hidden here), Page Down is refused and nothing moves; once shown, it pages."""
    from textual.command import CommandList, CommandPalette

    app = app_at(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await send(pilot, ["ctrl+p"])
        await wait_until(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette is open")
        palette = app.screen
        commands = palette.query_one(CommandList)
        await wait_until(
            pilot, lambda: commands.highlighted == 0 and bool(commands.scrollable_content_region), "laid out"
        )
        commands.display = False
        await wait_until(pilot, lambda: not commands.scrollable_content_region, "the list is hidden")
        assert palette.check_action("command_list", ("page_down",)) is False
        assert await app.run_action("command_list('page_down')", palette) is False
        assert commands.highlighted == 0
        commands.display = True
        await wait_until(pilot, lambda: bool(commands.scrollable_content_region), "the list is shown")
        assert await app.run_action("command_list('page_down')", palette) is True
        assert commands.highlighted not in (None, 0)


# -- the palette under another screen -------------------------------------------------------------


async def test_the_palette_under_a_note_is_not_closed_by_its_keys(tmp_path: Path) -> None:
    """Seed 2007 (Arabic, found by a longer run): c on the menu (nothing to resume: a note is
    shown after the next refresh) and Ctrl+P in one burst; the note came over the palette. Keys
    already on their way to the palette then closed it: Textual's dismiss pops the screen on top
    (the note), and the next Esc dismissed the palette a second time: InvalidStateError from its
    result's future. The race made certain: the palette's Esc, Enter and command arriving while
    the note is over it do nothing; the note closes with its own key, then Esc closes the
    palette."""
    from textual.widgets import Input, OptionList

    from tawla.ui.screens.dialogs import NoticeScreen

    app = app_at(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await stack_becomes(pilot, "MenuScreen")
        await keys(pilot, ["ctrl+p"], "MenuScreen", "Palette")
        palette = app.screen
        search = palette.query_one(Input)
        await wait_until(pilot, lambda: app.focused is search, "the search has the focus")
        app.push_screen(NoticeScreen("Note", "Something happened", "Enter"))
        await stack_becomes(pilot, "MenuScreen", "Palette", "NoticeScreen")
        assert await app.run_action("escape", palette)  # (an Esc resolved for the palette before the note came)
        search.post_message(Input.Submitted(search, "q"))
        commands = palette.query_one(OptionList)
        if commands.option_count:
            commands.post_message(OptionList.OptionSelected(commands, commands.get_option_at_index(0), 0))
        await stack_becomes(pilot, "MenuScreen", "Palette", "NoticeScreen")
        await keys(pilot, ["enter"], "MenuScreen", "Palette")
        await keys(pilot, ["escape"], "MenuScreen")


@pytest.mark.parametrize(
    "burst", [["c", "ctrl+p", "escape", "escape"], ["c", "ctrl+p", "m", "enter", "escape", "enter"]]
)
async def test_c_and_ctrl_p_in_one_burst_on_a_menu_with_nothing_to_resume(burst: list[str], tmp_path: Path) -> None:
    """The burst itself: whichever comes first, the note or the palette, no error, and what is
    left is whole: the menu, with the note or the palette or nothing over it."""
    app = app_at(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await stack_becomes(pilot, "MenuScreen")
        await send(pilot, burst)
        await settle(pilot)
        await wait_until(pilot, lambda: len(app.screen_stack) <= 3, "at most two screens over the menu")
        assert stack(app)[0] == "MenuScreen" and set(stack(app)[1:]) <= {"Palette", "NoticeScreen"}


# -- keys typed before Ctrl+P -----------------------------------------------------------------------


@pytest.mark.parametrize("key", ["enter", "r", "escape"])
async def test_a_key_then_ctrl_p_in_one_burst_in_a_game(key: str, tmp_path: Path) -> None:
    """Before the opening roll, ``key`` then Ctrl+P in one burst. Ctrl+P is a priority binding:
    Textual opened the palette as the key arrived, before the key typed just before it had been
    handled, and that key then acted in the palette: Enter ran its first command (Back to the
    menu: the game left, nothing rolled), r was lost, Esc closed the palette. Now the key acts
    in the game (Enter and r roll; Esc does nothing here), then the palette opens, its search
    empty."""
    from textual.command import CommandPalette
    from textual.widgets import Input

    from tawla.ui.screens.game import GameScreen

    app = app_at(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        game = await in_a_game(pilot, app)
        assert isinstance(game, GameScreen) and game.match.state.phase.name == "OPENING"
        await send(pilot, [key, "ctrl+p"])
        await wait_until(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette is open")
        phase = "OPENING" if key == "escape" else "MOVING"
        assert game.match.state.phase.name == phase  # (the key was handled before the palette opened)
        await stack_becomes(pilot, "MenuScreen", "GameScreen", "Palette")
        assert game.match.state.phase.name == phase and app.screen.query_one(Input).value == ""


async def test_keys_before_ctrl_p_go_to_the_game_and_those_after_it_to_the_palette(tmp_path: Path) -> None:
    """r, Ctrl+P, m, e, n, u in one burst: r rolls in the game; the palette opens and the
    letters typed behind Ctrl+P are its search."""
    from textual.command import CommandPalette
    from textual.widgets import Input

    from tawla.ui.screens.game import GameScreen

    app = app_at(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        game = await in_a_game(pilot, app)
        assert isinstance(game, GameScreen)
        await send(pilot, ["r", "ctrl+p", "m", "e", "n", "u"])
        await wait_until(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette is open")
        assert game.match.state.phase.name == "MOVING"  # (r was handled before the palette opened)
        search = app.screen.query_one(Input)
        await wait_until(
            pilot, lambda: search.value == "menu", f"'menu' typed in the search (it holds {search.value!r})"
        )
        await stack_becomes(pilot, "MenuScreen", "GameScreen", "Palette")


async def test_f2_the_rtl_check_answered_and_keys_in_one_burst_in_a_game(tmp_path: Path) -> None:
    """Found in tmux (seed 4242), reduced: a game, the opening rolled, then F2, 1, Ctrl+S, Left
    in one burst, the right-to-left check never answered before. The first switch to Arabic
    rebuilds the game screen and shows the check; the answer rebuilds it again; the keys behind
    them ran the game's actions while it had no widgets: NoMatches from GameScreen.redraw
    (query_one(TawlaFooter)) or from GameScreen._rebuild -> _fit (query_one(BoardView)); in a
    terminal, a crash report and status 70."""
    app = TawlaApp(lang="en", dice=SeededDice(7), paths=Paths(tmp_path / "config", tmp_path / "data"))
    async with app.run_test(size=SIZE) as pilot:
        game = await in_a_game(pilot, app)
        await send(pilot, ["r"])
        await wait_until(pilot, lambda: game.match.state.phase.name == "MOVING", "the opening rolled")
        await keys(pilot, ["f2", "1", "ctrl+s", "left"], "MenuScreen", "GameScreen")
        assert app.language == "ar" and app.screen is game
        await wait_until(pilot, lambda: "┌" in screen_text(app), "the board is drawn")


@pytest.mark.parametrize(
    "burst",
    [["escape", "f2", "left", "right", "enter", "space"], ["escape", "f2", ":"], ["escape", "f2", "/", "1"]],
    ids=["moves", "colon", "slash"],
)
async def test_keys_from_a_dialog_closed_reach_the_game_while_f2_rebuilds_it(burst: list[str], tmp_path: Path) -> None:
    """Seed 2019 (Arabic, found by a longer run), reduced: a dialog over the game (here the
    resignation's), then Esc, F2 and game keys in one burst. The keys arrived while the dialog
    was on top and bubbled back once it had closed: their bindings ran on the game while F2 was
    rebuilding it, its view there but not yet its board: NoMatches("No nodes match 'BoardView'")
    from GameScreen.redraw, or ("#prompt-title") from GameScreen.action_notation. Now they find
    the screen unbuilt and draw nothing (the rebuild draws), or do nothing (the prompt)."""
    app = app_at(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        game = await in_a_game(pilot, app)
        await send(pilot, ["r"])
        await wait_until(pilot, lambda: game.match.state.phase.name == "MOVING", "the opening rolled")
        await keys(pilot, ["R"], "MenuScreen", "GameScreen", "ResignLevelScreen")
        await keys(pilot, burst, "MenuScreen", "GameScreen")
        assert app.language == "ar" and app.screen is game
        await wait_until(pilot, lambda: "┌" in screen_text(app), "the board is drawn")


async def test_a_key_for_the_game_before_its_screen_is_built(tmp_path: Path) -> None:
    """The guard the random keys needed (seed 2008, below), without a race: a key's action
    reaches the game screen just pushed, before it has composed its widgets. It used to fail:
    NoMatches("No nodes match 'BoardView'") from GameScreen.redraw. The roll is made, and drawn
    once the screen is built."""
    from tawla.game import RuleSet

    app = app_at(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await stack_becomes(pilot, "MenuScreen")
        app.new_match(RuleSet(match_length=3), ("Ali", "Badr"))
        game = app.screen
        assert stack(app) == ["MenuScreen", "GameScreen"] and not game.children  # (pushed, not built yet)
        assert await app.run_action("roll_key", game)
        assert game.match.state.phase.name == "MOVING"
        await wait_until(pilot, lambda: "┌" in screen_text(app), "the board is drawn")
        await wait_until(pilot, lambda: "Opening roll" not in screen_text(app), "the roll is shown")


async def test_enter_on_start_and_r_in_one_burst_after_the_help(tmp_path: Path) -> None:
    """Seed 2008 (found by a longer run), reduced: the new-match screen with Start focused and
    the help over it; Esc, Enter, r in one burst. The r reached the game screen before it was
    built: NoMatches("No nodes match 'BoardView'") from GameScreen.redraw. Now the game opens
    and its board is drawn. (Whether the r rolls depends on the screen it meets when it has
    bubbled back up: the help's, the menu's, or the game's. It arrived while the help was on
    top; the test above makes the race certain.)"""
    from textual.widgets import Button

    app = app_at(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await stack_becomes(pilot, "MenuScreen")
        await keys(pilot, ["n"], "MenuScreen", "NewMatchScreen")
        await send(pilot, ["shift+tab"])  # (from the first name to Start)
        await wait_until(pilot, lambda: isinstance(app.focused, Button) and app.focused.id == "start", "Start focused")
        await keys(pilot, ["f1"], "MenuScreen", "NewMatchScreen", "HelpScreen")
        await keys(pilot, ["escape", "enter", "r"], "MenuScreen", "GameScreen")
        await wait_until(pilot, lambda: "┌" in screen_text(app), "the board is drawn")


# -- the installed tawla in tmux ------------------------------------------------------------------

TMUX_NAMES = {
    "enter": "Enter",
    "space": "Space",
    "up": "Up",
    "down": "Down",
    "left": "Left",
    "right": "Right",
    "tab": "Tab",
    "shift+tab": "BTab",
    "backspace": "BSpace",
    "escape": "Escape",
    "f1": "F1",
    "f2": "F2",
    "ctrl+p": "C-p",
    "ctrl+w": "C-w",
    "ctrl+s": "C-s",
    "delete": "DC",
    "home": "Home",
    "end": "End",
    "pageup": "PPage",
    "pagedown": "NPage",
}
"""tmux's names for the keys of the alphabet that are not characters."""


ESCAPE_WAIT = 0.15
"""Seconds after an Esc before the next key: Textual reads ESC and a key within 0.1 s
(``ESCDELAY``) as Alt+key."""


def _escape_last(keys: list[str]) -> Iterator[list[str]]:
    """The burst in parts that each end at an Esc: an Esc with more keys behind it in the same
    write reaches the program as Alt+key (``ESC r``), the way terminals send Alt."""
    part: list[str] = []
    for key in keys:
        part.append(key)
        if key == "escape":
            yield part
            part = []
    if part:
        yield part


def _tmux_mark() -> pytest.MarkDecorator:
    from .test_tmux import pytestmark as needs_tmux

    return needs_tmux  # type: ignore[no-any-return]


@pytest.mark.slow
@_tmux_mark()
def test_random_keys_in_a_real_terminal(tmp_path: Path) -> None:
    """The installed tawla at 80×24 in tmux: ``TMUX_KEYS`` random keys, several in each
    ``send-keys``, two resizes; then it still runs and shows no traceback, Ctrl+Q leaves with
    status 0, and every saved match loads whole. A quit on the way (``q`` on the menu, its
    Quit item) must end with status 0; tawla is then started again in the same pane."""
    import shlex

    from .test_tmux import Terminal, installed_tawla

    rng = random.Random(4242)
    # In the test's folder: an export typed as a relative path lands there.
    command = [
        "sh",
        "-c",
        f"cd {shlex.quote(str(tmp_path))} && exec {shlex.join(installed_tawla())} --seed 42 --lang en",
    ]
    term = Terminal(command, tmp_path)
    disk = Disk(tmp_path / "data")
    started = time.monotonic()
    sent = bursts = restarts = 0
    resize_at = {
        TMUX_KEYS // 3: (60, 18),
        TMUX_KEYS // 3 + 40: (80, 24),
        2 * TMUX_KEYS // 3: (100, 30),
        2 * TMUX_KEYS // 3 + 40: (80, 24),
    }
    resizes = 0

    def restarted(screen: str, history: list[list[str]]) -> bool:
        """If tawla has left (a quit among the keys), it left with status 0: start it again."""
        dead, _, status = (
            term._tmux("display-message", "-p", "-t", "t", "#{pane_dead}:#{pane_dead_status}").strip().partition(":")
        )
        if dead != "1" and not status and term._activity(term._pane()) != "gone":
            return False
        status = term.exit_status()
        crashes = tmp_path / "data" / "crashes"
        report = "".join(c.read_text() for c in sorted(crashes.glob("*"))) if crashes.is_dir() else ""
        assert status == "0", f"tawla ended with status {status} after the bursts {history[-5:]}:\n{screen}\n{report}"
        env = f"env LANG=C.UTF-8 TERM=xterm-256color TAWLA_HOME={shlex.quote(str(tmp_path))}"
        term._tmux("respawn-pane", "-t", "t", f"{env} {shlex.join(command)}")
        term.wait_for(lambda s: ("New match" in s or "too small" in s) and "Traceback" not in s)
        return True

    try:
        term._tmux("set-option", "-t", "t", "remain-on-exit", "on")
        term.wait_for(lambda s: "New match" in s)
        history: list[list[str]] = []
        while sent < TMUX_KEYS:
            for at in [at for at in resize_at if at <= sent]:
                width, height = resize_at.pop(at)
                term._tmux("resize-window", "-t", "t", "-x", str(width), "-y", str(height))
                resizes += 1
            keys = random_burst(rng)
            history.append(keys)
            for part in _escape_last(keys):
                term.keys(*(TMUX_NAMES.get(k, k) for k in part))
                if part[-1] == "escape":
                    time.sleep(ESCAPE_WAIT)  # (a lone Esc: the next key does not make it Alt+key)
            sent += len(keys)
            bursts += 1
            # What is checked below is read once tawla has handled the burst (read every key,
            # drawn, and is quiet: Terminal.quiet), or has ended.
            screen = term.settled()
            if QUIT_KEYS.intersection(keys):
                # tawla may be closing (quiet a moment while its threads stop): the next burst
                # waits for it a little, as a player would. Nothing checked depends on it: a quit
                # found one burst later is checked the same (its status, then a new tawla).
                deadline = time.monotonic() + 1.5
                while (
                    time.monotonic() < deadline
                    and term._tmux("display-message", "-p", "-t", "t", "#{pane_dead}").strip() != "1"
                ):
                    time.sleep(0.05)
            if os.environ.get("TAWLA_DEBUG_TMUX") and bursts % int(os.environ["TAWLA_DEBUG_TMUX"]) == 0:
                print(f"--- {bursts} {keys}\n{screen}")
            if restarted(screen, history):
                restarts += 1
            assert "Traceback" not in screen, f"after the bursts {history[-5:]}:\n{screen}"
            try:
                disk.check()
            except AssertionError as error:
                raise AssertionError(f"after the bursts {history[-5:]}:\n{screen}\n{error}") from error
        assert resizes >= 2
        # The last burst may have quit: tawla leaving (or starting again) shows a blank screen
        # while its pane still lives. Wait for it to be gone (then start it again) or to draw.
        deadline = time.monotonic() + WAIT
        while True:
            screen = term.settled()
            if restarted(screen, history):
                restarts += 1
            elif screen.strip() or time.monotonic() > deadline:
                break
        dead = term._tmux("display-message", "-p", "-t", "t", "#{pane_dead}").strip()
        assert dead == "0" and screen.strip(), f"tawla is not running:\n{screen}"
        assert "Traceback" not in screen, screen
        term.keys("C-q")
        assert term.exit_status() == "0", term.screen()
    finally:
        term.close()
    seconds = time.monotonic() - started
    data = tmp_path / "data"
    saved = sorted((data / "matches").glob("*.json")) + sorted((data / "history").glob("*.json"))
    print(
        f"tmux: {sent} keys in {bursts} bursts, {resizes} resizes, {restarts} restarts, {len(saved)} matches "
        f"saved, {disk.checked} saves checked; {seconds:.1f} s"
    )
    assert not (data / "crashes").exists() or not any((data / "crashes").iterdir())
    assert not [p.name for p in data.rglob("*") if ".bad-" in p.name]
    for path in saved:
        loaded = saves.load(path)
        assert loaded is not None, path
        check_checkers(loaded.match, str(path))


async def test_ctrl_s_on_a_new_match_screen_still_being_built(tmp_path: Path) -> None:
    """Seeds 3013 and 3033: n, Esc, Enter, Ctrl+S in one burst. Esc reached the new-match
    screen n had just pushed before it had its widgets, and took it down while its Select was
    mounting (NoMatches '#label'); Ctrl+S crashed the same way in action_start ('#name0'). A
    key for a screen being built now waits until it is built. (Since #36 the keys behind the Esc
    of a form land as typed one at a time: Ctrl+S is for the new-match screen the Enter opened.)"""
    app = app_at(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await stack_becomes(pilot, "MenuScreen")
        await keys(pilot, ["n", "escape", "enter", "ctrl+s"], "MenuScreen", "GameScreen")
        await keys(pilot, ["ctrl+w", "n", "ctrl+s"], "MenuScreen", "GameScreen")  # (Ctrl+S waited for it)


async def test_the_palette_and_ctrl_s_on_a_new_match_screen_being_built_in_arabic(tmp_path: Path) -> None:
    """Seed 3014 (Arabic): :, then Ctrl+P Esc Enter Ctrl+S: Textual's Select crashed in its
    own mount (NoMatches '#label' on SelectCurrent) as the screen it was on went."""
    app = app_at(tmp_path)
    app.words = replace(app.words, lang="ar")
    async with app.run_test(size=SIZE) as pilot:
        await stack_becomes(pilot, "MenuScreen")
        await send(pilot, [":"])
        await keys(pilot, ["ctrl+p", "escape", "enter", "ctrl+s"], "MenuScreen", "GameScreen")


async def test_keys_behind_ctrl_p_wait_for_the_palette_to_be_built(tmp_path: Path) -> None:
    """Seed 3035: a Down held while Ctrl+P waited for its turn reached the palette before its
    command list was there (NoMatches 'CommandList' in the palette's cursor_down)."""
    app = app_at(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await stack_becomes(pilot, "MenuScreen")
        await keys(pilot, ["down", "ctrl+p", "down", "down", "escape"], "MenuScreen")
