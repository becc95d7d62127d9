"""Setting up a new match: the players' names, the length, the customs."""

from __future__ import annotations

from dataclasses import dataclass

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select, Static

from tawla.game import RuleSet
from tawla.game.rules import PRESETS, preset, preset_of
from tawla.i18n.bidi import has_rtl
from tawla.ui.fields import BidiInput
from tawla.ui.footer import TawlaFooter
from tawla.ui.screens.base import Speaks


@dataclass(frozen=True)
class MatchChosen:
    """The New match screen's answer: the rules, the names to play under, and the names as
    typed (remembered for next time; an empty one plays under the default name)."""

    rules: RuleSet
    names: tuple[str, str]
    typed: tuple[str, str]


LENGTHS = (1, 3, 5, 7, 9, 11, 15, 21, 25, 0)
"""Match lengths on offer; 0 is money play."""


class NewMatchScreen(Speaks, Screen[MatchChosen | None]):
    """Names, match length, preset, and a way into the full house rules."""

    CSS_PATH = "new_match.tcss"
    AUTO_FOCUS = "#name0"
    BINDINGS = [
        Binding("escape", "app.pop_screen", "key.back"),
        Binding("ctrl+s", "start", "key.start"),
    ]

    def __init__(self, rules: RuleSet, names: tuple[str, str]) -> None:
        """``rules`` and ``names``: those of the last match started (the screen answers the
        rules and the names chosen, as typed and as played)."""
        super().__init__()
        self.rules: RuleSet = rules
        self.names = names

    def compose(self) -> ComposeResult:
        self.set_class(self.rtl, "-rtl")
        names = self.names
        with Vertical(id="card"):
            yield Static(self.say("new.title"), classes="title")
            for i in (0, 1):
                name_input = BidiInput(
                    names[i], placeholder=self.line(self.t(f"new.default{i + 1}")), id=f"name{i}", max_length=24
                )
                name_input.cursor_blink = False  # steady: calmer, and screenshots are reproducible
                yield from self._row(f"new.player{i + 1}", name_input)
                # An Arabic name is also shown here the way it will appear in the game.
                yield Static(id=f"preview{i}", classes="preview")
            yield from self._row(
                "new.length",
                Select(
                    [(self.line(self.t("new.money") if n == 0 else self.t_n("new.points", n)), n) for n in LENGTHS],
                    value=self.rules.match_length if self.rules.match_length in LENGTHS else 5,
                    allow_blank=False,
                    id="length",
                ),
            )
            yield from self._row(
                "new.preset",
                Select(
                    [(self.line(self.t(f"preset.{name}")), name) for name in (*PRESETS, "custom")],
                    value=preset_of(self.rules),
                    allow_blank=False,
                    id="preset",
                ),
            )
            yield Static(id="summary", classes="hint")
            yield Static(id="problem", classes="error")
            with Horizontal(id="buttons"):  # the main button on the right, in Arabic too
                yield Button(self.line(self.t("new.house_rules")), id="house")
                yield Button(self.line(self.t("new.start")), id="start", variant="primary")
        yield TawlaFooter()

    def _row(self, label: str, control: Widget) -> ComposeResult:
        """A label and its control; mirrored in Arabic (the label on the right)."""
        with Horizontal(classes="row"):
            if self.rtl:
                yield control
                yield Label(self.say(label), classes="label")
            else:
                yield Label(self.say(label), classes="label")
                yield control

    def on_mount(self) -> None:
        if self not in self.app.screen_stack:  # (closed before it was mounted: Esc, Enter, Esc in one burst, #11)
            return
        self._summarize()
        for i in (0, 1):
            self._preview(i, self.query_one(f"#name{i}", Input).value)

    def relabel(self) -> None:
        self.call_after_refresh(self._rebuild)

    async def _rebuild(self) -> None:
        await self.recompose()
        if self not in self.app.screen_stack:  # (closed meanwhile: F2 and Ctrl+S in one burst, #11)
            return
        self.on_mount()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id in ("name0", "name1"):
            self._preview(int(event.input.id[-1]), event.value)

    def _preview(self, i: int, name: str) -> None:
        preview = self.query_one(f"#preview{i}", Static)
        if has_rtl(name):
            preview.update(self.show(f"{self.t('new.preview')} {name}"))
            preview.display = True
        else:
            preview.display = False

    def _summarize(self) -> None:
        t = self.t
        r = self.rules
        parts = [
            t(f"summary.opening.{r.opening.value}"),
            t(f"summary.next.{r.next_game_opener.value}"),
            t("summary.cube_on") if r.cube else t("summary.cube_off"),
        ]
        self.query_one("#summary", Static).update(self.show(" · ".join(parts)))

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "length" and event.value == self.rules.match_length:
            return
        if event.select.id == "preset" and event.value == preset_of(self.rules):
            return
        problem = self.query_one("#problem", Static)
        problem.update("")
        if event.select.id == "length":
            self.rules = self.rules.adjusted(match_length=int(str(event.value)))
        elif event.select.id == "preset" and event.value != "custom":
            try:
                self.rules = preset(str(event.value), self.rules.match_length)
            except ValueError as err:
                from tawla.i18n.messages import rules_error_text

                key = getattr(err, "type", None) or "rules.tournament_money"
                problem.update(self.show(rules_error_text(self.words.lang, str(key))))
        self._summarize()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if not self.is_active:  # (pressed by an Enter whose burst closed or covered this screen first: #11)
            return
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "house":
            self._house_rules()

    @work
    async def _house_rules(self) -> None:
        from tawla.ui.screens.settings import SettingsScreen

        rules = await self.app.push_screen_wait(SettingsScreen(self.rules, for_new_match=True))
        if isinstance(rules, RuleSet):
            self.rules = rules
            with self.prevent(Select.Changed):
                self.query_one("#preset", Select).value = preset_of(rules)
                self.query_one("#length", Select).value = rules.match_length if rules.match_length in LENGTHS else 5
            self._summarize()

    def action_start(self) -> None:
        names = tuple(self.query_one(f"#name{i}", Input).value.strip() or self.t(f"new.default{i + 1}") for i in (0, 1))
        typed = tuple(self.query_one(f"#name{i}", Input).value.strip() for i in (0, 1))
        self.dismiss(MatchChosen(self.rules, (names[0], names[1]), (typed[0], typed[1])))
