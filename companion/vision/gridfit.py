"""The printed movement grid: its origin and square size, from a rectified board image.

The grid's thin dark lines run the whole board, so the dark-thin-line image summed down each
column (and along each row) peaks at them while the short lines, text and circles blur out.
The origin and square size are the comb of `columns + 1` (`rows + 1`) teeth that sits on the
most darkness, searched around the map's grid and refined to a fraction of a pixel.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.metro.board import Grid

SEARCH_MM = 14.0
SIZE_SPAN = 0.04
"""The square size is looked for within this fraction of the map's."""


@dataclass(frozen=True)
class GridFit:
    origin_mm: tuple[float, float]
    square_mm: tuple[float, float]
    confidence: float
    """0-1: how much the best comb stands out from the next best (0.5 or more: sure)."""


@dataclass(frozen=True)
class GridFit1:
    origin: float
    step: float
    stand: float


def _comb(profile: np.ndarray, scale: float, start: float, step: float, teeth: int) -> GridFit1:
    """Best (origin, step) for one axis, with how much it stands out."""
    n = len(profile)
    origins = np.arange(start - SEARCH_MM, start + SEARCH_MM, 0.25 / scale * 2)
    steps = np.linspace(step * (1 - SIZE_SPAN), step * (1 + SIZE_SPAN), 81)
    k = np.arange(teeth)
    pos = (origins[:, None, None] + steps[None, :, None] * k[None, None, :]) * scale
    inside = (pos >= 0) & (pos <= n - 1)
    val = np.interp(pos, np.arange(n), profile) * inside
    score = val.sum(axis=2) / np.maximum(inside.sum(axis=2), 1)
    i, j = np.unravel_index(int(np.argmax(score)), score.shape)
    best = float(score[i, j])
    far = np.abs(origins[:, None] - origins[i]) > 3.0
    runner = float(np.where(far, score, -np.inf).max()) if far.any() else 0.0
    base = float(np.median(score))
    stand = (best - runner) / max(best - base, 1e-9)
    return GridFit1(float(origins[i]), float(steps[j]), float(np.clip(stand, 0, 1)))


def fit_grid(board_bgr: np.ndarray, scale: float, grid: Grid) -> GridFit:
    """The printed grid near the map's `grid` in a board image at `scale` px/mm."""
    gray = cv2.cvtColor(board_bgr, cv2.COLOR_BGR2GRAY).astype(np.float32)
    size = max(3, round(2.5 * scale) | 1)
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (size, size))
    dark = cv2.morphologyEx(gray, cv2.MORPH_BLACKHAT, kernel)
    dark = np.minimum(dark, np.percentile(dark, 99))
    cols = _comb(dark.sum(axis=0), scale, grid.origin_x_mm, grid.square_w_mm, grid.columns + 1)
    rows = _comb(dark.sum(axis=1), scale, grid.origin_y_mm, grid.square_h_mm, grid.rows + 1)
    return GridFit(
        (round(cols.origin, 2), round(rows.origin, 2)),
        (round(cols.step, 3), round(rows.step, 3)),
        min(cols.stand, rows.stand),
    )
