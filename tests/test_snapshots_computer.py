"""Pictures of the computer at the table (issue 24): New match with the computer in the second
seat, in English and Arabic, at 80 × 24 and 120 × 40 (see tests/test_snapshots.py for how the
pictures are taken and checked)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Checkbox, Input

from tawla.ui.screens.new_match import NewMatchScreen

from .test_snapshots import _book_read, app_for, drawn, sizes, up

pytest.importorskip("bgsage")  # (without it the form refuses the seat: another picture)

langs = pytest.mark.parametrize("lang", ["en", "ar"])


def _seated(screen: NewMatchScreen) -> bool:
    """The computer in the second seat: its box ticked and focused, its name in the field."""
    box = screen.query_one("#computer1", Checkbox)
    return _book_read(screen) and box.value and screen.focused is box and screen.query_one("#name1", Input).disabled


@langs
@sizes
def test_new_match_with_the_computer(snap_compare, size, lang) -> None:  # type: ignore[no-untyped-def]
    async def seated(pilot: Pilot[Any]) -> None:
        await up(pilot)
        await pilot.press("enter")
        form = await drawn(pilot, NewMatchScreen, _book_read, "the book read")
        box = form.query_one("#computer1", Checkbox)
        for _ in range(6):  # (Tab: the first name, the second, then the seats' boxes)
            if form.focused is box:
                break
            await pilot.press("tab")
        await pilot.press("space")
        await drawn(pilot, NewMatchScreen, _seated, "the computer in the second seat")

    assert snap_compare(app_for(variant=lang), run_before=seated, terminal_size=size)
