"""The ``tawla`` command line, run as a player or a script would run it."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import gnubg_nn
import pytest

from tawla.engine import Position, position_id

from .helpers.oracle import gnubg_board
from .helpers.positions import random_position, random_roll


def tawla_command() -> list[str]:
    """The installed console script beside this interpreter, else ``python -m tawla``."""
    script = Path(sys.executable).with_name("tawla")
    return [str(script)] if script.exists() else [sys.executable, "-m", "tawla"]


def run(*args: str, stdin: str = "", env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*tawla_command(), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", **(env or {})},
    )


def test_moves_lists_every_play_with_the_movers_result_id() -> None:
    done = run("moves", "4HPwATDgc/ABMA", "31")
    assert done.returncode == 0 and done.stderr == ""
    lines = done.stdout.splitlines()
    assert len(lines) == 16
    assert "13/10 24/23\t4HPwATDgc+IBKA" in lines and "8/5 6/5\t4HPwATCwZ/ABMA" in lines
    start = gnubg_nn.board_from_position_id("4HPwATDgc/ABMA")
    expected = {gnubg_nn.key_of_board(gnubg_nn.board_from_position_key(k)) for k in gnubg_nn.moves(start, 3, 1)}
    got = {gnubg_nn.key_of_board(gnubg_nn.board_from_position_id(line.split("\t")[1])) for line in lines}
    assert got == expected  # the mover keeps its index, as gnubg_nn.moves does


def test_moves_pass_prints_the_unchanged_id() -> None:
    pos = Position.from_counts({25: 1, 6: 14}, {p: 2 for p in range(1, 7)})  # the bar against a closed board
    closed = position_id(pos)
    done = run("moves", closed, "6-6")
    assert (done.returncode, done.stdout) == (0, f"pass\t{closed}\n")


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("moves", "4HPwATDgc/ABM", "31"), "14 characters"),
        (("moves", "4HPwATDgc/ABMA", "71"), "bad roll '71'"),
        (("moves", "4HPwATDgc/ABMA", "3"), "bad roll '3'"),
        (("moves", "4P8fAADA/w8AAA", "31"), "16 checkers"),
        (("moves", "4HPwATDgc/ABMA"), "Position ID and a roll"),
        (("--bogus",), "unrecognized arguments"),
        (("--dice", "loaded"), "invalid choice"),
    ],
)
def test_bad_input_is_one_clear_line_and_status_2(args: tuple[str, ...], needle: str) -> None:
    done = run(*args, env={"COLUMNS": "80"})
    assert done.returncode == 2
    assert done.stdout == ""
    assert needle in done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and done.stderr.endswith("\n")  # (one line: argparse's usage is --help's)


def test_shared_point_is_reported() -> None:
    from .test_ids import _id_from_bits, _side

    done = run("moves", _id_from_bits(_side({6: 15}) + _side({19: 1})), "31")
    assert done.returncode == 2 and "both sides have checkers on point 19" in done.stderr


def test_errors_speak_arabic_when_asked() -> None:
    done = run("--lang", "ar", "moves", "xyz", "31")
    assert done.returncode == 2 and "معرّف وضعية غير صالح" in done.stderr
    done = run("moves", "xyz", "31", env={"LANG": "ar_EG.UTF-8"})
    assert "معرّف وضعية غير صالح" in done.stderr


def test_help_lists_the_options() -> None:
    done = run("--help")
    assert done.returncode == 0
    for option in ("--seed", "--dice", "--lang", "--version", "moves"):
        assert option in done.stdout
    moves_help = run("moves", "--help").stdout
    assert "--batch" in moves_help and "POSITION" in moves_help


def test_batch_answers_ten_thousand_lines_in_one_process() -> None:
    """Ten thousand lines, every answer checked with GNU Backgammon. Every tenth position is of
    any kind (open, bar, closed, bear-offs, race: plays by the hundred); the others have few
    plays (bear-offs, a closed board, the bar), so the long run costs seconds, not a minute."""
    rng = random.Random(7)
    kinds = (None, *["bearoff", "closed", "bar"] * 3)
    positions = [random_position(rng, kinds[i % 10]) for i in range(10_000)]
    rolls = [random_roll(rng) for _ in positions]
    lines = [f"{position_id(p)} {d1}{d2}" for p, (d1, d2) in zip(positions, rolls, strict=True)]
    bad = {
        17: ("garbage 31", "14 characters"),
        42: ("4HPwATDgc/ABMA 70", "bad roll"),
        9_998: ("4HPwATDgc/ABMA 31 2", "POSITION DICE"),
    }
    for i, (line, _) in bad.items():
        lines[i] = line
    done = run("moves", "--batch", stdin="\n".join(lines) + "\n")
    assert done.returncode == 0, done.stderr
    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(out) == 10_000
    for i, (record, pos, roll) in enumerate(zip(out, positions, rolls, strict=True)):
        if i in bad:
            assert "error" in record and bad[i][1] in record["error"], (i, record)
            continue
        assert record["position"] == position_id(pos) and record["dice"] == list(roll), i
        got = {gnubg_nn.key_of_board(gnubg_nn.board_from_position_id(p["result"])) for p in record["plays"]}
        assert got == set(gnubg_nn.moves(gnubg_board(pos), *roll)), (i, lines[i])


def test_version() -> None:
    done = run("--version")
    assert done.returncode == 0 and done.stdout.startswith("tawla ")


USAGE = {
    "en": (
        "usage: tawla [-h] [--seed N] [--dice {random,manual}] [--lang {en,ar}]\n"
        "             [--resume] [--version]\n"
        "             {moves,hint,analyse,book,serve} ...\n"
    ),
    "ar": (
        "الاستعمال: tawla [-h] [--seed N] [--dice {random,manual}] [--lang {en,ar}]\n"
        "                 [--resume] [--version]\n"
        "                 {moves,hint,analyse,book,serve} ...\n"
    ),
}


@pytest.mark.parametrize(
    ("args", "lang", "last_line"),
    [
        (("--bogus",), "en", "tawla: error: unrecognized arguments: --bogus"),
        (("--lang", "ar", "--bogus"), "ar", "tawla: خطأ: وسائط غير معروفة: --bogus"),
        (("--dice", "loaded"), "en", "tawla: error: --dice: invalid choice 'loaded' (choose from 'random', 'manual')"),
        (
            ("--lang", "ar", "--dice", "loaded"),
            "ar",
            "tawla: خطأ: --dice: الاختيار «loaded» غير صالح، والمتاح: random أو manual",
        ),
        (("--seed",), "en", "tawla: error: --seed: expects a value"),
        (("--lang", "ar", "--seed"), "ar", "tawla: خطأ: --seed: يتطلب قيمة"),
        (("--resume=yes",), "en", "tawla: error: --resume: takes no value, but was given 'yes'"),
        (("--lang", "ar", "--resume=yes"), "ar", "tawla: خطأ: --resume: لا يأخذ قيمة، وقد أُعطي «yes»"),
    ],
)  # fmt: skip
def test_argparse_errors_in_the_players_language(args: tuple[str, ...], lang: str, last_line: str) -> None:
    """argparse's own messages (unknown option, bad choice, missing value) come from the catalogs,
    through gettext; plain text, no bidi isolates."""
    done = run(*args, env={"COLUMNS": "80"})
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == last_line + SEE_HELP[lang] + "\n"  # (one line, no usage before it: #21)


SEE_HELP = {"en": "; see tawla --help", "ar": "؛ التفاصيل في tawla --help"}
"""What ends the line of an error argparse finds: where the help is."""


def test_argparse_speaks_arabic_by_the_locale_too() -> None:
    done = run("--dice", "loaded", env={"LANG": "ar_SA.UTF-8", "COLUMNS": "80"})
    assert done.stderr.startswith("tawla: خطأ: --dice: الاختيار «loaded» غير صالح")
    assert done.stderr.endswith(SEE_HELP["ar"] + "\n") and done.stderr.count("\n") == 1


def test_an_error_in_a_command_names_the_command_and_its_help() -> None:
    done = run("book", "--period", "year")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        "tawla book: error: --period: invalid choice 'year' (choose from 'week', 'month', 'all');"
        " see tawla book --help\n"
    )


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            "usage: tawla moves [-h] [--batch] [--game {backgammon,plakoto,fevga}]\n"
            "                   [--mother {double,single,none}] [--first {pass,quarter}]\n"
            "                   [POSITION] [DICE]\n"
            "\n"
            "list the legal plays of a position and a roll\n"
            "\n"
            "arguments:\n"
            "  POSITION              a GNU Backgammon Position ID, e.g. 4HPwATDgc/ABMA;\n"
            "                        with --game plakoto or fevga, a position text (see\n"
            "                        --game)\n"
            "  DICE                  the roll, e.g. 31 or 3-1\n"
            "\n"
            "options:\n"
            "  -h, --help            show this help and exit\n"
            "  --batch               read lines 'POSITION DICE' from standard input and\n"
            "                        write one JSON object per line\n"
            "  --game {backgammon,plakoto,fevga}\n"
            "                        the game: backgammon (the default), plakoto or fevga.\n"
            "                        Their positions are written from the player on roll:\n"
            "                        24 fields for its points 1 to 24 (n its checkers, -n\n"
            "                        the opponent's, 0 none; in Plakoto np or -np: n on top\n"
            "                        pinning one of the other side), ';', then the two\n"
            "                        borne-off counts. Plakoto's start: -15,0,...,0,15;0,0\n"
            "  --mother {double,single,none}\n"
            "                        Plakoto's mother-checker rule: double (default),\n"
            "                        single or none\n"
            "  --first {pass,quarter}\n"
            "                        Fevga's first checker must pass the opponent's start\n"
            "                        (pass, default) or reach its quarter (quarter)\n",
        ),
        (
            "ar",
            "الاستعمال: tawla moves [-h] [--batch] [--game {backgammon,plakoto,fevga}]\n"
            "                       [--mother {double,single,none}]\n"
            "                       [--first {pass,quarter}]\n"
            "                       [POSITION] [DICE]\n"
            "\n"
            "عرض النقلات القانونية لوضعية ورمية\n"
            "\n"
            "الوسائط:\n"
            "  POSITION              معرّف وضعية من GNU Backgammon، مثل 4HPwATDgc/ABMA؛ ومع\n"
            "                        --game plakoto أو fevga نصّ وضعية (التفاصيل في --game)\n"
            "  DICE                  الرمية، مثل 31 أو 3-1\n"
            "\n"
            "الخيارات:\n"
            "  -h, --help            عرض هذه المساعدة والخروج\n"
            "  --batch               قراءة أسطر بالشكل POSITION DICE من الدخل القياسي\n"
            "                        وكتابة كائن JSON لكل سطر\n"
            "  --game {backgammon,plakoto,fevga}\n"
            "                        اللعبة: backgammon (الافتراضية) أو plakoto أو fevga.\n"
            "                        وضعيتاهما تُكتبان من جهة صاحب الدور: أربعة وعشرون\n"
            "                        حقلاً لنقاطه من 1 إلى 24 (3 لثلاثة من أحجاره، و-3\n"
            "                        لثلاثة من أحجار خصمه، و0 للخالية؛ وفي Plakoto 2p أو\n"
            "                        -2p لحجرين فوق حجر محبوس للطرف الآخر)، ثم ؛ ثم عددا\n"
            "                        الأحجار الخارجة. بداية Plakoto: -15,0,...,0,15;0,0\n"
            "  --mother {double,single,none}\n"
            "                        قاعدة الحجر الأم في Plakoto: double (الافتراضية) أو\n"
            "                        single أو none\n"
            "  --first {pass,quarter}\n"
            "                        الحجر الأول في Fevga: يتجاوز خانة بداية الخصم (pass،\n"
            "                        الافتراضية) أو يبلغ ربعها (quarter)\n",
        ),
    ],
)
def test_the_help_of_moves_in_the_players_language(lang: str, expected: str) -> None:
    done = run("--lang", lang, "moves", "--help", env={"COLUMNS": "80"})
    assert (done.returncode, done.stdout, done.stderr) == (0, expected, "")


@pytest.mark.parametrize(
    ("lang", "headings", "help_line"),
    [
        ("en", ["commands:", "options:"], "  -h, --help            show this help and exit"),
        ("ar", ["الأوامر:", "الخيارات:"], "  -h, --help            عرض هذه المساعدة والخروج"),
    ],
)
def test_the_headings_of_the_help_in_the_players_language(lang: str, headings: list[str], help_line: str) -> None:
    done = run("--lang", lang, "--help", env={"COLUMNS": "80"})
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.startswith(USAGE[lang] + "\n")
    assert [line for line in done.stdout.splitlines() if line.endswith(":") and not line.startswith(" ")] == headings
    assert help_line in done.stdout.splitlines()
    assert "\u2066" not in done.stdout and "\u2068" not in done.stdout  # plain text on the command line


HELP_AR = (
    USAGE["ar"] + "\n"
    "الطاولة وبلاكوتو وفيفغا في الطرفية: للاعبين اثنين على لوحة مفاتيح واحدة، أو\n"
    "للاعب أمام الحاسوب.\n"
    "\n"
    "الأوامر:\n"
    "  moves                 عرض النقلات القانونية لوضعية ورمية\n"
    "  hint                  عرض النقلات القانونية لوضعية ورمية مع قيمة كل نقلة\n"
    "                        (equity)، الأفضل أولاً\n"
    "  analyse               مدى إجادة كل لاعب في مباراة: الخسارة والأخطاء وأسوأ\n"
    "                        لحظة\n"
    "  book                  دفتر اللاعبين: أرقام كل لاعب وكل ثنائي، وجهاً لوجه\n"
    "  serve                 اللعب في متصفح الويب: تقديم اللعبة من هذا الجهاز\n"
    "                        (يتطلب إضافة web)\n"
    "\n"
    "الخيارات:\n"
    "  -h, --help            عرض هذه المساعدة والخروج\n"
    "  --seed N              زهر ببذرة ثابتة N لتكرار اللعبة نفسها، وهي عدد صحيح من\n"
    "                        -2^63 إلى 2^63 (ما تتسع له المباراة المحفوظة)\n"
    "  --dice {random,manual}\n"
    "                        مصدر الزهر: random عشوائي وهو الافتراضي، أو manual\n"
    "                        لكتابة زهر حقيقي\n"
    "  --lang {en,ar}        لغة اللعبة: en أو ar\n"
    "  --resume              متابعة آخر مباراة لُعبت ولم تنتهِ\n"
    "  --version             عرض رقم الإصدار والخروج\n"
    "\n"
    "بلا أمر تبدأ اللعبة. وكل أمر يشرح نفسه: tawla moves --help وtawla hint --help\n"
    "وtawla analyse --help وtawla book --help.\n"
)


def test_the_arabic_help_says_everything_in_arabic() -> None:
    """The whole help, word for word: verbal nouns (no «اعرض … واخرج» spoken to a man), and the
    commands each on its line, without argparse's «{moves,hint,analyse,book}» above them."""
    done = run("--lang", "ar", "--help", env={"COLUMNS": "80"})
    assert (done.returncode, done.stdout, done.stderr) == (0, HELP_AR, "")
    english = run("--help", env={"COLUMNS": "80"}).stdout
    assert "commands:\n  moves " in english and "  {moves,hint,analyse,book,serve}\n" not in english


@pytest.mark.parametrize(
    ("args", "last_line"),
    [
        (("--dice", "loaded"), "tawla: خطأ: --dice: الاختيار «loaded» غير صالح، والمتاح: random أو manual"),
        (("--lang", "fr"), "tawla: خطأ: --lang: الاختيار «fr» غير صالح، والمتاح: en أو ar"),
        (("play",), "tawla: خطأ: لا أمر باسم «play»، والمتاح: moves أو hint أو analyse أو book أو serve"),
    ],
)
def test_a_bad_choice_is_said_with_the_choices_in_arabic(args: tuple[str, ...], last_line: str) -> None:
    """No argparse internals in Arabic: neither the command's metavar («{moves,hint,analyse,book}: …») nor the
    choices' Python ``repr`` (``'random', 'manual'``)."""
    done = run("--lang", "ar", *args, env={"COLUMNS": "80"})
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == last_line + "؛ التفاصيل في tawla --help\n"  # (one line, #21: no usage above it)


def test_a_bad_book_choice_is_said_in_arabic() -> None:
    done = run("book", "--lang", "ar", "--period", "year", env={"COLUMNS": "80"})
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1] == (
        "tawla book: خطأ: --period: الاختيار «year» غير صالح، والمتاح: week أو month أو all"
        "؛ التفاصيل في tawla book --help"
    )


def test_an_unknown_command_is_said_in_english_too() -> None:
    done = run("play", env={"COLUMNS": "80"})
    assert done.stderr == (
        "tawla: error: unknown command 'play' (choose from 'moves', 'hint', 'analyse', 'book', 'serve');"
        " see tawla --help\n"
    )


def test_every_translated_argparse_message_is_one_argparse_asks_for() -> None:
    """The msgids are argparse's own strings, as the running Python words them: a rewording
    upstream shows here (it would fall back to English), not in front of a player."""
    import argparse
    import ast
    import re

    from tawla.cli.parser import _ARGPARSE_MESSAGES, ArgparseTranslations
    from tawla.i18n import catalog

    source = ast.parse(Path(argparse.__file__).read_text(encoding="utf-8"))
    asked = {
        a.value
        for node in ast.walk(source)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("_", "ngettext")
        for a in node.args
        if isinstance(a, ast.Constant) and isinstance(a.value, str)
    }
    assert set(_ARGPARSE_MESSAGES) <= asked
    named, bare = re.compile(r"%\((\w+)\)[sr]"), re.compile(r"%[sr]")
    for lang in ("en", "ar"):
        translations = ArgparseTranslations(lang)
        for msgid, (key, _) in _ARGPARSE_MESSAGES.items():
            assert key in catalog(lang)
            translated = translations.gettext(msgid)
            assert lang == "en" or translated != msgid, msgid
            # argparse fills the text in with its own values: its placeholders, no stray "%"
            assert set(named.findall(translated)) <= set(named.findall(msgid)), (lang, msgid)
            assert len(bare.findall(translated)) == len(bare.findall(msgid)), (lang, msgid)
            values: object = "v" if bare.search(msgid) else dict.fromkeys(named.findall(msgid), "v")
            assert "%" not in translated % values, (lang, msgid)
        assert translations.gettext("a message argparse may add later") == "a message argparse may add later"


def test_argparse_speaks_english_again_for_anyone_else() -> None:
    """The translation is bound to argparse's names only while tawla's parser works."""
    import argparse
    import gettext

    from tawla.cli.parser import build_parser

    with pytest.raises(SystemExit):
        build_parser("ar").parse_args(["--bogus"])
    assert argparse.__dict__["_"] is gettext.gettext
    assert argparse.__dict__["ngettext"] is gettext.ngettext
    assert argparse.ArgumentParser(prog="other").format_usage() == "usage: other [-h]\n"


@pytest.mark.parametrize(("lang", "words"), [("en", "needs a terminal"), ("ar", "تحتاج اللعبة إلى طرفية")])
def test_without_a_terminal_the_game_says_so_and_exits_2(lang: str, words: str, tmp_path: Path) -> None:
    """``echo | tawla`` (and with its output redirected too): no menu that ignores every key."""
    done = run("--lang", lang, stdin="\n", env={"TAWLA_HOME": str(tmp_path)})
    assert done.returncode == 2 and words in done.stderr and done.stdout == ""
    assert not (tmp_path / "data").exists()  # nothing started
    piped = run("--lang", lang, "moves", "4HPwATDgc/ABMA", "31")  # the analysis tool still works in pipes
    assert piped.returncode == 0 and "24/21 24/23" in piped.stdout


@pytest.mark.parametrize("seed", ["9223372036854775808", "-9223372036854775808", "0", "٤٢"])
def test_the_command_line_accepts_every_seed_a_save_holds(seed: str) -> None:
    from tawla.cli.parser import build_parser
    from tawla.game import Match, RuleSet, SeededDice
    from tawla.store import saves

    value = build_parser("en").parse_args(["--seed", seed]).seed
    match = Match(RuleSet(match_length=3), ("Ali", "Badr"), SeededDice(value))
    match.roll_opening()
    saved = saves.from_json(json.loads(saves.dumps(saves.SavedMatch(match, saves.new_id(), saves.now()))))
    assert isinstance(saved.match.dice, SeededDice) and saved.match.dice.seed == value
    assert saved.match.events == match.events


@pytest.mark.parametrize(
    ("seed", "lang", "words"),
    [
        ("9223372036854775809", "en", "is not a seed: write a whole number from -2^63 to 2^63"),
        ("-9223372036854775809", "en", "is not a seed"),
        ("100000000000000000000000000000", "ar", "ليست بذرة"),
        ("seven", "en", "is not a seed"),
    ],
)
def test_a_seed_no_save_could_hold_is_refused(seed: str, lang: str, words: str) -> None:
    done = run(f"--seed={seed}", "--lang", lang)
    assert done.returncode == 2 and words in done.stderr and "--seed" in done.stderr
    assert "Traceback" not in done.stderr and "argument --seed" not in done.stderr


PLAKOTO_START = "-15" + ",0" * 22 + ",15;0,0"
FEVGA_START = "0," * 11 + "-15" + ",0" * 11 + ",15;0,0"


def test_moves_of_plakoto_from_its_start_in_its_own_position_text() -> None:
    # The text begins with "-": it is the position, not an option.
    done = run("moves", "--game", "plakoto", PLAKOTO_START, "31")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "24/21 24/23\t-15" + ",0" * 19 + ",1,0,1,13;0,0",
        "24/20\t-15" + ",0" * 18 + ",1,0,0,0,14;0,0",
    ]


def test_moves_of_fevga_opening_six_six_plays_one_checker_six() -> None:
    done = run("moves", "--game", "fevga", FEVGA_START, "66")
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == "24/18\t" + "0," * 11 + "-15" + ",0" * 5 + ",1" + ",0" * 5 + ",14;0,0\n"


def test_moves_writes_a_pin_and_reads_one() -> None:
    lone = "-14" + ",0" * 18 + ",-1,0,0,0,15;0,0"
    done = run("moves", "--game", "plakoto", lone, "41")
    assert done.stdout.splitlines()[0] == "24/20* 24/23\t-14" + ",0" * 18 + ",1p,0,0,1,13;0,0"
    # Read back, the pinner may be joined (20/19 would free the pinned checker again).
    pinned = done.stdout.splitlines()[0].split("\t")[1]
    again = run("moves", "--game", "plakoto", pinned, "33")
    assert again.returncode == 0
    assert "24/21(3) 23/20\t-14" + ",0" * 18 + ",2p,3,0,0,10;0,0" in again.stdout.splitlines()


def test_moves_of_the_other_games_in_batch_one_json_line_each() -> None:
    pinned = "-14" + ",0" * 18 + ",1p,0,0,1,13;0,0"
    lines = f"{pinned} 66\n{FEVGA_START} 66\nnonsense 31\n"
    done = run("moves", "--game", "fevga", "--batch", stdin=lines)
    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 0
    assert out[0]["error"].endswith("point 20: only Plakoto pins")
    assert out[1] == {
        "position": FEVGA_START,
        "dice": [6, 6],
        "plays": [{"move": "24/18", "result": "0," * 11 + "-15" + ",0" * 5 + ",1" + ",0" * 5 + ",14;0,0"}],
    }
    assert "error" in out[2]


@pytest.mark.parametrize(
    ("text", "en", "ar"),
    [
        ("1,2,3;0,0", "24 points are needed, not 3", "لا 3"),
        (PLAKOTO_START.replace(";0,0", ""), "no ';'", "لا توجد ؛"),
        (PLAKOTO_START.replace("15;", "14;"), "each side has fifteen checkers", "خمسة عشر حجراً"),
        (FEVGA_START.replace("-15", "-14p"), "only Plakoto pins", "الحبس في بلاكوتو وحدها"),
        (PLAKOTO_START.replace(",15;", ",x;"), "point 24: 'x' is not a count", "الخانة 24"),
    ],
)
def test_a_bad_position_text_is_one_line_in_the_players_language_and_status_2(text: str, en: str, ar: str) -> None:
    game = "fevga" if "-14p" in text else "plakoto"
    for lang, words in (("en", en), ("ar", ar)):
        done = run("--lang", lang, "moves", "--game", game, text, "31")
        assert done.returncode == 2 and done.stdout == ""
        assert len(done.stderr.splitlines()) == 1 and words in done.stderr, done.stderr


def test_numpys_arithmetic_runs_on_one_thread_unless_the_player_said_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    from tawla.cli import ONE_THREAD, main

    for name in ONE_THREAD:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("OMP_NUM_THREADS", "3")
    assert main(["moves", "4HPwATDgc/ABMA", "31"]) == 0
    assert os.environ["OPENBLAS_NUM_THREADS"] == "1" and os.environ["MKL_NUM_THREADS"] == "1"
    assert os.environ["OMP_NUM_THREADS"] == "3"
