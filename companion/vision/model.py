"""What the camera reads: pieces in board mm, and a frame's reading with its timings."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.metro.board import BoardMap, Square
from companion.metro.state import MetroState

MEEPLE = "meeple"
PYRAMID = "pyramid"
DRINK = "drink"
PROPOSAL_CONFIDENCE = 0.3
"""Pieces read with less confidence reach no proposal (`proposals.proposals`' default)."""
RECONCILE_DOUBT = 0.6
"""Calls read with less confidence are doubtful: the game's `proposals.reconcile` settles them."""
"""METRO DRINKS: a drink (a vending machine) beside a station's pyramid; its colour is the
drink's, its place the station."""

# Physical pieces (mm). The reader's size expectations and the renderer share these.
PYRAMID_BASE_MM = 13.0
PYRAMID_HEIGHT_MM = 13.0
MEEPLE_LENGTH_MM = 15.0
MEEPLE_DEPTH_MM = 7.5
MEEPLE_HEIGHT_MM = 16.0
DRINK_DIAMETER_MM = 10.0
DRINK_HEIGHT_MM = 16.0


@dataclass(frozen=True)
class PieceSizes:
    """A printing of the pieces, for the renderer (the reader measures its own)."""

    pyramid_base_mm: float = PYRAMID_BASE_MM
    pyramid_height_mm: float = PYRAMID_HEIGHT_MM
    meeple_length_mm: float = MEEPLE_LENGTH_MM
    meeple_depth_mm: float = MEEPLE_DEPTH_MM
    meeple_height_mm: float = MEEPLE_HEIGHT_MM
    drink_diameter_mm: float = DRINK_DIAMETER_MM
    drink_height_mm: float = DRINK_HEIGHT_MM


TOY_SIZES = PieceSizes()
"""The small pieces the first renders used."""
REAL_SIZES = PieceSizes(18.0, 17.0, 16.0, 8.0, 18.0)
"""The game's wooden pieces: pyramids about 18 mm across, meeples about 16 x 18 mm."""


@dataclass(frozen=True)
class Piece:
    kind: str
    color: str
    x_mm: float
    y_mm: float
    square: Square | None = None
    station: str | None = None
    confidence: float = 1.0
    whole_mm: tuple[float, float] | None = field(default=None, compare=False, repr=False)
    """A dark meeple's place as its whole blob gives it, its shadow on the paper in, where its
    own outline's (`x_mm`, `y_mm`) differs: what a pyramid's place is measured on."""

    @property
    def place(self) -> str:
        if self.station is not None:
            return self.station
        return f"[{self.square[0]},{self.square[1]}]" if self.square is not None else "?"

    def key(self) -> tuple[str, str, str]:
        return (self.kind, self.color, self.place)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "color": self.color,
            "x_mm": round(self.x_mm, 1),
            "y_mm": round(self.y_mm, 1),
            "square": list(self.square) if self.square is not None else None,
            "station": self.station,
            "confidence": round(self.confidence, 3),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Piece:
        sq = d.get("square")
        return cls(
            d["kind"],
            d["color"],
            float(d["x_mm"]),
            float(d["y_mm"]),
            (int(sq[0]), int(sq[1])) if sq is not None else None,
            d.get("station"),
            float(d.get("confidence", 1.0)),
        )


@dataclass
class Reading:
    board_found: bool
    rejected: str | None = None
    """Why the frame was not read: 'hand', 'large change', 'no reference'..."""
    pieces: tuple[Piece, ...] = ()
    stages_ms: dict[str, float] = field(default_factory=dict)
    markers: int = 0

    @property
    def ok(self) -> bool:
        return self.board_found and self.rejected is None

    def signature(self) -> frozenset[tuple[str, str, str]]:
        return frozenset(p.key() for p in self.pieces)

    def to_json(self) -> dict[str, Any]:
        return {
            "board_found": self.board_found,
            "rejected": self.rejected,
            "markers": self.markers,
            "pieces": [p.to_json() for p in self.pieces],
            "stages_ms": {k: round(v, 2) for k, v in self.stages_ms.items()},
        }


def station_center(board: BoardMap, station_id: str) -> tuple[float, float]:
    stops = [board.stop(s) for s in board.stations[station_id].stops]
    return (sum(s.x_mm for s in stops) / len(stops), sum(s.y_mm for s in stops) / len(stops))


def pieces_of_state(board: BoardMap, state: MetroState) -> list[Piece]:
    """The pieces a state puts on the board: a pyramid per owned station, a meeple per player
    standing on a square (riding meeples are on the trains, off the map), a drink per vending
    machine (at its station's centre: the renderer stands it beside the pyramid)."""
    out = []
    for station_id, color in state.stations.items():
        x, y = station_center(board, station_id)
        out.append(Piece(PYRAMID, color, x, y, station=station_id))
    for station_id, drink in state.drinks.items():
        x, y = station_center(board, station_id)
        out.append(Piece(DRINK, drink, x, y, station=station_id))
    for color, meeple in state.meeples.items():
        if meeple.square is not None:
            x, y = board.grid.center(meeple.square)
            out.append(Piece(MEEPLE, color, x, y, square=meeple.square))
    return out
