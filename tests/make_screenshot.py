"""Write the README's picture: ``python -m tests.make_screenshot`` → ``assets/tawla-game.svg``.

A seeded 5-point match a few turns in, a checker picked up with its landing
points shown, at 100 × 30.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from tawla.ui.app import TawlaApp

from .test_snapshots import midgame

OUT = Path(__file__).resolve().parent.parent / "assets" / "tawla-game.svg"


async def main() -> None:
    match = midgame()
    match.roll()
    app = TawlaApp(lang="en", dice=match.dice, match=match)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        app.save_screenshot(str(OUT.name), str(OUT.parent))
    print(f"wrote {OUT}")


if __name__ == "__main__":
    asyncio.run(main())
