"""Benchmark: how fast the game starts and answers keys.

    python -m tests.bench_ui [--runs N] [--keys N]

1. Start-up: wall time from process start to the first frame drawn, for
   tawla and for a bare Textual app (one Static) in the same run, median of
   N runs each, interleaved; and their ratio (target <= 1.3).
2. Key to frame: in a 120 x 40 headless game, the time from a key press
   (cursor moves, picking up and putting down checkers) to the next frame
   Textual renders; median and 90th percentile (target median <= 16 ms).
   Autosave is on, as in the real game (each step written to disk).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tawla.game import Match, RuleSet, ScriptedDice

FIRST_FRAME = """
import sys, time
start = float(sys.argv[1])
{imports}
class Timed({base}):
    def _display(self, screen, renderable):
        super()._display(screen, renderable)
        if renderable is not None and not getattr(self, "_done", False):
            self._done = True
            print(time.time() - start)
            self.exit()
Timed.CSS_PATH = {css}
app = Timed({args})
{setup}
app.run(headless=True, size=(80, 24))
"""

BARE = FIRST_FRAME.format(
    imports="from textual.app import App\nfrom textual.widgets import Static",
    base="App",
    args="",
    css="None",
    setup="app.compose = lambda: iter([Static('bare Textual app')])",
)
TAWLA = FIRST_FRAME.format(
    imports=(
        "import pathlib\nimport tawla.ui.app\nfrom tawla.ui.app import TawlaApp\n"
        "from tawla.store.files import default_paths"
    ),
    base="TawlaApp",
    args="lang='en', paths=default_paths()",  # reads the settings file, as the real start does
    css="[str(pathlib.Path(tawla.ui.app.__file__).parent / p) for p in TawlaApp.CSS_PATH]",
    setup="",
)


def first_frame(code: str) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp, "first_frame.py")  # a file: Textual finds stylesheets relative to it
        script.write_text(code, encoding="utf-8")
        home = Path(tmp, "home")  # TAWLA_HOME with a settings file in it, as after a first run
        (home / "config").mkdir(parents=True)
        (home / "config" / "settings.json").write_text('{"language": "en", "bidi_checked": true}')
        env = {**os.environ, "TAWLA_HOME": str(home)}
        out = subprocess.run(
            [sys.executable, str(script), repr(time.time())], capture_output=True, text=True, check=True, env=env
        )
    return float(out.stdout.strip().splitlines()[-1])


async def key_latency(keys: int) -> list[float]:
    from tawla.ui.app import TawlaApp

    stamps: list[float] = []
    pressed: list[float] = []

    class Timed(TawlaApp):
        CSS_PATH = [str(Path(sys.modules[TawlaApp.__module__].__file__ or "").parent / p) for p in TawlaApp.CSS_PATH]

        def _display(self, screen, renderable) -> None:  # type: ignore[no-untyped-def]
            super()._display(screen, renderable)
            if renderable is not None and pressed and len(stamps) < len(pressed):
                stamps.append(time.perf_counter() - pressed[-1])

    from tawla.store.files import Paths

    rolls = [(6, 5), (4, 2)] * 200
    match = Match(RuleSet(match_length=0, cube=False), ("Ali", "Badr"), ScriptedDice(rolls))
    home = Path(tempfile.mkdtemp())  # autosave on: every checker put down is written to disk
    app = Timed(lang="en", dice=match.dice, match=match, paths=Paths(home / "config", home / "data"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("space")  # the opening roll
        pattern = ["right", "right", "left", "down", "up", "enter", "tab", "escape"]
        for i in range(keys):
            key = pattern[i % len(pattern)]
            pressed.append(time.perf_counter())
            await pilot.press(key)
            while len(stamps) < len(pressed):  # a key that changed nothing draws nothing
                stamps.append(float("nan"))
    return [s for s in stamps if s == s]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--keys", type=int, default=200)
    args = parser.parse_args(argv)
    # An installed tawla has its bytecode compiled; a checkout may not (PYTHONDONTWRITEBYTECODE).
    import compileall

    import tawla

    compileall.compile_dir(str(Path(tawla.__file__).parent), quiet=1)

    bare: list[float] = []
    tawla: list[float] = []
    for _ in range(args.runs):
        bare.append(first_frame(BARE))
        tawla.append(first_frame(TAWLA))
    b, t = statistics.median(bare), statistics.median(tawla)
    print(f"first frame   bare Textual {b * 1000:7.0f} ms   tawla {t * 1000:7.0f} ms   ratio {t / b:.2f}")

    latencies = asyncio.run(key_latency(args.keys))
    ms = sorted(x * 1000 for x in latencies)
    p90 = ms[int(len(ms) * 0.9)]
    print(f"key to frame  median {statistics.median(ms):6.1f} ms   90% {p90:6.1f} ms   ({len(ms)} keys at 120x40)")


if __name__ == "__main__":
    main()
