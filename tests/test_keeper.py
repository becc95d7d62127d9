"""One match, one owner (#10): the match keeper and its locks, without the interface.

Two keepers on one data folder stand for two tawla processes: ``flock`` locks belong to
an open file, so two keepers of one process exclude each other exactly as two processes
do. A forked child stands for a tawla killed with SIGKILL.
"""

from __future__ import annotations

import json
import os
import random
import signal
from pathlib import Path

import pytest

from tawla.game import Match, RuleSet, SeededDice
from tawla.store import saves
from tawla.store.files import Paths, previous_of
from tawla.store.keeper import Keeper
from tawla.store.lock import is_locked, try_lock

from .helpers.randomplay import random_action


def home(tmp_path: Path) -> Paths:
    return Paths(tmp_path / "config", tmp_path / "data")


class Heard:
    """The notes a keeper hands on, by catalog key."""

    def __init__(self) -> None:
        self.keys: list[str] = []
        self.params: list[dict[str, object]] = []

    def __call__(self, key: str, params: dict[str, object]) -> None:
        self.keys.append(key)
        self.params.append(params)


def play(keeper: Keeper, match: Match, actions: int, seed: int) -> None:
    """Random legal actions, each saved as the game saves them."""
    rng = random.Random(seed)
    for _ in range(actions):
        if match.state.match_over:
            break
        random_action(rng, match)
        keeper.autosave(match)


def new_match(names: tuple[str, str], seed: int) -> Match:
    return Match(RuleSet(match_length=7), names, SeededDice(seed))


def test_two_keepers_on_one_folder_each_keep_their_own_match(tmp_path: Path) -> None:
    paths = home(tmp_path)
    heard_a, heard_b = Heard(), Heard()
    a, b = Keeper(paths, heard_a), Keeper(paths, heard_b)
    ali = new_match(("Ali", "Badr"), 1)
    a.start(ali)
    play(a, ali, 20, 1)
    carla = new_match(("Carla", "Dina"), 2)
    b.start(carla)  # B starts a new match while A plays: A's match is not touched
    play(a, ali, 20, 11)
    play(b, carla, 30, 2)
    play(a, ali, 5, 12)
    assert a.saved is not None and b.saved is not None
    ali_id, carla_id = a.saved.id, b.saved.id

    seen_by_b = {u.id: (u.busy, u.ours) for u in b.unfinished()}
    assert seen_by_b == {ali_id: (True, False), carla_id: (False, True)}
    assert b.open(ali_id) is None and heard_b.keys[-1] == "store.busy"  # never taken from its owner
    assert not b.delete(ali_id) and heard_b.keys[-1] == "store.busy"
    before = a.file_of(ali_id).read_bytes()
    b.autosave(ali)  # (not B's match: B never writes it)
    assert a.file_of(ali_id).read_bytes() == before

    a.release()
    b.release()
    third = Keeper(paths, Heard())
    listed = third.unfinished()
    # the one played last first (A played after B)
    assert [(u.listing.names, u.busy) for u in listed] == [(("Ali", "Badr"), False), (("Carla", "Dina"), False)]
    for entry, match in zip(listed, (ali, carla), strict=True):
        loaded = third.open(entry.id)
        assert loaded is not None and loaded.match.events == match.events  # every event
        assert loaded.match.state == match.state
    assert not saves.history(paths.history)  # nothing was pushed into the history


def test_the_match_of_a_killed_tawla_can_be_opened_by_the_next(tmp_path: Path) -> None:
    paths = home(tmp_path)
    ready_r, ready_w = os.pipe()
    pid = os.fork()
    if pid == 0:  # a tawla that plays, saves, and is then killed without a chance to tidy up
        try:
            os.close(ready_r)
            keeper = Keeper(paths)
            match = new_match(("Ali", "Badr"), 5)
            keeper.start(match)
            play(keeper, match, 25, 5)
            assert keeper.saved is not None
            os.write(ready_w, json.dumps([keeper.saved.id, len(match.events)]).encode())
            os.close(ready_w)
            while True:  # until killed: pause() also returns after any other signal handled
                signal.pause()
        finally:
            os._exit(0)
    os.close(ready_w)
    with os.fdopen(ready_r) as ready:
        ident, events = json.loads(ready.read())  # (returns once the child has saved and said so)
    other = Keeper(paths, Heard())
    (entry,) = other.unfinished()
    assert entry.id == ident and entry.busy  # held while its tawla lives
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    (entry,) = other.unfinished()
    assert not entry.busy  # the system dropped the lock with the process
    loaded = other.open(ident)
    assert loaded is not None and len(loaded.match.events) == events
    assert is_locked(other._lock_file(ident))


def test_a_finished_match_leaves_the_list_for_the_history_and_frees_its_lock(tmp_path: Path) -> None:
    paths = home(tmp_path)
    keeper = Keeper(paths)
    match = Match(RuleSet(match_length=1, cube=False), ("Ali", "Badr"), SeededDice(4))
    keeper.start(match)
    assert keeper.saved is not None
    ident = keeper.saved.id
    play(keeper, match, 5000, 4)
    assert match.state.match_over
    assert keeper.unfinished() == [] and not keeper.file_of(ident).exists()
    assert not previous_of(keeper.file_of(ident)).exists()
    keeper.release()
    assert not keeper._lock_file(ident).exists()
    (kept,) = saves.history(paths.history)
    loaded = saves.load(kept)
    assert loaded is not None and loaded.finished and loaded.match.events == match.events


def test_an_old_current_json_is_moved_into_the_list(tmp_path: Path) -> None:
    """tawla before #10 kept one unfinished match as data/current.json (and .prev)."""
    paths = home(tmp_path)
    match = new_match(("Ali", "Badr"), 3)
    old = saves.SavedMatch(match, "20261101-100000-abcdef", saves.now())
    random_action(random.Random(3), match)
    saves.save(old, paths.current)
    random_action(random.Random(4), match)
    saves.save(old, paths.current)  # (and the save before it becomes current.json.prev)
    assert previous_of(paths.current).exists()
    keeper = Keeper(paths)
    assert keeper.has_unfinished()
    (entry,) = keeper.unfinished()
    assert entry.id == "20261101-100000-abcdef" and not paths.current.exists()
    assert previous_of(keeper.file_of(entry.id)).exists()
    loaded = keeper.open(entry.id)
    assert loaded is not None and loaded.match.events == match.events


@pytest.mark.parametrize("damage", ["{{{{ not json", "", '{"format": "something else"}'])
def test_a_damaged_file_is_named_when_a_new_match_starts(tmp_path: Path, damage: str) -> None:
    paths = home(tmp_path)
    first = Keeper(paths)
    match = new_match(("Ali", "Badr"), 6)
    first.start(match)
    play(first, match, 3, 6)
    assert first.saved is not None
    damaged = first.file_of(first.saved.id)
    first.release()
    previous_of(damaged).unlink()
    damaged.write_text(damage)
    heard = Heard()
    keeper = Keeper(paths, heard)
    keeper.start(new_match(("Carla", "Dina"), 7))
    assert heard.keys == ["store.match_bad"]
    (aside,) = damaged.parent.glob("*.bad-*")
    assert heard.params[0]["file"] == str(aside) and aside.read_text() == damage
    assert [u.listing.names for u in keeper.unfinished()] == [("Carla", "Dina")]


def test_the_copy_before_a_damaged_save_takes_its_place(tmp_path: Path) -> None:
    paths = home(tmp_path)
    keeper = Keeper(paths)
    match = new_match(("Ali", "Badr"), 8)
    keeper.start(match)
    play(keeper, match, 6, 8)
    assert keeper.saved is not None
    path = keeper.file_of(keeper.saved.id)
    before = saves.load(previous_of(path))
    keeper.release()
    path.write_text(path.read_text()[:-30])
    heard = Heard()
    again = Keeper(paths, heard)
    (entry,) = again.unfinished()
    assert heard.keys == ["store.match_bad", "store.kept_previous"]
    loaded = again.open(entry.id)
    assert loaded is not None and before is not None and loaded.match.events == before.match.events


def test_a_folder_that_refuses_files_plays_on_unsaved(tmp_path: Path) -> None:
    paths = home(tmp_path)
    paths.data.mkdir(parents=True)
    (paths.data / "matches").write_text("a file where the folder should be")
    heard = Heard()
    keeper = Keeper(paths, heard)
    match = new_match(("Ali", "Badr"), 9)
    keeper.start(match)
    play(keeper, match, 3, 9)
    assert keeper.problem is not None and heard.keys.count("store.not_saving") == 1  # said once


def test_locks_exclude_and_are_let_go(tmp_path: Path) -> None:
    path = tmp_path / "x.lock"
    assert not is_locked(path)
    first = try_lock(path)
    assert first is not None and is_locked(path)
    assert try_lock(path) is None  # another holder, even in this process
    first.release(remove=True)
    assert not path.exists() and not is_locked(path)
    again = try_lock(path)
    assert again is not None
    again.release()


def test_a_crash_report_is_written_under_the_data_folder(tmp_path: Path) -> None:
    paths = home(tmp_path)
    report = Keeper(paths).crash_report("Traceback (most recent call last):\n  boom\n")
    assert report is not None and report.parent == paths.data / "crashes"
    assert report.read_text().startswith("Traceback")
    assert Keeper(None).crash_report("x") is None
