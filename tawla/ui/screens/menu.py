"""The main menu."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tawla.ui.keys import both, either_case
from tawla.ui.screens.base import Localized

ITEMS = ("new_match", "resume", "setup", "replay", "book", "export", "settings", "rules", "language", "quit")


class MenuScreen(Localized, Screen[None]):
    """New match, resume, set up a position, replay, the players' book, export, settings, rules,
    language, quit."""

    AUTO_FOCUS = "#menu"
    BINDINGS = [
        Binding(both("n"), "pick('new_match')", "key.new_match"),
        Binding(both("s"), "pick('settings')", "key.settings", show=False),
        Binding(both("q"), "pick('quit')", "key.quit", show=False),
        Binding(both("c"), "pick('resume')", "key.resume", show=False),
        Binding(either_case("p"), "pick('book')", "key.book", show=False),  # (P too, as the README says)
    ]

    _offered = False

    def compose(self) -> ComposeResult:
        with Vertical(id="card"):
            yield Static(id="logo")
            yield Static(id="tagline", classes="hint")
            yield OptionList(id="menu")

    _drawn: tuple[object, ...] = ()
    """What the menu was last drawn for (language, direction, resumable)."""

    def on_mount(self) -> None:
        self.watch(self.app, "unfinished", self.relabel)  # "Resume" may become possible, or not
        self.call_after_refresh(self._add_footer)

    async def _add_footer(self) -> None:
        """The footer comes just after the first frame: the menu is drawn a tenth sooner (the
        footer's keys are the most work of the menu, and nobody reads them in the first
        frame; see tests/bench/bench_ui.py)."""
        from tawla.ui.footer import TawlaFooter

        if self.up and not self.query(TawlaFooter):
            await self.mount(TawlaFooter())
            self.refresh_bindings()  # (a footer shows the keys it is told of once it is there)

    def on_screen_resume(self) -> None:
        self.relabel()

    def _options(self, resumable: bool) -> list[Option]:
        return [
            Option(self.say(f"menu.{item}"), id=item, disabled=(item == "resume" and not resumable)) for item in ITEMS
        ]

    def relabel(self) -> None:
        resumable = bool(self.app.unfinished)
        drawn = (self.words, resumable)
        if drawn == self._drawn or self.find("#menu") is None:
            return  # (the same, or the screen being taken down: the app is leaving)
        self._drawn = drawn
        self.set_class(self.rtl, "-rtl")
        self.query_one("#logo", Static).update(self.say("menu.logo", justify="center"))
        self.query_one("#tagline", Static).update(self.say("menu.tagline", justify="center"))
        menu = self.query_one("#menu", OptionList)
        highlighted = menu.highlighted
        menu.clear_options()
        menu.add_options(self._options(resumable))
        if highlighted is None or resumable != self._offered:
            # An unfinished match is offered first: Enter resumes it.
            highlighted = ITEMS.index("resume") if resumable else (highlighted or 0)
            if not resumable and highlighted == ITEMS.index("resume"):
                highlighted = 0
            self._offered = resumable
        menu.highlighted = highlighted

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if not self.is_active:  # (an Enter of the same burst, behind the one that opened a screen)
            return
        await self.action_pick(event.option.id or "")

    async def action_pick(self, item: str) -> None:
        # Every item is one of the app's actions. Run now, not posted: the screen it opens must
        # be on top before the next key of a burst arrives.
        await self.app.run_action(item)
