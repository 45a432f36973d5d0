"""Changed pixels into blobs: each candidate of the change test is kept when its colour is
nearer a calibrated piece colour than the empty board's colour under it (and its neighbours'),
by more than the measured noise, so a black piece on a dark blue line, or a green one on a green
park, is nearer its piece colour, and a shadow or a misregistered line edge is nearer the board.
Kept pixels are grouped into connected blobs of one colour."""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from companion.vision.boardframe import SHADOW_RATIO, SHADOW_SPREAD, BoardFrame, Frame
from companion.vision.colormodel import L_WEIGHT, ColorModel, to_lab
from companion.vision.model import MEEPLE, PYRAMID
from companion.vision.refine import Refiner

FAINT = 0.2
"""A component of one colour this share of a piece's least size gets a second look."""
FAINT_LOOKS = 3
"""Second looks at most for such a component, each from what the last one grew, while it
grows and is still too small for a piece: a scrap at one end of a dark meeple over print of
its shade reaches, in one look, only a few pixels past its own box."""
DARK_L = 25.0
"""A colour with a prototype this dark (Lab L) is a dark piece's: it can look like a shadow."""
SHADOW_PX = 1.5
"""A part of a mixed blob under this many times the least blob size can be a piece's shadow."""
PALE_SHADOW = 0.5
"""A light colour's part of a blob with more than this share of its pixels paper in a shadow
(`BlobFinder._paper_shadow`) is that shadow, not a piece."""
PAPER = 0.8
"""Board pixels brighter than this share of the board's median grey are plain paper."""
SHADOW_LIGHT = 0.5
"""Over paper a shadow keeps this share of the paper's light or more; a dark piece, matt wood
under the same light, far less (a black meeple about a third in the renderer, less in wood)."""


@dataclass
class Blob:
    """Board-frame pixels (N x 2 float32, x then y) of one colour index, and the colour's
    confidence."""

    color: int
    pts: np.ndarray
    conf: float


def nonzero_xy(mask: np.ndarray) -> np.ndarray:
    """(x, y) of a mask's set pixels (N x 2 int32) in np.nonzero's order, four times faster
    (`nonzero_flat`)."""
    at = nonzero_flat(mask)
    w = mask.shape[1]
    return np.stack([at % w, at // w], 1)


def nonzero_flat(mask: np.ndarray) -> np.ndarray:
    """Flat places (int32) of a 2-D mask's set pixels, in np.nonzero's order.

    A frame's few set pixels lie in few runs: the mask is read as 8-pixel words and only the
    words with a set pixel are searched (`cv2.findNonZero` over the whole mask costs four
    times as much)."""
    h, w = mask.shape
    if mask.dtype != np.uint8 or (h * w) % 8 or not mask.flags.c_contiguous:
        found = cv2.findNonZero(mask)
        if found is None:
            return np.zeros(0, np.int32)
        xy = np.asarray(found).reshape(-1, 2)
        return np.asarray(xy[:, 1] * w + xy[:, 0], np.int32)
    words = np.flatnonzero(mask.reshape(-1).view(np.uint64) != 0)
    found = cv2.findNonZero(mask.reshape(-1, 8)[words])
    if found is None:
        return np.zeros(0, np.int32)
    cols, rows = found.reshape(-1, 2).T
    at: np.ndarray = words.astype(np.int32)[rows]
    at *= 8
    at += cols
    return at


def piece_box(ys: np.ndarray, xs: np.ndarray, h: int, w: int) -> tuple[int, int, int, int]:
    """(x0, y0, x1, y1), ends excluded: where a 3 x 3 closing and the 8-connected labelling of
    the set pixels at (ys ascending, xs) of an h x w mask can be worked out with the whole
    mask's values and labels. Two pixels or more round the pixels, as far as the mask goes (a
    closing's values there are the whole mask's: nothing it sets lies further), its corner on
    even pixels (the labelling's 2 x 2 blocks fall where they do on the whole mask, and its
    labels are numbered by their first block), 8 pixels wide where it can (`nonzero_flat`'s
    quick path)."""
    x0, y0 = max(0, int(xs.min()) - 2) & ~7, max(0, int(ys[0]) - 2) & ~1
    x1 = min(w, x0 + (int(xs.max()) + 10 - x0) // 8 * 8)
    return x0, y0, x1, min(h, int(ys[-1]) + 3)


class BlobFinder:
    """The blobs of one frame, for the pieces' sizes and colours of one calibration."""

    def __init__(
        self, board_frame: BoardFrame, colors: ColorModel, margin: float, refiner: Refiner
    ) -> None:
        self.board_frame = board_frame
        self.colors = colors
        self.margin = margin
        self.scale = board_frame.scale
        self.refiner = refiner
        self._close = np.ones((3, 3), np.uint8)
        darkest = [
            colors.prototypes[colors.owner == c][:, 0].min() for c in range(len(colors.names))
        ]
        self._dark = {c for c, lum in enumerate(darkest) if lum / L_WEIGHT < DARK_L}
        self._paper = (board_frame.ref_sum > PAPER * 3 * board_frame.level).ravel()
        """Where the empty board is plain paper (flat), for `off_shadow`."""

    def find(self, frame: Frame) -> list[Blob]:
        """Connected pixels of one piece colour, each nearer that colour than the board."""
        s2 = self.scale * self.scale
        min_px = 0.4 * min(self.colors.area_mm2[PYRAMID], self.colors.area_mm2[MEEPLE]) * s2
        bf = self.board_frame
        h, w = frame.mask.shape
        # Flat places: one-index gathers and scatters, several times quicker than two-index.
        at = nonzero_flat(frame.mask).astype(np.intp)
        if not len(at):
            return []
        ys, xs = np.divmod(at, w)
        lab = to_lab(bf.colors_at(frame, ys, xs))
        # `best`: the nearest colour's distance (used only where idx >= 0).
        idx, per_color, best = self.colors.nearest_colors(lab)
        # Only pixels near some piece colour can be piece pixels: the board's distance (nine
        # gathers a pixel) is measured for those alone.
        near = np.flatnonzero(idx >= 0)
        d_board = np.full(len(idx), np.inf, np.float32)
        d_board[near] = bf.board_distance(ys[near], xs[near], lab[near])
        piece_px = (idx >= 0) & (best + self.margin < d_board)
        # A piece on a print of its own colour (blue on the Mita line): its colour is no
        # nearer the piece than the board, but it changed a lot.
        strong = frame.diff.ravel().take(at) > 2 * bf.threshold
        piece_px |= (idx >= 0) & strong & (best < d_board + 2 * self.margin)
        # A dark piece over dark print: the local brightness ratio takes it for a shadow, so
        # its change is small; but it is far darker than the print and nearer its colour.
        maybe = np.flatnonzero(~piece_px & (idx >= 0) & (best < d_board))
        piece_px[maybe] = bf.darker(frame, ys[maybe], xs[maybe])
        sel = np.flatnonzero(piece_px)
        if not len(sel):
            return []
        # The closing, the labelling and the rest on the piece pixels' box (`piece_box`): on a
        # quiet frame a fraction of the frame, the same values.
        sel_ys, sel_xs = ys[sel], xs[sel]
        x0, y0, x1, y1 = piece_box(sel_ys, sel_xs, h, w)
        h, w = y1 - y0, x1 - x0
        sel_at = (sel_ys - y0) * w + (sel_xs - x0)
        mask: np.ndarray = np.zeros((h, w), np.uint8)
        mask.ravel()[sel_at] = 1
        mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, self._close)
        # Labels only: OpenCV's component statistics cost several times the labelling; 16-bit
        # labels (the same ones) when they fit, a third quicker.
        ltype = cv2.CV_16U if len(sel) < 2**16 - 1 else cv2.CV_32S
        n, labels = cv2.connectedComponents(mask, connectivity=8, ltype=ltype)
        n_colors = per_color.shape[1]
        # Per component and colour at once: pixel counts, so one-colour blobs (nearly all)
        # need no per-blob image work.
        comp = labels.ravel().take(sel_at).astype(np.intp)
        key = comp * n_colors + idx[sel]
        counts = np.bincount(key, minlength=n * n_colors).reshape(n, n_colors)
        present = counts >= min_px
        on = nonzero_flat(mask)
        lbl = labels.ravel().take(on)
        order = np.argsort(lbl, kind="stable")
        bounds = np.searchsorted(lbl[order], np.arange(n + 1))
        ys_l, xs_l = np.divmod(on.take(order), w)
        # Whole numbers: the box's corner added before the float conversion is the same sum.
        xy = np.stack([xs_l + x0, ys_l + y0], 1).astype(np.float32)
        # Bounding boxes (x, y, w, h) of labels 1..n-1, each at least one pixel.
        boxes = np.zeros((n, 4), np.intp)
        if n > 1:
            starts = bounds[1:n]
            x_lo, y_lo = np.minimum.reduceat(xs_l, starts), np.minimum.reduceat(ys_l, starts)
            x_hi, y_hi = np.maximum.reduceat(xs_l, starts), np.maximum.reduceat(ys_l, starts)
            boxes[1:] = np.stack([x_lo, y_lo, x_hi - x_lo + 1, y_hi - y_lo + 1], 1)
        big = boxes[:, 2] * boxes[:, 3] >= min_px
        big[0] = False
        # One-colour components (nearly all) at once: colour and confidence.
        n_present = present.sum(1)
        colour = present.argmax(1)
        one = np.flatnonzero(big & (n_present == 1))
        conf = np.ones(n)
        if len(one):
            sums = _own_sums(comp, key, sel, per_color, one * n_colors + colour[one], n)
            conf[one] = self.colors.confidences(sums[one] / counts[one, colour[one], None])
        out = self._faint_blobs(frame, counts, n_present, xy, bounds, min_px)
        pixel_images: tuple[np.ndarray, np.ndarray] | None = None
        # Python numbers for the loop (a numpy scalar's every operation costs more).
        ends, colours_of, confs = bounds.tolist(), colour.tolist(), conf.tolist()
        several = (n_present > 1).tolist()
        for j in np.flatnonzero(big & (n_present > 0)).tolist():
            if not several[j]:
                if ends[j + 1] - ends[j] >= min_px:
                    out.append(Blob(colours_of[j], xy[ends[j] : ends[j + 1]], confs[j]))
                continue
            if pixel_images is None:
                # Each piece pixel's colour and row, for the few blobs of several colours.
                color_img = np.full((h, w), -1, np.int8)
                color_img.ravel()[sel_at] = idx[sel]
                row_img = np.full((h, w), -1, np.int32)
                row_img.ravel()[sel_at] = sel
                pixel_images = (color_img, row_img)
            color_img, row_img = pixel_images
            colours = np.flatnonzero(present[j])
            parts = self._mixed_blob(
                j, boxes[j], labels, color_img, row_img, per_color, colours, min_px, (x0, y0)
            )
            out += [b for b in parts if not self._a_shadow(frame, b, min_px)]
        return out

    def off_shadow(self, frame: Frame, pts: np.ndarray, color: int) -> np.ndarray:
        """A dark piece's pixels (N x 2, x then y) without those of its shadow on the paper
        beside it, which join its blob: over paper, keeping half the paper's light or more
        (`SHADOW_LIGHT`), every channel dimmed alike (`boardframe.in_shadow`'s test). Where it
        stands is its outline's; its area (as the calibration measured it) keeps the shadow.
        `pts` itself where nothing is dropped."""
        if color not in self._dark:
            return pts
        bf = self.board_frame
        p = pts.astype(np.intp)
        at = p[:, 1] * bf.ref_sum.shape[1]
        at += p[:, 0]
        paper = np.flatnonzero(self._paper.take(at))
        if not len(paper):
            return pts
        shadow = self._paper_shadow(frame, at.take(paper))
        if not shadow.any():
            return pts
        keep = np.ones(len(pts), bool)
        keep[paper[shadow]] = False
        return pts.compress(keep, axis=0)

    def _paper_shadow(self, frame: Frame, at: np.ndarray) -> np.ndarray:
        """Which of these (flat) places keep half the paper's light or more, every channel
        dimmed alike (`boardframe.in_shadow`'s test): paper in a piece's shadow."""
        ratio = frame.image.reshape(-1, 3).take(at, axis=0)
        ratio /= self.board_frame.ref.reshape(-1, 3).take(at, axis=0) + np.float32(1.0)
        total = ratio.sum(1)
        shadow: np.ndarray = (total >= 3 * SHADOW_LIGHT) & (total < 3 * SHADOW_RATIO[1])
        shadow &= ratio.max(1) < SHADOW_SPREAD * ratio.min(1)
        return shadow

    def _a_shadow(self, frame: Frame, blob: Blob, min_px: float) -> bool:
        """A small part of a dark colour, touching a piece of another, that keeps half the
        paper's light or more: the shadow that piece casts on the paper beside it. A part of a
        light colour is that shadow where most of it is paper so dimmed (`PALE_SHADOW`:
        a black meeple's shadow on cream paper was read as a yellow meeple)."""
        if len(blob.pts) >= SHADOW_PX * min_px and blob.color in self._dark:
            return False
        bf = self.board_frame
        p = blob.pts.astype(np.intp)
        at = p[:, 1] * bf.ref_sum.shape[1] + p[:, 0]
        if blob.color not in self._dark:
            on = np.flatnonzero(self._paper.take(at))
            dimmed = np.count_nonzero(self._paper_shadow(frame, at.take(on)))
            return bool(dimmed > PALE_SHADOW * len(at))
        ref_sum = bf.ref_sum.ravel().take(at)
        paper = ref_sum > PAPER * 3 * bf.level
        if np.count_nonzero(paper) < 0.5 * len(at):
            return False
        seen = frame.image.reshape(-1, 3).take(at[paper], axis=0).sum()
        return bool(seen > SHADOW_LIGHT * ref_sum[paper].sum())

    def _faint_blobs(
        self,
        frame: Frame,
        counts: np.ndarray,
        n_present: np.ndarray,
        xy: np.ndarray,
        bounds: np.ndarray,
        min_px: float,
    ) -> list[Blob]:
        """Components of one colour too small to be a piece that the tight change test
        (`vision.refine`) grows into one: a dark piece over print of its own shade, whose
        change the loose test takes for a shadow (its local brightness ratio) or for the
        print a pixel off, shows only a scrap."""
        faint_px = FAINT * min_px
        faint = (n_present == 0) & ((counts >= faint_px).sum(1) == 1)
        faint[0] = False
        out: list[Blob] = []
        for j in np.flatnonzero(faint).tolist():
            colour = int(np.argmax(counts[j]))
            grown = xy[bounds[j] : bounds[j + 1]]
            for _ in range(FAINT_LOOKS):
                bigger = self.refiner.refine(frame.image, grown, colour, frame.tight)
                if len(bigger) >= min_px:
                    out.append(Blob(colour, bigger, 0.5))
                if len(bigger) >= min_px or len(bigger) == len(grown):
                    break
                grown = bigger
        return out

    def _mixed_blob(
        self,
        j: int,
        stat: np.ndarray,
        labels: np.ndarray,
        color_img: np.ndarray,
        row_img: np.ndarray,
        per_color: np.ndarray,
        colours: np.ndarray,
        min_px: float,
        origin: tuple[int, int] = (0, 0),
    ) -> list[Blob]:
        """Blobs of one component where pieces of several colours touch (`stat`, `labels` and
        the images from the frame's pixel `origin`)."""
        x0, y0, bw, bh = (int(v) for v in stat[:4])
        comp = labels[y0 : y0 + bh, x0 : x0 + bw] == j
        colors = color_img[y0 : y0 + bh, x0 : x0 + bw]
        rows = row_img[y0 : y0 + bh, x0 : x0 + bw]
        # Each colour's closed parts: (pixels, colour, its labels, label, centre).
        parts: list[tuple[int, int, np.ndarray, int, tuple[float, float]]] = []
        for c in colours.tolist():
            sub = cv2.morphologyEx(
                (comp & (colors == c)).astype(np.uint8), cv2.MORPH_CLOSE, self._close
            )
            # The statistics' areas and centroids are the parts' pixel counts and mean
            # pixels (whole sums over the count, as np.nonzero's sums give them).
            m, lab2, stats, centroids = cv2.connectedComponentsWithStats(sub, connectivity=8)
            areas = stats[:, cv2.CC_STAT_AREA].tolist()
            xy = centroids.tolist()
            parts += [(areas[k], c, lab2, k, (xy[k][0], xy[k][1])) for k in range(1, m)]
        out: list[Blob] = []
        for c, part, n_px in self._one_piece_parts(parts, rows, per_color, min_px):
            if n_px < min_px:
                continue
            mine = rows[part & (colors == c)]
            conf = self.colors.confidence(_mean_rows(per_color, mine)) if len(mine) else 0.5
            # (x, y) in np.nonzero's order.
            found = cv2.findNonZero(part.view(np.uint8)).reshape(-1, 2)
            found += np.array([x0 + origin[0], y0 + origin[1]], np.int32)
            out.append(Blob(c, found.astype(np.float32), conf))
        return out

    def _one_piece_parts(
        self,
        parts: list[tuple[int, int, np.ndarray, int, tuple[float, float]]],
        rows: np.ndarray,
        per_color: np.ndarray,
        min_px: float,
    ) -> list[tuple[int, np.ndarray, int]]:
        """Colour parts of one blob centred on one another are one piece whose faces drift
        apart in colour (a shaded face under bluish light): the colour nearest them all. Each
        piece as (colour, mask, pixels); one under `min_px` pixels (its parts' counts add to
        less) is not drawn (an empty mask, its count an upper bound)."""
        close = 0.35 * math.sqrt(self.colors.area_mm2[PYRAMID]) * self.scale
        parts = sorted(parts, key=lambda p: -p[0])
        groups: list[list[tuple[int, int, np.ndarray, int, tuple[float, float]]]] = []
        centres: list[tuple[float, float]] = []
        for part in parts:
            centre = part[4]
            for k, other in enumerate(centres):
                if math.dist(centre, other) < close:
                    groups[k].append(part)
                    break
            else:
                groups.append([part])
                centres.append(centre)
        merged = []
        nothing = np.zeros(0, bool)
        for group in groups:
            c = group[0][1]
            if sum(p[0] for p in group) < min_px:
                merged.append((c, nothing, 0))
                continue
            mask = group[0][2] == group[0][3]
            for _, _, lab2, k, _ in group[1:]:
                mask |= lab2 == k
            n_px = group[0][0] if len(group) == 1 else int(np.count_nonzero(mask))
            mine = rows[mask & (rows >= 0)]
            if len(mine):
                c = int(np.argmin(_mean_rows(per_color, mine)))
            merged.append((c, mask, n_px))
        return merged


def _own_sums(
    comp: np.ndarray,
    key: np.ndarray,
    sel: np.ndarray,
    per_color: np.ndarray,
    wanted: np.ndarray,
    n: int,
) -> np.ndarray:
    """n x colours: each component's sums of its pixels' colour distances (rows `sel` of
    `per_color`), over its pixels whose (component, colour) `key` is `wanted` (zero
    elsewhere). Each sum is `np.bincount`'s over the (component, colour) keys of every pixel,
    to the bit: the same weights added in the same order, with the pixels of the keys not
    wanted (what a one-colour blob's confidence does not read) left out."""
    own = np.zeros(n * per_color.shape[1], bool)
    own[wanted] = True
    mine = np.flatnonzero(own.take(key))
    bins, rows = comp.take(mine), per_color.take(sel.take(mine), axis=0)
    return np.stack(
        [np.bincount(bins, rows[:, k], minlength=n) for k in range(per_color.shape[1])], 1
    )


def _mean_rows(values: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """`values[rows].mean(axis=0)`, the same numbers without np.mean's overhead."""
    return np.asarray(values[rows].sum(axis=0) / len(rows))
