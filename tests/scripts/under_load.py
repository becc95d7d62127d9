"""The test suite on a busy machine: ``python -m tests.scripts.under_load``.

CI runs on two cores that other work shares. A test that waits for an amount of time instead
of for the thing it checks passes on an idle machine and fails there. This runs the README's
test command (the line ``.ci/run`` runs) in a fresh clone of this repository's HEAD, with as
many CPU-burning processes beside it as the machine has cores, plus one, and says whether it
passed and how long it took — once, or ``--runs N`` times in a row.

    python -m tests.scripts.under_load                 # one loaded run from a clean clone of HEAD
    python -m tests.scripts.under_load --runs 3        # three in a row (before resolving an issue)
    python -m tests.scripts.under_load --here -- -x tests/test_store.py
                                               # pytest in this checkout's environment, loaded
                                               # (quick; what follows -- goes to pytest)
    python -m tests.scripts.under_load --burners 0     # the same run with nothing beside it

Exit status 0 when every run passed. Commit first: the clone holds what is committed.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
COMMAND = re.compile(r"^python3 -m venv \.venv && .*\[test\].*pytest.*$", re.MULTILINE)
"""The README's test command: the line .ci/run finds and runs."""


def readme_command(readme: Path) -> str:
    found = COMMAND.search(readme.read_text(encoding="utf-8"))
    if found is None:
        raise SystemExit(f"{readme}: no test command line (python3 -m venv .venv && ... '.[test]' ... pytest)")
    return found.group(0)


def _burn() -> None:  # pragma: no cover - runs in a process of its own until killed
    while True:
        pass


@contextmanager
def burners(count: int) -> Iterator[None]:
    """``count`` processes that keep a core each busy for as long as the block runs."""
    processes = [multiprocessing.Process(target=_burn, daemon=True) for _ in range(count)]
    for process in processes:
        process.start()
    try:
        yield
    finally:
        for process in processes:
            process.kill()
        for process in processes:
            process.join()


def _summary(output: str) -> str:
    """pytest's last line (``2265 passed in 419.64s``), or the last line printed."""
    lines = [line.strip("= ") for line in output.splitlines() if line.strip()]
    for line in reversed(lines):
        if re.search(r"\b(passed|failed|error|errors)\b", line) and " in " in line:
            return line
    return lines[-1] if lines else "(nothing printed)"


def run_once(command: Sequence[str] | str, cwd: Path, log: Path) -> tuple[bool, float, str]:
    env = {**os.environ, "TAWLA_REQUIRE_TMUX": "1"}
    env.pop("VIRTUAL_ENV", None)
    started = time.monotonic()
    with log.open("w", encoding="utf-8") as out:
        shell = isinstance(command, str)
        # In a session of its own, taken down whole if this script is stopped: pytest's workers
        # outlived a killed run and loaded the next one (an "idle" run measured beside them).
        tests = subprocess.Popen(
            command,
            cwd=cwd,
            shell=shell,
            executable="/bin/bash" if shell else None,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            returncode = tests.wait()
        finally:
            if tests.poll() is None:
                os.killpg(tests.pid, signal.SIGKILL)
                tests.wait()
    seconds = time.monotonic() - started
    return returncode == 0, seconds, _summary(log.read_text(encoding="utf-8", errors="replace"))


def main(argv: Sequence[str] | None = None) -> int:
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # (a kill takes the tests down too: run_once)
    parser = argparse.ArgumentParser(prog="python -m tests.scripts.under_load", description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=1, help="runs in a row (default 1)")
    parser.add_argument(
        "--burners",
        type=int,
        default=(os.cpu_count() or 1) + 1,
        help="CPU-burning processes beside the tests (default: cores + 1)",
    )
    parser.add_argument(
        "--here",
        action="store_true",
        help="run pytest in this checkout with this Python, not the README's command in a clone",
    )
    parser.add_argument("--keep", action="store_true", help="keep each clone and its log")
    parser.add_argument("pytest_args", nargs="*", help="after --: arguments for pytest (with --here)")
    args = parser.parse_args(argv)

    results = []
    for run in range(1, args.runs + 1):
        folder = Path(tempfile.mkdtemp(prefix="tawla-load-"))
        log = folder / "output.txt"
        if args.here:
            command: Sequence[str] | str = [sys.executable, "-m", "pytest", *args.pytest_args]
            cwd = ROOT
        else:
            clone = folder / "tawla"
            subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
            command, cwd = readme_command(clone / "README.md"), clone
        shown = command if isinstance(command, str) else " ".join(command)
        print(f"run {run}/{args.runs}: {args.burners} burners beside `{shown}` in {cwd}", flush=True)
        with burners(args.burners):
            passed, seconds, summary = run_once(command, cwd, log)
        results.append(passed)
        print(
            f"run {run}: {'PASSED' if passed else 'FAILED'} in {seconds / 60:.1f} min ({seconds:.0f} s): {summary}",
            flush=True,
        )
        if not passed:
            print(f"  its output: {log}", flush=True)
        elif not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
    print(f"{sum(results)} of {len(results)} runs passed", flush=True)
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
