"""``tawla serve`` without a browser (issue 37): the web mode of tawla (no terminal, no right-to-left
question, the end of input ends it), and the server's guards: the token, the Host and the Origin,
the session limit, the fixed list of files, and stopping it (SIGTERM, SIGKILL) with a match in play:
no orphan, no lock left, the match resumes. Loopback only; each test stops what it started.

The browser itself is tests/test_serve_browser.py.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tawla.cli.input import tr as cli_tr
from tawla.game import Match, RuleSet, SeededDice
from tawla.i18n import tr
from tawla.i18n.bidi import visual
from tawla.store.files import Paths
from tawla.store.keeper import Keeper
from tawla.store.lock import try_lock
from tawla.store.options import BidiMode
from tawla.store.settings import Preferences, Settings
from tawla.ui.app import TawlaApp
from tawla.ui.screens.menu import MenuScreen

from .helpers.waiting import WAIT, screen_is, shows
from .test_tmux import installed_tawla

aiohttp = pytest.importorskip("aiohttp")
pytest.importorskip("textual_serve")

from aiohttp import WSServerHandshakeError  # noqa: E402  (after the skip: the web extra)
from aiohttp.test_utils import TestServer  # noqa: E402

from tawla.web.server import Server  # noqa: E402


def _wait(check: object, what: str, timeout: float = WAIT) -> None:
    """Poll ``check()`` until true; fail saying what was awaited."""
    deadline = time.monotonic() + timeout
    while not check():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout:.0f} s for {what}")
        time.sleep(0.02)


def _alive(pid: int) -> bool:
    """The process exists and is not a zombie."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return False
    return state not in ("Z", "X")


# -- tawla in web mode -----------------------------------------------------------------------


async def test_in_web_mode_arabic_needs_no_question_and_is_ordered_by_tawla() -> None:
    """In a browser the font is known and xterm.js does no bidi: no right-to-left question, and
    tawla orders Arabic itself even where a terminal's answer said the terminal does it."""
    settings = Settings(preferences=Preferences(bidi=BidiMode.TERMINAL))
    app = TawlaApp(lang="ar", settings=settings, web=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await screen_is(pilot, MenuScreen)
        await shows(pilot, visual(tr("ar", "menu.new_match"), rtl=True))
        assert [type(s).__name__ for s in app.screen_stack] == ["MenuScreen"]


def test_in_web_mode_tawla_needs_no_terminal_and_ends_with_its_input(tmp_path: Path) -> None:
    """``tawla --web`` in pipes (as the server starts it): Textual's web driver's greeting, and
    when its input ends (a server that died) it leaves with status 0, the lock let go."""
    env = {**os.environ, "TAWLA_HOME": str(tmp_path), "COLUMNS": "100", "ROWS": "30"}
    game = subprocess.Popen(
        [*installed_tawla(), "--web", "--lang", "ar"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        start_new_session=True,
    )
    try:
        assert game.stdout is not None and game.stdin is not None
        first = game.stdout.readline()
        assert first == b"__GANGLION__\n", first + game.stderr.read() if game.stderr else first
        packet = game.stdout.read(5)  # (the first packet: the screen being drawn)
        assert packet[:1] in (b"D", b"M"), packet
        game.stdin.close()
        assert game.wait(timeout=WAIT) == 0
    finally:
        if game.poll() is None:
            os.killpg(game.pid, signal.SIGKILL)
            game.wait()


# -- the server's guards ---------------------------------------------------------------------


@contextlib.asynccontextmanager
async def serving(sessions: int = 4, home: Path | None = None) -> AsyncIterator[tuple[Server, str]]:
    """The server's application on a loopback port of its own; yields it and its base URL."""
    server = Server(sessions=sessions, lang="en", python=[*installed_tawla()])
    test_server = TestServer(server.make_app(), host="127.0.0.1")
    await test_server.start_server()
    server.bound_port = test_server.port  # type: ignore[assignment]
    try:
        yield server, f"http://127.0.0.1:{test_server.port}"
    finally:
        await server.stop_all()
        await test_server.close()


def _both(text: str, *keys: str) -> None:
    for lang in ("en", "ar"):
        for key in keys:
            assert tr(lang, key) in text or visual(tr(lang, key)) in text or _plain(lang, key) in text, (lang, key)


def _plain(lang: str, key: str) -> str:
    from html import escape

    from tawla.i18n import plain

    return escape(plain(tr(lang, key)))


async def test_the_token_the_host_and_the_origin_are_checked() -> None:
    async with serving() as (server, base), aiohttp.ClientSession() as client:
        token = server.token
        for url in (f"{base}/", f"{base}/?token=", f"{base}/?token={token[:-1]}x", f"{base}/?token={token}x"):
            async with client.get(url) as answer:
                assert answer.status == 403, url
                _both(await answer.text(), "web.forbidden")
        async with client.get(f"{base}/?token={token}&lang=ar&resume=1") as answer:
            assert answer.status == 200
            page = await answer.text()
            assert answer.headers["Cache-Control"] == "no-store"
            policy = answer.headers["Content-Security-Policy"]
            assert "default-src 'none'" in policy and "script-src 'self'" in policy
            assert answer.headers["Referrer-Policy"] == "no-referrer"
        assert 'lang="ar" dir="rtl"' in page and f"/ws/{token}/ar/1" in page
        assert "http:" not in page and "https:" not in page and "<script>" not in page  # (nothing from elsewhere)
        # A name a foreign page's DNS points at 127.0.0.1 (DNS rebinding), a foreign page's Origin.
        port = base.rsplit(":", 1)[1]
        async with client.get(f"{base}/?token={token}", headers={"Host": f"evil.example:{port}"}) as answer:
            assert answer.status == 403
        async with client.get(f"{base}/?token={token}", headers={"Host": "localhost:1"}) as answer:
            assert answer.status == 403
        async with client.get(f"{base}/?token={token}", headers={"Host": f"localhost:{port}"}) as answer:
            assert answer.status == 200
        ws = f"{base}/ws/{token}/en/0"
        for url, origin in (
            (ws, "http://evil.example"),
            (ws, f"http://127.0.0.1:{int(port) + 1}"),
            (f"{base}/ws/{token}x/en/0", base),
            (f"{base}/ws/{token}/fr/0", base),
            (f"{base}/ws/{token}/en/2", base),
        ):
            with pytest.raises(WSServerHandshakeError) as refused:
                await client.ws_connect(url, headers={"Origin": origin})
            assert refused.value.status in (403, 404), (url, origin)
        assert not server.running
        # Only the files the page needs; no folder listed, nothing outside.
        for name, status in (
            ("", 404),
            ("textual.js", 200),
            ("tawla.js", 200),
            ("DejaVuSansMono-tawla.woff2", 200),
            ("LICENSE-DejaVu.txt", 200),
            ("..%2F__init__.py", 404),
            ("fonts", 404),
        ):
            async with client.get(f"{base}/static/{name}") as answer:
                assert answer.status == status, name
        async with client.get(f"{base}/download/anything") as answer:
            assert answer.status == 403  # (without the page's cookie)


async def test_the_session_limit_and_a_tab_closed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Sessions=1: the second tab gets a clear page in both languages; closing the first ends its
    tawla with status 0 (it quits as asked), and the place is free again."""
    monkeypatch.setenv("TAWLA_HOME", str(tmp_path))
    async with serving(sessions=1) as (server, base), aiohttp.ClientSession() as client:
        url = f"{base}/ws/{server.token}/en/0?width=100&height=30"
        first = await client.ws_connect(url, headers={"Origin": base})
        message = await first.receive(timeout=WAIT)  # (tawla drew its first screen)
        assert message.type == aiohttp.WSMsgType.BINARY, message
        (session,) = server.running.values()
        with pytest.raises(WSServerHandshakeError) as refused:
            await client.ws_connect(url, headers={"Origin": base})
        assert refused.value.status == 503
        async with client.get(f"{base}/?token={server.token}") as answer:
            assert answer.status == 503
            _both(await answer.text(), "web.busy_title", "web.busy")
        await first.close()
        for _ in range(int(WAIT * 50)):
            if not server.running:
                break
            await asyncio.sleep(0.02)
        assert not server.running, "the session outlived its tab"
        process = session._process
        assert process is not None and process.returncode == 0
        async with client.get(f"{base}/?token={server.token}") as answer:
            assert answer.status == 200


# -- stopping the server with a match in play ------------------------------------------------


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(FileNotFoundError):
            found += [int(p) for p in (task / "children").read_text().split()]
    return found


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_stopping_the_server_leaves_no_game_and_no_lock(tmp_path: Path, sig: signal.Signals) -> None:
    """A match resumed in a tab; the server stopped (SIGTERM: it ends every session within
    seconds; SIGKILL: each session sees its input end and leaves): no tawla left, the match's
    lock free, the match there to resume."""
    paths = Paths(tmp_path / "config", tmp_path / "data")
    keeper = Keeper(paths)
    saved = keeper.start(Match(RuleSet(match_length=3), ("Ali", "علي"), SeededDice(7)))
    keeper.release()
    lock_file = paths.data / "matches" / f"{saved.id}.lock"
    env = {**os.environ, "TAWLA_HOME": str(tmp_path)}
    server = subprocess.Popen(
        [*installed_tawla(), "serve", "--port", "0", "--lang", "en"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
        start_new_session=True,
        text=True,
    )
    games: list[int] = []
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert "?token=" in line, line
        url = line.split()[-1]
        base, token = url.split("/?token=")

        async def open_tab() -> None:
            async with aiohttp.ClientSession() as client:
                ws = await client.ws_connect(f"{base}/ws/{token}/en/1?width=100&height=30", headers={"Origin": base})
                await ws.receive(timeout=WAIT)

                def held() -> bool:
                    lock = try_lock(lock_file)
                    if lock is not None:
                        lock.release()
                    return lock is None

                while not held():
                    await asyncio.sleep(0.02)
                games.extend(_children(server.pid))
                server.send_signal(sig)
                await asyncio.to_thread(server.wait, WAIT)
                with contextlib.suppress(Exception):
                    await ws.close()

        asyncio.run(asyncio.wait_for(open_tab(), WAIT))
        assert games, "no tawla was started for the tab"
        if sig == signal.SIGTERM:
            assert server.returncode == 0
        for pid in games:
            _wait(lambda pid=pid: not _alive(pid), f"tawla {pid} to end after the server's {sig.name}")
        lock = try_lock(lock_file)
        assert lock is not None, "the match's lock outlived the server"
        lock.release()
        again = Keeper(paths).open(saved.id)
        assert again is not None and again.match.names == ("Ali", "علي")
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGKILL)
        server.wait()
        for pid in games:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(pid, signal.SIGKILL)


HUNG = """
import signal, sys, time
signal.signal(signal.SIGTERM, signal.SIG_IGN)
sys.stdout.write("__GANGLION__\\n"); sys.stdout.flush()
while True:
    time.sleep(1)
"""


async def test_a_game_that_does_not_quit_is_terminated_then_killed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hung game (it ignores "quit" and SIGTERM): the tab closed, it gets SIGTERM after a few
    seconds, then SIGKILL, and is reaped; the place is free again (textual-serve waited for ever)."""
    from tawla.web import server as module

    monkeypatch.setattr(module, "QUIT_WITHIN", 0.3)
    monkeypatch.setattr(module, "TERM_WITHIN", 0.3)
    async with serving(sessions=1) as (server, base), aiohttp.ClientSession() as client:
        server.python = [sys.executable, "-c", HUNG]
        ws = await client.ws_connect(f"{base}/ws/{server.token}/en/0", headers={"Origin": base})
        for _ in range(int(WAIT * 50)):
            if server.running:
                break
            await asyncio.sleep(0.02)
        (session,) = server.running.values()
        await ws.close()
        for _ in range(int(WAIT * 50)):
            if not server.running:
                break
            await asyncio.sleep(0.02)
        assert not server.running, "the hung game was never ended"
        process = session._process
        assert process is not None and process.returncode == -signal.SIGKILL
        assert not _alive(process.pid)


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_serve_says_what_is_wrong(lang: str, tmp_path: Path) -> None:
    """A bad port, a port taken, and no web extra: one line in the player's language."""
    env = {**os.environ, "TAWLA_HOME": str(tmp_path)}
    bad = subprocess.run(
        [*installed_tawla(), "serve", "--lang", lang, "--port", "70000"], capture_output=True, text=True, env=env
    )
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1
    assert cli_tr(lang, "cli_serve.bad_port", value="70000") in bad.stderr
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        busy = subprocess.run(
            [*installed_tawla(), "serve", "--lang", lang, "--port", str(port)], capture_output=True, text=True, env=env
        )
    assert busy.returncode == 2 and busy.stderr.count("\n") == 1, busy.stderr
    assert str(port) in busy.stderr
    without = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; sys.modules['aiohttp'] = None; from tawla.cli import main; sys.exit(main())",
            "serve",
            "--lang",
            lang,
        ],
        capture_output=True,
        text=True,
        env=env,
    )
    assert without.returncode == 1 and "pip install 'tawla-backgammon[web]'" in without.stderr, without.stderr
    assert cli_tr(lang, "cli_serve.no_extra") in without.stderr


def test_the_bundled_font_draws_every_character_tawla_draws() -> None:
    """Both faces of the page's font hold every character of tawla's catalogs, code and styles,
    joined as the reshaper joins Arabic (only the alef wasla, written in code and never drawn,
    is missing from DejaVu Sans Mono itself); its licence is beside it, in the package."""
    pytest.importorskip("fontTools")
    pytest.importorskip("brotli")
    import arabic_reshaper
    from fontTools.ttLib import TTFont

    root = Path(__file__).resolve().parent.parent / "tawla"
    wanted: set[str] = set()
    for path in [*root.rglob("*.py"), *root.rglob("*.toml"), *root.rglob("*.tcss")]:
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".toml":  # (the catalogs: Arabic as it is drawn, joined)
            text += arabic_reshaper.reshape(text)
        wanted.update(c for c in text if c.isprintable())
    fonts = root / "web" / "static" / "fonts"
    for face in ("DejaVuSansMono-tawla.woff2", "DejaVuSansMono-Bold-tawla.woff2"):
        cmap = TTFont(fonts / face).getBestCmap()
        missing = {c for c in wanted if ord(c) not in cmap}
        assert missing <= {"\u0671", "\ufb50"}, (face, sorted(f"U+{ord(c):04X}" for c in missing))
    assert "Bitstream Vera" in (fonts / "LICENSE-DejaVu.txt").read_text(encoding="utf-8")


async def test_a_game_that_ends_by_itself_closes_its_tab() -> None:
    """A game that stops without a word (a crash before its first frame): the tab's socket is
    closed, so the page says the game has ended, and the place is free again."""
    async with serving(sessions=1) as (server, base), aiohttp.ClientSession() as client:
        server.python = [sys.executable, "-c", "print('__GANGLION__', flush=True); raise SystemExit(3)"]
        ws = await client.ws_connect(f"{base}/ws/{server.token}/en/0", headers={"Origin": base})
        message = await ws.receive(timeout=WAIT)
        assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSING, aiohttp.WSMsgType.CLOSED), message
        for _ in range(int(WAIT * 50)):
            if not server.running:
                break
            await asyncio.sleep(0.02)
        assert not server.running
