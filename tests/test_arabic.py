"""Arabic: exact visual strings, a library-free round trip, digits, the Arabic keyboard,
the mirrored layout and the right-to-left check (#5)."""

from __future__ import annotations

import re
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.text import Text
from textual.binding import Binding
from textual.command import CommandPalette
from textual.keys import _character_to_key
from textual.widgets import OptionList

from tawla.game import Match, Phase, RuleSet, ScriptedDice
from tawla.i18n import arabic_indic_by_default, catalog, choose_language, tr
from tawla.i18n.bidi import embedding_levels, layout, logical_from_visual, visual
from tawla.store.settings import BidiMode, Digits, Preferences, Settings
from tawla.ui.app import TawlaApp
from tawla.ui.compat import FooterKey
from tawla.ui.footer import TawlaFooter
from tawla.ui.keys import ARABIC_LAYOUT, LIGATURES
from tawla.ui.screens.check_rtl import CheckRtlScreen
from tawla.ui.screens.dialogs import LineScreen, NoticeScreen, ResignLevelScreen, YesNoScreen
from tawla.ui.screens.game import GameScreen
from tawla.ui.screens.help import HelpScreen
from tawla.ui.screens.menu import MenuScreen
from tawla.ui.screens.new_match import NewMatchScreen
from tawla.ui.screens.rulebook import RulebookScreen
from tawla.ui.screens.settings import SettingsScreen
from tawla.ui.terminal import terminal_bidi_sequence
from tests.helpers.waiting import eventually, screen_is, screen_text, settle, wait_until
from tests.test_ui import reached, shows

SIZE = (100, 30)
LRI, FSI, PDI = "\u2066", "\u2068", "\u2069"


# -- exact visual strings --------------------------------------------------------------------------

VISUAL = [
    # harakat stay after their letter (L3), notation keeps its order, brackets are mirrored (L4)
    ("حرّك 13/7 (مارس)", "(ﺱﺭﺎﻣ) 13/7 ﻙﺮّﺣ"),
    # a roll isolated left to right keeps 6-1; without the isolate it would read 1-6
    (f"خرج لي {LRI}6-1{PDI} يا علي", "ﻲﻠﻋ ﺎﻳ 6-1 ﻲﻟ ﺝﺮﺧ"),
    ("خرج لي 6-1 يا علي", "ﻲﻠﻋ ﺎﻳ 1-6 ﻲﻟ ﺝﺮﺧ"),
    # Arabic-Indic digits, and a bracket around words and digits
    ("النتيجة ٣ مقابل ٥ (مباراة حتى ٧)", "(٧ ﻰﺘﺣ ﺓﺍﺭﺎﺒﻣ) ٥ ﻞﺑﺎﻘﻣ ٣ ﺔﺠﻴﺘﻨﻟﺍ"),
    # a Latin word inside, lam-alef as one cell, tanween on a final alef
    ("اضغط Enter للتأكيد", "ﺪﻴﻛﺄﺘﻠﻟ Enter ﻂﻐﺿﺍ"),
    ("لا تلعب", "ﺐﻌﻠﺗ ﻻ"),
    ("Esc: قرّر لاحقاً.", ".ﺎًﻘﺣﻻ ﺭﺮّﻗ :Esc"),
    # moves isolated one by one follow each other from the right, each in its own order
    (f"لعبت {LRI}bar/22*{PDI} {LRI}6/off{PDI}", "6/off bar/22* ﺖﺒﻌﻟ"),
    # a name in its own direction (FSI): its "!" stays with it
    (f"يبدأ {FSI}Ali!{PDI} الآن", "ﻥﻵﺍ Ali! ﺃﺪﺒﻳ"),
    (f"يبدأ {FSI}سامي!{PDI} الآن", "ﻥﻵﺍ !ﻲﻣﺎﺳ ﺃﺪﺒﻳ"),
    ("خانة [البار]", "[ﺭﺎﺒﻟﺍ] ﺔﻧﺎﺧ"),
]


@pytest.mark.parametrize(("logical", "shown"), VISUAL, ids=[v for v, _ in VISUAL])
def test_exact_visual_strings(logical: str, shown: str) -> None:
    assert visual(logical, rtl=True) == shown


def test_english_passes_through_untouched_without_its_isolates() -> None:
    assert visual(f"Ali rolled {LRI}6-1{PDI} (opening)", rtl=False) == "Ali rolled 6-1 (opening)"


def test_an_arabic_word_in_an_english_line_is_reordered_in_place() -> None:
    assert visual("Player سامي wins", rtl=False) == "Player ﻲﻣﺎﺳ wins"


def test_wrapping_comes_before_reordering_and_measures_shaped_text() -> None:
    lines = [line.plain for line in layout("الطاولة لعبة لشخصين، ولكل طرف 15 حجراً.", 20, rtl=True)]
    # the first words are on the first line, right-aligned; the last line is padded on the left
    assert lines == ["،ﻦﻴﺼﺨﺸﻟ ﺔﺒﻌﻟ ﺔﻟﻭﺎﻄﻟﺍ", "   .ﺍًﺮﺠﺣ 15 ﻑﺮﻃ ﻞﻜﻟﻭ"]
    # lam-alef is one cell once shaped: four words of it fit in 8 cells
    assert [line.plain for line in layout("لا لا لا لا", 8, rtl=True)] == [" ﻻ ﻻ ﻻ ﻻ"]


def test_styles_follow_their_characters() -> None:
    text = Text("ارمِ ")
    text.append("الزهر", style="bold")
    (line,) = layout(text, 20, rtl=True)
    bold = "".join(line.plain[s.start : s.end] for s in line.spans if "bold" in str(s.style))
    assert logical_from_visual(bold) == unicodedata.normalize("NFKC", "الزهر")


def test_the_paragraph_direction_is_explicit() -> None:
    # A line starting with a Latin word is still a right-to-left paragraph in Arabic.
    assert embedding_levels("Esc للرجوع", rtl=True)[0] == 2
    assert embedding_levels("Esc للرجوع", rtl=False)[0] == 0


# -- the round trip that trusts no library ----------------------------------------------------

_ARABIC = "ءآأؤإئابةتثجحخدذرزسشصضطظعغفقكلمنهوىي"
_MARKS = "\u064b\u064e\u064f\u0650\u0651\u0652"


def _pure_rtl_words() -> st.SearchStrategy[str]:
    # (a mark between lam and alef still makes the lam-alef ligature, with the mark after it)
    marked = st.tuples(st.sampled_from(_ARABIC.replace("ل", "")), st.sampled_from(["", *_MARKS])).map("".join)
    letter = marked | st.just("ل")
    word = st.lists(letter, min_size=1, max_size=7).map("".join)
    bracketed = word.map(lambda w: f"({w})") | word.map(lambda w: f"«{w}»")
    return st.lists(word | bracketed, min_size=1, max_size=8).map(" ".join)


@given(_pure_rtl_words())
def test_reading_the_cells_back_gives_the_logical_text(line: str) -> None:
    assert logical_from_visual(visual(line, rtl=True)) == unicodedata.normalize("NFKC", line)


def _plain_arabic(text: str) -> bool:
    """A catalog line with no Latin letters, digits, placeholders or formatting characters."""
    return not re.search(r"[A-Za-z0-9٠-٩{}\n\u2066-\u2069→]", text)


@pytest.mark.parametrize("key", [k for k, v in catalog("ar").items() if _plain_arabic(v)])
def test_every_plain_arabic_catalog_line_reads_back(key: str) -> None:
    text = catalog("ar")[key]
    assert logical_from_visual(visual(text, rtl=True)) == unicodedata.normalize("NFKC", text)


_LTR_TOKENS = re.compile(r"(?:bar|\d+)/(?:\d+|off)\*?|\d-\d")


@pytest.mark.parametrize("key", [k for k, v in catalog("ar").items() if _LTR_TOKENS.search(v)])
def test_notation_and_rolls_in_arabic_sentences_keep_their_order(key: str) -> None:
    text = tr("ar", key, **{name: "x" for name in re.findall(r"{(\w+)}", catalog("ar")[key])})
    shown = visual(text, rtl=True)
    for token in _LTR_TOKENS.findall(text):
        assert token in shown, (key, token, shown)


def test_names_and_other_pieces_are_isolated_in_arabic_sentences_only() -> None:
    assert FSI + "Ali!" + PDI in tr("ar", "banner.turn", name="Ali!")
    assert tr("en", "banner.turn", name="Ali!").count(FSI) == 0


# -- digits and language -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("locale", "indic"),
    [("ar_EG.UTF-8", True), ("ar_SA", True), ("ar_SD.UTF-8", True), ("ar_MA.UTF-8", False), ("ar", False),
     ("ar_AE.UTF-8", False), ("en_US.UTF-8", False), ("", False)],
)  # fmt: skip
def test_digits_follow_the_locale_like_cldr(locale: str, indic: bool) -> None:
    assert arabic_indic_by_default({"LANG": locale}) is indic


def test_the_language_comes_from_the_flag_then_the_settings_then_the_locale() -> None:
    assert choose_language("en", "ar", {"LANG": "ar_EG.UTF-8"}) == "en"
    assert choose_language(None, "ar", {"LANG": "en_US.UTF-8"}) == "ar"
    assert choose_language(None, None, {"LC_ALL": "ar_JO.UTF-8"}) == "ar"
    assert choose_language(None, None, {}) == "en"


def test_the_terminal_is_told_who_reorders_even_through_tmux() -> None:
    assert terminal_bidi_sequence(True, inside_tmux=False) == "\x1b[8l"
    assert terminal_bidi_sequence(False, inside_tmux=False) == "\x1b[8h"
    assert terminal_bidi_sequence(True, inside_tmux=True) == "\x1bPtmux;\x1b\x1b[8l\x1b\\"


# -- the game in Arabic ----------------------------------------------------------------------------


def arabic(match: Match | None = None, **preferences: object) -> TawlaApp:
    settings = Settings(bidi_checked=True, preferences=Preferences(**preferences))  # type: ignore[arg-type]
    dice = match.dice if match is not None else ScriptedDice([(6, 1)])
    return TawlaApp(lang="ar", dice=dice, match=match, settings=settings)


def opening_match(*rolls: tuple[int, int], names: tuple[str, str] = ("سامي", "Badr")) -> Match:
    return Match(RuleSet(match_length=3), names, ScriptedDice(list(rolls)))


async def test_the_first_arabic_start_asks_how_the_terminal_shows_arabic() -> None:
    app = TawlaApp(lang="ar")
    async with app.run_test(size=SIZE) as pilot:
        await screen_is(pilot, CheckRtlScreen)
        sample = tr("ar", "check.sample")
        await shows(pilot, visual(sample, rtl=True), sample)
        await pilot.press("٢")  # Arabic-Indic 2: this terminal reorders by itself
        await screen_is(pilot, MenuScreen)
        await wait_until(  # (the answer is kept by the check's callback, just after it closes)
            pilot,
            lambda: app.settings.bidi_checked and app.preferences.bidi is BidiMode.TERMINAL,
            lambda: f"the answer kept: {app.settings.bidi_checked}, {app.preferences.bidi}",
        )
        await shows(pilot, tr("ar", "menu.new_match"))  # now sent in logical order
        app.action_settings()
        settings = await screen_is(pilot, SettingsScreen)
        settings.query_one("#check-rtl").press()  # type: ignore[attr-defined]
        await screen_is(pilot, CheckRtlScreen)
        await pilot.press("1")
        await wait_until(pilot, lambda: app.preferences.bidi is BidiMode.APP, "the app lays out Arabic")
        await screen_is(pilot, SettingsScreen)
        await shows(pilot, visual(tr("ar", "settings.title"), rtl=True))


async def test_escape_leaves_the_check_for_later() -> None:
    app = TawlaApp(lang="ar")
    async with app.run_test(size=SIZE) as pilot:
        await screen_is(pilot, CheckRtlScreen)
        await pilot.press("escape")
        await screen_is(pilot, MenuScreen)
        await settle(pilot)  # (nothing is kept: the check's callback would have kept it by now)
        assert isinstance(app.screen, MenuScreen) and not app.settings.bidi_checked
        assert app.preferences.bidi is BidiMode.APP


async def test_the_layout_mirrors_in_arabic() -> None:
    for lang in ("en", "ar"):
        match = opening_match((6, 1))
        app = arabic(match) if lang == "ar" else TawlaApp(lang="en", dice=match.dice, match=match)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("space")
            screen = await screen_is(pilot, GameScreen)
            await reached(pilot, match, lambda s: s.phase is Phase.MOVING, "the opening roll")

            def mirrored(screen: GameScreen = screen, lang: str = lang, app: TawlaApp = app) -> None:
                # (as laid out: the footer's keys change with the roll, and are placed at a refresh)
                panel, board = screen.query_one("#panel").region, screen.query_one("#board").region
                footer = screen.query_one(TawlaFooter)
                keys = [k for k in footer.query(FooterKey) if "-command-palette" not in k.classes]
                first, last = keys[0] if lang == "en" else keys[-1], keys[-1] if lang == "en" else keys[0]
                if lang == "ar":
                    assert panel.x < board.x and first.region.x > last.region.x  # the first key at the right
                    status = screen.query_one("#status").region
                    row = screen_text(app).splitlines()[status.y]
                    assert len(row.rstrip()) >= status.right - 2 and row.startswith(" " * 20)  # right-aligned
                else:
                    assert panel.x > board.x and first.region.x < last.region.x

            await eventually(pilot, mirrored)


async def test_arabic_names_read_correctly_everywhere() -> None:
    match = opening_match((6, 1))
    app = arabic(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await reached(pilot, match, lambda s: s.phase is Phase.MOVING, "the opening roll")
        shown = visual("سامي", rtl=True)
        assert shown == "ﻲﻣﺎﺳ"

        def named() -> None:
            text = screen_text(app)
            assert text.count(shown) >= 2, text  # the banner and the score table
            assert "سامي" not in text  # never in logical order

        await eventually(pilot, named)


async def test_an_arabic_name_typed_in_is_previewed_as_it_will_appear() -> None:
    app = arabic()
    async with app.run_test(size=SIZE) as pilot:
        app.action_new_match()
        screen = await screen_is(pilot, NewMatchScreen)
        field = screen.query_one("#name0")
        await wait_until(pilot, lambda: field.has_focus, "the first name has the focus")
        await pilot.press(*"سامي")
        await shows(pilot, visual(f"{tr('ar', 'new.preview')} سامي", rtl=True))


async def test_arabic_indic_digits_everywhere_but_the_notation_order_is_kept() -> None:
    match = opening_match((6, 1), (5, 2))
    app = arabic(match, digits=Digits.ARABIC_INDIC)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("space")
        await pilot.press(":")
        await pilot.press(*"13/7 8/7", "enter")
        await pilot.press("enter")  # the turn is over
        await reached(pilot, match, lambda s: s.on_roll == 1 and s.phase is Phase.TURN, "the turn over")
        await pilot.press("space")  # (the hand-over: Badr's first Space does not roll, r does)
        await settle(pilot)

        def in_arabic_digits() -> None:
            text = screen_text(app).rsplit("\n", 1)[0]  # (the footer names keys: f1)
            assert not re.search("[0-9]", text), text  # points, pips, score, dice, cube, moves
            assert "١٦٧" in text and "١٣" in text and "٢٤" in text  # pips and board numbers
            assert "٧←٨ ٧←١٣" in text  # the moves, each read from the right (١٣←٧ ٨←٧)

        await eventually(pilot, in_arabic_digits)


async def test_the_digits_of_arabic_follow_the_setting() -> None:
    match = opening_match((6, 1))
    app = arabic(match, digits=Digits.WESTERN)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await reached(pilot, match, lambda s: s.phase is Phase.MOVING, "the opening roll")
        await shows(pilot, "167")
        assert "١" not in screen_text(app)


# -- the Arabic keyboard -------------------------------------------------------------------------

SCREENS = [
    TawlaApp,
    MenuScreen,
    NewMatchScreen,
    SettingsScreen,
    GameScreen,
    HelpScreen,
    RulebookScreen,
    CheckRtlScreen,
    YesNoScreen,
    NoticeScreen,
    ResignLevelScreen,
    LineScreen,
]


@pytest.mark.parametrize("owner", SCREENS, ids=lambda s: s.__name__)
def test_every_letter_key_has_its_arabic_twin(owner: type) -> None:
    for binding in owner.BINDINGS:
        assert isinstance(binding, Binding)
        keys = {k.strip() for k in binding.key.split(",")}
        for key in keys:
            if len(key) == 1 and key.isascii() and key.isalpha():
                arabic = ARABIC_LAYOUT[key]
                typed = LIGATURES.get(arabic, arabic)  # (B: lam-alef as one character; as two, see test_arabic_keys)
                assert _character_to_key(typed) in keys, (owner.__name__, binding.key)
            if len(key) == 1 and key.isdigit():
                assert "٠١٢٣٤٥٦٧٨٩"[int(key)] in keys, (owner.__name__, binding.key)


async def test_a_whole_turn_on_the_arabic_layout() -> None:
    match = opening_match((6, 1), (5, 2))
    app = arabic(match)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")  # the opening roll, 6-1 for سامي
        await reached(pilot, match, lambda s: s.phase is Phase.MOVING, "the opening roll")
        await pilot.press("٦")  # a die key in Arabic-Indic digits plays the 6 from the cursor
        await reached(pilot, match, lambda s: s.turn is not None and len(s.turn.made) == 1, "٦ played")
        await pilot.press("١")
        await reached(pilot, match, lambda s: s.turn is not None and s.turn.complete, "١ played")
        await pilot.press("ع")  # u on the Arabic layout: undo
        await reached(pilot, match, lambda s: s.turn is not None and len(s.turn.made) == 1, "ع undid a step")
        await pilot.press("١", "enter")
        await reached(pilot, match, lambda s: s.phase is Phase.TURN and s.on_roll == 1, "the turn over")
        await pilot.press("ق")  # r on the Arabic layout: roll
        await reached(pilot, match, lambda s: s.phase is Phase.MOVING, "ق rolled")
        assert match.state.turn is not None and match.state.turn.roll == (5, 2)


async def test_the_help_screen_shows_both_keys() -> None:
    app = arabic()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f1")
        await screen_is(pilot, HelpScreen)
        await shows(pilot, visual("ق (r)", rtl=True), visual(f"١–٦ ({LRI}1–6{PDI})", rtl=True))


async def test_the_language_switches_from_the_menu_the_palette_and_the_game() -> None:
    match = opening_match((6, 1))
    app = TawlaApp(lang="en", dice=match.dice, settings=Settings(bidi_checked=True))
    async with app.run_test(size=SIZE) as pilot:
        menu = (await screen_is(pilot, MenuScreen)).query_one("#menu", OptionList)
        for _ in range(20):
            if menu.highlighted_option is not None and menu.highlighted_option.id == "language":
                break
            before = menu.highlighted
            await pilot.press("down")
            await wait_until(pilot, lambda before=before: menu.highlighted != before, "Down to the next item")
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.language == "ar", "the menu's item switched to Arabic")
        await shows(pilot, visual(tr("ar", "menu.new_match"), rtl=True))
        commands = {c.title for c in app.get_system_commands(app.screen)}
        assert visual(tr("ar", "command.language"), rtl=True) in commands
        app.action_language()  # what the palette's "language" command runs
        assert app.language == "en"  # (at once; the menu is drawn again after)
        await shows(pilot, tr("en", "menu.new_match"))
        app.start_match(match)  # type: ignore[attr-defined]
        await screen_is(pilot, GameScreen)
        await pilot.press("f2")
        await wait_until(pilot, lambda: app.language == "ar", "F2 switched to Arabic")
        assert isinstance(app.screen, GameScreen)
        await shows(pilot, visual(tr("ar", "key.roll"), rtl=True))  # (once the game is built again)


async def test_the_palette_finds_commands_typed_in_arabic() -> None:
    from tawla.ui.commands import TawlaCommands

    app = arabic()
    async with app.run_test(size=SIZE) as pilot:
        provider = TawlaCommands(await screen_is(pilot, MenuScreen))
        hits = [hit async for hit in provider.search("إعدادات")]
        assert hits and hits[0].help == visual(tr("ar", "command.settings_help"), rtl=True)
        await pilot.press("ctrl+p")
        await screen_is(pilot, CommandPalette)
        await shows(pilot, visual(tr("ar", "command.search"), rtl=True))


async def test_the_open_palette_speaks_the_other_language_after_f2() -> None:
    """F2 with the palette open: its prompt in the other language, and the side it reads from
    with it (the search icon first in reading order: on the right in Arabic), and back again."""
    app = TawlaApp(lang="en", settings=Settings(bidi_checked=True))

    def prompt_row(prompt: str) -> str:
        return next((row for row in screen_text(app).splitlines() if "🔎" in row and prompt in row), "")

    async with app.run_test(size=SIZE) as pilot:
        await screen_is(pilot, MenuScreen)
        await pilot.press("ctrl+p")
        palette = await screen_is(pilot, CommandPalette)
        for lang in ("ar", "en", "ar"):
            await pilot.press("f2")
            prompt = visual(tr(lang, "command.search"), rtl=lang == "ar")
            seen = f"the {lang} prompt beside the icon"
            await wait_until(pilot, lambda p=prompt: prompt_row(p), lambda s=seen: f"{s}:\n{screen_text(app)}")
            row = prompt_row(prompt)
            icon_first = row.index("🔎") > row.index(prompt) if lang == "ar" else row.index("🔎") < row.index(prompt)
            assert icon_first, f"the {lang} prompt reads from the wrong side: {row.strip()!r}"
            assert app.screen is palette and palette.has_class("-rtl") == (lang == "ar")


def test_an_arabic_name_in_an_english_sentence_keeps_its_number_beside_it() -> None:
    """``{a} {sa} – {b} {sb}`` with an Arabic first name: without isolation the bidi algorithm
    carries the 0 to the other side of the name («0 فاطمة الزهراء – Christopher 0»)."""
    from tawla.i18n import tr
    from tawla.i18n.bidi import visual

    text = tr("en", "resume.entry", a="فاطمة الزهراء", b="Christopher", sa=0, sb=3, length="x", rules="y", date="z")
    assert "\u2068فاطمة الزهراء\u2069" in text and "Christopher" in text and "\u2068Christopher" not in text
    assert visual(text, rtl=False).startswith("ﺀﺍﺮﻫﺰﻟﺍ ﺔﻤﻃﺎﻓ 0 – Christopher 3 · x")


def test_our_key_names_are_textuals() -> None:
    """tawla names the keys it binds itself (Textual's function for it is private); the names
    must be the ones Textual gives the keys it receives, or a binding would never fire."""
    from tawla.ui.keys import ARABIC_DIGITS, ARABIC_LAYOUT, _name

    chars = {c for typed in ARABIC_LAYOUT.values() for c in typed} | set(ARABIC_LAYOUT) | set(ARABIC_DIGITS)
    chars |= set("?/:;.,[]!@#$%^&*()-_=+`~'|<> ") | {'"', "\\"}
    assert all(_name(c) == _character_to_key(c) for c in chars)
