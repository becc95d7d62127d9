"""Matches on disk: the unfinished one, saved after every action, and the finished ones.

A saved match is plain JSON, written by :func:`tawla.store.files.atomic_write`::

    {"format": "tawla-match", "version": 3, "id": "20261129-150203-1a2b3c",
     "started": "2026-11-29T15:02:03+00:00", "saved": "…",
     "names": ["Ali", "Badr"], "rules": {…the RuleSet…},
     "start": null,                      # or {"position_id": …, "match_id": … or null}
     "dice": {"kind": "seeded", "seed": 37, "rolled": 12},   # or fair, or manual
     "events": [["open", 3, 5], ["step", 13, 6], ["step", 8, 3], ["end"], ["roll", 6, 6], …],
     "check": {"events": 123, "position_id": …, "match_id": …}}

Loading trusts nothing: every field is checked, the history is replayed through
the rules engine one event at a time (an illegal event is named by its number),
and the result must match the ``check`` block. Version 1 files (one JSON
object per event, no dice or check block: the layout of tawla's first
development builds) are migrated; version 2 files confirmed the turn that bore
the last checker off with an ``["end"]`` (a game now ends at that step), which
is read and left out. A saved match keeps the rules it was begun under, even
automatic doubles with the previous winner opening (refused for new matches
since version 3: the doubles applied to the first game only). Files from a
newer tawla are refused rather than misread. Every problem is a
:class:`~tawla.store.files.StoreError` whose code the catalogs word
(``store.<code>``).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tawla.engine import IdError
from tawla.game.dice import SEED_LIMIT, DiceSource, FairDice, ManualDice, ScriptedDice, SeededDice
from tawla.game.events import (
    Beavered,
    Doubled,
    Dropped,
    Event,
    NextGame,
    OpeningRolled,
    Raccooned,
    ResignAccepted,
    ResignDeclined,
    ResignOffered,
    Rolled,
    Stepped,
    Took,
    TurnEnded,
)
from tawla.game.match import Match
from tawla.game.rules import RuleSet
from tawla.game.state import ActionError, MatchState, new_match
from tawla.store.files import StoreError, atomic_write, read_json, set_aside

FORMAT = "tawla-match"
VERSION = 6
"""The newest file version this tawla reads; it writes 4 for Plakoto, Fevga and the tavli match
(their rules carry the game and its settings), and 3, as before them, for backgammon, so that a
backgammon match saved here still opens in an older tawla; 5 for a match played without hints
(its rules say ``"hints": false``: an older tawla says the file is a newer one's); 6 for a
Plakoto, Fevga or tavli match with the computer in a seat (an older tawla's computer played
backgammon only: it says the file is a newer one's rather than that its seat is wrong)."""

TAVLA_VERSION = 4
"""The version of a Plakoto, Fevga or tavli match's file (its rules name the game)."""

HINTS_VERSION = 5
"""The version of a match's file whose table forbids hints (the only rules that name them)."""

TAVLA_COMPUTER_VERSION = 6
"""The version of a Plakoto, Fevga or tavli match's file with the computer in a seat (#38)."""

BACKGAMMON_VERSION = 3
"""The version of a backgammon match's file: its rules name no game (backgammon is the default)."""

_GAME_FIELDS = ("game", "mother", "first_checker")
# (Version 3: a game ends at the step that bears the last checker off, with no ``["end"]`` after
# it; older tawlas would find the next game illegal.)
MAX_NAME = 40
MAX_EVENTS = 1_000_000
MAX_ROLLS = 10_000_000


# -- events: compact arrays ---------------------------------------------------------------

_NO_FIELDS: dict[str, Callable[[], Event]] = {
    "end": TurnEnded,
    "double": Doubled,
    "take": Took,
    "drop": Dropped,
    "beaver": Beavered,
    "raccoon": Raccooned,
    "accept": ResignAccepted,
    "decline": ResignDeclined,
    "next": NextGame,
}
_TAG_OF: dict[type, str] = {cls: tag for tag, cls in _NO_FIELDS.items()}  # type: ignore[misc]


def event_to_json(event: Event) -> list[Any]:
    """``["step", 13, 6]`` and the like."""
    if isinstance(event, OpeningRolled):
        return ["open", event.die0, event.die1]
    if isinstance(event, Rolled):
        return ["roll", *event.dice]
    if isinstance(event, Stepped):
        return ["step", event.source, event.die]
    if isinstance(event, ResignOffered):
        return ["resign", event.level]
    return [_TAG_OF[type(event)]]


def _int(value: object, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ValueError(value)
    return value


def event_from_json(raw: object) -> Event:
    """The event of a compact array; raises ValueError for anything else."""
    if type(raw) is list and len(raw) == 3 and raw[0] == "step":  # (most of any history: first)
        source, die = raw[1], raw[2]
        if type(source) is int and type(die) is int and 1 <= source <= 25 and 1 <= die <= 6:
            return Stepped(source, die)
        raise ValueError(raw)
    if not isinstance(raw, list) or not raw or not isinstance(raw[0], str):
        raise ValueError(raw)
    tag, args = raw[0], raw[1:]
    if tag in _NO_FIELDS and not args:
        return _NO_FIELDS[tag]()
    if tag == "open" and len(args) == 2:
        return OpeningRolled(_int(args[0], 1, 6), _int(args[1], 1, 6))
    if tag == "roll" and len(args) == 2:
        return Rolled((_int(args[0], 1, 6), _int(args[1], 1, 6)))
    if tag == "step" and len(args) == 2:
        return Stepped(_int(args[0], 1, 25), _int(args[1], 1, 6))
    if tag == "resign" and len(args) == 1:
        return ResignOffered(_int(args[0], 1, 3))
    raise ValueError(raw)


# -- the dice ------------------------------------------------------------------------------


def dice_to_json(dice: DiceSource) -> dict[str, Any]:
    if isinstance(dice, SeededDice):
        return {"kind": "seeded", "seed": dice.seed, "rolled": dice.rolled}
    if dice.manual:
        return {"kind": "manual"}
    return {"kind": "fair"}  # fair dice, and scripted dice of tests (a script is not kept)


def dice_from_json(raw: object) -> DiceSource:
    if not isinstance(raw, dict):
        raise ValueError(raw)
    kind = raw.get("kind")
    if kind == "fair" and len(raw) == 1:
        return FairDice()
    if kind == "manual" and len(raw) == 1:
        return ManualDice()
    if kind == "seeded" and set(raw) == {"kind", "seed", "rolled"}:
        seed = raw["seed"]
        if type(seed) is not int or abs(seed) > SEED_LIMIT:
            raise ValueError(raw)
        return SeededDice(seed, _int(raw["rolled"], 0, MAX_ROLLS))
    raise ValueError(raw)


# -- a saved match ---------------------------------------------------------------------------


@dataclass
class SavedMatch:
    """A match with what its file says about it."""

    match: Match
    id: str
    started: str
    saved: str = ""
    setup: tuple[str, str | None] | None = None
    """The IDs a set-up match started from."""

    @property
    def finished(self) -> bool:
        return self.match.state.match_over


def new_id() -> str:
    """A file-name-friendly, sortable, unique match id."""
    return datetime.now(UTC).strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(3)


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def to_json(saved: SavedMatch) -> dict[str, Any]:
    """The file's content (see the module docstring)."""
    match = saved.match
    setup = saved.setup
    if setup is None and match.start != new_match(match.rules):
        # A match that began from a set-up state: saved as that state's IDs.
        first = Match(names=match.names, dice=ScriptedDice([]), start=match.start)
        setup = saved.setup = (first.position_id(), first.match_id())
    rules = match.rules.model_dump(mode="json")
    if not match.rules.tavla:
        for name in _GAME_FIELDS:  # (their defaults: a file an older tawla reads too)
            del rules[name]
    if match.rules.hints:
        del rules["hints"]  # (the default, as before hints: the file an older tawla wrote)
    if match.rules.dead_cube:
        del rules["dead_cube"]  # (the rule of every match since it was known: said only of older ones)
    version = TAVLA_VERSION if match.rules.tavla else BACKGAMMON_VERSION
    if not match.rules.hints:
        version = HINTS_VERSION
    if match.rules.tavla and match.computer:
        version = TAVLA_COMPUTER_VERSION
    return {
        "format": FORMAT,
        "version": version,
        "id": saved.id,
        "started": saved.started,
        "saved": now(),
        "names": list(match.names),
        # The seats the computer plays (none: the key is left out, as before the computer).
        **({"computer": sorted(match.computer)} if match.computer else {}),
        "rules": rules,
        "start": None if setup is None else {"position_id": setup[0], "match_id": setup[1]},
        "dice": dice_to_json(match.dice),
        "events": [event_to_json(e) for e in match.events],
        "check": {"events": len(match.events), "position_id": match.board_key(), "match_id": match.match_id()},
        # For lists of saved matches only (never trusted: loading replays the events).
        "summary": {"score": list(match.state.score), "games": match.state.game, "finished": match.state.match_over},
    }


def dumps(saved: SavedMatch) -> str:
    import json

    return json.dumps(to_json(saved), ensure_ascii=False, separators=(",", ":"))


def save(saved: SavedMatch, path: Path) -> None:
    """Write the match atomically (raises OSError when the disk refuses)."""
    atomic_write(path, dumps(saved))


# -- loading -----------------------------------------------------------------------------


def _migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Bring an older file up to :data:`VERSION`."""
    version = data.get("version")
    if version == 1:
        # Version 1 wrote one object per event ({"kind": "step", "source": 13, "die": 6}),
        # had no dice and no check block (and could not resume seeded dice).
        events = data.get("events")
        if not isinstance(events, list):
            raise StoreError("invalid", field="events")
        data = {**data, "version": 2, "events": [_v1_event(e) for e in events], "dice": {"kind": "fair"}}
        data.pop("check", None)
    return data


_V1_FIELDS = {"opening": ("open", "die0", "die1"), "step": ("step", "source", "die"), "resign": ("resign", "level")}
_V1_RENAMED = {"end_turn": "end", "next_game": "next"}


def _v1_event(raw: object) -> list[Any]:
    if not isinstance(raw, dict) or not isinstance(raw.get("kind"), str):
        raise StoreError("invalid", field="events")
    kind = raw["kind"]
    if kind == "roll":
        dice = raw.get("dice")
        if not isinstance(dice, list) or len(dice) != 2:
            raise StoreError("invalid", field="events")
        return ["roll", *dice]
    if kind in _V1_FIELDS:
        tag, *names = _V1_FIELDS[kind]
        return [tag, *(raw.get(n) for n in names)]
    return [_V1_RENAMED.get(kind, kind)]


def _field(data: dict[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    value = data.get(name)
    if not isinstance(value, kind):
        raise StoreError("invalid", field=name)
    return value


@dataclass(frozen=True)
class Parts:
    """The fields of a saved match, each checked, its events read but not yet replayed
    (:func:`parts`): what :func:`from_json` replays, and what the players' book folds."""

    names: tuple[str, str]
    rules: RuleSet
    dice: DiceSource
    start: MatchState | None
    """The state a set-up match began from (None: the start of a match)."""
    setup: tuple[str, str | None] | None
    events: tuple[Event, ...]
    check: object
    """The file's check block, unchecked (None in a migrated version-1 file)."""
    id: str
    started: str
    saved: str
    computer: frozenset[int] = frozenset()
    """The seats the computer plays (a file without the key: two people)."""


def parts(data: object) -> Parts:
    """Check every field of a saved match's JSON (migrating older versions) without replaying
    its events; raises :class:`StoreError` naming the problem."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StoreError("not_a_match")
    version = data.get("version")
    if type(version) is not int or version < 1:
        raise StoreError("invalid", field="version")
    if version > VERSION:
        raise StoreError("newer_version", version=version)
    data = _migrate(data)
    names = _field(data, "names", list)
    if len(names) != 2 or not all(isinstance(n, str) and 0 < len(n) <= MAX_NAME for n in names):
        raise StoreError("invalid", field="names")
    from pydantic import ValidationError

    raw_rules = _field(data, "rules", dict)
    try:
        rules = RuleSet.model_validate(raw_rules)
    except ValidationError as exc:
        rules = _rules_begun_under(raw_rules, exc)
    try:
        dice = dice_from_json(data.get("dice"))
    except ValueError:
        raise StoreError("invalid", field="dice") from None
    start, setup = _start(data.get("start"), rules)
    raw_events = _field(data, "events", list)
    if len(raw_events) > MAX_EVENTS:
        raise StoreError("invalid", field="events")
    events: list[Event] = []
    for number, raw in enumerate(raw_events, 1):
        try:
            events.append(event_from_json(raw))
        except ValueError:
            raise StoreError("bad_event", number=number) from None
    ident = data.get("id")
    started = data.get("started")
    computer = data.get("computer", [])
    if not isinstance(computer, list) or any(type(seat) is not int or seat not in (0, 1) for seat in computer):
        raise StoreError("invalid", field="computer")
    if len(set(computer)) != len(computer):
        raise StoreError("invalid", field="computer")
    return Parts(
        (names[0], names[1]),
        rules,
        dice,
        start,
        setup,
        tuple(events),
        data.get("check"),
        ident if isinstance(ident, str) and ident.replace("-", "").isalnum() and len(ident) <= 40 else new_id(),
        started if isinstance(started, str) and len(started) <= 40 else now(),
        str(data.get("saved", ""))[:40],
        frozenset(computer),
    )


def from_json(data: object) -> SavedMatch:
    """Check and rebuild a saved match; raises :class:`StoreError` naming the problem.

    A match played before tawla refused a double on a dead cube may have one in its history:
    it is read again under the rules it was played by (``dead_cube`` off), which it keeps (and
    its file says so from its next save on). Nothing else is forgiven."""
    p = parts(data)
    try:
        match = _replayed(p)
    except _DeadCubeDoubled:
        p = parts(data)  # (afresh: the dice source of the first reading has moved on)
        legacy = p.rules.model_copy(update={"dead_cube": False})
        start = None if p.start is None else replace(p.start, rules=legacy)
        match = _replayed(replace(p, rules=legacy, start=start))
    return SavedMatch(match, p.id, p.started, saved=p.saved, setup=p.setup)


class _DeadCubeDoubled(Exception):
    """The history doubles a dead cube: played before tawla refused that."""


def _replayed(p: Parts) -> Match:
    match = Match(p.rules, p.names, p.dice, start=p.start, computer=p.computer)
    for number, event in enumerate(p.events, 1):
        try:
            match.replay_event(event)
        except ActionError as error:
            if error.code == "cube_dead" and p.rules.dead_cube:
                raise _DeadCubeDoubled from None
            raise StoreError("illegal_history", number=number) from None
    _check(p.check, match, len(p.events))
    return match


def agrees(p: Parts, final: MatchState) -> bool:
    """Whether ``final``, the state a fold of ``p``'s events reached, is the one the file's check
    block names (a file without one agrees with nothing: it is replayed in full)."""
    if p.check is None:
        return False
    match = Match(p.rules, p.names, ScriptedDice([]), start=final)
    try:
        _check(p.check, match, len(p.events))
    except StoreError:
        return False
    return True


def _rules_begun_under(raw: dict[str, Any], problem: Exception) -> RuleSet:
    """The rules of a match begun before tawla refused automatic doubles with the previous
    winner opening (they applied to the first game only, and the history was played so)."""
    from pydantic import ValidationError

    from tawla.game.rules import NextOpener

    errors = problem.errors() if isinstance(problem, ValidationError) else []
    if not errors or errors[0]["type"] != "rules.automatic_doubles_opener":
        raise StoreError("invalid", field="rules") from None
    try:
        valid = RuleSet.model_validate({**raw, "next_game_opener": NextOpener.OPENING_ROLL.value})
    except ValidationError:
        raise StoreError("invalid", field="rules") from None
    return RuleSet.model_construct(**{**valid.model_dump(), "next_game_opener": NextOpener.PREVIOUS_WINNER})


def _start(raw: object, rules: RuleSet) -> tuple[MatchState | None, tuple[str, str | None] | None]:
    if raw is None:
        return None, None
    from tawla.game.setup import state_from_ids

    if not isinstance(raw, dict):
        raise StoreError("invalid", field="start")
    pid, mid = raw.get("position_id"), raw.get("match_id")
    if not isinstance(pid, str) or not (mid is None or isinstance(mid, str)):
        raise StoreError("invalid", field="start")
    try:
        start = state_from_ids(pid, mid, rules)
    except IdError as exc:
        if exc.code == "too_many_checkers":
            raise StoreError("checkers", **exc.params) from None
        raise StoreError("invalid", field="start") from None
    except ActionError:
        raise StoreError("invalid", field="start") from None
    if start.rules != rules:
        raise StoreError("invalid", field="start")
    return start, (pid, mid)


def _check(raw: object, match: Match, events: int) -> None:
    """The file's ``check`` block against the match its ``events`` (that many) replayed to."""
    if raw is None:
        return  # (a migrated version-1 file has none)
    if not isinstance(raw, dict):
        raise StoreError("invalid", field="check")
    expected = {"events": events, "position_id": match.board_key(), "match_id": match.match_id()}
    if raw != expected:
        raise StoreError("mismatch")


def load(path: Path) -> SavedMatch | None:
    """The match saved in ``path`` (None: no file). Raises :class:`StoreError`."""
    data = read_json(path)
    if data is None:
        return None
    return from_json(data)


def load_or_set_aside(path: Path) -> tuple[SavedMatch | None, StoreError | None, Path | None]:
    """Load ``path``; a bad file is set aside (``.bad-<time>``) and its problem returned with the
    new path, so that the game can say so and start anyway."""
    try:
        return load(path), None, None
    except StoreError as problem:
        try:
            aside = set_aside(path)
        except OSError:
            aside = None
        return None, problem, aside


@dataclass(frozen=True)
class Listing:
    """What a list of saved matches shows, read from a file without replaying it."""

    path: Path
    started: str
    names: tuple[str, str]
    length: int
    score: tuple[int, int]
    finished: bool
    saved: str = ""
    """When it was last saved (the player's local time), as ``started``."""
    stamp: str = ""
    """The same moment as written in the file (UTC, sortable)."""
    rules: dict[str, Any] | None = None
    """The rules as written (unchecked)."""
    computer: frozenset[int] = frozenset()
    """The seats the computer plays (its name shown in the player's language, not as stored)."""


def listing(path: Path) -> Listing | None:
    """The file's own summary (None when it cannot be read: it would be refused when loaded)."""
    try:
        data = read_json(path)
    except StoreError:
        return None
    if not isinstance(data, dict):
        return None
    names, rules, summary = data.get("names"), data.get("rules"), data.get("summary")
    if not (isinstance(names, list) and len(names) == 2 and all(isinstance(n, str) for n in names)):
        return None
    length = rules.get("match_length", 0) if isinstance(rules, dict) else 0
    summary = summary if isinstance(summary, dict) else {}
    score = summary.get("score", [0, 0])
    if not (isinstance(score, list) and len(score) == 2 and all(type(v) is int for v in score)):
        score = [0, 0]
    seats = data.get("computer", [])
    computer = frozenset(s for s in seats if s in (0, 1) and type(s) is int) if isinstance(seats, list) else frozenset()
    return Listing(
        path,
        _local_time(data.get("started")),
        (names[0][:MAX_NAME], names[1][:MAX_NAME]),
        length if type(length) is int else 0,
        (score[0], score[1]),
        summary.get("finished") is True,
        _local_time(data.get("saved")),
        str(data.get("saved", ""))[:40],
        rules if isinstance(rules, dict) else None,
        computer,
    )


def _local_time(stamp: object) -> str:
    """``2026-11-29 17:02`` in the player's time zone (files keep UTC)."""
    if not isinstance(stamp, str):
        return ""
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except (ValueError, OverflowError, OSError):
        return ""


def history(paths_history: Path) -> list[Path]:
    """Saved finished (or set-aside unfinished) matches, newest first."""
    if not paths_history.is_dir():
        return []
    return sorted(paths_history.glob("*.json"), reverse=True)


def archive(saved: SavedMatch, history_dir: Path) -> Path:
    """Write ``saved`` into the history (its id as the file name) and return the path."""
    target = history_dir / f"{saved.id}.json"
    atomic_write(target, dumps(saved), keep_previous=False)
    return target


def games_of(match: Match) -> Sequence[tuple[int, int]]:
    """(first, end) event indices of each game of the match (a game ends at its NextGame)."""
    out: list[tuple[int, int]] = []
    first = 0
    for i, event in enumerate(match.events):
        if isinstance(event, NextGame):
            out.append((first, i))
            first = i + 1
    out.append((first, len(match.events)))
    return out
