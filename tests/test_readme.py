"""The README's console samples are the program's real output (#21: its ``tawla moves`` sample was
not, and it promised one line for bad input where two blocks were printed).

Every fenced ``console`` block of README.md is a sample: each line ``$ tawla …`` is a command, the
lines under it (up to the next ``$`` or the end of the block) what it prints, standard output and
standard error together, each line without its trailing spaces. A line ``…`` (or ``...``) stands
for any lines, none included, so that a long listing can be shown by its ends. The commands run
the installed ``tawla`` in a data folder holding the three finished matches of :func:`sample_home`,
in English, in UTC, at 80 columns: the README's book sample is the book of those matches.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from tawla.store import saves
from tawla.store.files import Paths, atomic_write

README = Path(__file__).resolve().parent.parent / "README.md"
ANY_LINES = frozenset({"…", "..."})
_BLOCK = re.compile(r"^```console\n(.*?)^```", re.DOTALL | re.MULTILINE)


def console_samples(text: str) -> list[tuple[str, list[str]]]:
    """Every ``$ command`` of the console blocks of ``text`` with the lines shown under it."""
    samples: list[tuple[str, list[str]]] = []
    for block in _BLOCK.findall(text):
        lines = block.splitlines()
        assert lines and lines[0].startswith("$ "), f"a console block that does not begin with a command: {lines[:1]}"
        for line in lines:
            if line.startswith("$ "):
                samples.append((line[2:], []))
            else:
                samples[-1][1].append(line.rstrip())
    return samples


def shows(expected: list[str], got: list[str]) -> bool:
    """Whether ``got`` is what ``expected`` shows: line for line, a line of :data:`ANY_LINES`
    standing for any number of lines."""
    if not expected:
        return not got
    first, rest = expected[0], expected[1:]
    if first in ANY_LINES:
        return any(shows(rest, got[i:]) for i in range(len(got) + 1))
    return bool(got) and got[0] == first and shows(rest, got[1:])


@pytest.mark.parametrize(
    ("expected", "got", "same"),
    [
        (["a", "b"], ["a", "b"], True),
        (["a", "b"], ["a", "b", "c"], False),
        (["a", "…", "d"], ["a", "b", "c", "d"], True),
        (["a", "…", "d"], ["a", "d"], True),
        (["a", "...", "c", "…"], ["a", "b", "c", "d", "e"], True),
        (["a", "…", "x"], ["a", "b", "c"], False),
        (["b", "…"], ["a", "b"], False),
    ],
)
def test_what_a_sample_shows(expected: list[str], got: list[str], same: bool) -> None:
    assert shows(expected, got) is same


def sample_home(folder: Path) -> Path:
    """A data folder whose history holds three finished matches (the book's sample): Ali beats
    Badr 5–0 (a gammon resigned, a take of Badr's double, a single game), Ali beats Badr 4–0 (a
    drop, a backgammon resigned), and Badr wins a money game from سلمى."""
    from .test_book import scripted

    paths = Paths(folder / "config", folder / "data")
    matches = [
        (("Ali", "Badr"), [("resign", 1, 2), ("take", 0, 1), ("resign", 1, 1)], 5),
        (("Badr", "Ali"), [("drop", 0), ("resign", 0, 3)], 3),
        (("Badr", "سلمى"), [("resign", 1, 1)], 0),
    ]
    for i, (names, games, length) in enumerate(matches):
        match = scripted(names, games, length)
        data = saves.to_json(saves.SavedMatch(match, f"m{i}", "2026-11-02T10:00:00+00:00"))
        data["saved"] = f"2026-11-0{2 + i}T11:00:00+00:00"
        atomic_write(paths.history / f"m{i}.json", json.dumps(data, ensure_ascii=False), keep_previous=False)
    return folder


def tawla_command() -> list[str]:
    """The installed console script beside this interpreter, else ``python -m tawla``."""
    script = Path(sys.executable).with_name("tawla")
    return [str(script)] if script.exists() else [sys.executable, "-m", "tawla"]


def run_sample(command: str, home: Path) -> list[str]:
    words = shlex.split(command)
    assert words[0] == "tawla", f"a README sample that is not a tawla command: {command!r}"
    env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC", "COLUMNS": "80", "TAWLA_HOME": str(home)}
    done = subprocess.run(
        [*tawla_command(), *words[1:]],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        timeout=120,
    )
    return [line.rstrip() for line in done.stdout.splitlines()]


SAMPLES = console_samples(README.read_text("utf-8"))


def test_the_readme_has_its_samples() -> None:
    """The parse finds them (a sample left out of every block would test nothing)."""
    commands = [command for command, _ in SAMPLES]
    assert any(c.startswith("tawla moves ") for c in commands) and any(c.startswith("tawla book") for c in commands)
    assert all(lines for _, lines in SAMPLES), "a sample that shows no output"


@pytest.mark.parametrize(("command", "expected"), SAMPLES, ids=[command for command, _ in SAMPLES])
def test_a_readme_sample_is_what_tawla_prints(tmp_path: Path, command: str, expected: list[str]) -> None:
    got = run_sample(command, sample_home(tmp_path))
    assert shows(expected, got), "\n".join([f"$ {command}", "README shows:", *expected, "tawla prints:", *got])
