"""Skill beside luck in the screens: the analysis of a match (:func:`tawla.analysis.skill.analyse`)
run in a worker thread, kept, and written for the player.

The analysis takes a second or two a match, so no key ever waits for it: a screen asks
:class:`Analyses` (one per app, ``app.analyses``) and is told, by a :class:`SkillNews` message,
how far it has gone ("analysing… 40 %") and then the result, or why there is none (no
evaluator: ``evaluator.none.<code>``). The analysis of a finished game never changes: it is
kept per game (the events of that game, from the state it began in), so that the card at the
end of a long match analyses its last game only, and the story and the replay of the same
match ask nothing new.

:class:`SkillWords` writes the figures: the error rate, the equity lost on checker plays and on
the cube, the doubtful / bad / very bad counts (thresholds said), the worst moment with the
better play, in its mover's numbering. Plakoto and Fevga are judged by tawla's own evaluator,
which needs nothing installed; where their figures appear a line says so (:func:`judged_by`).
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from textual.message import Message
from textual.widgets import Static

if TYPE_CHECKING:
    from pathlib import Path

    from rich.console import RenderableType

    from tawla.analysis.skill import Analysis, Decision, Skill
    from tawla.engine.tavla import Game
    from tawla.game.match import Match
    from tawla.i18n.words import Words
    from tawla.ui.match_view import MatchTexts


class SkillNews(Message):
    """How the analysis of ``match`` is going, posted to the screens that asked for it (from the
    worker thread: ``post_message`` is thread-safe)."""

    def __init__(self, match: Match, percent: int, analysis: Analysis | None = None, why: str | None = None) -> None:
        super().__init__()
        self.match = match
        self.percent = percent
        self.analysis = analysis
        """The analysis, once done (None while it runs, or when there is none)."""
        self.why = why
        """Why there is no analysis (an ``evaluator.none`` code), once known."""

    @property
    def done(self) -> bool:
        return self.analysis is not None or self.why is not None


class _Kept:
    """What is known of one match: each game's analysis (by its range of events) and the
    screens waiting for news."""

    def __init__(self) -> None:
        self.parts: dict[tuple[int, int], Analysis] = {}
        self.listeners: weakref.WeakSet[Any] = weakref.WeakSet()
        self.running = False


def game_ranges(events: Sequence[object]) -> list[tuple[int, int]]:
    """(first, end) event indices of each game (:func:`tawla.store.saves.games_of` for a tuple of
    events: a game ends at its NextGame)."""
    from tawla.game.events import NextGame

    out: list[tuple[int, int]] = []
    first = 0
    for i, event in enumerate(events):
        if isinstance(event, NextGame):
            out.append((first, i))
            first = i + 1
    out.append((first, len(events)))
    return out


def combined(parts: Sequence[Analysis]) -> Analysis:
    """One analysis of a match from its games'."""
    from tawla.analysis.skill import Analysis

    decisions = tuple(d for part in parts for d in part.decisions)
    games = max((p.games for p in parts), default=0)
    judges = frozenset(g for part in parts for g in part.judges)
    return Analysis(decisions, sum(p.unjudged for p in parts), games, judges)


def analyse_by_game(
    match: Match,
    events: tuple[Any, ...],
    kept: dict[tuple[int, int], Analysis],
    progress: Any = None,
) -> Analysis:
    """The analysis of ``match`` as far as ``events`` go, game by game: a game in ``kept`` is
    not analysed again, and each game analysed is added to it. ``progress(done, all)`` counts
    the events still to analyse. (Runs in a worker thread; raises
    :class:`~tawla.analysis.evaluator.Unavailable` as :func:`~tawla.analysis.skill.analyse` does.)"""
    from tawla.analysis.skill import analyse
    from tawla.game import Match, ScriptedDice

    ranges = game_ranges(events)
    todo = [(first, end) for first, end in ranges if (first, end) not in kept]
    total = sum(end - first for first, end in todo) or 1
    done = 0
    for first, end in todo:
        before = Match(names=match.names, dice=ScriptedDice([]), events=events[:first], start=match.start)
        game = Match(names=match.names, dice=ScriptedDice([]), events=events[first:end], start=before.state)
        offset = done

        def told(n: int, _all: int, offset: int = offset) -> None:
            if progress is not None:
                progress(offset + n, total)

        kept[(first, end)] = analyse(game, told)
        done += end - first
    return combined([kept[r] for r in ranges])


class Analyses:
    """Every analysis this app has made, by match (while the match lives), and the worker that
    makes them (see the module docstring)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self._kept: weakref.WeakKeyDictionary[Match, _Kept] = weakref.WeakKeyDictionary()
        self._lock = threading.Lock()
        self.why: str | None = None
        """Why there is no evaluator, once an analysis found out."""
        self._files: weakref.WeakKeyDictionary[Match, Path] = weakref.WeakKeyDictionary()
        """Where a finished match's figures go once it is analysed (its history file)."""
        self.recorded = 0
        """History files given their figures (for tests)."""

    def record_into(self, match: Match, path: Path | None) -> None:
        """Write the figures of ``match`` (over) into its history file ``path`` once they are
        known, for the players' book (in a worker thread: now if they are known already)."""
        if path is None:
            return
        with self._lock:
            self._files[match] = path
        analysis = self.known(match)
        if analysis is not None:
            events = match.events
            self.app.run_worker(
                lambda: self._record(match, events, analysis), thread=True, group="skill", exit_on_error=False
            )

    def _record(self, match: Match, events: tuple[Any, ...], analysis: Analysis) -> None:
        """In a worker thread: the figures into the history file, if one is waiting for them."""
        from tawla.analysis.evaluator import LEVEL, PACKAGE
        from tawla.engine.tavla import Game
        from tawla.store.records import add_skill

        with self._lock:
            path = self._files.pop(match, None)
        if path is None:
            return
        skills = [analysis.skill(player) for player in (0, 1)]
        lost = (round(1000 * skills[0].loss), round(1000 * skills[1].loss))
        judged = (skills[0].decisions, skills[1].decisions)
        by = " + ".join(
            f"{PACKAGE} {LEVEL}" if game is Game.BACKGAMMON else f"tawla {game.value}"
            for game in Game
            if game in analysis.judges
        )
        try:
            if add_skill(path, len(events), lost, judged, by or f"{PACKAGE} {LEVEL}"):
                self.recorded += 1
        except OSError:
            pass  # (the book shows a dash for it, as for a match never analysed)

    def known(self, match: Match) -> Analysis | None:
        """The analysis of ``match`` as it is now, if it is made (no work done)."""
        events = match.events
        with self._lock:
            kept = self._kept.get(match)
            if kept is None:
                return None
            ranges = game_ranges(events)
            if any(r not in kept.parts for r in ranges):
                return None
            return combined([kept.parts[r] for r in ranges])

    def none_yet(self) -> str | None:
        """Why there is no evaluator, if that is known without loading it (an analysis found
        out, or its package is not installed): a screen then says so at once."""
        if self.why is not None:
            return self.why
        from tawla.analysis import evaluator

        return evaluator.known_unavailable()

    def ask(self, match: Match, listener: Any) -> SkillNews | None:
        """The analysis of ``match`` for ``listener`` (a screen): the news at once when it is
        known (the analysis made, or no evaluator), else None and a :class:`SkillNews` posted to
        ``listener`` as it goes and when it is done."""
        why = self.none_yet() if has_backgammon(match) else None  # (Plakoto and Fevga need no package)
        if why is not None:
            return SkillNews(match, 100, why=why)
        analysis = self.known(match)
        if analysis is not None:
            return SkillNews(match, 100, analysis)
        with self._lock:
            kept = self._kept.get(match)
            if kept is None:
                kept = self._kept[match] = _Kept()
            kept.listeners.add(listener)
            if kept.running:
                return None
            kept.running = True
        events = match.events
        self.app.run_worker(
            lambda: self._work(match, events), thread=True, group="skill", exit_on_error=False, name="skill"
        )
        return None

    def forget(self, listener: Any) -> None:
        """``listener`` wants no more news (its screen closed)."""
        with self._lock:
            for kept in self._kept.values():
                kept.listeners.discard(listener)

    def _tell(self, match: Match, news: SkillNews) -> None:
        with self._lock:
            kept = self._kept.get(match)
            listeners = list(kept.listeners) if kept is not None else []
        for listener in listeners:
            listener.post_message(news)

    def _work(self, match: Match, events: tuple[Any, ...]) -> None:
        """In the worker thread: analyse ``match`` as far as ``events`` go, telling the screens."""
        from tawla.analysis.evaluator import Unavailable

        said = [-1]

        def progress(done: int, total: int) -> None:
            percent = min(99, 100 * done // total)
            if percent >= said[0] + 5:  # (news every 5 %: the screens redraw a line each)
                said[0] = percent
                self._tell(match, SkillNews(match, percent))

        with self._lock:
            kept = self._kept.get(match)
            parts = dict(kept.parts) if kept is not None else {}
        news: SkillNews
        try:
            analysis = analyse_by_game(match, events, parts, progress)
        except Unavailable as error:
            self.why = error.code
            news = SkillNews(match, 100, why=error.code)
        except Exception:  # (anything else the evaluator raises: said as a broken evaluator)
            news = SkillNews(match, 100, why="broken")
        else:
            news = SkillNews(match, 100, analysis)
        with self._lock:
            kept = self._kept.get(match)
            if kept is not None:
                kept.parts.update(parts)
                kept.running = False
        self._tell(match, news)
        if news.analysis is not None:
            self._record(match, events, news.analysis)
        if news.analysis is not None and match.events != events:  # (played on meanwhile: once more)
            with self._lock:
                listeners = list(kept.listeners) if kept is not None else []
            for listener in listeners:
                self.app.call_from_thread(self.ask, match, listener)


# -- the figures in words ------------------------------------------------------------------------


GRADE_ORDER = ("doubtful", "bad", "very_bad")
"""The grades, least bad first (:class:`~tawla.analysis.skill.Grade`'s values)."""


class SkillWords:
    """How the figures are written (``words``: the interface's; ``texts``: how moves are
    written, in their mover's numbering)."""

    def __init__(self, words: Words, texts: MatchTexts, names: Sequence[str]) -> None:
        self.words, self.texts, self.names = words, texts, names
        self.t = words.t

    def decimal(self, value: float, places: int = 3) -> str:
        """``value`` with ``places`` decimals in the interface's digits (and decimal sign)."""
        return self.words.decimal(value, places)

    def rate(self, skill: Skill) -> str:
        """The error rate (thousandths lost a decision), one decimal; a dash when nothing was judged."""
        rate = skill.error_rate
        return "–" if rate is None else self.decimal(rate, 1)

    def loss(self, value: float) -> str:
        return self.decimal(value, 3)

    def grades(self, skill: Skill) -> tuple[str, str, str]:
        return (self.words.num(skill.grades[0]), self.words.num(skill.grades[1]), self.words.num(skill.grades[2]))

    def choice(self, decision: Decision, which: object) -> str:
        """A decision's chosen or best choice: a play in its mover's numbering, or a cube action."""
        from tawla.engine import Play
        from tawla.engine.tavla import Play as TavlaPlay

        if isinstance(which, Play | TavlaPlay):  # (backgammon's, or a Plakoto or Fevga play)
            return self.texts.play(which.steps)
        return self.t(f"skill.choice.{which}")

    def moment(self, decision: Decision, game: bool = True) -> str:
        """Where a decision was made: «turn 14, 6-4» (and the game's number, in a match of several)."""
        roll = "" if decision.roll is None else self.texts.roll((max(decision.roll), min(decision.roll)))
        key = "skill.moment_roll" if roll else "skill.moment"
        where = self.t(key, turn=decision.turn, roll=roll)
        return self.t("skill.in_game", game=decision.game, moment=where) if game else where

    def worst(self, player: int, skill: Skill, in_games: bool) -> str:
        """A player's worst moment with the better play («● Ali, worst: turn 14, 6-4: 13/7 13/9;
        better 24/14, 0.955 lost»)."""
        who = f"{self.texts.glyphs[player]} {self.words.cut(self.names[player], 12)}"
        d = skill.worst
        if d is None:
            return self.t("skill.no_worst", player=who)
        return self.t(
            "skill.worst",
            player=who,
            moment=self.moment(d, in_games),
            chosen=self.choice(d, d.chosen),
            best=self.choice(d, d.best),
            loss=self.loss(d.loss),
        )

    def legend(self) -> str:
        """The grades' thresholds and what the error rate counts."""
        from tawla.analysis.skill import GRADES

        least = {grade.value: self.decimal(value, 2) for value, grade in GRADES}
        return self.t("skill.legend", doubtful=least["doubtful"], bad=least["bad"], very_bad=least["very_bad"])

    def grade(self, decision: Decision) -> str:
        """A decision's grade in words (empty: a good one)."""
        g = decision.grade
        return "" if g is None else self.t(f"skill.grade.{g.value}")

    def mark(self, decision: Decision) -> str:
        """A decision's grade as the short mark beside a move (?!, ?, ??)."""
        g = decision.grade
        return "" if g is None else self.t(f"skill.mark.{g.value}")

    def table(self, skills: Sequence[Skill], first: str, cube: bool = True) -> RenderableType:
        """The figures as a table: a row a player, mirrored in Arabic (``first``: the head of the
        names' column; ``cube``: the table plays with a cube that can be turned, else the cube's
        column is left out)."""
        from rich.align import Align
        from rich.table import Table
        from rich.text import Text

        rtl = self.words.rtl
        columns = ("rate", "checker", *(("cube",) if cube else ()), *GRADE_ORDER)
        heads = [first, *(self.t(f"skill.column.{c}") for c in columns)]
        rows = [heads]
        for player, skill in enumerate(skills):
            who = f"{self.texts.glyphs[player]} {self.words.cut(self.names[player], 12)}"
            cube_loss = [self.loss(skill.cube_loss)] if cube else []
            rows.append([who, self.rate(skill), self.loss(skill.checker_loss), *cube_loss, *self.grades(skill)])
        table = Table.grid(padding=(0, 2))
        order = list(range(len(heads)))
        if rtl:
            order.reverse()
        for i in order:
            table.add_column(justify="right" if rtl or i else "left", no_wrap=True, overflow="ellipsis")
        for n, row in enumerate(rows):
            table.add_row(*(Text(self.words.line(row[i]), style="bold" if n == 0 else "") for i in order))
        return Align.right(table) if rtl else table


def texts_of(app: Any, match: Match) -> MatchTexts:
    """How moves are written on ``app``'s screens for ``match`` (as the replay writes them)."""
    from tawla.store.options import MoveNotation
    from tawla.ui.match_view import MatchTexts, calls_rolls

    prefs, words = app.preferences, app.words
    calls = calls_rolls(words, prefs, match.rules)
    return MatchTexts(words, prefs.ascii_board, calls, prefs.notation is MoveNotation.ARABIC)


def games_of(match: Match, game: int | None = None) -> list[Game]:
    """The games (backgammon, Plakoto, Fevga) of ``match`` so far, each once, in the order of
    :class:`~tawla.engine.tavla.Game` (``game``: only that one's)."""
    from tawla.engine.tavla import Game

    numbers = [game] if game is not None else range(1, match.state.game + 1)
    played = {match.rules.game_of(n) for n in numbers}
    return [g for g in Game if g in played]


def has_backgammon(match: Match) -> bool:
    """``match`` has backgammon to judge (which needs Open Sage)."""
    from tawla.engine.tavla import Game

    return Game.BACKGAMMON in games_of(match)


def judged_by(words: Words, games: Sequence[Game]) -> list[str]:
    """A line for each of ``games`` that tawla's own evaluator judges (Plakoto, Fevga): «Judged
    by tawla's own Plakoto evaluator.»"""
    from tawla.engine.tavla import Game

    return [
        words.t("evaluator.judged_by", evaluator=words.t(f"evaluator.own.{game.value}"))
        for game in games
        if game is not Game.BACKGAMMON
    ]


FIGURE_LINES = 8
"""Lines the figures take on a card: the table's head and a row a player, each player's worst
moment, the legend (what each figure counts, in words: three lines at 80 columns). The card
keeps them from the start, so that nothing moves when they come."""


class SkillPanel(Static):
    """How well each player played, on a result card: ``match``'s figures over game ``game``
    (from 1), or over the match (None). While the analysis runs, how far it has gone, in the
    room the figures will take; with no evaluator, a line saying why; under the figures of Plakoto
    and Fevga, a line saying whose they are (:func:`judged_by`)."""

    DEFAULT_CSS = """
    SkillPanel { width: 100%; height: auto; }
    """

    def __init__(self, match: Match, game: int | None = None, *, id: str | None = None) -> None:
        super().__init__("", id=id, classes="body")
        self.match = match
        self.game = game
        self.news: SkillNews | None = None
        """What is known of the analysis (None: nothing yet)."""

    @property
    def tawla(self) -> Any:
        """The app (tawla's: its words, preferences and analyses)."""
        return self.app

    @property
    def analysis(self) -> Analysis | None:
        return None if self.news is None else self.news.analysis

    @property
    def shown(self) -> bool:
        """The figures, or why there are none, are shown (not the progress)."""
        return self.news is not None and self.news.done

    def on_mount(self) -> None:
        self.news = self.tawla.analyses.ask(self.match, self)
        if self.news is None or self.news.analysis is not None:
            self.styles.min_height = FIGURE_LINES + len(judged_by(self.tawla.words, games_of(self.match, self.game)))
        self.redraw()

    def on_unmount(self) -> None:
        self.tawla.analyses.forget(self)

    def on_skill_news(self, news: SkillNews) -> None:
        news.stop()
        if news.match is not self.match or self.shown:
            return
        self.news = news
        self.redraw()

    def redraw(self) -> None:
        """Said again in the language in force (after F2 too)."""
        words = self.tawla.words
        news = self.news
        if news is None or not news.done:
            percent = 0 if news is None else news.percent
            self.update(words.show(words.t("skill.analysing", percent=words.num(percent))))
            return
        if news.analysis is None:
            from tawla.analysis.evaluator import PACKAGE

            self.update(words.show(words.t(f"evaluator.none.{news.why}", package=PACKAGE)))
            return
        self.update(self.figures(news.analysis))

    def figures(self, analysis: Analysis) -> RenderableType:
        from rich.console import Group

        from tawla.ui.match_view import shown_names

        words = self.tawla.words
        names = list(shown_names(self.match, words))
        said = SkillWords(words, texts_of(self.tawla, self.match), names)
        skills = [analysis.skill(player, self.game) for player in (0, 1)]
        first = words.t("skill.this_game" if self.game is not None else "skill.this_match")
        in_games = self.game is None and analysis.games > 1
        lines: list[RenderableType] = [said.table(skills, first, cube=self.match.rules.cube_in_play)]
        lines += [words.show(said.worst(player, skills[player], in_games)) for player in (0, 1)]
        lines.append(words.show(said.legend()))
        lines += [words.show(line) for line in judged_by(words, games_of(self.match, self.game))]
        return Group(*lines)
