"""Moves and rolls that read right from the right (#36, items 1 and 2).

Every line here is read as an Arabic reader reads it (tests/helpers/reading.py): from the right,
cell by cell, a number and a Latin word from their left. By default a move reads from the right
(«بار←٢٢»: the bar first, then the point), a roll too (٦-١: the 6 first, beside «شيش يك»), on
every screen and in the command line's Arabic; what is typed at the move prompt is drawn as the
move it will be.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tawla.analysis import evaluator
from tawla.engine import BAR, OFF, Position, Step
from tawla.game import Match, MatchState, Phase, ScriptedDice
from tawla.game.rules import preset
from tawla.game.table import Table
from tawla.i18n import tr
from tawla.i18n.bidi import visual
from tawla.i18n.words import Words
from tawla.store.options import MoveNotation
from tawla.store.settings import Digits, Preferences, Settings, settings_from_json, settings_to_json
from tawla.ui.app import TawlaApp
from tawla.ui.game_texts import GameWords
from tawla.ui.screens.game import GameScreen

from .helpers.reading import logical, read_from_the_right, reads_from_the_right
from .helpers.waiting import screen_is, screen_text, wait_until

PLAYS = [
    (Step(BAR, 20, 5, True), Step(20, 14, 6, False)),  # bar/20*/14
    (Step(13, 7, 6, False), Step(8, 7, 1, False)),  # 13/7 8/7
    (Step(6, OFF, 6, False), Step(1, OFF, 1, False)),  # 6/off 1/off
    (Step(8, 5, 3, False),) * 2,  # 8/5(2)
    (Step(24, 18, 6, True), Step(18, 13, 5, False)),  # 24/18*/13
]
DIGITS = [False, True]


def cafe_table(board: Position, dice: list[tuple[int, int]], length: int = 1) -> Table:
    """A café match (rolls called by name) from ``board``, فاطمة on roll against خالد."""
    start = MatchState(rules=preset("cafe", length), phase=Phase.TURN, board=board, on_roll=0)
    return Table(Match(names=("فاطمة", "خالد"), dice=ScriptedDice(dice), start=start))


# -- item 1: moves and rolls ---------------------------------------------------------------------------


@pytest.mark.parametrize("arabic_indic", DIGITS, ids=["western", "arabic-indic"])
def test_by_default_every_move_and_roll_reads_from_the_right(arabic_indic: bool) -> None:
    """The texts the game writes under the preferences a player starts with: the last move with
    its roll and café name, a line of the move list, a forced move, the replay, the worst
    decision of a result card, the hint's title, the move prompt's title."""
    words = Words("ar", arabic_indic=arabic_indic)
    texts = GameWords(cafe_table(Position.start(), [(6, 1)]), words, Preferences()).texts
    assert texts.calls  # (a café match: «شيش يك» beside 6-1)
    roll = texts.roll_named((6, 1))
    assert read_from_the_right(visual(texts.roll((6, 1)), rtl=True)) == words.num("6") + "-" + words.num("1")
    for steps in PLAYS:
        play = texts.play(steps)
        for line in (
            words.t("panel.last", name="فاطمة", dice=roll, play=play),
            f"● {texts.roll_named((6, 1), joined=True)}: {play}",
            words.t("notice.forced", player="خالد", play=play),
            words.t("replay.said.ended", name="فاطمة", play=play),
            words.t(
                "skill.worst",
                player="● فاطمة",
                moment=words.t("skill.moment_roll", turn=14, roll=texts.roll((6, 4))),
                chosen=play,
                best=play,
                loss="x",
            ),
        ):
            reads_from_the_right(line)
    reads_from_the_right(words.t("hint.title", name="خالد", roll=texts.roll((5, 2))))
    reads_from_the_right(words.t("replay.said.rolled", name="خالد", dice=texts.roll_named((5, 2))))
    reads_from_the_right(words.t("typing.title", dice=texts.roll((4, 3))))


@pytest.mark.parametrize("arabic_indic", DIGITS, ids=["western", "arabic-indic"])
def test_the_move_prompts_words_read_from_the_right(arabic_indic: bool) -> None:
    """The dice left to play, the help under the prompt and what it says of a text it cannot
    read: the examples written as the moves on the screen are."""
    from tawla.engine.notation import NotationError, SyntaxProblem
    from tawla.game.state import ActionError
    from tawla.ui.move_entry import examples, typed_refusal, typing_hint

    words = Words("ar", arabic_indic=arabic_indic)
    texts = GameWords(cafe_table(Position.start(), [(6, 1)]), words, Preferences()).texts
    reads_from_the_right(words.t("typing.title_rest", dice=texts.roll((6, 1)), left=texts.dice((6,))))
    reads_from_the_right(words.t("typing.title_rest", dice=texts.roll((3, 3)), left=texts.dice((3, 3, 3))))
    hint = typing_hint(texts)
    reads_from_the_right(hint)
    for example in examples(texts).values():  # (13/7 8/7, bar/22, 6/off: as the moves on the screen)
        assert "←" in example and logical(example) in logical(hint)
    for token in ("bar/22x", "8/x", ""):
        error = ActionError("bad_notation", notation=NotationError(SyntaxProblem(token)))
        said = typed_refusal(texts, error)
        reads_from_the_right(said)
        assert "bar" not in said


def test_the_standard_notation_stays_for_who_prefers_it() -> None:
    words = Words("ar")
    prefs = Preferences(notation=MoveNotation.STANDARD)
    texts = GameWords(cafe_table(Position.start(), [(6, 1)]), words, prefs).texts
    drawn = visual(texts.play(PLAYS[1]), rtl=True)
    assert drawn == "8/7 13/7"  # (each move left to right, the first on the right)
    assert visual(texts.roll((6, 1)), rtl=True) == "6-1"


def test_a_settings_file_from_before_gets_the_new_default_and_a_choice_is_kept() -> None:
    """A file written before #36 holds "standard", the old default, whether or not anyone chose
    it: read as the new default, as a file without it is. A choice made now is kept."""
    assert Preferences().notation is MoveNotation.ARABIC
    assert settings_from_json({"preferences": {"notation": "standard"}}).preferences.notation is MoveNotation.ARABIC
    assert settings_from_json({"preferences": {}}).preferences.notation is MoveNotation.ARABIC
    for chosen in MoveNotation:
        raw = json.loads(settings_to_json(Settings(preferences=Preferences(notation=chosen))))
        assert settings_from_json(raw).preferences.notation is chosen


@pytest.mark.skipif(evaluator.known_unavailable() is not None, reason="no evaluator here")
def test_the_command_lines_arabic_writes_moves_from_the_right(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``tawla analyse --lang ar`` (logical order, for a terminal that lays Arabic out): each
    worst moment's roll and moves read from the right, in the catalog's words."""
    from tawla.game.mat import write_mat

    from .test_cli_eval import finished_matches, tawla

    path = tmp_path / "m.mat"
    path.write_text(write_mat(finished_matches(1, seed=3)[0]), encoding="utf-8")
    status, out, _ = tawla(capsys, monkeypatch, "--lang", "ar", "analyse", str(path))
    worst = [line for line in out.splitlines() if tr("ar", "cli_analyse.worst_play").split(":")[0] in line]
    assert status == 0 and worst
    for line in worst:
        assert "/" not in line and not re.search("bar|off", line), line
        reads_from_the_right(line)


# -- items 1 and 2 on the screen: the typing line and the last move --------------------------------------


def widget_rows(app: TawlaApp, widget: Any) -> list[str]:
    """The rows of ``widget``'s content as the screen draws them (its cells, from the screen's text)."""
    region = widget.content_region
    rows = screen_text(app).splitlines()[region.y : region.y + region.height]
    return [row[region.x : region.x + region.width] for row in rows]


def read_rows(rows: list[str]) -> str:
    """Rows read one after the other, each from the right, spaces squashed."""
    return " ".join(" ".join(read_from_the_right(row).split()) for row in rows if row.strip())


async def test_a_move_typed_the_arabic_way_shows_as_the_move_it_will_be_and_reads_from_the_right() -> None:
    """A café match in Arabic (Arabic-Indic digits): فاطمة has a checker on the bar and rolls 6-1.
    The move typed with an Arabic layout's keys, «بارظ١٨» (ظ: the / key), is drawn «بار←١٨» as
    it is typed; played, the last move reads «فاطمة ٦-١ (شيش يك): بار←١٨» from the right."""
    from tawla.ui.move_entry import MovePrompt

    table = cafe_table(Position.from_counts({BAR: 1, 8: 1}, {1: 5, 2: 5, 3: 5}), [(6, 1), (2, 1)])
    match = table.match
    prefs = Preferences(digits=Digits.ARABIC_INDIC, step_by_step=False)
    app = TawlaApp(lang="ar", dice=match.dice, match=match, settings=Settings(bidi_checked=True, preferences=prefs))
    async with app.run_test(size=(80, 24)) as pilot:
        game = await screen_is(pilot, GameScreen)
        await pilot.press("ق")  # (r on an Arabic layout)
        await wait_until(pilot, lambda: match.state.phase is Phase.MOVING, "the dice rolled")
        await pilot.press("ظ")  # (the / key: the move prompt)
        await wait_until(pilot, lambda: game.typing, "the move prompt open")
        field = game.query_one("#move", MovePrompt)
        await pilot.press(*"بارظ١٨")
        await wait_until(pilot, lambda: field.value == "بارظ١٨", lambda: f"the move typed ({field.value!r})")
        row = "\n".join(widget_rows(app, field))
        assert "ظ" not in row and "ﻅ" not in row and "ﻇ" not in row, row
        assert "".join(read_from_the_right(row).split()) == "بار←١٨", row  # (a blank: the cursor's cell)
        title = game.query_one("#prompt-title")
        assert read_rows(widget_rows(app, title)) == " ".join(logical(tr("ar", "typing.title", dice="٦-١")).split())
        hint = read_rows(widget_rows(app, game.query_one("#prompt-line")))
        assert "٦←خارج" in hint and "بار←٢٢" in hint, hint
        await pilot.press("enter")
        await wait_until(pilot, lambda: match.state.turn is not None and match.state.turn.complete, "the move played")
        await pilot.press("enter")
        await wait_until(pilot, lambda: match.state.on_roll == 1, "the turn ended")
        panel = read_rows(widget_rows(app, game.query_one("#panel")))
        last = " ".join(logical(tr("ar", "panel.last", name="فاطمة", dice="٦-١ (شيش يك)", play="بار←١٨")).split())
        assert last in panel, panel
