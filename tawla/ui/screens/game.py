"""The game screen: the board, the side panel, the status line, and every key of play.

The screen never decides a rule: it asks the match what is allowed
(:meth:`Match.actions`, the turn's legal steps, the engine's reasons) and
turns keys into match actions. After every action it redraws from the state.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import ClassVar

from rich.cells import cell_len
from rich.console import Group
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Input, Label, Static

from tawla.engine import Position, Step, apply_step
from tawla.engine.explain import Reason, Why, explain_roll
from tawla.engine.notation import NotationError, parse_play, parse_turn
from tawla.game import Action, ActionError, Ending, Match, Phase, ResultKind
from tawla.game.figures import Side
from tawla.game.state import end_session_refusal
from tawla.i18n import isolate_ltr
from tawla.i18n.messages import action_error_text, notation_error_text, reason_text
from tawla.store.options import EndTurn, MoveNotation
from tawla.ui.board import BoardModel, BoardView
from tawla.ui.compat import going
from tawla.ui.cursor import Cursor
from tawla.ui.fields import BidiInput
from tawla.ui.footer import TawlaFooter
from tawla.ui.geometry import Layout
from tawla.ui.keys import both, digit_keys
from tawla.ui.match_view import (
    MatchTexts,
    MatchView,
    board_model,
    calls_rolls,
    cube_and_dice,
    layout_for,
    set_text,
)
from tawla.ui.messages import Played
from tawla.ui.rules_words import rules_name
from tawla.ui.screens.base import Speaks
from tawla.ui.screens.dialogs import AnswerScreen, ConfirmScreen, LineScreen, ResignLevelScreen, ResultScreen
from tawla.ui.typed_moves import MoveSuggester, notation_from_typed

_PROMPT_KEY_LIST = "colon,slash," + both("/")
_PROMPT_KEYS = frozenset(_PROMPT_KEY_LIST.split(","))
"""The keys that open the move prompt (``:``, ``/`` and the key where ``/`` is on an Arabic layout)."""


class MovePrompt(BidiInput):
    """The typed move, in the status area (the board stays in sight). Tab takes the suggestion;
    Tab again, straight after, takes the next one instead (every move the typed start allows, in
    the suggester's order, round again after the last). Notation reads left to right, in Arabic
    too (right-aligned, beside its title)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("tab", "complete", show=False)]
    _cycle: tuple[list[str], int] | None = None
    """The completions Tab went through (and which one it took), while the text is that one."""

    def action_complete(self) -> None:
        cycle, self._cycle = self._cycle, None
        if cycle is not None and self.value == cycle[0][cycle[1]]:
            options, taken = cycle[0], (cycle[1] + 1) % len(cycle[0])
        elif isinstance(self.suggester, MoveSuggester) and self.cursor_at_end:
            options, taken = self.suggester.completions(self.value), 0
        else:
            options, taken = [], 0
        if not options:
            self.action_cursor_right()
            return
        self.value = options[taken]
        self.cursor_position = len(self.value)
        self._cycle = (options, taken)


class GameScreen(Speaks, Screen[None]):
    """Two players, one keyboard: the match in progress."""

    CSS_PATH = "game.tcss"
    AUTO_FOCUS = ""  # (the keys belong to the screen; only the move prompt takes focus, when opened)

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "primary", "key.primary"),
        Binding(both("r"), "roll_key", "key.roll", show=False),
        Binding(both("r"), "handover_roll", "key.roll"),  # (shown while Enter and Space wait: the hand-over)
        Binding(both("d"), "double", "key.double"),
        Binding(both("t"), "take", "key.take"),
        Binding(both("p"), "drop", "key.drop"),
        Binding(both("b"), "beaver", "key.beaver"),
        Binding(both("b", "c"), "raccoon", "key.raccoon"),
        Binding("left," + both("h"), "cursor(-1, 0)", "key.left", show=False),
        Binding("right," + both("l"), "cursor(1, 0)", "key.right", show=False),
        Binding("up," + both("k"), "cursor(0, -1)", "key.up", show=False),
        Binding("down," + both("j"), "cursor(0, 1)", "key.down", show=False),
        Binding("tab", "cycle(1)", "key.next", show=False),
        Binding("shift+tab", "cycle(-1)", "key.previous", show=False),
        *[Binding(digit_keys(d), f"die({d})", "key.die", show=False) for d in range(1, 7)],
        Binding("backspace," + both("u"), "undo", "key.undo"),
        Binding("escape", "escape", "key.escape", show=False),
        Binding(_PROMPT_KEY_LIST, "notation", "key.notation"),
        Binding(both("R"), "resign", "key.resign"),
        Binding(both("i"), "ids", "key.ids", show=False),
        Binding("ctrl+w", "leave", "key.menu"),
        Binding(both("e"), "end_session", "key.end_session"),
    ]

    def __init__(self, match: Match) -> None:
        super().__init__()
        self.match = match
        self.cursor: Cursor | None = None
        self.notice: Callable[[], str] | None = None
        """What the status line tells of the last thing that happened (a forced move, who
        starts): kept as what to say, said in the words in force each time it is drawn (F2
        says it again in the other language, with the names and moves as that language writes
        them)."""
        self.problem: str | None = None
        self._asking = False
        self.handover = False
        """A turn (or a game) has just ended: Enter and Space wait, the next player rolls with r."""
        self.typing = False
        """The move prompt is open (it has the keys)."""
        self._shown: dict[str, tuple[int, str]] = {}
        self._enabled: tuple[bool | None, ...] = ()
        self._frames: list[tuple[int, Position]] = []
        """Positions still to show of a move played all at once (its mover, the mover's view)."""
        self._frame_timer: Timer | None = None
        self._to_show: tuple[int, Position, tuple[Step, ...]] | None = None

    # -- layout -----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        self.set_class(self.rtl, "-rtl")
        yield MatchView(self.rtl, id="view")
        yield Static(id="status")
        with Vertical(id="prompt"):
            with Horizontal(id="prompt-row"):
                # (select_on_focus off: a key typed before the focus came stays)
                prompt = MovePrompt(id="move", select_on_focus=False, direction="ltr")
                prompt.cursor_blink = False
                prompt.can_focus = False  # (until it is opened: Tab must not wander into it)
                # The title first, then the box: from the right in Arabic.
                parts = [Label(id="prompt-title"), prompt]
                yield from reversed(parts) if self.rtl else parts
            yield Static(id="prompt-line")
        yield TawlaFooter(compact=True)

    def on_mount(self) -> None:
        if self.autosaves:
            self.watch(self.app, "not_saving", self.redraw, init=False)  # (the panel says so)
        self._fit()
        self.after_action()

    def on_resize(self) -> None:
        self._fit()
        self.call_after_refresh(self.redraw)  # (the panel's lines are as wide as the panel: #12)

    def on_unmount(self) -> None:
        self._complete = False  # (its widgets go with it: nothing more is drawn)

    def on_screen_resume(self) -> None:
        # A match started over this one (from the command palette) took its place: this one
        # was saved and is on the Resume list; its screen goes.
        if self.autosaves and self.app.playing is not self.match:
            self.dismiss(None)

    def _fit(self) -> None:
        view = self.find(MatchView)
        if view is not None:  # (a resize during a rebuild: fitted after it)
            view.fit(self.size.width, self.size.height)

    def relabel(self) -> None:
        self.call_later(self.rebuild)

    async def rebuild(self) -> None:
        """After a change of language: mirror the layout and redraw every text. (Keys that
        arrive meanwhile change the match; they are drawn after.)"""
        self.typing = False
        self._complete = False
        await super().rebuild()

    def rebuilt(self) -> None:
        if not self._built():
            return
        self._shown.clear()
        self._enabled = ()
        self._fit()
        self.redraw()

    # -- helpers --------------------------------------------------------------------------

    @property
    def prefs(self):  # type: ignore[no-untyped-def]
        return self.app.preferences

    @property
    def lang(self) -> str:
        return self.words.lang

    def layout_now(self) -> Layout:
        return layout_for(self.match.state, self.prefs)

    @property
    def names(self) -> tuple[str, str]:
        """The players' names as shown (a default name in the interface's language)."""
        texts = self.texts
        return texts.name(self.match, 0), texts.name(self.match, 1)

    @property
    def texts(self) -> MatchTexts:
        """Rolls, plays and names as the player reads them."""
        prefs = self.prefs
        calls = calls_rolls(self.words, prefs, self.match.state.rules)
        return MatchTexts(self.words, prefs.ascii_board, calls, prefs.notation is MoveNotation.ARABIC)

    def act(self, action, *args) -> bool:  # type: ignore[no-untyped-def]
        """Run a match action; a refusal becomes the status line's message."""
        self.problem = None
        try:
            action(*args)
        except ActionError as err:
            self.problem = self.num(action_error_text(self.lang, err))
            self.app.bell()
            self.redraw()
            return False
        return True

    # -- after every action ------------------------------------------------------------

    def after_action(self, near: int | None = None) -> None:
        """Automatic steps (forced plays, auto end of turn), dialogs, then redraw. The cursor
        starts on the point ``near`` when it has a checker to move (the last step's source)."""
        state = self.match.state
        turn = state.turn
        if state.phase is Phase.MOVING and turn is not None:
            if self.prefs.auto_forced:
                mover, before = state.on_roll, state.board_now
                forced = self.match.play_forced()
                if forced is not None:
                    self._to_show = (mover, before, tuple(forced.steps))
                    player, steps = state.on_roll, tuple(forced.steps)
                    self.notice = lambda: self.t(
                        "notice.forced", player=self.names[player], play=self.texts.play(steps)
                    )
                    turn = self.match.state.turn
            if turn is not None and turn.complete and turn.steps_needed and self.prefs.end_turn is EndTurn.AUTO:
                self._end_turn()
                return self.after_action()
        self.cursor = None
        state = self.match.state
        if state.phase is Phase.MOVING and state.turn is not None and not state.turn.complete:
            self.cursor = Cursor.for_turn(state.turn, state.on_roll, self.layout_now(), near=near)
        self.redraw()
        if self._to_show is not None:
            self._show_steps(*self._to_show)
            self._to_show = None
        if state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER) and not self._asking:
            self._game_over()
        elif state.phase is Phase.RESIGNING and not self._asking:
            self._answer_resignation()
        return None

    # -- drawing ---------------------------------------------------------------------------

    _complete = False
    """Every widget the drawing writes to was found there (forgotten when the screen is rebuilt)."""

    def _built(self) -> bool:
        """Every widget the drawing writes to is there (old ones go before new ones come).
        Looked for until found once, not at every key: five queries cost a key 15% (#11)."""
        if self.rebuilding or going(self):
            return False
        if not self._complete:
            selectors = ("#board", "#panel", "#banner", "#status", "TawlaFooter")
            self._complete = all(self.query(selector) for selector in selectors)
        return self._complete

    autosaves: ClassVar[bool] = True
    """The match on this screen is the one being played (a replay's is not)."""

    def redraw(self) -> None:
        self._stop_steps()  # (whatever the players did: the board shows where things are now)
        if self.autosaves:
            self.post_message(Played(self.match))  # (the app saves it: only when its history changed)
        if not self._built():
            return  # (a key before the screen is built, or while it is rebuilt: drawn once it is, #11)
        self.query_one(MatchView).show(self._banner(), self._board(), self._panel())
        set_text(self, self._shown, "#status", self._status())
        states = {name: self.footer_state(name) for name in self._ACTIONS}
        shown = tuple(state is not False for state in states.values())
        if shown != self._enabled:
            self._enabled = shown
            self.refresh_bindings()  # the set of keys changed: the footer is rebuilt
        else:
            self.query_one(TawlaFooter).refresh_keys(states)  # same keys: just their state and text

    # -- a move played all at once, shown a step at a time --------------------------------------

    STEP_SECONDS: ClassVar[float] = 0.3
    """How long each step of a move played all at once stays on the board."""

    def _board(self) -> BoardModel:
        """The board as it is, or at the step being shown."""
        model = board_model(self.match, self.prefs, self.words, self.cursor)
        if not self._frames:
            return model
        mover, position = self._frames[0]
        return replace(model, board=position if mover == model.layout.bottom else position.swapped())

    def _show_steps(self, mover: int, before: Position, steps: tuple[Step, ...]) -> None:
        """Show a move played all at once (typed, or forced and played by itself) one step at a
        time: the board goes from ``before`` (``mover``'s view) through each step, one every
        :data:`STEP_SECONDS`. Never in the way: any key ends it (the key then does what it does),
        and the match is already where the move took it."""
        if not self.prefs.step_by_step or len(steps) < 2 or not self._built():
            return
        frames, position = [], before
        for step in steps[:-1]:
            position = apply_step(position, step)
            frames.append((mover, position))
        self._frames = frames
        self.query_one(BoardView).show(self._board())
        self._frame_timer = self.set_interval(self.STEP_SECONDS, self._next_step)

    def _next_step(self) -> None:
        if self._frames:
            self._frames.pop(0)
        if not self._frames:
            self._stop_steps()
        if self._built():
            self.query_one(BoardView).show(self._board())

    def _stop_steps(self) -> None:
        self._frames = []
        if self._frame_timer is not None:
            self._frame_timer.stop()
            self._frame_timer = None

    @property
    def showing_steps(self) -> bool:
        """A move is being shown a step at a time."""
        return bool(self._frames)

    def describe_action(self, action: str) -> str | None:
        """The live description of a binding whose meaning depends on the moment (the footer asks)."""
        if action != "primary":
            return None
        state = self.match.state
        if state.phase in (Phase.OPENING, Phase.TURN):
            return "key.roll"
        turn = state.turn
        if turn is not None and turn.complete:
            return "key.pass" if turn.steps_needed == 0 else "key.confirm"
        if self.cursor is not None and self.cursor.picked is not None:
            return "key.put"
        return "key.pick"

    SAME_WIDTH: ClassVar[tuple[tuple[str, ...], ...]] = (("key.pick", "key.put"),)
    """Live descriptions the footer draws equally wide: they swap at every Enter of a turn."""

    _ACTIONS: ClassVar[tuple[str, ...]] = (
        "primary",
        "handover_roll",
        "double",
        "take",
        "drop",
        "beaver",
        "raccoon",
        "undo",
        "notation",
        "resign",
        "end_session",
    )

    def _panel(self) -> Group:
        state = self.match.state
        rules = state.rules
        t, show = self.t, self.show
        head = Text()
        if rules.is_match:
            head.append(self.t_n("panel.match", rules.match_length), style="bold")
            if state.crawford_game:
                head.append("  " + t("panel.crawford"), style="bold reverse")
        else:
            head.append(t("panel.money"), style="bold")
        head.append("\n" + rules_name(self.words, rules))
        head.append("\n" + t("panel.game", number=state.game))
        if self.autosaves and self.app.not_saving is not None:
            head.append("\n" + t("panel.not_saved"), style="bold reverse")

        width = self.query_one(MatchView).panel_width()
        scores = self._scores(width)
        name_room = max(8, width - 12)  # (a name inside a sentence of the panel)

        body = cube_and_dice(self.texts, state, self.names, name_room)  # (as the replay writes them)
        last = self.match.last_turn
        if last is not None:
            player, done = last
            body.append("\n\n")
            # In the mover's numbering, as every move is written (the board marks where it went).
            name, rolled = self.words.cut(self.names[player], name_room), self.texts.told(done.roll)
            play = self.texts.play(done.made)
            body.append(t("panel.last", name=name, dice=rolled, play=play))
        parts: list[object] = [show(head), Text(""), scores, Text(""), show(body)]
        room = self.size.height - 24  # a taller terminal shows the game's moves too
        turns = self.match.turns
        if room >= 4 and turns:
            moves = Text()
            moves.append(t("panel.moves"), style="bold underline")
            for text, _ in self.texts.moves(self.match)[-(room - 2) :]:
                moves.append("\n" + text)
            parts += [Text(""), show(moves)]
        return Group(*parts)  # type: ignore[arg-type]

    def _scores(self, width: int) -> Text:
        """The score table, one line a player, each exactly as drawn: a name too long for the
        room left by the numbers is cut with "…", and nothing wraps (a wrapped Arabic header or
        a pip count split over two lines misreads, #12). In Arabic the names are on the right."""
        state = self.match.state
        words, num, rtl = self.words, self.num, self.rtl
        pips = self.prefs.show_pips
        acting = state.to_act if state.to_act is not None else state.on_roll
        over = state.phase in (Phase.GAME_OVER, Phase.MATCH_OVER)
        rows = [("", self.t("panel.score"), self.t("panel.pips"), "dim")]
        for player in (0, 1):
            style = "bold reverse" if acting == player and not over else ""
            rows.append(
                (self.texts.player(self.match, player), num(state.score[player]), num(state.pips_now(player)), style)
            )
        sw = max(cell_len(words.line(row[1])) for row in rows)
        pw = max(3, *(cell_len(words.line(row[2])) for row in rows))
        numbers = sw + (pw + 1 if pips else 0)
        room = max(4, width - numbers - 1)
        nw = min(room, max(cell_len(row[0]) for row in rows))
        out = Text(no_wrap=True, overflow="crop")
        for i, (name, score, pip, style) in enumerate(rows):
            name = words.cut(name, nw)
            if rtl and words.bidi_by_app:  # drawn as it must appear: the pips, the score, the name
                shown = words.line(name)
                cells = ([_pad(words.line(pip), pw)] if pips else []) + [_pad(words.line(score), sw)]
                line = " ".join(cells) + " " + " " * (nw - cell_len(shown)) + shown
                line = " " * (width - cell_len(line)) + line  # (flush with the panel's right edge)
            else:  # left to right, or Arabic that the terminal reorders itself (in reading order)
                shown = name if rtl else words.line(name)  # (an Arabic name in an English panel)
                tail = " " + _pad(pip, pw) if pips else ""
                line = shown + " " * (nw - cell_len(shown)) + " " + _pad(score, sw) + tail
            out.append(("\n" if i else "") + line, style=style)
        return out

    def reason(self, reason: Reason) -> str:
        return self.num(reason_text(self.lang, reason))

    def _banner(self) -> object:
        state = self.match.state
        t = self.t
        names = self.names
        phase = state.phase
        who = state.to_act if state.to_act is not None else state.on_roll
        if phase is Phase.OPENING:
            text = t("banner.opening")
        elif phase is Phase.TURN:
            text = t("banner.turn", name=self.texts.player(self.match, who))
        elif phase is Phase.MOVING:
            text = t("banner.moving", name=self.texts.player(self.match, who))
        elif phase is Phase.DOUBLED:
            text = t(
                "banner.doubled",
                name=self.texts.player(self.match, who),
                doubler=names[state.on_roll],
                value=state.offered,
            )
        elif phase is Phase.BEAVERED:
            text = t(
                "banner.beavered",
                name=self.texts.player(self.match, who),
                beaverer=names[1 - state.on_roll],
                value=state.offered,
            )
        elif phase is Phase.RACCOONED:
            text = t(
                "banner.raccooned",
                name=self.texts.player(self.match, who),
                raccooner=names[state.on_roll],
                value=state.offered,
            )
        elif phase is Phase.RESIGNING:
            text = t("banner.resigning", name=self.texts.player(self.match, who))
        elif phase is Phase.MATCH_OVER:
            text = t("banner.match_over")
        else:
            text = t("banner.game_over")
        return self.show(Text(text, style="bold"), justify="center")

    def _status(self) -> object:
        if self.problem:
            return self.show(Text(self.problem, style="bold"))
        state = self.match.state
        t = self.t
        lines: list[str] = []
        if self.notice is not None:
            lines.append(self.notice())
        phase = state.phase
        acts = self.match.actions()
        if phase is Phase.OPENING and self.handover:
            lines.append(t("status.opening_handover"))
        elif phase is Phase.OPENING:
            lines.append(t("status.opening"))
        elif phase is Phase.TURN and self.handover:
            name = self.names[state.on_roll]
            lines.append(t("status.handover_double" if Action.DOUBLE in acts else "status.handover", name=name))
        elif phase is Phase.TURN:
            lines.append(t("status.turn_double") if Action.DOUBLE in acts else t("status.turn"))
        elif phase is Phase.DOUBLED:
            lines.append(t("status.doubled_beaver") if Action.BEAVER in acts else t("status.doubled"))
        elif phase is Phase.BEAVERED:
            lines.append(t("status.beavered_raccoon") if Action.RACCOON in acts else t("status.beavered"))
        elif phase is Phase.RACCOONED:
            lines.append(t("status.doubled"))
        elif phase is Phase.MOVING and state.turn is not None:
            turn = state.turn
            if turn.steps_needed == 0:
                lines.extend(self.reason(r) for r in explain_roll(turn.start, turn.roll))
                lines.append(t("status.pass"))
            elif turn.complete:
                lines.append(t("status.confirm"))
            else:
                if not turn.made:
                    lines.extend(self.reason(r) for r in explain_roll(turn.start, turn.roll) if _worth_saying(r))
                if self.cursor is not None and self.cursor.picked is not None:
                    step = self.cursor.step
                    if step is not None and step.hit:  # (the landing marker covers the blot: say it)
                        lines.append(t("status.put_hit", point=step.dest))
                    lines.append(t("status.put"))
                else:
                    lines.append(t("status.pick"))
        return self.show("\n".join(lines[-2:]))

    # -- bindings ------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.typing:  # the move prompt has the keys: Esc closes it, nothing acts on the board
            if action in ("escape", "leave"):
                return True
            return None if action in self._ACTIONS else False
        state = self.match.state
        acts = self.match.actions()
        picked = self.cursor is not None and self.cursor.picked is not None
        moving = state.phase is Phase.MOVING and state.turn is not None
        complete = moving and state.turn.complete  # type: ignore[union-attr]
        handover = self.handover and state.phase in (Phase.TURN, Phase.OPENING)
        on = state.phase not in (Phase.GAME_OVER, Phase.MATCH_OVER) and not self._asking
        table = {
            # The hand-over: Enter and Space (pressed twice, or mashed) never roll for the
            # next player, who rolls with r (or doubles with d): their first action is theirs.
            "primary": None if handover else bool(acts & {Action.OPENING_ROLL, Action.ROLL}) or moving,
            # r, and the keys of the cube and of resigning, always reach their action while a
            # game is on: refused, they say why on the status line (the footer shows only what
            # can be done, see footer_state).
            "roll_key": on and not handover,
            "handover_roll": handover and bool(acts & {Action.ROLL, Action.OPENING_ROLL}),
            "opening_roll": Action.OPENING_ROLL in acts,
            "roll": Action.ROLL in acts,
            "double": on,
            "take": on,
            "drop": on,
            "beaver": on and (Action.BEAVER in acts or Action.RACCOON not in acts),  # (b raccoons when it can)
            "raccoon": on,
            "confirm": complete and not picked,
            "put": moving and picked,
            "pick": moving and not complete and not picked,
            "cursor": moving and not complete,
            "cycle": moving and picked,
            "die": moving and not complete,
            "undo": moving and (bool(state.turn.made) or picked),  # type: ignore[union-attr]
            "escape": moving and (bool(state.turn.made) or picked),  # type: ignore[union-attr]
            "notation": moving and not complete,
            "resign": on,
            # Money play only; heard in every phase of a game (a refusal is said), shown before
            # the roll (see footer_state: the footer has no room while moving).
            "end_session": on and not state.rules.is_match,
        }
        allowed = table.get(action, True)
        # While moving, keep Undo and Type a move in the footer, greyed out when they do
        # nothing: the footer then only changes between phases, not at every key.
        if not allowed and moving and action in ("undo", "notation"):
            return None
        return allowed

    _SPEAKING: ClassVar[dict[str, Action]] = {
        "double": Action.DOUBLE,
        "take": Action.TAKE,
        "drop": Action.DROP,
        "beaver": Action.BEAVER,
        "raccoon": Action.RACCOON,
        "resign": Action.RESIGN,
    }
    """Keys that are always heard (a refusal is said) but shown in the footer only when allowed."""

    def footer_state(self, action: str) -> bool | None:
        """Whether the footer shows a key (True), greys it out (None) or leaves it out (False)."""
        allowed = self.check_action(action, ())
        if action == "primary" and self.handover and self.match.state.phase in (Phase.TURN, Phase.OPENING):
            return False  # (Enter waits at the hand-over: r rolls, and the footer says r)
        if action in self._SPEAKING and allowed:
            return self._SPEAKING[action] in self.match.actions()
        if action == "end_session" and allowed:
            state = self.match.state
            return state.phase in (Phase.OPENING, Phase.TURN) and end_session_refusal(state) is None
        return allowed

    # -- actions: rolling and the cube ----------------------------------------------------------

    def action_primary(self) -> None:
        """Enter or Space: whatever comes next — roll, pick up, put down, end the turn."""
        state = self.match.state
        if state.phase is Phase.OPENING:
            self.action_opening_roll()
        elif state.phase is Phase.TURN:
            self.action_roll()
        elif state.phase is Phase.MOVING and state.turn is not None:
            if self.cursor is not None and self.cursor.picked is not None:
                self.action_put()
            elif state.turn.complete:
                self.action_confirm()
            else:
                self.action_pick()

    def action_handover_roll(self) -> None:
        if self.match.state.phase is Phase.OPENING:  # (a game just over: its opening roll)
            self.action_opening_roll()
        else:
            self.action_roll()

    def action_roll_key(self) -> None:
        if self.match.state.phase is Phase.OPENING:
            self.action_opening_roll()
        else:
            refused = self.match.refusal(Action.ROLL)
            if refused is not None:  # (r while moving, or while a double waits for its answer)
                self.act(lambda: _raise(refused))
                return
            self.action_roll()

    def action_opening_roll(self) -> None:
        self.notice = None
        self.handover = False
        if self.match.dice.manual:  # (the match's own dice: a resumed match keeps them)
            self._manual_dice(opening=True)
            return
        if self.act(self.match.roll_opening):
            self._tell_opening()
        self.after_action()

    def _tell_opening(self) -> None:
        """The notice of an opening roll just made: a tie, or who starts; with the roll's café
        name when the winner plays these dice and rolls are called by name."""
        state = self.match.state
        if state.phase is Phase.OPENING and state.opening_dice:
            die, _ = state.opening_dice
            self.notice = lambda: self.t("notice.tie", die=die)
        elif state.opening_dice:
            winner = state.on_roll  # the winner's die first: "Badr starts, 5 against 4"
            d0, d1 = state.opening_dice[winner], state.opening_dice[1 - winner]
            roll = state.turn.roll if state.turn is not None else None  # (else the winner rolls afresh)

            def opening() -> str:
                text = self.t("notice.opening", name=self.names[winner], d0=d0, d1=d1)
                texts = self.texts
                if roll is not None and texts.calls:
                    text += " " + self.t("roll.exclaimed", name=texts.roll_name(roll))
                return text

            self.notice = opening

    def action_roll(self) -> None:
        self.notice = None
        self.handover = False
        if self.match.dice.manual:  # (the match's own dice: a resumed match keeps them)
            self._manual_dice(opening=False)
            return
        self.act(self.match.roll)
        self.after_action()

    def _manual_dice(self, opening: bool) -> None:
        """Real dice: the players type what they rolled (the dialog takes the very next keys)."""

        def check(text: str) -> str | None:
            digits = [int(c) for c in text if c.isdigit()]  # Western or Arabic-Indic
            if len(digits) != 2 or not all(1 <= d <= 6 for d in digits):
                return self.t("dice.bad")
            return None

        def typed(text: str | None) -> None:
            if text is None or self.match.state.phase is not (Phase.OPENING if opening else Phase.TURN):
                return
            d1, d2 = (int(c) for c in text if c.isdigit())
            if self.act(self.match.roll_opening if opening else self.match.roll, (d1, d2)) and opening:
                self._tell_opening()
            self.after_action()

        on_roll = self.match.state.on_roll

        def title() -> str:  # (said again in the other language after F2, as every dialog's text)
            return self.t("dice.opening_title") if opening else self.t("dice.title", name=self.names[on_roll])

        self.app.push_screen(LineScreen(title, self.saying("dice.hint"), check=check), typed)

    def action_double(self) -> None:
        self.notice = None
        self.handover = False
        self.act(self.match.double)
        self.after_action()

    def action_take(self) -> None:
        self.act(self.match.take)
        self.after_action()

    def action_drop(self) -> None:
        self.act(self.match.drop)
        self.after_action()

    def action_beaver(self) -> None:
        self.act(self.match.beaver)
        self.after_action()

    def action_raccoon(self) -> None:
        self.act(self.match.raccoon)
        self.after_action()

    # -- actions: moving checkers --------------------------------------------------------------------

    def action_cursor(self, dx: int, dy: int) -> None:
        if self.cursor is not None:
            self.cursor = self.cursor.move(dx, dy)
            self.problem = None
            self.redraw()

    def action_cycle(self, direction: int) -> None:
        if self.cursor is not None:
            self.cursor = self.cursor.cycle(direction)
            self.redraw()

    def action_pick(self) -> None:
        turn = self.match.state.turn
        if self.cursor is None or turn is None:
            return
        self.cursor = self.cursor.pick(turn)
        self.problem = None
        self.redraw()

    def action_put(self) -> None:
        if self.cursor is None or self.cursor.step is None:
            return
        self._play_step(self.cursor.step)

    def _play_step(self, step: Step) -> None:
        if self.act(self.match.move, step):
            self.notice = None
            self.after_action(near=step.source)

    def action_die(self, die: int) -> None:
        state = self.match.state
        turn = state.turn
        if self.cursor is None or turn is None or self.cursor.at is None:
            return
        source = self.cursor.picked if self.cursor.picked is not None else self.cursor.at
        reason = self.match.step_refusal(source, die)
        if reason is not None:
            self.problem = self.reason(reason)
            self.app.bell()
            self.redraw()
            return
        step = next((s for s in turn.legal if s.source == source and s.die == die), None)
        if step is not None:
            self._play_step(step)

    def action_undo(self) -> None:
        if self.cursor is not None and self.cursor.picked is not None:
            self.cursor = self.cursor.drop()
            self.redraw()
            return
        near = self.match.state.turn.made[-1].source if self.match.state.turn and self.match.state.turn.made else None
        if self.act(self.match.undo):
            self.notice = None
            self.after_action(near=near)

    def action_escape(self) -> None:
        if self.typing:
            self.close_prompt()
            return
        if self.cursor is not None and self.cursor.picked is not None:
            self.cursor = self.cursor.drop()
            self.redraw()
            return
        self.act(self.match.undo_turn)
        self.notice = None
        self.after_action()

    def action_confirm(self) -> None:
        self.notice = None
        self._end_turn()
        self.after_action()

    def _end_turn(self) -> None:
        """End the turn; the next player's first Enter or Space then only says whose turn it
        is, so that a key pressed twice never rolls (or plays) for the other player."""
        if self.act(self.match.confirm) and self.match.state.phase is Phase.TURN:
            self.handover = True

    def action_notation(self) -> None:
        """``:`` or ``/``: type the rest of the turn in notation, in the status area. The
        prompt takes the very next key (``:6`` types a 6), the board stays in sight."""
        turn = self.match.state.turn
        if turn is None or self.typing:
            return
        if not self.query("#move") or not self.query("#prompt-title"):
            return  # (a key from a dialog just closed, before the screen is built or while F2 rebuilds it: #11)
        self.typing = True
        prompt = self.query_one("#move", MovePrompt)
        self._ask_for_the_move()
        self.query_one("#prompt").display = True
        self.query_one("#status").display = False
        prompt.can_focus = True
        prompt.focus()
        self.refresh_bindings()

    def _ask_for_the_move(self) -> None:
        """The prompt empty, asking for what is left of the turn: its title says the dice still
        to play once a step is made (on the board or typed), its suggestions go on from there."""
        turn = self.match.state.turn
        assert turn is not None
        prompt = self.query_one("#move", MovePrompt)
        prompt.suggester = MoveSuggester(turn)
        prompt.value = ""
        dice = self.texts.roll(turn.roll)
        if turn.made:
            left = self.num(" ".join(str(d) for d in turn.remaining))
            title = self.t("typing.title_rest", dice=dice, left=isolate_ltr(left) if self.rtl else left)
        else:
            title = self.t("typing.title", dice=dice)
        self.query_one("#prompt-title", Label).update(self.line(title))
        self.query_one("#prompt-line", Static).update(self.say("typing.hint"))

    def on_key(self, event: events.Key) -> None:
        """A key typed right after ``:`` can reach the screen before the prompt had the focus
        (a burst: the terminal delivered both at once). A character meant for the prompt goes
        into it, never to the board. (Keys that reach the prompt first never get here: the
        prompt keeps every character it is given.)

        Any key ends a move being shown a step at a time, and then does what it does."""
        if self._frames:
            self._stop_steps()
            self.query_one(BoardView).show(self._board())
        if self.typing and event.is_printable and event.character:
            event.stop()
            event.prevent_default()
            self.query_one("#move", MovePrompt).insert_text_at_cursor(event.character)
        elif event.key in _PROMPT_KEYS and not self.typing and self.check_action("notation", ()):
            # Opened here, in the order the keys came, not when the key's binding is looked up
            # (later, after the keys behind it have already reached this screen).
            event.stop()
            event.prevent_default()
            self.action_notation()

    async def two_letter_key(self, key: str) -> bool:
        """«لا» typed by B on an Arabic layout as two letters (see Speaks.on_key): what b does
        (beaver, or raccoon when that is what can be done), if the cube allows one of them now;
        else the alef is its own key (h, cursor left: the lam, G, does nothing). True if it was
        taken as b."""
        if self.typing:
            return False
        acts = self.match.actions()
        if not acts & {Action.BEAVER, Action.RACCOON} or self._asking:
            return False
        if self.check_action("beaver", ()):
            self.action_beaver()
        else:
            self.action_raccoon()
        return True

    def close_prompt(self) -> None:
        if not self.typing:
            return
        self.typing = False
        self.query_one("#prompt").display = False
        self.query_one("#status").display = True
        self.query_one("#move", MovePrompt).can_focus = False
        self.set_focus(None)
        self.refresh_bindings()

    @on(Input.Submitted, "#move")
    def typed_move(self, event: Input.Submitted) -> None:
        event.stop()
        if not self.typing:  # (an Enter that reached the prompt as it closed: it was meant for it, once)
            return
        turn = self.match.state.turn
        if turn is None or self.match.state.phase is not Phase.MOVING:
            self.close_prompt()
            return
        text = notation_from_typed(event.value)  # (بار, خارج, ظ for /, the Arabic comma, Arabic-Indic digits)
        if not text:
            self.close_prompt()
            return
        before, made, mover = self.match.state.board_now, turn.made, self.match.state.on_roll
        try:
            typed = parse_turn(turn.start, turn.roll, text, made=turn.made)  # (all of the rest, or part of it)
        except NotationError as err:
            typed = None
            if turn.made:  # the whole turn typed again from its start is fine too
                try:
                    play = parse_play(turn.start, turn.roll, text)
                except NotationError:
                    play = None
            else:
                play = None
            if play is None:
                self.query_one("#prompt-line", Static).update(self.show(self.num(notation_error_text(self.lang, err))))
                self.app.bell()
                return
        if typed is not None and not typed.complete:
            # Part of the turn: played, and the prompt asks for the rest (the dice still to play).
            if self.act(self.match.play_on, typed.made[len(made) :]):
                self.notice = None
                self._to_show = (mover, before, typed.made[len(made) :])
                self._ask_for_the_move()
                self.after_action()
            return
        if typed is not None:
            play = typed.as_play()
        self.close_prompt()
        if self.act(self.match.play, play):
            self.notice = None
            now = self.match.state.turn
            if now is not None and now.made[: len(made)] == made:
                self._to_show = (mover, before, now.made[len(made) :])
            elif now is not None:  # (the whole turn typed again, from its start)
                self._to_show = (mover, turn.start, now.made)
            self.after_action()

    # -- resignation, ids, leaving ---------------------------------------------------------------

    def action_resign(self) -> None:
        t = self.t
        state = self.match.state
        refused = self.match.refusal(Action.RESIGN, 1)
        if refused is not None:
            self.act(lambda: _raise(refused))
            return
        self.handover = False
        levels = tuple(int(kind) for kind in state.resign_levels())  # (only what can be won)

        def body() -> str:
            return "\n".join(
                self.t(f"resign.level{level}", points=self.t_n("points", state.points_for(ResultKind(level))))
                for level in levels
            )

        def chosen(level: int | None) -> None:
            if level and Action.RESIGN in self.match.actions():
                self.act(self.match.resign, level)
                self.after_action()

        title = lambda: t("resign.title", name=self.names[state.on_roll])  # noqa: E731  # (said again after F2)
        hint = self.saying("resign.hint" if len(levels) == 3 else f"resign.hint{len(levels)}")
        self.app.push_screen(ResignLevelScreen(title, body, hint, levels), chosen)

    def _answer_resignation(self) -> None:
        """The opponent accepts with y (Enter does nothing here: it also rolls and moves)."""
        state = self.match.state
        if state.resignation is None:
            return
        resigner, level = state.resignation
        t = self.t
        self._asking = True

        def answered(yes: bool | None) -> None:
            self._asking = False
            resigning = self.match.state.phase is Phase.RESIGNING
            if resigning and self.act(self.match.accept if yes else self.match.decline) and not yes:
                self.notice = lambda: self.t("notice.declined", name=self.names[1 - resigner])
            self.after_action()

        self.app.push_screen(
            AnswerScreen(  # (said again in the other language after F2)
                lambda: t("resign.offer_title", name=self.names[1 - resigner]),
                lambda: t(f"resign.offer{level}", name=self.names[resigner]),
                self.saying("resign.offer_hint"),
            ),
            answered,
        )

    def _game_over(self) -> None:
        state = self.match.state
        result = state.results[-1]
        t = self.t

        def body() -> str:  # (the card's texts are said again in the other language after F2)
            names = self.names
            kind = {1: "single", 2: "gammon", 3: "backgammon"}[int(result.kind)]
            how = t(f"over.{result.ending.value}", kind=t(f"over.kind_{kind}"))
            points = self.t_n("points", result.points)
            why = state.counted_as(result.kind) if result.ending is not Ending.DROP else None
            if why is not None:  # (gammons off, the Jacoby rule: the points are less than the win)
                text = t("over.body_why", name=names[result.winner], how=how, points=points, why=t(f"over.why_{why}"))
            else:
                text = t("over.body", name=names[result.winner], how=how, points=points)
            text += "\n" + t("over.score", a=names[0], b=names[1], sa=state.score[0], sb=state.score[1])
            if state.phase is Phase.GAME_OVER:
                text += "\n" + self._next_opener(state.game + 1, state.opens_next, "over.next_winner")
            return text

        self._asking = True
        if state.phase is Phase.MATCH_OVER:
            winner = state.winner
            title = lambda: t("over.match_title", name=self.names[winner if winner is not None else result.winner])  # noqa: E731

            def match_over(_: object) -> None:
                self._asking = False
                self.dismiss(None)

            over = ResultScreen(title, body, self.saying("over.match_hint"), self.match, book=self.autosaves)
            self.app.push_screen(over, match_over)
            return

        def next_game(answer: object) -> None:
            self._asking = False
            if answer == "end_session":  # (e on the card of a money game: asked first)
                self.action_end_session()
                return
            self.notice = None
            if self.match.state.phase is Phase.GAME_OVER and self.act(self.match.next_game):
                now = self.match.state
                number, opener = now.game, now.on_roll if now.phase is Phase.TURN else None
                self.notice = lambda: self._next_opener(number, opener, "notice.opens_winner")
                # The next game waits for its own roll key, as after a turn: an Enter pressed
                # twice on the card never throws its opening roll (nor rolls for its opener).
                self.handover = now.phase in (Phase.OPENING, Phase.TURN)
            self.after_action()

        money = not state.rules.is_match

        def hint() -> str:
            return t("over.hint") + (" · " + t("over.end_hint") if money else "")

        card = ResultScreen(self.saying("over.title"), body, hint, self.match, end_session=money)
        self.app.push_screen(card, next_game)

    def _next_opener(self, number: int, opener: int | None, winner_key: str) -> str:
        """Who opens game ``number`` and why (the rules' next_game_opener, asked of the game):
        ``opener``, the previous game's winner, or an opening roll."""
        if opener is None:
            return self.t("notice.opens_roll", number=number)
        return self.t(winner_key, number=number, name=self.names[opener])

    # -- ending a money session ---------------------------------------------------------------

    def action_end_session(self) -> None:
        """e (or the palette) in money play: the session's tally, asked first; yes puts the
        session into the history (the book counts it as it counts a money session: whoever is
        ahead on points won it) and shows its tally, then the menu."""
        state = self.match.state
        refused = end_session_refusal(state)
        if refused is not None:
            self.act(lambda: _raise(refused))
            return
        if self._asking and state.phase is not Phase.GAME_OVER:
            return
        from tawla.game.tally import story_of, tally

        counted = tally(story_of(self.match))
        under_way = state.game_under_way

        def lines() -> list[str]:  # (said again in the other language after F2)
            said = [self._tally(counted.sides, counted.winner if counted.games else -1)]
            if under_way:
                said.append(self.t("session.under_way"))
            said.append(self.t("session.to_history" if counted.games else "session.no_games"))
            return said

        self._asking = True
        self.handover = False

        def answered(yes: bool | None) -> None:
            self._asking = False
            if not yes or not self.app.end_session(self.match):
                self.after_action()  # (back to the game, or to the card of the game just over)
                return
            self._asking = True
            card = ResultScreen(
                self.saying("session.over_title"),
                lambda: lines()[0],
                self.saying("session.over_hint"),
                self.match,
                book=True,
            )
            self.app.push_screen(card, lambda _: self.dismiss(None))

        question = ConfirmScreen(
            self.saying("session.end_title"), lambda: "\n".join(lines()), self.saying("session.end_hint")
        )
        self.app.push_screen(question, answered)

    def _tally(self, sides: tuple[Side, Side], winner: int | None) -> str:
        """The session's games and points won by each player, and who is ahead (``winner``:
        None when level, -1 to leave it unsaid: no game was finished)."""
        names = self.names
        a, b = sides
        line = self.t(
            "session.tally",
            a=names[0],
            b=names[1],
            ga=self.t_n("count.games", a.games),
            gb=self.t_n("count.games", b.games),
            pa=self.t_n("points", a.points),
            pb=self.t_n("points", b.points),
        )
        if winner == -1:
            return line
        if winner is None:
            return line + "\n" + self.t("session.level")
        lead = self.t_n("points", abs(a.points - b.points))
        return line + "\n" + self.t("session.ahead", name=names[winner], points=lead)

    def action_ids(self) -> None:
        from tawla.ui.screens.ids import IdsScreen

        self.app.push_screen(IdsScreen(self.match.position_id(), self.match.match_id(), self.match.xgid()))

    def action_leave(self) -> None:
        self.dismiss(None)


def _raise(error: Exception) -> None:
    raise error


def _worth_saying(reason: Reason) -> bool:
    """Reasons that explain this roll. "No bearing off yet" only matters near the bear-off."""
    if reason.why is Why.NO_PLAY:
        return False
    return not (reason.why is Why.BEAROFF_NOT_YET and (reason.number or 0) > 3)


def _pad(text: str, width: int) -> str:
    """A number right-aligned in ``width`` cells."""
    return " " * (width - cell_len(text)) + text
