"""The board frame: camera frames warped onto the board and compared with the empty board.

Light: a per-channel gain against the reference fixes a global change, and the reference's own
smoothed brightness (scaled to a board grey of 200) stands for the light across the board, so
one calibrated colour serves the whole board in any light the camera can see in.

The cheap, loose change test marks candidate pixels: `|frame - a * reference|` (a: the local
brightness ratio, so a shadow only darkens) above a threshold that follows the board's light
level and the noise measured at calibration, or much darker or brighter than the reference.
`vision.blobs` then keeps the candidates nearer a piece colour than the board.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from companion.metro.board import BoardMap
from companion.vision.colormodel import to_lab
from companion.vision.pixels import has_alpha

LEVEL = 200.0
"""Board grey the colours are normalised to (the gain a camera would apply)."""
DARK_PRINT = 0.6
"""Print darker than this share of the board's median grey: a dark piece over it is found by
being much darker still."""


@dataclass
class Settings:
    px_per_mm: float = 0.0
    """Board-frame resolution; 0 picks 1-2 px/mm from the board size."""
    diff_threshold: float = 30.0
    """Candidate change (sum over B, G, R) at a board grey of 200; follows the board's light."""
    noise_sigmas: float = 6.0
    """...and never below this many times the noise measured at calibration."""
    dark_ratio: float = 0.7
    """A candidate: darker than this share of the reference (black pieces look like shadows)."""
    lab_margin: float = 2.5
    """A candidate is a piece when nearer a piece colour than the board by this (Lab), or by
    the calibration's measured noise if larger."""
    hand_fraction: float = 0.12
    """Changed share of the board above which the frame is rejected outright."""
    hand_pieces: float = 4.5
    """A changed blob this many pyramids big that touches the board edge is a hand or an arm."""
    hand_diff: float = 16.0
    """Mean colour change of a 4x4 cell that counts towards a hand (low: skin under warm light
    is close to the map's cream), at a board grey of 200."""
    hand_mm2: float = 2500.0
    """A coarse changed area this big reaching the board edge (or twice as big anywhere) is an
    arm: far more than the largest heap of touching pieces."""
    tolerance_px: float = 0.7
    """Misregistration (board-frame px) a still board may show against the reference."""
    focal_px: float = 1000.0
    """The camera's focal length in pixels at the frame size, to undo the pieces' lean."""


@dataclass(frozen=True)
class CameraView:
    """The camera frame a board frame was warped from (BGR or BGRA uint8), and its homography
    (board mm to camera px)."""

    image: np.ndarray
    homography: np.ndarray


@dataclass
class Frame:
    """A frame warped into the board frame with its light gain applied (float32 BGR, clamped
    below the clip), and its candidate mask.
    Divide by `BoardFrame.norm` for colours independent of the light and of where on the
    board they are."""

    image: np.ndarray
    mask: np.ndarray
    diff: np.ndarray
    """Per-pixel colour change (float32), for the coarse hand test."""
    tight: np.ndarray
    """Per-pixel colour change with no allowance for misregistration (float32), for the
    second look (`vision.refine`)."""
    stages_ms: dict[str, float] = field(default_factory=dict)
    source: CameraView | None = None
    """The camera frame it was warped from, for a look at its own pixels (`drink_sharp`)."""


CLAMP = np.float32(238.0)
SHADOW_RATIO = (0.4, 0.97)
SHADOW_SPREAD = 1.15
"""A pixel whose channels are all the empty board's times one factor in `SHADOW_RATIO`, alike
within `SHADOW_SPREAD`, is the board in a shadow, not a piece: a dark piece is darker than
any shadow (black pieces 0.2-0.3 of the paper), a coloured one changes the channels unalike."""


def light_ratio(seen: np.ndarray, empty: np.ndarray) -> np.ndarray:
    """N: each of N x 3 pixels' channels over the empty board's under them (the same light
    units), averaged: below 1 darker than the paper there, above 1 lighter."""
    return np.asarray((seen / (empty + np.float32(1.0))).mean(1))


def in_shadow(seen: np.ndarray, empty: np.ndarray) -> np.ndarray:
    """N: which of N x 3 pixels are the empty board's under them (N x 3, the same light
    units) in a shadow (`SHADOW_RATIO`, `SHADOW_SPREAD`)."""
    ratio = seen / (empty + np.float32(1.0))
    mean = ratio.mean(1)
    return np.asarray(
        (mean > SHADOW_RATIO[0])
        & (mean < SHADOW_RATIO[1])
        & (ratio.max(1) < SHADOW_SPREAD * np.maximum(ratio.min(1), np.float32(1e-6)))
    )


class Workspace:
    """Work images kept from frame to frame: a fresh image of a few MB costs as much in page
    faults as the arithmetic on it. The images a `Frame` keeps are not among them."""

    def __init__(self) -> None:
        self._images: dict[str, np.ndarray] = {}

    def __call__(self, name: str, shape: tuple[int, ...], dtype: Any = np.uint8) -> np.ndarray:
        image = self._images.get(name)
        if image is None or image.shape != shape or image.dtype != dtype:
            image = self._images[name] = np.empty(shape, dtype)
        return image


def scalar(value: float | tuple[float, ...]) -> Any:
    """A number or a per-channel scalar where OpenCV's stubs only admit arrays."""
    return value


def board_scale(board: BoardMap) -> float:
    """Board-frame px/mm: about 500 px across, 0.7-2 px/mm (a 13 mm pyramid stays 9 px).
    The reader's cues are tuned at this scale: 0.75-0.92 of it is 1-3 ms a hard frame quicker
    but reads fewer pieces and drinks (docs/vision.md, "The board frame's resolution")."""
    return max(0.7, min(2.0, 500.0 / max(board.width_mm, board.height_mm)))


def ms_since(t0: float) -> float:
    return (time.perf_counter() - t0) * 1000


def median_rows(values: np.ndarray) -> np.ndarray:
    """`np.median(values, axis=1)` of a 2-D array without NaNs, partitioning `values` in place.

    np.median partitions at three ranks (the median's two and the last, to find a NaN), and
    numpy's partition at several ranks costs ten times one: here one rank, and the largest
    value below it when the count is even (the same values)."""
    n = values.shape[1]
    k = n // 2
    values.partition(k, axis=1)
    mid = values[:, k]
    if n % 2:
        return np.array(mid)
    return np.asarray((values[:, :k].max(axis=1) + mid) / 2)


def open_close(mask: np.ndarray, k3: np.ndarray, k5: np.ndarray, work: np.ndarray) -> np.ndarray:
    """A 3x3 opening then closing of a mask (`cv2.morphologyEx`'s, the same pixels), in three
    passes instead of four: the opening's dilation and the closing's are one 5x5 dilation
    (the image's outside counts for nothing in either). `mask` and `work` are overwritten."""
    eroded = cv2.erode(mask, k3, dst=work)
    return cv2.erode(cv2.dilate(eroded, k5, dst=mask), k3)


class BoardFrame:
    """Warps frames into the board frame and finds what changed against the empty board."""

    def __init__(
        self,
        board: BoardMap,
        reference_warped: np.ndarray,
        scale: float,
        settings: Settings,
        noise_sd: float = 0.0,
    ) -> None:
        self.board = board
        self.scale = scale
        self.settings = settings
        ref = np.minimum(cv2.GaussianBlur(reference_warped, (3, 3), 0).astype(np.float32), CLAMP)
        self.ref = ref
        self.ref_sum = ref.sum(axis=2, dtype=np.float32) + 1.0
        self.level = float(np.median(self.ref_sum)) / 3
        """The board's median grey in this light."""
        # Tolerance to a little misregistration (marker error, a cloth board's waves): what a
        # shift of `tolerance_px` can change at each pixel (first order: the gradient). Taking
        # the neighbours' min and max instead would hide pieces on a busy print.
        k3 = np.ones((3, 3), np.uint8)
        gx = np.abs(cv2.Sobel(ref, cv2.CV_32F, 1, 0, ksize=1, scale=0.5))
        gy = np.abs(cv2.Sobel(ref, cv2.CV_32F, 0, 1, ksize=1, scale=0.5))
        self.ref_tol = (settings.tolerance_px * (gx + gy)).astype(np.float32)
        self.ref_sum_lo = cv2.erode(self.ref_sum, k3)
        self.ref_sum_hi = cv2.dilate(self.ref_sum, k3)
        self.ref_sum_blur = cv2.blur(self.ref_sum, (5, 5))
        # The reference and its allowance over the reference's local brightness, so the change
        # test multiplies them by the frame's local brightness (the light ratio's numerator)
        # and divides nothing.
        sum3 = self.ref_sum_blur[..., None]
        self._ref_per_light = (ref / sum3).astype(np.float32)
        self._less_tol_per_light = (-self.ref_tol / sum3).astype(np.float32)
        illum = cv2.GaussianBlur(self.ref_sum, (0, 0), 25 * scale)
        self.illum = (illum / np.median(illum)).astype(np.float32)
        self.norm = (self.illum * (self.level / LEVEL)).astype(np.float32)
        h, w = self.ref_sum.shape
        flat = (ref / self.norm[..., None]).reshape(-1, 3)
        # Padded and flat, so the 3x3 neighbours of a pixel are fixed offsets (fast gathers),
        # each pixel's L, a, b and a zero in 16 bytes gathered as one complex number: numpy
        # gathers 16-byte items as fast as 4-byte ones, and rows of three floats several times
        # slower.
        padded = cv2.copyMakeBorder(to_lab(flat).reshape(h, w, 3), 1, 1, 1, 1, cv2.BORDER_REPLICATE)
        quads = np.zeros((h + 2, w + 2, 4), np.float32)
        quads[..., :3] = padded
        self.ref_lab = quads[1:-1, 1:-1, :3]
        self._lab_w = w + 2
        self._ref_lab_quads = quads.reshape(-1, 4).view(np.complex128).ravel()
        self._lab_offsets = np.array(
            [dy * self._lab_w + dx for dy in (-1, 0, 1) for dx in (-1, 0, 1)]
        )
        self._sample = (slice(2, None, 5), slice(2, None, 5))
        self._ref_grid = np.ascontiguousarray(ref[self._sample].reshape(-1, 3).T)
        self._ones = np.ones((1, 3), np.float32)
        self.threshold = max(
            settings.diff_threshold * self.level / LEVEL, settings.noise_sigmas * noise_sd
        )
        # Much darker than any shadow: maybe a black piece. Much brighter: a light piece on a
        # dark line.
        self._dark_below = np.minimum(settings.dark_ratio * self.ref_sum_lo, 600).astype(np.float32)
        self._dark_print_below = np.where(
            self.ref_sum < DARK_PRINT * 3 * self.level, self._dark_below, 0
        ).astype(np.float32)
        self._bright_above = np.where(
            self.ref_sum > 0.3 * self.level * 3, 1.8 * self.ref_sum_hi, 1e9
        ).astype(np.float32)
        self._kernel = np.ones((3, 3), np.uint8)
        self._kernel5 = np.ones((5, 5), np.uint8)
        self._ref_gray = cv2.cvtColor(
            np.clip(reference_warped, 0, 255).astype(np.uint8), cv2.COLOR_BGR2GRAY
        ).astype(np.float32)
        self._windows: dict[tuple[int, ...], np.ndarray] = {}
        self._work = Workspace()
        self._halver = Halver()

    @property
    def size(self) -> tuple[int, int]:
        return (self.ref.shape[1], self.ref.shape[0])

    def warp(self, image: np.ndarray, homography: np.ndarray) -> np.ndarray:
        return warp_to_board(image, homography, self.scale, self.size, self._halver, self._work)

    def compare(self, warped: np.ndarray, source: CameraView | None = None) -> Frame:
        """The warped frame against the empty board; `source`: the camera frame it was warped
        from, kept with it (`Frame.source`)."""
        stages: dict[str, float] = {}
        t0 = time.perf_counter()
        h, w = self.ref_sum.shape
        work = self._work
        blurred = cv2.GaussianBlur(warped, (3, 3), 0, dst=work("blurred", warped.shape, np.uint8))
        f = self._gained(blurred, self._gain(blurred))
        f_sum = cv2.transform(f, self._ones, dst=work("f_sum", (h, w), np.float32))
        # The light ratio is the frame's local brightness over the reference's: its
        # numerator times the reference over its denominator.
        light = cv2.blur(f_sum, (5, 5), dst=work("light", (h, w), np.float32))
        l3 = cv2.cvtColor(light, cv2.COLOR_GRAY2BGR, dst=work("l3", (h, w, 3), np.float32))
        out = cv2.multiply(self._ref_per_light, l3, dst=work("out", (h, w, 3), np.float32))
        out = cv2.absdiff(f, out, dst=out)
        tight = cv2.transform(out, self._ones)
        # The allowance taken off by a fused multiply-add (one pass for a product and a
        # difference): the last bit of some values differs from a rounded product's.
        out = cv2.accumulateProduct(self._less_tol_per_light, l3, out)
        out = cv2.threshold(out, 0.0, 0.0, cv2.THRESH_TOZERO, dst=out)[1]  # max(out, 0)
        diff = cv2.transform(out, self._ones)
        changed = cv2.compare(diff, scalar(self.threshold), cv2.CMP_GT, dst=work("m1", (h, w)))
        dark = cv2.compare(f_sum, self._dark_below, cv2.CMP_LT, dst=work("m2", (h, w)))
        bright = cv2.compare(f_sum, self._bright_above, cv2.CMP_GT, dst=work("m3", (h, w)))
        m8 = cv2.bitwise_or(changed, cv2.bitwise_or(dark, bright, dst=dark), dst=changed)
        m8 = open_close(m8, self._kernel, self._kernel5, bright)
        stages["diff"] = ms_since(t0)
        return Frame(f, m8, diff, tight, stages, source)

    def _gained(self, blurred: np.ndarray, gain: np.ndarray) -> np.ndarray:
        """The frame made float with the gain applied and clamped below the clip (near-clipped
        channels carry no colour): a fresh image (the `Frame` keeps it).

        The gain is a diagonal colour transform (the same products as OpenCV's multiply by a
        per-channel scalar, which takes twice as long), the clamp a threshold's truncation
        (the minimum). The frame is made float in a kept image first: OpenCV 5's lookup of
        float values (a table of the 256 levels so gained) costs three times these passes,
        for the same values, and a fresh float image (`astype`) ten times."""
        levels = self._work("levels", blurred.shape, np.float32)
        np.copyto(levels, blurred)
        f = cv2.transform(levels, np.diag(gain).astype(np.float32))
        return np.asarray(cv2.threshold(f, float(CLAMP), 0.0, cv2.THRESH_TRUNC, dst=f)[1])

    def _gain(self, blurred: np.ndarray) -> np.ndarray:
        """Per-channel gain bringing the frame's light to the reference's: the median ratio
        over a sparse grid of pixels not near black."""
        grid = np.ascontiguousarray(blurred[self._sample])
        ok = np.flatnonzero(cv2.inRange(grid, (9, 9, 9), (255, 255, 255)).ravel())
        if len(ok) <= 50:
            return np.ones(3)
        # The ratios of every pixel (none by zero), then the kept ones: one gather, not two.
        seen = grid.reshape(-1, 3).T.astype(np.float32, order="C")
        np.maximum(seen, 1, out=seen)
        return median_rows((self._ref_grid / seen).take(ok, axis=1))

    def residual_shift(self, warped: np.ndarray) -> tuple[float, float]:
        """How far (board px) the warped frame sits from the reference: the markers' fit can
        be a pixel off, which shows as change along every printed edge."""
        gray = cv2.cvtColor(warped, cv2.COLOR_BGR2GRAY).astype(np.float32)
        return self._shift_of(self._ref_gray, gray) or (0.0, 0.0)

    def residual_fit(self, warped: np.ndarray) -> np.ndarray:
        """The correction (board px, 3x3: a point of the reference to the warped frame's) the
        markers' fit leaves: the whole board's shift, or, where a quarter of the board sits
        further than the change test's tolerance from it (three markers in view: the fit
        drifts towards the fourth corner, and its print's edges look like an arm), the
        perspective through the quarters' own shifts."""
        gray = cv2.cvtColor(warped, cv2.COLOR_BGR2GRAY).astype(np.float32)
        dx, dy = self._shift_of(self._ref_gray, gray) or (0.0, 0.0)
        shift = np.array([[1, 0, dx], [0, 1, dy], [0, 0, 1]], np.float64)
        h, w = gray.shape
        src, dst = [], []
        for ys in (slice(0, h // 2), slice(h // 2, h)):
            for xs in (slice(0, w // 2), slice(w // 2, w)):
                q = self._shift_of(self._ref_gray[ys, xs], gray[ys, xs])
                if q is None:
                    return shift
                cx, cy = (xs.start + xs.stop) / 2, (ys.start + ys.stop) / 2
                src.append((cx, cy))
                dst.append((cx + q[0], cy + q[1]))
        drift = max(
            math.hypot(x1 - x0 - dx, y1 - y0 - dy)
            for (x0, y0), (x1, y1) in zip(src, dst, strict=True)
        )
        if drift <= self.settings.tolerance_px:
            return shift
        fit = cv2.getPerspectiveTransform(np.array(src, np.float32), np.array(dst, np.float32))
        return np.asarray(fit, np.float64)

    def _shift_of(self, ref: np.ndarray, gray: np.ndarray) -> tuple[float, float] | None:
        """The phase correlation's shift of `gray` against `ref`, or None when unsure."""
        window = self._windows.get(gray.shape)
        if window is None:
            window = self._windows[gray.shape] = cv2.createHanningWindow(
                gray.shape[::-1], cv2.CV_32F
            )
        (dx, dy), response = cv2.phaseCorrelate(ref, gray, window)
        if response < 0.05 or math.hypot(dx, dy) > 4:
            return None
        return (float(dx), float(dy))

    def colors_at(self, frame: Frame, ys: np.ndarray, xs: np.ndarray) -> np.ndarray:
        """Light-normalised BGR of frame pixels (N x 3 float32)."""
        at = ys * self.norm.shape[1] + xs
        image = frame.image.reshape(-1, 3)
        return np.asarray(image.take(at, axis=0) / self.norm.take(at)[:, None], np.float32)

    def darker(self, frame: Frame, ys: np.ndarray, xs: np.ndarray) -> np.ndarray:
        """Pixels over dark print much darker than the darkest of the empty board's round them."""
        at = ys * self.norm.shape[1] + xs
        seen = frame.image.reshape(-1, 3).take(at, axis=0)
        # The channels added column by column: numpy's sum along a short last axis costs
        # ten times more for the same values.
        total = seen[:, 0] + seen[:, 1]
        total += seen[:, 2]
        return np.asarray(total < self._dark_print_below.take(at))

    def shadowed(self, frame: Frame, ys: np.ndarray, xs: np.ndarray) -> np.ndarray:
        """Pixels that are the empty board's under them dimmed alike in every channel: the
        board in a piece's shadow (a dark piece is darker than any shadow), not a piece."""
        return in_shadow(*self._under(frame, ys, xs))

    def lit(self, frame: Frame, ys: np.ndarray, xs: np.ndarray) -> np.ndarray:
        """Pixels' brightness against the empty board's under them (`light_ratio`)."""
        return light_ratio(*self._under(frame, ys, xs))

    def _under(self, frame: Frame, ys: np.ndarray, xs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The frame's and the empty board's N x 3 pixels at (ys, xs), in the same light units."""
        at = ys * self.norm.shape[1] + xs
        return frame.image.reshape(-1, 3).take(at, axis=0), self.ref.reshape(-1, 3).take(at, axis=0)

    def board_distance(self, ys: np.ndarray, xs: np.ndarray, lab: np.ndarray) -> np.ndarray:
        """Lab distance from each pixel's colour to the empty board's under it: the least over
        the 3x3 neighbours, so a pixel of misregistration costs nothing."""
        at = ((ys + 1) * self._lab_w + (xs + 1))[None, :] + self._lab_offsets[:, None]
        # In range: the image is padded ("wrap" is the quickest mode that checks nothing).
        delta = self._ref_lab_quads.take(at, mode="wrap").view(np.float32).reshape(*at.shape, 4)
        mine = np.zeros((len(lab), 4), lab.dtype)
        mine[:, :3] = lab
        delta -= mine
        delta *= delta
        d2 = delta[..., 0] + delta[..., 1]
        d2 += delta[..., 2]
        return np.asarray(np.sqrt(d2.min(axis=0)))


HALF_MARGIN = 8
"""Half-image pixels kept past the board's corners when halving only what a warp reads."""


class Halver:
    """`cv2.pyrDown` of the part of a camera frame a warp reads (the board covers about half
    of it), into a half image kept from frame to frame. Cut on even pixels with a margin past
    the board's corners, the half image's pixels that the warp reads are the whole frame's
    own; the rest are never read."""

    def __init__(self) -> None:
        self._half: np.ndarray | None = None

    def __call__(
        self, image: np.ndarray, homography: np.ndarray, size: tuple[int, int]
    ) -> np.ndarray:
        """The half image for a warp by `homography` (board-frame px to camera px) to `size`."""
        h, w = image.shape[:2]
        bw, bh = size
        corners = np.array([[[-1, -1], [bw + 1, -1], [bw + 1, bh + 1], [-1, bh + 1]]], np.float64)
        depth = corners[0] @ homography[2, :2] + homography[2, 2]
        if not ((depth > 0).all() or (depth < 0).all()):
            # The board crosses the horizon: its corners do not bound what the warp reads.
            return np.asarray(cv2.pyrDown(image))
        seen = cv2.perspectiveTransform(corners, homography).reshape(-1, 2)
        m = 2 * HALF_MARGIN
        x0 = max(0, math.floor(seen[:, 0].min()) - m) & ~1
        y0 = max(0, math.floor(seen[:, 1].min()) - m) & ~1
        x1 = min(w, math.ceil(seen[:, 0].max()) + m)
        y1 = min(h, math.ceil(seen[:, 1].max()) + m)
        if x1 - x0 < 2 or y1 - y0 < 2:
            return np.asarray(cv2.pyrDown(image))
        shape = ((h + 1) // 2, (w + 1) // 2, *image.shape[2:])
        if self._half is None or self._half.shape != shape or self._half.dtype != image.dtype:
            self._half = np.zeros(shape, image.dtype)
        part = self._half[y0 // 2 : (y1 + 1) // 2, x0 // 2 : x0 // 2 + (x1 - x0 + 1) // 2]
        cv2.pyrDown(image[y0:y1, x0:x1], dst=part)
        return self._half


def read_ahead(image: np.ndarray, homography: np.ndarray, size: tuple[int, int]) -> None:
    """Read the part of a camera frame that a warp by `homography` (board-frame px to camera
    px) to `size` reads, once, in order: the warp's slanted rows then find it in the core's
    cache, not further out (a hard frame's warp 0.15-0.25 ms quicker in the reader, for a
    pass of ~50 us; the warp's values are its own). Nothing where the board crosses the
    horizon."""
    bw, bh = size
    corners = np.array([[[0, 0], [bw, 0], [bw, bh], [0, bh]]], np.float64)
    depth = corners[0] @ homography[2, :2] + homography[2, 2]
    if not ((depth > 0).all() or (depth < 0).all()):
        return
    seen = cv2.perspectiveTransform(corners, homography).reshape(-1, 2)
    h, w = image.shape[:2]
    x0, y0 = max(0, math.floor(seen[:, 0].min()) - 1), max(0, math.floor(seen[:, 1].min()) - 1)
    x1, y1 = min(w, math.ceil(seen[:, 0].max()) + 2), min(h, math.ceil(seen[:, 1].max()) + 2)
    if x1 > x0 and y1 > y0:
        cv2.norm(image[y0:y1, x0:x1], cv2.NORM_INF)


def warp_to_board(
    image: np.ndarray,
    homography: np.ndarray,
    scale: float,
    size: tuple[int, int],
    halver: Halver | None = None,
    work: Workspace | None = None,
) -> np.ndarray:
    """The board (0,0)-(width,height) mm at `scale` px/mm, BGR; halves big frames first
    (anti-alias; with `halver`, only the part the warp reads). A BGRA frame is halved and
    warped in its four channels (each interpolated alone: the BGR frame's values; 2.5 times
    quicker in OpenCV 5, the same speed in 4.11) and made BGR after; with `work`, the
    four-channel board is kept between frames."""
    hom = homography @ np.diag([1 / scale, 1 / scale, 1.0])
    src = image
    cam_px_per_mm = math.sqrt(abs(np.linalg.det(homography[:2, :2]))) / max(
        abs(homography[2, 2]), 1e-9
    )
    if cam_px_per_mm > 2.2 * scale:
        src = cv2.pyrDown(image) if halver is None else halver(image, hom, size)
        hom = np.diag([0.5, 0.5, 1.0]) @ hom
    four = has_alpha(image)
    kept = work("warped", (size[1], size[0], 4), image.dtype) if four and work else None
    if work is not None and src is image:
        read_ahead(image, hom, size)
    warped = cv2.warpPerspective(
        src,
        hom,
        size,
        dst=kept,
        flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    )
    return np.asarray(cv2.cvtColor(warped, cv2.COLOR_BGRA2BGR) if four else warped)
