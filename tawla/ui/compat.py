"""Where tawla reads Textual's private state, because no public API says it (one place, so
that a change in Textual is met here; tests/test_rebuilds.py fails if one of these goes)."""

from __future__ import annotations

from textual.dom import DOMNode


def going(node: DOMNode) -> bool:
    """``node`` is being taken down (pruned or closing): Textual keeps it attached, and on the
    screen stack when the app shuts down, until the end; only these flags tell."""
    return bool(node._pruning or node._closing)
