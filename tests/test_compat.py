"""Each of Textual's private corners tawla uses (tawla/ui/compat.py) still is what tawla reads:
a new Textual that renames or changes one fails here, by name, not somewhere in a game."""

from __future__ import annotations

import ast
import asyncio
import functools
import importlib
import inspect
import re
import sys
from collections.abc import Container, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.command import CommandPalette
from textual.widgets import Footer, Input

from tawla.ui import compat

from .helpers import waiting
from .helpers.waiting import wait_until


def test_every_private_corner_is_in_the_compat_module_only() -> None:
    """Outside compat.py, tawla names none of the private attributes compat reads."""
    root = Path(compat.__file__).parent.parent
    names = ("._disabled", "._NO_MATCHES", "._suggestion", "._cursor_visible", "._driver", "widgets._footer")
    names += ("._pruning", "._closing", "AwaitComplete.nothing", "._context", "._bindings_ready")
    names += ("._cell_offset_to_index", "._on_mount")
    for path in root.rglob("*.py"):
        if path.name == "compat.py":
            continue
        text = path.read_text(encoding="utf-8")
        found = [name for name in names if re.search(re.escape(name) + r"\b", text)]
        assert not found, f"{path.relative_to(root)} reads {found}: through tawla/ui/compat.py only"


def test_the_tests_read_textual_s_private_corners_in_one_module() -> None:
    """The tests read Textual's privates (an app's pending error, its driver, the compositor's rows)
    through tests/helpers/waiting.py only, whose helpers the test below runs."""
    names = ("._exception", "._driver", "._compositor", "._background_screens", "textual._context", "widgets._footer")
    for path in Path(__file__).parent.glob("*.py"):
        if path.name in ("waiting.py", "test_compat.py"):
            continue
        text = path.read_text(encoding="utf-8")
        found = [name for name in names if re.search(re.escape(name) + r"\b", text)]
        assert not found, f"tests/{path.name} reads {found}: through tests/helpers/waiting.py only"


def test_the_palette_still_names_its_no_matches_option() -> None:
    assert isinstance(CommandPalette._NO_MATCHES, str) and compat.no_matches_id() == CommandPalette._NO_MATCHES
    assert "_NO_MATCHES" in inspect.getsource(CommandPalette), "the palette no longer writes that option"


def test_an_app_still_routes_unhandled_errors_through_handle_exception() -> None:
    assert callable(getattr(App, "_handle_exception", None))
    assert "_handle_exception" in inspect.getsource(App)


async def test_nothing_to_await_is_awaitable_and_done() -> None:
    await compat.nothing_to_await()  # (returns at once: nothing to wait for)


async def test_footer_keys_input_state_and_the_driver_are_where_compat_reads_them() -> None:
    class Probe(App[None]):
        BINDINGS = [Binding("x", "bell", "Ring")]

        def compose(self) -> ComposeResult:
            yield Input(id="field", suggester=None)
            yield Footer()

    app = Probe()
    async with app.run_test() as pilot:
        await wait_until(pilot, lambda: app.query(compat.FooterKey), "the footer's keys")
        keys = list(app.query(compat.FooterKey))
        key = keys[0]
        assert compat.key_disabled(key) is False
        compat.set_key_disabled(key, True)
        assert compat.key_disabled(key) is True and key.has_class("-disabled")
        field = app.query_one("#field", Input)
        assert compat.suggestion_of(field) == ""
        assert isinstance(compat.cursor_shown(field), bool)
        assert hasattr(app, "_driver") and app._driver is not None
        assert not compat.going(field)
        assert hasattr(field, "_pruning") and hasattr(field, "_closing")
        footer = app.query_one(Footer)
        assert compat.bindings_ready(footer) is True  # (told once its screen's keys were known)
        with compat.on_behalf_of(footer):  # (the footer composed from the test's coroutine)
            await footer.recompose()
        assert footer.query(compat.FooterKey)
        assert waiting.error_of(app) is None
        assert len(waiting.drawn_strips(app)) == app.size.height and waiting.strips(app.screen)
        assert footer in waiting.visible_widgets(app.screen)
        done = asyncio.Event()
        waiting.deliver(app, events.Callback(callback=done.set))
        await wait_until(pilot, done.is_set, "an event handed on as the driver does")


async def test_an_app_s_waiting_messages_and_its_clock_are_where_compat_reads_them() -> None:
    """busy_nodes sees a message waiting in a widget's queue (and none once it is handled);
    event_clock is the clock a key's ``time`` is read from."""
    handled = asyncio.Event()

    class Probe(App[None]):
        def compose(self) -> ComposeResult:
            yield Input(id="field")

    app = Probe()
    async with app.run_test() as pilot:
        field = app.query_one("#field", Input)
        before = compat.event_clock()
        key = events.Key("x", "x")
        assert before <= key.time <= compat.event_clock()
        field.post_message(events.Callback(callback=handled.set))
        assert field in compat.busy_nodes(app)  # (posted, not yet handled)
        await wait_until(pilot, handled.is_set, "the callback handled")
        await wait_until(pilot, lambda: field not in compat.busy_nodes(app), "nothing waiting in the field")


def test_the_input_still_maps_a_click_through_cell_offset_to_index() -> None:
    """compat.CellOffsetInput overrides it, for tawla's right-to-left field (tawla/ui/fields.py):
    the click and drag handlers must call it."""
    assert callable(getattr(Input, "_cell_offset_to_index", None))
    assert inspect.getsource(Input).count("self._cell_offset_to_index(") >= 2, "a click no longer goes through it"
    assert "cell_offset_to_index" not in vars(Input), "Input has a public name for it now: use that"


async def test_a_click_lands_where_cell_offset_to_index_says() -> None:
    class Mirrored(compat.CellOffsetInput):
        def cell_offset_to_index(self, offset: int) -> int:
            return len(self.value) - super().cell_offset_to_index(offset)

    class Probe(App[None]):
        def compose(self) -> ComposeResult:
            yield compat.CellOffsetInput("abcdef", id="plain")
            yield Mirrored("abcdef", id="mirrored")

    app = Probe()
    async with app.run_test() as pilot:
        for name, expected in (("plain", 2), ("mirrored", 4)):
            field = app.query_one(f"#{name}", Input)
            left = field.content_region.x - field.region.x
            assert await pilot.click(field, offset=(left + 2, field.content_region.y - field.region.y))
            await wait_until(pilot, lambda f=field, e=expected: f.cursor_position == e, f"the {name} field's cursor")


def test_the_palette_still_takes_the_screen_under_it_in_its_own_mount_handler() -> None:
    """compat.MountGuard stops it when there is no screen under the palette (tawla/ui/commands.py)."""
    assert "_on_mount" in vars(CommandPalette)
    assert "screen_stack[-2]" in inspect.getsource(vars(CommandPalette)["_on_mount"])


async def test_a_guarded_mount_stops_the_mount_handlers_after_it_and_keeps_the_subclass_s_own() -> None:
    """Textual still calls one mount handler per class up the MRO, ``_on_mount`` first, and stops
    at ``prevent_default``: compat.MountGuard's guard, refusing, stops those of the classes after
    it; the guarded class's own ``on_mount`` is still called (the palette's watches the language)."""
    from textual.widget import Widget

    mounted: list[str] = []
    own: list[str] = []

    class Base(Widget):
        def _on_mount(self) -> None:
            mounted.append(self.id or "")

    class Guarded(compat.MountGuard, Base):
        def mount_refused(self) -> bool:
            return self.id == "refused"

        def on_mount(self) -> None:
            own.append(self.id or "")

    class Probe(App[None]):
        def compose(self) -> ComposeResult:
            yield Guarded(id="refused")
            yield Guarded(id="allowed")

    app = Probe()
    async with app.run_test() as pilot:
        await wait_until(pilot, lambda: "allowed" in mounted, "the allowed widget's mount")
        await wait_until(pilot, lambda: len(own) == 2, lambda: f"both widgets' own on_mount (called: {own})")
        assert mounted == ["allowed"]
        assert sorted(own) == ["allowed", "refused"]


# -- no private name of Textual's outside compat.py ------------------------------------------
#
# A name is Textual's private if it begins with one underscore (not a dunder) and Textual's own
# source defines it: a function, a class, a class attribute or a module's global, or an attribute
# it sets anywhere (``self._x = ...``). tawla's own private names are told apart by where they are used:
#
# - inside a class: ``self._x``, ``cls._x`` and ``super()._x`` (read, set or deleted), and ``def _x``
#   or ``_x = ...`` in its body, are Textual's when a Textual class of that class's MRO defines
#   ``_x`` (the class reads, sets or overrides it), tawla's otherwise;
# - on anything else (``field._x``): Textual's when the object is imported from Textual, not when
#   it is imported from elsewhere (``os._exit``, ``Position._trusted``); on an object of unknown kind
#   (a parameter, a local, ``self.app``) Textual's when Textual defines ``_x`` and tawla defines it
#   nowhere, overrides of Textual's left out;
# - ``getattr``/``setattr``/``hasattr``/``delattr`` with the name as a string count as ``x._x``;
# - an import of a private module of Textual's (``textual._x``, ``textual.widgets._footer``) or of
#   a private name from one of its modules.

TEXTUAL = Path(inspect.getfile(App)).parent
TAWLA = Path(compat.__file__).parent.parent
ACCESSORS = ("getattr", "setattr", "hasattr", "delattr")


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__") and len(name) > 1


@dataclass
class Defined:
    """The private names of a package's source: its modules' globals (and, for Textual, every
    attribute it sets), and each class's (by module and qualified name)."""

    globals: set[str] = field(default_factory=set)
    by_class: dict[tuple[str, str], set[str]] = field(default_factory=dict)

    @functools.cached_property
    def names(self) -> frozenset[str]:
        return frozenset(self.globals.union(*self.by_class.values()))


def _module_name(root: Path, path: Path) -> str:
    """The module at ``path`` in the package at ``root``."""
    names = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(names[:-1] if names[-1] == "__init__" else names)


def _classes(tree: ast.AST) -> Iterator[tuple[str, ast.ClassDef]]:
    """Every class of a module with its qualified name (in a function: ``f.<locals>.C``)."""

    def walk(node: ast.AST, prefix: str) -> Iterator[tuple[str, ast.ClassDef]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                name = f"{prefix}{child.name}"
                yield name, child
                yield from walk(child, name + ".")
            elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                yield from walk(child, f"{prefix}{child.name}.<locals>.")
            else:
                yield from walk(child, prefix)

    yield from walk(tree, "")


def _body_names(node: ast.ClassDef | ast.Module) -> Iterator[tuple[str, ast.stmt]]:
    """The names a class body or a module defines (functions, classes, assignments), with where."""
    for child in node.body:
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield child.name, child
        targets: list[ast.expr] = []
        if isinstance(child, ast.Assign):
            targets = child.targets
        elif isinstance(child, ast.AnnAssign | ast.AugAssign):
            targets = [child.target]
        for target in targets:
            yield from ((sub.id, child) for sub in ast.walk(target) if isinstance(sub, ast.Name))


def _set_attributes(node: ast.AST, own: bool) -> Iterator[str]:
    """The attributes set or deleted under ``node`` (``own``: only on ``self`` or ``cls``)."""
    for sub in ast.walk(node):
        if not (isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Store | ast.Del)):
            continue
        if not own or (isinstance(sub.value, ast.Name) and sub.value.id in ("self", "cls")):
            yield sub.attr


def _definitions(root: Path, everything_set: bool, skip: Container[str] = ()) -> Defined:
    """The private names defined in the package at ``root``: with ``everything_set``, every
    attribute set anywhere counts (Textual's source), else those set on ``self`` or ``cls``."""
    defined = Defined()
    for path in sorted(root.rglob("*.py")):
        if path.name in skip:
            continue
        module = _module_name(root, path)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        defined.globals.update(name for name, _ in _body_names(tree) if _private(name))
        if everything_set:
            defined.globals.update(name for name in _set_attributes(tree, own=False) if _private(name))
        for qualname, node in _classes(tree):
            names = {name for name, _ in _body_names(node)} | set(_set_attributes(node, own=True))
            defined.by_class[(module, qualname)] = {name for name in names if _private(name)}
    return defined


@functools.cache
def _textual() -> Defined:
    return _definitions(TEXTUAL, everything_set=True)


def _textual_privates_of(cls: type) -> set[str]:
    """The private names the Textual classes of ``cls``'s MRO define."""
    found: set[str] = set()
    for base in cls.__mro__:
        if base.__module__.split(".")[0] == "textual":
            found |= _textual().by_class.get((base.__module__, base.__qualname__), set())
            found |= {name for name in vars(base) if _private(name)}
    return found


def _runtime_class(module_name: str, qualname: str) -> type | None:
    found: object = importlib.import_module(module_name)
    for part in qualname.split("."):
        found = getattr(found, part, None)
    return found if isinstance(found, type) else None


def _imported_from(tree: ast.Module) -> dict[str, str]:
    """The names a module imports, each with the module it comes from."""
    origin: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                origin[alias.asname or alias.name.split(".")[0]] = alias.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            for alias in node.names:
                origin[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return origin


def _from_textual(module: str) -> bool:
    return module.split(".")[0] == "textual"


def _privates_of_class(module_name: str, qualname: str, node: ast.ClassDef, origin: dict[str, str]) -> set[str]:
    """The private names of Textual's that ``node``'s class inherits."""
    runtime = _runtime_class(module_name, qualname) if "<locals>" not in qualname else None
    if runtime is not None:
        return _textual_privates_of(runtime)
    # (A class made inside a function: any of Textual's names when a base is imported from it.)
    bases = [ast.unparse(base).split(".")[0] for base in node.bases]
    return set(_textual().names) if any(_from_textual(origin.get(b, "")) for b in bases) else set()


def textual_privates_used(root: Path, path: Path, tawla_own: Container[str]) -> list[str]:
    """``file:line: name`` for each use of a private name of Textual's in the module at ``path``
    of the package at ``root`` (see above); ``tawla_own``: the private names tawla defines,
    overrides of Textual's left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    module_name = _module_name(root, path)
    found: list[str] = []
    origin = _imported_from(tree)

    def say(node: ast.AST, name: str) -> None:
        found.append(f"{path.relative_to(root.parent)}:{getattr(node, 'lineno', 0)}: {name}")

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if _from_textual(alias.name) and any(_private(part) for part in alias.name.split(".")):
                    say(node, alias.name)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and _from_textual(node.module):
            for alias in node.names:
                if any(_private(part) for part in [*node.module.split("."), alias.name]):
                    say(node, f"{node.module}.{alias.name}")

    privates: dict[int, set[str]] = {}
    for qualname, node in _classes(tree):
        privates[id(node)] = _privates_of_class(module_name, qualname, node, origin)
        for name, where in _body_names(node):
            if name in privates[id(node)]:
                say(where, f"{qualname}.{name}")

    def accessed(receiver: ast.expr, name: str, node: ast.AST, enclosing: ast.ClassDef | None) -> None:
        if not _private(name):
            return
        mine = isinstance(receiver, ast.Name) and receiver.id in ("self", "cls")
        mine = mine or (isinstance(receiver, ast.Call) and ast.unparse(receiver.func) == "super")
        if mine and enclosing is not None:
            if name in privates[id(enclosing)]:
                say(node, name)
            return
        root = receiver
        while isinstance(root, ast.Attribute | ast.Call | ast.Subscript):
            root = root.func if isinstance(root, ast.Call) else root.value
        if isinstance(root, ast.Name) and root.id in origin:
            if _from_textual(origin[root.id]):
                say(node, name)
        elif name in _textual().names and name not in tawla_own:
            say(node, name)

    def visit(node: ast.AST, enclosing: ast.ClassDef | None) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Attribute):
                accessed(child.value, child.attr, child, enclosing)
            elif isinstance(child, ast.Call) and ast.unparse(child.func) in ACCESSORS and len(child.args) >= 2:
                key = child.args[1]
                if isinstance(key, ast.Constant) and isinstance(key.value, str):
                    accessed(child.args[0], key.value, child, enclosing)
            visit(child, child if isinstance(child, ast.ClassDef) else enclosing)

    visit(tree, None)
    return found


def tawla_own(root: Path) -> set[str]:
    """The private names the package at ``root`` defines itself (compat.py's left out), overrides
    of Textual's left out: what a class defines that a Textual class of its MRO does not."""
    defined = _definitions(root, everything_set=False, skip=("compat.py",))
    own = set(defined.globals)
    for (module_name, qualname), names in defined.by_class.items():
        runtime = _runtime_class(module_name, qualname) if "<locals>" not in qualname else None
        own |= names - (_textual_privates_of(runtime) if runtime is not None else _textual().names)
    return own


def test_no_module_but_compat_names_a_private_name_of_textual() -> None:
    """Textual's private API is used in tawla/ui/compat.py alone, behind names of tawla's: a new
    Textual is then met in one module (whose uses are checked above), not in a game."""
    own = tawla_own(TAWLA)
    paths = [p for p in sorted(TAWLA.rglob("*.py")) if p.name not in ("compat.py", "__main__.py")]
    found = [line for path in paths for line in textual_privates_used(TAWLA, path, own)]
    assert not found, "Textual's private names outside tawla/ui/compat.py:\n" + "\n".join(found)


PLANTED = """
import os
from textual.widgets import Input
from textual.widgets._footer import FooterKey
from textual.command import CommandPalette
from textual import _context


class Field(Input):
    _selecting = True

    def _cell_offset_to_index(self, offset: int) -> int:
        self._own_view = 1
        self._cursor_visible = False
        return super()._cell_offset_to_index(offset) + self._own_view

    def _own(self) -> None:
        hasattr(self, "_suggestion"), getattr(self, "_own_view"), os._exit, self.app._driver


def read(field: Input) -> object:
    field._own_view, field._own
    return field._suggestion, CommandPalette._NO_MATCHES, Input._on_click


class Other:
    def _cell_offset_to_index(self) -> None:
        self._cursor_visible = True
"""


def test_the_private_name_check_finds_each_kind_of_use(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each kind of use is found, by line, in a package made for the test; its own names are not
    (nor, a limit of the check, a name it defines itself read on an object of unknown kind:
    ``Other`` makes ``_cell_offset_to_index`` one of its own, and ``field._cell_offset_to_index``
    would pass)."""
    package = tmp_path / "tawla_compat_plant"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "probe.py").write_text(PLANTED, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        own = tawla_own(package)
        found = textual_privates_used(package, package / "probe.py", own)
    finally:
        for name in ("tawla_compat_plant.probe", "tawla_compat_plant"):
            sys.modules.pop(name, None)
    assert {"_own_view", "_own", "_cell_offset_to_index", "_cursor_visible"} <= own  # (Other's: its own)
    assert found == [
        "tawla_compat_plant/probe.py:4: textual.widgets._footer.FooterKey",
        "tawla_compat_plant/probe.py:6: textual._context",
        "tawla_compat_plant/probe.py:10: Field._selecting",
        "tawla_compat_plant/probe.py:12: Field._cell_offset_to_index",
        "tawla_compat_plant/probe.py:14: _cursor_visible",
        "tawla_compat_plant/probe.py:15: _cell_offset_to_index",
        "tawla_compat_plant/probe.py:18: _suggestion",
        "tawla_compat_plant/probe.py:18: _driver",
        "tawla_compat_plant/probe.py:23: _suggestion",
        "tawla_compat_plant/probe.py:23: _NO_MATCHES",
        "tawla_compat_plant/probe.py:23: _on_click",
    ], found


async def test_once_calls_back_however_late_its_timer_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clock that jumps 5 ms at every read (a process descheduled between two lines, as on a
    loaded machine): ``set_timer``'s one tick of 1 ms is late before it is looked at and is
    skipped for good (the computer's pause never ended); ``once`` calls back all the same."""
    from textual import _time

    app = App[None]()
    fired: list[str] = []
    async with app.run_test() as pilot:
        real = _time.get_time
        jumps = [0.0]

        def jumping() -> float:
            jumps[0] += 0.005
            return real() + jumps[0]

        monkeypatch.setattr(_time, "get_time", jumping)
        skipped = app.set_timer(0.001, lambda: fired.append("set_timer"))
        compat.once(app, 0.001, lambda: fired.append("once"))
        await wait_until(pilot, lambda: "once" in fired, "once's callback")
        await wait_until(pilot, lambda: skipped._task is None or skipped._task.done(), "set_timer's timer over")
        monkeypatch.setattr(_time, "get_time", real)
        behind = asyncio.Event()  # (queued after anything the skipped timer could still have queued)
        app.call_next(behind.set)
        await wait_until(pilot, behind.is_set, "the app's queue handled up to here")
        # (If this fails, Textual no longer skips a late one-shot timer: once() may go.)
        assert fired == ["once"]
