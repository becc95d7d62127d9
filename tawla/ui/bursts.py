"""Keys of one burst (#11): handled in the order they came, each where the keys before it left
the player, and none behind a quit.

A terminal delivers a fast typist's keys together. Textual hands each key to the focused
widget as it arrives and looks its binding up once the key has bubbled back to the app,
against the screen on top *then*. Three things break the order of a burst:

* The widget a key goes to is the one focused when it arrives, before the keys ahead of it
  have had their effect: letters behind a Tab went into the field Tab was leaving; letters
  behind an Enter that opens a screen (a menu item) reached the menu and were lost, not the
  screen's field. So keys go one at a time: each waits until the app has caught up with the
  one before it (its bubbling up, its binding, and the messages that set going: a list's
  OptionSelected, a button's Pressed, the palette's command, whose handlers open screens or
  move the focus), as Textual's Pilot waits between two presses. A burst does what the same
  keys typed slowly do, but for a key pressed twice: the same key again, behind one that
  closed what it was typed into (a screen, the move prompt), does nothing, as when it found
  that closing (Enter twice on a menu item opens one screen; it does not act in it too).
* A priority binding (Ctrl+P, the command palette) runs as its key arrives, before the keys
  typed just before it have bubbled back: the palette would be on top when they do, and they
  would act in it (Enter running its first command, Esc closing it). :meth:`KeysInOrder.in_turn`
  runs an action once the keys that came before it have been handled, and keeps the keys that
  come meanwhile for after it: they belong to what it opens.
* A key that opens a screen is followed by keys for that screen, which may arrive before it
  is built (composed and mounted, its field focused): they wait for it, as for an action in
  its turn.
* Once tawla is leaving (:meth:`App.exit`), the keys behind the quit are still on their way;
  one that opened a screen would mount it while Textual takes the screens down. Once leaving,
  no key and no action does anything.

Keys typed before tawla has the terminal (while it starts) were read by the terminal's line
discipline, which turns Enter (CR) into a line feed: Textual reads that as Ctrl+J, which is
taken as Enter (as readline and most terminal programs do).
"""

from __future__ import annotations

import inspect
import time
from collections.abc import Callable, Mapping
from typing import Any

from textual import events, on
from textual._time import get_time  # (the clock of Message.time, which Textual keeps private)
from textual.app import App
from textual.dom import DOMNode
from textual.message_pump import MessagePump
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget

from tawla.ui.messages import Built

LOST_AFTER = 2.0
"""Seconds after which keys held (or an action waiting for its turn) go on anyway: a widget
busy for that long, or a screen that never says it is built."""
ROUNDS = 20
"""Rounds of waiting for the app to catch up with a key after which the next key goes anyway
(something that posts messages all the time would hold the keys for ever)."""


class _Turn:
    """What the keys held wait for: an action (or nothing) to run once the app has caught up."""

    def __init__(self, action: Callable[[], object]) -> None:
        self.action = action


def _nothing() -> None:
    """An action that only waits for its turn."""


def _enter(line_feed: events.Key) -> events.Key:
    """Enter, for a line feed (Ctrl+J): what Enter becomes when it is typed before tawla has
    the terminal, the line discipline turning its CR into LF (``ICRNL``) as it arrives. Nothing
    in tawla or Textual's widgets is bound to Ctrl+J."""
    enter = events.Key("enter", "\r")
    enter.time = line_feed.time
    return enter


def _has_messages(pump: MessagePump) -> bool:
    """``pump`` has messages to handle: in its queue, or the next one taken out of it already
    (Textual looks at the next message to combine it with the one being handled:
    ``MessagePump._peek_message``)."""
    return bool(pump.message_queue_size) or getattr(pump, "_pending_message", None) is not None


class KeysInOrder(App[None]):
    """The app's side: one key at a time, actions in their turn, and nothing once leaving."""

    leaving = False
    """Set by :meth:`exit`: keys and actions from then on do nothing."""

    _turn: _Turn | None = None
    """What the next key waits for: the app to catch up with the key before it (or with the
    keys before an action), or the screen on top to be built. While it waits, keys are held."""
    _for_screen: Screen[Any] | None = None
    """The screen waited for (None: the wait is for the app to catch up)."""
    _since = 0.0
    _watch: Timer | None = None
    _rounds = 0
    _pressed: tuple[str, MessagePump, float] | None = None
    """The last key sent on, where to (the widget focused, or the screen) and when (on the clock
    Textual stamps events with)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._held: list[events.Event | _Turn] = []
        """Keys waiting for their turn, in their order (and an action asked for meanwhile)."""
        self._round: set[MessagePump] = set()
        """The app and the widgets of the screens that have not yet handled what was queued
        for them when the round began."""

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
        if self._turn is not None:  # (keys before it are still being handled, or held)
            self._held.append(_Turn(action))
            return
        self._catch_up(_Turn(action))

    # -- waits --------------------------------------------------------------------------------

    def _wait(self, turn: _Turn, screen: Screen[Any] | None = None) -> None:
        """Hold the keys from now on until ``turn`` is taken (or given up: :data:`LOST_AFTER`)."""
        if self._watch is not None:
            self._watch.stop()
        self._turn, self._for_screen, self._since = turn, screen, time.monotonic()
        self._watch = self.set_interval(0.05, self._check_lost)

    def _catch_up(self, turn: _Turn) -> None:
        """Take ``turn`` once the app and every screen's widgets have handled what is queued
        for them now, and what that set going (Textual's Pilot waits so between two presses):
        a key's bubbling up, then its binding's messages (a button's Pressed, a list's
        OptionSelected, the palette's command) whose handlers open screens or move the focus."""
        self._wait(turn)
        self._rounds = 0
        self._next_round()

    def _pumps(self) -> list[MessagePump]:
        pumps: list[MessagePump] = [self]
        for screen in self.screen_stack:
            pumps.extend(screen.walk_children(with_self=True))
        return pumps

    def _next_round(self) -> None:
        """Ask the app and every widget to call back once they have handled what they have."""
        turn = self._turn
        self._rounds += 1
        self._round = set()
        for pump in self._pumps():
            if pump.call_later(self._came_back, turn, self._rounds, pump):
                self._round.add(pump)
        if not self._round:
            self.call_later(self._after_round, turn, self._rounds)

    def _came_back(self, turn: _Turn, number: int, pump: MessagePump) -> None:
        """(Run by ``pump``, among its messages.)"""
        if turn is self._turn and number == self._rounds and pump in self._round:
            self._round.discard(pump)
            if not self._round:
                self.call_later(self._after_round, turn, number)

    async def _after_round(self, turn: _Turn, number: int) -> None:
        """A round is over: another if something is still queued (a message posted meanwhile),
        else the turn is taken."""
        if turn is not self._turn or number != self._rounds:
            return
        if self._rounds < ROUNDS and any(map(_has_messages, self._pumps())):
            self._next_round()
            return
        await self._take_turn(turn)

    def _wait_for_screen(self) -> None:
        """Hold the keys until the screen on top is built (it says so: :class:`Built`), or
        is gone, or :data:`LOST_AFTER` has passed."""
        self._wait(_Turn(_nothing), self.screen)

    def _building(self) -> bool:
        """The screen on top is not built yet (pushed by the key before: its widgets are still
        to come). Its keys wait for it, or they act on a screen without its widgets: Ctrl+S on
        a new-match screen with no names yet, or one whose Select is still mounting; Down in a
        palette with no list (random keys, seeds 3013, 3014, 3035); letters typed for a field
        that is not there yet, lost."""
        try:
            screen = self.screen
        except Exception:  # (no screen at all: before the first, or after the last)
            return False
        return not self._is_built(screen) and not self.leaving

    @staticmethod
    def _is_built(screen: Screen[Any]) -> bool:
        return bool(getattr(screen, "built", screen.is_mounted))

    @on(Built)
    async def _screen_built(self, message: Built) -> None:
        if self._turn is not None and message.screen is self._for_screen:
            await self._take_turn(self._turn)

    def _check_lost(self) -> None:
        """(A timer's callback, run beside the app's messages: what it decides is done among
        them.) A widget closed before it called back is not waited for."""
        turn = self._turn
        if turn is None:
            return
        screen = self._for_screen
        if time.monotonic() - self._since > LOST_AFTER:
            self.call_later(self._take_turn, turn)
        elif screen is not None:
            if self._is_built(screen) or not screen.is_attached or not screen.is_running:
                self.call_later(self._take_turn, turn)
        elif self._round:
            self._round = {pump for pump in self._round if pump.is_running}
            if not self._round:
                self.call_later(self._after_round, turn, self._rounds)

    async def _take_turn(self, turn: _Turn) -> None:
        if turn is not self._turn:  # (taken already: it arrived after it was given up for lost)
            return
        if self._watch is not None:
            self._watch.stop()
        self._turn = self._for_screen = self._watch = None
        self._round = set()
        if turn.action is not _nothing and not self.leaving:
            result = turn.action()
            if inspect.isawaitable(result):
                await result
            if self._turn is None and self._held:
                self._catch_up(_Turn(_nothing))  # (the keys held are for what it opened)
                return
        # The keys held, in their order, until one of them is being handled (or waits again).
        while self._held and self._turn is None and not self.leaving:
            held = self._held.pop(0)
            if isinstance(held, _Turn):
                self._catch_up(held)
            elif isinstance(held, events.Key) and held.is_forwarded:
                await self._back(held)
            elif not self._pressed_twice(held):
                await self._send(held)

    # -- keys ---------------------------------------------------------------------------------

    async def on_event(self, event: events.Event) -> None:
        """Keys (and pastes) fresh from the terminal go one at a time: each waits until the
        app has caught up with the one before it, then goes to the widget focused *then*."""
        if isinstance(event, (events.Key, events.Paste)) and not event.is_forwarded:
            if self.leaving:
                return
            if isinstance(event, events.Key) and event.key == "ctrl+j":
                event = _enter(event)
            if self._turn is not None:
                self._held.append(event)
                return
            await self._send(event)
        elif isinstance(event, events.Key):
            await self._back(event)
        else:
            await super().on_event(event)

    async def _send(self, event: events.Event) -> None:
        """A key's turn has come: Textual hands it to the focused widget (or runs its priority
        binding: Ctrl+P asks for its turn), and the next key waits until the app has caught up.

        Textual picks a key's widget as the key arrives, but runs its binding only once it has
        bubbled back up to the app: keys of one burst sent straight on would all reach the
        widget focused before the first of them moved the focus (Tab, then letters typed into
        the field Tab was leaving) or opened a screen (Enter on a menu item, then letters for
        the screen's field, lost on the menu). A screen on top still being built has no focus
        yet: the key waits for it."""
        if self._building():
            self._wait_for_screen()
            self._held.insert(0, event)
            return
        if isinstance(event, events.Key):
            self._pressed = (event.key, self.focused or self.screen, get_time())
        await super().on_event(event)
        if self._turn is None and not self.leaving:
            self._catch_up(_Turn(_nothing))

    def _pressed_twice(self, event: events.Event) -> bool:
        """A key pressed twice: the same key again, there already when the first was sent on
        (the terminal delivered both together), and the first closed what it was typed into
        (its screen closed or covered, the move prompt closed). The second does nothing, as it
        found that closing before keys went one at a time: Enter twice on a menu item opens one
        screen and does not act in it, Enter twice on a typed move does not end the turn too.
        (Unless it types a character into the field now focused: n, then "nadia" as the first
        player's name.) Pressed again once the first was on its way, it is a key of its own."""
        if not isinstance(event, events.Key) or self._pressed is None:
            return False
        key, target, sent_at = self._pressed
        if event.key != key or event.time > sent_at:
            return False
        from textual.widgets import Input  # (not before the first frame: a burst comes later)

        if event.is_printable and isinstance(self.focused, Input):
            return False
        try:
            screen = self.screen
        except Exception:  # (no screen)
            return False
        if isinstance(target, Screen):
            return target is not screen
        return not (isinstance(target, Widget) and target.is_attached and target.screen is screen and target.focusable)

    async def _back(self, event: events.Key) -> None:
        """A key back from the focused widget: its binding is looked up now, against the screen
        on top. If that screen is still being built (pushed while the key was on its way), the
        key waits for it, before the keys held."""
        if self._building():
            if self._turn is None:
                self._wait_for_screen()
            self._held.insert(0, event)
            return
        await super().on_event(event)
        if self._turn is None and not self.leaving:
            self._catch_up(_Turn(_nothing))
