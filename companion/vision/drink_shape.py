"""A drink or a meeple, by the shape of one blob of the drink's colour beside a pyramid.

A drink is an upright 10 mm cylinder: seen from the camera, its disc swept along the camera's
lean (its side), never wider across the lean than its diameter. A meeple is 15 x 7.5 mm: its
blob is long (second moments) and meeple-sized, or reaches beyond a drink's disc along or
across the lean. Where none of that tells, the `verdict` is `UNSURE`. The points are board
mm; `lean` says where a point some height above the board is seen.
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
LONG_ASPECT = 1.55
LONG_REACH = 0.95
MEEPLE_SIZE = 0.45
"""A blob whose largest part is long (`LONG_ASPECT`), reaches `LONG_REACH` drink diameters and
is `MEEPLE_SIZE` of a calibrated meeple's seen area or more is a meeple, also one whose colour
is read elsewhere: a drink's blob is that long only far from the camera's nadir, and then its
reach, less the lean, stays a disc's; a drink's blob that long and reaching was a part of one
(the rest hidden), far smaller than a meeple's (of the shape test's calls on three seed sets of
the drinks benchmark, none of 912 drinks was all three, 51 of 91 meeples were, 16 of the 25
whose colour was also read elsewhere)."""
UNSURE_REACH = 1.1
"""A blob reaching more than this many drink diameters that none of the tests calls a meeple
may be either (a meeple seen end on to the lean reaches as far as the farthest drinks)."""
UNSURE_ACROSS = 1.45
"""A blob wider across the lean than `ACROSS` but not this may be either (the widest drinks
reached 1.42, the narrowest meeples called by their width 1.37)."""

PLAIN_ASPECT = 1.7
PLAIN_SIZE = 0.85
"""A blob whose largest part is longer than `PLAIN_ASPECT` and reaches beyond `EXTENT` drink
diameters or is `PLAIN_SIZE` of a meeple's seen area is plainly a meeple (`plainly_a_meeple`):
of 2,543 drinks the shape test was asked of on eight seed sets, one was (a meeple touching it,
called a meeple by both looks); a lying meeple beside a pyramid was, the sharp look fitting a
drink to its end (seeds 14077 and 21077)."""

MEEPLE = "meeple"
DRINK = "drink"
UNSURE = "unsure"


def verdict(
    blob: np.ndarray, spot: np.ndarray, twin: bool, lean: Lean, scale: float, meeple_px: float
) -> str:
    """`MEEPLE`, `DRINK` or `UNSURE`: whether the drink colour's `blob` round a drink and a
    meeple read together is the meeple. It is when its largest part at their `spot` (off the
    pyramid) reaches beyond a drink's disc, or the blob is long or wider across the lean than
    a drink, or its largest part is long, reaching and of a meeple's size (`meeple_px` pixels
    seen). A meeple of a colour also read elsewhere (`twin`) may be a drink the piece reader
    made a meeple of, and other pieces of its colour may stand near (a drink by the next
    station): then only the last test, or the blob's largest part far too wide across, tells.
    A blob reaching nearly as far as a meeple's that passes them is `UNSURE`."""
    part = largest_part(spot, scale)
    far = reach(part, lean) if len(part) >= 5 else 0.0
    if far > EXTENT * DRINK_DIAMETER_MM:
        return MEEPLE
    body = largest_part(blob, scale)
    if (
        aspect(body) > LONG_ASPECT
        and far > LONG_REACH * DRINK_DIAMETER_MM
        and len(part) >= MEEPLE_SIZE * meeple_px
    ):
        return MEEPLE
    if twin:
        if across(body, lean) > TWIN_ACROSS * DRINK_DIAMETER_MM / 4:
            return MEEPLE
    else:
        wide = across(blob, lean) / (DRINK_DIAMETER_MM / 4)
        if aspect(blob) > MEEPLE_ASPECT or wide > UNSURE_ACROSS:
            return MEEPLE
        if wide > ACROSS:
            return UNSURE
    return UNSURE if far > UNSURE_REACH * DRINK_DIAMETER_MM else DRINK


def plainly_a_meeple(
    blob: np.ndarray, spot: np.ndarray, lean: Lean, scale: float, meeple_px: float
) -> bool:
    """The blob is long and reaches beyond a drink's disc or is nearly a meeple's size
    (`PLAIN_ASPECT`): no look at the camera frame's pixels that fits a drink to a part of it
    makes it one."""
    body = largest_part(blob, scale)
    if aspect(body) <= PLAIN_ASPECT:
        return False
    part = largest_part(spot, scale)
    far = reach(part, lean) if len(part) >= 5 else 0.0
    return far > EXTENT * DRINK_DIAMETER_MM or len(part) >= PLAIN_SIZE * meeple_px


def aspect(pts: np.ndarray) -> float:
    """A blob's long axis over its short one (second moments)."""
    if len(pts) < 3:
        return 1.0
    low, high = np.linalg.eigvalsh(np.cov(pts.T))
    return math.sqrt(high / max(low, 1e-6))


def largest_part(pts: np.ndarray, scale: float) -> np.ndarray:
    """The points of a blob's largest 8-connected part (at `scale` px/mm)."""
    if len(pts) < 2:
        return pts
    part: np.ndarray = pts[in_largest_part(pts, scale)]
    return part


def in_largest_part(pts: np.ndarray, scale: float) -> np.ndarray:
    """Which of a blob's points (N x 2, mm) are in its largest 8-connected part."""
    if len(pts) < 2:
        return np.ones(len(pts), bool)
    px = np.round(pts * scale).astype(np.intp)
    px -= px.min(0)
    mask = np.zeros((int(px[:, 1].max()) + 1, int(px[:, 0].max()) + 1), np.uint8)
    mask[px[:, 1], px[:, 0]] = 1
    _n, labels = cv2.connectedComponents(mask, connectivity=8)
    of = labels[px[:, 1], px[:, 0]]
    out: np.ndarray = of == np.argmax(np.bincount(of))
    return out


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
