"""The Settings switches in a real terminal without colour (#36, item 16): the installed ``tawla``
under tmux with ``NO_COLOR=1``, each switch's state read back from the screen's text, one
switched with the keyboard and read again (the :class:`Terminal` of tests/test_tmux.py)."""

from __future__ import annotations

import re
from pathlib import Path

from tawla.i18n import tr
from tawla.store.settings import Settings
from tawla.ui.screens.settings import PREFERENCES, RULE_GROUPS

from .test_tmux import Terminal, installed_tawla, pytestmark  # noqa: F401  (the skip mark)

FACE = re.compile(r"▊ (☑ On|☐ Off) *▎")
"""A switch's face, as the terminal shows it: the mark and the word inside its border."""


def switches(screen: str) -> dict[str, str]:
    """Each switch on the screen by the setting's name (on the row above its face: the name's
    row, the help text's beside the face), with what its face says."""
    rows = screen.splitlines()
    found = {}
    for i, row in enumerate(rows):
        face = FACE.search(row)
        if face is not None and i > 0:
            name = rows[i - 1].split("▊")[0].strip()
            found[name] = face.group(1)
    return found


def test_the_settings_switches_read_without_colour(tmp_path: Path) -> None:
    defaults = Settings()
    names = [name for _, group in RULE_GROUPS for name in group] + list(PREFERENCES)
    values = {name: getattr(defaults.preferences if name in PREFERENCES else defaults.rules, name) for name in names}
    expected = {
        tr("en", f"setting.{name}"): "☑ On" if value else "☐ Off"
        for name, value in values.items()
        if isinstance(value, bool)
    }
    assert set(expected.values()) == {"☑ On", "☐ Off"}  # (both states to read)
    # Tall enough for every setting at once: nothing scrolls out of sight.
    term = Terminal(["NO_COLOR=1", *installed_tawla(), "--lang", "en"], tmp_path, width=100, height=105)
    try:
        term.wait_for(lambda s: "New match" in s, what="the menu")
        term.keys("s")
        shown = term.wait_for(lambda s: len(switches(s)) == len(expected), what=lambda: f"{len(expected)} switches")
        assert switches(shown) == expected
        cube = tr("en", "setting.cube")
        # From the page (it scrolls with the arrows), past the two openings' lists, to the cube: off.
        term.keys("Tab", "Tab", "Tab", "Space")
        after = term.wait_for(lambda s: switches(s).get(cube) == "☐ Off", what=f"{cube} switched off")
        assert switches(after) == {**expected, cube: "☐ Off"}
    finally:
        term.close()
