"""Textual's web driver as ``tawla serve`` runs it (one tawla a browser tab, its input and output
the server's pipes: see :mod:`tawla.web`). Two things differ from Textual's own:

- the app starts focused: Textual's driver posts ``AppBlur`` at start, so nothing had focus, the
  footer was empty and Enter on the first menu did nothing until the page sent a focus;
- the browser keeps Ctrl+W (it closes the tab): Ctrl+B goes back to the menu instead, and the
  footer and the help name it (:data:`tawla.ui.keys.SUBSTITUTES`);
- the end of input ends the game: Textual's input thread just returns when its pipe closes, so a
  server that died (SIGKILL) left tawla running for ever, holding its match's lock. Every action
  is saved as it is made: leaving loses nothing.
"""

from __future__ import annotations

from typing import Any

from textual import events, messages
from textual.drivers.web_driver import WebDriver
from textual.message import Message

from tawla.ui import keys
from tawla.ui.compat import driver_app

IN_THE_BROWSER = {"ctrl+b": "ctrl+w"}
"""A key the browser lets through, for the key it keeps."""


class TawlaWebDriver(WebDriver):
    """Textual's :class:`WebDriver`, starting focused and ending with its input."""

    def __init__(self, app: Any, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        keys.SUBSTITUTES.update({kept: free for free, kept in IN_THE_BROWSER.items()})

    def process_message(self, message: Message) -> None:
        if isinstance(message, events.Key) and message.key in IN_THE_BROWSER:
            message = events.Key(IN_THE_BROWSER[message.key], None)
        super().process_message(message)

    def start_application_mode(self) -> None:
        super().start_application_mode()
        # (after the driver's own AppBlur, posted the same way: the app starts focused)
        app = driver_app(self)
        app.call_later(app.post_message, events.AppFocus())

    def run_input_thread(self) -> None:
        super().run_input_thread()
        if not self.exit_event.is_set():  # the pipe closed, not the app leaving: leave
            driver_app(self).post_message(messages.ExitApp())
