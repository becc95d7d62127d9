"""Sentences for the engine's machine-readable answers, in the player's language."""

from __future__ import annotations

import re

from tawla.engine import BAR, OFF, IdError
from tawla.engine.explain import Reason, Why
from tawla.engine.notation import Incomplete, NoRoute, NotationError, SyntaxProblem, TooManyMoves
from tawla.game.state import ActionError
from tawla.i18n import isolate_rtl, tr, tr_n

COUNTED: dict[str, dict[str, tuple[str, str]]] = {
    "reason.bar_first": {"count": ("checkers", "count.checkers")},
    "reason.enter_some": {"count": ("checkers", "count.checkers")},
    "reason.bearoff_not_yet": {"count": ("checkers", "count.checkers")},
    "reason.doubles_partial": {"count": ("moves", "count.moves")},
    "notation.incomplete": {"used": ("used", "count.dice"), "needed": ("needed", "count.dice")},
    "notation.too_many": {"dice": ("dice", "count.dice")},
    "action.turn_incomplete": {"steps": ("moves", "count.moves")},
    "id.too_many_checkers": {"count": ("checkers", "count.checkers")},
    "rules.automatic_doubles_max": {"count": ("doubles", "count.automatic_doubles")},
}
"""The sentences that count something: each count (the engine's parameter) becomes the noun
and its number in the plural form that number takes (the sentence's placeholder, the
counted noun's key): «حجران», «١١ حجراً», "1 checker"."""


def say(lang: str, key: str, /, **params: object) -> str:
    """``tr`` for an engine's or a rule set's answer: every count said with its noun."""
    for given, (placeholder, noun) in COUNTED.get(key, {}).items():
        value = params.pop(given, None)
        if isinstance(value, int):
            params[placeholder] = tr_n(lang, noun, value)
    return tr(lang, key, **params)


def point_label(lang: str, point: int) -> str:
    """A point as players say it: the number, or the bar, or off."""
    if point == BAR:
        return tr(lang, "point.bar")
    if point == OFF:
        return tr(lang, "point.off")
    return str(point)


_BAR_OFF = re.compile(r"bar|off")


def in_words(lang: str, notation: str) -> str:
    """Standard notation with the catalog's words for the bar and off («بار/22», «6/خارج»)."""
    words = {"bar": tr(lang, "notation.move_bar"), "off": tr(lang, "notation.move_off")}
    return _BAR_OFF.sub(lambda m: words[m.group()], notation)


def move_from_the_right(lang: str, move: str) -> str:
    """One move of the standard notation (``bar/22*``, ``8/5(2)``) written to be read from the
    right: «بار←22*», «8←5(2)» (the catalog's words and sign, ``notation.move_*``), in logical
    order; :func:`~tawla.i18n.isolate_rtl` keeps it so inside a sentence."""
    return tr(lang, "notation.move_to").join(in_words(lang, move).split("/"))


def play_from_the_right(lang: str, play: str) -> str:
    """A play of the standard notation (``bar/20 5/1``): each move written to be read from the
    right and kept so (:func:`move_from_the_right`), the first move first from the right."""
    return " ".join(isolate_rtl(move_from_the_right(lang, move)) for move in play.split(" "))


def reason_text(lang: str, reason: Reason) -> str:
    """One sentence for a :class:`~tawla.engine.explain.Reason`."""
    params: dict[str, object] = {}
    if reason.die is not None:
        params["die"] = reason.die
    if reason.point is not None:
        params["point"] = point_label(lang, reason.point)
    if reason.number is not None:
        params["count"] = reason.number
    key = f"reason.{reason.why.value}"
    if reason.dice is not None:  # (the numbers rolled, once each: 5-5 rolled is (5,))
        dice = reason.dice * 2 if len(reason.dice) == 1 else reason.dice
        params["dice"] = "-".join(str(d) for d in dice)
        if len(reason.dice) == 1 and reason.why is Why.ENTRY_BLOCKED:
            key += "_double"  # (a double shows one entry point: «خانة الدخول لرمية ٦-٦ مغلقة»)
    return say(lang, key, **params)


def notation_error_text(lang: str, error: NotationError, bar: bool = True) -> str:
    """Why a typed move was refused (``bar``: the game has a bar, which the examples may show)."""
    r = error.reason
    if isinstance(r, Reason):
        return reason_text(lang, r)
    if isinstance(r, SyntaxProblem):
        key = "notation.syntax" if bar else "notation.syntax_no_bar"
        return tr(lang, key, token=r.token) if r.token else tr(lang, "notation.syntax_empty")
    if isinstance(r, Incomplete):
        return say(lang, "notation.incomplete", used=r.used, needed=r.needed)
    if isinstance(r, TooManyMoves):
        return say(lang, "notation.too_many", dice=r.dice)
    if isinstance(r, NoRoute):
        return tr(lang, "notation.no_route", source=point_label(lang, r.source), dest=point_label(lang, r.dest))
    raise TypeError(r)  # pragma: no cover - every kind is handled above


def id_error_text(lang: str, error: IdError) -> str:
    """What is wrong with a Position ID, a Match ID or an XGID."""
    params = dict(error.params)
    if "side" in params:
        params["side"] = tr(lang, f"id.side_{params['side']}")
    if "field" in params:
        params["field"] = tr(lang, f"id.field_{params['field']}")
    return say(lang, f"id.{error.code}", **params)


def action_error_text(lang: str, error: ActionError) -> str:
    """Why an action was refused: the engine's reason for a step, the notation problem
    for typed text, else the action's own sentence."""
    if error.reason is not None:
        return reason_text(lang, error.reason)
    notation = error.params.get("notation")
    if isinstance(notation, NotationError):
        return notation_error_text(lang, notation, bar=error.params.get("bar") is not False)
    params = {k: v for k, v in error.params.items() if k not in ("notation", "bar")}
    if isinstance(params.get("why"), str):  # (another refusal's code: said in its own words)
        params["why"] = say(lang, f"action.{params['why']}")
    return say(lang, f"action.{error.code}", **params)


def rules_error_text(lang: str, error_type: str, ctx: dict[str, object] | None = None) -> str:
    """A rule set validation error (pydantic error ``type`` ``rules.*``) as a sentence."""
    return say(lang, error_type, **(ctx or {}))
