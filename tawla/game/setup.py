"""A match state set up from GNU Backgammon IDs: practise a position, or carry on a game
begun in another program.

The Position ID is read from the side of the player on roll (gnubg's ``fMove``);
the Match ID, when given, brings the score, the match length, the cube, the
Crawford flag, the dice already rolled and a double on offer. Without a Match ID
the position is a money game (or a match under ``rules``) with player 0 on roll,
about to roll.

An XGID (eXtreme Gammon) says the same things in one line: :func:`state_from_xgid`.
"""

from __future__ import annotations

from dataclasses import replace

from tawla.engine import (
    GameState,
    MatchInfo,
    Position,
    match_from_id,
    match_id,
    position_from_id,
    position_id,
    turn_state,
)
from tawla.engine.xgid import xgid_decode
from tawla.game.events import Doubled
from tawla.game.rules import GameChoice, RuleSet
from tawla.game.state import ActionError, Cube, MatchState, Phase, refusal


def state_from_ids(position: str, match: str | None = None, rules: RuleSet | None = None) -> MatchState:
    """The state described by a Position ID and an optional Match ID.

    Raises :class:`~tawla.engine.IdError` for an ID that cannot be read and
    :class:`~tawla.game.ActionError` (``setup_over``, ``setup_resigning``, ``setup_rules``,
    ``setup_crawford_*``, ``setup_double``) for one that describes nothing playable here or
    nothing that can happen: GNU Backgammon's impossible states (a Crawford game in a 1-point
    match, with nobody one point away or with the cube turned) and a double on offer that the
    rules forbid (the ``why`` parameter names the refusal: a dead cube, ...). Nothing is
    silently adjusted.
    """
    board = position_from_id(position)
    base = rules if rules is not None else RuleSet()
    if match is None or not match.strip():
        return MatchState(rules=base, phase=Phase.TURN, board=board)
    return _state(board, match_from_id(match), base)


def _state(board: Position, info: MatchInfo, base: RuleSet) -> MatchState:
    """The state of ``board`` (from the side of ``info.on_roll``) with the Match ID fields ``info``."""
    if info.state is not GameState.PLAYING:
        raise ActionError("setup_over")
    if info.resignation:
        raise ActionError("setup_resigning")
    length = info.match_length
    try:
        rules = base.adjusted(match_length=length, **({"jacoby": info.jacoby} if not length else {}))
    except ValueError:
        raise ActionError("setup_rules") from None
    if length and max(info.score) >= length:
        raise ActionError("setup_over")
    cube = Cube(info.cube, info.cube_owner)
    turned = info.cube > 1 or info.cube_owner is not None
    if info.crawford:  # (what GNU Backgammon's ``set matchid`` refuses too)
        if length == 1:
            raise ActionError("setup_crawford_one_point")
        if length - 1 not in info.score:
            raise ActionError("setup_crawford_score")
        if turned:
            raise ActionError("setup_crawford_cube")
    if turned and not rules.cube:
        rules = rules.adjusted(cube=True)
    # After the Crawford game (someone one point away, and this is not the Crawford game)
    # nobody gets a Crawford game again; a 1-point match has none.
    post_crawford = length > 1 and not info.crawford and max(info.score) == length - 1
    state = MatchState(
        rules=rules,
        phase=Phase.TURN,
        score=info.score,
        board=board,
        on_roll=info.on_roll,
        cube=cube,
        crawford_game=info.crawford,
        crawford_used=info.crawford or post_crawford,
    )
    if info.double_offered:
        if info.dice != (0, 0):
            raise ActionError("setup_rules")
        why = refusal(state, Doubled())
        if why is not None:  # (a dead cube, the Crawford game, the other player's cube, ...)
            raise ActionError("setup_double", why=why.code)
        return replace(state, phase=Phase.DOUBLED, offered=info.cube * 2)
    if info.dice != (0, 0):
        high, low = max(info.dice), min(info.dice)
        return replace(state, phase=Phase.MOVING, turn=turn_state(board, (high, low)))
    return state


def backgammon_only(rules: RuleSet) -> RuleSet:
    """``rules`` for a position set up from IDs (GNU Backgammon's and eXtreme Gammon's describe
    backgammon positions): refused (``setup_game``) when they play another game (Plakoto, Fevga,
    a tavli match). A table choosing how to play a set-up position is asked for backgammon's
    (see :func:`~tawla.game.rules.backgammon_rules`)."""
    if rules.game is not GameChoice.BACKGAMMON:
        raise ActionError("setup_game")
    return rules


def state_from_xgid(text: str, rules: RuleSet | None = None) -> tuple[MatchState, str, str]:
    """The state described by an XGID, with the Position ID and Match ID that say the same
    (a saved match records those). Beavers come from the XGID in money play.

    Raises like :func:`state_from_ids`.
    """
    read = xgid_decode(text)
    base = rules if rules is not None else RuleSet()
    if not read.info.match_length:
        try:
            base = base.adjusted(match_length=0, beavers=read.beavers, cube=base.cube or read.beavers)
        except ValueError:
            raise ActionError("setup_rules") from None
    return _state(read.position, read.info, base), position_id(read.position), match_id(read.info)
