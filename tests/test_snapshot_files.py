"""Every SVG under ``tests/__snapshots__/`` belongs to a snapshot test that still exists.

syrupy fails a run that leaves a snapshot unused (a test renamed or removed, its picture left
behind), but not when the tests run in parallel (pytest-xdist, the default here): each worker
sees only its share. This test keeps that check in every run.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).parent


def test_every_snapshot_file_has_its_test() -> None:
    listed = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--collect-only",
            "-q",
            "-n",
            "0",
            "-p",
            "no:cacheprovider",
            "tests/test_snapshots.py",
        ],
        cwd=TESTS.parent,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert listed.returncode == 0, listed.stdout + listed.stderr
    names = {
        line.split("::", 1)[1] for line in listed.stdout.splitlines() if line.startswith("tests/test_snapshots.py::")
    }
    assert len(names) >= 50, listed.stdout
    files = sorted((TESTS / "__snapshots__" / "test_snapshots").glob("*.svg"))
    unused = [f.name for f in files if f.stem not in names]
    assert not unused, (
        f"snapshots of no test (delete them, or run `pytest tests/test_snapshots.py --snapshot-update -n 0`): {unused}"
    )
