"""``tawla serve`` in a real browser, with no internet (issue 37): Debian's chromium-headless-shell
driven through the DevTools protocol (tests/helpers/cdp.py), its fontconfig knowing only Latin
fonts, so that Arabic can only come from the font the page brings. One browser, one walk:

- every request the page makes stays on the server's origin, websocket included;
- both faces of the bundled font load;
- Enter on a fresh menu opens New match (the app starts focused); typed names and Ctrl+S start a
  match in English, whose save file has those names;
- "Export a match" writes the .mat and this tab downloads it (the server serves that session's
  file to this browser only: a random key sent to this tab, and the token's cookie);
- leaving the page ends that game's process with status 0 (the server says so);
- in Arabic, n as the Arabic layout types it (ى) opens New match, Arabic names are typed, the
  match starts and is saved with them; ق (r) rolls and Space, Space moves a checker: saved;
- i (ه) shows the IDs: Shift+drag selects the Position ID, and c (ؤ) copies the pair to the
  browser's clipboard;
- Ctrl+B, named in the footer and in F1's keys instead of Ctrl+W (which the browser keeps), goes
  back to the menu;
- leaving, then "resume the last match": the match is taken up again (its lock held);
- the window made smaller: the terminal follows it and the board is drawn anew;
- a second tab meanwhile: its Resume list says the match is open in another tawla (one owner).

Screenshots are kept in the test's folder for a person to look at (never compared as pixels).
.ci/run installs chromium-headless-shell and sets TAWLA_REQUIRE_BROWSER, which makes its absence
a failure instead of a skip.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import queue
import re
import signal
import subprocess
import threading
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tawla.i18n import tr
from tawla.i18n.bidi import visual
from tawla.store.lock import try_lock

from .helpers.cdp import Page, browser, browser_binary, latin_fonts
from .test_tmux import installed_tawla

pytest.importorskip("aiohttp")
pytest.importorskip("textual_serve")

if browser_binary() is None:
    if os.environ.get("TAWLA_REQUIRE_BROWSER"):
        raise RuntimeError("chromium-headless-shell is required (TAWLA_REQUIRE_BROWSER) and is not installed")
    pytestmark = pytest.mark.skip(reason="chromium-headless-shell is not installed")

ENTER = ("Enter", "Enter", 13, "\r")
TAB = ("Tab", "Tab", 9, "\t")
SPACE = (" ", "Space", 32, " ")


def ar(key: str) -> str:
    """A catalog text as the Arabic screen shows it, read from the right."""
    return visual(tr("ar", key), rtl=True)


class Served:
    """``tawla serve`` in its own process group, its console read line by line in a thread."""

    def __init__(self, home: Path) -> None:
        self.process = subprocess.Popen(
            [*installed_tawla(), "serve", "--port", "0", "--lang", "en"],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env={**os.environ, "TAWLA_HOME": str(home)},
            start_new_session=True,
            text=True,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)

    async def line(self, what: str, check: Any) -> str:
        """The next console line for which ``check`` holds (waiting, up to a minute)."""
        loop = asyncio.get_running_loop()
        while True:
            try:
                line = await loop.run_in_executor(None, self.lines.get, True, 60)
            except queue.Empty:
                raise AssertionError(f"tawla serve never said {what}; it said: {self.seen}") from None
            self.seen.append(line)
            if check(line):
                return line

    def stop(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()


def _matches(home: Path) -> dict[tuple[str, ...], dict[str, Any]]:
    found = {}
    for path in (home / "data" / "matches").glob("*.json"):
        with contextlib.suppress(ValueError, OSError):
            data = json.loads(path.read_text(encoding="utf-8"))
            found[tuple(data["names"])] = {**data, "path": path}
    return found


def _downloaded(folder: Path) -> str:
    """The text of the finished download in ``folder`` (empty while there is none)."""
    done = [p for p in folder.glob("*.mat")] if folder.is_dir() else []
    return done[0].read_text(encoding="utf-8") if done else ""


def _events(home: Path, names: tuple[str, ...]) -> set[str]:
    """The kinds of event saved for the match of ``names``."""
    return {event[0] for event in _matches(home)[names]["events"]}


def _prose(screen: str) -> str:
    """The screen's words in one line: a dialog's sentence wraps where its file's path ends (the
    path is the test's folder), and its lines are framed by the dialog's border."""
    return " ".join(re.sub(r"[\u2500-\u259f]", " ", screen).split())


def _opening_rolls(home: Path, names: tuple[str, ...]) -> list[tuple[int, int]]:
    """The opening rolls saved for the match of ``names`` (equal dice are rolled again)."""
    return [(event[1], event[2]) for event in _matches(home)[names]["events"] if event[0] == "open"]


async def _open(page: Page, url: str, first: str) -> None:
    """The page loaded, the font in, the terminal connected and ``first`` drawn."""
    await page.send("Page.navigate", url=url)
    page.forget_terminal()
    await page.until(
        lambda: page.evaluate("document.body && document.body.classList.contains('-first-byte')"),
        f"the first screen of {url}",
    )
    await page.shows(lambda s: first in s, repr(first))


async def _leave(page: Page, served: Served) -> int:
    """The tab leaves the page: the game process ends; its exit status as the server says it."""
    await page.send("Page.navigate", url="about:blank")
    line = await served.line("that the game ended", lambda s: "a game ended" in s)
    return int(line.rsplit(" ", 1)[1].strip(")\n"))


async def _next_field(page: Page) -> None:
    """Tab from the first name, as a player types "Ali, Tab, Badr": Tab reaches the first seat's
    computer box, and a letter typed there goes on to the second name (#36), keys typed ahead
    landing where they would typed one at a time; the saved names prove where they landed."""
    await page.key(*TAB)


async def _moved(page: Page, before: tuple[int, int]) -> bool:
    return (await page.cursor())[1] != before[1]


async def _narrower(page: Page, wide: int) -> bool:
    return bool(await page.call("view => view.terminal.cols") < wide)


async def _shot(page: Page, path: Path) -> None:
    data = await page.send("Page.captureScreenshot", format="png")
    path.write_bytes(base64.b64decode(data["data"]))


async def _walk(tmp_path: Path, served: Served) -> None:
    url = (await served.line("its address", lambda s: "?token=" in s)).split()[-1]
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(url))
    home = tmp_path / "home"
    async with browser(tmp_path / "browser", latin_fonts(tmp_path / "fontconfig")) as page:
        await page.send("Network.enable")
        await page.send("Page.enable")
        await page.send("Log.enable")
        await page.send("Browser.grantPermissions", permissions=["clipboardReadWrite", "clipboardSanitizedWrite"])
        await page.send("Emulation.setFocusEmulationEnabled", enabled=True)
        try:
            requests, sockets = await _steps(page, url, home, served, tmp_path)
        except AssertionError:
            await _shot(page, tmp_path / "failure.png")  # (what the page showed: for a person)
            raise
    assert requests and sockets
    foreign = [u for u in requests if not u.startswith(origin + "/") and u != "about:blank"]
    foreign += [u for u in sockets if not u.startswith(origin.replace("http", "ws", 1) + "/")]
    assert not foreign, f"requests that left {origin}: {foreign}"


async def _steps(page: Page, url: str, home: Path, served: Served, tmp_path: Path) -> tuple[list[str], list[str]]:
    if True:
        # English: Enter on the fresh menu, two names, Ctrl+S.
        await _open(page, url.replace("?token=", "?lang=en&token="), "New match")
        faces = await page.until(
            lambda: page.evaluate(
                "document.fonts.ready.then(() => [...document.fonts].filter(f => f.status === 'loaded')"
                ".map(f => f.family + ' ' + f.weight))"
            ),
            "the page's fonts",
        )
        assert sorted(faces) == ["Roboto Mono bold", "Roboto Mono normal"], faces
        await page.key(*ENTER)
        await page.shows(lambda s: "First player" in s, "New match's form")
        await page.type("Ali")
        await page.shows(lambda s: "Ali" in s, "the first name typed")
        await _next_field(page)
        await page.type("Badr")
        await page.shows(lambda s: "Badr" in s, "the second name typed")
        await page.key("s", "KeyS", 83, modifiers=2)  # Ctrl+S
        await page.until(lambda: ("Ali", "Badr") in _matches(home), "the English match saved with its names")
        await page.shows(lambda s: "Opening roll" in s, "the board")
        await _shot(page, tmp_path / "english.png")
        # Export: the .mat is written and downloaded by this tab.
        downloads = tmp_path / "downloads"
        await page.send("Browser.setDownloadBehavior", behavior="allow", downloadPath=str(downloads))
        await page.key("p", "KeyP", 80, modifiers=2)  # Ctrl+P: the palette
        await page.type("Export a match")
        await page.shows(lambda s: "Write a match as a .mat file" in s, "the palette's export")
        await page.key(*ENTER)
        await page.shows(lambda s: "Export as .mat" in s, "the export's file name")
        await page.key(*ENTER)
        await page.shows(lambda s: "sent to this browser" in _prose(s), "the export written and sent")
        await page.until(lambda: _downloaded(downloads), "the .mat downloaded")
        assert "5 point match" in _downloaded(downloads)
        assert await _leave(page, served) == 0

        # Arabic: the Arabic layout's letters, Arabic names, a roll and a move.
        await _open(page, url.replace("?token=", "?lang=ar&token="), ar("menu.new_match"))
        await page.type("ى")  # n: a new match
        await page.shows(lambda s: ar("new.player1") in s, "New match's form in Arabic")
        await page.type("سامي")
        await page.shows(lambda s: visual("سامي", rtl=True) in s, "the first name typed")
        await _next_field(page)
        await page.type("ليلى")
        await page.shows(lambda s: visual("ليلى", rtl=True) in s, "the second name typed")
        await page.key("s", "KeyS", 83, modifiers=2)
        names = ("سامي", "ليلى")
        await page.until(lambda: names in _matches(home), "the Arabic match saved with its names")
        await page.shows(lambda s: ar("banner.opening") in s, "the board")
        for tries in range(1, 30):  # r: the opening roll, again while the two dice are equal
            await page.type("ق")
            rolled = await page.until(lambda n=tries: _opening_rolls(home, names)[n - 1 :], "the opening roll")
            if rolled[0][0] != rolled[0][1]:
                break
        your_move = visual("نقلتك", rtl=True)  # (the dice seen, as a player sees them before a move)
        await page.shows(lambda s: your_move in s, "the move's banner")
        await page.key(*SPACE)  # (pick up the checker under the cursor)
        await page.key(*SPACE)  # (put it down on its first landing point)
        await page.until(lambda: "step" in _events(home, names), "a checker moved")
        # The IDs, copied to the browser's clipboard (OSC 52, through textual.js's clipboard addon).
        saved = _matches(home)[names]["check"]
        await page.type("ه")  # i: the IDs
        await page.shows(lambda s: saved["position_id"] in s, "the Position ID shown")
        # Selected with the mouse (Shift+drag: the game takes the mouse, xterm.js selects with Shift).
        rows = (await page.screen()).split("\n")
        row = next(i for i, line in enumerate(rows) if saved["position_id"] in line)
        column = rows[row].index(saved["position_id"])
        end = column + len(saved["position_id"])  # (xterm.js selects up to the cell the mouse is let go on)
        await page.drag((column, row), (end, row), modifiers=8)
        selected = await page.call("view => view.terminal.getSelection()")
        assert selected == saved["position_id"], selected
        await page.type("ؤ")  # c: copy the pair
        await page.shows(lambda s: ar("ids.copied") in s, "the pair copied")
        copied = await page.evaluate("navigator.clipboard.readText()")
        assert copied == f"{saved['position_id']}:{saved['match_id']}", copied
        await page.key("Escape", "Escape", 27)
        board = await page.shows(lambda s: "^B" in s, "Ctrl+B in the footer")
        assert "^W" not in board  # (the browser keeps Ctrl+W: it would close the tab)
        await _shot(page, tmp_path / "arabic.png")
        await page.key("b", "KeyB", 66, modifiers=2)  # Ctrl+B: back to the menu
        await page.shows(lambda s: ar("menu.new_match") in s, "the menu after Ctrl+B")
        assert await _leave(page, served) == 0

        # Resume the last match: its lock is taken again by the new tab's tawla.
        lock_file = _matches(home)[names]["path"].with_suffix(".lock")
        await _open(page, url.replace("?token=", "?lang=ar&resume=1&token="), visual("سامي", rtl=True))

        def held() -> bool:
            lock = try_lock(lock_file)
            if lock is not None:
                lock.release()
            return lock is None

        await page.until(held, "the resumed match's lock")
        await _shot(page, tmp_path / "resumed.png")
        # F1 names Ctrl+B too, never Ctrl+W.
        await page.key("F1", "F1", 112)
        keys = await page.shows(lambda s: "Ctrl+B" in s, "Ctrl+B in the keys (F1)")
        assert "Ctrl+W" not in keys
        await page.key("Escape", "Escape", 27)
        await page.shows(lambda s: "Ctrl+B" not in s and "^B" in s, "the board again")
        # The window made smaller: the terminal follows it, and tawla draws the board anew.
        wide = await page.call("view => view.terminal.cols")
        before = await page.screen()
        await page.send("Emulation.setDeviceMetricsOverride", width=900, height=640, deviceScaleFactor=1, mobile=False)
        await page.until(lambda: _narrower(page, wide), "the terminal to follow the window")
        await page.shows(lambda s: s != before and visual("سامي", rtl=True) in s and "┌" in s, "the board redrawn")
        await _shot(page, tmp_path / "resized.png")
        # A second tab on the same data: the match has one owner, and the other tab is told.
        async with page.another_tab(url.replace("?token=", "?lang=en&token=")) as other:
            await other.until(
                lambda: other.evaluate("!!(document.body && document.body.classList.contains('-first-byte'))"),
                "the second tab's first screen",
            )
            await other.shows(lambda s: "New match" in s, "the second tab's menu")
            await other.type("c")  # the Resume list
            await other.shows(lambda s: "open in another tawla" in s, "the match said to be open in another tawla")
        line = await served.line("that the second tab's game ended", lambda s: "a game ended" in s)
        assert line.rstrip().endswith("status 0)"), line
        assert await _leave(page, served) == 0

        requests = [e["params"]["request"]["url"] for e in page.events if e["method"] == "Network.requestWillBeSent"]
        sockets = [e["params"]["url"] for e in page.events if e["method"] == "Network.webSocketCreated"]
        refused = [e["params"]["entry"]["text"] for e in page.events if e["method"] == "Log.entryAdded"]
        assert not [t for t in refused if "Content Security Policy" in t], refused  # (the page obeys its own)
    return requests, sockets


def test_the_game_in_a_browser(tmp_path: Path) -> None:
    served = Served(tmp_path / "home")
    try:
        asyncio.run(asyncio.wait_for(_walk(tmp_path, served), 240))
    finally:
        served.stop()
