"""Which way does this terminal show Arabic? One sentence drawn both ways; the player picks.

Line 1 is what tawla draws when it orders the text itself; line 2 is the
text as it is stored, for terminals that put it in order on their own. The
answer sets the "right-to-left text" preference. Every line is left-aligned, on
purpose (the screen says so): see :meth:`CheckRtlScreen.compose`.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from tawla.i18n import tr
from tawla.i18n.bidi import Bidi, visual
from tawla.store.options import BidiMode
from tawla.ui.keys import EVERYWHERE, digit_keys
from tawla.ui.screens.base import Localized


class CheckRtlScreen(Localized, ModalScreen[BidiMode | None]):
    """Press 1 or 2 for the line that reads correctly; Esc keeps things as they are."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [
        Binding(digit_keys(1), "choose('app')", show=False),
        Binding(digit_keys(2), "choose('terminal')", show=False),
        Binding("escape", "choose('')", show=False),
        *EVERYWHERE,
    ]

    def compose(self) -> ComposeResult:
        # Everything in English as it is, and in Arabic the way tawla would draw it:
        # whichever way this terminal goes, one of the two reads.
        sample = tr("ar", "check.sample")
        with Vertical(classes="card"):
            yield Static(Text(tr("en", "check.title"), style="bold"), classes="title")
            yield Static(Text(visual(tr("ar", "check.title"), True), style="bold"), classes="title")
            yield Static(Text("1   ") + Text(visual(sample, True), style="bold"), classes="body")
            yield Static(Text("2   ") + Text(sample, style="bold"), classes="body")
            yield Static(Text(tr("en", "check.hint")), classes="hint")
            yield Static(Text(visual(tr("ar", "check.hint"), True)), classes="hint")
            # Left-aligned on purpose, and said so: a right-aligned line starts with spaces,
            # which a terminal that reorders Arabic itself moves too; drawn at the left, each
            # line is the same in either kind of terminal, and only the sample's order differs.
            yield Static(Text(tr("en", "check.aligned")), classes="hint note")
            yield Static(Bidi(tr("ar", "check.aligned"), rtl=True, justify="left"), classes="hint")

    def action_choose(self, mode: str) -> None:
        self.dismiss(BidiMode(mode) if mode else None)


def ask_rtl(app: Any) -> None:
    """Show the right-to-left check and keep the answer."""
    if any(isinstance(screen, CheckRtlScreen) for screen in app.screen_stack):
        return  # (F2 on the check itself: it is already asking)

    def answered(mode: BidiMode | None) -> None:
        if mode is None:
            return
        app.settings = app.settings.model_copy(update={"bidi_checked": True})
        app.set_preferences(app.preferences.model_copy(update={"bidi": mode}))

    app.push_screen(CheckRtlScreen(), answered)
