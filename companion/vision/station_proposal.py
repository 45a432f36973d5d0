"""The part every camera proposal about a piece of one colour at one station shares: its two
fields and its sentence ("Red built at Ginza", "Mint drink at Ginza"). Pure: no OpenCV, no I/O."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.colors import color_name
from companion.i18n import _
from companion.metro.board import BoardMap


@dataclass(frozen=True)
class StationProposal:
    color: str
    station: str

    message: ClassVar[str]
    """The sentence (an `N_` message with {color} and {station})."""

    def color_text(self) -> str:
        return color_name(self.color)

    def text(self, board: BoardMap) -> str:
        return _(self.message).format(
            color=self.color_text(), station=board.stations[self.station].name
        )
