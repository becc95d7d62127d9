"""The words said at the table (issue 13): one term a concept, taken from the seed rule texts, used
in every sentence of the Arabic catalog; the reasons that read as nonsense rewritten."""

from __future__ import annotations

import re

import pytest

from tawla.engine.explain import Reason, Why
from tawla.i18n import catalog, tr
from tawla.i18n.messages import reason_text

AR = catalog("ar")


def _sentences() -> list[tuple[str, str]]:
    return sorted(AR.items())


@pytest.mark.parametrize(
    ("banned", "why"),
    [
        ("قواعد البيت", "البيت is the home board: the customs a table agrees on are عادات اللعب"),
        ("أعراف اللعب", "one word for the customs: عادات اللعب"),
        ("عدّ النقاط", "نقاط is the score: pips are خطوات"),
        ("مرّر الزهر", "it is the turn that passes: مرّر الدور"),
        ("للرقم", "a roll is a رمية"),
        ("بلا لعب", "the old dead_end sentence"),
    ],
)
def test_words_that_mislead_are_gone(banned: str, why: str) -> None:
    assert [key for key, text in _sentences() if banned in text] == [], why


def test_six_six_is_dushesh_everywhere() -> None:
    """Seed 000 says دوشيش; a bare «دوش» (the app's old name for it) is left nowhere."""
    assert AR["roll.double6"] == "دوشيش"
    bare = re.compile(r"دوش(?!يش)")
    assert [key for key, text in _sentences() if bare.search(text)] == []


def test_the_program_is_not_a_bare_tawla() -> None:
    """«طاولة» alone reads "a table": the program is اللعبة or البرنامج (the name on the logo and
    «الطاولة», the game, stay)."""
    bare = re.compile(r"(?<![\w])طاولة(?![\w])")
    allowed = {"app.name", "menu.logo"}
    assert [key for key, text in _sentences() if bare.search(text) and key not in allowed] == []


def test_pips_are_steps_in_the_panel_and_the_settings() -> None:
    assert AR["panel.pips"] == "الخطوات"
    assert "الخطوات" in AR["setting.show_pips"]
    for key in ("panel.pips", "setting.show_pips", "setting.show_pips_help"):
        assert "المسافة" not in AR[key] and "نقاط" not in AR[key], key


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_dead_end_says_which_die_and_why(lang: str) -> None:
    """DEAD_END: the step is possible, but afterwards fewer dice could be played than another
    way of playing the roll allows."""
    text = reason_text(lang, Reason(Why.DEAD_END, die=5))
    assert "5" in text
    assert ("another way" in text) if lang == "en" else ("بطريقة أخرى" in text)


def test_closed_entry_names_the_roll() -> None:
    assert reason_text("ar", Reason(Why.ENTRY_BLOCKED, dice=(6, 5))) == "خانات الدخول لرمية \u20686-5\u2069 مغلقة."
    # a double is one number rolled twice: 5-5, not "5"
    assert reason_text("en", Reason(Why.ENTRY_BLOCKED, dice=(5,))) == "The entry points for 5-5 are closed."


def test_the_turn_passes_not_the_dice() -> None:
    assert tr("ar", "key.pass") == "مرّر الدور"
    assert "لتمرير الدور" in tr("ar", "status.pass")
