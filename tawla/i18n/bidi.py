"""Right-to-left text for terminals that do not do it themselves.

Textual and Rich send text to the terminal in logical order with unshaped
letters; most terminals draw that as broken Arabic. This module turns text
into what the terminal should draw, line by line, in the order the
arabic-in-terminals notes prescribe:

1. **shape** (arabic-reshaper): letters take their joined forms; harakat are
   kept, the lam-alef ligature is made, the ALLAH ligature is not (a wide glyph);
2. **wrap** at the width available, measuring the shaped text, never inside what a reader
   takes as one (:func:`kept_together`: a pair in brackets, a particle and its verb, a no-break
   space);
3. **reorder** each line: the embedding levels of UAX #9 with an explicit
   paragraph direction (:mod:`tawla.i18n.uax9`, rules P2-I2), then rules L1-L4
   here: combining marks follow their base letter (L3), brackets are mirrored in
   right-to-left runs (L4, python-bidi's table), and styles follow their
   characters.

:class:`Bidi` is a Rich renderable that does all this at the width it is
given, right-aligning right-to-left paragraphs; :func:`visual` does a single
line. Text with no right-to-left letter in a left-to-right paragraph passes
through untouched.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from itertools import pairwise

from arabic_reshaper import ArabicReshaper
from bidi.mirror import MIRRORED
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.style import Style
from rich.text import Text

from tawla.i18n import hold_ltr as hold_ltr  # (the one place that keeps a unit in its order: re-exported)
from tawla.i18n import isolate_ltr as isolate_ltr
from tawla.i18n import isolate_units as isolate_units
from tawla.i18n.uax9 import levels as resolved_levels


class _Options(dict[str, str]):
    """A reshaper's configuration read once into a dict, answering what the reshaper asks of
    it (``get``, ``getboolean``) as configparser does. Asked through configparser, with its
    interpolation at every lookup, the first shaping alone took as long as parsing a
    catalog (the reshaper looks up each of its ~290 ligatures)."""

    _BOOLEAN = {"1": True, "yes": True, "true": True, "on": True, "0": False, "no": False, "false": False, "off": False}

    def getboolean(self, option: str) -> bool | None:
        value = self.get(option.lower())
        return None if value is None else self._BOOLEAN[value.lower()]


def _reshaper() -> ArabicReshaper:
    reshaper = ArabicReshaper(
        configuration={
            "delete_harakat": False,
            "shift_harakat_position": False,
            "support_ligatures": True,
            "ARABIC LIGATURE ALLAH": False,
        }
    )
    # ``configuration`` is the reshaper's public attribute (a configparser section): the same
    # values, raw (the defaults have nothing to interpolate), in a plain dict.
    section = reshaper.configuration
    reshaper.configuration = _Options(section.parser.items(section.name, raw=True))
    return reshaper


_RESHAPER = _reshaper()
_CONTROLS = frozenset("\u2066\u2067\u2068\u2069\u202a\u202b\u202c\u202d\u202e\u200e\u200f\u061c")
"""Bidi formatting characters: they steer the reordering and are then dropped, not drawn."""


@lru_cache(maxsize=1)
def _wrap_console() -> Console:
    """A console for measuring and wrapping only (made on first use: it costs a few ms)."""
    return Console(width=1000, color_system=None, legacy_windows=False, force_terminal=False)


def without_controls(text: str) -> str:
    """``text`` with the bidi formatting characters taken out (for left-to-right lines)."""
    return "".join(c for c in text if c not in _CONTROLS) if any(c in _CONTROLS for c in text) else text


def without_controls_text(text: Text) -> Text:
    """A styled :func:`without_controls`: the styles stay on their characters."""
    cuts = [i for i, c in enumerate(text.plain) if c in _CONTROLS]
    if not cuts:
        return text
    pieces = text.divide(sorted({*cuts, *(i + 1 for i in cuts)}))
    out = Text("", style=text.style, justify=text.justify, no_wrap=text.no_wrap, end=text.end)
    for piece in pieces:
        if piece.plain not in _CONTROLS:
            out.append_text(piece)
    return out


def is_rtl_char(char: str) -> bool:
    """A letter written right to left (Arabic, Hebrew, ...)."""
    return unicodedata.bidirectional(char) in ("R", "AL")


def has_rtl(text: str) -> bool:
    """Whether ``text`` holds any right-to-left letter."""
    return any(is_rtl_char(c) for c in text)


# -- shaping ---------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def shape(text: str) -> str:
    """Arabic letters in their joined (presentation) forms."""
    if not has_rtl(text):
        return text
    return str(_RESHAPER.reshape(text))


def shape_text(text: Text) -> Text:
    """Shape a styled text run by run (a run's letters join with each other)."""
    if not has_rtl(text.plain):
        return text
    out = Text(style=text.style, justify=text.justify, no_wrap=text.no_wrap, end=text.end)
    for part in _runs(text):
        out.append(shape(part.plain), part.style or None)
    return out


def _runs(text: Text) -> Iterable[Text]:
    """Pieces of ``text`` whose characters all share the same spans."""
    cuts = sorted({0, len(text), *(s.start for s in text.spans), *(s.end for s in text.spans)})
    for start, end in pairwise(cuts):
        if start >= end:
            continue
        piece = text[start:end]
        styles = [s.style for s in text.spans if s.start <= start and s.end >= end]
        piece.spans = []
        piece.style = _combine(tuple(styles)) if styles else ""
        yield piece


@lru_cache(maxsize=1024)
def _combine(styles: tuple[str | Style, ...]) -> Style:
    return Style.combine(Style.parse(s) if isinstance(s, str) else s for s in styles)


# -- levels and reordering ---------------------------------------------------------------


@lru_cache(maxsize=4096)
def embedding_levels(line: str, rtl: bool) -> tuple[int, ...]:
    """The resolved embedding level of each character (rules up to I2 of UAX #9: see
    :mod:`tawla.i18n.uax9`), then L1: separators and trailing whitespace go back to the
    paragraph level."""
    if not line:
        return ()
    levels = resolved_levels(line, rtl)
    base = 1 if rtl else 0
    trailing = True
    for i in range(len(line) - 1, -1, -1):
        kind = unicodedata.bidirectional(line[i])
        if kind in ("S", "B"):
            levels[i] = base
            trailing = True
        elif trailing and kind in ("WS", "FSI", "LRI", "RLI", "PDI", "BN"):
            levels[i] = base
        else:
            trailing = False
    # Whitespace before a separator (L1.3) goes back to the paragraph level too.
    for i, char in enumerate(line):
        if unicodedata.bidirectional(char) in ("S", "B"):
            j = i - 1
            while j >= 0 and unicodedata.bidirectional(line[j]) in ("WS", "FSI", "LRI", "RLI", "PDI", "BN"):
                levels[j] = base
                j -= 1
    return tuple(levels)


def _clusters(line: str) -> list[tuple[int, int]]:
    """(start, end) of each base character with the combining marks that follow it."""
    out: list[tuple[int, int]] = []
    for i, char in enumerate(line):
        if out and unicodedata.combining(char):
            out[-1] = (out[-1][0], i + 1)
        else:
            out.append((i, i + 1))
    return out


def visual_order(line: str, rtl: bool) -> list[int]:
    """The logical index of each character in visual order (L2 over clusters, so marks
    stay after their base: L3)."""
    levels = embedding_levels(line, rtl)
    clusters = _clusters(line)
    cluster_levels = [levels[start] for start, _ in clusters]
    order = list(range(len(clusters)))
    if cluster_levels:
        highest = max(cluster_levels)
        lowest_odd = min((lv for lv in cluster_levels if lv % 2), default=highest + 1)
        for level in range(highest, lowest_odd - 1, -1):
            i = 0
            while i < len(order):
                if cluster_levels[order[i]] >= level:
                    j = i
                    while j < len(order) and cluster_levels[order[j]] >= level:
                        j += 1
                    order[i:j] = reversed(order[i:j])
                    i = j
                else:
                    i += 1
    return [k for c in order for k in range(*clusters[c])]


def reorder_text(line: Text, rtl: bool) -> Text:
    """One line of (already shaped) styled text in visual order, brackets mirrored (L4)."""
    plain = line.plain
    if not plain or (not rtl and not has_rtl(plain)):
        return line
    levels = embedding_levels(plain, rtl)
    styles = _char_styles(line)
    out = Text(style=line.style, end=line.end, no_wrap=True)
    for i in visual_order(plain, rtl):
        char = plain[i]
        if char in _CONTROLS:
            continue
        if levels[i] % 2:
            char = MIRRORED.get(char, char)
        out.append(" " if char == NBSP else char, styles[i])
    return out


def _char_styles(text: Text) -> list[Style | None]:
    covering: list[list[str | Style]] = [[] for _ in text.plain]
    for span in text.spans:
        for i in range(span.start, min(span.end, len(covering))):
            covering[i].append(span.style)
    return [_combine(tuple(c)) if c else None for c in covering]


# -- lines and paragraphs -----------------------------------------------------------------


def visual(text: str, rtl: bool) -> str:
    """One line of plain text as the terminal must draw it."""
    if not rtl and not has_rtl(text):
        return without_controls(text)
    shaped = shape(text)
    levels = embedding_levels(shaped, rtl)
    chars = (shaped[i] if not levels[i] % 2 else MIRRORED.get(shaped[i], shaped[i]) for i in visual_order(shaped, rtl))
    return "".join(c for c in chars if c not in _CONTROLS).replace(NBSP, " ")


NBSP = "\u00a0"
"""A no-break space (bidi class CS, drawn as a space): no line ends there."""
_GLUE = {" ": "\ue000", NBSP: "\ue001"}
"""While a paragraph is wrapped, each space that must not end a line stands in for itself as a
character of the Private Use Area (one cell, not whitespace: Rich's wrapping goes past it)."""
_UNGLUE = str.maketrans({glue: space for space, glue in _GLUE.items()})
_PAIR_IN_BRACKETS = re.compile(r"[(\[][^\s()\[\]]+( )[^\s()\[\]]+[)\]]")
"""Two words in brackets: «(شيش بيش)», «(خسارة ١٫٠٨٣)», "(0.955 lost)"."""
_PARTICLE = re.compile("(?<![^\\s«(\u2066-\u2069])(?:لم|لن|لا|قد)( )")
"""A particle that governs the word after it («لم تنتهِ», «لن», «لا», «قد»): never the last
word of a line."""


def kept_together(text: str) -> str:
    """``text`` with each space that must not end a line glued (see :data:`_GLUE`): a no-break
    space, the space of a pair in brackets, the space after a particle (:data:`_PARTICLE`)."""
    glued = [i for i, c in enumerate(text) if c == NBSP]
    for pattern in (_PAIR_IN_BRACKETS, _PARTICLE):
        glued += [m.start(1) for m in pattern.finditer(text)]
    if not glued:
        return text
    chars = list(text)
    for i in glued:
        chars[i] = _GLUE[chars[i]]
    return "".join(chars)


def _wrapped(source: Text, width: int) -> list[Text]:
    """``source`` shaped and wrapped at ``width`` cells (logical order), never where
    :func:`kept_together` glues it."""
    glued = kept_together(source.plain)
    if glued != source.plain:
        source = source.copy()
        source.plain = glued
    lines = list(shape_text(source).wrap(_wrap_console(), width, justify="left", overflow="fold"))
    for line in lines:
        if any(glue in line.plain for glue in _GLUE.values()):
            line.plain = line.plain.translate(_UNGLUE)
    return lines


def layout(text: Text | str, width: int, rtl: bool, justify: str | None = None) -> list[Text]:
    """Shape, wrap at ``width`` cells, reorder: the lines to draw. Right-to-left paragraphs are
    right-aligned unless ``justify`` says "center" or "left"."""
    source = Text(text) if isinstance(text, str) else text
    width = max(1, width)
    if not rtl and not has_rtl(source.plain):
        lines = list(without_controls_text(source).wrap(_wrap_console(), width, justify="left"))
    else:
        lines = []
        for logical in _wrapped(source, width):
            logical.rstrip()
            lines.append(reorder_text(logical, rtl))
    align = justify or ("right" if rtl else "left")
    out = []
    for line in lines:
        line.rstrip()
        gap = width - line.cell_len
        if gap > 0 and align == "right":
            line = Text(" " * gap, end=line.end) + line
        elif gap > 0 and align == "center":
            line = Text(" " * (gap // 2), end=line.end) + line
        out.append(line)
    return out


class Bidi:
    """A Rich renderable drawing ``text`` right to left or left to right, at any width."""

    def __init__(self, text: Text | str, rtl: bool, justify: str | None = None) -> None:
        self.text = Text(text) if isinstance(text, str) else text
        self.rtl = rtl
        self.justify = justify

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        for line in layout(self.text, width, self.rtl, self.justify):
            yield from line.render(console)
            yield Segment.line()

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        shaped = shape_text(self.text) if has_rtl(self.text.plain) else self.text
        return Measurement.get(console, options, shaped)

    def __repr__(self) -> str:
        return f"Bidi({self.text.plain!r}, rtl={self.rtl})"


def logical_from_visual(cells: str) -> str:
    """Undo what the terminal shows for a purely right-to-left line, without trusting the
    libraries: read the cells from right to left (a cell is a letter with its marks), turn
    brackets back, and NFKC-normalise the presentation forms back to plain letters."""
    unmirror = {"(": ")", ")": "(", "[": "]", "]": "[", "{": "}", "}": "{", "<": ">", ">": "<", "«": "»", "»": "«"}
    reading = "".join(unmirror.get(cells[a:b], cells[a:b]) for a, b in reversed(_clusters(cells)))
    return unicodedata.normalize("NFKC", reading)
