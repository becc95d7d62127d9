"""How a match went, game by game: the dice's luck, the hits, the turns, the cube, and both
pip counts turn by turn drawn as a picture.

The figures come from :func:`tawla.game.tally.story_of`. The luck of the dice is said as
people count it at the table: the pips a player's rolls brought (a double four times its
number) against the 8.17 a roll brings on average. The picture is one bar line per player
(:class:`PipLine`, Textual's ``Sparkline`` on a scale shared by both lines, from 0 pips), each
labelled with the player's checker and name, so that it reads without colour; time runs the
way the interface reads: from the left in English, from the right in Arabic.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import ClassVar

from rich.align import Align
from rich.cells import cell_len
from rich.color import Color as RichColor
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.color import Color
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Sparkline, Static

from tawla.analysis.skill import GRADES, Analysis, Kind
from tawla.engine.tavla import Game
from tawla.game import Match
from tawla.game.state import GameResult
from tawla.game.tally import EXPECTED_PIPS, CubeAction, GameStory, MatchStory, story_of
from tawla.i18n.words import Words
from tawla.ui.board import GLYPHS
from tawla.ui.footer import TawlaFooter
from tawla.ui.keys import both
from tawla.ui.match_view import no_cube, shown_names
from tawla.ui.screens.base import Localized
from tawla.ui.skill import GRADE_ORDER, SkillNews, SkillWords, judged_by, texts_of

BARS = "▁▂▃▄▅▆▇█"


class _Bars:
    """Bars of ``values`` (one a cell, bucketed by their highest when there are more values
    than cells) over ``height`` lines, on the scale ``(floor, top)``: a value at the floor is
    the lowest bar, one at the top a full column. Textual's own sparkline stretches each line
    between its own lowest and highest value; two players' lines drawn that way would not
    compare."""

    def __init__(
        self,
        values: Sequence[float],
        width: int,
        height: int,
        scale: tuple[float, float],
        low: Color,
        high: Color,
        mark: int | None = None,
    ) -> None:
        """``mark``: the value whose cell is drawn in reverse (a player's worst moment)."""
        self.values, self.width, self.height = values, width, height
        self.floor, self.top = scale
        self.low, self.high = low, high
        self.mark = mark

    def _spans(self) -> list[tuple[int, int]]:
        """The values each cell draws: (first, end)."""
        n, width = len(self.values), self.width
        if n <= width:
            return [(i, i + 1) for i in range(n)]
        step = Fraction(n, width)
        return [(int(step * i), max(int(step * (i + 1)), int(step * i) + 1)) for i in range(width)]

    def _cells(self) -> list[float]:
        values = list(self.values)
        return [max(values[first:end]) for first, end in self._spans()]

    def marked(self) -> int | None:
        """The cell of the marked value."""
        mark = self.mark
        if mark is None:
            return None
        return next((i for i, (first, end) in enumerate(self._spans()) if first <= mark < end), None)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        cells = self._cells()
        eighths = self.height * len(BARS)
        extent = (self.top - self.floor) or 1
        ratios = [max(0.0, min(1.0, (v - self.floor) / extent)) for v in cells]
        levels = [max(1, round(r * eighths)) for r in ratios]
        styles = [Style(color=RichColor.parse(self.low.blend(self.high, r).hex)) for r in ratios]
        marked = self.marked()
        if marked is not None:  # (its whole column in reverse: seen without colour too)
            styles[marked] += Style(reverse=True, bold=True)
        for row in reversed(range(self.height)):
            for level, style in zip(levels, styles, strict=True):
                fill = level - row * len(BARS)
                if fill <= 0:
                    yield Segment(" ", style if style.reverse else None)
                else:
                    yield Segment(BARS[min(fill, len(BARS)) - 1], style)
            if row:
                yield Segment.line()


class PipLine(Sparkline):
    """One player's pip counts, turn by turn, on a scale shared with the other player's line
    (``scale``: the lowest and the highest count of both)."""

    DEFAULT_CSS = """
    PipLine { height: 2; }
    """

    def __init__(self, data: Sequence[float], scale: tuple[float, float], *, id: str | None = None) -> None:
        super().__init__(data, id=id)
        self.scale = scale
        self.mark: int | None = None
        """The turn drawn in reverse (an index into ``data``): the player's worst moment."""

    def render(self) -> _Bars:
        _, base = self.background_colors
        low = base + self.get_component_styles("sparkline--min-color").color
        high = base + self.get_component_styles("sparkline--max-color").color
        return _Bars(self.data or [], self.size.width, self.size.height, self.scale, low, high, self.mark)


def result_text(words: Words, names: Sequence[str], result: GameResult, game: Game = Game.BACKGAMMON) -> str:
    """How a game of ``game`` ended, as the game's own card says it («Ali wins a gammon: 2 points.»)."""
    from tawla.ui.rules_words import kind_word

    t = words.t
    kind = kind_word(int(result.kind), game)
    if result.winner is None:
        return t("over.draw")
    how = t(f"over.{result.ending.value}", kind=t(f"over.kind_{kind}"))
    return t("over.body", name=names[result.winner], how=how, points=words.t_n("points", result.points))


class StoryScreen(Localized, Screen[None]):
    """How each game of a match went; Page Up and Page Down (or [ and ]) go to another game."""

    CSS_PATH = "story.tcss"
    AUTO_FOCUS = "#scroll"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape," + both("q"), "leave", "key.back"),
        Binding("pagedown,right_square_bracket", "game(1)", "key.replay_next_game"),
        Binding("pagedown,left_square_bracket", "game_rtl(1)", "key.replay_next_game"),
        Binding("pageup,left_square_bracket", "game(-1)", "key.replay_previous_game"),
        Binding("pageup,right_square_bracket", "game_rtl(-1)", "key.replay_previous_game"),
    ]

    def __init__(self, match: Match, game: int | None = None, story: MatchStory | None = None) -> None:
        """``game``: the game shown first (from 0; None: the last one)."""
        super().__init__()
        self.match = match
        self.story = story if story is not None else story_of(match)
        last = len(self.story.games) - 1
        self.game = last if game is None else max(0, min(game, last))

    def compose(self) -> ComposeResult:
        self.set_class(self.rtl, "-rtl")
        with VerticalScroll(id="scroll"):
            yield Static(id="title")
            yield Static(id="game")
            yield Static(id="figures")
            yield Static(id="skill")
            yield Static(id="pips-title")
            for player in (0, 1):
                with Horizontal(classes="pips", id=f"pips{player}"):
                    label = Static(id=f"label{player}", classes="label")
                    line = PipLine([], (0.0, 1.0), id=f"line{player}")
                    yield from (line, label) if self.rtl else (label, line)
            yield Static(id="cube")
        yield TawlaFooter(compact=True)

    def on_mount(self) -> None:
        self.skill_news = self.app.analyses.ask(self.match, self)
        self.redraw()

    skill_news: SkillNews | None = None
    """What is known of how well each player played (tawla/ui/skill.py): None before any news."""

    def on_skill_news(self, news: SkillNews) -> None:
        news.stop()
        if news.match is self.match and not (self.skill_news is not None and self.skill_news.done):
            self.skill_news = news
            self.redraw()

    def on_unmount(self) -> None:
        self.app.analyses.forget(self)

    _drawn_at: tuple[int, int] | None = None
    """The terminal size the pip lines were last fitted to."""

    def on_resize(self, event: events.Resize) -> None:
        # Only a new size refits the pip lines: Textual echoes each resize to the screen (and
        # lays out the screen below); a resize of a size gone is dropped (TerminalSized).
        size = (self.size.width, self.size.height)
        if size != self._drawn_at:
            self.redraw()

    def relabel(self) -> None:
        self.call_later(self.rebuild)

    def rebuilt(self) -> None:
        scroll = self.find("#scroll")
        if scroll is not None:
            scroll.focus()
        self.redraw()

    # -- keys ------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The brackets in the screen's direction (the ``_rtl`` actions in Arabic); another
        game only when there is one."""
        if action in ("game", "game_rtl"):
            if action.endswith("_rtl") != self.rtl:
                return False
            if len(self.story.games) < 2:
                return False  # (a match of one game: no other game to go to, the keys not shown)
            delta = int(str(parameters[0])) if parameters else 0
            return 0 <= self.game + delta < len(self.story.games) or None
        return True

    def action_game(self, delta: int) -> None:
        game = self.game + delta
        if 0 <= game < len(self.story.games):
            self.game = game
            self.redraw()
            self.refresh_bindings()

    def action_game_rtl(self, delta: int) -> None:
        self.action_game(delta)

    def action_leave(self) -> None:
        self.dismiss(None)

    # -- drawing ---------------------------------------------------------------------------

    @property
    def names(self) -> tuple[str, str]:
        """Both players' names as the game shows them (the computer's in the interface's language)."""
        return shown_names(self.match, self.words)

    @property
    def glyphs(self) -> tuple[str, str]:
        return GLYPHS[bool(self.app.preferences.ascii_board)]

    def player(self, player: int) -> str:
        return f"{self.glyphs[player]} {self.names[player]}"

    def decimal(self, value: float) -> str:
        """``value`` with two decimals, in the interface's digits (and decimal sign)."""
        return self.words.decimal(value, 2)

    def luck(self, pips: float) -> str:
        n = round(pips)
        if n > 0:
            return self.t_n("story.luck_above", n)
        if n < 0:
            return self.t_n("story.luck_below", -n)
        return self.t("story.luck_even")

    def redraw(self) -> None:
        if self.find("#cube") is None:
            return  # (being rebuilt: drawn once it is)
        self._drawn_at = (self.size.width, self.size.height)
        story = self.story
        game = story.games[self.game]
        a, b = self.names
        rules = story.rules
        length = self.t_n("panel.match", rules.match_length) if rules.is_match else self.t("panel.money")
        title = self.t("story.title", a=a, b=b, length=length)
        self.query_one("#title", Static).update(self.show(Text(title, style="bold")))
        heading = self.t("story.game", n=self.game + 1, games=len(story.games))
        played = rules.game_of(self.game + 1)
        ending = (
            self.t("story.unfinished")
            if game.result is None
            else result_text(self.words, self.names, game.result, played)
        )
        self.query_one("#game", Static).update(self.show(f"{heading} · {ending}"))
        self.query_one("#figures", Static).update(self._figures(game))
        self.query_one("#skill", Static).update(self._skill(game))
        pips_title = self.t("story.pips_title")
        if self._judged(game) is not None:
            pips_title += " · " + self.t("skill.pips_mark")
        self.query_one("#pips-title", Static).update(self.show(Text(pips_title, style="bold")))
        self._pips(game)
        self.query_one("#cube", Static).update(self._cube(game))

    def _figures(self, game: GameStory) -> RenderableType:
        """The figures as rows (the figure, then each player), mirrored in Arabic."""
        story = self.story
        average = self.decimal(EXPECTED_PIPS)

        def per_roll(player: int) -> str:
            rolls = game.rolls_of(player)
            return self.decimal(game.pips_rolled(player) / rolls) if rolls else "–"

        def rolled(player: int) -> str:
            expected = round(game.expected_pips(player))
            return self.t("story.pips_value", rolled=game.pips_rolled(player), expected=expected)

        rows: list[tuple[str, tuple[str, str]]] = [
            ("story.pips_rolled", (rolled(0), rolled(1))),
            ("story.luck", (self.luck(game.luck(0)), self.luck(game.luck(1)))),
            ("story.per_roll", (per_roll(0), per_roll(1))),
            ("story.doubles", (self.num(game.doubles_rolled(0)), self.num(game.doubles_rolled(1)))),
            ("story.hits", (self.num(game.hits[0]), self.num(game.hits[1]))),
            ("story.turns", (self.num(game.turns_of(0)), self.num(game.turns_of(1)))),
        ]
        played = story.rules.game_of(game.number)
        if played is Game.PLAKOTO:  # (a Plakoto checker is pinned, not hit)
            rows[4] = ("story.pins", rows[4][1])
        elif played is Game.FEVGA:  # (nothing is hit or pinned in Fevga)
            del rows[4]
        if len(story.games) > 1:
            rows.append(("story.match_luck", (self.luck(story.luck(0)), self.luck(story.luck(1)))))
        judged = self._judged(game)
        if judged is not None:  # (skill beside luck)
            said = self._skill_words()
            skills = [judged.skill(player, game.number) for player in (0, 1)]
            rows += [
                ("skill.row.rate", (said.rate(skills[0]), said.rate(skills[1]))),
                ("skill.row.checker", (said.loss(skills[0].checker_loss), said.loss(skills[1].checker_loss))),
                *(
                    [("skill.row.cube", (said.loss(skills[0].cube_loss), said.loss(skills[1].cube_loss)))]
                    if self.story.rules.cube_in_play  # (no cube, no cube figure)
                    else []
                ),
                (
                    "skill.row.decisions",
                    (
                        self.t_n("skill.decisions", skills[0].decisions),
                        self.t_n("skill.decisions", skills[1].decisions),
                    ),
                ),
            ]
            for i, grade in enumerate(GRADE_ORDER):
                counts = (self.num(skills[0].grades[i]), self.num(skills[1].grades[i]))
                rows.append((f"skill.row.{grade}", counts))
        thresholds = {g.value: self.decimal(least) for least, g in GRADES}
        lines = [[self.t("story.figure"), self.player(0), self.player(1)]]
        lines += [[self.t(key, average=average, least=thresholds.get(key[10:], "")), *values] for key, values in rows]
        # The figures whole, the names of the figures cut where they must be, at their end in
        # reading order (Rich would cut the left of the line: an Arabic figure's number).
        figures = self.find("#figures", Static)
        width = (
            figures.content_size.width if figures is not None and figures.content_size.width else self.size.width - 4
        )
        room = width - sum(max(cell_len(line[i]) for line in lines) for i in (1, 2)) - 2 * 3
        lines = [[self.words.cut(line[0], max(room, 8)), *line[1:]] for line in lines]
        table = Table.grid(padding=(0, 3))
        order = [2, 1, 0] if self.rtl else [0, 1, 2]
        for i in order:
            table.add_column(justify="right" if self.rtl or i else "left", no_wrap=True, overflow="ellipsis")
        for n, line in enumerate(lines):
            table.add_row(*(Text(self.line(line[i]), style="bold" if n == 0 else "") for i in order))
        return Align.right(table) if self.rtl else table

    # -- how well each player played ----------------------------------------------------------

    def _judged(self, game: GameStory) -> Analysis | None:
        """The analysis, when it is made and judged this game (backgammon)."""
        news = self.skill_news
        if news is None or news.analysis is None:
            return None
        return news.analysis

    def _skill_words(self) -> SkillWords:
        return SkillWords(self.words, texts_of(self.app, self.match), self.names)

    def _skill(self, game: GameStory) -> RenderableType:
        """Under the figures: how far the analysis has gone, or each player's worst moment with the
        better play and the legend, or why there is nothing to say."""
        news = self.skill_news
        if news is None or not news.done:
            return self.show(self.t("skill.analysing", percent=self.num(0 if news is None else news.percent)))
        if news.analysis is None:
            from tawla.analysis.evaluator import PACKAGE

            return self.show(self.t(f"evaluator.none.{news.why}", package=PACKAGE))
        said = self._skill_words()
        lines = [said.worst(p, news.analysis.skill(p, game.number), False) for p in (0, 1)]
        lines += judged_by(self.words, [self.story.rules.game_of(game.number)])
        return self.show("\n".join(lines))

    def _worst_turn(self, game: GameStory, player: int) -> int | None:
        """Where ``player``'s worst moment of ``game`` is in its pip counts (an index into
        ``game.pips``: after the turn for a play, before it for the cube)."""
        judged = self._judged(game)
        worst = None if judged is None else judged.skill(player, game.number).worst
        if worst is None:
            return None
        index = worst.turn if worst.kind is Kind.PLAY else worst.turn - 1
        return index if 0 <= index < len(game.pips) else None

    def _pips(self, game: GameStory) -> None:
        """Both pip counts turn by turn: one cell a turn while they fit (the start on the
        reading side), on one scale."""
        series = [[float(p[player]) for p in game.pips] for player in (0, 1)]
        counts = [v for s in series for v in s]
        scale = (min(counts) - 1.0, max(counts)) if counts else (0.0, 1.0)
        labels = [
            self.t("story.pips_of", player=self.player(p), start=game.pips[0][p], end=game.pips[-1][p]) for p in (0, 1)
        ]
        label_width = max(cell_len(self.line(text)) for text in labels) + 2
        room = max(8, self.size.width - label_width - 4)
        height = 4 if self.size.height >= 34 else 2
        for player in (0, 1):
            label = self.query_one(f"#label{player}", Static)
            label.styles.width = label_width
            label.update(self.show(labels[player]))
            line = self.query_one(f"#line{player}", PipLine)
            data = series[player][::-1] if self.rtl else series[player]
            mark = self._worst_turn(game, player)
            line.mark = None if mark is None else len(data) - 1 - mark if self.rtl else mark
            line.scale = scale
            line.styles.width = min(len(data), room)
            line.styles.height = height
            line.data = data
            self.query_one(f"#pips{player}", Horizontal).styles.height = height

    def _cube(self, game: GameStory) -> RenderableType:
        lines = [Text(self.t("story.cube_title"), style="bold")]
        if not self.story.rules.cube_in_play:  # (café customs, Plakoto, Fevga, a tavli match, 1 point)
            lines.append(Text(no_cube(self.words, self.story.rules)))
        elif not game.cube:
            lines.append(Text(self.t("story.cube_none")))
        by_turn: dict[int, list[str]] = {}
        for move in game.cube:
            name = self.names[move.player]
            key = "story." + ("drop" if move.action is CubeAction.DROP else move.action.value)
            by_turn.setdefault(move.turn, []).append(self.t(key, name=name, value=move.value))
        for turn, moves in by_turn.items():
            lines.append(Text(self.t("story.cube_turn", turn=turn + 1, moves=" · ".join(moves))))
        text = Text("\n").join(lines)
        return self.show(text)
