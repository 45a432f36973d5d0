"""Reading a camera frame: board located, warped to the board frame, compared with the empty
board, changed pixels grouped into pieces, each piece classified and placed.

Light: a per-channel gain against the reference fixes a global change, and the reference's own
smoothed brightness stands for the uneven light across the board, so one calibrated colour
serves the whole board. The difference is `|frame - a * reference|` with `a` the pixel's
brightness ratio: a shadow only darkens the board (small difference) while a coloured piece
changes its colour; black pieces, which look like shadows, are caught by being much darker
than any shadow the lamp can cast (a < 0.42).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

import cv2
import numpy as np

from companion.metro.board import BoardMap
from companion.vision.colormodel import ColorModel
from companion.vision.markers import Locator, MarkerLayout
from companion.vision.model import MEEPLE, PYRAMID, Piece, Reading, station_center


@dataclass
class Settings:
    px_per_mm: float = 0.0
    """Board-frame resolution; 0 picks 1-2 px/mm from the board size."""
    diff_threshold: float = 42.0
    dark_ratio: float = 0.42
    hand_fraction: float = 0.12
    """Changed share of the board above which the frame is rejected outright."""
    hand_pieces: float = 4.5
    """A changed blob this many pyramids big that touches the board edge is a hand or an arm."""
    hand_diff: float = 16.0
    """Mean colour change of a 4x4 cell that counts towards a hand (low: skin under warm light
    is close to the map's cream)."""
    hand_mm2: float = 2500.0
    """A coarse changed area this big reaching the board edge (or twice as big anywhere) is an
    arm: far more than the largest heap of touching pieces."""
    focal_px: float = 1000.0
    """The camera's focal length in pixels at the frame size, to undo the pieces' lean."""


@dataclass
class Frame:
    """A frame warped into the board frame with its light gain applied (float32 BGR, clamped
    below the clip), and its changed mask.
    Divide by `BoardFrame.illum` for colours independent of where on the board they are."""

    image: np.ndarray
    mask: np.ndarray
    stages_ms: dict[str, float] = field(default_factory=dict)
    diff: np.ndarray | None = None
    """Per-pixel colour change (float32), for the coarse hand test."""


CLAMP = np.float32(238.0)


def board_scale(board: BoardMap) -> float:
    """Board-frame px/mm: about 500 px across, 0.7-2 px/mm (a 13 mm pyramid stays 9 px)."""
    return max(0.7, min(2.0, 500.0 / max(board.width_mm, board.height_mm)))


def _ms(t0: float) -> float:
    return (time.perf_counter() - t0) * 1000


class BoardFrame:
    """Warps frames into the board frame and finds what changed against the empty board."""

    def __init__(
        self, board: BoardMap, reference_warped: np.ndarray, scale: float, settings: Settings
    ) -> None:
        self.board = board
        self.scale = scale
        self.settings = settings
        ref = np.minimum(cv2.GaussianBlur(reference_warped, (3, 3), 0).astype(np.float32), CLAMP)
        self.ref = ref
        self.ref_sum = ref.sum(axis=2, dtype=np.float32) + 1.0
        # Tolerance to a pixel of misregistration (marker error, a cloth board's waves): a
        # frame pixel is unchanged when it lies within what its reference neighbours span.
        k3 = np.ones((3, 3), np.uint8)
        self.ref_lo = cv2.erode(ref, k3)
        self.ref_hi = cv2.dilate(ref, k3)
        self.ref_sum_lo = cv2.erode(self.ref_sum, k3)
        self.ref_sum_hi = cv2.dilate(self.ref_sum, k3)
        self.ref_sum_blur = cv2.blur(self.ref_sum, (5, 5))
        illum = cv2.GaussianBlur(self.ref_sum, (0, 0), 25 * scale)
        self.illum = (illum / np.median(illum)).astype(np.float32)
        self._sample = (slice(2, None, 5), slice(2, None, 5))
        self._ones = np.ones((1, 3), np.float32)
        self._clamp = np.full_like(ref, CLAMP)
        self._zero = np.zeros_like(ref)
        # Much darker than any shadow: a black piece. Much brighter: a light piece on a dark line.
        self._dark_below = np.minimum(settings.dark_ratio * self.ref_sum_lo, 260).astype(np.float32)
        self._bright_above = np.where(self.ref_sum > 60, 1.8 * self.ref_sum_hi, 1e9).astype(
            np.float32
        )
        self._kernel = np.ones((3, 3), np.uint8)

    @property
    def size(self) -> tuple[int, int]:
        return (self.ref.shape[1], self.ref.shape[0])

    def warp(self, image: np.ndarray, homography: np.ndarray) -> np.ndarray:
        return warp_to_board(image, homography, self.scale, self.size)

    def compare(self, warped: np.ndarray) -> Frame:
        stages: dict[str, float] = {}
        t0 = time.perf_counter()
        f = cv2.GaussianBlur(warped, (3, 3), 0).astype(np.float32)
        s = self._sample
        fs, rs = f[s].reshape(-1, 3), self.ref[s].reshape(-1, 3)
        ok = (fs > 15).all(axis=1)
        gain = np.median(rs[ok] / fs[ok], axis=0) if ok.sum() > 50 else np.ones(3)
        f = cv2.transform(f, np.diag(gain).astype(np.float32))
        # Near-clipped channels carry no colour: compare both images clamped below the clip.
        f = cv2.min(f, self._clamp)
        f_sum = cv2.transform(f, self._ones)
        alpha = cv2.divide(cv2.blur(f_sum, (5, 5)), self.ref_sum_blur)
        a3 = cv2.merge([alpha, alpha, alpha])
        out = cv2.max(
            cv2.subtract(cv2.multiply(self.ref_lo, a3), f),
            cv2.subtract(f, cv2.multiply(self.ref_hi, a3)),
        )
        diff = cv2.transform(cv2.max(out, self._zero), self._ones)
        m8 = cv2.compare(diff, self.settings.diff_threshold, cv2.CMP_GT)
        m8 |= cv2.compare(f_sum, self._dark_below, cv2.CMP_LT)
        m8 |= cv2.compare(f_sum, self._bright_above, cv2.CMP_GT)
        m8 = cv2.morphologyEx(m8, cv2.MORPH_OPEN, self._kernel)
        m8 = cv2.morphologyEx(m8, cv2.MORPH_CLOSE, self._kernel)
        stages["diff"] = _ms(t0)
        return Frame(f, m8, stages, diff)


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


def _kmeans(points: np.ndarray, n: int, iterations: int = 8) -> np.ndarray:
    """Labels splitting points into n compact groups (farthest-point start, deterministic)."""
    centres = [points[0]]
    for _ in range(1, n):
        d = np.min([((points - c) ** 2).sum(1) for c in centres], axis=0)
        centres.append(points[int(np.argmax(d))])
    c = np.array(centres, np.float32)
    labels = np.zeros(len(points), np.int32)
    for _ in range(iterations):
        d = ((points[:, None, :] - c[None]) ** 2).sum(2)
        labels = np.argmin(d, axis=1).astype(np.int32)
        for j in range(n):
            if (labels == j).any():
                c[j] = points[labels == j].mean(0)
    return labels


def _share_conf(share: float) -> float:
    """Colour confidence from the share of a blob's pixels voting for its colour."""
    return float(np.clip((share - 0.35) / 0.45, 0.0, 1.0))


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


PYRAMID_LEAN_MM = 3.5
MEEPLE_LEAN_MM = 8.0
"""Height of the seen centre of a piece: a blob's centroid leans away from the camera by it."""


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
        self._bf = BoardFrame(board, ref_warped, s, self.settings)
        self._stations = {sid: station_center(board, sid) for sid in board.stations}
        self._st_xy = np.array(list(self._stations.values()), np.float32).reshape(-1, 2)
        self._st_ids = list(self._stations)
        self._close = np.ones((3, 3), np.uint8)
        # One pass over the empty board and one colour lookup warm OpenCV up (its first float
        # Lab conversion builds tables for 0.15 s), so the first frame's timings mean something.
        self.read(reference)
        self.colors.classify(np.full((1, 3), 128, np.float32))

    def read(self, image: np.ndarray) -> Reading:
        stages: dict[str, float] = {}
        t0 = time.perf_counter()
        gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        loc = self.locator.locate(gray)
        stages["locate"] = _ms(t0)
        if loc is None:
            return Reading(False, "no board", (), stages, 0)
        t1 = time.perf_counter()
        warped = self._bf.warp(image, loc.homography)
        stages["warp"] = _ms(t1)
        frame = self._bf.compare(warped)
        stages.update(frame.stages_ms)
        t2 = time.perf_counter()
        h, w = image.shape[:2]
        self._nadir = camera_nadir(loc.homography, (w, h), self.settings.focal_px)
        rejected, pieces = self._pieces(frame)
        pieces = _merge_duplicates(pieces)
        stages["pieces"] = _ms(t2)
        stages["total"] = _ms(t0)
        self.last_frame = frame
        return Reading(True, rejected, tuple(pieces), stages, loc.markers)

    def _unlean(self, x: float, y: float, height: float) -> tuple[float, float]:
        nx, ny, cam_h = self._nadir
        k = (cam_h - height) / cam_h
        return nx + (x - nx) * k, ny + (y - ny) * k

    # --- pieces ------------------------------------------------------------------------------

    def _pieces(self, frame: Frame) -> tuple[str | None, list[Piece]]:
        s2 = self.scale * self.scale
        pyr_px = self.colors.area_mm2[PYRAMID] * s2
        min_px = 0.4 * min(pyr_px, self.colors.area_mm2[MEEPLE] * s2)
        mask = frame.mask
        h, w = mask.shape
        # connectedComponentsWithStats is slow here; labels + external contours give the same.
        _, labels = cv2.connectedComponents(mask, connectivity=8)
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        blobs = []
        changed = 0
        big = []
        for cnt in contours:
            x, y, bw, bh = cv2.boundingRect(cnt)
            lid = labels[cnt[0, 0, 1], cnt[0, 0, 0]]
            comp = labels[y : y + bh, x : x + bw] == lid
            area = int(np.count_nonzero(comp))
            changed += area
            touches = x <= 1 or y <= 1 or x + bw >= w - 1 or y + bh >= h - 1
            if area > self.settings.hand_pieces * pyr_px and (touches or area > 10 * pyr_px):
                big.append(frame.image[y : y + bh, x : x + bw][comp])
            elif area >= min_px:
                blobs.append((x, y, comp))
        if not big and frame.diff is not None and self._arm(frame.diff):
            big.append(frame.image[mask > 0])
        if big or changed > self.settings.hand_fraction * h * w:
            pix = np.concatenate(big) if big else frame.image[mask > 0]
            return ("hand" if _skin_share(pix.astype(np.float32)) > 0.2 else "large change"), []
        out: list[Piece] = []
        if not blobs:
            return None, out
        pys = [np.nonzero(comp) for _, _, comp in blobs]
        ys = np.concatenate([py + y for (py, _), (_, y, _) in zip(pys, blobs, strict=True)])
        xs = np.concatenate([px_ + x for (_, px_), (x, _, _) in zip(pys, blobs, strict=True)])
        bgr = frame.image[ys, xs].astype(np.float32) / self._bf.illum[ys, xs, None]
        color_idx, dist = self.colors.classify(bgr)
        ncol = len(self.colors.names)
        start = 0
        for (x, y, comp), (py, px_) in zip(blobs, pys, strict=True):
            end = start + len(py)
            cidx, cdist = color_idx[start:end], dist[start:end]
            start = end
            counts = np.bincount(cidx + 1, minlength=ncol + 1)[1:]
            present = [c for c in range(ncol) if counts[c] >= min_px]
            if len(present) == 1:
                c = present[0]
                pts = np.stack([px_ + x, py + y], 1).astype(np.float32)
                share = counts[c] / len(cidx)
                conf = min(self.colors.confidence(cdist.mean(axis=0)), _share_conf(share))
                out.extend(self._split(pts, self.colors.names[c], conf, pyr_px, min_px))
                continue
            for c in present:
                sel = cidx == c
                sub = np.zeros(comp.shape, np.uint8)
                sub[py[sel], px_[sel]] = 1
                sub = cv2.morphologyEx(sub, cv2.MORPH_CLOSE, self._close)
                m, lab2 = cv2.connectedComponents(sub, connectivity=8)
                conf = self.colors.confidence(cdist[sel].mean(axis=0))
                for j in range(1, m):
                    sy, sx = np.nonzero(lab2 == j)
                    if len(sy) >= min_px:
                        pts = np.stack([sx + x, sy + y], 1).astype(np.float32)
                        out.extend(self._split(pts, self.colors.names[c], conf, pyr_px, min_px))
        return None, out

    def _split(
        self, pts: np.ndarray, color: str, conf: float, pyr_px: float, min_px: float
    ) -> list[Piece]:
        """One blob of one colour -> pieces; touching pieces are told apart by size."""
        r = len(pts) / pyr_px
        count = 1 if r < 1.55 else 2 if r < 2.45 else 3 if r < 3.3 else round(r / 0.95)
        if count == 1:
            return [self._piece(pts, color, conf)]
        groups = _kmeans(pts, count)
        return [
            self._piece(pts[groups == g], color, conf * 0.9)
            for g in range(count)
            if (groups == g).sum() >= min_px
        ]

    def _arm(self, diff: np.ndarray) -> bool:
        """A large, faintly changed region reaching the board's edge: an arm over the board,
        even where it is too close to the map's colour to pass the piece threshold."""
        h, w = diff.shape
        coarse = cv2.resize(diff, (w // 4, h // 4), interpolation=cv2.INTER_AREA)
        cm = cv2.compare(coarse, self.settings.hand_diff, cv2.CMP_GT)
        cm = cv2.morphologyEx(cm, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))
        n, _, stats, _ = cv2.connectedComponentsWithStats(cm, connectivity=8)
        cell_mm2 = (4 / self.scale) ** 2
        ch, cw = cm.shape
        m = max(1, round(40 * self.scale / 4))
        for i in range(1, n):
            x, y, bw, bh, area = stats[i]
            touches = x < m or y < m or x + bw > cw - m or y + bh > ch - m
            mm2 = area * cell_mm2
            if (touches and mm2 > self.settings.hand_mm2) or mm2 > 2 * self.settings.hand_mm2:
                return True
        return False

    def _piece(self, pts: np.ndarray, color: str, conf_color: float) -> Piece:
        s = self.scale
        cx, cy = pts.mean(0)
        (_, _), (rw, rh), _ = cv2.minAreaRect(pts)
        aspect = max(rw, rh) / max(1.0, min(rw, rh))
        x_mm, y_mm = self._unlean(float(cx) / s, float(cy) / s, PYRAMID_LEAN_MM)
        d_st = np.hypot(self._st_xy[:, 0] - x_mm, self._st_xy[:, 1] - y_mm)
        k = int(np.argmin(d_st))
        score = (float(d_st[k]) - 5.5) / 1.5 + 1.5 * (aspect - 1.45)
        kind_conf = float(min(1.0, abs(score) / 3.0))
        if score >= 0:
            x_mm, y_mm = self._unlean(float(cx) / s, float(cy) / s, MEEPLE_LEAN_MM)
        g = self.board.grid
        sq = g.square_at(x_mm, y_mm)
        if score < 0:
            place_conf = float(max(0.0, 1 - max(0.0, float(d_st[k]) - 5.0) / 10.0))
            return Piece(
                PYRAMID,
                color,
                x_mm,
                y_mm,
                None,
                self._st_ids[k],
                min(conf_color, kind_conf, place_conf),
            )
        place_conf = 1.0 if sq else 0.0
        return Piece(MEEPLE, color, x_mm, y_mm, sq, None, min(conf_color, kind_conf, place_conf))
