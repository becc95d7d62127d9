"""Every key, generated from the bindings themselves (with the Arabic-layout letter too)."""

from __future__ import annotations

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from tawla.ui.footer import TawlaFooter, describe


def _key_text(app: object, key: str) -> str:
    return str(app.get_key_display(Binding(key, "")))  # type: ignore[attr-defined]


class HelpScreen(Screen[None]):
    """The keys of every screen."""

    CSS_PATH = "help.tcss"
    AUTO_FOCUS = "#scroll"
    BINDINGS = [Binding("escape", "app.pop_screen", "key.back")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="scroll"):
            yield Static(id="keys")
        yield TawlaFooter()

    def on_mount(self) -> None:
        self.relabel()

    def relabel(self) -> None:
        from tawla.ui.app import TawlaApp
        from tawla.ui.screens.game import GameScreen
        from tawla.ui.screens.menu import MenuScreen

        app = self.app
        t = app.t  # type: ignore[attr-defined]
        sections = (
            (t("help.game"), GameScreen.BINDINGS),
            (t("help.menu"), MenuScreen.BINDINGS),
            (t("help.everywhere"), TawlaApp.BINDINGS),
        )
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold")
        table.add_column()
        seen: set[tuple[str, str]] = set()
        for title, bindings in sections:
            table.add_row("", "")
            table.add_row(f"[u]{title}[/u]", "")
            for binding in bindings:
                assert isinstance(binding, Binding)
                text = describe(app, binding.description)
                keys = [k.strip() for k in binding.key.split(",")]
                shown = " / ".join(dict.fromkeys(_key_text(app, k) for k in keys))
                if (shown, text) in seen or not text:
                    continue
                seen.add((shown, text))
                table.add_row(shown, text)
        self.query_one("#keys", Static).update(table)
