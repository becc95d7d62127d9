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
    "bisect",
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
    settings and rule sets waits until after the first frame (see tests/bench/bench_ui.py)."""
    code = (
        "import sys, tawla.cli, tawla.ui.app, tawla.ui.screens.menu, tawla.store.files;"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pydantic' or m == 'tawla.game.rules'))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def _runtime_imports(typing: bool = False) -> dict[str, set[str]]:
    """Every tawla module and the tawla modules it imports when it runs: at the top and inside
    functions alike (an import inside a function still closes a circle, only later), leaving out
    ``if TYPE_CHECKING:`` blocks (never run) unless ``typing``."""
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
            if not typing and isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
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


LAYERS: list[dict[str, tuple[str, ...]]] = [
    {"version": ("tawla",)},
    {"engine": ("tawla.engine",)},
    {"game": ("tawla.game",)},
    {"catalogs": ("tawla.i18n",), "store": ("tawla.store",), "analysis": ("tawla.analysis",)},
    {"views": ("tawla.ui",)},
    {"screens": ("tawla.ui.screens",)},
    {"palette": ("tawla.ui.commands", "tawla.ui.actions")},
    {"app": ("tawla.ui.app",)},
    {"web": ("tawla.web",)},  # (tawla serve: it starts tawla in processes, never imports the app)
    {
        "command line": (
            "tawla.cli",
            "tawla.cli.parser",
            "tawla.cli.input",
            "tawla.cli.moves",
            "tawla.cli.play",
            "tawla.cli.book",
            "tawla.cli.evaluate",
            "tawla.cli.serve",
            "tawla.cli.__main__",
            "tawla.__main__",
        )
    },
]
"""tawla's layers, lowest first: a module imports from its own part of its layer or from a layer
below, never from above, and the parts of one layer (the catalogs, the store, the analysis) not
from each other. A module is in the part whose package (or module) is the longest that holds it: the views
are ``tawla.ui``'s own modules, the widgets and helpers the screens are built of."""


def _layer(module: str) -> tuple[int, str]:
    """The layer of ``module`` and its part of it."""
    best: tuple[int, str, int] | None = None
    for level, parts in enumerate(LAYERS):
        for part, prefixes in parts.items():
            for prefix in prefixes:
                if (module == prefix or module.startswith(prefix + ".")) and (best is None or len(prefix) > best[2]):
                    best = (level, part, len(prefix))
    assert best is not None, f"{module} is in no layer"
    return best[0], best[1]


def _upward(graph: dict[str, set[str]]) -> list[str]:
    """Every import of ``graph`` that goes up a layer, or across to another part of its layer."""
    found = []
    for module, targets in sorted(graph.items()):
        level, part = _layer(module)
        for target in sorted(targets):
            to_level, to_part = _layer(target)
            if to_level > level or (to_level == level and to_part != part):
                found.append(f"{module} -> {target}")
    return found


def test_every_import_goes_down_the_layers() -> None:
    """Type-only imports count too: a screen that names the app's type depends on the app."""
    upward = _upward(_runtime_imports(typing=True))
    assert not upward, "imports going up (or across) the layers:\n" + "\n".join(upward)


def test_no_import_circle_even_for_the_type_checker() -> None:
    circle = _circle(_runtime_imports(typing=True))
    assert circle is None, "import circle: " + " -> ".join(circle or [])


def test_the_layer_check_finds_a_planted_upward_import_and_a_planted_circle() -> None:
    graph = _runtime_imports(typing=True)
    graph["tawla.game.match"].add("tawla.store.saves")  # the game reaching up to the store
    assert _upward(graph) == ["tawla.game.match -> tawla.store.saves"]
    graph = _runtime_imports(typing=True)
    graph["tawla.i18n.words"].add("tawla.store.options")  # across: the catalogs and the store
    assert _upward(graph) == ["tawla.i18n.words -> tawla.store.options"]
    graph = _runtime_imports(typing=True)
    graph["tawla.ui.board"].add("tawla.ui.screens.game")  # a view reaching up to a screen
    assert _upward(graph) == ["tawla.ui.board -> tawla.ui.screens.game"]
    graph["tawla.ui.screens.game"].add("tawla.ui.board")
    assert _circle(graph) is not None


SCREEN_LINES = 600
"""The most lines a module of tawla/ui/screens/ may have: past it, a screen holds more than one
thing to understand, and splits along what it does (the book's figures screen, a game's questions)."""


def test_no_screen_module_is_longer_than_it_can_be_read() -> None:
    screens = ENGINE.parent / "ui" / "screens"
    long = {
        str(path.relative_to(screens)): n
        for path in sorted(screens.rglob("*.py"))
        if (n := len(path.read_text("utf-8").splitlines())) > SCREEN_LINES
    }
    assert not long, f"modules of tawla/ui/screens/ over {SCREEN_LINES} lines: {long}"
