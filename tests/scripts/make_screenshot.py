"""Write the README's pictures: ``python -m tests.scripts.make_screenshot`` → ``assets/tawla-game.svg``
(English) and ``assets/tawla-game-ar.svg`` (Arabic).

A seeded 5-point match a few turns in, a checker picked up with its landing points shown and
the opponent's last move marked, at 120 × 40 (the larger board).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from tawla.ui.app import TawlaApp
from tawla.ui.screens.game import GameScreen

from ..helpers.waiting import screen_is, wait_until
from ..test_snapshots import midgame

ASSETS = Path(__file__).resolve().parents[2] / "assets"
OUT = {"en": ASSETS / "tawla-game.svg", "ar": ASSETS / "tawla-game-ar.svg"}


async def main() -> None:
    from tawla.store.settings import Settings

    for lang, out in OUT.items():
        match = midgame(lang)
        match.roll()
        app = TawlaApp(lang=lang, dice=match.dice, match=match, settings=Settings(bidi_checked=True))
        async with app.run_test(size=(120, 40)) as pilot:
            game = await screen_is(pilot, GameScreen)
            await pilot.press("enter")  # a checker picked up: its landing points shown
            await wait_until(
                pilot,
                lambda game=game: game.cursor is not None and game.cursor.picked is not None,
                "a checker picked up",
            )
            await pilot.pause()  # (Pilot's pause ends with the screen drawn as the game is now: the picture)
            app.save_screenshot(out.name, str(out.parent))
        # The rows hold the text as the terminal draws it (visual order): a browser must not
        # reorder the Arabic again.
        svg = out.read_text(encoding="utf-8")
        out.write_text(svg.replace("<style>", "<style>\n    text { direction: ltr; unicode-bidi: bidi-override; }", 1))
        print(f"wrote {out}")


if __name__ == "__main__":
    asyncio.run(main())
