"""A drink or a meeple, by the shape of one blob of the drink's colour beside a pyramid.

A drink is an upright 10 mm cylinder: seen from the camera, its disc swept along the camera's
lean (its side), never wider across the lean than its diameter. A meeple is 15 x 7.5 mm: its
blob is long (second moments), or reaches beyond a drink's disc along or across the lean. The
points are board mm; `lean` says where a point some height above the board is seen.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from companion.vision.model import DRINK_DIAMETER_MM, DRINK_HEIGHT_MM
from companion.vision.white_drink import Lean

MEEPLE_ASPECT = 1.6
"""Longer than this (long / short axis): a meeple beside the pyramid, not a drink."""
ACROSS = 1.3
"""A drink's blob across the camera's lean is its diameter wide (spread D / 4, as a disc's):
wider than this many times that, it is a 15 mm meeple lying across."""
TWIN_ACROSS = 1.75
"""The same for a meeple whose colour is also read elsewhere (it may be a drink read as a
meeple, a drink's blob is seen up to 1.7 times a disc's spread): only wider than this."""
EXTENT = 1.2
"""The blob's largest part where the drink and the meeple are read reaching more than this
many drink diameters (`reach`; no drink did on the reading test's sessions): a meeple."""


def a_meeple(blob: np.ndarray, spot: np.ndarray, twin: bool, lean: Lean, scale: float) -> bool:
    """Whether the drink colour's `blob` round a drink and a meeple read together is the
    meeple: its largest part at their `spot` (off the pyramid) reaches beyond a drink's disc,
    or the blob is long or wider across the lean than a drink. A meeple of a colour also read
    elsewhere (`twin`) may be a drink the piece reader made a meeple of: only a blob far too
    wide across is one."""
    part = largest_part(spot, scale)
    if len(part) >= 5 and reach(part, lean) > EXTENT * DRINK_DIAMETER_MM:
        return True
    if twin:
        return across(blob, lean) > TWIN_ACROSS * DRINK_DIAMETER_MM / 4
    low, high = np.linalg.eigvalsh(np.cov(blob.T))
    if math.sqrt(high / max(low, 1e-6)) > MEEPLE_ASPECT:
        return True
    return across(blob, lean) > ACROSS * DRINK_DIAMETER_MM / 4


def largest_part(pts: np.ndarray, scale: float) -> np.ndarray:
    """The points of a blob's largest 8-connected part (at `scale` px/mm)."""
    if len(pts) < 2:
        return pts
    px = np.round(pts * scale).astype(np.intp)
    px -= px.min(0)
    mask = np.zeros((int(px[:, 1].max()) + 1, int(px[:, 0].max()) + 1), np.uint8)
    mask[px[:, 1], px[:, 0]] = 1
    _n, labels = cv2.connectedComponents(mask, connectivity=8)
    of = labels[px[:, 1], px[:, 0]]
    part: np.ndarray = pts[of == np.argmax(np.bincount(of))]
    return part


def reach(pts: np.ndarray, lean: Lean) -> float:
    """How far (mm) a blob reaches, 5th to 95th percentile: its width across the camera's
    lean or its length along it less the lean of a drink's top, whichever is more. A drink's
    10 mm disc seen a pixel wider reaches about 10.4; a meeple's 15 mm side 11.7 to 14.4, by
    how it stands to the lean."""
    side, along, length = _axes(pts, lean)
    lo, hi = np.percentile(side, [5, 95])
    a_lo, a_hi = np.percentile(along, [5, 95])
    return max(float(hi - lo), float(a_hi - a_lo) - length)


def across(pts: np.ndarray, lean: Lean) -> float:
    """The spread (mm) of a blob's points across the camera's lean at the blob: a standing
    drink is seen longer along the lean (its side), never wider across it."""
    return float(np.std(_axes(pts, lean)[0]))


def _axes(pts: np.ndarray, lean: Lean) -> tuple[np.ndarray, np.ndarray, float]:
    """(each point across the lean, along it, from the blob's mean; the lean of a drink's
    top there, mm)."""
    mx, my = (float(v) for v in pts.mean(0))
    tx, ty = lean(mx, my, DRINK_HEIGHT_MM)
    length = math.hypot(tx - mx, ty - my)
    ux, uy = ((tx - mx) / length, (ty - my) / length) if length > 1e-6 else (1.0, 0.0)
    dx, dy = pts[:, 0] - mx, pts[:, 1] - my
    return dx * -uy + dy * ux, dx * ux + dy * uy, length
