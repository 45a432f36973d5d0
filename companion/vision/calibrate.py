"""Calibration: the empty-board reference, the players' piece colours learnt from one photo of
pieces on marked spots, and warnings about the light.

Files in the caller's data folder: `reference.png` (the empty board as the camera saw it),
`reference.json` (where the markers were, light warnings) and `colors.json` (the colour model).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from companion.colors import METRO_COLORS
from companion.data import read_toml
from companion.errors import UserError
from companion.i18n import N_, _
from companion.metro.board import BoardMap
from companion.vision.boardframe import Frame, board_scale, warp_to_board
from companion.vision.colormodel import ColorModel, to_lab
from companion.vision.markers import Locator, MarkerLayout
from companion.vision.model import MEEPLE, PYRAMID, Piece
from companion.vision.pieces import MEEPLE_LEAN_MM, MEEPLE_TOP_MM
from companion.vision.pixels import bgr_of, gray_of
from companion.vision.reader import Reader
from companion.vision.shading import lean_direction, rise
from companion.vision.station_discs import PYRAMID_LEAN_MM

REFERENCE_FORMAT = "companion/vision-reference@1"
DARK_GREY = 70.0
"""Without a pieces photo to measure the noise on, below this board median grey is dim."""
MIN_GREY = 40.0
"""Below this board median grey nothing is read, whatever the noise."""


@dataclass(frozen=True)
class Spot:
    kind: str
    color: str
    x_mm: float
    y_mm: float


@dataclass(frozen=True)
class LightWarning:
    code: str
    """'dark', 'glare', 'cast' or 'unreadable' (the reader refuses this light)."""
    text: str
    """English; translate with `_()` when shown."""

    def shown(self) -> str:
        return _(self.text)


_WARN_TEXT = {
    "dark": N_("The board is too dark: add light or open the camera's exposure."),
    "glare": N_("Glare on the board: move the lamp so no reflection reaches the camera."),
    "cast": N_("Strong colour cast: use a whiter light or recalibrate the camera."),
    "unreadable": N_(
        "Too dark to tell the pieces' colours apart: add light or raise the camera's "
        "exposure or gain, then calibrate again."
    ),
}


def light_warnings(board_bgr: np.ndarray) -> list[LightWarning]:
    """Warnings about the light, from the warped board (BGR uint8)."""
    out = []
    gray = cv2.cvtColor(board_bgr, cv2.COLOR_BGR2GRAY)
    if float(np.median(gray)) < DARK_GREY:
        out.append(LightWarning("dark", _WARN_TEXT["dark"]))
    if float((board_bgr.min(axis=2) >= 252).mean()) > 0.01:
        out.append(LightWarning("glare", _WARN_TEXT["glare"]))
    mean = board_bgr.reshape(-1, 3).mean(axis=0) + 1.0
    ratio = mean[2] / mean[0]
    # A cream map reads about 1.15 red/blue in white light.
    if ratio > 1.7 or ratio < 0.75:
        out.append(LightWarning("cast", _WARN_TEXT["cast"]))
    return out


def warped_board(board: BoardMap, layout: MarkerLayout, image: np.ndarray) -> np.ndarray:
    """The board of a photo at the reader's resolution (BGR uint8)."""
    hom = locate_reference(image, layout)
    scale = board_scale(board)
    size = (round(board.width_mm * scale), round(board.height_mm * scale))
    return warp_to_board(image, hom, scale, size)


def board_median_grey(board: BoardMap, layout: MarkerLayout, image: np.ndarray) -> float:
    """The median grey level of the board in a photo: the light level a maker can act on."""
    gray = cv2.cvtColor(warped_board(board, layout, image), cv2.COLOR_BGR2GRAY)
    return float(np.median(gray))


def board_grey_of(board: BoardMap, layout: MarkerLayout) -> Callable[[np.ndarray], float | None]:
    """A measure for `PiCameraSource.set_exposure`: a frame's board median grey, or None
    when the markers are not in view."""

    def measure(image: np.ndarray) -> float | None:
        try:
            return board_median_grey(board, layout, image)
        except UserError:
            return None

    return measure


def default_spots(board: BoardMap, colors: tuple[str, ...] = METRO_COLORS) -> list[Spot]:
    """Meeples on one row of squares and pyramids on another, a third and two thirds down."""
    g = board.grid
    step = max(1, (g.columns - 2) // len(colors))
    start = max(0, (g.columns - step * (len(colors) - 1)) // 2)
    out = []
    for kind, row in ((MEEPLE, g.rows // 3), (PYRAMID, (2 * g.rows) // 3)):
        for i, color in enumerate(colors):
            x, y = g.center((start + i * step, row))
            out.append(Spot(kind, color, x, y))
    return out


def spot_pieces(board: BoardMap) -> list[Piece]:
    """The calibration photo's pieces: one on each default spot."""
    return [Piece(s.kind, s.color, s.x_mm, s.y_mm) for s in default_spots(board)]


def load_spots(path: str | Path) -> list[Spot]:
    data = read_toml(path)
    out = []
    for i, raw in enumerate(data.get("spots", [])):
        try:
            kind = raw["kind"]
            if kind not in (MEEPLE, PYRAMID):
                raise ValueError
            out.append(Spot(kind, str(raw["color"]), float(raw["x_mm"]), float(raw["y_mm"])))
        except (KeyError, TypeError, ValueError):
            raise UserError(
                "needs kind (meeple|pyramid), color, x_mm, y_mm", path, f"spots[{i}]"
            ) from None
    if not out:
        raise UserError("no [[spots]]", path, "spots")
    return out


def locate_reference(image: np.ndarray, layout: MarkerLayout) -> np.ndarray:
    loc = Locator(layout).locate(gray_of(image))
    if loc is None:
        raise UserError("the board's markers are not visible in the reference photo")
    return loc.homography


PIECE_LEAN_MM = {PYRAMID: PYRAMID_LEAN_MM, MEEPLE: MEEPLE_LEAN_MM}
SPOT_MM = 11.0
"""A calibration piece's pixels lie within this of where its spot's piece appears."""
PIECE_LAB = 14.0
"""At calibration a piece pixel differs from the board more than a shadow does (weighted Lab)."""


def _spot_blob(spot: Spot, cents: np.ndarray, scale: float, seen: tuple[float, float]) -> int:
    """The blob whose centre is nearest where the spot's piece appears (`seen`, mm: the
    piece's centre leans away from the camera)."""
    d = np.hypot(cents[:, 0] / scale - seen[0], cents[:, 1] / scale - seen[1])
    if not len(d) or d.min() > 10:
        raise UserError(f"no {spot.color} {spot.kind} found at ({spot.x_mm:g}, {spot.y_mm:g}) mm")
    return int(np.argmin(d))


def _aspect(pts: np.ndarray) -> float:
    (_, _), (rw, rh), _ = cv2.minAreaRect(pts.astype(np.float32))
    return float(max(rw, rh) / max(1.0, min(rw, rh)))


def measure_noise(reader: Reader, frame: Frame) -> dict[str, float]:
    """The camera's noise in this light, from the pieces photo's board away from the pieces:
    the sd of a pixel's change against the reference, and the Lab distance it leaves."""
    bf = reader.board_frame
    away = cv2.dilate(frame.mask, np.ones((9, 9), np.uint8)) == 0
    sample = away.copy()
    sample[::3] = False
    sample[:, ::3] = False
    ys, xs = np.nonzero(sample)
    if len(ys) < 100:
        return {}
    # Sensor noise from flat paper only: at printed edges the resampling differs frame to
    # frame, which the change test's tolerance already allows for.
    flat = bf.ref_tol[ys, xs].sum(1)
    calm = flat <= np.percentile(flat, 40)
    delta = frame.image[ys[calm], xs[calm]] - bf.ref[ys[calm], xs[calm]]
    mad = np.median(np.abs(delta - np.median(delta, axis=0)), axis=0)
    lab = to_lab(bf.colors_at(frame, ys, xs))
    lab_d = bf.board_distance(ys, xs, lab)
    out = {
        "diff": float(1.4826 * mad.mean()),
        "lab": float(np.percentile(lab_d, 99.5)),
        "level": bf.level,
    }
    # The hand test's coarse change: fine print resampled a little differently each frame
    # leaves some everywhere.
    h, w = frame.diff.shape
    coarse = cv2.resize(frame.diff, (w // 4, h // 4), interpolation=cv2.INTER_AREA)
    clear = cv2.resize(away.astype(np.uint8), (w // 4, h // 4), interpolation=cv2.INTER_AREA)
    if (clear > 0).sum() > 50:
        out["coarse"] = float(np.percentile(coarse[clear > 0], 99.5))
    return out


ALIGNED_PX = 0.25
"""A calibration photo this near the reference (board px) is taken as aligned."""


def aligned(reader: Reader, photo: np.ndarray, homography: np.ndarray) -> tuple[np.ndarray, Frame]:
    """The markers' fit, corrected as the reader corrects every frame's (the shift it leaves
    against the reference) when that aligns the photo better, and the photo compared with the
    reference: with three markers in view the fit can be 1-2 px off, and the noise measured
    on a misaligned photo would be the print's edges."""
    bf = reader.board_frame
    warped = bf.warp(photo, homography)
    frame = bf.compare(warped)
    dx, dy = bf.residual_shift(warped)
    if math.hypot(dx, dy) < ALIGNED_PX:
        return homography, frame
    s = reader.scale
    shifted = np.asarray(homography @ np.array([[1, 0, dx / s], [0, 1, dy / s], [0, 0, 1]]))
    moved = bf.compare(bf.warp(photo, shifted))
    lab = measure_noise(reader, frame).get("lab", 0.0)
    if measure_noise(reader, moved).get("lab", math.inf) < lab:
        return shifted, moved
    return homography, frame


def learn_colors(
    board: BoardMap,
    layout: MarkerLayout,
    reference: np.ndarray,
    pieces_photo: np.ndarray,
    spots: list[Spot],
) -> ColorModel:
    """The colour model from a photo with one piece on each spot (same light as the
    reference): colours first, then the pieces' sizes and shapes as the reader will see them.
    Photos BGR or BGRA."""
    reference, pieces_photo = bgr_of(reference), bgr_of(pieces_photo)
    reader = Reader(board, layout, reference, ColorModel.default())
    bf = reader.board_frame
    loc = reader.locator.locate(gray_of(pieces_photo))
    if loc is None:
        raise UserError("the board's markers are not visible in the pieces photo")
    homography, frame = aligned(reader, pieces_photo, loc.homography)
    h, w = pieces_photo.shape[:2]
    reader.set_camera(homography, (w, h))
    where = {spot: reader.lean(spot.x_mm, spot.y_mm, PIECE_LEAN_MM[spot.kind]) for spot in spots}
    s = reader.scale
    ys, xs = np.nonzero(frame.mask)
    lab = to_lab(bf.colors_at(frame, ys, xs))
    far = bf.board_distance(ys, xs, lab) > PIECE_LAB
    ys, xs = ys[far], xs[far]
    # Each changed pixel goes to the nearest spot (pieces on close spots may touch).
    seen = np.array([where[spot] for spot in spots], np.float32) * s
    d = np.hypot(xs[:, None] - seen[None, :, 0], ys[:, None] - seen[None, :, 1])
    nearest = np.argmin(d, axis=1) if len(spots) else np.zeros(0, np.int64)
    samples: dict[str, list[np.ndarray]] = {}
    for i, spot in enumerate(spots):
        mine = (nearest == i) & (d[:, i] < SPOT_MM * s)
        if np.count_nonzero(mine) < 10:
            raise UserError(
                f"no {spot.color} {spot.kind} found at ({spot.x_mm:g}, {spot.y_mm:g}) mm"
            )
        samples.setdefault(spot.color, []).append(bf.colors_at(frame, ys[mine], xs[mine]))
    noise = measure_noise(reader, frame)
    del reader, bf, frame  # before the second reader: each holds tens of MB of images
    first = ColorModel.fit({c: np.concatenate(p) for c, p in samples.items()}, {}, noise=noise)
    # Sizes and shapes as the reader's own piece test sees them, with these colours.
    second = Reader(board, layout, reference, first)
    sbf = second.board_frame
    spots_frame = sbf.compare(sbf.warp(pieces_photo, homography))
    second.set_camera(homography, (w, h))
    blobs = second.blobs(spots_frame)
    areas: dict[str, list[float]] = {PYRAMID: [], MEEPLE: []}
    aspects: dict[str, list[float]] = {PYRAMID: [], MEEPLE: []}
    rises: dict[str, list[float]] = {PYRAMID: [], MEEPLE: []}
    for spot in spots:
        mine = [b for b in blobs if first.names[b.color] == spot.color]
        cents_mine = np.array([b.pts.mean(0) for b in mine]).reshape(-1, 2)
        blob = mine[_spot_blob(spot, cents_mine, s, where[spot])]
        areas[spot.kind].append(len(blob.pts) / (s * s))
        aspects[spot.kind].append(_aspect(blob.pts))
        cx, cy = (float(v) / s for v in blob.pts.mean(0))
        direction, _ = lean_direction(cx, cy, second.lean(cx, cy, MEEPLE_TOP_MM))
        rises[spot.kind].append(rise(spots_frame.image, blob.pts, direction))
    return ColorModel.fit(
        {c: np.concatenate(p) for c, p in samples.items()},
        areas,
        aspects=aspects,
        noise=noise,
        rises=rises,
    )


@dataclass
class Calibration:
    reference: np.ndarray
    colors: ColorModel
    warnings: list[LightWarning]

    def save(self, folder: str | Path) -> None:
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        cv2.imwrite(str(folder / "reference.png"), self.reference)
        info: dict[str, Any] = {
            "format": REFERENCE_FORMAT,
            "image": "reference.png",
            "warnings": [w.code for w in self.warnings],
        }
        (folder / "reference.json").write_text(json.dumps(info, indent=2) + "\n")
        (folder / "colors.json").write_text(json.dumps(self.colors.to_json(), indent=2) + "\n")

    @classmethod
    def load(cls, folder: str | Path) -> Calibration:
        folder = Path(folder)
        path = folder / "reference.png"
        ref = cv2.imread(str(path)) if path.is_file() else None
        if ref is None:
            raise UserError("no reference.png (run `companion vision calibrate`)", folder)
        warnings: list[LightWarning] = []
        info = folder / "reference.json"
        if info.exists():
            codes = json.loads(info.read_text()).get("warnings", [])
            warnings = [LightWarning(c, _WARN_TEXT[c]) for c in codes if c in _WARN_TEXT]
        colors_path = folder / "colors.json"
        colors = ColorModel.load(colors_path) if colors_path.exists() else ColorModel.default()
        return cls(ref, colors, warnings)


def light_verdict(colors: ColorModel, grey: float) -> list[LightWarning]:
    """'unreadable' or 'dark' from what the pieces photo measured: the camera's colour noise
    against the smallest gap between two player colours (what reading needs), and the grey."""
    if grey < MIN_GREY or colors.too_dark():
        return [LightWarning("unreadable", _WARN_TEXT["unreadable"])]
    if colors.dim():
        return [LightWarning("dark", _WARN_TEXT["dark"])]
    return []


def calibrate(
    board: BoardMap,
    layout: MarkerLayout,
    reference: np.ndarray,
    pieces_photo: np.ndarray | None,
    spots: list[Spot] | None = None,
) -> Calibration:
    """Everything the reader needs, from an empty-board photo and (optionally) a pieces photo
    (BGR or BGRA; the reference is kept BGR)."""
    reference = bgr_of(reference)
    pieces_photo = None if pieces_photo is None else bgr_of(pieces_photo)
    hom = locate_reference(reference, layout)
    scale = board_scale(board)
    size = (round(board.width_mm * scale), round(board.height_mm * scale))
    warped = warp_to_board(reference, hom, scale, size)
    warnings = light_warnings(warped)
    if pieces_photo is None:
        return Calibration(reference, ColorModel.default(), warnings)
    grey = float(np.median(cv2.cvtColor(warped, cv2.COLOR_BGR2GRAY)))
    try:
        colors = learn_colors(board, layout, reference, pieces_photo, spots or default_spots(board))
    except UserError as exc:
        if grey < DARK_GREY:
            raise UserError(f"{exc.message}; {_WARN_TEXT['unreadable']}") from None
        raise
    warnings = [w for w in warnings if w.code != "dark"] + light_verdict(colors, grey)
    return Calibration(reference, colors, warnings)
