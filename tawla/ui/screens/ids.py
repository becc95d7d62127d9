"""The Position ID and Match ID of the moment, to copy into GNU Backgammon or elsewhere."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from tawla.ui.keys import both
from tawla.ui.screens.base import Words


class IdsScreen(Words, ModalScreen[None]):
    """Both IDs, selectable with the mouse; c copies them (the terminal's clipboard, OSC 52)."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [
        Binding(both("c"), "copy", show=False),
        Binding("enter,space,escape," + both("i"), "close", show=False),
    ]

    def __init__(self, position: str, match: str) -> None:
        super().__init__()
        self.position, self.match = position, match

    def compose(self) -> ComposeResult:
        with Vertical(classes="card"):
            yield Static(self.say("ids.title"), classes="title")
            yield Static(self.say("ids.position"), classes="label")
            yield Static(self.show(Text(self.position, style="bold")), id="position", classes="id")
            yield Static(self.say("ids.match"), classes="label")
            yield Static(self.show(Text(self.match, style="bold")), id="match", classes="id")
            yield Static(self.say("ids.hint"), id="hint", classes="hint")

    def action_copy(self) -> None:
        self.app.copy_to_clipboard(f"{self.position}:{self.match}")
        self.query_one("#hint", Static).update(self.say("ids.copied"))

    def action_close(self) -> None:
        self.dismiss(None)
