"""The ``tawla`` command: the game (:mod:`tawla.cli.play`), ``tawla moves`` for analysis
(:mod:`tawla.cli.moves`), ``tawla hint`` and ``tawla analyse`` for the evaluator
(:mod:`tawla.cli.evaluate`), ``tawla book`` for the players' book (:mod:`tawla.cli.book`) and
``tawla serve`` for the game in a browser (:mod:`tawla.cli.serve`);
the arguments are parsed in the player's language (:mod:`tawla.cli.parser`).

Exit status: 0 on success, 2 for bad input (options, IDs, dice), as argparse does; bad input
prints one line saying what is wrong, in the player's language (the usage is ``--help``'s).
1 when ``hint`` or ``analyse`` finds no evaluator on this machine.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from tawla.cli.moves import run_moves
from tawla.cli.parser import build_parser, prescan_lang
from tawla.cli.play import run_game
from tawla.i18n import choose_language

ONE_THREAD = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
"""numpy's arithmetic (OpenBLAS) multiplies even small matrices on every core and keeps its
threads spinning between calls. tawla's own evaluator multiplies a few hundred rows at a time
(Fevga's computer looking one roll ahead): on one thread it takes 40 % less CPU, is no slower, and
leaves the other core to the interface. Set before numpy is first imported; a player's own setting
is kept."""


def one_thread() -> None:
    """numpy's arithmetic on one thread from now on (:data:`ONE_THREAD`), unless said otherwise."""
    for name in ONE_THREAD:
        os.environ.setdefault(name, "1")


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``tawla`` console script."""
    one_thread()
    argv = list(sys.argv[1:] if argv is None else argv)
    lang = choose_language(prescan_lang(argv))
    args = build_parser(lang).parse_args(argv)
    if args.command == "moves":
        return run_moves(args, lang)
    if args.command == "book":
        from tawla.cli.book import run_book  # (the book's modules: only for this command)

        return run_book(args, lang)
    if args.command == "serve":
        from tawla.cli.serve import run_serve  # (aiohttp: only for this command, from the web extra)

        return run_serve(args, lang)
    if args.command in ("hint", "analyse"):
        from tawla.cli import evaluate  # (the evaluator is imported there, on first use)

        if args.command == "hint":
            return evaluate.run_hint(args, lang, sys.stdin, sys.stdout, sys.stderr)
        return evaluate.run_analyse(args, lang, sys.stdout, sys.stderr)
    return run_game(args, lang)
