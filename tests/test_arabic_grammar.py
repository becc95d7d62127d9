"""Arabic grammar in the catalogs (#13): sentences about a player read right for a man and a
woman, counts take their plural forms, and no letter joins across a placeholder."""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Mapping

import pytest

from tawla.engine.explain import Reason, Why
from tawla.engine.notation import Incomplete, NotationError, TooManyMoves
from tawla.game.state import ActionError
from tawla.i18n import catalog, embedded, plain, tr_n
from tawla.i18n.bidi import isolate_ltr, visual
from tawla.i18n.messages import COUNTED, action_error_text, notation_error_text, reason_text, rules_error_text, say
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


# -- counts ----------------------------------------------------------------------------------------

COUNTS = (0, 1, 2, 3, 11, 100)

# Each counted noun, said with 0, 1, 2, 3, 11 and 100: in Arabic the dual and the singular
# stand without their number, 3 to 10 take the plural, 11 to 99 the accusative singular,
# 100 the genitive singular.
# fmt: off
NOUNS: dict[str, dict[str, tuple[str, ...]]] = {
    "count.checkers": {
        "en": ("0 checkers", "1 checker", "2 checkers", "3 checkers", "11 checkers", "100 checkers"),
        "ar": ("لا أحجار", "حجر واحد", "حجران", "3 أحجار", "11 حجراً", "100 حجر"),
    },
    "count.dice": {
        "en": ("0 dice", "1 die", "2 dice", "3 dice", "11 dice", "100 dice"),
        "ar": ("لا زهر", "زهرة واحدة", "زهرتان", "3 زهرات", "11 زهرة", "100 زهرة"),
    },
    "count.moves": {
        "en": ("0 moves", "1 move", "2 moves", "3 moves", "11 moves", "100 moves"),
        "ar": ("لا نقلات", "نقلة واحدة", "نقلتان", "3 نقلات", "11 نقلة", "100 نقلة"),
    },
    "count.automatic_doubles": {
        "en": ("0 automatic doubles", "1 automatic double", "2 automatic doubles", "3 automatic doubles",
               "11 automatic doubles", "100 automatic doubles"),
        "ar": ("لا مضاعفات تلقائية", "مضاعفة تلقائية واحدة", "مضاعفتان تلقائيتان", "3 مضاعفات تلقائية",
               "11 مضاعفة تلقائية", "100 مضاعفة تلقائية"),
    },
    "points": {
        "en": ("0 points", "1 point", "2 points", "3 points", "11 points", "100 points"),
        "ar": ("لا نقاط", "نقطة واحدة", "نقطتان", "3 نقاط", "11 نقطة", "100 نقطة"),
    },
}

# A match's length (after «من» the dual is genitive: «نقطتين»). A match is never 0 points
# long: 0 is money play, shown as «لعب النقود» (panel.money, new.money).
LENGTHS = (1, 2, 3, 11, 25, 100)
MATCH_LENGTHS: dict[str, dict[str, tuple[str, ...]]] = {
    "panel.match": {
        "en": ("1-point match", "2-point match", "3-point match", "11-point match", "25-point match",
               "100-point match"),
        "ar": ("مباراة من نقطة واحدة", "مباراة من نقطتين", "مباراة من 3 نقاط", "مباراة من 11 نقطة",
               "مباراة من 25 نقطة", "مباراة من 100 نقطة"),
    },
    "new.points": {
        "en": ("1 point", "2 points", "3 points", "11 points", "25 points", "100 points"),
        "ar": ("من نقطة واحدة", "من نقطتين", "من 3 نقاط", "من 11 نقطة", "من 25 نقطة", "من 100 نقطة"),
    },
}
# fmt: on


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("noun", sorted(NOUNS))
def test_each_counted_noun_takes_its_plural_form(noun: str, lang: str) -> None:
    assert tuple(tr_n(lang, noun, n) for n in COUNTS) == NOUNS[noun][lang]


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("key", sorted(MATCH_LENGTHS))
def test_a_match_length_is_said_in_points(key: str, lang: str) -> None:
    assert tuple(tr_n(lang, key, n) for n in LENGTHS) == MATCH_LENGTHS[key][lang]


def test_counted_words_come_in_the_interfaces_digits() -> None:
    indic = Words(lang="ar", arabic_indic=True)
    assert [plain(indic.t_n("count.checkers", n)) for n in COUNTS] == [
        "لا أحجار", "حجر واحد", "حجران", "٣ أحجار", "١١ حجراً", "١٠٠ حجر",
    ]  # fmt: skip
    assert plain(indic.t_n("panel.match", 11)) == "مباراة من ١١ نقطة"
    assert plain(Words(lang="ar").t_n("panel.match", 11)) == "مباراة من 11 نقطة"


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("key", sorted(COUNTED))
def test_every_counted_sentence_says_its_count_with_its_noun(key: str, lang: str) -> None:
    text = catalog(lang)[key]
    fillers = {name: "x" for name in _fields(text)}
    for n in COUNTS:
        given = {name: n for name in COUNTED[key]}
        said = say(lang, key, **(fillers | given))
        for placeholder, noun in COUNTED[key].values():
            assert "{" + placeholder + "}" in text
            piece = tr_n(lang, noun, n)
            assert (embedded(piece) if lang == "ar" else piece) in said, (key, n, said)


# English and Arabic: a number placeholder right beside a noun it counts («{count} مضاعفات»,
# "{count} checkers") is a count that missed the plural rule. ("{doubler} doubles" is a verb.)
_COUNTED_NEXT = {
    "en": re.compile(r"\{\w+\} (?:checkers?|dice|die|moves?|points?|games?|automatic)\b"),
    "ar": re.compile(r"\{\w+\} (?:حجر|أحجار|حجرا|زهرة|زهرات|نقلة|نقلات|نقطة|نقاط|مضاعفة|مضاعفات|جولة|جولات|مرة|مرات)"),
}


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_no_number_stands_beside_a_noun_outside_the_plural_forms(lang: str) -> None:
    plural = re.compile(r"\.(zero|one|two|few|many|other)$")
    found = [k for k, v in catalog(lang).items() if not plural.search(k) and _COUNTED_NEXT[lang].search(v)]
    assert not found
    assert _COUNTED_NEXT["ar"].search("{count} مضاعفات تلقائية تتجاوز أعلى قيمة للمكعب.")
    assert _COUNTED_NEXT["en"].search("{count} automatic doubles would go past the highest cube.")


# -- exact visual strings ----------------------------------------------------------------------------


def _over(w: Words, name: str, ending: str, kind: str, points: int) -> str:
    how = w.t(f"over.{ending}", kind=w.t(f"over.kind_{kind}"))
    return w.t("over.body", name=name, how=how, points=w.t_n("points", points))


def _play(w: Words, text: str) -> str:  # (as the game writes a play: each move isolated)
    return " ".join(isolate_ltr(move) for move in w.num(text).split(" "))


# (what is said, then the line as drawn with Western digits, then with Arabic-Indic digits)
# fmt: off
SAID: list[tuple[str, Callable[[Words], str], str, str]] = [
    ("over.body gammon", lambda w: _over(w, MAN, "bear_off", "gammon", 2),
     ".ﻥﺎﺘﻄﻘﻧ :ﺱﺭﺎﻤﺑ ﺪﻤﺣﺃ ﺯﻮﻓ", ".ﻥﺎﺘﻄﻘﻧ :ﺱﺭﺎﻤﺑ ﺪﻤﺣﺃ ﺯﻮﻓ"),
    ("over.body resign", lambda w: _over(w, WOMAN, "resign", "single", 1),
     ".ﺓﺪﺣﺍﻭ ﺔﻄﻘﻧ :ﺔﻳﺩﺎﻋ ﺔﻟﻮﺠﺑ ﻢﺼﺨﻟﺍ ﻡﻼﺴﺘﺳﺎﺑ ﺀﺍﺮﻫﺰﻟﺍ ﺔﻤﻃﺎﻓ ﺯﻮﻓ",
     ".ﺓﺪﺣﺍﻭ ﺔﻄﻘﻧ :ﺔﻳﺩﺎﻋ ﺔﻟﻮﺠﺑ ﻢﺼﺨﻟﺍ ﻡﻼﺴﺘﺳﺎﺑ ﺀﺍﺮﻫﺰﻟﺍ ﺔﻤﻃﺎﻓ ﺯﻮﻓ"),
    ("over.body drop", lambda w: _over(w, WOMAN, "drop", "single", 4),
     ".ﻁﺎﻘﻧ 4 :ﺔﻔﻋﺎﻀﻤﻟﺍ ﻢﺼﺨﻟﺍ ﺾﻓﺮﺑ ﺀﺍﺮﻫﺰﻟﺍ ﺔﻤﻃﺎﻓ ﺯﻮﻓ", ".ﻁﺎﻘﻧ ٤ :ﺔﻔﻋﺎﻀﻤﻟﺍ ﻢﺼﺨﻟﺍ ﺾﻓﺮﺑ ﺀﺍﺮﻫﺰﻟﺍ ﺔﻤﻃﺎﻓ ﺯﻮﻓ"),
    ("over.match_title", lambda w: w.t("over.match_title", name=WOMAN),
     "!ﺓﺍﺭﺎﺒﻤﻟﺎﺑ ﺀﺍﺮﻫﺰﻟﺍ ﺔﻤﻃﺎﻓ ﺯﻮﻓ", "!ﺓﺍﺭﺎﺒﻤﻟﺎﺑ ﺀﺍﺮﻫﺰﻟﺍ ﺔﻤﻃﺎﻓ ﺯﻮﻓ"),
    ("notice.opening", lambda w: w.t("notice.opening", name=WOMAN, d0=6, d1=5),
     ".5 ﻞﺑﺎﻘﻣ 6 :ﺀﺍﺮﻫﺰﻟﺍ ﺔﻤﻃﺎﻓ ﻰﻠﻋ ﻝﻭﻷﺍ ﺭﻭﺪﻟﺍ", ".٥ ﻞﺑﺎﻘﻣ ٦ :ﺀﺍﺮﻫﺰﻟﺍ ﺔﻤﻃﺎﻓ ﻰﻠﻋ ﻝﻭﻷﺍ ﺭﻭﺪﻟﺍ"),
    ("notice.forced", lambda w: w.t("notice.forced", player=MAN, play=_play(w, "13/7 8/7")),
     ".8/7 13/7 :ﺔﻳﺭﺎﺒﺟﻹﺍ ﺪﻤﺣﺃ ﺔﻠﻘﻧ", ".٨/٧ ١٣/٧ :ﺔﻳﺭﺎﺒﺟﻹﺍ ﺪﻤﺣﺃ ﺔﻠﻘﻧ"),
    ("notice.tie", lambda w: w.t("notice.tie", die=4),
     ".ﻲﻣﺮﻟﺍ ﺍﺪﻴﻋﺃ :ﺎﻤﻜﻨﻣ ﻞﻜﻟ 4 ،ﻝﺩﺎﻌﺗ", ".ﻲﻣﺮﻟﺍ ﺍﺪﻴﻋﺃ :ﺎﻤﻜﻨﻣ ﻞﻜﻟ ٤ ،ﻝﺩﺎﻌﺗ"),
    ("banner.doubled", lambda w: w.t("banner.doubled", name=MAN, doubler=WOMAN, value=2),
     "2 ﻰﻟﺇ ﺀﺍﺮﻫﺰﻟﺍ ﺔﻤﻃﺎﻓ ﻦﻣ ﺔﻔﻋﺎﻀﻣ :ﺪﻤﺣﺃ", "٢ ﻰﻟﺇ ﺀﺍﺮﻫﺰﻟﺍ ﺔﻤﻃﺎﻓ ﻦﻣ ﺔﻔﻋﺎﻀﻣ :ﺪﻤﺣﺃ"),
    ("banner.beavered", lambda w: w.t("banner.beavered", name=WOMAN, beaverer=MAN, value=4),
     "4 ﻰﻟﺇ ﺪﻤﺣﺃ ﻦﻣ ﺮﻔﻴﺒﺑ ﺩّﺭ :ﺀﺍﺮﻫﺰﻟﺍ ﺔﻤﻃﺎﻓ", "٤ ﻰﻟﺇ ﺪﻤﺣﺃ ﻦﻣ ﺮﻔﻴﺒﺑ ﺩّﺭ :ﺀﺍﺮﻫﺰﻟﺍ ﺔﻤﻃﺎﻓ"),
    ("banner.raccooned", lambda w: w.t("banner.raccooned", name=MAN, raccooner=WOMAN, value=8),
     "8 ﻰﻟﺇ ﺀﺍﺮﻫﺰﻟﺍ ﺔﻤﻃﺎﻓ ﻦﻣ ﻥﻮﻛﺍﺮﺑ ﺩّﺭ :ﺪﻤﺣﺃ", "٨ ﻰﻟﺇ ﺀﺍﺮﻫﺰﻟﺍ ﺔﻤﻃﺎﻓ ﻦﻣ ﻥﻮﻛﺍﺮﺑ ﺩّﺭ :ﺪﻤﺣﺃ"),
    ("banner.moving", lambda w: w.t("banner.moving", name=WOMAN),
     "ﻚﺘﻠﻘﻧ — ﺀﺍﺮﻫﺰﻟﺍ ﺔﻤﻃﺎﻓ", "ﻚﺘﻠﻘﻧ — ﺀﺍﺮﻫﺰﻟﺍ ﺔﻤﻃﺎﻓ"),
    ("resign.title", lambda w: w.t("resign.title", name=WOMAN),
     "؟ﺔﻤﻴﻗ ﻱﺄﺑ :ﺀﺍﺮﻫﺰﻟﺍ ﺔﻤﻃﺎﻓ ﻡﻼﺴﺘﺳﺍ", "؟ﺔﻤﻴﻗ ﻱﺄﺑ :ﺀﺍﺮﻫﺰﻟﺍ ﺔﻤﻃﺎﻓ ﻡﻼﺴﺘﺳﺍ"),
    ("resign.offer2", lambda w: w.t("resign.offer2", name=WOMAN),
     "؟ﺾﻓﺮﻟﺍ ﻡﺃ ﻝﻮﺒﻘﻟﺍ :ﺱﺭﺎﻤﺑ ﺀﺍﺮﻫﺰﻟﺍ ﺔﻤﻃﺎﻓ ﻦﻣ ﻡﻼﺴﺘﺳﺍ ﺽﺮﻋ",
     "؟ﺾﻓﺮﻟﺍ ﻡﺃ ﻝﻮﺒﻘﻟﺍ :ﺱﺭﺎﻤﺑ ﺀﺍﺮﻫﺰﻟﺍ ﺔﻤﻃﺎﻓ ﻦﻣ ﻡﻼﺴﺘﺳﺍ ﺽﺮﻋ"),
    ("dice.title", lambda w: w.t("dice.title", name=MAN),
     "؟ﺎﺟﺮﺧ ﻥﺍﺬﻠﻟﺍ ﻥﺎﻤﻗﺮﻟﺍ ﺎﻣ :ﺪﻤﺣﺃ ﺔﻴﻣﺭ", "؟ﺎﺟﺮﺧ ﻥﺍﺬﻠﻟﺍ ﻥﺎﻤﻗﺮﻟﺍ ﺎﻣ :ﺪﻤﺣﺃ ﺔﻴﻣﺭ"),
    ("panel.match 1", lambda w: w.t_n("panel.match", 1), "ﺓﺪﺣﺍﻭ ﺔﻄﻘﻧ ﻦﻣ ﺓﺍﺭﺎﺒﻣ", "ﺓﺪﺣﺍﻭ ﺔﻄﻘﻧ ﻦﻣ ﺓﺍﺭﺎﺒﻣ"),
    ("panel.match 2", lambda w: w.t_n("panel.match", 2), "ﻦﻴﺘﻄﻘﻧ ﻦﻣ ﺓﺍﺭﺎﺒﻣ", "ﻦﻴﺘﻄﻘﻧ ﻦﻣ ﺓﺍﺭﺎﺒﻣ"),
    ("panel.match 5", lambda w: w.t_n("panel.match", 5), "ﻁﺎﻘﻧ 5 ﻦﻣ ﺓﺍﺭﺎﺒﻣ", "ﻁﺎﻘﻧ ٥ ﻦﻣ ﺓﺍﺭﺎﺒﻣ"),
    ("panel.match 11", lambda w: w.t_n("panel.match", 11), "ﺔﻄﻘﻧ 11 ﻦﻣ ﺓﺍﺭﺎﺒﻣ", "ﺔﻄﻘﻧ ١١ ﻦﻣ ﺓﺍﺭﺎﺒﻣ"),
    ("new.points 1", lambda w: w.t_n("new.points", 1), "ﺓﺪﺣﺍﻭ ﺔﻄﻘﻧ ﻦﻣ", "ﺓﺪﺣﺍﻭ ﺔﻄﻘﻧ ﻦﻣ"),
    ("new.points 7", lambda w: w.t_n("new.points", 7), "ﻁﺎﻘﻧ 7 ﻦﻣ", "ﻁﺎﻘﻧ ٧ ﻦﻣ"),
    ("new.points 25", lambda w: w.t_n("new.points", 25), "ﺔﻄﻘﻧ 25 ﻦﻣ", "ﺔﻄﻘﻧ ٢٥ ﻦﻣ"),
    ("reason.bar_first", lambda w: w.num(reason_text("ar", Reason(Why.BAR_FIRST, number=3))),
     ".ﺭﺎﺠﺣﺃ 3 ﻪﻴﻠﻋ :ﻻًﻭﺃ ﺭﺎﺒﻟﺍ ﻰﻠﻋ ﺎﻣ ﻞﺧﺩﺃ", ".ﺭﺎﺠﺣﺃ ٣ ﻪﻴﻠﻋ :ﻻًﻭﺃ ﺭﺎﺒﻟﺍ ﻰﻠﻋ ﺎﻣ ﻞﺧﺩﺃ"),
    ("reason.enter_some", lambda w: w.num(reason_text("ar", Reason(Why.ENTER_SOME, number=1))),
     ".ﺭﻭﺪﻟﺍ ﻲﻗﺎﺑ ﻊﻴﻀﻳﻭ ،ﺪﺣﺍﻭ ﺮﺠﺣ ﻻﺇ ﺭﺎﺒﻟﺍ ﻦﻣ ﻞﺧﺪﻳ ﻥﺃ ﻦﻜﻤﻳ ﻻ",
     ".ﺭﻭﺪﻟﺍ ﻲﻗﺎﺑ ﻊﻴﻀﻳﻭ ،ﺪﺣﺍﻭ ﺮﺠﺣ ﻻﺇ ﺭﺎﺒﻟﺍ ﻦﻣ ﻞﺧﺪﻳ ﻥﺃ ﻦﻜﻤﻳ ﻻ"),
    ("reason.doubles_partial", lambda w: w.num(reason_text("ar", Reason(Why.DOUBLES_PARTIAL, number=2))),
     ".ﻥﺎﺘﻠﻘﻧ ﻻﺇ ﻊﺑﺭﻷﺍ ﺕﻼﻘﻨﻟﺍ ﻦﻣ ﺐﻌﻠﻳُ ﻥﺃ ﻦﻜﻤﻳ ﻻ", ".ﻥﺎﺘﻠﻘﻧ ﻻﺇ ﻊﺑﺭﻷﺍ ﺕﻼﻘﻨﻟﺍ ﻦﻣ ﺐﻌﻠﻳُ ﻥﺃ ﻦﻜﻤﻳ ﻻ"),
    ("reason.bearoff_not_yet", lambda w: w.num(reason_text("ar", Reason(Why.BEAROFF_NOT_YET, number=11))),
     ".ﺍًﺮﺠﺣ 11 ﻥﻵﺍ ﻪﺟﺭﺎﺧﻭ ،ﺖﻴﺒﻟﺍ ﻲﻓ ﺮﺸﻋ ﺔﺴﻤﺨﻟﺍ ﻙﺭﺎﺠﺣﺃ ﻊﻤﺘﺠﺗ ﻥﺃ ﻞﺒﻗ ﺝﺍﺮﺧﺇ ﻻ",
     ".ﺍًﺮﺠﺣ ١١ ﻥﻵﺍ ﻪﺟﺭﺎﺧﻭ ،ﺖﻴﺒﻟﺍ ﻲﻓ ﺮﺸﻋ ﺔﺴﻤﺨﻟﺍ ﻙﺭﺎﺠﺣﺃ ﻊﻤﺘﺠﺗ ﻥﺃ ﻞﺒﻗ ﺝﺍﺮﺧﺇ ﻻ"),
    ("notation.incomplete", lambda w: w.num(notation_error_text("ar", NotationError(Incomplete(4, 1), "8/7"))),
     ".ﺕﺍﺮﻫﺯ 4 :ﺔﻴﻣﺮﻟﺍ ﻩﺬﻫ ﻲﻓ ﺏﻮﻠﻄﻤﻟﺍﻭ ،ﺓﺪﺣﺍﻭ ﺓﺮﻫﺯ :ﺔﻠﻘﻨﻟﺍ ﻩﺬﻫ ﻲﻓ ﺐﻌﻟُ ﺎﻣ",
     ".ﺕﺍﺮﻫﺯ ٤ :ﺔﻴﻣﺮﻟﺍ ﻩﺬﻫ ﻲﻓ ﺏﻮﻠﻄﻤﻟﺍﻭ ،ﺓﺪﺣﺍﻭ ﺓﺮﻫﺯ :ﺔﻠﻘﻨﻟﺍ ﻩﺬﻫ ﻲﻓ ﺐﻌﻟُ ﺎﻣ"),
    ("notation.too_many", lambda w: w.num(notation_error_text("ar", NotationError(TooManyMoves(2, 3), "x"))),
     ".ﻥﺎﺗﺮﻫﺯ ﻻﺇ ﺐﻌﻠﻟ ﻖَﺒﻳ ﻢﻟ :ﻡﺯﻼﻟﺍ ﻦﻣ ﺮﺜﻛﺃ ﺕﻼﻘﻧ", ".ﻥﺎﺗﺮﻫﺯ ﻻﺇ ﺐﻌﻠﻟ ﻖَﺒﻳ ﻢﻟ :ﻡﺯﻼﻟﺍ ﻦﻣ ﺮﺜﻛﺃ ﺕﻼﻘﻧ"),
    ("action.turn_incomplete", lambda w: w.num(action_error_text("ar", ActionError("turn_incomplete", steps=3))),
     ".ﺕﻼﻘﻧ 3 ﺐﻌﻠﻟ ﻲﻘﺑ :ﻞﻤﺘﻜﻳ ﻢﻟ ﺭﻭﺪﻟﺍ", ".ﺕﻼﻘﻧ ٣ ﺐﻌﻠﻟ ﻲﻘﺑ :ﻞﻤﺘﻜﻳ ﻢﻟ ﺭﻭﺪﻟﺍ"),
    ("rules.automatic_doubles_max",
     lambda w: w.num(rules_error_text("ar", "rules.automatic_doubles_max", {"count": 7})),
     ".ﻪﻟ ﺔﻤﻴﻗ ﻰﻠﻋﺃ ﺐﻌﻜﻤﻟﺎﺑ ﺔﻴﺋﺎﻘﻠﺗ ﺕﺎﻔﻋﺎﻀﻣ 7 ﺯﻭﺎﺠﺘﺗ", ".ﻪﻟ ﺔﻤﻴﻗ ﻰﻠﻋﺃ ﺐﻌﻜﻤﻟﺎﺑ ﺔﻴﺋﺎﻘﻠﺗ ﺕﺎﻔﻋﺎﻀﻣ ٧ ﺯﻭﺎﺠﺘﺗ"),
]
# fmt: on


@pytest.mark.parametrize(("said", "western", "indic"), [(s, w, i) for _, s, w, i in SAID], ids=[d for d, *_ in SAID])
def test_exact_visual_strings_of_the_new_sentences(said: Callable[[Words], str], western: str, indic: str) -> None:
    assert visual(said(Words(lang="ar")), rtl=True) == western
    assert visual(said(Words(lang="ar", arabic_indic=True)), rtl=True) == indic
