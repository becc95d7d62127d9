"""Textual's Footer, speaking the player's language.

Binding descriptions in tawla are catalog keys (``key.roll``); this footer
shows their text in the current language. Textual's own bindings (the command
palette) are looked up under ``textual.<description>``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Static

from tawla.i18n.words import Words
from tawla.ui.compat import FooterKey, bindings_ready, key_disabled, on_behalf_of, set_key_disabled


def textual_key(description: str) -> str:
    """The catalog key of one of Textual's own texts (a binding's description, a tooltip):
    ``"Dismiss menu"`` is ``textual.dismiss_menu``."""
    return "textual." + re.sub(r"[^a-z0-9]+", "_", description.lower()).strip("_")


def describe(app: object, description: str) -> str:
    """The text of a binding description (a catalog key, or one of Textual's own: see
    :func:`textual_key`) in the app's words (its reactive ``words``; an app without them shows
    the description as it is)."""
    words: Words | None = getattr(app, "words", None)
    if words is None or not description:
        return description
    key = description if description.startswith("key.") else textual_key(description)
    text = words.t(key)
    if text == key:
        return description
    return words.line(text)


class MirroredFooterKey(FooterKey):
    """A footer key for right-to-left screens: the description on the left, the key on its
    right, so that the pair reads key first from the right."""

    def render(self) -> Text:
        key_style = self.get_component_rich_style("footer-key--key")
        description_style = self.get_component_rich_style("footer-key--description")
        padding = self.get_component_styles("footer-key--key").padding
        key = (" " * padding.right + self.key_display + " " * padding.left, key_style)
        if self.description:
            text = Text.assemble((" " + self.description + " ", description_style), key)
        else:
            text = Text.assemble(key)
        text.stylize_before(self.rich_style)
        return text


def mirrored(key: FooterKey, compact: object) -> MirroredFooterKey:
    """The right-to-left twin of a footer key."""
    twin = MirroredFooterKey(
        key.key,
        key.key_display,
        key.description,
        key.action,
        disabled=key_disabled(key),
        tooltip=str(key.tooltip or ""),
        classes=" ".join(key.classes),
    )
    twin.data_bind(compact=compact)
    return twin


class TawlaFooter(Footer):
    """A Footer whose key descriptions come from the catalogs.

    A screen may give some bindings a description that changes with the moment
    (``describe_action``); :meth:`refresh_keys` updates those in place,
    without rebuilding the footer.

    It shows only keys that fit whole (:meth:`fit_keys`): Textual's footer scrolls the keys
    that do not fit under the command palette's key, which drew half a label at its edge
    (``F1 K``, ``^P CommandsF``). The keys of every screen that do not fit (F1, Ctrl+Q) are in
    the help and the palette; the screen's own keys that do not fit (the book's E, M, D at 80
    columns, #36) go on a second line under the first, which the footer has only then.

    It shows the keys of the screen that hears them (:attr:`listening`): its own screen's, or
    those of a dialog over it. A dialog is drawn over its screen, whose footer shows through;
    the keys then go to the dialog (Textual looks a key up from the dialog, never from the
    screen under it), and the footer says which (a result card's ^W, F1…), not the game's.
    """

    @property
    def listening(self) -> Screen[object]:
        """The screen the keys go to: this footer's, or the dialog (a modal screen) on top of it."""
        screen = self.screen
        try:
            top = self.app.screen
        except Exception:  # (no screen stack: the app is starting or leaving)
            return screen
        return top if top is not screen and top.is_modal and screen in self.app.screen_stack else screen

    def _live(self, key: FooterKey) -> str:
        live = getattr(self.listening, "describe_action", None)
        description = live(key.action) if live is not None else None
        return self._padded(describe(self.app, description or key.description), description)

    def _padded(self, text: str, description: str | None) -> str:
        """A live description as wide as its widest twin (the screen's ``SAME_WIDTH``): the key
        then changes in place at every key press, without laying out the screen again."""
        twins: tuple[str, ...] = next(
            (group for group in getattr(self.listening, "SAME_WIDTH", ()) if description in group), ()
        )
        if not twins:
            return text
        width = max(cell_len(describe(self.app, twin)) for twin in twins)
        gap = " " * (width - cell_len(text))
        return gap + text if self.has_class("-rtl") else text + gap

    DEFAULT_CSS = """
    TawlaFooter.-rtl { align-horizontal: right; }
    TawlaFooter.-rtl FooterKey { margin: 0 0 0 1; }
    TawlaFooter.-rtl FooterKey.-command-palette {
        dock: left;
        border-left: none;
        border-right: vkey $foreground 20%;
        padding: 0 1 0 0;
        margin: 0;
    }
    TawlaFooter .-spill { dock: bottom; width: 100%; height: 1; padding: 0 1; display: none; }
    TawlaFooter.-rtl .-spill { text-align: right; }
    """

    def compose(self) -> ComposeResult:
        words: Words | None = getattr(self.app, "words", None)
        rtl = words is not None and words.rtl
        self.set_class(rtl, "-rtl")
        keys: list[Widget] = []
        listening = self.listening
        shown = getattr(listening, "footer_state", None)
        for widget in super().compose() if listening is self.screen else self._keys_of(listening):
            if isinstance(widget, FooterKey) and shown is not None and shown(widget.action) is False:
                continue  # (a key that is heard, but can do nothing now: see GameScreen.footer_state)
            if isinstance(widget, FooterKey):
                if self.compact:  # (as its binding to the footer's ``compact`` would make it once
                    widget.add_class("-compact", update=False)  # mounted: styled once, not twice)
                widget.description = self._live(widget)
                if widget.tooltip:
                    widget.tooltip = describe(self.app, str(widget.tooltip))
                if rtl:
                    widget = mirrored(widget, Footer.compact)
            keys.append(widget)
        if rtl:  # the first key sits at the right edge, the command palette at the left
            keys.reverse()
        yield from keys
        if keys:  # (none until the screen has told its keys)
            yield Static(classes="-spill")  # (the screen's own keys that do not fit: see fit_keys)

    _recompose_asked = False
    """A recompose is on its way (asked for by the screen's signal, it runs after the next
    refresh): it composes the keys as they are then."""

    def bindings_changed(self, screen: Screen[Any]) -> None:
        """Textual's ``Footer.bindings_changed``, asking for one recompose at a time: a screen
        signals its keys many times for one change (four times as a dialog closes), and each
        signal composed and mounted every key again, after the same refresh, from the same
        keys; the one asked for composes them as they are once it runs, after every signal
        before it (a signal once it has begun asks for another)."""
        bindings_ready(self, True)
        if self._recompose_asked or not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self._recompose_asked = True
            self.call_after_refresh(self.recompose)

    async def recompose(self) -> None:
        self._recompose_asked = False
        if not self.is_attached:
            return
        widgets = list(self.compose())
        if self._shows(widgets):
            return  # (the same keys: the screen's bindings were told again, and nothing changed)
        async with self.batch():  # (the keys that do not fit never drawn, not even for a frame)
            if not await self._patched(widgets):
                await super().recompose()
            self.fit_keys()

    async def _patched(self, widgets: list[Widget]) -> bool:
        """Show the keys ``widgets`` (as composed) by taking away the keys shown that are not among
        them and mounting those that are new, in their places; False (nothing done) unless both
        are keys and the line of those that do not fit. A turn shows or hides a key or two of the
        game's (a roll, a confirm: ``footer_state``) at every step: mounting every key again cost
        a quarter of a whole game's CPU in the tests."""
        shown = list(self.children)
        old = [w for w in shown if isinstance(w, FooterKey)]
        new = [w for w in widgets if isinstance(w, FooterKey)]
        if not old or not new or len(shown) != len(old) + 1 or len(widgets) != len(new) + 1:
            return False
        spill = shown[-1]
        if not (_is_spill(spill) and _is_spill(widgets[-1])):
            return False
        kept: list[FooterKey | None] = []
        at = 0
        for key in new:  # (the keys shown that stay, in order; None for a key to mount)
            found = next((i for i in range(at, len(old)) if _same_key(old[i], key)), None)
            kept.append(None if found is None else old[found])
            at = at if found is None else found + 1
        staying = {id(key) for key in kept if key is not None}
        gone = [key for key in old if id(key) not in staying]
        if gone:
            await self.remove_children(gone)
        for i, key in enumerate(new):
            if kept[i] is None:
                await self.mount(key, before=next((k for k in kept[i + 1 :] if k is not None), spill))
        return True

    def _shows(self, widgets: list[Widget]) -> bool:
        """Whether the footer already shows exactly these keys, each as composed: the same
        kind, key, text, action, state, tooltip and classes, in the same order. A screen tells
        its footer its keys again at every change of focus or state, mostly with nothing
        changed: composing them again cost most of a screen's work (fitting the keys in is
        then the same too: the same keys, and the width a resize refits). The ``-compact`` class
        is left out: a key takes it once mounted, from the footer's ``compact`` as composed."""
        shown = list(self.children)
        if len(shown) != len(widgets):
            return False
        for old, new in zip(shown, widgets, strict=True):
            if _is_spill(old) and _is_spill(new):
                continue  # (the line of the keys that do not fit: fit_keys fills it)
            if not (isinstance(old, FooterKey) and isinstance(new, FooterKey) and _same_key(old, new)):
                return False
        return True

    def on_mount(self) -> None:
        self.fit_keys()

    async def show_keys(self) -> None:
        """Compose the keys of its screen now, without waiting for the screen's signal that its
        bindings changed (the screen was just composed again: see ``Localized.rebuild``)."""
        if self.is_attached:
            bindings_ready(self, True)
            with on_behalf_of(self):  # (Footer binds each key's ``compact`` to the footer)
                await self.recompose()

    def fit_keys(self) -> None:
        """Show the keys that fit whole beside the command palette's key, in the screen's order
        (the first ones matter most: from the right in Arabic): a key too wide for the room
        left is hidden and the next ones are tried; the others never show in part."""
        if not self.is_attached:
            return  # (its screen rebuilt meanwhile: the new footer fits its own keys)
        width = self.size.width or self.app.size.width  # (before its first layout: as wide as the screen)
        every = [child for child in self.children if isinstance(child, FooterKey)]
        keys = [key for key in every if not key.has_class("-command-palette")]
        room = width - sum(_outer_width(child) for child in every if child.has_class("-command-palette"))
        rtl = self.has_class("-rtl")
        spilled: list[FooterKey] = []
        for key in reversed(keys) if rtl else keys:
            need = _outer_width(key)
            key.display = need <= room
            if key.display:
                room -= need
            elif not key.action.startswith("app."):  # (the screen's own: F1, Ctrl+Q are everywhere)
                spilled.append(key)
        self._spill(spilled, width, rtl)

    def _spill(self, keys: list[FooterKey], width: int, rtl: bool) -> None:
        """The screen's own keys that did not fit, on the footer's second line (in their order,
        from the right in Arabic), as many as fit whole; no second line when there are none."""
        line = next(iter(self.query(".-spill").results(Static)), None)
        if line is None:
            return
        pieces: list[Text] = []
        room = width - 2  # (its padding)
        for key in keys:
            piece = (
                Text.assemble((key.description + " ", ""), (key.key_display, "bold"))
                if rtl
                else Text.assemble((key.key_display, "bold"), (" " + key.description, ""))
            )
            if piece.cell_len + (2 if pieces else 0) > room:
                break
            room -= piece.cell_len + (2 if pieces else 0)
            pieces.append(piece)
        if rtl:
            pieces.reverse()
        line.update(Text("  ").join(pieces))
        line.display = bool(pieces)
        self.styles.height = 2 if pieces else 1

    def _keys_of(self, screen: Screen[object]) -> Iterator[Widget]:
        """The keys a dialog hears, as Textual's Footer shows a screen's (``Footer.compose``, which
        reads only the footer's own screen): each shown action once, the command palette's key
        last."""
        if not bindings_ready(self):  # (the screen has told it its keys once)
            return
        active = screen.active_bindings
        actions: dict[str, tuple[Binding, bool, str]] = {}
        for _, binding, enabled, tooltip in active.values():
            if binding.show:
                actions.setdefault(binding.action, (binding, enabled, tooltip))
        for binding, enabled, tooltip in actions.values():
            yield FooterKey(
                binding.key,
                self.app.get_key_display(binding),
                binding.description,
                binding.action,
                disabled=not enabled,
                tooltip=tooltip,
            ).data_bind(compact=Footer.compact)
        palette = active.get(self.app.COMMAND_PALETTE_BINDING)
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE and palette is not None:
            _, binding, enabled, _ = palette
            yield FooterKey(
                binding.key,
                self.app.get_key_display(binding),
                binding.description,
                binding.action,
                classes="-command-palette",
                disabled=not enabled,
                tooltip=binding.tooltip or binding.description,
            )

    def _show_first_keys(self) -> None:
        """When the keys do not all fit, a right-to-left footer drops the last ones, on its left."""
        if self.has_class("-rtl"):
            self.scroll_to(x=self.max_scroll_x, animate=False, immediate=True)

    def watch_virtual_size(self) -> None:
        self.call_after_refresh(self._show_first_keys)

    def on_resize(self) -> None:
        self.fit_keys()
        self.call_after_refresh(self._show_first_keys)

    def refresh_keys(self, enabled: dict[str, bool | None]) -> None:
        """Update the keys in place: greyed out or not, and their live descriptions.

        A FooterKey keeps its greyed-out state in ``_disabled`` (read by its click handler) with
        no public setter: setting it here, with the class that draws it, spares rebuilding the
        whole footer at every key (which costs a frame: see tests/bench/bench_ui.py)."""
        if self.listening is not self.screen:
            return  # (the keys shown are a dialog's: its screen's states say nothing of them)
        live = getattr(self.screen, "describe_action", None)
        for key in self.query(FooterKey):
            changed = relayout = False
            if key.action in enabled:
                disabled = enabled[key.action] is not True
                if disabled != key_disabled(key):
                    set_key_disabled(key, disabled)
            description = live(key.action) if live is not None else None
            if description is not None:
                text = self._padded(describe(self.app, description), description)
                if text != key.description:
                    relayout = relayout or cell_len(text) != cell_len(key.description)
                    key.description = text
                    changed = True
            if changed:
                key.refresh(layout=relayout)
                if relayout:
                    self.fit_keys()


_COMPACT = frozenset({"-compact"})


def _is_spill(widget: Widget) -> bool:
    return type(widget) is Static and widget.has_class("-spill")


def _same_key(old: FooterKey, new: FooterKey) -> bool:
    """The same key, shown the same: kind, key, text, action, state, tooltip and classes (the
    ``-compact`` class left out: a key takes it once mounted, from the footer's ``compact``)."""
    return (
        type(old) is type(new)
        and (old.key, old.key_display, old.description, old.action, key_disabled(old), old.tooltip)
        == (new.key, new.key_display, new.description, new.action, key_disabled(new), new.tooltip)
        and set(old.classes) - _COMPACT == set(new.classes) - _COMPACT
    )


def _outer_width(widget: Widget) -> int:
    """The cells ``widget`` takes in a row: its content, padding, border and margins."""
    styles = widget.styles
    return widget.get_content_width(Size(0, 0), Size(0, 0)) + styles.gutter.width + styles.margin.width
