"""Every key, generated from the bindings themselves (with the Arabic-layout letter too)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from tawla.ui.footer import TawlaFooter
from tawla.ui.keys import ARABIC_DIGITS, digits_label, keys_label
from tawla.ui.screens.base import Localized

if TYPE_CHECKING:
    from tawla.game.rules import RuleSet


FIGURES = ("rate", "lost", "marks", "equity", "luck")
"""The figures the help says in words (``help.figure.*``)."""


class HelpScreen(Localized, Screen[None]):
    """The keys of every screen (``rules``: those of the match being played, whose game's keys
    are listed: no cube keys in a game without a cube, no end of session in a match)."""

    CSS_PATH = "help.tcss"
    AUTO_FOCUS = "#scroll"
    BINDINGS = [Binding("escape", "app.pop_screen", "key.back")]

    def __init__(self, rules: RuleSet | None = None) -> None:
        super().__init__()
        self.rules = rules

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="scroll"):
            yield Static(id="keys")
        yield TawlaFooter()

    def on_mount(self) -> None:
        self.relabel()

    def relabel(self) -> None:
        from tawla.ui.screens.book import BookScreen
        from tawla.ui.screens.game import GameScreen
        from tawla.ui.screens.menu import MenuScreen

        rules = self.rules
        game = [b for b in GameScreen.BINDINGS if rules is None or not isinstance(b, Binding) or rules.offers(b.action)]
        sections = (
            ("help.game", game),
            ("help.menu", MenuScreen.BINDINGS),
            ("help.book", BookScreen.BINDINGS),
            ("help.everywhere", type(self.app).BINDINGS),  # (the app's own class: no import back to it)
        )
        rows: list[tuple[object, object]] = []
        for title, bindings in sections:
            rows.append((Text(""), Text("")))
            rows.append((Text(""), self.show(Text(self.t(title), style="bold underline"))))
            for keys, description in self.key_rows(bindings):
                rows.append((self.show(Text(keys, style="bold")), self.show(description)))
        # What the figures of the cards, the story, the replay, the hint and the book mean.
        rows.append((Text(""), Text("")))
        rows.append((Text(""), self.show(Text(self.t("help.figures"), style="bold underline"))))
        for figure in FIGURES:
            name, means = self.t(f"help.figure.{figure}"), self.num(self.t(f"help.figure.{figure}_means"))
            rows.append((self.show(Text(name, style="bold")), self.show(means)))
        # Keys first, what they do next to them; in Arabic that is mirrored: the keys at the
        # right edge, each flush with it (a Bidi line is right-aligned in its cell), and the
        # words right-aligned against them, read from the right.
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
        for static in self.query("#keys").results(Static):  # (none once the screen is being taken down)
            static.update(table)

    def key_rows(self, bindings: Iterable[object]) -> list[tuple[str, str]]:
        """(keys, what they do) for each described binding, in logical order: the keys as
        printed on the keyboard with their twin on the other layout (see
        :func:`tawla.ui.keys.keys_label`); bindings doing the same thing share a row (Ctrl+Q
        or Ctrl+C; the die keys 1 to 6 as one range)."""
        words = self.words
        merged: dict[str, list[str]] = {}
        for binding in bindings:
            assert isinstance(binding, Binding)
            if not binding.description.startswith("key."):
                continue
            keys = merged.setdefault(self.t(binding.description), [])
            keys += [k.strip() for k in binding.key.split(",") if k.strip() not in keys]
        rows = []
        for description, keys in merged.items():
            digits = sorted(int(k) for k in keys if k.isascii() and k.isdigit())
            if len(digits) > 2 and all(k.isdigit() or k in ARABIC_DIGITS for k in keys):
                shown = digits_label(digits[0], digits[-1], words)
            else:
                shown = keys_label(keys, words)
            rows.append((shown, description))
        return rows
