"""One finished match as the players' book counts it: a :class:`Record`, read from its file.

The history files (``<data>/history/*.json``, written by :mod:`tawla.store.saves`) are
the only source of the book. :func:`read_record` checks the file's fields as loading it
would (:func:`tawla.store.saves.parts`), folds its events into the figures of the match
(:func:`tawla.game.tally.tell`, taking the checker play on trust) and keeps the result
only if the fold ends in the very state the file's check block names; otherwise the file
is loaded in full (every event replayed through the rules) and folded exactly. A file
that does not load is no record (None), as the history list shows it unreadable.

How well each player played needs the evaluator (a second or two a match), so a record never
computes it: the analysis, made in the game once the match is over, is written into the
history file as a ``skill`` block (:func:`add_skill`): each player's equity lost, in
thousandths, and the decisions judged, for the events it judged. A file without one (older,
or not analysed) has none: the book shows a dash.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import NamedTuple

from tawla.game.figures import Side
from tawla.store.files import StoreError, atomic_write, read_json


class Record(NamedTuple):
    """A match of the history, as the book counts it. Pairs are player 0's first. (A named
    tuple, as :class:`~tawla.game.figures.Side` is: the book makes one per match each time
    it opens.)"""

    file: str
    """The file's name in the history folder (its key in the index)."""
    names: tuple[str, str]
    """The names as typed for this match (a rename in the book never changes them)."""
    started: str
    """When the match began (UTC, ``2026-11-29T15:02:03+00:00``)."""
    ended: str
    """When it was put into the history: finished, or taken off the Resume list (UTC, same form)."""
    length: int
    """The match length; 0 for money play."""
    finished: bool
    """A match played to its length."""
    games: int
    """Games finished (a drawn one too: Plakoto's two pinned mothers; the sides' games are the
    games each won, so ``games`` less both is the games drawn)."""
    winner: int | None
    """The match's winner; in money play whoever is ahead on points (None: level, or a match not
    played to its end)."""
    sides: tuple[Side, Side]
    game: str = "backgammon"
    """The game played (:class:`~tawla.game.rules.GameChoice`'s value: ``backgammon``,
    ``plakoto``, ``fevga``, or ``tavli`` for a tavli match, one match whatever its games)."""
    computer: frozenset[int] = frozenset()
    """The seats the computer played (the book counts it as one player of its own, whatever the
    name: :data:`~tawla.store.book.COMPUTER`)."""

    @property
    def money(self) -> bool:
        return self.length == 0

    @property
    def draws(self) -> int:
        """Games drawn: finished, won by nobody (Plakoto, both mothers pinned)."""
        a, b = self.sides
        return self.games - a.games - b.games

    @property
    def counts(self) -> bool:
        """Whether the book counts this match: a match played to its length, or a money session
        with a finished game. A match taken off the Resume list before its end is left out (its
        names are still known players)."""
        return self.finished if self.length else self.games > 0


def utc_stamp(text: str) -> str:
    """``text`` (an ISO time from a file) as UTC in the one form records use, so that times
    compare as strings; "" for anything that is not a time."""
    try:
        moment = datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return ""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    try:
        return moment.astimezone(UTC).isoformat(timespec="seconds")
    except (OverflowError, ValueError):
        return ""


def read_record(path: Path) -> Record | None:
    """The record of the history file ``path`` (None: it does not load as a saved match)."""
    try:
        data = read_json(path)
    except StoreError:
        return None
    if data is None:
        return None
    try:
        return record_of(path.name, data)
    except StoreError:
        return None


def record_of(file: str, data: object) -> Record:
    """The record of a history file's JSON; raises :class:`StoreError` as loading it would."""
    from tawla.game.tally import tally, tell
    from tawla.store import saves

    parts = saves.parts(data)
    try:
        story = tell(parts.rules, parts.events, parts.start)
        trusted = saves.agrees(parts, story.final)
    except Exception:  # anything the fold on trust stumbles on: the exact fold names it
        trusted = False
    if not trusted:
        saved = saves.from_json(data)
        match = saved.match
        story = tell(match.rules, match.events, match.start, exact=True)
    figures = tally(story)
    sides = figures.sides
    skill = skill_of(data, len(parts.events))
    if skill is not None:
        (lost0, lost1), (judged0, judged1) = skill
        a, b = sides
        sides = (a._replace(equity_lost=lost0, judged=judged0), b._replace(equity_lost=lost1, judged=judged1))
    ended = utc_stamp(parts.saved) or utc_stamp(parts.started)
    return Record(
        file,
        parts.names,
        utc_stamp(parts.started) or ended,
        ended,
        figures.length,
        figures.finished,
        figures.games,
        figures.winner,
        sides,
        story.rules.game.value,
        parts.computer,
    )


SKILL_FIELD = "skill"
"""The history file's block of how well each player played."""


def skill_of(data: object, events: int) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The equity lost (thousandths) and the decisions judged of each player, from a history
    file's ``skill`` block, if it has one that judged all its ``events`` (else None)."""
    block = data.get(SKILL_FIELD) if isinstance(data, dict) else None
    if not isinstance(block, dict) or block.get("events") != events:
        return None
    lost, judged = block.get("lost"), block.get("judged")
    pairs = (lost, judged)
    if not all(isinstance(p, list) and len(p) == 2 and all(type(v) is int and v >= 0 for v in p) for p in pairs):
        return None
    assert isinstance(lost, list) and isinstance(judged, list)
    return (lost[0], lost[1]), (judged[0], judged[1])


def add_skill(path: Path, events: int, lost: tuple[int, int], judged: tuple[int, int], by: str) -> bool:
    """Write how well each player played into the history file ``path`` (see the module
    docstring), if it is the match of ``events`` events; whether it was written. Raises
    OSError when the disk refuses."""
    import json

    try:
        data = read_json(path)
    except StoreError:
        return False
    raw = data.get("events") if isinstance(data, dict) else None
    if not isinstance(data, dict) or not isinstance(raw, list) or len(raw) != events:
        return False
    data[SKILL_FIELD] = {"by": by, "events": events, "lost": list(lost), "judged": list(judged)}
    atomic_write(path, json.dumps(data, ensure_ascii=False, separators=(",", ":")), keep_previous=False)
    return True


def recount(history: Path) -> list[Record]:
    """Every record of the history folder, read from the files (no index): oldest first."""
    if not history.is_dir():
        return []
    found = (read_record(path) for path in sorted(history.glob("*.json")))
    return sort_records(r for r in found if r is not None)


def sort_records(records: Iterable[Record]) -> list[Record]:
    """Records in the order they were played: by the time they ended, then by file."""
    return sorted(records, key=lambda r: (r.ended, r.file))
