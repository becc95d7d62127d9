"""The evaluator: how good a backgammon play or cube action is, in equity.

tawla's evaluator is Open Sage (``bgsage`` on PyPI, MPL-2.0: its code, network weights and
bear-off database alike). It is imported the first time a hint or an analysis asks for it,
never at start-up (it costs about 90 MB and a twentieth of a second), and only where its
wheels exist (Linux x86_64, macOS arm64, Windows x86_64; CPython 3.10 to 3.14): elsewhere
tawla installs and plays, and :func:`unavailable` says why there is no hint.

Everything here is seen from the player on roll, as tawla's positions are: equities are that
player's, cubeful (money play: per unit of the cube's value; a match: in normalised match
winning chances, as GNU Backgammon's EMG), for the position after their play (a checker play)
or before their roll (the cube). Its board is tawla's :class:`~tawla.engine.Position` but for
the opponent's bar, which Open Sage counts positive (:func:`board_of`).

GNU Backgammon judged its choices in ``tests/bench/bench_eval.py``; its strength is in the README.
Plakoto and Fevga are judged by tawla's own evaluator (:mod:`tawla.analysis.tavla_eval`), not by Open Sage.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any, Final, Literal

from tawla.engine import Play, Position, legal_plays

LEVEL = "1ply"
"""Open Sage's raw network (its "1-ply", GNU Backgammon's 0-ply): a hint in a few
milliseconds, a whole game's analysis in about a second (``tests/bench/bench_eval.py``)."""

PACKAGE = "bgsage"
"""The evaluator's package, as pip knows it (what the hint tells a player to install)."""

Owner = Literal["centered", "mover", "opponent"]


class Unavailable(RuntimeError):
    """There is no evaluator here: ``code`` says why (a catalog key under ``hint.none``)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True, slots=True)
class Chances:
    """The chances of the player they belong to, 0 to 1: winning at all, winning a gammon
    (or a backgammon), a backgammon; losing a gammon (or a backgammon), a backgammon."""

    win: float
    gammon: float
    backgammon: float
    lose_gammon: float
    lose_backgammon: float


@dataclass(frozen=True, slots=True)
class Cube:
    """The cube and the score, as the evaluator needs them, from the player on roll's view."""

    value: int = 1
    owner: Owner = "centered"
    away: tuple[int, int] = (0, 0)
    """Points the player on roll and the opponent still need; (0, 0) for money play."""
    crawford: bool = False
    jacoby: bool = False
    beavers: bool = False
    alive: bool = True
    """The game is played with a cube (else equities are cubeless)."""

    @property
    def money(self) -> bool:
        return self.away == (0, 0)


@dataclass(frozen=True, slots=True)
class Ranked:
    """One legal play of a roll and what the evaluator makes of it."""

    play: Play
    equity: float
    """The mover's cubeful equity after the play."""
    chances: Chances
    """The mover's chances after the play."""
    loss: float
    """How much less this play is worth than the best (0 for the best)."""


DOUBLE_MARGIN: Final = 1e-6
"""How much more doubling must be worth than not doubling (in equity) to be advised: far above
the float noise of two figures computed apart (about 1e-15 here) and far below any difference a
player could notice (the figures are shown to three decimals)."""


@dataclass(frozen=True, slots=True)
class CubeAdvice:
    """The cube decision of the player on roll, before rolling: each action's equity for them."""

    no_double: float
    double_take: float
    double_pass: float
    chances: Chances
    """The player on roll's chances before rolling (cubeless)."""

    @property
    def take(self) -> bool:
        """Taking is right for the doubled player (their equity is the negative of these)."""
        return self.double_take <= self.double_pass

    @property
    def doubled(self) -> float:
        """What doubling is worth to the doubler, the opponent answering right."""
        return min(self.double_take, self.double_pass)

    @property
    def double(self) -> bool:
        """Doubling is right: worth more than not doubling by more than float noise. Where the
        two are equal (a cube that changes nothing, such as one already worth the match to the
        doubler), the evaluator's figures still differ in their last bits, and a double then
        would only hand the opponent the cube."""
        return self.doubled > self.no_double + DOUBLE_MARGIN

    @property
    def best(self) -> float:
        """What the cube decision is worth to the player on roll, played right."""
        return max(self.no_double, self.doubled)


def board_of(position: Position) -> list[int]:
    """Open Sage's 26 numbers for ``position``: tawla's slots, the opponent's bar positive."""
    return [-position[0], *position[1:]]


def _chances(probs: Any) -> Chances:
    return Chances(probs.win, probs.gammon_win, probs.backgammon_win, probs.gammon_loss, probs.backgammon_loss)


def _probs(raw: list[float]) -> Chances:
    """Chances from Open Sage's list of five, clamped as its own ``Probabilities`` clamps them."""
    from bgsage.types import Probabilities

    return _chances(Probabilities.from_list(list(raw)))


class Sage:
    """Open Sage's network at :data:`LEVEL`, with its bear-off database (thread-safe)."""

    name = "Open Sage"

    def __init__(self, analyzer: Any) -> None:
        self._analyzer = analyzer

    def _cube_args(self, cube: Cube) -> dict[str, Any]:
        owner = {"centered": "centered", "mover": "player", "opponent": "opponent"}[cube.owner]
        args: dict[str, Any] = {"cube_value": cube.value, "cube_owner": owner}
        if cube.money:
            args.update(jacoby=cube.jacoby, beaver=cube.beavers)
        else:
            args.update(away1=cube.away[0], away2=cube.away[1], is_crawford=cube.crawford)
        return args

    def rank(self, position: Position, roll: tuple[int, int], cube: Cube = Cube()) -> tuple[Ranked, ...]:
        """Every legal play of ``roll`` (different results only), best first. A roll with no
        legal play has the pass alone; an only play is ranked alone (nothing to choose)."""
        plays = legal_plays(position, roll)
        by_board = {tuple(board_of(p.result)): p for p in plays}
        if len(plays) == 1:
            play = plays[0]
            after = self.after(play.result, cube)
            return (Ranked(play, after[0], after[1], 0.0),)
        ranked = []
        for move in self._checker_play(board_of(position), roll, cube):
            found = by_board.get(tuple(move["board"]))
            if found is None:  # (never seen: Open Sage and tawla agree on the legal plays)
                raise RuntimeError(f"the evaluator played {move['board']}, not a legal play of {roll}")
            equity = move["equity"] if cube.alive else move["cubeless_equity"]
            ranked.append(Ranked(found, float(equity), _probs(move["probs"]), 0.0))
        if len(ranked) != len(by_board):
            missing = set(by_board) - {tuple(board_of(r.play.result)) for r in ranked}
            for key in missing:  # (a filter dropped it: evaluate it alone)
                after = self.after(by_board[key].result, cube)
                ranked.append(Ranked(by_board[key], after[0], after[1], 0.0))
        ranked.sort(key=lambda r: -r.equity)
        best = ranked[0].equity
        return tuple(Ranked(r.play, r.equity, r.chances, max(0.0, best - r.equity)) for r in ranked)

    def _checker_play(self, board: list[int], roll: tuple[int, int], cube: Cube) -> list[dict[str, Any]]:
        """Open Sage's ``checker_play`` at this level, move for move and figure for figure
        (``tests/test_evaluator.py`` compares them), without the thread pool it starts at every
        call to turn each play's cubeless figures into cubeful ones: at one ply that is a few
        microseconds of C a play, and the pool's threads cost ten times more than the work
        (half of the computer's time at the table). Each play: its ``board``, cubeful
        ``equity``, ``cubeless_equity`` and ``probs``, best first in Open Sage's own order."""
        from bgsage.analyzer import _move_order_key, resolve_owner

        args = self._cube_args(cube)
        if not cube.money:  # (as checker_play: no Jacoby and no beaver in a match)
            args.update(jacoby=False, beaver=False)
        value, owner = args.pop("cube_value"), args.pop("cube_owner")
        beaver = args.pop("beaver", True)
        cubeful = self._analyzer._analyzer  # (its cubeful wrapper around the one-ply analyzer)
        moves: list[dict[str, Any]] = cubeful._inner.checker_play_analytics(
            board, roll[0], roll[1], value, owner, **args
        )
        resolved = resolve_owner(owner)
        for move in moves:
            move["cubeless_equity"] = move["equity"]
            move["equity"] = cubeful._cubeful_equity(
                move["board"], move["probs"], resolved, cube_value=value, beaver=beaver, **args
            )
        moves.sort(key=_move_order_key)
        return moves

    def after(self, result: Position, cube: Cube = Cube()) -> tuple[float, Chances]:
        """The mover's cubeful equity and chances after a play that left ``result`` (still seen
        from the mover, the opponent to roll)."""
        args = self._cube_args(cube)
        args.pop("beaver", None)
        value = args.pop("cube_value")
        owner = args.pop("cube_owner")
        done = self._analyzer.post_move_analytics(board_of(result), owner, value, **args)
        equity = done.cubeful_equity if cube.alive else done.cubeless_equity
        return float(equity), _chances(done.probs)

    def cube(self, position: Position, cube: Cube = Cube()) -> CubeAdvice:
        """The cube decision of the player on roll in ``position`` (Janowski's cubeful
        equities of the position before the roll, as Open Sage's ``cube_action`` gives them at
        this level, without its beaver: the taker's beaver is not valued).

        Computed as the opponent's position after their play, seen from them, no double and
        doubled: the same figures as ``cube_action`` (``tests/test_evaluator.py``), which reads
        its weights from disk at every call (a thirtieth of a second; this takes a tenth of a
        millisecond)."""
        import bgbot_cpp

        their = board_of(position.swapped())
        owner = {"centered": "centered", "mover": "opponent", "opponent": "player"}[cube.owner]
        args: dict[str, Any] = {"jacoby": cube.jacoby}
        if not cube.money:
            args = {"away1": cube.away[1], "away2": cube.away[0], "is_crawford": cube.crawford}
        v = cube.value
        still = self._analyzer.post_move_analytics(their, owner, v, **args)
        doubled = self._analyzer.post_move_analytics(their, "player", 2 * v, **args)
        no_double = -float(still.cubeful_equity)
        if cube.money:
            double_take = -2 * float(doubled.cubeful_equity)
        else:  # (their equity at the doubled cube, in match winning chances, then ours at this cube)
            a, b, crawford = cube.away[0], cube.away[1], cube.crawford
            theirs = bgbot_cpp.eq2mwc(float(doubled.cubeful_equity), b, a, 2 * v, crawford)
            double_take = float(bgbot_cpp.mwc2eq(1 - theirs, a, b, v, crawford))
        if not cube.alive:
            no_double = -float(still.cubeless_equity)
        p = still.probs  # (theirs after their play: ours before our roll, turned round)
        chances = Chances(1 - p.win, p.gammon_loss, p.backgammon_loss, p.gammon_win, p.backgammon_win)
        return CubeAdvice(no_double, double_take, 1.0, chances)


_lock = threading.Lock()
_sage: Sage | None = None
_why: str | None = None


def evaluator() -> Sage:
    """The evaluator, loaded on first use (raises :class:`Unavailable` where it cannot be)."""
    global _sage, _why
    with _lock:
        if _sage is not None:
            return _sage
        if _why is not None:
            raise Unavailable(_why)
        try:
            import bgsage
        except ImportError:
            _why = "not_installed"
            raise Unavailable(_why) from None
        try:
            _sage = Sage(bgsage.BgBotAnalyzer(eval_level=LEVEL, cubeful=True, parallel_threads=1))
        except Exception:  # (a broken install: no weights, a wheel for another machine)
            _why = "broken"
            raise Unavailable(_why) from None
        return _sage


def unavailable() -> str | None:
    """Why there is no evaluator here (a code for ``hint.none.<code>``), or None once it loads."""
    try:
        evaluator()
    except Unavailable as error:
        return error.code
    return None


def known_unavailable() -> str | None:
    """Why there is no evaluator, if that is known without loading it (a screen asks, on a key):
    a load already failed, or the package is not installed. None: it loads, or may."""
    if _sage is not None:
        return None
    if _why is not None:
        return _why
    import importlib.util

    return "not_installed" if importlib.util.find_spec(PACKAGE) is None else None


def loaded() -> bool:
    """The evaluator has been loaded (what a start-up check asks: it must not be)."""
    return _sage is not None
