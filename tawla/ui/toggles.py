"""On/off controls whose state reads without colour.

Textual's Switch tells on from off by the colour and the side of its slider, and its Checkbox
by the colour of the X in its box: with ``NO_COLOR`` (a monochrome terminal, or the
monochrome theme) both look the same either way. tawla's draw the state as a mark, a ticked
box or an empty one (``☑``/``☐``; ``[x]``/``[ ]`` in the ASCII look, for terminals without
those characters), and a Settings switch says it in a word beside the mark («نعم»/«لا» in
Arabic, the mark first in reading order: on the right). Colour still helps where there is
some (on in the theme's success colour, and bold).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.cells import cell_len
from textual.content import Content, ContentText
from textual.geometry import Size
from textual.widgets import Checkbox, Switch

if TYPE_CHECKING:
    from tawla.i18n.words import Words

MARKS: dict[bool, tuple[str, str]] = {False: ("☐", "☑"), True: ("[ ]", "[x]")}
"""The mark of an off and an on state (indexed by the state), Unicode or the ASCII look."""


def mark(on: bool, ascii_look: bool) -> str:
    """The mark of a state: a ticked box or an empty one."""
    return MARKS[ascii_look][on]


def switch_faces(words: Words, ascii_look: bool) -> tuple[str, str]:
    """What a switch shows off and on: the mark and the word, as the terminal draws them (in
    reading order: the mark on the right in Arabic), the shorter padded on the side the text
    ends so that both take the same cells."""
    said = {False: words.t("toggle.off"), True: words.t("toggle.on")}
    faces = [words.line(f"{mark(on, ascii_look)} {said[on]}") for on in (False, True)]
    width = max(cell_len(face) for face in faces)
    padded = [" " * (width - cell_len(f)) + f if words.rtl else f + " " * (width - cell_len(f)) for f in faces]
    return padded[0], padded[1]


class StateSwitch(Switch):
    """A Settings switch that shows its state as a mark and a word (see the module). Still a
    :class:`~textual.widgets.Switch`: Space and Enter toggle it, it posts ``Switch.Changed``."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"toggle-state--on", "toggle-state--off"}
    DEFAULT_CSS = """
    StateSwitch {
        padding: 0 1;
        & > .toggle-state--on { color: $text-success; text-style: bold; }
        & > .toggle-state--off { color: $foreground; text-style: not bold; }
    }
    """

    def __init__(self, value: bool, faces: tuple[str, str], *, id: str | None = None, disabled: bool = False) -> None:
        """``faces``: what it shows off and on (:func:`switch_faces`)."""
        super().__init__(value, animate=False, id=id, disabled=disabled)
        self.faces = faces

    def render(self) -> Content:
        state = "toggle-state--on" if self.value else "toggle-state--off"
        return Content(self.faces[self.value]).stylize_before(self.get_visual_style(state))

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return max(cell_len(face) for face in self.faces)


class StateCheckbox(Checkbox):
    """A check box whose box is ticked (``☑``, ``[x]``) or empty (``☐``, ``[ ]``), not an X
    told apart by its colour. Still a :class:`~textual.widgets.Checkbox`."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"toggle-state--on", "toggle-state--off"}
    DEFAULT_CSS = """
    StateCheckbox {
        & > .toggle-state--on { color: $text-success; text-style: bold; }
        & > .toggle-state--off { color: $foreground; text-style: not bold; }
    }
    """

    def __init__(
        self,
        label: ContentText,
        value: bool,
        mark_first: bool,
        *,
        ascii_look: bool,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        """``mark_first``: the box before the label (on its left; after it in Arabic, where the
        label is laid out already and the box is first in reading order on its right)."""
        super().__init__(label, value, mark_first, id=id, classes=classes)
        self.mark_first = mark_first
        self.ascii_look = ascii_look

    def render(self) -> Content:
        state = "toggle-state--on" if self.value else "toggle-state--off"
        box = Content(mark(self.value, self.ascii_look)).stylize_before(self.get_visual_style(state))
        label = self.label.pad(1, 1).stylize_before(self.get_visual_style("toggle--label"))
        return Content.assemble(box, label) if self.mark_first else Content.assemble(label, box)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        label = self.label.cell_length + 2 if self.label else 0
        return cell_len(mark(self.value, self.ascii_look)) + label
