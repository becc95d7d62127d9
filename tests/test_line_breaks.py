"""No line break inside what a reader takes as one (#36, item 9): a pair in brackets («(شيش
بيش)», «(خسارة ١٫٠٨٣)»), a particle and the word it governs («لم تنتهِ»), a date and its time.
"""

from __future__ import annotations

import re

import pytest

from tawla.engine import Position
from tawla.i18n import catalog
from tawla.i18n.bidi import layout, visual
from tawla.i18n.words import Words
from tawla.store.settings import Preferences
from tawla.ui.game_texts import GameWords

from .test_reading_right import DIGITS, PLAYS, cafe_table


@pytest.mark.parametrize("arabic_indic", DIGITS, ids=["western", "arabic-indic"])
def test_no_line_ends_inside_a_pair_after_a_particle_or_between_a_date_and_its_time(arabic_indic: bool) -> None:
    """Wrapped at every width that has room for them, these stay on one line: a roll's café name
    in brackets, a loss in brackets, «لم تنتهِ», a date and its time."""
    words = Words("ar", arabic_indic=arabic_indic)
    texts = GameWords(cafe_table(Position.start(), [(6, 5)]), words, Preferences()).texts
    loss = words.num("1.083")
    (pair,) = re.findall(r"\([^()]*\{loss\}[^()]*\)", catalog("ar")["skill.worst"])  # («(خسارة {loss})»)
    date = words.num("2026-12-01 18:46")
    cases = [
        (
            words.t("panel.last", name="فاطمة", dice=texts.roll_named((6, 5)), play=texts.play(PLAYS[1])),
            f"({texts.roll_name((6, 5))})",
        ),
        (words.t("skill.worst", player="● خالد", moment="x", chosen="y", best="z", loss=loss), pair.format(loss=loss)),
        (" ".join(words.t(k) for k in ("over.game_on", "history.unfinished", "story.unfinished")), "لم تنتهِ"),
        (
            words.t("resume.entry", a="فاطمة", b="خالد", sa=1, sb=0, length="x", rules="y", date=date),
            words.units(date),
        ),
    ]
    for text, unit in cases:
        drawn = visual(unit, rtl=True).strip()
        broken = {}
        for width in range(len(drawn) + 1, 60):
            lines = [line.plain.strip() for line in layout(text, width, True)]
            if not any(drawn in line for line in lines):
                broken[width] = lines
        assert not broken, (drawn, list(broken.items())[:2])
