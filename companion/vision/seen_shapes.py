"""The pieces as this camera sees them, measured at calibration: each kind's seen area and
elongation (`Shapes`), and how many touching pieces a blob's area holds."""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import cv2
import numpy as np

AREA_SPREAD = 0.25
FRAGMENT = 0.7
"""A blob under this share of a meeple's seen area is part of a piece, not a whole one."""
SEEN_SHARE = 0.85
"""On a busy board a piece shows about this share of the area it showed at calibration (on a
plain square): print under its edges looks like it."""


@dataclass(frozen=True)
class Shapes:
    """The pieces as this camera sees them: seen area (mm2) and elongation of each kind."""

    pyramid_mm2: float
    meeple_mm2: float
    pyramid_aspect: float = 1.15
    meeple_aspect: float = 1.9
    meeple_rise: float | None = None
    pyramid_rise: float | None = None
    """How each kind's brightness runs along its lean at calibration (`vision.shading`)."""

    @property
    def meeple_width_mm(self) -> float:
        """The short side of a meeple as seen at calibration: the thinnest a piece looks."""
        return math.sqrt(self.meeple_mm2 / max(1.0, self.meeple_aspect))

    def pyramid_likeness(self, area_mm2: float, aspect: float) -> float:
        """Log-odds that a lone blob is a pyramid by its shape: its area against the split
        between the two kinds' seen areas, and its elongation against the split between
        their elongations (both measured at calibration)."""
        middle_area, area_weight, fragment, mid, aspect_unit = self._likeness
        z_area = math.log(max(area_mm2, 1.0) / middle_area) / AREA_SPREAD
        z_area = max(-3.0, min(3.0, z_area)) * area_weight
        z_aspect = (mid - aspect) / aspect_unit
        if area_mm2 < fragment:
            # Smaller than any meeple: part of a piece, whose shape says little.
            return 0.3 * z_aspect
        return z_area + z_aspect

    @functools.cached_property
    def _likeness(self) -> tuple[float, float, float, float, float]:
        """`pyramid_likeness`'s terms that only the calibration's sizes set, worked out once."""
        p_area, m_area = SEEN_SHARE * self.pyramid_mm2, SEEN_SHARE * self.meeple_mm2
        # Seen areas vary by about AREA_SPREAD (log) with the print under a piece; when the two
        # kinds' areas differ by less than twice that, area says little.
        span = math.log(max(p_area, 1.0) / max(m_area, 1.0))
        area_weight = max(0.0, min(1.0, span / (2 * AREA_SPREAD)))
        mid = (self.pyramid_aspect + self.meeple_aspect) / 2
        aspect_unit = max(0.1, (self.meeple_aspect - self.pyramid_aspect) / 4)
        return math.sqrt(p_area * m_area), area_weight, FRAGMENT * m_area, mid, aspect_unit


def square_distances(xs: np.ndarray, ys: np.ndarray, to: np.ndarray) -> np.ndarray:
    """Squared distances from points (x and y apart) to the point `to` (x, y): the same values
    as summing squares along a last axis of two, which numpy does several times slower."""
    dx: np.ndarray = xs - to[0]
    dy: np.ndarray = ys - to[1]
    dx *= dx
    dx += dy * dy
    return dx


def kmeans(points: np.ndarray, n: int, iterations: int = 8) -> np.ndarray:
    """Labels splitting points into n compact groups (farthest-point start, deterministic)."""
    pts = np.ascontiguousarray(points, np.float32)
    xs, ys = pts[:, 0].copy(), pts[:, 1].copy()
    # Each point starts at its nearest start centre (the first of equals, as np.argmin), from
    # the distances the farthest-point start measures: `d` is the nearest's.
    d = square_distances(xs, ys, pts[0])
    start = np.zeros(len(pts), np.int32)
    for c in range(1, n):
        to_c = square_distances(xs, ys, pts[int(np.argmax(d))])
        start[to_c < d] = c
        np.minimum(d, to_c, out=d)
    crit = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, iterations, 0.05)
    _, labels, _ = cv2.kmeans(pts, n, start.reshape(-1, 1), crit, 1, cv2.KMEANS_USE_INITIAL_LABELS)
    return np.asarray(labels, np.int32).ravel()


def count_pieces(area: float, shapes: Shapes, max_pyramids: int) -> tuple[int, int]:
    """(pyramids, meeples) whose seen areas best add up to a blob's area: at most one meeple
    (one per player) and no more pyramids than stations under the blob."""
    best = (1, 0) if max_pyramids else (0, 1)
    best_err = math.inf
    for n_m in (0, 1):
        for n_p in range(0, max_pyramids + 1):
            if n_p + n_m == 0:
                continue
            want = SEEN_SHARE * (n_p * shapes.pyramid_mm2 + n_m * shapes.meeple_mm2)
            # Relative error, with a small bias towards fewer pieces.
            err = abs(math.log(area / want)) + 0.04 * (n_p + n_m)
            if err < best_err:
                best, best_err = (n_p, n_m), err
    return best
