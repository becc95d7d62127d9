"""Which of the game screen's keys act now, which the footer shows, and what Enter says: read
from the table and the match (what the rules allow) and from where the screen stands (a checker
picked up, the move prompt open, a dialog over the game)."""

from __future__ import annotations

from typing import Final

from tawla.game import Action, Phase
from tawla.game.table import Table

ACTIONS: Final[tuple[str, ...]] = (
    "primary",
    "handover_roll",
    "double",
    "take",
    "drop",
    "beaver",
    "raccoon",
    "undo",
    "notation",
    "resign",
    "end_session",
    "hint",
)
"""The actions the footer shows."""

COMPUTERS_TURN: Final[frozenset[str]] = frozenset(
    {
        *("primary", "roll_key", "handover_roll", "opening_roll", "roll"),
        *("double", "take", "drop", "beaver", "raccoon", "resign"),
        *("confirm", "put", "pick", "cursor", "cycle", "die", "undo", "escape", "notation"),
    }
)
"""The keys that do nothing while the computer's seat must act (its turn, its answer to a double
or a resignation): nothing a person presses then plays, doubles, answers or takes back for it.
(The hint, the end of a money session, the help and the menu still do what they do.)"""

SAME_WIDTH: Final[tuple[tuple[str, ...], ...]] = (("key.pick", "key.put"),)
"""Live descriptions the footer draws equally wide: they swap at every Enter of a turn."""


def describe(action: str, table: Table, picked: bool) -> str | None:
    """The live description of a binding whose meaning depends on the moment (the footer asks)."""
    if action != "primary":
        return None
    state = table.match.state
    if state.phase in (Phase.OPENING, Phase.TURN):
        return "key.roll"
    turn = state.turn
    if turn is not None and turn.complete:
        return "key.pass" if turn.steps_needed == 0 else "key.confirm"
    if picked:
        return "key.put"
    return "key.pick"


def allowed(action: str, table: Table, picked: bool, typing: bool, asking: bool) -> bool | None:
    """Whether a key's action is done now (True), shown greyed out (None) or neither (False)."""
    if typing:  # the move prompt has the keys: Esc closes it, nothing acts on the board
        if action in ("escape", "leave"):
            return True
        return None if action in ACTIONS else False
    match = table.match
    state = match.state
    acts = match.actions()
    moving = state.phase is Phase.MOVING and state.turn is not None
    complete = moving and state.turn.complete  # type: ignore[union-attr]
    handover = table.waiting
    on = state.phase not in (Phase.GAME_OVER, Phase.MATCH_OVER) and not asking
    allowed_now = {
        # The hand-over: Enter and Space (pressed twice, or mashed) never roll for the
        # next player, who rolls with r (or doubles with d): their first action is theirs.
        "primary": None if handover else bool(acts & {Action.OPENING_ROLL, Action.ROLL}) or moving,
        # r, and the keys of the cube and of resigning, always reach their action while a
        # game is on: refused, they say why on the status line (the footer shows only what
        # can be done, see footer_state).
        "roll_key": on and not handover,
        "handover_roll": handover and bool(acts & {Action.ROLL, Action.OPENING_ROLL}),
        "opening_roll": Action.OPENING_ROLL in acts,
        "roll": Action.ROLL in acts,
        "double": on,
        "take": on,
        "drop": on,
        "beaver": on and (Action.BEAVER in acts or Action.RACCOON not in acts),  # (b raccoons when it can)
        "raccoon": on,
        "confirm": complete and not picked,
        "put": moving and picked,
        "pick": moving and not complete and not picked,
        "cursor": moving and not complete,
        "cycle": moving and picked,
        "die": moving and not complete,
        "undo": moving and (bool(state.turn.made) or picked),  # type: ignore[union-attr]
        "escape": moving and (bool(state.turn.made) or picked),  # type: ignore[union-attr]
        "notation": moving and not complete,
        "resign": on,
        # Money play only; heard in every phase of a game (a refusal is said), shown before
        # the roll (see footer_state: the footer has no room while moving).
        "end_session": on and not state.rules.is_match,
        # Heard whenever a game is on (a refusal is said: hints off, Plakoto, nothing to decide),
        # shown when a cube decision can be hinted (see footer_state).
        "hint": on,
    }
    allowed = allowed_now.get(action, True)
    # While moving, keep Undo and Type a move in the footer, greyed out when they do
    # nothing: the footer then only changes between phases, not at every key.
    if not allowed and moving and action in ("undo", "notation"):
        return None
    return allowed


SPEAKING: Final[dict[str, Action]] = {
    "double": Action.DOUBLE,
    "take": Action.TAKE,
    "drop": Action.DROP,
    "beaver": Action.BEAVER,
    "raccoon": Action.RACCOON,
    "resign": Action.RESIGN,
}
"""Keys that are always heard (a refusal is said) but shown in the footer only when allowed."""


def footer_state(action: str, table: Table, picked: bool, typing: bool, asking: bool) -> bool | None:
    """Whether the footer shows a key (True), greys it out (None) or leaves it out (False)."""
    allowed_now = allowed(action, table, picked, typing, asking)
    if action == "primary" and table.waiting:
        return False  # (Enter waits at the hand-over: r rolls, and the footer says r)
    if action in SPEAKING and allowed_now:
        return SPEAKING[action] in table.match.actions()
    if action == "end_session" and allowed_now:
        state = table.match.state
        return state.phase in (Phase.OPENING, Phase.TURN) and table.end_session_refusal() is None
    if action == "hint":
        if not allowed_now:
            return False  # (never greyed out: it would come and go while typing a move)
        # Shown before the roll and with a double to answer, when there is a hint to give (the
        # footer has no room while moving: the help and the palette name the key).
        from tawla.analysis.hint import hint_refusal

        state = table.match.state
        return state.phase in (Phase.TURN, Phase.DOUBLED) and hint_refusal(state) is None
    return allowed_now
