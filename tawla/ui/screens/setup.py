"""Set up a position from a GNU Backgammon Position ID (and a Match ID), or from an XGID, and play on
from there (who plays it, and under which customs, is asked next: see :func:`set_up`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from tawla.engine import IdError
from tawla.game.state import ActionError, MatchState
from tawla.i18n.messages import action_error_text, id_error_text
from tawla.ui.fields import BidiInput
from tawla.ui.keys import EVERYWHERE
from tawla.ui.screens.base import Localized

if TYPE_CHECKING:
    from tawla.game.rules import RuleSet


class SetupScreen(Localized, ModalScreen[tuple[MatchState, str, str | None] | None]):
    """Two lines: the Position ID or an XGID (needed) and the Match ID (optional, and not with an
    XGID, which carries the same). Enter checks them and starts; a problem is named under the
    fields. Returns (state, position ID, match ID): an XGID comes back as the IDs that say the same."""

    def __init__(self, rules: RuleSet, position: str = "", match: str = "") -> None:
        """``rules``: the default rules (a Match ID names the match length and the cube's state);
        ``position`` and ``match``: the IDs as typed before (back from the next step)."""
        super().__init__()
        self.rules = rules
        self.typed = (position, match)
        """The two fields as typed, kept when the IDs are taken."""

    CSS_PATH = "dialogs.tcss"
    typed_ahead = True  # (a form: keys typed ahead land where they would one at a time, see tawla/ui/bursts.py)
    BINDINGS = [Binding("escape", "cancel", show=False), *EVERYWHERE]

    _said: tuple[tuple[str, str], ...] = (
        ("#setup-title", "setup.title"),
        ("#setup-position", "setup.position"),
        ("#setup-match", "setup.match"),
        ("#setup-hint", "setup.hint"),
    )
    _problem_said: Callable[[], str] | None = None
    """The problem shown under the fields, said in the language in force."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="card wide"):
            yield Static(self.say("setup.title"), id="setup-title", classes="title")
            yield Static(self.say("setup.position"), id="setup-position", classes="label")
            yield BidiInput(self.typed[0], id="position", max_length=80, placeholder="4HPwATDgc/ABMA", direction="ltr")
            yield Static(self.say("setup.match"), id="setup-match", classes="label")
            yield BidiInput(self.typed[1], id="match", max_length=20, placeholder="cAkAAAAAAAAA", direction="ltr")
            yield Static("", id="problem", classes="error")
            yield Static(self.say("setup.hint"), id="setup-hint", classes="hint")

    def relabel(self) -> None:
        """After F2: the words in the language in force (in place: what was typed stays)."""
        for name, key in self._said:
            static = self.find(name, Static)
            if static is not None:
                static.update(self.say(key))
        problem = self.find("#problem", Static)
        if problem is not None and self._problem_said is not None:
            problem.update(self.show(self._problem_said()))

    def on_mount(self) -> None:
        for field in self.query(Input):
            field.cursor_blink = False

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if not self.is_active:  # (an Enter of the same burst, behind the one that set it up)
            return
        from tawla.engine.xgid import is_xgid

        position = self.query_one("#position", Input).value.strip()
        match = self.query_one("#match", Input).value.strip() or None
        xgid = is_xgid(position)
        if event.input.id == "position" and match is None and not xgid:
            self.query_one("#match", Input).focus()
            return
        from tawla.game.setup import state_from_ids, state_from_xgid

        rules = self.rules
        try:
            if xgid:
                if match is not None:
                    self._problem(lambda: self.t("setup.xgid_and_match"))
                    return
                state, position, match = state_from_xgid(position, rules)
            else:
                state = state_from_ids(position, match, rules)
        except IdError as err:
            if xgid:
                which = "setup.bad_xgid"
            elif match is not None and _is_match_error(position):
                which = "setup.bad_match"
            else:
                which = "setup.bad_position"
            self._problem(lambda err=err: self.t(which, problem=self.num(id_error_text(self.words.lang, err))))  # type: ignore[misc]
            return
        except ActionError as err:
            self._problem(lambda err=err: self.num(action_error_text(self.words.lang, err)))  # type: ignore[misc]
            return
        self.typed = (self.query_one("#position", Input).value, self.query_one("#match", Input).value)
        self.dismiss((state, position, match))

    def _problem(self, said: Callable[[], str]) -> None:
        """Say what is wrong under the fields (said again in the other language after F2)."""
        self._problem_said = said
        self.query_one("#problem", Static).update(self.show(said()))
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


def set_up(app: Any, typed: tuple[str, str] = ("", "")) -> None:
    """Set up a position from its IDs (``typed``: as typed before), then say who plays it and
    under which customs (the New match screen, the names and rules of the last match offered,
    backgammon's, the length, score and cube the IDs'), and play on from there. Esc on the
    second step goes back to the IDs."""
    from tawla.game.match import Match
    from tawla.game.rules import backgammon_rules
    from tawla.game.setup import backgammon_only, state_from_ids
    from tawla.ui.screens.new_match import MatchChosen, NewMatchScreen

    # A Position ID is backgammon's: after a tavli match, Plakoto or Fevga, the table's
    # backgammon at the same length (never the last match's game).
    setup = SetupScreen(backgammon_rules(app.settings.rules), *typed)

    def chosen(answer: tuple[MatchState, str, str | None] | None) -> None:
        if answer is None:
            return
        state, position, match_id = answer

        def under(rules: RuleSet) -> RuleSet:  # (the IDs' length, score and cube in backgammon's rules)
            return state_from_ids(position, match_id, backgammon_only(rules)).rules

        def players(picked: MatchChosen | None) -> None:
            if picked is None:
                app.action_setup(setup.typed)
                return
            app.settings = app.settings.model_copy(update={"names": picked.typed})
            start = state_from_ids(position, match_id, picked.rules)
            match = Match(names=picked.names, dice=app.dice, start=start, computer=picked.computer)
            app.start_match(match, setup=(position, match_id))

        screen = NewMatchScreen(
            state.rules, app.settings.names, app.read_book, setup=under, fixed_length=match_id is not None
        )
        app.push_screen(screen, players)

    app.push_screen(setup, chosen)
