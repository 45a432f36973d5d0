"""A second, tight look at each blob the loose change test found.

The loose test forgives what a pixel of misregistration can change at each pixel (0.7 px x the
print's gradient), so no printed edge becomes a blob; but over thick print of a piece's own shade (a
black pyramid on the Mita line, a green one on a park) that allowance is as large as the piece's
change, and its dark faces are lost: the pyramid shows a meeple's area. Inside each found blob's
box, grown by a margin, the change with no allowance (`Frame.tight`, which the change test measures
on the way) is read instead; the newly changed pixels of the blob's colour (by the same colour test)
that join the blob are added to it. Nothing outside a blob's box can become a piece, so no new blob
appears.
"""

from __future__ import annotations

import math
from typing import Protocol

import cv2
import numpy as np

from companion.vision.colormodel import to_lab

GROW = 0.3
"""The box grows by this share of a pyramid's seen side on each side."""


class _Board(Protocol):
    norm: np.ndarray
    threshold: float

    def board_distance(self, ys: np.ndarray, xs: np.ndarray, lab: np.ndarray) -> np.ndarray: ...


class _Colors(Protocol):
    def classify_lab(self, lab: np.ndarray) -> tuple[np.ndarray, np.ndarray]: ...


class Refiner:
    """Grows blobs by the pixels a tight change test finds around them."""

    def __init__(
        self, board: _Board, colors: _Colors, margin: float, scale: float, pyramid_mm2: float
    ) -> None:
        self.board, self.colors, self.margin = board, colors, margin
        self.grow = max(2, math.ceil(GROW * math.sqrt(pyramid_mm2) * scale))
        self._close = np.ones((3, 3), np.uint8)

    def refine(
        self, image: np.ndarray, pts: np.ndarray, color: int, tight: np.ndarray
    ) -> np.ndarray:
        """The blob's pixels (N x 2 float32, x then y) with the tightly changed pixels of its
        colour next to it. `tight`: the frame's change with no allowance (`Frame.tight`)."""
        bf = self.board
        h, w = tight.shape
        g = self.grow
        # The pixels' bounding box (whole coordinates: OpenCV's is exact, 20 times quicker).
        x0, y0, bw, bh = cv2.boundingRect(pts)
        x1, y1 = x0 + bw, y0 + bh
        bx0, by0, bx1, by1 = max(0, x0 - g), max(0, y0 - g), min(w, x1 + g), min(h, y1 + g)
        changed = tight[by0:by1, bx0:bx1]
        blob = np.zeros((by1 - by0, bx1 - bx0), np.uint8)
        ix, iy = pts[:, 0].astype(np.intp) - bx0, pts[:, 1].astype(np.intp) - by0
        blob[iy, ix] = 1
        ys, xs = np.nonzero((changed > bf.threshold) & (blob == 0))
        if not len(ys):
            return pts
        gy, gx = ys + by0, xs + bx0
        at = gy * w + gx
        seen = image.reshape(-1, 3).take(at, axis=0) / bf.norm.take(at)[:, None]
        lab = to_lab(np.asarray(seen, np.float32))
        idx, per_color = self.colors.classify_lab(lab)
        mine = idx == color
        if not mine.any():
            return pts
        d_board = bf.board_distance(gy[mine], gx[mine], lab[mine])
        ok = per_color[mine, color] + self.margin < d_board
        grown = blob.copy()
        grown[ys[mine][ok], xs[mine][ok]] = 1
        grown = cv2.morphologyEx(grown, cv2.MORPH_CLOSE, self._close)
        n, labels = cv2.connectedComponents(grown, connectivity=8)
        keep = np.zeros(n, bool)
        keep[labels[iy, ix]] = True
        keep[0] = False
        kept = (keep[labels] | (blob > 0)).view(np.uint8)
        # (x, y) in np.nonzero's order, several times faster.
        xy = cv2.findNonZero(kept).reshape(-1, 2) + np.array([bx0, by0], np.int32)
        return np.asarray(xy, np.float32)
