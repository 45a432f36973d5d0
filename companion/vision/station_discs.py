"""Where a station's pyramid would show, and how much of it the print of a colour hides: what
a blob leaves of that disc says pyramid (about all of it covered or hidden) or meeple."""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from companion.vision.seen_shapes import SEEN_SHARE, Shapes

PYRAMID_LEAN_MM = 4.0
"""Height of a pyramid's seen centre: its blob's centroid leans away from the camera by it."""


class StationDiscs:
    """Each station's pyramid disc in the board frame, per colour: fixed while the camera is."""

    def __init__(
        self,
        scale: float,
        shapes: Shapes,
        stations: np.ndarray,
        lean: Callable[[float, float, float], tuple[float, float]],
        camouflage: Callable[[str], np.ndarray],
    ) -> None:
        self.scale = scale
        self.shapes = shapes
        self.stations = stations
        """Station centres (N x 2 float32, mm)."""
        self.lean = lean
        self.camouflage = camouflage
        """Per colour: where the empty board itself looks like that colour (bool image)."""
        self._open: dict[tuple[str, int, int, int], tuple[int, np.ndarray, int]] = {}
        self._masks: dict[tuple[float, int], tuple[np.ndarray, int]] = {}

    def explained(self, pts: np.ndarray, color: str, station: int) -> float:
        """The share of a pyramid's seen disc on this station that the blob covers or that
        the board's print of the piece's colour can hide: about 1 for a pyramid, however
        much of it blends into a line of its colour; much less for a slim meeple."""
        hidden, open_disc, total, (x0, y0) = self._disc(color, station)
        if total == 0:
            return 0.0
        px = pts.astype(np.int32) - np.array([x0, y0], np.int32)
        # Pixels outside the disc's box (negatives wrap round) land on its blank last row/column.
        at = np.minimum(px.view(np.uint32), open_disc.shape[0] - 1)
        covered = int(np.count_nonzero(open_disc[at[:, 1], at[:, 0]]))
        return (hidden + covered) / total

    def hidden(self, color: str, station: int) -> float:
        """The share of a pyramid's seen disc on this station that print of its colour hides."""
        hidden, _, total, _ = self._disc(color, station)
        return hidden / total if total else 0.0

    def _disc(self, color: str, station: int) -> tuple[int, np.ndarray, int, tuple[int, int]]:
        s = self.scale
        sx, sy = self.stations[station]
        cx, cy = self.lean(float(sx), float(sy), PYRAMID_LEAN_MM)
        r = 0.9 * math.sqrt(SEEN_SHARE * self.shapes.pyramid_mm2 / math.pi) * s
        ix, iy = round(cx * s), round(cy * s)
        ri = math.ceil(r)
        key = (color, ix, iy, ri)
        if key not in self._open:
            self._open[key] = self._open_disc(color, ix, iy, r, ri)
        return (*self._open[key], (ix - ri, iy - ri))

    def _open_disc(
        self, color: str, ix: int, iy: int, r: float, ri: int
    ) -> tuple[int, np.ndarray, int]:
        """(disc pixels the print of this colour can hide, the disc's other pixels as a mask
        with a blank last row and column, the disc's pixel count) for a pyramid's disc at
        (ix, iy): fixed while the camera is."""
        camo = self.camouflage(color)
        h, w = camo.shape
        if not (ri <= ix < w - ri and ri <= iy < h - ri):
            return 0, np.zeros((1, 1), bool), 0
        disc, total = self._disc_mask(r, ri)
        seen = camo[iy - ri : iy + ri + 1, ix - ri : ix + ri + 1]
        if len(self._open) > 4096:
            self._open.clear()
        open_disc = np.zeros((2 * ri + 2, 2 * ri + 2), bool)
        np.greater(disc, seen, out=open_disc[:-1, :-1])  # disc and not seen
        return int(np.count_nonzero(seen & disc)), open_disc, total

    def _disc_mask(self, r: float, ri: int) -> tuple[np.ndarray, int]:
        """A disc of radius r in a (2 ri + 1)-pixel square, and its pixel count (the same for
        every station: computed once)."""
        got = self._masks.get((r, ri))
        if got is None:
            yy, xx = np.mgrid[-ri : ri + 1, -ri : ri + 1]
            disc = xx * xx + yy * yy <= r * r
            got = self._masks[(r, ri)] = (disc, int(np.count_nonzero(disc)))
        return got
