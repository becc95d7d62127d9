"""Where tawla keeps its files, and how it writes them so that nothing is ever half-written.

* :func:`atomic_write`: the new text goes to a temporary file in the same
  directory, is flushed and fsynced, then atomically replaces the old file; the
  old file is kept as ``<name>.prev`` first (a hard link, so there is no moment
  without a good file). A crash at any instant leaves either the old or the new
  content on disk, never a mixture.
* :func:`set_aside`: a file that cannot be used is renamed to
  ``<name>.bad-<time>`` beside it, never overwritten or deleted.
* :func:`read_json`: reads a file, telling a missing file from an unreadable,
  truncated or garbled one (:class:`StoreError` with a code the catalogs word).
* :func:`name_part`: a player's name (any script) as part of a file name that every
  system accepts.

No pydantic here: the saved files are plain JSON; the models that validate them
live in :mod:`tawla.store.settings` and :mod:`tawla.store.saves`.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import time
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

APP = "tawla"

_NOT_IN_NAMES = frozenset('<>:"/\\|?*')
"""Characters that some system refuses in a file name (Windows the most), the path separators among them."""
_RESERVED = frozenset({"CON", "PRN", "AUX", "NUL", *(f"{d}{n}" for d in ("COM", "LPT") for n in range(10))})
"""Names Windows keeps for devices (with any extension)."""


def name_part(text: str, fallback: str, room: int = 40) -> str:
    """``text`` (a player's name, in any script) as a piece of a file name that every system
    accepts: no path separator or character Windows refuses (each becomes ``_``, as spaces do:
    a name with a space splits a command line), no control or invisible format character (a
    right-to-left override would show the name's end reversed), not a device name (``CON``),
    no dot or ``_`` at either end, at most ``room`` characters; ``fallback`` when nothing is left.
    Letters of every script stay: «فاطمة الزهراء» is ``فاطمة_الزهراء``."""
    out = []
    for char in unicodedata.normalize("NFC", text):
        kind = unicodedata.category(char)
        if kind == "Cf":
            continue  # (invisible: bidi marks and overrides, joiners)
        out.append("_" if char in _NOT_IN_NAMES or char.isspace() or kind.startswith("C") else char)
    part = re.sub(r"_+", "_", "".join(out)).strip("._ ")[:room].rstrip("._ ")
    if not part:
        return fallback
    head, dot, tail = part.partition(".")
    return f"{head}_{dot}{tail}" if head.upper() in _RESERVED else part


class StoreError(Exception):
    """A file that cannot be used; ``code`` names the problem for the catalogs (``store.<code>``)."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code, params)
        self.code = code
        self.params = params


@dataclass(frozen=True, slots=True)
class Paths:
    """The two directories tawla uses."""

    config: Path
    """Settings (``settings.json``)."""
    data: Path
    """Matches: the unfinished one, the finished ones, exports."""

    @property
    def settings(self) -> Path:
        return self.config / "settings.json"

    @property
    def current(self) -> Path:
        """The unfinished match, saved after every action."""
        return self.data / "current.json"

    @property
    def history(self) -> Path:
        """Finished matches, one file each."""
        return self.data / "history"

    @property
    def exports(self) -> Path:
        """The default place for exported ``.mat`` files."""
        return self.data / "exports"


def default_paths() -> Paths:
    """The user's config and data directories (platformdirs), or ``$TAWLA_HOME/config`` and
    ``$TAWLA_HOME/data`` when that variable is set (portable installs, tests)."""
    home = os.environ.get("TAWLA_HOME")
    if home:
        return Paths(Path(home) / "config", Path(home) / "data")
    from platformdirs import user_config_path, user_data_path

    return Paths(user_config_path(APP, appauthor=False), user_data_path(APP, appauthor=False))


def _fsync_directory(directory: Path) -> None:
    """Make a rename in ``directory`` durable (not possible on every system: best effort)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write(path: Path, text: str, keep_previous: bool = True) -> None:
    """Replace ``path`` with ``text`` all at once (see the module docstring). Raises OSError
    (a full disk, a read-only directory) with the old file untouched."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        if keep_previous and path.exists():
            _keep_previous(path)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    _fsync_directory(path.parent)


def previous_of(path: Path) -> Path:
    """Where :func:`atomic_write` keeps the copy of ``path`` from before its last write."""
    return path.with_name(path.name + ".prev")


def _keep_previous(path: Path) -> None:
    """``path`` is also kept as ``<name>.prev`` (atomically, and without a moment with neither)."""
    previous = previous_of(path)
    staged = path.with_name(f".{path.name}.prev.{os.getpid()}.tmp")  # (a leftover of a kill is swept like any .tmp)
    with contextlib.suppress(OSError):
        staged.unlink()
    try:
        os.link(path, staged)
    except OSError:  # no hard links here (some file systems): copy instead
        staged.write_bytes(path.read_bytes())
    os.replace(staged, previous)


def sweep(directory: Path) -> None:
    """Remove temporary files left by a tawla that was killed mid-write (their process is gone)."""
    if not directory.is_dir():
        return
    for leftover in directory.glob(".*.tmp"):
        parts = leftover.name.split(".")
        pid = int(parts[-2]) if len(parts) >= 3 and parts[-2].isdigit() else None
        if pid is None or pid == os.getpid():
            continue
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            with contextlib.suppress(OSError):
                leftover.unlink()
        except OSError:
            pass


def set_aside(path: Path) -> Path:
    """Rename ``path`` to ``<name>.bad-<time>`` beside it and return the new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.bad-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.bad-{stamp}-{n}")
    os.replace(path, target)
    return target


def read_json(path: Path) -> Any | None:
    """The JSON value in ``path``; None when there is no file. Raises :class:`StoreError`:
    ``unreadable`` (permissions, not UTF-8), ``truncated`` (the text stops early, an empty
    file) or ``garbage`` (not JSON)."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise StoreError("unreadable", reason=exc.strerror or str(exc)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise StoreError("garbage") from None
    if not text.strip():
        raise StoreError("truncated")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string"):
            raise StoreError("truncated") from None  # the text ends in the middle of a value
        raise StoreError("garbage") from None
    except RecursionError:
        raise StoreError("garbage") from None
