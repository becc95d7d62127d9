"""Who is who in the book: renamed, merged and forgotten players (``<data>/players.json``).

The history files keep the names as they were typed and are never rewritten. Players are
told apart by a *key*, :func:`name_key` of a name (Unicode-normalised, case-folded, without
Arabic short vowels or tatweel, spaces collapsed: "Ali", "ali " and "ALI" are one player,
as are «علي» and «عَلي»). This small file says what the book should make of them::

    {"format": "tawla-players", "version": 1,
     "links": {"علي": "ali"},                        # a key that belongs to another player
     "names": {"ali": "Ali Hassan"},                 # the name a player is shown under (set by a
                                                     # rename or a merge; else the latest played under)
     "forgotten": {"badr": "2026-11-30T10:00:00+00:00"}}  # taken off the list of players, when

* **rename**: the player's key links to the new name's key and the new name is shown; every
  match under the old name, past and future, is the renamed player's;
* **merge**: one player's key links to the other's ("Ali" and «علي» are one person);
* **forget**: the player's links and shown name are dropped (their matches show under the
  names they were played under again) and the names are left off the list of known players
  until one of them plays another match.

A link always points at a key that links nowhere, so a name resolves in one step.
The file is written atomically (the copy before kept as ``players.json.prev``) under a lock
(``players.lock``) held across the read-change-write, so two tawlas changing it at once
both count; a damaged file is set aside and its earlier copy used, as with a saved match.
"""

from __future__ import annotations

import contextlib
import re
import time
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from tawla.store.files import StoreError, atomic_write, previous_of, read_json, set_aside
from tawla.store.lock import Lock, try_lock

FORMAT: Final = "tawla-players"
VERSION: Final = 1
MAX_NAME: Final = 40
"""As long as a name in a saved match may be."""
MAX_ENTRIES: Final = 10_000
WAIT: Final = 10.0
"""Seconds to wait for another tawla changing the file."""

_HARAKAT: Final = re.compile("[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]")
"""Arabic short vowels, shadda, sukun, Quranic marks and tatweel: optional in writing."""
_SPACES: Final = re.compile(r"\s+")
_SEARCH: Final = str.maketrans(
    {"أ": "ا", "إ": "ا", "آ": "ا", "ٱ": "ا", "ى": "ي", "ئ": "ي", "ؤ": "و", "ة": "ه"}
    | {chr(0x660 + d): str(d) for d in range(10)}
    | {chr(0x6F0 + d): str(d) for d in range(10)}
)


def clean_name(name: str) -> str:
    """A typed name as it is kept: NFC, spaces collapsed, trimmed."""
    return _SPACES.sub(" ", unicodedata.normalize("NFC", name)).strip()


def name_key(name: str) -> str:
    """What tells players apart (see the module docstring)."""
    text = _HARAKAT.sub("", unicodedata.normalize("NFKC", name))
    return _SPACES.sub(" ", text.casefold()).strip()


def search_key(text: str) -> str:
    """``text`` folded for finding a player as one types: :func:`name_key`, and also without
    Latin accents, with the Arabic letters people type for one another made one (أ إ آ → ا,
    ى ئ → ي, ؤ → و, ة → ه) and Arabic-Indic digits as 0-9."""
    decomposed = unicodedata.normalize("NFKD", name_key(text))
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return unicodedata.normalize("NFC", plain).translate(_SEARCH)


class BookError(Exception):
    """A change the book refuses; ``code`` names it for the catalogs (``book.error.<code>``)."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code, params)
        self.code = code
        self.params = params


@dataclass(frozen=True)
class Aliases:
    """The content of ``players.json`` (see the module docstring)."""

    links: Mapping[str, str] = field(default_factory=dict)
    names: Mapping[str, str] = field(default_factory=dict)
    forgotten: Mapping[str, str] = field(default_factory=dict)

    def resolve(self, key: str) -> str:
        """The player a key belongs to."""
        return self.links.get(key, key)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "links": dict(sorted(self.links.items())),
            "names": dict(sorted(self.names.items())),
            "forgotten": dict(sorted(self.forgotten.items())),
        }

    @classmethod
    def from_json(cls, data: object) -> Aliases:
        """Check the file's content; raises :class:`StoreError` (``invalid``, ``newer_version``)."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise StoreError("invalid", field="format")
        version = data.get("version")
        if type(version) is not int or version < 1:
            raise StoreError("invalid", field="version")
        if version > VERSION:
            raise StoreError("newer_version", version=version)
        tables: list[dict[str, str]] = []
        for name in ("links", "names", "forgotten"):
            table = data.get(name, {})
            if not (
                isinstance(table, dict)
                and len(table) <= MAX_ENTRIES
                and all(_short(k) and _short(v) for k, v in table.items())
            ):
                raise StoreError("invalid", field=name)
            tables.append(table)
        links, names, forgotten = tables
        if any(target in links or target == key for key, target in links.items()):
            raise StoreError("invalid", field="links")  # (a chain or a circle: never written so)
        if any(len(shown) > MAX_NAME or not name_key(shown) for shown in names.values()):
            raise StoreError("invalid", field="names")
        return cls(links, names, forgotten)


def _short(value: object) -> bool:
    return isinstance(value, str) and 0 < len(value) <= 1000  # (a key can be longer than its name: NFKC)


class Players:
    """The ``players.json`` of a data folder: read it, change it."""

    def __init__(self, data: Path) -> None:
        self.path = data / "players.json"
        self.lock_path = data / "players.lock"
        self.problem: StoreError | None = None
        """What was wrong with the file when it was last read (it was set aside)."""

    def read(self) -> Aliases:
        """The aliases on disk (none when there is no file; a damaged file is set aside and
        the copy from before its last change used, when it reads; a newer tawla's file is
        left as it is and not used: see :meth:`change`)."""
        self.problem = None
        try:
            return Aliases.from_json(read_json(self.path)) if self.path.exists() else Aliases()
        except StoreError as problem:
            self.problem = problem
        if self.problem.code == "newer_version":
            return Aliases()
        with contextlib.suppress(OSError):
            set_aside(self.path)
        try:
            previous = read_json(previous_of(self.path))
            return Aliases.from_json(previous) if previous is not None else Aliases()
        except StoreError:
            return Aliases()

    @contextlib.contextmanager
    def _held(self) -> Iterator[None]:
        deadline = time.monotonic() + WAIT
        lock: Lock | None = None
        while lock is None:
            lock = try_lock(self.lock_path)  # (OSError: a folder that refuses files, said by the caller)
            if lock is None:
                if time.monotonic() > deadline:
                    raise BookError("busy")
                time.sleep(0.02)
        try:
            yield
        finally:
            lock.release()

    def change(self, how: Callable[[Aliases], Aliases]) -> Aliases:
        """Apply ``how`` (a function from the aliases on disk to new ones, which may raise
        :class:`BookError`) under the lock, write the result atomically and return it.
        Raises OSError when the disk refuses, :class:`BookError` ``newer_version`` when a newer
        tawla wrote the file (it is not overwritten); nothing is changed then."""
        with self._held():
            before = self.read()
            if self.problem is not None and self.problem.code == "newer_version":
                raise BookError("newer_version")
            after = how(before)
            if after != before:
                atomic_write(self.path, _dumps(after))
            return after


def _dumps(aliases: Aliases) -> str:
    import json

    return json.dumps(aliases.to_json(), ensure_ascii=False, indent=1)


# -- the changes (pure: the aliases before, the aliases after) --------------------------------


def _check_name(name: str) -> str:
    name = clean_name(name)
    if not name or len(name) > MAX_NAME or not name_key(name):
        raise BookError("bad_name", limit=MAX_NAME)
    return name


def renamed(aliases: Aliases, key: str, new: str, taken: frozenset[str]) -> Aliases:
    """``key``'s player shown as ``new`` from now on. ``taken``: the keys of every other known
    player (a name one of them has is refused: merge them instead)."""
    new = _check_name(new)
    new_key = name_key(new)
    key = aliases.resolve(key)
    links = dict(aliases.links)
    names = {k: v for k, v in aliases.names.items() if k != key}
    if new_key != key:
        if aliases.resolve(new_key) != key and (new_key in taken or aliases.resolve(new_key) in taken):
            raise BookError("name_taken", name=new)
        # Every key of the player (and the player's own) now links to the new key.
        links = {k: (new_key if t == key else t) for k, t in links.items() if k != new_key}
        links[key] = new_key
    names[new_key] = new
    forgotten = {k: v for k, v in aliases.forgotten.items() if k not in (key, new_key)}
    return Aliases(links, names, forgotten)


def merged(aliases: Aliases, key: str, into: str, shown: str) -> Aliases:
    """``key``'s player and ``into``'s are one: ``into``'s, shown as ``shown`` (the name
    ``into``'s player is shown under now, whichever name the next match is played under)."""
    key, into = aliases.resolve(key), aliases.resolve(into)
    if key == into:
        raise BookError("same_player")
    links = {k: (into if t == key else t) for k, t in aliases.links.items()}
    links[key] = into
    names = {k: v for k, v in aliases.names.items() if k != key} | {into: _check_name(shown)}
    forgotten = {k: v for k, v in aliases.forgotten.items() if k != key}
    return Aliases(links, names, forgotten)


def forgotten(aliases: Aliases, key: str, when: str) -> Aliases:
    """``key``'s player taken off the list (``when``: now, UTC ISO); their matches show under
    the names they were played under."""
    key = aliases.resolve(key)
    keys = {key} | {k for k, t in aliases.links.items() if t == key}
    links = {k: t for k, t in aliases.links.items() if k not in keys}
    names = {k: v for k, v in aliases.names.items() if k not in keys}
    gone = dict(aliases.forgotten) | dict.fromkeys(sorted(keys), when)
    return Aliases(links, names, gone)
