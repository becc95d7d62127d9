"""What tawla tells the terminal, and what it hears from the system: who lays out Arabic (CSI 8),
SIGTERM and SIGHUP (save, then leave), and the exit status after an error that stopped the game."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import threading
import traceback
from collections.abc import Callable
from typing import Any

from rich.text import Text

from tawla.i18n import plain

CRASH_STATUS = 70
"""The exit status after an error that stopped the game (EX_SOFTWARE)."""
LEAVE_WITHIN = 3.0
"""Seconds a signalled tawla (SIGTERM, SIGHUP) gives its clean exit before it just ends."""


def terminal_bidi_sequence(app_does_it: bool, inside_tmux: bool | None = None) -> str:
    """CSI 8 l (explicit: the terminal must not reorder) or CSI 8 h (implicit, the default);
    wrapped for tmux's passthrough when inside tmux."""
    sequence = "\x1b[8l" if app_does_it else "\x1b[8h"
    if inside_tmux if inside_tmux is not None else bool(os.environ.get("TMUX")):
        return "\x1bPtmux;" + sequence.replace("\x1b", "\x1b\x1b") + "\x1b\\"
    return sequence


def catch_signals(save: Callable[[], None], leave: Callable[[], object]) -> None:
    """SIGTERM and SIGHUP (the terminal window closed) save and leave cleanly (in the running
    event loop)."""

    def signalled() -> None:
        save()
        # When the terminal has gone (SIGHUP), Textual's writer thread dies on the first write
        # and leaving can block for ever on its full queue. The match is saved: give the clean
        # exit (which restores a terminal that is still there) a moment, then go regardless.
        watchdog = threading.Timer(LEAVE_WITHIN, os._exit, args=(0,))
        watchdog.daemon = True
        watchdog.start()
        leave()

    loop = asyncio.get_running_loop()
    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None:
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(number, signalled)


def report_crash(app: Any, error: Exception, version: str) -> bool:
    """An error that escaped a handler (see :class:`~tawla.ui.compat.ErrorHook`): the match
    saved, the traceback in a dated file under the data folder, one line for the player (in
    their language) saying so, exit status 70 (EX_SOFTWARE). Under tests (headless) True:
    Textual's own handling follows, so that the test fails loudly."""
    with contextlib.suppress(Exception):
        app.save_now()
    report = "".join(traceback.format_exception(error))
    details = f"tawla {version} · {app.screen_stack[-1] if app.screen_stack else '-'}\n\n"
    app.crashed = app.keeper.crash_report(details + report)
    if app.is_headless:
        return True
    if app.crashed is not None:
        message = app.words.t("crash.line", file=str(app.crashed))
    else:
        message = app.words.t("crash.no_file") + "\n" + report
    app.exit(return_code=CRASH_STATUS, message=Text(plain(message)))  # (logical order, as the command line prints)
    return False
