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
from typing import NamedTuple, Protocol

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


class _Look(NamedTuple):
    """One blob's second look before its colour work: its box and the tightly changed pixels
    in it that are not the blob's."""

    pts: np.ndarray
    x0: int
    y0: int
    blob: np.ndarray
    """The blob in its box (h x w uint8 0/1)."""
    at: np.ndarray
    """The blob's pixels' places in the flattened box."""
    ys: np.ndarray
    xs: np.ndarray
    """The new pixels in the box (row by row)."""


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
        return self.refine_all(image, [(pts, color)], tight)[0]

    def refine_all(
        self, image: np.ndarray, blobs: list[tuple[np.ndarray, int]], tight: np.ndarray
    ) -> list[np.ndarray]:
        """`refine` of each (pixels, colour) of a frame, the new pixels' colours (Lab,
        classification, board distance: a few tens of numpy calls) worked out in one pass:
        each pixel's values are its own (elementwise, and a matrix product of two or more
        pixels gives each pixel's column as a product of it alone would: a blob with one new
        pixel, whose product is numpy's other path, has its own pass)."""
        w = tight.shape[1]
        looks = [self._look(pts, tight) for pts, _ in blobs]
        out = [pts for pts, _ in blobs]
        todo = [j for j, look in enumerate(looks) if len(look.ys)]
        batches = [j for j in todo if len(looks[j].ys) > 1]
        for batch in [batches, *([j] for j in todo if len(looks[j].ys) == 1)]:
            if not batch:
                continue
            sizes = [len(looks[j].ys) for j in batch]
            gy = np.concatenate([looks[j].ys + looks[j].y0 for j in batch])
            gx = np.concatenate([looks[j].xs + looks[j].x0 for j in batch])
            colors = np.repeat(np.array([blobs[j][1] for j in batch], np.intp), sizes)
            mine, ok = self._colored(image, gy, gx, colors, w)
            ends = np.cumsum(sizes).tolist()
            mine_ends = np.cumsum(mine)[np.array(ends) - 1].tolist()
            start = mine_start = 0
            for j, end, mine_end in zip(batch, ends, mine_ends, strict=True):
                if mine_end > mine_start:
                    keep = ok[mine_start:mine_end]
                    mine_j = mine[start:end]
                    out[j] = self._joined(looks[j], mine_j, keep)
                start, mine_start = end, mine_end
        return out

    def _look(self, pts: np.ndarray, tight: np.ndarray) -> _Look:
        bf = self.board
        h, w = tight.shape
        g = self.grow
        # The pixels' bounding box (whole coordinates: OpenCV's is exact, 20 times quicker).
        x0, y0, bw, bh = cv2.boundingRect(pts)
        x1, y1 = x0 + bw, y0 + bh
        bx0, by0, bx1, by1 = max(0, x0 - g), max(0, y0 - g), min(w, x1 + g), min(h, y1 + g)
        side = bx1 - bx0
        ixy = pts.astype(np.intp)
        at = ixy[:, 1] * side
        at += ixy[:, 0]
        at -= by0 * side + bx0
        blob = np.zeros((by1 - by0, side), np.uint8)
        blob.ravel()[at] = 1
        new = tight[by0:by1, bx0:bx1] > bf.threshold
        new.ravel()[at] = False
        ys, xs = np.divmod(np.flatnonzero(new), side)
        return _Look(pts, bx0, by0, blob, at, ys, xs)

    def _colored(
        self, image: np.ndarray, gy: np.ndarray, gx: np.ndarray, colors: np.ndarray, w: int
    ) -> tuple[np.ndarray, np.ndarray]:
        """Which pixels are of their blob's colour (`mine`), and of those, which are nearer it
        than the board (`ok`, one value each of `mine`'s)."""
        bf = self.board
        at = gy * w + gx
        seen = image.reshape(-1, 3).take(at, axis=0) / bf.norm.take(at)[:, None]
        lab = to_lab(np.asarray(seen, np.float32))
        idx, per_color = self.colors.classify_lab(lab)
        mine = idx == colors
        d_board = bf.board_distance(gy[mine], gx[mine], lab[mine])
        ok = per_color[mine, colors[mine]] + self.margin < d_board
        return mine, ok

    def _joined(self, look: _Look, mine: np.ndarray, ok: np.ndarray) -> np.ndarray:
        """The blob with the new pixels of its colour (`ok` of those `mine`) that join it."""
        grown = look.blob.copy()
        grown[look.ys[mine][ok], look.xs[mine][ok]] = 1
        grown = cv2.morphologyEx(grown, cv2.MORPH_CLOSE, self._close)
        n, labels = cv2.connectedComponents(grown, connectivity=8)
        keep = np.zeros(n, bool)
        keep[labels.ravel().take(look.at)] = True
        keep[0] = False
        # A closing keeps every pixel it closes: the blob's own lie in the components kept.
        kept = keep[labels].view(np.uint8)
        # (x, y) in np.nonzero's order, several times faster.
        xy = cv2.findNonZero(kept).reshape(-1, 2) + np.array([look.x0, look.y0], np.int32)
        return np.asarray(xy, np.float32)
