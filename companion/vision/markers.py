"""The four ArUco markers round the board: their layout, the printable sheet, and locating the
board in a camera frame (a homography from board mm to image pixels).

The layout is anchored to the board's corners, so one file serves maps of any size. The
`Locator` looks for the markers near where it last saw them (four small crops, cheap) and falls
back to the whole frame when that fails, so the board is located again on every frame and a
nudged cloth board keeps reading.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from companion.data import calibration_dir, read_toml
from companion.errors import UserError
from companion.vision.pixels import gray_of

DICTIONARY = "DICT_4X4_50"
ANCHORS = ("top-left", "top-right", "bottom-right", "bottom-left")


@dataclass(frozen=True)
class Marker:
    id: int
    size_mm: float
    corners_mm: tuple[tuple[float, float], ...]
    """Top-left, top-right, bottom-right, bottom-left, in board mm."""


@dataclass(frozen=True)
class MarkerLayout:
    markers: tuple[Marker, ...]

    def bounds_mm(self) -> tuple[float, float, float, float]:
        pts = np.array([c for m in self.markers for c in m.corners_mm])
        return (
            float(pts[:, 0].min()),
            float(pts[:, 1].min()),
            float(pts[:, 0].max()),
            float(pts[:, 1].max()),
        )

    def by_id(self) -> dict[int, Marker]:
        return {m.id: m for m in self.markers}


def _anchor_point(anchor: str, width: float, height: float) -> tuple[float, float]:
    return {
        "top-left": (0.0, 0.0),
        "top-right": (width, 0.0),
        "bottom-right": (width, height),
        "bottom-left": (0.0, height),
    }[anchor]


def _square(x: float, y: float, size: float) -> tuple[tuple[float, float], ...]:
    return ((x, y), (x + size, y), (x + size, y + size), (x, y + size))


def parse_layout(data: dict[str, Any], width: float, height: float, file: str = "") -> MarkerLayout:
    raw = data.get("markers")
    if not isinstance(raw, list) or len(raw) < 3:
        raise UserError("expected at least 3 [[markers]] tables", file, "markers")
    out = []
    for i, m in enumerate(raw):
        where = f"markers[{i}]"
        try:
            mid = int(m["id"])
            size = float(m["size_mm"])
            if "corners_mm" in m:
                corners = tuple((float(x), float(y)) for x, y in m["corners_mm"])
                if len(corners) != 4:
                    raise ValueError
            else:
                anchor = m.get("anchor", "top-left")
                if anchor not in ANCHORS:
                    raise UserError(f"anchor must be one of {', '.join(ANCHORS)}", file, where)
                ax, ay = _anchor_point(anchor, width, height)
                dx, dy = (float(v) for v in m.get("offset_mm", [0, 0]))
                corners = _square(ax + dx, ay + dy, size)
        except (KeyError, TypeError, ValueError):
            raise UserError(
                "needs id, size_mm and corners_mm (4 points) or anchor + offset_mm", file, where
            ) from None
        if not 0 <= mid < 50 or size <= 0:
            raise UserError("id must be 0-49 and size_mm positive", file, where)
        out.append(Marker(mid, size, corners))
    return MarkerLayout(tuple(out))


def default_layout(width: float, height: float) -> MarkerLayout:
    """Markers outside the corners, scaled to the board (40 mm on a full-size board)."""
    size = float(min(40.0, max(16.0, round(0.12 * min(width, height)))))
    gap = 5.0
    out = []
    for mid, anchor in enumerate(ANCHORS):
        ax, ay = _anchor_point(anchor, width, height)
        x = ax - gap - size if anchor in ("top-left", "bottom-left") else ax + gap
        y = ay - gap - size if anchor in ("top-left", "top-right") else ay + gap
        out.append(Marker(mid, size, _square(x, y, size)))
    return MarkerLayout(tuple(out))


def load_layout(path: str | Path | None, width: float, height: float) -> MarkerLayout:
    """The layout file, `calibration/markers.toml` when None; boards smaller than 400 mm get the
    scaled default when no file is named (the test maps)."""
    if path is None:
        if min(width, height) < 300:
            return default_layout(width, height)
        path = calibration_dir() / "markers.toml"
    return parse_layout(read_toml(path), width, height, str(path))


def dictionary() -> cv2.aruco.Dictionary:
    return cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)


def marker_image(marker_id: int, pixels: int) -> np.ndarray:
    return cv2.aruco.generateImageMarker(dictionary(), marker_id, pixels)


def corner_of(layout: MarkerLayout, marker: Marker) -> str:
    """Which board corner a marker lies at ("top-left"...), from its place in the layout."""
    x0, y0, x1, y1 = layout.bounds_mm()
    cx = sum(x for x, _ in marker.corners_mm) / 4
    cy = sum(y for _, y in marker.corners_mm) / 4
    vertical = "top" if cy < (y0 + y1) / 2 else "bottom"
    horizontal = "left" if cx < (x0 + x1) / 2 else "right"
    return f"{vertical}-{horizontal}"


def markers_sheet(layout: MarkerLayout, dpi: int = 300) -> np.ndarray:
    """A printable grey image at true scale: each marker printed where it goes (the top-left
    marker at the sheet's top left...), with its id, size and corner in words and as a small
    board drawing, and a 10 cm bar to check the printer did not scale the page."""
    px_mm = dpi / 25.4
    size = max(m.size_mm for m in layout.markers)
    cell = size + 30.0
    cols = 2
    rows = 2
    width_mm = max(cols * cell + 10, 120.0)
    height_mm = rows * cell + 30
    sheet = np.full((round(height_mm * px_mm), round(width_mm * px_mm)), 255, np.uint8)
    thick = max(1, round(px_mm * 0.3))
    for m in layout.markers:
        corner = corner_of(layout, m)
        row, col = int(corner.startswith("bottom")), int(corner.endswith("right"))
        x0 = 10 + col * cell
        y0 = 10 + row * cell
        side = round(m.size_mm * px_mm)
        ox, oy = round(x0 * px_mm), round(y0 * px_mm)
        sheet[oy : oy + side, ox : ox + side] = marker_image(m.id, side)
        _corner_icon(sheet, (ox + side + round(3 * px_mm), oy), px_mm, row, col)
        for k, label in enumerate((f"id {m.id}  {m.size_mm:g} mm", corner)):
            cv2.putText(
                sheet,
                label,
                (ox, oy + side + round((6 + 5 * k) * px_mm)),
                cv2.FONT_HERSHEY_SIMPLEX,
                px_mm * 0.22,
                0,
                thick,
                cv2.LINE_AA,
            )
    bar_y = round((height_mm - 12) * px_mm)
    x0 = round(10 * px_mm)
    x1 = x0 + round(100 * px_mm)
    cv2.rectangle(sheet, (x0, bar_y), (x1, bar_y + round(2 * px_mm)), 0, -1)
    for k in range(11):
        x = x0 + round(k * 10 * px_mm)
        cv2.line(sheet, (x, bar_y - round(2 * px_mm)), (x, bar_y), 0, thick)
    cv2.putText(
        sheet,
        "10 cm: measure this bar; print at 100 %",
        (x0, bar_y + round(7 * px_mm)),
        cv2.FONT_HERSHEY_SIMPLEX,
        px_mm * 0.22,
        0,
        max(1, round(px_mm * 0.25)),
        cv2.LINE_AA,
    )
    return sheet


def _corner_icon(sheet: np.ndarray, at: tuple[int, int], px_mm: float, row: int, col: int) -> None:
    """A small board outline with the marker's corner filled: the place without words."""
    w, h = round(14 * px_mm), round(10 * px_mm)
    x, y = at
    cv2.rectangle(sheet, (x, y), (x + w, y + h), 0, max(1, round(px_mm * 0.3)))
    d = round(3.5 * px_mm)
    cx = x + w - d if col else x
    cy = y + h - d if row else y
    cv2.rectangle(sheet, (cx, cy), (cx + d, cy + d), 0, -1)


def new_detector() -> cv2.aruco.ArucoDetector:
    """OpenCV's marker detector with sub-pixel corners, and markers found up to 1 px from the
    picture's edge: its default (3 px) dropped a whole marker lying just inside the frame."""
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    params.minDistanceToBorder = 1
    return cv2.aruco.ArucoDetector(dictionary(), params)


def detect(gray: np.ndarray) -> dict[int, np.ndarray]:
    """Marker id -> its 4 image corners (float32, 4x2) found in a grey image."""
    corners, ids, _ = new_detector().detectMarkers(gray)
    if ids is None:
        return {}
    return {
        int(i): c.reshape(4, 2).astype(np.float32)
        for i, c in zip(ids.ravel(), corners, strict=True)
    }


@dataclass
class Location:
    homography: np.ndarray
    """3x3, board mm -> image pixels."""
    markers: int
    ms: float
    cached: bool


class Locator:
    """Finds the board in each frame; keeps the last homography when markers are hidden."""

    def __init__(
        self,
        layout: MarkerLayout,
        min_markers: int = 3,
        redetect_every: int = 30,
        moved_threshold: float = 6.0,
    ) -> None:
        self.layout = layout
        self.min_markers = min_markers
        self.redetect_every = redetect_every
        self.moved_threshold = moved_threshold
        self._thumbs: list[np.ndarray] = []
        self._since = 0
        self._known = layout.by_id()
        self._last: dict[int, np.ndarray] = {}
        self._boxes: list[tuple[slice, slice]] = []
        self._homography: np.ndarray | None = None
        self._detector: cv2.aruco.ArucoDetector | None = None

    def expire(self) -> None:
        """Look for the markers again at the next frame (the benchmark's marker-search cost)."""
        self._since = self.redetect_every

    def _detect(self, gray: np.ndarray) -> dict[int, np.ndarray]:
        if self._detector is None:
            self._detector = new_detector()
        corners, ids, _ = self._detector.detectMarkers(gray)
        if ids is None:
            return {}
        return {
            int(i): c.reshape(4, 2).astype(np.float32)
            for i, c in zip(ids.ravel(), corners, strict=True)
            if int(i) in self._known
        }

    def _detect_near_last(self, gray: np.ndarray) -> dict[int, np.ndarray]:
        """Each marker looked for around where it was, all crops side by side in one image:
        one detector pass instead of one per marker (its fixed cost dominates small crops)."""
        h, w = gray.shape[:2]
        crops: list[tuple[int, int, int, np.ndarray]] = []
        for mid, corners in self._last.items():
            x0, y0 = corners.min(axis=0)
            x1, y1 = corners.max(axis=0)
            pad = 0.6 * max(x1 - x0, y1 - y0) + 8
            ix0, iy0 = max(0, int(x0 - pad)), max(0, int(y0 - pad))
            ix1, iy1 = min(w, int(x1 + pad)), min(h, int(y1 + pad))
            if ix1 - ix0 < 16 or iy1 - iy0 < 16:
                continue
            crops.append((mid, ix0, iy0, gray[iy0:iy1, ix0:ix1]))
        if not crops:
            return {}
        gap = 8
        height = max(c.shape[0] for *_, c in crops)
        width = sum(c.shape[1] for *_, c in crops) + gap * (len(crops) - 1)
        sheet = np.full((height, width), 255, np.uint8)
        slots: list[tuple[int, int, int, int, int]] = []
        x = 0
        for mid, ix0, iy0, crop in crops:
            ch, cw = crop.shape[:2]
            sheet[:ch, x : x + cw] = crop
            slots.append((mid, x, x + cw, ix0 - x, iy0))
            x += cw + gap
        got = self._detect(sheet)
        found: dict[int, np.ndarray] = {}
        for mid, sx0, sx1, dx, dy in slots:
            c = got.get(mid)
            if c is not None and sx0 <= float(c[:, 0].mean()) < sx1:
                found[mid] = c + np.array([dx, dy], np.float32)
        return found

    def _marker_boxes(self) -> list[tuple[slice, slice]]:
        """Each last-found marker's box (rows, columns), 4 px round its corners: fixed until
        the markers are found again."""
        out = []
        for corners in self._last.values():
            x0, y0 = np.maximum(corners.min(axis=0).astype(int) - 4, 0)
            x1, y1 = corners.max(axis=0).astype(int) + 4
            out.append((slice(int(y0), int(y1)), slice(int(x0), int(x1))))
        return out

    def _marker_thumbs(self, image: np.ndarray) -> list[np.ndarray]:
        """Each marker's 16 x 16 grey thumb (uint8); from a colour frame only its crops are
        made grey (grey is per pixel: the grey of a crop is the crop of the grey)."""
        out = []
        for rows, cols in self._boxes:
            crop = image[rows, cols]
            if crop.size == 0:
                return []
            out.append(cv2.resize(gray_of(crop), (16, 16), interpolation=cv2.INTER_AREA))
        return out

    def _unmoved(self, image: np.ndarray) -> bool:
        """True when the markers look as they did at the last detection (skip detecting): each
        thumb's mean absolute difference (OpenCV's L1 norm, a whole sum: numpy's mean of the
        differences to the bit) under `moved_threshold`."""
        if self._homography is None or not self._thumbs or self._since >= self.redetect_every:
            return False
        now = self._marker_thumbs(image)
        if len(now) != len(self._thumbs):
            return False
        return all(
            cv2.norm(a, b, cv2.NORM_L1) / a.size < self.moved_threshold
            for a, b in zip(now, self._thumbs, strict=True)
        )

    def locate(self, image: np.ndarray) -> Location | None:
        """The board's homography for this frame (grey, BGR or BGRA), or None when it cannot
        be found (no markers and nothing cached). Markers are looked for again when they moved
        or every `redetect_every` frames; only then is the whole frame made grey."""
        t0 = time.perf_counter()
        if self._unmoved(image):
            self._since += 1
            assert self._homography is not None
            return Location(
                self._homography, len(self._last), (time.perf_counter() - t0) * 1000, True
            )
        self._since = 0
        gray = gray_of(image)
        found = self._detect_near_last(gray) if len(self._last) == len(self._known) else {}
        if len(found) < len(self._known):
            full = self._detect(gray)
            if len(full) >= len(found):
                found = full
        ms = (time.perf_counter() - t0) * 1000
        if len(found) >= self.min_markers:
            src = np.array(
                [c for mid in sorted(found) for c in self._known[mid].corners_mm], np.float32
            )
            dst = np.concatenate([found[mid] for mid in sorted(found)])
            hom, _ = cv2.findHomography(src, dst, 0)
            if hom is not None:
                # Kept even when a marker is out of view or covered: the ones seen still say
                # whether the camera moved, so a still camera is not searched every frame.
                self._homography = hom
                self._last = found
                self._boxes = self._marker_boxes()
                self._thumbs = self._marker_thumbs(gray)
                return Location(hom, len(found), ms, False)
        if self._homography is not None and found:
            # Some markers hidden (a hand, a cup): the board has not moved, keep the last fit.
            return Location(self._homography, len(found), ms, True)
        return None
