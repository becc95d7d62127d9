"""eXtreme Gammon's XGID, read and written the way GNU Backgammon's ``set xgid`` reads it.

``XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10`` is ten fields joined by
colons:

0. the board, 26 characters from the bottom player's (X's) side: O's bar,
   X's points 1 to 24, X's bar; ``-`` is empty, ``A``..``P`` are 1..16 of X's
   checkers, ``a``..``p`` of O's;
1. the cube as a power of two (``0`` is 1);
2. its owner: ``1`` X, ``-1`` O, ``0`` centred;
3. who is on roll: ``1`` X, ``-1`` O;
4. the dice, ``00`` before rolling (``D``, ``B`` and ``R`` mark a double, a
   beaver or a raccoon on offer; GNU Backgammon reads them as ``00``, and so
   does tawla);
5. and 6. X's and O's scores;
7. in a match, ``1`` for the Crawford game; in money play, ``1`` for the Jacoby
   rule plus ``2`` for beavers;
8. the match length, ``0`` for money play;
9. the highest cube as a power of two (optional; tawla keeps its own limit).

Here X is player 0 and O player 1. The position comes back from the side of
the player on roll, like every position of the engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from tawla.engine.ids import IdError, MatchInfo
from tawla.engine.position import CHECKERS, Position

_PREFIX = "XGID="
_X = "ABCDEFGHIJKLMNOP"
_O = "abcdefghijklmnop"


@dataclass(frozen=True, slots=True)
class Xgid:
    """What an XGID holds: the board from the side of the player on roll, the Match ID
    fields (player 0 is X) and whether beavers are played (money only)."""

    position: Position
    info: MatchInfo
    beavers: bool = False


def is_xgid(text: str) -> bool:
    """Whether the text looks meant as an XGID (its prefix, or a 26-character board and fields)."""
    t = text.strip()
    return t.upper().startswith(_PREFIX) or (len(t) > 26 and t[26:27] == ":")


def _int(field: str, name: str, low: int, high: int) -> int:
    try:
        value = int(field)
    except ValueError:
        raise IdError("xgid_field", f"XGID field {name!r} is not a number: {field!r}", field=name) from None
    if not low <= value <= high:
        raise IdError("xgid_field", f"XGID field {name!r} is out of range: {value}", field=name)
    return value


def xgid_decode(text: str) -> Xgid:
    """Read an XGID (with or without ``XGID=``); raises :class:`IdError` naming the problem."""
    t = text.strip()
    if t.upper().startswith(_PREFIX):
        t = t[len(_PREFIX) :]
    fields = t.split(":")
    if len(fields) not in (9, 10):
        raise IdError("xgid_fields", f"an XGID has 9 or 10 fields, not {len(fields)}", count=len(fields))
    board_text = fields[0]
    if len(board_text) != 26:
        raise IdError("xgid_board", f"an XGID board has 26 characters, not {len(board_text)}", length=len(board_text))
    x = [0] * 26  # X's checkers by X's numbering (25 = X's bar)
    o = [0] * 26  # O's checkers by X's numbering (0 = O's bar)
    for i, c in enumerate(board_text):
        if c in _X:
            x[i] = _X.index(c) + 1
        elif c in _O:
            o[i] = _O.index(c) + 1
        elif c != "-":
            raise IdError("xgid_char", f"{c!r} is not a checker count", char=c)
    if x[0]:
        raise IdError("xgid_char", "X has checkers on O's bar", char=board_text[0])
    if o[25]:
        raise IdError("xgid_char", "O has checkers on X's bar", char=board_text[25])
    for side, counts in (("x", x), ("o", o)):
        if sum(counts) > CHECKERS:
            raise IdError("too_many_checkers", f"{side} has {sum(counts)} checkers", side=side, count=sum(counts))
    cube_log = _int(fields[1], "cube", 0, 15)
    owner = _int(fields[2], "cube_owner", -1, 1)
    turn = fields[3].strip()
    if turn not in ("1", "-1"):
        raise IdError("xgid_field", f"XGID field 'turn' is 1 or -1, not {turn!r}", field="turn")
    dice_text = fields[4]
    if dice_text in ("D", "B", "R", "00"):
        dice = (0, 0)
    elif len(dice_text) == 2 and all(c in "123456" for c in dice_text):
        dice = (int(dice_text[0]), int(dice_text[1]))
    else:
        raise IdError("xgid_field", f"XGID dice {dice_text!r} are not a roll", field="dice")
    score = (_int(fields[5], "score", 0, (1 << 15) - 1), _int(fields[6], "score", 0, (1 << 15) - 1))
    rules = _int(fields[7], "rules", 0, 3)
    length = _int(fields[8], "match_length", 0, (1 << 15) - 1)
    if len(fields) == 10:
        _int(fields[9], "max_cube", 0, 15)
    if length and rules > 1:
        raise IdError("xgid_field", "in a match the rules field is 0 or 1", field="rules")
    on_roll = 0 if turn == "1" else 1
    for i in range(1, 25):
        if x[i] and o[i]:
            raise IdError("shared_point", f"both sides have checkers on point {i}", point=i)
    seen_by_x = Position([x[i] - o[i] for i in range(26)])  # (x[0] and o[25] are empty)
    info = MatchInfo(
        cube=1 << cube_log,
        cube_owner=None if owner == 0 else (0 if owner == 1 else 1),
        on_roll=on_roll,
        crawford=bool(length and rules),
        turn=on_roll,
        dice=dice,
        match_length=length,
        score=score,
        jacoby=not length and bool(rules & 1),
    )
    position = seen_by_x if on_roll == 0 else seen_by_x.swapped()
    return Xgid(position, info, beavers=not length and bool(rules & 2))


def xgid(position: Position, info: MatchInfo, *, beavers: bool = False, max_cube: int = 1024) -> str:
    """Write the XGID of a position (from the side of ``info.on_roll``) and Match ID fields.

    A double or resignation on offer is not written: the XGID describes the moment before
    it, as GNU Backgammon would read it anyway.
    """
    seen_by_x = position if info.on_roll == 0 else position.swapped()
    chars = "".join(_X[v - 1] if v > 0 else _O[-v - 1] if v < 0 else "-" for v in seen_by_x)
    owner = 0 if info.cube_owner is None else (1 if info.cube_owner == 0 else -1)
    d1, d2 = info.dice
    dice = f"{max(d1, d2)}{min(d1, d2)}" if d1 else "00"
    rules = int(info.crawford) if info.match_length else int(info.jacoby) | (2 if beavers else 0)
    fields = (
        chars,
        info.cube.bit_length() - 1,
        owner,
        1 if info.on_roll == 0 else -1,
        dice,
        info.score[0],
        info.score[1],
        rules,
        info.match_length,
        max_cube.bit_length() - 1,
    )
    return _PREFIX + ":".join(str(f) for f in fields)
