"""Keys in a burst, as a terminal delivers them when a player types fast or presses twice.

``pilot.press("a", "b")`` waits until the app is idle after each key, so a key never arrives
while the previous one is still being handled: the races players meet never happen. ``burst``
hands every key to the driver at once, as a terminal's read of several bytes does, and only then
waits for the app to be idle."""

from __future__ import annotations

import unicodedata
from typing import Any

from textual import events
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key


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
    """Send ``keys`` without waiting between them, then wait until the app has handled them."""
    app = pilot.app
    for key in keys:
        event = key_event(key)
        event.set_sender(app)
        app._driver.send_message(event)
    for _ in range(3):
        await pilot.pause()
    # Keys held for a screen still being built (or behind an action waiting for its turn) are
    # handled once it is: wait for that (an event, with a generous limit that fails loudly).
    for _ in range(400):
        if getattr(app, "_turn", None) is None:
            break
        await pilot.pause(0.025)
    else:
        raise AssertionError("keys still held after 10 s")
    for _ in range(3):
        await pilot.pause()
