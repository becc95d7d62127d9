"""Every move text on every screen is written in its mover's numbering (#21): the last move,
the move list, a forced move's notice, the replay, the .mat. The board keeps marking the points
the move touched, in the numbers it shows (tests/test_last_move.py).

A match is played through the keys (Pilot), in English and in Arabic (both digit settings), from
a position that brings every kind of move: a hit, an entry from the bar, a checker moved on
through several points, repeats, bearing off, a pass. After every turn, every move the screen
shows is read back as standard notation (in Arabic: «بار», «خارج» and Arabic-Indic digits back to
bar, off and 0-9) and must be one of the game's plays as its mover wrote it (from the engine's
history, tawla.engine.notation.format_steps); the last move's line must be exactly the last play.
Arabic lines are read from the right, as the moves are written there by default (#36).
"""

from __future__ import annotations

import re

import pytest

from tawla.engine import Position, legal_plays
from tawla.engine.notation import format_play, format_steps
from tawla.game import Match, MatchState, Phase, RuleSet, ScriptedDice
from tawla.game.mat import write_mat
from tawla.i18n import tr
from tawla.store.settings import Digits, Preferences, Settings
from tawla.ui.app import TawlaApp
from tawla.ui.screens.game import GameScreen
from tawla.ui.screens.replay import ReplayScreen

from .helpers.reading import read_from_the_right
from .helpers.waiting import eventually, screen_is, screen_text, wait_until

BOARD = Position.from_counts({25: 1, 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 4}, {6: 1, 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 7: 4})
"""Ali on the bar, Badr's blot where Ali enters with a 6, both homes nearly full."""
DICE = [(6, 6), (6, 5), (5, 5), (4, 2), (6, 5), (3, 1), (6, 6), (2, 2), (5, 4), (6, 3), (4, 4), (6, 2), (5, 3)]
"""Ali: bar/19*/1, then bears off (repeats); Badr passes on the bar, then enters (bar/19: his
numbering, Ali's 6) and moves on: both numberings differ for every move."""
MOVE = re.compile(r"(?:bar|\d{1,2})(?:/(?:\d{1,2}|off)\*?)+(?:\(\d\))?")
_WESTERN = str.maketrans("٠١٢٣٤٥٦٧٨٩", "0123456789")

CASES = [("en", Digits.WESTERN), ("ar", Digits.WESTERN), ("ar", Digits.ARABIC_INDIC)]


def _match() -> Match:
    start = MatchState(rules=RuleSet(match_length=3, cube=False), phase=Phase.TURN, board=BOARD, on_roll=0)
    return Match(names=("Ali", "Badr"), dice=ScriptedDice(DICE), start=start)


def _pick(match: Match) -> str:
    """The play to type: the one that hits most, then bears off most (every kind of move comes)."""
    turn = match.state.turn
    assert turn is not None
    plays = legal_plays(turn.start, turn.roll)
    best = max(plays, key=lambda p: (sum(s.hit for s in p.steps), sum(s.dest == 0 for s in p.steps), format_play(p)))
    return format_play(best)


def read_moves(app: TawlaApp, text: str) -> list[str]:
    """The moves a screen shows, in reading order, as standard notation. An Arabic screen's
    lines are read from the right as a reader reads them (tests/helpers/reading.py: each move
    written so, «بار←١٩*←١»), and its words, sign and digits read back as the notation's."""
    if not app.words.rtl:
        return MOVE.findall(text)
    bar, off, to = (tr("ar", f"notation.move_{k}") for k in ("bar", "off", "to"))
    read = (read_from_the_right(line).translate(_WESTERN) for line in text.splitlines())
    return [m for line in read for m in MOVE.findall(line.replace(bar, "bar").replace(off, "off").replace(to, "/"))]


def played(match: Match) -> list[list[str]]:
    """The game's plays so far, each as its mover writes it (the current turn too, as far as
    it has gone)."""
    plays = [format_steps(done.made).split(" ") for _, done in match.turns if done.made]
    turn = match.state.turn
    if turn is not None and turn.made:
        plays.append(format_steps(turn.made).split(" "))
    return plays


def steps_played(match: Match) -> set[str]:
    """Each checker step of the game so far, written alone in its mover's numbering (the
    replay says a step: «Ali moves 19/13», the second step of ``bar/19*/13``)."""
    turns = [done.made for _, done in match.turns]
    if match.state.turn is not None:
        turns.append(match.state.turn.made)
    return {format_steps((step,)) for made in turns for step in made}


def last_line(app: TawlaApp) -> str:
    """The panel's line of the last move, as drawn."""
    words = app.words
    head = words.t("panel.last").split("{")[0].strip()  # ("Last:", before its placeholders)
    drawn = words.line(head) if words.rtl else head
    screen = screen_text(app).splitlines()
    lines = [n for n, line in enumerate(screen) if drawn in line]
    assert len(lines) == 1, (drawn, screen_text(app))
    # (a long line wraps in the panel: its moves go on in the next line, where the board has none)
    return "\n".join(screen[lines[0] : lines[0] + 2])


def judged(match: Match) -> set[str]:
    """The moves of every play the evaluator judged in the match, made and better, each as its
    mover writes it: a result card's worst moment names the better play, and a moment of an
    earlier game (#24)."""
    from tawla.analysis.evaluator import unavailable
    from tawla.analysis.skill import analyse

    if unavailable() is not None:
        return set()
    plays = [p for d in analyse(match).decisions for p in (d.chosen, d.best) if not isinstance(p, str)]
    return {move for play in plays for move in format_play(play).split(" ")}


def check_screen(app: TawlaApp, match: Match) -> None:
    """Every move on the screen is a play of the game as its mover wrote it (or a play judged
    by the evaluator: made, or the better one), and the last move's line is exactly the last
    play."""
    moves = {move for play in played(match) for move in play} | steps_played(match)
    if match.state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
        moves |= judged(match)
    shown = read_moves(app, screen_text(app))
    wrong = [move for move in shown if move not in moves]
    assert not wrong, (wrong, sorted(moves), screen_text(app))
    last = match.last_turn
    if last is not None and last[1].made and isinstance(app.screen, GameScreen):
        assert sorted(read_moves(app, last_line(app))) == sorted(format_steps(last[1].made).split(" ")), last_line(app)


async def _one_turn(pilot, app: TawlaApp, match: Match) -> None:  # type: ignore[no-untyped-def]
    """Roll, type the play (or take the forced one or the pass), end the turn; then read."""
    player, turns = match.state.on_roll, len(match.turns)
    await pilot.press("r")
    await wait_until(pilot, lambda: match.state.phase is not Phase.TURN, "the roll")
    turn = match.state.turn
    if match.state.phase is Phase.MOVING and turn is not None and not turn.complete:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press(":")
        await wait_until(pilot, lambda: screen.typing, "the move prompt open")
        await pilot.press(*_pick(match), "enter")
        await wait_until(
            pilot,
            lambda: match.state.turn is None or match.state.turn.complete,
            lambda: f"the move played ({match.state.phase})",
        )
    if match.state.phase is Phase.MOVING:
        await eventually(pilot, lambda: check_screen(app, match))  # (the move list's current turn, a notice)
        await pilot.press("enter")
    await wait_until(
        pilot,
        lambda: len(match.turns) > turns or match.state.on_roll != player or match.state.phase is not Phase.MOVING,
        "the turn over",
    )
    await eventually(pilot, lambda: check_screen(app, match))


@pytest.mark.slow
@pytest.mark.parametrize(("lang", "digits"), CASES, ids=[f"{lang}-{digits.value}" for lang, digits in CASES])
async def test_every_move_text_is_written_in_its_movers_numbering(lang: str, digits: Digits) -> None:
    match = _match()
    prefs = Preferences(digits=digits, step_by_step=False)
    app = TawlaApp(lang=lang, dice=match.dice, match=match, settings=Settings(bidi_checked=True, preferences=prefs))
    kinds: set[str] = set()
    async with app.run_test(size=(120, 40)) as pilot:
        await screen_is(pilot, GameScreen)
        while match.state.phase is Phase.TURN:
            await _one_turn(pilot, app, match)
            kinds.update(k for k in ("*", "bar", "off", "(") for play in played(match) for m in play if k in m)
        assert match.state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER), match.state.phase
        assert kinds == {"*", "bar", "off", "("}  # (every kind of move was met)
        game_plays = played(match)
        # The replay: every frame, forward in the reading direction.
        replay = ReplayScreen(match)
        app.push_screen(replay)
        await screen_is(pilot, ReplayScreen)
        forward = "left" if app.words.rtl else "right"
        for frame in range(1, replay._length(replay.game_index) + 1):
            await pilot.press(forward)
            await wait_until(pilot, lambda f=frame: replay.frame == f, f"frame {frame}")
            await eventually(pilot, lambda: check_screen(app, replay.match))
        status = replay.query_one("#status").region  # (what the last step did: said apart from the list)
        lines = screen_text(app).splitlines()
        listed = "\n".join(line for y, line in enumerate(lines) if not status.y <= y < status.bottom)
        shown = read_moves(app, listed)
        assert [m for play in game_plays for m in play][-len(shown) :] == shown  # (the list, in order)
    # The .mat: each turn in its mover's column, in the mover's numbering (gnubg's form: a step each).
    exported = write_mat(match)
    for _, done in match.turns:
        steps = " ".join(f"{s.source}/{s.dest}{'*' if s.hit else ''}" for s in done.made)
        assert f"{max(done.roll)}{min(done.roll)}: {steps}".rstrip() in exported
