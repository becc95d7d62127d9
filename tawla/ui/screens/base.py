"""What every tawla screen can ask of the app: words, digits, and right-to-left text."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from rich.text import Text

if TYPE_CHECKING:
    from tawla.i18n.bidi import Bidi
    from tawla.ui.app import TawlaApp


class Words:
    """A mixin for screens and widgets of the tawla app."""

    app: Any

    @property
    def tawla(self) -> TawlaApp:
        """The running app, typed."""
        return cast("TawlaApp", self.app)

    def t(self, key: str, /, **params: object) -> str:
        """A catalog text in the current language (logical order)."""
        return self.tawla.t(key, **params)

    def show(self, text: str | Text, justify: str | None = None) -> Bidi | Text:
        """A paragraph ready for a Static (right to left when the interface is Arabic)."""
        return self.tawla.show(text, justify)

    def line(self, text: str) -> str:
        """One line of plain text as the terminal must draw it."""
        return self.tawla.line(text)

    def say(self, key: str, /, justify: str | None = None, **params: object) -> Bidi | Text:
        """``show(t(key, ...))``."""
        return self.show(self.t(key, **params), justify)
