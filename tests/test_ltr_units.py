"""Left-to-right units in Arabic lines read, from the right, in their own order (#21).

An ID, a move, a date with its time, a path: each is drawn held in its order
(tawla.i18n.isolate_ltr, the one place that does it), and the units of a play or of a date
and time follow each other from the right. Proof by reading what is drawn the way a player
reads it, trusting no library: :func:`read_from_the_right` takes the drawn cells of a line from
the right, word by word; a word with a digit or a Latin letter in it is a unit, read left to
right (an Arabic word inside it, «بار», read from its right); the sentence's punctuation at a
unit's edges belongs to the sentence. What it reads must be the logical text.
"""

from __future__ import annotations

import unicodedata

import pytest

from tawla.engine import Step
from tawla.game import Match, RuleSet, ScriptedDice
from tawla.i18n import plain, tr
from tawla.i18n.bidi import visual
from tawla.i18n.words import Words
from tawla.store.settings import Settings
from tawla.ui.app import TawlaApp
from tawla.ui.fields import field_layout
from tawla.ui.match_view import MatchTexts
from tawla.ui.screens.ids import IdsScreen

from .helpers.waiting import screen_is, shows

_UNMIRROR = {"(": ")", ")": "(", "[": "]", "]": "[", "«": "»", "»": "«"}
_SENTENCE_MARKS = ".,:;،؛«»!؟?"
"""Punctuation that, at a unit's edge, is the sentence's (a colon after a roll, the quotes
round a typed move, the full stop)."""


def _is_rtl(char: str) -> bool:
    return unicodedata.bidirectional(char) in ("R", "AL")


def _cells(text: str) -> list[str]:
    """A letter with its marks is one cell."""
    out: list[str] = []
    for char in text:
        if out and unicodedata.combining(char):
            out[-1] += char
        else:
            out.append(char)
    return out


def _unit(cells: list[str]) -> str:
    """A unit read left to right; an Arabic word inside it read from its right."""
    out, i = [], 0
    while i < len(cells):
        if _is_rtl(cells[i][0]):
            j = i
            while j < len(cells) and _is_rtl(cells[j][0]):
                j += 1
            out.extend(reversed(cells[i:j]))
            i = j
        else:
            out.append(cells[i])
            i += 1
    return "".join(out)


def _rtl(cells: list[str]) -> str:
    return "".join(_UNMIRROR.get(c, c) for c in reversed(cells))


def read_from_the_right(line: str) -> str:
    """What a player reads in a drawn right-to-left line (see the module's docstring)."""
    words = []
    for word in reversed(line.split(" ")):
        cells = _cells(word)
        if not any(c[0].isdigit() or (c[0].isascii() and c[0].isalpha()) for c in cells):
            words.append(_rtl(cells))
            continue
        start, end = 0, len(cells)
        while start < end and cells[start] in _SENTENCE_MARKS:
            start += 1
        while end > start and cells[end - 1] in _SENTENCE_MARKS:
            end -= 1
        # (drawn right to left: the right edge comes first in reading, the left edge last)
        words.append(_rtl(cells[end:]) + _unit(cells[start:end]) + _rtl(cells[:start]))
    return unicodedata.normalize("NFKC", " ".join(words))


def logical(text: str) -> str:
    """The text as written (logical order), without its formatting characters."""
    return unicodedata.normalize("NFKC", plain(text).replace("\u200e", "").replace("\u200f", ""))


def reads_back(text: str) -> None:
    drawn = visual(text, rtl=True)
    assert read_from_the_right(drawn) == logical(text), (drawn, logical(text))


IDS = [
    "+zA4BwBD54MDQA",
    "zA4BwBD54MDQA+",
    "/4HPwATDgc/ABM",
    "4HPwATDgc/AB+/",
    "cAkAAAAAAAAA",
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10",
]
PLAYS = [
    (Step(16, 10, 6, True), Step(10, 8, 2, False)),  # 16/10*/8
    (Step(19, 17, 2, False),) * 2,  # 19/17(2)
    (Step(25, 10, 15, False),),  # bar/10 (a unit with the bar's word)
    (Step(1, 0, 1, False),) * 2,  # 1/off(2)
    (Step(25, 22, 3, True), Step(6, 1, 5, True)),  # bar/22* 6/1*
    (Step(6, 1, 5, True),),  # 6/1*
    (Step(24, 18, 6, True), Step(18, 13, 5, True), Step(13, 8, 5, False), Step(8, 3, 5, False)),
]
DATES = ["2026-12-01 18:46", "2026-01-09 07:05"]
PATHS = [
    "/tmp/tawla/exports/20261201-184530-534d2f.mat",
    "~/tawla/a+b/",
    "C:/Users/Ali/tawla.mat",
    "/home/فاطمة/tawla.mat",
]
DIGITS = [False, True]


@pytest.mark.parametrize("arabic_indic", DIGITS, ids=["western", "arabic-indic"])
@pytest.mark.parametrize("position", IDS)
def test_an_id_reads_in_its_order_alone_and_in_a_sentence(position: str, arabic_indic: bool) -> None:
    words = Words("ar", arabic_indic=arabic_indic)
    reads_back(words.unit(position, digits=False))  # (the IDs screen: a line of its own)
    reads_back(words.t("cli.error.position_id", id=position, problem=words.t("id.bits")))


@pytest.mark.parametrize("arabic_indic", DIGITS, ids=["western", "arabic-indic"])
@pytest.mark.parametrize("steps", PLAYS, ids=[str(i) for i in range(len(PLAYS))])
def test_a_play_reads_from_the_right_each_move_in_its_order(steps: tuple[Step, ...], arabic_indic: bool) -> None:
    words = Words("ar", arabic_indic=arabic_indic)
    texts = MatchTexts(words, False)
    play = texts.play(steps)
    assert "bar" not in play and "off" not in play  # (the catalog's words in an Arabic line)
    reads_back(play)
    reads_back(words.t("panel.last", name="أحمد", dice=texts.roll_named((6, 2)), play=play))
    reads_back(words.t("notice.forced", player="فاطمة", play=play))
    reads_back(f"● {texts.roll_named((6, 2), joined=True)}: {play}")  # (a line of the move list)


@pytest.mark.parametrize("arabic_indic", DIGITS, ids=["western", "arabic-indic"])
@pytest.mark.parametrize("date", DATES)
def test_a_date_with_its_time_reads_date_first(date: str, arabic_indic: bool) -> None:
    words = Words("ar", arabic_indic=arabic_indic)
    entry = words.t(
        "resume.entry",
        a="أحمد",
        b="فاطمة",
        sa=1,
        sb=2,
        length=words.t_n("panel.match", 5),
        rules="مقهى",
        date=words.num(date),
    )
    reads_back(entry)
    reads_back(
        words.t("history.entry", date=words.num(date), a="أحمد", b="فاطمة", sa=1, sb=2, length="٥", state="منتهية")
    )
    reads_back(words.units(date))


@pytest.mark.parametrize("path", PATHS)
def test_a_path_reads_in_its_order(path: str) -> None:
    for arabic_indic in DIGITS:
        words = Words("ar", arabic_indic=arabic_indic)
        reads_back(words.t("export.done", file=path))
        reads_back(words.t("export.failed", file=path, reason="PermissionError"))
        reads_back(words.t("crash.line", file=path))


@pytest.mark.parametrize("typed", ["١٦/١٠*/٨x", "٦/١*", "+13/7", "بار/٢٠*", "١/خارج(٢)"])
def test_a_typed_move_said_back_reads_as_typed(typed: str) -> None:
    reads_back(tr("ar", "notation.syntax", True, token=typed))


@pytest.mark.parametrize("key", ["notation.syntax", "notation.syntax_empty", "typing.hint"])
def test_the_catalogs_examples_read_from_the_right(key: str) -> None:
    for arabic_indic in DIGITS:
        reads_back(tr("ar", key, arabic_indic, token="x"))


@pytest.mark.parametrize(
    ("typed", "drawn"),
    [
        ("٦/١*", "٦/١*"),
        ("١٦/١٠*/٨", "١٦/١٠*/٨"),
        ("بار/٢٠", "ﺭﺎﺑ/٢٠"),
        ("بار/20 6/خارج", "ﺭﺎﺑ/20 6/ﺝﺭﺎﺧ"),
        ("+zA4BwBD54MDQA", "+zA4BwBD54MDQA"),
    ],
)
def test_the_move_and_id_fields_draw_what_is_typed_in_its_order(typed: str, drawn: str) -> None:
    """A left-to-right field (the move prompt, the set-up IDs, a file name) draws each unit held
    in its order: «بار/٢٠» is not laid out «٢٠/بار»."""
    assert field_layout(typed, False, True).text() == drawn


async def test_the_ids_screen_draws_each_id_in_its_order() -> None:
    match = Match(RuleSet(match_length=3), ("أحمد", "فاطمة"), ScriptedDice([(6, 1)]))
    app = TawlaApp(lang="ar", dice=match.dice, match=match, settings=Settings(bidi_checked=True))
    async with app.run_test(size=(100, 30)) as pilot:
        app.push_screen(IdsScreen(IDS[0], IDS[3], IDS[5]))
        await screen_is(pilot, IdsScreen)
        text = await shows(pilot, IDS[0], IDS[3], IDS[5])
        assert "zA4BwBD54MDQA+" not in text
