"""Arabic grammar in the catalogs (#13, #21): sentences about a player read right for a man and a
woman, no text speaks to a player with an imperative, counts take their plural forms, no letter
joins across a placeholder, and the tanwin, the keys and the words are written one way."""

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
from tawla.ui.keys import ARABIC_LAYOUT

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


# -- imperatives -----------------------------------------------------------------------------------

# A player is spoken to with a verbal noun or a neutral form («رمي الزهر: المسافة أو ق (r)»,
# «إنهاء الدور»), never an imperative: «ارمِ» speaks to a man, «ارمي» to a woman. Imperatives
# are recognised by their morphology: each verb a screen speaks with (those the catalog used
# and their neighbours), by its root and its form, gives its masculine and feminine imperative.
# Only the dual stays: it speaks to the two players, whoever they are («أعيدا الرمي»).
# fmt: off
VERBS: dict[str, str] = {
    "I": "كتب رفع لعب ضغط قبل رفض فتح فحص جمع رسم ترك قرأ خرج دمج نسخ حذف بحث عرض ضرب كسر دخل رجع "
         "نقل حسب طلب فهم بدأ سحب شطب سمع نظر",  # اكتب، ارفع، العب، اضغط، ابدأ
    "I-assimilated": "وضع وقف وصل ودع",  # ضع، قف
    "I-defective": "رمي مشي نسي دعو",  # ارمِ، امشِ
    "II": "حرك مرر شغل كبر صغر أكد حدث حول غير جرب سجل ثبت سكر سمي غطي",  # حرّك، مرّر، كبّر
    "III": "ضعف تبع حول رجع قرن",  # ضاعف، تابع
    "IV": "دخل خرج غلق صلح فرغ كمل رسل طفئ درج نزل",  # أدخل، أغلق، أطفئ
    "IV-hollow": "عود ضيف زيل دور",  # أعد، أضف
    "IV-defective": "نهي عطي بقي لغي بدي",  # أنهِ، أعطِ، أبقِ
    "V": "قدم حرك أكد جنب وقف",  # تقدّم، تأكّد
    "VI": "رجع جهل",  # تراجع
    "VIII": "نظر نقل",  # انتظر
    "VIII-hollow": "خير",  # اختر
    "X": "عمل خدم سلم بدل",  # استعمل، استسلم
}
# fmt: on
IRREGULAR = {"خذ": "خذي", "قل": "قولي", "هات": "هاتي", "تعال": "تعالي"}
"""Imperatives no pattern above gives: (masculine, feminine)."""

_SHADDA, _FATHA, _DAMMA = "\u0651", "\u064e", "\u064f"


def imperative(form: str, root: str) -> tuple[str, str]:
    """The masculine and the feminine imperative of ``root`` in ``form``, unvowelled but for
    the shadda of forms II and V: spelt without it they would be nouns («غير»، «سجل»، «حول»)."""
    c1, c2, c3 = root
    masculine = {
        "I": "ا" + root,
        "I-assimilated": c2 + c3,
        "I-defective": "ا" + c1 + c2,
        "II": c1 + c2 + _SHADDA + (c3 if c3 not in "يى" else ""),
        "III": c1 + "ا" + c2 + c3,
        "IV": "أ" + root,
        "IV-hollow": "أ" + c1 + c3,
        "IV-defective": "أ" + c1 + c2,
        "V": "ت" + c1 + c2 + _SHADDA + c3,
        "VI": "ت" + c1 + "ا" + c2 + c3,
        "VIII": "ا" + c1 + "ت" + c2 + c3,
        "VIII-hollow": "ا" + c1 + "ت" + c3,
        "X": "است" + root,
    }[form]
    if form == "IV-hollow":  # (أعِد، أعيدي)
        return masculine, "أ" + c1 + "ي" + c3 + "ي"
    if form == "VIII-hollow":  # (اختَر، اختاري)
        return masculine, "ا" + c1 + "تا" + c3 + "ي"
    return masculine, masculine + "ي"


IMPERATIVES = frozenset(
    {form for pair in IRREGULAR.items() for form in pair}
    | {form for kind, roots in VERBS.items() for root in roots.split() for form in imperative(kind, root)}
)
_WAW_ROOTS = frozenset(VERBS["I-assimilated"].split())
"""«وضع» is the noun (or the past), not «و» and «ضع»."""
_SUFFIXES = ("هما", "هم", "ها", "ه", "ني", "نا")
"""Object pronouns an imperative takes («ارفعها»، «أبقِها»)."""
_VOWELLED_WORD = re.compile("[\u0621-\u064a][\u0621-\u0652\u0670\u0640]*")


def _marks_on(word: str, index: int) -> str:
    """The marks written on the ``index``-th letter of ``word`` (-1: the last)."""
    letters = [m.start() for m in re.finditer("[\u0621-\u064a]", word)]
    if not -len(letters) <= index < len(letters):
        return ""
    start = letters[index]
    following = [i for i in letters if i > start]
    return word[start + 1 : following[0] if following else len(word)]


_QUOTED = re.compile("«[^«»]*»")


def imperatives(text: str) -> list[str]:
    """The imperatives of ``text``, addressed to one person (a leading و or ف and an object
    pronoun aside). Unvowelled, forms II to X are spelt like their past («أخرج»), and forms V and
    VI like their verbal noun («تراجع»): a past is written with its last fatha («أخرجَ الخاسر
    حجراً»), a present or a passive with its first damma («هل أُخرج؟»، «تُعرض»), the verbal noun
    with the damma before its last letter («تراجُع»). Words quoted «…» are someone's words, not
    the game's (the glossary gives the café's «سكّر خانة»)."""
    found = []
    for word in _VOWELLED_WORD.findall(_QUOTED.sub(" ", text)):
        ending, start = _marks_on(word, -1), _marks_on(word, 0)
        if _FATHA in ending or _DAMMA in ending or _DAMMA in start or _DAMMA in _marks_on(word, -2):
            continue
        bare = _MARKS.sub("", word)
        if ({bare} | {bare[: -len(p)] for p in _SUFFIXES if bare.endswith(p)}) & _WAW_ROOTS:
            continue
        spellings = {bare, re.sub("[\u064b-\u0650\u0652\u0670\u0640]", "", word)}  # (with its shadda)
        stems = spellings | {s[1:] for s in spellings if s[:1] in ("و", "ف")}
        stems |= {s[: -len(p)] for s in stems for p in _SUFFIXES if s.endswith(p) and len(s) > len(p) + 1}
        if stems & IMPERATIVES:
            found.append(bare)
    return found


@pytest.mark.parametrize("key", sorted(catalog("ar")))
def test_no_text_speaks_to_a_player_with_an_imperative(key: str) -> None:
    assert not imperatives(catalog("ar")[key])


# The texts as they were before #21: each speaks to a man (the rules screen's text: the
# sentences of it that did).
# fmt: off
OLD_IMPERATIVES = {
    "cli.epilog": "شغّلها بلا أمر لتلعب. الأمر tawla moves --help يشرح أداة التحليل.",
    "cli.help.version": "اعرض رقم الإصدار واخرج",
    "cli.help.moves": "اعرض النقلات القانونية لوضعية ورمية",
    "cli.help.batch": "اقرأ أسطراً بالشكل POSITION_ID DICE من الدخل القياسي واكتب كائن JSON لكل سطر",
    "cli.help.resume": "تابع المباراة التي لم تنتهِ",
    "cli.help.help": "اعرض هذه المساعدة واخرج",
    "cli.help.csv": "اكتب الدفتر بصيغة CSV لجداول البيانات (على الخرج القياسي)",
    "cli.error.missing": "أعطِ معرّف وضعية ورمية، أو استعمل --batch",
    "cli.error.dice": "رمية غير صالحة «{dice}»: اكتب رقمين من 1 إلى 6، مثل 31 أو \u20663-1\u2069",
    "cli.error.seed": "{value} ليست بذرة: اكتب عدداً صحيحاً من \u2066-2^63\u2069 إلى \u20662^63\u2069",
    "reason.bar_first": "أدخل ما على البار أولاً: عليه {checkers}.",
    "reason.higher_checker_first": "الـ{die} لا يُخرج حجراً من خانة أدنى ما دام هناك حجر أعلى: حرّك ذلك الحجر.",
    "notation.syntax": "لم أفهم «{token}». اكتب النقلات هكذا: \u206613/7 8/7\u2069 أو بار/22 أو 6/خارج.",
    "notation.syntax_empty": "اكتب نقلة، مثل \u206613/7 8/7\u2069.",
    "action.roll_first": "ارمِ الزهر أولاً.",
    "action.already_rolled": "الزهر مرميّ بالفعل: العب به.",
    "action.cube_turned": "دار المكعب مرة في هذا الدور: ارمِ الزهر الآن.",
    "action.answer_double": "يجب الرد على المضاعفة المعروضة أولاً: اقبل أو ارفض.",
    "action.dice_needed": "اكتب الزهر الذي رميته.",
    "action.setup_resigning": "في معرّف المباراة هذا عرض استسلام: أعدّ الوضعية التي قبله.",
    "key.primary": "ارمِ، ارفع، ضع، أنهِ الدور",
    "key.pass": "مرّر الدور",
    "key.start": "ابدأ",
    "key.roll": "ارمِ",
    "key.double": "ضاعف",
    "key.take": "اقبل",
    "key.drop": "ارفض",
    "key.confirm": "أنهِ الدور",
    "key.put": "ضع الحجر",
    "key.pick": "ارفع الحجر",
    "key.die": "العب هذه الزهرة من مكان المؤشر",
    "key.undo": "تراجع",
    "key.escape": "أعد الحجر أو تراجع عن الدور",
    "key.notation": "اكتب النقلة",
    "key.replay_next": "تقدّم",
    "key.replay_back": "تراجع",
    "textual.dismiss_menu": "أغلق القائمة المنسدلة",
    "textual.exit_the_command_palette": "أغلق الأوامر",
    "textual.open_the_command_palette": "افتح الأوامر",
    "command.new_match_help": "اختر اللاعبين وطول المباراة وعادات اللعب",
    "command.language_help": "حوّل اللعبة إلى الإنجليزية",
    "command.quit_help": "أغلق اللعبة",
    "command.resume_help": "تابع المباراة التي لم تنتهِ",
    "command.setup_help": "ابدأ من معرّف وضعية ومعرّف مباراة من GNU Backgammon، أو من XGID",
    "command.replay_help": "أعد عرض جولات مباراة محفوظة خطوة خطوة",
    "command.export_help": "اكتب المباراة في ملف \u200e.mat\u200e لبرنامج GNU Backgammon وغيره",
    "command.search": "ابحث عن أمر…",
    "new.start": "ابدأ",
    "settings.check_rtl": "افحص عرض النص من اليمين…",
    "setting.end_turn_help": "أكّد بمفتاح Enter، أو ينتهي الدور مع آخر زهرة.",
    "setting.home_side_help": "ارسم البيوت على اليمين أو على اليسار.",
    "setting.show_pips_help": "اعرض كم خطوة بقيت لكل لاعب حتى إخراج أحجاره كلها (167 في البداية).",
    "option.opening.play_opening_dice": "العب زهر البداية",
    "status.opening": "اضغط المسافة أو ق (r) لرمي زهر البداية.",
    "status.turn": "ارمِ الزهر: المسافة أو ق (r).",
    "status.turn_double": "ارمِ الزهر بالمسافة، أو اعرض المضاعفة بمفتاح ي (d).",
    "status.doubled": "اقبل بمفتاح ف (t)، أو ارفض بمفتاح ح (p).",
    "status.doubled_beaver": "اقبل ف (t)، ارفض ح (p)، أو بيفر بمفتاح لا (b).",
    "status.beavered": "اقبل البيفر ف (t)، أو ارفض ح (p).",
    "status.beavered_raccoon": "اقبل البيفر ف (t)، ارفض ح (p)، أو راكون ؤ (c).",
    "status.pass": "لا نقلة ممكنة: اضغط Enter لتمرير الدور.",
    "dice.bad": "اكتب رقمين من 1 إلى 6.",
    "typing.title": "اكتب النقلة لرمية {dice}",
    "resign.hint": "اضغط 1 أو 2 أو 3، أو Esc لمتابعة اللعب.",
    "screen.too_small": "الطرفية صغيرة — المطلوب {need} والحالي {now}. كبّر النافذة.",
    "check.title": "أي سطر يُقرأ صحيحاً؟ اضغط 1 أو 2.",
    "check.question": "اضغط 1 أو 2 للسطر الذي تقرؤه صحيحاً.",
    "store.not_saving": "المباراة لا تُحفظ الآن ({reason}). اللعب مستمر؛ أفرغ بعض المساحة أو أصلح المجلد.",
    "store.busy": "هذه المباراة مفتوحة في نافذة أخرى من اللعبة. اختر مباراة غيرها، أو ابدأ مباراة جديدة.",
    "store.all_busy": (
        "كل المباريات غير المنتهية مفتوحة في نافذة أخرى من اللعبة. ابدأ مباراة جديدة، أو أغلق النافذة "
        "الأخرى أولاً."
    ),
    "resume.delete_hint": "y أو غ: ارفعها · n أو Esc: أبقِها",
    "setup.xgid_and_match": "في XGID النتيجة والمكعب والزهر أصلاً: اترك معرّف المباراة فارغاً.",
    "export.empty": "اكتب اسم ملف.",
    "book.error.newer_version": (
        "نسخة أحدث من البرنامج تحفظ اللاعبين في هذا المجلد: حدّث البرنامج لتعيد تسمية اللاعبين أو تدمجهم."
    ),
    "book.error.name_taken": "الاسم {name} اسم لاعب آخر: ادمج اللاعبَين بدلاً من ذلك.",
    "book.error.busy": "نسخة أخرى من اللعبة تغيّر اللاعبين الآن: أعد المحاولة بعد لحظة.",
    "rulebook.text": (
        "اجمع أحجارك كلها في بيتك ثم أخرجها من اللوح. - في الدبل العب أكبر عدد ممكن من النقلات. وإذا أمكن "
        "إدخال بعض أحجار البار دون بعض، أدخل ما استطعت. لتلعب هكذا اختر «لعب النقود» طولاً للمباراة الجديدة، "
        "و«مقهى» في عادات اللعب، أو أطفئ «مكعب المضاعفة» في «تفصيل العادات». ويقال: الخانة المسكّرة، "
        "و«سكّر خانة» أي أغلقها بحجرين."
    ),
}
# fmt: on


def test_the_check_catches_every_imperative_of_the_old_catalog() -> None:
    old = dict(catalog("ar")) | OLD_IMPERATIVES
    caught = {key for key, text in old.items() if imperatives(text)}
    assert caught == set(OLD_IMPERATIVES) and len(caught) == 77
    assert sum(len(imperatives(text)) for text in OLD_IMPERATIVES.values()) == 101
    # its morphology: forms I to X, weak roots, a conjunction and an object pronoun, both genders
    assert imperatives("ارمِ الزهر، ثم أنهِ الدور، أو ارفعيها وأبقِها، فضعه") == [
        "ارم", "أنه", "ارفعيها", "وأبقها", "فضعه"
    ]  # fmt: skip
    assert imperatives("اختر أو اختاري، أعد أو أعيدي، تقدّم، تراجع، استسلم، ضاعفي") == [
        "اختر", "اختاري", "أعد", "أعيدي", "تقدم", "تراجع", "استسلم", "ضاعفي"
    ]  # fmt: skip
    # … and what it leaves: nouns, a past with its fatha, a present or passive with its damma, the dual
    assert not imperatives(
        "وضع الحجر ووضعها، رفع الحجر، رمي الزهر، التراجع، تراجُع، تقدُّم، غير صالح، سجل المباراة، حول اللوح"
    )
    assert not imperatives("أخرجَ الخاسر حجراً. هل أُخرج برقم أعلى؟ تُعرض المضاعفة. أعيدا الرمي، ارميا الزهر")
    assert not imperatives("ويقال: «سكّر خانة»") and imperatives("سكّر خانة") == ["سكر"]
    assert imperatives("أخرج الخاسر حجراً") == ["أخرج"]  # (unvowelled, a past reads as the imperative)


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
# long: 0 is money play, shown as «جولات حرّة» (panel.money, new.money).
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
     ".ﺭﺎﺠﺣﺃ 3 ﺭﺎﺒﻟﺍ ﻰﻠﻋ :ﻻًﻭﺃ ﺭﺎﺒﻟﺍ ﻦﻣ ﻝﻮﺧﺪﻟﺍ", ".ﺭﺎﺠﺣﺃ ٣ ﺭﺎﺒﻟﺍ ﻰﻠﻋ :ﻻًﻭﺃ ﺭﺎﺒﻟﺍ ﻦﻣ ﻝﻮﺧﺪﻟﺍ"),
    ("reason.entry_blocked_double", lambda w: w.num(reason_text("ar", Reason(Why.ENTRY_BLOCKED, dice=(6,)))),
     ".ﺔﻘﻠﻐﻣ 6-6 ﺔﻴﻣﺮﻟ ﻝﻮﺧﺪﻟﺍ ﺔﻧﺎﺧ", ".ﺔﻘﻠﻐﻣ ٦-٦ ﺔﻴﻣﺮﻟ ﻝﻮﺧﺪﻟﺍ ﺔﻧﺎﺧ"),
    ("status.pick", lambda w: w.t("status.pick"),
     ".ﺔﻠﻘﻨﻟﺍ ﺔﺑﺎﺘﻜﻟ «:»ﻭ ،ﻪﺗﺮﻫﺯ ﺐﻌﻠﻟ ﻢﻗﺮﻟﺍﻭ ،ﻪﻌﻓﺮﻟ Enterﻭ ،ﺮﺠﺣ ﺭﺎﻴﺘﺧﻻ ﻢﻬﺳﻷﺍ",
     ".ﺔﻠﻘﻨﻟﺍ ﺔﺑﺎﺘﻜﻟ «:»ﻭ ،ﻪﺗﺮﻫﺯ ﺐﻌﻠﻟ ﻢﻗﺮﻟﺍﻭ ،ﻪﻌﻓﺮﻟ Enterﻭ ،ﺮﺠﺣ ﺭﺎﻴﺘﺧﻻ ﻢﻬﺳﻷﺍ"),
    ("reason.enter_some", lambda w: w.num(reason_text("ar", Reason(Why.ENTER_SOME, number=1))),
     ".ﺭﻭﺪﻟﺍ ﻲﻗﺎﺑ ﻊﻴﻀﻳﻭ ،ﺪﺣﺍﻭ ﺮﺠﺣ ﻻﺇ ﺭﺎﺒﻟﺍ ﻦﻣ ﻞﺧﺪﻳ ﻥﺃ ﻦﻜﻤﻳ ﻻ",
     ".ﺭﻭﺪﻟﺍ ﻲﻗﺎﺑ ﻊﻴﻀﻳﻭ ،ﺪﺣﺍﻭ ﺮﺠﺣ ﻻﺇ ﺭﺎﺒﻟﺍ ﻦﻣ ﻞﺧﺪﻳ ﻥﺃ ﻦﻜﻤﻳ ﻻ"),
    ("reason.doubles_partial", lambda w: w.num(reason_text("ar", Reason(Why.DOUBLES_PARTIAL, number=2))),
     ".ﻢﻗﺮﻟﺍ ﺍﺬﻬﺑ ﻙﺮﺤﺘﻳ ﻥﺃ ﺮﺠﺣ ﻱﺃ ﻊﻴﻄﺘﺴﻳ ﻻ ﺎﻫﺪﻌﺑ :ﻥﺎﺘﻠﻘﻧ ﻻﺇ ﻊﺑﺭﻷﺍ ﺕﻼﻘﻨﻟﺍ ﻦﻣ ﺐﻌﻠﻳُ ﻥﺃ ﻦﻜﻤﻳ ﻻ",
     ".ﻢﻗﺮﻟﺍ ﺍﺬﻬﺑ ﻙﺮﺤﺘﻳ ﻥﺃ ﺮﺠﺣ ﻱﺃ ﻊﻴﻄﺘﺴﻳ ﻻ ﺎﻫﺪﻌﺑ :ﻥﺎﺘﻠﻘﻧ ﻻﺇ ﻊﺑﺭﻷﺍ ﺕﻼﻘﻨﻟﺍ ﻦﻣ ﺐﻌﻠﻳُ ﻥﺃ ﻦﻜﻤﻳ ﻻ"),
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


# -- one spelling, one order, one meaning ----------------------------------------------------------

# The tanwin of an accusative is written on its alef, as seeds 000 and 002 and the catalog write
# it («حجراً»، «أولاً»), never on the letter before it («حجرًا», as seeds 003 and 004 write it);
# a word ending in ة, ء or ى takes it with no alef («خطوةً»).
_TANWIN_BEFORE_ALEF = re.compile("[\u0621-\u064a][\u0651]?\u064b\u0627")
_TANWIN_ELSEWHERE = re.compile("(?<![اةءى\u0651])\u064b(?!ا)")


def other_tanwin(text: str) -> list[str]:
    """The tanwin of ``text`` written otherwise than on its alef."""
    return [m.group(0) for m in (*_TANWIN_BEFORE_ALEF.finditer(text), *_TANWIN_ELSEWHERE.finditer(text))]


def test_the_tanwin_is_written_one_way() -> None:
    texts = catalog("ar")
    assert not {key: other_tanwin(text) for key, text in texts.items() if other_tanwin(text)}
    assert sum(text.count("\u064b") for text in texts.values()) > 90  # (the catalog has many: «واحداً»، «حجراً»…)
    assert other_tanwin("بالأسهم تختار حجرًا") == ["رًا"] and other_tanwin("فورًا وأولاً") == ["رًا"]
    assert not other_tanwin("حجراً، خطوةً خطوة، مساءً، أولاً، جداً")


# A letter key is named as the footer and the help name it: its Arabic letter, then its Latin
# letter in brackets («ق (r)»), never the Latin one first («r أو ق») or either one alone.
_LATIN_KEY = re.compile(r"(?<![A-Za-z0-9_\-.'/{])[a-z](?![A-Za-z0-9_\-.'}])")
_LAYOUT_LETTERS = "".join(v for v in ARABIC_LAYOUT.values() if len(v) == 1 and "\u0621" <= v <= "\u064a")
_ARABIC_KEY = re.compile(f"(?<![\u0621-\u0652])[{_LAYOUT_LETTERS}](?![\u0621-\u0652])|(?<![\u0621-\u0652])لا(?= \\()")


def keys_out_of_order(text: str) -> list[str]:
    """The letter keys of ``text`` not written «ق (r)»."""
    wrong = []
    for m in _LATIN_KEY.finditer(text):
        latin = m.group(0)
        arabic = ARABIC_LAYOUT.get(latin)
        if arabic is None or not text[: m.start()].endswith(f"{arabic} (") or text[m.end() : m.end() + 1] != ")":
            wrong.append(latin)
    for m in _ARABIC_KEY.finditer(text):
        letter = m.group(0)
        latin = next((k for k, v in ARABIC_LAYOUT.items() if v == letter), None)
        if latin is None or not text[m.end() :].startswith(f" ({latin})"):
            wrong.append(letter)
    return wrong


def test_every_letter_key_is_named_in_one_order() -> None:
    texts = catalog("ar")
    assert not {key: keys_out_of_order(text) for key, text in texts.items() if keys_out_of_order(text)}
    assert "ق (r)" in texts["status.turn"] and "ى (n)" in texts["resume.delete_hint"]


# The hints as they were before #21: the Latin letter first, or alone.
OLD_KEY_HINTS = {
    "status.handover": "الدور على {name}: r أو ق للرمي.",
    "status.handover_double": "الدور على {name}: r أو ق للرمي، d أو ي للمضاعفة.",
    "resign.offer_hint": "غ أو y للقبول، وى أو n أو Esc للرفض.",
    "resume.hint": "↑↓ وEnter للمتابعة · d أو ي أو Delete ترفع المباراة من القائمة · Esc للرجوع.",
    "resume.delete_hint": "y أو غ: ارفعها · n أو Esc: أبقِها",
    "ids.hint": "c أو ؤ ينسخ معرّفَي GNU Backgammon معاً، وx أو ء ينسخ XGID، وEsc يغلق",
    "bookscreen.merge_confirm_hint": "y أو غ: الدمج · n أو Esc: الإبقاء على الاسمين منفصلين",
    "bookscreen.forget_hint": "y أو غ: الحذف · n أو Esc: الإبقاء",
}


def test_the_order_check_catches_every_old_hint() -> None:
    old = dict(catalog("ar")) | OLD_KEY_HINTS
    assert {key for key, text in old.items() if keys_out_of_order(text)} == set(OLD_KEY_HINTS)
    assert keys_out_of_order("r أو ق للرمي") == ["r", "ق"] and keys_out_of_order("غ أو y") == ["y", "غ"]
    assert not keys_out_of_order("القبول: ف (t)، والبيفر: لا (b)؛ X (اللاعب في الأسفل)، tawla moves --help")


# One word, one meaning: «رفع» lifts a checker (a match is deleted from the Resume list), «البيوت»
# are points in seed 002 (the home board is «البيت»), «خطوة» is a pip (the replay goes from
# position to position).
# fmt: off
ONE_MEANING: list[tuple[str, tuple[str, ...]]] = [
    ("رفع", ("resume.", "bookscreen.", "command.", "store.")),
    ("بيوت", ("",)),
    ("خطوة", ("replay.", "key.replay_", "command.replay", "setting.step_by_step")),
]
# fmt: on


@pytest.mark.parametrize(("word", "not_in"), ONE_MEANING)
def test_a_word_keeps_one_meaning(word: str, not_in: tuple[str, ...]) -> None:
    texts = catalog("ar")
    assert not [key for key, text in texts.items() if key.startswith(not_in) and word in _MARKS.sub("", text)]


def test_the_replay_and_the_resume_list_say_their_own_words() -> None:
    texts = catalog("ar")
    assert texts["replay.status"] == "الموضع {step} من {steps}"
    assert texts["resume.delete_title"] == "حذف هذه المباراة من قائمة المتابعة؟"
    assert texts["setting.home_side"] == "جهة البيت"
    assert texts["panel.last"].startswith("آخر نقلة: ")
    assert texts["setting.opening_help"] == "ما يفعله الفائز برمية البداية."
    assert "المارس والمارس التركي: له–عليه." in texts["book.legend"]


@pytest.mark.parametrize(
    ("lang", "roll", "said"),
    [
        ("ar", (6,), "خانة الدخول لرمية 6-6 مغلقة."),
        ("ar", (6, 5), "خانات الدخول لرمية 6-5 مغلقة."),
        ("en", (6,), "The entry point for 6-6 is closed."),
        ("en", (6, 5), "The entry points for 6-5 are closed."),
    ],
)
def test_a_double_has_one_entry_point(lang: str, roll: tuple[int, ...], said: str) -> None:
    assert plain(reason_text(lang, Reason(Why.ENTRY_BLOCKED, dice=roll))) == said
