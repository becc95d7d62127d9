"""Exporting a match as a Jellyfish ``.mat`` file: the match being played, or one picked from the
history; the file's name asked (the keeper's default offered), then where it went said."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from tawla.ui.screens.dialogs import LineScreen, NoticeScreen

if TYPE_CHECKING:
    from tawla.game.match import Match
    from tawla.store.keeper import Keeper
    from tawla.store.saves import SavedMatch


def ask_export(app: Any, keeper: Keeper, playing: Match | None) -> None:
    """Export ``playing`` (the match on a game screen), or else one picked from the history."""
    if playing is not None:
        _export(app, keeper, playing)
        return
    from tawla.ui.screens.history import HistoryScreen

    def picked(path: Path | None) -> None:
        saved = None if path is None else keeper.read(path)  # (a file that fails is named)
        if saved is not None:
            _export(app, keeper, saved.match, saved)

    app.push_screen(HistoryScreen(keeper, "history.export_title"), picked)


def _export(app: Any, keeper: Keeper, match: Match, saved: SavedMatch | None = None) -> None:
    """Ask where, write the .mat file, say where it went."""
    default = str(keeper.export_path(match, saved))

    def saying(key: str, **params: object) -> Any:  # (said in the language in force: again after F2)
        return lambda: app.words.t(key, **params)

    def check(text: str) -> str | None:
        return None if text.strip() else app.words.t("export.empty")

    def chosen(text: str | None) -> None:
        if not text:
            return
        target = Path(text).expanduser()
        try:
            written = keeper.export(match, target)
        except OSError as exc:
            message = saying("export.failed", file=str(target), reason=exc.strerror or type(exc).__name__)
        else:
            message = saying("export.done", file=str(written))
            if getattr(app, "web", False):  # (tawla serve: the file goes to this tab's browser too)
                mime = "application/json" if written.suffix == ".json" else "text/plain"
                app.deliver_binary(written, save_filename=written.name, open_method="download", mime_type=mime)
                message = saying("web.export_sent", file=str(written))
        title = saying("export.title_json" if match.rules.tavla else "export.title")
        app.push_screen(NoticeScreen(title, message, saying("store.hint")))

    title = saying("export.title_json" if match.rules.tavla else "export.title")
    hint = saying("export.hint_json" if match.rules.tavla else "export.hint")
    app.push_screen(LineScreen(title, hint, check=check, value=default), chosen)
