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
    """A Footer whose key descriptions come from the catalogs.

    A screen may give some bindings a description that changes with the moment
    (``describe_action``); :meth:`refresh_descriptions` updates those in place,
    without rebuilding the footer.
    """

    def _live(self, key: FooterKey) -> str:
        live = getattr(self.screen, "describe_action", None)
        description = live(key.action) if live is not None else None
        return describe(self.app, description or key.description)

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget._catalog_key = widget.description  # type: ignore[attr-defined]
                widget.description = self._live(widget)
                if widget.tooltip:
                    widget.tooltip = describe(self.app, str(widget.tooltip))
            yield widget

    def refresh_keys(self, enabled: dict[str, bool | None]) -> None:
        """Update the keys in place: greyed out or not, and their live descriptions."""
        live = getattr(self.screen, "describe_action", None)
        for key in self.query(FooterKey):
            changed = False
            if key.action in enabled:
                disabled = enabled[key.action] is not True
                if disabled != key._disabled:
                    key._disabled = disabled
                    key.set_class(disabled, "-disabled")
            text = live(key.action) if live is not None else None
            if text is not None:
                text = describe(self.app, text)
                if text != key.description:
                    key.description = text
                    changed = True
            if changed:
                key.refresh(layout=True)
