"""Benchmark: ``tawla serve`` in a browser (issue 37), beside tawla in a terminal.

    python -m tests.bench.bench_serve [--runs N] [--idle SECONDS]

Needs chromium-headless-shell (as tests/test_serve_browser.py). A script that prints, not a test
that fails: a busy machine moves every figure.

1. Page request → first screen: from ``Page.navigate`` to the first frame's bytes written into the
   page's terminal (textual.js marks the page; the menu is then checked in xterm.js's buffer),
   median and worst of N fresh tabs; goal ≤ 1.5 s. Beside it, tawla in tmux: process start → the menu on the pane.
2. Memory a session: the resident memory (VmRSS) of the tab's tawla at the menu and in a match
   (New match, Ctrl+S, the board drawn); goal in a match ≤ 60 MiB. Beside it, tawla in tmux at
   the same two moments; and the server's own.
3. Idle CPU a session: the tab's tawla's processor time over ``--idle`` seconds at the board
   with nobody pressing a key, as a share of one core.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time
from pathlib import Path

from tests.helpers.cdp import Page, browser, latin_fonts
from tests.test_serve import _children
from tests.test_serve_browser import ENTER, Served


def _rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _first_screen(page: Page, url: str) -> float:
    """Navigate → the first frame's bytes in the terminal (textual.js marks the page then), and
    the menu checked in xterm.js's buffer afterwards (untimed: finding the terminal through the
    DevTools protocol searches the page's heap)."""
    page.forget_terminal()
    start = time.perf_counter()
    await page.send("Page.navigate", url=url)
    while not await page.evaluate("!!(document.body && document.body.classList.contains('-first-byte'))"):
        await asyncio.sleep(0.005)
    took = time.perf_counter() - start
    await page.shows(lambda s: "New match" in s, "the menu")
    return took


def _tmux_menu(home: Path) -> tuple[float, float, float]:
    """tawla in tmux: process start → the menu on the pane; its memory then, and in a match."""
    from tests.test_tmux import Terminal, installed_tawla

    start = time.perf_counter()
    term = Terminal([*installed_tawla(), "--lang", "en"], home, 120, 40)
    try:
        term.wait_for(lambda s: "New match" in s)
        took = time.perf_counter() - start
        pid = term.pid()
        assert pid is not None
        time.sleep(1.0)  # (start-up settled, as for the browser's)
        menu = _rss_mib(pid)
        term.keys("Enter")
        term.wait_for(lambda s: "First player" in s)
        term.keys("C-s")
        term.wait_for(lambda s: "Opening roll" in s)
        time.sleep(1.0)
        return took, menu, _rss_mib(pid)
    finally:
        term.close()


async def main(runs: int, idle: float) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="bench-serve-"))
    served = Served(tmp / "home")
    try:
        url = (await served.line("its address", lambda s: "?token=" in s)).split()[-1]
        async with browser(tmp / "browser", latin_fonts(tmp / "fontconfig")) as page:
            await page.send("Page.enable")
            times = []
            for _ in range(runs):
                times.append(await _first_screen(page, url))
                await page.send("Page.navigate", url="about:blank")
                await served.line("the game's end", lambda s: "a game ended" in s)
            await _first_screen(page, url)
            (game,) = _children(served.process.pid)
            await asyncio.sleep(1.0)  # (start-up settled: the settings read, the matches looked for)
            menu = _rss_mib(game)
            await page.key(*ENTER)
            await page.shows(lambda s: "First player" in s, "the form")
            await page.key("s", "KeyS", 83, modifiers=2)
            await page.shows(lambda s: "Opening roll" in s, "the board")
            await asyncio.sleep(1.0)
            match = _rss_mib(game)
            before, start = _cpu_seconds(game), time.perf_counter()
            await asyncio.sleep(idle)
            cpu = (_cpu_seconds(game) - before) / (time.perf_counter() - start)
            server_rss = _rss_mib(served.process.pid)
    finally:
        served.stop()
    tmux_times, tmux_rss, tmux_match = [], [], []
    for i in range(runs):
        took, rss, in_match = _tmux_menu(tmp / f"tmux{i}")
        tmux_times.append(took)
        tmux_rss.append(rss)
        tmux_match.append(in_match)
    print(
        f"page request -> first screen: median {statistics.median(times):.2f} s, worst {max(times):.2f} s "
        f"({runs} tabs; goal <= 1.5 s)"
    )
    print(
        f"  tawla in tmux, start -> menu: median {statistics.median(tmux_times):.2f} s, worst {max(tmux_times):.2f} s"
    )
    print(
        f"memory a session: menu {menu:.0f} MiB, in a match {match:.0f} MiB (goal <= 60 MiB); "
        f"tawla in tmux: menu {statistics.median(tmux_rss):.0f} MiB, "
        f"in a match {statistics.median(tmux_match):.0f} MiB; "
        f"the server {server_rss:.0f} MiB"
    )
    print(f"idle CPU a session at the board: {cpu * 100:.2f} % of a core over {idle:.0f} s")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--idle", type=float, default=10.0)
    options = parser.parse_args()
    asyncio.run(main(options.runs, options.idle))
