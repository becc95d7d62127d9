"""Every place tawla reaches into Textual's private corners, because no public API does what is
needed: one module, so that a new Textual is met here, each use saying what is missing, and
``tests/test_compat.py`` failing if one of them goes or changes."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from textual.dom import DOMNode
from textual.events import Mount
from textual.message_pump import MessagePump
from textual.timer import Timer
from textual.widgets import Input
from textual.widgets._footer import FooterKey  # (Missing: FooterKey is not exported by textual.widgets)

__all__ = [
    "CellOffsetInput",
    "ErrorHook",
    "FooterKey",
    "MountGuard",
    "bindings_ready",
    "busy_nodes",
    "cursor_shown",
    "event_clock",
    "going",
    "key_disabled",
    "no_matches_id",
    "nothing_to_await",
    "on_behalf_of",
    "once",
    "set_key_disabled",
    "suggestion_of",
    "write_to_terminal",
]


def once(node: MessagePump, delay: float, callback: Callable[[], object]) -> Timer:
    """Call ``callback`` once, ``delay`` seconds from now, on ``node``'s turn, as ``set_timer``
    does — but however late its timer starts. ``set_timer``'s Timer skips late ticks: when the
    clock has passed its only deadline by the time the timer first looks (a process descheduled
    for longer than a short delay), it skips that tick and ends without calling back. Seen: the
    computer stopped for good in the middle of its turn on a loaded CI run, its 1 ms pause never
    over (tests/test_compat.py makes a clock that jumps). (Missing: ``skip`` in ``set_timer``; the
    node's private ``_timers`` stops the timer with the node, as ``set_timer``'s.)"""
    timer = Timer(
        node, delay, name=f"once#{Timer._timer_count}", callback=partial(node.call_next, callback), repeat=0, skip=False
    )
    timer._start()
    node._timers.add(timer)
    return timer


def going(node: DOMNode) -> bool:
    """``node`` is being taken down (pruned or closing): Textual keeps it attached, and on the
    screen stack when the app shuts down, until the end; only these flags tell.
    (Missing: a public "is being removed" on DOMNode.)"""
    return bool(node._pruning or node._closing)


def bindings_ready(footer: Any, ready: bool | None = None) -> bool:
    """Whether a Footer has been told its screen's keys (it composes none before); ``ready``:
    say so. (Missing: Footer keeps it in its private ``_bindings_ready``, set only by the
    screen's ``bindings_updated`` signal.)"""
    if ready is not None:
        footer._bindings_ready = ready
    return bool(footer._bindings_ready)


def on_behalf_of(node: DOMNode) -> Any:
    """A context in which code runs as if ``node``'s own message loop ran it: a widget composed
    from another's coroutine binds its data (``data_bind``) to ``node``, not to the caller.
    (Missing: a public way to run a widget's ``recompose`` from its screen.)"""
    return node._context()


def write_to_terminal(app: Any, sequence: str) -> None:
    """Write a control sequence to the terminal, in order with the frames (the driver owns the
    output). (Missing: a public way to send a control sequence; App has none.)"""
    driver = app._driver
    if driver is not None:
        driver.write(sequence)
        driver.flush()


class ErrorHook:
    """An error that escaped a handler reaches ``App._handle_exception``, and only there: tawla's
    :meth:`crash` is called with it (the match saved, a report written, one line said). When
    ``crash`` returns True, Textual's own handling follows (under tests: the test fails loudly).
    (Missing: a public hook for unhandled errors in an App.)"""

    def crash(self, error: Exception) -> bool:
        return True

    def _handle_exception(self, error: Exception) -> None:
        if self.crash(error):
            super()._handle_exception(error)  # type: ignore[misc]


class MountGuard:
    """A base class, put before the Textual class it guards (``class P(MountGuard, CommandPalette)``):
    at mount, :meth:`mount_refused` is asked first, and when it answers True, no class after
    the guard in the MRO handles the Mount (their ``_on_mount`` and ``on_mount`` are not called).
    (Missing: a public hook that runs before a Textual class's own private ``_on_mount``.)

    Textual calls one mount handler of each class of the MRO, in order (``_on_mount`` if the
    class has one, else ``on_mount``), and stops at ``prevent_default``. The guard is this
    class's ``_on_mount``, so the subclass keeps its own ``on_mount``, called before the guard
    (a decorator that set the guard as the subclass's ``_on_mount`` hid it: the palette's
    ``on_mount`` never ran)."""

    def mount_refused(self) -> bool:
        """Whether this mount must go no further (the Textual class under it would fail)."""
        return False

    def _on_mount(self, event: Mount) -> None:
        if self.mount_refused():
            event.prevent_default()


# -- the footer's keys ----------------------------------------------------------------------


def key_disabled(key: FooterKey) -> bool:
    """Whether a footer key is greyed out."""
    return bool(key._disabled)


def set_key_disabled(key: FooterKey, disabled: bool) -> None:
    """Grey a footer key out, or not, in place: rebuilding the whole footer at every key costs a
    frame. (Missing: a public setter; FooterKey keeps the state, read by its click handler.)"""
    key._disabled = disabled
    key.set_class(disabled, "-disabled")


# -- the command palette ---------------------------------------------------------------------


def no_matches_id() -> str:
    """The id of the option the palette shows, in English, when nothing matches (tawla says it
    in the player's language). (Missing: a public name, or a hook for the text.)"""
    from textual.command import CommandPalette

    return str(CommandPalette._NO_MATCHES)


def nothing_to_await() -> Any:
    """An awaitable that is already done: what ``dismiss`` returns when there is nothing to
    dismiss. (Missing: ``AwaitComplete.nothing`` is untyped and undocumented.)"""
    from textual.await_complete import AwaitComplete

    return AwaitComplete.nothing()  # type: ignore[no-untyped-call]


# -- a text field -------------------------------------------------------------------------


class CellOffsetInput(Input):
    """An Input whose clicks go through :meth:`cell_offset_to_index`: a subclass that draws its
    cells elsewhere than Textual does overrides it. (Missing: a public hook; Input maps a click
    or a drag to a position in its private ``_cell_offset_to_index``.)"""

    def cell_offset_to_index(self, offset: int) -> int:
        """The position of the cell ``offset`` cells from the field's left edge (the content's,
        scrolled as Textual scrolls it): Textual's own mapping, cell widths counted."""
        return super()._cell_offset_to_index(offset)

    def _cell_offset_to_index(self, offset: int) -> int:
        return self.cell_offset_to_index(offset)


# -- a text field's state --------------------------------------------------------------------


def suggestion_of(field: Any) -> str:
    """The completion an Input offers now (drawn by tawla's own field). (Missing: a public
    read of it; ``SuggestionReady`` says when one arrives, not when it is dropped.)"""
    return str(field._suggestion)


def cursor_shown(field: Any) -> bool:
    """Whether an Input's blinking cursor is in its visible phase. (Missing: a public read.)"""
    return bool(getattr(field, "_cursor_visible", True))


# -- the app's messages and its clock ----------------------------------------------------------


def busy_nodes(app: Any) -> list[MessagePump]:
    """The app's nodes (itself, its screens and their widgets) with a message waiting to be
    handled, widgets first: what a key just handled set going is still on its way. (Missing: a
    public size of a node's queue, and a public list of an app's nodes.)"""
    nodes = {id(node): node for node in (*list(app._registry), *app.screen_stack, app)}
    found = []
    for node in nodes.values():
        if node._closing or node._closed or not node.is_running:
            continue
        queue = node.__dict__.get("_message_queue")  # (made on first use: not made here)
        if (queue is not None and queue.qsize()) or node._pending_message is not None:
            found.append(node)
    return found


def event_clock() -> float:
    """Now, on the clock an event's ``time`` is read from (Textual stamps each message, a key
    the moment the driver reads it). (Missing: the clock is Textual's private ``_time``.)"""
    from textual import _time

    return float(_time.get_time())


def driver_app(driver: Any) -> Any:
    """The app a Textual driver drives (the web driver posts to it from its own thread).
    (Missing: a driver keeps its app as ``_app`` and has no public name for it.)"""
    return driver._app
