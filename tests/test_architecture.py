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


def _runtime_imports() -> dict[str, set[str]]:
    """Every tawla module and the tawla modules it imports when it runs: at the top and inside
    functions alike (an import inside a function still closes a circle, only later), leaving out
    ``if TYPE_CHECKING:`` blocks (never run)."""
    root = ENGINE.parent
    modules: dict[str, Path] = {}
    for path in root.rglob("*.py"):
        parts = path.relative_to(root.parent).with_suffix("").parts
        modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skipped = {
            id(sub)
            for node in ast.walk(tree)
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
            for sub in ast.walk(node)
        }
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(tree):
            if id(node) in skipped:
                continue
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*anchor, *([node.module] if node.module else [])])
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in node.names)
        targets = set()
        for imported in found:
            parts = imported.split(".")
            while parts and ".".join(parts) not in modules:
                parts.pop()
            if parts and ".".join(parts) != name:
                targets.add(".".join(parts))
        graph[name] = targets
    return graph


def _circle(graph: dict[str, set[str]]) -> list[str] | None:
    """An import circle of ``graph`` (its modules in order, the first again at the end), if any."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = 1
        path.append(module)
        for target in sorted(graph.get(module, ())):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state and (found := visit(target)):
                return found
        path.pop()
        state[module] = 2
        return None

    for module in sorted(graph):
        if module not in state and (found := visit(module)):
            return found
    return None


def test_no_import_circle_anywhere_in_tawla() -> None:
    """Layers import downwards only: the engine, the game, the store, the catalogs, then the
    screens, then the app that wires them (#11). A circle would mean two modules that cannot
    be understood, tested or replaced one without the other."""
    graph = _runtime_imports()
    assert "tawla.ui.screens.game" in graph["tawla.ui.app"]  # (imported inside a method: seen)
    assert "tawla.engine.position" in graph["tawla.engine.ids"]
    circle = _circle(graph)
    assert circle is None, "import circle: " + " -> ".join(circle or [])


def test_the_circle_finder_finds_circles() -> None:
    assert _circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _circle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None
    graph = _runtime_imports()
    graph["tawla.engine.position"].add("tawla.engine.ids")  # the circle there was before #11
    assert _circle(graph) is not None
