"""The words said at the table (issue 13): one term a concept, taken from the seed rule texts, used
in every sentence of the Arabic catalog; the reasons that read as nonsense rewritten."""

from __future__ import annotations

import re

import pytest

from tawla.engine.explain import Reason, Why
from tawla.game import ManualDice, Match, Phase, RuleSet, ScriptedDice
from tawla.game.rules import Opening, preset
from tawla.i18n import catalog, plain, tr
from tawla.i18n.bidi import Bidi, visual
from tawla.i18n.messages import reason_text
from tawla.i18n.words import Words
from tawla.store.settings import Preferences, RollNames, Settings
from tawla.ui.app import TawlaApp
from tawla.ui.game_texts import GamePanel
from tawla.ui.match_view import MatchTexts, calls_rolls
from tawla.ui.screens.game import GameScreen

from .helpers.waiting import screen_is, strips, wait_until

AR = catalog("ar")


def _sentences() -> list[tuple[str, str]]:
    """Every Arabic text, the rules without their glossary (which gives the other words on purpose)."""
    return sorted((k, v.partition("## المصطلحات")[0] if k == "rulebook.text" else v) for k, v in AR.items())


@pytest.mark.parametrize(
    ("banned", "why"),
    [
        ("قواعد البيت", "البيت is the home board: the customs a table agrees on are عادات اللعب"),
        ("أعراف اللعب", "one word for the customs: عادات اللعب"),
        ("عدّ النقاط", "نقاط is the score: pips are خطوات"),
        ("مرّر الزهر", "it is the turn that passes: تمرير الدور"),
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
    bare = re.compile(r"(?<![\w])طاولة(?![\w]| الزهر)")
    allowed = {"app.name", "menu.logo"}
    assert [key for key, text in _sentences() if bare.search(text) and key not in allowed] == []


def test_pips_are_steps_in_the_panel_and_the_settings() -> None:
    assert AR["panel.pips"] == "خطوات"  # (a heading as short as "pips": the panel's names keep their room, #21)
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
    # a double is one number rolled twice: 5-5, not "5"; and it shows one entry point
    assert reason_text("en", Reason(Why.ENTRY_BLOCKED, dice=(5,))) == "The entry point for 5-5 is closed."


def test_the_turn_passes_not_the_dice() -> None:
    assert tr("ar", "key.pass") == "تمرير الدور"
    assert "لتمرير الدور" in tr("ar", "status.pass")


# -- café names for rolls ---------------------------------------------------------------------------

ARABIC = Words("ar")
NAMES = ("سامي", "ليلى")


@pytest.mark.parametrize(
    ("setting", "rules", "lang", "called"),
    [
        (RollNames.CAFE, preset("cafe"), "ar", True),  # the default: on in the café preset…
        (RollNames.CAFE, preset("international"), "ar", False),  # …and off elsewhere
        (RollNames.CAFE, preset("tournament"), "ar", False),
        (RollNames.ALWAYS, preset("international"), "ar", True),
        (RollNames.NEVER, preset("cafe"), "ar", False),
        (RollNames.ALWAYS, preset("cafe"), "en", False),  # Arabic names, in Arabic only
    ],
)
def test_rolls_are_called_by_name_in_the_cafe_preset_or_as_set(
    setting: RollNames, rules: RuleSet, lang: str, called: bool
) -> None:
    assert calls_rolls(Words(lang), Preferences(roll_names=setting), rules) is called


def test_the_default_is_the_cafe_preset_and_the_old_switch_still_reads() -> None:
    assert Preferences().roll_names is RollNames.CAFE
    assert Preferences.model_validate({"roll_names": True}).roll_names is RollNames.ALWAYS
    assert Preferences.model_validate({"roll_names": False}).roll_names is RollNames.CAFE


@pytest.mark.parametrize(
    ("roll", "name"),
    [((6, 5), "شيش بيش"), ((5, 6), "شيش بيش"), ((6, 6), "دوشيش"), ((4, 3), "جهار سه"), ((1, 1), "هب يك")],
)
def test_a_roll_is_told_with_its_name_only_when_rolls_are_called(roll: tuple[int, int], name: str) -> None:
    assert plain(MatchTexts(ARABIC, False, calls=True).roll_name(roll)) == name
    told = MatchTexts(ARABIC, False, calls=True).roll_named(roll)
    assert plain(told) == f"{plain(MatchTexts(ARABIC, False).roll(roll))} ({name})"
    assert MatchTexts(ARABIC, False).roll_named(roll) == MatchTexts(ARABIC, False).roll(roll)


def _app(match: Match, setting: RollNames = RollNames.CAFE) -> TawlaApp:
    settings = Settings(bidi_checked=True, preferences=Preferences(roll_names=setting))
    return TawlaApp(lang="ar", dice=match.dice, match=match, settings=settings)


def _screen(app: TawlaApp) -> str:
    return "\n".join(strip.text for strip in strips(app.screen))


async def _shows(pilot, text: str) -> str:  # type: ignore[no-untyped-def]
    """Wait until the screen on top shows ``text`` (drawn after a key, a scroll or a rebuild)."""
    app = pilot.app
    await wait_until(pilot, lambda: text in _screen(app), lambda: f"{text!r} on the screen:\n{_screen(app)}")
    return _screen(app)


async def _reached(pilot, match: Match, phase: Phase, on_roll: int, what: str) -> None:  # type: ignore[no-untyped-def]
    """Wait until the match is at ``phase`` with ``on_roll`` to play (the keys that take it there handled)."""
    await wait_until(
        pilot,
        lambda: match.state.phase is phase and match.state.on_roll == on_roll,
        lambda: f"{what} (the match is at {match.state.phase.name}, {match.state.on_roll} on roll)",
    )


async def _real_dice(pilot, dice: str) -> None:  # type: ignore[no-untyped-def]
    """r, the dice typed into the dialog real dice open, Enter: each waited for."""
    from textual.widgets import Input

    from tawla.ui.screens.dialogs import LineScreen

    app = pilot.app
    await pilot.press("r")
    line = await screen_is(pilot, LineScreen)
    field = line.query_one(Input)
    await pilot.press(*dice)
    await wait_until(pilot, lambda: field.value == dice, lambda: f"{dice} typed (the field holds {field.value!r})")
    await pilot.press("enter")
    await wait_until(pilot, lambda: line not in app.screen_stack, "the dice taken, the dialog closed")


def _notice(screen: GameScreen) -> str:
    """The status line's notice, in logical order, without its isolates."""
    notice = screen.notice
    assert notice is not None
    return plain(notice() if callable(notice) else notice)


def _panel(screen: GameScreen) -> str:
    """The panel's texts in logical order, without their isolates."""
    return plain(
        "\n".join(r.text.plain for r in screen.query_one(GamePanel).content.renderables if isinstance(r, Bidi))
    )


async def test_the_cafe_preset_calls_the_roll_on_the_dice_line_the_last_move_and_the_move_list() -> None:
    # Café customs: the opening winner (6 against 5) rolls afresh, 4-3; then ليلى rolls 2-2.
    match = Match(preset("cafe", 3), NAMES, ScriptedDice([(6, 5), (4, 3), (2, 2)]))
    app = _app(match)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_is(pilot, GameScreen)
        await pilot.press("r")  # the opening roll: each player one die
        await _reached(pilot, match, Phase.TURN, 0, "the opening won by سامي, to roll afresh")
        assert app.screen is screen
        assert "!" not in _notice(screen)  # these dice are not played
        await pilot.press("r")  # سامي rolls afresh: 4-3, جهار سه
        await _reached(pilot, match, Phase.MOVING, 0, "سامي's roll")
        assert "— جهار سه" in _panel(screen)
        await _shows(pilot, visual("جهار سه", rtl=True))
        await pilot.press("4", "3", "enter")  # 13/9 and 13/10, the turn ends
        await _reached(pilot, match, Phase.TURN, 1, "سامي's turn ended")
        await pilot.press("r")  # ليلى: دوبارة
        await _reached(pilot, match, Phase.MOVING, 1, "ليلى's roll")
        panel = _panel(screen).replace("\u200f", "")  # (the marks that hold a roll read from the right)
        last = plain(tr("ar", "panel.last", name=NAMES[0], dice="4-3 (جهار سه)", play="13←9 13←10"))
        assert last in panel  # the last move, with its name (in its mover's numbering, as the move list)
        assert "● 4-3 (جهار سه): 13←9 13←10" in panel  # the move list, with its name (a roll read from the right)
        assert "— دوبارة" in panel  # the dice line
        await _shows(pilot, visual("(جهار سه)", rtl=True))


async def test_no_names_when_the_setting_says_never_even_in_the_cafe() -> None:
    match = Match(preset("cafe", 3), NAMES, ScriptedDice([(6, 5), (4, 3), (2, 2)]))
    app = _app(match, RollNames.NEVER)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_is(pilot, GameScreen)
        await pilot.press("r", "r", "4", "3", "enter", "r")
        await _reached(pilot, match, Phase.MOVING, 1, "ليلى's roll")
        assert app.screen is screen
        panel = _panel(screen)
        shown = await _shows(pilot, "⚁2")  # (ليلى's 2-2 drawn: the screen is the one to read)
        for name in ("جهار سه", "دوبارة"):
            assert name not in panel
            assert visual(name, rtl=True) not in shown


async def test_the_opening_notice_calls_the_opening_roll_when_the_winner_plays_it() -> None:
    rules = RuleSet(match_length=3, opening=Opening.PLAY_OPENING_DICE)
    match = Match(rules, NAMES, ScriptedDice([(6, 5)]))
    app = _app(match, RollNames.ALWAYS)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_is(pilot, GameScreen)
        await pilot.press("r")
        await _reached(pilot, match, Phase.MOVING, 0, "the opening won by سامي, his dice played")
        assert app.screen is screen
        assert _notice(screen).endswith(" شيش بيش!")
        await _shows(pilot, visual("شيش بيش!", rtl=True))


async def test_the_opening_notice_of_manual_dice_calls_the_roll_too() -> None:
    rules = RuleSet(match_length=3, opening=Opening.PLAY_OPENING_DICE)
    match = Match(rules, NAMES, ManualDice())
    app = _app(match, RollNames.ALWAYS)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_is(pilot, GameScreen)
        await _real_dice(pilot, "66")  # a tie: no one starts yet
        await wait_until(pilot, lambda: bool(match.state.opening_dice), "the tie")
        assert match.state.phase is Phase.OPENING
        await _real_dice(pilot, "56")  # ليلى's 6 against سامي's 5
        await _reached(pilot, match, Phase.MOVING, 1, "the opening won by ليلى, her dice played")
        assert app.screen is screen
        assert _notice(screen).endswith(" شيش بيش!")


# -- the rules screen: what the seeds say, and the glossary ---------------------------------------

TERMS: list[tuple[str, str, tuple[str, ...]]] = [
    # concept, the word on the Arabic screen, the other words players say (from the seeds)
    ("checker", "الحجر", ("القرص",)),
    ("point", "الخانة", ("البيت", "النقطة")),
    ("bar", "البار", ("الحاجز", "الشريط")),
    ("dice", "الزهر", ("النرد",)),
    ("die", "الزهرة", ("النردة",)),
    ("doubles", "الدبل", ("الزوج",)),
    ("6-6", "دوشيش", ()),
    ("6-5", "شيش بيش", ()),
    ("blot", "الحجر المكشوف", ("الحجر الوحيد", "الحجر المنفرد")),
    ("hit", "الكسر", ("الضرب", "التكسير")),
    ("closed point", "الخانة المغلقة", ("المسكّرة", "سكّر خانة")),
    ("bearing off", "الإخراج", ("التطليع",)),
    ("pips", "الخطوات", ("عدّ النقاط",)),
    ("move", "النقلة", ("الحركة",)),
    ("game", "الجولة", ("الشوط",)),
    ("backgammon", "المارس التركي", ("المارس المزدوج",)),
    ("money play", "الجولات الحرّة", ("على دنانير",)),  # (not «لعب النقود»: a bet, #36)
    ("customs", "عادات اللعب", ("الأعراف",)),
]
GLOSSARY = {"ar": "## المصطلحات", "en": "## Glossary"}
ONLY_IN_THE_GLOSSARY: tuple[str, ...] = ("ضرب", "تكسير", "وحيد", "منفرد", "سكّر", "تطليع", "عدّ النقاط")
ONLY_IN_THE_GLOSSARY += ("الحاجز", "الشريط", "نرد", "زوج", "قرص", "شوط", "مزدوج", "دنانير", "أعراف")
"""The other words players say, which the Arabic screen does not use (the glossary gives them; the
rules may name one in brackets beside the word used, «الإخراج (التطليع)»)."""


def _glossary(lang: str) -> str:
    _, found, glossary = tr(lang, "rulebook.text").partition(GLOSSARY[lang])
    assert found, f"the {lang} rules have a glossary"
    return glossary


def _entries(lang: str) -> list[str]:
    from tawla.ui.screens.rulebook import blocks

    return [text for kind, text in blocks(_glossary(lang)) if kind == "bullet"]


@pytest.mark.parametrize("lang", ["ar", "en"])
@pytest.mark.parametrize(("concept", "word", "others"), TERMS, ids=[t[0] for t in TERMS])
def test_the_glossary_gives_the_word_used_and_the_words_players_say(
    lang: str, concept: str, word: str, others: tuple[str, ...]
) -> None:
    """Both glossaries (the English one too: its Arabic words in Arabic, a reading in italics)
    list each concept once, the word on the screen first, then the other words."""
    entries = [e for e in _entries(lang) if word in e]
    assert entries, (concept, word)
    entry = next(e for e in entries if all(o in e for o in others))
    assert all(entry.index(word) < entry.index(o) for o in others), (concept, entry)


def test_the_glossary_words_are_the_words_of_the_screen() -> None:
    """The word the glossary names first is the one every other sentence uses: hit is كسر in the
    status line and the rules, a blot مكشوف, pips خطوات, 6-6 دوشيش."""
    assert "يكسر الحجر المكشوف" in AR["status.put_hit"]
    assert AR["panel.pips"] == "خطوات" and AR["roll.double6"] == "دوشيش"
    assert "عادات اللعب" in AR["new.preset"]
    rules = AR["rulebook.text"].partition(GLOSSARY["ar"])[0]
    for word in ("يكسره", "حجر مكشوف", "مغلقة", "الإخراج", "167 خطوة", "الجولات الحرّة"):
        assert word in rules, word


def test_the_other_words_are_left_to_the_glossary() -> None:
    rules = AR["rulebook.text"].partition(GLOSSARY["ar"])[0]
    outside = [re.sub(r"\([^()]*\)", "", rules)]  # (a word in brackets beside the one used is fine)
    outside += [text for key, text in _sentences() if key != "rulebook.text"]
    for word in ONLY_IN_THE_GLOSSARY:
        assert not any(word in text for text in outside), word
    assert all(any(word in e for e in _entries("ar")) for word in ONLY_IN_THE_GLOSSARY)


SECTIONS = [
    # (English heading, Arabic heading, what the section must say in each language)
    ("Who starts", "من يبدأ", ("International", "Café"), ("«دولي»", "«مقهى»", "المقاهي")),
    ("The board", "اللوح", ("167 pips",), ("167 خطوة",)),
    ("Money play", "الجولات الحرّة", ("without the", "by itself"), ("بلا مكعب", "وحدها")),
    (
        "Real dice, and tournament manners",
        "الزهر الحقيقي وأصول البطولات",
        ("--dice manual", "cocked", "picks up the dice", "politely"),
        ("--dice manual", "المائلة", "يرفع صاحبها زهره", "بأدب"),
    ),
    ("Other games on the same board", "ألعاب أخرى على اللوح نفسه", ("Plakoto", "Moultezim"), ("Plakoto", "Moultezim")),
    ("Glossary", "المصطلحات", ("also",), ("ويقال",)),
]


@pytest.mark.parametrize(("en", "ar", "en_words", "ar_words"), SECTIONS, ids=[s[0] for s in SECTIONS])
def test_the_rules_have_what_the_seeds_say_in_both_languages(
    en: str, ar: str, en_words: tuple[str, ...], ar_words: tuple[str, ...]
) -> None:
    from tawla.ui.screens.rulebook import blocks

    for lang, heading, words in (("en", en, en_words), ("ar", ar, ar_words)):
        parts = blocks(tr(lang, "rulebook.text"))
        start = parts.index(("h2", heading))
        end = next((i for i in range(start + 1, len(parts)) if parts[i][0] == "h2"), len(parts))
        section = " ".join(text for _, text in parts[start + 1 : end])
        for word in words:
            assert word in section, (lang, heading, word)


def test_both_rules_have_the_same_sections_and_glossary_entries() -> None:
    from tawla.ui.screens.rulebook import blocks

    def shape(lang: str) -> list[str]:
        return [kind for kind, _ in blocks(tr(lang, "rulebook.text")) if kind in ("h1", "h2")]

    assert shape("en") == shape("ar")
    assert len(_entries("en")) == len(_entries("ar"))


@pytest.mark.parametrize("lang", ["en", "ar"])
async def test_the_glossary_is_on_the_rules_screen_at_80x24(lang: str) -> None:
    from tawla.ui.screens.rulebook import RulebookScreen

    app = TawlaApp(lang=lang, settings=Settings(bidi_checked=True))
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_rules()
        screen = await screen_is(pilot, RulebookScreen)
        heading = GLOSSARY[lang].removeprefix("## ")
        last = "الأعراف" if lang == "ar" else "al-a'raf"  # (the last entry's last word)
        wanted = {w: visual(w, rtl=lang == "ar") for w in (heading, last)}
        seen: set[str] = set()
        scroll = screen.query_one("#scroll")
        await wait_until(pilot, lambda: scroll.max_scroll_y > 0, "the rules laid out, taller than the screen")
        text = _screen(app)
        while True:  # page down to the end, each page read once it is drawn
            seen |= {w for w, shown in wanted.items() if shown in text}
            if len(seen) == 2 or scroll.scroll_y >= scroll.max_scroll_y:
                break
            before, page = scroll.scroll_y, text
            scroll.scroll_page_down(animate=False)
            await wait_until(pilot, lambda: scroll.scroll_y > before, f"a page down from {before}")  # noqa: B023
            await wait_until(pilot, lambda: _screen(app) != page, "the next page drawn")  # noqa: B023
            text = _screen(app)
        assert seen == {heading, last}
