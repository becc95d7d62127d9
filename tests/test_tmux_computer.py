"""A game against the computer in a real terminal (issue 24): the installed ``tawla`` under tmux at
80 × 24 (the :class:`Terminal` of tests/test_tmux.py), in English and in Arabic with the keys of an
Arabic keyboard layout, played to the end of a 1-point match.

New match as a player sets it up by keys: Tab to the second seat's box, Space (the computer takes
the seat: its name in the field), Tab to the length, 1, Ctrl+S. Then the person plays with Space
(it rolls, picks up, puts down, ends the turn) sent in bursts of five, and r at the hand-over (ق on
an Arabic layout): whatever of a burst is left when the turn ends reaches tawla while the computer
plays, and must do nothing. The computer plays its own turns, never waiting for a key, and the
status line says so meanwhile. The match ends on its card, and the saved history has the computer
in its seat.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tawla.analysis.computer import NAME
from tawla.i18n import tr
from tawla.i18n.bidi import visual
from tawla.store import saves
from tawla.ui.keys import ARABIC_LAYOUT

from .test_computer import plays_of_the_computer_are_its_best
from .test_tmux import Terminal, installed_tawla, moves_at_once, pytestmark  # noqa: F401  (the skip mark)

pytest.importorskip("bgsage")

BURST = 5
"""Spaces sent at once."""


class Player:
    """The person at the keyboard, reading what tawla says in ``lang``."""

    def __init__(self, home: Path, lang: str) -> None:
        moves_at_once(home)
        self.lang = lang
        self.term = Terminal([*installed_tawla(), "--seed", "5", "--lang", lang], home)
        self.arabic = lang == "ar"

    def key(self, letter: str) -> str:
        """A letter key as the player's layout sends it."""
        return ARABIC_LAYOUT[letter] if self.arabic else letter

    def said(self, key: str, **params: object) -> str:
        text = tr(self.lang, key, **params)
        return visual(text, rtl=True) if self.arabic else text


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_game_against_the_computer_in_a_real_terminal(tmp_path: Path, lang: str) -> None:
    me = Player(tmp_path, lang)
    term = me.term
    try:
        if me.arabic:
            term.wait_for(lambda s: "Press 1 or 2" in s)
            term.keys("١")  # (the first start: tawla does the right to left)
        term.wait_for(lambda s: me.said("menu.new_match") in s)
        term.keys(me.key("n"))
        term.wait_for(lambda s: me.said("new.player1") in s)
        # Tab: the second name, the first seat's box, the second's; Space: the computer takes it.
        for key in ("Tab", "Tab", "Tab", "Space"):  # (one at a time: a key after a Tab is for where it goes)
            term.keys(key)
            term.settled()
        computer = me.said("computer.name")
        form = term.wait_for(lambda s: computer in s)
        assert me.said("computer.seat") in form
        for key in ("Tab", "Tab", "١" if me.arabic else "1"):  # (the game, the length: 1 point)
            term.keys(key)
            term.settled()
        term.wait_for(lambda s: me.said("new.points.one") in s)
        term.keys("C-s")
        board = term.wait_for(lambda s: me.said("banner.opening") in s)
        assert computer in board  # (its name in the panel)
        playing = me.said("computer.playing", name=tr(lang, "computer.name"))
        handover = visual("الدور على", rtl=True) if me.arabic else "your turn: r to roll"
        over = visual("للعودة إلى القائمة", rtl=True) if me.arabic else "returns to the menu"
        seen_playing = refused = False
        dead = visual("المكعب ميت", rtl=True) if me.arabic else "The cube is dead"
        text = board
        for _ in range(1000):
            if over in text:
                break
            if playing in text:
                seen_playing = True
                term.keys("Space", me.key("u"), "6", "Space", "BSpace")  # (keys while it plays: nothing)
                text = term.wait_for(lambda s: playing not in s, what="the computer's turn to end")
                continue
            if me.said("status.doubled") in text or me.said("status.doubled_beaver") in text:
                text = term.press(me.key("t"))  # (doubled by the computer: taken)
            elif handover in text and not refused:
                # A 1-point match: the cube is dead from the start, and d says so (#34).
                term.keys(me.key("d"))
                term.wait_for(lambda s: dead in s, what="the dead cube's reason")
                refused = True
                term.keys(me.key("r"))  # (then the roll: the refusal changed nothing)
                text = term.settled()
            elif handover in text:
                term.keys(me.key("r"))
                text = term.settled()
            else:
                term.keys(*["Space"] * BURST)
                text = term.settled()
        else:
            raise AssertionError(f"the match did not end:\n{term.screen()}")
        assert seen_playing, "the status line never said the computer was playing"
        assert refused, "d was never pressed at the person's turn"
    finally:
        term.close()
    # The history has the match, the computer in the second seat, played to its end.
    (saved,) = (tmp_path / "data" / "history").glob("*.json")
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["computer"] == [1] and data["names"][1] == NAME and data["summary"]["finished"] is True
    assert ["double"] not in data["events"], "nobody doubles in a 1-point match"
    # Every turn of the computer's is its own best play: no key of the burst moved a checker for it.
    assert plays_of_the_computer_are_its_best(saves.from_json(data).match) > 5
