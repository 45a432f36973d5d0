"""Which of the board's stations a blob stands on or near (board mm), and which is nearest.

A busy board has a few hundred stations and a blob is near a handful: a coarse grid of them
(built once per board) gives the few whose box test a blob's own numpy calls would otherwise
make over all of them, with the same comparisons (float32 values compared exactly).
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from companion.vision.seen_shapes import square_distances

CELL_MM = 20.0
UNDER_MM = 6.0
"""A station's centre this near a blob's pixels stands under it."""
BOX_MM = 8.0
"""Stations further than this beyond a blob's bounding box cannot be under it."""


class StationReach:
    """The board's station centres, and which stand under a blob."""

    def __init__(self, stations: dict[str, tuple[float, float]]) -> None:
        self.ids = list(stations)
        self.xy = np.array(list(stations.values()), np.float32).reshape(-1, 2)
        """Centres (N x 2 float32, mm)."""
        self.x, self.y = self.xy[:, 0].copy(), self.xy[:, 1].copy()
        self.centres: list[list[float]] = self.xy.tolist()
        self._cells: dict[tuple[int, int], list[int]] = {}
        for k, (x, y) in enumerate(self.centres):
            self._cells.setdefault((math.floor(x / CELL_MM), math.floor(y / CELL_MM)), []).append(k)

    def nearest(self, x: float, y: float) -> tuple[int, float]:
        """(index, distance mm) of the station nearest (x, y)."""
        d = np.hypot(self.x - x, self.y - y)
        k = int(np.argmin(d))
        return k, float(d[k])

    def in_box(self, x0: float, y0: float, x1: float, y1: float) -> np.ndarray:
        """Indices (ascending) of the stations whose centres lie in this box, ends included."""
        found = []
        for i in range(math.floor(x0 / CELL_MM), math.floor(x1 / CELL_MM) + 1):
            for j in range(math.floor(y0 / CELL_MM), math.floor(y1 / CELL_MM) + 1):
                for k in self._cells.get((i, j), ()):
                    x, y = self.centres[k]
                    if x0 <= x <= x1 and y0 <= y <= y1:
                        found.append(k)
        return np.array(sorted(found), np.intp)

    def under(self, pts: np.ndarray, scale: float) -> np.ndarray:
        """Indices of the stations whose centres lie under (or within UNDER_MM of) these
        pixels (N x 2, board frame at `scale` px/mm)."""
        # The bounding box `pts.min(0) / scale - BOX_MM` to `pts.max(0) / scale + BOX_MM` in
        # float32, from OpenCV's bounding box of the (whole) pixel coordinates.
        bx, by, bw, bh = cv2.boundingRect(pts)
        fs, box = np.float32(scale), np.float32(BOX_MM)
        x0, y0 = np.float32(bx) / fs - box, np.float32(by) / fs - box
        x1, y1 = np.float32(bx + bw - 1) / fs + box, np.float32(by + bh - 1) / fs + box
        idx = self.in_box(float(x0), float(y0), float(x1), float(y1))
        if not len(idx):
            return idx
        mm = pts[:: max(1, len(pts) // 200)] / scale
        d2 = square_distances(self.x[idx][:, None], self.y[idx][:, None], mm.T[:, None])
        # A float32 square root is rounded as exactly as it can be: below UNDER_MM just where
        # its square is below UNDER_MM squared (36, exact).
        return np.asarray(idx[d2.min(1) < UNDER_MM * UNDER_MM])
