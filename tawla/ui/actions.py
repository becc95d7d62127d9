"""What tawla's commands do: the menu's, the palette's and the keys heard everywhere (F1, Ctrl+P,
Ctrl+W…): each opens its screen, or asks the game screen in play. A mixin of the app (the
palette lists the same commands: :func:`tawla.ui.commands.palette_commands`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import SystemCommand

if TYPE_CHECKING:
    from textual.screen import Screen

    from tawla.game.match import Match
    from tawla.store.book import Book
    from tawla.store.keeper import Keeper
    from tawla.store.saves import SavedMatch


class Commands:
    """The app's commands (``app`` is the app itself)."""

    app: Any
    keeper: Keeper
    paths: Any
    words: Any
    screen: Any
    screen_stack: Any
    settings: Any
    push_screen: Any
    pop_screen: Any
    in_turn: Any
    set_language: Any

    def action_help(self) -> None:
        from tawla.ui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen) and not self.too_small_on_top():
            game: Any = self._game_in_play()
            self.push_screen(HelpScreen(game.match.rules if game is not None else None))  # (that game's keys)

    def action_language(self) -> None:
        self.set_language("ar" if self.words.lang == "en" else "en")

    def action_rules(self) -> None:
        from tawla.ui.screens.rulebook import RulebookScreen

        self.push_screen(RulebookScreen())

    def action_settings(self) -> None:
        from tawla.ui.screens.game import GameScreen
        from tawla.ui.screens.settings import SettingsScreen

        locked = any(isinstance(screen, GameScreen) for screen in self.screen_stack)
        self.push_screen(SettingsScreen(self.settings.rules, locked=locked))

    def action_new_match(self) -> None:
        from tawla.ui.screens.new_match import ask_new_match

        ask_new_match(self)

    def action_resume(self) -> None:
        """The unfinished matches, the one played last first: Enter plays on, Delete takes one off."""
        from tawla.ui.screens.resume import pick_unfinished

        pick_unfinished(self)

    def action_setup(self, typed: tuple[str, str] = ("", "")) -> None:
        """Set up a position from its IDs (``typed``: as typed before), then play on from there."""
        from tawla.ui.screens.setup import set_up

        set_up(self, typed)

    def action_replay(self) -> None:
        """Pick a saved match and replay its games."""
        from tawla.ui.screens.replay import pick_replay

        pick_replay(self)

    def action_book(self) -> None:
        """The players' book (read in a thread once the screen is up: the menu never waits for it)."""
        from tawla.ui.screens.book import BookScreen

        self.push_screen(BookScreen(self.read_book))

    def read_book(self) -> Book:
        """The players' book as the history has it now (no data folder: an empty book). Called
        from a worker thread: the first read of a long history builds its index."""
        from tawla.store.book import Book, open_book

        return open_book(self.paths) if self.paths is not None else Book(())

    def action_export(self) -> None:
        """Export the match being played, or a saved one, as a .mat file."""
        from tawla.ui.screens.export import ask_export

        game = self._game_in_play()
        ask_export(self, self.keeper, game.match if game is not None else None)  # type: ignore[attr-defined]

    def load_for_reading(self, path: Path | None) -> SavedMatch | None:
        """A saved match to replay or export; a file that fails is named (and left where it is)."""
        return None if path is None else self.keeper.read(path)

    def end_session(self, match: Match) -> bool:
        """End the money session ``match`` (asked first by the game): into the history, off the
        Resume list. False when it could not be put away (the reason is said)."""
        return bool(self.keeper.end_session(match))

    def action_end_session(self) -> None:
        """End the money session being played (the game asks first)."""
        from tawla.ui.screens.game import GameScreen

        game = self.screen
        if isinstance(game, GameScreen):  # (on top: not under a dialog)
            game.action_end_session()

    def action_hint(self) -> None:
        """The hint for the game being played (the palette's "Hint"): the game screen's H."""
        from tawla.ui.screens.game import GameScreen

        game = self.screen
        if isinstance(game, GameScreen):  # (on top: not under a dialog)
            game.action_hint()

    def action_card_again(self) -> None:
        """The card of the game just over, again (the palette's; the game screen's v)."""
        from tawla.ui.screens.game import GameScreen

        game = self.screen
        if isinstance(game, GameScreen):  # (on top: not under a dialog)
            game.action_card_again()

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
        from tawla.ui.screens.game import GameScreen

        return next((screen for screen in reversed(self.screen_stack) if isinstance(screen, GameScreen)), None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A key of the app's that would do nothing is not shown (see EVERYWHERE): F1 on the
        help, Ctrl+P with the palette open, Ctrl+W with no game to leave."""
        from textual.command import CommandPalette

        from tawla.ui.screens.help import HelpScreen

        if action == "help":
            return not self.too_small_on_top() and not isinstance(self.screen, HelpScreen)
        if action == "command_palette":
            return not self.too_small_on_top() and not any(
                isinstance(screen, CommandPalette) for screen in self.screen_stack
            )
        if action == "menu":
            return self._game_in_play() is not None
        return super().check_action(action, parameters)  # type: ignore[misc,no-any-return]

    def action_command_palette(self) -> None:
        """Textual's command palette, with its prompt in the player's language: one at a time
        (anywhere in the stack, not only on top), and never over the too-small screen. Ctrl+P
        is a priority binding, run as it arrives: the palette opens after the keys typed before
        it, and those after it go to the palette."""
        self.in_turn(self._open_palette)

    async def _open_palette(self) -> None:
        from tawla.ui.commands import open_palette

        await open_palette(self)

    def too_small_on_top(self) -> bool:
        from tawla.ui.screens.too_small import TooSmallScreen

        return bool(self.screen_stack) and isinstance(self.screen, TooSmallScreen)

    def palette_commands(self) -> list[tuple[str, str, Callable[[], object]]]:
        """The command palette's commands: (title, help, action), in logical order."""
        from tawla.ui.commands import palette_commands

        return palette_commands(self)

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """The same commands as drawn (the palette uses :class:`~tawla.ui.commands.TawlaCommands`)."""
        for title, help_text, action in self.palette_commands():
            yield SystemCommand(self.words.line(title), self.words.line(help_text), action)
