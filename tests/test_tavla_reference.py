"""Plakoto's and Fevga's legal plays compared with a brute-force reference (issue 23).

``tests/helpers/tavla_reference.py`` enumerates every play by plain brute force from the rules as the
issue states them, written without reading the engine; ``tests/helpers/tavla_positions.py`` makes
random positions that can occur (pins, mothers, blocks and primes, the first checker,
bear-offs, starts) and positions met in random self-play. The sets of resulting positions must
be identical, pair by pair: 20 000 position x roll pairs per game with the default rules, and
more under each other setting.
"""

from __future__ import annotations

import random

import pytest

from tawla.engine.tavla import FirstChecker, Game, Mother, Variant, parse_board, tavla_plays

from .helpers.tavla_positions import KINDS, random_position, random_roll, self_play_positions
from .helpers.tavla_reference import reference_plays

CHUNKS = 4
PAIRS = 20_000


def _engine(text: str, roll: tuple[int, int], variant: Variant) -> set[str]:
    board = parse_board(variant.game, text)
    return {p.result.text() for p in tavla_plays(board, roll, variant)}


def _compare(pairs: list[tuple[str, tuple[int, int]]], variant: Variant) -> list[str]:
    failures = []
    for text, roll in pairs:
        ours = _engine(text, roll, variant)
        theirs = reference_plays(text, roll, variant.game.value, mother=variant.mother.value, first=variant.first.value)
        if ours != theirs:
            failures.append(f"{text} {roll[0]}{roll[1]}: engine only {ours - theirs}, reference only {theirs - ours}")
    return failures


def _random_pairs(game: Game, seed: str, count: int) -> list[tuple[str, tuple[int, int]]]:
    rng = random.Random(seed)
    return [(random_position(rng, game.value), random_roll(rng)) for _ in range(count)]


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("game", [Game.PLAKOTO, Game.FEVGA])
def test_random_positions_of_every_kind_play_as_the_reference_says(game: Game, chunk: int) -> None:
    pairs = _random_pairs(game, f"tavla-{game.value}-{chunk}", PAIRS * 3 // 5 // CHUNKS)
    failures = _compare(pairs, Variant(game))
    assert not failures, "\n".join(failures[:10])


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("game", [Game.PLAKOTO, Game.FEVGA])
def test_self_play_positions_play_as_the_reference_says(game: Game, chunk: int) -> None:
    rng = random.Random(f"tavla-self-{game.value}-{chunk}")
    texts = self_play_positions(rng, game.value, PAIRS * 2 // 5 // CHUNKS)
    failures = _compare([(text, random_roll(rng)) for text in texts], Variant(game))
    assert not failures, "\n".join(failures[:10])


@pytest.mark.parametrize(
    "variant",
    [
        Variant(Game.PLAKOTO, mother=Mother.NONE),
        Variant(Game.PLAKOTO, mother=Mother.SINGLE),
        Variant(Game.FEVGA, first=FirstChecker.QUARTER),
    ],
    ids=["plakoto-no-mother", "plakoto-single-mother", "fevga-quarter"],
)
def test_every_setting_plays_as_the_reference_says(variant: Variant) -> None:
    pairs = _random_pairs(variant.game, f"tavla-setting-{variant}", 1500)
    failures = _compare(pairs, variant)
    assert not failures, "\n".join(failures[:10])


@pytest.mark.parametrize("game", [Game.PLAKOTO, Game.FEVGA])
def test_the_positions_cover_every_kind(game: Game) -> None:
    # (what the comparison is worth depends on it: each kind is drawn, and plays differ)
    rng = random.Random(f"kinds-{game.value}")
    for kind in KINDS[game.value]:
        texts = {random_position(rng, game.value, kind) for _ in range(20)}
        assert len(texts) > 1 or kind == "start", kind


def test_a_game_already_over_plays_nothing() -> None:
    # x has pinned o's mother and has no checker left on its own start: the game ended at
    # that step; whatever the dice, nothing more is played (the pass, as in the reference).
    over = "1p,3,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,-2,0;11,12"
    for roll in ((6, 5), (1, 1)):
        assert _engine(over, roll, Variant(Game.PLAKOTO)) == {over} == reference_plays(over, roll, "plakoto")
