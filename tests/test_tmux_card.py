"""The result card in a real terminal (#36, items 10 to 13): the installed ``tawla`` under tmux at
80 × 24 (the :class:`Terminal` of tests/test_tmux.py), in English.

A position set up from its ID (``AwAAGAAAAAAAAA``: two checkers a side on the one point), its
second step, New match, set by keys sent in one burst as a player who knows the form types them:
Tab past the first name and its box to the second seat's box, Space (the computer takes it), Tab
to the game, Tab to the length, 3, Ctrl+S. Then r, and Enter a moment later, as players end
their turns: the last checkers come off by themselves, the card comes up, and that Enter leaves
it there. Once its hint shows, Enter goes on; before the next roll the panel offers the card
again, and v shows it.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from .test_tmux import Terminal, installed_tawla, moves_at_once, pytestmark  # noqa: F401  (the skip mark)

pytest.importorskip("bgsage")  # (the computer's seat)

HABIT = 0.4
"""Seconds between r and the Enter of the habit (the trials measured 0.3 to 0.7): it shapes the
input, nothing read depends on it."""


def test_keys_in_bursts_against_the_computer_and_the_card_that_stays(tmp_path: Path) -> None:
    moves_at_once(tmp_path)
    term = Terminal([*installed_tawla(), "--seed", "5", "--lang", "en"], tmp_path)
    try:
        term.wait_for(lambda s: "New match" in s)
        term.keys("C-p")
        term.wait_for(lambda s: "Search for commands" in s)
        term.keys(*"set up", "Enter")
        term.wait_for(lambda s: "Position ID" in s, what="the set-up form")
        term.keys(*"AwAAGAAAAAAAAA", "Enter", "Enter")  # (the Match ID left empty)
        term.wait_for(lambda s: "players and the rules" in s and "First player" in s, what="its second step")
        term.keys("Tab", "Tab", "Tab", "Space", "Tab", "Tab", "3", "C-s")  # (one burst)
        board = term.wait_for(lambda s: "3-point match" in s and "your turn" in s, what="the match set up")
        assert "tawla" in board  # (the computer's name in its seat)
        term.keys("r")
        time.sleep(HABIT)  # (shapes the input: the Enter of a player ending a turn)
        term.keys("Enter")
        card = term.wait_for(lambda s: "Game over" in s and "Enter starts the next game" in s, what="the card, ready")
        assert "Score:" in card and "Game 1" in card
        term.keys("Enter")
        again = term.wait_for(lambda s: "Game over" not in s and "the card of game 1 again" in s, what="game 2")
        assert "Game 2" in again
        term.keys("v")
        term.wait_for(lambda s: "Game over" in s and "Esc closes it" in s, what="the card again")
        term.keys("Escape")
        term.wait_for(lambda s: "Game over" not in s and "Game 2" in s, what="the card closed")
    finally:
        term.close()
