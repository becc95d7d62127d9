"""Read XGIDs with GNU Backgammon's own ``set xgid`` and print what it understood, as JSON.

    python -m tests.helpers.gnubg_xgid < xgids.txt

One XGID per input line; one JSON object per line out: the XGID, gnubg's
Position ID and Match ID after reading it (``null`` when gnubg refused it).
Run in a child process: the full ``gnubg`` module keeps global state and prints
boards from C as it goes.
"""

from __future__ import annotations

import json
import sys

from tests.helpers.gnubg_mat import _quiet


def main() -> None:
    with _quiet():
        import gnubg  # only in this child process

        gnubg.command("set player 0 human")
        gnubg.command("set player 1 human")
        gnubg.command("new match 7")
    for line in sys.stdin:
        xgid = line.strip()
        if not xgid:
            continue
        with _quiet():
            before = gnubg.matchid()
            gnubg.command("set jacoby off")
            gnubg.command(f"set xgid {xgid}")
            pid, mid = gnubg.positionid(), gnubg.matchid()
        print(json.dumps({"xgid": xgid, "position_id": pid, "match_id": mid, "before": before}), flush=True)


if __name__ == "__main__":
    main()
