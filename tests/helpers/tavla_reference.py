"""Brute-force reference for the legal plays of Plakoto and Fevga.

Written only from the rule contract (the Plakoto/Fevga spec, kept below as comments), on purpose without
looking at or importing tawla's engine: property tests compare the engine's plays
with these. Plain and slow on purpose: every die order, every checker, every step
checked on the board it produces; the only help is a memo on (board, dice left).

Position text, always from the player on roll ("the mover")::

    f1,f2,...,f24;a,b

``fi`` is the mover's point i: ``0``, ``n`` (n mover checkers), ``-n`` (n opponent
checkers) or, in Plakoto only, ``np`` / ``-np`` (n checkers of that side on top of ONE
pinned checker of the other side). ``a`` and ``b`` are the mover's and the opponent's
borne-off counts.

The mover moves 24 -> 1 and bears off from 1..6. In Plakoto the opponent moves
1 -> 24 in the mover's numbering; in Fevga it moves 12 -> 1, then 24 -> 13.
"""

# -- The rule contract both this reference and tawla/engine/tavla.py follow ----------------
# # Plakoto and Fevga: the exact rules tawla implements (the contract between engine and reference)
#
# ## Position text (from the player on roll, "the mover")
# `f1,f2,...,f24;a,b` — 24 comma-separated fields for the mover's points 1..24, a `;`, then the
# mover's and the opponent's borne-off counts. A field is `0`, `n` (n of the mover's checkers),
# `-n` (n of the opponent's), or, in Plakoto only, `np` / `-np`: n checkers of that side ON TOP,
# pinning ONE checker of the other side under them (n >= 1). Each side: checkers on board (incl. a
# pinned one) + borne off == 15. Canonical output: no spaces, `0` for empty, `3p`, `-1p`.
# Plakoto start: `-15,0,...,0,15;0,0` (mover's 15 on its 24-point, opponent's 15 on the mover's 1).
# Fevga start:   `0,...,0,-15 (at point 12),0,...,0,15 (at point 24);0,0`.
#
# ## Common
# - Mover moves from high to low points (24 -> 1), bears off from points 1..6 (its home).
# - Dice: two dice, a double gives four steps of that number. Use as many dice as possible; if only
#   one die of a non-double can be used, the higher one must be used if it can be.
# - Bearing off (both games): only when all the mover's checkers still on the board are on 1..6 (and,
#   in Plakoto, none of the mover's checkers is pinned). A checker bears off from point d with die d,
#   or with a die larger than its point only from the mover's highest occupied point (as backgammon).
#   A pinned checker of the mover anywhere forbids bearing off.
# - A play = the whole sequence of steps; plays are distinct by resulting position.
# - Every condition below is checked after EACH step (intermediate positions must satisfy them).
#
# ## Plakoto
# - Opponent moves the other way (in the mover's numbering it moves 1 -> 24); opponent's point q is
#   the mover's point 25-q. Swapped view: new[i] = -old[25-i] (pins likewise).
# - A mover checker may move only if it is on top (the mover's count on that point > 0). A pinned
#   checker (under opposing checkers) cannot move.
# - Landing on point p (1..24):
#   - empty, or the mover's own checkers on top (with or without an opposing checker pinned under
#     them): allowed, add on top;
#   - exactly ONE opposing checker with nothing pinned under it: allowed, it becomes pinned under the
#     mover's checker (field becomes `1p`);
#   - one opposing checker on top of a pinned mover checker (`-1p`), or two or more opposing
#     checkers (`-n` or `-np`, n>=2): closed.
# - When the last mover checker on top of a pin leaves, the pinned opposing checker is free again
#   (field `1p` -> after leaving `-1`).
# - No hitting, no bar.
# - Mother rule (setting `mother`: "double" default, "single", "none"). The opponent's mother is its
#   checker on the opponent's 24-point = the mover's point 1; the mover's mother is on the mover's 24.
#   With the rule on ("double" or "single" — legal plays are the same for both, only the score
#   differs), after each step of the mover:
#   - if the opponent's checker on the mover's point 1 is pinned by the mover (field 1 is `np`, n>=1)
#     AND the mover's own checker on point 24 is pinned (field 24 is `-np`): the game ends at once,
#     a draw;
#   - else if field 1 is `np` and the mover has no checker at all on point 24 (field 24 is 0 or
#     negative without p): the game ends at once, the mover wins (2 points for "double", 1 for
#     "single");
#   - otherwise play goes on.
#   A step that ends the game ends the play: no more steps are played, and such a play counts as
#   using all the dice (it always survives the "use as many dice as possible" filter; it is
#   not subject to the higher-die rule either).
#   With `mother` = "none", nothing of this applies.
# - Bearing off the 15th checker ends the game too (the play stops there, naturally).
#
# ## Fevga
# - Both sides move the same way round the board. The opponent's starting point is the mover's
#   12-point. In the mover's numbering the opponent moves 12,11,...,1, then 24,23,...,13 and bears off
#   from the mover's 13..18 (its home). Opponent's point q <-> mover's point m: m = q-12 if q>12 else
#   q+12 (symmetric). Swapped view: new[q] = -old[m(q)] with that map.
# - Landing: only on a point with no opposing checker (0 or the mover's own). One checker holds a point.
# - No hitting, no bar, no pins.
# - First-checker rule (setting `first`: "pass" default, "quarter"): while no mover checker is on a
#   point <= 11 ("pass": past the opponent's starting point, the mover's 12) — or <= 12 for
#   "quarter" ("reached the opponent's starting quarter", mover's 7..12) — and the mover has borne off
#   nothing, at most ONE of the mover's checkers may be off its starting point 24: a step from 24 is
#   illegal if some other mover checker is already on 1..23. (Checked on the board at that step, so a
#   checker that passes mid-turn frees the others for the rest of the turn.)
#   Example: the start, mover rolls 6-6: 24->18, then 18->12 is closed (opponent's 15 there), no other
#   checker may leave 24, so the only play is the single step 24/18.
# - Starting quarter: after any step the mover may not hold (>=1 checker on) all six of its points
#   19,20,21,22,23,24 at once.
# - Prime: after any step, the mover may not hold six (or more) consecutive points ALONG THE
#   OPPONENT'S PATH such that every opposing checker on the board is behind them (has not yet passed
#   any of the six). In the opponent's own numbering q (q = m+12 if m<=12 else m-12): the mover holds
#   q0..q0+5 for some q0 in 1..19 and every opposing checker on the board is on some q > q0+5.
#   (Opponent checkers borne off do not count; if the opponent has none on the board the game is over.)

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

GAMES = ("plakoto", "fevga")
MOTHERS = ("double", "single", "none")
FIRSTS = ("pass", "quarter")
POINTS = range(1, 25)

_FIELD = re.compile(r"(0)|(-?)([1-9][0-9]*)(p?)")
_OFF = re.compile(r"0|[1-9][0-9]*")


@dataclass(frozen=True)
class Board:
    """A position from the mover's view.

    ``counts[i]`` (i in 1..24, index 0 unused) is the signed number of checkers ON TOP at
    the mover's point i: > 0 the mover's, < 0 the opponent's. ``pins[i]`` says one checker
    of the other side is pinned under them (Plakoto only). ``off`` is (mover, opponent).
    """

    counts: tuple[int, ...]
    pins: tuple[bool, ...]
    off: tuple[int, int]

    def mover_total(self) -> int:
        on_top = sum(c for c in self.counts if c > 0)
        pinned = sum(1 for i in POINTS if self.counts[i] < 0 and self.pins[i])
        return on_top + pinned + self.off[0]

    def opponent_total(self) -> int:
        on_top = sum(-c for c in self.counts if c < 0)
        pinned = sum(1 for i in POINTS if self.counts[i] > 0 and self.pins[i])
        return on_top + pinned + self.off[1]


def _check_game(game: str) -> None:
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}")


# ----------------------------------------------------------------------------- text


def parse(text: str, game: str) -> Board:
    """The Board of a position text; ValueError if malformed or impossible."""
    _check_game(game)
    text = text.strip()
    if text.count(";") != 1:
        raise ValueError(f"expected exactly one ';' in {text!r}")
    fields_text, off_text = text.split(";")
    fields = fields_text.split(",")
    if len(fields) != 24:
        raise ValueError(f"expected 24 point fields, got {len(fields)}")
    counts = [0] * 25
    pins = [False] * 25
    for i, field in enumerate(fields, start=1):
        m = _FIELD.fullmatch(field)
        if m is None:
            raise ValueError(f"bad field {field!r} at point {i}")
        if m.group(1):
            continue
        n = int(m.group(3))
        counts[i] = -n if m.group(2) else n
        if m.group(4):
            if game != "plakoto":
                raise ValueError(f"pin {field!r} at point {i} in {game}")
            pins[i] = True
    offs = off_text.split(",")
    if len(offs) != 2 or not all(_OFF.fullmatch(o) for o in offs):
        raise ValueError(f"bad borne-off counts {off_text!r}")
    board = Board(tuple(counts), tuple(pins), (int(offs[0]), int(offs[1])))
    if board.mover_total() != 15:
        raise ValueError(f"the mover has {board.mover_total()} checkers, not 15")
    if board.opponent_total() != 15:
        raise ValueError(f"the opponent has {board.opponent_total()} checkers, not 15")
    return board


def format(board: Board) -> str:
    """The canonical text of a Board."""
    fields = []
    for i in POINTS:
        c = board.counts[i]
        fields.append("0" if c == 0 else f"{c}{'p' if board.pins[i] else ''}")
    return ",".join(fields) + f";{board.off[0]},{board.off[1]}"


def canonical(text: str, game: str) -> str:
    return format(parse(text, game))


def start_text(game: str) -> str:
    """The starting position, from the player who rolls first."""
    _check_game(game)
    fields = ["0"] * 24
    if game == "plakoto":
        fields[0], fields[23] = "-15", "15"
    else:
        fields[11], fields[23] = "-15", "15"
    return ",".join(fields) + ";0,0"


# ----------------------------------------------------------------------------- swap


def fevga_map(point: int) -> int:
    """Fevga: the other side's number for a point (the map is its own inverse)."""
    return point - 12 if point > 12 else point + 12


def _swap_board(board: Board, game: str) -> Board:
    counts = [0] * 25
    pins = [False] * 25
    for q in POINTS:
        m = 25 - q if game == "plakoto" else fevga_map(q)
        counts[q] = -board.counts[m]
        pins[q] = board.pins[m]
    return Board(tuple(counts), tuple(pins), (board.off[1], board.off[0]))


def swap(text: str, game: str) -> str:
    """The same position from the other player's view."""
    return format(_swap_board(parse(text, game), game))


# ----------------------------------------------------------------------------- outcome


def _mother_result(counts: tuple[int, ...] | list[int], pins: tuple[bool, ...] | list[bool]) -> str | None:
    """Plakoto mother rule from the mover's view: "draw", "win" or None (play goes on)."""
    if counts[1] > 0 and pins[1]:  # the opponent's mother pinned by the mover
        if counts[24] < 0 and pins[24]:  # ... and the mover's own mother pinned
            return "draw"
        if counts[24] <= 0:  # the mover has no checker at all on its 24
            return "win"
    return None


def reference_outcome(text: str, game: str, mother: str = "double") -> tuple[str, int] | None:
    """Whether the position (after the mover's play, mover's view) ends the game."""
    if mother not in MOTHERS:
        raise ValueError(f"unknown mother setting {mother!r}")
    board = parse(text, game)
    if board.off[0] == 15:
        return ("win", 2 if board.off[1] == 0 else 1)
    if game == "plakoto" and mother != "none":
        result = _mother_result(board.counts, board.pins)
        if result == "draw":
            return ("draw", 0)
        if result == "win":
            return ("win", 2 if mother == "double" else 1)
    return None


def _game_over(board: Board, game: str, mother: str) -> bool:
    """Over already, before the mover plays: 15 off, or (Plakoto) a mother ending from either view."""
    if 15 in board.off:
        return True
    if game == "plakoto" and mother != "none":
        other = _swap_board(board, game)
        return (
            _mother_result(board.counts, board.pins) is not None or _mother_result(other.counts, other.pins) is not None
        )
    return False


# ----------------------------------------------------------------------------- steps
#
# A search state is (counts, pins, mover_off); the opponent's off count never changes in
# the mover's turn. A step function yields (new_state, terminal) for every legal single
# step with one die; terminal means the step ended the game (and so the play).

State = tuple[tuple[int, ...], tuple[bool, ...], int]


def _plakoto_steps(state: State, die: int, mother: str) -> list[tuple[State, bool]]:
    counts, pins, off = state
    mover_points = [i for i in POINTS if counts[i] > 0]
    mover_pinned = any(counts[i] < 0 and pins[i] for i in POINTS)
    may_bear_off = not mover_pinned and all(i <= 6 for i in mover_points)
    highest = max(mover_points, default=0)
    out = []
    for src in mover_points:  # on top (a pinned mover checker has counts < 0 there)
        dst = src - die
        c = list(counts)
        p = list(pins)
        new_off = off
        if dst >= 1:
            if c[dst] >= 0:  # empty, or the mover's own on top (pin under or not)
                c[dst] += 1
            elif c[dst] == -1 and not p[dst]:  # a lone opposing checker: pin it
                c[dst] = 1
                p[dst] = True
            else:  # -1p, or two or more opposing checkers
                continue
        else:
            if not may_bear_off:
                continue
            if dst < 0 and src != highest:
                continue
            new_off += 1
        c[src] -= 1
        if c[src] == 0 and p[src]:  # the last one on top left: the pinned checker is free
            c[src] = -1
            p[src] = False
        terminal = new_off == 15 or (mother != "none" and _mother_result(c, p) is not None)
        out.append(((tuple(c), tuple(p), new_off), terminal))
    return out


def _fevga_prime(c: list[int]) -> bool:
    """The mover holds six consecutive points of the opponent's path with every opposing
    checker on the board behind them."""
    held = [False] * 25  # by the opponent's numbering q
    behind_limit = 25  # the lowest q of an opposing checker
    for q in POINTS:
        m = fevga_map(q)
        held[q] = c[m] > 0
        if c[m] < 0:
            behind_limit = min(behind_limit, q)
    # Six held in a row ending at q (q - 5 .. q), every opposing checker below them.
    run = 0
    for q in POINTS:
        run = run + 1 if held[q] else 0
        if run >= 6 and behind_limit > q:
            return True
    return False


def _fevga_steps(state: State, die: int, first: str) -> list[tuple[State, bool]]:
    counts, pins, off = state
    mover_points = [i for i in POINTS if counts[i] > 0]
    may_bear_off = all(i <= 6 for i in mover_points)
    highest = max(mover_points, default=0)
    limit = 11 if first == "pass" else 12
    first_checker_phase = off == 0 and not any(i <= limit for i in mover_points)
    one_out = any(i <= 23 for i in mover_points)
    out = []
    for src in mover_points:
        if src == 24 and first_checker_phase and one_out:
            continue
        dst = src - die
        c = list(counts)
        new_off = off
        if dst >= 1:
            if c[dst] < 0:
                continue
            c[dst] += 1
        else:
            if not may_bear_off:
                continue
            if dst < 0 and src != highest:
                continue
            new_off += 1
        c[src] -= 1
        if all(c[i] > 0 for i in range(19, 25)):  # the whole starting quarter held
            continue
        if _fevga_prime(c):
            continue
        out.append(((tuple(c), pins, new_off), new_off == 15))
    return out


# ----------------------------------------------------------------------------- plays

Play = tuple[State, tuple[int, ...], bool]  # (final state, dice used (sorted), ended the game)


Step = Callable[[State, int], list[tuple[State, bool]]]


def _explore(
    state: State, dice_left: tuple[int, ...], step: Step, memo: dict[tuple[State, tuple[int, ...]], set[Play]]
) -> set[Play]:
    """Every play (every prefix too, incl. the empty one) from state with dice_left."""
    key = (state, dice_left)
    if key in memo:
        return memo[key]
    plays: set[Play] = {(state, (), False)}
    for die in sorted(set(dice_left)):
        rest = list(dice_left)
        rest.remove(die)
        for new_state, terminal in step(state, die):
            if terminal:
                plays.add((new_state, (die,), True))
                continue
            for final, used, term in _explore(new_state, tuple(rest), step, memo):
                plays.add((final, tuple(sorted((die, *used))), term))
    memo[key] = plays
    return plays


def reference_plays(
    text: str, dice: tuple[int, int], game: str, *, mother: str = "double", first: str = "pass"
) -> set[str]:
    """The canonical result texts (mover's view) of every legal play of ``dice``.

    ``{text}`` (canonical) when nothing can be played or the game is already over.
    """
    if mother not in MOTHERS:
        raise ValueError(f"unknown mother setting {mother!r}")
    if first not in FIRSTS:
        raise ValueError(f"unknown first setting {first!r}")
    d1, d2 = dice
    if not (1 <= d1 <= 6 and 1 <= d2 <= 6):
        raise ValueError(f"bad dice {dice!r}")
    board = parse(text, game)
    if _game_over(board, game, mother):
        return {format(board)}
    all_dice = (d1,) * 4 if d1 == d2 else tuple(sorted((d1, d2)))

    if game == "plakoto":

        def step(state: State, die: int) -> list[tuple[State, bool]]:
            return _plakoto_steps(state, die, mother)
    else:

        def step(state: State, die: int) -> list[tuple[State, bool]]:
            return _fevga_steps(state, die, first)

    start: State = (board.counts, board.pins, board.off[0])
    plays = _explore(start, all_dice, step, {})

    # Use as many dice as possible; a play that ended the game counts as using them all.
    def dice_used(play: Play) -> int:
        return len(all_dice) if play[2] else len(play[1])

    most = max(dice_used(p) for p in plays)
    kept = [p for p in plays if dice_used(p) == most]
    # Only one die of a non-double playable: the higher one if it can be.
    if d1 != d2 and most == 1:
        high = max(d1, d2)
        with_high = [p for p in kept if p[1] == (high,)]
        if with_high:
            kept = with_high
    return {format(Board(counts, pins, (off, board.off[1]))) for (counts, pins, off), _, _ in kept}


# ----------------------------------------------------------------------------- hand checks


def _hand_checks() -> None:
    def fields(**points: str) -> str:
        f = ["0"] * 24
        for name, value in points.items():
            f[int(name[1:]) - 1] = value
        return ",".join(f)

    # Fevga start, 6-6: only 24/18.
    fs = start_text("fevga")
    assert reference_plays(fs, (6, 6), "fevga") == {fields(p12="-15", p18="1", p24="14") + ";0,0"}
    # Fevga start, 6-5: one checker 11 pips, never two off 24.
    assert reference_plays(fs, (6, 5), "fevga") == {fields(p12="-15", p13="1", p24="14") + ";0,0"}
    assert reference_plays(fs, (5, 6), "fevga") == {fields(p12="-15", p13="1", p24="14") + ";0,0"}
    # "quarter": at the start nobody is on 1..12 either, same plays.
    assert reference_plays(fs, (6, 5), "fevga", first="quarter") == {fields(p12="-15", p13="1", p24="14") + ";0,0"}

    # Plakoto start, 6-6: checkers go 24/18/12/6, never off; 4 ways to split four 6s.
    ps = start_text("plakoto")
    got = reference_plays(ps, (6, 6), "plakoto")
    assert got == {
        fields(p1="-15", p6="1", p18="1", p24="13") + ";0,0",  # 3 + 1
        fields(p1="-15", p12="2", p24="13") + ";0,0",  # 2 + 2
        fields(p1="-15", p12="1", p18="2", p24="12") + ";0,0",  # 2 + 1 + 1
        fields(p1="-15", p18="4", p24="11") + ";0,0",  # 1 + 1 + 1 + 1
    }, got
    # Plakoto start, 6-5: 24/18/13, or 24/18 24/19.
    assert reference_plays(ps, (6, 5), "plakoto") == {
        fields(p1="-15", p13="1", p24="14") + ";0,0",
        fields(p1="-15", p18="1", p19="1", p24="13") + ";0,0",
    }

    # Plakoto: a lone opposing checker on 20, mover on 24 rolls 4-1: 24/20* pins it.
    t = fields(p1="-14", p20="-1", p24="15") + ";0,0"
    assert reference_plays(t, (4, 1), "plakoto") == {
        fields(p1="-14", p20="1p", p23="1", p24="13") + ";0,0",  # 24/20* 24/23
        fields(p1="-14", p19="1", p20="-1", p24="14") + ";0,0",  # 24/20*/19 (or 24/23/19): freed again
    }

    # Plakoto mother: the opponent's lone mother on the mover's 1, mover has nothing on 24;
    # the mover's checker on 3 rolls 2-1: 3/1* pins it and wins at once (a one-step play).
    t = fields(p1="-1", p3="1", p10="14", p20="-14") + ";0,0"
    win = fields(p1="1p", p10="14", p20="-14") + ";0,0"  # 3/1*, the play ends
    win2 = fields(p1="1p", p9="1", p10="13", p20="-14") + ";0,0"  # 10/9 3/1* (or 3/1* 10/9)
    others = {
        fields(p1="-1", p2="1", p8="1", p10="13", p20="-14") + ";0,0",  # 10/8 3/2
        fields(p1="-1", p3="1", p7="1", p10="13", p20="-14") + ";0,0",  # 10/7
        fields(p1="-1", p3="1", p8="1", p9="1", p10="12", p20="-14") + ";0,0",  # 10/8 10/9
    }
    assert reference_plays(t, (2, 1), "plakoto") == {win, win2} | others
    assert reference_plays(t, (2, 1), "plakoto", mother="single") == {win, win2} | others
    assert reference_outcome(win, "plakoto") == ("win", 2)
    assert reference_outcome(win2, "plakoto") == ("win", 2)
    assert reference_outcome(win, "plakoto", "single") == ("win", 1)
    assert reference_outcome(win, "plakoto", "none") is None
    # mother="none": 3/1* must go on with the 1.
    assert reference_plays(t, (2, 1), "plakoto", mother="none") == {win2} | others
    # Both mothers pinned after the step: a draw.
    t = fields(p1="-1", p3="1", p10="13", p20="-13", p24="-1p") + ";0,0"
    draw = fields(p1="1p", p10="13", p20="-13", p24="-1p") + ";0,0"
    assert draw in reference_plays(t, (2, 1), "plakoto")
    assert reference_outcome(draw, "plakoto") == ("draw", 0)
    # A pinned mover checker forbids bearing off.
    t = fields(p1="13", p3="1", p5="-1p", p20="-14") + ";0,0"
    assert reference_plays(t, (6, 5), "plakoto") == {t}

    # Bearing off with a larger die only from the highest point.
    t = fields(p3="1", p5="1", p20="-15") + ";13,0"
    assert reference_plays(t, (6, 1), "fevga") == {
        fields(p2="1", p20="-15") + ";14,0",  # 5/off 3/2
        fields(p3="1", p20="-15") + ";14,0",  # 5/4/off
    }
    assert reference_outcome(fields(p20="-15") + ";15,0", "fevga") == ("win", 2)
    assert reference_outcome(fields(p20="-14") + ";15,1", "fevga") == ("win", 1)
    # Fevga starting quarter: 24/23 would hold all of 19..24.
    t = fields(p1="1", p10="-15", p19="2", p20="2", p21="2", p22="2", p24="6") + ";0,0"
    got = reference_plays(t, (1, 1), "fevga")
    assert not any(all(f != "0" for f in r.split(";")[0].split(",")[18:]) for r in got)
    assert fields(p1="1", p10="-15", p19="2", p20="2", p21="4", p23="2", p24="4") + ";0,0" in got  # 22/21(2) 24/23(2)
    t = fields(p1="1", p10="-15", p19="2", p20="2", p21="2", p22="2", p24="6") + ";0,0"
    got = reference_plays(t, (6, 1), "fevga")  # never 24/23: no 6 can empty one of 19..22
    assert len(got) > 1 and all(r.split(",")[22] == "0" for r in got)
    assert fields(p1="1", p10="-15", p17="1", p19="2", p20="2", p21="2", p22="2", p24="5") + ";0,0" in got

    # Fevga prime: the mover holds 14..18 (the opponent's 2..6); 24/19 would make six in a row with
    # every opposing checker behind them: illegal.
    def holds(r: str, points: range) -> bool:
        f = r.split(";")[0].split(",")
        return all(not f[p - 1].startswith(("0", "-")) for p in points)

    t = fields(p1="1", p12="-15", p14="2", p15="2", p16="2", p17="2", p18="2", p24="4") + ";0,0"
    got = reference_plays(t, (5, 5), "fevga")
    assert got and not any(holds(r, range(14, 20)) for r in got)
    # ... but fine with an opposing checker ahead of them (on the opponent's 1, the mover's 13).
    t = fields(p1="1", p12="-14", p13="-1", p14="2", p15="2", p16="2", p17="2", p18="2", p24="4") + ";0,0"
    assert any(holds(r, range(14, 20)) for r in reference_plays(t, (5, 5), "fevga"))
    # First checker "pass" vs "quarter": a lone checker on 12 (the opponent gone from there).
    t = fields(p12="1", p15="-15", p24="14") + ";0,0"
    assert reference_plays(t, (3, 1), "fevga") == {  # 24 only after the 12 has passed, mid-turn
        fields(p8="1", p15="-15", p24="14") + ";0,0",  # 12/9/8 (12/11/8)
        fields(p9="1", p15="-15", p23="1", p24="13") + ";0,0",  # 12/9 24/23
        fields(p11="1", p15="-15", p21="1", p24="13") + ";0,0",  # 12/11 24/21
    }
    quarter = reference_plays(t, (3, 1), "fevga", first="quarter")
    assert fields(p12="1", p15="-15", p21="1", p23="1", p24="12") + ";0,0" in quarter  # 24/21 24/23
    assert fields(p12="1", p15="-15", p20="1", p24="13") + ";0,0" in quarter  # 24/21/20
    # Text: round trip, swap, errors.
    for game in GAMES:
        assert swap(start_text(game), game) == start_text(game)
    t = fields(p1="-2p", p5="3", p10="-11", p20="1p", p24="10") + ";0,1"
    assert swap(t, "plakoto") == fields(p1="-10", p5="-1p", p15="11", p20="-3", p24="2p") + ";1,0"
    assert swap(swap(t, "plakoto"), "plakoto") == t
    for bad in (
        fields() + ";0,0",  # no checkers
        "0," * 23 + ";0,0",
        fields(p1="15", p2="x") + ";0,0",
        fields(p1="15", p2="0p", p3="-15") + ";0,0",
        fields(p1="16", p3="-15") + ";-1,0",
        fields(p1="15", p3="-15") + ";0",
        fields(p1="15p", p3="-14") + ";0,0" + "x",
    ):
        try:
            parse(bad, "plakoto")
        except ValueError:
            pass
        else:
            raise AssertionError(bad)
    try:
        parse(fields(p1="15p", p3="-14") + ";0,0", "fevga")
    except ValueError:
        pass
    else:
        raise AssertionError("p in fevga")
    t = fields(p1="3", p5="-4", p12="-11", p24="12") + ";0,0"
    assert swap(t, "fevga") == fields(p12="-12", p13="-3", p17="4", p24="11") + ";0,0"
    assert format(parse(fields(p1="15p", p3="-14") + ";0,0", "plakoto")) == fields(p1="15p", p3="-14") + ";0,0"


if __name__ == "__main__":
    _hand_checks()
    print("hand checks pass")
