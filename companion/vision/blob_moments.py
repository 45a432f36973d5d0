"""All of a frame's blobs measured at once: centres, elongations (`vision.outline`) and the
shading rise along a lean (`vision.shading`).

A blob's own numpy calls cost a few microseconds each whatever its size, and a busy frame has
30-40 blobs: one pass over all their pixels, with the sums taken per blob by `np.bincount`
over blob labels, costs about what two blobs' own calls do. Pixel coordinates are whole
numbers, so the centres' sums are exact (the values `pts.sum(0) / len(pts)` gives), and the
second moments are summed in float64 (exact to rounding, in any order). A blob's minimum-area
rectangle is its convex hull's, and the hull of pixels that run row by row is the hull of its
rows' first and last pixels: OpenCV's `minAreaRect` on those (a sixth of the pixels) gives the
very same rectangle several times quicker.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import cv2
import numpy as np

from companion.vision.outline import elongation, elongation_of
from companion.vision.shading import correlation, lean_direction, shading_says

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
    lean: tuple[tuple[float, float], float]
    """(unit direction, length mm) of a meeple's top's lean from its centre (`lean_direction`)."""
    rise: float | None
    """The shading rise along its lean, when measured beforehand."""
    rect: tuple[float, float]
    """(short, long) side of its minimum-area rectangle, px ((0, 0) under five pixels)."""


def measure_all(
    blobs: list[np.ndarray],
    scale: float,
    stations: tuple[np.ndarray, np.ndarray],
    foot: Point,
    top: Point,
    reach_mm: float,
    image: np.ndarray | None,
    holding: bool,
    parts: list[np.ndarray] | None = None,
) -> list[Measures]:
    """Each blob's measures: `foot` and `top` take a centre (board mm) to where the piece
    stands and where a meeple's top shows; the rise is measured for blobs within `reach_mm`
    of a station where the shading can say something (`shading.shading_says`). `parts` (split
    blobs' parts, measured after the blobs) take their elongations one by one
    (`outline.elongation`'s float32 dot products, whose sums no batch repeats to the bit) and
    no rises (`shading.rise` measures them if asked)."""
    whole = len([b for b in blobs if len(b)])
    blobs = [b for b in [*blobs, *(parts or [])] if len(b)]
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
    leans = []
    for cx, cy in centres:
        sx, sy = cx / scale, cy / scale
        leans.append(lean_direction(sx, sy, top(sx, sy)))
    rises: list[float | None] = [None] * len(blobs)
    if image is not None:
        directions = np.zeros((len(blobs), 2))
        wanted = []
        for j, (direction, lean_mm) in enumerate(leans):
            if j < whole and distances[j] < reach_mm and shading_says(holding, lean_mm):
                directions[j] = direction
                wanted.append(j)
        if wanted:
            values = moments.rises(image, directions[wanted], wanted)
            for j, value in zip(wanted, values, strict=True):
                rises[j] = value
    elongs = moments.elongations(whole)
    for j in range(whole, len(blobs)):
        elongs.append(elongation(blobs[j], moments.centres[j]))
    rows = zip(blobs, feet, elongs, moments.rects(), strict=True)
    return [
        Measures(
            pts, moments.centres[j], *xy, int(nearest[j]), distances[j], e, leans[j], rises[j], r
        )
        for j, (pts, xy, e, r) in enumerate(rows)
    ]


class BlobMoments:
    """Per-blob sums over the pixels of several blobs (each N x 2 float32, x then y, none
    empty), laid end to end so that each blob's sum is one segment's (`np.add.reduceat`)."""

    def __init__(self, blobs: list[np.ndarray]) -> None:
        self.sizes = np.array([len(b) for b in blobs], np.intp)
        ends = np.cumsum(self.sizes)
        self._starts = np.concatenate([[0], ends[:-1]])
        self._runs: list[int] = [0, *ends.tolist()]
        """Where each blob's pixels start in `pts`, then where the last ends."""
        self.pts = np.concatenate(blobs)
        xy = self.pts.astype(np.float64)
        self.centres = self._sums(xy).astype(np.float32) / self.sizes[:, None].astype(np.float32)
        """Each blob's mean pixel (float32, as `pts.sum(0) / len(pts)`)."""
        self._d = xy - np.repeat(self.centres, self.sizes, axis=0)

    def _sums(self, values: np.ndarray, starts: np.ndarray | None = None) -> np.ndarray:
        """Each blob's sum of `values` (a row a pixel), or of each run of them from `starts`
        (each run's sum is its own: the same values wherever the run lies)."""
        at = self._starts if starts is None else starts
        return np.asarray(np.add.reduceat(values, at, axis=0))

    def _mean_products(
        self,
        a: np.ndarray,
        b: np.ndarray,
        sizes: np.ndarray | None = None,
        starts: np.ndarray | None = None,
    ) -> np.ndarray:
        """Each blob's means of a * a, b * b and a * b (B x 3), for values a and b a pixel (or
        of each run of `sizes` pixels from `starts`)."""
        products = np.empty((len(a), 3))
        np.multiply(a, a, out=products[:, 0])
        np.multiply(b, b, out=products[:, 1])
        np.multiply(a, b, out=products[:, 2])
        counts: np.ndarray = self.sizes if sizes is None else sizes
        return np.asarray(self._sums(products, starts) / counts[:, None])

    def elongations(self, first: int | None = None) -> list[float]:
        """`outline.elongation` of each blob, or of the `first` ones (1 under five pixels)."""
        moments = self._mean_products(self._d[:, 0], self._d[:, 1])
        sizes = self.sizes.tolist()[:first]
        return [
            elongation_of(xx, yy, xy) if size >= 5 else 1.0
            for size, (xx, yy, xy) in zip(sizes, moments.tolist(), strict=False)
        ]

    def rects(self) -> list[tuple[float, float]]:
        """(short, long) side of each blob's minimum-area rectangle, px ((0, 0) under five
        pixels): from its rows' ends where its pixels run row by row, left to right (as the
        blob finder's and `np.nonzero`'s do: a row's first and last pixels are its ends), else
        from all its pixels."""
        x, y = self.pts[:, 0], self.pts[:, 1]
        new_row = np.ones(len(y), bool)
        np.not_equal(y[1:], y[:-1], out=new_row[1:])
        falls = np.zeros(len(y), bool)
        np.less(y[1:], y[:-1], out=falls[1:])
        back = np.less(x[1:], x[:-1])
        back &= ~new_row[1:]
        falls[1:] |= back
        falls[self._starts] = False
        new_row[self._starts] = True
        rows = np.flatnonzero(new_row)
        ends = np.empty((len(rows), 2, 2), np.float32)
        ends[:, 0, 0] = x[rows]
        ends[:-1, 1, 0] = x[rows[1:] - 1]
        ends[-1, 1, 0] = x[-1]
        ends[:, :, 1] = y[rows][:, None]
        first = [*np.searchsorted(rows, self._starts).tolist(), len(rows)]
        disordered = np.logical_or.reduceat(falls, self._starts).tolist()
        out = []
        for j, size in enumerate(self.sizes.tolist()):
            if size < 5:
                out.append((0.0, 0.0))
                continue
            if disordered[j]:
                start = int(self._starts[j])
                hull = self.pts[start : start + size]
            else:
                hull = ends[first[j] : first[j + 1]].reshape(-1, 2)
            (_, _), (rw, rh), _ = cv2.minAreaRect(hull)
            out.append((min(rw, rh), max(rw, rh)))
        return out

    def rises(
        self, image: np.ndarray, directions: np.ndarray, blobs: list[int] | None = None
    ) -> list[float]:
        """`shading.rise` of each blob along its direction (B x 2) in `image` (H x W x 3), or
        of the `blobs` (indices, ascending; a direction each) alone: their pixels are
        gathered and each blob's sums are its own run's, the values of the whole batch."""
        pts, d, sizes, starts = self.pts, self._d, self.sizes, self._starts
        if blobs is not None and len(blobs) < len(self.sizes):
            runs = [(self._runs[j], self._runs[j + 1]) for j in blobs]
            pts = np.concatenate([pts[a:b] for a, b in runs])
            d = np.concatenate([d[a:b] for a, b in runs])
            sizes = self.sizes[blobs]
            starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
        at = pts[:, 1].astype(np.intp) * image.shape[1] + pts[:, 0].astype(np.intp)
        lit = image.reshape(-1, 3).take(at, axis=0)
        lum = lit[:, 0].astype(np.float64)
        lum += lit[:, 1]
        lum += lit[:, 2]
        lum -= np.repeat(self._sums(lum, starts) / sizes, sizes)
        along = np.repeat(directions, sizes, axis=0)
        along *= d
        d_along = along[:, 0] + along[:, 1]
        sums = self._mean_products(lum, d_along, sizes, starts)
        return [
            correlation(ll, aa, la) if size >= 8 else 0.0
            for size, (ll, aa, la) in zip(sizes.tolist(), sums.tolist(), strict=True)
        ]
