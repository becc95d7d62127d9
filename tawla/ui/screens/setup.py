"""Set up a position from a GNU Backgammon Position ID (and a Match ID) and play on from there."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from tawla.engine import IdError
from tawla.game.state import ActionError, MatchState
from tawla.i18n.messages import action_error_text, id_error_text
from tawla.ui.screens.base import Words


class SetupScreen(Words, ModalScreen[tuple[MatchState, str, str | None] | None]):
    """Two lines: the Position ID (needed) and the Match ID (optional). Enter checks them and
    starts; a problem is named under the fields. Returns (state, position ID, match ID)."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape", "cancel", show=False)]

    def compose(self) -> ComposeResult:
        with Vertical(classes="card"):
            yield Static(self.say("setup.title"), classes="title")
            yield Static(self.say("setup.position"), classes="label")
            yield Input(id="position", max_length=20, placeholder="4HPwATDgc/ABMA")
            yield Static(self.say("setup.match"), classes="label")
            yield Input(id="match", max_length=20, placeholder="cAkAAAAAAAAA")
            yield Static("", id="problem", classes="error")
            yield Static(self.say("setup.hint"), classes="hint")

    def on_mount(self) -> None:
        for field in self.query(Input):
            field.cursor_blink = False

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "position" and not self.query_one("#match", Input).value.strip():
            self.query_one("#match", Input).focus()
            return
        position = self.query_one("#position", Input).value.strip()
        match = self.query_one("#match", Input).value.strip() or None
        from tawla.game.setup import state_from_ids

        lang = self.tawla.language
        try:
            state = state_from_ids(position, match, self.tawla.settings.rules)
        except IdError as err:
            which = "setup.bad_match" if match is not None and _is_match_error(position) else "setup.bad_position"
            self._problem(self.t(which, problem=id_error_text(lang, err)))
            return
        except ActionError as err:
            self._problem(action_error_text(lang, err))
            return
        self.dismiss((state, position, match))

    def _problem(self, text: str) -> None:
        self.query_one("#problem", Static).update(self.show(text))
        self.app.bell()

    def action_cancel(self) -> None:
        self.dismiss(None)


def _is_match_error(position: str) -> bool:
    """The Position ID reads, so the problem is the Match ID's."""
    from tawla.engine import position_from_id

    try:
        position_from_id(position)
    except IdError:
        return False
    return True
