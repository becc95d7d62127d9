"""Each of Textual's private corners tawla uses (tawla/ui/compat.py) still is what tawla reads:
a new Textual that renames or changes one fails here, by name, not somewhere in a game."""

from __future__ import annotations

import asyncio
import inspect
import re
from pathlib import Path

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
    """compat.guard_mount stops it when there is no screen under the palette (tawla/ui/commands.py)."""
    assert "_on_mount" in vars(CommandPalette)
    assert "screen_stack[-2]" in inspect.getsource(vars(CommandPalette)["_on_mount"])


async def test_a_guarded_mount_stops_the_mount_handlers_above_it() -> None:
    """Textual still calls one mount handler per class up the MRO, ``_on_mount`` first, and stops
    at ``prevent_default``: compat.guard_mount's guard runs first and, refusing, stops them."""
    from textual.widget import Widget

    mounted: list[str] = []

    class Base(Widget):
        def _on_mount(self) -> None:
            mounted.append(self.id or "")

    @compat.guard_mount
    class Guarded(Base):
        def mount_refused(self) -> bool:
            return self.id == "refused"

    class Probe(App[None]):
        def compose(self) -> ComposeResult:
            yield Guarded(id="refused")
            yield Guarded(id="allowed")

    app = Probe()
    async with app.run_test() as pilot:
        await wait_until(pilot, lambda: "allowed" in mounted, "the allowed widget's mount")
        await pilot.pause()
        assert mounted == ["allowed"]
