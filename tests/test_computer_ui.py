"""The computer at the table on the screens (issue 24): a match against it played by keys to its
end, keys pressed while it thinks and while it moves, F2 and a resize while it thinks, a
resignation and a double offered to it, a saved match resumed with the computer in its seat, and
New match's seats in both languages.

The computer's choices themselves are tested in ``tests/test_computer.py``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Checkbox, Input

from tawla.analysis.computer import NAME, Choice, Computer
from tawla.analysis.evaluator import evaluator
from tawla.engine import Position
from tawla.game import Match, MatchState, Phase, RuleSet, ScriptedDice, SeededDice
from tawla.game.events import OpeningRolled, Rolled, Stepped, TurnEnded
from tawla.game.rules import GameChoice
from tawla.game.state import Ending, new_match
from tawla.i18n.bidi import visual
from tawla.store import saves
from tawla.store.files import Paths
from tawla.store.settings import Settings
from tawla.ui.app import TawlaApp
from tawla.ui.screens import game_computer
from tawla.ui.screens.dialogs import AnswerScreen, NoticeScreen, ResignLevelScreen, ResultScreen
from tawla.ui.screens.game import GameScreen
from tawla.ui.screens.menu import MenuScreen
from tawla.ui.screens.new_match import NewMatchScreen
from tests.helpers.waiting import screen_is, screen_text, shows, wait_until
from tests.test_computer import plays_of_the_computer_are_its_best
from tests.test_ui import SIZE, game, play_one_step, reached, started, told

pytest.importorskip("bgsage")


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """No pause after the computer's actions (a test waits for what it does, not for its pace)."""
    monkeypatch.setattr(GameScreen, "COMPUTER_SECONDS", 0.0)


class Held(Computer):
    """The computer, held in its thread before deciding in any state ``hold`` says (a test
    presses keys while it thinks); :meth:`holding` changes what is held, and lets go of the rest."""

    def __init__(self) -> None:
        super().__init__()
        self._hold: Callable[[MatchState], bool] = lambda state: False
        self._changed = threading.Condition()
        self.held: MatchState | None = None
        """The state a choice is held in, while it is."""
        self.decided: list[Choice] = []

    def holding(self, hold: Callable[[MatchState], bool]) -> None:
        with self._changed:
            self._hold = hold
            self._changed.notify_all()

    def release(self) -> None:
        self.holding(lambda state: False)

    def decide(self, state: MatchState) -> Choice:
        deadline = time.monotonic() + 20  # (a test that fails while it is held ends all the same)
        with self._changed:
            while self._hold(state) and time.monotonic() < deadline:
                self.held = state
                self._changed.wait(deadline - time.monotonic())
            self.held = None
        choice = super().decide(state)
        self.decided.append(choice)
        return choice


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[Held]:
    computer = Held()
    monkeypatch.setattr(game_computer, "COMPUTER", computer)
    yield computer
    computer.release()


def person_to_act(match: Match) -> bool:
    """The person (seat 0) must act, or the match is over."""
    state = match.state
    return state.match_over or state.to_act == 0 or (state.phase is Phase.OPENING and not match.computer >= {0, 1})


def _computer_told(app: TawlaApp, screen: GameScreen) -> str:
    """Where the computer's seat is, for a failure message (what a stall waits on)."""
    workers = [f"{w.name}:{w.state.name}" for w in app.workers if w.group == "computer"]
    return (
        f"pause {screen._computer_pause!r}, asked {screen._computer_asked}, revision {screen.match.revision},"
        f" off {screen.computer_off}, on top {type(app.screen).__name__}, workers {workers}"
    )


async def play_against_the_computer(pilot: Pilot[None], app: TawlaApp, until: Callable[[Match], bool]) -> None:
    """The person's keys, as a player presses them, whenever the person must act; between, the
    computer plays by itself (nothing is pressed for it)."""
    screen = game(app)
    match = screen.match
    for _ in range(3000):
        if until(match):
            return
        if isinstance(app.screen, NoticeScreen):  # (the card of a game over: Enter, the next game)
            notice = await screen_is(pilot, NoticeScreen)  # (drawn: an Enter before it is refused, #36)
            await pilot.press("enter")
            await wait_until(pilot, lambda notice=notice: notice not in app.screen_stack, "the card closed")
            continue
        if screen.computer_turn():
            await wait_until(
                pilot,
                lambda: until(match) or isinstance(app.screen, NoticeScreen) or not screen.computer_turn(),
                lambda: f"the computer played on ({told(match)}; {_computer_told(app, screen)})",
            )
            continue
        state = match.state
        if state.phase in (Phase.OPENING, Phase.TURN):
            await pilot.press("r")
            await reached(pilot, match, lambda now, state=state: now is not state, "r rolled")
        elif state.phase is Phase.DOUBLED:
            await pilot.press("t")
            await reached(pilot, match, lambda now, state=state: now is not state, "t took")
        elif state.phase is Phase.MOVING:
            assert state.turn is not None
            if state.turn.complete:
                await pilot.press("enter")
                await reached(pilot, match, lambda now, state=state: now is not state, "Enter ended the turn")
            else:
                await play_one_step(pilot, app)
        else:
            raise AssertionError(state.phase)
    raise AssertionError("the match did not finish")


def computers_turns(match: Match) -> list[tuple[tuple[int, int], tuple[Stepped, ...]]]:
    """Each turn the computer (seat 1) played: its roll and its steps, replayed from the history."""
    replay = Match(match.rules, match.names, events=(), start=match.start)
    turns: list[tuple[tuple[int, int], tuple[Stepped, ...]]] = []
    for event in match.events:
        state = replay.state
        if isinstance(event, Rolled) and state.on_roll == 1:
            turns.append((event.dice, ()))
        elif isinstance(event, Stepped) and state.on_roll == 1 and turns:
            turns[-1] = (turns[-1][0], (*turns[-1][1], event))
        replay.replay_event(event)
    return turns


# -- a whole match --------------------------------------------------------------------------------


@pytest.mark.slow
async def test_a_match_against_the_computer_played_by_keys_to_its_end() -> None:
    match = Match(RuleSet(match_length=3), ("Ali", NAME), SeededDice(11), computer={1})
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await screen_is(pilot, GameScreen)
        await shows(pilot, "Opening roll")
        await play_against_the_computer(pilot, app, lambda m: m.state.match_over)
        await screen_is(pilot, NoticeScreen)
        await shows(pilot, "wins the match")
    # The computer played its own turns, every one of them its best play as the evaluator ranks it.
    assert plays_of_the_computer_are_its_best(match) > 10


# -- keys while the computer thinks and moves --------------------------------------------------------

BURST = (
    *("r", "enter", "space", "u", "backspace", "escape", "d", "t", "p", "b", "R"),
    *("1", "2", "3", "4", "5", "6", "left", "right", "up", "down", "tab", "colon", "slash", "enter"),
)
"""Every key of play, mashed."""


def _person_after_opening() -> Match:
    """The person (seat 0) on roll before the first roll of a game against the computer."""
    rules = RuleSet.model_validate({"match_length": 0})
    start = replace(new_match(rules), phase=Phase.TURN, on_roll=0)
    return Match(rules, ("Ali", NAME), ScriptedDice([(6, 5), (4, 2), (3, 1), (5, 5)]), computer={1}, start=start)


async def _persons_turn(pilot: Pilot[None], app: TawlaApp) -> None:
    """The person rolls, plays and ends the turn by keys: then the computer must act."""
    match = game(app).match
    await pilot.press("r")
    await reached(pilot, match, lambda s: s.phase is Phase.MOVING, "r rolled")
    while not match.state.turn.complete:  # type: ignore[union-attr]
        await play_one_step(pilot, app)
    await pilot.press("enter")
    await reached(pilot, match, lambda s: s.on_roll == 1, "Enter ended the turn")


async def test_keys_pressed_while_the_computer_thinks_and_moves_do_nothing(held: Held) -> None:
    match = _person_after_opening()
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        screen = await screen_is(pilot, GameScreen)
        held.holding(lambda state: state.on_roll == 1 and state.phase is Phase.TURN)
        await _persons_turn(pilot, app)
        # Held before its roll: the keys of the person change nothing, open nothing.
        await wait_until(pilot, lambda: held.held is not None, "the computer thinking")
        events = match.events
        await shows(pilot, "tawla (the computer) is playing")
        await pilot.press(*BURST)
        assert match.events == events and app.screen is screen and not screen.typing
        # Held after its roll, its checkers to move: digits, Enter, Backspace move nothing of its.
        held.holding(lambda state: state.on_roll == 1 and state.phase is Phase.MOVING)
        await reached(pilot, match, lambda s: s.phase is Phase.MOVING, "the computer rolled")
        await wait_until(pilot, lambda: held.held is match.state, "the computer thinking about its play")
        events = match.events
        await pilot.press(*BURST)
        assert match.events == events and app.screen is screen and not screen.typing
        held.release()
        await wait_until(pilot, lambda: person_to_act(match), lambda: f"the computer's turn ended ({told(match)})")
        # Its turn is its own best play, and the person's keys did not roll for them.
        state = match.state
        assert state.phase is Phase.TURN and state.on_roll == 0 and app.screen is screen
        ((dice, steps),) = computers_turns(match)
        assert dice == (4, 2) and len(steps) == 2
        assert not any(isinstance(s, (ResignLevelScreen, AnswerScreen)) for s in app.screen_stack)


async def test_f2_and_a_resize_while_the_computer_thinks_lose_and_double_nothing(held: Held) -> None:
    match = _person_after_opening()
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        screen = await screen_is(pilot, GameScreen)
        held.holding(lambda state: state.on_roll == 1 and state.phase is Phase.TURN)
        await _persons_turn(pilot, app)
        await wait_until(pilot, lambda: held.held is not None, "the computer thinking")
        revision = match.revision
        await pilot.press("f2")
        await wait_until(pilot, lambda: app.language == "ar" and screen.built, "F2: the screen built in Arabic")
        await pilot.resize_terminal(120, 40)
        await pilot.press("f2")
        await wait_until(pilot, lambda: app.language == "en" and screen.built, "F2 again: in English")
        assert match.revision == revision  # (nothing done while it thought)
        held.release()
        await wait_until(pilot, lambda: person_to_act(match), lambda: f"the computer's turn ended ({told(match)})")
        # One roll, its two steps, one end of turn: nothing lost, nothing twice.
        after = match.events[len(match.events) - 4 :]
        assert isinstance(after[0], Rolled) and after[0].dice == (4, 2)
        assert [type(e) for e in after[1:]] == [Stepped, Stepped, TurnEnded]
        assert [c.action.value for c in held.decided] == ["roll", "move", "move", "confirm"]


async def test_the_status_line_says_the_computer_plays_in_arabic_too(held: Held) -> None:
    match = _person_after_opening()
    app = TawlaApp(lang="ar", dice=match.dice, match=match, settings=Settings(bidi_checked=True))
    async with app.run_test(size=SIZE) as pilot:
        await screen_is(pilot, GameScreen)
        held.holding(lambda state: state.on_roll == 1)
        await _persons_turn(pilot, app)
        await wait_until(pilot, lambda: held.held is not None, "the computer thinking")
        await shows(pilot, visual("دور الحاسوب: اللعب جارٍ…", rtl=True))
        held.release()
        await wait_until(pilot, lambda: person_to_act(match), "the computer's turn ended")


# -- a resignation and a double offered to the computer ----------------------------------------------------


async def test_a_resignation_offered_to_the_computer_is_answered_by_it() -> None:
    match = _person_after_opening()  # (the start: a single game resigned is worth more than playing on)
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await screen_is(pilot, GameScreen)
        await pilot.press("R")
        await screen_is(pilot, ResignLevelScreen)
        await pilot.press("1")
        await reached(pilot, match, lambda s: s.phase is Phase.GAME_OVER, "the computer accepted")
        assert not any(isinstance(s, AnswerScreen) for s in app.screen_stack)
        assert match.state.results[-1].ending is Ending.RESIGN and match.state.results[-1].winner == 1
        await screen_is(pilot, ResultScreen)


async def test_a_double_offered_to_the_computer_is_answered_by_it() -> None:
    rules = RuleSet.model_validate({"match_length": 0})
    board = Position.from_counts({6: 2, 5: 2, 4: 2}, {6: 3, 5: 3, 4: 3, 3: 3})  # (double, pass)
    start = replace(new_match(rules), phase=Phase.TURN, on_roll=0, board=board)
    match = Match(rules, ("Ali", NAME), ScriptedDice([]), computer={1}, start=start)
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await screen_is(pilot, GameScreen)
        await pilot.press("d")
        await reached(pilot, match, lambda s: s.phase is Phase.GAME_OVER, "the computer passed")
        assert match.state.results[-1].ending is Ending.DROP


# -- a saved match, resumed ----------------------------------------------------------------------------


async def test_a_saved_match_resumes_with_the_computer_in_its_seat(tmp_path: Path) -> None:
    paths = Paths(tmp_path / "config", tmp_path / "data")
    # Saved as the computer won the opening roll (5 against 2) and made a step that is not its best.
    match = Match(RuleSet(match_length=3), ("Ali", NAME), SeededDice(5), computer={1})
    match.replay_event(OpeningRolled(2, 5))
    match.replay_event(Stepped(8, 5))
    folder = paths.data / "matches"
    folder.mkdir(parents=True)
    saves.save(saves.SavedMatch(match, "20261203-100000-abcdef", "2026-12-03T10:00:00+00:00"), folder / "x.json")
    app = TawlaApp(lang="en", paths=paths, resume=True, settings=Settings(bidi_checked=True))
    async with app.run_test(size=SIZE) as pilot:
        screen = await screen_is(pilot, GameScreen)
        resumed = screen.match
        assert resumed.computer == frozenset({1}) and resumed.names == ("Ali", NAME)
        await wait_until(pilot, lambda: person_to_act(resumed), lambda: f"the computer played ({told(resumed)})")
        best = evaluator().rank(Position.start(), (5, 2))[0].play
        assert resumed.last_turn is not None and resumed.last_turn[1].position == best.result
        assert resumed.state.on_roll == 0 and resumed.state.phase is Phase.TURN


# -- New match ------------------------------------------------------------------------------------------


def _new_match_app(lang: str) -> TawlaApp:
    return TawlaApp(lang=lang, settings=Settings(bidi_checked=True, names=("Ali", "Badr")))


async def _open_new_match(pilot: Pilot[None]) -> NewMatchScreen:
    await screen_is(pilot, MenuScreen)
    await pilot.press("enter")
    return await screen_is(pilot, NewMatchScreen)


@pytest.mark.parametrize("lang", ["en", "ar"])
async def test_new_match_gives_a_seat_to_the_computer_by_keys(lang: str) -> None:
    app = _new_match_app(lang)
    async with app.run_test(size=SIZE) as pilot:
        form = await _open_new_match(pilot)
        box = form.query_one("#computer1", Checkbox)
        field = form.query_one("#name1", Input)
        # Tab from the first name, past the second, to the boxes (after both names).
        for _ in range(6):
            if form.focused is box:
                break
            await pilot.press("tab")
        assert form.focused is box
        await pilot.press("space")
        name = "tawla" if lang == "en" else "الحاسوب"
        await wait_until(pilot, lambda: field.value == name and field.disabled, "the computer's name in the seat")
        # Space again gives the seat back to the person, with their name.
        await pilot.press("space")
        await wait_until(pilot, lambda: field.value == "Badr" and not field.disabled, "Badr back in the seat")
        await pilot.press("space", "ctrl+s")
        screen = await screen_is(pilot, GameScreen)
        assert screen.match.computer == frozenset({1}) and screen.match.names == ("Ali", NAME)
        assert app.settings.names == ("Ali", "Badr")  # (the person's name remembered, not the computer's)
        await shows(pilot, name if lang == "en" else visual(name, rtl=True))


@pytest.mark.parametrize("lang", ["en", "ar"])
async def test_new_match_seats_the_computer_at_plakoto_and_a_tavli_match_needs_open_sage(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tawla.analysis import evaluator as evaluator_module

    app = _new_match_app(lang)
    async with app.run_test(size=SIZE) as pilot:
        form = await _open_new_match(pilot)
        form.query_one("#computer0", Checkbox).value = True
        # (the box's Changed message reaches the form after this line: its handler clears the
        # form's problem line, so the refusal is asked for once the seat is taken)
        await wait_until(pilot, lambda: 0 in form.computer, "the computer in the first seat")
        # A tavli match begins with Portes, backgammon: without Open Sage, Start says so.
        monkeypatch.setattr(evaluator_module, "_sage", None)
        monkeypatch.setattr(evaluator_module, "_why", "not_installed")
        form.rules = form.rules.adjusted(game=GameChoice.TAVLI, match_length=5)
        await pilot.press("ctrl+s")
        said = "No evaluator here" if lang == "en" else visual("لا مقيِّم هنا", rtl=True)
        await shows(pilot, said)
        assert app.screen is form
        # Plakoto needs nothing installed (#38): the computer sits down.
        form.rules = form.rules.adjusted(game=GameChoice.PLAKOTO)
        await pilot.press("ctrl+s")
        screen = await screen_is(pilot, GameScreen)
        assert screen.match.computer == frozenset({0}) and screen.match.rules.game is GameChoice.PLAKOTO


async def test_both_seats_the_computers_it_plays_alone_until_the_card() -> None:
    match = Match(RuleSet(match_length=1, cube=False), (NAME, NAME), SeededDice(3), computer={0, 1})
    app = started(match)
    async with app.run_test(size=SIZE) as pilot:
        await screen_is(pilot, GameScreen)
        await screen_is(pilot, NoticeScreen, timeout=60)
        assert match.state.match_over


@pytest.mark.parametrize("screen_class", ["story", "replay"])
async def test_the_story_and_the_replay_name_the_computer_in_the_players_language(screen_class: str) -> None:
    """The stored name is "tawla" in both languages; a screen shows the catalog's «الحاسوب»."""
    from tawla.ui.screens.replay import ReplayScreen
    from tawla.ui.screens.story import StoryScreen

    match = Match(RuleSet(match_length=1), ("Ali", NAME), ScriptedDice([(6, 1)]), computer=frozenset({1}))
    match.roll_opening()
    match.play("13/7 8/7")
    match.confirm()
    app = TawlaApp(lang="ar", dice=ScriptedDice([]), settings=Settings(bidi_checked=True))
    async with app.run_test(size=(120, 40)) as pilot:
        shown = StoryScreen(match) if screen_class == "story" else ReplayScreen(match)
        await app.push_screen(shown)
        await screen_is(pilot, type(shown))
        computer = visual(app.words.t("computer.name"), rtl=True)
        await wait_until(pilot, lambda: computer in screen_text(app), "the computer's Arabic name on the screen")
        assert "tawla" not in screen_text(app)
