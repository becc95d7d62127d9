"""Plakoto and Fevga: the two other games of the tavla family, on the same board.

Backgammon (Portes) keeps its own fast generator in :mod:`tawla.engine.moves`; the two games
here plug into one interface, :class:`Variant`, that says what differs: the start, whether a
point is open, what landing on a lone opposing checker does (hit in backgammon, pin in Plakoto,
nothing in Fevga, where a single checker holds a point), which way the opponent runs, the extra
legality of a step, and when a game ends.

Positions are :class:`TavlaBoard` objects, immutable and seen from the player on roll like a
:class:`~tawla.engine.position.Position`, and read the same way (``board[p]`` is the signed count
of the checkers *on top* of point ``p``, mover positive), plus :meth:`TavlaBoard.pinned`: the side
whose checker lies pinned under them (Plakoto). There is no bar: slots 0 and 25 are always 0.

Plays are :class:`~tawla.engine.moves.Play` tuples of :class:`~tawla.engine.moves.Step`; a step's
``hit`` says that it *captured*: in Plakoto it pinned a checker. The turn, step by step, is a
:class:`TavlaTurn`, with the same shape as :class:`~tawla.engine.moves.TurnState`.

The rules (sources and the settings for their disagreements: the rules screen and
``tests/helpers/tavla_reference.py``, which enumerates them independently):

* **Plakoto.** 15 checkers each on their own 24-point, opposite directions. Landing on a single
  opposing checker pins it; a pinned checker cannot move until every pinner has left, and its
  point is closed to its owner. No bearing off while one of your checkers is pinned. **The
  mother** (a side's last checker on its 24-point): pinned there, the game ends at once, won by
  the pinner, unless the pinner still has a checker on its own 24-point; both mothers pinned is a
  draw (:class:`Mother` says what it is worth, or that the rule is off).
* **Fevga.** 15 checkers each on their own 24-point, diagonally opposite (the opponent's start is
  the mover's 12-point); both sides run the same way; a single checker holds a point. Until the
  mover's first checker has passed the opponent's start (:class:`FirstChecker`), no other checker
  may leave the mover's start. The mover may never hold all six points of its starting quarter
  (19-24), nor six points in a row with every opposing checker behind them.

Every condition is checked after each step. A step that ends the game (the mother pinned, the
fifteenth checker off) ends the play; such a play counts as using every die.
"""

from __future__ import annotations

import enum
from bisect import bisect_right, insort
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from tawla.engine.explain import Reason, Why
from tawla.engine.moves import IllegalStep, Roll, Step, dice_of, normalise_roll
from tawla.engine.position import CHECKERS, OFF, PositionError


class Game(enum.StrEnum):
    """A game of the tavla family. Values are catalog keys and saved names."""

    BACKGAMMON = "backgammon"
    """Backgammon; Portes in a tavli match."""
    PLAKOTO = "plakoto"
    FEVGA = "fevga"


class Mother(enum.StrEnum):
    """Plakoto's mother-checker rule (sources disagree; the default first)."""

    DOUBLE = "double"
    """A pinned mother ends the game at once: 2 points to the pinner, unless the pinner's own
    mother is still home; both pinned is a draw."""
    SINGLE = "single"
    """The same, but the win counts single (1 point)."""
    NONE = "none"
    """No mother rule: a pinned mother is like any pinned checker."""


class FirstChecker(enum.StrEnum):
    """Fevga's first-checker rule: how far the first checker must go before a second may leave
    the start (the default first)."""

    PASS = "pass"
    """Past the opponent's starting point (the mover's 12-point)."""
    QUARTER = "quarter"
    """Into the opponent's starting quarter (the mover's 7-12)."""


class Ending(enum.Enum):
    """How a step ended a game at once (seen from the mover who made it)."""

    BORNE_OFF = "borne_off"
    """The mover bore its fifteenth checker off."""
    MOTHER = "mother"
    """The mover pinned the opponent's mother and has no checker left on its own start."""
    DRAW = "draw"
    """Both mothers are pinned."""


@dataclass(frozen=True, slots=True)
class Variant:
    """The game and the table's settings that change which plays are legal or what they score."""

    game: Game
    mother: Mother = Mother.DOUBLE
    first: FirstChecker = FirstChecker.PASS

    def start(self) -> TavlaBoard:
        """The starting position of this game (for backgammon use ``Position.start``)."""
        return TavlaBoard.start(self.game)


class TavlaBoard:
    """An immutable Plakoto or Fevga position from the point of view of the player on roll.

    ``board[p]`` (p = 0..25) is the signed count of the checkers on top of point ``p`` (mover
    positive, as in :class:`~tawla.engine.position.Position`; 0 and 25 are bars and stay 0).
    :meth:`pinned` says whose checker lies pinned under them: +1 the mover's, -1 the opponent's.
    """

    __slots__ = ("_counts", "_hash", "_swapped", "game", "pins", "slots")

    _counts: tuple[int, int]
    _hash: int
    _swapped: TavlaBoard
    game: Game
    slots: tuple[int, ...]
    pins: tuple[int, ...]

    def __init__(self, game: Game, slots: Iterable[int], pins: Iterable[int] | None = None) -> None:
        s = tuple(int(v) for v in slots)
        p = tuple(int(v) for v in pins) if pins is not None else (0,) * 26
        _validate(game, s, p)
        self._set(game, s, p)

    def _set(self, game: Game, slots: tuple[int, ...], pins: tuple[int, ...]) -> None:
        # Straight into the slots (``__setattr__`` refuses); the hash is left out until first
        # asked for: a generator makes many boards that nothing hashes.
        _SET_GAME(self, game)
        _SET_SLOTS(self, slots)
        _SET_PINS(self, pins)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a TavlaBoard is immutable")

    @classmethod
    def _trusted(cls, game: Game, slots: Sequence[int], pins: Sequence[int]) -> TavlaBoard:
        board = object.__new__(cls)
        board._set(game, tuple(slots), tuple(pins))
        return board

    @classmethod
    def start(cls, game: Game) -> TavlaBoard:
        """Plakoto: both sides' 15 on their own 24-point; Fevga: the opponent's on the mover's 12."""
        slots = [0] * 26
        slots[24] = CHECKERS
        slots[1 if game is Game.PLAKOTO else 12] = -CHECKERS
        return cls._trusted(game, slots, (0,) * 26)

    # -- reading, as a Position reads -------------------------------------

    def __getitem__(self, point: int) -> int:
        return self.slots[point]

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.slots)

    def __len__(self) -> int:
        return 26

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TavlaBoard):
            return NotImplemented
        return self.slots == other.slots and self.pins == other.pins and self.game is other.game

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:  # (not worked out yet)
            h = hash((self.game, self.slots, self.pins))
            _SET_HASH(self, h)
            return h

    def pinned(self, point: int) -> int:
        """+1 when a mover's checker lies pinned under the opponent's on ``point``, -1 when an
        opponent's lies under the mover's, 0 when none."""
        return self.pins[point]

    def mover(self, point: int) -> int:
        """The mover's checkers on ``point`` (1..24), a pinned one included."""
        v = self.slots[point]
        return (v if v > 0 else 0) + (1 if self.pins[point] > 0 else 0)

    def opponent_point(self, point: int) -> int:
        """The opponent's own number for the mover's ``point`` (1..24)."""
        return opponent_point(self.game, point)

    @property
    def mover_bar(self) -> int:
        return 0

    @property
    def opponent_bar(self) -> int:
        return 0

    def _on_board(self) -> tuple[int, int]:
        """The mover's and the opponent's checkers on the board, counted once and kept (a match
        asks at every action)."""
        try:
            return self._counts
        except AttributeError:  # (not counted yet)
            pass
        mover = opponent = 0
        for v in self.slots:  # (one loop, not four sums: twice as quick)
            if v > 0:
                mover += v
            elif v < 0:
                opponent -= v
        pins = self.pins
        if any(pins):
            for v in pins:
                if v > 0:
                    mover += 1
                elif v < 0:
                    opponent += 1
        counts = (mover, opponent)
        _SET_COUNTS(self, counts)
        return counts

    @property
    def mover_on_board(self) -> int:
        return self._on_board()[0]

    @property
    def opponent_on_board(self) -> int:
        return self._on_board()[1]

    @property
    def mover_off(self) -> int:
        return CHECKERS - self.mover_on_board

    @property
    def opponent_off(self) -> int:
        return CHECKERS - self.opponent_on_board

    @property
    def mover_pips(self) -> int:
        """The mover's pip count (a checker on point p is p pips from off)."""
        return sum(p * self.mover(p) for p in range(1, 25))

    @property
    def opponent_pips(self) -> int:
        """The opponent's pip count, in its own numbering."""
        return self.swapped().mover_pips

    def all_home(self) -> bool:
        """True when every checker the mover still has is on points 1-6."""
        return not any(self.mover(p) for p in range(7, 25))

    def is_game_over(self) -> bool:
        """True when a side has borne off all fifteen (the mother's end is :func:`ending`)."""
        return self.mover_off == CHECKERS or self.opponent_off == CHECKERS

    def swapped(self) -> TavlaBoard:
        """The same position seen from the other player (an involution). Worked out once and kept
        (a match asks for it at every action); the board returned does not keep this one back,
        so that no reference cycle is left for the garbage collector."""
        try:
            return self._swapped
        except AttributeError:  # (not worked out yet)
            pass
        s, p = self.slots, self.pins
        if self.game is Game.FEVGA:  # the opponent's q is our q + 12 (q <= 12) or q - 12
            slots = (0, *(-v for v in s[13:25]), *(-v for v in s[1:13]), 0)
            pins = (0, *(-v for v in p[13:25]), *(-v for v in p[1:13]), 0)
        else:  # our 25 - q, and the bars (always 0) stay
            slots = tuple(-v for v in reversed(s))
            pins = tuple(-v for v in reversed(p))
        other = TavlaBoard._trusted(self.game, slots, pins)
        _SET_SWAPPED(self, other)
        return other

    # -- text ----------------------------------------------------------------

    def text(self) -> str:
        """The position as ``tawla moves --game`` reads and writes it (see :func:`parse_board`)."""
        fields = []
        for p in range(1, 25):
            v, pin = self.slots[p], self.pins[p]
            fields.append(f"{v}p" if pin else str(v))
        return f"{','.join(fields)};{self.mover_off},{self.opponent_off}"

    def __repr__(self) -> str:
        return f"TavlaBoard({self.game.value}, {self.text()!r})"


_SET_GAME = vars(TavlaBoard)["game"].__set__
_SET_SLOTS = vars(TavlaBoard)["slots"].__set__
_SET_PINS = vars(TavlaBoard)["pins"].__set__
_SET_HASH = vars(TavlaBoard)["_hash"].__set__
_SET_COUNTS = vars(TavlaBoard)["_counts"].__set__
_SET_SWAPPED = vars(TavlaBoard)["_swapped"].__set__
"""The setters of a TavlaBoard's slots, for :meth:`TavlaBoard._set`."""


def opponent_point(game: Game, point: int) -> int:
    """The opponent's own number for the mover's ``point`` (1..24): 25 - p, or p ± 12 in Fevga."""
    if game is Game.FEVGA:
        return point + 12 if point <= 12 else point - 12
    return 25 - point


def _validate(game: Game, slots: tuple[int, ...], pins: tuple[int, ...]) -> None:
    if game is Game.BACKGAMMON:
        raise PositionError("bad_game", "backgammon positions are Position objects")
    if len(slots) != 26 or len(pins) != 26:
        raise PositionError("bad_length", "a board has 26 slots")
    if slots[0] or slots[25] or pins[0] or pins[25]:
        raise PositionError("bad_bar", "there is no bar in Plakoto or Fevga")
    for p in range(1, 25):
        pin = pins[p]
        if pin not in (-1, 0, 1):
            raise PositionError("bad_pin", f"point {p}: one checker at most lies pinned", point=p)
        if pin and game is not Game.PLAKOTO:
            raise PositionError("bad_pin", "only Plakoto pins", point=p)
        if pin and (slots[p] * pin) >= 0:
            raise PositionError("bad_pin", f"point {p}: a pinned checker lies under the other side's", point=p)
    mover = sum(v for v in slots if v > 0) + sum(1 for v in pins if v > 0)
    opponent = -sum(v for v in slots if v < 0) + sum(1 for v in pins if v < 0)
    for side, count in (("mover", mover), ("opponent", opponent)):
        if count > CHECKERS:
            raise PositionError(
                "too_many_checkers", f"the {side} has {count} checkers (at most 15)", side=side, count=count
            )


class Play(NamedTuple):
    """A whole Plakoto or Fevga turn: the steps in the order played and the resulting board
    (still seen from the mover), as :class:`~tawla.engine.moves.Play` is for backgammon."""

    steps: tuple[Step, ...]
    result: TavlaBoard

    @property
    def is_pass(self) -> bool:
        """True when nothing could be played."""
        return not self.steps


class BoardTextError(ValueError):
    """A position text that cannot be read; ``code`` names the problem for the catalogs."""

    def __init__(self, code: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


def parse_board(game: Game, text: str) -> TavlaBoard:
    """Read ``f1,...,f24;a,b``: the mover's points 1 to 24, then the borne-off counts.

    A field is ``0``, ``n`` (the mover's), ``-n`` (the opponent's), or in Plakoto ``np`` /
    ``-np``: n checkers of that side on top, pinning one of the other side. Each side's checkers
    on the board and off must make fifteen. Raises :class:`BoardTextError`.
    """
    body, sep, off_text = text.strip().partition(";")
    if not sep:
        raise BoardTextError("no_off", "no ';' before the borne-off counts")
    fields = [f.strip() for f in body.split(",")]
    if len(fields) != 24:
        raise BoardTextError("field_count", f"{len(fields)} points, not 24", count=len(fields))
    slots = [0] * 26
    pins = [0] * 26
    for p, field in enumerate(fields, start=1):
        pinned = field.endswith("p")
        number = field[:-1] if pinned else field
        try:
            v = int(number, 10)
        except ValueError:
            raise BoardTextError("bad_field", f"point {p}: {field!r} is not a count", point=p, field=field) from None
        if number.strip() != number or number.startswith("+"):
            raise BoardTextError("bad_field", f"point {p}: {field!r} is not a count", point=p, field=field)
        if pinned:
            if game is not Game.PLAKOTO:
                raise BoardTextError("pin_not_here", f"point {p}: only Plakoto pins", point=p)
            if v == 0:
                raise BoardTextError("bad_field", f"point {p}: a pin needs a checker on top", point=p, field=field)
            pins[p] = -1 if v > 0 else 1
        slots[p] = v
    offs = [o.strip() for o in off_text.split(",")]
    if len(offs) != 2 or not all(o.isdigit() for o in offs):
        raise BoardTextError("bad_off", f"{off_text!r} is not two borne-off counts")
    mover_off, opponent_off = int(offs[0]), int(offs[1])
    try:
        board = TavlaBoard(game, slots, pins)
    except PositionError as err:
        raise BoardTextError(err.code, str(err), **err.params) from None
    if board.mover_on_board + mover_off != CHECKERS or board.opponent_on_board + opponent_off != CHECKERS:
        raise BoardTextError(
            "not_fifteen",
            f"each side has fifteen checkers: the mover {board.mover_on_board}+{mover_off}, "
            f"the opponent {board.opponent_on_board}+{opponent_off}",
            mover=board.mover_on_board + mover_off,
            opponent=board.opponent_on_board + opponent_off,
        )
    return board


# -- the generator on raw lists --------------------------------------------


def _passed(s: list[int], first: FirstChecker, mover_off: bool) -> bool:
    """Fevga: whether the mover's first checker has gone far enough for a second to leave."""
    if mover_off:
        return True
    top = 11 if first is FirstChecker.PASS else 12
    return any(s[p] > 0 for p in range(1, top + 1))


def _prime_through(s: list[int], dst: int) -> bool:
    """Fevga: whether the points held in a row through ``dst`` (along the opponent's way, in its
    numbering q = m + 12 or m - 12, where its checkers run 24 -> 1) are six or more with every
    opposing checker behind them (none past them: none on a lower q)."""
    qd = dst + 12 if dst <= 12 else dst - 12  # (the opponent's number for dst)
    lo = hi = qd
    while lo > 1 and s[lo - 1 - 12 if lo - 1 > 12 else lo - 1 + 12] > 0:
        lo -= 1
    while hi < 24 and s[hi + 1 - 12 if hi + 1 > 12 else hi + 1 + 12] > 0:
        hi += 1
    if hi - lo < 5:
        return False
    # Every opposing checker behind: none on a point the opponent numbers below the run.
    return any(v < 0 for v in s) and not any(s[q - 12 if q > 12 else q + 12] < 0 for q in range(1, lo))


class _Rules:
    """One game's step rules on raw lists (``s``: signed tops, ``pn``: pins)."""

    __slots__ = ("first", "game", "mother")

    def __init__(self, variant: Variant) -> None:
        self.game = variant.game
        self.mother = variant.mother
        self.first = variant.first

    def refusal(self, s: list[int], pn: list[int], src: int, die: int) -> tuple[Why, int] | int:
        """The landing point (0 = off) of the mover's checker on ``src`` moved by ``die``, or
        why it may not move and the point that says so."""
        if not 1 <= src <= 24 or s[src] <= 0:
            if 1 <= src <= 24 and pn[src] > 0:
                return (Why.PINNED, src)
            return (Why.NO_CHECKER, src)
        plakoto = self.game is Game.PLAKOTO
        dst = src - die
        if dst > 0:
            v = s[dst]
            if v < 0:
                if plakoto:
                    if v < -1:
                        return (Why.POINT_CLOSED, dst)
                    if pn[dst]:
                        return (Why.POINT_HELD, dst)
                else:
                    return (Why.POINT_HELD, dst)
            if (
                not plakoto
                and src == 24
                and not _passed(s, self.first, sum(v for v in s if v > 0) < CHECKERS)
                and any(s[p] > 0 for p in range(1, 24))
            ):
                return (Why.FIRST_CHECKER, 12 if self.first is FirstChecker.PASS else 13)
        else:
            hi = 0
            for p in range(24, 0, -1):
                if s[p] > 0 or pn[p] > 0:
                    hi = p
                    break
            if hi > 6:
                return (Why.BEAROFF_NOT_YET, hi)
            if plakoto and any(v > 0 for v in pn):
                return (Why.BEAROFF_PINNED, src)
            if dst < 0 and src != hi:
                return (Why.HIGHER_CHECKER_FIRST, src)
            dst = OFF
        if not plakoto and dst != OFF and s[dst] == 0:
            # Only a point newly held can close the starting quarter or make a prime (a board
            # that can occur has neither: every step before this one was checked).
            s[src] -= 1
            s[dst] += 1
            why: Why | None = None
            if dst >= 19 and all(s[p] > 0 for p in range(19, 25)):
                why = Why.START_QUARTER
            elif _prime_through(s, dst):
                why = Why.TRAPPING_PRIME
            s[dst] -= 1
            s[src] += 1
            if why is not None:
                return (why, dst)
        return dst

    def apply(self, s: list[int], pn: list[int], src: int, dst: int) -> bool:
        """Move one checker in place; True when it pinned an opposing checker."""
        s[src] -= 1
        if s[src] == 0 and pn[src] < 0:
            # The last pinner left: the pinned checker is free again.
            s[src] = -1
            pn[src] = 0
        if dst == OFF:
            return False
        if s[dst] == -1:
            # Plakoto only (in Fevga the point is refused before): a pin.
            s[dst] = 1
            pn[dst] = -1
            return True
        s[dst] += 1
        return False

    def ending(self, s: list[int], pn: list[int]) -> Ending | None:
        """Whether the board after a step of the mover ends the game at once."""
        if not any(v > 0 for v in s) and not any(v > 0 for v in pn):
            return Ending.BORNE_OFF
        if self.game is Game.PLAKOTO and self.mother is not Mother.NONE and pn[1] < 0:
            if pn[24] > 0:
                return Ending.DRAW
            if s[24] <= 0:
                return Ending.MOTHER
        return None


# -- the fast generator: two lists moved in place, boards keyed by an int ---------------------
#
# The generator and the turn's ``legal`` (below) work on the board's two lists, ``s`` (the
# signed counts on top) and ``pn`` (the pins), changed in place by each step and changed back
# after it: no list is copied. A board met during a turn is told apart from the others by one
# int, its key: ``sum(d[p] * 9**p)``, where ``d[p]`` is how many more of the mover's checkers
# are on point ``p`` than at the turn's start (0 there). The rest of the board follows from
# those counts (the opponent does not move; a lone opposing checker is pinned exactly while
# the mover has a checker on its point), and a turn moves four checkers at most, so every
# ``d[p]`` is within -4..4 and no two boards share a key. A step changes it by a difference
# known by its source and die (:data:`_DK`): no tuple is built and hashed for every board met,
# nothing is worked out for the start, and the int stays small (three digits of CPython's).

_W = tuple(9**p for p in range(25))
"""The weight of each point in a board's key."""
_DK = [tuple(_W[src - die] - _W[src] if src > die else -_W[src] for src in range(25)) for die in range(7)]
"""How a step of ``die`` from ``src`` changes the key (a bear-off: the checker leaves)."""

_Move = tuple[int, int, bool, int, int, int, bool]
"""A legal step as the kernel gives it: source, dest (0 = off), hit (a pin made), the counts on
top of the source and the dest after it (the source's is -1 when it freed a pinned checker),
the key's difference, and whether it ends the game at once."""
_Moves = Callable[[list[int], int, list[int]], list[_Move]]
"""The kernel: the legal steps of a die (the second argument) on the lists it was made for,
whose sources (the points the mover may leave, lowest first) are the first argument, from
those of the sources in the third (all of them, or some, lowest first); highest source first."""

_STEPS = [
    (
        tuple(Step(src, max(src - die, OFF), die, False) for src in range(25)),
        tuple(Step(src, max(src - die, OFF), die, True) for src in range(25)),
    )
    for die in range(7)
]
"""The Step objects, made once: ``_STEPS[die][hit][source]`` (a step's dest follows from them)."""

_FEVGA_Q = (0, *(opponent_point(Game.FEVGA, p) for p in range(1, 25)), 0)
"""Fevga: the opponent's number of each of the mover's points, and (the map is its own
inverse) the mover's point of each of the opponent's numbers."""


def _sources(s: Sequence[int]) -> list[int]:
    """The points the mover may leave, lowest first (so that a list's changes are C's work:
    :func:`bisect.insort`, :meth:`list.remove`)."""
    return [p for p in range(1, 25) if s[p] > 0]


def _after(srcs: list[int], src: int, left: int, dst: int, was: int) -> list[int]:
    """The sources ``srcs`` after a step from ``src``, which has ``left`` on top after it, to
    ``dst``, which had ``was`` on top before it: the same list when they are the same (most
    steps), else a new one."""
    if left > 0:
        if dst == OFF or was > 0:
            return srcs
        out = srcs.copy()
    else:
        out = srcs.copy()
        out.remove(src)
        if dst == OFF or was > 0:
            return out
    insort(out, dst)
    return out


def _do(s: list[int], pn: list[int], src: int, dst: int, hit: bool, sa: int, da: int) -> None:
    """Play a kernel's step on the lists (the generator does it inline)."""
    s[src], s[dst] = sa, da
    if hit:
        pn[dst] = -1
    if sa < 0:
        pn[src] = 0


def _undo(s: list[int], pn: list[int], src: int, dst: int, hit: bool, sa: int, sb: int, db: int) -> None:
    """Take back :func:`_do`'s step, which found ``sb`` and ``db`` on top of its points."""
    s[src], s[dst] = sb, db
    if hit:
        pn[dst] = 0
    if sa < 0:
        pn[src] = -1


def _mother_can_end(variant: Variant, s: Sequence[int], pn: Sequence[int]) -> bool:
    """Plakoto: whether a step of this turn may end the game by the mother rule: a pin on 1 there
    or to be made (point 1 changes only when the mover lands there or bears off from it)."""
    return variant.mother is not Mother.NONE and (pn[1] < 0 or (s[1] == -1 and not pn[1]))


def _kernel(variant: Variant, s: list[int], pn: list[int]) -> _Moves:
    """The kernel (:data:`_Moves`) on the lists ``s`` and ``pn``: each step it lists is one that
    :meth:`_Rules.refusal` allows, in the same order as the sources, with the same ``hit`` as
    :meth:`_Rules.apply`, and with the ending that :meth:`_Rules.ending` finds after it.

    What does not change during a turn is worked out once, here, from the turn's position: in
    Plakoto whether the mover has a checker pinned (then it never bears off) and whether the
    mother can end the game; in Fevga whether the mover has checkers on 24 (then it has borne
    none off, and the first-checker rule holds), how far the first checker must go, and where
    a newly held point could close the starting quarter or make a prime with every opposing
    checker behind it (the opponent does not move). What does change is read from the sources:
    the highest one for bearing off, the lowest one for the first checker. Only a step that
    bears off, pins on 1 or leaves 24 can end the game.
    """
    if variant.game is Game.PLAKOTO:
        bear = 1 not in pn  # no mover's checker pinned
        mother = _mother_can_end(variant, s, pn)

        def plakoto(srcs: list[int], die: int, tried: list[int]) -> list[_Move]:
            out: list[_Move] = []
            if not srcs:
                return out
            dks = _DK[die]
            for src in reversed(tried):
                dst = src - die
                if dst > 0:
                    v = s[dst]
                    if v >= 0:
                        hit, da = False, v + 1
                    elif v == -1 and not pn[dst]:
                        hit, da = True, 1
                    else:
                        continue  # closed, or a mover's checker pinned there
                    sa = s[src] - 1
                    if not sa and pn[src]:  # the last pinner leaves: the pinned checker is free
                        sa = -1
                    # (the mother pinned, or the mover's last checker off 24)
                    ends = mother and ((hit and dst == 1 and s[24] <= 0) or (src == 24 and sa <= 0 and pn[1] < 0))
                    out.append((src, dst, hit, sa, da, dks[src], ends))
                else:
                    hi = srcs[-1]
                    if not bear or hi > 6:
                        break  # no lower source bears off either
                    if dst < 0 and src != hi:
                        continue  # a higher die only from the highest point
                    sa = s[src] - 1
                    if not sa and pn[src]:
                        sa = -1
                    out.append((src, OFF, False, sa, 0, dks[src], sa <= 0 and len(srcs) == 1))
            return out

        return plakoto

    gate = (11 if variant.first is FirstChecker.PASS else 12) if s[24] > 0 else 24
    Q = _FEVGA_Q
    # The opponent's most advanced checker, in its numbering: a prime with every opposing
    # checker behind it lies below it (and without opposing checkers there is no such prime).
    ahead = min((Q[p] for p in range(1, 25) if s[p] < 0), default=0)
    watched = [p >= 19 or 1 <= Q[p] < ahead for p in range(25)]
    """The points that, newly held, may close the starting quarter or make such a prime."""

    def closes(src: int, n: int, dst: int) -> bool:
        """Whether moving a checker from ``src`` (``n`` there) to the empty ``dst`` holds the
        whole starting quarter or a prime with every opposing checker behind it."""
        s[src] = n - 1
        s[dst] = 1
        try:
            if dst >= 19 and s[19] > 0 and s[20] > 0 and s[21] > 0 and s[22] > 0 and s[23] > 0 and s[24] > 0:
                return True
            lo = hi = Q[dst]  # along the opponent's way, in its numbering
            if hi >= ahead:
                return False
            while s[Q[lo - 1]] > 0:  # (Q[0] and Q[25] are 0, and s[0] is 0: they stop it)
                lo -= 1
            while s[Q[hi + 1]] > 0:
                hi += 1
            return hi - lo >= 5
        finally:
            s[src] = n
            s[dst] = 0

    def fevga(srcs: list[int], die: int, tried: list[int]) -> list[_Move]:
        out: list[_Move] = []
        if not srcs:
            return out
        lo = srcs[0]
        dks = _DK[die]
        for src in reversed(tried):
            dst = src - die
            if dst > 0:
                v = s[dst]
                if v < 0:
                    continue  # a single checker holds a point
                if src == 24 and gate < lo < 24:
                    continue  # the first checker has not gone far enough
                if not v and watched[dst] and closes(src, s[src], dst):
                    continue
                out.append((src, dst, False, s[src] - 1, v + 1, dks[src], False))
            else:
                hi = srcs[-1]
                if hi > 6:
                    break  # no lower source bears off either
                if dst < 0 and src != hi:
                    continue  # a higher die only from the highest point
                n = s[src]
                out.append((src, OFF, False, n - 1, 0, dks[src], n == 1 and len(srcs) == 1))
        return out

    return fevga


def _over(board: TavlaBoard, variant: Variant) -> bool:
    """Whether the game is already over on ``board``, for either side: nothing more is played
    (a side with no checker left, or :meth:`_Rules.ending` for either side)."""
    s, pn = board.slots, board.pins
    if (max(s) <= 0 and 1 not in pn) or (min(s) >= 0 and -1 not in pn):
        return True
    if board.game is not Game.PLAKOTO or variant.mother is Mother.NONE:
        return False
    # A mother pinned with the pinner's own start empty, or both mothers pinned (the opponent's
    # view: its point q is the mover's 25 - q).
    return (pn[1] < 0 and (pn[24] > 0 or s[24] <= 0)) or (pn[24] > 0 and s[1] >= 0)


def _generate(board: TavlaBoard, roll: Roll, variant: Variant) -> tuple[Play, ...]:
    """Every legal play, one per resulting board, each with one way to play it (none: the pass).

    What it finds, and in what order, is what a plain depth-first walk finds: over the dice in
    each order (a double: once, four dice), trying the sources highest first, never walking on
    from a board met before at the same depth of the same order, and weighing every way to a
    board at the end (:func:`weigh`): the board's first way is kept unless a later one pins
    less, so the walk's order decides, and it is the order the plays come out in too. A step
    that ends the game ends its play, which counts as using every die. Only the plays using the
    most dice count; of a non-double's single die, the higher one's if it plays.

    Fast because it walks less than that walk and each step costs few Python operations: a
    handful of integer assignments on the board's lists (no list copied), a board's key an int
    changed by the step's difference (no tuple built and hashed), the sources a list shared
    until a step changes them, the rules' turn-wide facts worked out once (:func:`_kernel`),
    the Step objects made once for all (:data:`_STEPS`), and a board's tuples, a board and a
    Play built only for a new way. What it leaves out is what that walk would only have found
    again: a non-double's second order skips the plays the first has weighed (see
    :func:`pairs`), and a Plakoto double walks each board once, by its steps highest source
    first (see :func:`walk`).
    """
    if _over(board, variant):
        return ()
    game = board.game
    s, pn = list(board.slots), list(board.pins)
    moves = _kernel(variant, s, pn)
    new = tuple.__new__
    found: dict[int, Play] = {}
    """Board key -> the play kept to that board."""
    short: dict[int, int] = {}
    """Board key -> the dice its play uses, for the plays after which nothing more could be
    played (the others use every die)."""
    pinned: dict[int, int] = {}
    """Board key -> the pins its play makes, for the plays that make some."""

    def weigh(
        key: int, hits: int, pins: tuple[int, ...], before: tuple[Step, ...], die: int, steps: list[_Move]
    ) -> None:
        """Weigh the ways ``before`` + each of ``steps`` (of ``die``) from the board on the lists
        (key ``key``, ``hits`` pins made on the way, ``pins`` its pins), each a whole play using
        every die: the first way to a board is kept unless a later one pins less (24/23/19
        rather than a pin made and undone on the way, 24/20*/19, which says what did not stay)."""
        moved, pinning = _STEPS[die]
        blank = object.__new__
        for src, dst, hit, sa, da, dk, _ in steps:
            k = key + dk
            old = found.get(k)
            if old is None:
                sb, db = s[src], s[dst]
                s[src], s[dst] = sa, da
                result = blank(TavlaBoard)
                _SET_GAME(result, game)
                _SET_SLOTS(result, tuple(s))
                s[src], s[dst] = sb, db
                if hit or sa < 0:
                    changed = list(pins)
                    if hit:
                        changed[dst] = -1
                    if sa < 0:
                        changed[src] = 0
                    _SET_PINS(result, tuple(changed))
                else:
                    _SET_PINS(result, pins)
                found[k] = new(Play, ((*before, (pinning if hit else moved)[src]), result))
                if hits or hit:
                    pinned[k] = hits + hit
            elif pinned and hits + hit < pinned.get(k, 0):
                found[k] = new(Play, ((*before, (pinning if hit else moved)[src]), old.result))
                pinned[k] = hits + hit
                short.pop(k, None)

    def stuck(key: int, hits: int, pins: tuple[int, ...], before: tuple[Step, ...]) -> None:
        """Weigh ``before``, after which nothing more can be played, as a play of its steps."""
        old = found.get(key)
        if old is None:
            found[key] = new(Play, (before, _board(game, tuple(s), pins)))
            short[key] = len(before)
            if hits:
                pinned[key] = hits
        elif hits < pinned.get(key, 0):
            found[key] = new(Play, (before, old.result))
            short[key] = len(before)
            pinned[key] = hits

    def pairs(first: list[_Move], die1: int, die2: int, skip: set[int]) -> None:
        """One order of a non-double: each of ``first`` (the steps of ``die1`` from the start),
        then each step of ``die2``. Leaves out the second steps from a source in ``skip`` (but
        the chain, from where the first step landed): the other order has weighed their plays
        already (see the call)."""
        if not first:
            stuck(key, 0, pins, ())
            return
        moved, pinning = _STEPS[die1]
        for move in first:
            src, dst, hit, sa, da, dk, ends = move
            if ends:
                weigh(key, 0, pins, (), die1, [move])
                continue
            sb, db = s[src], s[dst]
            s[src], s[dst] = sa, da
            after = _after(srcs, src, sa, dst, db)
            here = pins
            if hit or sa < 0:
                if hit:
                    pn[dst] = -1
                if sa < 0:
                    pn[src] = 0
                here = tuple(pn)
            tried = [p for p in after if p not in skip or p == dst] if skip else after
            second = moves(after, die2, tried)
            step = (pinning if hit else moved)[src]
            if second:
                weigh(key + dk, hit, here, (step,), die2, second)
            elif tried is after or not plays_on(after, src, sa, dst, die2, skip):
                stuck(key + dk, hit, here, (step,))
            s[src], s[dst] = sb, db
            if hit:
                pn[dst] = 0
            if sa < 0:
                pn[src] = -1

    def plays_on(after: list[int], src: int, sa: int, dst: int, die: int, skip: set[int]) -> bool:
        """Whether a step of ``die`` from a source in ``skip`` (whose plays were weighed already)
        plays after the first step (from ``src``, which has ``sa`` left, to ``dst``): then the
        board after that step is no dead end. In Plakoto it does if its source is still one (a
        point open at the start stays open); in Fevga the kernel says."""
        if game is Game.PLAKOTO:
            return any(p != dst and (p != src or sa > 0) for p in skip)
        return bool(moves(after, die, [p for p in after if p in skip and p != dst]))

    path: list[Step] = [_STEPS[1][0][1]] * 4
    seen: list[set[int]] = [set(), set(), set()]  # seen[d]: the boards met after d + 1 steps

    def walk(depth: int, key: int, srcs: list[int], hits: int, pins: tuple[int, ...], top: int, more: bool) -> None:
        """A double's steps from the board after the ``depth`` steps of ``path`` (key ``key``,
        ``hits`` pins made, ``pins`` its pins). In Plakoto, unless the mother can end the game
        (``top`` > 0), only from sources no higher than ``top``, the last step's: any steps of
        one die that can be played in some order can be played highest source first (a point
        open stays open, nothing but a checker moved down can feed a point, and a higher
        checker moved first never spoils a bear-off), that order pins least (each point's
        arrivals before its departures: no pin undone and made again), and it is the first the
        plain walk (which tries higher sources first) meets; so every board is met once, by
        the way that walk keeps. ``more``: a higher source is known to play here (one that
        played before the last step still does). Fevga (or the mother) needs the plain walk:
        an order can be refused (the first checker, a prime or the quarter held for a moment)
        where another is allowed."""
        if top and srcs and top < srcs[-1]:
            i = bisect_right(srcs, top)
            steps = moves(srcs, d1, srcs[:i])
            if not steps:
                if not more and not moves(srcs, d1, srcs[i:]):  # (else only higher sources play)
                    stuck(key, hits, pins, tuple(path[:depth]))
                return
        else:
            steps = moves(srcs, d1, srcs)
            if not steps:
                stuck(key, hits, pins, tuple(path[:depth]))
                return
        if depth == 3:
            weigh(key, hits, pins, tuple(path[:3]), d1, steps)
            return
        done = seen[depth]
        for move in steps:
            src, dst, hit, sa, da, dk, ends = move
            if ends:
                weigh(key, hits, pins, tuple(path[:depth]), d1, [move])
                more = True
                continue
            k = key + dk
            if not top:
                if k in done:
                    continue  # a board met before at this depth: walked from there already
                done.add(k)
            sb, db = s[src], s[dst]
            s[src], s[dst] = sa, da
            path[depth] = (pinning if hit else moved)[src]
            if hit or sa < 0:
                if hit:
                    pn[dst] = -1
                if sa < 0:
                    pn[src] = 0
                walk(depth + 1, k, _after(srcs, src, sa, dst, db), hits + hit, tuple(pn), top and src, more)  # noqa: F821
                if hit:
                    pn[dst] = 0
                if sa < 0:
                    pn[src] = -1
            else:
                walk(depth + 1, k, _after(srcs, src, sa, dst, db), hits, pins, top and src, more)  # noqa: F821
            s[src], s[dst] = sb, db
            more = True

    d1, d2 = roll
    key = 0  # (the turn's start: see the keys above)
    srcs = _sources(s)
    pins = board.pins
    if d1 == d2:
        full = 4
        moved, pinning = _STEPS[d1]
        plain = game is Game.FEVGA or _mother_can_end(variant, s, pn)
        walk(0, key, srcs, 0, pins, 0 if plain else 25, False)
    else:
        full = 2
        high = moves(srcs, d1, srcs)
        pairs(high, d1, d2, set())
        # The other order's second steps that the first order has weighed: from a source A that
        # plays the higher die from the start, within the board and without ending the game,
        # unless from where the first step landed (the same checker twice). The play (the
        # lower die's step from B, then the higher's from A) was weighed as (A's, then B's),
        # to the same board, pinning no more. (Only A's step could be refused at the start and
        # allowed after B's, or end the game from the start; a checker on B could not be
        # refused after A's step: Plakoto's points stay open or closed, and in Fevga a step
        # that made a prime or a whole quarter with A's would have been refused with it.)
        skip = {src for src, dst, _, _, _, _, ends in high if dst != OFF and not ends}
        pairs(moves(srcs, d2, srcs), d2, d1, skip)
    del walk  # it refers to itself: break the cycle so memory is freed at once, not by the GC
    if not short:
        return tuple(found.values())
    best = full if len(short) < len(found) else max(short.values())
    if best == 0:
        return ()
    keep = tuple(play for k, play in found.items() if short.get(k, full) == best)
    if d1 != d2 and best == 1:
        higher = tuple(play for play in keep if play.steps[0].die == d1)
        if higher:
            return higher
    return keep


def _board(game: Game, slots: tuple[int, ...], pins: tuple[int, ...]) -> TavlaBoard:
    """:meth:`TavlaBoard._trusted` for tuples, as quick as it can be (a generator makes many)."""
    board: TavlaBoard = object.__new__(TavlaBoard)
    _SET_GAME(board, game)
    _SET_SLOTS(board, slots)
    _SET_PINS(board, pins)
    return board


@lru_cache(maxsize=2048)
def _plays_cached(board: TavlaBoard, roll: Roll, variant: Variant) -> tuple[Play, ...]:
    return _generate(board, roll, variant) or (Play((), board),)


def _variant(board: TavlaBoard, variant: Variant | None) -> Variant:
    if variant is None:
        return Variant(board.game)
    if variant.game is not board.game:
        raise ValueError(f"a {board.game.value} board under {variant.game.value} rules")
    return variant


def tavla_plays(board: TavlaBoard, roll: Sequence[int], variant: Variant | None = None) -> tuple[Play, ...]:
    """Every legal play for ``roll``, one per distinct resulting board (never empty: the pass).

    ``variant`` carries the table's settings (the default rules of ``board.game`` if None).
    """
    return _plays_cached(board, normalise_roll(roll), _variant(board, variant))


def ending(board: TavlaBoard, variant: Variant | None = None) -> Ending | None:
    """Whether the game is over on ``board`` (after the mover's step), and how."""
    if board.mover_off == CHECKERS:
        return Ending.BORNE_OFF
    return _Rules(_variant(board, variant)).ending(list(board.slots), list(board.pins))


def points_won(variant: Variant, board: TavlaBoard, how: Ending) -> int:
    """What the mover scores for ending the game ``how`` on ``board``: 1, or 2 when the
    opponent has borne nothing off; the mother wins 2 (1 when :attr:`Mother.SINGLE`); a draw 0."""
    if how is Ending.DRAW:
        return 0
    if how is Ending.MOTHER:
        return 1 if variant.mother is Mother.SINGLE else 2
    return 2 if board.opponent_off == 0 else 1


def tavla_step(board: TavlaBoard, source: int, die: int, variant: Variant | None = None) -> tuple[Step, TavlaBoard]:
    """One step on the board without the turn's forced-play rules; raises :class:`IllegalStep`."""
    rules = _Rules(_variant(board, variant))
    s, pn = list(board.slots), list(board.pins)
    if not 1 <= die <= 6:
        raise IllegalStep((source, die))
    dst = rules.refusal(s, pn, source, die)
    if not isinstance(dst, int):
        raise IllegalStep((source, die))
    hit = rules.apply(s, pn, source, dst)
    return Step(source, dst, die, hit), TavlaBoard._trusted(board.game, s, pn)


def apply_played(board: TavlaBoard, step: Step) -> TavlaBoard:
    """The board after ``step``, already played (its mechanics only: a pin, a pinned checker
    freed; nothing about the turn's rules)."""
    s, pn = list(board.slots), list(board.pins)
    _Rules(Variant(board.game)).apply(s, pn, step.source, step.dest)
    return TavlaBoard._trusted(board.game, s, pn)


def step_refusal(board: TavlaBoard, source: int, die: int, variant: Variant | None = None) -> tuple[Why, int] | None:
    """Why the board refuses the step (ignoring the turn's forced-play rules) and the point it
    is about, or None."""
    out = _Rules(_variant(board, variant)).refusal(list(board.slots), list(board.pins), source, die)
    return None if isinstance(out, int) else out


class TavlaTurn:
    """Where a Plakoto or Fevga turn stands after some steps; build with :func:`tavla_turn`.

    The same shape as :class:`~tawla.engine.moves.TurnState`: ``legal`` holds the single steps
    that lead on to some legal full play. ``ended`` says when a step ended the game at once.
    """

    __slots__ = (
        "_ended",
        "_goals",
        "_legal",
        "_plays",
        "made",
        "position",
        "remaining",
        "roll",
        "start",
        "steps_needed",
        "variant",
    )

    def __init__(
        self,
        variant: Variant,
        start: TavlaBoard,
        roll: Roll,
        made: tuple[Step, ...],
        position: TavlaBoard,
        remaining: tuple[int, ...],
        plays: tuple[Play, ...],
        steps_needed: int | None = None,
    ) -> None:
        self.variant = variant
        self.start = start
        self.roll = roll
        self.made = made
        self.position = position
        self.remaining = remaining
        self._plays = plays
        self.steps_needed = max(len(p.steps) for p in plays) if steps_needed is None else steps_needed
        self._legal: frozenset[Step] | None = None
        self._goals: frozenset[tuple[tuple[int, ...], tuple[int, ...]]] | None = None

    _ended: Ending | None

    @property
    def ended(self) -> Ending | None:
        """How the last step ended the game at once (None: it goes on). Worked out once and
        kept (a match asks at every action)."""
        try:
            return self._ended
        except AttributeError:  # (not worked out yet)
            pass
        self._ended = ending(self.position, self.variant) if self.made else None
        return self._ended

    @property
    def legal(self) -> frozenset[Step]:
        """Steps that can still be part of a legal full play: every step after which the rest
        of some legal play can still be played (the plays keep one order of steps each)."""
        if self._legal is None:
            self._legal = self._steps()
        return self._legal

    def _steps(self) -> frozenset[Step]:
        if self.complete:
            return frozenset()
        return _leading_on(self, 0, 0)

    def _check(self, source: int, die: int) -> Step | None:
        """The step if it leads on to a legal full play, else None."""
        if self.complete or die not in self.remaining or not 1 <= source <= 24 or self.position.slots[source] <= 0:
            return None
        return next(iter(_leading_on(self, source, die)), None)

    def _goal_lists(self) -> frozenset[tuple[tuple[int, ...], tuple[int, ...]]]:
        """The slots and pins of every legal play's result, gathered once a turn."""
        if self._goals is None:
            self._goals = frozenset((p.result.slots, p.result.pins) for p in self._plays)
        return self._goals

    @property
    def complete(self) -> bool:
        """True when the turn has used all the dice it must, or a step ended the game."""
        return len(self.made) >= self.steps_needed or self.ended is not None

    def play(self, step: Step | tuple[int, int]) -> TavlaTurn:
        """The turn after one more step; raises :class:`IllegalStep` unless it is one of ``legal``."""
        source, die = (step.source, step.die) if isinstance(step, Step) else step
        if self._legal is not None:
            chosen = next((s for s in self._legal if s.source == source and s.die == die), None)
        else:
            chosen = self._check(source, die)
        if chosen is None:
            raise IllegalStep(step)
        _, after = tavla_step(self.position, source, die, self.variant)
        rest = list(self.remaining)
        rest.remove(die)
        made = (*self.made, chosen)
        turn = TavlaTurn(self.variant, self.start, self.roll, made, after, tuple(rest), self._plays, self.steps_needed)
        turn._goals = self._goals
        return turn

    def undo(self) -> TavlaTurn:
        """The turn with the last step taken back."""
        return tavla_turn(self.start, self.roll, self.made[:-1], self.variant)

    def as_play(self) -> Play:
        """The finished turn as a :class:`Play` (only when ``complete``)."""
        if not self.complete:
            raise IllegalStep(self.made[-1] if self.made else (0, 0))
        return Play(self.made, self.position)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TavlaTurn):
            return NotImplemented
        return (self.variant, self.start, self.roll, self.made) == (other.variant, other.start, other.roll, other.made)

    def __hash__(self) -> int:
        return hash((self.start, self.roll, self.made))

    def __repr__(self) -> str:
        return f"TavlaTurn(roll={self.roll}, made={self.made}, complete={self.complete})"


def _leading_on(turn: TavlaTurn, source: int, die: int) -> frozenset[Step]:
    """The steps of ``turn`` (only the one from ``source`` with ``die`` if they are not 0) after
    which the rest of some legal play can still be played: after which as many steps as the
    turn still needs, or fewer with one that ends the game, reach a legal play's result.

    A depth-first search on the position's lists like :func:`_generate`'s, with the same
    :func:`_kernel`, that stops at the first result reached and remembers what it found from
    every board (with the dice left) it searched, so that no board is searched twice (the many
    orders of a double's steps meet again and again).
    """
    goals = turn._goal_lists()
    s, pn = list(turn.position.slots), list(turn.position.pins)
    moves = _kernel(turn.variant, s, pn)
    known: dict[tuple[int, tuple[int, ...]], bool] = {}

    def reach(key: int, srcs: list[int], dice: tuple[int, ...], need: int, ends: bool) -> bool:
        """Whether ``need`` more steps with ``dice`` (fewer with one that ends the game) reach a
        result from the board on the lists, whose key is ``key``; ``ends``: the game ended on it."""
        if (need <= 0 or ends) and (tuple(s), tuple(pn)) in goals:
            return True
        if need <= 0 or not dice:
            return False
        memo = (key, dice)
        answer = known.get(memo)
        if answer is not None:
            return answer
        answer = False
        for d in set(dice):
            i = dice.index(d)
            rest = dice[:i] + dice[i + 1 :]
            for src, dst, hit, sa, da, dk, stop in moves(srcs, d, srcs):
                sb, db = s[src], s[dst]
                _do(s, pn, src, dst, hit, sa, da)
                if stop:
                    answer = (tuple(s), tuple(pn)) in goals
                else:
                    answer = reach(key + dk, _after(srcs, src, sa, dst, db), rest, need - 1, False)  # noqa: F821
                _undo(s, pn, src, dst, hit, sa, sb, db)
                if answer:
                    break
            if answer:
                break
        known[memo] = answer
        return answer

    need = turn.steps_needed - len(turn.made) - 1
    key = 0  # (the turn's start: see the keys above)
    srcs = _sources(s)
    remaining = turn.remaining
    out: list[Step] = []
    for d in set(remaining):
        if die and d != die:
            continue
        i = remaining.index(d)
        rest = remaining[:i] + remaining[i + 1 :]
        for src, dst, hit, sa, da, dk, stop in moves(srcs, d, srcs):
            if source and src != source:
                continue
            sb, db = s[src], s[dst]
            _do(s, pn, src, dst, hit, sa, da)
            if reach(key + dk, _after(srcs, src, sa, dst, db), rest, need, stop):
                out.append(Step(src, dst, d, hit))
            _undo(s, pn, src, dst, hit, sa, sb, db)
    del reach  # it refers to itself: break the cycle so memory is freed at once, not by the GC
    return frozenset(out)


@lru_cache(maxsize=2048)
def _turn_start(
    board: TavlaBoard, roll: Roll, variant: Variant
) -> tuple[tuple[Play, ...], int, frozenset[tuple[tuple[int, ...], tuple[int, ...]]]]:
    """A turn's legal plays, the steps they need and the lists of their results (what
    :meth:`TavlaTurn._goal_lists` gives), worked out once for a board and a roll: a turn starts
    again at every undo, and a history replayed starts every turn again."""
    plays = _plays_cached(board, roll, variant)
    return plays, max(len(p.steps) for p in plays), frozenset((p.result.slots, p.result.pins) for p in plays)


def tavla_turn(
    board: TavlaBoard,
    roll: Sequence[int],
    made: Iterable[Step | tuple[int, int]] = (),
    variant: Variant | None = None,
) -> TavlaTurn:
    """The turn after the steps ``made``; raises :class:`IllegalStep` for the first refused one."""
    v = _variant(board, variant)
    roll_ = normalise_roll(roll)
    plays, needed, goals = _turn_start(board, roll_, v)
    turn = TavlaTurn(v, board, roll_, (), board, dice_of(roll_), plays, needed)
    turn._goals = goals
    for step in made:
        turn = turn.play(step)
    return turn


def explain_tavla_step(turn: TavlaTurn, source: int, die: int) -> Reason | None:
    """Why moving a checker from ``source`` with ``die`` is refused now; None if it is allowed
    (as :func:`tawla.engine.explain.explain_step` says it for backgammon)."""
    if any(s.source == source and s.die == die for s in turn.legal):
        return None
    if turn.complete and (not turn.remaining or turn.ended is not None):
        return Reason(Why.TURN_COMPLETE)
    if die not in turn.remaining:
        return Reason(Why.DIE_NOT_AVAILABLE, die=die)
    board = turn.position
    refused = step_refusal(board, source, die, turn.variant)
    if refused is None and turn.complete:  # (dice left that nothing can play: the rule is below)
        return Reason(Why.TURN_COMPLETE)
    if refused is not None:
        why, point = refused
        if why is Why.BEAROFF_NOT_YET:
            return Reason(why, number=sum(board.mover(p) for p in range(7, 25)))
        if why is Why.HIGHER_CHECKER_FIRST:
            return Reason(why, die=die)
        return Reason(why, point=point)
    high, low = turn.roll
    if high != low and turn.steps_needed == 1 and die == low:
        return Reason(Why.ONLY_HIGHER, die=high)
    return Reason(Why.DEAD_END, die=die)


def explain_tavla_roll(board: TavlaBoard, roll: Sequence[int], variant: Variant | None = None) -> tuple[Reason, ...]:
    """What shapes the whole turn for ``roll`` (empty when the dice play freely), as
    :func:`tawla.engine.explain.explain_roll` says it for backgammon."""
    v = _variant(board, variant)
    roll_ = normalise_roll(roll)
    plays = tavla_plays(board, roll_, v)
    needed = max(len(p.steps) for p in plays)
    high, low = roll_
    reasons: list[Reason] = []
    if needed == 0:
        reasons.append(Reason(Why.NO_PLAY))
    elif high != low and needed == 1 and not any(ending(p.result, v) for p in plays):
        alone = [d for d in roll_ if any(step_refusal(board, s, d, v) is None for s in range(1, 25) if board[s] > 0)]
        if len(alone) == 2:
            reasons.append(Reason(Why.ONLY_HIGHER, die=high))
        else:
            reasons.append(Reason(Why.ONLY_ONE_DIE, die=plays[0].steps[0].die))
    elif high == low and needed < 4 and not any(ending(p.result, v) for p in plays):
        reasons.append(Reason(Why.DOUBLES_PARTIAL, number=needed))
    if v.game is Game.FEVGA and board[24] > 0 and needed < len(dice_of(roll_)):
        after = [p.result for p in plays]
        if any(
            step_refusal(r, 24, d, v) == (Why.FIRST_CHECKER, 12 if v.first is FirstChecker.PASS else 13)
            for r in after
            for d in set(roll_)
        ):
            reasons.append(Reason(Why.FIRST_CHECKER, point=12 if v.first is FirstChecker.PASS else 13))
    return tuple(reasons)
