"""Plakoto and Fevga (#23) in a real terminal: the installed ``tawla`` under tmux at 80 × 24, keys
sent as a player sends them, the screen read back once tawla is quiet (the :class:`Terminal` of
tests/test_tmux.py).

Each test comes in as a new player does: New match, the "Game" select opened with Enter and moved
down to the game, the length typed (1), Ctrl+S. Then turns, each rolled with r (ق on an Arabic
layout) and played the ways a player plays one: checkers picked up and put down with Enter, a die
played by its digit, or the whole move typed at the move prompt (``:``; ظ, the / key of an Arabic
layout). A game to its end takes several hundred keys, each read back from a real terminal: too
long here (a game through the keys alone is played to its end through Pilot, in
tests/test_tavla_ui.py). So each test plays sixteen turns or so, checks what a player reads on the
way, and ends the match the short way: R, the level, and the opponent's y, down to the match-over
card.

The game layer only *chooses* which legal move to type, never plays one: it reads the match tawla
saved after the roll (``data/matches/*.json``, written after every action) and picks a play, one
that pins when there is one, else the one that runs a checker furthest (so that the two sides meet
within a few turns). Every move is made through the keys.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tawla.engine.explain import Why
from tawla.engine.games import plays_of
from tawla.engine.notation import format_play
from tawla.engine.tavla import ending, opponent_point, step_refusal
from tawla.game import Match, Phase, ResultKind
from tawla.game.table import lost_dice
from tawla.i18n import isolate_rtl, tr, tr_n
from tawla.i18n.bidi import visual
from tawla.store import saves

from .test_tmux import FACES, Terminal, installed_tawla, moves_at_once, pytestmark  # noqa: F401  (the skip mark)

GLYPHS = ("●", "○")
"""The first player's checkers and the second's, on the board and beside the names in the panel."""
GAMES = ("backgammon", "plakoto", "fevga", "tavli")
"""The "Game" select's choices, in their order (Down from Backgammon)."""
TURNS = 16
"""Turns played in each game before the resignation."""


class Table:
    """One tawla in tmux, the language it speaks and the keys of its keyboard layout, and the match
    it saved (read to choose the moves to type and to know when a key has been handled)."""

    def __init__(self, home: Path, lang: str, seed: int) -> None:
        moves_at_once(home)  # (a typed move drawn at once, not step by step: see tests/test_tmux.py)
        self.home = home
        self.lang = lang
        self.term = Terminal([*installed_tawla(), "--seed", str(seed), "--lang", lang], home)
        arabic = lang == "ar"
        self.roll_key = "ق" if arabic else "r"
        self.prompt_key = "ظ" if arabic else ":"  # (ظ: the / key of the Arabic layout; / and : open it)
        self.resign_key = "ٌ" if arabic else "R"  # (Shift+R)
        self.yes_key = "غ" if arabic else "y"
        self.digits = "٠١٢٣٤٥٦٧٨٩" if arabic else "0123456789"  # (an Arabic layout types Arabic-Indic digits)

    def close(self) -> None:
        self.term.close()

    # -- what the player reads ------------------------------------------------------------------

    def said(self, key: str, **params: object) -> str:
        """A catalog text as drawn on one line (shaped and in visual order in Arabic)."""
        text = tr(self.lang, key, **params)
        return visual(text, rtl=True) if self.lang == "ar" else text

    def said_n(self, key: str, n: int) -> str:
        text = tr_n(self.lang, key, n)
        return visual(text, rtl=True) if self.lang == "ar" else text

    @staticmethod
    def shows(screen: str, text: str) -> bool:
        """Whether ``text`` (as drawn) is on ``screen``, however a status line or a card wraps it:
        the lines read as one, spaces and frames aside (an Arabic text must fit on its line)."""
        return _squash(text) in _squash(screen)

    def saved(self) -> Match | None:
        """The match as tawla saved it last (in the history once over); None while it moves there."""
        data = self.home / "data"
        files = [*(data / "matches").glob("*.json"), *saves.history(data / "history")]
        if len(files) != 1:
            return None
        loaded = saves.load(files[0])
        return None if loaded is None else loaded.match

    def match(self) -> Match:
        match = self.saved()
        assert match is not None, f"no match saved in {self.home / 'data'}"
        return match

    def name(self, player: int) -> str:
        return self.match().names[player]

    # -- from the menu to the board ---------------------------------------------------------------

    def new_match(self, game: str) -> str:
        """New match from the menu, the game chosen in its select, the length 1, Ctrl+S: the
        board, waiting for the opening roll (returned)."""
        term = self.term
        if self.lang == "ar":
            check = term.wait_for(lambda s: "Press 1 or 2" in s, what="the check of how Arabic is drawn")
            assert visual(tr("ar", "check.sample"), rtl=True) in check
            term.keys("١")  # (the first line reads correctly: tawla does the right to left)
        term.wait_for(lambda s: self.said("menu.new_match") in s, what="the menu")
        term.keys("Enter")
        term.wait_for(lambda s: self.said("new.player1") in s, what="New match")
        # Tab to the select (the focus moves: seen in the colours), Enter opens its list, Down to
        # the game, Enter takes it: each key once the one before has been drawn (keys in one
        # burst on New match have their own test since #36: tests/test_tmux_card.py).
        for _ in range(4):  # (each name and the computer's box beside it: #24)
            term.press("Tab")
        games = [self.said(f"games.choose.{g}") for g in GAMES]
        term.keys("Enter")
        term.wait_for(lambda s: all(g in s for g in games), what="the Game select's list open")
        for _ in range(GAMES.index(game)):
            term.press("Down")
        term.keys("Enter")
        rule = self.said("summary.mother.double" if game == "plakoto" else "summary.first_checker.pass")
        term.wait_for(lambda s: self.shows(s, rule), what=f"{game} taken: the summary says {rule!r}")
        term.press("Tab")  # to the length
        term.press(self.digits[1])  # a 1-point match
        term.keys("C-s")
        board = term.wait_for(lambda s: self.said("banner.opening") in s, what="the board, for the opening roll")
        assert len(board.splitlines()) == 24, board
        assert self.said("games." + game) in board and self.said_n("panel.match", 1) in board, board
        assert self.said("panel.game", number=1) in board and self.said("panel.no_cube") in board, board
        return board

    def opening(self) -> str:
        """The opening roll (one die each), the starter said; the starter then rolls both dice."""
        self.term.keys(self.roll_key)
        starts = self.term.wait_for(lambda s: self.said("status.turn") in s, what="the opening roll, the starter")
        state = self.match().state
        assert state.opening_dice is not None and state.phase is Phase.TURN
        high, low = max(state.opening_dice), min(state.opening_dice)  # (the starter's die first)
        assert self.shows(starts, self.said("notice.opening", name=self.name(state.on_roll), d0=high, d1=low)), starts
        return starts

    # -- a turn -------------------------------------------------------------------------------

    def roll(self, ending_turn: bool = False) -> tuple[Match, str]:
        """Roll (after Enter in the same burst if ``ending_turn``: the turn before ended and the
        next rolled, as a quick player does it): the match and the screen once the dice are in
        the panel and tawla waits for the player to move (or has played a forced move by itself,
        or says there is none)."""
        before = len(self.match().events)
        self.term.keys(*(["Enter"] if ending_turn else []), self.roll_key)
        seen: list[Match] = []

        def rolled(screen: str) -> bool:
            match = self.saved()
            if match is None or len(match.events) <= before or match.state.phase is not Phase.MOVING:
                return False
            turn = match.state.turn
            if turn is None or sorted(set(self.dice(screen))) != sorted(set(turn.roll)):
                return False
            if turn.complete:  # (a forced move, played by tawla; or no move at all)
                lost = lost_dice(match.state) is not None  # (a forced play that could not use every die)
                waits = self.said("status.confirm_lost" if lost else "status.confirm" if turn.made else "status.pass")
            else:
                waits = self.said("status.pick")
            seen[:] = [match]
            moving = self.said("banner.moving", name=match.names[match.state.on_roll])
            return self.shows(screen, waits) and moving in screen

        keys = f"Enter and {self.roll_key}" if ending_turn else self.roll_key
        screen = self.term.wait_for(rolled, what=f"{keys}: the dice rolled in the panel, the player to move")
        return seen[0], screen

    def dice(self, screen: str) -> list[int]:
        """The dice in the panel, in the order drawn."""
        label = self.said("panel.dice")
        line = next((row for row in screen.splitlines() if label in row), "")
        return [FACES.index(face) + 1 for face in line if face in FACES]

    def steps_saved(self, count: int, how: str = "") -> str:
        """The screen once tawla has saved ``count`` steps of the turn (and is quiet); ``how``:
        the keys that played them, for the failure's message."""

        def saved(_: str) -> bool:
            match = self.saved()
            return match is not None and match.state.turn is not None and len(match.state.turn.made) == count

        return self.term.wait_for(saved, what=f"{how}: {count} step(s) of the turn played".lstrip(": "))

    def all_played(self, how: str) -> str:
        return self.term.wait_for(self.turn_done, what=f"the turn played {how}")

    def turn_done(self, screen: str) -> bool:
        """The status line says the turn is played (every die, or all that could be)."""
        return self.shows(screen, self.said("status.confirm")) or self.shows(screen, self.said("status.confirm_lost"))

    def by_enter(self, match: Match) -> str:
        """The turn played with Enter alone: it picks up the checker under the cursor, then puts
        it down where the cursor offers, until every die is played."""
        assert match.state.turn is not None
        for step in range(match.state.turn.steps_needed):
            self.term.keys("Enter")
            self.term.wait_for(lambda s: self.shows(s, self.said("status.put")), what="Enter picked a checker up")
            self.term.keys("Enter")
            self.steps_saved(step + 1, "Enter, Enter")
        return self.all_played("with Enter")

    def by_digits(self, match: Match) -> str:
        """The turn played by the dice's digits: each plays its die from the checker under the
        cursor (a player's first turn: every checker on the starting point)."""
        turn = match.state.turn
        assert turn is not None
        for step, die in enumerate(turn.roll if turn.roll[0] != turn.roll[1] else turn.roll * 2):
            self.term.keys(self.digits[die])
            self.steps_saved(step + 1, f"the digit {self.digits[die]}")
        return self.all_played("by the dice's digits")

    def written(self, notation: str, arabic_keys: bool = True) -> str:
        """A move as this player types it: in Arabic (unless not ``arabic_keys``), Arabic-Indic
        digits, ظ for / (the / key of the Arabic layout), the Arabic comma between moves."""
        if self.lang != "ar" or not arabic_keys:
            return notation
        keys = "".join(self.digits[int(c)] if c.isdigit() else "ظ" if c == "/" else c for c in notation)
        return keys.replace(" ", "، ")

    def title(self, match: Match) -> str:
        """The move prompt's title for this roll ("Type the move for 5-2")."""
        turn = match.state.turn
        assert turn is not None
        roll = f"{max(turn.roll)}-{min(turn.roll)}"  # (in Arabic read from the right, as every roll: #36)
        return self.said("typing.title", dice=isolate_rtl(roll) if self.lang == "ar" else roll)

    def typed(self, match: Match, text: str, steps: int) -> str:
        """``text`` typed at the move prompt and played: ``steps`` steps saved, the prompt gone."""
        title = self.title(match)
        self.term.keys(self.prompt_key)
        self.term.wait_for(lambda s: title in s, what="the move prompt")
        self.term.keys("-l", text)  # (the characters, as typed)
        self.term.keys("Enter")
        self.steps_saved(steps, f"{text!r} typed")
        return self.term.wait_for(lambda s: title not in s and self.turn_done(s), what=f"{text!r} typed and played")

    def refused(self, match: Match, text: str, why: str) -> str:
        """``text`` typed at the move prompt is refused, ``why`` said under it; Esc closes the
        prompt, and nothing was played."""
        title = self.title(match)
        self.term.keys(self.prompt_key)
        self.term.wait_for(lambda s: title in s, what="the move prompt")
        self.term.keys("-l", text)
        self.term.keys("Enter")
        screen = self.term.wait_for(lambda s: title in s and self.shows(s, why), what=f"{text!r} refused: {why!r}")
        self.term.keys("Escape")
        self.term.wait_for(lambda s: title not in s and self.shows(s, self.said("status.pick")), what="Esc: no prompt")
        turn = self.match().state.turn
        assert turn is not None and not turn.made, f"the refused {text!r} played something"
        return screen

    def end_turn(self) -> str:
        """Enter ends the turn: the next player's banner and hand-over line."""
        name = self.name(1 - self.match().state.on_roll)
        banner, handover = self.said("banner.turn", name=name), self.said("status.handover", name=name)
        self.term.keys("Enter")
        return self.term.wait_for(
            lambda s: banner in s and self.shows(s, handover), what="Enter ended the turn: the hand-over"
        )

    # -- the end --------------------------------------------------------------------------------

    def resign(self) -> str:
        """The player on roll resigns a single game (R, as the footer says, then 1) and the
        other accepts (y): the match is over, on its card (returned)."""
        match = self.match()
        names, loser = match.names, match.state.on_roll
        footer = self.term.settled().splitlines()[-1]
        assert self.said("key.resign") in footer and "R" in footer, footer
        self.term.keys(self.resign_key)
        asked = self.term.wait_for(lambda s: self.said("resign.title", name=names[loser]) in s, what="R: how much?")
        # A single game or two points, never a third level; one choice, the match, when a single
        # game already gives the other player the match (a 1-point match, #34).
        state = match.state
        gives_match = state.resigns_match(ResultKind.SINGLE)
        assert self.said("resign.hint1" if gives_match else "resign.hint2") in asked, asked
        self.term.keys(self.digits[1])
        offer = self.said("resign.offer_match" if gives_match else "resign.offer1", name=names[loser])
        self.term.wait_for(lambda s: self.shows(s, offer), what="1: the offer to the other player")
        self.term.keys(self.yes_key)
        title, hint = self.said("over.match_title", name=names[1 - loser]), self.said("over.match_hint")
        card = self.term.wait_for(lambda s: title in s and hint in s, what="y: the match-over card")
        assert self.said("banner.match_over") in card, card
        score = (1, 0) if loser else (0, 1)
        assert self.shows(card, self.said("over.score", a=names[0], sa=score[0], b=names[1], sb=score[1])), card

        def over(_: str) -> bool:
            saved = self.saved()
            return saved is not None and saved.state.match_over and saved.state.score == score

        self.term.wait_for(over, what=f"the match saved as over, {score[0]}-{score[1]}")
        return card


def _squash(text: str) -> str:
    """The text without spaces, line ends, isolates and the frames of cards and panels."""
    return re.sub(r"[\s│█▀▄▏▕\u2066-\u2069]", "", text)


# -- reading the board ------------------------------------------------------------------------------


def pile(screen: str, point: int) -> list[str]:
    """What stands on ``point`` (as numbered on the screen now), read from the board's edge towards
    its middle: a checker a place (● or ○), the count when one takes the last place (``"15"``)."""
    lines = screen.splitlines()
    top = next(i for i, line in enumerate(lines) if "┌" in line)
    bottom = next(i for i, line in enumerate(lines) if "└" in line)
    rows = [line[line.index("│") :] for line in lines[top + 1 : bottom]]  # (from the board's left frame)
    for edge, order in ((lines[top], rows), (lines[bottom], rows[::-1])):
        column = _column(edge, point)
        if column is None:
            continue
        out = []
        for row in order:
            cell = row[column] if column < len(row) else " "
            if cell.isdigit():
                out.append(re.findall(r"\d+", row[: column + 1])[-1])
            elif cell in GLYPHS:
                out.append(cell)
            else:
                break
        return out
    raise AssertionError(f"no point {point} on the board:\n{screen}")


def starred(screen: str, point: int) -> bool:
    """Whether the checker at the board's edge end of ``point`` (a pinned one) is starred: a pin
    made by the last move (``○*``)."""
    lines = screen.splitlines()
    top = next(i for i, line in enumerate(lines) if "┌" in line)
    bottom = next(i for i, line in enumerate(lines) if "└" in line)
    for edge, place in ((lines[top], lines[top + 1]), (lines[bottom], lines[bottom - 1])):
        column = _column(edge, point)
        if column is not None:
            row = place[place.index("│") :]
            return row[column + 1 : column + 2] == "*"
    return False


def _column(edge: str, point: int) -> int | None:
    """The column (from the board's left frame) of the point numbered ``point`` on the board's top
    or bottom edge (``┌13─14─…┐``, ``└12─11─…┘``): its number's last digit; None if not there."""
    corner = "┌" if "┌" in edge else "└"
    frame = edge[edge.index(corner) :]
    frame = frame[: frame.index("┐" if corner == "┌" else "┘") + 1]  # (the panel beside it aside)
    label = next((m for m in re.finditer(r"\d+", frame) if int(m.group()) == point), None)
    return None if label is None else label.end() - 1


def no_two_sides_on_a_point(screen: str) -> bool:
    """Fevga: no point holds checkers of both sides (nothing is hit, nothing pinned)."""
    return all(len(set(pile(screen, p)) & set(GLYPHS)) <= 1 for p in range(1, 25))


# -- choosing the moves to type (the game layer, never playing) ---------------------------------------


def choose(match: Match) -> tuple[str, int, int | None]:
    """A legal play for the roll just made: its notation, its number of steps, and the point it
    pins (in the mover's numbering) if it pins. One that pins when one does (and does not end the
    game), else one that takes a checker furthest."""
    state = match.state
    assert state.turn is not None
    plays = plays_of(state.variant, state.board, state.turn.roll)
    pins = [p for p in plays if any(s.hit for s in p.steps) and ending(p.result, state.variant) is None]  # type: ignore[arg-type]
    if pins:
        return format_play(pins[0]), len(pins[0].steps), next(s.dest for s in pins[0].steps if s.hit)

    def front(play: object) -> int:
        result = play.result  # type: ignore[attr-defined]
        return min((q for q in range(1, 25) if result.mover(q)), default=0)

    play = min(plays, key=front)
    return format_play(play), len(play.steps), None


def try_the_pinned(table: Table, match: Match) -> bool:
    """If a checker of the player on roll is pinned (and a die would take it to a point), type its
    move: refused, the reason said under the prompt. Whether it was tried."""
    state = match.state
    assert state.turn is not None
    pinned = next((p for p in range(1, 25) if state.board.pinned(p) > 0), None)  # type: ignore[union-attr]
    if pinned is None:
        return False
    die = next((d for d in sorted(state.turn.roll, reverse=True) if pinned - d >= 1), None)
    if die is None:
        return False
    table.refused(match, table.written(f"{pinned}/{pinned - die}"), table.said("reason.pinned", point=pinned))
    return True


FEVGA_RULES = frozenset({Why.FIRST_CHECKER, Why.POINT_HELD, Why.START_QUARTER, Why.TRAPPING_PRIME})
"""Fevga's own refusals of a step (backgammon has none of them)."""


def try_fevga_rules(table: Table, match: Match) -> int:
    """Type steps that one of Fevga's own rules refuses (two at most, each as a move of its own):
    each refused, its reason said. How many were tried."""
    state = match.state
    assert state.turn is not None
    tried = 0
    for source in range(24, 0, -1):
        for die in sorted(set(state.turn.roll), reverse=True):
            if tried == 2 or state.board[source] <= 0 or source - die < 1:
                continue
            refusal = step_refusal(state.board, source, die, state.variant)  # type: ignore[arg-type]
            if refusal is None or refusal[0] not in FEVGA_RULES:
                continue
            why, point = refusal
            table.refused(match, f"{source}/{source - die}", table.said(f"reason.{why.value}", point=point))
            tried += 1
    return tried


# -- the games --------------------------------------------------------------------------------------


def plakoto_turns(table: Table) -> tuple[int, int, tuple[int, int]]:
    """:data:`TURNS` turns of Plakoto from the starter's roll: the first with Enter, the second by
    the digits, the rest typed (in Arabic, every other one with the Arabic layout's keys); a turn
    in three that pins nothing ends with the next roll (Enter and r in one burst). Each pin is
    checked where it was made (the pinned checker at the edge end of the point, its pinner on it)
    and from the other side once the turn is handed over (the same, starred); the first pinned
    player to roll types the pinned checker's move and reads why not. Returns the pins seen, the
    refusals, and the moves typed with the Arabic layout's keys and with the others."""
    pins = refusals = 0
    typed = [0, 0]
    burst = False
    for turn in range(TURNS):
        match, screen = table.roll(ending_turn=burst)
        state = match.state
        assert state.turn is not None
        rolled = sorted(state.turn.roll * (2 if state.turn.roll[0] == state.turn.roll[1] else 1))
        assert sorted(table.dice(screen)) == rolled, f"the dice {rolled} not in the panel:\n{screen}"
        mover, other = GLYPHS[state.on_roll], GLYPHS[1 - state.on_roll]
        if not refusals and try_the_pinned(table, match):
            refusals += 1
        pinned = None
        if turn == 0:
            screen = table.by_enter(match)
        elif turn == 1:
            screen = table.by_digits(match)
        elif not state.turn.complete:
            text, steps, pinned = choose(match)
            arabic_keys = table.lang == "ar" and typed[0] <= typed[1]
            screen = table.typed(match, table.written(text, arabic_keys), steps)
            typed[0 if arabic_keys else 1] += 1
        if pinned is not None:
            assert pile(screen, pinned)[:2] == [other, mover], f"no {mover} pinning {other} on {pinned}:\n{screen}"
        burst = pinned is None and turn % 3 == 2 and turn < TURNS - 1
        if burst:
            continue  # (ended by the next roll's burst)
        screen = table.end_turn()
        if pinned is not None:
            there = opponent_point(state.variant.game, pinned)  # (the board numbered for the other player now)
            assert pile(screen, there)[:2] == [other, mover], f"no {mover} pinning {other} on {there}:\n{screen}"
            assert starred(screen, there), f"the pin just made on {there} is not starred:\n{screen}"
            pins += 1
    return pins, refusals, (typed[0], typed[1])


@pytest.mark.slow
def test_a_plakoto_game_in_english(tmp_path: Path) -> None:
    """A 1-point Plakoto match (seed 3): New match says the mother-checker rule; the panel names
    the game; each side's fifteen stand on its own 24-point (the other's 1); the opening roll says
    who starts. Sixteen turns (:func:`plakoto_turns`): the dice in the panel each time, several
    pins drawn under their pinners and starred, a pinned checker's typed move refused with the
    reason. Then the player on roll resigns (R, 1), the other accepts (y): the match-over card."""
    table = Table(tmp_path, "en", seed=3)
    try:
        board = table.new_match("plakoto")
        assert pile(board, 24) == ["●", "●", "●", "●", "15"], board
        assert pile(board, 1) == ["○", "○", "○", "○", "15"], board
        table.opening()
        pins, refusals, _ = plakoto_turns(table)
        assert pins >= 2 and refusals == 1, f"{pins} pins made, {refusals} refused:\n{table.term.screen()}"
        table.resign()
    finally:
        table.close()


@pytest.mark.slow
def test_a_plakoto_game_in_arabic_with_typed_moves(tmp_path: Path) -> None:
    """``tawla --lang ar`` (seed 5) on an Arabic keyboard layout: the check of how Arabic is drawn
    answered (١), New match, بلاكوتو chosen in the Game select, the length typed (١), Ctrl+S; the
    panel on the board's left names the game. Rolls with ق; sixteen turns (:func:`plakoto_turns`),
    the typed ones at the prompt ظ opens (the / key): every other one in Arabic-Indic digits with ظ
    for / and the Arabic comma between moves («٢٤ظ١٨، ٢٤ظ٢٠», a pin with its *), the others in
    Western digits (24/18 24/20); a pin drawn and starred, the pinned checker's move refused with
    the reason in Arabic. Then Shift+R (ٌ on the Arabic layout), ١, and غ (y): the match-over card."""
    table = Table(tmp_path, "ar", seed=5)
    try:
        board = table.new_match("plakoto")
        assert pile(board, 24) == ["●", "●", "●", "●", "15"], board
        assert pile(board, 1) == ["○", "○", "○", "○", "15"], board
        top = board.splitlines()[2]
        assert top.index(table.said_n("panel.match", 1)) < top.index("┌"), board  # (the panel on the left)
        table.opening()
        pins, refusals, (arabic, western) = plakoto_turns(table)
        assert pins >= 1 and refusals == 1, f"{pins} pins made, {refusals} refused:\n{table.term.screen()}"
        assert arabic >= 3 and western >= 3, f"typed with the Arabic layout's keys {arabic} times, else {western}"
        table.resign()
    finally:
        table.close()


@pytest.mark.slow
def test_a_fevga_game_in_english(tmp_path: Path) -> None:
    """A 1-point Fevga match (seed 8): New match says the first-checker rule; the panel names the
    game; both sides' fifteen stand on diagonally opposite corners (the first player's on its 24,
    the second's on the first's 12), and arrows on the frame over the bar say which way both run
    (◀ along the top, ▶ along the bottom), from either side. The first turns are forced by the
    first-checker rule: tawla plays them and says so ("Forced: … plays …"). On the first turn with
    a choice, moves breaking Fevga's own rules (a second checker leaving the start too soon, a
    landing on a point one opposing checker holds…) are typed and refused with the rule said, then
    the turn is played with Enter; the rest are typed (a turn in three ends with the next roll,
    Enter and r in one burst). No point ever shows checkers of both sides. Then the player on roll
    resigns (R, 1), the other accepts (y): the match-over card."""
    table = Table(tmp_path, "en", seed=8)
    try:
        board = table.new_match("fevga")
        assert "┬─◀─┬" in board and "┴─▶─┴" in board, board
        assert pile(board, 24) == ["●", "●", "●", "●", "15"], board
        assert pile(board, 12) == ["○", "○", "○", "○", "15"], board
        table.opening()
        forced = refusals = by_enter = typed = 0
        burst = False
        for turn in range(TURNS):
            match, screen = table.roll(ending_turn=burst)
            state = match.state
            assert state.turn is not None
            if state.turn.complete:  # (played by tawla: the only play there is, or none)
                if state.turn.made:
                    play = format_play(state.turn.as_play())  # type: ignore[union-attr]
                    said = table.said("notice.forced", player=table.name(state.on_roll), play=play)
                    assert table.shows(screen, said), f"{said!r} not on the screen:\n{screen}"
                    forced += 1
            elif not refusals:
                refusals = try_fevga_rules(table, match)
                screen = table.by_enter(match)
                by_enter += 1
            else:
                text, steps, _ = choose(match)
                screen = table.typed(match, text, steps)
                typed += 1
            assert no_two_sides_on_a_point(screen), screen
            burst = turn % 3 == 2 and turn < TURNS - 1
            if burst:
                continue  # (ended by the next roll's burst)
            screen = table.end_turn()
            assert no_two_sides_on_a_point(screen), screen
            assert "┬─◀─┬" in screen and "┴─▶─┴" in screen, screen
        assert forced >= 2 and refusals >= 1 and by_enter == 1 and typed >= 5, (forced, refusals, by_enter, typed)
        table.resign()
    finally:
        table.close()
