"""Benchmark: the players' book over a long history.

    python -m tests.bench.bench_book [--matches N] [--keep DIR]

Writes N finished matches (default 10 000) into a temporary data folder, in the real history
format: a few dozen random matches and money sessions (tests/helpers/randomplay.py) are played once
and written again and again under other names (a dozen players, Arabic and Latin), ids and
dates over two years, exactly as ``tawla.store.saves`` writes them (names are not part of a
file's check block). Then, measured in the same run:

* the first build of the index (every file read and folded);
* opening the book with the index (what a screen does: the folder listed, the index brought up
  to date and read, the players applied, the head to head of all time counted): the median of
  five opens, the target being 300 ms;
* the same after one more match was archived (one file read);
* a full recount without the index, and its ratio to an open with the index.

Each time is printed on the wall clock and in processor time (this process's alone: the figure
to compare when other programs share the machine). No assertions: the figures are printed (the
tests check that the book is right).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from tawla.game import Match, SeededDice
from tawla.store import saves
from tawla.store.book import Standings, open_book
from tawla.store.files import Paths
from tawla.store.index import Index

from ..helpers.randomplay import play_random_match, random_rules

PLAYERS = ("Ali", "Badr", "Salma", "Nour", "Omar", "Lina", "علي", "بدر", "سلمى", "نور", "عمر", "لينا")


def templates(count: int, seed: int = 2026) -> list[dict[str, Any]]:
    """``count`` played matches as their files' JSON."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        played = play_random_match(rng, random_rules(rng), max_games=4, check=False)
        match = Match(played.rules, ("A", "B"), SeededDice(i), events=played.events)
        out.append(saves.to_json(saves.SavedMatch(match, f"t{i}", saves.now())))
    return out


def write_history(history: Path, n: int, pool: list[dict[str, Any]], seed: int = 7) -> None:
    """``n`` history files made from ``pool``."""
    rng = random.Random(seed)
    history.mkdir(parents=True, exist_ok=True)
    start = datetime(2025, 1, 1, tzinfo=UTC)
    for i in range(n):
        when = start + timedelta(minutes=105 * i + rng.randrange(60))
        ident = when.strftime("%Y%m%d-%H%M%S-") + f"{i:06x}"
        a, b = rng.sample(PLAYERS, 2)
        data = dict(pool[i % len(pool)])
        data.update(
            id=ident,
            names=[a, b],
            started=(when - timedelta(minutes=40)).isoformat(timespec="seconds"),
            saved=when.isoformat(timespec="seconds"),
        )
        (history / f"{ident}.json").write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), "utf-8")


@dataclass(frozen=True)
class Timing:
    """How long some work took: on the wall clock, and on the processor (this process alone:
    the figure to compare when other programs share the machine)."""

    wall: float
    cpu: float

    def __str__(self) -> str:
        return f"{self.wall * 1000:8.0f} ms ({self.cpu * 1000:.0f} ms of processor)"


def _timed(work: Any) -> tuple[Timing, Any]:
    wall, cpu = time.perf_counter(), time.process_time()
    value = work()
    return Timing(time.perf_counter() - wall, time.process_time() - cpu), value


def _median(runs: list[Timing]) -> Timing:
    return Timing(statistics.median(t.wall for t in runs), statistics.median(t.cpu for t in runs))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--templates", type=int, default=40)
    parser.add_argument("--keep", type=Path, help="build in this folder (kept) instead of a temporary one")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as temporary:
        home = args.keep or Path(temporary)
        paths = Paths(home / "config", home / "data")
        made, pool = _timed(lambda: templates(args.templates))
        events = sum(len(t["events"]) for t in pool) / len(pool)
        print(f"played {len(pool)} template matches in {made.wall:.1f} s ({events:.0f} events a match on average)")
        wrote, _ = _timed(lambda: write_history(paths.history, args.matches, pool))
        print(f"wrote {args.matches} history files in {wrote.wall:.1f} s")

        index = Index(paths.data, paths.history)
        build, records = _timed(index.records)
        print(
            f"first build of the index:    {build.wall:8.2f} s  ({build.cpu:.2f} s of processor;"
            f" {build.cpu / args.matches * 1000:.2f} ms a match)"
        )

        def open_and_count() -> Standings:
            book = open_book(paths)
            return book.standings()

        opened = _median([_timed(open_and_count)[0] for _ in range(5)])
        print(f"open with the index:         {opened}, median of 5; target 300 ms")
        extra = dict(pool[0], id="zz-extra", names=["Ali", "Badr"], saved=saves.now())
        (paths.history / "zz-extra.json").write_text(json.dumps(extra, ensure_ascii=False), "utf-8")
        fresh, standings = _timed(open_and_count)
        print(f"open after one more match:   {fresh}")
        full, _ = _timed(lambda: open_book(paths, index=False).standings())
        print(f"full recount (no index):     {full.wall:8.2f} s  ({full.cpu:.2f} s of processor)")
        print(f"recount / open with index:   {full.cpu / opened.cpu:8.0f} ×  (processor time)")
        print(
            f"({len(records)} matches indexed; {standings.matches} counted with one more; {len(standings.pairs)} pairs)"
        )


if __name__ == "__main__":
    main()
