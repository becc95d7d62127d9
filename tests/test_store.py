"""Never lose a match (#6): settings and matches on disk, loading that trusts nothing, kills at
random moments, bad files, full disks, set-up positions, export and replay."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tawla.engine import Position, position_id
from tawla.game import Match, Phase, RuleSet, ScriptedDice, SeededDice
from tawla.game.mat import write_mat
from tawla.game.setup import state_from_ids
from tawla.store import files, saves
from tawla.store.files import Paths, StoreError, atomic_write, read_json
from tawla.store.settings import Preferences, Settings, Theme, settings_from_json, settings_to_json
from tawla.ui.app import TawlaApp
from tawla.ui.screens.dialogs import LineScreen, NoticeScreen, ResultScreen
from tawla.ui.screens.game import GameScreen
from tawla.ui.screens.ids import IdsScreen
from tawla.ui.screens.menu import MenuScreen
from tawla.ui.screens.new_match import NewMatchScreen
from tawla.ui.screens.replay import ReplayScreen
from tawla.ui.screens.resume import ResumeScreen
from tawla.ui.screens.setup import SetupScreen

from .helpers.randomplay import play_random_match, random_action, random_rules
from .helpers.waiting import eventually, screen_is, screen_text, settle, stack, wait_until, workers_done

SIZE = (100, 30)


def card_text(app: TawlaApp) -> str:
    """The words of the dialog on screen, its wrapped lines joined."""
    rows = [line.split("█")[1].strip() for line in screen_text(app).splitlines() if line.count("█") >= 2]
    return " ".join(row for row in rows if row.strip("▀▄ "))


def top_card(app: TawlaApp) -> str:
    """The words of the dialog on top ('' when there is none, or no screen)."""
    try:
        return card_text(app)
    except Exception:  # (no screen: before the first one, or after the last)
        return ""


async def notice_saying(pilot: Any, *words: str) -> NoticeScreen:
    """Wait until a notice saying all of ``words`` is on top, built; return it."""
    app = pilot.app

    def there() -> bool:
        screen = app.screen if app.screen_stack else None
        return isinstance(screen, NoticeScreen) and screen.built and all(w in top_card(app) for w in words)

    await wait_until(pilot, there, lambda: f"a notice saying {list(words)} (on top it says {top_card(app)!r})")
    return app.screen  # type: ignore[no-any-return]


async def close(pilot: Any, card: Any, key: str = "enter") -> None:
    """Press ``key`` on the dialog ``card`` (on top) and wait until it is gone."""
    app = pilot.app
    await pilot.press(key)
    await wait_until(pilot, lambda: card not in app.screen_stack, f"the {type(card).__name__} closed by {key}")


async def read_notices(pilot: Any, count: int) -> list[str]:
    """Read ``count`` notices, the one on top first: wait for each, keep its words, close it
    with Enter and wait until it is gone (the next one, if any, is then on top)."""
    app = pilot.app
    cards: list[NoticeScreen] = []
    seen: list[str] = []
    for n in range(1, count + 1):

        def there() -> bool:
            screen = app.screen if app.screen_stack else None
            return isinstance(screen, NoticeScreen) and screen.built and screen not in cards and bool(top_card(app))

        await wait_until(pilot, there, lambda n=n: f"notice {n} of {count} (after {seen})")
        cards.append(app.screen)  # type: ignore[arg-type]
        seen.append(card_text(app))
        await close(pilot, cards[-1])
    return seen


def sixteen_checkers_id() -> str:
    """A Position ID whose player on roll has 16 checkers (the opponent 14): no Position holds it."""
    import base64

    bits = "".join("1" * (14 if i == 5 else 0) + "0" for i in range(25))
    bits += "".join("1" * (16 if i == 5 else 0) + "0" for i in range(25))
    return base64.b64encode(int(bits[::-1], 2).to_bytes(10, "little")).decode()[:14]


def home(tmp_path: Path) -> Paths:
    return Paths(tmp_path / "config", tmp_path / "data")


def unfinished_files(paths: Paths) -> list[Path]:
    """The files of the unfinished matches (one each, in ``data/matches/``)."""
    return sorted((paths.data / "matches").glob("*.json"))


def the_unfinished(paths: Paths) -> Path:
    """The file of the one unfinished match."""
    (only,) = unfinished_files(paths)
    return only


def random_match(seed: int, actions: int, rules: RuleSet | None = None) -> Match:
    """A match some random actions in (partial turns, cube states, resignations included)."""
    rng = random.Random(seed)
    match = Match(rules or random_rules(rng), ("Ali", "بدر"), SeededDice(rng.getrandbits(32)))
    for _ in range(actions):
        if match.state.match_over:
            break
        random_action(rng, match)
    return match


async def on_disk_as_played(pilot: Any, paths: Paths, match: Match) -> None:
    """Wait until the one unfinished match's file holds ``match`` as it stands (each action is
    saved once its message reaches the app)."""

    def check() -> None:
        found = unfinished_files(paths)
        assert len(found) == 1, f"one unfinished match on disk, not {found}"
        on_disk = saves.load(found[0])
        assert on_disk is not None and on_disk.match.events == match.events, (
            f"{len(on_disk.match.events) if on_disk else None} events on disk, {len(match.events)} played"
        )

    await eventually(pilot, check)


def saved(match: Match, setup: tuple[str, str | None] | None = None) -> saves.SavedMatch:
    return saves.SavedMatch(match, saves.new_id(), saves.now(), setup=setup)


def reload(match_file: saves.SavedMatch) -> saves.SavedMatch:
    return saves.from_json(json.loads(saves.dumps(match_file)))


# -- the round trip ------------------------------------------------------------------------------


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.integers(0, 400))
def test_random_mid_game_states_save_and_load_equal(seed: int, actions: int) -> None:
    match = random_match(seed, actions)
    back = reload(saved(match)).match
    assert back.state == match.state
    assert back.events == match.events and back.names == match.names and back.rules == match.rules
    assert back.turns == match.turns
    # the seeded dice carry on exactly where they were
    assert isinstance(back.dice, SeededDice) and isinstance(match.dice, SeededDice)
    assert [back.dice.roll() for _ in range(3)] == [match.dice.roll() for _ in range(3)]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.integers(0, 120), st.integers(0, 60))
def test_set_up_matches_save_and_load_equal(seed: int, before: int, after: int) -> None:
    """A match set up from the IDs of another one's moment, played on, saved and loaded."""
    origin = random_match(seed, before, RuleSet(match_length=7))
    if origin.state.phase not in (Phase.TURN, Phase.MOVING) or origin.state.match_over:
        return
    pid, mid = origin.position_id(), origin.match_id()
    start = state_from_ids(pid, mid, origin.rules)
    match = Match(names=("A", "B"), dice=SeededDice(seed), start=start)
    rng = random.Random(seed)
    for _ in range(after):
        if match.state.match_over:
            break
        random_action(rng, match)
    back = reload(saved(match, (pid, mid))).match
    assert back.state == match.state and back.events == match.events and back.start == match.start


def test_a_finished_match_round_trips_too() -> None:
    match = play_random_match(random.Random(5), RuleSet(match_length=3), check=False)
    assert match.state.match_over
    back = reload(saved(match))
    assert back.finished and back.match.state == match.state


def test_version_1_files_are_migrated() -> None:
    match = random_match(11, 80, RuleSet(match_length=5))
    data = json.loads(saves.dumps(saved(match)))
    old_events = []
    for raw in data["events"]:
        tag, *args = raw
        if tag == "open":
            old_events.append({"kind": "opening", "die0": args[0], "die1": args[1]})
        elif tag == "roll":
            old_events.append({"kind": "roll", "dice": args})
        elif tag == "step":
            old_events.append({"kind": "step", "source": args[0], "die": args[1]})
        elif tag == "resign":
            old_events.append({"kind": "resign", "level": args[0]})
        else:
            old_events.append({"kind": {"end": "end_turn", "next": "next_game"}.get(tag, tag)})
    version1 = {k: v for k, v in data.items() if k not in ("dice", "check", "summary")}
    version1.update(version=1, events=old_events)
    back = saves.from_json(version1).match
    assert back.state == match.state and back.events == match.events


def test_version_2_files_confirming_the_last_bear_off_still_load() -> None:
    """Before version 3 the turn that bore the last checker off was confirmed with an "end"."""
    from tawla.game import Ending, advance
    from tawla.game.events import Stepped

    match = play_random_match(random.Random(2), RuleSet(match_length=5), check=False)
    assert any(r.ending is Ending.BEAR_OFF for r in match.state.results)
    data = json.loads(saves.dumps(saved(match)))
    assert data["version"] == saves.BACKGAMMON_VERSION == 3 and saves.VERSION == 6
    assert "game" not in data["rules"] and "hints" not in data["rules"]  # (a backgammon file an older tawla opens too)
    old_events: list[list[Any]] = []
    state = match.start
    for raw, event in zip(data["events"], match.events, strict=True):
        state = advance(state, event)
        old_events.append(raw)
        if isinstance(event, Stepped) and state.turn is None:
            old_events.append(["end"])
    assert len(old_events) > len(data["events"])
    version2 = {**data, "version": 2, "events": old_events, "check": {**data["check"], "events": len(old_events)}}
    back = saves.from_json(version2).match
    assert back.state == match.state and back.events == match.events and back.turns == match.turns
    again = json.loads(saves.dumps(saved(back)))
    assert again["version"] == 3 and again["events"] == data["events"]


def test_a_match_begun_with_automatic_doubles_and_the_previous_winner_opening_still_loads() -> None:
    """tawla refuses that pair since version 3 (the doubles applied to the first game only); a
    match begun under it keeps its rules, and its settings move to an opening roll every game."""
    from pydantic import ValidationError

    from tawla.game import NextOpener

    legacy = RuleSet.model_construct(
        **{**RuleSet(match_length=0, automatic_doubles=1).model_dump(), "next_game_opener": NextOpener.PREVIOUS_WINNER}
    )
    match = Match(legacy, ("Ali", "Badr"), ScriptedDice([(3, 3), (5, 2)]))
    match.roll_opening()  # a tie: the cube goes to 2
    match.roll_opening()
    match.play("13/11 13/8")
    match.confirm()
    match.double()
    match.drop()
    match.next_game()
    assert match.state.phase is Phase.TURN and match.state.on_roll == 1 and match.state.score == (0, 2)
    data = json.loads(saves.dumps(saved(match)))
    with pytest.raises(ValidationError):
        RuleSet.model_validate(data["rules"])
    back = saves.from_json(data).match
    assert back.rules == legacy and back.state == match.state
    old_settings = json.loads(settings_to_json(Settings()))
    old_settings["rules"] = data["rules"]
    rules = settings_from_json(old_settings).rules
    assert rules.automatic_doubles == 1 and rules.next_game_opener is NextOpener.OPENING_ROLL
    broken = {**data, "rules": {**data["rules"], "max_cube": 3}}
    assert problem_of(broken).params["field"] == "rules"


# -- a file that cannot be trusted -----------------------------------------------------------------


def good_file() -> dict[str, Any]:
    return json.loads(saves.dumps(saved(random_match(3, 60, RuleSet(match_length=5)))))


def problem_of(data: object) -> StoreError:
    with pytest.raises(StoreError) as caught:
        saves.from_json(data)
    return caught.value


def test_each_kind_of_damage_is_named() -> None:
    newer = {**good_file(), "version": saves.VERSION + 1}
    assert problem_of(newer).code == "newer_version"
    illegal = good_file()
    steps = [i for i, e in enumerate(illegal["events"]) if e[0] == "step"]
    illegal["events"][steps[3]] = ["step", 1, 6]  # a checker that is not there, or cannot go
    damaged = problem_of(illegal)
    assert damaged.code in ("illegal_history",) and damaged.params["number"] <= steps[3] + 1
    broken = good_file()
    broken["events"][2] = ["step", "x"]
    assert problem_of(broken).code == "bad_event" and problem_of(broken).params["number"] == 3
    too_many = good_file()
    too_many["start"] = {"position_id": sixteen_checkers_id(), "match_id": None}
    too_many["check"] = None
    too_many["events"] = []
    assert problem_of(too_many).code == "checkers"
    tampered = good_file()
    tampered["check"]["position_id"] = "4HPwATDgc/ABMA"
    assert problem_of(tampered).code == "mismatch"
    assert problem_of({"format": "something else"}).code == "not_a_match"
    no_names = {**good_file(), "names": ["only one"]}
    assert problem_of(no_names).code == "invalid" and problem_of(no_names).params["field"] == "names"
    bad_rules = {**good_file(), "rules": {"match_length": -1}}
    assert problem_of(bad_rules).params["field"] == "rules"


def test_truncated_and_garbage_files_are_told_apart(tmp_path: Path) -> None:
    text = json.dumps(good_file())
    cases = {"truncated": text[: len(text) // 2], "garbage": "tawla tawla" + text, "empty": ""}
    for name, content in cases.items():
        path = tmp_path / f"{name}.json"
        path.write_text(content, encoding="utf-8")
        with pytest.raises(StoreError) as caught:
            read_json(path)
        assert caught.value.code == ("garbage" if name == "garbage" else "truncated")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(StoreError, match="garbage"):
        read_json(binary)


_json = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=40,
)
_FIELDS = ["format", "version", "id", "started", "names", "rules", "start", "dice", "events", "check", "summary"]


@settings(max_examples=400, deadline=None)
@given(_json)
def test_the_loader_never_raises_anything_but_its_own_error_on_any_json(data: object) -> None:
    with contextlib.suppress(StoreError):
        saves.from_json(data)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(_FIELDS), _json, st.integers(0, 10**6))
def test_the_loader_survives_any_field_of_a_real_file_being_anything(field: str, value: object, where: int) -> None:
    data = good_file()
    data[field] = value
    if data["events"] and isinstance(data["events"], list):  # and one event, sometimes
        data["events"][where % len(data["events"])] = value
    with contextlib.suppress(StoreError):
        saves.from_json(data)


@settings(max_examples=200, deadline=None)
@given(_json)
def test_settings_never_fail_but_with_their_own_error(data: object) -> None:
    with contextlib.suppress(StoreError):
        settings_from_json(data)


def test_atomic_write_keeps_the_old_file_when_the_disk_refuses(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "f.json"
    atomic_write(path, '{"a": 1}')
    real_fsync = os.fsync

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError):
        atomic_write(path, '{"a": 2}')
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert json.loads(path.read_text()) == {"a": 1}
    assert not list(tmp_path.glob(".*.tmp"))  # no temporary file left behind


# -- the app: settings -------------------------------------------------------------------------------


async def test_settings_are_kept_between_runs(tmp_path: Path) -> None:
    from tawla.ui.screens.check_rtl import CheckRtlScreen

    paths = home(tmp_path)
    app = TawlaApp(lang="en", paths=paths)
    async with app.run_test(size=SIZE) as pilot:
        await screen_is(pilot, MenuScreen)
        app.set_preferences(app.preferences.model_copy(update={"theme": Theme.NIGHT, "show_pips": False}))
        app.set_language("ar")  # (the settings are written at once, by the setter)
        await screen_is(pilot, CheckRtlScreen)  # the first switch to Arabic asks how the terminal shows it
    again = TawlaApp(paths=paths)
    assert again.language == "ar"
    async with again.run_test(size=SIZE) as pilot:
        await screen_is(pilot, CheckRtlScreen)  # (started in Arabic, the question still unanswered)
        assert again.preferences.theme is Theme.NIGHT and not again.preferences.show_pips
        assert again.theme == "tawla-night"


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ('{"language": "en", "preferences": {"theme": "plaid"}}', "preferences.theme"),
        ('{"version": 99}', "newer tawla"),
        ('{"language": "en", "pref', "stops in the middle"),
        ("\x00\x01 nonsense", "not a tawla file"),
    ],
)
async def test_a_bad_settings_file_is_kept_aside_and_the_game_starts(tmp_path: Path, content: str, words: str) -> None:
    paths = home(tmp_path)
    paths.config.mkdir(parents=True)
    paths.settings.write_text(content, encoding="utf-8")
    app = TawlaApp(lang="en", paths=paths)
    async with app.run_test(size=SIZE) as pilot:
        notice = await notice_saying(pilot, "settings could not be used", words)
        await close(pilot, notice)
        await screen_is(pilot, MenuScreen)
        assert app.preferences == Preferences()
        kept = list(paths.config.glob("settings.json.bad-*"))
        assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == content
        app.set_preferences(app.preferences.model_copy(update={"show_pips": False}))  # (written at once)
    assert settings_from_json(json.loads(paths.settings.read_text())).preferences.show_pips is False
    assert kept[0].read_text(encoding="utf-8") == content  # never overwritten


# -- the app: autosave and resume -------------------------------------------------------------------


def seeded_app(paths: Paths, **kw: Any) -> TawlaApp:
    return TawlaApp(lang="en", dice=SeededDice(37), paths=paths, settings=Settings(bidi_checked=True), **kw)


async def play_some(pilot: Any, app: TawlaApp, presses: int) -> None:
    """Space ``presses`` times in the game on top, each once the one before has done what it does:
    it rolls, picks, puts or ends a turn (the match or the cursor changes), or, at the hand-over
    (Space never rolls for the next player: the game refuses it), nothing at all."""
    game = await screen_is(pilot, GameScreen)
    for n in range(1, presses + 1):
        revision, cursor, handover = game.match.revision, game.cursor, game.handover

        def moved(r: int = revision, c: object = cursor, h: bool = handover) -> bool:
            return game.match.revision != r or game.cursor is not c or game.handover != h

        refused = not game.check_action("primary", ())
        await pilot.press("space")
        if refused:
            await settle(pilot)  # (a Space that must do nothing: given the chance to)
            assert not moved(), f"Space {n} of {presses} played at the hand-over"
        else:
            await wait_until(pilot, moved, f"Space {n} of {presses} to play (revision {revision})")


async def new_game(pilot: Any, app: TawlaApp, rules: RuleSet, names: tuple[str, str]) -> GameScreen:
    """``app.new_match(rules, names)``, and its game on top, built."""
    app.new_match(rules, names)
    await wait_until(
        pilot,
        lambda: isinstance(app.screen, GameScreen) and app.screen.built and app.screen.match.names == names,
        f"the game of {names}",
    )
    return app.screen  # type: ignore[return-value]


async def leave_game(pilot: Any, app: TawlaApp) -> MenuScreen:
    """Ctrl+W in the game on top: back on the menu (the game gone)."""
    game = await screen_is(pilot, GameScreen)
    await pilot.press("ctrl+w")
    await wait_until(pilot, lambda: game not in app.screen_stack, "the game closed by Ctrl+W")
    return await screen_is(pilot, MenuScreen)


def resume_offered(app: TawlaApp) -> bool:
    return not app.screen.query_one("#menu").get_option("resume").disabled  # type: ignore[attr-defined]


async def test_every_action_is_saved_and_the_match_resumes(tmp_path: Path) -> None:
    paths = home(tmp_path)
    app = seeded_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await new_game(pilot, app, RuleSet(match_length=5), ("Ali", "Badr"))
        await play_some(pilot, app, 9)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        state, events = screen.match.state, screen.match.events
        await on_disk_as_played(pilot, paths, screen.match)  # including the steps of this turn
    again = seeded_app(paths, resume=True)
    async with again.run_test(size=SIZE) as pilot:
        screen = await screen_is(pilot, GameScreen)
        assert screen.match.state == state and screen.match.events == events
        assert isinstance(screen.match.dice, SeededDice)


async def test_the_menu_offers_resume_only_for_an_unfinished_match(tmp_path: Path) -> None:
    paths = home(tmp_path)
    app = seeded_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await screen_is(pilot, MenuScreen)
        await settle(pilot)  # (the start-up's look for unfinished matches must not offer one)
        assert not resume_offered(app)
        await new_game(pilot, app, RuleSet(match_length=1), ("Ali", "Badr"))
        await play_some(pilot, app, 3)
        await leave_game(pilot, app)  # back to the menu
        await wait_until(pilot, lambda: resume_offered(app), "Resume offered on the menu")
        await pilot.press("c")  # c lists the unfinished matches, Enter plays on with the last one
        resume = await screen_is(pilot, ResumeScreen)
        await pilot.press("enter")
        await wait_until(pilot, lambda: resume not in app.screen_stack, "the Resume list closed by Enter")
        await screen_is(pilot, GameScreen)


async def test_a_finished_match_goes_to_the_history(tmp_path: Path) -> None:
    paths = home(tmp_path)
    start = Match(
        names=("Ali", "Badr"),
        dice=ScriptedDice([(2, 1)]),
        start=state_from_ids(position_id(Position.from_counts({1: 1}, {6: 15})), None, RuleSet(match_length=1)),
    )
    app = TawlaApp(lang="en", dice=start.dice, match=start, paths=paths, settings=Settings(bidi_checked=True))
    async with app.run_test(size=SIZE) as pilot:
        await screen_is(pilot, GameScreen)
        match_file = the_unfinished(paths)  # (saved when the match started, before its screen)
        await pilot.press("space")  # roll 2-1: the last checker bears off by itself, the match is won
        await wait_until(pilot, lambda: start.state.match_over, "the match won")
        result = await screen_is(pilot, ResultScreen)
        await workers_done(pilot)  # (the result's line of the book, read in a thread)
        await close(pilot, result)  # Enter: the result read, back to the menu
        await screen_is(pilot, MenuScreen)

        def archived() -> None:
            assert not match_file.exists()
            assert not files.previous_of(match_file).exists()  # nothing to fall back on
            kept = saves.history(paths.history)
            assert len(kept) == 1, kept
            loaded = saves.load(kept[0])
            assert loaded is not None and loaded.finished

        await eventually(pilot, archived)


async def test_a_new_match_leaves_the_unfinished_one_on_the_resume_list(tmp_path: Path) -> None:
    paths = home(tmp_path)
    app = seeded_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await new_game(pilot, app, RuleSet(match_length=5), ("Ali", "Badr"))
        await play_some(pilot, app, 4)
        first = app.screen.match.events  # type: ignore[attr-defined]
        await leave_game(pilot, app)
        await new_game(pilot, app, RuleSet(match_length=3), ("Carla", "Dina"))
        await play_some(pilot, app, 2)
        second = app.screen.match.events  # type: ignore[attr-defined]
        await leave_game(pilot, app)
        await pilot.press("c")
        resume = await screen_is(pilot, ResumeScreen)
        listed = [(e.listing.names, e.busy) for e in resume.entries]
        assert listed == [(("Carla", "Dina"), False), (("Ali", "Badr"), False)]  # the one played last first
        await pilot.press("down", "enter")
        await wait_until(pilot, lambda: resume not in app.screen_stack, "the Resume list closed by Enter")
        game = await screen_is(pilot, GameScreen)
        assert game.match.names == ("Ali", "Badr") and game.match.events == first
    # (each match was saved when its game was left, and the one resumed when tawla left)
    assert not saves.history(paths.history)  # nothing was pushed out
    loaded = {saves.load(path).match.names: saves.load(path).match.events for path in unfinished_files(paths)}  # type: ignore[union-attr]
    assert loaded == {("Ali", "Badr"): first, ("Carla", "Dina"): second}


async def test_a_match_taken_off_the_resume_list_stays_in_the_history(tmp_path: Path) -> None:
    from tawla.ui.screens.dialogs import ConfirmScreen

    paths = home(tmp_path)
    app = seeded_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await new_game(pilot, app, RuleSet(match_length=5), ("Ali", "Badr"))
        await play_some(pilot, app, 4)
        events = app.screen.match.events  # type: ignore[attr-defined]
        await leave_game(pilot, app)
        await pilot.press("c", "d")  # (sent at once: d lands on the list that c opens)
        question = await screen_is(pilot, ConfirmScreen)
        await wait_until(
            pilot,
            lambda: "Take this match off the list?" in screen_text(app),
            lambda: f"the question, not {card_text(app)!r}",
        )
        resume = app.screen_stack[-2]
        assert isinstance(resume, ResumeScreen)
        await pilot.press("enter")  # Enter keeps it: only y takes it off
        await wait_until(pilot, lambda: question not in app.screen_stack, "the question closed by Enter")
        await workers_done(pilot)  # (the question was asked from a worker: its answer is read there)
        assert app.screen is resume and len(resume.entries) == 1
        await pilot.press("d", "y")
        await wait_until(
            pilot,
            lambda: app.screen is resume and resume.entries == [] and not isinstance(app.screen, ConfirmScreen),
            lambda: f"the list emptied (entries: {resume.entries})",
        )
        await workers_done(pilot)
        await wait_until(pilot, lambda: "No unfinished matches." in screen_text(app), "the list saying it is empty")
        await pilot.press("escape")
        await wait_until(pilot, lambda: resume not in app.screen_stack, "the list closed by Esc")
        await screen_is(pilot, MenuScreen)
        await wait_until(pilot, lambda: not resume_offered(app), "Resume no longer offered on the menu")
    assert unfinished_files(paths) == [] and not list((paths.data / "matches").glob("*.lock"))
    (kept,) = saves.history(paths.history)
    loaded = saves.load(kept)
    assert loaded is not None and loaded.match.events == events and not loaded.finished


def _bad_match_files() -> dict[str, tuple[str, str]]:
    good = good_file()
    text = json.dumps(good)
    newer = json.dumps({**good, "version": 7})
    illegal = json.loads(text)
    illegal["events"] = [*illegal["events"][:1], ["step", 3, 6], *illegal["events"][1:]]
    checkers = json.loads(text)
    checkers["start"] = {"position_id": sixteen_checkers_id(), "match_id": None}
    checkers.update(events=[], check=None)
    return {
        "truncated": (text[:-40], "stops in the middle"),
        "garbage": ("#!/bin/sh\nrm -rf /\n", "not a tawla file"),
        "newer": (newer, "newer tawla (version 7)"),
        "checkers": (json.dumps(checkers), "more than 15 checkers"),
        "illegal": (json.dumps(illegal), "move 2 of the history is not legal"),
    }


@pytest.mark.parametrize("kind", list(_bad_match_files()))
async def test_a_bad_saved_match_is_named_kept_aside_and_the_game_still_starts(tmp_path: Path, kind: str) -> None:
    content, words = _bad_match_files()[kind]
    paths = home(tmp_path)
    paths.data.mkdir(parents=True)
    paths.current.write_text(content, encoding="utf-8")
    app = seeded_app(paths, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        notice = await notice_saying(pilot, "could not be loaded", words)
        await close(pilot, notice)
        await screen_is(pilot, MenuScreen)
        # (whether there is anything to resume was settled before the notice was shown)
        assert not resume_offered(app)
    (kept,) = paths.data.glob("**/*.json.bad-*")
    assert kept.read_text(encoding="utf-8") == content and not paths.current.exists()
    assert unfinished_files(paths) == []


@pytest.mark.parametrize("error", [errno.ENOSPC, errno.EROFS])
async def test_a_full_disk_or_read_only_folder_warns_and_play_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: int
) -> None:
    paths = home(tmp_path)
    app = seeded_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        game = await new_game(pilot, app, RuleSet(match_length=5), ("Ali", "Badr"))
        real = saves.atomic_write
        refused: list[int] = []  # the match's revision at each save refused

        def refuse(path: Path, text: str, keep_previous: bool = True) -> None:
            refused.append(game.match.revision)
            raise OSError(error, os.strerror(error))

        def refused_now() -> bool:
            """A save was tried (and refused) once the match's history stood as it stands now."""
            return bool(refused) and refused[-1] == game.match.revision

        monkeypatch.setattr(saves, "atomic_write", refuse)
        await play_some(pilot, app, 1)
        notice = await notice_saying(pilot, "not being saved", os.strerror(error))
        await close(pilot, notice)
        assert await screen_is(pilot, GameScreen) is game
        told = app.keeper.notes_told
        await play_some(pilot, app, 4)
        await wait_until(pilot, refused_now, lambda: f"the save of revision {game.match.revision} tried: {refused}")
        assert app.keeper.notes_told == told  # said once, not at every move
        await settle(pilot)
        assert not isinstance(app.screen, NoticeScreen) and "NoticeScreen" not in stack(app)
        await wait_until(pilot, lambda: "not being saved" in screen_text(app), "the panel saying it")  # all along
        moves = len(game.match.events)
        monkeypatch.setattr(saves, "atomic_write", real)
        await play_some(pilot, app, 1)
        await wait_until(pilot, lambda: "not being saved" not in screen_text(app), "the panel no longer saying it")

        def saved_again() -> None:
            loaded = saves.load(the_unfinished(paths))
            assert loaded is not None and len(loaded.match.events) > moves

        await eventually(pilot, saved_again)


async def test_ctrl_c_and_quit_save_and_leave(tmp_path: Path) -> None:
    paths = home(tmp_path)
    app = seeded_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await new_game(pilot, app, RuleSet(match_length=5), ("Ali", "Badr"))
        await play_some(pilot, app, 3)
        events = app.screen.match.events  # type: ignore[attr-defined]
        await pilot.press("ctrl+c")
        await wait_until(pilot, lambda: not app.is_running, "tawla has left on Ctrl+C")
    assert app.return_code == 0 or app.return_code is None
    loaded = saves.load(the_unfinished(paths))
    assert loaded is not None and loaded.match.events == events


# -- IDs, set-up positions, export, replay ---------------------------------------------------------


async def test_the_ids_are_shown_and_copied(tmp_path: Path) -> None:
    app = seeded_app(home(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        game = await new_game(pilot, app, RuleSet(match_length=5), ("Ali", "Badr"))
        await play_some(pilot, app, 2)
        await pilot.press("i")
        await screen_is(pilot, IdsScreen)
        pid, mid = game.match.position_id(), game.match.match_id()
        await wait_until(pilot, lambda: pid in screen_text(app) and mid in screen_text(app), f"{pid} and {mid} shown")
        await pilot.press("ؤ")  # c on the Arabic layout copies
        await wait_until(
            pilot, lambda: app.clipboard == f"{pid}:{mid}", lambda: f"the IDs copied, not {app.clipboard!r}"
        )
        assert game.match.xgid() in screen_text(app)
        await pilot.press("ء")  # x on the Arabic layout copies the XGID
        await wait_until(
            pilot, lambda: app.clipboard == game.match.xgid(), lambda: f"the XGID copied, not {app.clipboard!r}"
        )
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is game, "back in the game after Esc")


async def test_a_position_is_set_up_from_its_ids(tmp_path: Path) -> None:
    paths = home(tmp_path)
    app = seeded_app(paths)
    from tawla.engine import MatchInfo, match_id

    # Player 1 on roll with 3-1 in a 7-point match at 2-4, the cube on 2 with player 1.
    pid = "4HPwATDgc/ABMA"
    mid = match_id(MatchInfo(cube=2, cube_owner=1, on_roll=1, turn=1, dice=(3, 1), match_length=7, score=(2, 4)))
    async with app.run_test(size=SIZE) as pilot:
        app.action_setup()
        setup = await screen_is(pilot, SetupScreen)
        await pilot.press(*"4HPwATDgc/ABM!", "enter", "enter")
        await wait_until(
            pilot, lambda: "Position ID:" in screen_text(app), lambda: f"the problem named: {card_text(app)!r}"
        )
        assert app.screen is setup
        field = setup.query_one("#position")
        field.value = pid  # type: ignore[attr-defined]
        setup.query_one("#match").value = mid  # type: ignore[attr-defined]
        setup.query_one("#match").focus()
        await pilot.press("enter")
        await wait_until(pilot, lambda: setup not in app.screen_stack, lambda: f"the set-up closed: {card_text(app)!r}")
        await screen_is(pilot, NewMatchScreen)  # (who plays it, and how: asked next)
        await pilot.press("ctrl+s")
        game = await screen_is(pilot, GameScreen)
        assert game.match.position_id() == pid and game.match.match_id() == mid
        state = game.match.state
        assert state.phase is Phase.MOVING and state.turn is not None and state.turn.roll == (3, 1)
        assert state.score == (2, 4) and state.on_roll == 1 and state.cube.value == 2 and state.cube.owner == 1
        await wait_until(pilot, lambda: "7-point match" in screen_text(app), "the panel naming the match")
    loaded = saves.load(the_unfinished(paths))
    assert loaded is not None and loaded.setup == (pid, mid)
    assert loaded.match.position_id() == pid


async def test_a_position_is_set_up_from_an_xgid(tmp_path: Path) -> None:
    paths = home(tmp_path)
    app = seeded_app(paths)
    # O (player 1) on roll with 6-5 in a 7-point match, X leads 3-1 and owns a 2-cube;
    # X has a checker on the bar.
    text = "XGID=-b----E-C---eE---c-d----AA:1:1:-1:65:3:1:0:7:10"
    async with app.run_test(size=SIZE) as pilot:
        app.action_setup()
        setup = await screen_is(pilot, SetupScreen)
        await pilot.press(*text.replace("E", "Q"), "enter")  # a slip of the finger first
        await wait_until(pilot, lambda: "XGID:" in screen_text(app), lambda: f"the problem named: {card_text(app)!r}")
        assert app.screen is setup
        setup.query_one("#match").value = "cAkAAAAAAAAA"  # type: ignore[attr-defined]
        setup.query_one("#position").value = text  # type: ignore[attr-defined]
        setup.query_one("#position").focus()
        await pilot.press("enter")
        await wait_until(
            pilot,
            lambda: "leave the Match ID empty" in card_text(app),
            lambda: f"the problem named: {card_text(app)!r}",
        )
        assert app.screen is setup
        setup.query_one("#match").value = ""  # type: ignore[attr-defined]
        setup.query_one("#position").focus()
        await pilot.press("enter")
        await wait_until(pilot, lambda: setup not in app.screen_stack, lambda: f"the set-up closed: {card_text(app)!r}")
        await screen_is(pilot, NewMatchScreen)  # (who plays it, and how: asked next)
        await pilot.press("ctrl+s")
        game = await screen_is(pilot, GameScreen)
        state = game.match.state
        assert state.phase is Phase.MOVING and state.turn is not None and state.turn.roll == (6, 5)
        assert state.on_roll == 1 and state.score == (3, 1)
        assert state.cube.value == 2 and state.cube.owner == 0 and state.board[0] == -1
        ours = text.removesuffix(":10") + ":6"  # the same, with tawla's highest cube (64)
        assert game.match.xgid() == ours
    loaded = saves.load(the_unfinished(paths))
    assert loaded is not None and loaded.match.xgid() == ours


async def test_a_match_is_exported_where_the_player_says(tmp_path: Path) -> None:
    paths = home(tmp_path)
    app = seeded_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await new_game(pilot, app, RuleSet(match_length=5), ("Ali", "Badr"))
        await play_some(pilot, app, 6)
        match = app.screen.match  # type: ignore[attr-defined]
        app.action_export()
        asked = await screen_is(pilot, LineScreen)
        line = asked.query_one("#line")
        assert line.value.startswith(str(paths.exports))  # type: ignore[attr-defined]
        line.value = str(tmp_path / "out" / "evening.mat")  # type: ignore[attr-defined]
        await pilot.press("enter")
        await wait_until(pilot, lambda: asked not in app.screen_stack, "the line closed by Enter")
        await wait_until(
            pilot,
            lambda: isinstance(app.screen, NoticeScreen) and "evening.mat" in card_text(app).replace(" ", ""),
            lambda: f"a notice naming evening.mat, not {card_text(app)!r}",
        )
    # (written before the notice was shown)
    assert (tmp_path / "out" / "evening.mat").read_text() == write_mat(match)


async def test_the_export_offers_a_name_with_the_players_and_the_day(tmp_path: Path) -> None:
    """The name offered says who played and when the match began (#21: it was the match's id,
    ``20261201-184530-534d2f.mat``)."""
    from datetime import datetime

    paths = home(tmp_path)
    app = seeded_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await new_game(pilot, app, RuleSet(match_length=5), ("Ali", "Badr"))
        await play_some(pilot, app, 2)
        assert app.keeper.saved is not None
        began = datetime.fromisoformat(app.keeper.saved.started).astimezone()
        app.action_export()
        asked = await screen_is(pilot, LineScreen)
        offered = Path(asked.query_one("#line").value)  # type: ignore[attr-defined]
    assert offered == paths.exports / f"Ali-Badr_{began:%Y-%m-%d_%H%M}.mat"


NAME_PARTS = [
    ("Sam", "Sam"),
    ("فاطمة الزهراء", "فاطمة_الزهراء"),  # (Arabic stays; a space splits command lines)
    ("Ali  Badr\t", "Ali_Badr"),
    ("../../etc/passwd", "etc_passwd"),  # (no path separator, no climbing out)
    ("C:\\Users\\x", "C_Users_x"),
    ('a<b>c:"d|e?f*', "a_b_c_d_e_f"),
    ("\u202eevil.exe", "evil.exe"),  # (a right-to-left override would show the name reversed)
    ("ali\nbadr", "ali_badr"),
    ("CON", "CON_"),  # (Windows' device names)
    ("nul", "nul_"),
    ("com1.mat", "com1_.mat"),
    ("Console", "Console"),
    (".hidden.", "hidden"),
    ("...", "Player1"),
    ("", "Player1"),
    ("x" * 100, "x" * 40),
]


@pytest.mark.parametrize(("name", "part"), NAME_PARTS, ids=[repr(n)[:20] for n, _ in NAME_PARTS])
def test_a_players_name_as_part_of_a_file_name(name: str, part: str) -> None:
    from pathlib import PureWindowsPath

    got = files.name_part(name, "Player1")
    assert got == part
    assert not set(got) & set('<>:"/\\|?*') and all(c.isprintable() for c in got)
    assert not PureWindowsPath(got).is_reserved()


def test_an_export_never_takes_the_name_of_a_file_already_there(tmp_path: Path) -> None:
    """Two matches of the same players begun in the same minute: two files (nothing replaced
    unless the player says so); a saved match is named by the day it began."""
    from datetime import datetime

    from tawla.store.keeper import Keeper

    paths = home(tmp_path)
    keeper = Keeper(paths)
    match = Match(RuleSet(match_length=3), ("فاطمة الزهراء", "أحمد"))
    began = "2026-12-01T18:45:30+00:00"
    kept = saves.SavedMatch(match, saves.new_id(), began)
    day = f"{datetime.fromisoformat(began).astimezone():%Y-%m-%d_%H%M}"  # (in the player's time zone)
    first = keeper.export_path(match, kept)
    assert first == paths.exports / f"فاطمة_الزهراء-أحمد_{day}.mat"
    keeper.export(match, first)
    second = keeper.export_path(match, kept)
    assert second == paths.exports / f"فاطمة_الزهراء-أحمد_{day}-2.mat"
    keeper.export(match, second)
    assert keeper.export_path(match, kept).name.endswith(f"{day}-3.mat")


async def test_finished_games_are_replayed_step_by_step(tmp_path: Path) -> None:
    from tawla.ui.screens.history import HistoryScreen

    paths = home(tmp_path)
    match = play_random_match(random.Random(3), RuleSet(match_length=3, cube=False), check=False)
    saves.archive(saved(match), paths.history)
    app = seeded_app(paths)
    async with app.run_test(size=(120, 40)) as pilot:
        app.action_replay()
        await screen_is(pilot, HistoryScreen)
        await pilot.press("enter")
        replay = await screen_is(pilot, ReplayScreen)
        first, end = replay.games[0]
        assert replay.match.state.phase is Phase.OPENING
        await wait_until(pilot, lambda: "┌" in screen_text(app), "the board drawn")
        # (the status line says how far the analysis of the moves has gone until it is done: #24)
        await wait_until(pilot, lambda: replay.skill_news is not None and replay.skill_news.done, "the analysis")
        await wait_until(pilot, lambda: "Analysing" not in screen_text(app), "the analysis's line gone")
        opening = screen_text(app)
        await pilot.press("right", "right", "right")
        await wait_until(pilot, lambda: replay.frame == 3, lambda: f"frame 3, not {replay.frame}")
        assert len(replay.match.events) == 3
        await pilot.press("left")
        await wait_until(pilot, lambda: replay.frame == 2, lambda: f"frame 2, not {replay.frame}")
        await pilot.press("end")
        await wait_until(
            pilot,
            lambda: replay.match.state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER),
            lambda: f"the end of the game, not {replay.match.state.phase}",
        )
        assert replay.match.events == match.events[first:end]
        await pilot.press("home")
        await wait_until(pilot, lambda: replay.frame == 0, lambda: f"frame 0, not {replay.frame}")
        await wait_until(pilot, lambda: screen_text(app) == opening, "the screen as at the start of the game")
        if len(replay.games) > 1:
            await pilot.press("pagedown")
            await wait_until(pilot, lambda: replay.game_index == 1, lambda: f"game 2, not {replay.game_index + 1}")
            assert replay.frame == 0
        # read-only: the keys of the game do nothing here, and nothing is saved
        shown = (replay.game_index, replay.frame)
        await pilot.press("space", "d", "r")
        await settle(pilot)
        assert not unfinished_files(paths)
        assert app.screen is replay and (replay.game_index, replay.frame) == shown
        await pilot.press("escape")
        await wait_until(pilot, lambda: replay not in app.screen_stack, "the replay closed by Esc")
        assert not isinstance(app.screen, ReplayScreen)


def test_paths_follow_tawla_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("TAWLA_HOME", str(tmp_path))
    paths = files.default_paths()
    assert paths.settings == tmp_path / "config" / "settings.json"
    assert paths.current == tmp_path / "data" / "current.json"
    monkeypatch.delenv("TAWLA_HOME")
    assert "tawla" in str(files.default_paths().data)


def test_settings_round_trip() -> None:
    chosen = Settings(language="ar", preferences=Preferences(theme=Theme.DAY), names=("علي", "Badr"))
    assert settings_from_json(json.loads(settings_to_json(chosen))) == chosen


async def test_a_damaged_save_falls_back_to_the_copy_kept_before_it(tmp_path: Path) -> None:
    paths = home(tmp_path)
    app = seeded_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        game = await new_game(pilot, app, RuleSet(match_length=5), ("Ali", "Badr"))
        await play_some(pilot, app, 8)
        await on_disk_as_played(pilot, paths, game.match)
    match_file = the_unfinished(paths)
    before = saves.load(files.previous_of(match_file))
    assert before is not None
    match_file.write_text(match_file.read_text()[:100])  # the last save, damaged
    again = seeded_app(paths)
    async with again.run_test(size=SIZE) as pilot:
        # Two notices, one over the other: what was damaged, and what took its place.
        seen = await read_notices(pilot, 2)
        assert any("stops in the middle" in text for text in seen), seen
        assert any("The save before it takes its place" in text for text in seen), seen
        await screen_is(pilot, MenuScreen)
        menu = again.screen.query_one("#menu")
        # (the start-up found the match before it showed the notices)
        assert menu.highlighted_option.id == "resume"  # type: ignore[attr-defined]  # offered first
        await pilot.press("enter", "enter")
        game = await screen_is(pilot, GameScreen)
        assert game.match.events == before.match.events


async def test_a_file_damaged_while_playing_is_named_when_a_new_match_starts(tmp_path: Path) -> None:
    """``{{{{ not json`` in a saved match, then New match: the file is set aside *and the player
    is told*, over the new game (a note is shown whichever screen is on top)."""
    from tawla.ui.screens.new_match import NewMatchScreen

    paths = home(tmp_path)
    app = seeded_app(paths)
    async with app.run_test(size=SIZE) as pilot:
        await new_game(pilot, app, RuleSet(match_length=5), ("Ali", "Badr"))
        await play_some(pilot, app, 3)
        await leave_game(pilot, app)  # (the match saved as it was left)
        damaged = the_unfinished(paths)
        files.previous_of(damaged).unlink()
        damaged.write_text("{{{{ not json")
        await pilot.press("n")
        chosen = await screen_is(pilot, NewMatchScreen)
        await workers_done(pilot)  # (the names it offers, read from the book in a thread)
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: chosen not in app.screen_stack, "the new-match screen closed by Ctrl+S")
        notice = await notice_saying(pilot, "could not be loaded", "not a tawla file")
        await close(pilot, notice)
        game = await screen_is(pilot, GameScreen)
        assert game.match.names == ("Player 1", "Player 2")
    (aside,) = damaged.parent.glob("*.bad-*")
    assert aside.read_text() == "{{{{ not json"


async def test_the_dice_of_the_command_line_survive_a_resume(tmp_path: Path) -> None:
    """``tawla --seed 5``: a resumed match keeps its own dice, and the next new match of the
    run gets the command line's dice again."""
    paths = home(tmp_path)
    first = TawlaApp(lang="en", paths=paths, settings=Settings(bidi_checked=True))  # fair dice
    async with first.run_test(size=SIZE) as pilot:
        await new_game(pilot, first, RuleSet(match_length=5), ("Ali", "Badr"))
        await play_some(pilot, first, 2)  # (saved as played, and once more as tawla leaves)
    seeded = SeededDice(5)
    app = TawlaApp(lang="en", dice=seeded, paths=paths, settings=Settings(bidi_checked=True), resume=True)
    async with app.run_test(size=SIZE) as pilot:
        resumed = await screen_is(pilot, GameScreen)
        assert resumed.match.names == ("Ali", "Badr") and not isinstance(resumed.match.dice, SeededDice)
        await leave_game(pilot, app)
        game = await new_game(pilot, app, RuleSet(match_length=3), ("Carla", "Dina"))
        assert game.match.dice is seeded and app.dice is seeded


async def test_a_note_is_shown_whichever_screen_is_on_top(tmp_path: Path) -> None:
    from tawla.ui.screens.help import HelpScreen
    from tawla.ui.screens.too_small import TooSmallScreen

    app = seeded_app(home(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await screen_is(pilot, MenuScreen)
        await pilot.press("f1")
        helping = await screen_is(pilot, HelpScreen)
        app.note("store.nothing_to_resume")  # queued under the help screen
        notice = await notice_saying(pilot, "no unfinished match")
        await close(pilot, notice)
        assert await screen_is(pilot, HelpScreen) is helping
        await pilot.resize_terminal(60, 18)
        small = await screen_is(pilot, TooSmallScreen)
        app.note("store.busy")  # queued while the terminal is too small: shown once it is not
        await settle(pilot)
        assert app.screen is small and "NoticeScreen" not in stack(app)
        await pilot.resize_terminal(*SIZE)
        await wait_until(pilot, lambda: small not in app.screen_stack, "the too-small screen gone")
        notice = await notice_saying(pilot, "open in another tawla")
        await close(pilot, notice)
        assert await screen_is(pilot, HelpScreen) is helping
