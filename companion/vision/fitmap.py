"""Fitting a map to the owner's printed board from one photo of the empty board.

The photo is rectified with the markers, the printed stop circles are found (`circles`),
matched to the map's stops line by line (`stopmatch`: order kept, more passes with each line's
colour and the stations' moves learnt from the last; `stopdoubts`: stations held together),
and the movement grid is fitted (`gridfit`). A stop the fit is not sure of is left where the map
had it and reported as not placed: never guessed.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from companion.mapfile import Point, rewrite_map_text
from companion.metro.board import SMALL_CIRCLE, BoardMap
from companion.vision.boardframe import warp_to_board
from companion.vision.calibrate import locate_reference
from companion.vision.circles import evened, find_sizes
from companion.vision.gridfit import GridFit, fit_grid
from companion.vision.markers import MarkerLayout
from companion.vision.pixels import bgr_of
from companion.vision.stopdoubts import checked
from companion.vision.stopmatch import StopMatcher

SCALE = 2.0
"""Rectified board px/mm (the camera gives about 1.4 px/mm; 3 mm is then 6 px)."""
REPORT_FORMAT = "companion/map-fit@1"
PASSES = 4
"""Matching rounds: each learns the lines' colours and the stations' moves from the last."""
PLACE_MARGIN = 3.0
"""A stop is placed when its next best circle makes its line's chain this much dearer (the
matcher learns from the surer ones, `stopmatch.SURE_MARGIN`)."""
MAX_COLOUR = 2.0
"""A circle whose ring is further than this from its line's colour is not placed..."""
MAX_PATCHY = 4.0
"""A circle whose ring is not its line's colour nearly all round (`stopmatch.Match.patchy`)
is not placed: a patch of paper boxed in by printed lines."""
OFF_COLOUR = (3.2, 7.0)
"""...unless its ring is within the first of these and its margin at least the second (a
ring the lighting or the ink made paler): its margin then counts that much less."""
WEAK_RING = 0.5
"""A circle whose ring is light somewhere (`stopmatch.Match.doubt`) needs this share of that
doubt more margin: a patch of paper beside a line is such a circle."""
PALE_MARGIN = 1.5
PALE_COST = 4.0
"""A line whose rings look like paper (a paper ring costs it less than `PALE_COST` in
colour) needs up to this much more margin: its colour cannot tell a patch from its circle."""


@dataclass(frozen=True)
class StopFit:
    stop_id: str
    default: Point
    found: Point | None
    """Where the printed circle is, or None: not placed (left where the map had it)."""
    confidence: float
    """0-1 (placed stops are 0.5 or more); the review screen asks about the lowest first."""

    @property
    def moved_mm(self) -> float:
        return math.dist(self.default, self.found) if self.found is not None else 0.0


@dataclass
class MapFit:
    board: BoardMap
    stops: dict[str, StopFit]
    """In the map's order: line by line, stop 1 first."""
    grid: GridFit
    image: np.ndarray
    """The rectified photo (BGR) at `SCALE` px/mm: the review screen draws on it."""
    seconds: float

    def placed(self) -> list[StopFit]:
        return [s for s in self.stops.values() if s.found is not None]

    def not_placed(self) -> list[StopFit]:
        return [s for s in self.stops.values() if s.found is None]

    def positions(self) -> dict[str, list[Point]]:
        """Line id -> each stop's place (found, else the map's), for the map file."""
        return {
            lid: [self.stops[s.id].found or self.stops[s.id].default for s in line.stops]
            for lid, line in self.board.lines.items()
        }

    def map_text(self, original: str) -> str:
        return rewrite_map_text(
            original, self.positions(), self.grid.origin_mm, self.grid.square_mm
        )

    def report(self) -> dict[str, Any]:
        moved = [s.moved_mm for s in self.placed()]
        return {
            "format": REPORT_FORMAT,
            "map": self.board.id,
            "stops": len(self.stops),
            "placed": len(moved),
            "not_placed": [s.stop_id for s in self.not_placed()],
            "moved_mm": {
                "median": round(float(np.median(moved)), 1) if moved else 0.0,
                "max": round(max(moved), 1) if moved else 0.0,
            },
            "grid": {
                "origin_mm": list(self.grid.origin_mm),
                "square_mm": list(self.grid.square_mm),
                "confidence": round(self.grid.confidence, 2),
            },
            "seconds": round(self.seconds, 2),
            "fits": [
                {
                    "stop": s.stop_id,
                    "found": None if s.found is None else [round(v, 1) for v in s.found],
                    "moved_mm": round(s.moved_mm, 1),
                    "confidence": round(s.confidence, 2),
                }
                for s in self.stops.values()
            ],
        }

    def report_lines(self) -> list[str]:
        r = self.report()
        out = [
            f"{r['placed']} of {r['stops']} stops placed in {r['seconds']} s; moved by "
            f"{r['moved_mm']['median']} mm (median), {r['moved_mm']['max']} mm at most",
            f"grid: origin {r['grid']['origin_mm']} mm, squares {r['grid']['square_mm']} mm",
        ]
        if r["not_placed"]:
            out.append(
                f"not placed ({len(r['not_placed'])}, left where the map had them): "
                + " ".join(r["not_placed"])
            )
        return out


def _margin(margin: float, colour: float) -> float:
    """The margin a stop is placed on: less by the colour's doubt (-inf: never placed)."""
    if colour <= MAX_COLOUR:
        return margin
    if colour <= OFF_COLOUR[0]:
        return margin - (OFF_COLOUR[1] - PLACE_MARGIN)
    return -math.inf


def _confidence(margin: float) -> float:
    """0.5 at the placing margin, towards 1 above it, towards 0 below."""
    if margin >= PLACE_MARGIN:
        return 1.0 - 0.5 * math.exp(-(margin - PLACE_MARGIN) / 3.0)
    return 0.5 * max(0.0, margin) / PLACE_MARGIN


def rectify(board: BoardMap, layout: MarkerLayout, photo: np.ndarray) -> np.ndarray:
    """The board of a photo at `SCALE` px/mm; UserError when the markers are not in view."""
    hom = locate_reference(photo, layout)
    size = (round(board.width_mm * SCALE), round(board.height_mm * SCALE))
    return warp_to_board(photo, hom, SCALE, size)


def fit_map(board: BoardMap, layout: MarkerLayout, photo: np.ndarray) -> MapFit:
    """Fit `board` to the printed board in `photo` (the empty board, markers in view)."""
    t0 = time.perf_counter()
    image = rectify(board, layout, photo)
    even = evened(image, SCALE)
    small = board.drawn_small()
    drawn = {s.id: s.radius_mm * (SMALL_CIRCLE if s.id in small else 1.0) for s in board.stops()}
    circles = find_sizes(even, SCALE, list(drawn.values()))
    matcher = StopMatcher(board, circles, even, SCALE, drawn)
    matches = checked(matcher, matcher.match())
    for _ in range(PASSES - 1):
        matcher.learn(matches)
        matches = checked(matcher, matcher.match())
    grid = fit_grid(image, SCALE, board.grid)
    stops = {}
    for line in board.lines.values():
        for stop in line.stops:
            m = matches[stop.id]
            margin = _margin(m.margin, m.colour) if m.patchy <= MAX_PATCHY else -math.inf
            pale = max(0.0, 1.0 - matcher.paper_cost(line.id) / PALE_COST)
            margin -= WEAK_RING * m.doubt + PALE_MARGIN * pale
            sure = m.circle is not None and margin >= PLACE_MARGIN
            found = None
            if sure and m.circle is not None:
                x, y = circles.xy_mm[m.circle]
                found = (round(float(x), 1), round(float(y), 1))
            conf = _confidence(margin) if sure else min(_confidence(m.margin), 0.49)
            stops[stop.id] = StopFit(stop.id, (stop.x_mm, stop.y_mm), found, conf)
    return MapFit(board, stops, grid, image, time.perf_counter() - t0)


def grab_frame(source: str, warm_up: int = 5) -> np.ndarray:
    """One photo (BGR) from a camera ("picamera2", a number, a URL): the last of a few frames,
    so the exposure has settled. UserError when no frame comes."""
    from companion.errors import UserError
    from companion.vision.sources import CameraError, open_source

    try:
        camera = open_source(source)
    except CameraError as exc:
        raise UserError(f"cannot use the camera ({exc})", None, "--camera") from None
    frame = None
    try:
        for _ in range(warm_up):
            got = camera.read()
            frame = got if got is not None else frame
    except CameraError as exc:
        raise UserError(f"cannot use the camera ({exc})", None, "--camera") from None
    finally:
        camera.close()
    if frame is None:
        raise UserError("the camera gave no picture", None, "--camera")
    return bgr_of(frame)
