"""Lists to choose from on a form: one that opens in its room (:class:`FittedSelect`), and the
match's length, quick from the keyboard (:class:`LengthSelect`)."""

from __future__ import annotations

import time
from typing import ClassVar, TypeVar

from textual.binding import Binding
from textual.widgets import Select

from tawla.ui.footer import TawlaFooter
from tawla.ui.keys import both, digit_keys

MAX_LENGTH = 25
"""The longest match on offer (the README's 1 to 25)."""

Choice = TypeVar("Choice")


class FittedSelect(Select[Choice]):
    """A list that opens in the room between it and the footer: never over the footer's line
    (Textual's list keeps inside the screen, and at 80 × 24 the lengths ran over the keys)."""

    def watch_expanded(self, expanded: bool) -> None:
        if expanded:
            self.fit()

    def fit(self) -> None:
        """The open list as tall as the room under the field (again after a resize: its screen
        asks, see NewMatchScreen.on_resize)."""
        if not self.expanded or not self.region.area:
            return
        footers = [footer for footer in self.screen.query(TawlaFooter) if footer.display]
        bottom = footers[0].region.y if footers else self.screen.size.height
        for overlay in self.query("SelectOverlay"):
            overlay.styles.max_height = max(3, bottom - self.region.bottom)


class LengthSelect(FittedSelect[int]):
    """The match length: every length from 1 to 25 points, and money play. Quick from the keyboard,
    closed or open: digits type the length (Western or Arabic-Indic; a second digit within
    :attr:`WINDOW` seconds makes 15 of 1 and 5, as long as the length stays at most 25),
    ``m`` (or 0) is money play."""

    WINDOW: ClassVar[float] = 1.5
    """Seconds within which a second digit adds to the first."""

    BINDINGS: ClassVar = [
        Binding(digit_keys(1), "digit(1)", "key.length_points", key_display="1–25"),
        *[Binding(digit_keys(d), f"digit({d})", show=False) for d in (0, 2, 3, 4, 5, 6, 7, 8, 9)],
        Binding(both("m"), "money", "key.money"),
    ]

    _typed = ""
    _at = 0.0

    def action_digit(self, digit: int) -> None:
        now = time.monotonic()
        typed = self._typed + str(digit) if self._typed and now - self._at <= self.WINDOW else str(digit)
        if int(typed) > MAX_LENGTH or (typed.startswith("0") and len(typed) > 1):
            typed = str(digit)
        self._typed, self._at = typed, now
        self._choose(int(typed))

    def action_money(self) -> None:
        self._typed = ""
        self._choose(0)

    def _choose(self, length: int) -> None:
        self.value = length
        if self.expanded:  # (what was typed is the choice: the list closes on it, as on Enter)
            self.focus()
            self.expanded = False
