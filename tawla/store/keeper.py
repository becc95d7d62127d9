"""The match keeper: every file of a saved match, and who may write it.

The interface asks the keeper; it never decides a file name. One keeper per tawla
process owns at most one match at a time:

* **its file**, ``<data>/matches/<id>.json``, saved after every action
  (:meth:`Keeper.autosave`), the copy before its last save kept as ``<id>.json.prev``;
* **its lock** (:mod:`tawla.store.lock`), held while the match is played here and
  dropped by the system if the process dies: a second tawla shows that match as
  "open in another tawla" and never writes it;
* **its archive**: the moment the match is over it moves to ``<data>/history/``;
* **its fallback**: a file that cannot be used is set aside (``.bad-<time>``) and the
  copy from before its last save is used instead, if that one loads;
* **its notes** for the player (a catalog key and its parameters, handed to ``tell``),
  and whether saving works right now (:attr:`Keeper.problem`).

Every unfinished match stays on disk until it is finished or deleted from the list,
so two pairs of players can share a computer, and a new match never pushes an old
one out. A ``current.json`` of earlier tawlas (one unfinished match) is moved into
``matches/`` the first time the list is read.

Crash reports go to ``<data>/crashes/``, exports to ``<data>/exports/`` unless the
player names another file.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from tawla.store.files import Paths, StoreError, atomic_write, name_part, previous_of, read_json, set_aside, sweep
from tawla.store.lock import Lock, is_locked, try_lock

if TYPE_CHECKING:
    from tawla.game.match import Match
    from tawla.game.rules import RuleSet
    from tawla.store import saves

# The saves module brings the game's rules (pydantic): it is imported where it is used,
# so that asking whether there is anything to resume costs nothing at start-up.

Tell = Callable[[str, dict[str, object]], None]
"""Where the keeper's notes go: a catalog key (``store.…``) and its parameters (a
:class:`StoreError` parameter is worded by the receiver)."""


@dataclass(frozen=True)
class Unfinished:
    """An unfinished match as the Resume list shows it."""

    id: str
    listing: saves.Listing
    busy: bool
    """Open in another tawla right now: it cannot be resumed or deleted here."""
    ours: bool = False
    """The match this keeper holds."""


def _modified(path: Path) -> int:
    """When ``path`` was last written (ns; 0 if it is gone): saves in one second told apart."""
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return 0


def _valid_id(value: object) -> bool:
    return isinstance(value, str) and 0 < len(value) <= 40 and value.replace("-", "").isalnum()


class Keeper:
    """Owns the saved match of one tawla process (see the module docstring)."""

    def __init__(
        self, paths: Paths | None, tell: Tell | None = None, changed: Callable[[], None] | None = None
    ) -> None:
        """``paths`` None keeps nothing (tests): matches are played but never written.
        ``changed`` is called when :attr:`problem` changes."""
        self.paths = paths
        self._tell: Tell = tell or (lambda key, params: None)
        self._changed = changed or (lambda: None)
        self.saved: saves.SavedMatch | None = None
        """The match this process owns (None: none)."""
        self._lock: Lock | None = None
        self._revision = -1
        self._saving = False
        self.problem: str | None = None
        """Why the match is not being saved right now (None: it is)."""
        self.notes_told = 0
        """How many notes this keeper has handed on."""

    def sweep(self) -> None:
        """Remove what a tawla killed mid-write left in the data and config folders."""
        if self.paths is None:
            return
        sweep(self.paths.data)
        sweep(self.paths.config)
        if self.folder is not None:
            sweep(self.folder)

    # -- where things are ---------------------------------------------------------------

    @property
    def folder(self) -> Path | None:
        """The unfinished matches (None when nothing is kept)."""
        return None if self.paths is None else self.paths.data / "matches"

    def file_of(self, ident: str) -> Path:
        assert self.folder is not None
        return self.folder / f"{ident}.json"

    def _lock_file(self, ident: str) -> Path:
        assert self.folder is not None
        return self.folder / f"{ident}.lock"

    def _note(self, key: str, **params: object) -> None:
        self.notes_told += 1
        self._tell(key, params)

    # -- the list of unfinished matches ---------------------------------------------------

    def migrate(self) -> None:
        """Move the ``current.json`` of earlier tawlas (and its ``.prev``) into ``matches/``."""
        if self.paths is None or self.folder is None:
            return
        old = self.paths.current
        if not old.exists():
            return
        try:
            raw = read_json(old)
        except StoreError:
            raw = None  # damaged: moved all the same, and named when the list is read
        ident = raw.get("id") if isinstance(raw, dict) else None
        if not _valid_id(ident) or self.file_of(str(ident)).exists():
            from tawla.store import saves

            ident = saves.new_id()
        target = self.file_of(str(ident))
        with contextlib.suppress(FileNotFoundError):  # (another tawla moved it first)
            self.folder.mkdir(parents=True, exist_ok=True)
            if previous_of(old).exists():
                os.replace(previous_of(old), previous_of(target))
            os.replace(old, target)

    def has_unfinished(self) -> bool:
        """Whether any unfinished match is on disk (cheap: nothing is read)."""
        if self.paths is None or self.folder is None:
            return False
        if self.paths.current.exists():
            return True
        return self.folder.is_dir() and any(self.folder.glob("*.json"))

    def unfinished(self) -> list[Unfinished]:
        """Every unfinished match, the one played last first. A file that is not a saved
        match at all is set aside with a note (its earlier copy takes its place if it has
        one); deeper damage is found when it is opened."""
        if self.folder is None:
            return []
        self.migrate()
        found = list(self.folder.glob("*.json")) if self.folder.is_dir() else []
        if not found:
            return []  # (without importing the saves module, which brings pydantic and the game)
        from tawla.store import saves

        out: list[Unfinished] = []
        for path in found:
            ident = path.name[: -len(".json")]
            ours = self.saved is not None and self.saved.id == ident
            busy = not ours and is_locked(self._lock_file(ident))
            entry = saves.listing(path)
            if entry is None and not busy:
                entry = self._repair(ident)
            if entry is None:
                continue
            out.append(Unfinished(ident, entry, busy, ours))
        out.sort(key=lambda u: (u.listing.stamp, _modified(u.listing.path), u.id), reverse=True)
        return out

    @staticmethod
    def preset_name(entry: Unfinished) -> str:
        """The preset an unfinished match is played under (``custom`` when none, or unknown)."""
        from pydantic import ValidationError

        from tawla.game.rules import RuleSet, preset_of

        try:
            return preset_of(RuleSet.model_validate(entry.listing.rules or {}))
        except ValidationError:
            return "custom"

    @staticmethod
    def rules_of(entry: Unfinished) -> RuleSet | None:
        """The rules an unfinished match is played under (None: its file's rules do not read)."""
        from pydantic import ValidationError

        from tawla.game.rules import RuleSet

        try:
            return RuleSet.model_validate(entry.listing.rules or {})
        except ValidationError:
            return None

    def _repair(self, ident: str) -> saves.Listing | None:
        """A file that does not read as a saved match: set aside, said, and replaced by its
        earlier copy when that one reads."""
        from tawla.store import saves

        try:
            lock = try_lock(self._lock_file(ident))
        except OSError:
            lock = None
        if lock is None:
            return None
        try:
            path = self.file_of(ident)
            try:
                read_json(path)
                problem = StoreError("not_a_match")
            except StoreError as error:
                problem = error
            if not path.exists():
                return None
            try:
                aside = set_aside(path)
            except OSError:
                return None
            self._note("store.match_bad", problem=problem, file=str(aside))
            previous = previous_of(path)
            if saves.listing(previous) is not None:
                os.replace(previous, path)
                self._note("store.kept_previous")
                return saves.listing(path)
            return None
        finally:
            lock.release(remove=not self.file_of(ident).exists())

    # -- owning a match -------------------------------------------------------------------

    def start(self, match: Match, setup: tuple[str, str | None] | None = None) -> saves.SavedMatch:
        """Own a new match (``setup``: the IDs it was set up from) and save it at once."""
        from tawla.store import saves

        self.release()
        if self.paths is not None:
            sweep(self.paths.data)
            self.unfinished()  # (a damaged file met on the way is named now)
        saved = saves.SavedMatch(match, saves.new_id(), saves.now(), setup=setup)
        self._own(saved, self._take(saved.id))
        self._revision = -1
        self.autosave(match)
        return saved

    def _take(self, ident: str) -> Lock | None:
        """The lock of ``ident`` (None: a folder that refuses files; the match is played unsaved)."""
        if self.folder is None:
            return None
        try:
            return try_lock(self._lock_file(ident))
        except OSError as exc:
            self._cannot_save(exc)
            return None

    def _own(self, saved: saves.SavedMatch, lock: Lock | None) -> None:
        self.saved = saved
        self._lock = lock
        self._revision = saved.match.revision

    def open(self, ident: str | None = None) -> saves.SavedMatch | None:
        """Take an unfinished match and load it (``ident`` None: the one played last among
        those free). Returns None, with a note saying why, when it cannot be had."""
        if self.folder is None:
            self._note("store.nothing_to_resume")
            return None
        if ident is None:
            told = self.notes_told
            free = [u for u in self.unfinished() if not u.busy]
            if not free:
                if self.has_unfinished():
                    self._note("store.all_busy")
                elif self.notes_told == told:  # (a damaged file was just named: that says it)
                    self._note("store.nothing_to_resume")
                return None
            ident = free[0].id
        if self.saved is not None and self.saved.id == ident:
            return self.saved
        path = self.file_of(ident)
        try:
            lock = try_lock(self._lock_file(ident))
        except OSError:
            lock = None  # a folder that refuses files: still readable, played unsaved
        else:
            if lock is None:
                self._note("store.busy")
                return None
        saved = self._load(path)
        if saved is None:
            if lock is not None:
                lock.release(remove=not path.exists())
            return None
        saved.id = ident
        self.release()
        self._own(saved, lock)
        if saved.finished:  # (a tawla stopped between archiving it and removing it)
            self._revision = -1
            self.autosave(saved.match)
        return saved

    def _load(self, path: Path) -> saves.SavedMatch | None:
        """The match in ``path``; a file that fails is set aside and the copy from before its
        last save is used instead when it loads."""
        from tawla.store import saves

        try:
            saved = saves.load(path)
        except StoreError as problem:
            try:
                aside: Path = set_aside(path)
            except OSError:
                aside = path
            self._note("store.match_bad", problem=problem, file=str(aside))
            previous = previous_of(path)
            try:
                saved = saves.load(previous)
            except StoreError:
                saved = None
            if saved is None:
                return None
            with contextlib.suppress(OSError):
                os.replace(previous, path)  # the earlier copy is the match's file again
            self._note("store.resumed_previous")
            return saved
        if saved is None:
            self._note("store.nothing_to_resume")
        return saved

    def release(self) -> None:
        """Stop owning the match (saved first; an unfinished one stays for Resume)."""
        self.save_now()
        if self._lock is not None:
            gone = self.saved is None or not self.file_of(self.saved.id).exists()
            self._lock.release(remove=gone)
        self._lock = None
        self.saved = None
        self._revision = -1

    def owns(self, match: Match) -> bool:
        """Whether ``match`` is the one this keeper saves."""
        return self.saved is not None and self.saved.match is match

    def history_file(self, match: Match) -> Path | None:
        """Where ``match``, the one this keeper saves, goes (or went) in the history (None: it is
        not this keeper's, or nothing is kept): how well each player played is written there
        once it is analysed (:func:`tawla.store.records.add_skill`)."""
        if self.paths is None or not self.owns(match):
            return None
        assert self.saved is not None
        return self.paths.history / f"{self.saved.id}.json"

    def delete(self, ident: str) -> bool:
        """Take an unfinished match off the list. It is kept in the history (unfinished),
        so nothing is ever lost; one open in another tawla is refused with a note."""
        from tawla.store import saves

        if self.folder is None or self.paths is None:
            return False
        if self.saved is not None and self.saved.id == ident:
            self.release()
        try:
            lock = try_lock(self._lock_file(ident))
        except OSError as exc:
            self._cannot_save(exc)
            return False
        if lock is None:
            self._note("store.busy")
            return False
        path = self.file_of(ident)
        try:
            saved = saves.load(path)
        except StoreError as problem:
            try:
                aside: Path = set_aside(path)
            except OSError:
                aside = path
            self._note("store.match_bad", problem=problem, file=str(aside))
            saved = None
        try:
            if saved is not None:
                saved.id = ident
                saves.archive(saved, self.paths.history)
            path.unlink(missing_ok=True)
            previous_of(path).unlink(missing_ok=True)
        except OSError as exc:
            self._cannot_save(exc)
            return False
        finally:
            lock.release(remove=not path.exists())
        return True

    # -- saving ----------------------------------------------------------------------------

    def autosave(self, match: Match) -> None:
        """Save the match this keeper owns if it changed since the last save: to its file,
        or into the history once it is over. A disk that refuses is reported, and play goes on."""
        from tawla.store import saves

        saved = self.saved
        if self.folder is None or saved is None or saved.match is not match:
            return
        if match.revision == self._revision or self._saving:
            return
        self._saving = True
        try:
            if match.state.match_over:
                assert self.paths is not None
                saves.archive(saved, self.paths.history)
                path = self.file_of(saved.id)
                path.unlink(missing_ok=True)
                previous_of(path).unlink(missing_ok=True)  # (nothing for a later fallback to find)
            else:
                saves.save(saved, self.file_of(saved.id))
        except OSError as exc:
            self._cannot_save(exc)
            return
        finally:
            self._saving = False
        self._revision = match.revision
        if self.problem is not None:
            self.problem = None
            self._changed()

    def end_session(self, match: Match) -> bool:
        """Put the money session this keeper owns into the history, as a finished match goes
        there: off the Resume list, counted by the book (whoever is ahead on points won it).
        False when the disk refuses (said, and the session stays as it was: nothing is lost);
        True as well when nothing is kept (no data folder)."""
        from tawla.store import saves

        saved = self.saved
        if self.folder is None or self.paths is None:
            return True
        if saved is None or saved.match is not match:
            return False
        path = self.file_of(saved.id)
        try:
            saves.archive(saved, self.paths.history)
            path.unlink(missing_ok=True)
            previous_of(path).unlink(missing_ok=True)
        except OSError as exc:
            self._cannot_save(exc)
            return False
        if self._lock is not None:
            self._lock.release(remove=True)
        self._lock = None
        self.saved = None
        self._revision = -1
        if self.problem is not None:
            self.problem = None
            self._changed()
        return True

    def save_now(self) -> None:
        """Save the owned match, whatever happens next."""
        if self.saved is not None:
            self.autosave(self.saved.match)

    def _cannot_save(self, exc: OSError) -> None:
        reason = exc.strerror or type(exc).__name__
        if self.problem != reason:
            self.problem = reason
            self._note("store.not_saving", reason=reason)
            self._changed()

    # -- finished matches, exports, crash reports ----------------------------------------

    def history(self) -> list[Path]:
        """Finished matches (and unfinished ones taken off the list), newest first."""
        from tawla.store import saves

        return [] if self.paths is None else saves.history(self.paths.history)

    def read(self, path: Path) -> saves.SavedMatch | None:
        """A saved match to replay or export (a file that fails is named, and left where it is)."""
        from tawla.store import saves

        try:
            saved = saves.load(path)
        except StoreError as problem:
            self._note("store.cannot_open", problem=problem, file=str(path))
            return None
        if saved is None:
            self._note("store.cannot_open", problem=StoreError("unreadable", reason="-"), file=str(path))
        return saved

    def export_path(self, match: Match, saved: saves.SavedMatch | None = None) -> Path:
        """Where an export of ``match`` (``saved``: the file it was read from) goes unless the
        player says otherwise: the exports folder, a name that says who played and when it
        began in the player's time zone (``Ali-Badr_2026-12-01_1845.mat``), never the name of a
        file already there (``…_1845-2.mat``: nothing is replaced unless the player says so)."""
        if saved is None and self.owns(match):
            saved = self.saved
        began = datetime.now().astimezone()
        if saved is not None:
            with contextlib.suppress(ValueError, OverflowError, OSError):
                began = datetime.fromisoformat(saved.started).astimezone()
        a, b = (name_part(name, f"Player{n}") for n, name in enumerate(match.names, start=1))
        stem = f"{a}-{b}_{began:%Y-%m-%d_%H%M}"
        folder = self.paths.exports if self.paths is not None else Path.cwd()
        suffix = ".json" if match.rules.tavla else ".mat"  # (.mat is backgammon's: the others, tawla's JSON)
        target, n = folder / f"{stem}{suffix}", 2
        while target.exists():
            target, n = folder / f"{stem}-{n}{suffix}", n + 1
        return target

    @staticmethod
    def export(match: Match, target: Path) -> Path:
        """Write ``match`` as a .mat file, or a Plakoto, Fevga or tavli match (which .mat cannot
        hold) as tawla's JSON history, the saved match's own format; the full path written
        (raises OSError)."""
        if match.rules.tavla:
            from tawla.store import saves

            text = saves.dumps(saves.SavedMatch(match, saves.new_id(), saves.now()))
        else:
            from tawla.game.mat import write_mat

            text = write_mat(match)
        atomic_write(target, text, keep_previous=False)
        return target.resolve()

    def crash_report(self, text: str) -> Path | None:
        """Write a crash report (a traceback and what goes with it) to a dated file under the
        data folder; its path, or None when it could not be written."""
        if self.paths is None:
            return None
        folder = self.paths.data / "crashes"
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = folder / f"crash-{stamp}-{os.getpid()}.txt"
        try:
            atomic_write(target, text, keep_previous=False)
        except OSError:
            return None
        return target
