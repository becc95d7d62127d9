"""Shared fixtures: boards drawn as text, and hypothesis profiles."""

from __future__ import annotations

import os
import textwrap

from hypothesis import HealthCheck, settings

from tawla.engine import Position, legal_plays
from tawla.engine.diagram import diagram, parse_diagram
from tawla.engine.notation import format_play

settings.register_profile("ci", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=2000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


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
