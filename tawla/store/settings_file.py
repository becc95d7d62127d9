"""The settings file: read as plain JSON before the first frame (what the first frame needs:
the language, the theme), validated after it, written at every change. A damaged file is set
aside (``.bad-<time>``) and said; the defaults are used and nothing else is lost."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tawla.store.files import StoreError, atomic_write, read_json, set_aside
from tawla.store.keeper import Tell

if TYPE_CHECKING:
    from tawla.store.settings import Settings


class SettingsFile:
    """``settings.json`` in the config folder (``path`` None: nothing is read or written)."""

    def __init__(self, path: Path | None, tell: Tell) -> None:
        self.path = path
        self._tell = tell

    def read_raw(self) -> object:
        """The file's JSON as it is (None: no file, or one that is not JSON, set aside)."""
        if self.path is None:
            return None
        try:
            return read_json(self.path)
        except StoreError as problem:
            self._set_aside(problem)
            return None

    def load(self, raw: object) -> Settings:
        """``raw`` validated (the defaults when there is none, or when it is not valid: set aside)."""
        from tawla.store.settings import Settings, settings_from_json

        if raw is None:
            return Settings()
        try:
            return settings_from_json(raw)
        except StoreError as problem:
            self._set_aside(problem)
            return Settings()

    def save(self, settings: Settings) -> None:
        """Write ``settings``; a disk that refuses is said, and play goes on."""
        if self.path is None:
            return
        from tawla.store.settings import settings_to_json

        try:
            atomic_write(self.path, settings_to_json(settings), keep_previous=False)
        except OSError as exc:
            self._tell("store.not_saving", {"reason": exc.strerror or type(exc).__name__})

    def _set_aside(self, problem: StoreError) -> None:
        assert self.path is not None
        try:
            aside = str(set_aside(self.path))
        except OSError:
            aside = str(self.path)
        self._tell("store.settings_bad", {"problem": problem, "file": aside})
