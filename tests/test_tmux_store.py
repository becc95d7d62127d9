"""One match, one owner (#10), with the installed ``tawla`` in real terminals under tmux:
two tawlas on one data folder, a tawla killed with SIGKILL, and a crash."""

from __future__ import annotations

import json
import os
import signal
import sys
from pathlib import Path

from tawla.store import saves
from tawla.store.files import Paths
from tawla.store.keeper import Keeper

from .test_tmux import TIMEOUT, Terminal, _gone, installed_tawla, next_key, pytestmark  # noqa: F401  (the skip mark)


def start_match(term: Terminal, names: tuple[str, str], rolls: int) -> str:
    """From the menu: New match with ``names``, then ``rolls`` presses of Space (each waited for)."""
    term.wait_for(lambda s: "New match" in s)
    term.keys("n")
    term.wait_for(lambda s: "First player" in s)
    term.keys(names[0])
    term.wait_for(lambda s: names[0] in s)
    term.press("Tab")
    term.keys(names[1])
    term.wait_for(lambda s: names[1] in s)
    term.keys("C-s")
    screen = term.wait_for(lambda s: "Opening roll" in s)
    for _ in range(rolls):
        screen = term.press(next_key(screen))
    return screen


def quit_and_wait(term: Terminal) -> None:
    pid = term.pid()
    term.keys("C-q")
    assert pid is not None and _gone(pid, TIMEOUT), "tawla did not leave after Ctrl+Q"


def test_two_tawlas_on_one_data_folder_each_keep_their_own_match(tmp_path: Path) -> None:
    paths = Paths(tmp_path / "config", tmp_path / "data")
    a = Terminal([*installed_tawla(), "--seed", "3", "--lang", "en"], tmp_path)
    b = Terminal([*installed_tawla(), "--seed", "4", "--lang", "en"], tmp_path)
    try:
        start_match(a, ("Ali", "Badr"), 4)
        # B finds A's match open in another tawla: it is listed, and cannot be taken.
        b.wait_for(lambda s: "Resume" in s)
        b.keys("c")
        listed = b.wait_for(lambda s: "Resume a match" in s and "Ali" in s)
        assert "open in another tawla" in listed
        b.keys("Enter")  # (a match held elsewhere cannot be picked)
        b.keys("d")  # nor taken off the list
        b.wait_for(lambda s: "Resume a match" in s)  # (read once both are handled: see Terminal.quiet)
        b.press("Escape")
        start_match(b, ("Carla", "Dina"), 5)
        screen = a.press(next_key(a.settled()))  # A plays on, B's match untouched
        a.press(next_key(screen))
        quit_and_wait(a)
        quit_and_wait(b)
    finally:
        a.close()
        b.close()
    keeper = Keeper(paths)
    listed = keeper.unfinished()
    assert sorted(u.listing.names for u in listed) == [("Ali", "Badr"), ("Carla", "Dina")]
    assert not any(u.busy for u in listed)
    for entry in listed:
        loaded = saves.load(entry.listing.path)
        assert loaded is not None and len(loaded.match.events) >= 3  # (the opening roll and its steps at least)
    assert not saves.history(paths.history)

    # A third tawla sees both; it resumes the one played last and is killed with SIGKILL.
    c = Terminal([*installed_tawla(), "--lang", "en"], tmp_path)
    try:
        c.wait_for(lambda s: "Resume" in s)
        c.keys("c")
        both = c.wait_for(lambda s: "Resume a match" in s and "Ali" in s and "Carla" in s)
        assert "open in another tawla" not in both
        c.keys("Enter")
        c.wait_for(lambda s: "Ali" in s and "score pips" in s)
        pid = c.pid()
        assert pid is not None
        os.kill(pid, signal.SIGKILL)
        assert _gone(pid, TIMEOUT)
    finally:
        c.close()
    # ... and the next tawla can open it: the system dropped the dead one's lock.
    d = Terminal([*installed_tawla(), "--lang", "en", "--resume"], tmp_path)
    try:
        d.wait_for(lambda s: "Ali" in s and "score pips" in s)
    finally:
        d.close()


FAULT = """
import json, sys
from tawla.store.saves import event_to_json
from tawla.ui.screens.game import GameScreen

def fault(self):
    with open(sys.argv[1], "w") as out:
        json.dump([event_to_json(e) for e in self.match.events], out)
    raise RuntimeError("a fault injected by the test")

GameScreen.action_ids = fault
from tawla.cli import main
sys.exit(main(sys.argv[2:]))
"""


def test_a_crash_saves_reports_and_exits_non_zero(tmp_path: Path) -> None:
    """A fault injected into a key handler (``i``): the match is saved with every event up
    to the crash, the traceback is in a dated file, the player reads one line, status 70."""
    events_file = tmp_path / "events-at-fault.json"
    term = Terminal([sys.executable, "-c", FAULT, str(events_file), "--seed", "8", "--lang", "en"], tmp_path)
    try:
        term._tmux("set-option", "-t", "t", "remain-on-exit", "on")
        start_match(term, ("Ali", "Badr"), 6)
        term.keys("i")
        status = term.exit_status()  # (tawla has ended: all it wrote is on the pane)
        term.settled()  # (and tmux has read it)
        after = term.history()
        assert "tawla stopped on an error" in after, after
        assert "Traceback" not in after and "match is saved" in after
        assert status == "70"
    finally:
        term.close()
    (report,) = (tmp_path / "data" / "crashes").glob("crash-*.txt")
    text = report.read_text()
    assert "Traceback" in text and "a fault injected by the test" in text
    assert str(report.name) in after.replace("\n", "")
    (match_file,) = (tmp_path / "data" / "matches").glob("*.json")
    loaded = saves.load(match_file)
    at_fault = json.loads(events_file.read_text())
    assert loaded is not None and [saves.event_to_json(e) for e in loaded.match.events] == at_fault
    assert len(at_fault) >= 4  # (the opening roll, its steps, the end of the turn)
