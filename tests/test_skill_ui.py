"""How well each player played, in the screens (#24): the result cards, how a game went, the
replay, the players' book. The figures are :func:`tawla.analysis.skill.analyse`'s, made in a
worker thread (tawla/ui/skill.py) that no key waits for."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from tawla.analysis import evaluator
from tawla.analysis.skill import Analysis, Kind, analyse
from tawla.engine import Position
from tawla.game import Match, Phase, RuleSet, ScriptedDice
from tawla.game.state import MatchState
from tawla.i18n import tr
from tawla.i18n.bidi import visual
from tawla.i18n.words import Words
from tawla.store.book import open_book
from tawla.store.files import Paths
from tawla.store.records import add_skill, read_record
from tawla.store.settings import Settings
from tawla.ui.app import TawlaApp
from tawla.ui.screens.dialogs import ResultScreen
from tawla.ui.screens.game import GameScreen
from tawla.ui.screens.replay import ReplayScreen
from tawla.ui.screens.story import PipLine, StoryScreen
from tawla.ui.skill import FIGURE_LINES, SkillPanel, SkillWords, analyse_by_game, texts_of

from .helpers.waiting import screen_is, screen_text, wait_until
from .test_snapshots import midgame

pytestmark = pytest.mark.skipif(evaluator.known_unavailable() is not None, reason="no evaluator here")


def app_for(match: Match | None = None, lang: str = "en", paths: Paths | None = None) -> TawlaApp:
    dice = match.dice if match is not None else None
    return TawlaApp(lang=lang, dice=dice, match=match, settings=Settings(bidi_checked=True), paths=paths)


def same(a: Analysis, b: Analysis) -> bool:
    return a.decisions == b.decisions and a.unjudged == b.unjudged


async def card_over(pilot: Pilot[Any]) -> tuple[ResultScreen, SkillPanel]:
    """Double and pass (the game is over): the card and its figures' panel."""
    await screen_is(pilot, GameScreen)
    await pilot.press("d", "p")
    card = await screen_is(pilot, ResultScreen)
    return card, card.query_one("#skill", SkillPanel)


# -- the result cards ---------------------------------------------------------------------------


async def test_the_game_over_card_shows_each_players_figures_as_the_analysis_has_them() -> None:
    match = midgame("en", moves=20)
    app = app_for(match)
    async with app.run_test(size=(100, 40)) as pilot:
        _, panel = await card_over(pilot)
        await wait_until(pilot, lambda: panel.shown, "the figures (analysed in a thread)")
        wanted = analyse(match)
        assert panel.analysis is not None and same(panel.analysis, wanted)
        said = SkillWords(app.words, texts_of(app, match), match.names)
        text = screen_text(app)
        for player in (0, 1):
            skill = wanted.skill(player, 1)
            assert skill.decisions > 0
            assert said.rate(skill) in text and said.loss(skill.checker_loss) in text
            assert said.worst(player, skill, False) in text  # (the better play, in the mover's numbering)
            total = sum(d.loss for d in wanted.decisions if d.player == player)
            assert skill.loss == pytest.approx(total)  # (the totals shown are the sum of the moves' losses)
        flowing = " ".join(line.strip(" │") for line in text.splitlines())  # (the legend takes two lines here)
        assert said.legend() in flowing and "0.04" in said.legend()


async def test_keys_work_on_the_card_while_it_analyses_and_it_does_not_move(monkeypatch: pytest.MonkeyPatch) -> None:
    go = threading.Event()

    def held(*args: Any, **kwargs: Any) -> Analysis:
        assert go.wait(120), "never let go"
        return analyse_by_game(*args, **kwargs)

    monkeypatch.setattr("tawla.ui.skill.analyse_by_game", held)
    match = midgame("en", moves=20)
    app = app_for(match)
    async with app.run_test(size=(100, 40)) as pilot:
        card, panel = await card_over(pilot)
        analysing = tr("en", "skill.analysing", percent=0)
        await wait_until(pilot, lambda: analysing in screen_text(app), "the card says it is analysing")
        await wait_until(pilot, lambda: card.query_one("#hint").region.height > 0, "the card laid out")
        hint_at = card.query_one("#hint").region
        assert panel.region.height == FIGURE_LINES  # (the figures' room, kept from the start)
        await pilot.press("g")  # how the game went, while the analysis runs
        await screen_is(pilot, StoryScreen)
        await wait_until(pilot, lambda: analysing in screen_text(app), "the story says it is analysing too")
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is card, "back on the card")
        go.set()
        await wait_until(pilot, lambda: panel.shown, "the figures")
        await wait_until(pilot, lambda: panel.region.height == FIGURE_LINES, "the figures in their room")
        assert card.query_one("#hint").region == hint_at  # (nothing under the keys moved)
        await pilot.press("enter")  # the next game
        await wait_until(pilot, lambda: match.state.phase is not Phase.GAME_OVER, "the next game")


async def test_no_evaluator_says_why_on_the_card(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(evaluator, "_sage", None)
    monkeypatch.setattr(evaluator, "_why", "not_installed")
    match = midgame("en", moves=20)
    app = app_for(match)
    async with app.run_test(size=(100, 40)) as pilot:
        _, panel = await card_over(pilot)
        await wait_until(pilot, lambda: panel.shown, "the line")
        why = tr("en", "evaluator.none.not_installed", package=evaluator.PACKAGE)
        assert panel.analysis is None and panel.news is not None and panel.news.why == "not_installed"
        assert " ".join(why.split()[:6]) in " ".join(screen_text(app).split())


def plakoto_over() -> Match:
    """A Plakoto game one step from its end."""
    import random

    from tawla.engine.games import plays_of
    from tawla.game import SeededDice

    rules = RuleSet().adjusted(game="plakoto", match_length=3)
    rng = random.Random(3)
    match = Match(rules, ("Ali", "Badr"), SeededDice(3))
    match.roll_opening()
    while match.state.phase is not Phase.GAME_OVER:
        if match.state.phase is Phase.TURN:
            match.roll()
        turn = match.state.turn
        assert turn is not None
        match.play(rng.choice(plays_of(match.state.variant, turn.start, turn.roll)))
        if match.state.phase is Phase.MOVING:
            match.confirm()
    return match


async def test_a_plakoto_game_is_judged_by_tawlas_own_evaluator_and_the_card_says_so() -> None:
    match = plakoto_over()
    app = app_for(match)
    async with app.run_test(size=(100, 40)) as pilot:
        card = await screen_is(pilot, ResultScreen)
        panel = card.query_one("#skill", SkillPanel)
        await wait_until(pilot, lambda: panel.shown, "the figures")
        assert panel.analysis is not None and panel.analysis.skill(0).plays > 0
        said = tr("en", "evaluator.judged_by", evaluator=tr("en", "evaluator.own.plakoto"))
        await wait_until(pilot, lambda: said in " ".join(screen_text(app).split()), "whose figures they are")


# -- the match over: the figures go into the history file for the book ---------------------------


def last_step_match() -> Match:
    """A 1-point match one step from its end (the player on roll bears off the last checker)."""
    start = MatchState(rules=RuleSet(match_length=1), phase=Phase.TURN, board=Position.from_counts({1: 1}, {6: 15}))
    return Match(names=("Ali", "Badr"), dice=ScriptedDice([(2, 1)]), start=start)


async def test_the_match_over_card_writes_the_figures_into_the_history_file(tmp_path: Path) -> None:
    paths = Paths(tmp_path / "config", tmp_path / "data")
    match = last_step_match()
    app = app_for(match, paths=paths)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("space")
        card = await screen_is(pilot, ResultScreen)
        await wait_until(pilot, lambda: card.query_one("#skill", SkillPanel).shown, "the figures")
        await wait_until(pilot, lambda: app.analyses.recorded == 1, "the figures written into the history file")
    (file,) = (paths.data / "history").glob("*.json")
    record = read_record(file)
    assert record is not None
    wanted = analyse(match)
    for player in (0, 1):
        skill = wanted.skill(player)
        assert record.sides[player].judged == skill.decisions
        assert record.sides[player].equity_lost == round(1000 * skill.loss)
    assert json.loads(file.read_text("utf-8"))["skill"]["events"] == len(match.events)
    assert (record.sides[0].rolls, record.sides[0].pips) == (1, 3)  # (the luck: one roll of 2-1)
    book = open_book(paths)
    ali = next(line for line in book.standings().players if line.person.name == "Ali")
    assert ali.figures.luck == pytest.approx(3 - 49 / 6)


# -- how a game went -------------------------------------------------------------------------------


async def test_the_story_says_each_players_skill_beside_the_luck_and_marks_the_worst_moment() -> None:
    match = midgame("en", moves=30)
    app = app_for()
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.app.push_screen(StoryScreen(match))
        story = await screen_is(pilot, StoryScreen)
        await wait_until(pilot, lambda: story.skill_news is not None and story.skill_news.done, "the analysis")
        wanted = analyse(match)
        said = SkillWords(app.words, texts_of(app, match), match.names)
        text = screen_text(app)
        for key, least in (("doubtful", "0.04"), ("bad", "0.08"), ("very_bad", "0.16")):
            assert tr("en", f"skill.row.{key}", least=least) in text  # (the thresholds said)
        assert tr("en", "story.luck") in text and tr("en", "skill.row.rate") in text
        for player in (0, 1):
            skill = wanted.skill(player, 1)
            assert said.worst(player, skill, False) in text
            worst = skill.worst
            assert worst is not None
            index = worst.turn if worst.kind is Kind.PLAY else worst.turn - 1
            assert story.query_one(f"#line{player}", PipLine).mark == index  # (from the left in English)


async def test_the_story_marks_the_worst_moment_from_the_right_in_arabic() -> None:
    match = midgame("ar", moves=30)
    app = app_for(lang="ar")
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.app.push_screen(StoryScreen(match))
        story = await screen_is(pilot, StoryScreen)
        await wait_until(pilot, lambda: story.skill_news is not None and story.skill_news.done, "the analysis")
        worst = analyse(match).skill(0, 1).worst
        assert worst is not None
        index = worst.turn if worst.kind is Kind.PLAY else worst.turn - 1
        count = len(story.story.games[0].pips)
        assert story.query_one("#line0", PipLine).mark == count - 1 - index


@pytest.mark.parametrize("lang", ["en", "ar"])
async def test_at_80_columns_the_storys_figures_are_whole_and_their_names_cut_at_their_end(lang: str) -> None:
    """A tmux trial read «…حت المعدّل» at 80 × 24: the luck's cell cut on its left, its number gone
    (and "8 pips belo…" in English). The figures stay whole; a figure's name is cut at its end."""
    match = midgame(lang, moves=30)
    app = app_for(lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.app.push_screen(StoryScreen(match))
        story = await screen_is(pilot, StoryScreen)
        await wait_until(pilot, lambda: story.skill_news is not None and story.skill_news.done, "the analysis")
        game = story.story.games[0]
        for player in (0, 1):
            luck = story.luck(game.luck(player))
            shown = visual(luck, rtl=True) if lang == "ar" else luck
            await wait_until(
                pilot,
                lambda shown=shown: shown in screen_text(app),
                lambda luck=luck: f"{luck!r} whole: {screen_text(app)}",
            )
        first = tr(lang, "skill.row.rate").split()[0]  # (a name cut keeps its first word)
        assert (visual(first, rtl=True) if lang == "ar" else first) in screen_text(app)


# -- the replay ------------------------------------------------------------------------------------


async def test_the_replay_says_each_moves_loss_and_the_better_play_on_request() -> None:
    match = midgame("en", moves=30)
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.app.push_screen(ReplayScreen(match))
        replay = await screen_is(pilot, ReplayScreen)
        await wait_until(pilot, lambda: replay.skill_news is not None and replay.skill_news.done, "the analysis")
        wanted = analyse(match)
        graded = [d for d in wanted.decisions if d.kind is Kind.PLAY and d.grade is not None]
        assert graded
        target = graded[0]
        for _ in range(400):  # step on to the end of that turn
            shown = replay.decision_shown()
            if shown == target:
                break
            wanted_frame = replay.frame + 1
            await pilot.press("right")
            await wait_until(pilot, lambda: replay.frame == wanted_frame, "a step on")  # noqa: B023
        assert replay.decision_shown() == target
        said = SkillWords(app.words, texts_of(app, match), match.names)
        status = replay.query_one("#status", Static)
        loss = tr(
            "en",
            "skill.replay.loss_graded",
            loss=said.loss(target.loss),
            grade=said.grade(target),
            mark=said.mark(target),
        )
        await wait_until(pilot, lambda: loss in screen_text(app), "the move's loss and grade")
        better = tr("en", "skill.replay.better", best=said.choice(target, target.best))
        assert better not in screen_text(app)
        await pilot.press("w")
        await wait_until(pilot, lambda: better in screen_text(app), "the better play, on w")
        await pilot.press("ص")  # (the same key on the Arabic layout: said no more)
        await wait_until(pilot, lambda: better not in screen_text(app), "the better play gone again")
        assert status.is_attached
        marks = replay._marks()
        assert said.mark(target) in marks  # (the panel marks the move)


# -- the players' book -----------------------------------------------------------------------------


def test_the_book_averages_the_error_rate_over_the_matches_analysed_and_dashes_the_rest(tmp_path: Path) -> None:
    from tawla.cli.book import table
    from tawla.store.book import Period

    from .test_book_ui import history

    paths = history(tmp_path)  # Ali and Badr: m1, m2, m4; none analysed yet
    book = open_book(paths)
    ali = next(line for line in book.standings().players if line.person.name == "Ali")
    assert ali.figures.error_rate is None  # (and no luck either: these matches were resigned before a roll)
    assert "–" in "\n".join(table(book, book.standings(), "en"))
    files = paths.data / "history"
    m1 = json.loads((files / "m1.json").read_text("utf-8"))
    m2 = json.loads((files / "m2.json").read_text("utf-8"))
    assert add_skill(files / "m1.json", len(m1["events"]), (300, 100), (10, 5), "test")
    assert add_skill(files / "m2.json", len(m2["events"]), (100, 0), (10, 4), "test")  # (Ali is player 0 in both)
    assert not add_skill(files / "m4.json", 999, (1, 1), (1, 1), "test")  # (another match's events: refused)
    book = open_book(paths)  # (the index reads the two files again: their figures)
    ali = next(line for line in book.standings().players if line.person.name == "Ali")
    assert ali.figures.judged == 20 and ali.figures.error_rate == pytest.approx(400 / 20)
    pair = book.between("Ali", "Badr", Period.ALL)
    assert pair is not None and pair.figures[1].error_rate == pytest.approx(100 / 9)
    lines = "\n".join(table(book, book.standings(), "en"))
    assert "20.0" in lines and tr("en", "book.column.error_rate") in lines and tr("en", "book.column.luck") in lines


def test_an_index_of_the_schema_before_is_built_again_and_reads_the_figures(tmp_path: Path) -> None:
    import sqlite3

    from tawla.store.index import SCHEMA, Index

    from .test_book_ui import history

    paths = history(tmp_path)
    files = paths.data / "history"
    m1 = json.loads((files / "m1.json").read_text("utf-8"))
    assert add_skill(files / "m1.json", len(m1["events"]), (300, 100), (10, 5), "test")
    index = Index(paths.data)
    assert any(r.sides[0].judged == 10 for r in index.records())
    con = sqlite3.connect(paths.data / "book.sqlite")
    con.execute(f"PRAGMA user_version = {SCHEMA - 1}")
    con.commit()
    con.close()
    again = Index(paths.data)
    records = again.records()
    assert again.rebuilt == 1 and any(r.sides[0].judged == 10 and r.sides[0].equity_lost == 300 for r in records)


def test_words_count_decisions_in_arabic_plural_forms() -> None:
    from tawla.i18n import plain

    words = Words("ar")
    assert [plain(words.t_n("skill.decisions", n)) for n in (1, 2, 3, 11)] == [
        "قرار واحد",
        "قراران",
        "3 قرارات",
        "11 قراراً",
    ]
