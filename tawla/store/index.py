"""The book's index: every history file's :class:`~tawla.store.records.Record`, kept in SQLite
(``<data>/book.sqlite``) so that the book opens fast on a long history.

The index is derived, never the only copy of anything: the history files win.

* **Fresh.** Each row keeps its file's name, size and modification time (ns). Opening lists
  the history folder (one ``stat`` a file), reads again only the files added or changed
  since (and those that did not load: they may have been mended), and drops the rows of
  files that are gone: a match archived by another tawla, a file copied in or deleted by
  hand, are all seen at the next open.
* **Sound.** Every time the index is written, a checksum of the whole file is written beside
  it (``book.sqlite.sum``: CRC-32 and size). Neither waits for the disk (no fsync): a power cut
  that tears them is caught like any damage. An index that does not match it, is not a
  database, or has another application id, schema version or columns, or any database
  error on the way, is deleted and built again from the files. (SQLite checks the structure
  of its pages, not the values in them; the checksum catches any changed byte, for the price
  of reading the file once, a few milliseconds.) If the index cannot be written at all (a
  read-only folder, a full disk) the book is counted from the files directly.
* **One writer.** Opening takes an operating-system lock (``<data>/book.lock``,
  :mod:`tawla.store.lock`) for the whole open-refresh-read, with the connection closed
  before the lock is let go, so two tawlas never have the database open at once: one waits
  for the other (up to :data:`WAIT` seconds; then it counts from the files). SQLite's own
  transactions (a rollback journal) make each batch of rows all-or-nothing, and the
  checksum is written after each: a tawla killed in the middle of a build leaves the rows of
  the batches it finished (SQLite rolls the unfinished one back, byte for byte, at the next
  open), and the next open goes on from there.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Final

from tawla.game.figures import SIDE_FIELDS, Side
from tawla.store.lock import Lock, try_lock
from tawla.store.records import Record, read_record, recount

SCHEMA: Final = 4
"""The layout of the rows (``PRAGMA user_version``); another one is rebuilt. (2: the game played,
issue 23; 3: each side's rolls and pips, and the equity lost and decisions judged, issue 24; 4: the
seats the computer played, issue 24.)"""
APPLICATION_ID: Final = 0x74776C62  # "twlb"
"""Marks the file as tawla's book (``PRAGMA application_id``)."""
WAIT: Final = 10.0
"""Seconds to wait for another tawla's open of the index before counting without it."""
BATCH: Final = 200
"""Files read between two commits while building."""

_RECORD: Final = ("names0", "names1", "started", "ended", "length", "finished", "games", "winner", "game", "computer")
"""The record's fields in a row (``computer``: its seats as bits, seat 0 the lowest)."""
_SIDES: Final = tuple(f"{name}{player}" for player in (0, 1) for name in SIDE_FIELDS)
COLUMNS: Final = ("file", "size", "mtime", "ok", *_RECORD, *_SIDES)
"""Every column of the one table, in order: a file's fingerprint, whether it is a match
(``ok``), and its record (NULL for a file that is not)."""

_TYPES = {"names0": "TEXT", "names1": "TEXT", "started": "TEXT", "ended": "TEXT", "game": "TEXT"}
_CREATE = "CREATE TABLE matches ({})".format(
    ", ".join(
        ["file TEXT PRIMARY KEY", "size INTEGER NOT NULL", "mtime INTEGER NOT NULL", "ok INTEGER NOT NULL"]
        + [f"{c} {_TYPES.get(c, 'INTEGER')}" for c in (*_RECORD, *_SIDES)]
    )
)
_INSERT = "INSERT OR REPLACE INTO matches VALUES ({})".format(", ".join("?" * len(COLUMNS)))
_SELECT = "SELECT {} FROM matches ORDER BY ended, file".format(", ".join(COLUMNS))
_N = len(SIDE_FIELDS)
_A = 4 + len(_RECORD)
_B = _A + _N
"""Where each side's figures begin in a row (after the fingerprint, ``ok`` and the record's fields)."""

Fingerprint = tuple[int, int]
"""A file's size and modification time (ns)."""


def _row(file: str, fingerprint: Fingerprint, record: Record | None) -> tuple[object, ...]:
    if record is None:
        return (file, *fingerprint, 0, *(None,) * (len(COLUMNS) - 4))
    a, b = record.sides
    return (
        file,
        *fingerprint,
        1,
        *record.names,
        record.started,
        record.ended,
        record.length,
        int(record.finished),
        record.games,
        record.winner,
        record.game,
        sum(1 << seat for seat in record.computer),
        *a,
        *b,
    )


def _record(row: tuple[object, ...]) -> Record:
    return Record(
        row[0],  # type: ignore[arg-type]
        (row[4], row[5]),  # type: ignore[arg-type]
        row[6],  # type: ignore[arg-type]
        row[7],  # type: ignore[arg-type]
        row[8],  # type: ignore[arg-type]
        row[9] == 1,
        row[10],  # type: ignore[arg-type]
        row[11],  # type: ignore[arg-type]
        (Side._make(row[_A:_B]), Side._make(row[_B:])),
        row[12],  # type: ignore[arg-type]
        frozenset(seat for seat in (0, 1) if row[13] & (1 << seat)),  # type: ignore[operator]
    )


def _open(path: Path) -> sqlite3.Connection:
    """A connection to the index: each statement its own transaction unless one is begun, and
    writes handed to the system without waiting for the disk (``synchronous = OFF``). A tawla
    killed mid-write loses nothing (the system has the data, and the journal rolls an
    unfinished batch back); a power cut may tear the index, which its checksum then catches,
    and it is rebuilt: it is derived, so waiting for the disk at every batch buys nothing."""
    con = sqlite3.connect(path, isolation_level=None)
    con.execute("PRAGMA synchronous = OFF")
    return con


def fingerprints(history: Path) -> dict[str, Fingerprint]:
    """Every history file's fingerprint (size, modification time in ns), by name."""
    out: dict[str, Fingerprint] = {}
    try:
        entries = os.scandir(history)
    except OSError:
        return out
    with entries:
        for entry in entries:
            name = entry.name
            if not name.endswith(".json") or name.startswith("."):
                continue
            try:
                st = entry.stat()
            except OSError:
                continue  # (gone since the listing)
            out[name] = (st.st_size, st.st_mtime_ns)
    return out


class Index:
    """The index of one data folder (see the module docstring)."""

    def __init__(self, data: Path, history: Path | None = None, read: Callable[[Path], Record | None] = read_record):
        self.path = data / "book.sqlite"
        self.sum_path = data / "book.sqlite.sum"
        self.lock_path = data / "book.lock"
        self.history = history if history is not None else data / "history"
        self._read = read
        self.rebuilt = 0
        """How many times this object found the index unusable and built it again (for tests)."""
        self.read_files = 0
        """How many history files it read (the rest came from the index)."""

    # -- the one entry point ------------------------------------------------------------

    def records(self) -> list[Record]:
        """Every match of the history that loads, oldest first: from the index, brought up to
        date first; from the files directly when the index cannot be used."""
        if not self.history.is_dir():
            return []  # (nothing finished yet: nothing to make either)
        with self._held() as lock:
            if lock is not None:
                for _attempt in range(2):
                    try:
                        return self._from_index()
                    except sqlite3.DatabaseError:
                        pass  # damage met on the way (or a folder that refuses to write)
                    except OSError:
                        break
                    try:
                        self._remove()  # build it again, once
                    except OSError:
                        break
                    self.rebuilt += 1
        found = recount(self.history)
        self.read_files += len(found)
        return found

    @contextlib.contextmanager
    def _held(self) -> Iterator[Lock | None]:
        """The index's lock, waited for up to :data:`WAIT` seconds (None: not to be had)."""
        deadline = time.monotonic() + WAIT
        lock: Lock | None = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            while lock is None:
                lock = try_lock(self.lock_path)
                if lock is None:
                    if time.monotonic() > deadline:
                        break
                    time.sleep(0.02)
        except OSError:
            lock = None
        try:
            yield lock
        finally:
            if lock is not None:
                lock.release()

    # -- with the lock held ---------------------------------------------------------------

    def _from_index(self) -> list[Record]:
        con = self._connect()
        try:
            rows = con.execute(_SELECT).fetchall()
            if self._refresh(con, rows):
                rows = con.execute(_SELECT).fetchall()
        finally:
            con.close()
        return [_record(row) for row in rows if row[3] == 1]

    def _connect(self) -> sqlite3.Connection:
        """The open index, built again first if it is not sound."""
        fresh = not self.path.exists()
        con = _open(self.path)
        try:
            if fresh:
                self._create(con)
                return con
            if self._sound(con):
                return con
        except sqlite3.DatabaseError:
            pass
        con.close()
        self._remove()
        self.rebuilt += 1
        con = _open(self.path)
        self._create(con)
        return con

    def _sound(self, con: sqlite3.Connection) -> bool:
        # (Reading the header first lets SQLite roll back what a killed tawla left half-written.)
        app = con.execute("PRAGMA application_id").fetchone()[0]
        version = con.execute("PRAGMA user_version").fetchone()[0]
        if (app, version) != (APPLICATION_ID, SCHEMA):
            return False
        columns = tuple(row[1] for row in con.execute("PRAGMA table_info(matches)"))
        if columns != COLUMNS:
            return False
        try:
            return self.sum_path.read_text("ascii") == self._checksum()
        except (OSError, UnicodeDecodeError):
            return False

    def _checksum(self) -> str:
        data = self.path.read_bytes()
        return f"{zlib.crc32(data):08x} {len(data)}\n"

    def _seal(self) -> None:
        """Write the checksum of the index as it is now (after a commit). Not waiting for the
        disk either: a checksum torn by a power cut matches nothing, and the index is rebuilt."""
        self.sum_path.write_text(self._checksum(), "ascii")

    def _create(self, con: sqlite3.Connection) -> None:
        con.execute("BEGIN IMMEDIATE")
        con.execute(_CREATE)
        con.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        con.execute(f"PRAGMA user_version = {SCHEMA}")
        con.execute("COMMIT")
        self._seal()

    def _remove(self) -> None:
        """Delete the index, its journal and its checksum (the lock is held: nobody else has them open)."""
        for path in (self.path, self.sum_path, *(Path(f"{self.path}{s}") for s in ("-journal", "-wal", "-shm"))):
            with contextlib.suppress(FileNotFoundError):
                path.unlink()

    def _refresh(self, con: sqlite3.Connection, rows: list[tuple[object, ...]]) -> bool:
        """Bring the rows up to date with the history folder; whether anything changed."""
        on_disk = fingerprints(self.history)
        known: dict[str, tuple[object, ...]] = {row[0]: row for row in rows}  # type: ignore[misc]
        gone = [(file,) for file in known.keys() - on_disk.keys()]
        todo = sorted(
            file
            for file, (size, mtime) in on_disk.items()
            if (row := known.get(file)) is None or row[1] != size or row[2] != mtime or row[3] != 1
        )  # (a file that did not load is read again every time: it may have been mended since)
        if gone:
            con.execute("BEGIN IMMEDIATE")
            con.executemany("DELETE FROM matches WHERE file = ?", gone)
            con.execute("COMMIT")
            self._seal()
        for start in range(0, len(todo), BATCH):
            batch = [self._fresh_row(file, on_disk[file]) for file in todo[start : start + BATCH]]
            con.execute("BEGIN IMMEDIATE")
            con.executemany(_INSERT, batch)
            con.execute("COMMIT")
            self._seal()
        return bool(gone or todo)

    def _fresh_row(self, file: str, fingerprint: Fingerprint) -> tuple[object, ...]:
        self.read_files += 1
        return _row(file, fingerprint, self._read(self.history / file))
