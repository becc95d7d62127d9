"""The tawla application: screens, language, preferences, and the dice."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events, on
from textual.app import SystemCommand
from textual.binding import Binding, BindingType
from textual.reactive import var
from textual.screen import Screen
from textual.theme import Theme

from tawla.game.dice import DiceSource, FairDice
from tawla.i18n import RTL_LANGUAGES, arabic_indic_by_default, choose_language, plain
from tawla.i18n.words import Words
from tawla.store.files import Paths, StoreError, atomic_write, read_json, set_aside
from tawla.store.keeper import Keeper
from tawla.store.options import BidiMode, Digits, Peek
from tawla.store.options import Theme as ThemeName
from tawla.ui.bursts import KeysInOrder
from tawla.ui.keys import EVERYWHERE, key_label
from tawla.ui.messages import BookAsked, CheckRtl, PreferencesChosen, RulesChosen, StoryAsked

if TYPE_CHECKING:
    from textual.command import Provider

    from tawla.game.match import Match
    from tawla.game.rules import RuleSet
    from tawla.game.state import MatchState
    from tawla.store.book import Book
    from tawla.store.saves import SavedMatch
    from tawla.store.settings import Preferences, Settings


def terminal_bidi_sequence(app_does_it: bool, inside_tmux: bool | None = None) -> str:
    """CSI 8 l (explicit: the terminal must not reorder) or CSI 8 h (implicit, the default);
    wrapped for tmux's passthrough when inside tmux."""
    sequence = "\x1b[8l" if app_does_it else "\x1b[8h"
    if inside_tmux if inside_tmux is not None else bool(os.environ.get("TMUX")):
        return "\x1bPtmux;" + sequence.replace("\x1b", "\x1b\x1b") + "\x1b\\"
    return sequence


CRASH_STATUS = 70
"""The exit status after an error that stopped the game (EX_SOFTWARE)."""
_LEAVE_WITHIN = 3.0
"""Seconds a signalled tawla (SIGTERM, SIGHUP) gives its clean exit before it just ends."""

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
    ThemeName.CONTRAST: Theme(
        name="tawla-contrast",
        primary="#00AFFF",
        secondary="#9E9E9E",
        accent="#FF5FFF",
        warning="#FFE600",
        error="#FF3B3B",
        success="#00FF5F",
        foreground="#FFFFFF",
        background="#000000",
        surface="#0A0A0A",
        panel="#1C1C1C",
        boost="#2E2E2E",
        dark=True,
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


class TawlaApp(KeysInOrder):
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
    look: var[int] = var(0)
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
    ) -> None:
        """``paths``: where settings and matches are kept (None: nothing is read or written, as
        in tests); ``resume``: offer the unfinished match at once (``tawla --resume``)."""
        super().__init__()
        self.paths = paths
        self._resume_at_start = resume
        self._notes: list[tuple[str, dict[str, object]]] = []
        """Messages for the player once the screen is up (catalog key, parameters)."""
        self.keeper = Keeper(paths, tell=self._keeper_note, changed=self._saving_changed)
        """Every file of the match being played: the UI asks it, and never names a file."""
        self.crashed: Path | None = None
        """Where the report of the error that stopped the game was written (see :meth:`_handle_exception`)."""
        # The settings models are pydantic: built on first use, after the first frame. The
        # file is read now (plain JSON) for what the first frame needs.
        self._settings = settings
        self._raw_settings: object = None
        if settings is None and paths is not None:
            self._raw_settings = self._read_settings_file(paths)
        self._peek = Peek(self._raw_settings)
        self.set_reactive(
            TawlaApp.words,
            Words(choose_language(lang, settings.language if settings is not None else self._peek.language)),
        )
        self._speak()
        self.dice: DiceSource = dice if dice is not None else FairDice()
        self._start_match = match
        for theme in THEMES.values():
            self.register_theme(theme)
        # The theme is set before the first frame: changing it later re-reads every stylesheet.
        theme = THEMES[settings.preferences.theme if settings is not None else self._peek.theme]
        if theme.dark:
            # Quietly, its colours given to the stylesheet before it is first read: the theme's
            # watcher would read every stylesheet again and restyle every widget after the
            # first read (2% of the start, tests/bench_ui.py, #11). What else the watcher does
            # is the same as for Textual's default theme, which is dark too.
            self.set_reactive(TawlaApp.theme, theme.name)
            self.set_class(True, f"-theme-{theme.name}", update=False)
            self.stylesheet.set_variables(self.get_css_variables())
        else:
            self.theme = theme.name  # (a light theme also changes Textual's ANSI colours)

    # -- files ----------------------------------------------------------------------------

    def note(self, key: str, **params: object) -> None:
        """Tell the player something once the screens are up (or now, if they are), over
        whichever screen is on top."""
        self._notes.append((key, params))
        if self.is_running and self.screen_stack:
            self.call_after_refresh(self._show_notes)

    def _keeper_note(self, key: str, params: dict[str, object]) -> None:
        self.note(key, **params)

    def _saving_changed(self) -> None:
        """Saving stopped working, or works again: the game's panel says so."""
        self.not_saving = self.keeper.problem

    def _show_notes(self) -> None:
        from tawla.ui.screens.dialogs import NoticeScreen
        from tawla.ui.screens.too_small import TooSmallScreen

        if isinstance(self.screen, TooSmallScreen):
            return  # (kept until the terminal is big enough again: see _check_size)
        while self._notes:
            key, params = self._notes.pop(0)

            def body(key: str = key, params: dict[str, object] = params) -> str:
                words = {k: self.problem_text(v) if isinstance(v, StoreError) else v for k, v in params.items()}
                return self.words.t(key, **words)

            # (each text said in the language in force: again after F2)
            self.push_screen(NoticeScreen(self._saying("store.title"), body, self._saying("store.hint")))

    def _saying(self, key: str, **params: object) -> Callable[[], str]:
        """How to say a catalog text, in the language in force when it is said."""
        return lambda: self.words.t(key, **params)

    def problem_text(self, error: StoreError) -> str:
        """A store problem in the player's language."""
        return self.words.t(f"store.{error.code}", **{k: str(v) for k, v in error.params.items()})

    def _read_settings_file(self, paths: Paths) -> object:
        try:
            return read_json(paths.settings)
        except StoreError as problem:
            self._set_aside(paths.settings, problem, "store.settings_bad")
            return None

    def _set_aside(self, path: Path, problem: StoreError, key: str) -> None:
        try:
            aside = str(set_aside(path))
        except OSError:
            aside = str(path)
        self.note(key, problem=problem, file=aside)

    def _settings_from_file(self) -> Settings:
        from tawla.store.settings import Settings, settings_from_json

        raw = self._raw_settings
        self._raw_settings = None
        if raw is None:
            return Settings()
        try:
            return settings_from_json(raw)
        except StoreError as problem:
            if self.paths is not None:
                self._set_aside(self.paths.settings, problem, "store.settings_bad")
            return Settings()

    def _save_settings(self) -> None:
        if self.paths is None or self._settings is None:
            return
        from tawla.store.settings import settings_to_json

        try:
            atomic_write(self.paths.settings, settings_to_json(self._settings), keep_previous=False)
        except OSError as exc:
            self.note("store.not_saving", reason=exc.strerror or type(exc).__name__)

    def has_unfinished_match(self) -> bool:
        return self.keeper.has_unfinished()

    def resume(self, ident: str | None = None) -> None:
        """Play on with an unfinished match (``ident`` None: the one played last among those
        no other tawla holds); what went wrong on the way is said over the game."""
        saved = self.keeper.open(ident)
        if saved is not None:
            self._show_game(saved.match)
        else:
            self._refresh_menu()

    def _refresh_menu(self) -> None:
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
            digits, bidi = self._peek.digits, self._peek.bidi
        else:
            digits, bidi = self._settings.preferences.digits, self._settings.preferences.bidi
        arabic_indic = lang in RTL_LANGUAGES and (
            arabic_indic_by_default() if digits is Digits.AUTO else digits is Digits.ARABIC_INDIC
        )
        self.words = Words(lang, arabic_indic, bidi is BidiMode.APP)

    @property
    def settings(self) -> Settings:
        """Everything remembered between sessions (defaults until something is chosen)."""
        if self._settings is None:
            self._settings = self._settings_from_file()
        return self._settings

    @settings.setter
    def settings(self, value: Settings) -> None:
        """New settings: in force at once, and saved."""
        self._settings = value
        self._save_settings()

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
        self.look += 1
        self.refresh_bindings()

    def set_default_rules(self, rules: RuleSet) -> None:
        """The rule set new matches start with."""
        self.settings = self.settings.model_copy(update={"rules": rules})

    def set_language(self, lang: str) -> None:
        """Switch language and redraw every screen."""
        self.settings = self.settings.model_copy(update={"language": lang})
        self._speak(lang)
        self.refresh_bindings()
        if self.words.rtl and not self.settings.bidi_checked:
            self.check_rtl()  # the first switch to Arabic: ask how this terminal shows it

    # -- lifecycle --------------------------------------------------------------------

    def get_default_screen(self) -> Screen[Any]:
        """The main menu is the bottom of the screen stack (drawn first, without an empty screen before it)."""
        from tawla.ui.screens.menu import MenuScreen

        return MenuScreen()

    def on_mount(self) -> None:
        self.tell_terminal_bidi(self.words.bidi_by_app)
        self._catch_signals()
        checked = self._settings.bidi_checked if self._settings is not None else self._peek.bidi_checked
        if self._start_match is not None:
            self.start_match(self._start_match)
        elif self.words.rtl and not checked:
            self.check_rtl()  # the first Arabic start: ask how this terminal shows Arabic
        self._check_size(self.size.width, self.size.height)
        self.call_after_refresh(self._settle)

    def _settle(self) -> None:
        """After the first frame: the settings validated, what went wrong said, a match resumed."""
        settings = self.settings
        if self.paths is not None:
            from tawla.store.files import sweep

            sweep(self.paths.data)
            sweep(self.paths.config)
            if self.keeper.folder is not None:
                sweep(self.keeper.folder)
            if not self._resume_at_start:
                self.keeper.unfinished()  # (an old current.json moved, a damaged file named)
        self._speak()  # (the digits and the Arabic layout as validated)
        if settings.preferences.theme is not self._peek.theme:
            self.theme = THEMES[settings.preferences.theme].name
        if self._resume_at_start:
            self._resume_at_start = False
            self.resume()
        self._show_notes()
        self._refresh_menu()

    def on_unmount(self) -> None:
        """The app is closing, however it closes: the match is saved and let go (the system
        would drop the lock with the process anyway; tests run several apps in one)."""
        self.keeper.release()

    def _catch_signals(self) -> None:
        """SIGTERM and SIGHUP (the terminal window closed) save and leave cleanly."""
        if self.is_headless:
            return
        import asyncio
        import signal

        loop = asyncio.get_running_loop()
        for name in ("SIGTERM", "SIGHUP"):
            number = getattr(signal, name, None)
            if number is not None:
                with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                    loop.add_signal_handler(number, self._leave_on_signal)

    def _leave_on_signal(self) -> None:
        self.save_now()
        # When the terminal has gone (SIGHUP), Textual's writer thread dies on the first write
        # and leaving can block for ever on its full queue. The match is saved: give the clean
        # exit (which restores a terminal that is still there) a moment, then go regardless.
        import threading

        watchdog = threading.Timer(_LEAVE_WITHIN, os._exit, args=(0,))
        watchdog.daemon = True
        watchdog.start()
        self.exit()

    def save_now(self) -> None:
        """Save the match in play, whatever happens next."""
        self.keeper.save_now()

    def _handle_exception(self, error: Exception) -> None:
        """An error that escaped a handler. Textual has no public hook for it: this private
        method is where every such error arrives (see textual.app.App._handle_exception),
        so tawla overrides it to keep its promise: the match is saved, the traceback goes to
        a dated file under the data folder, and the player reads one line (in their
        language) saying so; the process then exits with status 70 (EX_SOFTWARE). Under
        tests (headless) Textual's own handling follows, so that the test fails loudly."""
        import traceback

        with contextlib.suppress(Exception):
            self.save_now()
        report = "".join(traceback.format_exception(error))
        details = f"tawla {self._version()} · {self.screen_stack[-1] if self.screen_stack else '-'}\n\n"
        self.crashed = self.keeper.crash_report(details + report)
        if self.is_headless:
            super()._handle_exception(error)
            return
        if self.crashed is not None:
            message = self.words.t("crash.line", file=str(self.crashed))
        else:
            message = self.words.t("crash.no_file") + "\n" + report
        self.exit(return_code=CRASH_STATUS, message=Text(plain(message)))  # (logical order, as the command line prints)

    @staticmethod
    def _version() -> str:
        from tawla import __version__

        return __version__

    @on(PreferencesChosen)
    def _preferences_chosen(self, message: PreferencesChosen) -> None:
        self.set_preferences(message.preferences)

    @on(RulesChosen)
    def _rules_chosen(self, message: RulesChosen) -> None:
        self.set_default_rules(message.rules)

    @on(CheckRtl)
    def _check_rtl_asked(self) -> None:
        self.check_rtl()

    def action_quit(self) -> None:  # type: ignore[override]
        """Ctrl+Q, Ctrl+C, Quit in the menu: save, then leave."""
        self.save_now()
        self.exit()

    def tell_terminal_bidi(self, app_does_it: bool) -> None:
        """Ask the terminal not to reorder text (CSI 8 l) when tawla does it, or to do it
        itself (CSI 8 h); through tmux's passthrough when inside tmux."""
        # Textual has no public way to send a control sequence to the terminal: its driver,
        # which owns the output, is the one place that writes in order with the frames.
        if self.is_headless or self._driver is None:
            return
        self._driver.write(terminal_bidi_sequence(app_does_it))
        self._driver.flush()

    def check_rtl(self) -> None:
        """Show the right-to-left check and keep the answer."""
        from tawla.ui.screens.check_rtl import CheckRtlScreen

        if any(isinstance(screen, CheckRtlScreen) for screen in self.screen_stack):
            return  # (F2 on the check itself: it is already asking)

        def answered(mode: BidiMode | None) -> None:
            if mode is None:
                return
            self.settings = self.settings.model_copy(update={"bidi_checked": True})
            self.set_preferences(self.preferences.model_copy(update={"bidi": mode}))

        self.push_screen(CheckRtlScreen(), answered)

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        from tawla.ui.screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen

        small = width < MIN_WIDTH or height < MIN_HEIGHT
        if small and not isinstance(self.screen, TooSmallScreen):
            self.push_screen(TooSmallScreen())
        elif not small and isinstance(self.screen, TooSmallScreen):
            self.pop_screen()
            if self._notes:
                self.call_after_refresh(self._show_notes)
        elif small:
            self.screen.refresh()

    # -- starting things ---------------------------------------------------------------

    def new_match(self, rules: RuleSet, names: tuple[str, str]) -> None:
        """Start a match between ``names`` under ``rules``."""
        from tawla.game.match import Match

        self.start_match(Match(rules, names, self.dice))

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
                self._refresh_menu()

        from tawla.game.table import Table

        table = Table(match, lambda: self.preferences.habits)
        table.subscribe(self.keeper.autosave)  # (saved whenever its history changes)
        self.playing = match
        self.push_screen(GameScreen(table), left)

    # -- actions ---------------------------------------------------------------------------

    def action_help(self) -> None:
        from tawla.ui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen) and not self._too_small_on_top():
            self.push_screen(HelpScreen())

    def action_language(self) -> None:
        self.set_language("ar" if self.language == "en" else "en")

    def action_rules(self) -> None:
        from tawla.ui.screens.rulebook import RulebookScreen

        self.push_screen(RulebookScreen())

    def action_settings(self) -> None:
        from tawla.ui.screens.game import GameScreen
        from tawla.ui.screens.settings import SettingsScreen

        locked = any(isinstance(screen, GameScreen) for screen in self.screen_stack)
        self.push_screen(SettingsScreen(self.settings.rules, locked=locked))

    def action_new_match(self) -> None:
        from tawla.ui.screens.new_match import MatchChosen, NewMatchScreen

        def chosen(answer: MatchChosen | None) -> None:
            if answer is None:
                return
            self.settings = self.settings.model_copy(update={"names": answer.typed, "rules": answer.rules})
            self.new_match(answer.rules, answer.names)

        self.push_screen(NewMatchScreen(self.settings.rules, self.settings.names, self.read_book), chosen)

    def action_resume(self) -> None:
        """The unfinished matches, the one played last first: Enter plays on, Delete takes one off."""
        from tawla.ui.screens.resume import ResumeScreen

        if not self.keeper.has_unfinished():
            self.note("store.nothing_to_resume")
            self._refresh_menu()
            return

        def picked(ident: str | None) -> None:
            self._refresh_menu()
            if ident is not None:
                self.resume(ident)

        self.push_screen(ResumeScreen(self.keeper), picked)

    def action_setup(self, typed: tuple[str, str] = ("", "")) -> None:
        """Set up a position from its IDs (``typed``: as typed before), then say who plays it
        and under which customs (the New match screen, the names and rules of the last match
        offered, the length, score and cube the IDs'), and play on from there. Esc on the
        second step goes back to the IDs."""
        from tawla.game.match import Match
        from tawla.game.setup import state_from_ids
        from tawla.ui.screens.new_match import MatchChosen, NewMatchScreen
        from tawla.ui.screens.setup import SetupScreen

        setup = SetupScreen(self.settings.rules, *typed)

        def chosen(answer: tuple[MatchState, str, str | None] | None) -> None:
            if answer is None:
                return
            state, position, match_id = answer

            def under(rules: RuleSet) -> RuleSet:  # (the IDs' length, score and cube in any rules)
                return state_from_ids(position, match_id, rules).rules

            def players(picked: MatchChosen | None) -> None:
                if picked is None:
                    self.action_setup(setup.typed)
                    return
                self.settings = self.settings.model_copy(update={"names": picked.typed})
                start = state_from_ids(position, match_id, picked.rules)
                self.start_match(Match(names=picked.names, dice=self.dice, start=start), setup=(position, match_id))

            screen = NewMatchScreen(
                state.rules, self.settings.names, self.read_book, setup=under, fixed_length=match_id is not None
            )
            self.push_screen(screen, players)

        self.push_screen(setup, chosen)

    def action_replay(self) -> None:
        """Pick a saved match and replay its games."""
        from tawla.ui.screens.history import HistoryScreen

        def picked(path: Path | None) -> None:
            saved = self._load_for_reading(path)
            if saved is not None:
                from tawla.ui.screens.replay import ReplayScreen

                self.push_screen(ReplayScreen(saved.match))

        self.push_screen(HistoryScreen(self.keeper, "history.replay_title"), picked)

    def action_book(self) -> None:
        """The players' book (read in a thread once the screen is up: the menu never waits for it)."""
        from tawla.ui.screens.book import BookScreen

        self.push_screen(BookScreen(self.read_book))

    def read_book(self) -> Book:
        """The players' book as the history has it now (no data folder: an empty book). Called
        from a worker thread: the first read of a long history builds its index."""
        from tawla.store.book import Book, open_book

        return open_book(self.paths) if self.paths is not None else Book(())

    @on(BookAsked)
    def _book_asked(self) -> None:
        self.action_book()

    @on(StoryAsked)
    def _story_asked(self, message: StoryAsked) -> None:
        """How a match of the history went (a file that fails is named, as for a replay)."""
        if self.paths is None:
            return
        saved = self._load_for_reading(self.paths.history / message.file)
        if saved is not None:
            from tawla.ui.screens.story import StoryScreen

            self.push_screen(StoryScreen(saved.match))

    def action_export(self) -> None:
        """Export the match being played, or a saved one, as a .mat file."""
        from tawla.ui.screens.game import GameScreen
        from tawla.ui.screens.history import HistoryScreen

        for screen in reversed(self.screen_stack):
            if isinstance(screen, GameScreen):
                self._export(screen.match)
                return

        def picked(path: Path | None) -> None:
            saved = self._load_for_reading(path)
            if saved is not None:
                self._export(saved.match, saved)

        self.push_screen(HistoryScreen(self.keeper, "history.export_title"), picked)

    def _load_for_reading(self, path: Path | None) -> SavedMatch | None:
        """A saved match to replay or export; a file that fails is named (and left where it is)."""
        return None if path is None else self.keeper.read(path)

    def _export(self, match: Match, saved: SavedMatch | None = None) -> None:
        """Ask where, write the .mat file, say where it went."""
        from tawla.ui.screens.dialogs import LineScreen, NoticeScreen

        default = str(self.keeper.export_path(match, saved))

        def check(text: str) -> str | None:
            return None if text.strip() else self.words.t("export.empty")

        def chosen(text: str | None) -> None:
            if not text:
                return
            target = Path(text).expanduser()
            try:
                written = self.keeper.export(match, target)
            except OSError as exc:
                message = self._saying("export.failed", file=str(target), reason=exc.strerror or type(exc).__name__)
            else:
                message = self._saying("export.done", file=str(written))
            self.push_screen(NoticeScreen(self._saying("export.title"), message, self._saying("store.hint")))

        self.push_screen(
            LineScreen(self._saying("export.title"), self._saying("export.hint"), check=check, value=default), chosen
        )

    def end_session(self, match: Match) -> bool:
        """End the money session ``match`` (asked first by the game): into the history, off the
        Resume list. False when it could not be put away (the reason is said)."""
        return self.keeper.end_session(match)

    def action_end_session(self) -> None:
        """End the money session being played (the game asks first)."""
        from tawla.ui.screens.game import GameScreen

        game = self.screen
        if isinstance(game, GameScreen):  # (on top: not under a dialog)
            game.action_end_session()

    def action_menu(self) -> None:
        """Back to the menu from a game (saved, and on the Resume list), whatever is over it:
        Ctrl+W on the game or on one of its dialogs (a result card, the IDs), "Back to the menu"
        in the palette. The screens over the game close unanswered: a result card or a question
        not answered is asked again when the match is resumed."""
        game = self._game_in_play()
        if game is None:
            return
        while self.screen is not game and len(self.screen_stack) > 1:
            self.pop_screen()
        game.dismiss(None)  # (GameScreen.action_leave)

    def _game_in_play(self) -> Screen[Any] | None:
        """The game screen highest in the stack, if any."""
        game = _game_screen()
        return next((screen for screen in reversed(self.screen_stack) if isinstance(screen, game)), None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A key of the app's that would do nothing is not shown (see EVERYWHERE): F1 on the
        help, Ctrl+P with the palette open, Ctrl+W with no game to leave."""
        from textual.command import CommandPalette

        from tawla.ui.screens.help import HelpScreen

        if action == "help":
            return not self._too_small_on_top() and not isinstance(self.screen, HelpScreen)
        if action == "command_palette":
            return not self._too_small_on_top() and not any(
                isinstance(screen, CommandPalette) for screen in self.screen_stack
            )
        if action == "menu":
            return self._game_in_play() is not None
        return super().check_action(action, parameters)

    def action_command_palette(self) -> None:
        """Textual's command palette, with its prompt in the player's language: one at a time
        (anywhere in the stack, not only on top), and never over the too-small screen. Ctrl+P
        is a priority binding, run as it arrives: the palette opens after the keys typed before
        it, and those after it go to the palette (#11)."""
        self.in_turn(self._open_palette)

    async def _open_palette(self) -> None:
        from textual.command import CommandPalette

        from tawla.ui.commands import Palette

        if not self.use_command_palette or self._too_small_on_top():
            return
        if any(isinstance(screen, CommandPalette) for screen in self.screen_stack):
            return
        placeholder = self.words.line(self.words.t("command.search"))
        # No id (Textual gives its own palette "--command-palette"): a palette just closed is
        # still the app's child until it is removed, and a new one with the same id raised
        # DuplicateIds (random keys under load, through the wait for Ctrl+P's turn given up).
        await self.push_screen(Palette(placeholder=placeholder))

    def _too_small_on_top(self) -> bool:
        from tawla.ui.screens.too_small import TooSmallScreen

        return bool(self.screen_stack) and isinstance(self.screen, TooSmallScreen)

    def palette_commands(self) -> list[tuple[str, str, Callable[[], object]]]:
        """The command palette's commands: (title, help, action), in logical order."""
        names: list[tuple[str, Callable[[], object]]] = []
        if any(isinstance(screen, _game_screen()) for screen in self.screen_stack):
            names.append(("menu", self.action_menu))
        playing = self.playing
        if playing is not None and not playing.rules.is_match:  # type: ignore[attr-defined]
            names.append(("end_session", self.action_end_session))
        names.append(("new_match", self.action_new_match))
        if self.has_unfinished_match():
            names.append(("resume", self.action_resume))
        names += [
            ("setup", self.action_setup),
            ("replay", self.action_replay),
            ("book", self.action_book),
            ("export", self.action_export),
            ("settings", self.action_settings),
            ("rules", self.action_rules),
            ("language", self.action_language),
            ("help", self.action_help),
            ("quit", self.action_quit),
        ]
        return [
            (self.words.t(f"command.{name}"), self.words.t(f"command.{name}_help"), action) for name, action in names
        ]

    def get_key_display(self, binding: Binding) -> str:
        """A key as the footer shows it: as printed on the keyboard, in the player's language
        (Esc, F1, «المسافة»; ⏎, ⌫ and ^W for room), an Arabic player's letter first («ق (r)»),
        never one of Textual's key names (``f1``, ``arabic_dammatan``). The help names them
        alike, in full (see :func:`tawla.ui.keys.key_label`)."""
        if binding.key_display:  # (a range such as 1–25 in the player's digits)
            return self.words.line(self.words.num(binding.key_display))
        return self.words.line(key_label(binding.key, self.words, short=True))

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """The same commands as drawn (the palette uses :class:`~tawla.ui.commands.TawlaCommands`)."""
        for title, help_text, action in self.palette_commands():
            yield SystemCommand(self.words.line(title), self.words.line(help_text), action)


def _game_screen() -> type[Screen[Any]]:
    from tawla.ui.screens.game import GameScreen

    return GameScreen


def _commands() -> type[Provider]:
    from tawla.ui.commands import TawlaCommands

    return TawlaCommands
