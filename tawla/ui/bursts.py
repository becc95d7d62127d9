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
  is built (composed and mounted): they wait for it, as for an action in its turn.
* Once tawla is leaving (:meth:`App.exit`), the keys behind the quit are still on their way;
  one that opened a screen would mount it while Textual takes the screens down. Once leaving,
  no key and no action does anything.
"""

from __future__ import annotations

import inspect
import time
from collections.abc import Callable, Mapping
from typing import Any, cast

from textual import events, on
from textual.app import App
from textual.dom import DOMNode
from textual.message import Message
from textual.message_pump import MessagePump
from textual.screen import Screen
from textual.timer import Timer

from tawla.ui.messages import Built

LOST_AFTER = 2.0
"""Seconds after which an action waiting for its turn runs anyway (its message was lost with
the widget it was sent through, a widget that closed before it had bubbled on)."""


class _Turn(Message):
    """Sent the way the keys before it went (to the focused widget, or the screen): it bubbles
    up to the app after them."""

    def __init__(self, action: Callable[[], object]) -> None:
        super().__init__()
        self.action = action


def _nothing() -> None:
    """An action that only waits for its turn."""


class KeysInOrder(App[None]):
    """The app's side: actions in their turn, and nothing once leaving."""

    leaving = False
    """Set by :meth:`exit`: keys and actions from then on do nothing."""

    _turn: _Turn | None = None
    """The action waiting for the keys before it; while it waits, new keys are held."""
    _sent_to: MessagePump | None = None
    _sent_at = 0.0
    _held: list[events.Event]
    _watch: Timer | None = None
    _for_screen = False
    """The wait is for the screen on top to be built (not for the keys before an action)."""

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

    def in_turn(self, action: Callable[[], object]) -> None:
        """Run ``action`` (a function or a coroutine function) once the keys that arrived before
        now have been handled; keys arriving until then are handled after it, in their order."""
        if self._turn is not None:  # (cannot happen: while one waits, keys are held)
            return
        target: MessagePump = self.focused or self.screen
        turn = _Turn(action)
        self._wait(turn, target)
        if not target.post_message(turn):
            self.call_later(self._take_turn, turn)

    def _wait(self, turn: _Turn, target: MessagePump, for_screen: bool = False) -> None:
        """Hold the keys from now on until ``turn`` is taken (or given up for lost)."""
        self._turn, self._sent_to, self._sent_at = turn, target, time.monotonic()
        self._for_screen = for_screen
        self._held = []
        self._watch = self.set_interval(0.05, self._check_lost)

    async def on_event(self, event: events.Event) -> None:
        """Keys (and pastes) fresh from the terminal wait while an action waits for its turn."""
        if isinstance(event, (events.Key, events.Paste)) and not event.is_forwarded:
            if self.leaving:
                return
            if self._turn is not None:
                self._held.append(event)
                return
        elif isinstance(event, events.Key) and self._building():
            # A key back from the focused widget, to look its binding up against the screen
            # on top: that screen is still being built (the key before pushed it). It waits.
            if self._turn is None:
                self._wait_for_screen()
            self._held.append(event)
            return
        await super().on_event(event)

    def _building(self) -> bool:
        """The screen on top is not built yet (pushed by the key before: its widgets are still
        to come). Its keys wait for it, or they act on a screen without its widgets: Ctrl+S on
        a new-match screen with no names yet, or one whose Select is still mounting; Down in a
        palette with no list (random keys, seeds 3013, 3014, 3035)."""
        try:
            screen = self.screen
        except Exception:  # (no screen at all: before the first, or after the last)
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
        held, self._held = self._held, []
        if not self.leaving:
            result = turn.action()
            if inspect.isawaitable(result):
                await result
        for i, event in enumerate(held):
            screens = list(self.screen_stack)
            await self.on_event(event)  # (held again if a key among them starts another wait)
            if self._turn is None and i + 1 < len(held) and self.screen_stack != screens:
                # A screen closed or opened: the next key after what that set going (the
                # answer to a dialog, and the screen the answer opens), as from the terminal.
                self.in_turn(_nothing)
                self._held = [*held[i + 1 :], *self._held]
                return
