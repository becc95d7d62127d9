"""The typed move: a prompt in the status area (the board stays in sight) that posts the
notation typed (:class:`MoveEntry.Typed`); the game screen plays it and says what went wrong."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Final

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.suggester import Suggester
from textual.widgets import Input, Label, Static

from tawla.engine import BAR, OFF, Step
from tawla.engine.notation import NotationError, SyntaxProblem
from tawla.i18n.messages import action_error_text
from tawla.ui.compat import suggestion_of
from tawla.ui.fields import BidiInput
from tawla.ui.keys import ARABIC_LAYOUT
from tawla.ui.typed_moves import DASHES, MoveSuggester, notation_from_typed

if TYPE_CHECKING:
    from tawla.game.state import ActionError
    from tawla.ui.match_view import MatchTexts

_STANDARD: dict[int, str] = {ord(ARABIC_LAYOUT["/"]): "/"}
"""What the move prompt draws as another character, left to right: ظ, the key of ``/``."""
_SEPARATORS: tuple[int, ...] = tuple(ord(c) for c in ARABIC_LAYOUT["/"] + "/-" + DASHES)
"""What the prompt reads between the points of a move (:mod:`tawla.ui.typed_moves`)."""


EXAMPLES: Final = {
    "a": (Step(13, 7, 6, False), Step(8, 7, 1, False)),
    "b": (Step(BAR, 22, 3, False),),
    "c": (Step(6, OFF, 6, False),),
}
"""The moves the prompt gives as examples when moves are read from the right: 13/7 8/7, bar/22,
6/off, written as every move is (:meth:`~tawla.ui.match_view.MatchTexts.play`)."""


def typing_hint(texts: MatchTexts, has_bar: bool = True) -> str:
    """What is said under the move prompt: how moves are typed, with examples written as the
    moves on the screen are (read from the right in Arabic, by default), and the keys; without
    the bar's example in a game that has no bar."""
    if not texts.from_the_right:
        return texts.words.t("typing.hint" if has_bar else "typing.hint_tavla")
    key = "typing.hint_from_the_right" if has_bar else "typing.hint_tavla_from_the_right"
    return texts.words.t(key, **examples(texts))


def examples(texts: MatchTexts) -> dict[str, str]:
    """:data:`EXAMPLES` written as ``texts`` writes moves."""
    return {name: texts.play(steps) for name, steps in EXAMPLES.items()}


def typed_refusal(texts: MatchTexts, refused: ActionError) -> str:
    """Why what was typed is not a move: a text that cannot be read is said with the examples
    written as the moves on the screen are (:func:`typing_hint`); anything else as the table
    says it."""
    notation = refused.params.get("notation")
    problem = notation.reason if isinstance(notation, NotationError) else None
    if not texts.from_the_right or not isinstance(problem, SyntaxProblem):
        return action_error_text(texts.words.lang, refused)
    t = texts.words.t
    if not problem.token:
        return t("notation.syntax_empty_from_the_right", **examples(texts))
    return t("notation.syntax_from_the_right", token=texts.typed(problem.token), **examples(texts))


class MovePrompt(BidiInput):
    """The field of the typed move. Tab takes the suggestion; Tab again, straight after, takes
    the next one instead (every move the typed start allows, in the suggester's order, round
    again after the last).

    What is typed is drawn as the move it will be (:meth:`drawn`), in the order the moves are
    written on every screen (:class:`~tawla.ui.match_view.MatchTexts`): in Arabic, read from
    the right (``from_the_right``: «٦ظخارج» drawn ٦←خارج, the 6 on the right; the arrow key
    that reads on, ←, takes the suggestion), or left to right as notation is elsewhere (ظ drawn
    as the ``/`` it types). The value stays what was typed: the table reads it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("tab", "complete", show=False)]
    _cycle: tuple[list[str], int] | None = None
    """The completions Tab went through (and which one it took), while the text is that one."""
    _drawn_as: dict[int, str] = _STANDARD

    @property
    def from_the_right(self) -> bool:
        """Moves are written to be read from the right (the right-to-left interface's default)."""
        return self.direction == "auto"

    def read_from_the_right(self, arrow: str | None) -> None:
        """Draw what is typed to be read from the right, with ``arrow`` between the points of a
        move (the catalog's ``notation.move_to``), or (None) left to right."""
        self.direction = "ltr" if arrow is None else "auto"
        self._drawn_as = _STANDARD if arrow is None else dict.fromkeys(_SEPARATORS, arrow)
        self.refresh()

    def drawn(self, text: str) -> str:
        """ظ (the ``/`` of an Arabic layout) drawn as the ``/`` it stands for; read from the
        right, every ``/`` or ``-`` between points as the arrow of the moves written that way
        («١٣←٧»), so that the move typed reads as the move it will be."""
        return text.translate(self._drawn_as)

    def action_cursor_left(self, select: bool = False) -> None:
        if self.from_the_right and self.paragraph_rtl and not select and self.cursor_at_end and suggestion_of(self):
            super(BidiInput, self).action_cursor_right()  # (Input's: takes the suggestion, drawn on the left)
            return
        super().action_cursor_left(select)

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

    def ask(self, title: str, hint: object, suggester: Suggester, arrow: str | None = None) -> None:
        """Empty, asking for a move: ``title`` over the dice still to play, ``hint`` under it;
        what is typed drawn to be read from the right, ``arrow`` between the points of a move,
        if ``arrow`` is given (:meth:`MovePrompt.read_from_the_right`)."""
        field = self.field
        field.suggester = suggester
        field.read_from_the_right(arrow)
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
