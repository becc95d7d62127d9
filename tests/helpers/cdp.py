"""A small client of the Chrome DevTools protocol on aiohttp, for tests/test_serve_browser.py:
Debian's chromium-headless-shell started as the real binary (``/usr/bin/chromium-headless-shell``
is a script that does not exec: killing it would leave the browser running) in its own process
group on a port it chooses, one page driven through its websocket, the group killed at the end.
Nothing here downloads a browser."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import signal
import subprocess
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import aiohttp

BINARY = Path("/usr/lib/chromium/chromium-headless-shell")


def browser_binary() -> Path | None:
    """The real chromium-headless-shell, if installed."""
    return BINARY if BINARY.exists() else None


def latin_fonts(folder: Path) -> dict[str, str]:
    """An environment whose fontconfig knows only Latin fonts (Liberation, when installed; no
    font at all otherwise): Arabic on the page can then only come from the page's own font."""
    fonts = folder / "fonts"
    fonts.mkdir(parents=True)
    liberation = Path("/usr/share/fonts/truetype/liberation")
    if liberation.is_dir():
        for font in liberation.glob("*.ttf"):
            shutil.copy(font, fonts / font.name)
    config = folder / "fonts.conf"
    config.write_text(
        f'<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
        f"<dir>{fonts}</dir><cachedir>{folder / 'cache'}</cachedir></fontconfig>",
        encoding="utf-8",
    )
    return {"FONTCONFIG_FILE": str(config), "FONTCONFIG_PATH": str(folder)}


_PROTOTYPE = "function () { return this.prototype; }"
_ROWS = """function () {
  const buffer = this[this.length - 1].terminal.buffer.active;
  const rows = [];
  for (let y = 0; y < buffer.length; y++) rows.push(buffer.getLine(y).translateToString(true));
  return rows.join("\\n");
}"""

_CURSOR = """function () {
  const buffer = this[this.length - 1].terminal.buffer.active;
  return [buffer.cursorX, buffer.cursorY];
}"""

_CELLS = """function (view) {
  const screen = view.terminal.element.querySelector(".xterm-screen").getBoundingClientRect();
  const cell = view.terminal._core._renderService.dimensions.css.cell;
  return [screen.left, screen.top, cell.width, cell.height];
}"""


class Page:
    """One page of the browser: commands, and the events it sends (kept in order)."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.events: list[dict[str, Any]] = []
        self._next = 0
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._terminals: str | None = None
        self.client: aiohttp.ClientSession | None = None
        self.port = 0
        self._reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        async for message in self.ws:
            if message.type != aiohttp.WSMsgType.TEXT:
                continue
            data = json.loads(message.data)
            if "id" in data and data["id"] in self._waiting:
                self._waiting.pop(data["id"]).set_result(data)
            elif "method" in data:
                self.events.append(data)

    async def send(self, method: str, **params: Any) -> dict[str, Any]:
        self._next += 1
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[self._next] = future
        await self.ws.send_str(json.dumps({"id": self._next, "method": method, "params": params}))
        answer = await asyncio.wait_for(future, 60)
        if "error" in answer:
            raise RuntimeError(f"{method}: {answer['error']}")
        return answer.get("result", {})

    async def evaluate(self, expression: str) -> Any:
        result = await self.send("Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True)
        return result.get("result", {}).get("value")

    async def until(self, check: Callable[[], Any], what: str, timeout: float = 60.0) -> Any:
        """Poll an async or plain check until it is true; fail saying what was awaited."""
        deadline = time.monotonic() + timeout
        while True:
            value = check()
            if asyncio.iscoroutine(value):
                value = await value
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"waited {timeout:.0f} s for {what}")
            await asyncio.sleep(0.05)

    async def screen(self) -> str:
        """The text of the page's terminal, row by row, as xterm.js holds it: its instance found
        through the DevTools protocol (textual.js keeps it in a closure; the page exposes
        nothing), by the prototype of textual.js's terminal class, taken from the closure of the
        ``window.onresize`` it sets."""
        if self._terminals is None:
            handler = (await self.send("Runtime.evaluate", expression="window.onresize"))["result"]["objectId"]
            internal = await self.send("Runtime.getProperties", objectId=handler, ownProperties=False)
            scopes = next(p for p in internal["internalProperties"] if p["name"] == "[[Scopes]]")
            listed = await self.send("Runtime.getProperties", objectId=scopes["value"]["objectId"], ownProperties=True)
            closure = listed["result"][0]["value"]["objectId"]
            names = await self.send("Runtime.getProperties", objectId=closure, ownProperties=True)
            cls = next(p for p in names["result"] if p["name"] == "w")["value"]["objectId"]  # (textual.js's class)
            proto = await self.send("Runtime.callFunctionOn", objectId=cls, functionDeclaration=_PROTOTYPE)
            found = await self.send("Runtime.queryObjects", prototypeObjectId=proto["result"]["objectId"])
            self._terminals = found["objects"]["objectId"]
        result = await self.send(
            "Runtime.callFunctionOn", objectId=self._terminals, functionDeclaration=_ROWS, returnByValue=True
        )
        return str(result["result"]["value"])

    async def cursor(self) -> tuple[int, int]:
        """Where the terminal's cursor is (column, row): Textual puts it in the focused field."""
        await self.screen()
        result = await self.send(
            "Runtime.callFunctionOn", objectId=self._terminals, functionDeclaration=_CURSOR, returnByValue=True
        )
        column, row = result["result"]["value"]
        return int(column), int(row)

    async def call(self, function: str) -> Any:
        """``function`` called on the page's terminal object (textual.js's), its value returned."""
        await self.screen()
        result = await self.send(
            "Runtime.callFunctionOn",
            objectId=self._terminals,
            functionDeclaration=f"function () {{ return ({function})(this[this.length - 1]); }}",
            returnByValue=True,
        )
        return result["result"].get("value")

    async def drag(self, start: tuple[int, int], end: tuple[int, int], modifiers: int = 0) -> None:
        """The mouse dragged from one cell (column, row) of the terminal to another."""
        box = await self.call(_CELLS)

        def point(cell: tuple[int, int]) -> dict[str, float]:
            return {"x": box[0] + (cell[0] + 0.5) * box[2], "y": box[1] + (cell[1] + 0.5) * box[3]}

        common = {"button": "left", "modifiers": modifiers}
        await self.send("Input.dispatchMouseEvent", type="mouseMoved", **point(start), modifiers=modifiers)
        await self.send("Input.dispatchMouseEvent", type="mousePressed", clickCount=1, **point(start), **common)
        await self.send("Input.dispatchMouseEvent", type="mouseMoved", **point(end), buttons=1, modifiers=modifiers)
        await self.send("Input.dispatchMouseEvent", type="mouseReleased", clickCount=1, **point(end), **common)

    async def shows(self, check: Callable[[str], bool], what: str, timeout: float = 60.0) -> str:
        """Wait until the terminal's text passes ``check``; fail showing it."""
        deadline = time.monotonic() + timeout
        while True:
            text = await self.screen()
            if check(text):
                return text
            if time.monotonic() > deadline:
                raise AssertionError(f"waited {timeout:.0f} s for {what}; the terminal shows:\n{text}")
            await asyncio.sleep(0.05)

    @contextlib.asynccontextmanager
    async def another_tab(self, url: str) -> AsyncIterator[Page]:
        """A second tab of the same browser on ``url``, closed at the end."""
        assert self.client is not None
        created = await self.send("Target.createTarget", url=url)
        try:
            async with self.client.get(f"http://127.0.0.1:{self.port}/json/list") as answer:
                targets = await answer.json(content_type=None)
            target = next(t for t in targets if t.get("id") == created["targetId"])
            async with self.client.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=0) as ws:
                tab = Page(ws)
                try:
                    yield tab
                finally:
                    tab._reader.cancel()
        finally:
            await self.send("Target.closeTarget", targetId=created["targetId"])

    def forget_terminal(self) -> None:
        """A new page: its terminal is found again."""
        self._terminals = None

    async def key(self, key: str, code: str, vk: int, text: str = "", modifiers: int = 0) -> None:
        """A key pressed and released, as a keyboard sends it."""
        down: dict[str, Any] = {"type": "keyDown", "key": key, "code": code, "windowsVirtualKeyCode": vk}
        if modifiers:
            down["modifiers"] = modifiers
        if text:
            down["text"] = text
        await self.send("Input.dispatchKeyEvent", **down)
        await self.send("Input.dispatchKeyEvent", type="keyUp", key=key, code=code, windowsVirtualKeyCode=vk)

    async def type(self, text: str) -> None:
        """Text as a keyboard layout or an input method types it (Arabic too)."""
        await self.send("Input.insertText", text=text)


@contextlib.asynccontextmanager
async def browser(folder: Path, env: dict[str, str], size: tuple[int, int] = (1200, 760)) -> AsyncIterator[Page]:
    """chromium-headless-shell in its own process group, one page; the group killed at the end."""
    profile = folder / "profile"
    argv = [
        str(BINARY),
        "--remote-debugging-port=0",
        f"--user-data-dir={profile}",
        f"--window-size={size[0]},{size[1]}",
        "--no-sandbox",
        "--no-first-run",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
        "about:blank",
    ]
    process = subprocess.Popen(
        argv,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, **env},
        start_new_session=True,
    )
    try:
        port_file = profile / "DevToolsActivePort"
        deadline = time.monotonic() + 60
        while not (port_file.exists() and port_file.read_text().strip()):
            if process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"chromium-headless-shell did not start (status {process.poll()})")
            await asyncio.sleep(0.05)
        port = int(port_file.read_text().split()[0])
        async with aiohttp.ClientSession() as client:
            async with client.get(f"http://127.0.0.1:{port}/json/list") as answer:
                targets = await answer.json(content_type=None)
            target = next(t for t in targets if t.get("type") == "page")
            async with client.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=0) as ws:
                page = Page(ws)
                page.client, page.port = client, port
                try:
                    yield page
                finally:
                    page._reader.cancel()
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
