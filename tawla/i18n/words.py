"""The words of the interface: a language, its digits, and who lays out right-to-left text.

One immutable :class:`Words` is in force at a time (the app holds it in a reactive attribute;
a screen reads it and is told when it changes). Everything a screen writes for the player goes
through it: catalog texts with their plural forms, numbers in the interface's digits, the
paragraphs and lines shaped and ordered for the terminal.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text

from tawla.i18n import RTL_LANGUAGES, isolate_ltr, isolate_rtl, isolate_units, plural_key, to_digits, tr
from tawla.i18n.bidi import Bidi, has_rtl, visual, without_controls, without_controls_text


@dataclass(frozen=True, slots=True)
class Words:
    """How tawla speaks right now (compared by value: a change of any part is a change)."""

    lang: str = "en"
    arabic_indic: bool = False
    """Numbers are written with Arabic-Indic digits (only ever in a right-to-left language)."""
    bidi_by_app: bool = True
    """tawla shapes and reorders right-to-left text itself (else the terminal does)."""

    @property
    def rtl(self) -> bool:
        """The interface reads right to left (Arabic)."""
        return self.lang in RTL_LANGUAGES

    def t(self, key: str, /, **params: object) -> str:
        """The text of a catalog key (logical order); whole-number parameters are written in
        the interface's digits."""
        values = {k: self.num(v) if isinstance(v, int) else v for k, v in params.items()}
        return tr(self.lang, key, self.arabic_indic, **values)

    def t_n(self, key: str, n: int, /, **params: object) -> str:
        """The plural form of ``key`` for ``n`` (Arabic has six), ``n`` in the interface's digits."""
        return self.t(plural_key(self.lang, key, n), n=n, **params)

    def num(self, value: int | str) -> str:
        """A number (or a text of digits, like move notation) in the interface's digits."""
        return to_digits(str(value), self.arabic_indic)

    def unit(self, text: str, digits: bool = True) -> str:
        """A left-to-right unit — a move, a roll, a Position ID, a path — read in its own order
        wherever it stands (:func:`~tawla.i18n.isolate_ltr`, in a right-to-left interface); in
        the interface's digits unless ``digits`` is False (an ID, a path: their characters are
        what they are)."""
        if digits:
            text = to_digits(text, self.arabic_indic, held=False)
        return isolate_ltr(text) if self.rtl else text

    def rtl_unit(self, text: str) -> str:
        """A unit written to be read from the right — a move «بار←٢٢», a roll ٦-١, the dice left
        (٦ ١) — in the interface's digits, kept in that order wherever it stands
        (:func:`~tawla.i18n.isolate_rtl`)."""
        return isolate_rtl(to_digits(text, self.arabic_indic, held=False))

    def decimal(self, value: float, places: int, signed: bool = False) -> str:
        """A number with ``places`` decimals (``signed``: with its sign, + or −), written as CLDR
        writes it: in Arabic-Indic digits with the Arabic decimal separator, the sign read first
        from the right, before the number (٠٫١٥٧−, drawn on its right); in Western digits as in
        English (8.17, −0.157), held left to right in an Arabic line (CLDR's Arabic with Western
        digits keeps the sign where English has it)."""
        text = (f"{value:+.{places}f}" if signed else f"{value:.{places}f}").replace("-", "\u2212")
        return self.figure(text)

    def percent(self, value: int) -> str:
        """A whole percentage: 62% (in one piece), or in Arabic-Indic digits ٦٢٪, the sign read
        after the number from the right (drawn on its left), as CLDR writes it."""
        sign = "\u066a" if self.arabic_indic else "%"
        return self.figure(f"{value}{sign}")

    def figure(self, text: str) -> str:
        """A number as :meth:`decimal` and :meth:`percent` write it (``text`` in Western digits,
        with its sign or percent sign)."""
        if self.rtl and self.arabic_indic:
            return isolate_rtl(to_digits(text, True, held=False))
        return self.unit(text)

    def units(self, text: str) -> str:
        """Left-to-right units separated by spaces — the moves of a play, a date and its time —
        in the interface's digits: each in its own order, one after the other in the reading
        order (from the right in Arabic: :func:`~tawla.i18n.isolate_units`)."""
        text = to_digits(text, self.arabic_indic, held=False)
        return isolate_units(text) if self.rtl else text

    def show(self, text: str | Text, justify: str | None = None) -> Bidi | Text:
        """A paragraph for a Static: shaped, wrapped and ordered for the terminal (right-aligned
        in Arabic unless ``justify`` is "center")."""
        if self.bidi_by_app and (self.rtl or has_rtl(text.plain if isinstance(text, Text) else text)):
            return Bidi(text, self.rtl, justify)
        out = Text(text) if isinstance(text, str) else text.copy()
        if not self.rtl:  # the isolates matter only to a terminal reordering Arabic itself
            out = without_controls_text(out)
        if justify:
            out.justify = justify  # type: ignore[assignment]
        return out

    def line(self, text: str) -> str:
        """One line of plain text (buttons, options, footer keys) as the terminal must draw it."""
        if self.bidi_by_app:
            return visual(text, self.rtl)
        return text if self.rtl else without_controls(text)

    def cut(self, text: str, width: int) -> str:
        """``text`` in at most ``width`` cells: cut at its end with "…" if longer (the end in
        reading order: on the left of an Arabic name)."""
        return cut(text, width)

    def say(self, key: str, /, justify: str | None = None, **params: object) -> Bidi | Text:
        """``show(t(key, ...))``."""
        return self.show(self.t(key, **params), justify)


def cut(text: str, width: int) -> str:
    """``text`` in at most ``width`` cells, cut at its end with "…" if longer. Counted before
    shaping: a shaped Arabic word never takes more cells than its letters (lam-alef joins
    two into one), so what fits here fits on the screen."""
    if cell_len(text) <= width:
        return text
    if width <= 1:
        return "…"[:width]
    out = ""
    for char in text:
        if cell_len(out + char) > width - 1:
            break
        out += char
    rest = text[len(out) :]
    if not rest.startswith(" ") and " " in out.strip():  # (a word would be cut: end at the one before
        head = out[: out.rstrip().rfind(" ")]  # if that keeps half the room: "فاطمة…", not "فاطمة ا…")
        if cell_len(head) >= width // 2:
            out = head
    return out.rstrip() + "…"
