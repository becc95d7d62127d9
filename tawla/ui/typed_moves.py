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
==========================  ============  ==============================================

Nothing else changes: what the engine does not read is still refused with its reason.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Final

from tawla.i18n import LANGUAGES, tr
from tawla.ui.keys import ARABIC_DIGITS, ARABIC_LAYOUT

_PERSIAN_DIGITS: Final = "".join(chr(0x06F0 + i) for i in range(10))
_CHARACTERS: Final = str.maketrans(
    {ARABIC_LAYOUT["/"]: "/", "\u060c": " "}  # (ظ, and the Arabic comma)
    | {d: str(i % 10) for i, d in enumerate(ARABIC_DIGITS + _PERSIAN_DIGITS)}
)
_SWAPPED_REPEAT: Final = re.compile(r"\)(\d)\(")


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
    text = text.translate(_CHARACTERS)
    text = _words().sub(lambda m: aliases()[m.group(0).lower()], text)
    return _SWAPPED_REPEAT.sub(r"(\1)", text).strip()
