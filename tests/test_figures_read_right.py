"""Figures written one Arabic way (#36, item 8): in Arabic-Indic digits the Arabic decimal
separator everywhere (٨٫٥٤, never ٨.٥٤), the sign read before the number and the percent sign
after it, from the right (tests/helpers/reading.py), on every screen that draws figures.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tawla.analysis import evaluator
from tawla.engine import Position
from tawla.game import Match, MatchState, Phase, RuleSet, ScriptedDice
from tawla.i18n.bidi import visual
from tawla.i18n.words import Words
from tawla.store.files import Paths
from tawla.store.settings import Digits, Preferences, Settings
from tawla.ui.app import TawlaApp
from tawla.ui.screens.game import GameScreen

from .helpers.reading import read_from_the_right
from .helpers.waiting import screen_is, screen_text, wait_until

_WESTERN_DIGIT = re.compile(r"(?<![A-Za-z0-9])[0-9]")


def figure_problems(row: str) -> list[str]:
    """What is wrong with the figures of a drawn row of an Arabic screen in Arabic-Indic digits,
    read from the right: a Western digit, a Western decimal point, a percent sign read before its
    number, a sign read after it."""
    read = read_from_the_right(row)
    problems = []
    if _WESTERN_DIGIT.search(read):
        problems.append("a Western digit")
    if re.search("[٠-٩][.][٠-٩]", read):
        problems.append("a Western decimal point")
    if re.search("[٪%][٠-٩]", read):
        problems.append("a percent sign read before its number")
    if re.search("[٠-٩][−+](?![٠-٩])", read):
        problems.append("a sign read after its number")
    return [f"{p} in {row.strip()!r} (read {read.strip()!r})" for p in problems]


def figures_read_right(app: TawlaApp, *wanted: str) -> str:
    """Every figure on the screen on top reads right (:func:`figure_problems`); each of
    ``wanted`` (a sign that must be among them: ٫, ٪, −, +) is read somewhere."""
    text = screen_text(app)
    problems = [p for row in text.splitlines() for p in figure_problems(row)]
    assert not problems, "\n".join(problems) + "\n" + text
    read = "\n".join(read_from_the_right(row) for row in text.splitlines())
    for sign in wanted:
        assert re.search(f"[٠-٩]{sign}[٠-٩]" if sign == "٫" else f"{sign}[٠-٩]|[٠-٩]{sign}", read), (sign, text)
    return text


@pytest.mark.skipif(evaluator.known_unavailable() is not None, reason="no evaluator here")
async def test_every_figure_reads_one_arabic_way(tmp_path: Path) -> None:
    """Arabic, Arabic-Indic digits: the hint (equities, chances), the card at the end of the
    match (error rates, losses), how the game went (pips a roll) and the players' book (error
    rate, luck): each figure with the Arabic decimal separator, its sign read first and its
    percent after it, from the right."""
    from tawla.ui.screens.book import BookScreen
    from tawla.ui.screens.dialogs import ResultScreen
    from tawla.ui.screens.hint import HintScreen
    from tawla.ui.screens.story import StoryScreen
    from tawla.ui.skill import SkillPanel

    from .test_book_ui import book_shown

    start = MatchState(
        rules=RuleSet(match_length=1), phase=Phase.TURN, board=Position.from_counts({1: 1, 2: 1}, {6: 15})
    )
    match = Match(names=("فاطمة", "خالد"), dice=ScriptedDice([(2, 1)]), start=start)
    prefs = Preferences(digits=Digits.ARABIC_INDIC, step_by_step=False)
    app = TawlaApp(
        lang="ar",
        dice=match.dice,
        match=match,
        settings=Settings(bidi_checked=True, preferences=prefs),
        paths=Paths(tmp_path / "config", tmp_path / "data"),
    )
    async with app.run_test(size=(100, 30)) as pilot:
        game = await screen_is(pilot, GameScreen)
        await pilot.press("ق")
        await wait_until(pilot, lambda: match.state.phase is Phase.MOVING, "the dice rolled")
        await pilot.press("H")
        await screen_is(pilot, HintScreen)
        await wait_until(pilot, lambda: "٪" in screen_text(app), "the hint's chances")
        figures_read_right(app, "٫", "٪", r"\+")
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is game, "the hint closed")
        await pilot.press("ظ", *"٢ظخارج ١ظخارج", "enter")
        card = await screen_is(pilot, ResultScreen)
        await wait_until(
            pilot, lambda: card.query_one("#skill", SkillPanel).shown, "the figures (analysed in a thread)"
        )
        figures_read_right(app, "٫")
        await wait_until(pilot, lambda: app.analyses.recorded == 1, "the figures written for the book")
        await pilot.press("g")
        story = await screen_is(pilot, StoryScreen)
        await wait_until(pilot, lambda: story.skill_news is not None and story.skill_news.done, "the story's figures")
        figures_read_right(app, "٫")
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is card, "back on the card")
        await pilot.press("p")
        await book_shown(pilot)
        assert isinstance(app.screen, BookScreen)
        figures_read_right(app, "٫")


@pytest.mark.parametrize("value", [-0.157, 0.234, -12.5])
def test_a_signed_figure_and_a_percentage_read_from_the_right(value: float) -> None:
    words = Words("ar", arabic_indic=True)
    sign = "−" if value < 0 else "+"
    digits = words.num(f"{abs(value):.3f}").replace(".", "٫")
    assert (
        read_from_the_right(
            visual(words.t("hint.double_equities", nd=words.decimal(value, 3, True), dt="x", dp="y"), rtl=True)
        ).count(sign + digits)
        == 1
    )
    assert (
        read_from_the_right(
            visual(words.t("hint.chances", win=words.percent(62), gammon=words.percent(8)), rtl=True)
        ).count("٦٢٪")
        == 1
    )
    assert words.num("268.7") == "٢٦٨٫٧"  # (the book's figures: one decimal separator)
    western = Words("ar")  # (CLDR's Arabic with Western digits: the signs where English has them)
    assert visual(western.decimal(value, 3, True), rtl=True) == f"{value:+.3f}".replace("-", "−")
