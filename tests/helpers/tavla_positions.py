"""Random legal Plakoto and Fevga positions, as position texts (see ``tavla_reference``).

Every generator takes a ``random.Random`` so runs are reproducible. The kinds aim at what a
rules engine gets wrong: pins (Plakoto: on the mothers' points 1 and 24, a mover's checker
pinned in its home, stacks on pins), mothers, blocks and primes (Fevga), the first-checker
rule (Fevga), bear-offs (with a pin in Plakoto), blocked positions where often only one die (or
none) can be played, and starting positions; plus positions met in random self-play.

Only positions that can occur are made: 15 checkers a side; a side that has borne off has all
its checkers in its home (Plakoto: maybe pinned there); Fevga: no point with both sides, no side
holding its whole starting quarter or a prime with every opposing checker behind, and the
first-checker rule kept for both sides; Plakoto: no game already ended by the mother rule.

    python -m tests.helpers.tavla_positions   # samples of each kind and a timing of the reference
"""

from __future__ import annotations

import random
import time

from .tavla_reference import (
    Board,
    _fevga_prime,
    _mother_result,
    _swap_board,
    fevga_map,
    parse,
    reference_outcome,
    reference_plays,
    start_text,
    swap,
)
from .tavla_reference import format as format_board

PLAKOTO_KINDS = {
    "start": 1,
    "opening": 3,
    "midgame": 5,
    "mothers": 4,
    "home_pin": 3,
    "stacks": 2,
    "bearoff": 3,
    "bearoff_pin": 3,
    "blocked": 2,
}
FEVGA_KINDS = {
    "start": 1,
    "first": 5,
    "blocks": 5,
    "quarter": 3,
    "midgame": 4,
    "bearoff": 3,
    "blocked": 2,
}
KINDS = {"plakoto": PLAKOTO_KINDS, "fevga": FEVGA_KINDS}
MOVER, OPPONENT = 1, -1


class _Failed(Exception):
    """This attempt cannot be completed; the caller draws again."""


class _Builder:
    """A board being filled in. ``side`` is +1 (mover) or -1 (opponent)."""

    def __init__(self, off_mover: int = 0, off_opponent: int = 0) -> None:
        self.counts = [0] * 25
        self.pins = [False] * 25
        self.off = (off_mover, off_opponent)
        self.left = {MOVER: 15 - off_mover, OPPONENT: 15 - off_opponent}
        self.frozen: set[int] = set()  # points that must not get more checkers

    def pin(self, point: int, side: int, on_top: int) -> None:
        """``on_top`` checkers of ``side`` pinning one of the other side on an empty point."""
        if self.counts[point] != 0 or self.left[side] < on_top or self.left[-side] < 1:
            raise _Failed
        self.counts[point] = side * on_top
        self.pins[point] = True
        self.left[side] -= on_top
        self.left[-side] -= 1

    def put(self, point: int, side: int, n: int) -> None:
        if n <= 0:
            return
        if self.counts[point] * side < 0 or self.left[side] < n or point in self.frozen:
            raise _Failed
        self.counts[point] += side * n
        self.left[side] -= n

    def free_for(self, side: int, points: list[int]) -> list[int]:
        return [p for p in points if self.counts[p] * side >= 0 and p not in self.frozen]

    def scatter(self, rng: random.Random, side: int, points: list[int], spread: int) -> None:
        """Put all of ``side``'s remaining checkers on at most ``spread`` of ``points``."""
        n = self.left[side]
        if n == 0:
            return
        free = self.free_for(side, points)
        if not free:
            raise _Failed
        chosen = rng.sample(free, min(len(free), max(1, spread), n))
        for p in chosen:
            self.put(p, side, 1)
        for _ in range(n - len(chosen)):
            self.put(rng.choice(chosen), side, 1)

    def board(self) -> Board:
        if self.left[MOVER] or self.left[OPPONENT]:
            raise _Failed
        return Board(tuple(self.counts), tuple(self.pins), self.off)


# ----------------------------------------------------------------------------- legality


def _checkers(board: Board, side: int) -> list[int]:
    """The points of ``side``'s checkers on the board, on top or pinned."""
    pts = []
    for i in range(1, 25):
        c = board.counts[i]
        if c * side > 0 or (c * side < 0 and board.pins[i]):
            pts.append(i)
    return pts


def is_possible(board: Board, game: str, first: str = "pass") -> bool:
    """Whether the position can occur in a game still going on, with the mover on roll.

    Assumes the mother rule on (Plakoto) and the given first-checker setting (Fevga); positions
    that pass with "pass" pass with "quarter" too.
    """
    limit = 11 if first == "pass" else 12
    if 15 in board.off:
        return False
    views = (board, _swap_board(board, game))
    for view in views:  # the rules of each side, from that side's view
        if view.off[0] > 0 and any(p > 6 for p in _checkers(view, MOVER)):
            return False
        if game == "plakoto":
            if _mother_result(view.counts, view.pins) is not None:
                return False
        else:
            if any(view.pins):
                return False
            mover = _checkers(view, MOVER)
            if (
                view.off[0] == 0
                and not any(p <= limit for p in mover)
                and sum(view.counts[p] for p in mover if p <= 23) > 1
            ):
                return False
            if all(view.counts[i] > 0 for i in range(19, 25)):
                return False
            if _fevga_prime(list(view.counts)):
                return False
    return True


# ----------------------------------------------------------------------------- Plakoto


def _pinner(rng: random.Random) -> int:
    return rng.choice((1, 1, 1, 2, 2, 3))


def _plakoto(rng: random.Random, kind: str) -> Board:
    if kind == "start":
        return parse(start_text("plakoto"), "plakoto")
    if kind == "opening":
        b = _Builder()
        b.put(24, MOVER, rng.randint(6, 14))
        b.put(1, OPPONENT, rng.randint(6, 14))
        for _ in range(rng.choice((0, 0, 1, 2))):
            p = rng.randint(2, 23)
            if b.counts[p] == 0:
                b.pin(p, rng.choice((MOVER, OPPONENT)), _pinner(rng))
        b.scatter(rng, MOVER, list(range(13, 24)), rng.randint(1, 5))
        b.scatter(rng, OPPONENT, list(range(2, 13)), rng.randint(1, 5))
        return b.board()
    if kind in ("midgame", "stacks"):
        b = _Builder()
        for _ in range(rng.randint(1, 3) if kind == "stacks" else rng.choice((0, 1, 1, 2, 3))):
            p = rng.randint(1, 24)
            if b.counts[p] == 0:
                b.pin(p, rng.choice((MOVER, OPPONENT)), rng.randint(2, 6) if kind == "stacks" else _pinner(rng))
        if rng.random() < 0.5 and b.counts[24] >= 0:
            b.put(24, MOVER, rng.randint(1, 4))
        if rng.random() < 0.5 and b.counts[1] <= 0:
            b.put(1, OPPONENT, rng.randint(1, 4))
        b.scatter(rng, MOVER, list(range(1, 25)), rng.randint(3, 9))
        b.scatter(rng, OPPONENT, list(range(1, 25)), rng.randint(3, 9))
        return b.board()
    if kind == "mothers":
        b = _Builder()
        variant = rng.choice(("lone", "lone", "mover_pins_1", "opponent_pins_24", "pins_both_ends", "home_1"))
        if variant == "lone":  # a single checker left on a side's 24-point
            if rng.random() < 0.7:
                b.put(24, MOVER, 1)
                b.frozen.add(24)
            if rng.random() < 0.7 or 24 not in b.frozen:
                b.put(1, OPPONENT, 1)
                b.frozen.add(1)
        elif variant == "mover_pins_1":  # the opponent's mother pinned; the mover still on 24
            b.pin(1, MOVER, _pinner(rng))
            b.put(24, MOVER, rng.choice((1, 1, 2, 3)))
            if rng.random() < 0.5:
                b.frozen.add(24)
        elif variant == "opponent_pins_24":  # the mover's mother pinned; the opponent still on 1
            b.pin(24, OPPONENT, _pinner(rng))
            b.put(1, OPPONENT, rng.choice((1, 1, 2, 3)))
            if rng.random() < 0.5:
                b.frozen.add(1)
        elif variant == "pins_both_ends":  # mover pins on 24, opponent pins on 1 (not mothers)
            b.pin(24, MOVER, _pinner(rng))
            b.pin(1, OPPONENT, _pinner(rng))
        else:  # home_1: a lone opposing mother, the mover near it, maybe none left on 24
            b.put(1, OPPONENT, 1)
            b.frozen.add(1)
            if rng.random() < 0.5:
                b.put(24, MOVER, rng.choice((1, 2)))
            b.frozen.add(24)
            b.put(rng.randint(2, 7), MOVER, 1)
        b.scatter(rng, MOVER, list(range(1, 24)), rng.randint(2, 8))
        b.scatter(rng, OPPONENT, list(range(2, 25)), rng.randint(2, 8))
        return b.board()
    if kind == "home_pin":  # a mover checker pinned inside its home
        off = rng.choice((0, 0, 0, 1, 3, 6))
        b = _Builder(off_mover=off)
        for _ in range(rng.choice((1, 1, 2))):
            p = rng.randint(1, 6)
            if b.counts[p] == 0:
                b.pin(p, OPPONENT, _pinner(rng))
        mover_region = list(range(1, 7)) if off else list(range(1, rng.choice((7, 10, 13, 25))))
        b.scatter(rng, MOVER, mover_region, rng.randint(2, 6))
        b.scatter(rng, OPPONENT, list(range(1, 25)), rng.randint(2, 7))
        return b.board()
    if kind in ("bearoff", "bearoff_pin"):
        off_m = rng.randint(0, 14)
        off_o = rng.choice((0, 0, rng.randint(0, 14)))
        b = _Builder(off_m, off_o)
        home = list(range(1, 7))
        opp_home = list(range(19, 25))
        if kind == "bearoff_pin":
            which = rng.choice(("mover_pins_home", "opponent_pins_home", "mover_pins_opp_home"))
            if which == "mover_pins_home" and off_o == 0:
                b.pin(rng.choice(home), MOVER, _pinner(rng))
            elif which == "opponent_pins_home":
                b.pin(rng.choice(home), OPPONENT, _pinner(rng))
            elif which == "mover_pins_opp_home" and off_m == 0:
                b.pin(rng.choice(opp_home), MOVER, 1)
            else:
                b.pin(rng.choice(home), OPPONENT, 1)
        b.scatter(rng, MOVER, home, rng.randint(1, 6))
        opp_region = opp_home if off_o else rng.choice((opp_home, list(range(7, 25)), list(range(1, 25))))
        b.scatter(rng, OPPONENT, opp_region, rng.randint(1, 6))
        return b.board()
    if kind == "blocked" and rng.random() < 0.5:  # often only one die playable
        # the opponent closes c..c+5; the mover's checkers on c+6 are stuck behind; one checker
        # further back is free, but both dice in a row may land in the prime
        b = _Builder()
        c = rng.randint(1, 17)
        for p in range(c, c + 6):
            b.put(p, OPPONENT, 2)
        free = rng.randint(c + 7, min(24, c + 12))
        b.put(free, MOVER, 1)
        b.put(c + 6, MOVER, b.left[MOVER])
        b.scatter(rng, OPPONENT, list(range(1, 25)), rng.randint(1, 3))
        return b.board()
    if kind == "blocked":  # few mover checkers free to move, many closed points: one die or none
        b = _Builder()
        for _ in range(rng.randint(0, 3)):  # mover checkers pinned where they are
            p = rng.randint(2, 23)
            if b.counts[p] == 0:
                b.pin(p, OPPONENT, rng.choice((1, 2)))
        for p in rng.sample(range(2, 24), rng.randint(4, 7)):  # closed points
            if b.counts[p] == 0 and b.left[OPPONENT] >= 2:
                b.put(p, OPPONENT, 2)
        b.scatter(rng, MOVER, list(range(7, 25)), rng.randint(1, 3))
        b.scatter(rng, OPPONENT, list(range(1, 25)), rng.randint(1, 3))
        return b.board()
    raise ValueError(f"unknown Plakoto kind {kind!r}")


# ----------------------------------------------------------------------------- Fevga


def _m(q: int) -> int:
    """The mover's point of the opponent's point q."""
    return fevga_map(q)


def _fevga(rng: random.Random, kind: str) -> Board:
    all_points = list(range(1, 25))
    if kind == "start":
        return parse(start_text("fevga"), "fevga")
    if kind == "first":  # mover mostly on 24, one checker out before/after passing 12
        b = _Builder()
        passed = rng.random() < 0.5
        b.put(24, MOVER, rng.choice((14, 14, 13, 12)) if passed else 14)
        # the opponent: mostly on its start (the mover's 12), maybe one out, maybe passed
        opp_passed = rng.random() < 0.4
        on_start = rng.choice((15, 14, 14, 13, 11, 0, 0)) if opp_passed else rng.choice((15, 14))
        b.put(12, OPPONENT, on_start)
        if b.left[OPPONENT]:
            if opp_passed:  # past the mover's 24: on the mover's 13..23 (opponent's 1..11)
                b.put(rng.randint(13, 23), OPPONENT, 1)
                b.scatter(rng, OPPONENT, [_m(q) for q in range(1, 24)], rng.randint(1, 3))
            else:  # out, not yet past: the mover's 1..11 (opponent's 13..23)
                b.put(rng.randint(1, 11), OPPONENT, 1)
        if passed:
            b.put(rng.choice(b.free_for(MOVER, list(range(1, 12)))), MOVER, 1)
            b.scatter(rng, MOVER, list(range(1, 24)), rng.randint(1, 3))
        elif b.counts[12] == 0 and rng.random() < 0.5:  # the opponent has left its start: on 12
            b.put(12, MOVER, 1)
        else:
            b.put(rng.choice(b.free_for(MOVER, list(range(13, 24)))), MOVER, 1)
        return b.board()
    if kind == "blocks":  # several consecutive points held, opposing checkers mostly behind
        b = _Builder(off_opponent=rng.choice((0, 0, 0, 2)))
        length = rng.choice((3, 4, 5, 5, 5, 6))
        q0 = rng.randint(1, 25 - length)
        block = [_m(q) for q in range(q0, q0 + length)]
        if b.off[1]:  # the opponent bears off: all its checkers in its home, block ahead of them
            q0 = rng.randint(7, 25 - length)
            block = [_m(q) for q in range(q0, q0 + length)]
            behind = [_m(q) for q in range(1, 7)]
            ahead: list[int] = []
        else:
            behind = [_m(q) for q in range(q0 + length, 25)]
            ahead = [_m(q) for q in range(1, q0)]
        for p in block:
            b.put(p, MOVER, min(b.left[MOVER], rng.choice((1, 2, 2, 3))))
        if b.left[MOVER]:
            b.scatter(rng, MOVER, all_points, rng.randint(1, 4))
        if ahead and rng.random() < 0.4:
            free = b.free_for(OPPONENT, ahead)
            if free:
                b.put(rng.choice(free), OPPONENT, 1)
        b.scatter(rng, OPPONENT, behind if rng.random() < 0.9 else all_points, rng.randint(1, 5))
        return b.board()
    if kind == "quarter":  # five of the mover's 19..24 held
        b = _Builder()
        missing = rng.choice((19, 20, 21, 22, 23, 23, 24))
        for p in range(19, 25):
            if p != missing:
                b.put(p, MOVER, rng.choice((1, 1, 2, 3)))
        b.frozen.add(missing)
        b.put(rng.randint(1, 11), MOVER, 1)  # past the opponent's start: others may leave 24
        b.scatter(rng, MOVER, list(range(1, 19)), rng.randint(1, 4))
        b.frozen.discard(missing)
        b.scatter(rng, OPPONENT, all_points, rng.randint(1, 6))
        return b.board()
    if kind == "midgame":
        b = _Builder()
        if rng.random() < 0.5:
            b.put(24, MOVER, rng.randint(1, 6))
        if rng.random() < 0.5:
            b.put(12, OPPONENT, rng.randint(1, 6))
        b.scatter(rng, MOVER, all_points, rng.randint(3, 9))
        b.scatter(rng, OPPONENT, all_points, rng.randint(3, 9))
        return b.board()
    if kind == "bearoff":
        off_m = rng.randint(0, 14)
        off_o = rng.choice((0, 0, rng.randint(0, 14)))
        b = _Builder(off_m, off_o)
        b.scatter(rng, MOVER, list(range(1, 7)), rng.randint(1, 6))
        opp_home = [_m(q) for q in range(1, 7)]
        opp_region = opp_home if off_o else rng.choice((opp_home, [_m(q) for q in range(1, 13)], all_points))
        b.scatter(rng, OPPONENT, opp_region, rng.randint(1, 6))
        return b.board()
    if kind == "blocked":  # the mover in a few stacks, the opponent holding many points in front
        b = _Builder()
        b.put(24, MOVER, rng.randint(1, 8))
        b.put(rng.randint(2, 11), MOVER, rng.randint(1, 4))  # one past the opponent's start
        for p in rng.sample(range(1, 24), rng.randint(6, 12)):
            if b.counts[p] == 0 and b.left[OPPONENT]:
                b.put(p, OPPONENT, rng.choice((1, 1, 2)))
        b.scatter(rng, MOVER, all_points, rng.randint(1, 2))
        b.scatter(rng, OPPONENT, all_points, rng.randint(1, 3))
        return b.board()
    raise ValueError(f"unknown Fevga kind {kind!r}")


# ----------------------------------------------------------------------------- public


def random_position(rng: random.Random, game: str, kind: str | None = None) -> str:
    """A random position (mover's view) that can occur in a game still going on.

    ``kind`` picks one family (see ``KINDS[game]``); None draws one by weight.
    """
    kinds = KINDS[game]
    if kind is None:
        kind = rng.choices(list(kinds), weights=list(kinds.values()))[0]
    elif kind not in kinds:
        raise ValueError(f"unknown {game} kind {kind!r}")
    make = _plakoto if game == "plakoto" else _fevga
    for _ in range(10_000):
        try:
            board = make(rng, kind)
        except _Failed:
            continue
        if is_possible(board, game):
            return format_board(board)
    raise RuntimeError(f"could not make a {game} {kind} position")


def random_roll(rng: random.Random) -> tuple[int, int]:
    return (rng.randint(1, 6), rng.randint(1, 6))


def self_play_positions(
    rng: random.Random, game: str, count: int, *, mother: str = "double", first: str = "pass", max_turns: int = 600
) -> list[str]:
    """``count`` positions (player on roll's view) met in random self-play from the start."""
    positions: list[str] = []
    while len(positions) < count:
        text = start_text(game)
        for _ in range(max_turns):
            if len(positions) >= count:
                break
            positions.append(text)
            plays = sorted(reference_plays(text, random_roll(rng), game, mother=mother, first=first))
            after = rng.choice(plays)
            if reference_outcome(after, game, mother) is not None:
                break
            text = swap(after, game)
    return positions


def _main() -> None:
    rng = random.Random(20240611)
    for game in ("plakoto", "fevga"):
        print(f"== {game}")
        for kind in KINDS[game]:
            print(f"-- {kind}")
            for _ in range(3):
                print("  ", random_position(rng, game, kind))
    for game in ("plakoto", "fevga"):
        t0 = time.perf_counter()
        sp = self_play_positions(rng, game, 300)
        t1 = time.perf_counter()
        print(f"{game}: 300 self-play positions in {t1 - t0:.2f}s, e.g. {sp[-1]}")
    for game in ("plakoto", "fevga"):
        pairs = [(random_position(rng, game), random_roll(rng)) for _ in range(2000)]
        t0 = time.perf_counter()
        sizes = [len(reference_plays(text, dice, game)) for text, dice in pairs]
        t1 = time.perf_counter()
        print(
            f"{game}: reference_plays over 2000 random pairs: {t1 - t0:.2f}s "
            f"({(t1 - t0) / 2000 * 1000:.2f} ms/pair, max {max(sizes)} plays, "
            f"{sum(s == 1 for s in sizes)} with a single result)"
        )


if __name__ == "__main__":
    _main()
