"""The typed move: a prompt in the status area (the board stays in sight) that posts the
notation typed (:class:`MoveEntry.Typed`); the game screen plays it and says what went wrong."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.suggester import Suggester
from textual.widgets import Input, Label, Static

from tawla.ui.fields import BidiInput
from tawla.ui.typed_moves import MoveSuggester, notation_from_typed


class MovePrompt(BidiInput):
    """The field of the typed move. Tab takes the suggestion; Tab again, straight after, takes
    the next one instead (every move the typed start allows, in the suggester's order, round
    again after the last). Notation reads left to right, in Arabic too (right-aligned, beside
    its title)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("tab", "complete", show=False)]
    _cycle: tuple[list[str], int] | None = None
    """The completions Tab went through (and which one it took), while the text is that one."""

    def action_complete(self) -> None:
        cycle, self._cycle = self._cycle, None
        if cycle is not None and self.value == cycle[0][cycle[1]]:
            options, taken = cycle[0], (cycle[1] + 1) % len(cycle[0])
        elif isinstance(self.suggester, MoveSuggester) and self.cursor_at_end:
            options, taken = self.suggester.completions(self.value), 0
        else:
            options, taken = [], 0
        if not options:
            self.action_cursor_right()
            return
        self.value = options[taken]
        self.cursor_position = len(self.value)
        self._cycle = (options, taken)


class MoveEntry(Vertical):
    """The title (the dice to play), the field, and the hint or the problem under it."""

    class Typed(Message):
        """A move was typed and Enter pressed: ``text`` in notation (Arabic words, digits and
        separators already turned into it; empty when nothing was typed)."""

        def __init__(self, entry: MoveEntry, text: str) -> None:
            super().__init__()
            self.entry = entry
            self.text = text

        @property
        def control(self) -> MoveEntry:
            return self.entry

    def __init__(self, rtl: bool, id: str | None = None) -> None:
        super().__init__(id=id)
        self.rtl = rtl
        self.open = False
        """It has the keys (the screen's board keys wait)."""

    def compose(self) -> ComposeResult:
        with Horizontal(id="prompt-row"):
            # (select_on_focus off: a key typed before the focus came stays)
            prompt = MovePrompt(id="move", select_on_focus=False, direction="ltr")
            prompt.cursor_blink = False
            prompt.can_focus = False  # (until it is opened: Tab must not wander into it)
            # The title first, then the box: from the right in Arabic.
            parts = [Label(id="prompt-title"), prompt]
            yield from reversed(parts) if self.rtl else parts
        yield Static(id="prompt-line")

    @property
    def field(self) -> MovePrompt:
        return self.query_one("#move", MovePrompt)

    def ask(self, title: str, hint: object, suggester: Suggester) -> None:
        """Empty, asking for a move: ``title`` over the dice still to play, ``hint`` under it."""
        field = self.field
        field.suggester = suggester
        field.value = ""
        self.query_one("#prompt-title", Label).update(title)
        self.say(hint)

    def say(self, text: object) -> None:
        """What is under the field: the hint, or why the move typed is not one."""
        self.query_one("#prompt-line", Static).update(text)  # type: ignore[arg-type]

    def show(self) -> None:
        """Open: shown, with the focus."""
        self.open = True
        self.display = True
        field = self.field
        field.can_focus = True
        field.focus()

    def hide(self) -> None:
        self.open = False
        self.display = False
        self.field.can_focus = False

    def type_in(self, character: str) -> None:
        """A character that reached the screen before the field had the focus (a burst)."""
        self.field.insert_text_at_cursor(character)

    @on(Input.Submitted, "#move")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if not self.open:  # (an Enter that reached the field as it closed: it was meant for it, once)
            return
        # (بار, خارج, ظ for /, the Arabic comma, Arabic-Indic digits)
        self.post_message(self.Typed(self, notation_from_typed(event.value)))
