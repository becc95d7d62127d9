"""The server of ``tawla serve``: one aiohttp application, one tawla process a tab.

It follows textual-serve's design and reuses its parts where they fit (pinned at 1.1.3 in the
``web`` extra, for they are its internals): its client files (``textual.js``: xterm.js and the
protocol of Textual's web driver; ``xterm.css``), its :class:`AppService` (the packets between
the websocket and the process) and its :class:`DownloadManager` (files a session delivers). What
it lacks for a shared machine is here: a token on the page and on the websocket (compared in
constant time), the Host and the Origin checked (DNS rebinding, foreign pages), a session limit,
processes started without a shell in their own process group and always reaped, a content
security policy, no folder listing and no caching of the page.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import ipaddress
import json
import logging
import os
import secrets
import signal
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

from tawla.i18n import LANGUAGES
from tawla.web.page import busy_page, forbidden_page, game_page

log = logging.getLogger("tawla.serve")

QUIT_WITHIN = 3.0
"""Seconds a session is given to quit by itself (asked by the web driver's "quit") before SIGTERM."""
TERM_WITHIN = 3.0
"""Seconds after SIGTERM before SIGKILL."""

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; font-src 'self'; "
    "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
"""Nothing leaves the server's origin. (xterm.js and textual.js set styles from script, which
needs ``'unsafe-inline'`` for styles only; no inline script runs.)"""

_CLIENT = files("textual_serve") / "static"
_OURS = files("tawla.web") / "static"
STATIC: dict[str, tuple[Any, str]] = {
    "textual.js": (_CLIENT / "js" / "textual.js", "text/javascript"),
    "xterm.css": (_CLIENT / "css" / "xterm.css", "text/css"),
    "tawla.js": (_OURS / "tawla.js", "text/javascript"),
    "tawla.css": (_OURS / "tawla.css", "text/css"),
    "DejaVuSansMono-tawla.woff2": (_OURS / "fonts" / "DejaVuSansMono-tawla.woff2", "font/woff2"),
    "DejaVuSansMono-Bold-tawla.woff2": (_OURS / "fonts" / "DejaVuSansMono-Bold-tawla.woff2", "font/woff2"),
    "LICENSE-DejaVu.txt": (_OURS / "fonts" / "LICENSE-DejaVu.txt", "text/plain; charset=utf-8"),
}
"""Every file the server serves, by name: a fixed list (no folder is ever listed or walked)."""


def _to_int(text: str, default: int, low: int, high: int) -> int:
    try:
        value = int(text)
    except ValueError:
        return default
    return min(max(value, low), high)


class Session(AppService):
    """One tab's tawla: textual-serve's :class:`AppService`, with the process started from an
    argument list (never a shell string), in its own process group, and stopped in bounded time."""

    def __init__(
        self,
        argv: list[str],
        *,
        write_bytes: Callable[[bytes], Awaitable[None]],
        write_str: Callable[[str], Awaitable[None]],
        close: Callable[[], Awaitable[None]],
        download_manager: DownloadManager,
    ) -> None:
        super().__init__(
            "", write_bytes=write_bytes, write_str=write_str, close=close, download_manager=download_manager
        )
        self.argv = argv

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width, height)
        environment.pop("TEXTUAL_DRIVER", None)  # (tawla --web chooses its own: tawla.ui.web_driver)
        for name in ("TMUX", "TEXTUAL", "TEXTUAL_LOG", "LINES"):
            environment.pop(name, None)
        return environment

    async def _open_app_process(self, width: int = 80, height: int = 24) -> asyncio.subprocess.Process:
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=self._build_environment(width, height),
            start_new_session=True,  # its own process group: signals reach it and its children only
        )
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    async def stop(self) -> None:
        """Quit (as a closed tab does), then SIGTERM after a few seconds, then SIGKILL; the
        process is always reaped."""
        process = self._process
        if process is None:
            return
        await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
        if process.returncode is None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.send_meta({"type": "quit"}), QUIT_WITHIN)
            for sig, within in ((None, QUIT_WITHIN), (signal.SIGTERM, TERM_WITHIN), (signal.SIGKILL, None)):
                if sig is not None:
                    with contextlib.suppress(ProcessLookupError, PermissionError):
                        os.killpg(process.pid, sig)
                try:
                    await asyncio.wait_for(process.wait(), within)
                    break
                except TimeoutError:
                    continue
        await process.wait()
        if self._task is not None:
            task, self._task = self._task, None
            with contextlib.suppress(Exception):
                await asyncio.wait_for(task, TERM_WITHIN)
            if not task.done():
                task.cancel()


@dataclass
class Server:
    """``tawla serve``'s application: the token, the limits and the running sessions."""

    host: str = "127.0.0.1"
    port: int = 0
    sessions: int = 4
    lang: str = "en"
    token: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    python: list[str] = field(default_factory=lambda: [sys.executable, "-m", "tawla"])
    running: dict[str, Session] = field(default_factory=dict)
    downloads: DownloadManager = field(default_factory=DownloadManager)
    stopping: set[asyncio.Future[None]] = field(default_factory=set)
    said: Callable[[str, dict[str, object]], None] | None = None
    """Where a session's start and end are told (the operator's console): a catalog key, its values."""
    bound_port: int = 0

    # -- checks ----------------------------------------------------------------------------

    def token_ok(self, given: str | None) -> bool:
        return given is not None and hmac.compare_digest(given.encode(), self.token.encode())

    def _host_names(self) -> set[str]:
        names = {self.host}
        try:
            address = ipaddress.ip_address(self.host)
        except ValueError:
            address = None
        if (address is not None and address.is_loopback) or self.host == "localhost":
            names |= {"localhost", "127.0.0.1", "[::1]"}
        return names

    def host_ok(self, header: str | None) -> bool:
        """The Host header names this server as it was asked to listen (or, for an address that
        listens everywhere, an IP address): never a name a foreign page's DNS could point here."""
        if not header:
            return False
        name, _, port = header.rpartition(":") if not header.endswith("]") else (header, "", "")
        if port != str(self.bound_port):
            return False
        if name in self._host_names():
            return True
        if self.host in ("0.0.0.0", "::", ""):
            with contextlib.suppress(ValueError):
                ipaddress.ip_address(name.strip("[]"))
                return True
        return False

    def origin_ok(self, request: web.Request) -> bool:
        origin = request.headers.get("Origin")
        return origin is None or origin == f"http://{request.headers.get('Host', '')}"

    # -- the application -------------------------------------------------------------------

    def make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._guard])
        app.add_routes(
            [
                web.get("/", self.handle_index),
                web.get("/ws/{token}/{lang}/{resume}", self.handle_websocket),
                web.get("/static/{name}", self.handle_static),
                web.get("/download/{key}", self.handle_download),
            ]
        )
        app.on_shutdown.append(self._on_shutdown)
        return app

    @web.middleware
    async def _guard(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        """Every request: the Host and the Origin checked; every answer: the security headers."""
        if not self.host_ok(request.headers.get("Host")) or not self.origin_ok(request):
            response: web.StreamResponse = forbidden(self.lang)
        else:
            try:
                response = await handler(request)
            except web.HTTPNotFound:
                response = web.Response(status=404, text="404", content_type="text/plain")
        if not response.prepared:
            response.headers["Content-Security-Policy"] = CSP
            response.headers["X-Content-Type-Options"] = "nosniff"
            response.headers["Referrer-Policy"] = "no-referrer"
            response.headers["X-Frame-Options"] = "DENY"
            response.headers.setdefault("Cache-Control", "no-store")
        return response

    def _choice(self, request: web.Request) -> tuple[str, bool]:
        lang = request.query.get("lang", self.lang)
        return (lang if lang in LANGUAGES else self.lang), request.query.get("resume") == "1"

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        if not self.token_ok(request.query.get("token")):
            return forbidden(self.lang)
        lang, resume = self._choice(request)
        if len(self.running) >= self.sessions:
            return web.Response(status=503, text=busy_page(), content_type="text/html", charset="utf-8")
        page = game_page(lang, resume, self.token)
        response = web.Response(text=page, content_type="text/html", charset="utf-8")
        # The downloads of this browser's tabs: the token again, never sent to another site.
        response.set_cookie("tawla", self.token, httponly=True, samesite="Strict", path="/download")
        return response

    async def handle_static(self, request: web.Request) -> web.StreamResponse:
        found = STATIC.get(request.match_info["name"])
        if found is None:
            raise web.HTTPNotFound()
        resource, kind = found
        response = web.Response(body=resource.read_bytes(), content_type=kind.split(";")[0])
        if "charset" in kind:
            response.charset = "utf-8"
        response.headers["Cache-Control"] = "private, max-age=3600"
        return response

    async def handle_download(self, request: web.Request) -> web.StreamResponse:
        """A file a session delivers (an exported match): its key is random and was sent only to
        that tab; the token's cookie (SameSite=Strict) is asked for too."""
        if not self.token_ok(request.cookies.get("tawla")):
            return forbidden(self.lang)
        key = request.match_info["key"]
        try:
            meta = await self.downloads.get_download_metadata(key)
        except KeyError:
            raise web.HTTPNotFound() from None
        response = web.StreamResponse()
        response.headers["Content-Type"] = meta.mime_type + (f"; charset={meta.encoding}" if meta.encoding else "")
        name = Path(meta.file_name).name.replace('"', "")
        response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
        response.headers["Cache-Control"] = "no-store"
        await response.prepare(request)
        async for chunk in self.downloads.download(key):
            await response.write(chunk)
        await response.write_eof()
        return response

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
        info = request.match_info
        if not self.token_ok(info["token"]) or info["lang"] not in LANGUAGES or info["resume"] not in ("0", "1"):
            return forbidden(self.lang)
        if len(self.running) >= self.sessions:
            return web.Response(status=503, text=busy_page(), content_type="text/html", charset="utf-8")
        width = _to_int(request.query.get("width", "80"), 80, 20, 500)
        height = _to_int(request.query.get("height", "24"), 24, 10, 300)
        argv = [*self.python, "--web", "--lang", info["lang"], *(["--resume"] if info["resume"] == "1" else [])]
        websocket = web.WebSocketResponse(heartbeat=15)
        await websocket.prepare(request)

        async def close() -> None:  # (the game left: the tab's socket closes)
            await websocket.close()

        session = Session(
            argv,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=close,
            download_manager=self.downloads,
        )
        self.running[session.app_service_id] = session
        try:
            await session.start(width, height)
            self._say("cli_serve.started", pid=session.pid, lang=info["lang"])
            if session._task is not None:  # (a game that ends by itself, even without a word: the page is told)
                session._task.add_done_callback(lambda _: asyncio.ensure_future(close()))
            await self._relay(websocket, session)
        except (asyncio.CancelledError, ConnectionError):
            pass
        finally:
            # (shielded: aiohttp may cancel this handler when the tab goes; the session is
            # stopped and reaped all the same, and counted until it is)
            stopping = asyncio.ensure_future(self._end(session, websocket))
            self.stopping.add(stopping)
            stopping.add_done_callback(self.stopping.discard)
            await asyncio.shield(stopping)
        return websocket

    async def _end(self, session: Session, websocket: web.WebSocketResponse) -> None:
        try:
            await session.stop()
            process = session._process
            if process is not None:
                self._say("cli_serve.ended", pid=process.pid, status=process.returncode)
        finally:
            self.running.pop(session.app_service_id, None)
            with contextlib.suppress(Exception):
                await websocket.close()

    async def _relay(self, websocket: web.WebSocketResponse, session: Session) -> None:
        """The browser's messages to the process (textual-serve's envelopes), until the tab goes."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
                kind = envelope[0]
            except (ValueError, TypeError, IndexError, KeyError):
                continue
            if kind == "stdin" and isinstance(envelope[1], str):
                await session.send_bytes(envelope[1].encode("utf-8"))
            elif kind == "resize" and isinstance(envelope[1], dict):
                size = envelope[1]
                width = _to_int(str(size.get("width")), 80, 20, 500)
                height = _to_int(str(size.get("height")), 24, 10, 300)
                await session.set_terminal_size(width, height)
            elif kind == "ping":
                await websocket.send_json(["pong", envelope[1]])
            elif kind == "blur":
                await session.blur()
            elif kind == "focus":
                await session.focus()

    def _say(self, key: str, **params: object) -> None:
        if self.said is not None:
            self.said(key, params)

    async def stop_all(self) -> None:
        """Every session stopped (each saves as it leaves), at once."""
        await asyncio.gather(
            *(s.stop() for s in list(self.running.values())), *list(self.stopping), return_exceptions=True
        )

    async def _on_shutdown(self, app: web.Application) -> None:
        await self.stop_all()


def forbidden(lang: str) -> web.Response:
    return web.Response(status=403, text=forbidden_page(), content_type="text/html", charset="utf-8")


async def serve(server: Server, ready: Callable[[str], None]) -> None:
    """Listen and serve until SIGINT or SIGTERM, then stop every session (within seconds)."""
    runner = web.AppRunner(server.make_app(), handle_signals=False, access_log=None, shutdown_timeout=2.0)
    await runner.setup()
    site = web.TCPSite(runner, server.host, server.port)
    await site.start()
    server.bound_port = int(runner.addresses[0][1]) if runner.addresses else server.port
    host = f"[{server.host}]" if ":" in server.host else server.host
    ready(f"http://{host}:{server.bound_port}/?token={server.token}")
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        await server.stop_all()
        await runner.cleanup()
