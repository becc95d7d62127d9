"""Setting up a new match: the players' names, the length, the customs.

The name fields offer the players the book knows (:class:`KnownPlayers`, a list under the
field): the one who played last first, narrowed to those whose name holds what is typed
(Arabic and Latin alike, whatever the case, accents or short vowels: see
:meth:`tawla.store.book.Book.people`). Down opens it and moves in it, Enter takes the name,
Esc closes it; any other name can still be typed. The list pushes the rows under it down (the
card scrolls when it no longer fits): it never hides another field. Two names the book holds
for one player (:meth:`tawla.store.book.Book.key_of`: "Sam" and "sam") are refused. The book
is read in a thread once the screen is up (reading it never delays the menu, nor this
screen's first frame).

Either seat (or both) can be the computer's: the box beside a name (Space ticks it) puts the
computer's name in the field, Space again gives the seat back with the name that was there. Tab
goes the way the form reads (right to left in Arabic): the first name, its box, the second
name, its box. A letter typed on a box is meant for the next name ("Ali", Tab, "Badr": two named
people), so it goes there; only Space ticks a box. The computer plays every game: Plakoto and Fevga with tawla's own
evaluator, backgammon (and a tavli match's Portes) with Open Sage, which must be installed: Start
says so otherwise (see :mod:`tawla.analysis.computer`).

The match length is any number of points from 1 to 25, or money play: typed as digits
(``7``, ``1`` ``5``), ``m`` or ``0`` for money play, or picked from its list.

The same screen asks who plays a set-up position, and under which customs (``setup``): the
length, the score and the cube are then those of the IDs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from tawla.game import ActionError, RuleSet
from tawla.game.rules import DEFAULT_PRESET, PRESETS, TAVLI_LENGTHS, GameChoice, at_length, preset, preset_of
from tawla.i18n.bidi import has_rtl
from tawla.ui.fields import BidiInput
from tawla.ui.footer import TawlaFooter
from tawla.ui.lists import MAX_LENGTH, FittedSelect, LengthSelect
from tawla.ui.rules_words import rules_detail
from tawla.ui.screens.base import Localized
from tawla.ui.toggles import StateCheckbox

if TYPE_CHECKING:
    from tawla.store.book import Book, Person


@dataclass(frozen=True)
class MatchChosen:
    """The New match screen's answer: the rules, the names to play under, and the names as
    typed (remembered for next time; an empty one plays under the default name)."""

    rules: RuleSet
    names: tuple[str, str]
    typed: tuple[str, str]
    computer: frozenset[int] = frozenset()
    """The seats the computer plays (its name is then :data:`~tawla.analysis.computer.NAME`)."""


LENGTHS = (*range(1, MAX_LENGTH + 1), 0)
"""Match lengths on offer; 0 is money play."""

OFFERED = 8
"""Known players offered at most under a name field."""


class KnownPlayers(OptionList):
    """The known players offered under a name field (drawn over what is below it; the field
    keeps the focus)."""

    can_focus = False


class NewMatchScreen(Localized, Screen[MatchChosen | None]):
    """Names, match length, preset, and a way into the full house rules."""

    CSS_PATH = "new_match.tcss"
    typed_ahead = True  # (a form: keys typed ahead land where they would one at a time, see tawla/ui/bursts.py)
    AUTO_FOCUS = "#name0"
    BINDINGS = [
        Binding("escape", "back", "key.back"),
        Binding("ctrl+s", "start", "key.start"),
        Binding("down", "known(1)", show=False),
        Binding("up", "known(-1)", show=False),
    ]

    def __init__(
        self,
        rules: RuleSet,
        names: tuple[str, str],
        book: Callable[[], Book] | None = None,
        *,
        setup: Callable[[RuleSet], RuleSet] | None = None,
        fixed_length: bool = False,
    ) -> None:
        """``rules`` and ``names``: those of the last match started (the screen answers the
        rules and the names chosen, as typed and as played); ``book``: reads the players'
        book (in a worker thread), whose players the name fields offer.

        ``setup``: the screen asks who plays a set-up position and how; every rule set chosen
        goes through it (the IDs' length, score and cube put into it; an ActionError refuses
        it). ``fixed_length``: the IDs gave the length, which cannot be chosen here."""
        super().__init__()
        self.setup = setup
        self.fixed_length = fixed_length
        self.rules: RuleSet = rules
        self.names = names
        self.read_book = book
        self.book: Book | None = None
        self._reading = False
        self.offered: list[list[Person]] = [[], []]
        """The players each field's list offers now."""
        self._set: list[str | None] = [names[0], names[1]]
        """The value each field was given (the name of the last match, or a pick from the
        list): its Changed is no typing."""
        self.computer: set[int] = set()
        """The seats the computer plays (its box ticked beside the name)."""
        self._person: list[str] = [names[0], names[1]]
        """The name in each field before the computer took the seat (given back when it leaves)."""

    def compose(self) -> ComposeResult:
        self.set_class(self.rtl, "-rtl")
        names = self._shown or self.names
        with Vertical(id="card"):
            yield Static(self.say("setup.players_title" if self.setup else "new.title"), classes="title")
            for i in (0, 1):
                computer = i in self.computer
                name_input = BidiInput(
                    self.t("computer.name") if computer else names[i],
                    placeholder=self.line(self.t(f"new.default{i + 1}")),
                    id=f"name{i}",
                    max_length=24,
                    disabled=computer,
                )
                name_input.cursor_blink = False  # steady: calmer, and screenshots are reproducible
                seat = StateCheckbox(  # (its box first in the reading order: on the right in Arabic)
                    self.line(self.t("computer.seat")),
                    computer,
                    not self.rtl,
                    ascii_look=self.app.preferences.ascii_board,
                    id=f"computer{i}",
                    classes="seat",
                )
                seat.tooltip = self.t("computer.seat_help")
                yield from self._row(f"new.player{i + 1}", name_input, seat)
                yield KnownPlayers(id=f"known{i}", classes="known")
                # An Arabic name is also shown here the way it will appear in the game.
                yield Static(id=f"preview{i}", classes="preview")
            game = FittedSelect(
                [(self.line(self.t(f"games.choose.{game.value}")), game) for game in GameChoice],
                value=self.rules.game,
                allow_blank=False,
                id="game",  # (reached by Tab for a set-up position too: another game is refused, saying why)
            )
            length = self.rules.match_length
            options = [(self.line(self.t("new.money") if n == 0 else self.t_n("new.points", n)), n) for n in LENGTHS]
            if length not in LENGTHS:  # (a set-up position's length may be any: it is the IDs')
                options.append((self.line(self.t_n("new.points", length)), length))
            # The game and the match's length on one row (80 × 24 has room for four rows).
            yield from self._row(
                "new.game",
                game,
                LengthSelect(
                    options,
                    value=length,
                    allow_blank=False,
                    type_to_search=False,
                    id="length",  # (the IDs' when they give it: another is refused, saying why)
                ),
            )
            yield from self._row(
                "new.preset",
                FittedSelect(
                    [(self.line(self.t(f"preset.{name}")), name) for name in (*PRESETS, "custom")],
                    value=preset_of(self.rules),
                    allow_blank=False,
                    id="preset",
                ),
            )
            yield Static(id="summary", classes="hint")
            if self.fixed_length:
                yield Static(self.say("setup.length_fixed"), classes="hint")
            yield Static(id="problem", classes="error")
            with Horizontal(id="buttons"):  # the main button on the right, in Arabic too
                yield Button(self.line(self.t("new.house_rules")), id="house")
                yield Button(self.line(self.t("new.start")), id="start", variant="primary")
        yield TawlaFooter()

    def on_resize(self, event: events.Resize) -> None:
        for select in self.query(FittedSelect):  # (an open list fitted to its new room, once laid out)
            self.call_after_refresh(select.fit)

    def _row(self, label: str, *controls: Widget) -> ComposeResult:
        """A label and its controls; mirrored in Arabic (the label on the right, the controls
        from right to left: Tab follows the reading order, see ``Localized.focus_chain``)."""
        with Horizontal(classes="row"):
            if self.rtl:
                yield from reversed(controls)
                yield Label(self.say(label), classes="label")
            else:
                yield Label(self.say(label), classes="label")
                yield from controls

    def on_mount(self) -> None:
        if self not in self.app.screen_stack:  # (closed before it was mounted: Esc, Enter, Esc in one burst)
            return
        self._summarize()
        for i in (0, 1):
            self._preview(i, self.query_one(f"#name{i}", Input).value)
            self.query_one(f"#known{i}").display = False
        if self.read_book is not None and self.book is None and not self._reading:
            self._reading = True
            self._read()

    @work(thread=True, exclusive=True, group="book")
    def _read(self) -> None:
        assert self.read_book is not None
        book = self.read_book()
        self.app.call_from_thread(self._book_read, book)

    def _book_read(self, book: Book) -> None:
        self.book = book

    # -- the known players -----------------------------------------------------------------

    def _field(self) -> int | None:
        """The name field that has the focus (0 or 1), if one has."""
        focused = self.focused
        if isinstance(focused, Input) and focused.id in ("name0", "name1"):
            return int(focused.id[-1])
        return None

    def _list(self, i: int) -> KnownPlayers:
        return self.query_one(f"#known{i}", KnownPlayers)

    def offer(self, i: int, text: str) -> list[Person]:
        """Open field ``i``'s list with the known players whose name holds ``text`` (all of them
        for an empty text), the one who played last first; closed when there is none. The
        player in the other field is not offered."""
        if self.book is None:
            return []
        other = self.query_one(f"#name{1 - i}", Input).value.strip()
        taken = self.book.key_of(other) if other else None
        people = [p for p in self.book.people(text) if p.key != taken and not p.computer][:OFFERED]
        self.offered[i] = people
        known = self._list(i)
        known.clear_options()
        known.add_options(
            [
                Option(self.show(self.t("bookscreen.known", name=p.name, matches=self.t_n("book.matches", p.matches))))
                for p in people
            ]
        )
        known.display = bool(people)
        if people:
            self.call_after_refresh(known.scroll_visible, animate=False)  # (the card may scroll to show it)
        return people

    def close_offer(self, i: int) -> bool:
        """Close field ``i``'s list (whether it was open)."""
        known = self._list(i)
        was_open = bool(known.display)
        known.display = False
        known.highlighted = None
        return was_open

    def _pick(self, i: int, person: Person) -> None:
        field = self.query_one(f"#name{i}", Input)
        self._set[i] = person.name
        field.value = person.name
        field.cursor_position = len(person.name)
        self.close_offer(i)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "known":
            return self._field() is not None and self.book is not None
        return True

    def action_known(self, delta: int) -> None:
        """Down and Up in a name field: open its list (every known player, or those matching
        what was typed), and move in it."""
        i = self._field()
        if i is None:
            return
        known = self._list(i)
        if not known.display:
            field = self.query_one(f"#name{i}", Input)
            typed = field.value if self._set[i] is None and field.value not in self.names else ""
            if not self.offer(i, typed):
                return
            known.highlighted = 0 if delta > 0 else known.option_count - 1
            return
        if known.highlighted is None:
            known.highlighted = 0 if delta > 0 else known.option_count - 1
        elif delta > 0:
            known.action_cursor_down()
        else:
            known.action_cursor_up()

    def action_back(self) -> None:
        """Esc: closes an open list of known players, else goes back (a set-up to its IDs)."""
        i = self._field()
        if i is not None and self.close_offer(i):
            return
        if self.is_active:  # (an Esc of the same burst, behind the one that closed it)
            self.dismiss(None)

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        """Enter in a name field with a player highlighted in its list: that player's name."""
        if event.input.id not in ("name0", "name1"):
            return
        i = int(event.input.id[-1])
        known = self._list(i)
        if known.display and known.highlighted is not None and known.highlighted < len(self.offered[i]):
            self._pick(i, self.offered[i][known.highlighted])
            if i == 0:
                self.query_one("#name1", Input).focus()

    @on(OptionList.OptionSelected, ".known")
    def _clicked(self, event: OptionList.OptionSelected) -> None:
        i = int(str(event.option_list.id)[-1])
        if event.option_index < len(self.offered[i]):
            self._pick(i, self.offered[i][event.option_index])
        event.stop()

    @on(events.DescendantBlur)
    def _left_field(self, event: events.DescendantBlur) -> None:
        widget = event.widget
        if isinstance(widget, Input) and widget.id in ("name0", "name1"):
            self.close_offer(int(widget.id[-1]))

    _shown: tuple[str, str] | None = None
    """The names in the fields as the screen last began to speak again (F2 keeps a name half typed)."""

    def relabel(self) -> None:
        self.call_after_refresh(self.rebuild)

    async def rebuild(self) -> None:
        """The names read as the rebuild begins, not at F2: a letter typed between stays."""
        fields = [self.find(f"#name{i}", Input) for i in (0, 1)]
        if not self.rebuilding and fields[0] is not None and fields[1] is not None:
            self._shown = (fields[0].value, fields[1].value)
        await super().rebuild()

    def rebuilt(self) -> None:
        self.on_mount()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id in ("name0", "name1"):
            i = int(event.input.id[-1])
            self._preview(i, event.value)
            self.query_one("#problem", Static).update("")
            if self._set[i] == event.value:  # (a name picked from the list: no typing)
                return
            self._set[i] = None
            if event.input.has_focus:
                self.offer(i, event.value.strip())

    def _preview(self, i: int, name: str) -> None:
        preview = self.query_one(f"#preview{i}", Static)
        if has_rtl(name) and i not in self.computer:  # (the computer's name is tawla's own)
            preview.update(self.show(f"{self.t('new.preview')} {name}"))
            preview.display = True
        else:
            preview.display = False

    def _summarize(self) -> None:
        """What the game chosen is, in a line (and for Plakoto, Fevga and the tavli match, that
        tables play them in their own ways: the caution of the seeds), then its rules."""
        game = self.rules.game
        about = [self.t(f"games.{game.value}_help")] + ([self.t("games.caution")] if self.rules.tavla else [])
        summary = "\n".join([*about, rules_detail(self.words, self.rules)])
        self.query_one("#summary", Static).update(self.show(summary))
        # The café customs of Plakoto, Fevga and the tavli match are not the players' to choose:
        # no preset row for them (the summary says what they play with).
        preset_row = self.query_one("#preset", Select).parent
        if preset_row is not None:
            preset_row.display = not self.rules.tavla

    def _take(self, rules: RuleSet) -> bool:
        """Play under ``rules`` from now on (through ``setup`` for a set-up position); False,
        with the problem said, when the position cannot be played under them."""
        if self.setup is not None:
            try:
                rules = self.setup(rules)
            except ActionError as err:
                from tawla.i18n.messages import action_error_text

                self.query_one("#problem", Static).update(self.show(action_error_text(self.words.lang, err)))
                return False
        self.rules = rules
        return True

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "length" and event.value == self.rules.match_length:
            return
        if event.select.id == "preset" and event.value == preset_of(self.rules):
            return
        if event.select.id == "game" and event.value == self.rules.game:
            return
        problem = self.query_one("#problem", Static)
        problem.update("")
        if event.select.id == "game":
            game = GameChoice(str(event.value))
            if game is GameChoice.BACKGAMMON:
                length = self.rules.match_length
                self._take(preset(DEFAULT_PRESET, length))
            else:
                self._take(self.rules.adjusted(game=game))
            with self.prevent(Select.Changed):  # (the game refused for a set-up position: backgammon again)
                self.query_one("#game", Select).value = self.rules.game
                self.query_one("#length", Select).value = self.rules.match_length
                self.query_one("#preset", Select).value = preset_of(self.rules)
        elif event.select.id == "length" and self.fixed_length:
            # Refused with the reason, the length as it was: the IDs gave it.
            problem.update(self.say("setup.length_fixed"))
            with self.prevent(Select.Changed):
                self.query_one("#length", Select).value = self.rules.match_length
        elif event.select.id == "length" and self.rules.game is GameChoice.TAVLI and event.value not in TAVLI_LENGTHS:
            # Refused with the reason, the length as it was: a tavli match is to 3, 5 or 7.
            from tawla.i18n.messages import rules_error_text

            problem.update(self.show(self.num(rules_error_text(self.words.lang, "rules.tavli_length"))))
            with self.prevent(Select.Changed):
                self.query_one("#length", Select).value = self.rules.match_length
        elif event.select.id == "length":
            self._take(at_length(self.rules, int(str(event.value))))
        elif event.select.id == "preset" and event.value != "custom":
            try:
                self._take(preset(str(event.value), self.rules.match_length))
            except ValueError as err:
                from tawla.i18n.messages import rules_error_text

                key = getattr(err, "type", None) or "rules.tournament_money"
                problem.update(self.show(self.num(rules_error_text(self.words.lang, str(key)))))
        self._summarize()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if not self.is_active:  # (pressed by an Enter whose burst closed or covered this screen first)
            return
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "house":
            self._house_rules()

    @work
    async def _house_rules(self) -> None:
        from tawla.ui.screens.settings import SettingsScreen

        rules = await self.app.push_screen_wait(SettingsScreen(self.rules, for_new_match=True))
        if isinstance(rules, RuleSet) and self._take(rules):
            rules = self.rules
            with self.prevent(Select.Changed):
                self.query_one("#preset", Select).value = preset_of(rules)
                self.query_one("#length", Select).value = rules.match_length
                self.query_one("#game", Select).value = rules.game
            self._summarize()

    def one_player(self, a: str, b: str) -> bool:
        """Whether the book counts the names ``a`` and ``b`` as one player (its own key: case,
        spaces and short vowels aside, and the players it merged), read or not yet."""
        if self.book is not None:
            return self.book.key_of(a) == self.book.key_of(b)
        from tawla.store.players import name_key

        return name_key(a) == name_key(b)

    # -- the computer's seats -------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        """A letter typed on a seat's box (Tab after the first name reaches the first seat's
        box, in reading order) is the start of the next name: "Ali", Tab, "Badr" names two
        people, as players type it. The box is left as it was; Space still ticks it."""
        box = self.focused
        if not isinstance(box, Checkbox) or not event.is_printable or not event.character or event.key == "space":
            return
        chain = self.focus_chain
        after = chain[chain.index(box) + 1 :] if box in chain else []
        field = next((w for w in after if isinstance(w, Input) and w.id in ("name0", "name1")), None)
        if field is None:
            return
        event.stop()
        event.prevent_default()
        self.set_focus(field)  # (now: its Focus, which selects the name there, comes before the letter)
        field.call_later(_type_into, field, event.character)

    @on(Checkbox.Changed, ".seat")
    def _seat_changed(self, event: Checkbox.Changed) -> None:
        """The computer takes a seat (its name in the field, which waits) or leaves it (the
        person's name back)."""
        event.stop()
        i = int(str(event.checkbox.id)[-1])
        field = self.query_one(f"#name{i}", Input)
        self.query_one("#problem", Static).update("")
        if event.value == (i in self.computer):
            return  # (composed so: F2)
        if event.value:
            self.computer.add(i)
            self._person[i] = field.value
            shown = self.t("computer.name")
        else:
            self.computer.discard(i)
            shown = self._person[i]
        self.close_offer(i)
        self._set[i] = shown  # (no typing: nothing offered)
        field.value = shown
        field.disabled = event.value
        if event.value:
            from tawla.analysis.computer import needs_sage

            if needs_sage(self.rules):
                self._check_evaluator()

    @work(thread=True, exclusive=True, group="evaluator", exit_on_error=False)
    def _check_evaluator(self) -> None:
        """Whether the computer can play here (loading the evaluator, in a thread)."""
        from tawla.analysis.evaluator import unavailable

        why = unavailable()
        if why is not None:
            try:
                self.app.call_from_thread(self._no_evaluator, why)
            except RuntimeError:  # (the app has closed meanwhile)
                return

    def _no_evaluator(self, why: str) -> None:
        """No evaluator: the computer leaves its seats, and the form says why."""
        from tawla.analysis.evaluator import PACKAGE

        for i in sorted(self.computer):
            self.query_one(f"#computer{i}", Checkbox).value = False
        self.query_one("#problem", Static).update(self.show(self.t(f"evaluator.none.{why}", package=PACKAGE)))
        self.app.bell()

    def _computer_refusal(self) -> str | None:
        """Why the computer cannot take the seats it was given, or None: a game with backgammon
        to play (chosen after the box was ticked) where Open Sage is known to be missing."""
        from tawla.analysis.computer import needs_sage
        from tawla.analysis.evaluator import PACKAGE, known_unavailable

        if self.computer and needs_sage(self.rules):
            why = known_unavailable()
            if why is not None:
                return self.t(f"evaluator.none.{why}", package=PACKAGE)
        return None

    def action_start(self) -> None:
        from tawla.analysis.computer import NAME

        refused = self._computer_refusal()
        if refused is not None:
            self.query_one("#problem", Static).update(self.show(refused))
            self.app.bell()
            return
        computer = frozenset(self.computer)
        names = tuple(
            NAME if i in computer else self.query_one(f"#name{i}", Input).value.strip() or self.t(f"new.default{i + 1}")
            for i in (0, 1)
        )
        typed = tuple(
            self._person[i].strip() if i in computer else self.query_one(f"#name{i}", Input).value.strip()
            for i in (0, 1)
        )
        if not computer and self.one_player(names[0], names[1]):
            self.query_one("#problem", Static).update(self.show(self.t("new.same_player", a=names[0], b=names[1])))
            self.query_one("#name1", Input).focus()
            self.app.bell()
            return
        self.dismiss(MatchChosen(self.rules, (names[0], names[1]), (typed[0], typed[1]), computer))


def ask_new_match(app: Any) -> None:
    """Who plays, under which customs: then the match starts (the names and rules remembered)."""

    def chosen(answer: MatchChosen | None) -> None:
        if answer is None:
            return
        app.settings = app.settings.model_copy(update={"names": answer.typed, "rules": answer.rules})
        app.new_match(answer.rules, answer.names, answer.computer)

    app.push_screen(NewMatchScreen(app.settings.rules, app.settings.names, app.read_book), chosen)


def _type_into(field: Input, text: str) -> None:
    """Type ``text`` into ``field`` as a key would: over the selection, or at the cursor."""
    selection = field.selection
    if selection.is_empty:
        field.insert_text_at_cursor(text)
    else:
        field.replace(text, *selection)
