"""Waiting in a Pilot test: for the thing a test checks, never for an amount of time.

``pilot.pause()`` and ``pilot.press()`` wait until the process *looks* idle: Textual compares the
process's CPU time with the wall clock over 20 ms (``textual._wait.wait_for_idle``). On a busy
machine the test process gets no CPU for a while and looks idle while a screen is still being
pushed, a worker is still reading, a timer has not fired. So after a key or a call, anything
produced by a worker, a thread, a timer (``set_timer``, ``set_interval``, ``call_later``), a
screen pushed from a callback or a subprocess is *waited for* here, with a generous timeout
that fails saying what it saw:

    await pilot.press("c")
    screen = await screen_is(pilot, ResumeScreen)
    await wait_until(pilot, lambda: "Ali" in screen_text(app), "Ali on the list")
    await eventually(pilot, lambda: assert_saved(app))

``settle()`` is only for what must *not* happen (a key that must do nothing): it gives it a
chance to show. See tests/README.md for the rule.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any, TypeVar

WAIT = 60.0
"""Seconds a test waits for what must happen before it fails: generous, because CI runs on two
busy cores (a loaded run was seen to be four times slower than an idle one)."""

S = TypeVar("S")


def stack(app: Any) -> list[str]:
    """The screens, bottom first, by class name."""
    try:
        return [type(screen).__name__ for screen in app.screen_stack]
    except Exception:  # (no screen stack: before the first screen or after the last)
        return []


def _seen(app: Any) -> str:
    return f"screens {stack(app)}"


async def _tick(pilot: Any) -> None:
    app = pilot.app
    if app.is_running:
        await pilot.pause()
    else:
        await asyncio.sleep(0.01)


async def wait_until(
    pilot: Any,
    check: Callable[[], object],
    what: str | Callable[[], str],
    timeout: float = WAIT,
) -> None:
    """Wait until ``check()`` is true; fail after ``timeout`` seconds saying what was awaited
    (``what``: a text, or a function that says what it sees now) and which screens were up.
    An error raised in tawla meanwhile fails the test at once, with that error."""
    app = pilot.app
    deadline = time.monotonic() + timeout
    while True:
        if check():
            return
        if error_of(app) is not None:
            raise error_of(app)  # type: ignore[misc]
        if time.monotonic() > deadline:
            said = what() if callable(what) else what
            raise AssertionError(f"not within {timeout:g} s: {said} ({_seen(app)})")
        await _tick(pilot)


async def eventually(pilot: Any, check: Callable[[], None], timeout: float = WAIT) -> None:
    """Run ``check`` (a function of assertions) until it passes; after ``timeout`` seconds its
    last failure is the test's."""
    app = pilot.app
    deadline = time.monotonic() + timeout
    while True:
        try:
            check()
            return
        except AssertionError as failure:
            if error_of(app) is not None:
                raise error_of(app) from None  # type: ignore[misc]
            if time.monotonic() > deadline:
                raise AssertionError(f"still failing after {timeout:g} s ({_seen(app)}): {failure}") from failure
        await _tick(pilot)


# -- Textual's private corners the tests read: here only (tests/test_compat.py checks) ----------


def error_of(app: Any) -> BaseException | None:
    """The error that escaped a handler of ``app`` and will stop it, if any (Textual keeps it in
    ``App._exception`` until the app exits; no public API says it before)."""
    return app._exception  # type: ignore[no-any-return]


def deliver(app: Any, event: Any) -> None:
    """Hand ``event`` to ``app`` the way its terminal's driver does (a read from the terminal):
    behind whatever the driver has handed on before it."""
    app._driver.send_message(event)


def strips(screen: Any) -> list[Any]:
    """The rows the compositor draws of ``screen`` (Textual's ``Strip`` objects, text and style)."""
    return list(screen._compositor.render_strips())


def drawn_strips(app: Any) -> list[Any]:
    """The rows of the screen on top as the terminal gets them: with the screens under a dialog
    drawn under it (Textual composes those only while its private ``visible_screen_stack`` holds
    them, as it does in a frame)."""
    from textual._context import visible_screen_stack

    token = visible_screen_stack.set(list(app._background_screens))
    try:
        return strips(app.screen)
    finally:
        visible_screen_stack.reset(token)


def visible_widgets(screen: Any) -> dict[Any, Any]:
    """Each widget the compositor draws on ``screen``, with its region and its clip."""
    return dict(screen._compositor.visible_widgets)


def screen_text(app: Any) -> str:
    """What the terminal shows of the screen on top, as plain text (the compositor's rows)."""
    return "\n".join(strip.text for strip in strips(app.screen))


async def shows(pilot: Any, *texts: str, timeout: float = WAIT) -> str:
    """Wait until the screen on top shows each of ``texts`` (drawn after a key, a timer or a
    recompose); return what it shows then. Fails showing the screen."""
    app = pilot.app

    def missing() -> list[str]:
        shown = screen_text(app)
        return [text for text in texts if text not in shown]

    await wait_until(pilot, lambda: not missing(), lambda: f"{missing()} on the screen:\n{screen_text(app)}", timeout)
    return screen_text(app)


def _built(screen: Any) -> bool:
    """Built, and a result card drawn (``shown_at``): it refuses a key pressed before that."""
    return bool(getattr(screen, "built", screen.is_mounted)) and getattr(screen, "shown_at", 0) is not None


async def screen_is(pilot: Any, kind: type[S], timeout: float = WAIT) -> S:
    """Wait until the screen on top is a ``kind`` and is built (its widgets mounted and drawn
    once, see ``tawla.ui.screens.base.Localized.built``); return it."""
    app = pilot.app

    def there() -> bool:
        try:
            screen = app.screen
        except Exception:
            return False
        return isinstance(screen, kind) and _built(screen)

    await wait_until(pilot, there, f"a built {kind.__name__} on top", timeout)
    return app.screen  # type: ignore[no-any-return]


async def screens_are(pilot: Any, *names: str, timeout: float = WAIT) -> None:
    """Wait until the screens are ``names`` (bottom first, class names) and the top one built."""
    app = pilot.app

    def there() -> bool:
        return stack(app) == list(names) and _built(app.screen)

    await wait_until(pilot, there, f"the screens {list(names)}", timeout)


async def workers_done(pilot: Any, timeout: float = WAIT) -> None:
    """Wait until no worker of the app runs (a book read in a thread, a list read for a field),
    then until the messages they sent back have been handled."""
    app = pilot.app
    await wait_until(
        pilot,
        lambda: not any(worker.is_running for worker in app.workers),
        lambda: f"the workers to finish: {[w.name for w in app.workers if w.is_running]}",
        timeout,
    )
    await pilot.pause()  # (what they sent back with call_from_thread was run before they ended)


async def settle(pilot: Any) -> None:
    """A few rounds of Pilot's pause. Only to give what must *not* happen a chance to show (a key
    that must do nothing); what must happen is awaited with :func:`wait_until`."""
    for _ in range(4):
        await pilot.pause()
