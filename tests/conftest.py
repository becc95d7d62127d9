"""Shared fixtures: boards drawn as text, and hypothesis profiles."""

from __future__ import annotations

import gc
import os
import textwrap

import pytest
from hypothesis import HealthCheck, settings

from tawla.engine import Position, legal_plays
from tawla.engine.diagram import diagram, parse_diagram
from tawla.engine.notation import format_play

settings.register_profile("ci", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=2000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_xdist_auto_num_workers(config: object) -> int:
    """``-n auto``: three workers a core. A test of the interface waits a third of its time (for
    the terminal in tmux, for the browser, for Textual to look idle), and those waits leave a core
    idle: a clean-clone run on two cores took 650 s with three workers, 546 s with four (#35) and,
    with #36 and #37's tests, 553 s with four and 517 s with six (the same tests, one quiet machine)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return cores * 3


FRAMES_A_SECOND = int(os.environ.get("TAWLA_TEST_FPS", "15"))
"""Textual draws a screen at most this often here (60 for a player: ``TEXTUAL_FPS``; another rate
for a run: ``TAWLA_TEST_FPS``, e.g. 5 to find a test that reads a screen before it is drawn). A test reads
what a screen came to, never a frame in between, and a frame costs its CPU whatever comes of it:
the interface's tests used 16 % less CPU at 15 (tests/test_rebuilds.py and test_drawn_within.py,
one machine, the same tests). Every tawla in tmux and in the browser draws at a player's 60."""


def _fewer_frames() -> None:
    import textual.screen

    textual.screen.UPDATE_PERIOD = 1 / FRAMES_A_SECOND  # type: ignore[misc]  # (read at each screen's first refresh)


_fewer_frames()


def _starts_early(item: pytest.Item) -> bool:
    """Marked ``slow``, or a real terminal's or a real browser's (they wait on another process)."""
    return item.get_closest_marker("slow") is not None or item.path.name.startswith(("test_tmux", "test_serve_browser"))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long tests first (in their order), the rest after: started first, the long games in
    tmux and the thousands of random keys end before the quick tests do, and the last worker to
    finish is not the one that drew a long test last (a run of two cores waited a minute and
    more on one)."""
    items.sort(key=lambda item: not _starts_early(item))


def pytest_configure(config: pytest.Config) -> None:
    """numpy's arithmetic on one thread, as the ``tawla`` command sets it (tawla.cli.ONE_THREAD),
    before numpy is first imported; xdist's workers inherit it."""
    from tawla.cli import one_thread

    one_thread()


def pytest_collection_finish(session: object) -> None:
    """Once the tests are collected, what exists lives as long as the run (modules, Textual's
    classes, the collected tests): frozen out of the garbage collector's sight, and its youngest
    generation collected every 10 000 allocations instead of 700. The interface's tests make
    objects by the million; a suite's worth of UI tests used 14 % less CPU so (measured on two
    cores, the same tests). Nothing is collected less in the end: only less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 20, 20)


@pytest.fixture(autouse=True)
def _cards_take_keys_at_once(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """A result card refuses the keys of its first moment (``ResultScreen.KEYS_AFTER``, #36):
    the habit it guards is a player's, and a test's keys are pressed when the test has waited
    for the card. Here a card takes its keys once drawn, its hint shown at once; a test marked
    ``card_waits`` (tests/test_result_card.py) and every tawla in tmux meet the real moment."""
    if request.node.get_closest_marker("card_waits") is None:
        from tawla.ui.screens.dialogs import ResultScreen

        monkeypatch.setattr(ResultScreen, "KEYS_AFTER", 0.0, raising=False)


def board(picture: str) -> Position:
    """The position a test draws (see tawla.engine.diagram); the drawing must be exactly
    what the engine would draw for it, so the picture in a test cannot lie."""
    position = parse_diagram(picture)
    assert _normal(diagram(position)) == _normal(picture), "the picture is not in canonical form"
    return position


def _normal(text: str) -> list[list[str]]:
    return [line.split() for line in textwrap.dedent(text).strip().splitlines()]


def plays(position: Position, roll: tuple[int, int]) -> set[str]:
    """The legal plays in notation, as a set (``{"pass"}`` when nothing can be played)."""
    found = legal_plays(position, roll)
    texts = [format_play(p) for p in found]
    assert len(set(texts)) == len(texts), f"two plays print the same: {texts}"
    return set(texts)
