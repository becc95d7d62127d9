"""``tawla`` without a command: the game itself, started in the terminal (Textual, the app and
the store imported only now, not to parse the command line or to answer the other commands)."""

from __future__ import annotations

import argparse
import sys

from tawla.cli.input import fail, tr


def run_game(args: argparse.Namespace, lang: str) -> int:
    """Start the Textual game (``--web``: in a browser tab, under ``tawla serve``). Exit status: 0,
    2 without a terminal, 70 after an error that
    stopped the game (the match saved, a crash report written: see ``TawlaApp``)."""
    if not args.web and not (sys.stdin.isatty() and sys.stdout.isatty()):
        return fail(lang, tr(lang, "cli.error.not_a_terminal"))
    from tawla.game import DiceSource, FairDice, ManualDice, SeededDice
    from tawla.store.files import default_paths
    from tawla.ui.app import TawlaApp
    from tawla.ui.terminal import terminal_bidi_sequence

    dice: DiceSource
    if args.dice == "manual":
        dice = ManualDice()
    elif args.seed is not None:
        dice = SeededDice(args.seed)
    else:
        dice = FairDice()
    app = TawlaApp(lang=args.lang, dice=dice, paths=default_paths(), resume=args.resume, web=args.web)
    try:
        app.run()
    finally:
        if not args.web:  # (under tawla serve, stdout carries the web driver's packets)
            # Leave the terminal ordering text itself again, as it was before.
            sys.stdout.write(terminal_bidi_sequence(False))
            sys.stdout.flush()
    return app.return_code or 0
