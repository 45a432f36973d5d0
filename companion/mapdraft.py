"""The owner's map being reviewed on the box: the fit's proposal, corrected button by button.

Every stop has a place (its circle when the fit found it, or none: "not placed", then it is
saved where the default map has it) and a confidence; the review asks about the doubtful
ones, lowest confidence first. Every change can be undone. Pure: no I/O, no numpy; the app
takes the photo and runs the fit (`companion.vision.fitmap`), the screen
(`companion.ui.mapfit`) presses the verbs here.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from companion.mapfile import Point, rewrite_map_text
from companion.metro.board import BoardMap

SURE = 0.8
"""Stops at or above this confidence are not asked about unless the owner picks them."""


@dataclass(frozen=True)
class DraftStop:
    stop_id: str
    line: str
    default: Point
    place: Point | None
    confidence: float
    checked: bool = False
    """The owner accepted it (OK) or moved it: no longer doubtful."""

    @property
    def shown(self) -> Point:
        """Where it is drawn and saved: its place, else the default map's."""
        return self.place if self.place is not None else self.default


@dataclass(frozen=True)
class Photo:
    """The rectified photo of the board: RGB bytes, `px_per_mm` pixels a millimetre."""

    width: int
    height: int
    rgb: bytes
    px_per_mm: float


@dataclass
class MapDraft:
    board: BoardMap
    stops: dict[str, DraftStop]
    """In the map's order (line by line, stop 1 first)."""
    grid_origin: Point
    grid_square: Point
    photo: Photo | None = None
    _history: list[tuple[dict[str, DraftStop], Point, Point]] = field(default_factory=list)

    @classmethod
    def from_fit(
        cls,
        board: BoardMap,
        found: dict[str, tuple[Point | None, float]],
        grid_origin: Point,
        grid_square: Point,
        photo: Photo | None = None,
    ) -> MapDraft:
        """`found`: stop id -> (place or None, confidence 0-1)."""
        stops = {}
        for line in board.lines.values():
            for s in line.stops:
                place, conf = found.get(s.id, (None, 0.0))
                stops[s.id] = DraftStop(s.id, line.id, (s.x_mm, s.y_mm), place, conf)
        return cls(board, stops, grid_origin, grid_square, photo)

    # --- the owner's verbs ---------------------------------------------------------------------

    def _save(self) -> None:
        self._history.append((dict(self.stops), self.grid_origin, self.grid_square))

    def move(self, stop_id: str, dx: float, dy: float) -> None:
        """Move a stop (a stop not placed is placed first, where the map had it)."""
        self._save()
        s = self.stops[stop_id]
        x, y = s.shown
        x = min(max(x + dx, 0.0), self.board.width_mm)
        y = min(max(y + dy, 0.0), self.board.height_mm)
        self.stops[stop_id] = replace(s, place=(round(x, 1), round(y, 1)), checked=True)

    def accept(self, stop_id: str) -> None:
        self._save()
        self.stops[stop_id] = replace(self.stops[stop_id], checked=True)

    def add(self, stop_id: str) -> None:
        """Place a stop the fit did not find, where the map had it (then move it)."""
        s = self.stops[stop_id]
        if s.place is None:
            self._save()
            self.stops[stop_id] = replace(s, place=s.default, checked=True)

    def remove(self, stop_id: str) -> None:
        """Take a wrong proposal away: the stop is not placed (saved where the map had it)."""
        s = self.stops[stop_id]
        if s.place is not None:
            self._save()
            self.stops[stop_id] = replace(s, place=None, checked=False, confidence=0.0)

    def move_grid(self, dx: float, dy: float) -> None:
        self._save()
        x, y = self.grid_origin
        self.grid_origin = (round(x + dx, 2), round(y + dy, 2))

    def resize_grid(self, delta: float) -> None:
        self._save()
        w, h = self.grid_square
        self.grid_square = (round(max(5.0, w + delta), 2), round(max(5.0, h + delta), 2))

    def undo(self) -> bool:
        if not self._history:
            return False
        self.stops, self.grid_origin, self.grid_square = self._history.pop()
        return True

    @property
    def can_undo(self) -> bool:
        return bool(self._history)

    # --- what the review shows -----------------------------------------------------------------

    def doubtful(self) -> list[str]:
        """Stops still to look at, lowest confidence first (not placed ones first of all)."""
        todo = [s for s in self.stops.values() if not s.checked and s.confidence < SURE]
        return [s.stop_id for s in sorted(todo, key=lambda s: (s.confidence, s.stop_id))]

    def next_doubtful(self, after: str | None = None) -> str | None:
        todo = [sid for sid in self.doubtful() if sid != after]
        return todo[0] if todo else None

    def not_placed(self) -> list[str]:
        return [s.stop_id for s in self.stops.values() if s.place is None]

    def positions(self) -> dict[str, list[Point]]:
        return {
            lid: [self.stops[s.id].shown for s in line.stops]
            for lid, line in self.board.lines.items()
        }

    def map_text(self, original: str) -> str:
        """The map file's text with the reviewed places and grid (everything else kept)."""
        return rewrite_map_text(original, self.positions(), self.grid_origin, self.grid_square)
