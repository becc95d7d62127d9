"""Rules that are said (#21, defects 7 and 10): custom rules against the nearest preset, why a
win counts less than its size, only what can be won offered for resigning, a game without a cube
saying so when a double is answered, a declined resignation said, who opens the next game and
why, and a money session ended from the game with its tally.

The rule decisions are the game layer's (tawla/game): each is tested there, table-driven, then
as the screens say it, in English and in Arabic.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from textual.pilot import Pilot

from tawla.game import Cube, Match, NextOpener, Phase, ResultKind, RuleSet, SeededDice
from tawla.game.events import Beavered, Doubled, Dropped, Raccooned, ResignOffered, Took
from tawla.game.rules import differences, nearest_preset, preset
from tawla.game.state import Discount, MatchState, advance, end_session_refusal, refusal
from tawla.i18n import tr
from tawla.i18n.messages import action_error_text
from tawla.i18n.words import Words
from tawla.store import saves
from tawla.store.book import open_book
from tawla.store.files import Paths
from tawla.store.settings import Settings
from tawla.ui.app import TawlaApp
from tawla.ui.game_texts import GamePanel
from tawla.ui.rules_words import rules_detail, rules_name
from tawla.ui.screens.dialogs import AnswerScreen, ConfirmScreen, ResignLevelScreen, ResultScreen, said
from tawla.ui.screens.game import GameScreen
from tawla.ui.screens.history import HistoryScreen
from tawla.ui.screens.menu import MenuScreen
from tawla.ui.screens.resume import ResumeScreen

from .helpers.waiting import eventually, screen_is, screen_text, settle, shows, wait_until

EN, AR = Words("en"), Words("ar")
SIZE = (100, 30)

CAFE = preset("cafe", 5)
CAFE_MONEY = preset("cafe", 0)
INTERNATIONAL = preset("international", 5)
MONEY = preset("international", 0)  # (with the Jacoby rule, as the preset has it)

# -- custom rules, said against the nearest preset ------------------------------------------------

# (rules, the nearest preset, what differs from it, the English and the Arabic short form)
# fmt: off
SAID = [
    (INTERNATIONAL, "international", (), "International", "دولي"),
    (CAFE, "cafe", (), "Café", "مقهى"),
    (MONEY, "international", (), "International", "دولي"),
    (CAFE.adjusted(cube=True), "cafe", ("cube",),
     "Custom: like Café, but with the cube", "مخصص: مثل «مقهى»، لكن مع المكعب"),
    (CAFE.adjusted(gammons_count=False), "cafe", ("gammons_count",),
     "Custom: like Café, but gammons count single", "مخصص: مثل «مقهى»، لكن المارس يُحسب جولة عادية"),
    (INTERNATIONAL.adjusted(backgammons_count=False), "international", ("backgammons_count",),
     "Custom: like International, but backgammons count as gammons",
     "مخصص: مثل «دولي»، لكن المارس التركي يُحسب مارساً"),
    (CAFE.adjusted(cube=True, gammons_count=False), "cafe", ("cube", "gammons_count"),
     "Custom: like Café, but with the cube, gammons count single",
     "مخصص: مثل «مقهى»، لكن مع المكعب، المارس يُحسب جولة عادية"),
    (MONEY.adjusted(jacoby=False), "international", ("jacoby",),
     "International, but no Jacoby rule", "دولي، لكن بلا قاعدة جاكوبي"),
    (MONEY.adjusted(beavers=True), "international", ("beavers",),
     "International, but with beavers", "دولي، لكن مع البيفر"),
    (INTERNATIONAL.adjusted(holland=True, max_cube=16), "international", ("max_cube", "holland"),
     "International, but the cube up to 16, with the Holland rule", "دولي، لكن المكعب حتى 16، مع قاعدة هولاند"),
    (CAFE_MONEY.adjusted(cube=True, beavers=True), "cafe", ("cube", "beavers"),
     "Custom: like Café, but with the cube, with beavers", "مخصص: مثل «مقهى»، لكن مع المكعب، مع البيفر"),
    # as near to Café (the cube, the Jacoby rule) as to International (its opening customs): the first
    (CAFE_MONEY.adjusted(cube=True, jacoby=True), "international", ("opening", "next_game_opener"),
     "Custom: like International, but the winner rolls again, the previous winner opens",
     "مخصص: مثل «دولي»، لكن الفائز يرمي من جديد، الفائز السابق يفتتح"),
]
# fmt: on


@pytest.mark.parametrize(("rules", "nearest", "changes", "english", "arabic"), SAID)
def test_rules_are_said_as_their_preset_and_what_differs_from_it(
    rules: RuleSet, nearest: str, changes: tuple[str, ...], english: str, arabic: str
) -> None:
    assert nearest_preset(rules) == nearest
    assert differences(rules, nearest) == changes
    assert rules_name(EN, rules) == english
    assert _plain(rules_name(AR, rules)) == arabic


def test_gammons_off_and_jacoby_are_said_on_the_new_match_screen() -> None:
    assert "gammons count single" in rules_detail(EN, CAFE.adjusted(gammons_count=False))
    assert "with the Jacoby rule" in rules_detail(EN, MONEY)
    assert "المارس يُحسب جولة عادية" in _plain(rules_detail(AR, CAFE.adjusted(gammons_count=False)))
    assert "مع قاعدة جاكوبي" in _plain(rules_detail(AR, MONEY))
    # a preset as it is says nothing more; custom rules say what differs, on a line of their own
    assert "\n" not in rules_detail(EN, CAFE)
    assert rules_detail(EN, CAFE.adjusted(cube=True)).splitlines()[-1] == "Custom: like Café, but with the cube"


def _plain(text: str) -> str:
    from tawla.i18n import plain

    return plain(text)


# -- why a win counts less -------------------------------------------------------------------------

OWNED = Cube(2, 0)

# (rules, the cube, the size of the win: what it scores, and why it is less than its size)
# fmt: off
COUNTED = [
    (INTERNATIONAL, Cube(), ResultKind.GAMMON, 2, None),
    (INTERNATIONAL, Cube(), ResultKind.BACKGAMMON, 3, None),
    (CAFE.adjusted(gammons_count=False), Cube(), ResultKind.GAMMON, 1, Discount.GAMMONS_OFF),
    (CAFE.adjusted(gammons_count=False), Cube(), ResultKind.BACKGAMMON, 1, Discount.GAMMONS_OFF),
    (INTERNATIONAL.adjusted(backgammons_count=False), Cube(), ResultKind.BACKGAMMON, 2, Discount.BACKGAMMONS_OFF),
    (INTERNATIONAL.adjusted(backgammons_count=False), Cube(), ResultKind.GAMMON, 2, None),
    (MONEY, Cube(), ResultKind.GAMMON, 1, Discount.JACOBY),
    (MONEY, Cube(2, None), ResultKind.GAMMON, 2, Discount.JACOBY),  # (an automatic double: still centred)
    (MONEY, OWNED, ResultKind.GAMMON, 4, None),
    (MONEY, Cube(), ResultKind.SINGLE, 1, None),
]
# fmt: on


@pytest.mark.parametrize(("rules", "cube", "kind", "points", "why"), COUNTED)
def test_the_game_says_why_a_win_counts_less_than_its_size(
    rules: RuleSet, cube: Cube, kind: ResultKind, points: int, why: Discount | None
) -> None:
    state = MatchState(rules=rules, phase=Phase.TURN, cube=cube)
    assert state.points_for(kind) == points
    assert state.counted_as(kind) == why


# -- resigning only what can be won ----------------------------------------------------------------

# fmt: off
LEVELS = [
    (INTERNATIONAL, Cube(), (1, 2, 3)),
    (CAFE, Cube(), (1, 2, 3)),
    (CAFE.adjusted(gammons_count=False), Cube(), (1,)),
    (INTERNATIONAL.adjusted(backgammons_count=False), Cube(), (1, 2)),
    (MONEY, Cube(), (1,)),  # (the Jacoby rule, the cube in the middle: a gammon counts single)
    (MONEY, OWNED, (1, 2, 3)),
]
# fmt: on


@pytest.mark.parametrize(("rules", "cube", "levels"), LEVELS)
def test_only_what_can_be_won_is_offered_for_resigning(rules: RuleSet, cube: Cube, levels: tuple[int, ...]) -> None:
    state = MatchState(rules=rules, phase=Phase.TURN, cube=cube)
    assert tuple(int(kind) for kind in state.resign_levels()) == levels


# -- no cube, said -----------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [CAFE, CAFE_MONEY], ids=["match", "money"])
@pytest.mark.parametrize("event", [Took(), Dropped(), Beavered(), Raccooned(), Doubled()], ids=type)
def test_without_a_cube_every_cube_answer_says_these_customs_have_none(rules: RuleSet, event: object) -> None:
    for phase in (Phase.OPENING, Phase.TURN):
        error = refusal(MatchState(rules=rules, phase=phase), event)  # type: ignore[arg-type]
        assert error is not None and error.code == "cube_off", (phase, error)
    assert action_error_text("en", error) == "These rules are played without the doubling cube."
    assert action_error_text("ar", error) == tr("ar", "action.cube_off")


# -- who opens the next game ---------------------------------------------------------------------------


def _over(rules: RuleSet, winner: int) -> MatchState:
    """A state at the end of game 1, ``winner`` having been resigned to."""
    state = MatchState(rules=rules, phase=Phase.TURN, on_roll=1 - winner)
    state = advance(state, ResignOffered(1))
    from tawla.game.events import ResignAccepted

    return advance(state, ResignAccepted())


@pytest.mark.parametrize("winner", [0, 1])
def test_the_game_says_who_opens_the_next_game(winner: int) -> None:
    previous = _over(CAFE, winner)
    assert previous.phase is Phase.GAME_OVER and previous.opens_next == winner
    rolled = _over(INTERNATIONAL, winner)
    assert rolled.phase is Phase.GAME_OVER and rolled.opens_next is None
    assert _over(RuleSet(match_length=1), winner).opens_next is None  # (the match is over: no next game)


# -- ending a money session ---------------------------------------------------------------------------


def test_a_money_session_ends_when_no_answer_is_awaited() -> None:
    money = MatchState(rules=CAFE_MONEY.adjusted(cube=True), phase=Phase.TURN)
    assert end_session_refusal(money) is None
    assert end_session_refusal(replace(money, phase=Phase.OPENING)) is None
    assert end_session_refusal(replace(money, phase=Phase.GAME_OVER)) is None
    doubled = advance(money, Doubled())
    assert end_session_refusal(doubled).code == "answer_double"  # type: ignore[union-attr]
    resigning = advance(money, ResignOffered(1))
    assert end_session_refusal(resigning).code == "answer_resignation"  # type: ignore[union-attr]
    refused = end_session_refusal(MatchState(rules=INTERNATIONAL, phase=Phase.TURN))
    assert refused is not None and refused.code == "session_match"
    for lang in ("en", "ar"):
        assert action_error_text(lang, refused) == tr(lang, "action.session_match") != "action.session_match"


# -- the screens say it -----------------------------------------------------------------------------------

NAMES = ("Ali", "فاطمة الزهراء")


def words(lang: str) -> Words:
    return EN if lang == "en" else AR


def app_of(match: Match, lang: str, paths: Paths | None = None, **settings: object) -> TawlaApp:
    settings.setdefault("bidi_checked", True)
    return TawlaApp(lang=lang, dice=match.dice, match=match, paths=paths, settings=Settings(**settings))  # type: ignore[arg-type]


def text_of(content: object) -> str:
    """A renderable's text in logical order (a Bidi's text, a Text's, a string)."""
    text = getattr(content, "text", content)
    return _plain(getattr(text, "plain", str(text)))


def game_over(rules: RuleSet, level: int = 1, seed: int = 4) -> Match:
    """A match whose first game the player on roll after the opening has just resigned (``level``)."""
    match = Match(rules, NAMES, SeededDice(seed))
    while match.state.phase is Phase.OPENING:
        match.roll_opening()
    match.resign(level)
    match.accept()
    return match


async def game_on(pilot: Pilot[object]) -> GameScreen:
    return await screen_is(pilot, GameScreen)


@pytest.mark.parametrize("lang", ["en", "ar"])
async def test_custom_rules_are_said_on_new_match_the_panel_and_the_resume_list(lang: str, tmp_path: Path) -> None:
    rules = CAFE.adjusted(cube=True, gammons_count=False)
    said = {
        "en": "Custom: like Café, but with the cube, gammons count single",
        "ar": "مخصص: مثل «مقهى»، لكن مع المكعب، المارس يُحسب جولة عادية",
    }[lang]
    paths = Paths(tmp_path / "config", tmp_path / "data")
    app = app_of(Match(rules, NAMES, SeededDice(3)), lang, paths, rules=rules)
    async with app.run_test(size=SIZE) as pilot:
        game = await game_on(pilot)
        await eventually(pilot, lambda: _has(text_of(game.query_one(GamePanel).content.renderables[0]), said))
        if lang == "en":
            await shows(pilot, "Custom: like Café,")
        await pilot.press("ctrl+w")
        await screen_is(pilot, MenuScreen)
        app.action_resume()
        resume = await screen_is(pilot, ResumeScreen)
        assert said in _plain(resume.describe(resume.entries[0]))
        await pilot.press("escape")
        await screen_is(pilot, MenuScreen)
        from tawla.ui.screens.new_match import NewMatchScreen

        app.action_new_match()
        new = await screen_is(pilot, NewMatchScreen)
        summary = text_of(new.query_one("#summary").content)  # type: ignore[attr-defined]
        assert said in summary and _plain(tr(lang, "summary.gammons_off")) in summary


def _has(text: str, part: str) -> None:
    assert part in text, (part, text)


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize(
    ("rules", "why"),
    [(CAFE.adjusted(gammons_count=False), "gammons_off"), (MONEY, "jacoby")],
    ids=["gammons-off", "jacoby"],
)
async def test_the_result_card_says_why_a_gammon_counts_one_point(rules: RuleSet, why: str, lang: str) -> None:
    match = game_over(rules, level=2)
    result = match.state.results[-1]
    assert result.kind is ResultKind.GAMMON and result.points == 1
    app = app_of(match, lang)
    async with app.run_test(size=SIZE) as pilot:
        card = await screen_is(pilot, ResultScreen)
        body = _plain(said(card._body))
        assert _plain(tr(lang, f"over.why_{why}")) in body and _plain(words(lang).t_n("points", 1)) in body
        if lang == "en":
            await shows(pilot, "(" + tr("en", f"over.why_{why}").split()[0])


async def test_a_full_win_says_no_reason() -> None:
    match = game_over(INTERNATIONAL, level=2)
    app = app_of(match, "en")
    async with app.run_test(size=SIZE) as pilot:
        card = await screen_is(pilot, ResultScreen)
        assert "(" not in said(card._body).splitlines()[0] and "2 points" in said(card._body)


@pytest.mark.parametrize("lang", ["en", "ar"])
async def test_the_resign_dialog_offers_only_what_can_be_won(lang: str) -> None:
    match = Match(CAFE.adjusted(gammons_count=False), NAMES, SeededDice(4))
    while match.state.phase is Phase.OPENING:
        match.roll_opening()
    app = app_of(match, lang)
    async with app.run_test(size=SIZE) as pilot:
        await game_on(pilot)
        await pilot.press("R")
        dialog = await screen_is(pilot, ResignLevelScreen)
        t = words(lang).t
        assert said(dialog._body) == t("resign.level1", points=words(lang).t_n("points", 1))
        assert said(dialog._hint) == t("resign.hint1")
        for key in ("2", "3", "٢"):
            await pilot.press(key)
            await settle(pilot)  # (no gammon, no backgammon to resign: the keys do nothing)
            assert app.screen is dialog and match.state.phase is not Phase.RESIGNING
        await pilot.press("1")
        await wait_until(pilot, lambda: match.state.phase is Phase.RESIGNING, "1 resigned a single game")
        assert match.state.resignation is not None and match.state.resignation[1] == 1


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("key", ["t", "p"])
async def test_answering_a_double_without_a_cube_says_these_customs_have_none(key: str, lang: str) -> None:
    from tawla.ui.keys import ARABIC_LAYOUT

    match = Match(CAFE, NAMES, SeededDice(4))
    while match.state.phase is Phase.OPENING:
        match.roll_opening()
    app = app_of(match, lang)
    async with app.run_test(size=SIZE) as pilot:
        game = await game_on(pilot)
        await pilot.press(ARABIC_LAYOUT[key] if lang == "ar" else key)
        said = words(lang).t("action.cube_off")
        await wait_until(pilot, lambda: game.problem == said, lambda: f"{said!r} said, not {game.problem!r}")
        assert game.problem != words(lang).t("action.no_double")


@pytest.mark.parametrize("lang", ["en", "ar"])
async def test_a_declined_resignation_is_said(lang: str) -> None:
    match = Match(INTERNATIONAL, NAMES, SeededDice(4))
    while match.state.phase is Phase.OPENING:
        match.roll_opening()
    match.play(_first_play(match))
    match.confirm()
    decliner = 1 - match.state.on_roll  # (the player on roll resigns; the other one declines)
    app = app_of(match, lang)
    async with app.run_test(size=SIZE) as pilot:
        game = await game_on(pilot)
        await pilot.press("R")
        await screen_is(pilot, ResignLevelScreen)
        await pilot.press("1")
        await screen_is(pilot, AnswerScreen)
        await pilot.press(_key(lang, "n"))
        said = words(lang).t("notice.declined", name=NAMES[decliner])
        await wait_until(
            pilot,
            lambda: game.notice is not None and game.notice() == said and match.state.phase is Phase.TURN,
            lambda: f"{said!r} said (notice {game.notice() if game.notice else None!r})",
        )
        if lang == "en":
            await shows(pilot, EN.line(f"{NAMES[decliner]} declines the resignation: the game goes on."))


def _first_play(match: Match) -> str:
    from tawla.engine import legal_plays
    from tawla.engine.notation import format_play

    turn = match.state.turn
    assert turn is not None
    return format_play(legal_plays(turn.start, turn.roll)[0])


@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("rules", [CAFE, INTERNATIONAL], ids=["previous-winner", "opening-roll"])
async def test_who_opens_the_next_game_is_said_and_why(rules: RuleSet, lang: str) -> None:
    match = game_over(rules)
    winner = match.state.results[-1].winner
    w = words(lang)
    if rules.next_game_opener is NextOpener.PREVIOUS_WINNER:
        on_card = w.t("over.next_winner", number=2, name=NAMES[winner])
        after = w.t("notice.opens_winner", number=2, name=NAMES[winner])
    else:
        on_card = after = w.t("notice.opens_roll", number=2)
    app = app_of(match, lang)
    async with app.run_test(size=SIZE) as pilot:
        card = await screen_is(pilot, ResultScreen)
        assert on_card in said(card._body)
        await pilot.press("enter")
        game = await screen_is(pilot, GameScreen)
        await wait_until(
            pilot,
            lambda: match.state.game == 2 and game.notice is not None and game.notice() == after,
            lambda: f"{after!r} said at game 2 (notice {game.notice() if game.notice else None!r})",
        )
        if rules.next_game_opener is NextOpener.PREVIOUS_WINNER:
            assert match.state.phase is Phase.TURN and match.state.on_roll == winner
        else:
            assert match.state.phase is Phase.OPENING
        if lang == "en":
            await shows(pilot, EN.line(after))


# -- a money session ended from the game ---------------------------------------------------------------


def _key(lang: str, key: str) -> str:
    from tawla.ui.keys import ARABIC_LAYOUT

    return ARABIC_LAYOUT[key] if lang == "ar" else key


@pytest.mark.parametrize("lang", ["en", "ar"])
async def test_a_money_session_is_ended_from_the_game_with_its_tally(lang: str, tmp_path: Path) -> None:
    paths = Paths(tmp_path / "config", tmp_path / "data")
    match = game_over(CAFE_MONEY)  # (game 1 over: its winner 1 point up)
    winner = match.state.results[-1].winner
    w = words(lang)
    app = app_of(match, lang, paths)
    async with app.run_test(size=SIZE) as pilot:
        card = await screen_is(pilot, ResultScreen)
        assert w.t("over.end_hint") in said(card._hint)
        assert any(title == w.t("command.end_session") for title, _, _ in app.palette_commands())
        # e on the card asks first; n plays on: the card again, nothing changed
        await pilot.press(_key(lang, "e"))
        question = await screen_is(pilot, ConfirmScreen)
        tally = w.t(
            "session.tally",
            a=NAMES[0],
            b=NAMES[1],
            ga=w.t_n("count.games", 1 - winner),
            gb=w.t_n("count.games", winner),
            pa=w.t_n("points", 1 - winner),
            pb=w.t_n("points", winner),
        )
        ahead = w.t("session.ahead", name=NAMES[winner], points=w.t_n("points", 1))
        assert said(question._body).splitlines() == [tally, ahead, w.t("session.to_history")]
        assert said(question._title) == w.t("session.end_title")
        await pilot.press(_key(lang, "n"))
        card = await screen_is(pilot, ResultScreen)
        assert match.state.phase is Phase.GAME_OVER and len(list((paths.data / "matches").glob("*.json"))) == 1
        # game 2 begun, then ended from the game: its game is not counted
        await pilot.press("enter")
        game = await screen_is(pilot, GameScreen)
        await wait_until(pilot, lambda: match.state.game == 2, "game 2 begun")
        await pilot.press(_key(lang, "r"))
        await wait_until(pilot, lambda: match.state.phase is Phase.MOVING, "game 2 under way")
        await pilot.press(_key(lang, "e"))
        question = await screen_is(pilot, ConfirmScreen)
        assert said(question._body).splitlines() == [tally, ahead, w.t("session.under_way"), w.t("session.to_history")]
        await pilot.press(_key(lang, "y"))
        over = await screen_is(pilot, ResultScreen)
        assert said(over._title) == w.t("session.over_title") and said(over._body) == f"{tally}\n{ahead}"
        book_line = w.t("over.book", a=NAMES[0], b=NAMES[1], wa=1 - winner, wb=winner, period=w.t("book.period.month"))
        await wait_until(
            pilot,
            lambda: over.query_one("#book").display and text_of(over.query_one("#book").content) == _plain(book_line),  # type: ignore[attr-defined]
            lambda: f"the book's line {book_line!r} on the card",
        )
        await pilot.press("enter")
        await screen_is(pilot, MenuScreen)
        await wait_until(pilot, lambda: game not in app.screen_stack and app.playing is None, "the game gone")
        # in the history, like a finished match; off the Resume list; counted by the book
        assert not list((paths.data / "matches").glob("*.json")) and not app.has_unfinished_match()
        (kept,) = saves.history(paths.history)
        loaded = saves.load(kept)
        assert loaded is not None and loaded.match.events == match.events
        pair = open_book(paths).between(*NAMES)
        assert pair is not None and pair.figures[winner].won == 1 and pair.figures[winner].points_won == 1
        app.action_replay()
        listed = await screen_is(pilot, HistoryScreen)
        await shows(pilot, w.line(w.t("history.finished")))
        assert w.line(w.t("history.unfinished")) not in screen_text(app)
        await pilot.press("escape")
        await wait_until(pilot, lambda: listed not in app.screen_stack, "the list closed")


async def test_ending_a_session_waits_for_the_answer_to_a_double_and_a_match_has_no_such_key() -> None:
    money = Match(CAFE_MONEY.adjusted(cube=True), NAMES, SeededDice(4))
    while money.state.phase is Phase.OPENING:
        money.roll_opening()
    if money.state.phase is Phase.MOVING:
        money.play(_first_play(money))
        money.confirm()
    money.double()
    app = app_of(money, "en")
    async with app.run_test(size=SIZE) as pilot:
        game = await game_on(pilot)
        await pilot.press("e")
        said = EN.t("action.answer_double")
        await wait_until(pilot, lambda: game.problem == said, lambda: f"{said!r}, not {game.problem!r}")
        assert not isinstance(app.screen, ConfirmScreen)
    match = Match(INTERNATIONAL, NAMES, SeededDice(4))
    app = app_of(match, "en")
    async with app.run_test(size=SIZE) as pilot:
        game = await game_on(pilot)
        assert game.footer_state("end_session") is False
        assert not any(title == EN.t("command.end_session") for title, _, _ in app.palette_commands())
        await pilot.press("e")
        await settle(pilot)  # (a match ends when it is won: e does nothing)
        assert app.screen is game and game.problem is None
