"""Every key, generated from the bindings themselves (with the Arabic-layout letter too)."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from tawla.ui.footer import TawlaFooter
from tawla.ui.screens.base import Speaks


def _key_text(app: object, key: str) -> str:
    return str(app.get_key_display(Binding(key, "")))  # type: ignore[attr-defined]


class HelpScreen(Speaks, Screen[None]):
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
        from tawla.ui.screens.game import GameScreen
        from tawla.ui.screens.menu import MenuScreen

        app = self.app
        sections = (
            ("help.game", GameScreen.BINDINGS),
            ("help.menu", MenuScreen.BINDINGS),
            ("help.everywhere", type(self.app).BINDINGS),  # (the app's own class: no import back to it)
        )
        rows: list[tuple[Text, object]] = []
        seen: set[tuple[str, str]] = set()
        for title, bindings in sections:
            rows.append((Text(""), Text("")))
            rows.append((Text(""), self.show(Text(self.t(title), style="bold underline"))))
            for binding in bindings:
                assert isinstance(binding, Binding)
                description = self.t(binding.description) if binding.description.startswith("key.") else ""
                keys = [k.strip() for k in binding.key.split(",")]
                shown = " / ".join(dict.fromkeys(_key_text(app, k) for k in keys))
                if (shown, description) in seen or not description:
                    continue
                seen.add((shown, description))
                rows.append((Text(shown, style="bold"), self.show(description)))
        # Keys first, what they do next to them; in Arabic that is mirrored: the keys at the
        # right edge and the words right-aligned against them, read from the right.
        table = Table.grid(padding=(0, 2), expand=self.rtl)
        if self.rtl:
            table.add_column(ratio=1)
            table.add_column()
            for keys_cell, words in rows:
                table.add_row(words, keys_cell)  # type: ignore[arg-type]
        else:
            table.add_column()
            table.add_column()
            for keys_cell, words in rows:
                table.add_row(keys_cell, words)  # type: ignore[arg-type]
        self.query_one("#keys", Static).update(table)
