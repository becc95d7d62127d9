"""Pick an unfinished match to play on, or take one off the list."""

from __future__ import annotations

from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tawla.store.keeper import Keeper, Unfinished
from tawla.ui.keys import EVERYWHERE, both
from tawla.ui.match_view import seat_names
from tawla.ui.screens.base import Localized
from tawla.ui.screens.dialogs import ConfirmScreen


class ResumeScreen(Localized, ModalScreen[str | None]):
    """The unfinished matches, the one played last first. Enter plays on (its id is the
    answer), Delete or d takes the highlighted one off the list (it stays in the history),
    Esc goes back. A match open in another tawla is shown, and cannot be picked."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [
        Binding("escape", "cancel", show=False),
        Binding("delete," + both("d"), "delete", show=False),
        *EVERYWHERE,
    ]

    def __init__(self, keeper: Keeper) -> None:
        super().__init__()
        self.keeper = keeper
        self.entries: list[Unfinished] = []

    def compose(self) -> ComposeResult:
        self.entries = self.keeper.unfinished()
        with Vertical(classes="card wide"):
            yield Static(self.say("resume.title"), classes="title")
            if self.entries:
                options = [
                    Option(self.show(self.describe(entry)), id=entry.id, disabled=entry.busy) for entry in self.entries
                ]
                yield OptionList(*options, id="matches")
            else:
                yield Static(self.say("resume.empty"), classes="body")
            yield Static(self.say("resume.hint"), classes="hint")

    _highlighted: str | None = None
    """The match highlighted before the list was composed again (after F2)."""

    def on_mount(self) -> None:
        matches = self.find("#matches", OptionList)
        if self.entries and matches is not None:
            free = [i for i, entry in enumerate(self.entries) if not entry.busy]
            again = [i for i in free if self.entries[i].id == self._highlighted]
            matches.highlighted = next(iter(again or free), None)

    def relabel(self) -> None:
        """After F2: the list in the language in force, the same match highlighted."""
        matches = self.find("#matches", OptionList)
        if matches is not None and matches.highlighted is not None and matches.highlighted < len(self.entries):
            self._highlighted = self.entries[matches.highlighted].id
        self.call_later(self.rebuild)

    def describe(self, entry: Unfinished) -> str:
        """``Ali 2 – Badr 1 · 5-point match · International · 2026-11-30 17:02`` (or
        ``… · Custom: like Café, but with the cube · …``)."""
        listing = entry.listing
        a, b = seat_names(listing.names, listing.computer, self.words)
        length = self.t("panel.money") if not listing.length else self.t_n("panel.match", listing.length)
        text = self.t(
            "resume.entry",
            a=a,
            b=b,
            sa=listing.score[0],
            sb=listing.score[1],
            length=length,
            rules=self._rules(entry),
            date=self.num(listing.saved or listing.started),
        )
        if entry.busy:
            text += " · " + self.t("resume.busy")
        return text

    def _rules(self, entry: Unfinished) -> str:
        """The preset the match is played under and what differs from it (custom rules are
        said against the nearest preset)."""
        rules = self.keeper.rules_of(entry)
        if rules is None:
            return self.t("preset.custom")
        from tawla.ui.rules_words import rules_name

        return rules_name(self.words, rules)

    @on(OptionList.OptionSelected)
    def picked(self, event: OptionList.OptionSelected) -> None:
        if not self.is_active:  # (an Enter of the same burst, behind the one that picked)
            return
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)

    @work(exclusive=True)
    async def action_delete(self) -> None:
        matches = self.find("#matches", OptionList)
        if not self.entries or matches is None or matches.highlighted is None:
            return
        entry = self.entries[matches.highlighted]
        if entry.busy:
            self.notify(self.line(self.t("store.busy")))
            return
        a, b = seat_names(entry.listing.names, entry.listing.computer, self.words)
        question = ConfirmScreen(
            self.saying("resume.delete_title"),
            self.saying("resume.delete_body", a=a, b=b, sa=entry.listing.score[0], sb=entry.listing.score[1]),
            self.saying("resume.delete_hint"),
        )
        if await self.app.push_screen_wait(question) and self.keeper.delete(entry.id):
            self.call_later(self.rebuild)  # (in the screen's own turn: this worker may be cancelled)

    def rebuilt(self) -> None:
        self.on_mount()


def pick_unfinished(app: Any) -> None:
    """The unfinished matches, the one played last first: Enter plays on, Delete takes one off."""
    if not app.keeper.has_unfinished():
        app.note("store.nothing_to_resume")
        app.refresh_menu()
        return

    def picked(ident: str | None) -> None:
        app.refresh_menu()
        if ident is not None:
            app.resume(ident)

    app.push_screen(ResumeScreen(app.keeper), picked)
