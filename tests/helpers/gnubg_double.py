"""Ask GNU Backgammon's own ``double`` command whether the player on roll may double, as JSON.

    python -m tests.helpers.gnubg_double < match_ids.txt

One Match ID per input line (the player on roll about to roll, the start position on the
board); one JSON object per line out: the Match ID, whether ``set matchid`` took it as it is
(``accepted``: gnubg refuses impossible states, such as a Crawford game with the cube turned,
and keeps what it had), and, when it did, whether ``double`` offered the cube (``doubled``).
Run in a child process: the full ``gnubg`` module keeps global state and prints boards from C.
"""

from __future__ import annotations

import json
import sys

from tawla.engine import match_from_id
from tests.helpers.gnubg_mat import _quiet

RESET = "cAkAAAAAAAAA"
"""A money game, player 1 on roll (a Match ID no input line has: a refused line is seen)."""


def main() -> None:
    with _quiet():
        import gnubg  # only in this child process

        gnubg.command("set player 0 human")
        gnubg.command("set player 1 human")
        gnubg.command("new match 7")
    for line in sys.stdin:
        mid = line.strip()
        if not mid:
            continue
        with _quiet():
            gnubg.command(f"set matchid {RESET}")
            gnubg.command(f"set matchid {mid}")
            accepted = gnubg.matchid() == mid
            doubled = None
            if accepted:
                gnubg.command("double")
                doubled = match_from_id(gnubg.matchid()).double_offered
        print(json.dumps({"match_id": mid, "accepted": accepted, "doubled": doubled}), flush=True)


if __name__ == "__main__":
    main()
