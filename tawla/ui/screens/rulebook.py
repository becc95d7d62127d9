"""The rules of backgammon in our own words, with the common disputes settled."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Markdown

from tawla.ui.footer import TawlaFooter


class RulebookScreen(Screen[None]):
    """The rules, scrollable; Esc goes back."""

    CSS_PATH = "rulebook.tcss"
    AUTO_FOCUS = "#scroll"
    BINDINGS = [Binding("escape", "app.pop_screen", "key.back")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="scroll"):
            yield Markdown(self.app.t("rulebook.text"), id="text")  # type: ignore[attr-defined]
        yield TawlaFooter()

    def relabel(self) -> None:
        self.query_one("#text", Markdown).update(self.app.t("rulebook.text"))  # type: ignore[attr-defined]
