"""F2 in a game says the last notice again in the other language, default names follow the
language, and a replay in Arabic steps forward with ← (#13)."""

from __future__ import annotations

import pytest

from tawla.engine import legal_plays
from tawla.game import Match, RuleSet, ScriptedDice
from tawla.i18n import tr
from tawla.i18n.bidi import visual
from tawla.i18n.words import Words
from tawla.store.settings import Settings
from tawla.ui.app import TawlaApp
from tawla.ui.match_view import shown_name
from tawla.ui.screens.game import GameScreen
from tawla.ui.screens.replay import ReplayScreen

from .helpers.waiting import screen_is, screen_text, settle, shows, wait_until


def shown(app: TawlaApp, text: str) -> str:
    return visual(text, rtl=app.words.rtl)


async def speaks(pilot, lang: str) -> None:  # type: ignore[no-untyped-def]
    """Wait until F2 has switched the interface to ``lang``."""
    app = pilot.app
    await wait_until(pilot, lambda: app.language == lang, lambda: f"the interface in {lang} (it is in {app.language})")


async def at_frame(pilot, replay: ReplayScreen, frame: int) -> None:  # type: ignore[no-untyped-def]
    """Wait until the replay shows ``frame``, then check that it stays there (no key counted twice)."""
    await wait_until(pilot, lambda: replay.frame == frame, lambda: f"frame {frame} (it shows {replay.frame})")
    await settle(pilot)
    assert replay.frame == frame


# -- default names ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "english", "arabic"),
    [
        ("Player 1", "Player 1", "لاعب 1"),
        ("Player 2", "Player 2", "لاعب 2"),
        ("لاعب 1", "Player 1", "لاعب 1"),
        ("لاعب ٢", "Player 2", "لاعب 2"),  # (given while the digits were Arabic-Indic)
        ("Ali", "Ali", "Ali"),  # a typed name stays as typed
        ("ليلى", "ليلى", "ليلى"),
        ("Player 3", "Player 3", "Player 3"),
    ],
)
def test_a_default_name_is_said_in_the_interfaces_language(name: str, english: str, arabic: str) -> None:
    assert shown_name(name, Words("en")) == english
    assert shown_name(name, Words("ar")) == arabic
    assert shown_name(name, Words("ar", arabic_indic=True)) == arabic.replace("1", "١").replace("2", "٢")


# -- F2 in a game -----------------------------------------------------------------------------------


async def test_f2_says_the_last_notice_again_in_the_other_language() -> None:
    match = Match(RuleSet(match_length=3), ("Player 1", "Ali"), ScriptedDice([(3, 2)]))
    app = TawlaApp(lang="en", dice=match.dice, match=match, settings=Settings(bidi_checked=True))
    async with app.run_test(size=(100, 30)) as pilot:
        game = await screen_is(pilot, GameScreen)
        await pilot.press("space")  # the opening roll: 3 against 2, Player 1 starts
        english = tr("en", "notice.opening", name="Player 1", d0=3, d1=2)
        await shows(pilot, english)
        await pilot.press("f2")
        await speaks(pilot, "ar")
        words = app.words
        arabic = words.t("notice.opening", name=words.t("new.default1"), d0=3, d1=2)
        text = await shows(pilot, shown(app, arabic))  # (once the game is rebuilt in Arabic)
        assert app.screen is game
        assert "Player" not in text and "starts" not in text
        assert "Ali" in text  # (a typed name, as typed)
        await pilot.press("f2")
        await speaks(pilot, "en")
        await shows(pilot, english)


async def test_f2_says_a_forced_move_again_in_the_other_language() -> None:
    from tawla.engine import Position
    from tawla.game import MatchState, Phase

    # The other side holds the mover's 20 to 24: 6-6 enters on 19 and only that checker can
    # go on (the others, on the 6, may not bear off yet): bar/19/13/7/1, forced.
    board = Position.from_counts({25: 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 13: 5})
    state = MatchState(rules=RuleSet(), phase=Phase.TURN, board=board, on_roll=0)
    match = Match(names=("Player 1", "Player 2"), dice=ScriptedDice([(6, 6)]), start=state)
    app = TawlaApp(lang="en", dice=match.dice, match=match, settings=Settings(bidi_checked=True))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await screen_is(pilot, GameScreen)
        await pilot.press("space")  # 6-6: the forced move plays itself
        await wait_until(
            pilot, lambda: match.state.turn is not None and bool(match.state.turn.made), "the forced move played"
        )
        assert app.screen is screen and screen.notice is not None
        english = screen.notice()
        assert english.startswith(tr("en", "notice.forced", player="Player 1", play="").split(":")[0])
        await pilot.press("f2")
        await speaks(pilot, "ar")
        words = app.words
        arabic = screen.notice()
        assert arabic.startswith(words.t("notice.forced", player=words.t("new.default1"), play="").split(":")[0])
        text = await shows(pilot, shown(app, arabic))  # (once the game is rebuilt in Arabic)
        assert "Player" not in text


# -- the replay ---------------------------------------------------------------------------------------


def one_turn_played() -> Match:
    match = Match(RuleSet(match_length=3), ("Player 1", "ليلى"), ScriptedDice([(6, 1), (5, 2)]))
    match.roll_opening()
    turn = match.state.turn
    assert turn is not None
    match.play(sorted(legal_plays(turn.start, turn.roll), key=str)[0])
    match.confirm()
    return match


@pytest.mark.parametrize(("lang", "forward", "back"), [("en", "right", "left"), ("ar", "left", "right")])
async def test_a_replay_steps_forward_the_way_the_screen_reads(lang: str, forward: str, back: str) -> None:
    app = TawlaApp(lang=lang, settings=Settings(bidi_checked=True))
    async with app.run_test(size=(100, 30)) as pilot:
        await app.push_screen(ReplayScreen(one_turn_played()))
        replay = await screen_is(pilot, ReplayScreen)
        assert replay.frame == 0
        await pilot.press(forward, forward)
        await at_frame(pilot, replay, 2)
        await pilot.press(back)
        await at_frame(pilot, replay, 1)
        # The footer says so: the forward arrow with "step on", the other with "step back".
        arrow = {"left": "←", "right": "→"}
        if lang == "ar":
            keys = [
                f"{visual(tr('ar', 'key.replay_next'), rtl=True)} {arrow[forward]}",
                f"{visual(tr('ar', 'key.replay_back'), rtl=True)} {arrow[back]}",
            ]
        else:
            keys = [f"{arrow[forward]} {tr('en', 'key.replay_next')}", f"{arrow[back]} {tr('en', 'key.replay_back')}"]
        await wait_until(
            pilot,
            lambda: all(key in screen_text(app).splitlines()[-1] for key in keys),
            lambda: f"{keys} in the footer: {screen_text(app).splitlines()[-1]!r}",
        )
        await shows(pilot, shown(app, shown_name("Player 1", app.words)))


async def test_the_language_switch_turns_the_replays_arrows_round() -> None:
    app = TawlaApp(lang="en", settings=Settings(bidi_checked=True))
    async with app.run_test(size=(100, 30)) as pilot:
        await app.push_screen(ReplayScreen(one_turn_played()))
        replay = await screen_is(pilot, ReplayScreen)
        await pilot.press("right")
        await at_frame(pilot, replay, 1)
        await pilot.press("f2")
        await speaks(pilot, "ar")
        await shows(pilot, shown(app, shown_name("Player 1", app.words)))  # (the replay rebuilt in Arabic)
        assert app.screen is replay
        await pilot.press("left")  # forward, in Arabic
        await at_frame(pilot, replay, 2)
        await pilot.press("ظ")  # (no key of the replay)
        await pilot.press("l")  # l is → (vim keys): back, in Arabic
        await at_frame(pilot, replay, 1)


# -- what each step of a replay did, in words; its cube and dice (#21) --------------------------------


def cube_story() -> Match:
    """A 3-point match of Ali and Badr: game 1, Ali opens (6-5), Badr doubles, Ali takes, Badr
    rolls 3-1, Ali offers to resign and Badr declines, Ali rolls 4-2, Badr resigns and Ali
    accepts (2 points: 2-0, so game 2 is the Crawford game); game 2, Badr opens (5-6) and
    plays, Ali rolls 2-1, doubles are not allowed, Badr rolls 3-3 and Ali resigns a gammon."""
    from tawla.game import ManualDice

    match = Match(RuleSet(match_length=3), ("Ali", "Badr"), ManualDice())

    def play() -> None:
        turn = match.state.turn
        assert turn is not None
        match.play(legal_plays(turn.start, turn.roll)[0])
        match.confirm()

    match.roll_opening((6, 5))
    play()
    match.double()
    match.take()
    match.roll((3, 1))
    play()
    match.resign(1)
    match.decline()
    match.roll((4, 2))
    play()
    match.resign(1)
    match.accept()
    match.next_game()
    match.roll_opening((5, 6))
    play()
    match.roll((2, 1))
    play()
    return match


def drop_story() -> Match:
    """Money play: Ali opens (6-5), Badr doubles, Ali passes."""
    from tawla.game import ManualDice

    match = Match(RuleSet(match_length=0), ("Ali", "Badr"), ManualDice())
    match.roll_opening((6, 5))
    turn = match.state.turn
    assert turn is not None
    match.play(legal_plays(turn.start, turn.roll)[0])
    match.confirm()
    match.double()
    match.drop()
    return match


async def said_at_every_step(pilot, replay: ReplayScreen, forward: str = "right") -> list[str]:  # type: ignore[no-untyped-def]
    """What the replay's status says at each step of the game shown, from its start."""
    said = [replay.said()]
    for frame in range(1, replay._length(replay.game_index) + 1):
        await pilot.press(forward)
        await at_frame(pilot, replay, frame)
        said.append(replay.said())
    return said


async def test_a_replay_says_what_each_step_did() -> None:
    """Doubles, takes, resignations offered, declined and accepted, the Crawford game: said in
    words as the step is shown (they were not)."""
    app = TawlaApp(lang="en", settings=Settings(bidi_checked=True))
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(ReplayScreen(cube_story()))
        replay = await screen_is(pilot, ReplayScreen)
        await shows(pilot, "Step 0 of 18 · the board set for game 1.")
        said = await said_at_every_step(pilot, replay)
        cube = [line for line in said if "doubl" in line or "take" in line or "resign" in line]
        assert cube == [
            "Badr doubles to 2.",
            "Ali takes: the cube is at 2.",
            "Ali offers to resign a single game.",
            "Badr declines the resignation: play goes on.",
            "Badr offers to resign a single game.",
            "Ali accepts the resignation. Ali wins by resignation, single game: 2 points.",
        ]
        assert said[0] == "the board set for game 1." and said[1] == "Ali starts (6 against 5)."
        assert "Badr rolls 3-1." in said and "Ali rolls 4-2." in said
        assert any(line.startswith("Ali plays ") for line in said)
        assert any(line.startswith("Badr's turn ends: ") for line in said)
        # Game 2 is the Crawford game: said at its start, marked in the panel as the game marks it.
        await pilot.press("pagedown")
        await wait_until(pilot, lambda: replay.game_index == 1, "game 2")
        assert replay.said() == "game 2 is the Crawford game: no doubling in it."
        await shows(pilot, "game 2 is the Crawford game", "3-point match  Crawford")


async def test_a_replay_says_a_pass_and_who_won_by_it() -> None:
    app = TawlaApp(lang="en", settings=Settings(bidi_checked=True))
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(ReplayScreen(drop_story()))
        replay = await screen_is(pilot, ReplayScreen)
        said = await said_at_every_step(pilot, replay)
        assert said[-2:] == ["Badr doubles to 2.", "Ali passes. Badr wins on a pass: 1 point."]


async def test_a_replay_says_it_in_arabic() -> None:
    app = TawlaApp(lang="ar", settings=Settings(bidi_checked=True))
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(ReplayScreen(drop_story()))
        replay = await screen_is(pilot, ReplayScreen)
        said = await said_at_every_step(pilot, replay, forward="left")
        words = app.words
        assert said[-2] == words.t("replay.said.doubled", name="Badr", value=2)
        assert said[-1].startswith(words.t("replay.said.dropped", name="Ali"))
        await shows(pilot, shown(app, said[-1]))


async def test_the_replay_panel_has_the_cube_and_the_dice() -> None:
    """The cube's value and owner (or the value on offer), and the dice with those played struck
    through, as the game's panel has them (the replay's had neither)."""
    app = TawlaApp(lang="en", settings=Settings(bidi_checked=True))
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(ReplayScreen(cube_story()))
        replay = await screen_is(pilot, ReplayScreen)
        await shows(pilot, "Cube 1 · in the middle", "Dice –")
        await pilot.press("right")  # the opening roll: Ali plays the 6-5
        await at_frame(pilot, replay, 1)
        await shows(pilot, "Dice ⚅6 ⚄5")
        for frame in range(2, 6):  # two steps, the turn's end, Badr's double
            await pilot.press("right")
            await at_frame(pilot, replay, frame)
        assert replay.said() == "Badr doubles to 2."
        await shows(pilot, "Cube 1 → 2 · offered by Badr")
        await pilot.press("right")
        await wait_until(pilot, lambda: replay.said().startswith("Ali takes"), lambda: replay.said())
        await shows(pilot, "Cube 2 · Ali")


async def test_a_long_step_and_the_whole_hint_fit_at_80_columns() -> None:
    """What a step did may take two lines at 80 × 24 (long names, a resignation and its result):
    the hint under it is still whole, and the keys the footer spills to its second line."""
    source = cube_story()
    match = Match(names=("فاطمة الزهراء", "أحمد"), dice=ScriptedDice([]), events=source.events, start=source.start)
    app = TawlaApp(lang="ar", settings=Settings(bidi_checked=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(ReplayScreen(match))
        replay = await screen_is(pilot, ReplayScreen)
        await pilot.press("end")
        await at_frame(pilot, replay, 18)
        assert len(replay.said()) > 80  # (two lines)
        await shows(pilot, *(shown(app, line) for line in app.words.t("replay.hint").split("\n")))
