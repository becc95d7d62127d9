"""The footer composes its keys once for the signals a screen gives for one change, and still
shows the keys as they are after the last of them (tawla/ui/footer.py, ``bindings_changed``)."""

from __future__ import annotations

import inspect

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Footer

from tawla.ui.compat import FooterKey
from tawla.ui.footer import TawlaFooter

from .helpers.waiting import settle, wait_until


class Probe(App[None]):
    BINDINGS = [Binding("x", "one", "One"), Binding("y", "two", "Two")]

    def compose(self) -> ComposeResult:
        yield TawlaFooter()

    def action_one(self) -> None: ...

    def action_two(self) -> None: ...

    def action_three(self) -> None: ...


async def test_many_signals_for_one_change_compose_the_keys_once_and_as_they_are_after_them() -> None:
    app = Probe()
    async with app.run_test() as pilot:
        footer = app.query_one(TawlaFooter)
        await wait_until(pilot, lambda: footer.query(FooterKey), "the footer's keys")
        await settle(pilot)
        composed: list[list[str]] = []
        recompose = footer.recompose

        async def counted() -> None:
            await recompose()
            composed.append([key.key for key in footer.query(FooterKey)])

        footer.recompose = counted  # type: ignore[method-assign]
        app.bind("z", "three", description="Three")  # (a key more, told by the signals below)
        for _ in range(4):  # (as a dialog closing signals its screen's keys four times)
            app.screen.refresh_bindings()
        await wait_until(pilot, lambda: composed, "the keys composed again")
        await settle(pilot)  # (a second recompose has its chance)
        assert composed == [["x", "y", "z", "ctrl+p"]], composed
        app.screen.refresh_bindings()  # (a signal after it: composed again)
        await wait_until(pilot, lambda: len(composed) == 2, "the keys composed once more")


def test_textual_s_footer_still_asks_for_its_keys_as_tawla_s_does() -> None:
    """TawlaFooter.bindings_changed is Textual's, asking for one recompose at a time: Textual's
    still says the footer has been told its keys, waits for the app's focus and recomposes once
    the screen is refreshed (a change there is to be made in tawla's too)."""
    source = inspect.getsource(Footer.bindings_changed)
    for line in (
        "self._bindings_ready = True",
        "if not screen.app.app_focus:",
        "if self.is_attached and screen is self.screen:",
        "self.call_after_refresh(self.recompose)",
    ):
        assert line in source, f"Textual's Footer.bindings_changed is now:\n{source}"
