"""The installed ``tawla`` in a real terminal: tmux, 80 × 24, keys sent, the screen read back.

A whole game is played the way a new player might: Enter on "New match",
Ctrl+S to start, then Space again and again (Space rolls, picks up the checker
under the cursor, puts it down, ends the turn, closes the game-over card).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(
    TMUX is None and not os.environ.get("TAWLA_REQUIRE_TMUX"), reason="tmux is not installed"
)


class Terminal:
    """One detached tmux session on its own server socket."""

    def __init__(self, command: list[str], width: int = 80, height: int = 24) -> None:
        assert TMUX is not None, "tmux is required (CI installs it)"
        self.socket = f"tawla-test-{uuid.uuid4().hex[:8]}"
        env = f"env LANG=C.UTF-8 TERM=xterm-256color {' '.join(command)}"
        self._tmux("new-session", "-d", "-s", "t", "-x", str(width), "-y", str(height), env)

    def _tmux(self, *args: str) -> str:
        done = subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, timeout=30)
        return done.stdout

    def keys(self, *keys: str) -> None:
        self._tmux("send-keys", "-t", "t", *keys)

    def screen(self) -> str:
        return self._tmux("capture-pane", "-p", "-t", "t")

    def wait_for(self, check: Callable[[str], bool], timeout: float = 20) -> str:
        deadline = time.monotonic() + timeout
        while True:
            text = self.screen()
            if check(text):
                return text
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out; the screen shows:\n{text}")
            time.sleep(0.05)

    def close(self) -> None:
        self._tmux("kill-server")


def installed_tawla() -> list[str]:
    script = Path(sys.executable).with_name("tawla")
    return [str(script)] if script.exists() else [sys.executable, "-m", "tawla"]


def test_a_whole_game_in_a_real_terminal() -> None:
    term = Terminal([*installed_tawla(), "--seed", "37", "--lang", "en"])
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
        rolled = term.wait_for(lambda s: "Dice [" in s)
        assert "your move" in rolled
        final = ""
        for _ in range(3000):
            text = term.screen()
            if "Game over" in text and "wins" in text:
                final = text
                break
            term.keys("Space")
            time.sleep(0.02)
        assert final, "the game did not end"
        assert "Score:" in final and "point" in final
    finally:
        term.close()
