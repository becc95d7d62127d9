"""The Position ID, Match ID and XGID of the moment, to copy into GNU Backgammon, eXtreme Gammon or elsewhere."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from tawla.ui.keys import EVERYWHERE, both
from tawla.ui.screens.base import Localized
from tawla.ui.screens.dialogs import LEAVE

if TYPE_CHECKING:
    from tawla.game import Match
    from tawla.i18n.bidi import Bidi


def show_ids(app: Any, match: Match) -> None:
    """The IDs of ``match``'s moment (the game's i, the replay's): GNU Backgammon's Position ID
    and Match ID and the XGID; for Plakoto and Fevga, which have none, the position as
    ``tawla moves --game`` reads it."""
    if not match.has_ids:
        from tawla.engine.tavla import TavlaBoard
        from tawla.ui.screens.dialogs import NoticeScreen

        board = match.state.board
        game = match.state.variant.game.value
        lines = between_fields(board.text()) if isinstance(board, TavlaBoard) else []

        def body() -> str:  # (in the words in force: said again after F2)
            words = app.words
            text = "\n".join(words.unit(line, digits=False) for line in lines)  # (each line left to right)
            return str(words.t("ids.not_here", game=words.t(f"games.{game}"), text=text))

        title, hint = (lambda: str(app.words.t("ids.title"))), (lambda: str(app.words.t("store.hint")))
        app.push_screen(NoticeScreen(title, body, hint))
        return
    app.push_screen(IdsScreen(match.position_id(), match.match_id(), match.xgid()))


POSITION_LINE = 54
"""The most characters of a line of a Plakoto or Fevga position shown in a card (as many as its
text has: the card is 60 cells wide, its border and padding 6)."""


def between_fields(text: str, width: int = POSITION_LINE) -> list[str]:
    """A position's text (``tawla moves --game``'s) in lines of at most ``width`` characters,
    each broken after a field's comma (or the ``;``), never inside a field: a line broken in
    the middle of ``-2p`` misreads (#36)."""
    lines: list[str] = []
    line = ""
    for field in re.findall(r"[^,;]*[,;]?", text):
        if line and len(line) + len(field) > width:
            lines.append(line)
            line = ""
        line += field
    return [*lines, line] if line else lines


class IdsScreen(Localized, ModalScreen[None]):
    """The IDs, selectable with the mouse; c copies gnubg's pair and x the XGID (the terminal's
    clipboard, OSC 52)."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [
        Binding(both("c"), "copy", show=False),
        Binding(both("x"), "copy_xgid", show=False),
        Binding("enter,space,escape," + both("i"), "close", show=False),
        LEAVE,
        *EVERYWHERE,
    ]

    _hint = "ids.hint"
    """What the hint line says (what was copied, once copied)."""

    def __init__(self, position: str, match: str, xgid: str) -> None:
        super().__init__()
        self.position, self.match, self.xgid = position, match, xgid

    def compose(self) -> ComposeResult:
        # Each ID held in its own order: a "+" or "/" at one end stays there in Arabic too.
        with Vertical(classes="card wide"):
            yield Static(self.say("ids.title"), id="ids-title", classes="title")
            yield Static(self.say("ids.position"), id="ids-position", classes="label")
            yield Static(self._held_id(self.position), id="position", classes="id")
            yield Static(self.say("ids.match"), id="ids-match", classes="label")
            yield Static(self._held_id(self.match), id="match", classes="id")
            yield Static(self.say("ids.xgid"), id="ids-xgid", classes="label")
            yield Static(self._held_id(self.xgid), id="xgid", classes="id")
            yield Static(self.say(self._hint), id="hint", classes="hint")

    def relabel(self) -> None:
        """After F2: the words in the language in force (the IDs are the same in every language)."""
        words = {"#ids-title": "ids.title", "#ids-position": "ids.position", "#ids-match": "ids.match"}
        for name, key in {**words, "#ids-xgid": "ids.xgid", "#hint": self._hint}.items():
            static = self.find(name, Static)
            if static is not None:
                static.update(self.say(key))

    def _say_hint(self, key: str) -> None:
        self._hint = key
        self.query_one("#hint", Static).update(self.say(key))

    def _held_id(self, text: str) -> Bidi | Text:
        return self.show(Text(self.words.unit(text, digits=False), style="bold"))

    def action_copy(self) -> None:
        self.app.copy_to_clipboard(f"{self.position}:{self.match}")
        self._say_hint("ids.copied")

    def action_copy_xgid(self) -> None:
        self.app.copy_to_clipboard(self.xgid)
        self._say_hint("ids.copied_xgid")

    def action_close(self) -> None:
        self.dismiss(None)
