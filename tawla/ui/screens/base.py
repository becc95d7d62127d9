"""What every tawla screen reads from the app: its words (language, digits, right-to-left
text), and when they change."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text

from tawla.ui.messages import Built

if TYPE_CHECKING:
    from tawla.i18n.bidi import Bidi
    from tawla.i18n.words import Words


class Speaks:
    """A mixin for tawla's screens: the app's :class:`~tawla.i18n.words.Words` at hand, and
    ``relabel()`` called when they (or the play preferences) change.

    The app holds the words in a reactive attribute; a screen reads them and watches them
    (Textual's ``watch``), and never calls the app to be redrawn."""

    app: Any

    built = False
    """Its widgets are mounted and it has been drawn once: keys for it wait until then."""

    def on_mount(self) -> None:
        # (Textual calls ``on_mount`` of every class in the screen's MRO: the screen's own too.)
        watch = self.watch  # type: ignore[attr-defined]
        watch(self.app, "words", self._words_changed, init=False)
        watch(self.app, "look", self._words_changed, init=False)
        self.call_after_refresh(self._now_built)  # type: ignore[attr-defined]

    def _now_built(self) -> None:
        self.built = True
        self.app.post_message(Built(self))

    def _words_changed(self) -> None:
        relabel = getattr(self, "relabel", None)
        if relabel is not None:
            relabel()

    @property
    def words(self) -> Words:
        """How the interface speaks right now."""
        return self.app.words  # type: ignore[no-any-return]

    @property
    def rtl(self) -> bool:
        """The interface reads right to left."""
        return self.words.rtl

    def t(self, key: str, /, **params: object) -> str:
        """A catalog text in the current language (logical order)."""
        return self.words.t(key, **params)

    def t_n(self, key: str, n: int, /, **params: object) -> str:
        """The plural form of ``key`` for ``n``."""
        return self.words.t_n(key, n, **params)

    def num(self, value: int | str) -> str:
        """A number in the interface's digits."""
        return self.words.num(value)

    def show(self, text: str | Text, justify: str | None = None) -> Bidi | Text:
        """A paragraph ready for a Static (right to left when the interface is Arabic)."""
        return self.words.show(text, justify)

    def line(self, text: str) -> str:
        """One line of plain text as the terminal must draw it."""
        return self.words.line(text)

    def say(self, key: str, /, justify: str | None = None, **params: object) -> Bidi | Text:
        """``show(t(key, ...))``."""
        return self.words.say(key, justify, **params)
