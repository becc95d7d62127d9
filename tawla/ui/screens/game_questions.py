"""The game screen's questions: the dice typed in, the resignation offered and answered, the card
of a game or match over, the end of a money session. Each opens a dialog, and hands the answer
to the table (a mixin of :class:`~tawla.ui.screens.game.GameScreen`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tawla.game import Action, Phase
from tawla.game.table import Outcome, Question
from tawla.ui.screens.dialogs import (
    AnswerScreen,
    ConfirmScreen,
    LineScreen,
    ResignLevelScreen,
    ResultAgainScreen,
    ResultScreen,
)

if TYPE_CHECKING:
    from tawla.game.table import Table
    from tawla.ui.game_texts import GameWords


class GameQuestions:
    """Dialogs over the game, and what their answers do."""

    if TYPE_CHECKING:

        @property
        def names(self) -> tuple[str, str]: ...

        @property
        def said(self) -> GameWords:
            """The screen's: what the game says."""

    table: Table
    app: Any
    asking: bool
    t: Callable[..., str]
    t_n: Callable[..., str]
    saying: Callable[..., Callable[[], str]]
    dismiss: Any
    after: Callable[[Outcome], None]
    """The screen's: draw what the table says happened."""
    problem: str | None
    redraw: Callable[[], None]
    refuse: Callable[[Outcome], bool]
    """The screen's: say why the table refused."""
    computer_turn: Callable[[], bool]
    """The screen's: the computer must act now."""

    def ask(self, question: Question | None) -> None:
        """Open the dialog of what the table asks, unless one is open."""
        if question is None or self.asking:
            return
        if question is Question.RESIGNATION:
            if not self.computer_turn():  # (offered to the computer: it answers by itself)
                self._answer_resignation()
        else:
            self._game_over()

    def ask_dice(self) -> None:
        """Real dice: the players type what they rolled (the dialog takes the very next keys)."""
        opening = self.table.match.state.phase is Phase.OPENING

        def check(text: str) -> str | None:
            digits = tuple(int(c) for c in text if c.isdigit())  # Western or Arabic-Indic
            refused = self.table.dice_refusal(digits)
            return self.t("dice.bad") if refused is not None and refused.code == "bad_dice" else None

        def typed(text: str | None) -> None:
            if text is None or self.table.match.state.phase is not (Phase.OPENING if opening else Phase.TURN):
                return
            d1, d2 = (int(c) for c in text if c.isdigit())
            self.after(self.table.roll((d1, d2)))

        on_roll = self.table.match.state.on_roll

        def title() -> str:  # (said again in the other language after F2, as every dialog's text)
            a, b = self.names
            return self.t("dice.opening_title", a=a, b=b) if opening else self.t("dice.title", name=self.names[on_roll])

        self.app.push_screen(LineScreen(title, self.saying("dice.hint"), check=check), typed)

    def action_resign(self) -> None:
        table = self.table
        refused = table.match.refusal(Action.RESIGN, 1)
        if refused is not None:
            self.refuse(Outcome(refused=refused))
            return
        state = table.match.state
        levels = tuple(int(kind) for kind in table.resign_levels())  # (only what can be won)

        def chosen(level: int | None) -> None:
            if level and Action.RESIGN in table.match.actions():
                self.after(table.resign(level))

        title = lambda: self.t("resign.title", name=self.names[state.on_roll])  # noqa: E731  # (said again after F2)
        hint = self.saying("resign.hint" if len(levels) == 3 else f"resign.hint{len(levels)}")
        body = lambda: self.said.resign_levels_text(state, levels)  # noqa: E731
        self.app.push_screen(ResignLevelScreen(title, body, hint, levels), chosen)

    def _answer_resignation(self) -> None:
        """The opponent accepts with y (Enter does nothing here: it also rolls and moves)."""
        state = self.table.match.state
        if state.resignation is None:
            return
        resigner = state.resignation[0]
        t = self.t
        self.asking = True

        def answered(yes: bool | None) -> None:
            self.asking = False
            if self.table.match.state.phase is Phase.RESIGNING:
                self.after(self.table.answer(bool(yes)))
            else:
                self.after(self.table.settle())

        self.app.push_screen(
            AnswerScreen(  # (said again in the other language after F2)
                lambda: t("resign.offer_title", name=self.names[1 - resigner]),
                lambda: self.said.resign_offer(state),
                self.saying("resign.offer_hint"),
            ),
            answered,
        )

    def _game_over(self) -> None:
        state = self.table.match.state
        result = state.results[-1]
        t = self.t

        def body() -> str:  # (the card's texts are said again in the other language after F2)
            return self.said.result_body(state, result)

        self.asking = True
        if state.phase is Phase.MATCH_OVER:
            winner = state.winner
            champion = winner if winner is not None else result.winner
            assert champion is not None  # (a match is won by a player, whatever its last game)
            title = lambda: t("over.match_title", name=self.names[champion])  # noqa: E731

            def match_over(_: object) -> None:
                self.asking = False
                self.dismiss(None)

            over = ResultScreen(title, body, self.saying("over.match_hint"), self.table.match, book=True, skill=0)
            self.app.analyses.record_into(self.table.match, self.app.keeper.history_file(self.table.match))
            self.app.push_screen(over, match_over)
            return

        def next_game(answer: object) -> None:
            self.asking = False
            if answer == "end_session":  # (e on the card of a money game: asked first)
                self.action_end_session()
                return
            if self.table.match.state.phase is Phase.GAME_OVER:
                self.after(self.table.next_game())
            else:
                self.after(self.table.settle())

        money = not state.rules.is_match

        def hint() -> str:
            return t("over.hint") + (" · " + t("over.end_hint") if money else "")

        card = ResultScreen(
            self.saying("over.title"), body, hint, self.table.match, end_session=money, skill=state.game
        )
        self.app.push_screen(card, next_game)

    def action_card_again(self) -> None:
        """v (or the palette): the card of the game just over, again, until the next roll (a
        card closed unseen, or closed too soon to be read); why not, on the status line."""
        table = self.table
        result = table.last_result
        if result is None:
            self.problem = self.t("over.again_none")
            self.app.bell()
            self.redraw()
            return
        state = table.match.state
        body = lambda: self.said.result_body(state, result)  # noqa: E731  # (said again after F2)
        hint = self.saying("over.again_hint")
        card = ResultAgainScreen(self.saying("over.title"), body, hint, table.match, skill=state.game - 1)
        self.app.push_screen(card)

    def action_end_session(self) -> None:
        """e (or the palette) in money play: the session's tally, asked first; yes puts the
        session into the history (the book counts it as it counts a money session: whoever is
        ahead on points won it) and shows its tally, then the menu."""
        table = self.table
        state = table.match.state
        refused = table.end_session_refusal()
        if refused is not None:
            self.refuse(Outcome(refused=refused))
            return
        if self.asking and state.phase is not Phase.GAME_OVER:
            return
        from tawla.game.tally import story_of, tally

        counted = tally(story_of(table.match))
        under_way = state.game_under_way

        def lines() -> list[str]:  # (said again in the other language after F2)
            said = [self.said.tally_text(counted.sides, counted.winner if counted.games else -1)]
            if under_way:
                said.append(self.t("session.under_way"))
            said.append(self.t("session.to_history" if counted.games else "session.no_games"))
            return said

        self.asking = True
        table.handover = False

        def answered(yes: bool | None) -> None:
            self.asking = False
            history = self.app.keeper.history_file(table.match)  # (the keeper lets go of it at the end)
            if not yes or not self.app.end_session(table.match):
                self.after(table.settle())  # (back to the game, or to the card of the game just over)
                return
            self.asking = True
            self.app.analyses.record_into(table.match, history)
            card = ResultScreen(
                self.saying("session.over_title"),
                lambda: lines()[0],
                self.saying("session.over_hint"),
                table.match,
                book=True,
                skill=0,
            )
            self.app.push_screen(card, lambda _: self.dismiss(None))

        question = ConfirmScreen(
            self.saying("session.end_title"), lambda: "\n".join(lines()), self.saying("session.end_hint")
        )
        self.app.push_screen(question, answered)
