"""The tawla application: screens, language, preferences, and the dice."""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.theme import Theme

from tawla.game.dice import DiceSource, FairDice
from tawla.i18n import arabic_indic_by_default, choose_language, to_digits, tr, tr_n
from tawla.i18n.bidi import Bidi, has_rtl, visual, without_controls, without_controls_text
from tawla.store.options import BidiMode, Digits
from tawla.store.options import Theme as ThemeName
from tawla.ui.keys import both

if TYPE_CHECKING:
    from tawla.game.match import Match
    from tawla.game.rules import RuleSet
    from tawla.store.settings import Preferences, Settings


def terminal_bidi_sequence(app_does_it: bool, inside_tmux: bool | None = None) -> str:
    """CSI 8 l (explicit: the terminal must not reorder) or CSI 8 h (implicit, the default);
    wrapped for tmux's passthrough when inside tmux."""
    sequence = "\x1b[8l" if app_does_it else "\x1b[8h"
    if inside_tmux if inside_tmux is not None else bool(os.environ.get("TMUX")):
        return "\x1bPtmux;" + sequence.replace("\x1b", "\x1b\x1b") + "\x1b\\"
    return sequence


MIN_WIDTH = 80
MIN_HEIGHT = 24

THEMES = {
    ThemeName.CAFE: Theme(
        name="tawla-cafe",
        primary="#C8913A",
        secondary="#7A4B24",
        accent="#E3C16F",
        warning="#E0823D",
        error="#D9534F",
        success="#8FBF6A",
        foreground="#F1E6D0",
        background="#1E1712",
        surface="#2A2019",
        panel="#3A2C22",
        boost="#4A3828",
        dark=True,
    ),
    ThemeName.NIGHT: Theme(
        name="tawla-night",
        primary="#5B9BD5",
        secondary="#35506E",
        accent="#9CC8F0",
        warning="#F0B35B",
        error="#E06C75",
        success="#98C379",
        foreground="#DDE3EA",
        background="#10151C",
        surface="#18202A",
        panel="#222C38",
        boost="#2C3846",
        dark=True,
    ),
    ThemeName.DAY: Theme(
        name="tawla-day",
        primary="#8A5A2B",
        secondary="#C8A06B",
        accent="#2B6CB0",
        warning="#B24A1A",
        error="#B0282B",
        success="#2E7D32",
        foreground="#241A10",
        background="#F6EEDD",
        surface="#EFE3CC",
        panel="#E4D3B3",
        boost="#D9C39B",
        dark=False,
    ),
    ThemeName.MONO: Theme(
        name="tawla-mono",
        primary="#FFFFFF",
        secondary="#BBBBBB",
        accent="#FFFFFF",
        warning="#FFFFFF",
        error="#FFFFFF",
        success="#FFFFFF",
        foreground="#FFFFFF",
        background="#000000",
        surface="#000000",
        panel="#000000",
        boost="#000000",
        dark=True,
    ),
}


class TawlaApp(App[None]):
    """Backgammon for two players on one keyboard."""

    CSS_PATH = "app.tcss"
    TITLE = "tawla"
    ENABLE_COMMAND_PALETTE = True

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "key.quit", priority=True),
        Binding("f1," + both("?"), "help", "key.help"),
        Binding("f2", "language", "key.language", show=False),
    ]

    def __init__(
        self,
        *,
        lang: str | None = None,
        dice: DiceSource | None = None,
        settings: Settings | None = None,
        match: Match | None = None,
    ) -> None:
        super().__init__()
        # The settings models are pydantic: built on first use, after the first frame.
        self._settings = settings
        self.language = choose_language(lang, settings.language if settings is not None else None)
        self.dice: DiceSource = dice if dice is not None else FairDice()
        self._start_match = match
        for theme in THEMES.values():
            self.register_theme(theme)

    # -- language and preferences ---------------------------------------------

    def t(self, key: str, /, **params: object) -> str:
        """The text of a catalog key in the current language (logical order); whole-number
        parameters are written in the digits of the interface."""
        values = {k: self.num(v) if isinstance(v, int) else v for k, v in params.items()}
        return tr(self.language, key, self.arabic_indic, **values)

    def t_n(self, key: str, n: int, /, **params: object) -> str:
        """The plural form of ``key`` for ``n``."""
        return tr_n(self.language, key, n, **params).replace(str(n), self.num(n))

    # -- right to left and digits ---------------------------------------------------------

    @property
    def rtl(self) -> bool:
        """The interface reads right to left (Arabic)."""
        return self.language == "ar"

    @property
    def bidi_by_app(self) -> bool:
        """tawla shapes and reorders right-to-left text itself (else the terminal does)."""
        if self._settings is None:
            return True
        return self._settings.preferences.bidi is BidiMode.APP

    @property
    def arabic_indic(self) -> bool:
        """Numbers are written with Arabic-Indic digits."""
        if not self.rtl:
            return False
        digits = self._settings.preferences.digits if self._settings is not None else Digits.AUTO
        if digits is Digits.AUTO:
            return arabic_indic_by_default()
        return digits is Digits.ARABIC_INDIC

    def num(self, value: int | str) -> str:
        """A number (or a text of digits, like move notation) in the interface's digits."""
        return to_digits(str(value), self.arabic_indic)

    def show(self, text: str | Text, justify: str | None = None) -> Bidi | Text:
        """A paragraph for a Static: shaped, wrapped and ordered for the terminal (right-aligned
        in Arabic unless ``justify`` is "center")."""
        if self.bidi_by_app and (self.rtl or has_rtl(text.plain if isinstance(text, Text) else text)):
            return Bidi(text, self.rtl, justify)
        out = Text(text) if isinstance(text, str) else text.copy()
        if not self.rtl:  # the isolates matter only to a terminal reordering Arabic itself
            out = without_controls_text(out)
        if justify:
            out.justify = justify  # type: ignore[assignment]
        return out

    def line(self, text: str) -> str:
        """One line of plain text (buttons, options, footer keys) as the terminal must draw it."""
        if self.bidi_by_app:
            return visual(text, self.rtl)
        return text if self.rtl else without_controls(text)

    @property
    def settings(self) -> Settings:
        """Everything remembered between sessions (defaults until something is chosen)."""
        if self._settings is None:
            from tawla.store.settings import Settings

            self._settings = Settings()
        return self._settings

    @settings.setter
    def settings(self, value: Settings) -> None:
        self._settings = value

    @property
    def preferences(self) -> Preferences:
        """The play preferences in force."""
        return self.settings.preferences

    def set_preferences(self, preferences: Preferences) -> None:
        """Apply new preferences at once, everywhere."""
        bidi_changed = preferences.bidi is not self.preferences.bidi
        self.settings = self.settings.model_copy(update={"preferences": preferences})
        self.theme = THEMES[preferences.theme].name
        if bidi_changed:
            self.tell_terminal_bidi(self.bidi_by_app)
        self._refresh_screens()

    def set_default_rules(self, rules: RuleSet) -> None:
        """The rule set new matches start with."""
        self.settings = self.settings.model_copy(update={"rules": rules})

    def set_language(self, lang: str) -> None:
        """Switch language and redraw every screen."""
        self.language = lang
        self.settings = self.settings.model_copy(update={"language": lang})
        self._refresh_screens()
        if self.rtl and not self.settings.bidi_checked:
            self.check_rtl()  # the first switch to Arabic: ask how this terminal shows it

    def _refresh_screens(self) -> None:
        for screen in self.screen_stack:
            relabel = getattr(screen, "relabel", None)
            if relabel is not None:
                relabel()
        self.refresh_bindings()

    # -- lifecycle --------------------------------------------------------------------

    def on_mount(self) -> None:
        theme = self._settings.preferences.theme if self._settings is not None else ThemeName.CAFE
        self.theme = THEMES[theme].name
        self.tell_terminal_bidi(self.bidi_by_app)
        from tawla.ui.screens.menu import MenuScreen

        self.push_screen(MenuScreen())
        if self._start_match is not None:
            self.start_match(self._start_match)
        elif self.rtl and not (self._settings is not None and self._settings.bidi_checked):
            self.check_rtl()  # the first Arabic start: ask how this terminal shows Arabic
        self._check_size(self.size.width, self.size.height)

    def tell_terminal_bidi(self, app_does_it: bool) -> None:
        """Ask the terminal not to reorder text (CSI 8 l) when tawla does it, or to do it
        itself (CSI 8 h); through tmux's passthrough when inside tmux."""
        if self.is_headless or self._driver is None:
            return
        self._driver.write(terminal_bidi_sequence(app_does_it))
        self._driver.flush()

    def check_rtl(self) -> None:
        """Show the right-to-left check and keep the answer."""
        from tawla.ui.screens.check_rtl import CheckRtlScreen

        def answered(mode: BidiMode | None) -> None:
            if mode is None:
                return
            self.settings = self.settings.model_copy(update={"bidi_checked": True})
            self.set_preferences(self.preferences.model_copy(update={"bidi": mode}))

        self.push_screen(CheckRtlScreen(), answered)

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        from tawla.ui.screens.too_small import TooSmallScreen

        small = width < MIN_WIDTH or height < MIN_HEIGHT
        if small and not isinstance(self.screen, TooSmallScreen):
            self.push_screen(TooSmallScreen())
        elif not small and isinstance(self.screen, TooSmallScreen):
            self.pop_screen()
        elif small:
            self.screen.refresh()

    # -- starting things ---------------------------------------------------------------

    def new_match(self, rules: RuleSet, names: tuple[str, str]) -> None:
        """Start a match between ``names`` under ``rules``."""
        from tawla.game.match import Match

        self.start_match(Match(rules, names, self.dice))

    def start_match(self, match: Match) -> None:
        """Show the game screen for ``match``."""
        from tawla.ui.screens.game import GameScreen

        self.push_screen(GameScreen(match))

    # -- actions ---------------------------------------------------------------------------

    def action_help(self) -> None:
        from tawla.ui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_language(self) -> None:
        self.set_language("ar" if self.language == "en" else "en")

    def action_rules(self) -> None:
        from tawla.ui.screens.rulebook import RulebookScreen

        self.push_screen(RulebookScreen())

    def action_settings(self) -> None:
        from tawla.ui.screens.settings import SettingsScreen

        self.push_screen(SettingsScreen())

    def action_new_match(self) -> None:
        from tawla.ui.screens.new_match import NewMatchScreen

        self.push_screen(NewMatchScreen())

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        def command(name: str) -> tuple[str, str]:
            return self.line(self.t(f"command.{name}")), self.line(self.t(f"command.{name}_help"))

        yield SystemCommand(*command("new_match"), self.action_new_match)
        yield SystemCommand(*command("settings"), self.action_settings)
        yield SystemCommand(*command("rules"), self.action_rules)
        yield SystemCommand(*command("language"), self.action_language)
        yield SystemCommand(*command("help"), self.action_help)
        yield SystemCommand(*command("quit"), self.exit)
