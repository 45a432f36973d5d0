"""Printed boards that differ from the default map, for the map fit's tests and benchmark.

A printed board is the default map with every station moved as one (up to `max_mm`, never
onto another station's circle), each of its circles nudged a little more, a few circles left
out of the print, the grid shifted and scaled slightly, and the lines' colours changed a little.
It is rendered in the "print" style, so the fit meets a board drawn unlike the classic art and
far from where the map says.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, replace

import numpy as np

from companion.colors import hex_to_rgb
from companion.metro.board import BoardMap, Grid, Line, Station
from companion.vision.boardart import rng_for
from companion.vision.markers import MarkerLayout
from companion.vision.render import Shot, render

STYLE = "print"


@dataclass(frozen=True)
class PrintedBoard:
    board: BoardMap
    """The board as printed (missing circles left out), for the renderer."""
    truth: dict[str, tuple[float, float]]
    """Stop id -> where its circle is printed, for every printed stop."""
    missing: tuple[str, ...]
    """Stops of the map with no circle on this print."""


def _tint(hex_color: str, rng: np.random.Generator) -> str:
    r, g, b = (min(255, max(0, c + int(rng.integers(-18, 19)))) for c in hex_to_rgb(hex_color))
    return f"#{r:02X}{g:02X}{b:02X}"


GAP_MM = 3.2
"""Paper between two stations' circles on a print: a ring's width (1.6 mm) between the outer
edges of their rings (each ring is 1.6 mm of ink centred on the circle's radius)."""
TRIES = 60
FULL_REACH_TRIES = 40
"""The first tries draw an offset up to the full reach; the rest shrink it towards zero."""


def _offset(rng: np.random.Generator, max_mm: float) -> tuple[float, float]:
    angle = rng.uniform(0, 2 * math.pi)
    dist = max_mm * math.sqrt(rng.uniform(0, 1))
    return dist * math.cos(angle), dist * math.sin(angle)


Box = tuple[float, float, float, float]


def _box(points: Iterable[tuple[float, float]], pad: float) -> Box:
    xs, ys = zip(*points, strict=True)
    return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


def _clear(
    box: Box, boxes: list[Box], circles: Iterable[tuple[float, float]], radius: float
) -> bool:
    """No other station's box overlaps this one and no circle reaches into it: on a print,
    nothing is drawn across a stop circle."""
    x0, y0, x1, y1 = box
    for a0, b0, a1, b1 in boxes:
        if a0 < x1 and x0 < a1 and b0 < y1 and y0 < b1:
            return False
    return all(
        not (x0 - radius < x < x1 + radius and y0 - radius < y < y1 + radius) for x, y in circles
    )


class _Circles:
    """Every stop's circle where it now stands: printed for the stations placed so far, at the
    default map's place for the others. A station moves only where its circles keep `GAP_MM`
    from all of these, so the default place stays free for each station still to come (the
    default map keeps that gap), and no two stations' circles ever overlap."""

    def __init__(self, board: BoardMap) -> None:
        stops = list(board.stops())
        self.index = {s.id: i for i, s in enumerate(stops)}
        self.xy = np.array([(s.x_mm, s.y_mm) for s in stops], np.float64)
        self.radius = np.array([s.radius_mm for s in stops], np.float64)

    def apart(self, moved: dict[str, tuple[float, float]]) -> bool:
        mine = [self.index[sid] for sid in moved]
        others = np.ones(len(self.xy), bool)
        others[mine] = False
        xy, reach = self.xy[others], self.radius[others] + GAP_MM
        return all(
            bool(np.all(np.hypot(*(xy - p).T) >= reach + self.radius[i]))
            for i, p in zip(mine, moved.values(), strict=True)
        )

    def put(self, moved: dict[str, tuple[float, float]]) -> None:
        for sid, p in moved.items():
            self.xy[self.index[sid]] = p


def printed_board(
    board: BoardMap, seed: int, *, max_mm: float = 30.0, missing: int = 3
) -> PrintedBoard:
    """A printed version of `board`: stations moved by up to `max_mm` (never onto another
    station's circle: a station with no free place in reach stays where the map has it),
    `missing` circles not printed, the grid moved and lines tinted."""
    rng = rng_for("printed", board.id, seed)
    groups: list[tuple[str, ...]] = [st.stops for st in board.stations.values()]
    grouped = {s for g in groups for s in g}
    groups += [(s.id,) for s in board.stops() if s.id not in grouped]
    circles = _Circles(board)
    placed: dict[str, tuple[float, float]] = {}
    boxes: list[tuple[float, float, float, float]] = []
    for k in rng.permutation(len(groups)):
        group = groups[int(k)]
        radius = board.stop(group[0]).radius_mm
        moved = {sid: (board.stop(sid).x_mm, board.stop(sid).y_mm) for sid in group}
        box = _box(moved.values(), radius + 2.5)
        for attempt in range(TRIES):
            fade = min(1.0, (TRIES - attempt) / (TRIES - FULL_REACH_TRIES))
            dx, dy = _offset(rng, (max_mm - 2.5) * fade)
            tried = {}
            for sid in group:
                s = board.stop(sid)
                jx, jy = rng.uniform(-1.0, 1.0, 2)
                x = min(max(s.x_mm + dx + jx, 10.0), board.width_mm - 10.0)
                y = min(max(s.y_mm + dy + jy, 10.0), board.height_mm - 10.0)
                tried[sid] = (x, y)
            tried_box = _box(tried.values(), radius + 2.5)
            if _clear(tried_box, boxes, placed.values(), radius + 1.0) and circles.apart(tried):
                moved, box = tried, tried_box
                break
        circles.put(moved)
        placed.update(moved)
        boxes.append(box)
    candidates = [
        s.id
        for line in board.lines.values()
        if len(line.stops) > 4
        for s in line.stops[1:-1]
        if (st := board.station_of(s.id)) is None or len(st.stops) == 1
    ]
    gone = tuple(str(s) for s in rng.choice(candidates, min(missing, len(candidates)), False))
    lines = {}
    for line in board.lines.values():
        stops = tuple(
            replace(s, x_mm=placed[s.id][0], y_mm=placed[s.id][1])
            for s in line.stops
            if s.id not in gone
        )
        lines[line.id] = Line(
            line.id, line.name, _tint(line.color, rng), stops, line.shares, line.slots
        )
    stations = {
        sid: Station(st.id, st.name, kept, st.name_ja)
        for sid, st in board.stations.items()
        if (kept := tuple(s for s in st.stops if s not in gone))
    }
    g = board.grid
    gx, gy = rng.uniform(-6, 6, 2)
    scale = 1 + rng.uniform(-0.01, 0.01)
    grid = Grid(
        g.origin_x_mm + gx,
        g.origin_y_mm + gy,
        g.square_w_mm * scale,
        g.square_h_mm * scale,
        g.columns,
        g.rows,
    )
    printed = BoardMap(
        f"{board.id}-print-{seed}",
        board.name,
        board.variant,
        board.width_mm,
        board.height_mm,
        lines,
        stations,
        grid,
    )
    truth = {sid: xy for sid, xy in placed.items() if sid not in gone}
    return PrintedBoard(printed, truth, gone)


def photograph(
    printed: PrintedBoard, layout: MarkerLayout, *, seed: int, lighting: str, pose: str
) -> Shot:
    """The empty printed board under the camera."""
    return render(printed.board, layout, [], seed=seed, lighting=lighting, pose=pose, style=STYLE)


@dataclass(frozen=True)
class FitScore:
    stops: int
    within_3mm: int
    wrong: int
    """Placed on a circle that is not the stop's (or the stop is not printed at all)."""
    not_placed: int
    printed: int = 0
    """Of `stops`, those printed on the board: the rest can only be right by not being placed."""

    def __add__(self, other: FitScore) -> FitScore:
        return FitScore(
            self.stops + other.stops,
            self.within_3mm + other.within_3mm,
            self.wrong + other.wrong,
            self.not_placed + other.not_placed,
            self.printed + other.printed,
        )


def score(found: dict[str, tuple[float, float] | None], printed: PrintedBoard) -> FitScore:
    """How a fit (stop id -> place or None) did against the print's truth."""
    within = wrong = unplaced = 0
    for stop_id, place in found.items():
        truth = printed.truth.get(stop_id)
        if place is None:
            unplaced += 1
        elif truth is None or math.dist(place, truth) > 6.0:
            wrong += 1
        elif math.dist(place, truth) <= 3.0:
            within += 1
    printed_stops = sum(1 for stop_id in found if stop_id in printed.truth)
    return FitScore(len(found), within, wrong, unplaced, printed_stops)
