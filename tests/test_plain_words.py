"""The words a new player met at the table (issue 36): what each screen says, in both languages,
for each game, and what it does not say where it does not apply.

Arabic on a screen is read back from the right as a reader reads it (``read_from_the_right``,
as ``tests/test_ltr_units.py`` does), then looked for; the catalogs' own sentences are checked
where the screen only shows them. Each Pilot test starts near the moment that matters.
"""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import pytest

from tawla.analysis.computer import NAME
from tawla.engine import Position
from tawla.engine.explain import Reason, Why
from tawla.game import ManualDice, Match, Phase, RuleSet, ScriptedDice, SeededDice
from tawla.game.events import Doubled, Rolled
from tawla.game.rules import GameChoice, preset
from tawla.game.state import MatchState
from tawla.game.table import Table
from tawla.i18n import catalog, tr
from tawla.i18n.messages import reason_text
from tawla.i18n.words import Words
from tawla.store import saves
from tawla.store.files import Paths
from tawla.store.settings import Preferences, Settings
from tawla.ui.app import TawlaApp
from tawla.ui.game_texts import GameWords
from tawla.ui.keys import key_label
from tawla.ui.match_view import MatchTexts, calls_rolls
from tawla.ui.screens.dialogs import LineScreen, ResignLevelScreen, ResultScreen
from tawla.ui.screens.game import GameScreen
from tawla.ui.screens.help import HelpScreen
from tawla.ui.screens.history import HistoryScreen
from tawla.ui.screens.menu import MenuScreen
from tawla.ui.screens.new_match import NewMatchScreen
from tawla.ui.screens.replay import ReplayScreen
from tawla.ui.screens.settings import SettingsScreen
from tawla.ui.screens.story import StoryScreen
from tests.helpers.waiting import screen_is, screen_text, wait_until
from tests.test_ltr_units import read_from_the_right

LANGS = ("en", "ar")


def app_for(match: Match, lang: str, **settings: object) -> TawlaApp:
    """The app playing ``match`` in ``lang`` (the right-to-left check made)."""
    settings.setdefault("bidi_checked", True)
    return TawlaApp(lang=lang, dice=match.dice, match=match, settings=Settings(**settings))  # type: ignore[arg-type]


def read(app: TawlaApp) -> str:
    """The screen on top as a player reads it: English as drawn, Arabic each line read from the
    right (NFKC: the letters' shaped forms back to the letters)."""
    text = screen_text(app)
    if not app.words.rtl:
        return text
    return "\n".join(read_from_the_right(line.strip()) for line in text.split("\n"))


def plain(text: str) -> str:
    """Logical text without its isolates and marks (what ``read`` gives back for it)."""
    return unicodedata.normalize("NFKC", re.sub("[\u2066-\u2069\u200e\u200f]", "", text))


async def reads(pilot: object, app: TawlaApp, *texts: str) -> str:
    """Wait until the screen on top reads each of ``texts``; return what it reads."""
    wanted = [plain(text) for text in texts]
    await wait_until(
        pilot,
        lambda: all(text in read(app) for text in wanted),
        lambda: f"{wanted} read on the screen:\n{read(app)}",
    )
    return read(app)


# -- small slips (item 9) --------------------------------------------------------------------------


@pytest.mark.parametrize("count", [1, 2, 3, 11])
def test_the_bar_first_reason_names_the_bar_not_a_he(count: int) -> None:
    """«عليه حجر واحد» beside a woman's name reads "he has one checker": the bar is named."""
    text = reason_text("ar", Reason(Why.BAR_FIRST, number=count))
    assert "عليه" not in text.split(), text
    assert "على البار" in text, text
    assert "bar" in reason_text("en", Reason(Why.BAR_FIRST, number=count))


def test_the_export_dialog_says_a_whole_sentence() -> None:
    """«الملف الذي سيُكتب، ويُستبدل إن كان موجوداً.» has no verb of its own: the match is written."""
    for key in ("export.hint", "export.hint_json"):
        assert "تُكتب المباراة" in tr("ar", key), tr("ar", key)
        assert "The match is written" in tr("en", key), tr("en", key)


def test_no_latin_game_name_inside_an_arabic_sentence() -> None:
    """«(backgammon)» in Latin inside Arabic: the command line's arguments aside (they are typed so)."""
    found = {
        key: text
        for key, text in catalog("ar").items()
        if not key.startswith(("cli.", "cli_serve.", "rulebook."))
        and re.search(r"\b(backgammon|plakoto|fevga|tavli)\b", text)
    }
    assert not found, found


def test_the_resign_key_shows_its_arabic_letter_in_the_footer() -> None:
    """Every letter key of the footer shows its Arabic letter in Arabic: R too (Shift and ق)."""
    shown = key_label("R", Words("ar"), short=True)
    assert "ق" in shown and "R" in shown, shown
    assert key_label("R", Words("en"), short=True) == "R"


def test_three_three_is_one_word() -> None:
    """3-3 is «دوسة», like «دوبارة» and «دوشيش»."""
    assert MatchTexts(Words("ar"), False, calls=True).roll_name((3, 3)) == "دوسة"


@pytest.mark.parametrize("game", [GameChoice.PLAKOTO, GameChoice.FEVGA, GameChoice.TAVLI])
def test_rolls_are_called_by_name_in_the_cafe_games(game: GameChoice) -> None:
    """Plakoto, Fevga and the tavli match are played by the café's customs: their rolls are
    called by their café names as a café match's are (by default, in Arabic)."""
    rules = RuleSet(match_length=5).adjusted(game=game)
    assert calls_rolls(Words("ar"), Preferences(), rules)
    assert not calls_rolls(Words("en"), Preferences(), rules)


@pytest.mark.parametrize("lang", LANGS)
async def test_the_manual_opening_dice_name_the_players(lang: str) -> None:
    """Real dice for the opening roll: whose die comes first is said by the players' names."""
    names = ("فاطمة", "خالد") if lang == "ar" else ("Fatima", "Khalid")
    match = Match(RuleSet(match_length=3), names, ManualDice())
    app = app_for(match, lang)
    async with app.run_test(size=(100, 30)) as pilot:
        await screen_is(pilot, GameScreen)
        await pilot.press("r")
        await screen_is(pilot, LineScreen)

        def title() -> bool:  # (a line of the dialog: the names, the first player's first)
            return any(0 <= line.find(names[0]) < line.find(names[1]) for line in read(app).split("\n"))

        await wait_until(pilot, title, lambda: f"both names in the dialog's title:\n{read(app)}")


# -- the computer's one name (item 3), and lists that say which game (item 20) -------------------


def put_in_history(paths: Paths, match: Match, ident: str) -> None:
    """``match`` in the history folder, as tawla leaves a match there."""
    paths.history.mkdir(parents=True, exist_ok=True)
    data = saves.to_json(saves.SavedMatch(match, ident, "2026-12-01T18:46:00+00:00"))
    (paths.history / f"{ident}.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def lists_history(tmp_path: Path) -> Paths:
    """Three unfinished matches in the history: against the computer, Plakoto, Fevga (the same
    two people, the same length and score: only the game tells the last two apart)."""
    paths = Paths(tmp_path / "config", tmp_path / "data")
    put_in_history(paths, Match(RuleSet(match_length=1), ("Salma", NAME), SeededDice(1), computer=frozenset({1})), "c")
    for ident, game in (("p", GameChoice.PLAKOTO), ("f", GameChoice.FEVGA)):
        put_in_history(paths, Match(RuleSet(match_length=1).adjusted(game=game), ("Ali", "Badr"), SeededDice(1)), ident)
    return paths


@pytest.mark.parametrize("lang", LANGS)
async def test_the_replay_and_export_lists_name_the_computer_and_the_game(lang: str, tmp_path: Path) -> None:
    paths = lists_history(tmp_path)
    app = TawlaApp(lang=lang, paths=paths, settings=Settings(bidi_checked=True))
    computer, plakoto, fevga = (tr(lang, key) for key in ("computer.name", "games.plakoto", "games.fevga"))
    async with app.run_test(size=(120, 40)) as pilot:
        await screen_is(pilot, MenuScreen)
        for open_list in (app.action_replay, app.action_export):
            open_list()
            await screen_is(pilot, HistoryScreen)
            text = await reads(pilot, app, computer, plakoto, fevga)
            lines = text.split("\n")
            assert any("Salma" in line and computer in line for line in lines), text
            if lang == "ar":
                assert "tawla" not in text, text  # (the stored name, in Latin letters)
            (p,) = [line for line in lines if plakoto in line]
            (f,) = [line for line in lines if fevga in line]
            assert p.split(plakoto)[0] == f.split(fevga)[0], (p, f)  # (the game alone tells them apart)
            await pilot.press("escape")
            await screen_is(pilot, MenuScreen)


@pytest.mark.parametrize("lang", LANGS)
async def test_the_computer_wins_the_match_under_its_one_name(lang: str) -> None:
    """The computer bears off its last checker: its card says it won, by its name in the
    interface's language («الحاسوب», never «طاولة», which reads "the board won")."""
    board = Position.from_counts({1: 1}, {6: 15})  # (the computer, on roll: one checker left)
    start = MatchState(rules=RuleSet(match_length=1), phase=Phase.TURN, board=board, on_roll=1)
    match = Match(RuleSet(match_length=1), ("فاطمة", NAME), SeededDice(3), start=start, computer=frozenset({1}))
    app = app_for(match, lang)
    async with app.run_test(size=(100, 30)) as pilot:
        await screen_is(pilot, ResultScreen)
        title = tr(lang, "over.match_title", name=tr(lang, "computer.name"))
        await reads(pilot, app, title)
        assert "طاولة" not in read(app), read(app)


# -- single games that are not a match (item 7) ------------------------------------------------------


def test_single_games_are_not_called_money_play_in_arabic() -> None:
    """«لعب النقود» reads as gambling at a family table: single games that are no match are
    «الجولات الحرّة» wherever they are named (the length list, the book, the settings, the
    end of a session, the rules, the command line)."""
    gambling = re.compile("النقود|دنانير|رهان")
    texts = dict(catalog("ar"))
    texts["rulebook.text"] = texts["rulebook.text"].partition("## المصطلحات")[0]  # (the glossary: what others say)
    found = {key: text for key, text in texts.items() if gambling.search(text)}
    assert not found, sorted(found)
    for key in ("new.money", "panel.money", "book.play.money", "settings.group.money", "key.money"):
        assert "الحرّة" in tr("ar", key) or "حرّة" in tr("ar", key), (key, tr("ar", key))
    assert "حرّة" in tr("ar", "session.end_title") and "حرّة" in tr("ar", "book.play.all")


# -- no cube, no cube figure (item 6) -----------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
async def test_a_match_without_a_cube_shows_no_cube_figure_and_no_crawford_mark(lang: str) -> None:
    """A café match (no cube) in its Crawford game: no Crawford mark in the panel; the game's
    last checker comes off, and the card's figures have no column for the cube."""
    rules = preset("cafe", 3)
    board = Position.from_counts({1: 1}, {6: 15})
    start = MatchState(rules=rules, phase=Phase.TURN, board=board, score=(2, 0), crawford_game=True, crawford_used=True)
    match = Match(rules, ("فاطمة", "خالد"), ScriptedDice([(2, 1)]), start=start)
    app = app_for(match, lang)
    async with app.run_test(size=(120, 40)) as pilot:
        await screen_is(pilot, GameScreen)
        await reads(pilot, app, Words(lang).t_n("panel.match", 3))
        assert plain(tr(lang, "panel.crawford")) not in read(app), read(app)
        await pilot.press("r")  # (the only play bears the last checker off)
        await screen_is(pilot, ResultScreen)
        rate = plain(tr(lang, "skill.column.rate"))
        text = await reads(pilot, app, rate)
        head = next(line for line in text.split("\n") if rate in line)  # (the table's head: then the legend)
        assert plain(tr(lang, "skill.column.checker")) in head
        assert plain(tr(lang, "skill.column.cube")) not in head, head


# -- each game's screens say only what that game has (item 19) ----------------------------------------

WORDS_OF_BACKGAMMON = {
    "en": ("gammon", "Double", "Take", "Beaver", "Raccoon", "bar/22"),
    "ar": ("مارس", "مضاعفة", "قبول", "بيفر", "راكون", "بار/22"),
}
"""Words of backgammon alone: its gammon, its cube's keys, its bar (in the prompt's example)."""


@pytest.mark.parametrize("lang", LANGS)
async def test_plakoto_says_nothing_of_backgammon(lang: str) -> None:
    """Plakoto: the keys (F1) list no cube keys, the resign dialog offers no gammon (a double
    game instead), the move prompt's example has no bar."""
    rules = RuleSet(match_length=3).adjusted(game=GameChoice.PLAKOTO)
    match = Match(rules, ("فاطمة", "خالد"), ScriptedDice([(6, 5), (3, 1)]))
    match.roll_opening()  # (6-5: فاطمة rolls again, as Plakoto's tables play)
    app = app_for(match, lang)
    absent = WORDS_OF_BACKGAMMON[lang]
    async with app.run_test(size=(100, 30)) as pilot:
        game = await screen_is(pilot, GameScreen)
        await pilot.press("f1")
        await screen_is(pilot, HelpScreen)
        keys = await reads(pilot, app, tr(lang, "key.roll"), tr(lang, "key.resign"))
        assert not [word for word in absent if word in keys], keys
        await pilot.press("escape")
        await screen_is(pilot, GameScreen)
        await pilot.press("R")
        await screen_is(pilot, ResignLevelScreen)
        dialog = await reads(pilot, app, tr(lang, "resign.level2_double", points=Words(lang).t_n("points", 2)))
        assert not [word for word in absent if word in dialog], dialog
        await pilot.press("escape")
        await screen_is(pilot, GameScreen)
        await pilot.press("r")
        await wait_until(pilot, lambda: game.match.state.phase is Phase.MOVING, "the roll")
        await pilot.press("colon")
        await wait_until(pilot, lambda: game.typing, "the move prompt")
        prompt = await reads(pilot, app, "13/7" if lang == "en" else "7←13")  # (read from the right, #36)
        assert not [word for word in absent if word in prompt], prompt
        await pilot.press("x", "enter")  # (a move it cannot read: the examples it gives have no bar either)
        refused = await reads(pilot, app, "«x»" if lang == "ar" else "'x'")
        assert not [word for word in absent if word in refused], refused


@pytest.mark.parametrize("lang", LANGS)
async def test_the_keys_of_backgammon_are_listed_in_backgammon(lang: str) -> None:
    """(The other side: a backgammon money session's keys have the cube's, beavers where they
    are played.)"""
    match = Match(RuleSet(match_length=0, beavers=True), ("Ali", "Badr"), ScriptedDice([(6, 5)]))
    app = app_for(match, lang)
    async with app.run_test(size=(100, 30)) as pilot:
        await screen_is(pilot, GameScreen)
        await pilot.press("f1")
        await screen_is(pilot, HelpScreen)
        await reads(pilot, app, *(tr(lang, f"key.{key}") for key in ("double", "take", "beaver", "end_session")))
        assert plain(tr(lang, "key.raccoon")) not in read(app)  # (no raccoons at this table)


# -- the computer's cube actions are said (item 17) -------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
async def test_the_computers_take_is_said_and_listed_with_the_moves(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The person doubles at the start of a game; the computer takes (a double at the start is
    a clear take): the status line says so, and the panel's list of moves has the double and
    the take."""
    pytest.importorskip("bgsage")
    monkeypatch.setattr(GameScreen, "COMPUTER_SECONDS", 0.0)
    rules = RuleSet(match_length=5)
    start = MatchState(rules=rules, phase=Phase.TURN, board=Position.start(), on_roll=0)
    match = Match(rules, ("فاطمة", NAME), SeededDice(2), start=start, computer=frozenset({1}))
    app = app_for(match, lang)
    words = Words(lang)
    async with app.run_test(size=(100, 32)) as pilot:
        await screen_is(pilot, GameScreen)
        await pilot.press("d")
        await wait_until(pilot, lambda: match.state.cube.value == 2, "the computer's take")
        took = words.t("replay.said.took", name=words.t("computer.name"), value=2)
        text = await reads(
            pilot, app, took, "● " + words.t("panel.cube_double", value=2), "○ " + words.t("panel.cube_take")
        )
        moves = text.split(plain(words.t("panel.moves")))[1]
        assert moves.index(plain(words.t("panel.cube_double", value=2))) < moves.index(
            plain(words.t("panel.cube_take"))
        )


# -- a forced partial play says which dice were lost, and why (item 18) ------------------------------


@pytest.mark.parametrize("lang", LANGS)
async def test_fevgas_opening_double_says_which_fours_were_lost_and_why(lang: str) -> None:
    """Fevga's opening 4-4: the first checker plays 24/16 and may go no further (16/12 lands on
    the opponent's start), no other checker may leave: two 4s are lost, and the status line says
    so and why, never "All dice played"."""
    rules = RuleSet(match_length=3).adjusted(game=GameChoice.FEVGA)
    match = Match(rules, ("فاطمة", "خالد"), ScriptedDice([(2, 5), (4, 4)]))
    match.roll_opening()  # (خالد's 5 wins; he rolls again)
    words = Words(lang)
    app = app_for(match, lang)
    async with app.run_test(size=(120, 40)) as pilot:
        await screen_is(pilot, GameScreen)
        await pilot.press("r")
        await wait_until(pilot, lambda: match.state.turn is not None and match.state.turn.complete, "the forced 24/16")
        lost = words.t_n("notice.lost", 2, die=4)
        if lang == "ar":  # («الـ٤» is one word, read from its right: the reader here takes a digit's word for a move)
            lost = lost.split("الـ")[0]
        why = words.t("reason.first_checker", point=12)
        first = " ".join(why.split()[:4])  # (the status line may wrap the rest)
        text = await reads(pilot, app, lost, first, words.t("status.confirm_lost").split(":")[0])
        assert plain(words.t("status.confirm")) not in text


@pytest.mark.parametrize("lang", LANGS)
def test_a_blocked_die_of_backgammon_is_said_lost(lang: str) -> None:
    """Backgammon: 6-5 where only 24/18 can be played (every 5 lands on a closed point, before
    the 6 and after it): the forced play says the 5 is lost, and why."""
    board = Position.from_counts({24: 2, 6: 13}, {6: 2, 24: 2, 12: 2, 8: 9})
    start = MatchState(rules=RuleSet(match_length=3), phase=Phase.TURN, board=board)
    table = Table(Match(RuleSet(match_length=3), ("Ali", "Badr"), ScriptedDice([(6, 5)]), start=start))
    table.roll()
    words = Words(lang)
    said = GameWords(table, words, Preferences()).notice_text(table.notice)  # type: ignore[arg-type]
    assert plain(words.t_n("notice.lost", 1, die=5)) in plain(said), said
    assert plain(reason_text(lang, Reason(Why.ONLY_ONE_DIE, die=6))) in plain(said), said


# -- the games by the names a café knows, each with a line of description (item 4) ------------------


@pytest.mark.parametrize("lang", LANGS)
async def test_new_match_names_the_games_as_a_cafe_does_and_says_what_each_is(lang: str) -> None:
    """New match: each game with a line saying what it is; Plakoto by the name a café player
    knows beside the Greek one («بلاكوتو (المحبوسة)»), and the caution of the seeds said once:
    local versions differ, the rules say which this is."""
    words = Words(lang)
    app = TawlaApp(lang=lang, settings=Settings(bidi_checked=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await screen_is(pilot, MenuScreen)
        app.action_new_match()
        form = await screen_is(pilot, NewMatchScreen)

        def first(key: str) -> str:  # (a sentence's first words: the rest may wrap)
            return " ".join(words.t(key).split()[:3])

        caution = first("games.caution")
        text = await reads(pilot, app, words.t("games.choose.backgammon"), first("games.backgammon_help"))
        assert plain(caution) not in text
        form.query_one("#game").focus()
        await pilot.press("enter")  # (the list of games, open)
        await reads(pilot, app, *(words.t(f"games.choose.{game.value}") for game in GameChoice))
        await pilot.press("down", "enter")
        await wait_until(pilot, lambda: form.rules.game is GameChoice.PLAKOTO, "Plakoto chosen")
        await reads(pilot, app, words.t("games.choose.plakoto"), first("games.plakoto_help"), caution)
    if lang == "ar":
        assert tr("ar", "games.choose.plakoto") == "بلاكوتو (المحبوسة)"


# -- the skill figures in words (item 5) ----------------------------------------------------------


def a_very_bad_opening() -> Match:
    """A 3-point match whose opening 6-1 is played 13/6 (very bad: 0.24 lost against 13/7 8/7)."""
    match = Match(RuleSet(match_length=3), ("فاطمة", "خالد"), ScriptedDice([(6, 1)]))
    match.roll_opening()
    match.play("13/6")
    match.confirm()
    return match


@pytest.mark.parametrize("lang", LANGS)
async def test_the_figures_are_said_in_words_where_they_appear_and_in_the_help(lang: str) -> None:
    """The replay's ??, ?, ?! have a legend beside the moves; the story says what the error rate
    counts and that lower is better; F1 says what every figure means."""
    pytest.importorskip("bgsage")
    words = Words(lang)
    better = {"en": "lower is better", "ar": "الأقل أفضل"}[lang]
    app = TawlaApp(lang=lang, settings=Settings(bidi_checked=True))
    async with app.run_test(size=(120, 40)) as pilot:
        await screen_is(pilot, MenuScreen)
        app.push_screen(ReplayScreen(a_very_bad_opening()))
        await screen_is(pilot, ReplayScreen)
        await pilot.press("end")
        await reads(pilot, app, words.t("skill.mark.very_bad"), words.t("skill.marks_legend"))
        await pilot.press("g")
        await screen_is(pilot, StoryScreen)
        await reads(pilot, app, words.t("skill.row.rate"), better)
        await pilot.press("f1")
        await screen_is(pilot, HelpScreen)
        await pilot.press("end")  # (the figures come after the keys)
        await reads(pilot, app, words.t("help.figures"), words.t("help.figure.rate"), better)
    assert better in words.t("skill.legend", doubtful="0.04", bad="0.08", very_bad="0.16")  # (the cards)
    assert better in words.t("skill.book_legend")  # (the book)


# -- words that misled (item 21) ------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_help_and_the_menu_say_what_tawla_plays_and_where_each_command_is_explained(lang: str) -> None:
    """``tawla --help`` and the menu's tagline named two people on one keyboard only (not the
    computer, not Plakoto and Fevga), and sent to ``tawla moves --help`` for "the analysis tool"."""
    from tests.test_cli import run

    shown = run("--lang", lang, "--help", env={"COLUMNS": "200"}).stdout
    games = (tr(lang, "games.plakoto"), tr(lang, "games.fevga"))
    computer = {"en": "computer", "ar": "الحاسوب"}[lang]
    for text in (shown, tr(lang, "menu.tagline")):
        assert all(game in text for game in games) and computer in text, text
    assert all(f"tawla {command} --help" in shown for command in ("moves", "hint", "analyse", "book")), shown
    assert {"en": "analysis tool", "ar": "أداة التحليل"}[lang] not in shown
    assert "tawla moves" not in tr(lang, "cli.help.resume")  # (and the palette's Resume:)
    assert {"en": "an unfinished match", "ar": "مباراة لم تنتهِ"}[lang] in tr(lang, "command.resume_help")
    assert "−1" in tr(lang, "hint.equity_note")  # (the hint's footnote: +1 a game won, −1 a game lost)


@pytest.mark.parametrize("lang", LANGS)
async def test_the_replay_says_a_cube_verdict_once_and_the_story_numbers_turns_one_way(lang: str) -> None:
    """A double at the opening (a mistake) and its take: the replay judges the double at the
    double, the take at the take, and says nothing of the cube at the roll after them; the story
    says its turns are counted for the game (both players'), and its count per player so."""
    pytest.importorskip("bgsage")
    names = ("فاطمة", "خالد") if lang == "ar" else ("Fatima", "Khalid")
    match = Match(RuleSet(match_length=5), names, ScriptedDice([(6, 1), (3, 2)]))
    match.roll_opening()
    match.play("13/7 8/7")
    match.confirm()
    match.double()  # (the second player doubles at once: it loses)
    match.take()
    match.roll()
    words = Words(lang)
    app = TawlaApp(lang=lang, settings=Settings(bidi_checked=True))
    replay = ReplayScreen(match)
    async with app.run_test(size=(120, 40)) as pilot:
        await screen_is(pilot, MenuScreen)
        app.push_screen(replay)
        await screen_is(pilot, ReplayScreen)
        await wait_until(pilot, lambda: replay.skill_news is not None and replay.skill_news.done, "the analysis")
        await pilot.press("end")  # (the roll after the take)
        lost = plain(words.t("skill.replay.loss", loss="0")).split()[0]  # ("Lost 0.427 against the best choice")
        await wait_until(pilot, lambda: isinstance(match.events[replay.frame - 1], Rolled), "the roll")
        text = await reads(pilot, app, words.t("replay.said.rolled", name=names[1], dice="3-2").split(":")[0])
        assert lost not in text, text
        await pilot.press("left" if lang == "en" else "right", "left" if lang == "en" else "right")  # (the double)
        await wait_until(pilot, lambda: isinstance(match.events[replay.frame - 1], Doubled), "the double")
        await reads(pilot, app, lost)
        await pilot.press("g")
        await screen_is(pilot, StoryScreen)
        await reads(pilot, app, words.t("story.turns"), words.t("skill.moment", turn=2))  # (the double: turn 2)


@pytest.mark.parametrize("lang", LANGS)
async def test_the_settings_say_whose_customs_they_show(lang: str) -> None:
    """After a tavli match the settings show the café customs it was played with: they say that
    these are the rules New match starts from, the last match's, and name them."""
    rules = RuleSet(match_length=5).adjusted(game=GameChoice.TAVLI)
    app = TawlaApp(lang=lang, settings=Settings(bidi_checked=True, rules=rules))
    words = Words(lang)
    async with app.run_test(size=(120, 40)) as pilot:
        await screen_is(pilot, MenuScreen)
        app.action_settings()
        await screen_is(pilot, SettingsScreen)
        said = words.t("settings.rules_of", rules=words.t("games.tavli"))
        await reads(pilot, app, " ".join(said.split()[:3]), words.t("games.tavli"))
