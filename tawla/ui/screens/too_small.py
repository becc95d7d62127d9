"""Shown instead of the game when the terminal is smaller than 80 × 24."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from tawla.ui.app import MIN_HEIGHT, MIN_WIDTH


class TooSmallMessage(Static):
    """The message, re-worded at every resize."""

    def render(self) -> Text:
        app = self.app
        size = app.size
        return Text(
            app.t("screen.too_small", need=f"{MIN_WIDTH}×{MIN_HEIGHT}", now=f"{size.width}×{size.height}"),  # type: ignore[attr-defined]
            justify="center",
        )


class TooSmallScreen(Screen[None]):
    """The terminal is too small to draw the board: say so, and wait for a resize."""

    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; }
    TooSmallScreen TooSmallMessage { width: 100%; height: auto; content-align: center middle; }
    """

    def compose(self) -> ComposeResult:
        yield TooSmallMessage()

    def on_resize(self) -> None:
        self.query_one(TooSmallMessage).refresh()

    def relabel(self) -> None:
        self.query_one(TooSmallMessage).refresh()
