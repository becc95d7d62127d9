"""Make the font ``tawla serve`` bundles: DejaVu Sans Mono (Debian's fonts-dejavu-core), cut to
the characters tawla can draw, as woff2 (fontTools' subsetter, every layout feature kept: Arabic
joins through them), with its licence beside it in tawla/web/static/fonts/.

    .venv/bin/python -m tests.scripts.make_web_font [--check]

``--check``: say which characters tawla draws that the bundled font lacks (and exit 1 if any).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCE = Path("/usr/share/fonts/truetype/dejavu")
LICENCE = Path("/usr/share/doc/fonts-dejavu-core/copyright")
OUT = ROOT / "tawla" / "web" / "static" / "fonts"
FACES = {
    "DejaVuSansMono.ttf": "DejaVuSansMono-tawla.woff2",
    "DejaVuSansMono-Bold.ttf": "DejaVuSansMono-Bold-tawla.woff2",
}
RANGES = [
    (0x20, 0x7E),  # ASCII
    (0xA0, 0xFF),  # Latin-1
    (0x0600, 0x06FF),  # Arabic
    (0xFB50, 0xFDFF),  # Arabic presentation forms A (the reshaper's forms of Persian letters, ligatures)
    (0xFE70, 0xFEFF),  # Arabic presentation forms B (the joined forms tawla draws)
    (0x2000, 0x206F),  # punctuation, the bidi marks and isolates
    (0x2190, 0x21FF),  # arrows
    (0x2500, 0x259F),  # box drawing and blocks
    (0x25A0, 0x25FF),  # geometric shapes (the checkers)
]


def drawn() -> set[int]:
    """Every character of tawla's catalogs, code and style sheets, joined as the reshaper joins
    them, with the ranges above."""
    import arabic_reshaper

    found: set[int] = set()
    for low, high in RANGES:
        found.update(range(low, high + 1))
    for path in [*(ROOT / "tawla").rglob("*.py"), *(ROOT / "tawla").rglob("*.toml"), *(ROOT / "tawla").rglob("*.tcss")]:
        text = path.read_text(encoding="utf-8")
        found.update(ord(c) for c in text + arabic_reshaper.reshape(text) if ord(c) >= 0x20)
    return found


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    from fontTools.ttLib import TTFont

    wanted = drawn()
    if args.check:
        missing = set()
        for name in FACES.values():
            cmap = TTFont(OUT / name).getBestCmap()
            missing |= {c for c in wanted if c not in cmap and chr(c).isprintable()}
        source = TTFont(SOURCE / "DejaVuSansMono.ttf").getBestCmap()
        lost = sorted(c for c in missing if c in source)
        print("lost from the source:", " ".join(f"U+{c:04X}" for c in lost) or "none")
        return 1 if lost else 0
    from fontTools import subset

    for source, target in FACES.items():
        options = subset.Options()
        options.layout_features = ["*"]
        options.flavor = "woff2"
        options.name_IDs = ["*"]
        options.notdef_outline = True
        font = TTFont(SOURCE / source)
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=sorted(wanted))
        subsetter.subset(font)
        font.flavor = "woff2"
        font.save(OUT / target)
        print(target, (OUT / target).stat().st_size, "bytes", file=sys.stderr)
    text = LICENCE.read_text(encoding="utf-8")
    (OUT / "LICENSE-DejaVu.txt").write_text(
        "The fonts in this folder are subsets of DejaVu Sans Mono 2.37 (https://dejavu-fonts.github.io/),\n"
        "cut to the characters tawla draws by tests/scripts/make_web_font.py. DejaVu's changes are in\n"
        "the public domain; the glyphs from Bitstream Vera are under the licence below (the fonts keep\n"
        "the name DejaVu, never Bitstream or Vera). As Debian's fonts-dejavu-core states it:\n\n" + text,
        encoding="utf-8",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
