"""The tawla application: screens, language, preferences, and the dice."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events, on
from textual.binding import Binding, BindingType
from textual.reactive import var
from textual.screen import Screen

from tawla.game.dice import DiceSource, FairDice
from tawla.i18n import RTL_LANGUAGES, arabic_indic_by_default, choose_language
from tawla.i18n.words import Words
from tawla.store.files import Paths
from tawla.store.keeper import Keeper
from tawla.store.options import BidiMode, Digits, QuickSettings
from tawla.store.settings_file import SettingsFile
from tawla.ui.actions import Commands
from tawla.ui.bursts import KeysInOrder
from tawla.ui.compat import ErrorHook, write_to_terminal
from tawla.ui.keys import EVERYWHERE, key_label
from tawla.ui.messages import BookAsked, CheckRtl, PreferencesChosen, RulesChosen, StoryAsked
from tawla.ui.screens.notes import Notes
from tawla.ui.skill import Analyses
from tawla.ui.terminal import catch_signals, report_crash, terminal_bidi_sequence
from tawla.ui.themes import THEMES, first_theme

if TYPE_CHECKING:
    from textual.command import Provider

    from tawla.game.match import Match
    from tawla.game.rules import RuleSet
    from tawla.store.settings import Preferences, Settings


class TawlaApp(Commands, ErrorHook, KeysInOrder):
    """Backgammon for two players on one keyboard."""

    # The menu is the default screen: its stylesheet comes with the app's.
    CSS_PATH: ClassVar = ["app.tcss", "screens/menu.tcss"]
    TITLE = "tawla"
    ENABLE_COMMAND_PALETTE = True
    COMMANDS: ClassVar = {lambda: _commands()}  # (imported when the palette first opens)

    BINDINGS: ClassVar[list[BindingType]] = [*EVERYWHERE]  # (every dialog binds them too: see EVERYWHERE)

    words: var[Words] = var(Words())
    """How the interface speaks (language, digits, who lays out Arabic): screens watch it and
    rewrite their texts when it changes."""
    preferences_version: var[int] = var(0)
    """Counts changes of the play preferences (board, glyphs, pips…): screens watch it."""
    unfinished: var[bool] = var(False)
    """There is an unfinished match to resume (the menu watches it)."""
    not_saving: var[str | None] = var(None)
    """Why the match in play is not being saved right now (None: it is); the game shows it."""
    playing: var[object] = var(None)
    """The match being played (the one the keeper saves), if any."""

    def __init__(
        self,
        *,
        lang: str | None = None,
        dice: DiceSource | None = None,
        settings: Settings | None = None,
        match: Match | None = None,
        paths: Paths | None = None,
        resume: bool = False,
        web: bool = False,
    ) -> None:
        """``paths``: where settings and matches are kept (None: nothing is read or written, as
        in tests); ``resume``: offer the unfinished match at once (``tawla --resume``); ``web``:
        run in a browser tab under ``tawla serve`` (Textual's web driver, see
        :mod:`tawla.ui.web_driver`: the page's font is known, so no right-to-left question and
        tawla orders Arabic itself; the end of input ends the game)."""
        driver_class = None
        if web:
            from tawla.ui.web_driver import TawlaWebDriver

            driver_class = TawlaWebDriver
        super().__init__(driver_class=driver_class)
        self.web = web
        self.paths = paths
        self._resume_at_start = resume
        self.notes = Notes(self)
        """What to tell the player once the screens are up."""
        self.keeper = Keeper(paths, tell=self.notes.add, changed=self._saving_changed)
        """Every file of the match being played: the UI asks it, and never names a file."""
        self.analyses = Analyses(self)
        """How well each player played: the analyses made, in a worker thread (tawla/ui/skill.py)."""
        self.crashed: Path | None = None
        """Where the report of the error that stopped the game was written (see :meth:`_handle_exception`)."""
        # The settings models are pydantic: built on first use, after the first frame. The
        # file is read now (plain JSON) for what the first frame needs.
        self._settings = settings
        self.settings_file = SettingsFile(paths.settings if paths is not None else None, self.notes.add)
        self._raw_settings: object = self.settings_file.read_raw() if settings is None else None
        self._quick = QuickSettings(self._raw_settings)
        self.set_reactive(
            TawlaApp.words,
            Words(choose_language(lang, settings.language if settings is not None else self._quick.language)),
        )
        self._speak()
        self.dice: DiceSource = dice if dice is not None else FairDice()
        self._start_match = match
        first_theme(self, settings.preferences.theme if settings is not None else self._quick.theme)

    # -- files ----------------------------------------------------------------------------

    def note(self, key: str, **params: object) -> None:
        """Tell the player something once the screens are up (or now, if they are), over
        whichever screen is on top."""
        self.notes.add(key, params)

    def _saving_changed(self) -> None:
        """Saving stopped working, or works again: the game's panel says so."""
        self.not_saving = self.keeper.problem

    def has_unfinished_match(self) -> bool:
        return self.keeper.has_unfinished()

    def resume(self, ident: str | None = None) -> None:
        """Play on with an unfinished match (``ident`` None: the one played last among those
        no other tawla holds); what went wrong on the way is said over the game."""
        saved = self.keeper.open(ident)
        if saved is not None:
            self._show_game(saved.match)
        else:
            self.refresh_menu()

    def refresh_menu(self) -> None:
        """Whether there is something to resume (the menu watches :attr:`unfinished`)."""
        self.unfinished = self.keeper.has_unfinished()

    # -- language and preferences ---------------------------------------------

    @property
    def language(self) -> str:
        """The interface's language (``en`` or ``ar``)."""
        return self.words.lang

    def _speak(self, lang: str | None = None) -> None:
        """The words in force, from the language and the preferences (every screen watching
        :attr:`words` is told when they change)."""
        lang = lang or self.words.lang
        if self._settings is None:
            digits, bidi = self._quick.digits, self._quick.bidi
        else:
            digits, bidi = self._settings.preferences.digits, self._settings.preferences.bidi
        arabic_indic = lang in RTL_LANGUAGES and (
            arabic_indic_by_default() if digits is Digits.AUTO else digits is Digits.ARABIC_INDIC
        )
        self.words = Words(lang, arabic_indic, self.web or bidi is BidiMode.APP)

    @property
    def settings(self) -> Settings:
        """Everything remembered between sessions (defaults until something is chosen)."""
        if self._settings is None:
            raw, self._raw_settings = self._raw_settings, None
            self._settings = self.settings_file.load(raw)
        return self._settings

    @settings.setter
    def settings(self, value: Settings) -> None:
        """New settings: in force at once, and saved."""
        self._settings = value
        self.settings_file.save(value)

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
            self.tell_terminal_bidi(self.words.bidi_by_app)
        self._speak()
        self.preferences_version += 1
        self.refresh_bindings()

    def set_default_rules(self, rules: RuleSet) -> None:
        """The rule set new matches start with (with the dead cube refused, whatever match's
        rules they came from: a match saved before the rule keeps its own alone)."""
        self.settings = self.settings.model_copy(update={"rules": rules.model_copy(update={"dead_cube": True})})

    def set_language(self, lang: str) -> None:
        """Switch language and redraw every screen."""
        self.settings = self.settings.model_copy(update={"language": lang})
        self._speak(lang)
        self.refresh_bindings()
        if self.words.rtl and not self.settings.bidi_checked and not self.web:
            self.check_rtl()  # the first switch to Arabic: ask how this terminal shows it

    # -- lifecycle --------------------------------------------------------------------

    def get_default_screen(self) -> Screen[Any]:
        """The main menu is the bottom of the screen stack (drawn first, without an empty screen before it)."""
        from tawla.ui.screens.menu import MenuScreen

        return MenuScreen()

    def on_mount(self) -> None:
        self.tell_terminal_bidi(self.words.bidi_by_app)
        if not self.is_headless:
            catch_signals(self.save_now, self.exit)
        checked = self._settings.bidi_checked if self._settings is not None else self._quick.bidi_checked
        if self._start_match is not None:
            self.start_match(self._start_match)
        elif self.words.rtl and not checked and not self.web:
            self.check_rtl()  # the first Arabic start: ask how this terminal shows Arabic
        self._check_size(self.size.width, self.size.height)
        self.call_after_refresh(self._settle)

    def _settle(self) -> None:
        """After the first frame: the settings validated, what went wrong said, a match resumed."""
        settings = self.settings
        if self.paths is not None:
            self.keeper.sweep()
            if not self._resume_at_start:
                self.keeper.unfinished()  # (an old current.json moved, a damaged file named)
        self._speak()  # (the digits and the Arabic layout as validated)
        if settings.preferences.theme is not self._quick.theme:
            self.theme = THEMES[settings.preferences.theme].name
        if self._resume_at_start:
            self._resume_at_start = False
            self.resume()
        self.notes.show()
        self.refresh_menu()

    def on_unmount(self) -> None:
        """The app is closing, however it closes: the match is saved and let go (the system
        would drop the lock with the process anyway; tests run several apps in one)."""
        self.keeper.release()

    def tell_terminal_bidi(self, app_does_it: bool) -> None:
        """Ask the terminal not to reorder text when tawla does it, or to do it itself."""
        if not self.is_headless:
            write_to_terminal(self, terminal_bidi_sequence(app_does_it))

    def crash(self, error: Exception) -> bool:
        """An error that escaped a handler: see :func:`tawla.ui.terminal.report_crash`."""
        return report_crash(self, error, _version())

    def save_now(self) -> None:
        """Save the match in play, whatever happens next."""
        self.keeper.save_now()

    @on(PreferencesChosen)
    def _preferences_chosen(self, message: PreferencesChosen) -> None:
        self.set_preferences(message.preferences)

    @on(RulesChosen)
    def _rules_chosen(self, message: RulesChosen) -> None:
        self.set_default_rules(message.rules)

    @on(BookAsked)
    def _book_asked(self, message: BookAsked) -> None:
        if message.asker is self.screen:  # (once: b pressed twice asks twice before the book is up)
            self.action_book()

    @on(StoryAsked)
    def _story_asked(self, message: StoryAsked) -> None:
        """How a match of the history went (a file that fails is named, as for a replay), once:
        Enter pressed twice asks twice before the first story is up, and a second story over
        the first took two Esc to leave."""
        if self.paths is None or message.asker is not self.screen:
            return
        saved = self.load_for_reading(self.paths.history / message.file)
        if saved is not None:
            from tawla.ui.screens.story import StoryScreen

            self.push_screen(StoryScreen(saved.match))

    @on(CheckRtl)
    def _check_rtl_asked(self) -> None:
        self.check_rtl()

    def action_quit(self) -> None:  # type: ignore[override]
        """Ctrl+Q, Ctrl+C, Quit in the menu: save, then leave."""
        self.save_now()
        self.exit()

    def check_rtl(self) -> None:
        """Show the right-to-left check and keep the answer."""
        from tawla.ui.screens.check_rtl import ask_rtl

        ask_rtl(self)

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        from tawla.ui.screens.too_small import check_size

        check_size(self, width, height)

    # -- starting things ---------------------------------------------------------------

    def new_match(self, rules: RuleSet, names: tuple[str, str], computer: frozenset[int] = frozenset()) -> None:
        """Start a match between ``names`` under ``rules`` (``computer``: the seats it plays)."""
        from tawla.game.match import Match

        self.start_match(Match(rules, names, self.dice, computer=computer))

    def start_match(self, match: Match, setup: tuple[str, str | None] | None = None) -> None:
        """Play ``match`` (``setup``: the IDs it was set up from). The match played before
        stays on the list of unfinished matches."""
        self.keeper.start(match, setup)
        self._show_game(match)

    def _show_game(self, match: Match) -> None:
        from tawla.ui.screens.game import GameScreen

        def left(_: object) -> None:
            if self.keeper.owns(match):
                self.keeper.release()  # (another tawla may resume it now)
            if self.keeper.owns(match) or self.playing is match:  # (a money session ended: in the history)
                self.playing = None
                self.refresh_menu()

        from tawla.game.table import Table

        table = Table(match, lambda: self.preferences.habits)
        table.subscribe(self.keeper.autosave)  # (saved whenever its history changes)
        self.playing = match
        self.push_screen(GameScreen(table), left)

    def get_key_display(self, binding: Binding) -> str:
        """A key as the footer shows it: as printed on the keyboard, in the player's language
        (Esc, F1, «المسافة»; ⏎, ⌫ and ^W for room), an Arabic player's letter first («ق (r)»),
        never one of Textual's key names (``f1``, ``arabic_dammatan``). The help names them
        alike, in full (see :func:`tawla.ui.keys.key_label`)."""
        if binding.key_display:  # (a range such as 1–25 in the player's digits)
            return self.words.line(self.words.num(binding.key_display))
        return self.words.line(key_label(binding.key, self.words, short=True))


def _commands() -> type[Provider]:
    from tawla.ui.commands import TawlaCommands

    return TawlaCommands


def _version() -> str:
    from tawla import __version__

    return __version__
