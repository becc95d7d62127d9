"""Replay the games of a saved match, one event at a time, read-only.

← and → step through the game (a roll, one checker step, a cube decision...),
Home and End jump to its start and its end, Page Up and Page Down (or [ and ])
go to the previous or next game; the panel lists the moves so far.
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group
from rich.text import Text
from textual.binding import Binding, BindingType

from tawla.game import Match, ScriptedDice
from tawla.store.saves import games_of
from tawla.ui.board import GLYPHS
from tawla.ui.keys import both
from tawla.ui.screens.game import GameScreen


class ReplayScreen(GameScreen, inherit_bindings=False):
    """The board of a saved match at any moment of any of its games."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right," + both("l"), "step(1)", "key.replay_next"),
        Binding("left," + both("h"), "step(-1)", "key.replay_back"),
        Binding("home", "jump(0)", "key.replay_start", show=False),
        Binding("end", "jump(1)", "key.replay_end", show=False),
        Binding("pagedown,right_square_bracket", "game(1)", "key.replay_next_game"),
        Binding("pageup,left_square_bracket", "game(-1)", "key.replay_previous_game", show=False),
        Binding("escape," + both("q"), "leave", "key.back"),
    ]
    autosaves = False
    _ACTIONS: ClassVar[tuple[str, ...]] = ()

    def __init__(self, source: Match, game: int = 0) -> None:
        self.source = source
        self.games = games_of(source)
        self.game_index = max(0, min(game, len(self.games) - 1))
        self.frame = 0
        super().__init__(self._match_at(self.game_index, 0))

    # -- frames ---------------------------------------------------------------------------

    def _length(self, game: int) -> int:
        first, end = self.games[game]
        return end - first

    def _match_at(self, game: int, frame: int) -> Match:
        first, _ = self.games[game]
        events = self.source.events[: first + frame]
        return Match(names=self.source.names, dice=ScriptedDice([]), events=events, start=self.source.start)

    def _show(self, game: int, frame: int) -> None:
        self.game_index, self.frame = game, max(0, min(frame, self._length(game)))
        self.match = self._match_at(self.game_index, self.frame)
        self.redraw()

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

    # -- what the game screen would do: nothing, it is a replay ------------------------------

    def after_action(self) -> None:
        self.cursor = None
        self.redraw()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return True

    def describe_action(self, action: str) -> str | None:
        return None

    def _banner(self) -> object:
        a, b = self.source.names
        text = self.t("replay.banner", a=a, b=b, game=self.game_index + 1, games=len(self.games))
        return self.show(text, justify="center")

    def _status(self) -> object:
        lines = [self.t("replay.status", step=self.frame, steps=self._length(self.game_index)), self.t("replay.hint")]
        return self.show("\n".join(lines))

    def _panel(self) -> Group:
        state = self.match.state
        head = Text()
        rules = state.rules
        head.append(self.t("panel.match", length=rules.match_length) if rules.is_match else self.t("panel.money"))
        head.append("\n")
        a, b = self.source.names
        head.append(self.t("over.score", a=a, sa=state.score[0], b=b, sb=state.score[1]))
        moves = Text()
        moves.append(self.t("panel.moves"), style="bold underline")
        lines: list[tuple[str, str]] = []
        for player, done in self.match.turns:
            glyph = GLYPHS[self.prefs.ascii_board][player]
            lines.append((f"{glyph} {self.roll_text(done.roll, joined=True)}: {self.play_text(done.made)}", ""))
        turn = state.turn
        if turn is not None:  # the turn being played, as far as it has gone
            glyph = GLYPHS[self.prefs.ascii_board][state.on_roll]
            made = self.play_text(turn.made) if turn.made else "…"
            lines.append((f"{glyph} {self.roll_text(turn.roll, joined=True)}: {made}", "bold reverse"))
        room = max(3, self.size.height - 14)
        for text, style in lines[-room:]:
            moves.append("\n")
            moves.append(text, style=style)
        return Group(self.show(head), Text(""), self.show(moves))
