"""Random rule sets and random complete matches, with invariants checked at every step.

Used by the random-match tests, the 100 000-match script and the game
benchmark. Every decision is random: doubles, takes, beavers, raccoons,
resignations (offered and answered), undos, and the checker play itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from tawla.engine.games import plays_of
from tawla.game import Action, ActionError, Match, MatchState, Phase, RuleSet, SeededDice
from tawla.game.rules import NextOpener, Opening


def random_rules(rng: random.Random) -> RuleSet:
    """Any valid rule set, matches and money play alike."""
    money = rng.random() < 0.35
    cube = rng.random() < 0.8
    max_cube = rng.choice((2, 4, 8, 64, 64, 4096))
    beavers = money and cube and rng.random() < 0.5
    auto = rng.choice((0, 0, 1, 2)) if money and cube else 0
    gammons = rng.random() < 0.85
    length = 0 if money else rng.choice((1, 1, 2, 3, 5, 7, 9))
    opening = rng.choice(list(Opening))
    opener = rng.choice(list(NextOpener))
    if opener is NextOpener.PREVIOUS_WINNER:
        auto = 0  # automatic doubles need an opening roll every game
    return RuleSet(
        match_length=length,
        opening=opening,
        next_game_opener=opener,
        cube=cube,
        max_cube=max_cube,
        gammons_count=gammons,
        backgammons_count=gammons and rng.random() < 0.8,
        holland=not money and cube and rng.random() < 0.3,
        jacoby=money and cube and rng.random() < 0.5,
        beavers=beavers,
        raccoons=beavers and rng.random() < 0.5,
        automatic_doubles=min(auto, max_cube.bit_length() - 1),
    )


_COUNTED: list[tuple[object, int, tuple[int, int]]] = [(None, 0, (0, 0))]
"""The board :func:`_off` counted last, who was on roll, and what it found."""


def _off(state: MatchState) -> tuple[int, int]:
    """Each player's checkers off at the start of the turn, once it is checked that no side has
    more than 15 on the board. Counted once for a board: ``state.board`` stays the very same
    object all through a turn (its steps, the cube's actions, refused actions), and the counts
    and checks are those of the board and who is on roll alone."""
    board, on_roll, off = _COUNTED[0]
    if board is state.board and on_roll == state.on_roll:
        return off
    board = state.board
    off = (state.board_for(0).mover_off, state.board_for(1).mover_off)
    assert all(0 <= n <= 15 for n in off)
    assert sum(v for v in board if v > 0) <= 15 and -sum(v for v in board if v < 0) <= 15
    _COUNTED[0] = (board, state.on_roll, off)
    return off


def check_invariants(state: MatchState, previous: MatchState | None) -> None:
    """What must hold after every action of any match."""
    rules = state.rules
    board = state.board
    # 15 checkers a side: none more on the board, and (below) none lost within a game.
    before = _off(previous) if previous is not None and previous.game == state.game else None  # (counted last)
    off = _off(state)
    if state.turn is not None:
        assert state.turn.start == board
    if before is not None:
        assert off[0] >= before[0] and off[1] >= before[1], "a checker disappeared"
    cube = state.cube
    assert cube.value >= 1 and cube.value & (cube.value - 1) == 0 and cube.value <= rules.max_cube
    assert cube.owner in (None, 0, 1)
    if cube.owner is not None:
        assert rules.cube and cube.value >= 2
    if not rules.cube:
        assert cube == type(cube)() and state.offered == 0
    if state.phase in (Phase.DOUBLED, Phase.BEAVERED, Phase.RACCOONED):
        assert state.offered >= 2 * cube.value and state.offered <= rules.max_cube
    else:
        assert state.offered == 0
    if state.crawford_game:
        assert rules.is_match and state.phase is not Phase.DOUBLED
    if state.phase is Phase.DOUBLED:  # (GNU Backgammon's dead cube: never doubled in a match)
        assert not state.cube_dead_for(state.on_roll), f"a dead cube of {cube.value} was doubled at {state.score}"
    if state.cube_turned:  # one cube exchange per turn, before the roll
        assert not state.can_double and state.turn is None
    if rules.is_match:
        over = max(state.score) >= rules.match_length
        assert over == (state.phase is Phase.MATCH_OVER)
    if previous is not None and rules.is_match and len(state.results) > len(previous.results):
        # A game just ended: a score GNU Backgammon could reach. Its cube was last doubled by a
        # player for whom it was live (half of it below what they needed), and the points are
        # at most a backgammon at that cube.
        result, need = state.results[-1], [rules.match_length - s for s in previous.score]
        assert result.cube == 1 or result.cube // 2 < max(need), f"a {result.cube}-cube game at {previous.score}"
        assert result.points <= 3 * result.cube
    if previous is not None:
        assert state.score[0] >= previous.score[0] and state.score[1] >= previous.score[1]
        assert not (previous.crawford_used and state.crawford_game and state.game != previous.game)
        assert not (previous.match_over and state is not previous)
    assert sum(r.points for r in state.results if r.winner == 0) == state.score[0]
    assert sum(r.points for r in state.results if r.winner == 1) == state.score[1]


Decide = Callable[[random.Random, Match], None]


def r_half(rng: random.Random) -> bool:
    return rng.random() < 0.5


def random_action(rng: random.Random, match: Match) -> None:
    """Take one random allowed action (checker play biased towards finishing the turn).

    Only the actions a decision turns on are asked about (``Match.refusal``), not every action
    of the phase (``Match.actions``: in a turn being moved, that searches the legal steps at every
    action, a sixth of a tavli match's time); the decisions, and the randomness they draw, are
    those of asking about every action."""
    state = match.state
    phase = state.phase

    def allowed(action: Action) -> bool:
        return match.refusal(action) is None

    if allowed(Action.OPENING_ROLL):
        match.roll_opening()
    elif allowed(Action.NEXT_GAME):
        match.next_game()
    elif phase is Phase.TURN:
        r = rng.random()
        if r < 0.08 and allowed(Action.DOUBLE):
            match.double()
        elif r > 0.995:
            match.resign(rng.randint(1, 3))
        else:
            match.roll()
    elif (
        phase in (Phase.DOUBLED, Phase.BEAVERED) and (allowed(Action.BEAVER) or allowed(Action.RACCOON)) and r_half(rng)
    ):
        # (a redouble half the time it is allowed: beavers and raccoons are rare rules, met in
        # every chunk of random matches only so)
        (match.beaver if allowed(Action.BEAVER) else match.raccoon)()
    elif phase in (Phase.DOUBLED, Phase.BEAVERED, Phase.RACCOONED):
        getattr(match, rng.choice(sorted(match.actions())).value)()
    elif phase is Phase.RESIGNING:
        (match.accept if rng.random() < 0.6 else match.decline)()
    elif phase is Phase.MOVING:
        turn = state.turn
        assert turn is not None
        r = rng.random()
        if r < 0.003:
            match.resign(rng.randint(1, 3))
        elif turn.made and r < 0.05:
            match.undo()
        elif turn.complete:
            match.confirm()
        elif r < 0.7:
            match.play(rng.choice(plays_of(state.variant, turn.start, turn.roll)))
        else:
            match.move(rng.choice(sorted(turn.legal)))
    else:  # pragma: no cover - MATCH_OVER never asks for an action
        raise AssertionError(state.phase)


def play_random_match(
    rng: random.Random, rules: RuleSet | None = None, max_games: int = 6, check: bool = True
) -> Match:
    """A match played to its end (money play: ``max_games`` games) by random decisions."""
    rules = rules or random_rules(rng)
    match = Match(rules, ("A", "B"), SeededDice(rng.getrandbits(32)))
    previous: MatchState | None = None
    while not match.state.match_over:
        if match.state.phase is Phase.GAME_OVER and match.state.game >= max_games and not rules.is_match:
            break
        random_action(rng, match)
        if check:
            check_invariants(match.state, previous)
            if rng.random() < 0.01:
                _try_forbidden(rng, match)
        previous = match.state
    return match


_ALL = {
    Action.OPENING_ROLL: "roll_opening",
    Action.ROLL: "roll",
    Action.DOUBLE: "double",
    Action.TAKE: "take",
    Action.DROP: "drop",
    Action.BEAVER: "beaver",
    Action.RACCOON: "raccoon",
    Action.UNDO: "undo",
    Action.CONFIRM: "confirm",
    Action.ACCEPT: "accept",
    Action.DECLINE: "decline",
    Action.NEXT_GAME: "next_game",
}


def _try_forbidden(rng: random.Random, match: Match) -> None:
    """An action that is not allowed now must be refused and change nothing."""
    forbidden = [a for a in _ALL if a not in match.actions()]
    if not forbidden:
        return
    action = rng.choice(forbidden)
    before, events = match.state, match.events
    why = match.refusal(action)
    assert why is not None, f"{action} is not allowed in {before.phase}, yet nothing refuses it"
    try:
        getattr(match, _ALL[action])()
    except ActionError as err:
        # The action raises exactly the refusal the match gives when asked.
        assert (err.code, err.reason, err.params) == (why.code, why.reason, why.params), action
    else:  # pragma: no cover - the assertion is the point
        raise AssertionError(f"{action} was allowed in {before.phase}")
    assert match.state == before and match.events == events
