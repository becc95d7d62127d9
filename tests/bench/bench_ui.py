"""Benchmark: how fast the game starts, how much memory it takes, how fast it answers keys.

    python -m tests.bench.bench_ui [--runs N] [--keys N]

Each figure is set against a reference measured in the same run (this is a script that prints,
not a test that fails: a busy machine moves both sides).

1. Start-up: wall time from process start to the first frame drawn, for tawla and for a
   bare Textual app (one Static) in the same run, median of N runs each, interleaved;
   target: tawla <= 1.2 x the bare app.
2. Memory: the whole process's peak resident memory when the first frame is drawn (what
   the system counts, not only Python's objects), same runs; target: tawla <= 1.3 x the bare
   app. Also shown, not a target: the peak once start-up has settled (half a second after
   the first frame: the settings validated, the unfinished matches looked for).
3. Key to frame: in a 120 x 40 and a 160 x 50 headless game (moves shown at once, not step
   by step), the time from a key press to the next frame
   Textual renders: cursor moves, picking a checker up, choosing where it lands, putting it
   down and taking it back (each of those two written to disk: autosave is on, as in the
   real game); targets: median <= 10 ms, 90th percentile <= 16 ms.
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
from typing import NamedTuple

from tawla.game import Match, RuleSet, ScriptedDice

SETTLE = 0.5
"""Seconds after the first frame at which start-up counts as settled (for the memory shown then)."""

FIRST_FRAME = """
import sys, time
start = float(sys.argv[1])
{imports}
def peak():  # MiB: the process's peak resident memory so far
    import resource
    kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return kib / 1024 / (1024 if sys.platform == "darwin" else 1)
class Timed({base}):
    def _display(self, screen, renderable):
        super()._display(screen, renderable)
        if renderable is not None and not getattr(self, "_done", False):
            self._done = True
            print(time.time() - start, peak(), flush=True)
            self.set_timer({settle}, self.exit)
Timed.CSS_PATH = {css}
app = Timed({args})
{setup}
app.run(headless=True, size=(80, 24))
print(peak())
"""

BARE = FIRST_FRAME.format(
    imports="from textual.app import App\nfrom textual.widgets import Static",
    base="App",
    args="",
    css="None",
    setup="app.compose = lambda: iter([Static('bare Textual app')])",
    settle=SETTLE,
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
    settle=SETTLE,
)


class Start(NamedTuple):
    seconds: float
    """From process start to the first frame."""
    peak: float
    """The process's peak resident memory when the first frame was drawn (MiB)."""
    settled: float
    """The same, :data:`SETTLE` seconds later."""


def first_frame(code: str) -> Start:
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
    lines = out.stdout.strip().splitlines()
    seconds, peak = (float(x) for x in lines[-2].split())
    return Start(seconds, peak, float(lines[-1]))


async def key_latency(keys: int, size: tuple[int, int] = (120, 40)) -> list[float]:
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
    from tawla.store.settings import Preferences, Settings

    settings = Settings(bidi_checked=True, preferences=Preferences(step_by_step=False))
    app = Timed(lang="en", dice=match.dice, match=match, paths=Paths(home / "config", home / "data"), settings=settings)
    async with app.run_test(size=size) as pilot:
        await pilot.press("space")  # the opening roll
        # Cursor moves; Enter picks a checker up, Tab chooses where it lands, Enter puts it down
        # (a step: saved), u takes it back (saved again): the game never runs out of moves.
        pattern = ["right", "left", "down", "up", "enter", "tab", "enter", "u"]
        for i in range(keys):
            key = pattern[i % len(pattern)]
            pressed.append(time.perf_counter())
            await pilot.press(key)
            # The frame comes on Textual's refresh timer, maybe after press() returned: wait
            # for it (a key that changed nothing draws nothing: it is left out).
            waited = time.perf_counter() + NO_FRAME
            while len(stamps) < len(pressed) and time.perf_counter() < waited:
                await asyncio.sleep(0.0005)
            if len(stamps) < len(pressed):
                stamps.append(float("nan"))
    return [s for s in stamps if s == s]


NO_FRAME = 0.25
"""Seconds after which a key that has not drawn a frame is taken to draw nothing."""


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=15)  # (fewer: a busy machine moves the medians)
    parser.add_argument("--keys", type=int, default=400)
    args = parser.parse_args(argv)
    # An installed tawla has its bytecode compiled; a checkout may not (PYTHONDONTWRITEBYTECODE).
    import compileall

    import tawla

    compileall.compile_dir(str(Path(tawla.__file__).parent), quiet=1)

    bare: list[Start] = []
    ours: list[Start] = []
    for _ in range(args.runs):
        bare.append(first_frame(BARE))
        ours.append(first_frame(TAWLA))

    def median(runs: list[Start], field: str) -> float:
        return statistics.median(getattr(run, field) for run in runs)

    b, t = median(bare, "seconds"), median(ours, "seconds")
    ms = f"bare Textual {b * 1000:7.0f} ms    tawla {t * 1000:7.0f} ms"
    print(f"first frame   {ms}    ratio {t / b:.2f}  (target <= 1.2)")
    b, t = median(bare, "peak"), median(ours, "peak")
    print(f"memory        bare Textual {b:7.1f} MiB   tawla {t:7.1f} MiB   ratio {t / b:.2f}  (target <= 1.3)")
    b, t = median(bare, "settled"), median(ours, "settled")
    print(f"  settled     bare Textual {b:7.1f} MiB   tawla {t:7.1f} MiB   ratio {t / b:.2f}  ({SETTLE} s later)")

    for size in ((120, 40), (160, 50)):
        latencies = asyncio.run(key_latency(args.keys, size))
        keyed = sorted(x * 1000 for x in latencies)
        p90 = keyed[int(len(keyed) * 0.9)]
        print(
            f"key to frame  median {statistics.median(keyed):6.1f} ms (target <= 10)   "
            f"90% {p90:6.1f} ms (target <= 16)   ({len(keyed)} of {args.keys} keys drew a frame, "
            f"at {size[0]}x{size[1]}, steps shown at once)"
        )


if __name__ == "__main__":
    main()
