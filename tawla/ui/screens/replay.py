"""Replay the games of a saved match, one event at a time, read-only.

← and → step through the game (a roll, one checker step, a cube decision...),
Home and End jump to its start and its end, Page Up and Page Down (or [ and ])
go to the previous or next game; i shows the IDs of the moment. The status line says in words what the step shown
did (a roll, a move, a double, a take or a pass, a resignation offered, accepted or
declined, and how the game ended; at a game's start, the Crawford game); the panel has
the cube and the dice as the game's panel has them, and the moves so far. Built from the
game's own view (:class:`~tawla.ui.match_view.MatchView`): the same board, banner
and panel, and none of the game's keys.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from rich.console import Group
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from tawla.analysis.skill import CubeChoice, Decision, Kind
from tawla.engine.games import step_of
from tawla.engine.tavla import Game
from tawla.game import Match, ScriptedDice
from tawla.game.events import (
    Beavered,
    Doubled,
    Dropped,
    Event,
    OpeningRolled,
    Raccooned,
    ResignAccepted,
    ResignDeclined,
    ResignOffered,
    Rolled,
    Stepped,
    Took,
    TurnEnded,
)
from tawla.game.state import MatchState, Phase
from tawla.store.options import MoveNotation
from tawla.store.saves import games_of
from tawla.ui.footer import TawlaFooter
from tawla.ui.keys import both, either_case
from tawla.ui.match_view import (
    MatchTexts,
    MatchView,
    board_model,
    calls_rolls,
    cube_and_dice,
    set_text,
    shown_names,
    the_person,
    viewer,
)
from tawla.ui.screens.base import Localized
from tawla.ui.skill import SkillNews, SkillWords

NAME_ROOM = 24
"""Cells of a name in the sentence that says what a step did (a long name is cut with "…")."""


class ReplayScreen(Localized, Screen[None]):
    """The board of a saved match at any moment of any of its games."""

    DEFAULT_CSS: ClassVar[str] = """
    ReplayScreen { layout: vertical; }
    ReplayScreen #status {  /* (5: what a step did in up to three lines at 80 columns, the hint in two) */
        width: 100%; height: 5; padding: 0 1; margin-top: 1; color: $text; background: $surface;
    }
    """
    AUTO_FOCUS = ""
    BINDINGS: ClassVar[list[BindingType]] = [
        # Forward is the way the screen reads: → (and ]) left to right, ← (and [) right to left.
        # Each key has both meanings; check_action lets through the one of the screen's direction.
        Binding("right," + both("l"), "step(1)", "key.replay_next"),
        Binding("left," + both("h"), "step(-1)", "key.replay_back"),
        Binding("left," + both("h"), "step_rtl(1)", "key.replay_next"),
        Binding("right," + both("l"), "step_rtl(-1)", "key.replay_back"),
        Binding("home", "jump(0)", "key.replay_start", show=False),
        Binding("end", "jump(1)", "key.replay_end", show=False),
        Binding("pagedown,right_square_bracket", "game(1)", "key.replay_next_game"),
        Binding("pagedown,left_square_bracket", "game_rtl(1)", "key.replay_next_game"),
        Binding("pageup,left_square_bracket", "game(-1)", "key.replay_previous_game", show=False),
        Binding("pageup,right_square_bracket", "game_rtl(-1)", "key.replay_previous_game", show=False),
        Binding(either_case("g"), "story", "key.story"),  # (G too, as the README says)
        Binding(both("w"), "better", "key.better"),
        Binding(both("i"), "ids", "key.ids"),
        Binding("escape," + both("q"), "leave", "key.back"),
    ]

    def __init__(self, source: Match, game: int = 0) -> None:
        super().__init__()
        self.source = source
        self.games = games_of(source)
        self.game_index = max(0, min(game, len(self.games) - 1))
        self.frame = 0
        self.match = self._match_at(self.game_index, 0)
        self._shown: dict[str, tuple[int, str]] = {}

    def compose(self) -> ComposeResult:
        self.set_class(self.rtl, "-rtl")
        yield MatchView(self.rtl)
        yield Static(id="status")
        yield TawlaFooter(compact=True)

    def on_mount(self) -> None:
        self.skill_news = self.app.analyses.ask(self.source, self)
        self.redraw()

    skill_news: SkillNews | None = None
    """What is known of how well each player played (tawla/ui/skill.py): None before any news."""
    better = False
    """The better choice is said beside each decision's loss (w)."""

    def on_skill_news(self, news: SkillNews) -> None:
        news.stop()
        if news.match is self.source and not (self.skill_news is not None and self.skill_news.done):
            self.skill_news = news
            self._shown.clear()
            self.redraw()

    def on_unmount(self) -> None:
        self.app.analyses.forget(self)

    def action_better(self) -> None:
        """Say (or stop saying) the better choice beside each decision's loss."""
        self.better = not self.better
        self.redraw()

    def on_resize(self, event: events.Resize) -> None:
        self.redraw()

    def relabel(self) -> None:
        self.call_later(self.rebuild)  # (after a change of language or of the preferences: mirrored)

    def rebuilt(self) -> None:
        self._shown.clear()
        self.redraw()

    # -- frames ---------------------------------------------------------------------------

    def _length(self, game: int) -> int:
        first, end = self.games[game]
        return end - first

    def _match_at(self, game: int, frame: int) -> Match:
        first, _ = self.games[game]
        events = self.source.events[: first + frame]
        return Match(
            names=self.source.names,
            dice=ScriptedDice([]),
            events=events,
            start=self.source.start,
            computer=self.source.computer,
        )

    def _show(self, game: int, frame: int) -> None:
        self.game_index, self.frame = game, max(0, min(frame, self._length(game)))
        self.match = self._match_at(self.game_index, self.frame)
        self.redraw()
        self.refresh_bindings()  # (a step back at the first step, or to a game past the last, is greyed out)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The arrows' meaning in the screen's direction (the ``_rtl`` actions in Arabic)."""
        if action in ("step", "game", "step_rtl", "game_rtl"):
            if action.endswith("_rtl") != self.rtl:
                return False
            delta = int(parameters[0]) if parameters else 0  # type: ignore[call-overload]
            if action.startswith("step"):
                there = 0 <= self.frame + delta <= self._length(self.game_index)
            elif len(self.games) < 2:
                return False  # (a match of one game: no other game to go to, the keys not shown)
            else:
                there = 0 <= self.game_index + delta < len(self.games)
            return True if there else None  # (shown greyed out: a key the footer offers does something)
        return True

    def action_step_rtl(self, delta: int) -> None:
        self.action_step(delta)

    def action_game_rtl(self, delta: int) -> None:
        self.action_game(delta)

    def action_step(self, delta: int) -> None:
        if 0 <= self.frame + delta <= self._length(self.game_index):
            self._show(self.game_index, self.frame + delta)
        else:
            self.app.bell()

    def action_jump(self, to_end: int) -> None:
        self._show(self.game_index, self._length(self.game_index) if to_end else 0)

    def action_game(self, delta: int) -> None:
        game = self.game_index + delta
        if 0 <= game < len(self.games):
            self._show(game, 0)
        else:
            self.app.bell()

    def action_leave(self) -> None:
        self.dismiss(None)

    def action_ids(self) -> None:
        """i: the Position ID, Match ID and XGID of the moment shown (to study it in GNU
        Backgammon), as the game's i gives them; a Plakoto or Fevga position as text."""
        from tawla.ui.screens.ids import show_ids

        show_ids(self.app, self.match)

    def action_story(self) -> None:
        """How the match went, at the game on the board."""
        from tawla.ui.screens.story import StoryScreen

        self.app.push_screen(StoryScreen(self.source, self.game_index))

    # -- drawing --------------------------------------------------------------------------

    def redraw(self) -> None:
        view = self.find(MatchView)
        if view is None:
            return  # (being rebuilt: drawn once it is)
        view.fit(self.size.width, self.size.height)
        prefs = self.app.preferences
        board = board_model(self.match, prefs, self.words, numbered_for=self.numbered_for())
        view.show(self._banner(), board, self._panel())
        set_text(self, self._shown, "#status", self._status())

    def numbered_for(self) -> int:
        """The player whose move or decision the step shows, for whom the board is numbered (as
        the status line writes the move): who rolled, moved, ended a turn, doubled, answered a
        double or a resignation; after the opening roll, its winner. At a game's start, the
        player on roll; once the game is over, against the computer, the person."""
        state = self.match.state
        computer = self.source.computer
        if self.frame == 0 or (state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER) and the_person(computer) is not None):
            return viewer(state, computer)
        first, _ = self.games[self.game_index]
        event = self.source.events[first + self.frame - 1]
        if isinstance(event, OpeningRolled):
            return viewer(state)
        return viewer(self._match_at(self.game_index, self.frame - 1).state)

    @property
    def names(self) -> tuple[str, str]:
        """The players' names as shown (a default name, and the computer's, in the interface's
        language)."""
        return shown_names(self.source, self.words)

    def _banner(self) -> object:
        a, b = self.names
        text = self.t("replay.banner", a=a, b=b, game=self.game_index + 1, games=len(self.games))
        return self.show(text, justify="center")

    def _status(self) -> object:
        step = self.t("replay.status", step=self.frame, steps=self._length(self.game_index))
        lines = [f"{step} · {self.said()}"]
        judged = self.judgement()
        if judged:
            lines.append(judged)
        lines.append(self.t("replay.hint"))
        return self.show("\n".join(lines))

    # -- how well each move was played ----------------------------------------------------------

    def decision_shown(self) -> Decision | None:
        """The decision the step shown made, judged: a turn's play (at its end), a double or not
        (at the double, or at the roll when a double was missed), a take or a pass."""
        news = self.skill_news
        if self.frame == 0 or news is None or news.analysis is None:
            return None
        first, _ = self.games[self.game_index]
        event = self.source.events[first + self.frame - 1]
        before = self._match_at(self.game_index, self.frame - 1)
        state = before.state
        turn = len(before.turns) + 1
        if isinstance(event, TurnEnded) or (isinstance(event, Stepped) and self.match.state.turn is None):
            kinds: tuple[Kind, ...] = (Kind.PLAY,)
        elif isinstance(event, Doubled | Rolled):
            kinds = (Kind.DOUBLE,)
        elif isinstance(event, Took | Dropped):
            kinds = (Kind.ANSWER,)
        else:
            return None
        found = [d for d in news.analysis.of_turn(state.game, turn) if d.kind in kinds]
        if not found or (
            isinstance(event, Rolled) and (found[0].loss <= 0 or found[0].chosen is not CubeChoice.NO_DOUBLE)
        ):
            return None  # (a roll: said only when a double was missed; a double made was judged at the double)
        return found[0]

    def judgement(self) -> str:
        """The loss of the decision shown, its grade, and with w the better choice; how far the
        analysis has gone; with w, why there is none."""
        news = self.skill_news
        if news is None or not news.done:
            return self.t("skill.analysing", percent=self.num(0 if news is None else news.percent))
        if news.analysis is None:
            from tawla.analysis.evaluator import PACKAGE

            return self.t(f"evaluator.none.{news.why}", package=PACKAGE) if self.better else ""
        decision = self.decision_shown()
        if decision is None:
            return self.t("skill.replay.nothing") if self.better else ""
        said = SkillWords(self.words, self.texts, self.names)
        loss = said.loss(decision.loss)
        if decision.grade is not None:
            text = self.t("skill.replay.loss_graded", loss=loss, grade=said.grade(decision), mark=said.mark(decision))
        elif decision.loss >= 0.0005:
            text = self.t("skill.replay.loss", loss=loss)
        else:
            text = self.t("skill.replay.best")
        if self.better:
            if decision.loss >= 0.0005:
                text += " " + self.t("skill.replay.better", best=said.choice(decision, decision.best))
            else:
                text += " " + self.t("skill.replay.no_better")
        return text

    def _marks(self) -> list[str]:
        """The grade mark of each completed turn's play of the game shown (?!, ?, ??; empty: good)."""
        news = self.skill_news
        if news is None or news.analysis is None:
            return []
        said = SkillWords(self.words, self.texts, self.names)
        game = self.match.state.game
        marks = []
        for n in range(1, len(self.match.turns) + 1):
            play = [d for d in news.analysis.of_turn(game, n) if d.kind is Kind.PLAY]
            marks.append(said.mark(play[0]) if play else "")
        return marks

    @property
    def texts(self) -> MatchTexts:
        prefs = self.app.preferences
        calls = calls_rolls(self.words, prefs, self.source.rules)
        return MatchTexts(self.words, prefs.ascii_board, calls, prefs.notation is MoveNotation.ARABIC)

    def said(self) -> str:
        """What the step shown did, in words: the event that led to it, told from the state
        before it (who rolled, moved, doubled, answered...), and how the game ended when it did;
        at a game's start, that it is the Crawford game, if it is."""
        state = self.match.state
        first, _ = self.games[self.game_index]
        if self.frame == 0:
            key = "replay.said.crawford" if state.crawford_game and state.rules.cube else "replay.said.start"
            return self.t(key, game=state.game)
        before = self._match_at(self.game_index, self.frame - 1).state
        text = self._told(self.source.events[first + self.frame - 1], before, state)
        if len(state.results) > len(before.results):
            from tawla.ui.screens.story import result_text

            names = [self.words.cut(name, NAME_ROOM) for name in self.names]
            text += " " + result_text(self.words, names, state.results[-1], state.variant.game)
        return text

    def _told(self, event: Event, before: MatchState, after: MatchState) -> str:
        """One event in words (``before``: the state it was applied to, ``after``: what it made)."""
        t, texts = self.t, self.texts

        def name(player: int | None) -> str:
            return self.words.cut(self.names[player if player is not None else before.on_roll], NAME_ROOM)

        match event:
            case OpeningRolled(die0=d0, die1=d1) if d0 == d1:
                return t("notice.tie", die=d0)
            case OpeningRolled(die0=d0, die1=d1):
                winner, dice = after.on_roll, (d0, d1)  # (the winner's die first, as the game says it)
                return t("notice.opening", name=name(winner), d0=dice[winner], d1=dice[1 - winner])
            case Rolled(dice=dice):
                return t("replay.said.rolled", name=name(None), dice=texts.roll_named((max(dice), min(dice))))
            case Stepped(source=source, die=die) if before.turn is not None:
                moved = step_of(before.variant, before.turn.position, source, die)
                move = texts.play((moved[0],)) if moved is not None else self.num(f"{source}")
                return t("replay.said.stepped", name=name(None), move=move)
            case TurnEnded() if before.turn is not None and not before.turn.made:
                return t("replay.said.passed", name=name(None))
            case TurnEnded() if before.turn is not None:
                return t("replay.said.ended", name=name(None), play=texts.play(before.turn.made))
            case Doubled():
                return t("replay.said.doubled", name=name(None), value=after.offered)
            case Beavered():
                return t("replay.said.beavered", name=name(before.to_act), value=after.offered)
            case Raccooned():
                return t("replay.said.raccooned", name=name(before.to_act), value=after.offered)
            case Took():
                return t("replay.said.took", name=name(before.to_act), value=after.cube.value)
            case Dropped():
                return t("replay.said.dropped", name=name(before.to_act))
            case ResignOffered(level=level):
                double = level == 2 and before.variant.game is not Game.BACKGAMMON  # (no gammon: a double game)
                return t(f"replay.said.resign{level}" + ("_double" if double else ""), name=name(None))
            case ResignAccepted() | ResignDeclined() if before.resignation is not None:
                key = "replay.said.accepted" if isinstance(event, ResignAccepted) else "replay.said.declined"
                return t(key, name=name(1 - before.resignation[0]))
        return ""  # pragma: no cover - every event a game holds is told above

    def _panel(self) -> Group:
        state = self.match.state
        head = Text()
        rules = state.rules
        head.append(self.t_n("panel.match", rules.match_length) if rules.is_match else self.t("panel.money"))
        if rules.is_match and state.crawford_game and rules.cube:
            head.append("  " + self.t("panel.crawford"), style="bold reverse")  # (as the game's panel marks it)
        if rules.tavla:  # (which game of the family this one is)
            game = self.t(f"games.{rules.game_of(state.game).value}")
            head.append("\n" + self.t("panel.game_of", number=state.game, game=game))
        head.append("\n")
        a, b = self.names
        head.append(self.t("over.score", a=a, sa=state.score[0], b=b, sb=state.score[1]))
        texts = self.texts
        name_room = max(8, self.query_one(MatchView).panel_width() - 12)
        body = cube_and_dice(texts, state, self.names, name_room)
        moves = Text()
        moves.append(self.t("panel.moves"), style="bold underline")
        marks = self._marks()
        if any(marks):  # (what ?!, ? and ?? say)
            moves.append("\n" + self.t("skill.marks_legend"), style="dim")
        lines = texts.moves(self.match, current=True, marks=marks)
        room = max(3, self.size.height - 17)
        for text, style in lines[-room:]:
            moves.append("\n")
            moves.append(text, style=style)
        return Group(self.show(head), Text(""), self.show(body), Text(""), self.show(moves))


def pick_replay(app: Any) -> None:
    """Pick a saved match and replay its games."""
    from tawla.ui.screens.history import HistoryScreen

    def picked(path: Path | None) -> None:
        saved = app.load_for_reading(path)
        if saved is not None:
            app.push_screen(ReplayScreen(saved.match))

    app.push_screen(HistoryScreen(app.keeper, "history.replay_title"), picked)
