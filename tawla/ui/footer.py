"""Textual's Footer, speaking the player's language.

Binding descriptions in tawla are catalog keys (``key.roll``); this footer
shows their text in the current language. Textual's own bindings (the command
palette) are looked up under ``textual.<description>``.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


def describe(app: object, description: str) -> str:
    """The text of a binding description (a catalog key, or one of Textual's own)."""
    translate = getattr(app, "t", None)
    if translate is None or not description:
        return description
    key = description if description.startswith("key.") else f"textual.{description.lower()}"
    text = translate(key)
    return description if text == key else text


class TawlaFooter(Footer):
    """A Footer whose key descriptions come from the catalogs."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.description = describe(self.app, widget.description)
                if widget.tooltip:
                    widget.tooltip = describe(self.app, str(widget.tooltip))
            yield widget
