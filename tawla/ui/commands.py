"""The command palette's commands, searched in the words the player types.

Textual's own provider matches the query against the titles as drawn; an
Arabic title is drawn in visual order (reversed, shaped), so an Arabic query
typed in logical order would never match. This provider matches the logical
text and shows the visual one. The search field shows the query as it reads
(:class:`~tawla.ui.fields.BidiInput`), and in Arabic the palette reads from the
right: the search icon on the right, the commands right-aligned.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Self

from rich.align import Align
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.command import (
    CommandInput,
    CommandList,
    CommandPalette,
    DiscoveryHit,
    Hit,
    Hits,
    Provider,
    SearchIcon,
)
from textual.containers import Horizontal, Vertical
from textual.visual import VisualType
from textual.widgets import Button, Input, LoadingIndicator, OptionList
from textual.widgets.option_list import Option

from tawla.ui.compat import MountGuard, no_matches_id, nothing_to_await
from tawla.ui.fields import BidiInput
from tawla.ui.keys import EVERYWHERE


class TawlaCommands(Provider):
    """New match, resume, set up, replay, export, settings, rules, language, keys, quit."""

    @property
    def tawla(self) -> Any:
        return self.app  # (tawla's app: its words and commands; the palette sits below the app)

    async def discover(self) -> Hits:
        app = self.tawla
        for title, help_text, callback in sorted(app.palette_commands(), key=lambda c: c[0]):
            yield DiscoveryHit(app.words.line(title), callback, help=app.words.line(help_text))

    async def search(self, query: str) -> Hits:
        app = self.tawla
        matcher = self.matcher(query)
        for title, help_text, callback in app.palette_commands():
            score = matcher.match(title)
            if score > 0:
                shown = app.words.line(title) if app.words.rtl else matcher.highlight(title)
                yield Hit(score, shown, callback, help=app.words.line(help_text))


class PaletteCommands(CommandList):
    """The palette's list, with Textual's "No matches found" in the player's words. The palette
    writes that line itself, in English, as a disabled option (see compat.no_matches_id)
    from a timer; adding options is the list's public side, so the line is translated there."""

    def add_option(self, option: Option | VisualType | None = None) -> Self:
        if isinstance(option, Option) and option.id == no_matches_id():
            words = getattr(self.app, "words", None)
            if words is not None:
                text = words.line(words.t("textual.no_matches_found"))
                option = Option(Align.center(Text(text, style="not bold")), disabled=True, id=option.id)
        return super().add_option(option)


class PaletteSearch(CommandInput, BidiInput):
    """The palette's search field: the query drawn as it reads (an Arabic word joined, right
    to left), kept as typed for the search. (CommandInput first: Textual's styles and the
    palette's focus find it by the first base's line of names.)"""

    def __init__(self, *, placeholder: str, select_on_focus: bool) -> None:
        super().__init__(placeholder=placeholder, select_on_focus=select_on_focus)
        self.cursor_blink = False  # (steady, like tawla's other fields: calmer, and pictures are reproducible)


class Palette(MountGuard, CommandPalette):
    """Textual's command palette, closed once: keys that were already on their way to it
    (Enter pressed four times at once) find it closing and do nothing, instead of running the
    command again or popping the screen under it. Nor does one that finds another screen over it
    (a note shown after it opened): Textual's dismiss pops the screen on top, whichever it is.

    In a right-to-left interface it reads from the right (the ``-rtl`` class). F1 and F2 work in
    it as everywhere (``?`` is typed into the search); after F2 it speaks the other language."""

    BINDINGS = [*EVERYWHERE]  # (with CommandPalette's own)

    DEFAULT_CSS = """
    Palette.-rtl CommandList { text-align: right; }
    Palette.-rtl SearchIcon { margin: 1 1 0 0; }
    """

    _dismissed = False

    def __init__(self, *, placeholder: str, id: str | None = None) -> None:
        super().__init__(placeholder=placeholder, id=id)
        self.search_placeholder = placeholder
        """The search field's prompt, drawn for the terminal."""

    def compose(self) -> ComposeResult:
        """Textual's palette (``CommandPalette.compose``) with :class:`PaletteSearch` for its
        search field, after the search icon in reading order."""
        rtl = bool(getattr(getattr(self.app, "words", None), "rtl", False))
        self.set_class(rtl, "-rtl")
        with Vertical(id="--container"):
            with Horizontal(id="--input"):
                if not rtl:
                    yield SearchIcon()
                yield PaletteSearch(placeholder=self.search_placeholder, select_on_focus=False)
                if rtl:
                    yield SearchIcon()
                if not self.run_on_select:
                    yield Button("\u25b6")
            with Vertical(id="--results"):
                yield PaletteCommands()
                yield LoadingIndicator()

    def mount_refused(self) -> bool:
        """Textual's palette takes the screen under it at mount (``screen_stack[-2]``) and fails
        with an IndexError when there is none: a palette whose mount comes after tawla began
        taking its screens down (found by the random keys, seed 1103). There is no public hook
        before CommandPalette's own mount handler, so :class:`~tawla.ui.compat.MountGuard` asks
        this first: with nothing under it, the palette just goes."""
        return len(self.app.screen_stack) < 2 or self not in self.app.screen_stack

    def on_mount(self) -> None:
        # (Called before MountGuard's, which Textual calls next, then CommandPalette's own.)
        if not self.mount_refused():
            self.watch(self.app, "words", self._words_changed, init=False)

    def _words_changed(self) -> None:
        """After F2: the prompt, the side it reads from and the commands in the language in force
        (what was typed stays, and is searched again)."""
        words = getattr(self.app, "words", None)
        if words is None or self._dismissed:
            return
        self.search_placeholder = words.line(words.t("command.search"))
        self.set_class(words.rtl, "-rtl")
        for row in self.query("#--input").results(Horizontal):
            search, icon = row.query_one(PaletteSearch), row.query_one(SearchIcon)
            search.placeholder = self.search_placeholder
            if words.rtl:
                row.move_child(icon, after=search)
            else:
                row.move_child(icon, before=search)
            search.post_message(Input.Changed(search, search.value))  # (the palette searches again)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Page Up and Page Down do nothing until the list of commands has been laid out:
        Textual's OptionList pages by its laid-out lines and, with none yet (Ctrl+P and Page
        Down in one burst), fails with a KeyError (``OptionList._move_page``). The action
        is the one CommandPalette.BINDINGS names for both keys."""
        if action == "command_list" and parameters in (("page_up",), ("page_down",)):
            return any(commands.scrollable_content_region for commands in self.query(CommandList))
        return super().check_action(action, parameters)

    def dismiss(self, result: object = None):  # type: ignore[no-untyped-def]
        if self._dismissed or not self.is_active:  # (a second time it would fail: InvalidStateError)
            return nothing_to_await()
        self._dismissed = True
        return super().dismiss(result)  # type: ignore[arg-type]

    @on(Input.Submitted)
    @on(Input.Changed)  # (a letter behind the Esc that closed it would start a search)
    @on(Button.Pressed)
    @on(OptionList.OptionSelected)
    def _ignore_once_closing(
        self, event: Input.Submitted | Input.Changed | Button.Pressed | OptionList.OptionSelected
    ) -> None:
        if self._dismissed or (not self.is_active and not isinstance(event, Input.Changed)):
            event.stop()
            event.prevent_default()  # (CommandPalette's own handlers are the default here)


def palette_commands(app: Any) -> list[tuple[str, str, Callable[[], object]]]:
    """The command palette's commands: (title, help, action), in logical order; what cannot be
    done now is left out (the menu with no game to leave, ending a session in a match)."""
    from tawla.ui.screens.game import GameScreen

    names: list[tuple[str, Callable[[], object]]] = []
    if any(isinstance(screen, GameScreen) for screen in app.screen_stack):
        names.append(("menu", app.action_menu))
        names.append(("hint", app.action_hint))
        under = [screen for screen in app.screen_stack if not isinstance(screen, CommandPalette)]
        game = under[-1] if under else None  # (the game on top, under the palette)
        if isinstance(game, GameScreen) and game.table.last_result is not None:
            names.append(("card_again", app.action_card_again))
    playing = app.playing
    if playing is not None and not playing.rules.is_match:
        names.append(("end_session", app.action_end_session))
    names.append(("new_match", app.action_new_match))
    if app.has_unfinished_match():
        names.append(("resume", app.action_resume))
    names += [
        ("setup", app.action_setup),
        ("replay", app.action_replay),
        ("book", app.action_book),
        ("export", app.action_export),
        ("settings", app.action_settings),
        ("rules", app.action_rules),
        ("language", app.action_language),
        ("help", app.action_help),
        ("quit", app.action_quit),
    ]
    return [(app.words.t(f"command.{name}"), app.words.t(f"command.{name}_help"), action) for name, action in names]


async def open_palette(app: Any) -> None:
    """Textual's command palette, its prompt in the player's language: one at a time (anywhere
    in the stack), never over the too-small screen."""
    from textual.command import CommandPalette

    if not app.use_command_palette or app.too_small_on_top():
        return
    if any(isinstance(screen, CommandPalette) for screen in app.screen_stack):
        return
    placeholder = app.words.line(app.words.t("command.search"))
    # No id (Textual gives its own palette "--command-palette"): a palette just closed is
    # still the app's child until it is removed, and a new one with the same id raised
    # DuplicateIds (random keys under load, through the wait for Ctrl+P's turn given up).
    await app.push_screen(Palette(placeholder=placeholder))
