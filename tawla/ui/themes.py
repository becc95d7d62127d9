"""tawla's colour themes (the setting :class:`~tawla.store.options.Theme`), as Textual themes."""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.theme import Theme

from tawla.store.options import Theme as ThemeName

THEMES = {
    ThemeName.CAFE: Theme(
        name="tawla-cafe",
        primary="#C8913A",
        secondary="#7A4B24",
        accent="#E3C16F",
        warning="#E0823D",
        error="#D9534F",
        success="#8FBF6A",
        foreground="#F1E6D0",
        background="#1E1712",
        surface="#2A2019",
        panel="#3A2C22",
        boost="#4A3828",
        dark=True,
    ),
    ThemeName.NIGHT: Theme(
        name="tawla-night",
        primary="#5B9BD5",
        secondary="#35506E",
        accent="#9CC8F0",
        warning="#F0B35B",
        error="#E06C75",
        success="#98C379",
        foreground="#DDE3EA",
        background="#10151C",
        surface="#18202A",
        panel="#222C38",
        boost="#2C3846",
        dark=True,
    ),
    ThemeName.DAY: Theme(
        name="tawla-day",
        primary="#8A5A2B",
        secondary="#C8A06B",
        accent="#2B6CB0",
        warning="#B24A1A",
        error="#B0282B",
        success="#2E7D32",
        foreground="#241A10",
        background="#F6EEDD",
        surface="#EFE3CC",
        panel="#E4D3B3",
        boost="#D9C39B",
        dark=False,
    ),
    ThemeName.CONTRAST: Theme(
        name="tawla-contrast",
        primary="#00AFFF",
        secondary="#9E9E9E",
        accent="#FF5FFF",
        warning="#FFE600",
        error="#FF3B3B",
        success="#00FF5F",
        foreground="#FFFFFF",
        background="#000000",
        surface="#0A0A0A",
        panel="#1C1C1C",
        boost="#2E2E2E",
        dark=True,
    ),
    ThemeName.MONO: Theme(
        name="tawla-mono",
        primary="#FFFFFF",
        secondary="#BBBBBB",
        accent="#FFFFFF",
        warning="#FFFFFF",
        error="#FFFFFF",
        success="#FFFFFF",
        foreground="#FFFFFF",
        background="#000000",
        surface="#000000",
        panel="#000000",
        boost="#000000",
        dark=True,
    ),
}


def first_theme(app: App[Any], name: ThemeName) -> None:
    """Register tawla's themes and set ``name`` before the first frame (changing it later
    re-reads every stylesheet)."""
    for theme in THEMES.values():
        app.register_theme(theme)
    theme = THEMES[name]
    if theme.dark:
        # Quietly, its colours given to the stylesheet before it is first read: the theme's
        # watcher would read every stylesheet again and restyle every widget after the first
        # read (2% of the start, tests/bench/bench_ui.py). What else the watcher does is the same as
        # for Textual's default theme, which is dark too.
        app.set_reactive(App.theme, theme.name)
        app.set_class(True, f"-theme-{theme.name}", update=False)
        app.stylesheet.set_variables(app.get_css_variables())
    else:
        app.theme = theme.name  # (a light theme also changes Textual's ANSI colours)
