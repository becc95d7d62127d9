"""Never lose a match (#6): a save killed with SIGKILL at any step of the write leaves the old
file or the new one, never a mixture, and the copy kept as ``<name>.prev`` is whole too.

The moments are chosen by count, not by time: a forked child writes a match file with
:func:`tawla.store.files.atomic_write`, and before each step of the write that touches the
disk (opening the temporary file, the middle of writing it, each fsync, link and rename, and
"the save has completed") it tells the parent which step it is about to take and waits for a
go-ahead. The parent lets it through ``k`` steps and kills it at the next one, so every kill
happens at a known step, on any machine, however busy.
"""

from __future__ import annotations

import builtins
import os
import random
import signal
import traceback
from pathlib import Path
from typing import Any

from tawla.game import Match, RuleSet, SeededDice
from tawla.store import files, saves

from .helpers.randomplay import random_action

# The steps of one save, in order, as the child reports them. A first save (no file yet) has
# no link and no renaming to ``.prev``.
OPEN = "open the temporary file"
WRITE = "half of it written"
FSYNC = "fsync it"
LINK = "link the old file"
KEEP = "rename that link to .prev"
REPLACE = "rename the temporary file over the file"
DIR_OPEN = "open the folder"
DIR_FSYNC = "fsync the folder"
DONE = "the save has completed"
KINDS = (OPEN, WRITE, FSYNC, LINK, KEEP, REPLACE, DIR_OPEN, DIR_FSYNC, DONE)
FIRST_SAVE = (OPEN, WRITE, FSYNC, REPLACE, DIR_OPEN, DIR_FSYNC, DONE)
LATER_SAVE = (OPEN, WRITE, FSYNC, LINK, KEEP, REPLACE, DIR_OPEN, DIR_FSYNC, DONE)


def match_texts(seed: int, count: int) -> list[str]:
    """The successive files of one match saved after each of its first ``count`` actions."""
    rng = random.Random(seed)
    match = Match(RuleSet(match_length=3), ("Ali", "بدر"), SeededDice(rng.getrandbits(32)))
    keep = saves.SavedMatch(match, saves.new_id(), saves.now())
    texts = []
    while len(texts) < count and not match.state.match_over:
        random_action(rng, match)
        texts.append(saves.dumps(keep))
    return texts


class _HalfWriter:
    """The temporary file, written in two halves with a checkpoint between them (a kill there
    leaves a torn temporary file, as a power cut in the middle of a write would)."""

    def __init__(self, inner: Any, gate: Any) -> None:
        self._inner, self._gate = inner, gate

    def __enter__(self) -> _HalfWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self._inner.close()

    def write(self, text: str) -> int:
        half = len(text) // 2
        self._inner.write(text[:half])
        self._inner.flush()
        self._gate(WRITE)
        return self._inner.write(text[half:])

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


def _child(target: Path, earlier: list[str], text: str, report: int, go: int) -> None:
    """In the forked child: save ``earlier`` normally, then ``text`` one checkpoint at a time."""
    for old in earlier:
        files.atomic_write(target, old)

    def gate(kind: str) -> None:
        os.write(report, bytes([KINDS.index(kind)]))
        if os.read(go, 1) != b"g":  # the parent is gone: stop here
            os._exit(3)

    real_fsync, real_link, real_replace, real_open = os.fsync, os.link, os.replace, os.open

    def fsync(fd: int) -> None:
        gate(DIR_FSYNC if fd == directory[0] else FSYNC)
        real_fsync(fd)

    def link(src: Any, dst: Any, *args: Any, **kwargs: Any) -> None:
        gate(LINK)
        real_link(src, dst, *args, **kwargs)

    def replace(src: Any, dst: Any, *args: Any, **kwargs: Any) -> None:
        gate(KEEP if Path(dst) == files.previous_of(target) else REPLACE)
        real_replace(src, dst, *args, **kwargs)

    directory = [-1]

    def open_(path: Any, *args: Any, **kwargs: Any) -> int:
        gate(DIR_OPEN)
        directory[0] = real_open(path, *args, **kwargs)
        return directory[0]

    def open_file(*args: Any, **kwargs: Any) -> _HalfWriter:
        gate(OPEN)
        return _HalfWriter(builtins.open(*args, **kwargs), gate)

    os.fsync, os.link, os.replace, os.open = fsync, link, replace, open_  # type: ignore[assignment]
    files.open = open_file  # type: ignore[attr-defined]  # the module's own name for the builtin
    files.atomic_write(target, text)
    gate(DONE)


def kill_at(target: Path, earlier: list[str], text: str, k: int) -> list[str]:
    """Fork a child that saves ``earlier`` then ``text``; kill it at its checkpoint number ``k``
    (counting from 0). Returns the checkpoints it reported, the last one where it died."""
    report_r, report_w = os.pipe()
    go_r, go_w = os.pipe()
    pid = os.fork()
    if pid == 0:
        code = 0
        try:
            os.close(report_r)
            os.close(go_w)
            _child(target, earlier, text, report_w, go_r)
        except BaseException:
            os.write(report_w, b"!" + traceback.format_exc().encode())
            code = 1
        finally:
            os._exit(code)
    os.close(report_w)
    os.close(go_r)
    seen: list[str] = []
    try:
        while True:
            byte = os.read(report_r, 1)
            if byte in (b"", b"!"):  # the child ended or failed before the chosen checkpoint
                rest = b""
                while chunk := os.read(report_r, 65536):
                    rest += chunk
                raise AssertionError(f"the child stopped after {seen}, before checkpoint {k}:\n{rest.decode()}")
            seen.append(KINDS[byte[0]])
            if len(seen) > k:
                break
            os.write(go_w, b"g")
    finally:
        os.kill(pid, signal.SIGKILL)  # blocked at checkpoint k (or, on a failure, wherever it is)
        _, status = os.waitpid(pid, 0)
        os.close(report_r)
        os.close(go_w)
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, status
    return seen


def test_a_save_killed_at_any_step_leaves_the_old_or_the_new_match(tmp_path: Path) -> None:
    """Over 200 kills: the states of a random match, each saved after two earlier ones and
    killed at every step of its write in turn (and after it completed). The file must load and
    be exactly the old state until the rename over it, exactly the new one from then on; the
    ``.prev`` copy likewise the state before, then the old one."""
    texts = match_texts(seed=8, count=150)
    assert len(texts) == 150
    rng = random.Random(1)
    chosen = sorted({0, 1, 2, len(texts) - 1, *rng.sample(range(3, len(texts) - 1), 22)})
    target = tmp_path / "current.json"
    previous = files.previous_of(target)
    kills = 0
    moments: set[tuple[int, str]] = set()
    killed_at: set[str] = set()
    for n in chosen:
        steps = FIRST_SAVE if n == 0 else LATER_SAVE
        for k, step in enumerate(steps):
            # A fresh start each time (no file); leftovers of earlier kills stay in the folder.
            target.unlink(missing_ok=True)
            previous.unlink(missing_ok=True)
            seen = kill_at(target, texts[max(0, n - 2) : n], texts[n], k)
            assert tuple(seen) == steps[: k + 1], f"atomic_write's steps are not the ones this test knows: {seen}"
            kills += 1
            moments.add((n, step))
            killed_at.add(step)
            renamed = REPLACE in seen[:-1]  # the rename over the file went through
            kept = KEEP in seen[:-1]
            if n == 0 and not renamed:
                assert not target.exists(), (n, step)
            else:
                assert target.read_text(encoding="utf-8") == texts[n if renamed else n - 1], (n, step)
                assert saves.load(target) is not None
            if n >= 2 or (n == 1 and kept):
                expected = texts[n - 1 if kept else n - 2]
                assert previous.read_text(encoding="utf-8") == expected, (n, step)
                assert saves.load(previous) is not None
            else:
                assert not previous.exists(), (n, step)
    assert kills >= 200
    assert len(moments) >= 30
    assert killed_at == set(KINDS)
    # Children killed while their temporary file existed left it behind; their processes are
    # gone, so sweeping the folder removes every one of them.
    assert list(tmp_path.glob(".*.tmp"))
    files.sweep(tmp_path)
    assert not list(tmp_path.glob(".*.tmp"))
