"""Run GNU Backgammon's own .mat importer on files and print what it understood, as JSON.

    python -m tests.helpers.gnubg_mat FILE.mat[::jacoby] [...]

``::jacoby`` imports that file with gnubg's Jacoby rule on (for money
sessions played with it); otherwise it is off.

One JSON object per file: for each game its header info (scores, winner,
points), its moves (player, dice, Position ID before the move) and every
record's action with its player (``["drop", 0]``), plus the final Match ID.
Run in a child process: the full ``gnubg`` module keeps global state and
prints boards as it goes.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from collections.abc import Iterator


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    """gnubg prints boards from C: silence file descriptor 1 itself."""
    sys.stdout.flush()
    saved = os.dup(1)
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    try:
        yield
    finally:
        os.dup2(saved, 1)
        os.close(devnull)
        os.close(saved)


def main(paths: list[str]) -> None:
    with _quiet():
        import gnubg  # only in this child process

    for arg in paths:
        path, _, flag = arg.partition("::")
        with _quiet():
            gnubg.command(f"set jacoby {'on' if flag == 'jacoby' else 'off'}")
            gnubg.command(f"import mat {path}")
            match = gnubg.match()
            try:
                final = gnubg.matchid()
            except ValueError:  # a last game without a single move has no position
                final = None
        games = []
        for game in match["games"]:
            moves = [
                {
                    "player": 0 if rec["player"] == "X" else 1,
                    "dice": sorted(rec["dice"], reverse=True),
                    "board": rec["board"],
                }
                for rec in game["game"]
                if rec.get("action") == "move"
            ]
            actions = [[rec["action"], 0 if rec.get("player") == "X" else 1] for rec in game["game"]]
            games.append({"info": game["info"], "moves": moves, "actions": actions})
        print(json.dumps({"path": path, "games": games, "matchid": final}), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
