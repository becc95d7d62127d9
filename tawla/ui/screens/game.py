"""The game screen: the board, the side panel, the status line, and every key of play.

The screen never decides a rule: it turns keys into the table's actions
(:class:`~tawla.game.table.Table`), asks the match what is allowed (:meth:`Match.actions`,
the turn's legal steps), and draws what the table says happened.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen

from tawla.analysis.hint import Hint, PlayHint, hint_refusal
from tawla.engine import Step
from tawla.engine.tavla import Game
from tawla.game import Action, Match, Phase
from tawla.game.table import Outcome, Table
from tawla.i18n.messages import action_error_text
from tawla.ui.board import BoardModel, BoardView
from tawla.ui.compat import going
from tawla.ui.cursor import Cursor
from tawla.ui.footer import TawlaFooter
from tawla.ui.game_keys import ACTIONS, COMPUTERS_TURN, SAME_WIDTH, allowed, describe, footer_state
from tawla.ui.game_texts import GamePanel, GameWords, StatusLine
from tawla.ui.geometry import Layout
from tawla.ui.keys import both, digit_keys
from tawla.ui.match_view import MatchTexts, MatchView, board_model, layout_for
from tawla.ui.move_entry import MoveEntry, MovePrompt, typed_refusal, typing_hint
from tawla.ui.screens.base import Localized
from tawla.ui.screens.game_computer import ComputerTurns
from tawla.ui.screens.game_questions import GameQuestions
from tawla.ui.typed_moves import MoveSuggester

__all__ = ["GameScreen", "MovePrompt"]

_PROMPT_KEY_LIST = "colon,slash," + both("/")
_PROMPT_KEYS = frozenset(_PROMPT_KEY_LIST.split(","))
"""The keys that open the move prompt (``:``, ``/`` and the key where ``/`` is on an Arabic layout)."""


class GameScreen(ComputerTurns, GameQuestions, Localized, Screen[None]):
    """Two players, one keyboard: the match in progress."""

    CSS_PATH = "game.tcss"
    AUTO_FOCUS = ""  # (the keys belong to the screen; only the move prompt takes focus, when opened)

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "primary", "key.primary"),
        Binding(both("r"), "roll_key", "key.roll", show=False),
        Binding(both("r"), "handover_roll", "key.roll"),  # (shown while Enter and Space wait: the hand-over)
        Binding(both("d"), "double", "key.double"),
        Binding(both("t"), "take", "key.take"),
        Binding(both("p"), "drop", "key.drop"),
        Binding(both("b"), "beaver", "key.beaver"),
        Binding(both("b", "c"), "raccoon", "key.raccoon"),
        Binding("left," + both("h"), "cursor(-1, 0)", "key.left", show=False),
        Binding("right," + both("l"), "cursor(1, 0)", "key.right", show=False),
        Binding("up," + both("k"), "cursor(0, -1)", "key.up", show=False),
        Binding("down," + both("j"), "cursor(0, 1)", "key.down", show=False),
        Binding("tab", "cycle(1)", "key.next", show=False),
        Binding("shift+tab", "cycle(-1)", "key.previous", show=False),
        *[Binding(digit_keys(d), f"die({d})", "key.die", show=False) for d in range(1, 7)],
        Binding("backspace," + both("u"), "undo", "key.undo"),
        Binding("escape", "escape", "key.escape", show=False),
        Binding(_PROMPT_KEY_LIST, "notation", "key.notation"),
        Binding(both("R"), "resign", "key.resign"),
        Binding(both("i"), "ids", "key.ids", show=False),
        Binding("ctrl+w", "leave", "key.menu"),
        Binding(both("e"), "end_session", "key.end_session"),
        Binding(both("H"), "hint", "key.hint"),
        Binding(both("v"), "card_again", "key.card_again", show=False),
    ]

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table
        self._carried: Cursor | None = None
        """The cursor while the board is not there (before it is built, while F2 rebuilds it)."""
        self.problem: str | None = None
        self.asking = False
        """A dialog of the game is open over it (its keys wait)."""
        self.typing = False
        """The move prompt is open (it has the keys)."""
        self._enabled: tuple[bool | None, ...] = ()
        self._hint_asked: int | None = None
        """The match's revision a hint is being worked out for (a second key waits for it)."""
        self._thinking: str | None = None
        """What the status line says while the first hint loads the evaluator."""
        self.hinted: tuple[int, tuple[Step, ...]] | None = None
        """The best play of the last hint still to make, and the match's revision it is for:
        marked on the board until anything happens (a step, an undo, the turn's end)."""

    @property
    def notice(self) -> Callable[[], str] | None:
        """What the status line tells of the last thing that happened, in the words in force
        each time it is said (F2 says it again in the other language)."""
        notice = self.table.notice
        return None if notice is None else lambda: self.said.notice_text(notice)

    @property
    def handover(self) -> bool:
        """A turn (or a game) has just ended: Enter and Space wait, the next player rolls with r."""
        return self.table.handover

    # -- layout -----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        self.set_class(self.rtl, "-rtl")
        yield MatchView(self.rtl, panel=GamePanel, id="view")
        yield StatusLine(id="status")
        yield MoveEntry(self.rtl, id="prompt")
        yield TawlaFooter(compact=True)

    def on_mount(self) -> None:
        self.watch(self.app, "not_saving", self.redraw, init=False)  # (the panel says so)
        self._fit()
        self.after(self.table.settle())

    def on_resize(self, event: events.Resize) -> None:
        self._fit()
        self.call_after_refresh(self.redraw)  # (the panel's lines are as wide as the panel)

    def on_unmount(self) -> None:
        self._complete = False  # (its widgets go with it: nothing more is drawn)

    def on_screen_resume(self) -> None:
        # A match started over this one (from the command palette) took its place: this one
        # was saved and is on the Resume list; its screen goes.
        if self.app.playing is not self.match:
            self.dismiss(None)
            return
        self.computer_next()  # (held while a dialog was over the game)

    def _fit(self) -> None:
        view = self.find(MatchView)
        if view is not None:  # (a resize during a rebuild: fitted after it)
            view.fit(self.size.width, self.size.height)

    def relabel(self) -> None:
        self.call_later(self.rebuild)

    async def rebuild(self) -> None:
        """After a change of language: mirror the layout and redraw every text. (Keys that
        arrive meanwhile change the match; they are drawn after.) The new board takes the
        cursor where the old one had it."""
        self._carried = self.cursor
        entry = self.find("#prompt", MoveEntry) if self.typing else None
        if entry is not None:  # (the move half typed, and where the cursor was in it: typed on in the new prompt)
            self._typed_carried = (entry.field.value, entry.field.cursor_position)
        self.typing = False
        self._complete = False
        await super().rebuild()

    def rebuilt(self) -> None:
        if not self._built():
            return
        self._enabled = ()
        self._fit()
        self.redraw()
        self._type_on()
        self.computer_next()  # (a choice that came during the rebuild was done; asked again if not)

    _typed_carried: tuple[str, int] | None = None  # (the move half typed when F2 rebuilt the screen, its cursor)

    def _type_on(self) -> None:
        """After F2: the prompt open again with what was typed, as a checker picked up stays up
        (unless the turn has moved on meanwhile)."""
        carried, self._typed_carried = self._typed_carried, None
        if carried is None or self.typing or not self.check_action("notation", ()):
            return
        self.action_notation()
        entry = self.find("#prompt", MoveEntry)
        if entry is None or not self.typing:
            return
        entry.field.value, entry.field.cursor_position = carried[0], min(carried[1], len(carried[0]))

    # -- helpers --------------------------------------------------------------------------

    @property
    def prefs(self):  # type: ignore[no-untyped-def]
        return self.app.preferences

    @property
    def lang(self) -> str:
        return str(self.words.lang)

    def layout_now(self) -> Layout:
        return layout_for(self.match.state, self.prefs, self.match.computer)

    @property
    def match(self) -> Match:
        return self.table.match

    @property
    def said(self) -> GameWords:
        """What the game says, in the words and under the preferences in force."""
        return GameWords(self.table, self.words, self.prefs, computer=self.computer_off is None)

    @property
    def names(self) -> tuple[str, str]:
        """The players' names as shown (a default name in the interface's language)."""
        return self.said.names

    @property
    def texts(self) -> MatchTexts:
        """Rolls, plays and names as the player reads them."""
        return self.said.texts

    def refuse(self, outcome: Outcome) -> bool:
        """Say why the table refused the action (the status line, and the bell); False if it did not."""
        if outcome.refused is None:
            return False
        self.problem = self.num(action_error_text(self.lang, outcome.refused))
        self.app.bell()
        self.redraw()
        return True

    # -- after every action ------------------------------------------------------------

    def after(self, outcome: Outcome) -> None:
        """Draw what the table says happened: the refusal, the cursor (on the point
        ``outcome.near`` when it has a checker to move), the steps to show, the question."""
        if self.refuse(outcome):
            return  # (nothing changed: the cursor stays where it was)
        self.problem = None
        if outcome.dice_needed:
            self.ask_dice()
            return
        self.cursor = None
        state = self.match.state
        if state.phase is Phase.MOVING and state.turn is not None and not state.turn.complete:
            self.cursor = Cursor.for_turn(state.turn, state.on_roll, self.layout_now(), near=outcome.near)
        self.redraw()
        shown = outcome.shown
        if shown is not None and self.prefs.step_by_step and len(shown.steps) > 1 and self._built():
            self._board_view.play(shown)
        self.ask(outcome.question)
        self.computer_next()  # (the computer's seat acts next: asked in a thread)

    # -- drawing ---------------------------------------------------------------------------

    _complete = False
    """Every widget the drawing writes to was found there (forgotten when the screen is rebuilt)."""

    def _built(self) -> bool:
        """Every widget the drawing writes to is there (old ones go before new ones come).
        Looked for until found once, not at every key: five queries cost a key 15%."""
        if self.rebuilding or going(self):
            return False
        if not self._complete:
            selectors = ("#board", "#panel", "#banner", "#status", "TawlaFooter")
            self._complete = all(self.query(selector) for selector in selectors)
            if self._complete:
                self._board_view = self.query_one(BoardView)
                self._board_view.aim(self._carried)
                self._views = (self.query_one(MatchView), self.query_one(GamePanel), self.query_one(StatusLine))
        return self._complete

    _board_view: BoardView
    _views: tuple[MatchView, GamePanel, StatusLine]
    """The board's view and the views drawn at every key, found by :meth:`_built` (not looked up
    at every key)."""

    def redraw(self) -> None:
        if not self._built():
            return  # (a key before the screen is built, or while it is rebuilt: drawn once it is)
        self._board_view.stop()  # (whatever the players did: the board shows where things are now)
        said = self.said
        view, panel, status = self._views
        view.show(said.banner_text(), self._board())
        panel.show_game(said, self.app.not_saving is not None)
        status.show_game(said, self.problem, self.cursor)
        states = {name: self.footer_state(name) for name in self._ACTIONS}
        shown = tuple(state is not False for state in states.values())
        if shown != self._enabled:
            self._enabled = shown
            self.refresh_bindings()  # the set of keys changed: the footer is rebuilt
        else:
            self.query_one(TawlaFooter).refresh_keys(states)  # same keys: just their state and text

    def _board(self) -> BoardModel:
        hinted = self.hinted
        hint = hinted[1] if hinted is not None and hinted[0] == self.match.revision else ()
        return board_model(self.match, self.prefs, self.words, self.cursor, hint)

    @property
    def cursor(self) -> Cursor | None:
        """The board's cursor (the board owns it; carried here while there is no board)."""
        return self._board_view.cursor if self._built() else self._carried

    @cursor.setter
    def cursor(self, cursor: Cursor | None) -> None:
        if self._built():
            self._board_view.aim(cursor)
        else:
            self._carried = cursor

    @on(BoardView.CursorMoved)
    def _cursor_moved(self) -> None:
        self.redraw()

    @property
    def showing_steps(self) -> bool:
        """A move is being shown a step at a time (by the board)."""
        return self._built() and self._board_view.playing

    # -- bindings ------------------------------------------------------------------------------

    SAME_WIDTH = SAME_WIDTH
    _ACTIONS = ACTIONS

    @property
    def _picked(self) -> bool:
        return self.cursor is not None and self.cursor.picked is not None

    def describe_action(self, action: str) -> str | None:
        """The live description of a binding whose meaning depends on the moment (the footer asks)."""
        return describe(action, self.table, self._picked)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in COMPUTERS_TURN and self.computer_turn():
            return False  # (the computer's turn: the person's keys of play do nothing)
        return allowed(action, self.table, self._picked, self.typing, self.asking)

    def footer_state(self, action: str) -> bool | None:
        """Whether the footer shows a key (True), greys it out (None) or leaves it out (False)."""
        if action in COMPUTERS_TURN and self.computer_turn():
            return False
        return footer_state(action, self.table, self._picked, self.typing, self.asking)

    # -- actions: rolling and the cube ----------------------------------------------------------

    def action_primary(self) -> None:
        """Enter or Space: whatever comes next — roll, pick up, put down, end the turn."""
        state = self.match.state
        if state.phase in (Phase.OPENING, Phase.TURN):
            self.action_roll()
        elif state.phase is Phase.MOVING and state.turn is not None:
            if self.cursor is not None and self.cursor.picked is not None:
                self.action_put()
            elif state.turn.complete:
                self.action_confirm()
            else:
                self.action_pick()

    def action_handover_roll(self) -> None:
        self.action_roll()

    def action_roll_key(self) -> None:
        self.action_roll()  # (r while moving, or while a double waits for its answer: refused, said)

    def action_opening_roll(self) -> None:
        self.action_roll()

    def action_roll(self) -> None:
        self.after(self.table.roll())

    def action_double(self) -> None:
        self.after(self.table.double())

    def action_take(self) -> None:
        self.after(self.table.take())

    def action_drop(self) -> None:
        self.after(self.table.drop())

    def action_beaver(self) -> None:
        self.after(self.table.beaver())

    def action_raccoon(self) -> None:
        self.after(self.table.raccoon())

    # -- actions: moving checkers --------------------------------------------------------------------

    def action_cursor(self, dx: int, dy: int) -> None:
        if self._built() and self._board_view.move_cursor(dx, dy):
            self.problem = None

    def action_cycle(self, direction: int) -> None:
        if self._built():
            self._board_view.cycle(direction)

    def action_pick(self) -> None:
        turn = self.match.state.turn
        if turn is not None and self._built() and self._board_view.pick(turn):
            self.problem = None

    def action_put(self) -> None:
        if self.cursor is not None and self.cursor.step is not None:
            self.after(self.table.step(self.cursor.step))

    def action_die(self, die: int) -> None:
        if self.cursor is None or self.match.state.turn is None or self.cursor.at is None:
            return
        source = self.cursor.picked if self.cursor.picked is not None else self.cursor.at
        self.after(self.table.step_with(source, die))

    def action_undo(self) -> None:
        if self._built() and self._board_view.drop():
            return  # (the checker picked up put back)
        self.after(self.table.undo())

    def action_escape(self) -> None:
        if self.typing:
            self.close_prompt()
            return
        if self._built() and self._board_view.drop():
            return  # (the checker picked up put back)
        self.after(self.table.undo_turn())

    def action_confirm(self) -> None:
        self.after(self.table.confirm())

    # -- typing a move -------------------------------------------------------------------------------

    def action_notation(self) -> None:
        """``:`` or ``/``: type the rest of the turn in notation, in the status area. The
        prompt takes the very next key (``:6`` types a 6), the board stays in sight."""
        entry = self.find("#prompt", MoveEntry)
        if self.match.state.turn is None or self.typing or entry is None or not self.query("#prompt-title"):
            return  # (a key from a dialog just closed, before the screen is built or while F2 rebuilds it)
        self.typing = True
        self._ask_for_the_move(entry)
        self.query_one("#status").display = False
        entry.show()
        self.refresh_bindings()

    def _ask_for_the_move(self, entry: MoveEntry) -> None:
        """The prompt empty, asking for what is left of the turn: its title says the dice still
        to play once a step is made (on the board or typed), its suggestions go on from there."""
        turn = self.match.state.turn
        assert turn is not None
        texts = self.texts
        dice = texts.roll(turn.roll)
        if turn.made:
            title = self.t("typing.title_rest", dice=dice, left=texts.dice(turn.remaining))
        else:
            title = self.t("typing.title", dice=dice)
        has_bar = self.match.state.variant.game is Game.BACKGAMMON  # (Plakoto and Fevga have no bar)
        entry.ask(self.line(title), self.show(typing_hint(texts, has_bar)), MoveSuggester(turn), texts.arrow)

    def on_key(self, event: events.Key) -> None:
        """A key typed right after ``:`` can reach the screen before the prompt had the focus
        (a burst: the terminal delivered both at once). A character meant for the prompt goes
        into it, never to the board. (Keys that reach the prompt first never get here: the
        prompt keeps every character it is given.)

        Any key ends a move being shown a step at a time, and then does what it does."""
        if self._built():
            self._board_view.stop()
        if self.typing and event.is_printable and event.character:
            event.stop()
            event.prevent_default()
            self.query_one("#prompt", MoveEntry).type_in(event.character)
        elif event.key in _PROMPT_KEYS and not self.typing and self.check_action("notation", ()):
            # Opened here, in the order the keys came, not when the key's binding is looked up
            # (later, after the keys behind it have already reached this screen).
            event.stop()
            event.prevent_default()
            self.action_notation()

    async def two_letter_key(self, key: str) -> bool:
        """«لا» typed by B on an Arabic layout as two letters (see Localized.on_key): what b does
        (beaver, or raccoon when that is what can be done), if the cube allows one of them now;
        else the alef is its own key (h, cursor left: the lam, G, does nothing). True if it was
        taken as b."""
        if self.typing or self.computer_turn():
            return False
        acts = self.match.actions()
        if not acts & {Action.BEAVER, Action.RACCOON} or self.asking:
            return False
        if self.check_action("beaver", ()):
            self.action_beaver()
        else:
            self.action_raccoon()
        return True

    def close_prompt(self) -> None:
        if not self.typing:
            return
        self.typing = False
        self.query_one("#prompt", MoveEntry).hide()
        self.query_one("#status").display = True
        self.set_focus(None)
        self.refresh_bindings()

    @on(MoveEntry.Typed)
    def typed_move(self, event: MoveEntry.Typed) -> None:
        event.stop()
        if not self.typing or event.entry is not self.find("#prompt", MoveEntry):
            return  # (closed, or the prompt F2 took away: its text is typed on in the new one)
        if not event.text or self.match.state.phase is not Phase.MOVING:
            self.close_prompt()
            return
        outcome = self.table.typed(event.text)
        refused = outcome.refused
        if refused is not None and refused.code == "bad_notation":
            event.entry.say(self.show(self.num(typed_refusal(self.texts, refused))))
            self.app.bell()
            return
        if outcome.rest and refused is None:  # part of the turn: the prompt asks for the rest
            self._ask_for_the_move(event.entry)
        else:
            self.close_prompt()
        self.after(outcome)

    # -- IDs, leaving ---------------------------------------------------------------------------------

    def action_ids(self) -> None:
        from tawla.ui.screens.ids import show_ids

        show_ids(self.app, self.match)  # (Plakoto, Fevga: GNU Backgammon has no IDs for them, their text instead)

    def action_leave(self) -> None:
        self.dismiss(None)

    # -- the hint ------------------------------------------------------------------------------

    def action_hint(self) -> None:
        """H (or the palette): the evaluator's best plays of the roll, or its advice on the cube,
        for the player who decides now; why not, on the status line, when the table's custom,
        the game or the moment gives none. Worked out in a thread (the first one loads the
        evaluator), shown only if the match has not moved on meanwhile."""
        match = self.match
        why = hint_refusal(match.state)
        if why is not None:
            self._say_no_hint(why)
            return
        if self._hint_asked == match.revision:
            return  # (asked already: on its way)
        self._hint_asked = match.revision
        from tawla.analysis.evaluator import loaded

        if not loaded():
            self._thinking = self.problem = self.t("hint.thinking")
            self.redraw()
        self._work_out_hint(match.revision)

    def _say_no_hint(self, key: str) -> None:
        from tawla.analysis.evaluator import PACKAGE

        self.problem = self.num(self.t(key, package=PACKAGE))
        self.app.bell()
        self.redraw()

    @work(thread=True, group="hint", exit_on_error=False)
    def _work_out_hint(self, revision: int) -> None:
        from tawla.analysis.evaluator import Unavailable
        from tawla.analysis.hint import hint_for

        state = self.match.state
        hint: Hint | None = None
        why: str | None = None
        try:
            hint = hint_for(state)
        except Unavailable as error:
            why = f"evaluator.none.{error.code}"
        except ValueError:  # (the match moved on before the thread began: nothing to hint)
            why = None
        except Exception:  # (anything else the evaluator raises: said, never a crash)
            why = "evaluator.none.broken"
        try:
            self.app.call_from_thread(self._hint_worked_out, revision, hint, why)
        except RuntimeError:  # (the app has closed meanwhile)
            return

    def _hint_worked_out(self, revision: int, hint: Hint | None, why: str | None) -> None:
        """The hint for ``revision``: shown if the match is still there, nothing over the game."""
        if self._hint_asked == revision:
            self._hint_asked = None
        if self._thinking is not None and self.problem == self._thinking:
            self.problem = None
        self._thinking = None
        if going(self) or self.match.revision != revision or self.app.screen is not self or self.typing:
            self.redraw()
            return
        if why is not None:
            self._say_no_hint(why)
            return
        if hint is None:
            self.redraw()
            return
        if isinstance(hint, PlayHint) and hint.rest:
            self.hinted = (revision, hint.rest)
        self.redraw()
        from tawla.ui.screens.hint import HintScreen

        decider = hint.player

        def name() -> str:
            return str(self.names[decider])

        self.app.push_screen(HintScreen(hint, lambda: self.texts, name))  # (under the board and the status line)
