"""The catalogs: both languages complete, placeholders consistent, reasons all worded."""

from __future__ import annotations

import string

import pytest

from tawla.engine import IdError
from tawla.engine.explain import Reason, Why
from tawla.i18n import LANGUAGES, catalog, choose_language, tr
from tawla.i18n.messages import id_error_text, reason_text


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


PLURALS = {"zero", "one", "two", "few", "many", "other"}


def _base(key: str) -> str:
    """A plural form's key without its category (each language has its own categories)."""
    head, _, last = key.rpartition(".")
    return head + ".#" if last in PLURALS else key


def test_both_catalogs_have_the_same_keys_and_placeholders() -> None:
    en, ar = catalog("en"), catalog("ar")
    assert {_base(k) for k in en} == {_base(k) for k in ar}
    for key in en:
        if _base(key) != key:
            assert f"{key.rpartition('.')[0]}.other" in ar, key
            continue
        assert _fields(en[key]) == _fields(ar[key]), key
        assert en[key].strip() and ar[key].strip(), key


def test_arabic_texts_avoid_brackets_that_bidi_would_mirror() -> None:
    for key, text in catalog("ar").items():
        assert not set(text) & set("()[]"), key


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("why", list(Why))
def test_every_reason_has_a_sentence(lang: str, why: Why) -> None:
    text = reason_text(lang, Reason(why, die=6, point=13, number=2, dice=(6, 5)))
    assert text and not text.startswith("reason.")


def test_reason_sentences_fill_in_numbers_and_bar() -> None:
    assert reason_text("en", Reason(Why.ONLY_HIGHER, die=6)).endswith("the higher one, 6, must be played.")
    assert reason_text("en", Reason(Why.NO_CHECKER, point=25)) == "You have no checker on the bar."
    assert "البار" in reason_text("ar", Reason(Why.NO_CHECKER, point=25))


def test_id_errors_name_the_side() -> None:
    err = IdError("too_many_checkers", "", side="mover", count=16)
    assert id_error_text("en", err) == "the player on roll has 16 checkers, at most 15 are allowed"


def test_language_choice_order() -> None:
    assert choose_language("ar", "en", {"LANG": "en_US.UTF-8"}) == "ar"
    assert choose_language(None, "ar", {"LANG": "en_US.UTF-8"}) == "ar"
    assert choose_language(None, None, {"LANG": "ar_EG.UTF-8"}) == "ar"
    assert choose_language(None, None, {"LC_ALL": "en_GB.UTF-8", "LANG": "ar_EG.UTF-8"}) == "en"
    assert choose_language(None, None, {}) == "en"
    assert choose_language("fr", None, {}) == "en"


def test_missing_key_falls_back_visibly() -> None:
    assert tr("ar", "no.such.key") == "no.such.key"


def _codes(pattern: str) -> set[str]:
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "tawla"
    found: set[str] = set()
    for path in (root / "game").glob("*.py"):
        found |= set(re.findall(pattern, path.read_text(encoding="utf-8")))
    return found


def test_every_action_refusal_has_a_sentence() -> None:
    codes = _codes(r'ActionError\("([a-z_]+)"') | _codes(r'return "([a-z_]+)"') | {"game_over", "match_over"}
    assert len(codes) > 15
    for lang in LANGUAGES:
        for code in codes:
            assert f"action.{code}" in catalog(lang), (lang, code)


def test_every_rule_set_problem_has_a_sentence() -> None:
    keys = _codes(r'"(rules\.[a-z_]+)"')
    keys |= {f"rules.{name}_match" for name in ("jacoby", "beavers", "raccoons")}
    keys |= {f"rules.{name}_cube" for name in ("holland", "jacoby", "beavers", "raccoons")}
    for lang in LANGUAGES:
        for key in keys:
            assert key in catalog(lang), (lang, key)


def test_action_errors_read_well() -> None:
    from tawla.game import ActionError
    from tawla.i18n.messages import action_error_text

    assert (
        action_error_text("en", ActionError("turn_incomplete", steps=1)) == "The turn is not finished: 1 more to play."
    )
    assert action_error_text("ar", ActionError("crawford")) == "لا مضاعفة في جولة كروفورد."


def test_plurals() -> None:
    from tawla.i18n import plural_category, tr_n

    assert [plural_category("ar", n) for n in (0, 1, 2, 3, 10, 11, 99, 100, 103)] == [
        "zero", "one", "two", "few", "few", "many", "many", "other", "few",
    ]  # fmt: skip
    assert tr_n("en", "points", 1) == "1 point" and tr_n("en", "points", 3) == "3 points"
    assert tr_n("ar", "points", 2) == "نقطتان" and tr_n("ar", "points", 5) == "5 نقاط"
    assert tr_n("ar", "points", 12) == "12 نقطة"
