"""The engine stays pure: no UI, no pydantic, no I/O (house rule)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "tawla" / "engine"
ALLOWED = {
    "__future__",
    "base64",
    "collections",
    "dataclasses",
    "enum",
    "functools",
    "itertools",
    "re",
    "typing",
    "tawla",
}
IO_CALLS = {"open", "print", "input"}


def test_engine_imports_only_the_standard_library_it_needs() -> None:
    for path in ENGINE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            for name in names:
                root = name.split(".")[0]
                assert root in ALLOWED, f"{path.name} imports {name}"
                if root == "tawla":
                    assert name.startswith("tawla.engine"), f"{path.name} imports {name}"


def test_engine_does_no_io() -> None:
    for path in ENGINE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        calls = {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
        assert not calls & IO_CALLS, f"{path.name} calls {calls & IO_CALLS}"


def test_importing_the_engine_loads_no_ui_or_pydantic() -> None:
    code = (
        "import sys, tawla.engine; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'pydantic')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_first_frame_needs_no_pydantic() -> None:
    """Everything the menu's first frame needs loads without pydantic and the rules: validating
    settings and rule sets waits until after the first frame (see tests/bench_ui.py)."""
    code = (
        "import sys, tawla.cli, tawla.ui.app, tawla.ui.screens.menu, tawla.store.files;"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pydantic' or m == 'tawla.game.rules'))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
