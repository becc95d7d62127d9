"""The ``tawla`` command's arguments, parsed in the player's language: :func:`build_parser` (the
options and the commands, their help from the catalogs), argparse's own messages translated from
the catalogs (:class:`ArgparseTranslations`), and the ``--lang`` read before the parser is built.
"""

from __future__ import annotations

import argparse
import gettext
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, NoReturn

from tawla import __version__
from tawla.cli.input import DIGITS, tr
from tawla.engine.tavla import FirstChecker, Game, Mother
from tawla.i18n import LANGUAGES


def prescan_lang(argv: Sequence[str]) -> str | None:
    """The ``--lang`` of the command line, read before there is a parser to read it (the
    parser speaks the language it names)."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None


# -- argparse's own messages ------------------------------------------------------------------
#
# argparse words its messages ("usage: ", "unrecognized arguments: %s", the group titles …) as
# gettext messages: it calls ``_(msgid)`` and ``ngettext(...)``, the functions of the gettext
# module it imports under those names (see "How to translate the argparse output" in the Python
# documentation). Those functions look for compiled .mo files of the global text domain by the
# locale variables: they can follow neither ``--lang`` nor the TOML catalogs. So the translation
# is a ``gettext.NullTranslations`` whose ``gettext``/``ngettext`` answer argparse's msgids from
# the catalogs, bound to argparse's two names while a :class:`Parser` is built, parses or formats
# (argparse looks the names up at each call) and unbound afterwards, so that no other user of
# argparse in the process is touched. A msgid not listed (a message no player can meet, or one a
# later Python words differently) stays argparse's English.

_ARGPARSE_MESSAGES: dict[str, tuple[str, str | None]] = {
    # msgid (as argparse passes it to gettext): (catalog key, the placeholder that stands for "%s")
    "usage: ": ("cli.usage", None),
    "positional arguments": ("cli.arguments", None),
    "options": ("cli.options", None),
    "show this help message and exit": ("cli.help.help", None),
    "%(prog)s: error: %(message)s\n": ("cli.error.report", None),
    "argument %(argument_name)s: %(message)s": ("cli.error.argument", None),
    "unrecognized arguments: %s": ("cli.error.unrecognized", "args"),
    "expected one argument": ("cli.error.expected_one", None),
    "invalid %(type)s value: %(value)r": ("cli.error.invalid_value", None),
    "ignored explicit argument %r": ("cli.error.explicit_argument", "value"),
    "the following arguments are required: %s": ("cli.error.required", "args"),
}
_FIELD = re.compile(r"\{(\w+)(!r)?\}")


class ArgparseTranslations(gettext.NullTranslations):
    """argparse's msgids answered from the catalogs of ``lang``, with argparse's own
    ``%``-placeholders: a catalog's ``{name}`` is ``%(name)s``, ``{name!r}`` is ``%(name)r``,
    and the placeholder listed for a msgid with a bare ``%s`` is that ``%s``."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def gettext(self, message: str) -> str:
        found = _ARGPARSE_MESSAGES.get(message)
        if found is None:
            return message
        key, bare = found

        def placeholder(m: re.Match[str]) -> str:
            kind = "r" if m.group(2) else "s"
            return f"%{kind}" if m.group(1) == bare else f"%({m.group(1)}){kind}"

        text = _FIELD.sub(placeholder, tr(self.lang, key).replace("%", "%%"))
        return text + "\n" if message.endswith("\n") else text

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.gettext(msgid1 if n == 1 else msgid2)


@contextmanager
def _argparse_in(lang: str) -> Iterator[None]:
    """argparse's ``_`` and ``ngettext`` answer in ``lang`` for the time of the ``with``."""
    translations = ArgparseTranslations(lang)
    before = argparse.__dict__["_"], argparse.__dict__["ngettext"]
    setattr(argparse, "_", translations.gettext)  # noqa: B010 (the stubs do not declare the names)
    setattr(argparse, "ngettext", translations.ngettext)  # noqa: B010
    try:
        yield
    finally:
        setattr(argparse, "_", before[0])  # noqa: B010
        setattr(argparse, "ngettext", before[1])  # noqa: B010


class _Formatter(argparse.HelpFormatter):
    """argparse's help, without the line that names the commands as argparse writes them
    (``{moves,book}``) above the commands themselves: each command is listed on its own line."""

    def _format_action(self, action: argparse.Action) -> str:
        if isinstance(action, argparse._SubParsersAction) and not action.help:
            return "".join(self._format_action(command) for command in action._get_subactions())
        return super()._format_action(action)


def _choices(lang: str, choices: Iterable[object]) -> str:
    """The values an option or the command takes, as the player's language lists them:
    ``'random', 'manual'`` in English, «random أو manual» in Arabic."""
    return tr(lang, "cli.error.choices_or").join(tr(lang, "cli.error.choice", choice=str(c)) for c in choices)


class Parser(argparse.ArgumentParser):
    """An ArgumentParser that speaks the player's language, argparse's own messages included."""

    def __init__(self, lang: str, **kwargs: Any) -> None:
        self.lang = lang
        kwargs.setdefault("formatter_class", _Formatter)
        with _argparse_in(lang):
            super().__init__(**kwargs)

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        """A value outside an option's choices, or an unknown command, said with the choices
        in the player's language (argparse lists their ``repr``, and names the command by its
        metavar: ``{moves,book}: invalid choice: 'foo'``)."""
        choices = action.choices
        if choices is None or value in choices:
            return
        if isinstance(action, argparse._SubParsersAction):
            message = tr(self.lang, "cli.error.invalid_command", value=str(value), choices=_choices(self.lang, choices))
            raise argparse.ArgumentError(None, message)
        message = tr(self.lang, "cli.error.invalid_choice", value=str(value), choices=_choices(self.lang, choices))
        raise argparse.ArgumentError(action, message)

    def parse_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> argparse.Namespace:
        with _argparse_in(self.lang):  # ("unrecognized arguments" is worded here)
            return super().parse_args(args, namespace)

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        with _argparse_in(self.lang):
            return super().parse_known_args(args, namespace)

    def format_usage(self) -> str:
        with _argparse_in(self.lang):
            return super().format_usage()

    def format_help(self) -> str:
        with _argparse_in(self.lang):
            return super().format_help()

    def error(self, message: str) -> NoReturn:
        """One line, in the player's language: what is wrong and where the help is (argparse
        would print its usage first, a block to read through before the problem)."""
        hint = tr(self.lang, "cli.error.help_hint", prog=self.prog)
        self.exit(2, tr(self.lang, "cli.error.report", prog=self.prog, message=message + hint) + "\n")


def seed_type(lang: str) -> Callable[[str], int]:
    """argparse's type for ``--seed``: exactly the seeds a saved match holds."""
    from tawla.game.dice import SEED_LIMIT

    def seed(text: str) -> int:
        try:
            value = int(text.strip().translate(DIGITS))
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
    parser._positionals.title = tr(lang, "cli.commands")  # (argparse's "positional arguments": here the commands)
    parser.add_argument("--seed", type=seed_type(lang), metavar="N", help=tr(lang, "cli.help.seed"))
    parser.add_argument("--dice", choices=("random", "manual"), default="random", help=tr(lang, "cli.help.dice"))
    parser.add_argument("--lang", choices=LANGUAGES, help=tr(lang, "cli.help.lang"))
    parser.add_argument("--resume", action="store_true", help=tr(lang, "cli.help.resume"))
    # Not for players: how ``tawla serve`` starts the game of a browser tab (tawla.web).
    parser.add_argument("--web", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument(
        "--version", action="version", version=f"tawla {__version__}", help=tr(lang, "cli.help.version")
    )
    commands = parser.add_subparsers(dest="command", metavar="{moves,hint,analyse,book,serve}")
    moves = commands.add_parser(
        "moves", help=tr(lang, "cli.help.moves"), description=tr(lang, "cli.help.moves"), lang=lang
    )
    # A Plakoto or Fevga position may begin with the opponent's count, "-15,0,...": argparse takes
    # an argument beginning with "-" for an option unless it looks like a negative number, by
    # this (private, stable since Python 3.2) pattern. The moves command has no option that
    # starts with a digit, so anything "-<digit>..." is a value here.
    moves._negative_number_matcher = re.compile(r"^-\d")
    moves.add_argument("position_id", nargs="?", metavar="POSITION", help=tr(lang, "cli.help.position_id"))
    moves.add_argument("roll", nargs="?", metavar="DICE", help=tr(lang, "cli.help.roll"))
    moves.add_argument("--batch", action="store_true", help=tr(lang, "cli.help.batch"))
    moves.add_argument("--game", choices=[g.value for g in Game], default="backgammon", help=tr(lang, "cli.help.game"))
    moves.add_argument(
        "--mother", choices=[m.value for m in Mother], default="double", help=tr(lang, "cli.help.mother")
    )
    moves.add_argument(
        "--first", choices=[f.value for f in FirstChecker], default="pass", help=tr(lang, "cli.help.first")
    )
    hint = commands.add_parser("hint", help=tr(lang, "cli_hint.help"), description=tr(lang, "cli_hint.help"), lang=lang)
    hint.add_argument("position", nargs="?", metavar="POSITION", help=tr(lang, "cli_hint.position"))
    hint.add_argument("roll", nargs="?", metavar="DICE", help=tr(lang, "cli.help.roll"))
    hint._negative_number_matcher = re.compile(r"^-\d")  # (a Plakoto or Fevga position: as for moves)
    hint.add_argument("--batch", action="store_true", help=tr(lang, "cli_hint.batch"))
    hint.add_argument("--game", choices=[g.value for g in Game], default="backgammon", help=tr(lang, "cli.help.game"))
    hint.add_argument("--mother", choices=[m.value for m in Mother], default="double", help=tr(lang, "cli.help.mother"))
    hint.add_argument(
        "--first", choices=[f.value for f in FirstChecker], default="pass", help=tr(lang, "cli.help.first")
    )
    hint.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=tr(lang, "cli.help.lang"))
    analyse = commands.add_parser(
        "analyse", help=tr(lang, "cli_analyse.help"), description=tr(lang, "cli_analyse.description"), lang=lang
    )
    analyse.add_argument("file", metavar="FILE", help=tr(lang, "cli_analyse.file"))
    analyse.add_argument("--json", action="store_true", help=tr(lang, "cli_analyse.json"))
    analyse.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=tr(lang, "cli.help.lang"))
    book = commands.add_parser("book", help=tr(lang, "cli.help.book"), description=tr(lang, "cli.help.book"), lang=lang)
    book.add_argument("--csv", action="store_true", help=tr(lang, "cli.help.csv"))
    book.add_argument("--period", choices=("week", "month", "all"), default="all", help=tr(lang, "cli.help.period"))
    book.add_argument("--rules", choices=("all", "match", "money"), default="all", help=tr(lang, "cli.help.rules"))
    book.add_argument(
        "--game",
        choices=("all", "backgammon", "plakoto", "fevga", "tavli"),  # (tawla.store.book.Games: not imported to parse)
        default="all",
        help=tr(lang, "cli.help.book_game"),
    )
    book.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=tr(lang, "cli.help.lang"))
    serve = commands.add_parser(
        "serve", help=tr(lang, "cli_serve.help"), description=tr(lang, "cli_serve.description"), lang=lang
    )
    serve.add_argument("--host", default="127.0.0.1", help=tr(lang, "cli_serve.host"))
    serve.add_argument("--port", type=port_type(lang), default=0, metavar="PORT", help=tr(lang, "cli_serve.port"))
    serve.add_argument(
        "--sessions", type=sessions_type(lang), default=4, metavar="N", help=tr(lang, "cli_serve.sessions")
    )
    serve.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=tr(lang, "cli.help.lang"))
    return parser


def port_type(lang: str) -> Callable[[str], int]:
    """argparse's type for ``serve --port``: 0 (any free port) to 65535."""

    def port(text: str) -> int:
        try:
            value = int(text.strip().translate(DIGITS))
        except ValueError:
            value = -1
        if not 0 <= value <= 65535:
            raise argparse.ArgumentTypeError(tr(lang, "cli_serve.bad_port", value=text))
        return value

    return port


def sessions_type(lang: str) -> Callable[[str], int]:
    """argparse's type for ``serve --sessions``: 1 to 64 games at once."""

    def sessions(text: str) -> int:
        try:
            value = int(text.strip().translate(DIGITS))
        except ValueError:
            value = 0
        if not 1 <= value <= 64:
            raise argparse.ArgumentTypeError(tr(lang, "cli_serve.bad_sessions", value=text))
        return value

    return sessions
