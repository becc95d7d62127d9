"""Arabic grammar in the catalogs (#13): sentences about a player read right for a man and a
woman, counts take their plural forms, and no letter joins across a placeholder."""

from __future__ import annotations

import re
import string
from collections.abc import Mapping

import pytest

from tawla.i18n import catalog
from tawla.i18n.bidi import visual
from tawla.i18n.words import Words

MAN, WOMAN = "أحمد", "فاطمة الزهراء"

# -- gender ----------------------------------------------------------------------------------------

NAME_FIELDS = frozenset({"name", "player", "winner", "loser", "doubler", "beaverer", "raccooner", "a", "b"})
"""Placeholders that hold a player's name."""

# Verbs and adjectives that agree with a person, masculine and feminine, unvowelled: those the
# catalog used («{name} يفوز», «يبدأ {name}», «{doubler} يضاعف», «تقبل؟», «اكتب الزهرتين اللتين
# رميتهما», «حرّك أحجارك»…) and their neighbours. Not the words spelt like a noun the catalog
# uses: «عرض» and «ردّ» (an offer, an answer), «مضاعفة» (a double), «قبل» (before), «رفض».
# fmt: off
GENDERED = frozenset({
    "يفوز", "تفوز", "فاز", "فازت", "فائز", "فائزة", "يربح", "تربح", "ربح", "ربحت", "رابح", "رابحة",
    "يكسب", "تكسب", "كسب", "كسبت", "يخسر", "تخسر", "خسر", "خسرت", "خاسر", "خاسرة",
    "يلعب", "تلعب", "لعبت", "يبدأ", "تبدأ", "بدأ", "بدأت", "بادئ", "بادئة",
    "يفتتح", "تفتتح", "افتتح", "افتتحت", "يرمي", "ترمي", "رمى", "رمت", "رميت", "رميتهما",
    "يتحرك", "تتحرك", "حرك", "حركي", "يضاعف", "تضاعف", "ضاعف", "ضاعفت", "مضاعف", "مضاعفا",
    "يرد", "ترد", "ردت", "يعرض", "تعرض", "عرضت",
    "يستسلم", "تستسلم", "تستسلمين", "استسلم", "استسلمت", "مستسلم", "مستسلمة",
    "يقبل", "تقبل", "تقبلين", "قبلت", "يرفض", "ترفض", "ترفضين", "رفضت",
    "اكتب", "اكتبي", "العب", "العبي", "ارم", "ارمي", "اقبل", "اقبلي", "ارفض", "ارفضي",
    "متقدم", "متقدمة", "متأخر", "متأخرة",
})
# fmt: on

_MARKS = re.compile("[\u064b-\u0652\u0670\u0640]")  # harakat, superscript alef, tatweel
_WORD = re.compile("[\u0621-\u064a]+")


def _words(text: str) -> list[str]:
    return _WORD.findall(_MARKS.sub("", text))


def gendered(text: str) -> list[str]:
    """The words of ``text`` that agree with a person's gender (a leading و or ف aside)."""
    out = []
    for word in _words(text):
        if word in GENDERED or (word[:1] in ("و", "ف") and word[1:] in GENDERED):
            out.append(word)
    return out


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _naming_keys(texts: Mapping[str, str]) -> list[str]:
    return sorted(k for k, v in texts.items() if _fields(v) & NAME_FIELDS)


def sentences_about(texts: Mapping[str, str], key: str, name: str) -> list[str]:
    """Every way the sentence ``key`` of the catalog ``texts`` is said about ``name`` (for a
    game's end: each ending and each kind of win, as the game screen puts them together)."""
    words = Words(lang="ar")

    def fill(template: str, **params: object) -> str:  # (as tr() does: each piece isolated)
        return template.format(**{k: f"\u2068{v}\u2069" for k, v in params.items()})

    text = texts[key]
    fields = _fields(text)
    base: dict[str, object] = {f: name for f in fields & NAME_FIELDS}
    base |= {f: "3" for f in fields - NAME_FIELDS}
    if "points" in fields:
        base["points"] = words.t_n("points", 2)
    if "how" not in fields:
        return [fill(text, **base)]
    out = []
    for ending in ("bear_off", "drop", "resign"):
        for kind in ("single", "gammon", "backgammon"):
            how = fill(texts[f"over.{ending}"], kind=texts[f"over.kind_{kind}"])
            out.append(fill(text, **(base | {"how": how})))
    return list(dict.fromkeys(out))  # (a pass is the same whatever the kind)


def _problems(texts: Mapping[str, str]) -> list[str]:
    found = []
    for key in _naming_keys(texts):
        for name in (MAN, WOMAN):
            for sentence in sentences_about(texts, key, name):
                if gendered(sentence):
                    found.append(f"{key}: {sentence!r} {gendered(sentence)}")
    return found


def test_sentences_naming_a_player_are_found() -> None:
    keys = _naming_keys(catalog("ar"))
    for key in ("over.body", "over.match_title", "notice.forced", "notice.opening", "banner.doubled",
                "banner.beavered", "banner.raccooned", "resign.offer1", "resign.offer2", "resign.offer3",
                "resign.title", "dice.title", "banner.moving"):  # fmt: skip
        assert key in keys


@pytest.mark.parametrize("name", [MAN, WOMAN])
@pytest.mark.parametrize("key", _naming_keys(catalog("ar")))
def test_a_sentence_about_a_player_reads_right_for_a_man_and_a_woman(key: str, name: str) -> None:
    for sentence in sentences_about(catalog("ar"), key, name):
        assert not gendered(sentence), sentence
        assert visual(name, rtl=True) in visual(sentence, rtl=True)  # (the name itself, whole)


# The sentences as they were before #13: each has a verb that agrees with a man only.
OLD = {
    "over.body": "{name} يفوز {how}: {points}.",
    "over.match_title": "{name} يفوز بالمباراة!",
    "notice.forced": "نقلة إجبارية: {player} يلعب {play}.",
    "notice.opening": "يبدأ {name}، {d0} مقابل {d1}.",
    "banner.moving": "{name} — حرّك أحجارك",
    "banner.doubled": "{name}: {doubler} يضاعف إلى {value}",
    "banner.beavered": "{name}: {beaverer} يرد ببيفر إلى {value}",
    "banner.raccooned": "{name}: {raccooner} يرد براكون إلى {value}",
    "dice.title": "{name}: اكتب الزهرتين اللتين رميتهما",
    "resign.title": "{name}: بكم تستسلم؟",
    "resign.offer1": "{name} يستسلم بجولة عادية. تقبل؟",
    "resign.offer2": "{name} يستسلم بمارس. تقبل؟",
    "resign.offer3": "{name} يستسلم بمارس تركي. تقبل؟",
}


def test_the_check_catches_every_sentence_it_was_written_for() -> None:
    old = dict(catalog("ar")) | OLD
    caught = {problem.partition(":")[0] for problem in _problems(old)}
    assert caught == set(OLD)
    assert gendered("وتقبل؟") == ["وتقبل"] and gendered("ضاعفَت") == ["ضاعفت"]
    assert not gendered("عرض استسلام من فاطمة: القبول أم الرفض؟")


# -- joining across a placeholder ----------------------------------------------------------------

_RIGHT_JOINING = frozenset("اأإآٱدذرزژوؤة")
"""Letters that join only the letter before them (to their right): a text may follow them."""
_NUMBERS = frozenset({"die", "n", "count", "value", "number", "d0", "d1", "sa", "sb", "old"})
"""Placeholders that are always a number: digits join nothing, «الـ{die}» reads «الـ6»."""


def _joins_forward(char: str) -> bool:
    """A letter (or the tatweel) that joins the next letter: it must not stand before a text."""
    return char == "\u0640" or ("\u0621" < char <= "\u064a" and char not in _RIGHT_JOINING)


def _joins_back(char: str) -> bool:
    return "\u0621" < char <= "\u064a" or char == "\u0640"


def joined_across(text: str) -> list[str]:
    """The placeholders of ``text`` that a letter joins: each is isolated (FSI … PDI) in a
    right-to-left sentence, and an isolate breaks the joining («بـ⁨جولة⁩» shows ب‍ـ and an
    unjoined ج), so a word must never be written around one."""
    found = []
    for match in re.finditer(r"\{(\w+)[^{}]*\}", text):
        if match.group(1) in _NUMBERS:
            continue
        before = re.sub("[\u064b-\u0652\u0670]", "", text[: match.start()])[-1:]  # (a haraka is not a letter)
        after = text[match.end() : match.end() + 1]
        if (before and _joins_forward(before)) or (after and _joins_back(after)):
            found.append(match.group(0))
    return found


@pytest.mark.parametrize("key", sorted(catalog("ar")))
def test_no_letter_joins_across_a_placeholder(key: str) -> None:
    assert not joined_across(catalog("ar")[key])


def test_the_joining_check_catches_a_letter_or_a_tatweel_before_a_text() -> None:
    assert joined_across("بـ{kind}") == ["{kind}"] and joined_across("لـ{name}") == ["{name}"]
    assert joined_across("ب{kind}") == ["{kind}"] and joined_across("{name}ي") == ["{name}"]
    assert not joined_across("و{d1}") and not joined_across("فوز {name}: {how}.") and not joined_across("الـ{die}")
