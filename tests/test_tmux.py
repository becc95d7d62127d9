"""The installed ``tawla`` in a real terminal: tmux, 80 × 24, keys sent, the screen read back.

A whole game is played the way a new player might: Enter on "New match",
Ctrl+S to start, then Space again and again (Space rolls, picks up the checker
under the cursor, puts it down, ends the turn, closes the game-over card).
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import shlex
import shutil
import signal
import struct
import subprocess
import sys
import termios
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.cells import cell_len

from tawla.ui.match_view import MatchTexts

from .helpers.waiting import WAIT

FACES = MatchTexts.FACES
"""A die in the panel is its face and its number (⚅6)."""
TMUX = shutil.which("tmux")
TIMEOUT = WAIT
"""Seconds any wait on the terminal may take before the test fails (generous: a busy machine)."""
pytestmark = pytest.mark.skipif(
    TMUX is None and not os.environ.get("TAWLA_REQUIRE_TMUX"), reason="tmux is not installed"
)

QUIET = 0.05
"""Seconds tawla must be seen idle before the screen is read: three of Textual's frames (it draws
at most 60 a second), so a key handled whose frame waits for the next tick is not taken for done.
Idle is read from the system (``/proc``), never guessed from the clock: a tawla waiting for the
CPU on a busy machine is runnable, not asleep, and is waited for."""
PROC = Path("/proc/self/io").is_file()
"""What a process does is read from ``/proc`` (Linux)."""
QUIET_AFTER_ESCAPE = 0.25
"""The same after an Esc: Textual keeps a lone Esc 0.1 s (``ESCDELAY``), looking for the key it
may start (Alt+key), before it hands it on; asleep meanwhile, tawla must not look done."""


class Terminal:
    """One detached tmux session on its own server socket.

    The screen is read once tawla has done everything the keys sent asked for (:meth:`quiet`):
    it has read them from its terminal, no thread of it is running or writing a frame, nothing it
    read or wrote has changed for :data:`QUIET` seconds, and tmux has read what it wrote. A frame
    read while tawla was still writing it (or still drawing what a key did) is never mistaken for
    the key's effect, however slow the machine."""

    def __init__(self, command: list[str], home: Path, width: int = 80, height: int = 24) -> None:
        """``home``: the TAWLA_HOME of this run (settings and saved matches), never the user's."""
        assert TMUX is not None, "tmux is required (CI installs it)"
        self.socket = f"tawla-test-{uuid.uuid4().hex[:8]}"
        # (Without COLUMNS and LINES, which a tmux started from a test puts in its environment at
        # 80 × 24: Textual reads them before the terminal's own size, and a pane of another size
        # would be drawn at 80 × 24.)
        env = f"env -u COLUMNS -u LINES LANG=C.UTF-8 TERM=xterm-256color TAWLA_HOME={shlex.quote(str(home))}"
        env += f" {shlex.join(command)}"
        self._tmux("new-session", "-d", "-s", "t", "-x", str(width), "-y", str(height), env)
        server = self._tmux("display-message", "-p", "#{pid}").strip()
        self._server = int(server) if server.isdigit() else None
        self._escape = False
        """The last key sent was an Esc (see :data:`QUIET_AFTER_ESCAPE`)."""
        self._known: tuple[int, str] | None = None
        """The pane's process and terminal, as last asked."""
        self._last: tuple[tuple[int, int], str] | None = None
        """What tawla had read and written when the screen was last read once quiet, and that screen."""

    def _tmux(self, *args: str) -> str:
        done = subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, timeout=30)
        return done.stdout

    def keys(self, *keys: str) -> None:
        self._tmux("send-keys", "-t", "t", *keys)
        self._last = None  # (the screen must be read again, once tawla is quiet)
        if keys:
            self._escape = keys[-1] in ("Escape", "C-[")

    def screen(self, styles: bool = False) -> str:
        """The text on screen now (with its colours and styles as escape sequences if ``styles``),
        whatever tawla is doing: to read what tawla shows, see :meth:`settled` and :meth:`wait_for`."""
        return self._tmux("capture-pane", "-p", *(["-e"] if styles else []), "-t", "t")

    def history(self) -> str:
        """Everything the pane shows and has scrolled out of view (once the program has ended,
        tmux writes its "Pane is dead" line below what it left, and the top line may scroll off)."""
        return self._tmux("capture-pane", "-p", "-S", "-", "-t", "t")

    def press(self, key: str, timeout: float = TIMEOUT) -> str:
        """Send a key and return the screen once it shows the key's effect, so the next decision
        is made on what the key did, never on a screen drawn before it. Every key pressed this
        way must change the screen (its text, colours or styles): one that has not after
        ``timeout`` seconds fails the test. For a key that may change nothing visible, send it
        with :meth:`keys` and wait with :meth:`wait_for` for what must follow."""
        before = self._read(timeout)[0]
        self.keys(key)
        return self._settled(lambda styled, _: styled != before, timeout, f"pressing {key!r} changed nothing")

    def wait_for(
        self, check: Callable[[str], bool], timeout: float = TIMEOUT, what: str | Callable[[], str] = "timed out"
    ) -> str:
        """The screen's text once ``check`` accepts it (read with tawla quiet: see :meth:`quiet`);
        fails the test, saying ``what`` was awaited (a text, or a function that says what it
        sees) and showing the screen, if that has not happened within ``timeout`` seconds."""
        return self._settled(lambda _, text: check(text), timeout, what)

    def settled(self, timeout: float = TIMEOUT) -> str:
        """The screen's text once tawla is quiet (the keys sent have been handled and drawn)."""
        return self._read(timeout)[1]

    def _settled(self, check: Callable[[str, str], bool], timeout: float, failure: str | Callable[[], str]) -> str:
        """The screen's text once read with tawla quiet and ``check(styled, text)`` accepts it."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                styled, text = self._read(max(deadline - time.monotonic(), QUIET))
            except AssertionError as never_quiet:
                said = failure() if callable(failure) else failure
                raise AssertionError(f"{said} within {timeout:g} s: {never_quiet}") from None
            if check(styled, text):
                return text
            if time.monotonic() > deadline:
                said = failure() if callable(failure) else failure
                raise AssertionError(f"{said} within {timeout:g} s; the screen shows:\n{text}")

    def _read(self, timeout: float) -> tuple[str, str]:
        """The screen (styled, and as text) once tawla is quiet, and nothing it does has changed
        while it was read (else it is read again)."""
        deadline = time.monotonic() + timeout
        if not PROC:
            return self._read_without_proc(deadline)
        while True:
            pane = self._pane()
            last = self._last
            if last is not None and self._activity(pane) == last[0]:
                marks: tuple[int, int] | str = last[0]  # (quiet since the screen was last read)
            else:
                marks = self.quiet(max(deadline - time.monotonic(), 0.0), pane)
            styled, text = self.screen(styles=True), self.screen()
            if self._activity(pane) == marks:
                self._last = (marks, styled) if isinstance(marks, tuple) else None
                return styled, text
            self._last = None
            if time.monotonic() > deadline:
                raise AssertionError(f"tawla drew while its screen was read, for {timeout:g} s:\n{text}")

    def _read_without_proc(self, deadline: float) -> tuple[str, str]:
        """Without ``/proc`` (not Linux), only a guess: the screen once two captures in a row are
        the same. CI runs on Linux."""
        last = None
        while True:
            styled = self.screen(styles=True)
            if styled == last or time.monotonic() > deadline:
                return styled, self.screen()
            last = styled
            time.sleep(0.01)

    def quiet(self, timeout: float = TIMEOUT, pane: tuple[int, str] | None = None) -> tuple[int, int] | str:
        """Wait until tawla has done what the keys sent asked for: it has read them all, no
        thread of it is running, or writing to the terminal, and what it has read and written
        (``/proc/PID/io``) has not changed for :data:`QUIET` seconds (:data:`QUIET_AFTER_ESCAPE`
        after an Esc); tmux is not running either (it has read every frame). Returns those
        figures (or ``"gone"`` once tawla has ended). Fails the test, saying why, if tawla has
        not been quiet within ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        if pane is None:
            pane = self._pane()
        window = QUIET_AFTER_ESCAPE if self._escape else QUIET
        since: float | None = None
        marks: tuple[int, int] | str | None = None
        why = "not looked at yet"
        while True:
            now = time.monotonic()
            seen = self._activity(pane)
            if isinstance(seen, tuple):
                if seen != marks:
                    since, marks = now, seen
                why = f"tawla read or wrote something in the last {window:g} s"
            elif seen != "gone":
                since, marks, why = None, None, seen
            if seen == "gone" or (since is not None and now - since >= window):
                if not self._server_busy():
                    self._escape = False
                    return seen
                why = "tmux is still reading what tawla wrote"
            if now > deadline:
                raise AssertionError(
                    f"tawla was not quiet for {window:g} s within {timeout:g} s ({why}); the screen shows:\n"
                    + self.screen()
                )
            time.sleep(0.005)

    def _pane(self) -> tuple[int, str] | None:
        """The pane's process and terminal (None once the pane is dead); asked of tmux again
        once the process known has ended (the pane may have been started again)."""
        if self._known is not None and self._activity(self._known) != "gone":
            return self._known
        pane = self._tmux("display-message", "-p", "-t", "t", "#{pane_pid} #{pane_tty} #{pane_dead}").split()
        if len(pane) != 3 or pane[2] == "1" or not pane[0].isdigit():
            self._known = None
            return None
        self._known = int(pane[0]), pane[1]
        return self._known

    @staticmethod
    def _activity(pane: tuple[int, str] | None) -> tuple[int, int] | str:
        """What tawla has written and read so far (bytes, from ``/proc/PID/io``) if it is asleep
        with nothing to do: every key sent read from its terminal, no thread running (or
        runnable, waiting for the CPU) or writing. Else why not, or ``"gone"`` once it has ended.
        Read from ``/proc`` alone: a tmux command would wake the tmux server it watches."""
        if pane is None:
            return "gone"
        pid, tty = pane
        proc = Path(f"/proc/{pid}")
        try:
            if _state(proc) in ("Z", "X"):
                return "gone"
            for task in (proc / "task").iterdir():
                state = _state(task)
                if state in ("Z", "X"):
                    continue
                if state != "S":
                    return f"thread {task.name} of tawla is {state} (running, or waiting for the CPU)"
                wchan = (task / "wchan").read_text().strip()
                if wchan == "wait_woken" or "write" in wchan or "tty" in wchan:
                    return f"thread {task.name} of tawla is writing to its terminal ({wchan})"
            io = dict(line.split(": ", 1) for line in (proc / "io").read_text().splitlines())
        except (FileNotFoundError, ProcessLookupError):
            return "gone"
        unread = _unread(tty)
        if unread:
            return f"{unread} bytes of keys not read yet"
        return int(io["wchar"]), int(io["rchar"])

    def _server_busy(self) -> bool:
        """The tmux server is running (reading what tawla wrote, among others)."""
        if self._server is None:
            return False
        try:
            return Path(f"/proc/{self._server}/stat").read_text().rsplit(")", 1)[1].split()[0] == "R"
        except (FileNotFoundError, ProcessLookupError):
            return False

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
        if pid is not None and not _gone(pid, timeout=TIMEOUT):
            os.kill(pid, signal.SIGKILL)
            raise AssertionError(f"tawla (pid {pid}) was still running {TIMEOUT:g} s after its terminal closed")


def _state(proc: Path) -> str:
    """The state of a process or thread (``/proc/PID/stat``): R running, S asleep, Z ended..."""
    return (proc / "stat").read_text().rsplit(")", 1)[1].split()[0]


def _unread(tty: str) -> int:
    """Bytes sent to the terminal ``tty`` that the program in it has not read yet (0 if unknown)."""
    try:
        fd = os.open(tty, os.O_RDONLY | os.O_NOCTTY | os.O_NONBLOCK)
    except OSError:
        return 0
    try:
        return struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0"))[0]
    except OSError:
        return 0
    finally:
        os.close(fd)


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


@pytest.mark.slow
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
        text = rolled
        for _ in range(3000):
            if "Game over" in text and "wins" in text:
                final = text
                break
            text = term.press(next_key(text))
        assert final, "the game did not end"
        assert "Score:" in final and "point" in final
        after_the_card(term, "en", roll="r", resume="c")
    finally:
        term.close()


def after_the_card(term: Terminal, lang: str, roll: str, resume: str) -> None:
    """On the card of a game just over: Ctrl+W (the footer says so) goes back to the menu, the
    match on the Resume list; resumed, the card is there again; Enter pressed twice on it starts
    the next game, which waits for its own roll key (the second Enter rolls nothing); ``roll``
    (r, or the Arabic layout's ق) rolls it."""
    from tawla.i18n import tr
    from tawla.i18n.bidi import visual

    def says(key: str, **params: object) -> str:
        """The longest piece of a catalog text around its parameters (``@``), as drawn."""
        text = tr(lang, key, **{name: "@" for name in params})
        shown = visual(text, rtl=True) if lang == "ar" else text
        return max(
            (piece.strip(" .:،") for piece in shown.replace("\u2068", "").replace("\u2069", "").split("@")), key=len
        )

    card, menu, title = says("over.title"), says("menu.new_match"), says("resume.title")
    term.keys("C-w")
    term.wait_for(lambda s: menu in s and card not in s, what="Ctrl+W on the card: the menu")
    term.keys(resume)  # (c, or ؤ on an Arabic layout: Resume)
    term.wait_for(lambda s: title in s, what="the match on the Resume list")
    term.keys("Enter")
    term.wait_for(lambda s: card in s and says("over.hint") in s, what="the match resumed, on its card")
    term.keys("Enter", "Enter")  # (in one burst, as a key pressed twice)
    waiting = (says("status.opening_handover"), says("status.handover", name=1))
    still = term.wait_for(
        lambda s: card not in s and any(w in s for w in waiting), what="the next game, waiting for its roll"
    )
    game_two = tr(lang, "panel.game", number=2)
    assert (visual(game_two, rtl=True) if lang == "ar" else game_two) in still, still
    assert not any(face in still for face in FACES), f"the second Enter rolled the next game's dice:\n{still}"
    rolled = term.press(roll)
    assert not any(w in rolled for w in waiting), f"{roll} did not roll:\n{rolled}"
    a_part_typed(term, lang, rolled, says)


def a_part_typed(term: Terminal, lang: str, rolled: str, says: Callable[..., str]) -> None:
    """The opening roll of a game (two dice, never a double) played by typing one move at a
    time: the prompt takes one die's move (``8/2`` for a 6: from the starting position 8 to
    any point below it is open) and asks for the rest, then takes the other die's. Depends on
    the typed partial moves of #21 (``typing.title_rest``)."""
    from tawla.i18n import tr
    from tawla.i18n.bidi import visual

    dice_label = visual(tr(lang, "panel.dice"), rtl=True) if lang == "ar" else tr(lang, "panel.dice")
    line = next((row for row in rolled.splitlines() if dice_label in row), "")
    dice = sorted((FACES.index(face) + 1 for face in line if face in FACES), reverse=True)
    assert len(dice) == 2 and dice[0] != dice[1], f"the opening roll's dice:\n{rolled}"
    digits = "٠١٢٣٤٥٦٧٨٩" if lang == "ar" else "0123456789"  # (an Arabic player types Arabic-Indic digits)

    def move(die: int) -> str:
        return f"{digits[8]}/{digits[8 - die]}"

    rest = says("typing.title_rest", dice=1, left=1)
    term.keys(":")
    term.wait_for(lambda s: says("typing.title", dice=1) in s, what="the move prompt")
    term.keys("-l", move(dice[0]))
    term.keys("Enter")
    term.wait_for(lambda s: rest in s, what=f"{move(dice[0])} played, and the prompt asking for the rest")
    term.keys("-l", move(dice[1]))
    term.keys("Enter")
    term.wait_for(lambda s: rest not in s and says("typing.title", dice=1) not in s, what="the whole roll typed")


@pytest.mark.slow
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
        tagline = tr("ar", "menu.tagline")  # (two lines in the menu's card: its first words)
        assert visual(tagline.split(":")[0] + ":", rtl=True) in menu
        term.keys("ى")  # n on the Arabic layout: a new match
        term.wait_for(lambda s: ar("new.player1") in s)
        term.keys("C-s")
        board = term.wait_for(lambda s: ar("banner.opening") in s)
        lines = board.splitlines()
        # (columns, not characters: a vowel mark, as in the footer's «ارمِ», takes none)
        assert len(lines) == 24 and all(cell_len(line) <= 80 for line in lines), board
        match_line = visual(tr_n("ar", "panel.match", 5), rtl=True)
        assert match_line in board and "┌13─14" in board
        assert lines[2].index(match_line) < lines[2].index("┌")  # the panel on the left
        term.keys("ق")  # r on the Arabic layout: the opening roll
        rolled = term.wait_for(lambda s: ar("panel.dice") in s and any(face in s for face in FACES))
        assert visual(tr("ar", "banner.moving", name="x").replace("x", ""), rtl=True).strip(" —") in rolled

        def board_rows(screen: str) -> list[str]:
            return [line[line.index("│") :] for line in screen.splitlines() if "│" in line]

        term.keys("٦")  # an Arabic-Indic digit plays that die from the cursor
        text = term.wait_for(lambda s: board_rows(s) != board_rows(rolled))
        # The game-over card's score line ("النتيجة: …", shaped and reversed); the panel's
        # "النتيجة" heading has no colon, so the card is really there, not half drawn.
        score_line = visual(tr("ar", "over.score", a="x", sa="0", b="y", sb="1"), rtl=True)[-9:]
        final = ""
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
        after_the_card(term, "ar", roll="ق", resume="ؤ")
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
        after = term.wait_for(lambda s: "Dice " not in s and "┌13" not in s)
        assert "Traceback" not in after  # left cleanly, the game's screen gone (alternate screen left)
    finally:
        term.close()
    (match_file,) = (tmp_path / "data" / "matches").glob("*.json")
    saved = json.loads(match_file.read_text())
    assert saved["events"][0][0] == "open"


def test_a_cafe_match_in_arabic_typed_with_bar_and_off_to_its_end(tmp_path: Path) -> None:
    """A café 1-point match in Arabic from a set-up position near its end (خالد on the bar, فاطمة
    with two checkers left), resumed with ``tawla --resume --lang ar``, real dice typed in, and
    both turns typed the way an Arabic keyboard types them: ظ (the / key) opens the prompt,
    «بارظ٢١، ٦ظ٣» enters from the bar, «٢ظخارج ١ظالخارج» bears off the last two (#13). Each
    typed line and each last move is read back from the right, as a reader reads it: the move as
    it will be («بار←٢١»), the roll with its café name, the 4 of 4-3 first (#36)."""
    from tawla.engine import Position
    from tawla.game import ManualDice, Match, MatchState, Phase
    from tawla.game.rules import preset
    from tawla.i18n import tr
    from tawla.i18n.bidi import visual
    from tawla.store.files import Paths
    from tawla.store.keeper import Keeper

    from .helpers.reading import logical, read_from_the_right

    def ar(key: str, **params: object) -> str:
        return visual(tr("ar", key, **params), rtl=True)

    def squashed(text: str) -> str:
        return "".join(text.split())

    def read(rows: list[str]) -> str:
        """Rows read from the right, one after the other, without their spaces."""
        return squashed("".join(read_from_the_right(row) for row in rows))

    def panel(screen: str) -> list[str]:
        """The panel's rows: left of its rule (▕), the board on its right."""
        return [row.split("▕")[0] for row in screen.splitlines() if "▕" in row]

    # خالد (on roll): one on the bar, fourteen on his 6; فاطمة: one on each of her 1 and 2.
    board = Position.from_counts({25: 1, 6: 14}, {1: 1, 2: 1})
    start = MatchState(rules=preset("cafe", 1), phase=Phase.TURN, board=board, on_roll=1)
    keeper = Keeper(Paths(tmp_path / "config", tmp_path / "data"))
    keeper.start(Match(names=("فاطمة", "خالد"), dice=ManualDice(), start=start))
    keeper.release()
    (tmp_path / "config").mkdir(parents=True, exist_ok=True)
    # (a forced play typed too: bearing the last two off is the only play of 2-1)
    settings = {"preferences": {"step_by_step": False, "auto_forced": False}, "bidi_checked": True}
    (tmp_path / "config" / "settings.json").write_text(json.dumps(settings))
    term = Terminal([*installed_tawla(), "--resume", "--lang", "ar"], tmp_path)

    def saved_steps() -> list[list[object]]:
        files = [*(tmp_path / "data" / "matches").glob("*.json"), *(tmp_path / "data" / "history").glob("*.json")]
        return [event for event in json.loads(files[0].read_text())["events"] if event[0] == "step"]

    def roll(dice: str) -> None:
        """Roll with ق (r on the Arabic layout) and type the dice, in Arabic-Indic digits."""
        term.keys("ق")
        term.wait_for(lambda s: ar("dice.hint") in s)
        term.keys(dice, "Enter")
        term.wait_for(lambda s: ar("panel.dice") in s and any(face in s for face in FACES))

    def typed(move: str, shown: str, roll: str, steps: int) -> str:
        """Open the prompt with ظ, type ``move``: its line reads ``shown`` from the right, after
        the prompt's title; play it (saved as ``steps`` steps so far) and return the screen."""
        title = squashed(logical(tr("ar", "typing.title", dice=roll)))  # (its roll read from the right too)

        def prompt(screen: str) -> str:
            return next((row for row in screen.splitlines() if title in read([row])), "")

        term.keys("ظ")
        term.wait_for(lambda s: bool(prompt(s)), what=f"the prompt, its title reading {title!r}")
        term.keys("-l", move)
        screen = term.wait_for(lambda s: title + shown in read([prompt(s)]), what=f"{move!r} reading {shown!r}")
        assert not re.search("[ظﻅﻆﻇﻈ]", prompt(screen)), prompt(screen)  # (drawn as the move it will be)
        term.keys("Enter")
        return term.wait_for(lambda s: len(saved_steps()) == steps and not prompt(s), what=f"{move!r} played")

    def last(name: str, roll: str, called: str, play: str) -> str:
        """The panel's last move, as it must read from the right."""
        return squashed(logical(tr("ar", "panel.last", name=name, dice=f"{roll} ({called})", play=play)))

    try:
        term.wait_for(lambda s: "┌12" in s and ar("status.turn") in s)  # (خالد on roll, فاطمة at the bottom)
        roll("٤٣")
        screen = typed("بارظ٢١، ٦ظ٣", "بار←٢١،٦←٣", "4-3", steps=2)
        assert saved_steps() == [["step", 25, 4], ["step", 6, 3]]  # bar/21 6/3
        if ar("status.confirm") in screen or ar("status.confirm_lost") in screen:  # (the turn ends with Enter)
            screen = term.press("Enter")
        wanted = last("خالد", "4-3", "جهار سه", "بار←21 6←3")
        assert wanted in read(panel(screen)), f"the last move does not read {wanted!r}:\n{screen}"
        roll("٢١")
        typed("٢ظخارج ١ظالخارج", "٢←خارج١←الخارج", "2-1", steps=4)
        assert saved_steps()[2:] == [["step", 2, 2], ["step", 1, 1]]  # 2/off 1/off: the match is over
        won = squashed(logical(tr("ar", "over.match_title", name="فاطمة")))
        term.wait_for(lambda s: won in read(s.splitlines()), what=f"the card of the match's end, reading {won!r}")
    finally:
        term.close()
