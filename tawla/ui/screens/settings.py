"""Every house rule and every play preference, each with a one-line explanation.

Rules are grouped (opening, cube, scoring, match, money play); an option that
cannot apply to the chosen mode is greyed out. Rules cannot change in the
middle of a match (the screen says so); preferences apply at once.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Label, Select, Static, Switch

from tawla.engine.tavla import FirstChecker, Mother
from tawla.game import RuleSet
from tawla.game.rules import NextOpener, Opening
from tawla.i18n.messages import rules_error_text
from tawla.store.settings import (
    BidiMode,
    BoardFacing,
    Digits,
    EndTurn,
    HomeSide,
    MoveNotation,
    Preferences,
    RollNames,
    Theme,
)
from tawla.ui.footer import TawlaFooter
from tawla.ui.messages import CheckRtl, PreferencesChosen, RulesChosen
from tawla.ui.screens.base import Localized
from tawla.ui.toggles import StateSwitch, switch_faces

if TYPE_CHECKING:
    from rich.text import Text

    from tawla.i18n.bidi import Bidi

RULE_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("opening", ("opening", "next_game_opener")),
    ("cube", ("cube", "max_cube")),
    ("scoring", ("gammons_count", "backgammons_count")),
    ("match", ("holland",)),
    ("money", ("jacoby", "beavers", "raccoons", "automatic_doubles")),
    ("hints", ("hints",)),
    ("games", ("mother", "first_checker")),
)
PREFERENCES = (
    "auto_forced",
    "end_turn",
    "step_by_step",
    "board_facing",
    "home_side",
    "show_pips",
    "theme",
    "ascii_board",
    "digits",
    "roll_names",
    "notation",
    "bidi",
)
ENUMS: dict[str, type[enum.Enum]] = {
    "mother": Mother,
    "first_checker": FirstChecker,
    "opening": Opening,
    "next_game_opener": NextOpener,
    "board_facing": BoardFacing,
    "home_side": HomeSide,
    "end_turn": EndTurn,
    "theme": Theme,
    "digits": Digits,
    "roll_names": RollNames,
    "notation": MoveNotation,
    "bidi": BidiMode,
}
CHOICES: dict[str, tuple[int, ...]] = {
    "max_cube": tuple(2**n for n in range(1, 13)),
    "automatic_doubles": (0, 1, 2, 3),
}


class SettingsScreen(Localized, Screen[object]):
    """House rules and preferences. With ``rules`` given, edits those (for a new match) and
    returns them on Esc; otherwise edits the defaults for new matches."""

    CSS_PATH = "settings.tcss"
    typed_ahead = True  # (a form: keys typed ahead land where they would one at a time, see tawla/ui/bursts.py)
    BINDINGS = [Binding("escape", "close", "key.back")]

    def __init__(self, rules: RuleSet, *, for_new_match: bool = False, locked: bool = False) -> None:
        """``rules``: those edited; ``locked``: a match is being played (the default rules
        cannot change under it)."""
        super().__init__()
        self.for_new_match = for_new_match
        self.locked = locked and not for_new_match
        self.rules: RuleSet = rules

    def compose(self) -> ComposeResult:
        self.set_class(self.rtl, "-rtl")
        prefs = self.app.preferences
        self._faces = switch_faces(self.words, prefs.ascii_board)
        with VerticalScroll(id="scroll"):
            yield Static(self.say("settings.title"), classes="title")
            if self.locked:
                yield Static(self.say("settings.locked"), classes="error")
            if not self.for_new_match:  # (whose customs these are: after a tavli match, its café ones)
                yield Static(self._rules_of(), id="rules-of", classes="explain")
            yield Static(id="problem", classes="error")
            for group, names in RULE_GROUPS:
                yield Static(self.say(f"settings.group.{group}"), classes="group")
                for name in names:
                    yield from self._row(name, getattr(self.rules, name), rule=True)
            yield Static(self.say("settings.group.preferences"), classes="group")
            for name in PREFERENCES:
                yield from self._row(name, getattr(prefs, name), rule=False)
            with Horizontal(classes="setting actions"):
                yield Button(self.line(self.t("settings.check_rtl")), id="check-rtl")
        yield TawlaFooter()

    def _row(self, name: str, value: Any, rule: bool) -> ComposeResult:
        t = self.t
        disabled = rule and (self.locked or not self.rules.applies(name))
        control: Widget
        if name in ENUMS:
            options = [(self.line(t(f"option.{name}.{member.value}")), member.value) for member in ENUMS[name]]
            control = Select(options, value=value.value, allow_blank=False, id=f"set-{name}", disabled=disabled)
        elif name in CHOICES:
            options = [(self.num(v), v) for v in CHOICES[name]]
            control = Select(options, value=value, allow_blank=False, id=f"set-{name}", disabled=disabled)
        else:
            control = StateSwitch(bool(value), self._faces, id=f"set-{name}", disabled=disabled)
        with Horizontal(classes="setting"):
            if self.rtl:  # mirrored: the control on the left, the words on the right
                yield control
            with Vertical(classes="text"):
                yield Label(self.say(f"setting.{name}"), classes="name")
                yield Label(self.say(f"setting.{name}_help"), classes="explain")
            if not self.rtl:
                yield control

    def _rules_of(self) -> Bidi | Text:
        from tawla.ui.rules_words import rules_name

        return self.show(self.t("settings.rules_of", rules=rules_name(self.words, self.rules)))

    def relabel(self) -> None:
        self.call_after_refresh(self.rebuild)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "check-rtl":
            self.post_message(CheckRtl())

    # -- changes -------------------------------------------------------------------------

    def _value(self, name: str, raw: Any) -> Any:
        return ENUMS[name](raw) if name in ENUMS else raw

    def on_switch_changed(self, event: Switch.Changed) -> None:
        self._changed(event.switch.id or "", event.value)

    def on_select_changed(self, event: Select.Changed) -> None:
        self._changed(event.select.id or "", event.value)

    def _changed(self, control_id: str, raw: Any) -> None:
        name = control_id.removeprefix("set-")
        value = self._value(name, raw)
        current = getattr(self.app.preferences if name in PREFERENCES else self.rules, name)
        if value == current:
            return  # a control reporting its first value, or no change
        problem = self.query_one("#problem", Static)
        problem.update("")
        if name in PREFERENCES:
            prefs: Preferences = self.app.preferences
            self.post_message(PreferencesChosen(prefs.model_copy(update={name: value})))
            return
        try:
            self.rules = self.rules.adjusted(**{name: value})
        except ValidationError as err:
            first = err.errors()[0]
            problem.update(self.show(self.num(rules_error_text(self.words.lang, first["type"], first.get("ctx")))))
            return
        if not self.for_new_match:
            self.post_message(RulesChosen(self.rules))
        self._sync()

    def _sync(self) -> None:
        """Show the current rule values and grey out what does not apply."""
        with self.prevent(Switch.Changed, Select.Changed):
            for _, names in RULE_GROUPS:
                for name in names:
                    control = self.query_one(f"#set-{name}")
                    value = getattr(self.rules, name)
                    if isinstance(control, Switch):
                        control.value = bool(value)
                    elif isinstance(control, Select):
                        control.value = value.value if isinstance(value, enum.Enum) else value
                    control.disabled = self.locked or not self.rules.applies(name)
        said = self.find("#rules-of", Static)
        if said is not None:
            said.update(self._rules_of())

    def action_close(self) -> None:
        self.dismiss(self.rules if self.for_new_match else None)
