"""The hint over the game: the evaluator's best plays of a roll, or its advice on the cube.

A card under the board, as wide as the screen (like a double to answer: the position it is
about stays in sight, its best play marked on the board by the game screen), that Esc, Enter,
Space or the hint key again closes. The plays are ranked best first, each written in its
mover's numbering (:meth:`~tawla.ui.match_view.MatchTexts.play`), with its equity and, in
words for a newcomer, its chances («wins 62%, gammon 18%»). As many as the card has room for,
at most :data:`SHOWN`. F2 says it again in the other language.

Plakoto and Fevga are the same card without a cube: the plays judged by tawla's own evaluator,
their equity in points of the game, their chances of winning and of winning double («wins 62%,
2 points 18%»), and the note under them says which evaluator judged them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar

from rich.cells import cell_len
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Static

from tawla.analysis.evaluator import Chances, Ranked
from tawla.analysis.hint import CubeHint, Hint, PlayHint
from tawla.analysis.tavla_eval import TavlaChances, TavlaRanked
from tawla.ui.keys import EVERYWHERE, both
from tawla.ui.screens.dialogs import LEAVE, _Dialog

if TYPE_CHECKING:
    from tawla.i18n.words import Words
    from tawla.ui.match_view import MatchTexts

SHOWN = 5
"""The most plays a hint lists."""


def decimal(words: Words, value: float, places: int = 3) -> str:
    """A signed equity (``+0.234``, ``−0.157``; in Arabic-Indic digits, the sign read first from
    the right: :meth:`~tawla.i18n.words.Words.decimal`), in one piece wherever it stands."""
    return words.decimal(value, places, signed=True)


def percent(words: Words, share: float) -> str:
    """A share as a whole percentage (``62%``; ``٦٢٪`` with Arabic-Indic digits, read from the
    right), in one piece."""
    return words.percent(round(100 * share))


def chances_text(words: Words, chances: Chances | TavlaChances) -> str:
    """«wins 62%, gammon 18%»: the chances of winning, and of winning a gammon (or more); in
    Plakoto and Fevga «wins 62%, 2 points 18%» (a double win)."""
    if isinstance(chances, TavlaChances):
        return words.t("hint.chances_tavla", win=percent(words, chances.win), double=percent(words, chances.double))
    return words.t("hint.chances", win=percent(words, chances.win), gammon=percent(words, chances.gammon))


WITH_STATUS = 6
"""The fewest lines a hint's card keeps the game's status line in sight with: its title, the
heading and three plays, its closing line."""


def room_under(size: Size, status: Widget | None) -> int:
    """The lines a hint's card has between its borders in a terminal of ``size``: what is under
    the board and the game's ``status`` line (its notice and what to do stay in sight), but the
    footer's line; at 80 × 24, where that leaves no room for three plays, the status line's too
    (#36: at 100 × 30 the card covered it)."""
    from tawla.ui.match_view import ABOVE_BOARD, fitted_scale

    board = fitted_scale(size.width, size.height).height
    room = size.height - ABOVE_BOARD - board - 1 - 2
    under = status.outer_size.height + status.styles.margin.top if status is not None else 4
    return room - under if room - under >= WITH_STATUS else room


class HintScreen(_Dialog):
    """The hint of :class:`~tawla.analysis.hint.Hint` (see the module docstring). ``room``:
    the lines the card may fill between its borders (None: as many as the game under it has, at
    every size: :func:`room_under`); ``texts`` and ``name`` are asked again after F2."""

    BINDINGS: ClassVar = [
        Binding("escape,enter,space," + both("H"), "close", show=False),
        LEAVE,
        *EVERYWHERE,
    ]

    CSS_PATH = ["dialogs.tcss", "hint.tcss"]  # type: ignore[assignment]  # (Textual takes a list too)

    def __init__(
        self, hint: Hint, texts: Callable[[], MatchTexts], name: Callable[[], str], room: int | None = None
    ) -> None:
        super().__init__("", "", "")
        self.hint = hint
        self._texts = texts
        self._decider = name
        self._room = room

    @property
    def room(self) -> int:
        """The lines the card may fill between its borders now (unless given: under the board
        and the status line of the game under it, see :func:`room_under`)."""
        if self._room is not None:
            return max(self._room, 3)
        under = [screen for screen in self.app.screen_stack if screen is not self]
        status = under[-1].query("#status").first() if under and under[-1].query("#status") else None
        return max(room_under(self.app.size, status), 3)

    def on_resize(self, event: events.Resize) -> None:
        self.relabel()  # (as many plays as the new size has room for)

    def compose(self) -> ComposeResult:
        with Vertical(classes="card"):
            yield Static(id="title", classes="title")
            yield Static(id="note", classes="body")
            yield Static(id="body", classes="body")
            yield Static(id="hint", classes="hint")

    def on_mount(self) -> None:
        self.relabel()

    def action_close(self) -> None:
        if self.is_active:  # (a key of the same burst, behind the one that closed it)
            self.dismiss(None)

    # -- what it says ------------------------------------------------------------------------

    def relabel(self) -> None:
        """Every text in the language in force (the first time, and after F2)."""
        if not self.find("#title", Static):
            return
        width = max(self.app.size.width - 4, 20)  # (the card's borders and padding)
        title, note, body, close = self.parts(width)
        self.query_one("#title", Static).update(self.show(Text(title, style="bold")))
        note_view = self.query_one("#note", Static)
        note_view.update(self.show(note))
        note_view.display = bool(note)
        self.query_one("#body", Static).update(body)
        self.query_one("#hint", Static).update(self.show(close))

    def parts(self, width: int) -> tuple[str, str, RenderableType, str]:
        """The title, a note over the body (or ""), the body, and the closing line."""
        if isinstance(self.hint, CubeHint):
            return self._cube(self.hint)
        return self._plays(self.hint, width)

    def _lines(self, text: str, width: int) -> int:
        return -(-cell_len(text) // width) if text else 0

    def _plays(self, hint: PlayHint, width: int) -> tuple[str, str, RenderableType, str]:
        from tawla.ui.skill import judged_by

        texts = self._texts()
        words = texts.words
        t = words.t
        title = t("hint.title", name=self._decider(), roll=texts.roll(hint.roll))
        notes = []
        if hint.made:
            notes.append(t("hint.from_start" if hint.rest is not None else "hint.from_start_off"))
        if len(hint.ranked) == 1:
            notes.append(t("hint.none" if hint.best.play.is_pass else "hint.only"))
        note = " ".join(notes)
        close = t("hint.close" if hint.rest else "hint.close_none")
        # Whose judgement it is, in Plakoto and Fevga, is said whatever the room (a play fewer).
        judged = " ".join(judged_by(words, [hint.tavla])) if hint.tavla is not None else ""
        free = self.room - 2 - self._lines(note, width) - self._lines(judged, width)  # (2: the title, the close)
        shown = max(1, min(len(hint.ranked), SHOWN, free - 1 if free - 1 >= 3 else free))
        header = free - shown >= 1
        explain = free - shown - header >= 1 and len(hint.ranked) > 1
        rows: list[tuple[str, str, str, str]] = []
        if header:
            rows.append(("", t("hint.play"), t("hint.equity"), t("hint.chances_head")))
        plays: Sequence[Ranked | TavlaRanked] = hint.ranked
        for i, ranked in enumerate(plays[:shown]):
            rows.append(
                (
                    words.num(i + 1),
                    texts.play(ranked.play.steps),
                    decimal(words, ranked.equity),
                    chances_text(words, ranked.chances),
                )
            )
        body = self._table(rows, header)
        said = judged
        if explain:  # (the equity explained where there is room, and whose judgement in the same paragraph)
            explained = t("hint.equity_note" if hint.tavla is None else "hint.equity_note_tavla")
            said = f"{explained} {judged}".strip()
        if said:
            close = said + "\n" + close
        return title, note, body, close

    def _table(self, rows: list[tuple[str, str, str, str]], header: bool) -> RenderableType:
        """The plays, one a row, the best first (in bold): mirrored in Arabic, the first
        column on the right (as the help lays its keys out)."""
        rtl = self.rtl
        table = Table.grid(padding=(0, 2), expand=rtl)
        columns = 4
        if rtl:
            table.add_column(ratio=1)
            for _ in range(columns - 1):
                table.add_column()
        else:
            for _ in range(columns):
                table.add_column()
        for i, row in enumerate(rows):
            style = "dim" if header and i == 0 else "bold" if i == int(header) else ""
            cells = [self.show(Text(cell, style=style)) for cell in row]
            table.add_row(*(reversed(cells) if rtl else cells))
        return table

    def _cube(self, hint: CubeHint) -> tuple[str, str, RenderableType, str]:
        texts = self._texts()
        words = texts.words
        t = words.t
        title = t("hint.title_cube", name=self._decider())
        equities = [decimal(words, e) for e in hint.equities]
        if hint.kind == "double":
            figures = t("hint.double_equities", nd=equities[0], dt=equities[1], dp=equities[2])
        else:
            figures = t("hint.answer_equities", take=equities[0], drop=equities[1])
        lines = [
            Text(t(f"hint.{hint.right}"), style="bold"),
            Text(figures),
            Text(t("hint.before_roll", chances=chances_text(words, hint.chances))),
        ]
        if self.room >= 6:
            lines.append(Text(t("hint.equity_note"), style="dim"))
        body = Text("\n").join(lines)
        return title, "", self.show(body), t("hint.close_cube")
