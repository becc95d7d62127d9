"""The book's index: every history file's :class:`~tawla.store.records.Record`, kept in SQLite
(``<data>/book.sqlite``) so that the book opens fast on a long history.

The index is derived, never the only copy of anything: the history files win.

* **Fresh.** Each row keeps its file's name, size and modification time (ns). Opening lists
  the history folder (one ``stat`` a file), reads again only the files added or changed
  since, and drops the rows of files that are gone: a match archived by another tawla, a
  file copied in or deleted by hand, are all seen at the next open.
* **Sound.** An index that is not a database, has another application id or schema version
  or columns, fails SQLite's ``quick_check`` or has a row that does not match its checksum,
  or any database error on the way, is deleted and built again from the files. If it
  cannot be written at all (a read-only folder, a full disk) the book is counted from the
  files directly.
* **One writer.** Opening takes an operating-system lock (``<data>/book.lock``,
  :mod:`tawla.store.lock`) for the whole open-refresh-read, with the connection closed
  before the lock is let go, so two tawlas never have the database open at once: one waits
  for the other (up to :data:`WAIT` seconds; then it counts from the files). SQLite's own
  transactions (a rollback journal) make each batch of rows all-or-nothing, so a tawla
  killed in the middle of a build leaves the rows of the batches it finished, and the next
  open goes on from there.
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
from tawla.store.records import Record, read_record, recount, sort_records

SCHEMA: Final = 1
"""The layout of the rows (``PRAGMA user_version``); another one is rebuilt."""
APPLICATION_ID: Final = 0x74776C62  # "twlb"
"""Marks the file as tawla's book (``PRAGMA application_id``)."""
WAIT: Final = 10.0
"""Seconds to wait for another tawla's open of the index before counting without it."""
BATCH: Final = 200
"""Files read between two commits while building."""

_RECORD: Final = ("names0", "names1", "started", "ended", "length", "finished", "games", "winner")
_SIDES: Final = tuple(f"{name}{player}" for player in (0, 1) for name in SIDE_FIELDS)
COLUMNS: Final = ("file", "size", "mtime", "ok", *_RECORD, *_SIDES, "crc")
"""Every column of the one table, in order: a file's fingerprint, whether it is a match
(``ok``), its record (NULL for a file that is not), and a checksum of the rest of the row
(SQLite checks its pages' structure, not the values in them)."""

_TYPES = {"names0": "TEXT", "names1": "TEXT", "started": "TEXT", "ended": "TEXT"}
_CREATE = "CREATE TABLE matches ({})".format(
    ", ".join(
        ["file TEXT PRIMARY KEY", "size INTEGER NOT NULL", "mtime INTEGER NOT NULL", "ok INTEGER NOT NULL"]
        + [f"{c} {_TYPES.get(c, 'INTEGER')}" for c in (*_RECORD, *_SIDES)]
        + ["crc INTEGER NOT NULL"]
    )
)
_INSERT = "INSERT OR REPLACE INTO matches VALUES ({})".format(", ".join("?" * len(COLUMNS)))
_SELECT = "SELECT {} FROM matches".format(", ".join(COLUMNS))

Fingerprint = tuple[int, int]
"""A file's size and modification time (ns)."""


def _crc(values: tuple[object, ...]) -> int:
    return zlib.crc32(repr(values).encode("utf-8", "surrogatepass"))


def _row(file: str, fingerprint: Fingerprint, record: Record | None) -> tuple[object, ...]:
    values = _values(file, fingerprint, record)
    return (*values, _crc(values))


def _values(file: str, fingerprint: Fingerprint, record: Record | None) -> tuple[object, ...]:
    if record is None:
        return (file, *fingerprint, 0, *(None,) * (len(COLUMNS) - 5))
    sides = tuple(getattr(side, name) for side in record.sides for name in SIDE_FIELDS)
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
        *sides,
    )


def _record(file: str, row: tuple[object, ...]) -> Record:
    n = len(SIDE_FIELDS)
    a, b, started, ended, length, finished, games, winner = row[:8]
    values = row[8:]
    return Record(
        file,
        (str(a), str(b)),
        str(started),
        str(ended),
        int(length),  # type: ignore[call-overload]
        bool(finished),
        int(games),  # type: ignore[call-overload]
        None if winner is None else int(winner),  # type: ignore[call-overload]
        (Side(*values[:n]), Side(*values[n:])),  # type: ignore[arg-type]
    )


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
            self._refresh(con)
            rows = con.execute(_SELECT).fetchall()
        finally:
            con.close()
        if any(_crc(row[:-1]) != row[-1] for row in rows):
            raise sqlite3.DatabaseError("a row does not match its checksum")
        return sort_records(_record(row[0], row[4:-1]) for row in rows if row[3] == 1)

    def _connect(self) -> sqlite3.Connection:
        """The open index, built again first if it is not sound."""
        con = sqlite3.connect(self.path, isolation_level=None)
        try:
            if self._sound(con):
                return con
        except sqlite3.DatabaseError:
            pass
        con.close()
        self._remove()
        self.rebuilt += 1
        con = sqlite3.connect(self.path, isolation_level=None)
        self._create(con)
        return con

    def _sound(self, con: sqlite3.Connection) -> bool:
        app = con.execute("PRAGMA application_id").fetchone()[0]
        version = con.execute("PRAGMA user_version").fetchone()[0]
        if (app, version) == (0, 0) and not con.execute("SELECT name FROM sqlite_master").fetchall():
            self._create(con)  # a new, empty file
            return True
        if (app, version) != (APPLICATION_ID, SCHEMA):
            return False
        columns = tuple(row[1] for row in con.execute("PRAGMA table_info(matches)"))
        if columns != COLUMNS:
            return False
        return bool(con.execute("PRAGMA quick_check").fetchone()[0] == "ok")

    @staticmethod
    def _create(con: sqlite3.Connection) -> None:
        con.execute("BEGIN IMMEDIATE")
        con.execute(_CREATE)
        con.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        con.execute(f"PRAGMA user_version = {SCHEMA}")
        con.execute("COMMIT")

    def _remove(self) -> None:
        """Delete the index and its journal (the lock is held: nobody else has them open)."""
        for suffix in ("", "-journal", "-wal", "-shm"):
            with contextlib.suppress(FileNotFoundError):
                Path(f"{self.path}{suffix}").unlink()

    def _refresh(self, con: sqlite3.Connection) -> None:
        """Bring the rows up to date with the history folder."""
        on_disk = fingerprints(self.history)
        known: dict[str, Fingerprint] = {
            file: (size, mtime) for file, size, mtime in con.execute("SELECT file, size, mtime FROM matches")
        }
        gone = [(file,) for file in known.keys() - on_disk.keys()]
        todo = sorted(file for file, fingerprint in on_disk.items() if known.get(file) != fingerprint)
        if gone:
            con.execute("BEGIN IMMEDIATE")
            con.executemany("DELETE FROM matches WHERE file = ?", gone)
            con.execute("COMMIT")
        for start in range(0, len(todo), BATCH):
            rows = [self._fresh_row(file, on_disk[file]) for file in todo[start : start + BATCH]]
            con.execute("BEGIN IMMEDIATE")
            con.executemany(_INSERT, rows)
            con.execute("COMMIT")

    def _fresh_row(self, file: str, fingerprint: Fingerprint) -> tuple[object, ...]:
        self.read_files += 1
        return _row(file, fingerprint, self._read(self.history / file))
