"""Every place tawla reaches into Textual's private corners, because no public API does what is
needed: one module, so that a new Textual is met here, each use saying what is missing, and
``tests/test_compat.py`` failing if one of them goes or changes."""

from __future__ import annotations

from typing import Any

from textual.dom import DOMNode


def going(node: DOMNode) -> bool:
    """``node`` is being taken down (pruned or closing): Textual keeps it attached, and on the
    screen stack when the app shuts down, until the end; only these flags tell.
    (Missing: a public "is being removed" on DOMNode.)"""
    return bool(node._pruning or node._closing)


def write_to_terminal(app: Any, sequence: str) -> None:
    """Write a control sequence to the terminal, in order with the frames (the driver owns the
    output). (Missing: a public way to send a control sequence; App has none.)"""
    driver = app._driver
    if driver is not None:
        driver.write(sequence)
        driver.flush()


class ErrorHook:
    """An error that escaped a handler reaches ``App._handle_exception``, and only there: tawla's
    :meth:`crash` is called with it (the match saved, a report written, one line said). When
    ``crash`` returns True, Textual's own handling follows (under tests: the test fails loudly).
    (Missing: a public hook for unhandled errors in an App.)"""

    def crash(self, error: Exception) -> bool:
        return True

    def _handle_exception(self, error: Exception) -> None:
        if self.crash(error):
            super()._handle_exception(error)  # type: ignore[misc]
