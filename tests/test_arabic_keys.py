"""Keys as the player reads them (#13): the help, the footer and the Arabic keyboard layout.

Every key is named as it is printed on the keyboard, in the player's language, with what the
other layout types on it; never by Textual's key names (``arabic_dammatan``, ``f1``, ``^p``).
"""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len
from textual.binding import Binding

from tawla.engine import legal_plays
from tawla.game import Match, Phase, RuleSet, ScriptedDice
from tawla.i18n import tr
from tawla.i18n.bidi import isolate_ltr, visual
from tawla.i18n.words import Words
from tawla.store.settings import Settings
from tawla.ui.app import TawlaApp
from tawla.ui.keys import ARABIC_LAYOUT, LIGATURES, both, key_label, key_name
from tawla.ui.screens.game import GameScreen
from tawla.ui.screens.help import HelpScreen
from tests.helpers.waiting import eventually, screen_is, screen_text, strips, wait_until
from tests.test_ui import reached, shows

LRI, PDI = "\u2066", "\u2069"
EN, AR = Words("en"), Words("ar")


def screen_lines(app: TawlaApp) -> list[str]:
    return [strip.text for strip in strips(app.screen)]


# -- names ---------------------------------------------------------------------------------------

NAMES = [
    # (Textual key, English label, Arabic label): in logical order
    ("space", "Space", "المسافة"),
    ("enter", "Enter", "Enter"),
    ("escape", "Esc", "Esc"),
    ("tab", "Tab", "Tab"),
    ("shift+tab", "Shift+Tab", f"{isolate_ltr('Shift+Tab')}"),
    ("backspace", "Backspace", "Backspace"),
    ("pagedown", "Page Down", "Page Down"),
    ("left", "←", "←"),
    ("ctrl+w", "Ctrl+W", f"{isolate_ltr('Ctrl+W')}"),
    ("f1", "F1", "F1"),
    ("colon", ":", ":"),
    ("right_square_bracket", "]", "]"),
    ("r", "r (ق)", "ق (r)"),
    ("ق", "r (ق)", "ق (r)"),
    ("b", "b (لا)", "لا (b)"),
    ("\ufefb", "b (لا)", "لا (b)"),  # lam-alef as one character
    ("R", "R (Shift+ق)", f"{isolate_ltr('Shift+ق')} (R)"),  # Shift+R types a dammatan, a mark
    ("arabic_dammatan", "R (Shift+ق)", f"{isolate_ltr('Shift+ق')} (R)"),
    ("question_mark", "? (؟)", "؟ (?)"),
    ("arabic_question_mark", "? (؟)", "؟ (?)"),
    ("slash", "/ (ظ)", "ظ (/)"),
    ("ظ", "/ (ظ)", "ظ (/)"),
    ("1", "1 (١)", "١ (1)"),
    ("١", "1 (١)", "١ (1)"),
]


@pytest.mark.parametrize(("key", "english", "arabic"), NAMES, ids=[n[0] for n in NAMES])
def test_a_key_is_named_as_printed_with_its_twin_on_the_other_layout(key: str, english: str, arabic: str) -> None:
    assert key_label(key, EN) == english
    assert key_label(key, AR) == arabic


def test_the_footer_names_keys_short() -> None:
    assert [key_label(k, EN, short=True) for k in ("enter", "backspace", "ctrl+p", "r", "ق", "R")] == [
        "⏎",
        "⌫",
        "^P",
        "r",
        "r",
        "R",
    ]
    assert key_label("r", AR, short=True) == "ق (r)"
    assert key_label("ctrl+p", AR, short=True) == f"{isolate_ltr('^P')}"  # (not P^ in an Arabic footer)
    assert key_label("R", AR, short=True) == "⇧ق (R)"  # («Shift+ق (R)» in the help, Shift as keyboards print it here)


def test_a_chord_reads_left_to_right_in_an_arabic_line() -> None:
    assert visual(key_name("ctrl+p", AR, short=True), rtl=True) == "^P"
    assert visual(key_label("R", AR), rtl=True) == "(R) Shift+ﻕ"


# -- the standard Arabic (101) PC layout -----------------------------------------------------------

# The layout, row by row from Q, A and Z, as Windows' "Arabic (101)" and X11's "ara" type it.
ARABIC_101 = dict(
    zip(
        "qwertyuiop[]asdfghjkl;'zxcvbnm,./",
        [*"ضصثقفغعهخحجدشسيبلاتنمكطئءؤر", "لا", *"ىةوزظ"],
        strict=True,
    )
)
ARABIC_101_SHIFTED = {"R": "\u064c", "H": "أ", "L": "/", "?": "؟", "G": "لأ", "B": "لآ", "T": "لإ"}
ARABIC_101_SHIFTED |= {"P": "؛", "E": "\u064f", "M": "’", "D": "]"}  # (semicolon, damma, quote, bracket)


def test_the_layout_map_is_the_arabic_101_layout() -> None:
    for key, arabic in ARABIC_LAYOUT.items():
        assert arabic == (ARABIC_101 | ARABIC_101_SHIFTED)[key], key
    assert ARABIC_LAYOUT["b"] == "لا" and ARABIC_LAYOUT["g"] == "ل"


@pytest.mark.parametrize("owner", [GameScreen, TawlaApp], ids=lambda c: c.__name__)
def test_every_bound_letter_is_in_the_layout_map(owner: type) -> None:
    """tawla binds no letter whose Arabic-layout twin it does not know."""
    for binding in owner.BINDINGS:
        assert isinstance(binding, Binding)
        for key in binding.key.split(","):
            if len(key) == 1 and key.isascii() and key.isalpha():
                assert key in ARABIC_LAYOUT, key


def test_b_binds_lam_alef_not_lam() -> None:
    keys = both("b").split(",")
    assert keys == ["b", "\ufefb"] and "ل" not in keys  # (ل is G)
    assert LIGATURES["لا"] == "\ufefb"


def money_doubled(beavers: bool = True) -> Match:
    """A money game where the second player has just doubled the first."""
    rules = RuleSet(match_length=0, beavers=beavers, raccoons=beavers)
    match = Match(rules, ("سامي", "Badr"), ScriptedDice([(6, 1), (5, 2), (4, 3)]))
    match.roll_opening()
    turn = match.state.turn
    assert turn is not None
    match.play(sorted(legal_plays(turn.start, turn.roll), key=str)[0])
    match.confirm()
    match.double()
    assert match.state.phase is Phase.DOUBLED
    return match


def arabic(match: Match | None = None) -> TawlaApp:
    dice = match.dice if match is not None else ScriptedDice([(6, 1)])
    return TawlaApp(lang="ar", dice=dice, match=match, settings=Settings(bidi_checked=True))


@pytest.mark.parametrize("typed", [("\ufefb",), ("ل", "ا")], ids=["one character", "two letters"])
async def test_b_on_the_arabic_layout_beavers_however_the_terminal_sends_lam_alef(typed: tuple[str, ...]) -> None:
    match = money_doubled()
    app = arabic(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await screen_is(pilot, GameScreen)
        await pilot.press(*typed)
        await reached(pilot, match, lambda s: s.phase is Phase.BEAVERED, "b beavered")
        await pilot.press(*typed)  # and again: the raccoon, which b does when it can
        await reached(pilot, match, lambda s: s.phase is Phase.RACCOONED, "b raccooned")


async def test_lam_then_alef_are_g_and_h_when_no_beaver_can_be_made() -> None:
    """G then H while moving: the lam does nothing, the alef moves the cursor left (h)."""
    match = Match(RuleSet(match_length=3), ("سامي", "Badr"), ScriptedDice([(6, 1)]))
    app = arabic(match)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("space")
        screen = await screen_is(pilot, GameScreen)
        await wait_until(pilot, lambda: screen.cursor is not None, "the opening roll, and a checker to move")
        assert screen.cursor is not None
        start = screen.cursor.at
        await pilot.press("right")
        await wait_until(pilot, lambda: screen.cursor is not None and screen.cursor.at != start, "Right moved")
        await pilot.press("ل", "ا")
        await wait_until(pilot, lambda: screen.cursor is not None and screen.cursor.at == start, "the alef: h, left")
        assert screen.cursor is not None and screen.cursor.at == start and screen.problem is None
        assert match.state.phase is Phase.MOVING


# -- the help --------------------------------------------------------------------------------------

INTERNAL = re.compile(r"arabic_|[a-z]+_[a-z]+|\b(f\d|esc|space|tab|enter|ctrl|shift)\b|\^[a-z]|\bq/|\s/\s/\s")
"""Textual's key names and the old separators («: / / / ظ»)."""


def latin_words(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z][A-Za-z]+", text))


def printed_labels() -> set[str]:
    """The key names Arabic keyboards print in Latin letters (the catalog's [keyname] table)."""
    from tawla.i18n import catalog

    return {w for key, value in catalog("ar").items() if key.startswith("keyname.") for w in latin_words(value)}


async def help_text(lang: str, size: tuple[int, int] = (120, 60)) -> tuple[str, list[str]]:
    app = TawlaApp(lang=lang, settings=Settings(bidi_checked=True))
    async with app.run_test(size=size) as pilot:
        await pilot.press("f1")
        await screen_is(pilot, HelpScreen)  # (its keys are written as it mounts: drawn once built)
        return screen_text(app), screen_lines(app)


@pytest.mark.parametrize("lang", ["en", "ar"])
async def test_the_help_names_no_key_by_its_textual_name(lang: str) -> None:
    text, _ = await help_text(lang)
    assert not INTERNAL.search(text), INTERNAL.search(text)
    assert "arabic" not in text.lower()


async def test_the_arabic_help_has_no_english_word_but_the_keys_printed_in_latin() -> None:
    text, _ = await help_text("ar")
    # Single Latin letters are the US keys beside their Arabic letter: «ق (r)».
    assert latin_words(text) <= printed_labels() | {"English"}, latin_words(text) - printed_labels()
    assert "English" in text  # (F2's label: the language it switches to, named in that language)


HELP_ROWS = {
    # (English row, Arabic row) in logical order: the keys, then what they do
    "key.primary": ("Enter or Space", "Enter أو المسافة"),
    "key.beaver": ("b (لا)", "لا (b)"),
    "key.resign": ("R (Shift+ق)", f"{isolate_ltr('Shift+ق')} (R)"),
    "key.notation": (": or / (ظ)", ": أو ظ (/)"),
    "key.die": (f"1–6 ({LRI}١–٦{PDI})", f"١–٦ ({isolate_ltr('1–6')})"),
    "key.menu": ("Ctrl+W", f"{isolate_ltr('Ctrl+W')}"),
    "key.help": ("F1 or ? (؟)", "F1 أو ؟ (?)"),
    "key.quit": ("Ctrl+Q or Ctrl+C", f"{isolate_ltr('Ctrl+Q')} أو {isolate_ltr('Ctrl+C')}"),
}


@pytest.mark.parametrize("lang", ["en", "ar"])
async def test_each_help_row_names_its_keys_as_the_status_line_does(lang: str) -> None:
    """Exact rows, as drawn: in Arabic the keys at the right edge, read from the right."""
    _, lines = await help_text(lang)
    for description, (english, arabic) in HELP_ROWS.items():
        keys, what = (english, tr("en", description)) if lang == "en" else (arabic, tr("ar", description))
        if lang == "en":
            assert any(re.search(rf"{re.escape(visual(keys, rtl=False))}\s+{re.escape(what)}", line) for line in lines)
        else:
            row = rf"{re.escape(visual(what, rtl=True))}\s+{re.escape(visual(keys, rtl=True))}\s*$"
            assert any(re.search(row, line) for line in lines), (description, visual(keys, rtl=True))


@pytest.mark.parametrize("lang", ["en", "ar"])
async def test_the_help_key_column_is_aligned(lang: str) -> None:
    """English: every key starts at one column; Arabic: every key ends at one column (the right)."""
    _, lines = await help_text(lang)
    rows = [line for line in lines[:-1] if re.search(r"\S\s{2,}\S", line.strip())]  # (not the footer)
    assert len(rows) > 20
    if lang == "en":
        starts = {len(line) - len(line.lstrip()) for line in rows}
        assert len(starts) == 1, starts
    else:
        ends = {cell_len(line.rstrip()) for line in rows}  # (in cells: harakat take none)
        assert len(ends) == 1, ends


async def test_the_footer_names_keys_as_the_help_does() -> None:
    app = arabic(Match(RuleSet(match_length=3), ("سامي", "Badr"), ScriptedDice([(6, 1)])))
    async with app.run_test(size=(120, 30)) as pilot:
        await screen_is(pilot, GameScreen)

        def arabic_footer() -> None:
            footer = screen_lines(app)[-1]
            assert "^P" in footer and "F1" in footer and "^p" not in footer and "f1" not in footer

        await eventually(pilot, arabic_footer)
        app.set_language("en")

        def english_footer() -> None:  # (once the game is built again in English)
            footer = screen_lines(app)[-1]
            assert "F1 Keys" in footer and "^W Menu" in footer and "⏎ Roll" in footer

        await eventually(pilot, english_footer)


# -- Textual's own words -----------------------------------------------------------------------------


def textual_texts() -> set[str]:
    """Every text of Textual's own that a player can meet in tawla: the descriptions of the
    bindings the footer shows (``show=True``) and their tooltips, in the widgets tawla uses."""
    from textual.app import App
    from textual.command import CommandInput, CommandList, CommandPalette
    from textual.containers import VerticalScroll
    from textual.screen import ModalScreen, Screen
    from textual.widgets import Button, Footer, Input, Label, OptionList, Select, Static, Switch
    from textual.widgets._select import SelectOverlay  # (the drop-down list: made by Select)

    classes = [App, Screen, ModalScreen, CommandPalette, CommandList, CommandInput, VerticalScroll, Button]
    classes += [Footer, Input, Label, OptionList, Select, SelectOverlay, Static, Switch]
    texts = {"No matches found", "palette", "Open the command palette"}  # (the palette's own: see below)
    for cls in classes:
        for binding in cls.BINDINGS:
            if isinstance(binding, tuple):
                binding = Binding(*binding)
            if binding.show and binding.description:
                texts.add(binding.description)
                if binding.tooltip:
                    texts.add(binding.tooltip)
    return texts


def test_every_textual_text_a_player_meets_is_in_both_catalogs() -> None:
    from tawla.i18n import catalog
    from tawla.ui.footer import describe, textual_key

    texts = textual_texts()
    assert "Dismiss menu" in texts and "Exit the command palette" in texts
    for text in texts:
        assert textual_key(text) in catalog("en") and textual_key(text) in catalog("ar"), text
        arabic = tr("ar", textual_key(text))
        assert not latin_words(arabic), (text, arabic)

    class Speaking:
        words = AR

    assert describe(Speaking(), "Dismiss menu") == visual(tr("ar", "textual.dismiss_menu"), rtl=True)


async def test_an_open_drop_down_says_how_to_close_it_in_arabic() -> None:
    from textual.widgets import Select

    from tawla.ui.screens.new_match import NewMatchScreen

    app = arabic()
    async with app.run_test(size=(100, 30)) as pilot:
        app.action_new_match()
        screen = await screen_is(pilot, NewMatchScreen)
        select = screen.query_one("#length", Select)
        select.focus()
        await wait_until(pilot, lambda: select.has_focus, "the match length has the focus")  # (Enter goes there)
        await pilot.press("enter")
        await wait_until(pilot, lambda: select.expanded, "Enter opened the drop-down")

        def footer_says_esc() -> None:  # (the footer's keys follow the focus, at a refresh)
            footer = screen_lines(app)[-1]
            assert visual(tr("ar", "textual.dismiss_menu"), rtl=True) in footer, footer
            assert not latin_words(footer) - {"Esc", "P"}, footer  # (Esc and ^P: printed on the keys)

        await eventually(pilot, footer_says_esc)


@pytest.mark.parametrize("lang", ["en", "ar"])
async def test_the_palette_says_no_command_matches_in_the_players_words(lang: str) -> None:
    from textual.command import CommandInput, CommandList, CommandPalette

    app = TawlaApp(lang=lang, settings=Settings(bidi_checked=True))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("ctrl+p")
        palette = await screen_is(pilot, CommandPalette)
        palette._NO_MATCHES_COUNTDOWN = 0.001  # type: ignore[misc]  # (Textual waits half a second to say it)
        search = palette.query_one(CommandInput)
        await wait_until(pilot, lambda: search.has_focus, "the palette's search has the focus")
        await pilot.press(*"zzqx")
        commands = palette.query_one(CommandList)
        await wait_until(
            pilot,
            lambda: any(option.id == CommandPalette._NO_MATCHES for option in commands.options),
            "the palette says it found nothing",
        )
        assert search.value == "zzqx"
        text = await shows(pilot, visual(tr(lang, "textual.no_matches_found"), rtl=lang == "ar"))  # (drawn after)
        assert "No matches found" not in text
        assert not INTERNAL.search(text)


async def test_the_arabic_palette_names_no_key_by_its_textual_name_and_speaks_arabic() -> None:
    """The palette's Latin letters are proper names (GNU Backgammon, XGID, the .mat format),
    English (the language it switches to, in its own name) and the keys printed in Latin."""
    app = arabic()
    from textual.command import CommandPalette

    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("ctrl+p")
        await screen_is(pilot, CommandPalette)
        text = await shows(pilot, visual(tr("ar", "command.new_match"), rtl=True))  # (the commands, once listed)
        assert not INTERNAL.search(text), INTERNAL.search(text)
        names = {"English", "GNU", "Backgammon", "XGID", "mat"}
        assert latin_words(text) <= names | printed_labels(), latin_words(text) - names - printed_labels()


def test_every_key_the_arabic_sentences_name_is_the_layouts() -> None:
    """«ق (r)», «لا (b)», «r أو ق»: the Arabic letter beside a US key is the one the standard
    Arabic layout types on it (the beaver's key read «ل (b)», which is G's)."""
    from tawla.i18n import catalog

    pairs = []
    for key, text in catalog("ar").items():
        pairs += [(key, m.group(1), m.group(2)) for m in re.finditer(r"(\S+) \(([a-zA-Z])\)", text)]
        pairs += [(key, m.group(2), m.group(1)) for m in re.finditer(r"\b([a-zA-Z]) أو ([^\s:،.]+)", text)]
    assert len(pairs) > 10
    for key, arabic, latin in pairs:
        if arabic.isascii():
            continue  # («n أو Esc»: two keys, no twin)
        assert arabic.removeprefix("و") == ARABIC_LAYOUT[latin], (key, arabic, latin)
    assert ("status.doubled_beaver", "لا", "b") in pairs
