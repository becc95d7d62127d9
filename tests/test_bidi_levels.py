"""The embedding levels of :mod:`tawla.i18n.uax9` against python-bidi's Rust implementation.

The game used to read its levels out of the string python-bidi's ``get_display(debug=True)``
returns (Rust's debug dump of ``unicode_bidi::BidiInfo``, one ``Level(n)`` per UTF-8 byte);
it now resolves them itself (see the module's docstring for why). Here the old way is the
oracle: strict, so that a change of that dump fails loudly instead of passing on nothing.
"""

from __future__ import annotations

import re
import string
import unicodedata

import pytest
from bidi import get_display
from bidi.mirror import MIRRORED
from hypothesis import given
from hypothesis import strategies as st

from tawla.i18n import LANGUAGES, catalog, tr
from tawla.i18n.bidi import embedding_levels, shape
from tawla.i18n.uax9 import bracket, levels

LRI, RLI, FSI, PDI = "\u2066", "\u2067", "\u2068", "\u2069"
_LEVEL = re.compile(r"Level\(\s*(\d+),?\s*\)")


def library_levels(line: str, rtl: bool) -> list[int]:
    """The levels as the game read them before: python-bidi's debug dump, a level per byte."""
    dump = str(get_display(line, base_dir="R" if rtl else "L", debug=True))
    assert dump.startswith("BidiInfo {"), dump[:80]
    body = dump[dump.index("levels: [") : dump.index("paragraphs:")]
    per_byte = [int(n) for n in _LEVEL.findall(body)]
    widths = [len(c.encode("utf-8")) for c in line]
    assert len(per_byte) == sum(widths), "python-bidi's debug dump changed: a level per byte no more"
    out, offset = [], 0
    for width in widths:
        out.append(per_byte[offset])
        offset += width
    return out


# -- every catalog line ---------------------------------------------------------------------

_NUMBERS = {
    "n", "count", "die", "length", "a", "b", "sa", "sb", "point", "points", "checkers", "number", "d0", "d1",
    "used", "step", "steps", "low", "high", "games", "doubles", "need", "needed", "now", "old", "value",
}  # fmt: skip
_NAMES = ["فاطمة الزهراء", "Lina", "6-5", "13/7 8/7", "عليّ", "Player 2"]


def _catalog_lines() -> list[tuple[str, bool]]:
    """Every line of every catalog text, with sample parameters, in both digit settings: as
    written and as shaped (what :func:`visual` resolves)."""
    out = []
    for lang in LANGUAGES:
        rtl = lang == "ar"
        for key, text in catalog(lang).items():
            fields = sorted({f for _, f, _, _ in string.Formatter().parse(text) if f})
            params: dict[str, object] = {
                f: 11 if f in _NUMBERS else _NAMES[i % len(_NAMES)] for i, f in enumerate(fields)
            }
            for arabic_indic in (False, True) if rtl else (False,):
                for line in tr(lang, key, arabic_indic, **params).split("\n"):
                    if line:
                        out += [(line, rtl), (shape(line), rtl)]
    return out


def test_the_levels_agree_with_python_bidi_on_every_catalog_line() -> None:
    lines = _catalog_lines()
    assert len(lines) > 2000
    differ = [(line, rtl) for line, rtl in lines if levels(line, rtl) != library_levels(line, rtl)]
    assert differ == []


def test_the_levels_agree_on_every_catalog_line_in_the_other_direction_too() -> None:
    """(An Arabic line in a left-to-right paragraph: the check-rtl screen, a mixed help line.)"""
    differ = [line for line, rtl in _catalog_lines() if levels(line, not rtl) != library_levels(line, not rtl)]
    assert differ == []


# -- generated text -------------------------------------------------------------------------

_PIECES = (
    list("ابتثجحخدذرزسشصضطظعغفقكلمنهوىيةءأإآ")  # AL
    + list("ﺏﺐﺑﺒﻻﻼ")  # AL: presentation forms, as shaping leaves them
    + ["\u05d0"]  # R
    + list("abcXYZé")  # L
    + list("0123456789۴۵")  # EN (the extended Arabic-Indic digits are EN)
    + list("٠١٢٣٩")  # AN
    + list("+-,.:/%$#°€،")  # ES, CS, ET (the Arabic comma is CS)
    + list("()[]{}<>«»⟨⟩\u2329\u232a\u3008\u3009")  # ON, brackets (2329/3008: canonically equivalent)
    + ["\u064e", "\u0651", "\u0652", "\u0300"]  # NSM
    + [" ", " ", "\t", "\u00a0", "\n", "!", "؟", "?"]  # WS, S, CS, B, ON
    + [LRI, RLI, FSI, PDI, "\u200e", "\u200f", "\u061c", "\u200d", "\u200c"]  # isolates, marks, BN
    + ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e"]  # embeddings and overrides
)
_piece = st.sampled_from(_PIECES)
_isolated = st.builds(
    lambda start, inner: start + inner + PDI, st.sampled_from([LRI, RLI, FSI]), st.text(_piece, max_size=8)
)
_lines = st.lists(_piece | _isolated, min_size=1, max_size=24).map("".join)


def _crate_bracket_context(line: str) -> bool:
    """Whether ``line`` can meet unicode-bidi's N0 slip (0.3.x, inside python-bidi 0.6): looking
    for the strong type before an opening bracket, it walks the earlier level runs of the
    isolating run sequence last run first but each run forwards, so past an isolate it may
    find the run's first strong character instead of its last. UAX #9 says the last.
    Needs: strong text of both directions, then an isolate, then a bracket."""
    for i, char in enumerate(line):
        if char in (LRI, RLI, FSI) and PDI in line[i:]:
            before = {unicodedata.bidirectional(c) for c in line[:i]}
            after = line[line.index(PDI, i) :]
            both = "L" in before and not before.isdisjoint({"R", "AL", "EN", "AN"})
            if both and any(bracket(c) for c in after):
                return True
    return False


@given(_lines, st.booleans())
def test_the_levels_agree_with_python_bidi_on_generated_text(line: str, rtl: bool) -> None:
    if _crate_bracket_context(line):
        # (everything but the pairing of brackets: each bracket made a plain neutral, as "!")
        line = "".join("!" if bracket(c) else c for c in line)
    assert levels(line, rtl) == library_levels(line, rtl)


def test_the_crate_slip_is_where_uax9_is_followed() -> None:
    """X, an isolate, then (ج) in a left-to-right paragraph: the brackets enclose only
    right-to-left text; the strong type before them is X (L), so N0 gives them the
    embedding direction, L. unicode-bidi finds خ and makes them R. If this test fails on the
    library's side, the slip is fixed and :func:`_crate_bracket_context` can go."""
    line = "خX" + RLI + "a" + PDI + "(ج)"
    assert levels(line, False) == [1, 0, 0, 2, 0, 0, 1, 0]
    assert library_levels(line, False) == [1, 0, 0, 2, 0, 1, 1, 1]


@pytest.mark.parametrize(
    "line",
    [
        "a" + "\u202b" * 70 + "b" + "\u202c" * 70 + "c",  # embeddings past the deepest level (125)
        RLI + "x" + (RLI + "x") * 69 + "y" + PDI * 70 + "z",  # isolates past it
        ("\u202bب" + RLI + "a") * 40 + PDI * 40 + "c",  # both, interleaved
        "(" * 70 + "ب" + ")" * 70 + "a",  # more brackets open than BD16 keeps (63)
    ],
)
def test_the_levels_agree_past_the_limits_of_the_algorithm(line: str) -> None:
    for rtl in (False, True):
        assert levels(line, rtl) == library_levels(line, rtl)


# -- what the code relies on, pinned ----------------------------------------------------------

PINNED = [
    # a Latin key name first: still a right-to-left paragraph
    ("Esc للرجوع", True, [2, 2, 2, 1, 1, 1, 1, 1, 1, 1]),
    # an isolated name, then European digits (after Arabic letters: Arabic numbers, W2), brackets
    ("الفوز لـ" + FSI + "Lina" + PDI + " (3 نقاط)", True, [1] * 9 + [2] * 4 + [1] * 3 + [2] + [1] * 6),
    # the move notation inside a sentence: one left-to-right run per move
    ("النقلة 13/7 8/7 ممنوعة", True, [1] * 7 + [2] * 4 + [1] + [2] * 3 + [1] * 7),
    # Arabic-Indic digits around a hyphen held by left-to-right marks (to_digits)
    ("رمية ٦\u200e-\u200e٥.", True, [1] * 5 + [2] * 5 + [1]),
    # an Arabic name isolated in an English sentence
    ("Winner: " + FSI + "فاطمة" + PDI + "!", False, [0] * 9 + [1] * 5 + [0] * 2),
    # brackets around Latin text in Arabic take the sentence's direction (N0)
    ("ا (a) b", True, [1, 1, 1, 2, 1, 1, 2]),
    # harakat are marks: they take their letter's level (W1)
    ("مَرْحَبًا", True, [1] * 9),
    # a terminator after digits that follow Arabic letters stays neutral (W2 before W5)
    ("[ب] 5%", True, [1, 1, 1, 1, 2, 1]),
    # an embedding, and a boundary neutral (ZWJ): removed by X9, they take the level before them
    ("a\u202bb\u202cc", False, [0, 0, 2, 2, 0]),
    ("x\u200d\u0627", False, [0, 0, 1]),
]


@pytest.mark.parametrize(("line", "rtl", "expected"), PINNED)
def test_pinned_levels(line: str, rtl: bool, expected: list[int]) -> None:
    assert levels(line, rtl) == expected
    assert library_levels(line, rtl) == expected


def test_l1_takes_trailing_spaces_and_isolates_back_to_the_paragraph_level() -> None:
    assert embedding_levels("abc  ", True) == (2, 2, 2, 1, 1)
    assert embedding_levels("ب " + FSI + "x" + PDI + " ", False) == (1, 0, 0, 2, 0, 0)
    assert embedding_levels("ab\tب", False) == (0, 0, 0, 1)


def test_the_mirrored_glyphs_the_game_draws() -> None:
    """python-bidi's mirroring table (the module the pure-Python algorithm uses): L4 and the
    bracket pairs of N0 read it."""
    for a, b in ["()", "[]", "{}", "<>", "«»", "‹›", "⟨⟩", "\u3008\u3009", "\u2329\u232a"]:
        assert MIRRORED[a] == b
        assert MIRRORED[b] == a
    assert bracket("(") == ("(", True)
    assert bracket(")") == ("(", False)
    assert bracket("\u232a") == ("\u3008", False)  # (canonically U+3009)
    assert bracket("«") is None  # (a quotation mark, not a paired bracket)


def test_every_paired_bracket_pairs_as_the_library_pairs_it() -> None:
    """N0 on every opening punctuation mark with a mirrored glyph, in a left-to-right paragraph:
    ب, then the pair around ج, then x. A pair encloses only R and follows R: it becomes R.
    Unpaired, the closing mark sits between ج and x and takes the embedding direction, L."""
    paired = 0
    for code in range(0x10000):
        char = chr(code)
        if unicodedata.category(char) != "Ps" or char not in MIRRORED:
            continue
        line = "ب " + char + "ج" + MIRRORED[char] + " x"
        ours = levels(line, False)
        assert ours == library_levels(line, False), hex(code)
        assert (ours[4] == 1) == (bracket(char) is not None), hex(code)
        paired += ours[4] == 1
    assert paired > 50
