"""Resolved embedding levels of the Unicode Bidirectional Algorithm (UAX #9), rules P2–I2.

No library the game may depend on gives the levels through a documented interface:
python-bidi documents only ``get_display`` (the visual string); its ``debug=True`` string is
Rust's debug dump of ``unicode_bidi::BidiInfo``, whose layout is no promise; and its
pure-Python module ``bidi.algorithm`` implements the 2008 algorithm (no isolates: it fails on
the FSI … PDI that every Arabic sentence with a name carries, and no bracket pairs). ICU and
FriBidi document a levels call, but only through compiled bindings the game does not ship.
So the levels are resolved here, from the character classes of :mod:`unicodedata`; the tests
check them against python-bidi's Rust implementation on every catalog line and on generated
text (``tests/test_bidi_levels.py``).

Implemented: explicit embeddings, overrides and isolates (X1–X10, depth 125), weak types
(W1–W7), paired brackets (BD16, N0, with the canonical equivalents of U+2329/U+232A), neutrals
(N1–N2), implicit levels (I1–I2). A paragraph separator ends a paragraph; every paragraph of a
line takes the paragraph level given. Characters removed by X9 (embedding controls, boundary
neutrals such as ZWJ) take the level of the character before them, as unicode-bidi does. L1–L4
are :mod:`tawla.i18n.bidi`'s. One known difference with python-bidi 0.6 (unicode-bidi 0.3): for a
bracket pair after an isolate, N0 looks back for the last strong character before the opening
bracket; unicode-bidi walks the earlier level runs each from its start and may find the first.
This module does what UAX #9 says (see the tests).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Final

from bidi.mirror import MIRRORED

MAX_DEPTH: Final = 125
"""The deepest embedding level (BD2)."""
_BRACKET_DEPTH: Final = 63
"""The most brackets BD16 keeps open."""

_EMBEDDINGS: Final = frozenset({"RLE", "LRE", "RLO", "LRO"})
_INITIATORS: Final = frozenset({"LRI", "RLI", "FSI"})
_REMOVED: Final = frozenset({"RLE", "LRE", "RLO", "LRO", "PDF", "BN"})
_EXPLICIT: Final = frozenset({"RLE", "LRE", "RLO", "LRO", "PDF", "LRI", "RLI", "FSI", "PDI"})
_NEUTRAL: Final = frozenset({"B", "S", "WS", "ON", "LRI", "RLI", "FSI", "PDI"})
_AS_R: Final = frozenset({"R", "EN", "AN"})
"""What counts as right to left next to neutrals (N0, N1)."""


def bidi_class(char: str) -> str:
    """The Bidi_Class of ``char``; an unassigned code point counts as L."""
    return unicodedata.bidirectional(char) or "L"


@lru_cache(maxsize=256)
def bracket(char: str) -> tuple[str, bool] | None:
    """(the opening bracket of its pair, whether ``char`` opens) for a paired bracket (BD14,
    BD15), else None. The pair's other half is its mirrored glyph; U+2329/U+232A pair with
    their canonical equivalents U+3008/U+3009."""
    category = unicodedata.category(char)
    if category not in ("Ps", "Pe") or bidi_class(char) != "ON" or char not in MIRRORED:
        return None
    opening = char if category == "Ps" else MIRRORED[char]
    return unicodedata.normalize("NFD", opening), category == "Ps"


def levels(text: str, rtl: bool) -> list[int]:
    """The embedding level of each character of ``text`` after rule I2, every paragraph at
    level 1 when ``rtl`` (0 otherwise)."""
    base = 1 if rtl else 0
    kind_of = unicodedata.bidirectional
    classes = [kind_of(c) or "L" for c in text]
    out = [base] * len(text)
    present = set(classes)
    if "B" in present:
        start = 0
        for i, kind in enumerate(classes):
            if kind == "B":
                _paragraph(text, classes, out, start, i + 1, base, present)
                start = i + 1
        if start < len(text):
            _paragraph(text, classes, out, start, len(text), base, present)
    elif text:
        _paragraph(text, classes, out, 0, len(text), base, present)
    if not present.isdisjoint(_REMOVED):
        for i, kind in enumerate(classes):
            if kind in _REMOVED:
                out[i] = out[i - 1] if i else base
    return out


def _paragraph(
    text: str, classes: list[str], levels: list[int], start: int, end: int, base: int, present: set[str]
) -> None:
    """Fill ``levels[start:end]`` for one paragraph (``present``: the classes in the line)."""
    if present.isdisjoint(_REMOVED):
        kept = list(range(start, end))
    else:
        kept = [i for i in range(start, end) if classes[i] not in _REMOVED]
    if not kept:
        return
    if present.isdisjoint(_EXPLICIT):  # (one level, one isolating run sequence)
        _resolve(text, classes, classes, levels, levels, kept, kept, None, base)
        return
    types = classes[:]  # (only [start:end] is used)
    matching = _matching_pdis(classes, start, end)
    _explicit(classes, types, levels, matching, start, end, base)
    position = {i: k for k, i in enumerate(kept)}
    explicit = levels[:]  # (sos and eos compare the levels before I1–I2 change them)
    for sequence in _isolating_run_sequences(classes, levels, matching, kept):
        _resolve(text, classes, types, explicit, levels, sequence, kept, position, base)


def _matching_pdis(classes: list[str], start: int, end: int) -> dict[int, int]:
    """BD9: the matching PDI of each isolate initiator that has one."""
    matching: dict[int, int] = {}
    open_initiators: list[int] = []
    for i in range(start, end):
        kind = classes[i]
        if kind in _INITIATORS:
            open_initiators.append(i)
        elif kind == "PDI" and open_initiators:
            matching[open_initiators.pop()] = i
    return matching


def _first_strong(classes: list[str], matching: dict[int, int], start: int, end: int) -> str | None:
    """P2: "L" or "R" for the first strong character in [start, end), skipping isolates."""
    i = start
    while i < end:
        kind = classes[i]
        if kind == "L":
            return "L"
        if kind in ("R", "AL"):
            return "R"
        if kind in _INITIATORS:
            i = matching.get(i, end)
        i += 1
    return None


def _explicit(
    classes: list[str], types: list[str], levels: list[int], matching: dict[int, int], start: int, end: int, base: int
) -> None:
    """X1–X8: explicit levels and directions; overridden characters take the override's class."""
    stack: list[tuple[int, str | None, bool]] = [(base, None, False)]  # (level, override, isolate)
    overflow_isolates = overflow_embeddings = valid_isolates = 0
    for i in range(start, end):
        kind = classes[i]
        level, override, _ = stack[-1]
        if kind in _EMBEDDINGS:  # X2–X5
            new = (level + 1) | 1 if kind[0] == "R" else (level + 2) & ~1
            if new <= MAX_DEPTH and not overflow_isolates and not overflow_embeddings:
                stack.append((new, {"RLO": "R", "LRO": "L"}.get(kind), False))
            elif not overflow_isolates:
                overflow_embeddings += 1
        elif kind in _INITIATORS:  # X5a–X5c
            levels[i] = level
            if override:
                types[i] = override
            closing = matching.get(i, end)
            rtl = kind == "RLI" or (kind == "FSI" and _first_strong(classes, matching, i + 1, closing) == "R")
            new = (level + 1) | 1 if rtl else (level + 2) & ~1
            if new <= MAX_DEPTH and not overflow_isolates and not overflow_embeddings:
                valid_isolates += 1
                stack.append((new, None, True))
            else:
                overflow_isolates += 1
        elif kind == "PDI":  # X6a
            if overflow_isolates:
                overflow_isolates -= 1
            elif valid_isolates:
                overflow_embeddings = 0
                while not stack[-1][2]:
                    stack.pop()
                stack.pop()
                valid_isolates -= 1
            level, override, _ = stack[-1]
            levels[i] = level
            if override:
                types[i] = override
        elif kind == "PDF":  # X7
            if overflow_isolates:
                pass
            elif overflow_embeddings:
                overflow_embeddings -= 1
            elif not stack[-1][2] and len(stack) >= 2:
                stack.pop()
        elif kind == "B":  # X8
            levels[i] = base
        elif kind != "BN":  # X6
            levels[i] = level
            if override:
                types[i] = override


def _isolating_run_sequences(
    classes: list[str], levels: list[int], matching: dict[int, int], kept: list[int]
) -> list[list[int]]:
    """X10 (BD13): the level runs of the kept characters, chained from each isolate initiator
    to its matching PDI."""
    runs: list[list[int]] = []
    for i in kept:
        if runs and levels[runs[-1][-1]] == levels[i]:
            runs[-1].append(i)
        else:
            runs.append([i])
    starting_with = {run[0]: run for run in runs}
    continuations = {id(starting_with[p]) for p in matching.values() if p in starting_with}
    sequences = []
    for run in runs:
        if id(run) in continuations and classes[run[0]] == "PDI":
            continue
        sequence = list(run)
        while classes[sequence[-1]] in _INITIATORS and sequence[-1] in matching:
            following = starting_with.get(matching[sequence[-1]])
            if following is None:
                break
            sequence.extend(following)
        sequences.append(sequence)
    return sequences


def _resolve(
    text: str,
    classes: list[str],
    types: list[str],
    explicit: list[int],
    levels: list[int],
    seq: list[int],
    kept: list[int],
    position: dict[int, int] | None,
    base: int,
) -> None:
    """W1–W7, N0–N2 and I1–I2 on one isolating run sequence (``explicit``: the levels of
    X1–X8; ``kept``: the paragraph's characters that X9 keeps; ``position``: where each
    stands in it, None when the sequence is the whole paragraph)."""
    level = explicit[seq[0]]
    if position is None:
        sos = eos = "R" if level % 2 else "L"
    else:
        before = position[seq[0]] - 1
        sos = "R" if max(level, explicit[kept[before]] if before >= 0 else base) % 2 else "L"
        after = position[seq[-1]] + 1
        if classes[seq[-1]] in _INITIATORS or after >= len(kept):
            eos = "R" if max(level, base) % 2 else "L"
        else:
            eos = "R" if max(level, explicit[kept[after]]) % 2 else "L"
    ts = [types[i] for i in seq]
    n = len(ts)
    present = set(ts)
    # W1: a mark takes the class of what precedes it (neutral after an isolate initiator or PDI);
    # W2: European digits after Arabic letters are Arabic numbers; W3: AL is R.
    if not present.isdisjoint(("NSM", "EN", "AL")):
        previous = strong = sos
        for k in range(n):
            t = ts[k]
            if t == "NSM":
                t = "ON" if k and classes[seq[k - 1]] in ("LRI", "RLI", "FSI", "PDI") else previous
            previous = t
            if t in ("L", "R", "AL"):
                strong = t
            elif t == "EN" and strong == "AL":
                t = "AN"
            ts[k] = "R" if t == "AL" else t
        present = set(ts)
    if not present.isdisjoint(("ES", "ET", "CS")):
        # W4: one separator between two numbers of a kind.
        for k in range(1, n - 1):
            t = ts[k]
            if t == "ES" and ts[k - 1] == "EN" == ts[k + 1]:
                ts[k] = "EN"
            elif t == "CS" and ts[k - 1] == ts[k + 1] and ts[k - 1] in ("EN", "AN"):
                ts[k] = ts[k - 1]
        # W5: terminators next to European digits; W6: other separators and terminators are neutral.
        k = 0
        while k < n:
            if ts[k] == "ET":
                j = k
                while j < n and ts[j] == "ET":
                    j += 1
                if (k and ts[k - 1] == "EN") or (j < n and ts[j] == "EN"):
                    ts[k:j] = ["EN"] * (j - k)
                k = j
            else:
                k += 1
        for k in range(n):
            if ts[k] in ("ES", "ET", "CS"):
                ts[k] = "ON"
    # W7: European digits after left-to-right text are L.
    if "EN" in ts:
        strong = sos
        for k in range(n):
            t = ts[k]
            if t in ("L", "R"):
                strong = t
            elif t == "EN" and strong == "L":
                ts[k] = "L"
    embedding = "R" if level % 2 else "L"
    if "ON" in ts:
        _brackets(text, classes, seq, ts, sos, embedding)
    # N1, N2: neutrals between text of one direction take it, the others the embedding direction.
    k = 0
    while k < n:
        if ts[k] in _NEUTRAL:
            j = k
            while j < n and ts[j] in _NEUTRAL:
                j += 1
            left = sos if k == 0 else ("R" if ts[k - 1] in _AS_R else "L")
            right = eos if j == n else ("R" if ts[j] in _AS_R else "L")
            ts[k:j] = [left if left == right else embedding] * (j - k)
            k = j
        else:
            k += 1
    # I1, I2.
    for k, i in enumerate(seq):
        t = ts[k]
        if level % 2 == 0:
            if t == "R":
                levels[i] = level + 1
            elif t in ("AN", "EN"):
                levels[i] = level + 2
        elif t in ("L", "EN", "AN"):
            levels[i] = level + 1


def _brackets(text: str, classes: list[str], seq: list[int], ts: list[str], sos: str, embedding: str) -> None:
    """BD16 and N0: a pair of brackets takes the direction of what it encloses."""
    pairs: list[tuple[int, int]] = []
    opened: list[tuple[str, int]] = []
    for k, i in enumerate(seq):
        if ts[k] != "ON":
            continue
        found = bracket(text[i])
        if found is None:
            continue
        key, opens = found
        if opens:
            if len(opened) == _BRACKET_DEPTH:
                break
            opened.append((key, k))
        else:
            for depth in range(len(opened) - 1, -1, -1):
                if opened[depth][0] == key:
                    pairs.append((opened[depth][1], k))
                    del opened[depth:]
                    break
    if not pairs:
        return
    pairs.sort()
    opposite = "L" if embedding == "R" else "R"
    for o, c in pairs:
        inside = {("R" if t in _AS_R else "L") for t in ts[o + 1 : c] if t == "L" or t in _AS_R}
        if embedding in inside:
            direction = embedding
        elif opposite in inside:
            context = sos
            for t in reversed(ts[:o]):
                if t == "L" or t in _AS_R:
                    context = "R" if t in _AS_R else "L"
                    break
            direction = opposite if context == opposite else embedding
        else:
            continue
        for k in (o, c):
            ts[k] = direction
            j = k + 1
            while j < len(seq) and classes[seq[j]] == "NSM":
                ts[j] = direction
                j += 1
