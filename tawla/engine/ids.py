"""GNU Backgammon Position ID and Match ID (gnubg manual, positionid.c, matchid.c).

Position ID: for each side, for its points 1..24 then its bar, one ``1`` bit
per checker then a ``0``. The side *not* on roll is written first. 80 bits,
packed least-significant bit first into 10 bytes, Base64 without padding.

Match ID: 9 bytes, the fields of :class:`MatchInfo` at the bit offsets of
gnubg's ``matchid.c``, Base64 without padding (12 characters).
"""

from __future__ import annotations

import base64
import enum
from dataclasses import dataclass

from tawla.engine.position import CHECKERS, Position, PositionError

_B64 = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")


class IdError(ValueError):
    """A Position ID or Match ID that cannot be decoded.

    ``code`` names the problem for the catalogs ("length", "alphabet",
    "bits", "too_many_checkers", "shared_point", or a Match ID field),
    ``params`` holds its details.
    """

    def __init__(self, code: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


# -- Position ID ---------------------------------------------------------


_RUNS = tuple("1" * n + "0" for n in range(16))


def _position_bytes(position: Position) -> bytes:
    b = position
    runs = _RUNS
    bits = "".join([runs[-b[25 - j]] if b[25 - j] < 0 else "0" for j in range(1, 25)])  # not on roll first
    bits += runs[-b[0]]
    bits += "".join([runs[v] if v > 0 else "0" for v in b[1:]])  # on roll, points 1..24 then bar
    return int(bits[::-1], 2).to_bytes(10, "little")


def position_id(position: Position) -> str:
    """The 14-character GNU Backgammon Position ID (start: ``4HPwATDgc/ABMA``)."""
    return base64.b64encode(_position_bytes(position)).decode("ascii")[:14]


def position_key(position: Position) -> str:
    """The 20-letter key of ``gnubg_nn`` (the same 10 bytes as nibbles A..P)."""
    return "".join(chr(65 + (x >> 4)) + chr(65 + (x & 15)) for x in _position_bytes(position))


def _decode_slots(value: int) -> list[int]:
    counts: list[int] = []
    bit = 0
    while len(counts) < 50:
        if bit >= 80:
            raise IdError("bits", "the ID ends before both sides are complete")
        run = 0
        while (value >> bit) & 1:
            run += 1
            bit += 1
            if bit >= 80:
                raise IdError("bits", "the ID ends before both sides are complete")
        counts.append(run)
        bit += 1
    if value >> bit:
        raise IdError("bits", "the ID has checkers beyond the last point")
    return counts


def _position_from_bytes(raw: bytes) -> Position:
    counts = _decode_slots(int.from_bytes(raw, "little"))
    opponent, mover = counts[:25], counts[25:]
    for side, side_counts in (("opponent", opponent), ("mover", mover)):
        total = sum(side_counts)
        if total > CHECKERS:
            raise IdError(
                "too_many_checkers",
                f"{'the player on roll' if side == 'mover' else 'the opponent'} has {total} checkers (at most 15)",
                side=side,
                count=total,
            )
    board = [0] * 26
    board[25] = mover[24]
    board[0] = -opponent[24]
    for i in range(1, 25):
        m, o = mover[i - 1], opponent[24 - i]
        if m and o:
            raise IdError("shared_point", f"both sides have checkers on point {i}", point=i)
        board[i] = m - o
    try:
        return Position(board)
    except PositionError as exc:  # pragma: no cover - the checks above cover it
        raise IdError(exc.code, str(exc), **exc.params) from exc


def position_from_id(pid: str) -> Position:
    """Decode a Position ID; raises :class:`IdError` naming the problem."""
    text = pid.strip()
    if len(text) != 14:
        raise IdError("length", f"a Position ID has 14 characters, not {len(text)}", length=len(text))
    bad = next((c for c in text if c not in _B64), None)
    if bad is not None:
        raise IdError("alphabet", f"{bad!r} is not a Base64 character", char=bad)
    if text[-1] not in "AQgw":  # the last character carries 2 bits and 4 of padding
        raise IdError("bits", "the ID has stray bits at the end")
    return _position_from_bytes(base64.b64decode(text + "==", validate=True))


def position_from_key(key: str) -> Position:
    """Decode a 20-letter ``gnubg_nn`` key."""
    if len(key) != 20 or any(not "A" <= c <= "P" for c in key):
        raise IdError("length", "a position key has 20 letters A-P", length=len(key))
    raw = bytes(((ord(key[i]) - 65) << 4) | (ord(key[i + 1]) - 65) for i in range(0, 20, 2))
    return _position_from_bytes(raw)


# -- Match ID ----------------------------------------------------------------


class GameState(enum.IntEnum):
    """gnubg's game state field of the Match ID."""

    NONE = 0
    PLAYING = 1
    OVER = 2
    RESIGNED = 3
    DROPPED = 4


@dataclass(frozen=True, slots=True)
class MatchInfo:
    """The fields of a Match ID. Players are 0 and 1 as gnubg numbers them."""

    cube: int = 1
    """Cube value, a power of two (1 = not turned)."""
    cube_owner: int | None = None
    """0 or 1, or None for a centred cube."""
    on_roll: int = 0
    """Player on roll (gnubg's ``fMove``)."""
    crawford: bool = False
    """True in the Crawford game."""
    state: GameState = GameState.PLAYING
    """Game state."""
    turn: int = 0
    """Player who must make the next decision (gnubg's ``fTurn``)."""
    double_offered: bool = False
    """A double has been offered and awaits an answer."""
    resignation: int = 0
    """Resignation on offer: 0 none, 1 single, 2 gammon, 3 backgammon."""
    dice: tuple[int, int] = (0, 0)
    """The dice rolled, (0, 0) when not yet rolled."""
    match_length: int = 0
    """Points to win the match; 0 for money play."""
    score: tuple[int, int] = (0, 0)
    """Score of player 0 and player 1."""
    jacoby: bool = False
    """Jacoby rule in use (money play only)."""

    def __post_init__(self) -> None:
        if self.cube < 1 or self.cube & (self.cube - 1) or self.cube > 1 << 15:
            raise IdError("cube", f"the cube must be a power of two, not {self.cube}", value=self.cube)
        if self.cube_owner not in (None, 0, 1):
            raise IdError("cube_owner", "the cube owner is 0, 1 or centred", value=self.cube_owner)
        for name, value in (("on_roll", self.on_roll), ("turn", self.turn)):
            if value not in (0, 1):
                raise IdError(name, f"{name} is player 0 or 1", value=value)
        if not 0 <= self.resignation <= 3:
            raise IdError("resignation", "resignation is 0-3", value=self.resignation)
        d1, d2 = self.dice
        if (d1 == 0) != (d2 == 0) or not (0 <= d1 <= 6 and 0 <= d2 <= 6):
            raise IdError("dice", f"dice {self.dice} are not a roll", value=self.dice)
        if not 0 <= self.match_length < 1 << 15:
            raise IdError("match_length", "the match length is out of range", value=self.match_length)
        for s in self.score:  # a finished match may show more than its length, as gnubg writes it
            if not 0 <= s < 1 << 15:
                raise IdError("score", f"score {self.score} does not fit in a Match ID", value=self.score)
        if self.crawford and not self.match_length:
            raise IdError("crawford", "there is no Crawford game in money play")


def match_id(info: MatchInfo) -> str:
    """Encode a Match ID (12 characters)."""
    d1, d2 = info.dice
    if d1 < d2:
        d1, d2 = d2, d1
    fields = (
        (0, 4, info.cube.bit_length() - 1),
        (4, 2, 3 if info.cube_owner is None else info.cube_owner),
        (6, 1, info.on_roll),
        (7, 1, int(info.crawford)),
        (8, 3, int(info.state)),
        (11, 1, info.turn),
        (12, 1, int(info.double_offered)),
        (13, 2, info.resignation),
        (15, 3, d1),
        (18, 3, d2),
        (21, 15, info.match_length),
        (36, 15, info.score[0]),
        (51, 15, info.score[1]),
        (66, 1, int(not info.jacoby)),
    )
    value = 0
    for offset, _width, field in fields:
        value |= field << offset
    return base64.b64encode(value.to_bytes(9, "little")).decode("ascii")


def match_from_id(mid: str) -> MatchInfo:
    """Decode a Match ID; raises :class:`IdError` naming the problem."""
    text = mid.strip()
    if len(text) != 12:
        raise IdError("match_id_length", f"a Match ID has 12 characters, not {len(text)}", length=len(text))
    bad = next((c for c in text if c not in _B64), None)
    if bad is not None:
        raise IdError("alphabet", f"{bad!r} is not a Base64 character", char=bad)
    value = int.from_bytes(base64.b64decode(text, validate=True), "little")

    def bits(offset: int, width: int) -> int:
        return (value >> offset) & ((1 << width) - 1)

    owner = bits(4, 2)
    if owner == 2:
        raise IdError("cube_owner", "cube owner 2 does not exist", value=owner)
    try:
        state = GameState(bits(8, 3))
    except ValueError as exc:
        raise IdError("state", f"game state {bits(8, 3)} does not exist", value=bits(8, 3)) from exc
    d1, d2 = bits(15, 3), bits(18, 3)
    if d1 > 6 or d2 > 6:
        raise IdError("dice", f"a die shows {max(d1, d2)}", value=(d1, d2))
    return MatchInfo(
        cube=1 << bits(0, 4),
        cube_owner=None if owner == 3 else owner,
        on_roll=bits(6, 1),
        crawford=bool(bits(7, 1)),
        state=state,
        turn=bits(11, 1),
        double_offered=bool(bits(12, 1)),
        resignation=bits(13, 2),
        dice=(d1, d2),
        match_length=bits(21, 15),
        score=(bits(36, 15), bits(51, 15)),
        jacoby=not bits(66, 1),
    )
