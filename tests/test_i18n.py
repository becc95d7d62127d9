"""The catalogs: both languages complete, placeholders consistent, reasons all worded."""

from __future__ import annotations

import ast
import itertools
import re
import string
from pathlib import Path

import pytest

from tawla.engine import IdError
from tawla.engine.explain import Reason, Why
from tawla.i18n import LANGUAGES, catalog, choose_language, tr
from tawla.i18n.messages import id_error_text, reason_text

ROOT = Path(__file__).resolve().parent.parent


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


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_catalog_read_a_table_at_a_time_is_the_catalog_read_whole(lang: str) -> None:
    from tawla.i18n.catalogs import Catalog, parse_toml

    text = (ROOT / "tawla" / "i18n" / f"{lang}.toml").read_text(encoding="utf-8")
    whole = parse_toml(text)
    lazy = Catalog(text)
    assert lazy["menu.new_match"] == whole["menu.new_match"]
    assert len(lazy._read) < len(whole) / 5  # (only the menu's table was read)
    assert all(lazy[key] == value for key, value in whole.items())
    assert dict(Catalog(text)) == whole
    assert "menu.nothing" not in lazy and "nothing" not in lazy


def test_a_catalog_that_does_not_cut_into_tables_is_read_whole() -> None:
    from tawla.i18n.catalogs import Catalog

    text = 'top.word = "x"\n[a]\nlong = """\n[b] is not a table here\n"""\n[b]\nword = "y"\n'
    lazy = Catalog(text)
    assert lazy["a.long"] == "[b] is not a table here\n"
    assert lazy["b.word"] == "y" and lazy["top.word"] == "x"
    assert dict(Catalog(text)) == {"top.word": "x", "a.long": "[b] is not a table here\n", "b.word": "y"}


def test_arabic_indic_digits_apply_to_the_text_but_not_to_placeholders_or_the_digit_choices() -> None:
    assert tr("ar", "dice.bad", True) == "المطلوب رقمان من ١ إلى ٦."
    assert tr("ar", "notice.opening", True, name="x", d0="٦", d1="٥").count("٦") == 1
    assert "0123" in tr("ar", "option.digits.western", True)
    assert tr("ar", "setup.bad_position", True, problem="4HPwATDgc/ABMA").count("4HPw") == 1


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
        action_error_text("en", ActionError("turn_incomplete", steps=1))
        == "The turn is not finished: 1 move left to play."
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


# -- no player-facing text outside the catalogs --------------------------------------------------

_PROSE = re.compile(r"[A-Za-z]{2,}[,.!?:]? +[A-Za-z]{2,}|[\u0621-\u064a]")
_STYLE_WORDS = {"bold", "dim", "italic", "underline", "reverse", "strike", "blink", "on", "not"}
_PLAYER_FACING = [
    *sorted((ROOT / "tawla" / "ui").rglob("*.py")),
    *sorted((ROOT / "tawla" / "cli").rglob("*.py")),
]
_LETTER_TABLES = {"keys.py"}  # the Arabic keyboard layout: letters, not words


def _docstrings(tree: ast.AST) -> set[int]:
    """Docstrings of modules, classes, functions and attributes, DEFAULT_CSS values, CSS
    classes given to widgets, and regular expressions."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg in ("classes", "id", "variant"):
            out.add(id(node.value))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "compile":
            out.update(id(arg) for arg in node.args)  # a pattern is not shown
        target = node.target if isinstance(node, ast.AnnAssign) else None
        if isinstance(target, ast.Name) and target.id == "_ARGPARSE_MESSAGES" and isinstance(node.value, ast.Dict):
            out.update(id(k) for k in node.value.keys)  # argparse's msgids: looked up, never shown
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            out.add(id(body[0].value))
        for before, after in itertools.pairwise(body):
            if isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant):
                out.add(id(after.value))  # an attribute's docstring
            targets = before.targets if isinstance(before, ast.Assign) else []
            if isinstance(before, ast.AnnAssign):  # (DEFAULT_CSS: ClassVar[str] = ...)
                targets = [before.target]
            if any(isinstance(t, ast.Name) and t.id == "DEFAULT_CSS" for t in targets):
                out.add(id(before.value))
    return out


def _prose(value: str) -> bool:
    if not _PROSE.search(value):
        return False
    return not set(value.split()) <= _STYLE_WORDS  # a Rich style such as "bold underline"


@pytest.mark.parametrize("path", _PLAYER_FACING, ids=lambda p: p.name)
def test_no_player_facing_text_outside_the_catalogs(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree)
    found = [
        f"{path.name}:{node.lineno}: {node.value!r}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in skip
        and path.name not in _LETTER_TABLES
        and _prose(node.value)
    ]
    assert not found, "text a player sees belongs in the catalogs:\n" + "\n".join(found)


def test_the_scan_for_stray_text_catches_a_sentence() -> None:
    tree = ast.parse('def f():\n    """Doc."""\n    return label("Roll the dice")\n')
    skip = _docstrings(tree)
    strays = [n for n in ast.walk(tree) if isinstance(n, ast.Constant) and id(n) not in skip and _prose(str(n.value))]
    assert len(strays) == 1 and not _prose("bold underline") and _prose("ارمِ")
