"""Things to tell the player (a catalog key and its parameters: a damaged file set aside, a
disk that refuses), each on a card over whichever screen is on top, once the screens are up;
held while the terminal is too small, and said in the language in force (again after F2)."""

from __future__ import annotations

from typing import Any

from tawla.store.files import StoreError


class Notes:
    """The app's notes still to show."""

    def __init__(self, app: Any) -> None:
        self._app = app
        self._waiting: list[tuple[str, dict[str, object]]] = []

    @property
    def waiting(self) -> bool:
        return bool(self._waiting)

    def add(self, key: str, params: dict[str, object]) -> None:
        """Tell the player ``key`` once the screens are up (or now, if they are)."""
        self._waiting.append((key, params))
        app = self._app
        if app.is_running and app.screen_stack:
            app.call_after_refresh(self.show)

    def show(self) -> None:
        """A card for each note waiting (none while the terminal is too small)."""
        from tawla.ui.screens.dialogs import NoticeScreen
        from tawla.ui.screens.too_small import TooSmallScreen

        app = self._app
        if isinstance(app.screen, TooSmallScreen):
            return  # (kept until the terminal is big enough again)
        while self._waiting:
            key, params = self._waiting.pop(0)

            def body(key: str = key, params: dict[str, object] = params) -> str:
                said = {k: problem_text(app.words, v) if isinstance(v, StoreError) else v for k, v in params.items()}
                return str(app.words.t(key, **said))

            app.push_screen(NoticeScreen(saying(app, "store.title"), body, saying(app, "store.hint")))


def saying(app: Any, key: str, **params: object) -> Any:
    """How to say a catalog text, in the language in force when it is said."""
    return lambda: app.words.t(key, **params)


def problem_text(words: Any, error: StoreError) -> str:
    """A store problem in the player's language."""
    return str(words.t(f"store.{error.code}", **{k: str(v) for k, v in error.params.items()}))
