"""Keys in a burst, as a terminal delivers them when a player types fast or presses twice.

``pilot.press("a", "b")`` waits until the app is idle after each key, so a key never arrives
while the previous one is still being handled: the races players meet never happen. ``burst``
hands every key to the driver at once, as a terminal's read of several bytes does, and only then
waits until the app has taken them all (:func:`taken`): an event, not an amount of time.

What the keys *do* (a screen they push, a recompose, a worker, a timer) may still be on its way
when ``burst`` returns: a test waits for it (tests/helpers/waiting.py), or, for what must not happen,
gives it :func:`tests.helpers.waiting.settle`'s chance after ``burst``.
"""

from __future__ import annotations

import asyncio
import unicodedata
from collections.abc import Iterable
from typing import Any

from textual import events
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key

from .waiting import WAIT, deliver, wait_until


def key_event(key: str) -> events.Key:
    """The event a terminal's driver makes for ``key`` (a Textual key name or one character)."""
    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    original = REPLACED_KEYS.get(key, key)
    try:
        char: str | None = unicodedata.lookup(_get_unicode_name_from_key(original))
    except KeyError:
        char = key if len(key) == 1 else None
    return events.Key(key, char)


async def burst(pilot: Any, *keys: str) -> None:
    """Send ``keys`` without waiting between them, then wait until the app has taken them all."""
    await send_events(pilot, [key_event(key) for key in keys])


async def send_events(pilot: Any, keys: Iterable[events.Key]) -> None:
    """Hand ``keys`` to the driver at once (as a terminal's read does), then wait until taken."""
    app = pilot.app
    for event in keys:
        event.set_sender(app)
        deliver(app, event)
    await taken(pilot)


def waiting_for(app: Any) -> list[str]:
    """What still has keys (or other messages) to handle: keys held by tawla until a screen is
    built or an action's turn has come (tawla.ui.bursts), and every node of the app with a
    message in its queue. Empty once tawla is leaving (keys then do nothing) or has left."""
    if not app.is_running or getattr(app, "leaving", False):
        return []
    found = []
    if getattr(app, "_turn", None) is not None:
        found.append("keys held for a screen being built or an action's turn")
    nodes = {id(node): node for node in (app, *app.screen_stack, *list(app._registry))}
    for node in nodes.values():
        if node._closing or node._closed or not node.is_running:
            continue
        queue = node.__dict__.get("_message_queue")  # (made on first use: not made here)
        if (queue is not None and queue.qsize()) or node._pending_message is not None:
            found.append(f"messages for {node!r}")
    return found


async def taken(pilot: Any, timeout: float = WAIT) -> None:
    """Wait until the app has taken every key sent to its driver so far.

    The driver hands a key to the app from the event loop (``run_coroutine_threadsafe``): a
    mark handed over the same way, after them, is reached once they are all in the app's queue.
    From then on the keys are taken when no node has a message left to handle and tawla holds
    none for later: each was forwarded to the widget with the focus, bubbled back and looked up
    against the bindings (its action run), or was held and then let go the same way. A key on
    its way is always in a queue or held, so this is an event, whatever the machine's speed."""
    app = pilot.app
    arrived = asyncio.Event()

    async def mark() -> None:
        arrived.set()

    asyncio.run_coroutine_threadsafe(mark(), asyncio.get_running_loop())
    await wait_until(
        pilot,
        lambda: arrived.is_set() and not waiting_for(app),
        lambda: f"the keys sent to be taken; still waiting: {waiting_for(app) or 'the keys to arrive'}",
        timeout,
    )
