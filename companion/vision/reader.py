"""Reading a camera frame: board located, warped to the board frame, compared with the empty
board, changed pixels grouped into pieces, each piece classified and placed.

Light: a per-channel gain against the reference fixes a global change, and the reference's own
smoothed brightness (scaled to a board grey of 200) stands for the light across the board, so
one calibrated colour serves the whole board in any light the camera can see in.

Two steps find pieces. A cheap, loose test marks candidate pixels: `|frame - a * reference|`
(a: the local brightness ratio, so a shadow only darkens) above a threshold that follows the
board's light level and the noise measured at calibration, or much darker or brighter than the
reference. Then each candidate is kept only when its colour is nearer a calibrated piece colour
than the empty board's colour under it (and its neighbours'), by more than the measured noise:
a black piece on a dark blue line, or a green one on a green park, is nearer its piece colour,
a shadow or a misregistered line edge is nearer the board.
"""

from __future__ import annotations

import functools
import math
import time
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from companion.metro.board import BoardMap
from companion.vision.colormodel import ColorModel, to_lab
from companion.vision.drinks import DrinkReader
from companion.vision.markers import Locator, MarkerLayout
from companion.vision.model import MEEPLE, PYRAMID, Piece, Reading, station_center
from companion.vision.pieces import FRAGMENT, SEEN_SHARE, PieceMaker, one_meeple_each
from companion.vision.refine import Refiner

CAMOUFLAGE_LAB = 12.0
"""A print this near a piece colour (weighted Lab, plus the noise margin) can hide the piece."""
LEVEL = 200.0
FAINT = 0.2
"""A component of one colour this share of a piece's least size gets a second look."""
DARK_PRINT = 0.6
"""Print darker than this share of the board's median grey: a dark piece over it is found by
being much darker still."""
"""Board grey the colours are normalised to (the gain a camera would apply)."""


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


@dataclass
class Frame:
    """A frame warped into the board frame with its light gain applied (float32 BGR, clamped
    below the clip), and its candidate mask.
    Divide by `BoardFrame.norm` for colours independent of the light and of where on the
    board they are."""

    image: np.ndarray
    mask: np.ndarray
    stages_ms: dict[str, float] = field(default_factory=dict)
    diff: np.ndarray | None = None
    """Per-pixel colour change (float32), for the coarse hand test."""


@dataclass
class Blob:
    """Board-frame pixels (N x 2 float32, x then y) of one colour index, and the colour's
    confidence."""

    color: int
    pts: np.ndarray
    conf: float


CLAMP = np.float32(238.0)
SAME_FIT_PX = 0.2
"""Markers found again this near (camera px) mean an unmoved camera: the fit's correction holds."""


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


def _scalar(value: float | tuple[float, ...]) -> Any:
    """A number or a per-channel scalar where OpenCV's stubs only admit arrays."""
    return value


def board_scale(board: BoardMap) -> float:
    """Board-frame px/mm: about 500 px across, 0.7-2 px/mm (a 13 mm pyramid stays 9 px)."""
    return max(0.7, min(2.0, 500.0 / max(board.width_mm, board.height_mm)))


def _ms(t0: float) -> float:
    return (time.perf_counter() - t0) * 1000


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
        illum = cv2.GaussianBlur(self.ref_sum, (0, 0), 25 * scale)
        self.illum = (illum / np.median(illum)).astype(np.float32)
        self.norm = (self.illum * (self.level / LEVEL)).astype(np.float32)
        h, w = self.ref_sum.shape
        flat = (ref / self.norm[..., None]).reshape(-1, 3)
        # Padded and flat, so the 3x3 neighbours of a pixel are fixed offsets (fast gathers),
        # one plane per channel (gathers from a plane are several times faster than rows).
        padded = cv2.copyMakeBorder(to_lab(flat).reshape(h, w, 3), 1, 1, 1, 1, cv2.BORDER_REPLICATE)
        planes = np.ascontiguousarray(padded.transpose(2, 0, 1))
        self.ref_lab = planes[:, 1:-1, 1:-1].transpose(1, 2, 0)
        self._lab_w = w + 2
        self._ref_lab_planes = [plane.ravel() for plane in planes]
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
        self._ref_gray = cv2.cvtColor(
            np.clip(reference_warped, 0, 255).astype(np.uint8), cv2.COLOR_BGR2GRAY
        ).astype(np.float32)
        self._windows: dict[tuple[int, ...], np.ndarray] = {}
        self._work = Workspace()

    @property
    def size(self) -> tuple[int, int]:
        return (self.ref.shape[1], self.ref.shape[0])

    def warp(self, image: np.ndarray, homography: np.ndarray) -> np.ndarray:
        return warp_to_board(image, homography, self.scale, self.size)

    def compare(self, warped: np.ndarray) -> Frame:
        stages: dict[str, float] = {}
        t0 = time.perf_counter()
        h, w = self.ref_sum.shape
        work = self._work
        blurred = cv2.GaussianBlur(warped, (3, 3), 0, dst=work("blurred", warped.shape, np.uint8))
        gain = self._gain(blurred)
        f: np.ndarray = cv2.multiply(
            blurred, _scalar((*gain.astype(float).tolist(), 0.0)), dtype=cv2.CV_32F
        )
        # Near-clipped channels carry no colour: compare both images clamped below the clip.
        f = cv2.min(f, _scalar((float(CLAMP),) * 4), dst=f)
        f_sum = cv2.transform(f, self._ones, dst=work("f_sum", (h, w), np.float32))
        alpha = cv2.blur(f_sum, (5, 5), dst=work("alpha", (h, w), np.float32))
        alpha = cv2.divide(alpha, self.ref_sum_blur, dst=alpha)
        a3 = cv2.merge([alpha, alpha, alpha], dst=work("a3", (h, w, 3), np.float32))
        out = cv2.multiply(self.ref, a3, dst=work("out", (h, w, 3), np.float32))
        out = cv2.absdiff(f, out, dst=out)
        out = cv2.subtract(out, cv2.multiply(self.ref_tol, a3, dst=a3), dst=out)
        diff = cv2.transform(cv2.max(out, _scalar((0.0,) * 4), dst=out), self._ones)
        changed = cv2.compare(diff, _scalar(self.threshold), cv2.CMP_GT, dst=work("m1", (h, w)))
        dark = cv2.compare(f_sum, self._dark_below, cv2.CMP_LT, dst=work("m2", (h, w)))
        bright = cv2.compare(f_sum, self._bright_above, cv2.CMP_GT, dst=work("m3", (h, w)))
        m8 = cv2.bitwise_or(changed, cv2.bitwise_or(dark, bright, dst=dark), dst=changed)
        m8 = cv2.morphologyEx(m8, cv2.MORPH_OPEN, self._kernel, dst=bright)
        m8 = cv2.morphologyEx(m8, cv2.MORPH_CLOSE, self._kernel)
        stages["diff"] = _ms(t0)
        return Frame(f, m8, stages, diff)

    def _gain(self, blurred: np.ndarray) -> np.ndarray:
        """Per-channel gain bringing the frame's light to the reference's: the median ratio
        over a sparse grid of pixels not near black."""
        grid = np.ascontiguousarray(blurred[self._sample])
        ok = np.flatnonzero(cv2.inRange(grid, (9, 9, 9), (255, 255, 255)).ravel())
        if len(ok) <= 50:
            return np.ones(3)
        seen = grid.reshape(-1, 3).take(ok, axis=0).T.astype(np.float32, order="C")
        # A fresh array: its own partition serves (np.median's copy costs as much again).
        return np.median(self._ref_grid.take(ok, axis=1) / seen, axis=1, overwrite_input=True)

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

    def board_distance(self, ys: np.ndarray, xs: np.ndarray, lab: np.ndarray) -> np.ndarray:
        """Lab distance from each pixel's colour to the empty board's under it: the least over
        the 3x3 neighbours, so a pixel of misregistration costs nothing."""
        at = ((ys + 1) * self._lab_w + (xs + 1))[None, :] + self._lab_offsets[:, None]
        d2 = np.zeros(at.shape, np.float32)
        for plane, mine in zip(self._ref_lab_planes, lab.T, strict=True):
            delta = plane.take(at, mode="clip")  # in range: the plane is padded
            delta -= mine
            delta *= delta
            d2 += delta
        return np.asarray(np.sqrt(d2.min(axis=0)))


def warp_to_board(
    image: np.ndarray, homography: np.ndarray, scale: float, size: tuple[int, int]
) -> np.ndarray:
    """The board (0,0)-(width,height) mm at `scale` px/mm; halves big frames first (anti-alias)."""
    hom = homography @ np.diag([1 / scale, 1 / scale, 1.0])
    src = image
    cam_px_per_mm = math.sqrt(abs(np.linalg.det(homography[:2, :2]))) / max(
        abs(homography[2, 2]), 1e-9
    )
    if cam_px_per_mm > 2.2 * scale:
        src = cv2.pyrDown(image)
        hom = np.diag([0.5, 0.5, 1.0]) @ hom
    return cv2.warpPerspective(
        src,
        hom,
        size,
        flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    )


def camera_nadir(
    homography: np.ndarray, frame_size: tuple[int, int], focal_px: float
) -> tuple[float, float, float]:
    """(x_mm, y_mm, height_mm) of the camera above the board, from the board's homography and
    the focal length (principal point at the frame centre)."""
    k = np.array([[focal_px, 0, frame_size[0] / 2], [0, focal_px, frame_size[1] / 2], [0, 0, 1]])
    m = np.linalg.inv(k) @ homography
    lam = 1.0 / np.linalg.norm(m[:, 0])
    r1, r2, t = lam * m[:, 0], lam * m[:, 1], lam * m[:, 2]
    rot = np.stack([r1, r2, np.cross(r1, r2)], 1)
    c = -rot.T @ t
    return float(c[0]), float(c[1]), float(abs(c[2]))


class CameraPlace:
    """Where the camera is above the board, (x_mm, y_mm, height_mm): the pieces' lean."""

    def __init__(self, nadir: tuple[float, float, float]) -> None:
        self.nadir = nadir

    def lean(self, x: float, y: float, height: float) -> tuple[float, float]:
        """Where a point `height` mm above (x, y) on the board appears (board mm)."""
        nx, ny, cam_h = self.nadir
        k = cam_h / (cam_h - height)
        return nx + (x - nx) * k, ny + (y - ny) * k

    def unlean(self, x: float, y: float, height: float) -> tuple[float, float]:
        nx, ny, cam_h = self.nadir
        k = (cam_h - height) / cam_h
        return nx + (x - nx) * k, ny + (y - ny) * k


class Camouflage:
    """Where the empty board looks like a piece colour (computed once per colour)."""

    def __init__(self, ref_lab: np.ndarray, colors: ColorModel, margin: float) -> None:
        self.ref_lab, self.colors, self.margin = ref_lab, colors, margin
        self._masks: dict[str, np.ndarray] = {}

    def __call__(self, color: str) -> np.ndarray:
        if color not in self._masks:
            c = self.colors.names.index(color)
            protos = self.colors.prototypes[self.colors.owner == c]
            d = np.min([np.sqrt(((self.ref_lab - p) ** 2).sum(2)) for p in protos], axis=0)
            self._masks[color] = d < CAMOUFLAGE_LAB + self.margin
        return self._masks[color]


def _nonzero_xy(mask: np.ndarray) -> np.ndarray:
    """(x, y) of a mask's set pixels (N x 2 int32) in np.nonzero's order, four times faster."""
    found = cv2.findNonZero(mask)
    return np.zeros((0, 2), np.int32) if found is None else np.asarray(found).reshape(-1, 2)


def _merge_duplicates(pieces: list[Piece]) -> list[Piece]:
    """One piece per (kind, colour, place): a piece split in two by a highlight is one piece
    (each player has one meeple and a station holds one pyramid)."""
    groups: dict[tuple[str, str, str], list[Piece]] = {}
    for p in pieces:
        groups.setdefault(p.key(), []).append(p)
    out = []
    for group in groups.values():
        if len(group) == 1:
            out.append(group[0])
            continue
        first = group[0]
        out.append(
            Piece(
                first.kind,
                first.color,
                sum(p.x_mm for p in group) / len(group),
                sum(p.y_mm for p in group) / len(group),
                first.square,
                first.station,
                min(p.confidence for p in group) * 0.9,
            )
        )
    return out


def _skin_share(bgr: np.ndarray) -> float:
    """Share of skin-toned pixels (a hand) among the given float BGR pixels."""
    if not len(bgr):
        return 0.0
    b, g, r = bgr[:, 0], bgr[:, 1], bgr[:, 2]
    skin = (r > 95) & (g > 40) & (b > 20) & (r > g) & (r > b) & (r - np.minimum(g, b) > 15)
    skin &= (r - g > 10) & (r - g < 110) & (g > 0.55 * r)
    return float(skin.mean())


class Reader:
    """The whole pipeline for one board: frame in, `Reading` out. Not thread-safe."""

    def __init__(
        self,
        board: BoardMap,
        layout: MarkerLayout,
        reference: np.ndarray,
        colors: ColorModel,
        settings: Settings | None = None,
    ) -> None:
        self.board = board
        self.layout = layout
        self.colors = colors
        self.settings = settings or Settings()
        s = self.settings.px_per_mm or board_scale(board)
        self.scale = s
        ref_loc = Locator(layout).locate(cv2.cvtColor(reference, cv2.COLOR_BGR2GRAY))
        if ref_loc is None:
            raise ValueError("the markers are not visible in the reference photo")
        self.locator = Locator(layout)
        self.size = (round(board.width_mm * s), round(board.height_mm * s))
        ref_warped = warp_to_board(reference, ref_loc.homography, s, self.size)
        self.board_frame = BoardFrame(
            board, ref_warped, s, self.settings, colors.noise.get("diff", 0.0)
        )
        self.margin = max(self.settings.lab_margin, colors.noise.get("lab", 0.0))
        self.too_dark = False
        """The calibration's light is too dark to read: every frame is refused."""
        stations = {sid: station_center(board, sid) for sid in board.stations}
        self.camera = CameraPlace((board.width_mm / 2, board.height_mm / 2, 1000.0))
        self._fitted: np.ndarray | None = None
        self._shift = np.eye(3)
        self._homography = ref_loc.homography
        self._camera_fit: np.ndarray | None = None
        self._camera_size = (0, 0)
        # The piece maker calls back into small parts, not the reader: a cycle through the
        # reader would keep its tens of MB of images until the next garbage collection.
        camouflage = Camouflage(self.board_frame.ref_lab, colors, self.margin)
        self.maker = PieceMaker(
            board, s, colors.shapes(), stations, self.camera.unlean, self.camera.lean, camouflage
        )
        self.refiner = Refiner(self.board_frame, colors, self.margin, s, colors.area_mm2[PYRAMID])
        self.read_drinks = False
        """METRO DRINKS: also read the drinks beside the pyramids (`vision.drinks`)."""
        self.drinks = DrinkReader(
            board,
            s,
            colors,
            self.board_frame.ref_lab,
            self.board_frame.colors_at,  # type: ignore[arg-type]
            self.board_frame.board_distance,
            self.camera.lean,
            self.margin,
            self.size,
            self.board_frame.threshold,
        )
        self._close = np.ones((3, 3), np.uint8)
        # One pass over the empty board and one colour lookup warm OpenCV up (its first float
        # Lab conversion builds tables for 0.15 s), so the first frame's timings mean something.
        self.read(reference)
        self.colors.classify(np.full((1, 3), 128, np.float32))
        self.too_dark = colors.too_dark()

    def read(self, image: np.ndarray) -> Reading:
        stages: dict[str, float] = {}
        t0 = time.perf_counter()
        # Turning the frame grey first also brings it into the cache for the warp's scattered
        # reads: grey crops alone made the two cost more, not less.
        gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        loc = self.locator.locate(gray)
        stages["locate"] = _ms(t0)
        if loc is None:
            return Reading(False, "no board", (), stages, 0)
        if self.too_dark:
            return Reading(True, "too dark", (), stages, loc.markers)
        t1 = time.perf_counter()
        if self._fitted is not loc.homography and self._same_fit(loc.homography):
            # The markers found again where they were (a still camera): the same correction.
            self._fitted, self._homography = loc.homography, loc.homography @ self._shift
        if self._fitted is not loc.homography:
            # A fresh marker fit: measure what it left unaligned once, keep the correction.
            warped = self.board_frame.warp(image, loc.homography)
            px = np.diag([self.scale, self.scale, 1.0])
            fit = self.board_frame.residual_fit(warped)
            self._shift = np.linalg.inv(px) @ fit @ px
            self._fitted, self._homography = loc.homography, loc.homography @ self._shift
            if not np.array_equal(fit, np.eye(3)):
                warped = self.board_frame.warp(image, self._homography)
        else:
            warped = self.board_frame.warp(image, self._homography)
        stages["warp"] = _ms(t1)
        frame = self.board_frame.compare(warped)
        stages.update(frame.stages_ms)
        t2 = time.perf_counter()
        h, w = image.shape[:2]
        if self._camera_fit is not self._homography or self._camera_size != (w, h):
            self.set_camera(self._homography, (w, h))
        rejected, pieces = self._pieces(frame)
        pieces = _merge_duplicates(pieces)
        if rejected is None and self.read_drinks:
            pieces = self.drinks.read(frame, pieces)
        if not self.read_drinks:
            # With drinks, `drink_proposals.settle` tells a second meeple from a drink.
            kept = one_meeple_each(pieces)
            spare = [p for p in pieces if all(p is not q for q in kept)]
            pieces = kept + self.maker.station_pyramids(spare, kept)
        stages["pieces"] = _ms(t2)
        stages["total"] = _ms(t0)
        self.last_frame = frame
        return Reading(True, rejected, tuple(pieces), stages, loc.markers)

    def _same_fit(self, homography: np.ndarray) -> bool:
        """The board's corners land within a fifth of a camera pixel of the last fit's."""
        if self._fitted is None:
            return False
        w, h = self.board.width_mm, self.board.height_mm
        corners = np.array([[[0, 0], [w, 0], [w, h], [0, h]]], np.float64)
        a = cv2.perspectiveTransform(corners, self._fitted)
        b = cv2.perspectiveTransform(corners, homography)
        return float(np.abs(a - b).max()) < SAME_FIT_PX

    def set_camera(self, homography: np.ndarray, frame_size: tuple[int, int]) -> None:
        """Where the camera is, for the pieces' lean (`read` does it for each frame)."""
        self.camera.nadir = camera_nadir(homography, frame_size, self.settings.focal_px)
        self._camera_fit, self._camera_size = homography, frame_size

    def lean(self, x: float, y: float, height: float) -> tuple[float, float]:
        """Where a point `height` mm above (x, y) on the board appears (board mm)."""
        return self.camera.lean(x, y, height)

    # --- pieces ------------------------------------------------------------------------------

    def _rejection(self, frame: Frame, pyr_px: float) -> str | None:
        """'hand' or 'large change' when an arm or a big change is over the board."""
        mask = frame.mask
        h, w = mask.shape
        changed = int(np.count_nonzero(mask))
        big: list[np.ndarray] = []
        if changed > self.settings.hand_pieces * pyr_px:
            # Outlines are much cheaper than labelled components here; areas need not be exact.
            contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
            for cnt in contours:
                area = cv2.contourArea(cnt)
                if area <= self.settings.hand_pieces * pyr_px:
                    continue
                x, y, bw, bh = cv2.boundingRect(cnt)
                touches = x <= 1 or y <= 1 or x + bw >= w - 1 or y + bh >= h - 1
                if touches or area > 10 * pyr_px:
                    big.append(
                        frame.image[y : y + bh, x : x + bw][mask[y : y + bh, x : x + bw] > 0]
                    )
        if not big and frame.diff is not None and self._arm(frame.diff):
            big.append(frame.image[mask > 0])
        if not big and changed <= self.settings.hand_fraction * h * w:
            return None
        pix = np.concatenate(big) if big else frame.image[mask > 0]
        pix = pix.astype(np.float32) * np.float32(LEVEL / max(self.board_frame.level, 1.0))
        return "hand" if _skin_share(pix) > 0.2 else "large change"

    def _pieces(self, frame: Frame) -> tuple[str | None, list[Piece]]:
        rejected = self._rejection(frame, self.colors.area_mm2[PYRAMID] * self.scale**2)
        if rejected:
            return rejected, []
        made: list[tuple[Piece, float]] = []
        s2 = self.scale * self.scale
        self.maker.image = frame.image
        for blob in self.blobs(frame):
            grow = functools.partial(self.refiner.refine, frame.image, color=blob.color)
            pieces = self.maker.make(blob.pts, self.colors.names[blob.color], blob.conf, grow)
            made += [(p, len(blob.pts) / s2 / len(pieces)) for p in pieces]
        return None, self._drop_fragments(made)

    def _drop_fragments(self, made: list[tuple[Piece, float]]) -> list[Piece]:
        """A meeple-sized-or-less scrap beside a pyramid of its colour is a piece of that
        pyramid (a face the print hid), not a meeple."""
        small = FRAGMENT * SEEN_SHARE * self.colors.area_mm2[MEEPLE]
        reach = 0.9 * math.sqrt(self.colors.area_mm2[PYRAMID])
        pyramids = [p for p, _ in made if p.kind == PYRAMID]
        out = []
        for p, area in made:
            if p.kind == MEEPLE and area < small:
                near = [
                    q
                    for q in pyramids
                    if q.color == p.color and math.hypot(q.x_mm - p.x_mm, q.y_mm - p.y_mm) < reach
                ]
                if near:
                    continue
            out.append(p)
        return out

    def blobs(self, frame: Frame) -> list[Blob]:
        """Connected pixels of one piece colour, each nearer that colour than the board."""
        s2 = self.scale * self.scale
        min_px = 0.4 * min(self.colors.area_mm2[PYRAMID], self.colors.area_mm2[MEEPLE]) * s2
        bf = self.board_frame
        found = _nonzero_xy(frame.mask)
        if not len(found):
            return []
        xs, ys = found[:, 0].astype(np.intp), found[:, 1].astype(np.intp)
        lab = to_lab(bf.colors_at(frame, ys, xs))
        idx, per_color = self.colors.classify_lab(lab)
        best = per_color[np.arange(len(idx)), np.maximum(idx, 0)]
        # Only pixels near some piece colour can be piece pixels: the board's distance (nine
        # gathers a pixel) is measured for those alone.
        near = np.flatnonzero(idx >= 0)
        d_board = np.full(len(idx), np.inf, np.float32)
        d_board[near] = bf.board_distance(ys[near], xs[near], lab[near])
        piece_px = (idx >= 0) & (best + self.margin < d_board)
        if frame.diff is not None:
            # A piece on a print of its own colour (blue on the Mita line): its colour is no
            # nearer the piece than the board, but it changed a lot.
            strong = frame.diff[ys, xs] > 2 * bf.threshold
            piece_px |= (idx >= 0) & strong & (best < d_board + 2 * self.margin)
        # A dark piece over dark print: the local brightness ratio takes it for a shadow, so
        # its change is small; but it is far darker than the print and nearer its colour.
        maybe = np.flatnonzero(~piece_px & (idx >= 0) & (best < d_board))
        piece_px[maybe] = bf.darker(frame, ys[maybe], xs[maybe])
        h, w = frame.mask.shape
        sel = np.flatnonzero(piece_px)
        py, px = ys[sel], xs[sel]
        mask: np.ndarray = np.zeros((h, w), np.uint8)
        mask[py, px] = 1
        mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, self._close)
        # Labels only: OpenCV's component statistics cost several times the labelling.
        n, labels = cv2.connectedComponents(mask, connectivity=8)
        n_colors = per_color.shape[1]
        # Per component and colour at once: pixel counts, and the sums of the colour distances
        # (for the confidence), so one-colour blobs (nearly all) need no per-blob image work.
        key = labels[py, px].astype(np.intp) * n_colors + idx[sel]
        counts = np.bincount(key, minlength=n * n_colors).reshape(n, n_colors)
        dist_sums = np.stack(
            [np.bincount(key, per_color[sel, k], minlength=n * n_colors) for k in range(n_colors)],
            1,
        ).reshape(n, n_colors, n_colors)
        present = counts >= min_px
        on = _nonzero_xy(mask)
        nx, ny = on[:, 0], on[:, 1]
        lbl = labels[ny, nx]
        order = np.argsort(lbl, kind="stable")
        bounds = np.searchsorted(lbl[order], np.arange(n + 1))
        xs_l, ys_l = nx[order], ny[order]
        xy = np.stack([xs_l, ys_l], 1).astype(np.float32)
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
        conf[one] = self.colors.confidences(
            dist_sums[one, colour[one]] / counts[one, colour[one], None]
        )
        out = self._faint_blobs(frame, counts, n_present, xy, bounds, min_px)
        pixel_images: tuple[np.ndarray, np.ndarray] | None = None
        for j in np.flatnonzero(big & (n_present > 0)).tolist():
            if n_present[j] == 1:
                if bounds[j + 1] - bounds[j] >= min_px:
                    pts = xy[bounds[j] : bounds[j + 1]]
                    out.append(Blob(int(colour[j]), pts, float(conf[j])))
                continue
            if pixel_images is None:
                # Each piece pixel's colour and row, for the few blobs of several colours.
                color_img = np.full((h, w), -1, np.int8)
                color_img[py, px] = idx[sel]
                row_img = np.full((h, w), -1, np.int32)
                row_img[py, px] = sel
                pixel_images = (color_img, row_img)
            color_img, row_img = pixel_images
            colours = np.flatnonzero(present[j])
            out += self._mixed_blob(
                j, boxes[j], labels, color_img, row_img, per_color, colours, min_px
            )
        return out

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
            grown = self.refiner.refine(frame.image, xy[bounds[j] : bounds[j + 1]], colour)
            if len(grown) >= min_px:
                out.append(Blob(colour, grown, 0.5))
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
    ) -> list[Blob]:
        """Blobs of one component where pieces of several colours touch."""
        x0, y0, bw, bh = (int(v) for v in stat[:4])
        comp = labels[y0 : y0 + bh, x0 : x0 + bw] == j
        colors = color_img[y0 : y0 + bh, x0 : x0 + bw]
        rows = row_img[y0 : y0 + bh, x0 : x0 + bw]
        parts: list[tuple[int, np.ndarray]] = []
        for c in colours:
            sub = cv2.morphologyEx(
                (comp & (colors == c)).astype(np.uint8), cv2.MORPH_CLOSE, self._close
            )
            m, lab2 = cv2.connectedComponents(sub, connectivity=8)
            parts += [(int(c), lab2 == k) for k in range(1, m)]
        out: list[Blob] = []
        for c, part in self._one_piece_parts(parts, rows, per_color):
            by, bx = np.nonzero(part)
            if len(by) < min_px:
                continue
            mine = rows[part & (colors == c)]
            conf = self.colors.confidence(per_color[mine].mean(axis=0)) if len(mine) else 0.5
            pts = np.stack([bx + x0, by + y0], 1).astype(np.float32)
            out.append(Blob(c, pts, conf))
        return out

    def _one_piece_parts(
        self, parts: list[tuple[int, np.ndarray]], rows: np.ndarray, per_color: np.ndarray
    ) -> list[tuple[int, np.ndarray]]:
        """Colour parts of one blob centred on one another are one piece whose faces drift
        apart in colour (a shaded face under bluish light): the colour nearest them all."""
        close = 0.35 * math.sqrt(self.colors.area_mm2[PYRAMID]) * self.scale
        parts = sorted(parts, key=lambda cp: -int(np.count_nonzero(cp[1])))
        out: list[tuple[int, np.ndarray]] = []
        centres: list[np.ndarray] = []
        for c, part in parts:
            ys, xs = np.nonzero(part)
            if not len(ys):
                continue
            centre = np.array([xs.mean(), ys.mean()])
            for k, other in enumerate(centres):
                if math.dist(centre, other) < close:
                    out[k] = (out[k][0], out[k][1] | part)
                    break
            else:
                out.append((c, part))
                centres.append(centre)
        merged = []
        for c, part in out:
            mine = rows[part & (rows >= 0)]
            if len(mine):
                c = int(np.argmin(per_color[mine].mean(axis=0)))
            merged.append((c, part))
        return merged

    def _arm(self, diff: np.ndarray) -> bool:
        """A large, faintly changed region reaching the board's edge: an arm over the board,
        even where it is too close to the map's colour to pass the piece threshold."""
        h, w = diff.shape
        coarse = cv2.resize(diff, (w // 4, h // 4), interpolation=cv2.INTER_AREA)
        limit = max(
            self.settings.hand_diff * self.board_frame.level / LEVEL,
            2.0 * self.colors.noise.get("coarse", 0.0),
        )
        cm = cv2.compare(coarse, _scalar(limit), cv2.CMP_GT)
        cm = cv2.morphologyEx(cm, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))
        _, _, stats, _ = cv2.connectedComponentsWithStats(cm, connectivity=8)
        cell_mm2 = (4 / self.scale) ** 2
        ch, cw = cm.shape
        m = max(1, round(40 * self.scale / 4))
        x, y, bw, bh, area = stats[1:].T
        touches = (x < m) | (y < m) | (x + bw > cw - m) | (y + bh > ch - m)
        mm2 = area * cell_mm2
        hand = self.settings.hand_mm2
        return bool(np.any((touches & (mm2 > hand)) | (mm2 > 2 * hand)))
