"""The words said at the table (issue 13): one term a concept, taken from the seed rule texts, used
in every sentence of the Arabic catalog; the reasons that read as nonsense rewritten."""

from __future__ import annotations

import re

import pytest

from tawla.engine.explain import Reason, Why
from tawla.game import ManualDice, Match, RuleSet, ScriptedDice
from tawla.game.rules import Opening, preset
from tawla.i18n import catalog, plain, tr
from tawla.i18n.bidi import Bidi, visual
from tawla.i18n.messages import reason_text
from tawla.i18n.words import Words
from tawla.store.settings import Preferences, RollNames, Settings
from tawla.ui.app import TawlaApp
from tawla.ui.match_view import MatchTexts, calls_rolls
from tawla.ui.screens.game import GameScreen

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
    told = MatchTexts(ARABIC, False, calls=True).told(roll)
    assert plain(told) == f"{plain(MatchTexts(ARABIC, False).roll(roll))} ({name})"
    assert MatchTexts(ARABIC, False).told(roll) == MatchTexts(ARABIC, False).roll(roll)


def _app(match: Match, setting: RollNames = RollNames.CAFE) -> TawlaApp:
    settings = Settings(bidi_checked=True, preferences=Preferences(roll_names=setting))
    return TawlaApp(lang="ar", dice=match.dice, match=match, settings=settings)


def _screen(app: TawlaApp) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def _panel(screen: GameScreen) -> str:
    """The panel's texts in logical order, without their isolates."""
    return plain("\n".join(r.text.plain for r in screen._panel().renderables if isinstance(r, Bidi)))


async def test_the_cafe_preset_calls_the_roll_on_the_dice_line_the_last_move_and_the_move_list() -> None:
    # Café customs: the opening winner (6 against 5) rolls afresh, 4-3; then ليلى rolls 2-2.
    match = Match(preset("cafe", 3), NAMES, ScriptedDice([(6, 5), (4, 3), (2, 2)]))
    app = _app(match)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("r")  # the opening roll: each player one die
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.notice is not None and "!" not in screen.notice  # these dice are not played
        await pilot.press("r")  # سامي rolls afresh: 4-3, جهار سه
        assert "— جهار سه" in _panel(screen)
        assert visual("جهار سه", rtl=True) in _screen(app)
        await pilot.press("4", "3", "enter")  # 13/9 and 13/10, the turn ends
        await pilot.press("r")  # ليلى: دوبارة
        panel = _panel(screen)
        last = plain(tr("ar", "panel.last", name=NAMES[0], dice="4-3 (جهار سه)", play="12/16 12/15"))
        assert last in panel  # the last move, with its name (in ليلى's numbering)
        assert "● 43 (جهار سه): 13/9 13/10" in panel  # the move list, with its name
        assert "— دوبارة" in panel  # the dice line
        assert visual("(جهار سه)", rtl=True) in _screen(app)


async def test_no_names_when_the_setting_says_never_even_in_the_cafe() -> None:
    match = Match(preset("cafe", 3), NAMES, ScriptedDice([(6, 5), (4, 3), (2, 2)]))
    app = _app(match, RollNames.NEVER)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("r", "r", "4", "3", "enter", "r")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        panel = _panel(screen)
        for name in ("جهار سه", "دوبارة"):
            assert name not in panel
            assert visual(name, rtl=True) not in _screen(app)


async def test_the_opening_notice_calls_the_opening_roll_when_the_winner_plays_it() -> None:
    rules = RuleSet(match_length=3, opening=Opening.PLAY_OPENING_DICE)
    match = Match(rules, NAMES, ScriptedDice([(6, 5)]))
    app = _app(match, RollNames.ALWAYS)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("r")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.notice is not None and plain(screen.notice).endswith(" شيش بيش!")
        assert visual("شيش بيش!", rtl=True) in _screen(app)


async def test_the_opening_notice_of_manual_dice_calls_the_roll_too() -> None:
    rules = RuleSet(match_length=3, opening=Opening.PLAY_OPENING_DICE)
    match = Match(rules, NAMES, ManualDice())
    app = _app(match, RollNames.ALWAYS)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("r", "6", "6", "enter")  # a tie: no one starts yet
        await pilot.press("r", "5", "6", "enter")  # ليلى's 6 against سامي's 5
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.notice is not None and plain(screen.notice).endswith(" شيش بيش!")
