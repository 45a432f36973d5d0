"""A sharp look at one blob of a drink's colour: a small patch of the camera frame itself (not
the board frame, which is warped to ~0.7 px/mm from the camera's ~1 px/mm) round the blob,
warped onto the board at `SHARP_PX_PER_MM`, with the same patch of the calibration's
reference, and the question a real camera can answer there: does the blob, less the drink's
shadow, lie within the silhouette a 10 mm drink standing there would make (its disc swept
along the camera's lean by its 16 mm height)? A 15 x 7.5 mm meeple lying across or diagonally
to the lean does not fit one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from companion.vision.boardframe import CameraView, in_shadow
from companion.vision.colormodel import MAX_DISTANCE, ColorModel, to_lab
from companion.vision.drink_colors import DrinkPalette
from companion.vision.drink_ring import near_segment
from companion.vision.drink_shape import DRINK, MEEPLE, largest_part
from companion.vision.model import DRINK_DIAMETER_MM, DRINK_HEIGHT_MM
from companion.vision.pixels import bgr_of
from companion.vision.white_drink import Lean

SHARP_PX_PER_MM = 2.0
"""The patch's resolution: above the camera's own on the boards read (~1 px/mm), so the
warp loses none of it."""
HALF_MM = 13.0
"""The patch reaches this far from the blob's point each way (the blob is looked for within
1.2 drink diameters of it)."""
BLUR_MM = 1.0
"""A drink's pixels may stand this far outside its silhouette (the camera's blur, the fit)."""
FITS = 0.05
"""A blob with no more than this share of its pixels outside the best-placed drink silhouette
fits a drink (of the shape test's not-sure calls on four samples, the drinks' blobs 0-0.034
when they fit, 0.056-0.114 when a shadow on print or a red line joined them; the meeples'
0.087-0.27)."""
FILLS = 0.5
"""...and fills at least this share of it (a scrap fits anywhere)."""
NOT_FITS = 0.08
"""A blob with this share of its pixels outside the best-placed silhouette is no drink: of the
shape calls with a meeple of the drink's colour near, on four drinks samples rendered with
the camera's lens centred, the drinks' blobs 0-0.031 outside (1106), the meeples' 0.086-0.285
(124)."""
PLACE_MM = 0.25
"""The silhouette is placed to this step (half the patch's pixel)."""
NEIGHBOURS = 2
"""The empty board's colour nearest a pixel among its neighbours this many patch pixels
away (a pixel of misregistration at the camera's resolution)."""


@dataclass(frozen=True)
class Look:
    """Where to look: the blob of `color` within `reach` mm of (x, y) mm, beyond `inner` mm of
    the station's centre and off its pyramid's footprint (within `footprint` mm of the segment
    from the centre to the pyramid's leaning top)."""

    color: str
    x: float
    y: float
    centre: tuple[float, float]
    inner: float
    top: tuple[float, float]
    footprint: float
    reach: float
    pyramid: str | None = None
    """The colour of a pyramid whose pixels may join the blob: those nearer its calibrated
    colour than any other player colour are its, set aside."""


class _Patch:
    """A sharp patch's pixels (flat, n x n): the frame's, light-normalised, and the empty
    board's (BGR), the frame's weighted Lab, the empty board's (n x n x 3), each pixel's
    centre (board mm); the board distance worked out once when first asked."""

    def __init__(
        self,
        seen: np.ndarray,
        empty: np.ndarray,
        lab: np.ndarray,
        ref_lab: np.ndarray,
        x: np.ndarray,
        y: np.ndarray,
    ) -> None:
        self.seen = seen
        self.empty = empty
        self.lab = lab
        self.ref_lab = ref_lab
        self.x = x
        self.y = y
        self._board: np.ndarray | None = None

    def board(self) -> np.ndarray:
        """Each pixel's Lab distance to the nearest empty board's (`_nearest_board`), flat."""
        if self._board is None:
            n = self.ref_lab.shape[0]
            self._board = np.asarray(
                _nearest_board(self.lab.reshape(n, n, 3), self.ref_lab)
            ).ravel()
        return self._board


class SharpLook:
    """The camera frame's pixels round a blob, light-normalised as the board frame's are."""

    def __init__(
        self,
        reference: np.ndarray,
        ref_homography: np.ndarray,
        palette: DrinkPalette,
        norm: np.ndarray,
        scale: float,
        margin: float,
        lean: Lean,
        colors: ColorModel | None = None,
    ) -> None:
        """`colors`: the calibrated player colours (`Look.pyramid`)."""
        self.colors = colors
        self._kept: tuple[CameraView, np.ndarray, tuple[float, float], _Patch | None] | None = None
        """The last sharp patch, with the frame and the place it was taken at."""
        self.reference = reference
        self.ref_homography = ref_homography
        self.palette = palette
        self.norm = norm
        self.scale = scale
        self.margin = margin
        self.lean = lean

    def verdict(self, camera: CameraView, board_image: np.ndarray, look: Look) -> str | None:
        """`DRINK` when the blob, its shadow set aside, lies within a standing drink's
        silhouette (`FITS`) and fills half of it (`FILLS`), `MEEPLE` when `NOT_FITS` of it
        lies outside, else None (too little of it seen, or between)."""
        blob = self.blob(camera, board_image, look)
        if blob is None:
            return None
        tx, ty = self.lean(look.x, look.y, DRINK_HEIGHT_MM)
        out, fill = silhouette_fit(blob, (tx - look.x, ty - look.y), FITS)
        if out <= FITS and fill >= FILLS:
            return DRINK
        if out >= NOT_FITS:
            return MEEPLE
        return None

    def blob(self, camera: CameraView, board_image: np.ndarray, look: Look) -> np.ndarray | None:
        """The points (board mm) of the largest part of the blob of `look.color` in the sharp
        patch, less the board in shadow; None when there is too little of it."""
        patch = self._patch_at(camera, board_image, look.x, look.y)
        if patch is None:
            return None
        seen, empty, lab, x, y = patch.seen, patch.empty, patch.lab, patch.x, patch.y
        c = self.palette.names.index(look.color)
        cx, cy = look.centre
        # Where the blob may be first; each pixel's colour tests there only (the same answers
        # pixel by pixel), the board's distance (its neighbours' pixels) only when enough of
        # them pass the others.
        near = np.flatnonzero(
            (np.hypot(x - cx, y - cy) >= look.inner)
            & (np.hypot(x - look.x, y - look.y) <= look.reach)
            & ~near_segment(x, y, look.centre, look.top, look.footprint)
        )
        bgr = seen[near]
        idx, per = self.palette.split_hues(bgr, *self.palette.nearest(lab[near]))
        best = per[np.arange(len(idx)), idx]
        shadow = in_shadow(bgr, empty[near])
        maybe = (idx == c) & (best < MAX_DISTANCE) & ~shadow
        pyramid = look.pyramid
        if self.colors is not None and pyramid in self.colors.names and maybe.any():
            player, _per = self.colors.classify_lab(lab[near])
            maybe &= player != self.colors.names.index(pyramid)
        if np.count_nonzero(maybe) < 10:
            return None
        board = patch.board()[near]
        mine = near[maybe & (best + self.margin < board)]
        pts = np.stack([x[mine], y[mine]], 1)
        if len(pts) < 10:
            return None
        part: np.ndarray = largest_part(pts, SHARP_PX_PER_MM)
        return part if len(part) >= 10 else None

    def _patch_at(
        self, camera: CameraView, board_image: np.ndarray, px: float, py: float
    ) -> _Patch | None:
        """The sharp patch round (px, py) mm; the last one again when asked of the same frame
        and place (a blob looked at again whole, `Look.pyramid`)."""
        kept = self._kept
        if (
            kept is not None
            and kept[0] is camera
            and kept[1] is board_image
            and kept[2] == (px, py)
        ):
            return kept[3]
        s = SHARP_PX_PER_MM
        n = round(2 * HALF_MM * s)
        x0, y0 = px - HALF_MM, py - HALF_MM
        patch = None
        gain = self._gain(camera, board_image, x0, y0, n)
        if gain is not None:
            cam = _patch(camera.image, camera.homography, x0, y0, n)
            at = (
                min(max(round(py * self.scale), 0), self.norm.shape[0] - 1),
                min(max(round(px * self.scale), 0), self.norm.shape[1] - 1),
            )
            norm = float(self.norm[at])
            seen = np.minimum(cam.astype(np.float32) * gain, np.float32(238.0))
            ref = _patch(self.reference, self.ref_homography, x0, y0, n).astype(np.float32)
            empty = np.minimum(cv2.GaussianBlur(ref, (3, 3), 0), np.float32(238.0))
            lab = to_lab(seen.reshape(-1, 3) / norm)
            ref_lab = to_lab(empty.reshape(-1, 3) / norm).reshape(n, n, 3)
            ys, xs = np.mgrid[0:n, 0:n]
            x = (x0 + (xs.ravel() + 0.5) / s).astype(np.float64)
            y = (y0 + (ys.ravel() + 0.5) / s).astype(np.float64)
            patch = _Patch(seen.reshape(-1, 3), empty.reshape(-1, 3), lab, ref_lab, x, y)
        self._kept = (camera, board_image, (px, py), patch)
        return patch

    def _gain(
        self, camera: CameraView, board_image: np.ndarray, x0: float, y0: float, n: int
    ) -> np.ndarray | None:
        """The frame's light gain (per channel), as the board frame applied it: its pixels
        over the camera's, warped to the board frame's grid as the reader warps them."""
        s = self.scale
        h, w = board_image.shape[:2]
        bx0, by0 = max(0, math.floor(x0 * s) - 1), max(0, math.floor(y0 * s) - 1)
        bx1, by1 = (
            min(w, math.ceil((x0 + n / SHARP_PX_PER_MM) * s) + 2),
            min(h, math.ceil((y0 + n / SHARP_PX_PER_MM) * s) + 2),
        )
        if bx1 - bx0 < 5 or by1 - by0 < 5:
            return None
        hom = camera.homography @ np.array(
            [[1 / s, 0, bx0 / s], [0, 1 / s, by0 / s], [0, 0, 1]], np.float64
        )
        raw = _warp(camera.image, hom, (bx1 - bx0, by1 - by0))
        blurred = cv2.GaussianBlur(raw, (3, 3), 0)[1:-1, 1:-1].reshape(-1, 3).astype(np.float32)
        seen = board_image[by0 + 1 : by1 - 1, bx0 + 1 : bx1 - 1].reshape(-1, 3)
        ok = (blurred.min(1) > 20) & (seen.max(1) < 237.0)
        if np.count_nonzero(ok) < 20:
            return None
        return np.asarray(np.median(seen[ok] / blurred[ok], 0), np.float32)


def silhouette_fit(
    pts: np.ndarray, lean: tuple[float, float], fill_up_to: float = math.inf
) -> tuple[float, float]:
    """(the share of the points outside the best-placed drink silhouette, widened by
    `BLUR_MM`; the share of that silhouette they fill): a 10 mm disc swept by `lean` (mm, its
    top's offset from its base), placed to `PLACE_MM` where the fewest points fall outside
    (the points rasterised at that step, the count at every place one correlation with the
    silhouette). The fill is measured only when the share outside is `fill_up_to` or less
    (else NaN: a second correlation the caller does not need)."""
    s = 1 / PLACE_MM
    radius = DRINK_DIAMETER_MM / 2
    wide, ax, ay = _silhouette(lean, radius + BLUR_MM)
    px = np.round(pts * s - 0.5).astype(np.intp)
    pad = max(wide.shape)
    px -= px.min(0) - pad
    mask = np.zeros((int(px[:, 1].max()) + pad + 1, int(px[:, 0].max()) + pad + 1), np.float32)
    mask[px[:, 1], px[:, 0]] = 1.0
    count = float(mask.sum())
    within = cv2.filter2D(mask, -1, wide, anchor=(ax, ay), borderType=cv2.BORDER_CONSTANT)
    at = np.unravel_index(int(np.argmax(within)), within.shape)
    outside = max(0.0, count - float(within[at]))
    if not outside / count <= fill_up_to:
        return outside / count, math.nan
    narrow, _ax, _ay = _silhouette(lean, radius, wide.shape, (ax, ay))
    inside = cv2.filter2D(mask, -1, narrow, anchor=(ax, ay), borderType=cv2.BORDER_CONSTANT)
    lx, ly = lean
    area = (math.pi * radius * radius + DRINK_DIAMETER_MM * math.hypot(lx, ly)) * SHARP_PX_PER_MM**2
    return outside / count, min(1.0, float(inside[at]) / area)


def _silhouette(
    lean: tuple[float, float],
    radius: float,
    shape: tuple[int, ...] | None = None,
    anchor: tuple[int, int] | None = None,
) -> tuple[np.ndarray, int, int]:
    """(the places within `radius` mm of the segment from a drink's base to its top, every
    `PLACE_MM`, as a float32 kernel; the base's column and row in it)."""
    s = 1 / PLACE_MM
    lx, ly = lean
    if shape is None or anchor is None:
        r = math.ceil(radius * s) + 1
        left, top = r + max(0, math.ceil(-lx * s)), r + max(0, math.ceil(-ly * s))
        shape = (top + r + max(0, math.ceil(ly * s)) + 1, left + r + max(0, math.ceil(lx * s)) + 1)
        anchor = (left, top)
    ys, xs = np.mgrid[0 : shape[0], 0 : shape[1]]
    x = (xs - anchor[0]) / s
    y = (ys - anchor[1]) / s
    inside = near_segment(x, y, (0.0, 0.0), (lx, ly), radius + 1e-9)
    return inside.astype(np.float32), anchor[0], anchor[1]


def _patch(image: np.ndarray, homography: np.ndarray, x0: float, y0: float, n: int) -> Any:
    """The n x n BGR patch of `image` whose corner is (x0, y0) mm, at `SHARP_PX_PER_MM`."""
    s = SHARP_PX_PER_MM
    hom = homography @ np.array([[1 / s, 0, x0], [0, 1 / s, y0], [0, 0, 1]], np.float64)
    return _warp(image, hom, (n, n))


def _warp(image: np.ndarray, homography: np.ndarray, size: tuple[int, int]) -> Any:
    """`image` (BGR or BGRA) seen through `homography` (out px to image px) as BGR."""
    out = cv2.warpPerspective(
        image,
        homography,
        size,
        flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    )
    return bgr_of(out)


def _nearest_board(lab: np.ndarray, ref_lab: np.ndarray) -> Any:
    """Each pixel's Lab distance to the nearest of the empty board's within `NEIGHBOURS`."""
    n = NEIGHBOURS
    h, w = lab.shape[:2]
    padded = cv2.copyMakeBorder(ref_lab, n, n, n, n, cv2.BORDER_REPLICATE)
    if lab.dtype != np.float32 or padded.dtype != np.float32:
        best = np.full((h, w), np.inf, np.float32)
        for dy in range(2 * n + 1):
            for dx in range(2 * n + 1):
                diff = lab - padded[dy : dy + h, dx : dx + w]
                np.minimum(best, np.sqrt((diff * diff).sum(2)), out=best)
        return best
    # Channel by channel: the same float32 sums in the same order as summing the short last
    # axis (ten times the time); the least of them rooted once (the least of the roots).
    lab_l, lab_a, lab_b = (np.ascontiguousarray(lab[..., c]) for c in range(3))
    ref_l, ref_a, ref_b = (padded[..., c] for c in range(3))
    least: Any = None
    for dy in range(2 * n + 1):
        for dx in range(2 * n + 1):
            d2: np.ndarray = lab_l - ref_l[dy : dy + h, dx : dx + w]
            d2 *= d2
            d: np.ndarray = lab_a - ref_a[dy : dy + h, dx : dx + w]
            d *= d
            d2 += d
            d = np.subtract(lab_b, ref_b[dy : dy + h, dx : dx + w], out=d)
            d *= d
            d2 += d
            least = d2 if least is None else np.minimum(least, d2, out=least)
    return np.sqrt(least)
