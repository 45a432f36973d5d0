"""Where the drink reader looks, in the board frame's pixels: the ring round a station's
pyramid where its drink stands, the pixels a pyramid covers (its base and its top leaning away
from the camera), and the pixels round a point."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from companion.metro.board import BoardMap
from companion.vision.model import DRINK_DIAMETER_MM, PYRAMID, Piece, station_center
from companion.vision.white_drink import Lean, closer_than

FOOTPRINT = 0.75
"""A pyramid covers the pixels within this many of its bases of the segment from its base's
centre to its top's (leaning away from the camera)."""


class DrinkRings:
    """The rings round the stations, at `scale` px/mm in a board frame of `size` px."""

    def __init__(
        self,
        board: BoardMap,
        scale: float,
        size: tuple[int, int],
        lean: Lean,
        base: float,
    ) -> None:
        self.board = board
        self.scale = scale
        self.size = size
        self.lean = lean
        self.base = base
        """The pyramids' seen base (mm), from the calibration photo."""
        self.inner = 0.72 * base
        self.outer = self.inner + DRINK_DIAMETER_MM + 3.0
        self._rings: dict[str, tuple[np.ndarray, np.ndarray]] = {}

    def centre(self, station: str) -> tuple[float, float]:
        return station_center(self.board, station)

    def ring(self, station: str) -> tuple[np.ndarray, np.ndarray]:
        """Board-frame pixels (ys, xs) round a station's centre, beyond its pyramid's base."""
        if station not in self._rings:
            ys, xs, d = self._round(self.centre(station), self.outer)
            keep = d >= self.inner
            self._rings[station] = (ys[keep], xs[keep])
        return self._rings[station]

    def disc(self, station: str) -> tuple[np.ndarray, np.ndarray]:
        """The pixels within the ring's outer edge, its pyramid's base too."""
        ys, xs, _d = self._round(self.centre(station), self.outer)
        return ys, xs

    def square(self, x: float, y: float, half: float) -> tuple[np.ndarray, np.ndarray]:
        """The pixels of the square `half` mm either side of (x, y), inside the frame."""
        s = self.scale
        r = math.ceil(half * s)
        px, py = round(x * s), round(y * s)
        ys, xs = np.mgrid[py - r : py + r + 1, px - r : px + r + 1]
        ys, xs = ys.ravel(), xs.ravel()
        w, h = self.size
        inside = (xs >= 0) & (ys >= 0) & (xs < w) & (ys < h)
        return ys[inside], xs[inside]

    def covered(self, ys: np.ndarray, xs: np.ndarray, pieces: list[Piece]) -> Any:
        """The pixels the pyramids among `pieces` may cover (their base and leaning top)."""
        out = np.zeros(len(ys), bool)
        if not len(ys):
            return out
        x, y = xs / self.scale, ys / self.scale
        r = FOOTPRINT * self.base
        left, right, low, high = x.min() - r, x.max() + r, y.min() - r, y.max() + r
        for p in pieces:
            if p.kind != PYRAMID:
                continue
            top = self.lean(p.x_mm, p.y_mm, self.base)
            if (
                max(p.x_mm, top[0]) < left
                or min(p.x_mm, top[0]) > right
                or max(p.y_mm, top[1]) < low
                or min(p.y_mm, top[1]) > high
            ):
                continue  # its footprint cannot reach these pixels
            out |= near_segment(x, y, (p.x_mm, p.y_mm), top, r)
        return out

    def _round(
        self, centre: tuple[float, float], radius: float
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(ys, xs, distance in mm) of the frame's pixels within `radius` mm of `centre`."""
        cx, cy = centre
        s = self.scale
        r = math.ceil(radius * s)
        px, py = round(cx * s), round(cy * s)
        ys, xs = np.mgrid[py - r : py + r + 1, px - r : px + r + 1]
        d = np.hypot(xs / s - cx, ys / s - cy)
        w, h = self.size
        keep = (d <= radius) & (xs >= 0) & (ys >= 0) & (xs < w) & (ys < h)
        return ys[keep].astype(np.intp), xs[keep].astype(np.intp), d[keep]


def near_segment(
    x: np.ndarray, y: np.ndarray, a: tuple[float, float], b: tuple[float, float], r: float
) -> np.ndarray:
    """Points within `r` of the segment a-b."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    if length2 == 0:
        t = np.zeros_like(x)
    else:
        t = np.clip(((x - ax) * dx + (y - ay) * dy) / length2, 0, 1)
    return closer_than(x - (ax + t * dx), y - (ay + t * dy), r)
