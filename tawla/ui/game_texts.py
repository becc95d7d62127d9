"""What a game says: the banner, the side panel, the score table, the status line, the
notices, and the texts of its cards, each drawn from the table, the words and the preferences
in force (:class:`GameWords`: no widget, no screen); and the side panel and the status line as
widgets that are views of the game (:class:`GamePanel`, :class:`StatusLine`).

It reads the table and never changes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.console import Group
from rich.text import Text
from textual.widgets import Static

from tawla.analysis.computer import due
from tawla.engine.explain import Reason, Why
from tawla.engine.games import explain_roll
from tawla.engine.tavla import Game
from tawla.game import Action, Ending, Phase, ResultKind
from tawla.game.figures import Side
from tawla.game.match import CubeMove
from tawla.game.rules import GameChoice
from tawla.game.table import Declined, ForcedPlay, Lost, NextGame, Notice, OpeningTie, OpeningWon, lost_dice
from tawla.i18n.bidi import layout
from tawla.i18n.messages import reason_text
from tawla.store.options import MoveNotation
from tawla.ui.keys import key_label
from tawla.ui.match_view import MatchTexts, MatchView, calls_rolls, cube_and_dice, fingerprint
from tawla.ui.rules_words import kind_word, rules_name

if TYPE_CHECKING:
    from tawla.game import Match
    from tawla.game.state import GameResult, MatchState
    from tawla.game.table import Table
    from tawla.i18n.bidi import Bidi
    from tawla.i18n.words import Words
    from tawla.store.settings import Preferences
    from tawla.ui.cursor import Cursor


class GameWords:
    """What the game says now: drawn from ``table`` in ``words`` under the play preferences
    ``prefs`` (made afresh for each drawing: F2 and a new preference say it all again)."""

    def __init__(self, table: Table, words: Words, prefs: Preferences, *, computer: bool = True) -> None:
        """``computer``: the computer plays its seats (False: it cannot here, they are played by hand)."""
        self.table, self.words, self.prefs = table, words, prefs
        self.computer = computer

    @property
    def lang(self) -> str:
        return str(self.words.lang)

    @property
    def rtl(self) -> bool:
        return self.words.rtl

    def t(self, key: str, /, **params: object) -> str:
        return self.words.t(key, **params)

    def t_n(self, key: str, n: int, /, **params: object) -> str:
        return self.words.t_n(key, n, **params)

    def num(self, value: int | str) -> str:
        return self.words.num(value)

    def show(self, text: str | Text, justify: str | None = None) -> Bidi | Text:
        return self.words.show(text, justify)

    @property
    def texts(self) -> MatchTexts:
        """Rolls, plays and names as the player reads them."""
        prefs = self.prefs
        calls = calls_rolls(self.words, prefs, self.match.state.rules)
        return MatchTexts(self.words, prefs.ascii_board, calls, prefs.notation is MoveNotation.ARABIC)

    @property
    def names(self) -> tuple[str, str]:
        """The players' names as shown (a default name in the interface's language)."""
        texts = self.texts
        return texts.name(self.match, 0), texts.name(self.match, 1)

    @property
    def match(self) -> Match:
        return self.table.match

    def reason(self, reason: Reason) -> str:
        return self.num(reason_text(self.lang, reason))

    def notice_text(self, notice: Notice) -> str:
        """A notice of the table in the words in force (F2 says it again in the other language,
        with the names and moves as that language writes them)."""
        t, names, texts = self.t, self.names, self.texts
        if isinstance(notice, ForcedPlay):
            text = t("notice.forced", player=names[notice.player], play=texts.play(notice.steps))
            return text if notice.lost is None else f"{text} {self.lost_text(notice.lost)}"
        if isinstance(notice, OpeningTie):
            return t("notice.tie", die=notice.die)
        if isinstance(notice, OpeningWon):
            d0, d1 = notice.dice
            text = t("notice.opening", name=names[notice.winner], d0=d0, d1=d1)
            if notice.roll is not None and texts.calls:
                text += " " + t("roll.exclaimed", name=texts.roll_name(notice.roll))
            return text
        if isinstance(notice, Declined):
            return t("notice.declined", name=names[notice.player])
        if isinstance(notice, CubeMove):  # (as the replay says it)
            return t(f"replay.said.{_CUBE_SAID[notice.action]}", name=names[notice.player], value=notice.value)
        assert isinstance(notice, NextGame)
        return self._next_opener(notice.number, notice.opener, "notice.opens_winner")

    def lost_text(self, lost: Lost) -> str:
        """The dice a turn could not play, and why («2 of the 4s are lost. No second checker may
        leave the starting point before the first has passed point 12.»)."""
        text = self.t_n("notice.lost", lost.count, die=lost.die)
        return text if lost.why is None else f"{text} {self.reason(lost.why)}"

    def panel_text(self, width: int, height: int, not_saving: bool) -> Group:
        """The side panel ``width`` cells wide in a terminal ``height`` lines high (a tall one
        shows the game's moves too); ``not_saving``: the panel says the match is not saved."""
        state = self.match.state
        rules = state.rules
        t, show = self.t, self.show
        head = Text()
        if rules.is_match:
            head.append(self.t_n("panel.match", rules.match_length), style="bold")
            if state.crawford_game and rules.cube:  # (without a cube there is nothing to mark)
                head.append("  " + t("panel.crawford"), style="bold reverse")
        else:
            head.append(t("panel.money"), style="bold")
        head.append("\n" + rules_name(self.words, rules))
        if rules.game is GameChoice.TAVLI:  # which game is on, and which comes next
            game, later = rules.game_of(state.game), rules.game_of(state.game + 1)
            head.append("\n" + t("panel.game_of", number=state.game, game=t(f"games.{game.value}")))
            head.append("\n" + t("panel.next_game", game=t(f"games.{later.value}")))
        else:
            head.append("\n" + t("panel.game", number=state.game))
        if self.table.last_result is not None:  # (until the next roll: v shows its card again)
            head.append("\n" + t("panel.card_again", key=key_label("v", self.words, short=True), number=state.game - 1))
        if not_saving:
            head.append("\n" + t("panel.not_saved"), style="bold reverse")

        scores = self.scores_text(width)
        name_room = max(8, width - 12)  # (a name inside a sentence of the panel)

        body = cube_and_dice(self.texts, state, self.names, name_room)  # (as the replay writes them)
        last = self.match.last_turn
        if last is not None:
            player, done = last
            body.append("\n\n")
            # In the mover's numbering, as every move is written (the board marks where it went).
            name, rolled = self.words.cut(self.names[player], name_room), self.texts.roll_named(done.roll)
            play = self.texts.play(done.made)
            body.append(t("panel.last", name=name, dice=rolled, play=play))
        parts: list[object] = [show(head), Text(""), scores, Text(""), show(body)]
        # A taller terminal shows the game's moves too, in the lines left to the panel: never
        # more (a head or a last move wrapped over more lines pushed the screen past its
        # height; it scrolled, and its bar cut the score table's marks and names, #36).
        room = height - 24
        turns = self.match.turns or self.match.cube_moves  # (the cube's moves are listed too)
        if room >= 4 and turns:
            used = self._lines(head, width) + 1 + len(scores.plain.split("\n")) + 1 + self._lines(body, width)
            room = min(room, height - PANEL_SPARE - used)
        if room >= 4 and turns:
            shown: list[str] = []
            left = room - 2  # (a blank line, the heading)
            for text, _ in reversed(self.texts.moves(self.match)):
                left -= self._lines(Text(text), width)
                if left < 0:
                    break
                shown.insert(0, text)
            moves = Text()
            moves.append(t("panel.moves"), style="bold underline")
            for text in shown:
                moves.append("\n" + text)
            parts += [Text(""), show(moves)]
        return Group(*parts)  # type: ignore[arg-type]

    def _lines(self, text: Text, width: int) -> int:
        """The lines ``text`` takes in the panel, ``width`` cells wide."""
        return len(layout(text, width, self.rtl))

    def scores_text(self, width: int) -> Text:
        """The score table, one line a player, each exactly as drawn: a name too long for the
        room left by the numbers is cut with "…", and nothing wraps (a wrapped Arabic header or
        a pip count split over two lines misreads). In Arabic the names are on the right."""
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

    def banner_text(self) -> object:
        state = self.match.state
        t = self.t
        names = self.names
        phase = state.phase
        who = state.to_act if state.to_act is not None else state.on_roll
        if phase is Phase.OPENING:
            text = t("banner.opening")
        elif phase in (Phase.TURN, Phase.MOVING) and self.computer and who in self.match.computer:
            text = t("banner.computer", name=self.texts.player(self.match, who))
        elif phase is Phase.TURN:
            text = t("banner.turn", name=self.texts.player(self.match, who))
        elif phase is Phase.MOVING:
            text = t("banner.moving", name=self.texts.player(self.match, who))
        elif phase in _OFFERS:  # (a cube value on offer: who offered it, the catalog names its part)
            key, offerer = _OFFERS[phase]
            name = self.texts.player(self.match, who)
            text = t(key, name=name, value=state.offered, **{offerer: names[state.offered_by]})
        elif phase is Phase.RESIGNING:
            text = t("banner.resigning", name=self.texts.player(self.match, who))
        elif phase is Phase.MATCH_OVER:
            text = t("banner.match_over")
        else:
            text = t("banner.game_over")
        return self.show(Text(text, style="bold"), justify="center")

    def status_text(self, problem: str | None, cursor: Cursor | None) -> object:
        """What to do now (``cursor``: the board's), after the table's notice; or ``problem``,
        the refusal just met."""
        if problem:
            return self.show(Text(problem, style="bold"))
        state = self.match.state
        t = self.t
        lines: list[str] = []
        if self.table.notice is not None:
            lines.append(self.notice_text(self.table.notice))
        phase = state.phase
        acts = self.match.actions()
        if self.computer and due(state, self.match.computer):
            who = state.to_act if state.to_act is not None else state.on_roll
            lines.append(t("computer.playing", name=self.names[who]))
        elif phase is Phase.OPENING and self.table.handover:
            lines.append(t("status.opening_handover"))
        elif phase is Phase.OPENING:
            lines.append(t("status.opening"))
        elif phase is Phase.TURN and self.table.handover:
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
                lines.extend(self.reason(r) for r in explain_roll(state.variant, turn.start, turn.roll))
                lines.append(t("status.pass"))
            elif turn.complete:
                lost = lost_dice(state)  # (dice the turn could not play: said which, and why)
                notice = self.table.notice
                if lost is not None and not (isinstance(notice, ForcedPlay) and notice.lost is not None):
                    lines.append(self.lost_text(lost))
                lines.append(t("status.confirm" if lost is None else "status.confirm_lost"))
            else:
                if not turn.made:
                    reasons = explain_roll(state.variant, turn.start, turn.roll)
                    lines.extend(self.reason(r) for r in reasons if _worth_saying(r))
                if cursor is not None and cursor.picked is not None:
                    step = cursor.step
                    if step is not None and step.hit:  # (the landing marker covers the blot: say it)
                        pin = state.variant.game is Game.PLAKOTO
                        lines.append(t("status.put_pin" if pin else "status.put_hit", point=step.dest))
                    lines.append(t("status.put"))
                else:
                    lines.append(t("status.pick"))
        return self.show("\n".join(lines[-2:]))

    def result_body(self, state: MatchState, result: GameResult) -> str:
        """The card of a game just over: who won, how, the points, the score, who opens next."""
        t, names = self.t, self.names
        if result.winner is None:  # (Plakoto: both mothers pinned)
            text = t("over.draw") + "\n" + t("over.score", a=names[0], b=names[1], sa=state.score[0], sb=state.score[1])
            if state.phase is Phase.GAME_OVER:
                text += "\n" + self._next_opener(state.game + 1, state.opens_next, "over.next_winner")
            return text
        how = t(f"over.{result.ending.value}", kind=t(f"over.kind_{kind_word(result.kind, state.variant.game)}"))
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

    def resign_levels_text(self, state: MatchState, levels: tuple[int, ...]) -> str:
        """The resign dialog's choices: each level with the points its winner would score; in a
        match, the level that gives the opponent the match is said to (the last one offered)."""
        game = state.variant.game
        return "\n".join(
            self.t(
                "resign.level_match" if state.resigns_match(ResultKind(level)) else _level(level, game),
                level=level,
                points=self.t_n("points", state.points_for(ResultKind(level))),
            )
            for level in levels
        )

    def resign_offer(self, state: MatchState) -> str:
        """The question to the opponent of a resignation on offer (the match, when it gives it)."""
        assert state.resignation is not None
        resigner, level = state.resignation
        key = (
            "resign.offer_match"
            if state.resigns_match(ResultKind(level))
            else _level(level, state.variant.game, "offer")
        )
        return self.t(key, name=self.names[resigner])

    def tally_text(self, sides: tuple[Side, Side], winner: int | None) -> str:
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

    def _next_opener(self, number: int, opener: int | None, winner_key: str) -> str:
        """Who opens game ``number`` and why (the rules' next_game_opener, asked of the game):
        ``opener``, the previous game's winner, or an opening roll."""
        if opener is None:
            return self.t("notice.opens_roll", number=number)
        return self.t(winner_key, number=number, name=self.names[opener])


class GamePanel(Static):
    """The game's side panel: the match, the score, the cube and the dice, the last move (and in
    a tall terminal the game's moves), a view of the game drawn by :meth:`show_game`."""

    _shown: tuple[int, str] | None = None
    _drawn: tuple[GameWords, bool, int] | None = None
    """What it was last drawn from, and for how wide a line."""

    def show_game(self, said: GameWords, not_saving: bool) -> None:
        width = self.query_ancestor(MatchView).panel_width()
        self._drawn = (said, not_saving, width)
        _update(self, said.panel_text(width, self.screen.size.height, not_saving))

    def on_resize(self) -> None:
        """Its lines are as wide as it is: drawn again when its width is no longer the one they
        were drawn for. The screen draws it after a resize of the terminal, but on a busy machine
        the layout may give the panel its last width (the board rescaled) only after that, and a
        name fitted to the width before stayed cut (tests/test_drawn_within.py, seen under load)."""
        drawn = self._drawn
        if drawn is not None and drawn[2] != self.query_ancestor(MatchView).panel_width():
            self.show_game(drawn[0], drawn[1])


class StatusLine(Static):
    """The line under the board: the refusal just met, or the table's notice and what to do now,
    a view of the game drawn by :meth:`show_game`."""

    _shown: tuple[int, str] | None = None

    def show_game(self, said: GameWords, problem: str | None, cursor: Cursor | None) -> None:
        _update(self, said.status_text(problem, cursor))


def _update(view: GamePanel | StatusLine, content: object) -> None:
    """Shown only when it changed; laid out again only when its height did."""
    key = fingerprint(content)
    old, view._shown = view._shown, key
    if old != key:
        view.update(content, layout=old is None or old[0] != key[0])  # type: ignore[arg-type]


_CUBE_SAID = {"double": "doubled", "take": "took", "drop": "dropped", "beaver": "beavered", "raccoon": "raccooned"}
"""The replay's sentence of each move of the cube (``replay.said.*``), said on the status line too."""

_OFFERS = {
    Phase.DOUBLED: ("banner.doubled", "doubler"),
    Phase.BEAVERED: ("banner.beavered", "beaverer"),
    Phase.RACCOONED: ("banner.raccooned", "raccooner"),
}
"""The banner of a cube value on offer, and the name its catalog text gives the one who offered it."""


def _level(level: int, game: Game, key: str = "level") -> str:
    """The resign dialog's line (or the question to the opponent: ``key`` "offer") for ``level``
    in ``game``: the 2-point win of Plakoto and Fevga is a double game, not a gammon."""
    return f"resign.{key}{level}" + ("_double" if kind_word(level, game) == "double" else "")


PANEL_SPARE = 7
"""Lines of the game's screen that are not the panel's: the banner and the blank under it, the
status line (or the move prompt) and its blank, the footer."""


def _worth_saying(reason: Reason) -> bool:
    """Reasons that explain this roll. "No bearing off yet" only matters near the bear-off."""
    if reason.why is Why.NO_PLAY:
        return False
    return not (reason.why is Why.BEAROFF_NOT_YET and (reason.number or 0) > 3)


def _pad(text: str, width: int) -> str:
    """A number right-aligned in ``width`` cells."""
    return " " * (width - cell_len(text)) + text
