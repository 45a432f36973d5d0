"""A report on a calibration a maker can act on: the light (level, glare, colour cast, noise),
the markers as the camera sees them, the pieces' measured sizes, and the smallest colour gap
between two players' pieces in this light; optionally how test photos read.

`check(board, layout, calibration, photos)` returns plain data (`to_json()`), and `lines()`
the same as text with what to do.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from companion.errors import UserError
from companion.metro.board import BoardMap
from companion.vision.calibrate import Calibration, board_median_grey, warped_board
from companion.vision.colormodel import NOISE_LIMIT
from companion.vision.markers import MarkerLayout, corner_of, detect
from companion.vision.model import MEEPLE, PYRAMID
from companion.vision.pixels import gray_of
from companion.vision.reader import Reader

GOOD_MARKER_PX = 30.0
"""Markers smaller than this (side, px) are found less reliably."""
EDGE_MARGIN = 0.5
"""A marker missed closer to the picture's edge than this share of its side was likely cut by
it or its white border was (the detector takes markers whose outline comes within 1 px of the
edge: `markers.new_detector`)."""


@dataclass
class PhotoCheck:
    name: str
    board_found: bool
    grey: float | None
    markers: dict[int, float]
    rejected: str | None
    pieces: int

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "board_found": self.board_found,
            "grey": self.grey,
            "markers_px": {str(k): round(v, 1) for k, v in self.markers.items()},
            "rejected": self.rejected,
            "pieces": self.pieces,
        }


@dataclass
class Report:
    grey: float
    glare_pct: float
    red_blue: float
    noise: float
    """Camera noise (sd, grey levels) once the board is brought to a grey of 200."""
    markers: dict[int, float]
    """Marker id -> side in the reference photo (px)."""
    px_per_mm: float
    pieces_mm2: dict[str, float]
    aspect: dict[str, float]
    closest: tuple[float, str, str]
    margin: float
    """How many noise widths separate the two closest colours."""
    warnings: list[str]
    advice: list[str] = field(default_factory=list)
    photos: list[PhotoCheck] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "light": {
                "board_grey": round(self.grey, 1),
                "glare_pct": round(self.glare_pct, 2),
                "red_blue_ratio": round(self.red_blue, 3),
                "noise": round(self.noise, 2),
            },
            "markers_px": {str(k): round(v, 1) for k, v in self.markers.items()},
            "camera_px_per_mm": round(self.px_per_mm, 2),
            "pieces_mm2": {k: round(v, 1) for k, v in self.pieces_mm2.items()},
            "pieces_aspect": {k: round(v, 2) for k, v in self.aspect.items()},
            "closest_colors": {
                "colors": [self.closest[1], self.closest[2]],
                "lab_distance": round(self.closest[0], 1),
                "noise_widths": round(self.margin, 2) if math.isfinite(self.margin) else None,
            },
            "warnings": self.warnings,
            "advice": self.advice,
            "photos": [p.to_json() for p in self.photos],
        }

    def lines(self) -> list[str]:
        c = self.closest
        margin = f"{self.margin:.1f} noise widths" if math.isfinite(self.margin) else "no noise"
        out = [
            f"light: board grey {self.grey:.0f} (best 120-190), glare {self.glare_pct:.2f} % "
            f"of the board, red/blue {self.red_blue:.2f} (white light ~1.15), "
            f"noise {self.noise:.1f} (reader refuses above {NOISE_LIMIT:g})",
            "markers: "
            + (", ".join(f"id {k} {v:.0f} px" for k, v in sorted(self.markers.items())) or "none")
            + f"; camera {self.px_per_mm:.2f} px/mm",
            "pieces: "
            + ", ".join(
                f"{kind} {self.pieces_mm2.get(kind, 0):.0f} mm2 seen, "
                f"{self.aspect.get(kind, 0):.2f} long/short"
                for kind in (PYRAMID, MEEPLE)
            ),
            f"closest colours: {c[1]} and {c[2]}, {c[0]:.1f} apart ({margin})",
        ]
        out += [f"warning: {w}" for w in self.warnings]
        out += [f"do: {a}" for a in self.advice]
        for p in self.photos:
            if not p.board_found:
                out.append(f"{p.name}: board not found (are the four markers in view?)")
            else:
                why = f", rejected ({p.rejected})" if p.rejected else ""
                out.append(
                    f"{p.name}: grey {p.grey:.0f}, {len(p.markers)} markers, {p.pieces} pieces{why}"
                )
        return out


def _side(corners: np.ndarray) -> float:
    return float(np.mean([np.linalg.norm(corners[i] - corners[(i + 1) % 4]) for i in range(4)]))


def _marker_sides(image: np.ndarray) -> dict[int, float]:
    found = detect(gray_of(image))
    return {mid: _side(c) for mid, c in found.items()}


def missing_markers(layout: MarkerLayout, image: np.ndarray) -> list[str]:
    """What to do about each marker of the layout that the photo's detector did not find, by
    its number and corner ("marker 1 (top right)"). Where the found ones put it says why:
    outside the picture, too near its edge for the detector, or inside it (covered, a
    reflection, out of focus)."""
    found = detect(gray_of(image))
    known = layout.by_id()
    seen = sorted(mid for mid in found if mid in known)
    hom = None
    if len(seen) >= 2:
        src = np.array([c for mid in seen for c in known[mid].corners_mm], np.float32)
        hom, _ = cv2.findHomography(src, np.concatenate([found[mid] for mid in seen]), 0)
    height, width = image.shape[:2]
    out = []
    for marker in layout.markers:
        if marker.id in found:
            continue
        name = f"marker {marker.id} ({corner_of(layout, marker).replace('-', ' ')})"
        if hom is None:
            out.append(f"bring {name} into view")
            continue
        pts = cv2.perspectiveTransform(np.array([marker.corners_mm], np.float32), hom)[0]
        edge = float(
            min(pts[:, 0].min(), pts[:, 1].min(), width - pts[:, 0].max(), height - pts[:, 1].max())
        )
        if edge < 0:
            out.append(f"bring {name} into view: it is outside the picture")
        elif edge < EDGE_MARGIN * _side(pts):
            out.append(
                f"{name} is in the picture but only {edge:.0f} px from its edge, where the "
                "detector often misses a marker: aim the camera so every marker has a margin "
                "round it"
            )
        else:
            out.append(
                f"{name} is in the picture but not found: is it covered, in a reflection "
                "or out of focus?"
            )
    return out


def _grey(board: BoardMap, layout: MarkerLayout, image: np.ndarray) -> float | None:
    try:
        return board_median_grey(board, layout, image)
    except UserError:
        return None


def check(
    board: BoardMap,
    layout: MarkerLayout,
    cal: Calibration,
    photos: list[tuple[str, np.ndarray]] | None = None,
) -> Report:
    warped = warped_board(board, layout, cal.reference)
    gray = cv2.cvtColor(warped, cv2.COLOR_BGR2GRAY)
    mean = warped.reshape(-1, 3).mean(axis=0) + 1.0
    markers = _marker_sides(cal.reference)
    scales = [markers[m.id] / m.size_mm for m in layout.markers if m.id in markers]
    colors = cal.colors
    report = Report(
        grey=float(np.median(gray)),
        glare_pct=100 * float((warped.min(axis=2) >= 252).mean()),
        red_blue=float(mean[2] / mean[0]),
        noise=colors.normalised_noise(),
        markers=markers,
        px_per_mm=float(np.mean(scales)) if scales else 0.0,
        pieces_mm2=dict(colors.area_mm2),
        aspect=dict(colors.aspect),
        closest=colors.closest_pair(),
        margin=colors.margin_ratio(),
        warnings=[w.shown() for w in cal.warnings],
    )
    report.advice = _advice(report, missing_markers(layout, cal.reference))
    if photos:
        reader = Reader(board, layout, cal.reference, colors)
        for name, image in photos:
            reading = reader.read(image)
            report.photos.append(
                PhotoCheck(
                    name,
                    reading.board_found,
                    _grey(board, layout, image),
                    _marker_sides(image),
                    reading.rejected,
                    len(reading.pieces),
                )
            )
    return report


def _advice(r: Report, missing: list[str]) -> list[str]:
    out = []
    if r.grey < 100 or r.noise > 0.7 * NOISE_LIMIT:
        out.append("add light or raise the camera's exposure, then calibrate again")
    if r.glare_pct > 1:
        out.append("move the lamp so no reflection reaches the camera")
    if r.red_blue > 1.7 or r.red_blue < 0.75:
        out.append("use a whiter light, or calibrate again in the light you play in")
    out += missing
    small = [k for k, v in r.markers.items() if v < GOOD_MARKER_PX]
    if small:
        ids = ", ".join(str(k) for k in sorted(small))
        which = f"marker {ids} is" if len(small) == 1 else f"markers {ids} are"
        out.append(f"print the markers bigger or lower the camera ({which} small)")
    if math.isfinite(r.margin) and r.margin < 8:
        out.append(
            f"{r.closest[1]} and {r.closest[2]} look alike in this light: "
            "a whiter, brighter light helps"
        )
    return out
