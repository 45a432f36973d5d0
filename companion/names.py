"""How the box names a player: the roster name chosen at setup for their colour, with the
colour kept ("Ana (Red)"), else the colour's name alone, as before names existed.

One form everywhere a sentence or a row names a player: `TableNames.label`. Beside the
colour's own chip (which carries the colour and its letter) the name alone follows the chip
(`TableNames.short`), and the voice says the name alone. Pure: the names come from the saved
setup (`records.seat_names`), the translator is the caller's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from companion.colors import COLOR_NAMES
from companion.i18n import N_, _
from companion.records import seat_names

Names = Callable[[str], str]
"""A player's colour -> how they are named."""

NAMED = N_("{name} ({color})")
"""A named player with their colour: "Ana (Rojo)"."""


def _color(color: str, tr: Callable[[str], str]) -> str:
    return tr(COLOR_NAMES[color]) if color in COLOR_NAMES else color


@dataclass(frozen=True)
class TableNames:
    """The names chosen for a game's colours (colour -> name); empty: nobody named."""

    chosen: Mapping[str, str] = field(default_factory=dict)
    tr: Callable[[str], str] = _

    def label(self, color: str) -> str:
        """ "Ana (Red)" where a name was chosen, else "Red"."""
        name = self.chosen.get(color)
        if name is None:
            return _color(color, self.tr)
        return self.tr(NAMED).format(name=name, color=_color(color, self.tr))

    def short(self, color: str) -> str:
        """The name alone ("Ana"), else the colour's name: beside the colour's chip, aloud."""
        return self.chosen.get(color) or _color(color, self.tr)

    def named(self, color: str) -> bool:
        return color in self.chosen


def table_names(setup: object, tr: Callable[[str], str] = _) -> TableNames:
    """The names a saved game's setup chose (none in a game saved before names existed)."""
    return TableNames({color: name for color, (_id, name) in seat_names(setup).items()}, tr)


NOBODY = TableNames()
"""No names: every player called by their colour."""
