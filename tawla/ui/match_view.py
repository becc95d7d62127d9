"""The view of a match that the game and the replay share: the banner, the board and the side
panel (mirrored in Arabic), and the words for what happened on the board.

Both screens build what to show from the match (and, for the game, the cursor) and hand it
to :class:`MatchView`; neither decides a rule here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, ClassVar, Final

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Static

from tawla.engine import BAR
from tawla.engine.moves import dice_of
from tawla.engine.notation import format_steps
from tawla.engine.tavla import Game
from tawla.game.rules import preset_of
from tawla.game.state import Phase
from tawla.i18n import LANGUAGES, tr
from tawla.i18n.bidi import Bidi
from tawla.i18n.messages import in_words, move_from_the_right
from tawla.store.options import BoardFacing, HomeSide, RollNames
from tawla.ui.board import GLYPHS, BoardModel, BoardView, Destination, LastMove, Scale, scale_for
from tawla.ui.geometry import Cell, Layout

if TYPE_CHECKING:
    from tawla.engine import Step
    from tawla.game import Match, RuleSet
    from tawla.game.state import MatchState
    from tawla.i18n.words import Words
    from tawla.store.settings import Preferences
    from tawla.ui.cursor import Cursor

PANEL_MIN = 28
"""Columns the side panel keeps beside the board, its rule and padding included."""
ABOVE_BOARD = 2
"""Lines over the board: the banner and the blank under it."""
UNDER_BOARD = 9
"""Lines under the board that 80 × 24 has: the status (or the move prompt, or the card of a
result or a decision) and the footer; a larger board never takes them."""


def fitted_scale(width: int, height: int) -> Scale:
    """The scale of the largest board a terminal of ``width`` × ``height`` has room for beside
    the panel and between the banner and the lines under it (1: the board's margin)."""
    return scale_for(width - 1 - PANEL_MIN, height - ABOVE_BOARD - UNDER_BOARD)


def the_person(computer: Collection[int]) -> int | None:
    """The one seat a person plays against the computer (None: two people, or the computer
    playing itself)."""
    people = [player for player in (0, 1) if player not in computer]
    return people[0] if len(people) == 1 else None


def viewer(state: MatchState, computer: Collection[int] = ()) -> int:
    """Whose numbering the board shows: the player who decides now (the one on roll; the
    doubled player while a double waits for an answer; the one answering a resignation).
    Once a game is over, against the computer (``computer``: its seats), the person's: the
    board the game ends on stays theirs."""
    person = the_person(computer)
    if person is not None and state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER):
        return person
    return state.to_act if state.to_act is not None else state.on_roll


def layout_for(
    state: MatchState, prefs: Preferences, computer: Collection[int] = (), numbered_for: int | None = None
) -> Layout:
    """Where each player sits and where the homes are, as the preferences say: still (the
    first player at the bottom, the default: the board between two people does not move), or
    turned to face the player who decides (``numbered_for``, when given: the one whose move or
    decision the board shows). Against the computer (``computer``: its seats) the person sits
    at the bottom, whichever seat they took, and the board never turns to the computer."""
    person = the_person(computer)
    if person is not None:
        bottom = person
    elif prefs.board_facing is BoardFacing.ON_ROLL:
        bottom = numbered_for if numbered_for is not None else viewer(state)
    else:
        bottom = 0
    return Layout(bottom=bottom, home_right=prefs.home_side is HomeSide.RIGHT, game=state.variant.game)


def calls_rolls(words: Words, prefs: Preferences, rules: RuleSet) -> bool:
    """Whether rolls are called by their café names (شيش بيش): in Arabic only, as the setting
    says; by default in a match played by the café customs (Plakoto, Fevga and the tavli match
    are played by them too)."""
    if not words.rtl or prefs.roll_names is RollNames.NEVER:
        return False
    return prefs.roll_names is RollNames.ALWAYS or preset_of(rules) == "cafe" or rules.tavla


_WESTERN: Final = str.maketrans("٠١٢٣٤٥٦٧٨٩", "0123456789")


def shown_name(name: str, words: Words) -> str:
    """A player's name as the interface shows it: a default name (what the new-match form
    fills in when none is typed: "Player 1", «لاعب ١») in the interface's language, whatever
    language it was given in; a name the player typed, as typed."""
    plain = name.translate(_WESTERN)
    for number in (1, 2):
        key = f"new.default{number}"
        if any(plain == tr(lang, key) for lang in LANGUAGES):
            return words.t(key)
    return name


def shown_names(match: Match, words: Words) -> tuple[str, str]:
    """Both players' names as the interface shows them (:func:`shown_name`; the computer's seat
    by the catalog's ``computer.name``, "tawla" / «الحاسوب», whatever name is stored)."""
    return seat_names(match.names, match.computer, words)


def seat_names(names: tuple[str, str], computer: frozenset[int], words: Words) -> tuple[str, str]:
    """The names of two seats as the interface shows them (``computer``: the seats the computer
    plays, shown by its name in the interface's language): a match's, or a saved file's."""
    a, b = (words.t("computer.name") if i in computer else shown_name(n, words) for i, n in enumerate(names))
    return a, b


class MatchTexts:
    """How a match is written for the player: rolls, plays, names with their checker."""

    FACES = "⚀⚁⚂⚃⚄⚅"
    """Die faces, one to six (one cell each in every terminal font tried; the digit follows,
    for fonts that draw them small)."""

    def __init__(self, words: Words, ascii_board: bool, calls: bool = False, from_the_right: bool = False) -> None:
        """``calls``: rolls are told with their café names too (:func:`calls_rolls`);
        ``from_the_right``: in a right-to-left interface, moves are written to be read from the
        right (١٣←٧, the setting :class:`~tawla.store.options.MoveNotation`)."""
        self.words = words
        self.ascii = ascii_board
        self.glyphs = GLYPHS[ascii_board]
        self.calls = calls
        self.from_the_right = from_the_right and words.rtl

    @property
    def arrow(self) -> str | None:
        """The sign between the points of a move read from the right («١٣←٧»); None when moves
        are written left to right."""
        return self.words.t("notation.move_to") if self.from_the_right else None

    def die(self, value: int) -> str:
        """One die as the panel shows it: its face and its number ("⚅6"), or "[6]" on the
        ASCII board; kept in one piece inside Arabic text."""
        text = f"[{value}]" if self.ascii else f"{self.FACES[value - 1]}{value}"
        return self.words.unit(text)

    def roll(self, roll: tuple[int, int], joined: bool = False) -> str:
        """A roll as players write it (6-5, or 65 where room is short), kept in one piece inside
        Arabic text: written, like the moves, to be read from the right (٦-١: the 6 first from
        the right, beside its name «شيش يك»; never joined, where ٦١ would read as a number) or,
        with the setting for the other way, left to right."""
        if self.from_the_right:
            return self.words.rtl_unit(f"{roll[0]}-{roll[1]}")
        return self.words.unit(f"{roll[0]}{roll[1]}" if joined else f"{roll[0]}-{roll[1]}")

    def dice(self, dice: Sequence[int]) -> str:
        """Dice still to play (6 1), in one piece, read in the order of the moves and rolls."""
        text = " ".join(str(d) for d in dice)
        return self.words.rtl_unit(text) if self.from_the_right else self.words.unit(text)

    def roll_name(self, roll: tuple[int, int]) -> str:
        """A roll's café name: شيش بيش for 6-5, دوشيش for 6-6 (the higher die first)."""
        high, low = max(roll), min(roll)
        t = self.words.t
        if high == low:
            return t(f"roll.double{high}")
        return t("roll.pair", high=t(f"roll.die{high}"), low=t(f"roll.die{low}"))

    def roll_named(self, roll: tuple[int, int], joined: bool = False) -> str:
        """A roll where it is told (the last move, the move list): with its café name when
        rolls are called by name ("6-5 (شيش بيش)"), else as :meth:`roll` writes it."""
        text = self.roll(roll, joined)
        return self.words.t("roll.called", roll=text, name=self.roll_name(roll)) if self.calls else text

    def play(self, steps: tuple[Step, ...]) -> str:
        """A play in notation, always in its mover's numbering (as the move list, the replay,
        the notices and the .mat write it), in the interface's digits. In Arabic, each move is
        held in its own order (``١٦/١٠*/٨``, «بار/٢٢», «٦/خارج(٢)»: the catalog's words for the
        bar and off, which the move prompt reads too) and the moves follow each other from the
        right."""
        if not steps:
            return self.words.t("panel.no_move")
        text = format_steps(steps)
        if not self.words.rtl:
            return self.words.num(text)
        if self.from_the_right:
            return " ".join(self.words.rtl_unit(self._from_the_right(m)) for m in text.split(" "))
        return self.words.units(self._in_words(text))

    def typed(self, text: str) -> str:
        """A piece of typed notation (what could not be read: ``bar/22x``) quoted as the move
        prompt draws it: to be read from the right («بار←٢٢x»), or held left to right."""
        if self.from_the_right:
            return self.words.rtl_unit(self._from_the_right(text))
        return self.words.unit(text)

    def _in_words(self, text: str) -> str:
        """The notation with the catalog's words for the bar and off («بار», «خارج»)."""
        return in_words(self.words.lang, text)

    def _from_the_right(self, move: str) -> str:
        """One move of the standard notation (``bar/22*``, ``8/5(2)``) written to be read from
        the right: «بار←٢٢*», «٨←٥(٢)» (drawn ٢٢←ﺭﺎﺑ: the eye meets the source first)."""
        return move_from_the_right(self.words.lang, move)

    def name(self, match: Match, player: int) -> str:
        """A player's name (a default one in the interface's language: :func:`shown_name`; the
        computer's, ``computer.name``)."""
        if player in match.computer:
            return self.words.t("computer.name")
        return shown_name(match.names[player], self.words)

    def player(self, match: Match, player: int) -> str:
        """A player's checker and name."""
        return f"{self.glyphs[player]} {self.name(match, player)}"

    def moves(self, match: Match, current: bool = False, marks: Sequence[str] = ()) -> list[tuple[str, str]]:
        """The game's turns so far, one line each with its style, and the cube's moves between
        them ("● doubles to 2", "○ takes"); with ``current``, the turn being played too, as far
        as it has gone, highlighted; ``marks``: a mark after each completed turn's play (the
        replay's grade, ?! ? ??)."""
        lines: list[tuple[str, str]] = []
        for i, (player, done) in enumerate(match.turns):
            lines += self._cube_lines(match, i)
            text = f"{self.glyphs[player]} {self.roll_named(done.roll, joined=True)}: {self.play(done.made)}"
            mark = marks[i] if i < len(marks) else ""
            lines.append((f"{text} {mark}" if mark else text, ""))
        lines += self._cube_lines(match, len(match.turns))
        turn = match.state.turn
        if current and turn is not None:
            made = self.play(turn.made) if turn.made else "…"
            glyph = self.glyphs[match.state.on_roll]
            lines.append((f"{glyph} {self.roll_named(turn.roll, joined=True)}: {made}", "bold reverse"))
        return lines

    def _cube_lines(self, match: Match, turns: int) -> list[tuple[str, str]]:
        """The cube's moves made after ``turns`` completed turns of the game, a line each."""
        t = self.words.t
        return [
            (f"{self.glyphs[move.player]} {t(f'panel.cube_{move.action}', value=move.value)}", "")
            for move in match.cube_moves
            if move.turns == turns
        ]


OFFERS: Final = (Phase.DOUBLED, Phase.BEAVERED, Phase.RACCOONED)
"""The phases in which a cube value is on offer."""


def no_cube(words: Words, rules: RuleSet) -> str:
    """What the panel (and the story) say of a table without a cube in play: none at all, or a
    1-point match's, which is dead from the start."""
    return words.t("panel.no_cube_one_point" if rules.cube else "panel.no_cube")


def cube_and_dice(texts: MatchTexts, state: MatchState, names: Sequence[str], name_room: int) -> Text:
    """The panel's cube line (its value and owner, or the value on offer and by whom) and dice
    line (each die, those played struck through; the opening roll's tie), as the game's panel
    writes them: the replay shows them at each step too. ``name_room``: the cells of a name."""
    t = texts.words.t
    body = Text()
    rules = state.rules
    if rules.cube and state.offered and state.phase in OFFERS:
        name = texts.words.cut(names[state.offered_by], name_room)
        offer = t("panel.cube_offered", old=state.cube.value, value=state.offered, name=name)
        body.append(offer + "\n", style="bold")
    elif rules.cube_in_play:
        owner = state.cube.owner
        where = t("panel.centre") if owner is None else texts.words.cut(names[owner], name_room)
        body.append(f"{t('panel.cube')} {texts.words.num(state.cube.value)} · {where}")
        if not state.cube_live and not state.crawford_game:  # (the Crawford game is marked apart)
            body.append(" · " + t("panel.cube_dead"), style="dim")
        body.append("\n")
    else:
        body.append(no_cube(texts.words, rules) + "\n")
    body.append(t("panel.dice") + " ")
    turn = state.turn
    if turn is not None:
        dice = dice_of(turn.roll)  # (a double is played four times)
        remaining = list(turn.remaining)
        for d in dice:
            if d in remaining:
                remaining.remove(d)
                body.append(texts.die(d), style="bold reverse")
            else:
                body.append(texts.die(d), style="dim strike")  # (played)
            body.append(" ")
        if texts.calls:
            body.append("— " + texts.roll_name(turn.roll), style="italic")
    elif state.opening_dice is not None and state.phase is Phase.OPENING:
        d0, d1 = state.opening_dice
        body.append(t("panel.opening_tie", d0=d0, d1=d1))
    else:
        body.append("–")
    return body


def last_move(layout: Layout, player: int, steps: Sequence[Step]) -> LastMove:
    """What the board marks of ``player``'s play ``steps``: the cells checkers left and arrived
    at, by how many on balance (a checker that moved on from where it landed, 13/8/5, marks
    13 and 5 only, as the notation writes it), the points where the engine says a step hit,
    and the bar where the hit checkers wait."""
    balance: Counter[int] = Counter()
    for step in steps:
        balance[step.source] -= 1
        balance[step.dest] += 1

    def cells(sign: int) -> tuple[tuple[Cell, int], ...]:
        found = [(layout.cell(player, p), n * sign) for p, n in balance.items() if n * sign > 0]
        return tuple(sorted(found, key=lambda c: (c[0].row, c[0].column)))

    hit = {layout.cell(player, step.dest) for step in steps if step.hit}
    if hit and layout.game is Game.BACKGAMMON:  # (a Plakoto pin sends nothing to the bar)
        hit.add(layout.cell(1 - player, BAR))
    return LastMove(left=cells(-1), arrived=cells(1), hit=frozenset(hit))


def board_model(
    match: Match,
    prefs: Preferences,
    words: Words,
    cursor: Cursor | None = None,
    hint: Sequence[Step] = (),
    numbered_for: int | None = None,
) -> BoardModel:
    """What the board shows: the position from where the players sit, the cube, the last
    turn's checkers, the cursor's picks and places, and the steps of a hint's best play still
    to make (``hint``, the player on roll's). Numbered for ``numbered_for`` (the replay: the
    player whose move or decision a step shows), else for :func:`viewer`."""
    state = match.state
    numbering = numbered_for if numbered_for is not None else viewer(state, match.computer)
    layout = layout_for(state, prefs, match.computer, numbering)
    mover = state.on_roll
    position = state.board_now
    bottom_view = position if mover == layout.bottom else position.swapped()
    cube = None
    if state.rules.cube_in_play:
        owner = state.cube.owner
        where = "middle" if owner is None else ("bottom" if owner == layout.bottom else "top")
        offered = state.offered and state.phase in OFFERS
        cube = (state.offered if offered else state.cube.value, where, bool(offered) or state.cube_live)
    sources: frozenset[Cell] = frozenset()
    cursor_cell = picked = None
    destinations: tuple[Destination, ...] = ()
    if cursor is not None:
        c = cursor
        sources = frozenset(c.cell(p) for p in c.sources)
        cursor_cell = c.cell(c.at) if c.at is not None else None
        if c.picked is not None:
            picked = c.cell(c.picked)
            destinations = tuple(
                Destination(c.cell(s.dest), words.num(s.die), i == c.choice) for i, s in enumerate(c.choices)
            )
    last = LastMove()
    last_turn = match.last_turn
    # The opponent's play, until the player on roll makes a step of their own (and the game's
    # last play once it is over).
    if (
        last_turn is not None
        and (last_turn[0] != mover or state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER))
        and not (state.turn is not None and state.turn.made)
    ):
        last = last_move(layout, last_turn[0], last_turn[1].made)
    return BoardModel(
        layout=layout,
        board=bottom_view,
        numbering=numbering,
        mover=mover,
        cube=cube,
        cursor=cursor_cell,
        sources=sources,
        picked=picked,
        destinations=destinations,
        last=last,
        hint=last_move(layout, mover, hint) if hint else LastMove(),
        ascii=prefs.ascii_board,
        numbers=tuple(words.num(n) for n in range(26)),
    )


class MatchView(Vertical):
    """The banner over the board and the panel; in Arabic the panel is on the board's left."""

    DEFAULT_CSS: ClassVar[str] = """
    MatchView { height: auto; width: 100%; }
    MatchView #banner {
        width: 100%; height: 1; background: $primary; color: $background; text-style: bold;
    }
    MatchView #table { height: auto; width: 100%; align: center top; margin-top: 1; }
    MatchView #board { margin-right: 1; }
    MatchView #panel {
        width: 1fr; max-width: 44; height: auto; min-height: 13; max-height: 100%;
        padding: 0 1; border-left: vkey $primary 40%;
    }
    /* Arabic: the panel sits left of the board, its rule on its right. */
    MatchView.-rtl #board { margin-right: 0; margin-left: 1; }
    MatchView.-rtl #panel { border-left: none; border-right: vkey $primary 40%; }
    """

    def __init__(self, rtl: bool, *, panel: type[Static] = Static, id: str | None = None) -> None:
        """``panel``: the side panel's widget (the game's is a view of the game)."""
        super().__init__(id=id)
        self.rtl = rtl
        self._panel = panel
        self._shown: dict[str, tuple[int, str]] = {}

    def compose(self) -> ComposeResult:
        self.set_class(self.rtl, "-rtl")
        yield Static(id="banner")
        with Horizontal(id="table"):
            if self.rtl:
                yield self._panel(id="panel")
                yield BoardView(id="board")
            else:
                yield BoardView(id="board")
                yield self._panel(id="panel")

    def fit(self, width: int, height: int) -> None:
        """The largest board that a terminal of ``width`` × ``height`` has room for beside the
        panel and between the banner and the lines under it (the compact one at 80 × 24)."""
        self.query_one(BoardView).set_scale(fitted_scale(width, height))

    def panel_width(self) -> int:
        """The cells a line of the panel has (before the first layout: what it will have)."""
        panel = self.query_one("#panel", Static)
        if panel.content_size.width:
            return panel.content_size.width
        board = self.query_one(BoardView)
        room = (self.size.width or self.app.size.width) - board.get_content_width(None, None) - 1
        return max(10, min(44, room) - 3)  # (its rule and padding: see DEFAULT_CSS)

    @property
    def board(self) -> BoardView:
        return self.query_one(BoardView)

    def show(self, banner: object, board: BoardModel, panel: object | None = None) -> None:
        """The banner, the board and (``panel`` not None) the panel's text."""
        self.board.show(board)
        self.set_text("#banner", banner)
        if panel is not None:
            self.set_text("#panel", panel)

    def set_text(self, selector: str, content: object) -> None:
        set_text(self, self._shown, selector, content)


def set_text(parent: Widget, shown: dict[str, tuple[int, str]], selector: str, content: object) -> None:
    """Update the Static ``selector`` under ``parent`` only when what it shows changed, and
    lay it out again only when its height did. (A Static cannot tell: Rich texts and tables
    compare by identity, so each is reduced to its line count and a comparable form.)"""
    key = fingerprint(content)
    old = shown.get(selector)
    if old == key:
        return
    shown[selector] = key
    parent.query_one(selector, Static).update(content, layout=old is None or old[0] != key[0])  # type: ignore[arg-type]


def fingerprint(content: object) -> tuple[int, str]:
    """Line count and a comparable form of what a Static shows (texts, tables of texts, groups)."""
    if isinstance(content, Bidi):
        lines, key = fingerprint(content.text)
        return lines, f"B{content.rtl}{content.justify}{key}"
    if isinstance(content, Text):
        return content.plain.count("\n") + 1, repr(content.spans) + content.plain + str(content.justify)
    if isinstance(content, Table):
        cells = [fingerprint(cell)[1] for column in content.columns for cell in column.cells]
        return content.row_count, "|".join(cells)
    parts = getattr(content, "renderables", None)
    if parts is not None:
        keys = [fingerprint(part) for part in parts]
        return sum(k[0] for k in keys), "\x00".join(k[1] for k in keys)
    return 1, repr(content)  # pragma: no cover - the screens only build the kinds above
