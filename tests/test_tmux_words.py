"""The words of issue 36 in a real terminal: the installed ``tawla`` in Arabic under tmux, 80 × 24,
with the keys an Arabic keyboard layout sends.

A 1-point match against the computer, set up at its end and saved, is resumed: the computer bears
its last checker off by itself, and its card says it won by its Arabic name, «الحاسوب» (never
«طاولة», which reads "the board won"). Then New match by keys: Tab to the length (the footer names
its keys), Shift+Tab back to the game, the list of games opened, Plakoto picked by the name a café
knows, «بلاكوتو (المحبوسة)», which the form then shows with a line saying what the game is and the
seeds' caution; Ctrl+S starts it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tawla.analysis.computer import NAME
from tawla.engine import Position
from tawla.game import Match, Phase, RuleSet, SeededDice
from tawla.game.state import MatchState
from tawla.i18n import tr
from tawla.i18n.bidi import visual
from tawla.store import saves
from tawla.ui.keys import ARABIC_LAYOUT

from .test_tmux import Terminal, installed_tawla, pytestmark  # noqa: F401  (the skip mark)

pytest.importorskip("bgsage")


def said(key: str, **params: object) -> str:
    """A catalog text as the terminal shows it in Arabic (laid out by tawla, right to left)."""
    return visual(tr("ar", key, **params), rtl=True)


def computer_at_its_last_checker(home: Path) -> None:
    """An unfinished 1-point match in ``home``: فاطمة against the computer, which is on roll with
    one checker left on its 1-point (any roll bears it off)."""
    rules = RuleSet(match_length=1)
    start = MatchState(rules=rules, phase=Phase.TURN, board=Position.from_counts({1: 1}, {6: 15}), on_roll=1)
    match = Match(rules, ("فاطمة", NAME), SeededDice(3), start=start, computer=frozenset({1}))
    folder = home / "data" / "matches"
    folder.mkdir(parents=True)
    data = saves.to_json(saves.SavedMatch(match, "20261201-184600-abcdef", "2026-12-01T18:46:00+00:00"))
    (folder / "20261201-184600-abcdef.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def test_the_computers_card_and_plakoto_by_its_cafe_name_in_arabic(tmp_path: Path) -> None:
    (tmp_path / "config").mkdir()
    settings = {"bidi_checked": True, "preferences": {"step_by_step": False}}  # (the right to left: tawla's)
    (tmp_path / "config" / "settings.json").write_text(json.dumps(settings))
    computer_at_its_last_checker(tmp_path)
    term = Terminal([*installed_tawla(), "--lang", "ar", "--resume"], tmp_path)
    try:
        won = said("over.match_title", name=tr("ar", "computer.name"))
        card = term.wait_for(lambda s: won in s, what="the computer's card")
        assert visual("فوز طاولة", rtl=True) not in card  # ("the board won")
        back = visual("للعودة إلى القائمة", rtl=True)  # (its hint: its keys work once it has been seen, #36)
        term.wait_for(lambda s: back in s, what="the card's keys")
        term.keys("Enter")  # (the card: back to the menu)
        term.wait_for(lambda s: said("menu.new_match") in s and won not in s, what="the menu")
        term.keys(ARABIC_LAYOUT["n"])
        term.wait_for(lambda s: said("new.player1") in s)
        length_keys = said("key.length_points")  # (the footer, while the length has the focus)
        for _ in range(12):
            term.keys("Tab")
            if length_keys in term.settled():
                break
        else:
            raise AssertionError(f"Tab never reached the length:\n{term.screen()}")
        term.keys("BTab")  # (the game: before the length in the reading order)
        term.settled()
        term.keys("Enter")
        plakoto = said("games.choose.plakoto")
        term.wait_for(lambda s: plakoto in s and said("games.choose.fevga") in s, what="the list of games")
        term.keys("Down")
        term.settled()
        term.keys("Enter")
        about = visual(" ".join(tr("ar", "games.plakoto_help").split()[:3]), rtl=True)
        form = term.wait_for(lambda s: plakoto in s and about in s, what="Plakoto chosen, and said what it is")
        assert said("games.choose.fevga") not in form  # (the list closed on Plakoto)
        term.keys("C-s")
        board = term.wait_for(lambda s: said("banner.opening") in s, what="the Plakoto match")
        assert said("games.plakoto") in board  # (the panel names the game)
    finally:
        term.close()
