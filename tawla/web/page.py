"""The pages of ``tawla serve``: the game's page (the terminal filling the window, the title and
a short line in the player's language, the language and "resume" chosen from fixed lists), and
the two refusals, in both languages. No inline script: the page's script is ``static/tawla.js``."""

from __future__ import annotations

from html import escape
from urllib.parse import urlencode

from tawla.i18n import LANGUAGES, RTL_LANGUAGES, plain, tr


def _t(lang: str, key: str) -> str:
    return escape(plain(tr(lang, key)))


def _link(token: str, lang: str, resume: bool) -> str:
    query = {"token": token, "lang": lang, **({"resume": "1"} if resume else {})}
    return "/?" + escape(urlencode(query))


_NAMES = {"en": "English", "ar": "العربية"}


def game_page(lang: str, resume: bool, token: str) -> str:
    """The page of one game: ``lang`` and ``resume`` are checked values (from fixed lists)."""
    direction = "rtl" if lang in RTL_LANGUAGES else "ltr"
    languages = " ".join(
        f'<a href="{_link(token, other, resume)}"{" aria-current=page" if other == lang else ""}'
        f' lang="{other}">{_NAMES.get(other, other)}</a>'
        for other in LANGUAGES
    )
    start = (
        f'<a href="{_link(token, lang, False)}">{_t(lang, "web.new")}</a>'
        if resume
        else f'<a href="{_link(token, lang, True)}">{_t(lang, "web.resume")}</a>'
    )
    ws = f"/ws/{escape(token)}/{lang}/{'1' if resume else '0'}"
    return f"""<!DOCTYPE html>
<html lang="{lang}" dir="{direction}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>{_t(lang, "web.title")}</title>
<link rel="stylesheet" href="/static/xterm.css">
<link rel="stylesheet" href="/static/tawla.css">
<script src="/static/textual.js"></script>
<script src="/static/tawla.js"></script>
</head>
<body>
<header><strong>{_t(lang, "web.title")}</strong> <span>{_t(lang, "web.line")}</span>
<nav>{_t(lang, "web.language")} {languages} · {start}</nav></header>
<div class="ended">{_t(lang, "web.ended")}</div>
<div id="terminal" class="textual-terminal" data-session-websocket-url="{ws}" data-font-size="16"></div>
</body>
</html>
"""


def _both(title_key: str, key: str) -> str:
    parts = "".join(
        f'<section lang="{lang}" dir="{"rtl" if lang in RTL_LANGUAGES else "ltr"}">'
        f"<h1>{_t(lang, title_key)}</h1><p>{_t(lang, key)}</p></section>"
        for lang in LANGUAGES
    )
    return (
        '<!DOCTYPE html><html><head><meta charset="utf-8"><title>tawla</title>'
        '<link rel="stylesheet" href="/static/tawla.css"></head>'
        f'<body class="notice">{parts}</body></html>'
    )


def busy_page() -> str:
    """Every session the server allows is running: said in both languages."""
    return _both("web.busy_title", "web.busy")


def forbidden_page() -> str:
    """A wrong or missing token, a foreign Origin or Host: said in both languages."""
    return _both("web.title", "web.forbidden")
