"""Random Plakoto, Fevga and tavli matches (issue 23): invariants after every action, every
history replayed, every score recounted.

Each match is played to its end by random decisions (random plays and single steps, undos,
resignations offered and answered, forbidden actions tried), under random settings.
"""

from __future__ import annotations

import json
import random

import pytest

from tawla.engine.tavla import FirstChecker, Game, Mother, TavlaBoard
from tawla.game import Match, MatchState, Phase, RuleSet
from tawla.game.rules import TAVLI_LENGTHS, TAVLI_ORDER, GameChoice
from tawla.game.state import Ending
from tawla.store import saves

from .helpers.randomplay import play_random_match

MATCHES = 1000
CHUNKS = 8


def random_tavla_rules(rng: random.Random) -> RuleSet:
    """A tavli match (mostly to 3 points, the shortest), with random settings for its games."""
    return RuleSet().adjusted(
        game=GameChoice.TAVLI,
        match_length=rng.choices(TAVLI_LENGTHS, weights=(7, 2, 1))[0],
        mother=rng.choice(list(Mother)),
        first_checker=rng.choice(list(FirstChecker)),
    )


def check_tavla(state: MatchState) -> None:
    """What must hold in these games after every action."""
    board = state.board_now
    expected = state.rules.game_of(state.game)
    if expected is Game.BACKGAMMON:
        assert not isinstance(board, TavlaBoard)
        return
    assert isinstance(board, TavlaBoard) and board.game is expected
    # Fifteen a side, always: nothing is hit, nothing leaves the board but by bearing off.
    assert board.mover_on_board + board.mover_off == 15 == board.opponent_on_board + board.opponent_off
    assert board[0] == board[25] == 0, "no bar in these games"
    for p in range(1, 25):
        pin = board.pinned(p)
        assert pin == 0 or board[p] * pin < 0, f"a pinned checker lies under the other side's, point {p}"
        if expected is Game.FEVGA:
            assert pin == 0
    assert board.swapped().swapped() == board


def play_and_check(rng: random.Random, rules: RuleSet) -> Match:
    from .helpers import randomplay

    original = randomplay.check_invariants
    checked: list[tuple[object, int]] = []

    def both(state: MatchState, previous: MatchState | None) -> None:
        original(state, previous)
        # (check_tavla reads the board and the game's number alone: a board checked in this
        # game, the very same object, is not checked again; a roll, a double, a refused action
        # leave it as it was)
        seen = (state.board_now, state.game)
        if not checked or checked[0][0] is not seen[0] or checked[0][1] != seen[1]:
            check_tavla(state)
            checked[:] = [seen]

    randomplay.check_invariants = both
    try:
        return play_random_match(rng, rules, max_games=4)
    finally:
        randomplay.check_invariants = original


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_tavla_matches_keep_every_invariant_and_replay(chunk: int) -> None:
    rng = random.Random(f"tavla-matches-{chunk}")
    seen: dict[str, int] = {}
    for _ in range(MATCHES // CHUNKS):
        rules = random_tavla_rules(rng)
        match = play_and_check(rng, rules)
        state = match.state
        # Every history replays to the same state, and saves and loads to it (every few).
        again = Match(rules, match.names, events=match.events)
        assert again.state == state
        if rng.random() < 0.1:
            data = json.loads(saves.dumps(saves.SavedMatch(match, "test", "2026-12-03T10:00:00")))
            assert data["version"] == 4 and data["rules"]["game"] == "tavli"
            assert saves.from_json(data).match.state == state
        # The score is the recount of the results; a tavli match plays its games in turn.
        assert state.score == (
            sum(r.points for r in state.results if r.winner == 0),
            sum(r.points for r in state.results if r.winner == 1),
        )
        for result in state.results:
            assert result.points in ((0,) if result.ending is Ending.DRAW else (1, 2))
            seen[result.ending.value] = seen.get(result.ending.value, 0) + 1
        assert [rules.game_of(n) for n in range(1, 5)] == [*TAVLI_ORDER, TAVLI_ORDER[0]]
        assert state.match_over and max(state.score) >= rules.match_length
        if state.phase is Phase.MATCH_OVER:
            seen["over"] = seen.get("over", 0) + 1
    assert seen.get("bear_off") and seen.get("over"), seen
