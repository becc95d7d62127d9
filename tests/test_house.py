"""The house in order (#35): the top level holds what it should, and lint and strict types are
part of the test command (a lint or type error fails the README's test command, so CI)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOP_LEVEL = {"pyproject.toml", "README.md", "tawla", "tests", "assets", "CHANGELOG.md", "LICENSE"}
"""What the top level may hold, besides dotfiles (.ci/, .gitignore, ...)."""


def top_level() -> set[str]:
    """What the repository's top level holds: its files in git and those git would add (anything
    not ignored), or, outside a git checkout, whatever lies there."""
    if (ROOT / ".git").exists():
        listed = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.splitlines()
        return {line.split("/", 1)[0] for line in listed}
    return {path.name for path in ROOT.iterdir()}


def test_the_top_level_holds_only_what_it_should() -> None:
    strays = {name for name in top_level() - TOP_LEVEL if not name.startswith(".")}
    assert not strays, f"the top level holds {sorted(strays)}: only {sorted(TOP_LEVEL)} and dotfiles belong there"


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True, timeout=600)


@pytest.mark.parametrize(
    "command",
    [("ruff", "check", "."), ("ruff", "format", "--check", "."), ("mypy",)],
    ids=["ruff check", "ruff format", "mypy strict"],
)
def test_lint_and_types_are_clean(command: tuple[str, ...]) -> None:
    """``ruff check``, ``ruff format --check`` and strict ``mypy`` (pyproject.toml configures
    each) pass on the whole tree."""
    done = _run(*command)
    assert done.returncode == 0, f"{' '.join(command)} failed:\n{done.stdout}\n{done.stderr}"


def test_the_scripts_find_the_repository() -> None:
    """The scripts moved into tests/scripts/ (#35) still name the repository's own folders: a
    loaded run clones the repository (not tests/), the screenshot lands in assets/."""
    from tests.scripts import make_screenshot, under_load

    assert under_load.ROOT == ROOT
    assert (under_load.ROOT / "README.md").is_file()
    assert make_screenshot.ASSETS == ROOT / "assets"
