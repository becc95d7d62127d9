"""Plakoto and Fevga against the computer on the screens (issue 38): a game of each played to its
end by keys, the computer in the other seat; the hint's card; the result card with each player's
figures judged by tawla's own evaluator; pictures of the hint's card and of the result card, in
English and Arabic, at 80 × 24 and 120 × 40. Nothing here needs Open Sage.

The choices themselves are tested in ``tests/test_tavla_computer.py``.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from tawla.analysis.computer import NAME, Computer
from tawla.analysis.hint import PlayHint
from tawla.analysis.tavla_eval import tavla_evaluator
from tawla.engine.tavla import Game, TavlaBoard, opponent_point, parse_board
from tawla.game import Match, MatchState, Phase, RuleSet, ScriptedDice, SeededDice
from tawla.game.rules import GameChoice
from tawla.game.table import Table
from tawla.i18n import tr
from tawla.i18n.bidi import visual
from tawla.store.files import Paths
from tawla.store.records import read_record
from tawla.store.settings import Settings
from tawla.ui.app import TawlaApp
from tawla.ui.screens.dialogs import ResultScreen
from tawla.ui.screens.game import GameScreen
from tawla.ui.screens.hint import HintScreen
from tawla.ui.skill import SkillPanel

from .helpers.waiting import screen_is, screen_text, wait_until
from .test_computer_ui import play_against_the_computer  # (the person's keys; the computer plays itself)
from .test_tavla_computer import SPREAD, at

COMPUTER = Computer()


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """No pause after the computer's actions (a test waits for what it does, not for its pace)."""
    monkeypatch.setattr(GameScreen, "COMPUTER_SECONDS", 0.0)


def started(match: Match, lang: str = "en", paths: Paths | None = None) -> TawlaApp:
    return TawlaApp(lang=lang, dice=match.dice, match=match, settings=Settings(bidi_checked=True), paths=paths)


def midgame(rules: RuleSet, turns: int) -> MatchState:
    """The state after the computer played ``turns`` turns in both seats from the start, seat 0
    on roll before rolling."""
    match = Match(rules, ("Ali", NAME), SeededDice(5), computer={0, 1})
    table = Table(match)
    ended = 0
    while ended < turns or match.state.phase is not Phase.TURN or match.state.on_roll != 0:
        before = match.state.on_roll
        Computer.act(COMPUTER, table)
        ended += match.state.on_roll != before
        assert match.state.phase is not Phase.GAME_OVER
    return match.state


def late(game: Game) -> Match:
    """A match against the computer from the start, its turns played by the computer for both
    seats until both sides have little left to go, Ali (seat 0) to roll."""
    rules = RuleSet().adjusted(game=GameChoice(game.value), match_length=1)
    match = Match(rules, ("Ali", NAME), SeededDice(2), computer={1})
    table = Table(match)
    while True:
        state = match.state
        board = state.board
        ready = state.phase is Phase.TURN and state.on_roll == 0 and isinstance(board, TavlaBoard)
        if ready and board.mover_pips + board.opponent_pips < 90:
            return match
        assert not state.match_over
        Computer.act(COMPUTER, table)


def near_the_end(game: Game) -> MatchState:
    """The person (seat 0) on roll, both sides bearing off: a game of a few turns."""
    slots = [0] * 26
    for point in (2, 4, 6):
        slots[point] = 2
    for point in (3, 5):  # (the opponent's 3- and 5-points, in the mover's numbering)
        slots[opponent_point(game, point)] = -2
    text = ",".join(str(n) for n in slots[1:25]) + ";9,11"
    return at(RuleSet().adjusted(game=GameChoice(game.value), match_length=1), parse_board(game, text))


@pytest.mark.parametrize("choice", [GameChoice.PLAKOTO, GameChoice.FEVGA])
async def test_a_game_against_the_computer_to_its_end(choice: GameChoice) -> None:
    rules = RuleSet().adjusted(game=choice, match_length=1)
    # Plakoto from the middle of a game (pins and all), Fevga from a race: a quick test.
    start = midgame(rules, 70) if choice is GameChoice.PLAKOTO else near_the_end(Game.FEVGA)
    match = Match(rules, ("Ali", NAME), SeededDice(21), computer={1}, start=start)
    app = started(match)
    async with app.run_test(size=(80, 24)) as pilot:
        await screen_is(pilot, GameScreen)
        await play_against_the_computer(pilot, app, lambda m: m.state.match_over)
        await screen_is(pilot, ResultScreen)
    # The computer's every play was its evaluator's best; the history replays to the same end.
    assert Match(rules, match.names, events=match.events, start=match.start).state == match.state
    turns = [e for e in match.events if type(e).__name__ == "TurnEnded"]
    assert turns


# -- the hint ----------------------------------------------------------------------------------


def rolled(game: Game, dice: tuple[int, int], lang: str = "en") -> Match:
    """Ali on roll with ``dice`` rolled, on a board with plays to choose from."""
    rules = RuleSet().adjusted(game=GameChoice(game.value), match_length=3)
    names = ("Ali", "Badr") if lang == "en" else ("علي", "بدر")
    match = Match(rules, names, ScriptedDice([dice]), start=at(rules, parse_board(game, SPREAD)))
    match.roll()
    return match


def card_words(card: HintScreen) -> str:
    """Every text drawn in the card's own widgets, as plain text."""
    from rich.console import Console
    from textual.widgets import Static

    console = Console(width=118, record=True, file=io.StringIO())
    for static in card.query(Static):
        console.print(static.content)
    return console.export_text()


@pytest.mark.parametrize("game_", [Game.PLAKOTO, Game.FEVGA])
async def test_the_hint_ranks_the_plays_and_marks_the_best_on_the_board(game_: Game) -> None:
    match = rolled(game_, (5, 3))
    app = started(match)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_is(pilot, GameScreen)
        await pilot.press("H")
        card = await screen_is(pilot, HintScreen)
        assert isinstance(card.hint, PlayHint) and card.hint.cube is None
        best = tavla_evaluator(game_).rank(parse_board(game_, SPREAD), (5, 3), match.state.variant)[0]
        assert card.hint.best.play == best.play
        own = tr("en", f"evaluator.own.{game_.value}")
        await wait_until(pilot, lambda: own in " ".join(screen_text(app).split()), "whose figures they are")
        # (the card's own words: the screen on top, read outside a frame, may be drawn over a
        # screen under it that says "Backgammon", as the menu does: seen in a loaded run)
        words = " ".join(card_words(card).split())
        assert "Hint · Ali · 5-3" in words and "2 points" in words and "gammon" not in words
        assert screen.hinted is not None and screen.hinted[1] == best.play.steps
        await pilot.press("escape")
        await screen_is(pilot, GameScreen)
        assert screen._board_view.model.hint.cells  # (the best play marked on the board)


async def test_the_arabic_hint_in_plakoto() -> None:
    match = rolled(Game.PLAKOTO, (6, 2), "ar")
    app = started(match, "ar")
    async with app.run_test(size=(120, 40)) as pilot:
        await screen_is(pilot, GameScreen)
        await pilot.press("H")
        await screen_is(pilot, HintScreen)
        own = visual("الفوز بنقطتين", rtl=True)
        await wait_until(pilot, lambda: own in screen_text(app), "the chances of a double win, in Arabic")


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("game_", [Game.PLAKOTO, Game.FEVGA])
async def test_the_hint_says_whose_judgement_it_is_at_80_by_24(game_: Game, lang: str) -> None:
    """A tmux trial's hint at 80 × 24 with three plays or more had no room for the note, and the
    line naming the evaluator went with it: now a play fewer is shown instead."""
    match = rolled(game_, (5, 3), lang)
    app = started(match, lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await screen_is(pilot, GameScreen)
        await pilot.press("H")
        card = await screen_is(pilot, HintScreen)
        assert isinstance(card.hint, PlayHint) and len(card.hint.ranked) >= 3
        judged = app.words.t("evaluator.judged_by", evaluator=app.words.t(f"evaluator.own.{game_.value}"))
        said = visual(judged, rtl=True) if lang == "ar" else judged
        await wait_until(pilot, lambda: said in screen_text(app), lambda: f"{judged!r} on the card: {screen_text(app)}")


# -- the result card ---------------------------------------------------------------------------------


async def card_with_skill(pilot: Pilot[Any], app: TawlaApp) -> SkillPanel:
    """The last steps of the game played by keys, and its card with the figures."""
    await screen_is(pilot, GameScreen)
    await play_against_the_computer(pilot, app, lambda m: m.state.match_over)
    card = await screen_is(pilot, ResultScreen)
    panel = card.query_one("#skill", SkillPanel)
    await wait_until(pilot, lambda: panel.shown and panel.analysis is not None, "the figures")
    return panel


@pytest.mark.parametrize("game_", [Game.PLAKOTO, Game.FEVGA])
async def test_the_result_card_shows_the_figures_and_whose_they_are_and_the_book_gets_them(
    game_: Game, tmp_path: Path
) -> None:
    paths = Paths(tmp_path / "config", tmp_path / "data")
    match = late(game_)  # (from the start: a match from a set-up position is not saved in these games)
    app = started(match, paths=paths)
    async with app.run_test(size=(100, 40)) as pilot:
        panel = await card_with_skill(pilot, app)
        assert panel.analysis is not None and game_ in panel.analysis.judges
        said = tr("en", "evaluator.judged_by", evaluator=tr("en", f"evaluator.own.{game_.value}"))
        await wait_until(pilot, lambda: said in " ".join(screen_text(app).split()), "whose figures they are")
        await wait_until(pilot, lambda: app.analyses.recorded == 1, "the figures written into the history file")
    (file,) = (paths.data / "history").glob("*.json")
    assert json.loads(file.read_text("utf-8"))["skill"]["by"] == f"tawla {game_.value}"
    record = read_record(file)
    assert record is not None and record.sides[0].judged == panel.analysis.skill(0).decisions


# -- pictures ------------------------------------------------------------------------------------


def _snap_match(game_: Game, lang: str) -> Match:
    return rolled(game_, (5, 3), lang)


async def _hint_shown(pilot: Pilot[Any]) -> None:
    from tests.test_snapshots import drawn, up

    await up(pilot)
    await pilot.press("H")
    await drawn(pilot, HintScreen)


langs = pytest.mark.parametrize("variant", ["en", "ar"])
sizes = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
games = pytest.mark.parametrize("game_", [Game.PLAKOTO, Game.FEVGA], ids=["plakoto", "fevga"])


@games
@langs
@sizes
def test_the_hint_card(snap_compare, size, variant, game_) -> None:  # type: ignore[no-untyped-def]
    from tests.test_snapshots import app_for

    assert snap_compare(app_for(_snap_match(game_, variant), variant), run_before=_hint_shown, terminal_size=size)


def _over(game_: Game, lang: str) -> Match:
    """A game played to its end by the evaluator's best plays (no computer: the picture waits for
    nothing) but Ali's first, the worst of its roll: a worst moment to show."""
    names = ("Ali", "Badr") if lang == "en" else ("علي", "بدر")
    rules = RuleSet().adjusted(game=GameChoice(game_.value), match_length=1)
    board = parse_board(game_, SPREAD.replace("0,0,0,-2,0,-2,0,0,0,11", "0,-1,0,-1,0,-2,0,0,0,11"))  # (blots to pin)
    match = Match(rules, names, SeededDice(6), start=at(rules, board))
    judge = tavla_evaluator(game_)
    while match.state.phase not in (Phase.GAME_OVER, Phase.MATCH_OVER):
        if match.state.phase is Phase.TURN:
            match.roll()
        turn = match.state.turn
        if match.state.phase is not Phase.MOVING or turn is None:
            continue  # (nothing to play: the turn passed)
        assert isinstance(turn.start, TavlaBoard)
        ranked = judge.rank(turn.start, (turn.roll[0], turn.roll[1]), match.state.variant)
        worst = match.state.on_roll == 0 and len(match.events) < 4
        match.play(ranked[-1 if worst else 0].play)
        if match.state.phase is Phase.MOVING:
            match.confirm()
    return match


async def _figures_shown(pilot: Pilot[Any]) -> None:
    from tests.test_snapshots import drawn, up

    await up(pilot)
    card = await drawn(pilot, ResultScreen)
    panel = card.query_one("#skill", SkillPanel)
    await wait_until(pilot, lambda: panel.shown, "the figures")
    await drawn(pilot, ResultScreen)


@games
@langs
@sizes
def test_the_result_card_with_skill(snap_compare, size, variant, game_) -> None:  # type: ignore[no-untyped-def]
    from tests.test_snapshots import app_for

    assert snap_compare(app_for(_over(game_, variant), variant), run_before=_figures_shown, terminal_size=size)


# -- how the game went, the replay --------------------------------------------------------------------


async def test_the_story_and_the_replay_judge_a_plakoto_game() -> None:
    from textual.widgets import Static

    from tawla.analysis.skill import analyse
    from tawla.ui.screens.replay import ReplayScreen
    from tawla.ui.screens.story import StoryScreen
    from tawla.ui.skill import SkillWords, texts_of

    match = _over(Game.PLAKOTO, "en")
    worst = analyse(match).skill(0).worst
    assert worst is not None and worst.loss > 0
    app = TawlaApp(lang="en", dice=ScriptedDice([]), settings=Settings(bidi_checked=True))
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(StoryScreen(match))
        story = await screen_is(pilot, StoryScreen)
        await wait_until(pilot, lambda: story.skill_news is not None and story.skill_news.done, "the analysis")
        said = SkillWords(app.words, texts_of(app, match), match.names)
        judged = tr("en", "evaluator.judged_by", evaluator=tr("en", "evaluator.own.plakoto"))
        await wait_until(pilot, lambda: said.worst(0, analyse(match).skill(0, 1), False) in screen_text(app), "worst")
        assert judged in " ".join(screen_text(app).split())
        await pilot.press("escape")
        await app.push_screen(ReplayScreen(match))
        replay = await screen_is(pilot, ReplayScreen)
        await wait_until(pilot, lambda: replay.skill_news is not None and replay.skill_news.done, "the analysis")
        for _ in range(40):  # step on to the end of Ali's first turn
            if replay.decision_shown() == worst:
                break
            frame = replay.frame + 1
            await pilot.press("right")
            await wait_until(pilot, lambda: replay.frame == frame, "a step on")  # noqa: B023
        assert replay.decision_shown() == worst
        loss = tr("en", "skill.replay.loss", loss=said.loss(worst.loss)).rstrip(".")  # (its grade may follow)
        await wait_until(
            pilot, lambda: loss in screen_text(app), lambda: f"the move's loss {loss!r}: {screen_text(app)}"
        )
        await pilot.press("w")
        better = tr("en", "skill.replay.better", best=said.choice(worst, worst.best))
        await wait_until(pilot, lambda: better in screen_text(app), "the better play, in the mover's numbering")
        assert replay.query_one("#status", Static).is_attached
