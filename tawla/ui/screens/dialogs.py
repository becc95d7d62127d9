"""Modal questions of the game: each returns its answer with ``dismiss``."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar, Literal, TypeAlias

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.suggester import SuggestFromList
from textual.widgets import Input, Static

from tawla.ui.compat import event_clock, once
from tawla.ui.fields import BidiInput
from tawla.ui.keys import ARABIC_DIGITS, EVERYWHERE, both, digit_keys, either_case
from tawla.ui.messages import BookAsked
from tawla.ui.screens.base import Localized

if TYPE_CHECKING:
    from tawla.game import Match

_DIGITS = str.maketrans(ARABIC_DIGITS, "0123456789")

Said: TypeAlias = str | Callable[[], str]
"""A dialog's text: how to say it (a function, asked again in the other language after F2), or
a text said once (logical order)."""

LEAVE = Binding("ctrl+w", "app.menu", "key.menu")
"""Ctrl+W on a dialog over the game (a result card, a question, the IDs): back to the menu, as on
the game itself (shown only with a game under it: see TawlaApp.check_action)."""


def said(text: Said) -> str:
    return text() if callable(text) else text


class _Dialog(Localized, ModalScreen[object]):
    """A centred card with a title, a body and a hint line (texts in logical order), said again
    in the other language after F2."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [LEAVE, *EVERYWHERE]

    def __init__(self, title: Said, body: Said, hint: Said) -> None:
        super().__init__()
        self._title, self._body, self._hint = title, body, hint

    def compose(self) -> ComposeResult:
        with Vertical(classes="card"):
            yield Static(self.show(said(self._title)), id="title", classes="title")
            yield Static(self.show(said(self._body)), id="body", classes="body")
            yield Static(self.show(said(self._hint)), id="hint", classes="hint")

    def relabel(self) -> None:
        """After F2: every text in the language in force (in place: nothing is composed again)."""
        for name, text in (("#title", self._title), ("#body", self._body), ("#hint", self._hint)):
            static = self.find(name, Static)
            if static is not None:
                static.update(self.show(said(text)))


class ResignLevelScreen(_Dialog):
    """Which resignation to offer: 1 single, 2 gammon, 3 backgammon (Esc: none), of the
    ``levels`` that can be won (the game says which: with gammons off, a single game only)."""

    BINDINGS = [
        Binding(digit_keys(1), "choose(1)", show=False),
        Binding(digit_keys(2), "choose(2)", show=False),
        Binding(digit_keys(3), "choose(3)", show=False),
        Binding("escape", "choose(0)", show=False),
    ]  # (with the dialog's LEAVE and EVERYWHERE)

    def __init__(self, title: Said, body: Said, hint: Said, levels: tuple[int, ...] = (1, 2, 3)) -> None:
        super().__init__(title, body, hint)
        self.levels = levels

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose":
            return parameters[0] == 0 or parameters[0] in self.levels
        return True

    def action_choose(self, level: int) -> None:
        self.dismiss(level)


class YesNoScreen(_Dialog):
    """A yes/no question: y or Enter for yes, n or Esc for no."""

    BINDINGS = [
        Binding(both("y") + ",enter", "answer(True)", show=False),
        Binding(both("n") + ",escape", "answer(False)", show=False),
    ]

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class ConfirmScreen(YesNoScreen, inherit_bindings=False):
    """A question whose yes cannot be given by accident: only y says yes (Enter, n and Esc say no)."""

    BINDINGS = [
        Binding(both("y"), "answer(True)", show=False),
        Binding(both("n") + ",escape,enter", "answer(False)", show=False),
        LEAVE,
        *EVERYWHERE,
    ]


class AnswerScreen(YesNoScreen, inherit_bindings=False):
    """A question for the other player (accept a resignation?): y or n, Esc for no. Enter
    answers nothing: the player who just pressed it to roll or move did not mean it."""

    BINDINGS = [
        Binding(both("y"), "answer(True)", show=False),
        Binding(both("n") + ",escape", "answer(False)", show=False),
        LEAVE,
        *EVERYWHERE,
    ]


class NoticeScreen(_Dialog):
    """A message that waits for Enter, Space or Esc."""

    BINDINGS = [Binding("enter,space,escape", "close", show=False)]

    def action_close(self) -> None:
        self.dismiss(True)


class ResultScreen(NoticeScreen, inherit_bindings=False):
    """The end of a game or of the match: only Enter goes on, as its hint says. Space plays
    every step of a turn, and a Space too many must not skip past the result unseen.

    Nor does an Enter of the turn: a player ends a turn with Enter, and presses it as the last
    checker comes off, when the bear-off plays itself and the card comes up. The keys that close
    the card (Enter, and E after a money game) do nothing when they were pressed before it was
    drawn or within :attr:`KEYS_AFTER` seconds after (each key's own time, from the terminal's
    read, against the card's: however long the key waited to be handled); its hint, which names
    them, shows from then on. G, P, Ctrl+W, F1 and F2 work at once.

    With the match (``match``), G shows how the game went (:mod:`tawla.ui.screens.story`); at
    the end of a match (``book``), a line of the players' book says where the two stand this
    month («The book: Ali 7 – 5 Badr, this month», this match counted) and P opens the book
    (g and p with or without Shift, as the README writes them). After a game of money play
    (``end_session``), E answers "end_session": the players would stop there. Ctrl+W goes back
    to the menu, as the footer says, the match as it is (a game over: on the Resume list, the
    card shown again when it is resumed)."""

    KEYS_AFTER: ClassVar[float] = 0.8
    """Seconds after the card is drawn in which Enter (and E) do not close it. The habit it
    guards: Enter pressed 0.3–0.7 s after r, the card drawn 0.1–0.25 s after r (measured, #36)."""

    BINDINGS = [
        Binding("enter", "close", show=False),
        Binding(either_case("g"), "story", "key.story", show=False),
        Binding(either_case("p"), "book", "key.book", show=False),
        Binding(both("e"), "end_session", "key.end_session", show=False),
        LEAVE,
        *EVERYWHERE,
    ]

    def __init__(
        self,
        title: Said,
        body: Said,
        hint: Said,
        match: Match | None = None,
        book: bool = False,
        end_session: bool = False,
        skill: int | None = None,
    ) -> None:
        """``skill``: how well each player played in that game (from 1; 0: over the whole
        match), in the room kept for it (:class:`~tawla.ui.skill.SkillPanel`); None: not said."""
        super().__init__(title, body, hint)
        self.match = match
        self.with_book = book
        self.end_session = end_session
        self.skill = skill
        self._book_line: tuple[int, int] | None = None
        """The two players' wins in the book this month, once read."""
        self.shown_at: float | None = None
        """When the card was first drawn (on the clock of the keys' time), once it was."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="card"):
            yield Static(self.show(said(self._title)), id="title", classes="title")
            yield Static(self.show(said(self._body)), id="body", classes="body")
            if self.skill is not None and self.match is not None:
                from tawla.ui.skill import SkillPanel

                yield SkillPanel(self.match, self.skill or None, id="skill")
            yield Static("", id="book", classes="body")
            hint = Static(self.show(said(self._hint)), id="hint", classes="hint")
            if self.KEYS_AFTER > 0 and not self.ready:
                hint.styles.visibility = "hidden"  # (its room kept: shown when its keys work)
            yield hint

    ready = False
    """Its first moment is over: the keys that close it work, and its hint says so."""

    def on_mount(self) -> None:
        self.call_after_refresh(self._drawn)
        self.query_one("#book").display = False
        if self.with_book and self.match is not None:
            # (the match just won is in the history already: the table's keeper saved it at its last step)
            self._read_book(self.match.names)

    @work(thread=True, exclusive=True)
    def _read_book(self, names: tuple[str, str]) -> None:
        from tawla.store.book import Period

        pair = self.app.read_book().between(*names, period=Period.MONTH)
        if pair is not None:
            self.app.call_from_thread(self._show_book, pair.figures[0].won, pair.figures[1].won)

    def relabel(self) -> None:
        super().relabel()
        from tawla.ui.skill import SkillPanel

        skill = self.find("#skill", SkillPanel)
        if skill is not None:
            skill.redraw()
        if self._book_line is not None:
            self._show_book(*self._book_line)

    def _show_book(self, won: int, lost: int) -> None:
        self._book_line = (won, lost)
        book = self.find("#book", Static)
        if not self.up or book is None or self.match is None:
            return  # (the card closed before the book was read)
        from tawla.ui.match_view import shown_name

        a, b = (shown_name(name, self.words) for name in self.match.names)
        line = self.t("over.book", a=a, b=b, wa=won, wb=lost, period=self.t("book.period.month"))
        book.update(self.show(line))
        book.display = True

    def _drawn(self) -> None:
        if self.shown_at is not None:
            return
        self.shown_at = event_clock()
        if self.KEYS_AFTER > 0:
            once(self, self.KEYS_AFTER, self._ready)  # (set_timer may never call back on a busy machine)
        else:
            self._ready()

    def _ready(self) -> None:
        self.ready = True
        hint = self.find("#hint", Static)
        if hint is not None:
            hint.styles.visibility = "visible"

    def too_soon(self) -> bool:
        """The key being handled was pressed before the card was drawn, or in its first moment
        (:attr:`KEYS_AFTER`): it was meant for the turn, not for the card."""
        pressed = getattr(self.app, "key_time", None)
        if pressed is None:  # (not a key: the palette, a test's call)
            return False
        return self.shown_at is None or pressed < self.shown_at + self.KEYS_AFTER

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("close", "end_session") and self.too_soon():
            return False
        if action == "story":
            return self.match is not None
        if action == "book":
            return self.with_book
        if action == "end_session":
            return self.end_session
        return True

    def action_end_session(self) -> None:
        if self.is_active:
            self.dismiss("end_session")

    def action_story(self) -> None:
        from tawla.ui.screens.story import StoryScreen

        if self.match is not None and self.is_active:
            self.app.push_screen(StoryScreen(self.match))

    def action_book(self) -> None:
        if self.is_active:
            self.post_message(BookAsked(self))


class ResultAgainScreen(ResultScreen):
    """The card of the game just over, asked for again (v, or the palette, until the next
    roll): Enter or Esc closes it, and nothing else happens."""

    KEYS_AFTER: ClassVar[float] = 0.0
    BINDINGS = [Binding("escape", "close", show=False)]


class LineScreen(Localized, ModalScreen[str | None]):
    """One line of text to type (notation, manual dice), with suggestions and a live error line.
    (F2 is heard; ``?`` is typed into the line.)"""

    CSS_PATH = "dialogs.tcss"
    typed_ahead = True  # (a form: keys typed ahead land where they would one at a time, see tawla/ui/bursts.py)
    BINDINGS = [Binding("escape", "cancel", show=False), *EVERYWHERE]

    def __init__(
        self,
        title: Said,
        hint: Said,
        suggestions: list[str] | None = None,
        check: Callable[[str], str | None] | None = None,
        value: str = "",
        direction: Literal["auto", "ltr"] = "ltr",
    ) -> None:
        """``direction``: the field's (see :class:`~tawla.ui.fields.BidiInput`): left to right for
        a file name or dice, ``"auto"`` for a name."""
        super().__init__()
        self._title, self._hint, self._value = title, hint, value
        self._direction: Literal["auto", "ltr"] = direction
        self._suggestions = suggestions or []
        self._check = check  # callable(text) -> error message or None

    def compose(self) -> ComposeResult:
        with Vertical(classes="card"):
            yield Static(self.show(said(self._title)), id="title", classes="title")
            line = BidiInput(
                self._value,
                id="line",
                direction=self._direction,  # (a file name, dice: left to right, right-aligned in Arabic)
                suggester=SuggestFromList(self._suggestions, case_sensitive=False) if self._suggestions else None,
            )
            line.cursor_blink = False
            yield line
            yield Static("", id="problem", classes="error")
            yield Static(self.show(said(self._hint)), id="hint", classes="hint")

    def relabel(self) -> None:
        """After F2: the title and the hint in the language in force (in place: what was typed
        stays; a problem already shown stays as it was said: the check that said it may have
        acted, a rename, and is not run again)."""
        for name, text in (("#title", self._title), ("#hint", self._hint)):
            static = self.find(name, Static)
            if static is not None:
                static.update(self.show(said(text)))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if not self.is_active:  # (an Enter of the same burst, behind the one that answered)
            return
        text = event.value.translate(_DIGITS).strip()
        problem = self._check(text) if self._check else None
        if problem:
            self.query_one("#problem", Static).update(self.show(problem))
            return
        self.dismiss(text)

    def action_cancel(self) -> None:
        self.dismiss(None)
