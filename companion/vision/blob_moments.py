"""All of a frame's blobs measured at once: centres, elongations (`vision.outline`) and the
shading rise along a lean (`vision.shading`).

A blob's own numpy calls cost a few microseconds each whatever its size, and a busy frame has
30-40 blobs: one pass over all their pixels, with the sums taken per blob by `np.bincount`
over blob labels, costs about what two blobs' own calls do. Pixel coordinates are whole
numbers, so the centres' sums are exact (the values `pts.sum(0) / len(pts)` gives), and the
second moments are summed in float64 (exact to rounding, in any order).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import NamedTuple

import numpy as np

from companion.vision.shading import lean_direction, shading_says

Point = Callable[[float, float], tuple[float, float]]


class Measures(NamedTuple):
    """What a blob's fit measures of its pixels before judging them (`PieceMaker._fit`)."""

    pts: np.ndarray
    centre: np.ndarray
    x_mm: float
    y_mm: float
    """Where the piece stands (board mm)."""
    station: int
    """Index of the nearest station."""
    distance_mm: float
    elongation: float
    rise: float | None
    """The shading rise along its lean, when measured beforehand."""


def measure_all(
    blobs: list[np.ndarray],
    scale: float,
    stations: tuple[np.ndarray, np.ndarray],
    foot: Point,
    top: Point,
    reach_mm: float,
    image: np.ndarray | None,
    holding: bool,
) -> list[Measures]:
    """Each blob's measures: `foot` and `top` take a centre (board mm) to where the piece
    stands and where a meeple's top shows; the rise is measured for blobs within `reach_mm`
    of a station where the shading can say something (`shading.shading_says`)."""
    if not blobs:
        return []
    moments = BlobMoments(blobs)
    centres = moments.centres.tolist()
    feet = [foot(cx / scale, cy / scale) for cx, cy in centres]
    xy_mm = np.array(feet, np.float32)
    st_x, st_y = stations
    d_st = np.hypot(st_x[None, :] - xy_mm[:, :1], st_y[None, :] - xy_mm[:, 1:])
    nearest = np.argmin(d_st, axis=1)
    distances = d_st[np.arange(len(blobs)), nearest].tolist()
    directions = np.zeros((len(blobs), 2))
    wanted = np.zeros(len(blobs), bool)
    if image is not None:
        for j, (cx, cy) in enumerate(centres):
            sx, sy = cx / scale, cy / scale
            direction, lean_mm = lean_direction(sx, sy, top(sx, sy))
            if distances[j] < reach_mm and shading_says(holding, lean_mm):
                directions[j], wanted[j] = direction, True
    rises = moments.rises(image, directions, wanted) if image is not None else []
    return [
        Measures(
            pts,
            moments.centres[j],
            *feet[j],
            int(nearest[j]),
            distances[j],
            elong,
            rises[j] if wanted[j] else None,
        )
        for j, (pts, elong) in enumerate(zip(blobs, moments.elongations(), strict=True))
    ]


class BlobMoments:
    """Per-blob sums over the pixels of several blobs (each N x 2 float32, x then y)."""

    def __init__(self, blobs: list[np.ndarray]) -> None:
        self.count = len(blobs)
        self.sizes = np.array([len(b) for b in blobs], np.intp)
        self.label = np.repeat(np.arange(self.count), self.sizes)
        pts = np.concatenate(blobs) if blobs else np.zeros((0, 2), np.float32)
        self.pts = pts
        self.x = pts[:, 0].astype(np.float64)
        self.y = pts[:, 1].astype(np.float64)
        sums = np.stack([self._sum(self.x), self._sum(self.y)], 1)
        self.centres = sums.astype(np.float32) / np.maximum(self.sizes, 1)[:, None].astype(
            np.float32
        )
        """Each blob's mean pixel (float32, as `pts.sum(0) / len(pts)`)."""
        self._dx = self.x - self.centres[self.label, 0]
        self._dy = self.y - self.centres[self.label, 1]

    def _sum(self, values: np.ndarray) -> np.ndarray:
        return np.bincount(self.label, values, minlength=self.count)

    def elongations(self) -> list[float]:
        """`outline.elongation` of each blob (1 under five pixels)."""
        n = np.maximum(self.sizes, 1)
        sxx = self._sum(self._dx * self._dx) / n + 1 / 12
        syy = self._sum(self._dy * self._dy) / n + 1 / 12
        sxy = self._sum(self._dx * self._dy) / n
        out = []
        for size, xx, yy, xy in zip(
            self.sizes.tolist(), sxx.tolist(), syy.tolist(), sxy.tolist(), strict=True
        ):
            if size < 5:
                out.append(1.0)
                continue
            mid, half = (xx + yy) / 2, math.hypot((xx - yy) / 2, xy)
            out.append(math.sqrt((mid + half) / max(mid - half, 1e-9)))
        return out

    def rises(self, image: np.ndarray, directions: np.ndarray, wanted: np.ndarray) -> list[float]:
        """`shading.rise` of each blob along its direction (B x 2), for the `wanted` blobs
        (bool, B); 0 for the others."""
        out = [0.0] * self.count
        wanted = wanted & (self.sizes >= 8)
        if not wanted.any():
            return out
        at = np.flatnonzero(wanted[self.label])
        lab = self.label[at]
        ix, iy = self.pts[at, 0].astype(np.intp), self.pts[at, 1].astype(np.intp)
        lit = image[iy, ix]
        lum = lit[:, 0].astype(np.float64)
        lum += lit[:, 1]
        lum += lit[:, 2]
        along = self.x[at] * directions[lab, 0] + self.y[at] * directions[lab, 1]
        n = np.maximum(self.sizes, 1)
        d_lum = lum - (np.bincount(lab, lum, minlength=self.count) / n)[lab]
        d_along = along - (np.bincount(lab, along, minlength=self.count) / n)[lab]
        ll = np.bincount(lab, d_lum * d_lum, minlength=self.count) / n
        aa = np.bincount(lab, d_along * d_along, minlength=self.count) / n
        la = np.bincount(lab, d_lum * d_along, minlength=self.count) / n
        for j in np.flatnonzero(wanted).tolist():
            sl, sa = math.sqrt(float(ll[j])), math.sqrt(float(aa[j]))
            if sl > 1e-6 and sa > 1e-6:
                out[j] = float(la[j]) / (sl * sa)
        return out
