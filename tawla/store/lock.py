"""One owner per match: an operating-system lock that dies with the process that holds it.

A lock is taken on a small file beside the match (``<id>.lock``) with ``flock``
(``msvcrt.locking`` on Windows). The system drops it when the process ends in any
way — a clean exit, a crash, SIGKILL, a power cut — so a lock can never be left
behind, and no process id or time stamp has to be trusted. ``flock`` locks belong to
an open file, so two keepers in one process exclude each other too (the tests use
that). The lock file itself is never the only copy of anything: it may be deleted
and made again.

Why not the ``filelock`` package: tawla needs exactly one non-blocking exclusive
lock that the system releases, which these twenty lines give on every platform
Python runs on, without a fourth runtime dependency.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

if sys.platform == "win32":  # pragma: no cover - not tested on this project's machines
    import msvcrt

    def _lock(fd: int) -> None:
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)

    def _unlock(fd: int) -> None:
        with contextlib.suppress(OSError):
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(fd: int) -> None:
        with contextlib.suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_UN)


class Lock:
    """A lock this process holds until :meth:`release` (or until it ends)."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self, remove: bool = False) -> None:
        """Let go (``remove``: delete the lock file first, while still holding it)."""
        if self._fd is None:
            return
        if remove:
            with contextlib.suppress(OSError):
                self.path.unlink()
        _unlock(self._fd)
        os.close(self._fd)
        self._fd = None


def try_lock(path: Path) -> Lock | None:
    """Take the lock on ``path`` (created if missing) without waiting; None when another
    process (or another :class:`Lock` of this one) holds it. Raises OSError when the file
    cannot be made or opened (a read-only folder, a full disk)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            _lock(fd)
        except OSError:
            os.close(fd)
            return None
        # The holder may have removed the file between our open and our lock: a lock on a
        # file no longer at ``path`` guards nothing. Try again on the file that is there.
        try:
            same = os.path.samestat(os.fstat(fd), os.stat(path))
        except OSError:
            same = False
        if same:
            return Lock(path, fd)
        _unlock(fd)
        os.close(fd)


def is_locked(path: Path) -> bool:
    """Whether someone holds the lock on ``path`` right now (a missing file: nobody)."""
    try:
        fd = os.open(path, os.O_RDWR)
    except OSError:
        return False  # no lock file (or one nobody can open): nobody holds it
    try:
        _lock(fd)
    except OSError:
        return True
    else:
        _unlock(fd)
        return False
    finally:
        os.close(fd)
