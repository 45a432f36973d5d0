"""The board map: lines, stops, stations and the meeples' movement grid, in board millimetres.

Everything is in the board's own frame: origin at the top-left corner, x right, y down.
`parse_map` builds a `BoardMap` from already-decoded TOML/JSON data; reading the file is the
caller's job (see `companion.data`), so the core stays free of I/O.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.metro.errors import MapError
from companion.metro.variant import VARIANTS, Variant

MAP_FORMAT = "companion/map@1"
_STOP_ID = re.compile(r"^([A-Z][a-z]?)(\d+)$")
SMALL_CIRCLE = 0.7
"""A small circle's drawn radius, as a fraction of a station stop's (`BoardMap.drawn_small`)."""

Square = tuple[int, int]
"""A movement-grid square as (column, row), both from 0 at the grid's top-left."""


@dataclass(frozen=True)
class Stop:
    """A stop circle: `G9` is stop 9 of line G."""

    line: str
    number: int
    x_mm: float
    y_mm: float
    radius_mm: float

    @property
    def id(self) -> str:
        return f"{self.line}{self.number}"

    def __repr__(self) -> str:
        return (
            f"Stop({self.line!r}, {self.number}, {self.x_mm!r}, {self.y_mm!r}, {self.radius_mm!r})"
        )


@dataclass(frozen=True)
class Line:
    id: str
    name: str
    color: str
    """Display colour as #RRGGBB."""
    stops: tuple[Stop, ...]
    shares: int = 3
    """How many share cards the line has (Tokyo: 3; Osaka: 1, 2, 3 or 4)."""
    slots: int = 3
    """Disc spaces on the income track, shared by speed tokens and speculation discs."""

    @property
    def length(self) -> int:
        return len(self.stops)

    def stop(self, number: int) -> Stop:
        return self.stops[number - 1]


@dataclass(frozen=True)
class Station:
    """A named place that holds 1-3 stop circles; one pyramid covers all of them."""

    id: str
    name: str
    stops: tuple[str, ...]
    name_ja: str = ""


@dataclass(frozen=True)
class Grid:
    """The grey rectangular grid the meeples move on."""

    origin_x_mm: float
    origin_y_mm: float
    square_w_mm: float
    square_h_mm: float
    columns: int
    rows: int

    def contains(self, square: Square) -> bool:
        col, row = square
        return 0 <= col < self.columns and 0 <= row < self.rows

    def rect(self, square: Square) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of a square in board mm."""
        col, row = square
        x0 = self.origin_x_mm + col * self.square_w_mm
        y0 = self.origin_y_mm + row * self.square_h_mm
        return (x0, y0, x0 + self.square_w_mm, y0 + self.square_h_mm)

    def center(self, square: Square) -> tuple[float, float]:
        x0, y0, x1, y1 = self.rect(square)
        return ((x0 + x1) / 2, (y0 + y1) / 2)

    def square_at(self, x_mm: float, y_mm: float) -> Square | None:
        col = math.floor((x_mm - self.origin_x_mm) / self.square_w_mm)
        row = math.floor((y_mm - self.origin_y_mm) / self.square_h_mm)
        return (col, row) if self.contains((col, row)) else None

    def squares(self) -> Iterator[Square]:
        for row in range(self.rows):
            for col in range(self.columns):
                yield (col, row)

    def neighbours(self, square: Square) -> Iterator[Square]:
        col, row = square
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            other = (col + dc, row + dr)
            if self.contains(other):
                yield other


def circle_touches_rect(
    cx: float, cy: float, r: float, rect: tuple[float, float, float, float]
) -> bool:
    x0, y0, x1, y1 = rect
    nx = min(max(cx, x0), x1)
    ny = min(max(cy, y0), y1)
    return (cx - nx) ** 2 + (cy - ny) ** 2 < r * r


@dataclass(frozen=True)
class BoardMap:
    id: str
    name: str
    variant: Variant
    """The rulebook the map is played with (the map file's `rules` key)."""
    width_mm: float
    height_mm: float
    lines: Mapping[str, Line]
    """In track order (the order trains move and lines pay)."""
    stations: Mapping[str, Station]
    grid: Grid
    _stop_index: dict[str, Stop] = field(default_factory=dict, repr=False, compare=False)
    _station_of: dict[str, str] = field(default_factory=dict, repr=False, compare=False)
    _touching: dict[str, frozenset[Square]] = field(default_factory=dict, repr=False, compare=False)
    _for_stop: dict[str, frozenset[Square]] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        for line in self.lines.values():
            for stop in line.stops:
                self._stop_index[stop.id] = stop
        for station in self.stations.values():
            for stop_id in station.stops:
                self._station_of[stop_id] = station.id
        for stop in self._stop_index.values():
            self._touching[stop.id] = frozenset(
                sq
                for sq in self.grid.squares()
                if circle_touches_rect(stop.x_mm, stop.y_mm, stop.radius_mm, self.grid.rect(sq))
            )
        for stop_id in self._stop_index:
            station_id = self._station_of.get(stop_id)
            self._for_stop[stop_id] = (
                self.squares_touching_station(station_id) if station_id else self._touching[stop_id]
            )

    @property
    def track_order(self) -> tuple[str, ...]:
        return tuple(self.lines)

    def stops(self) -> Iterator[Stop]:
        return iter(self._stop_index.values())

    def has_stop(self, stop_id: str) -> bool:
        return stop_id in self._stop_index

    def stop(self, stop_id: str) -> Stop:
        return self._stop_index[stop_id]

    def station_of(self, stop_id: str) -> Station | None:
        station_id = self._station_of.get(stop_id)
        return self.stations[station_id] if station_id else None

    def small_circles(self, line_id: str) -> tuple[str, ...]:
        """The line's stops in no station: Osaka's P and bus lines have these small circles
        between their two end stations (no pyramid there; trains still stop, riders board)."""
        return tuple(s.id for s in self.lines[line_id].stops if s.id not in self._station_of)

    def drawn_small(self) -> frozenset[str]:
        """The stops a drawing of the board shows as small circles (`SMALL_CIRCLE` of a
        station stop's radius): those of the twin lines (Osaka's P and bus) in no station."""
        twins = self.variant.twin_lines
        return frozenset(s for lid in self.lines if lid in twins for s in self.small_circles(lid))

    def squares_touching_stop(self, stop_id: str) -> frozenset[Square]:
        return self._touching[stop_id]

    def squares_touching_station(self, station_id: str) -> frozenset[Square]:
        out: set[Square] = set()
        for stop_id in self.stations[station_id].stops:
            out |= self._touching[stop_id]
        return frozenset(out)

    def squares_for_stop(self, stop_id: str) -> frozenset[Square]:
        """Squares from which a meeple may board at (or leave to) this stop: those touching any
        circle of the stop's station, or the stop itself when it is not part of a station."""
        return self._for_stop[stop_id]

    def stops_touching_square(self, square: Square) -> tuple[str, ...]:
        return tuple(sid for sid, squares in self._touching.items() if square in squares)


def parse_stop_id(text: str) -> tuple[str, int]:
    """'G9' -> ('G', 9). Raises ValueError for anything else."""
    m = _STOP_ID.match(text)
    if not m:
        raise ValueError(f"not a stop id like 'G9': {text!r}")
    return m.group(1), int(m.group(2))


def _get(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in data:
        raise MapError(f"{where}{key}", "is missing")
    value = data[key]
    if kind in (int, float, (int, float)) and isinstance(value, bool):
        raise MapError(f"{where}{key}", f"expected a number, got {value!r}")
    if not isinstance(value, kind):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise MapError(f"{where}{key}", f"expected {names}, got {value!r}")
    return value


def _point(value: Any, where: str) -> tuple[float, float]:
    ok = isinstance(value, list | tuple) and len(value) == 2
    if not ok or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in value):
        raise MapError(where, f"expected [x_mm, y_mm], got {value!r}")
    return float(value[0]), float(value[1])


_COLOR = re.compile(r"^#[0-9A-Fa-f]{6}$")


def parse_map(data: Mapping[str, Any]) -> BoardMap:
    """Validate decoded map data and build the map. Raises MapError naming the field."""
    fmt = data.get("format", MAP_FORMAT)
    if fmt != MAP_FORMAT:
        raise MapError("format", f"expected {MAP_FORMAT!r}, got {fmt!r}")
    map_id = _get(data, "id", str, "")
    name = _get(data, "name", str, "")
    rules = data.get("rules", "tokyo")
    if rules not in VARIANTS:
        raise MapError("rules", f"expected one of {', '.join(map(repr, VARIANTS))}, got {rules!r}")
    width = float(_get(data, "width_mm", (int, float), ""))
    height = float(_get(data, "height_mm", (int, float), ""))
    default_radius = float(data.get("stop_radius_mm", 6.0))

    g = _get(data, "grid", dict, "")
    ox, oy = _point(_get(g, "origin_mm", list, "grid."), "grid.origin_mm")
    sw, sh = _point(_get(g, "square_mm", list, "grid."), "grid.square_mm")
    columns = _get(g, "columns", int, "grid.")
    rows = _get(g, "rows", int, "grid.")
    if sw <= 0 or sh <= 0 or columns <= 0 or rows <= 0:
        raise MapError("grid", "square size, columns and rows must be positive")
    grid = Grid(ox, oy, sw, sh, columns, rows)

    raw_lines = _get(data, "lines", list, "")
    if not raw_lines:
        raise MapError("lines", "the map has no lines")
    lines: dict[str, Line] = {}
    for i, raw in enumerate(raw_lines):
        where = f"lines[{i}]."
        if not isinstance(raw, dict):
            raise MapError(f"lines[{i}]", "expected a table")
        line_id = _get(raw, "id", str, where)
        if not re.match(r"^[A-Z][a-z]?$", line_id):
            raise MapError(f"{where}id", f"expected a capital letter like 'G', got {line_id!r}")
        if line_id in lines:
            raise MapError(f"{where}id", f"line {line_id!r} is defined twice")
        color = _get(raw, "color", str, where)
        if not _COLOR.match(color):
            raise MapError(f"{where}color", f"expected #RRGGBB, got {color!r}")
        radius = float(raw.get("stop_radius_mm", default_radius))
        points = _get(raw, "stops", list, where)
        if len(points) < 2:
            raise MapError(f"{where}stops", "a line needs at least 2 stops")
        stops = []
        for n, pt in enumerate(points, start=1):
            x, y = _point(pt, f"{where}stops[{n - 1}]")
            if not (0 <= x <= width and 0 <= y <= height):
                raise MapError(f"{where}stops[{n - 1}]", f"({x}, {y}) is off the board")
            stops.append(Stop(line_id, n, x, y, radius))
        shares = _get(raw, "shares", int, where) if "shares" in raw else 3
        slots = _get(raw, "slots", int, where) if "slots" in raw else 3
        if not 1 <= shares <= 4:
            raise MapError(f"{where}shares", f"expected 1 to 4, got {shares}")
        if not 0 <= slots <= 8:
            raise MapError(f"{where}slots", f"expected 0 to 8, got {slots}")
        lines[line_id] = Line(
            line_id, _get(raw, "name", str, where), color, tuple(stops), shares, slots
        )

    order = data.get("track_order")
    if order is not None:
        if not isinstance(order, list) or sorted(order) != sorted(lines):
            raise MapError("track_order", f"expected each of the lines once: {sorted(lines)}")
        lines = {line_id: lines[line_id] for line_id in order}

    all_stops = {s.id for line in lines.values() for s in line.stops}
    stations: dict[str, Station] = {}
    seen: dict[str, str] = {}
    for i, raw in enumerate(data.get("stations", [])):
        where = f"stations[{i}]."
        station_id = _get(raw, "id", str, where)
        if station_id in stations:
            raise MapError(f"{where}id", f"station {station_id!r} is defined twice")
        stop_ids = _get(raw, "stops", list, where)
        if not 1 <= len(stop_ids) <= 3:
            raise MapError(f"{where}stops", f"a station covers 1 to 3 stops, got {len(stop_ids)}")
        for sid in stop_ids:
            if sid not in all_stops:
                raise MapError(f"{where}stops", f"unknown stop {sid!r}")
            if sid in seen:
                raise MapError(f"{where}stops", f"stop {sid} is already in station {seen[sid]!r}")
            seen[sid] = station_id
        stations[station_id] = Station(
            station_id, _get(raw, "name", str, where), tuple(stop_ids), raw.get("name_ja", "")
        )
    return BoardMap(map_id, name, VARIANTS[rules], width, height, lines, stations, grid)
