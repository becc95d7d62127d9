"""The ``tawla`` command: the game, and ``tawla moves`` for analysis.

Exit status: 0 on success, 2 for bad input (options, IDs, dice), as argparse does.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import NoReturn, TextIO

from tawla import __version__
from tawla.engine import IdError, Position, legal_plays, position_from_id, position_id
from tawla.engine.notation import format_play
from tawla.i18n import LANGUAGES, choose_language, plain
from tawla.i18n import tr as _tr

_DIGITS = str.maketrans("٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹", "0123456789" * 2)
_ROLL = re.compile(r"^([1-6])[-,/]?([1-6])$")


def tr(lang: str, key: str, /, **params: object) -> str:
    """A catalog text for the command line: plain, without bidi isolates (a terminal that
    orders Arabic itself does well enough without them, and one that does not would show them)."""
    return plain(_tr(lang, key, **params))


class InputError(ValueError):
    """Bad input on the command line or in a batch line; the message is for the player."""


def parse_roll(text: str, lang: str) -> tuple[int, int]:
    """``31``, ``3-1``, ``3,1`` (also with Arabic-Indic digits) → (3, 1)."""
    m = _ROLL.match(text.strip().translate(_DIGITS))
    if not m:
        raise InputError(tr(lang, "cli.error.dice", dice=text))
    return int(m.group(1)), int(m.group(2))


def _position(text: str, lang: str) -> Position:
    try:
        return position_from_id(text)
    except IdError as exc:
        from tawla.i18n.messages import id_error_text  # (it brings the game's rules: not at every start)

        raise InputError(tr(lang, "cli.error.position_id", id=text, problem=id_error_text(lang, exc))) from None


def moves_lines(pid: str, roll_text: str, lang: str) -> list[str]:
    """Lines ``move<TAB>resulting Position ID`` (mover's view), or ``pass<TAB>same ID``."""
    position = _position(pid, lang)
    roll = parse_roll(roll_text, lang)
    return [f"{format_play(p)}\t{position_id(p.result)}" for p in legal_plays(position, roll)]


def moves_record(line: str, lang: str) -> dict[str, object]:
    """The JSON object for one batch line."""
    fields = line.split()
    try:
        if len(fields) != 2:
            raise InputError(tr(lang, "cli.error.batch_line"))
        position = _position(fields[0], lang)
        roll = parse_roll(fields[1], lang)
    except InputError as exc:
        return {"input": line.strip(), "error": str(exc)}
    plays = legal_plays(position, roll)
    return {
        "position": position_id(position),
        "dice": list(roll),
        "plays": [{"move": format_play(p), "result": position_id(p.result)} for p in plays if not p.is_pass],
    }


def run_batch(lines: Iterable[str], out: TextIO, lang: str) -> None:
    """Answer every non-empty line; bad lines get an ``{"error": ...}`` object."""
    for line in lines:
        if line.strip():
            out.write(json.dumps(moves_record(line, lang), ensure_ascii=False))
            out.write("\n")


def _prescan_lang(argv: Sequence[str]) -> str | None:
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None


# argparse's own messages (Python 3.11), worded from the catalogs: key, pattern.
_ARGPARSE_ERRORS = (
    ("cli.error.unrecognized", re.compile(r"^unrecognized arguments: (?P<args>.*)$")),
    (
        "cli.error.invalid_choice",
        re.compile(r"^argument (?P<argument>\S+): invalid choice: (?P<value>.*) \(choose from (?P<choices>.*)\)$"),
    ),
    ("cli.error.invalid_value", re.compile(r"^argument (?P<argument>\S+): invalid \w+ value: (?P<value>.*)$")),
    ("cli.error.expected_one", re.compile(r"^argument (?P<argument>\S+): expected one argument$")),
    ("cli.error.required", re.compile(r"^the following arguments are required: (?P<args>.*)$")),
    ("cli.error.argument", re.compile(r"^argument (?P<argument>\S+): (?P<message>.*)$")),  # (our own types' words)
)


class _Formatter(argparse.HelpFormatter):
    """argparse's layout, with "usage:" in the player's language."""

    lang = "en"

    def add_usage(self, usage, actions, groups, prefix=None):  # type: ignore[no-untyped-def]
        if prefix is None:  # (argparse passes "" when it builds a sub-command's name)
            prefix = tr(self.lang, "cli.usage")
        return super().add_usage(usage, actions, groups, prefix)


class Parser(argparse.ArgumentParser):
    """An ArgumentParser that speaks the player's language, argparse's own messages included."""

    def __init__(self, lang: str, **kwargs: object) -> None:
        formatter = type("Formatter", (_Formatter,), {"lang": lang})
        super().__init__(formatter_class=formatter, add_help=False, **kwargs)  # type: ignore[arg-type]
        self.lang = lang
        self._positionals.title = tr(lang, "cli.commands")
        self._optionals.title = tr(lang, "cli.options")
        self.add_argument("-h", "--help", action="help", help=tr(lang, "cli.help.help"))

    def error(self, message: str) -> NoReturn:
        for key, pattern in _ARGPARSE_ERRORS:
            found = pattern.match(message)
            if found:
                message = tr(self.lang, key, **found.groupdict())
                break
        self.print_usage(sys.stderr)
        self.exit(2, tr(self.lang, "cli.error.prefix") + message + "\n")


def seed_type(lang: str) -> Callable[[str], int]:
    """argparse's type for ``--seed``: exactly the seeds a saved match holds."""
    from tawla.game.dice import SEED_LIMIT

    def seed(text: str) -> int:
        try:
            value = int(text.strip().translate(_DIGITS))
        except ValueError:
            value = None
        if value is None or abs(value) > SEED_LIMIT:
            raise argparse.ArgumentTypeError(tr(lang, "cli.error.seed", value=text))
        return value

    return seed


def build_parser(lang: str) -> argparse.ArgumentParser:
    """The argument parser, with help texts in ``lang``."""
    parser = Parser(
        lang,
        prog="tawla",
        description=tr(lang, "cli.description"),
        epilog=tr(lang, "cli.epilog"),
    )
    parser.add_argument("--seed", type=seed_type(lang), metavar="N", help=tr(lang, "cli.help.seed"))
    parser.add_argument("--dice", choices=("random", "manual"), default="random", help=tr(lang, "cli.help.dice"))
    parser.add_argument("--lang", choices=LANGUAGES, help=tr(lang, "cli.help.lang"))
    parser.add_argument("--resume", action="store_true", help=tr(lang, "cli.help.resume"))
    parser.add_argument(
        "--version", action="version", version=f"tawla {__version__}", help=tr(lang, "cli.help.version")
    )
    commands = parser.add_subparsers(dest="command", metavar="{moves}")
    moves = commands.add_parser(
        "moves", help=tr(lang, "cli.help.moves"), description=tr(lang, "cli.help.moves"), lang=lang
    )
    moves.add_argument("position_id", nargs="?", metavar="POSITION_ID", help=tr(lang, "cli.help.position_id"))
    moves.add_argument("roll", nargs="?", metavar="DICE", help=tr(lang, "cli.help.roll"))
    moves.add_argument("--batch", action="store_true", help=tr(lang, "cli.help.batch"))
    return parser


def _fail(lang: str, message: str) -> int:
    sys.stderr.write(tr(lang, "cli.error.prefix") + message + "\n")
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``tawla`` console script."""
    argv = list(sys.argv[1:] if argv is None else argv)
    lang = choose_language(_prescan_lang(argv))
    args = build_parser(lang).parse_args(argv)
    if args.command == "moves":
        if args.batch:
            if args.position_id is not None:
                return _fail(lang, tr(lang, "cli.error.missing"))
            run_batch(sys.stdin, sys.stdout, lang)
            return 0
        if args.position_id is None or args.roll is None:
            return _fail(lang, tr(lang, "cli.error.missing"))
        try:
            lines = moves_lines(args.position_id, args.roll, lang)
        except InputError as exc:
            return _fail(lang, str(exc))
        sys.stdout.write("".join(line + "\n" for line in lines))
        return 0
    return run_game(args, lang)


def run_game(args: argparse.Namespace, lang: str) -> int:
    """Start the Textual game. Exit status: 0, 2 without a terminal, 70 after an error that
    stopped the game (the match saved, a crash report written: see ``TawlaApp``)."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return _fail(lang, tr(lang, "cli.error.not_a_terminal"))
    from tawla.game import DiceSource, FairDice, ManualDice, SeededDice
    from tawla.store.files import default_paths
    from tawla.ui.app import TawlaApp, terminal_bidi_sequence

    dice: DiceSource
    if args.dice == "manual":
        dice = ManualDice()
    elif args.seed is not None:
        dice = SeededDice(args.seed)
    else:
        dice = FairDice()
    app = TawlaApp(lang=args.lang, dice=dice, paths=default_paths(), resume=args.resume)
    try:
        app.run()
    finally:
        # Leave the terminal ordering text itself again, as it was before.
        sys.stdout.write(terminal_bidi_sequence(False))
        sys.stdout.flush()
    return app.return_code or 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
