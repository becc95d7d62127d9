"""The installed ``tawla`` in a real terminal: tmux, 80 × 24, keys sent, the screen read back.

A whole game is played the way a new player might: Enter on "New match",
Ctrl+S to start, then Space again and again (Space rolls, picks up the checker
under the cursor, puts it down, ends the turn, closes the game-over card).
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest

from tawla.ui.match_view import MatchTexts

FACES = MatchTexts.FACES
"""A die in the panel is its face and its number (⚅6)."""
TMUX = shutil.which("tmux")
TIMEOUT = 20.0
"""Seconds any wait on the terminal may take before the test fails (generous: a busy machine)."""
pytestmark = pytest.mark.skipif(
    TMUX is None and not os.environ.get("TAWLA_REQUIRE_TMUX"), reason="tmux is not installed"
)


class Terminal:
    """One detached tmux session on its own server socket."""

    def __init__(self, command: list[str], home: Path, width: int = 80, height: int = 24) -> None:
        """``home``: the TAWLA_HOME of this run (settings and saved matches), never the user's."""
        assert TMUX is not None, "tmux is required (CI installs it)"
        self.socket = f"tawla-test-{uuid.uuid4().hex[:8]}"
        env = f"env LANG=C.UTF-8 TERM=xterm-256color TAWLA_HOME={shlex.quote(str(home))} {shlex.join(command)}"
        self._tmux("new-session", "-d", "-s", "t", "-x", str(width), "-y", str(height), env)

    def _tmux(self, *args: str) -> str:
        done = subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, timeout=30)
        return done.stdout

    def keys(self, *keys: str) -> None:
        self._tmux("send-keys", "-t", "t", *keys)

    def screen(self, styles: bool = False) -> str:
        """The text on screen (with its colours and styles as escape sequences if ``styles``)."""
        return self._tmux("capture-pane", "-p", *(["-e"] if styles else []), "-t", "t")

    def press(self, key: str, timeout: float = TIMEOUT) -> str:
        """Send a key and return the screen once it shows the key's effect, so the next decision
        is made on what the key did, never on a screen drawn before it. Every key pressed this
        way must change the screen (its text, colours or styles): one that has not after
        ``timeout`` seconds fails the test. For a key that may change nothing visible, send it
        with :meth:`keys` and wait with :meth:`wait_for` for what must follow."""
        before = self.screen(styles=True)
        self.keys(key)
        return self._settled(lambda styled, _: styled != before, timeout, f"pressing {key!r} changed nothing")

    def wait_for(self, check: Callable[[str], bool], timeout: float = TIMEOUT) -> str:
        """The screen's text once ``check`` accepts it (and it has stopped changing); fails the
        test, showing the screen, if that has not happened within ``timeout`` seconds."""
        return self._settled(lambda _, text: check(text), timeout, "timed out")

    def _settled(self, check: Callable[[str, str], bool], timeout: float, failure: str) -> str:
        """The screen's text once two captures in a row are the same (a frame that tmux was
        still reading at the first has arrived) and ``check(styled, text)`` accepts it."""
        deadline = time.monotonic() + timeout
        last = None
        while True:
            styled = self.screen(styles=True)
            if styled == last:
                text = self.screen()
                if check(styled, text):
                    return text
            if time.monotonic() > deadline:
                raise AssertionError(f"{failure} within {timeout:g} s; the screen shows:\n{self.screen()}")
            last = styled
            time.sleep(0.01)

    def exit_status(self, timeout: float = TIMEOUT) -> str:
        """The exit status of the pane's process once it has ended (the pane needs
        ``remain-on-exit on``); fails the test if it has not ended within ``timeout`` seconds.
        tmux before 3.5 can miss the SIGCHLD of a pane's process, and the pane then reads dead
        with no status for ever: a SIGCHLD sent to this test's own tmux server makes it look."""
        deadline = time.monotonic() + timeout
        while True:
            dead, _, status = (
                self._tmux("display-message", "-p", "-t", "t", "#{pane_dead}:#{pane_dead_status}")
                .strip()
                .partition(":")
            )
            if status:
                return status
            if dead == "1":
                os.kill(int(self._tmux("display-message", "-p", "#{pid}")), signal.SIGCHLD)
            if time.monotonic() > deadline:
                raise AssertionError(f"the process in the terminal had not ended after {timeout:g} s:\n{self.screen()}")
            time.sleep(0.05)

    def pid(self) -> int | None:
        """The process in the pane (tawla itself: env and the shell exec it)."""
        out = self._tmux("list-panes", "-t", "t", "-F", "#{pane_pid}").split()
        return int(out[0]) if out else None

    def close(self) -> None:
        """Close the terminal (tawla gets SIGHUP) and make sure tawla is gone, not left hanging."""
        pid = self.pid()
        self._tmux("kill-server")
        if pid is not None and not _gone(pid, timeout=10):
            os.kill(pid, signal.SIGKILL)
            raise AssertionError(f"tawla (pid {pid}) was still running 10 s after its terminal closed")


def _gone(pid: int, timeout: float) -> bool:
    """Whether process ``pid`` ends (or is only a zombie) within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if Path("/proc").is_dir():
            try:
                state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
            except FileNotFoundError:
                return True
            if state in ("Z", "X"):
                return True
        else:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                return True
        time.sleep(0.05)
    return False


HANDOVER = "your turn: r to roll"
"""The status line when a turn has just ended: Enter and Space wait, the next player rolls with r."""


def next_key(screen: str) -> str:
    """What a player presses next to get on with the game: r at the hand-over, else Space
    (Space rolls, picks up the checker under the cursor, puts it down, ends the turn)."""
    return "r" if HANDOVER in screen else "Space"


def moves_at_once(home: Path) -> None:
    """Settings in ``home`` with moves shown at once, not step by step: a game played by
    reading the screen and pressing the key it calls for must not read a step in the middle
    of a move (the steps have their own tests, through Pilot)."""
    (home / "config").mkdir(parents=True, exist_ok=True)
    (home / "config" / "settings.json").write_text('{"preferences": {"step_by_step": false}}')


def installed_tawla() -> list[str]:
    script = Path(sys.executable).with_name("tawla")
    return [str(script)] if script.exists() else [sys.executable, "-m", "tawla"]


def test_a_whole_game_in_a_real_terminal(tmp_path: Path) -> None:
    moves_at_once(tmp_path)
    term = Terminal([*installed_tawla(), "--seed", "37", "--lang", "en"], tmp_path)
    try:
        menu = term.wait_for(lambda s: "New match" in s and "tawla" in s)
        assert "Quit" in menu
        term.keys("Enter")
        term.wait_for(lambda s: "First player" in s)
        term.keys("C-s")
        board = term.wait_for(lambda s: "Opening roll" in s)
        lines = board.splitlines()
        assert len(lines) == 24 and all(len(line) <= 80 for line in lines)
        assert "13" in board and "24" in board and "┌" in board and "5-point match" in board
        term.keys("Space")
        rolled = term.wait_for(lambda s: any(f"Dice {face}" in s for face in FACES))
        assert "your move" in rolled
        final = ""
        text = term.screen()
        for _ in range(3000):
            if "Game over" in text and "wins" in text:
                final = text
                break
            text = term.press(next_key(text))
        assert final, "the game did not end"
        assert "Score:" in final and "point" in final
    finally:
        term.close()


def test_a_whole_game_in_arabic_with_arabic_keys(tmp_path: Path) -> None:
    """``tawla --lang ar``: the first start asks how the terminal shows Arabic, then a
    whole game is played with the keys an Arabic keyboard layout sends (ى for n, ق for r,
    Arabic-Indic digits for the dice), and the rows hold the text in visual order."""
    from tawla.i18n import tr, tr_n
    from tawla.i18n.bidi import visual

    def ar(key: str, **params: object) -> str:
        return visual(tr("ar", key, **params), rtl=True)

    moves_at_once(tmp_path)
    term = Terminal([*installed_tawla(), "--seed", "37", "--lang", "ar"], tmp_path)
    try:
        check = term.wait_for(lambda s: "Press 1 or 2" in s)
        assert visual(tr("ar", "check.sample"), rtl=True) in check and tr("ar", "check.sample") in check
        term.keys("١")  # the first line reads correctly: tawla does the right to left
        menu = term.wait_for(lambda s: ar("menu.new_match") + "   │" in s)  # right-aligned in its card
        assert ar("menu.tagline") in menu
        term.keys("ى")  # n on the Arabic layout: a new match
        term.wait_for(lambda s: ar("new.player1") in s)
        term.keys("C-s")
        board = term.wait_for(lambda s: ar("banner.opening") in s)
        lines = board.splitlines()
        assert len(lines) == 24 and all(len(line) <= 80 for line in lines)
        match_line = visual(tr_n("ar", "panel.match", 5), rtl=True)
        assert match_line in board and "┌13─14" in board
        assert lines[2].index(match_line) < lines[2].index("┌")  # the panel on the left
        term.keys("ق")  # r on the Arabic layout: the opening roll
        rolled = term.wait_for(lambda s: ar("panel.dice") in s and any(face in s for face in FACES))
        assert visual(tr("ar", "banner.moving", name="x").replace("x", ""), rtl=True).strip(" —") in rolled

        def board_rows(screen: str) -> list[str]:
            return [line[line.index("│") :] for line in screen.splitlines() if "│" in line]

        term.keys("٦")  # an Arabic-Indic digit plays that die from the cursor
        term.wait_for(lambda s: board_rows(s) != board_rows(rolled))
        # The game-over card's score line ("النتيجة: …", shaped and reversed); the panel's
        # "النتيجة" heading has no colon, so the card is really there, not half drawn.
        score_line = visual(tr("ar", "over.score", a="x", sa="0", b="y", sb="1"), rtl=True)[-9:]
        final = ""
        text = term.screen()
        for _ in range(1500):
            if ar("over.title") in text and score_line in text:
                final = text
                break
            handover = visual("الدور على", rtl=True)  # (status.handover: the next player rolls with ق)
            if ar("status.turn") in text or ar("status.turn_double") in text or handover in text:
                text = term.press("ق")  # roll with the Arabic r
            else:
                text = term.press("Space")
        assert final, f"the game did not end:\n{term.screen()}"
        assert score_line == " :ﺔﺠﻴﺘﻨﻟﺍ"  # النتيجة: shaped and reversed, the colon on its left
        term.wait_for(lambda s: ar("over.hint") in s)  # the whole card, down to its hint
    finally:
        term.close()


def _table(screen: str) -> list[str]:
    """The board and the panel (score, pips, cube, dice): the rows between the banner and the status."""
    return screen.splitlines()[:16]


def test_closing_the_terminal_loses_nothing(tmp_path: Path) -> None:
    """A seeded match, a few turns, the tmux session killed (the program gets SIGHUP), then
    ``tawla --resume``: the same position, score and player on roll."""
    term = Terminal([*installed_tawla(), "--seed", "11", "--lang", "en"], tmp_path)
    try:
        term.wait_for(lambda s: "New match" in s)
        term.keys("Enter")
        term.wait_for(lambda s: "First player" in s)
        term.keys("C-s")
        before = term.wait_for(lambda s: "Opening roll" in s)
        for _ in range(14):
            before = term.press(next_key(before))
        # play on to the next moment with nothing picked up: a player about to roll
        for _ in range(60):
            if HANDOVER in before:
                break
            before = term.press(next_key(before))
        assert HANDOVER in before
    finally:
        term.close()  # the terminal goes away: tawla gets SIGHUP
    again = Terminal([*installed_tawla(), "--resume"], tmp_path)
    try:
        try:
            after = again.wait_for(lambda s: "5-point match" in s and _table(s) == _table(before))
        except AssertionError as timed_out:
            raise AssertionError(f"not the match as it was; before:\n{before}\n{timed_out}") from None
        assert before.splitlines()[0] == after.splitlines()[0]  # the same player to act
    finally:
        again.close()


def test_sigterm_saves_and_restores_the_terminal(tmp_path: Path) -> None:
    term = Terminal([*installed_tawla(), "--seed", "5", "--lang", "en"], tmp_path)
    try:
        term._tmux("set-option", "-t", "t", "remain-on-exit", "on")
        term.wait_for(lambda s: "New match" in s)
        term.keys("Enter")
        term.wait_for(lambda s: "First player" in s)
        term.keys("C-s")
        term.wait_for(lambda s: "Opening roll" in s)
        term.keys("Space")
        term.wait_for(lambda s: any(f"Dice {face}" in s for face in FACES))
        pid = term.pid()
        assert pid is not None
        os.kill(pid, signal.SIGTERM)
        after = term.wait_for(lambda s: "Dice " not in s and "┌13" not in s, timeout=20)
        assert "Traceback" not in after  # left cleanly, the game's screen gone (alternate screen left)
    finally:
        term.close()
    (match_file,) = (tmp_path / "data" / "matches").glob("*.json")
    saved = json.loads(match_file.read_text())
    assert saved["events"][0][0] == "open"


def test_an_arabic_game_typing_moves_with_bar_and_off(tmp_path: Path) -> None:
    """An Arabic game from a set-up position (a checker on the bar against a home board ready to
    bear off), resumed with ``tawla --resume --lang ar``, real dice typed in, and both turns typed
    the way an Arabic keyboard types them: ظ (the / key) opens the prompt, «بارظ٢١، ٦ظ٣» enters
    from the bar, «٣ظخارج ٢ظالخارج» bears off (#13)."""
    from tawla.engine import Position
    from tawla.game import ManualDice, Match, MatchState, Phase, RuleSet
    from tawla.i18n import tr
    from tawla.i18n.bidi import visual
    from tawla.store.files import Paths
    from tawla.store.keeper import Keeper

    def ar(key: str, **params: object) -> str:
        return visual(tr("ar", key, **params), rtl=True)

    # The first player: one on the bar, fourteen on the 6; the second: five each on their 1, 2, 3.
    board = Position.from_counts({25: 1, 6: 14}, {1: 5, 2: 5, 3: 5})
    start = MatchState(rules=RuleSet(), phase=Phase.TURN, board=board, on_roll=0)
    keeper = Keeper(Paths(tmp_path / "config", tmp_path / "data"))
    keeper.start(Match(names=("سامي", "ليلى"), dice=ManualDice(), start=start))
    keeper.release()
    (tmp_path / "config").mkdir(parents=True, exist_ok=True)
    settings = {"preferences": {"step_by_step": False}, "bidi_checked": True}
    (tmp_path / "config" / "settings.json").write_text(json.dumps(settings))
    term = Terminal([*installed_tawla(), "--resume", "--lang", "ar"], tmp_path)

    def saved_steps() -> list[list[object]]:
        (match_file,) = (tmp_path / "data" / "matches").glob("*.json")
        return [event for event in json.loads(match_file.read_text())["events"] if event[0] == "step"]

    def roll(dice: str) -> None:
        """Roll with ق (r on the Arabic layout) and type the dice, in Arabic-Indic digits."""
        term.keys("ق")
        term.wait_for(lambda s: ar("dice.hint") in s)
        term.keys(dice, "Enter")
        term.wait_for(lambda s: ar("panel.dice") in s and any(face in s for face in FACES))

    def typed(move: str, roll: str, steps: int) -> None:
        """Open the prompt with ظ, type ``move`` and play it: saved as ``steps`` steps so far."""
        prompt = ar("typing.title", dice=f"\u2066{roll}\u2069")  # (its title: the move for this roll)
        term.keys("ظ")
        term.wait_for(lambda s: prompt in s)
        term.keys("-l", move)
        term.keys("Enter")
        screen = term.wait_for(lambda s: len(saved_steps()) == steps and prompt not in s)
        if ar("status.confirm") in screen:  # (the turn ends with Enter, by default)
            term.press("Enter")

    try:
        term.wait_for(lambda s: "┌13" in s and ar("status.turn_double") in s)
        roll("٤٣")
        typed("بارظ٢١، ٦ظ٣", "4-3", steps=2)
        assert saved_steps() == [["step", 25, 4], ["step", 6, 3]]  # bar/21 6/3
        roll("٣٢")
        typed("٣ظخارج ٢ظالخارج", "3-2", steps=4)
        assert saved_steps()[2:] == [["step", 3, 3], ["step", 2, 2]]  # 3/off 2/off
    finally:
        term.close()
