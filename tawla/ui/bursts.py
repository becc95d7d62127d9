"""Keys of one burst: handled in the order they came, and none behind a quit.

A terminal delivers a fast typist's keys together. Textual hands each key to the focused
widget as it arrives and looks its binding up once the key has bubbled back to the app,
against the screen on top *then*. Two things break the order of a burst:

* A priority binding (Ctrl+P, the command palette) runs as its key arrives, before the keys
  typed just before it have bubbled back: the palette would be on top when they do, and they
  would act in it (Enter running its first command, Esc closing it). :meth:`KeysInOrder.in_turn`
  runs an action once the keys that came before it have been handled, and keeps the keys that
  come meanwhile for after it: they belong to what it opens.
* A key that opens a screen is followed by keys for that screen, which may arrive before it
  is built (composed and mounted): they wait for it, as for an action in its turn. Those that
  came in the same read as the key that opened it were handed to the screen under it: they
  too go to the new screen once built (the name typed right behind the book's E). So do keys
  handed to a palette or dialog that the key before them closed: they wait until what that
  key set going is done, and go to the screen then on top (Esc, Enter, Ctrl+S typed in the
  palette: it closes, the menu's Enter opens New match, Ctrl+S starts the match).
* On a form (a screen whose ``typed_ahead`` is true: New match, Set up a position, the
  settings, a line to type, the list a match is picked from), a key that may move the focus
  (Tab, Enter, a list's arrows, a letter on a box) is followed by keys for where it goes, which
  Textual hands to the widget that had the focus when they arrived, before the key that moves it
  has been looked up: "Ali", Tab, "Badr" put both names in the first field, New match's Tab Tab
  Tab 1 the 1. There the keys behind such a key wait until it, and all it set going (the list's
  choice, the dialog it closes, the screen that opens next), is done (:meth:`KeysInOrder.aimed`):
  they land where they would have landed typed one at a time. Letters typed into a text field
  move nothing and go on at once. (Elsewhere keys behind a closing dialog or palette still die
  with it: Enter pressed four times runs one command, not one and then the menu's.)
* Once tawla is leaving (:meth:`App.exit`), the keys behind the quit are still on their way;
  one that opened a screen would mount it while Textual takes the screens down. Once leaving,
  no key and no action does anything.
"""

from __future__ import annotations

import inspect
import time
from collections.abc import Callable, Mapping
from typing import Any, cast
from weakref import WeakKeyDictionary

from textual import events, on
from textual.app import App
from textual.dom import DOMNode
from textual.message import Message
from textual.message_pump import MessagePump
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Input

from tawla.ui.compat import busy_nodes
from tawla.ui.messages import Built

LOST_AFTER = 2.0
"""Seconds after which an action waiting for its turn runs anyway (its message was lost with
the widget it was sent through, a widget that closed before it had bubbled on)."""


class _Turn(Message):
    """Sent the way the keys before it went (to the focused widget, or the screen): it bubbles
    up to the app after them."""

    def __init__(self, action: Callable[[], object], quiet: bool = False) -> None:
        super().__init__()
        self.action = action
        self.quiet = quiet
        """Taken only once nothing is left for the app to handle (see :meth:`KeysInOrder.aimed`)."""


def _nothing() -> None:
    """An action that only waits for its turn."""


class KeysInOrder(App[None]):
    """The app's side: actions in their turn, and nothing once leaving."""

    leaving = False
    """Set by :meth:`exit`: keys and actions from then on do nothing."""

    key_time: float | None = None
    """While a key's binding runs: the time the key carries (Textual stamps a key as the
    terminal's read delivers it; see :func:`~tawla.ui.compat.event_clock`), however long it
    waited; None outside a key. A result card refuses the keys of its first moment by it."""

    _turn: _Turn | None = None
    """The action waiting for the keys before it; while it waits, new keys are held."""
    _sent_to: MessagePump | None = None
    _sent_at = 0.0
    _held: list[events.Event]
    _sent_into: WeakKeyDictionary[events.Key, Screen[Any]]
    """The screen on top when each key fresh from the terminal was handed on."""
    _back = 0
    """How many of the keys held are keys back from the focused widget (they go first)."""
    _watch: Timer | None = None
    _for_screen = False
    """The wait is for the screen on top to be built (not for the keys before an action)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._sent_into = WeakKeyDictionary()

    def exit(self, result: None = None, return_code: int = 0, message: Any = None) -> None:
        self.leaving = True
        self._held = []
        super().exit(result, return_code, message)

    async def run_action(
        self,
        action: Any,
        default_namespace: DOMNode | None = None,
        namespaces: Mapping[str, DOMNode] | None = None,
    ) -> bool:
        """Every binding runs through here: once tawla is leaving, a key behind the quit (``n``
        on the menu, Enter on an item) is taken and does nothing."""
        if self.leaving:
            return True
        return await super().run_action(action, default_namespace, namespaces)

    def in_turn(self, action: Callable[[], object], quiet: bool = False) -> None:
        """Run ``action`` (a function or a coroutine function) once the keys that arrived before
        now have been handled (``quiet``: and what they set going, every message it sent); keys
        arriving until then are handled after it, in their order."""
        if self._turn is not None:  # (cannot happen: while one waits, keys are held)
            return
        target: MessagePump = self.focused or self.screen
        turn = _Turn(action, quiet)
        self._wait(turn, target)
        if not target.post_message(turn):
            self.call_later(self._take_turn, turn)

    def _wait(self, turn: _Turn, target: MessagePump, for_screen: bool = False) -> None:
        """Hold the keys from now on until ``turn`` is taken (or given up for lost)."""
        self._turn, self._sent_to, self._sent_at = turn, target, time.monotonic()
        self._for_screen = for_screen
        self._held, self._back = [], 0
        self._watch = self.set_interval(0.05, self._check_lost)

    async def on_event(self, event: events.Event) -> None:
        """Keys (and pastes) fresh from the terminal wait while an action waits for its turn."""
        if not isinstance(event, events.Key):
            await self._take_event(event)
            return
        before, self.key_time = self.key_time, event.time
        try:
            await self._take_event(event)
        finally:
            self.key_time = before

    async def _take_event(self, event: events.Event) -> None:
        if isinstance(event, (events.Key, events.Paste)) and not event.is_forwarded:
            if self.leaving:
                return
            if self._turn is not None:
                self._held.append(event)
                return
            if self._building():
                # The screen on top is still being built (the key before pushed it): the keys
                # for it wait, and then go to the widget it gives the focus (a line's text).
                self._wait_for_screen()
                self._held.append(event)
                return
            if isinstance(event, events.Key):
                top = self._top()
                if top is not None:
                    self._sent_into[event] = top
                if self.aimed(event):
                    await super().on_event(event)
                    if self._turn is None and not self.leaving:
                        self.in_turn(_nothing, quiet=True)  # (the keys behind it wait until it is done)
                    return
        elif isinstance(event, events.Key) and event in self._sent_into:
            # A key back from the focused widget, to look its binding up against the screen
            # on top. It waits when that screen is still being built (the key before pushed it),
            # or when the screen it was handed to is no longer on top (a palette or dialog the
            # key before closed): what the key before set going (the menu's choice, the screen
            # it opens) comes first, as typed one at a time.
            handed_to = self._sent_into.pop(event)
            moved = handed_to is not self._top()
            building = self._building()
            if building or moved:
                if self._turn is None:
                    if building:
                        self._wait_for_screen()
                    else:
                        self.in_turn(_nothing, quiet=True)
                if moved:
                    # It was handed to a screen no longer on top (one under the screen the key
                    # before opened, or one the key before closed): it goes to the top one's
                    # focused widget once that is ready, as it would have, typed one at a time
                    # (the letters of a name, on the line E opens; Enter on the menu, after
                    # the Esc that closed the palette).
                    again = events.Key(event.key, event.character)
                    again.time = event.time
                    event = again
                # (before the keys fresh from the terminal held meanwhile: it came before them)
                self._held.insert(self._back, event)
                self._back += 1
                return
        elif isinstance(event, events.Key) and self._building():
            # A key back from a widget that Textual handed it to itself (not fresh from the
            # terminal): that screen is still being built. It waits.
            if self._turn is None:
                self._wait_for_screen()
            self._held.insert(self._back, event)
            self._back += 1
            return
        await super().on_event(event)

    def aimed(self, key: events.Key) -> bool:
        """``key`` goes to a widget with the focus, and may move it: the keys behind it are for
        where it goes, and wait until it and all it set going are done, as they would have,
        typed one at a time (see the module's docstring). A character typed into a text field
        moves nothing."""
        focused = self.focused
        if focused is None or not getattr(self.screen, "typed_ahead", False):
            return False
        return not (isinstance(focused, Input) and key.is_printable)

    def _top(self) -> Screen[Any] | None:
        """The screen on top (None before the first and after the last)."""
        try:
            return self.screen
        except Exception:
            return None

    def _building(self) -> bool:
        """The screen on top is not built yet (pushed by the key before: its widgets are still
        to come). Its keys wait for it, or they act on a screen without its widgets: Ctrl+S on
        a new-match screen with no names yet, or one whose Select is still mounting; Down in a
        palette with no list (random keys, seeds 3013, 3014, 3035)."""
        screen = self._top()
        if screen is None:  # (no screen at all: before the first, or after the last)
            return False
        return not self._is_built(screen) and not self.leaving

    @staticmethod
    def _is_built(screen: Screen[Any]) -> bool:
        return bool(getattr(screen, "built", screen.is_mounted))

    def _wait_for_screen(self) -> None:
        """Hold the keys until the screen on top is built (it says so: :class:`Built`), or
        is gone, or :data:`LOST_AFTER` has passed."""
        self._wait(_Turn(_nothing), self.screen, for_screen=True)

    @on(Built)
    async def _screen_built(self, message: Built) -> None:
        if self._turn is not None and message.screen is self._sent_to:
            await self._take_turn(self._turn)

    @on(_Turn)
    async def _turn_came(self, message: _Turn) -> None:
        message.stop()
        if message.quiet and message is self._turn and time.monotonic() - self._sent_at <= LOST_AFTER:
            # What the key set going may still be on its way (a list's choice, the screen it
            # closes, the callback that opens the next): the turn goes round again, behind it.
            for node in busy_nodes(self):
                again = _Turn(message.action, quiet=True)
                if node.post_message(again):
                    self._turn, self._sent_to = again, node
                    return
        await self._take_turn(message)

    async def _check_lost(self) -> None:
        sent_to = self._sent_to
        if self._turn is None or sent_to is None:
            return
        built = self._for_screen and self._is_built(cast("Screen[Any]", sent_to))
        if built or not sent_to.is_attached or not sent_to.is_running or time.monotonic() - self._sent_at > LOST_AFTER:
            await self._take_turn(self._turn)

    async def _take_turn(self, turn: _Turn) -> None:
        if turn is not self._turn:  # (taken already: it arrived after it was given up for lost)
            return
        if self._watch is not None:
            self._watch.stop()
        self._turn = self._sent_to = self._watch = None
        self._for_screen = False
        held, self._held, self._back = self._held, [], 0
        if not self.leaving:
            result = turn.action()
            if inspect.isawaitable(result):
                await result
        for i, event in enumerate(held):
            screens = list(self.screen_stack)
            await self.on_event(event)  # (held again if a key among them starts another wait)
            if self._turn is None and i + 1 < len(held) and (turn.quiet or self.screen_stack != screens):
                # A screen closed or opened: the next key after what that set going (the
                # answer to a dialog, and the screen the answer opens), as from the terminal.
                # Behind a key of a form, each key waits for all the one before it set going:
                # typed ahead, they land as typed one at a time (the form it closed, then the
                # menu's Enter, then the Esc for the form that Enter opens).
                self.in_turn(_nothing, quiet=turn.quiet)
                self._held = [*held[i + 1 :], *self._held]
                return
