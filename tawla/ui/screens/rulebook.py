"""The rules of backgammon in our own words, with the common disputes settled.

The text is the catalog's ``rulebook.text``, a small subset of Markdown
(``#`` and ``##`` headings, ``-`` bullets, ``**bold**``, ``*italic*``) drawn
here paragraph by paragraph, so that Arabic is shaped and ordered like every
other text (Textual's Markdown widget knows nothing of right to left).
"""

from __future__ import annotations

import re

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from tawla.ui.footer import TawlaFooter
from tawla.ui.screens.base import Localized

_INLINE = re.compile(r"\*\*(.+?)\*\*|\*(.+?)\*")


def inline(text: str, style: str = "") -> Text:
    """``**bold**`` and ``*italic*`` as styled text."""
    out = Text(style=style)
    position = 0
    for match in _INLINE.finditer(text):
        out.append(text[position : match.start()])
        if match.group(1) is not None:
            out.append(match.group(1), "bold")
        else:
            out.append(match.group(2), "italic")
        position = match.end()
    out.append(text[position:])
    return out


def blocks(source: str) -> list[tuple[str, str]]:
    """The text as (kind, text) blocks: "h1", "h2", "bullet" or "para"."""
    out: list[tuple[str, str]] = []
    paragraph: list[str] = []

    def flush() -> None:
        if paragraph:
            out.append(("para", " ".join(paragraph)))
            paragraph.clear()

    for raw in source.strip().splitlines():
        line = raw.strip()
        if not line:
            flush()
        elif line.startswith("## "):
            flush()
            out.append(("h2", line[3:]))
        elif line.startswith("# "):
            flush()
            out.append(("h1", line[2:]))
        elif line.startswith("- "):
            flush()
            out.append(("bullet", line[2:]))
        elif out and out[-1][0] == "bullet" and not paragraph and raw.startswith("  "):
            out[-1] = ("bullet", out[-1][1] + " " + line)  # a bullet's continuation line
        else:
            paragraph.append(line)
    flush()
    return out


class RulebookScreen(Localized, Screen[None]):
    """The rules, scrollable; Esc goes back."""

    CSS_PATH = "rulebook.tcss"
    AUTO_FOCUS = "#scroll"
    BINDINGS = [Binding("escape", "app.pop_screen", "key.back")]

    def compose(self) -> ComposeResult:
        self.set_class(self.rtl, "-rtl")
        with VerticalScroll(id="scroll"):
            previous = ""
            for kind, text in blocks(self.t("rulebook.text")):
                if kind == "h1":
                    yield Static(self.show(inline(text, "bold")), classes="h1")
                elif kind == "h2":
                    yield Static(self.show(inline(text, "bold underline")), classes="h2")
                elif kind == "bullet":
                    yield Static(self.show(Text("• ") + inline(text)), classes="bullet")
                else:  # (a paragraph right after a list is set off from it by a blank line)
                    yield Static(self.show(inline(text)), classes="after-list" if previous == "bullet" else "para")
                previous = kind
        yield TawlaFooter()

    def relabel(self) -> None:
        self.call_after_refresh(self.rebuild)
