"""Pick a saved match: the unfinished one and those in the history, newest first."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tawla.game.rules import GameChoice
from tawla.store import saves
from tawla.store.keeper import Keeper
from tawla.ui.keys import EVERYWHERE
from tawla.ui.match_view import seat_names
from tawla.ui.screens.base import Localized


class HistoryScreen(Localized, ModalScreen[Path | None]):
    """A list of saved matches; Enter picks one (its file), Esc goes back."""

    CSS_PATH = "dialogs.tcss"
    typed_ahead = True  # (a form: keys typed ahead land where they would one at a time, see tawla/ui/bursts.py)
    BINDINGS = [Binding("escape", "cancel", show=False), *EVERYWHERE]

    def __init__(self, keeper: Keeper, title_key: str, include_current: bool = True) -> None:
        super().__init__()
        self.keeper = keeper
        self.title_key = title_key
        self.include_current = include_current

    def _files(self) -> tuple[list[Path], list[Path]]:
        """The unfinished matches (if listed), and the history."""
        keeper = self.keeper
        unfinished = [entry.listing.path for entry in keeper.unfinished()] if self.include_current else []
        return unfinished, keeper.history()

    def compose(self) -> ComposeResult:
        options = []
        unfinished, history = self._files()
        for path in unfinished + history:
            entry = saves.listing(path)
            if entry is None:
                text = self.t("history.unreadable", file=path.name)
            else:
                a, b = seat_names(entry.names, entry.computer, self.words)
                length = self.t("panel.money") if not entry.length else self.t_n("panel.match", entry.length)
                length = self.t("history.game_length", game=self.t(f"games.{game_of(entry).value}"), length=length)
                # A money session in the history has ended there, as the book counts it.
                ended = entry.finished or (not entry.length and path in history)
                state = self.t("history.finished" if ended else "history.unfinished")
                text = self.t(
                    "history.entry",
                    date=self.num(entry.started),
                    a=a,
                    b=b,
                    sa=entry.score[0],
                    sb=entry.score[1],
                    length=length,
                    state=state,
                )
            options.append(Option(self.show(text), id=str(path)))
        with Vertical(classes="card wide"):
            yield Static(self.say(self.title_key), classes="title")
            if options:
                yield OptionList(*options, id="matches")
            else:
                yield Static(self.say("history.empty"), classes="body")
            yield Static(self.say("history.hint" if options else "history.empty_hint"), classes="hint")

    _highlighted: int | None = None
    """The line highlighted before the list was composed again (after F2)."""

    def relabel(self) -> None:
        """After F2: the list in the language in force, the same line highlighted."""
        matches = self.find("#matches", OptionList)
        self._highlighted = matches.highlighted if matches is not None else None
        self.call_later(self.rebuild)

    def rebuilt(self) -> None:
        matches = self.find("#matches", OptionList)
        if matches is not None and self._highlighted is not None and self._highlighted < matches.option_count:
            matches.highlighted = self._highlighted

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if not self.is_active:  # (an Enter of the same burst, behind the one that picked)
            return
        self.dismiss(Path(event.option.id or ""))

    def action_cancel(self) -> None:
        self.dismiss(None)


def game_of(entry: saves.Listing) -> GameChoice:
    """The game a saved match plays, as its file says (backgammon when it says none it knows)."""
    game = (entry.rules or {}).get("game", GameChoice.BACKGAMMON.value)
    try:
        return GameChoice(game)
    except ValueError:
        return GameChoice.BACKGAMMON
