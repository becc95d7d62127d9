"""Shown instead of the game when the terminal is smaller than 80 × 24."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from tawla.i18n.bidi import isolate_ltr
from tawla.i18n.words import Words
from tawla.ui.screens.base import TerminalSized

MIN_WIDTH = 80
MIN_HEIGHT = 24
"""The smallest terminal the board is drawn in."""


class TooSmallMessage(Static):
    """The message, re-worded at every resize."""

    def render(self) -> RenderableType:
        words: Words = self.app.words  # type: ignore[attr-defined]
        size = self.app.size
        # Sizes stay "80×24" (width first) inside Arabic sentences too.
        need = isolate_ltr(f"{words.num(MIN_WIDTH)}×{words.num(MIN_HEIGHT)}")
        now = isolate_ltr(f"{words.num(size.width)}×{words.num(size.height)}")
        return words.show(words.t("screen.too_small", need=need, now=now), justify="center")


class TooSmallScreen(TerminalSized, Screen[None]):
    """The terminal is too small to draw the board: say so, and wait for a resize."""

    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; }
    /* Its own colour: pushed before the first frame (a small terminal at start), the
       message would not see the app's (the theme is set quietly: TawlaApp.__init__). */
    TooSmallScreen TooSmallMessage { width: 100%; height: auto; content-align: center middle; color: $foreground; }
    """

    def compose(self) -> ComposeResult:
        yield TooSmallMessage()

    def on_mount(self) -> None:
        self.watch(self.app, "words", self.relabel, init=False)  # (F2 works here too)

    def on_resize(self, event: events.Resize) -> None:
        self.relabel()

    def on_screen_resume(self) -> None:
        # Back on top (a screen above it closed): the terminal may have grown in the meantime.
        size = self.app.size
        if size.width >= MIN_WIDTH and size.height >= MIN_HEIGHT:
            self.dismiss(None)

    def relabel(self) -> None:
        for message in self.query(TooSmallMessage):  # (none once the screen is being taken down)
            message.refresh()


def check_size(app: Any, width: int, height: int) -> None:
    """The too-small screen over everything while the terminal is smaller than 80 × 24 (the
    notes held meanwhile are shown once it goes)."""
    small = width < MIN_WIDTH or height < MIN_HEIGHT
    if small and not isinstance(app.screen, TooSmallScreen):
        app.push_screen(TooSmallScreen())
    elif not small and isinstance(app.screen, TooSmallScreen):
        app.pop_screen()
        if app.notes.waiting:
            app.call_after_refresh(app.notes.show)
    elif small:
        app.screen.refresh()
