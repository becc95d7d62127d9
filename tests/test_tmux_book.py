"""The players' book in a real terminal (#14): two short matches between remembered names, then
the book shows their tally. Each match is a 1-point match the player on roll resigns after
the opening roll: a whole match in a few keys."""

from __future__ import annotations

import re
from pathlib import Path

from tawla.game import RuleSet
from tawla.store.settings import Preferences, Settings, settings_to_json

from .test_tmux import Terminal, installed_tawla, pytestmark  # noqa: F401  (the skip mark)


def one_point_matches(home: Path) -> None:
    """Settings in ``home``: 1-point matches, moves shown at once."""
    (home / "config").mkdir(parents=True, exist_ok=True)
    settings = Settings(rules=RuleSet(match_length=1), preferences=Preferences(step_by_step=False))
    (home / "config" / "settings.json").write_text(settings_to_json(settings), encoding="utf-8")


def play_and_resign(term: Terminal) -> str:
    """From New match with both names in: start, roll the opening, the player on roll resigns
    a single game and the other accepts; the match-over card once it shows the book's line."""
    term.keys("C-s")
    term.wait_for(lambda s: "Opening roll" in s)
    term.keys("Space")
    term.wait_for(lambda s: "your move" in s or "Resign" in s)
    term.keys("R")
    term.wait_for(lambda s: "resign how much?" in s)
    term.keys("1")
    term.wait_for(lambda s: "a question for you" in s)
    term.keys("y")
    # (down to its hint: Enter closes the card once its first moment is over, #36)
    return term.wait_for(lambda s: "wins the match!" in s and "The book:" in s and "Enter returns to the menu" in s)


def test_two_matches_with_remembered_names_then_the_book(tmp_path: Path) -> None:
    one_point_matches(tmp_path)
    term = Terminal([*installed_tawla(), "--seed", "5", "--lang", "en"], tmp_path)
    try:
        term.wait_for(lambda s: "New match" in s and "Players' book" not in s)
        term.keys("Enter")
        term.wait_for(lambda s: "First player" in s)
        term.keys(*"Ali")
        term.wait_for(lambda s: "Ali" in s)
        term.press("Tab")  # (waited for: letters in the same burst as a Tab reach the first field)
        term.keys(*"Badr")
        term.wait_for(lambda s: "Badr" in s)
        first = play_and_resign(term)
        assert re.search(r"The book: Ali [01] – [01] Badr, this month", first), first
        term.keys("Enter")  # back to the menu

        term.wait_for(lambda s: "New match" in s and "The book:" not in s)
        term.keys("Enter")
        form = term.wait_for(lambda s: "First player" in s and "Ali" in s and "Badr" in s)  # remembered
        assert "1 match" not in form  # (no list until asked for)
        term.keys("Down")  # the known players, Badr (in the other field) left out
        term.wait_for(lambda s: "Ali · 1 match" in s)
        term.keys("Enter")
        term.wait_for(lambda s: "Ali · 1 match" not in s)
        second = play_and_resign(term)
        tally = re.search(r"The book: Ali (\d) – (\d) Badr, this month", second)
        assert tally is not None and int(tally[1]) + int(tally[2]) == 2, second
        term.keys("Enter")

        term.wait_for(lambda s: "New match" in s and "The book:" not in s)
        term.keys("p")
        book = term.wait_for(lambda s: "Head to head" in s and "Ali" in s)
        ali = next(line for line in book.splitlines() if line.strip().startswith("Ali"))
        assert ali.split()[1:3] == ["2", f"{tally[1]}–{tally[2]}"], book  # matches, won–lost
        assert "2 matches" in book
        assert "g Game" in book  # (the footer names the key of the game, #23)

        term.keys("g")  # backgammon's matches: both of them
        term.wait_for(lambda s: "The players' book · all time · matches and money play · Backgammon · 2 matches" in s)
        term.keys("g")  # Plakoto's: none
        term.wait_for(lambda s: "· Plakoto ·" in s and "No match counts here yet." in s)
        term.keys("g", "g", "g")  # Fevga, tavli, then every game again
        again = term.wait_for(lambda s: "Backgammon" not in s and "Plakoto" not in s and "Ali" in s)
        assert "all time · matches and money play · 2 matches" in again, again
    finally:
        term.close()
