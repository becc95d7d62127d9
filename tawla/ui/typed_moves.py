"""A move as a player types it, in the notation the engine reads (``13/7 bar/22 6/off``).

The engine reads one notation, language-neutral (:mod:`tawla.engine.notation`). A player at an
Arabic keyboard types the same moves in their own way; this step, in the UI, turns what they
type into it:

==========================  ============  ==============================================
typed                       read as       why
==========================  ============  ==============================================
«بار», «البار»              ``bar``       the catalogs' ``typing.bar_words`` (every
                                          language's), the words on screen for the bar
«خارج», «الخارج»            ``off``       ``typing.off_words``
ظ                           ``/``         the key of ``/`` on a US keyboard types ظ on the
                                          standard Arabic (101) layout
``،`` (Arabic comma)        a space       between moves, like ``,``
``٠``–``٩``, ``۰``–``۹``    ``0``–``9``   Arabic-Indic and Persian digits
``)2(``                     ``(2)``       Arabic layouts swap the brackets' keys (X11's
                                          ``ara``: Shift+9 types ``)``, Shift+0 ``(``)
``–``, ``−`` and the like   ``-``         a dash from another keyboard or a phone; the
                                          engine reads ``13-10`` as ``13/10`` (the ``-``
                                          key types ``-`` on the Arabic layouts too)
==========================  ============  ==============================================

Nothing else changes: what the engine does not read is still refused with its reason.

:class:`MoveSuggester` completes the move being typed (Tab in the move prompt): every move of
one checker that the turn allows after the moves typed before it
(:func:`~tawla.engine.notation.checker_moves`), in the way the player is typing (Arabic-Indic
digits, «بار», ظ or ``-`` for ``/``).
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from typing import Final

from textual.suggester import Suggester

from tawla.engine.games import Turn
from tawla.engine.notation import NotationError, checker_moves, parse_turn
from tawla.engine.tavla import TavlaTurn, Variant
from tawla.i18n import LANGUAGES, tr
from tawla.ui.keys import ARABIC_DIGITS, ARABIC_LAYOUT

_PERSIAN_DIGITS: Final = "".join(chr(0x06F0 + i) for i in range(10))
DASHES: Final = "\u2010\u2011\u2012\u2013\u2014\u2212"
"""Hyphen, non-breaking hyphen, figure dash, en dash, em dash, minus sign: typed for ``-``."""
_CHARACTERS: Final = str.maketrans(
    {ARABIC_LAYOUT["/"]: "/", "\u060c": " "}  # (ظ, and the Arabic comma)
    | {d: str(i % 10) for i, d in enumerate(ARABIC_DIGITS + _PERSIAN_DIGITS)}
    | dict.fromkeys(DASHES, "-")
)
_SWAPPED_REPEAT: Final = re.compile(r"\)(\d)\(")
_BETWEEN_MOVES: Final = re.compile(r"[\s,\u060c]")


@cache
def aliases() -> dict[str, str]:
    """Every word a player may type for the bar and off, in every language: the notation's word."""
    out: dict[str, str] = {}
    for lang in LANGUAGES:
        for point in ("bar", "off"):
            for word in tr(lang, f"typing.{point}_words").split():
                out[word.lower()] = point
    return out


@cache
def _words() -> re.Pattern[str]:
    return re.compile("|".join(re.escape(w) for w in sorted(aliases(), key=len, reverse=True)), re.IGNORECASE)


def notation_from_typed(text: str) -> str:
    """``text`` as typed in the move prompt, in the notation :func:`~tawla.engine.notation.parse_play`
    reads: «بار/٢٢ ٦ظخارج» is ``bar/22 6/off``."""
    return _read(text).strip()


def _read(text: str) -> str:
    text = text.translate(_CHARACTERS)
    text = _words().sub(lambda m: aliases()[m.group(0).lower()], text)
    return _SWAPPED_REPEAT.sub(r"(\1)", text)


def _as_typed(notation: str, typed: str) -> str:
    """A piece of notation written the way ``typed`` is: with Arabic-Indic digits if it has
    some, «بار» and «خارج» if it has Arabic letters, and the ``/`` it uses (ظ or ``-``)."""
    if any(c in ARABIC_DIGITS or c in _PERSIAN_DIGITS for c in typed):
        notation = "".join(ARABIC_DIGITS[int(c)] if c.isdigit() else c for c in notation)
    if any(unicodedata.bidirectional(c) == "AL" and c.isalpha() for c in typed):
        for point in ("bar", "off"):
            notation = notation.replace(point, tr("ar", f"typing.{point}_words").split()[0])
    slash = next((c for c in reversed(typed) if c in "/-" + ARABIC_LAYOUT["/"] + DASHES), "/")
    return notation.replace("/", slash)


class MoveSuggester(Suggester):
    """What the move being typed can be: every move of one checker that ``turn`` allows once
    the moves typed before it are played, each as the whole text of the prompt (what was typed,
    then the move), in the engine's stable order (:func:`~tawla.engine.notation.checker_moves`)."""

    def __init__(self, turn: Turn) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.turn = turn

    def completions(self, value: str) -> list[str]:
        """Every completion of ``value`` (the prompt's text), longer than it, first the one shown."""
        cut = max((m.end() for m in _BETWEEN_MOVES.finditer(value)), default=0)
        head, tail = value[:cut], value[cut:]
        state = self.turn
        if notation_from_typed(head):
            try:
                state = parse_turn(
                    state.start, state.roll, notation_from_typed(head), made=state.made, variant=_variant(state)
                )
            except NotationError:
                return []  # (what is typed before does not play: Enter will say why)
        if state.complete:
            return []
        read = _read(tail).lower()
        found: list[str] = []
        for move in checker_moves(state):
            shown = _as_typed(move, value)
            if len(move) > len(read) and move.startswith(read):
                shown = tail + _as_typed(move[len(read) :], value)  # (what was typed stays as typed)
            elif not (len(shown) > len(tail) and shown.lower().startswith(tail.lower())):
                continue  # (neither the notation nor the way it is typed goes on from here)
            if head + shown not in found:
                found.append(head + shown)
        return found

    async def get_suggestion(self, value: str) -> str | None:
        found = self.completions(value)
        return found[0] if found else None


def _variant(turn: Turn) -> Variant | None:
    """The rules a Plakoto or Fevga turn is played under (None: backgammon)."""
    return turn.variant if isinstance(turn, TavlaTurn) else None
