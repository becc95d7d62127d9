"""What every tawla screen reads from the app: its words (language, digits, right-to-left
text), and when they change."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from rich.text import Text
from textual import events
from textual.await_complete import AwaitComplete
from textual.widget import Widget
from textual.widgets import Input

from tawla.ui.compat import going
from tawla.ui.footer import TawlaFooter
from tawla.ui.keys import LIGATURES, TWO_LETTERS, key_of
from tawla.ui.messages import Built

if TYPE_CHECKING:
    from tawla.i18n.bidi import Bidi
    from tawla.i18n.words import Words

W = TypeVar("W", bound=Widget)


class TerminalSized:
    """A mixin for every tawla screen: it is laid out at the terminal's size, never at a size
    the terminal had.

    Textual lays a screen out at the size its ``Resize`` event says, and a screen whose layout
    changed posts itself a ``Resize`` of that size. Under load such an event can be handled
    after the terminal has changed size again (a burst of resizes): the screen is then laid out
    for a terminal that is gone, and, with two screens resizing each other (the one on top lays
    out those under it at its event's size), each stale event brought another — a worker once
    handled resize after resize for an hour, starving every wait. A screen is as big as the
    terminal, so an event of another size is dropped (``prevent_default``: Textual's own
    handler does not lay the screen out), and a screen left at an old size is told the
    terminal's."""

    app: Any

    def on_resize(self, event: events.Resize) -> None:
        size = self.app.size
        if event.size == size:
            return
        event.prevent_default()
        if self.outer_size != size:  # type: ignore[attr-defined]
            self.post_message(events.Resize(size, size))  # type: ignore[attr-defined]


class Localized(TerminalSized):
    """A mixin for tawla's screens: the app's :class:`~tawla.i18n.words.Words` at hand, and
    ``relabel()`` called when they (or the play preferences) change.

    The app holds the words in a reactive attribute; a screen reads them and watches them
    (Textual's ``watch``), and never calls the app to be redrawn."""

    app: Any

    built = False
    """Its widgets are mounted and it has been drawn once: keys for it wait until then."""

    def on_mount(self) -> None:
        # (Textual calls ``on_mount`` of every class in the screen's MRO: the screen's own too.)
        watch = self.watch  # type: ignore[attr-defined]
        watch(self.app, "words", self._words_changed, init=False)
        watch(self.app, "preferences_version", self._words_changed, init=False)
        self.call_after_refresh(self._now_built)  # type: ignore[attr-defined]

    def on_screen_suspend(self) -> None:
        # A dialog came over the screen: the footer, which shows through, shows its keys.
        self.refresh_bindings()  # type: ignore[attr-defined]

    def on_screen_resume(self) -> None:
        # The dialog went: the footer shows the screen's own keys again.
        self.refresh_bindings()  # type: ignore[attr-defined]

    def _now_built(self) -> None:
        if self.rebuilding:
            return  # (built again once the rebuild under way is done)
        self.built = True
        self.app.post_message(Built(self))

    # -- rebuilding: compose again, and never meet the widgets half gone ------------------

    rebuilding = False
    """:meth:`rebuild` is under way: the old widgets are going or the new ones coming."""

    _rebuild_again = False

    @property
    def up(self) -> bool:
        """On the app's screen stack and the app not leaving: what is done for the screen still
        shows. (A screen just closed stays attached until Textual has taken it down.)"""
        app = self.app
        return (
            bool(self.is_attached)  # type: ignore[attr-defined]
            and not going(self)  # type: ignore[arg-type]
            and self in app.screen_stack
            and not getattr(app, "leaving", False)
        )

    async def rebuild(self) -> None:
        """Compose the screen again (a change of language mirrors it), then :meth:`rebuilt`.

        Keys for the screen wait meanwhile (it is not :attr:`built`: tawla/ui/bursts.py holds
        them); a rebuild asked for while one runs is done once, after it; a screen closed
        meanwhile is left alone. Anything else that reaches the screen meanwhile (a timer, a
        worker's result) finds no widget (:meth:`find` says None) and waits for
        :meth:`rebuilt`."""
        if self.rebuilding:
            self._rebuild_again = True
            return
        self.rebuilding, self.built = True, False
        focused = self.focused  # type: ignore[attr-defined]
        had_focus = focused.id if focused is not None else None
        try:
            again = True
            while again and self.up:
                self._rebuild_again = False
                await self.recompose()  # type: ignore[attr-defined]
                again = self._rebuild_again
            focused = self.focused  # type: ignore[attr-defined]
            if focused is not None and not focused.is_attached:  # (see set_focus)
                self.set_focus(None)
            if self.up:
                await self._show_keys()
        finally:
            self.rebuilding = False
        if self.up:
            self.rebuilt()
            self._focus_again(had_focus)
            self.refresh_bindings()  # type: ignore[attr-defined]  # (the new footer shows the keys it is told of)
            self.call_after_refresh(self._now_built)  # type: ignore[attr-defined]

    async def _show_keys(self) -> None:
        """The new footer's keys, composed before the screen counts as built. Textual's footer
        composes none until its screen signals its bindings, and a footer that missed that signal
        stayed empty: a clean-clone CI run under load left the rules without a key after F2
        (test_rebuilds rules-3, once in thousands of rebuilds; never reproduced alone)."""
        for footer in list(self.query(TawlaFooter)):  # type: ignore[attr-defined]
            await footer.show_keys()

    def dismiss(self, result: Any = None) -> AwaitComplete:
        """Close the screen with ``result``, if it is the one on top. Textual's ``dismiss`` pops
        whatever screen is on top: an event that reaches a screen already closed (the game's
        resume after Ctrl+W took it down in a burst, seen under load) would take the menu down
        with it, and a screen under a dialog would close the dialog."""
        if not self.is_active:  # type: ignore[attr-defined]
            return AwaitComplete()
        return super().dismiss(result)  # type: ignore[misc,no-any-return]

    def set_focus(self, widget: Widget | None, scroll_visible: bool = True, from_app_focus: bool = False) -> None:
        """Focus ``widget``, unless a rebuild has taken it away. A focus asked for just before
        a rebuild (F2 twice in a burst: the first rebuild's refocus, deferred by Textual) could
        land on a widget of the old compose after it was removed: the screen then kept a focus
        outside it, and its footer composed no key: the bindings were looked up from that widget
        alone (test_rebuilds rules-3, once in a few dozen storms)."""
        if widget is not None and not widget.is_attached:
            return
        super().set_focus(widget, scroll_visible, from_app_focus)  # type: ignore[misc]

    def _focus_again(self, had_focus: str | None) -> None:
        """The focus where it was before the rebuild (the new widget of the same id), unless
        :meth:`rebuilt` put it somewhere: a player who presses F2 keeps typing in the same field,
        scrolling the same text."""
        if had_focus is None or self.focused is not None:  # type: ignore[attr-defined]
            return
        again = self.find(f"#{had_focus}")
        if again is None or not again.focusable:
            return
        if isinstance(again, Input) and again.select_on_focus:  # (the name goes on being typed,
            again.select_on_focus = False  # not replaced by the next letter)
            again.call_after_refresh(setattr, again, "select_on_focus", True)
        again.focus()

    def rebuilt(self) -> None:
        """After :meth:`rebuild`, on the new widgets: what ``on_mount`` did for the old ones
        (the focus, what is drawn from the model)."""

    def find(self, selector: str | type[W], kind: type[W] | None = None) -> W | None:
        """The widget that ``selector`` picks, or None while there is none (the screen being
        rebuilt or taken down): what needs it is done once the screen is built again."""
        if self.rebuilding or going(self):  # type: ignore[arg-type]
            return None
        query = self.query(selector)  # type: ignore[attr-defined]
        found = next(iter(query.results(kind) if kind is not None else query), None)
        return found

    # -- a key that types two letters (B on the Arabic layout types «لا») ---------------------

    _key_before = ""
    """The key this screen was given before the one it is given now."""

    def on_key(self, event: events.Key) -> None:
        """Two letters one after the other that one key types (:data:`~tawla.ui.keys.TWO_LETTERS`:
        «لا», B on the Arabic layout, as Windows and macOS send it) are that key, as its one
        character (U+FEFB, as X11 sends it) is, on every screen that binds it. Decided in its turn,
        once the keys before it have done what they do (a double just offered in the same burst
        can then be beavered); when the key does nothing there, the second letter is its own key
        (the alef is H)."""
        first, self._key_before = self._key_before, event.key
        key = TWO_LETTERS.get(first + event.key)
        if key is None:
            return
        ligature = key_of(LIGATURES.get(first + event.key, first + event.key))
        if ligature not in self.active_bindings:  # type: ignore[attr-defined]
            return  # (this screen has no use for the key: the letters are letters)
        event.stop()
        event.prevent_default()
        second = event.key
        self.app.in_turn(lambda: self._two_letters(ligature, second))

    async def _two_letters(self, ligature: str, second: str) -> None:
        if not self.up or self.app.screen is not self:
            return
        if await self.two_letter_key(ligature):
            return
        active = self.active_bindings.get(second)
        if active is not None and active.enabled:
            await self.app.run_action(active.binding.action, active.node)

    async def two_letter_key(self, key: str) -> bool:
        """What the key typing two letters does here (``key``: its binding's key, the ligature):
        its binding's action, if it is enabled now. True if it did something (else the second
        letter is its own key)."""
        active = self.active_bindings.get(key)  # type: ignore[attr-defined]
        if active is None or not active.enabled:
            return False
        return bool(await self.app.run_action(active.binding.action, active.node))

    @property
    def focus_chain(self) -> list[Widget]:
        """The order Tab takes: Textual's (from the top, and along each row from the left), each
        row taken from the right in a right-to-left interface, where it starts (the main
        button, the first field of a row: on the right)."""
        chain: list[Widget] = super().focus_chain  # type: ignore[misc]
        return reading_order(chain) if self.words.rtl else chain

    def _words_changed(self) -> None:
        relabel = getattr(self, "relabel", None)
        if relabel is not None:
            relabel()

    @property
    def words(self) -> Words:
        """How the interface speaks right now."""
        return self.app.words  # type: ignore[no-any-return]

    @property
    def rtl(self) -> bool:
        """The interface reads right to left."""
        return self.words.rtl

    def t(self, key: str, /, **params: object) -> str:
        """A catalog text in the current language (logical order)."""
        return self.words.t(key, **params)

    def saying(self, key: str, /, **params: object) -> Callable[[], str]:
        """How to say a catalog text, in the language in force when it is said (a dialog's
        texts: said again after F2)."""
        return lambda: self.words.t(key, **params)

    def t_n(self, key: str, n: int, /, **params: object) -> str:
        """The plural form of ``key`` for ``n``."""
        return self.words.t_n(key, n, **params)

    def num(self, value: int | str) -> str:
        """A number in the interface's digits."""
        return self.words.num(value)

    def show(self, text: str | Text, justify: str | None = None) -> Bidi | Text:
        """A paragraph ready for a Static (right to left when the interface is Arabic)."""
        return self.words.show(text, justify)

    def line(self, text: str) -> str:
        """One line of plain text as the terminal must draw it."""
        return self.words.line(text)

    def say(self, key: str, /, justify: str | None = None, **params: object) -> Bidi | Text:
        """``show(t(key, ...))``."""
        return self.words.say(key, justify, **params)


def reading_order(chain: list[Widget]) -> list[Widget]:
    """A focus chain in right-to-left reading order: the widgets that follow each other on
    one row (the same top line on the screen) taken from the right."""
    out: list[Widget] = []
    i = 0
    while i < len(chain):
        j = i + 1
        while j < len(chain) and chain[j].region.y == chain[i].region.y:
            j += 1
        out.extend(sorted(chain[i:j], key=lambda w: -w.region.x))
        i = j
    return out
