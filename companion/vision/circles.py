"""Printed stop circles in a rectified board image: where they are and the colour of their ring.

A stop circle is a light disk inside a ring of its line's colour. The image is first evened
out (each channel divided by its own heavy blur, which takes away the lamp's falloff and the
light's colour), then its whiteness (the smallest channel: light and grey) is matched against a
disk-minus-ring kernel of the map's circle size. Peaks are the candidate circles, located to a
fraction of a pixel, each with the ring's colour relative to its own white disk.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

import cv2
import numpy as np

MIN_RESPONSE = 0.25
"""Disk-minus-ring contrast (relative to the local paper) a candidate of the largest size
needs; a smaller one needs less in proportion to its radius (the lens blurs its thinner ring
and smaller disk together: Osaka's small grey bus circles give 0.22-0.4)."""
MIN_RINGED = 0.08
"""How much lighter than the brightest eighth of its ring a circle's disk must be: paper beside
a dark line passes the kernel, but its "ring" is light on one side."""
SECTORS = 16
OPEN_SECTORS = 2
"""A pale ring (Hibiya's grey) may look as light as the disk in this many sectors."""
PEAK_WINDOW = 0.75
APART = 0.7
"""Peaks are looked for in a window of this many radii, and kept this far apart (radii)."""


@dataclass(frozen=True)
class Circles:
    xy_mm: np.ndarray
    """N x 2 centres in board mm."""
    strength: np.ndarray
    """N: disk-minus-ring contrast."""
    ring: np.ndarray
    """N x 3: the ring's colour (RGB) divided by the disk's, about 0-1 per channel."""
    ringed: np.ndarray
    """N: how much lighter the disk is than the lightest sixteenth of its ring."""
    radius_mm: np.ndarray
    """N: the circle size it was found at."""
    sectors: np.ndarray
    """N x SECTORS x 3: the ring's colour in each sector, divided by the disk's: a printed
    ring is one colour all round, a patch of paper between lines is not."""

    def pick(self, keep: np.ndarray) -> Circles:
        return Circles(*(getattr(self, f.name)[keep] for f in fields(self)))

    def plus(self, more: Circles) -> Circles:
        return Circles(
            *(np.concatenate([getattr(self, f.name), getattr(more, f.name)]) for f in fields(self))
        )


def evened(board_bgr: np.ndarray, scale: float) -> np.ndarray:
    """Float RGB image with the light's falloff and colour taken out (paper about 1.0)."""
    img = board_bgr[..., ::-1].astype(np.float32) + 1.0
    sigma = 20.0 * scale
    small = cv2.resize(img, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    blur = cv2.GaussianBlur(small, (0, 0), sigma / 4)
    blur = cv2.resize(blur, (img.shape[1], img.shape[0]), interpolation=cv2.INTER_LINEAR)
    return np.asarray(img / blur, np.float32)


def _kernel(radius_px: float) -> np.ndarray:
    size = int(np.ceil(radius_px * 1.25)) * 2 + 1
    c = size // 2
    yy, xx = np.mgrid[:size, :size]
    d = np.hypot(xx - c, yy - c)
    inner = (d <= 0.68 * radius_px).astype(np.float32)
    ring = ((d >= 0.9 * radius_px) & (d <= 1.18 * radius_px)).astype(np.float32)
    return np.asarray(inner / inner.sum() - ring / ring.sum(), np.float32)


def _peaks(resp: np.ndarray, radius_px: float, least: float) -> np.ndarray:
    """Local maxima within a small window: a stronger peak that is no circle (paper between
    circles) must not hide a circle beside it, so peaks are thinned after the ring check."""
    size = max(3, int(radius_px * PEAK_WINDOW) | 1)
    dil = cv2.dilate(resp, np.ones((size, size), np.uint8))
    ys, xs = np.nonzero((resp >= dil) & (resp > least))
    return np.stack([xs, ys], 1) if len(xs) else np.zeros((0, 2), int)


def _thinned(pts: np.ndarray, strength: np.ndarray, radius_px: float) -> np.ndarray:
    """Which peaks to keep: the strongest, then each one no stronger peak kept is within
    `APART` radii of (in x and y)."""
    keep = np.zeros(len(pts), bool)
    reach = APART * radius_px
    for i in np.argsort(-strength, kind="stable"):
        kept = pts[keep]
        if not len(kept) or np.abs(kept - pts[i]).max(axis=1).min() > reach:
            keep[i] = True
    return keep


def _subpixel(resp: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """Each peak moved to the top of a parabola through it and its neighbours."""
    h, w = resp.shape
    out = pts.astype(np.float64)
    x = np.clip(pts[:, 0], 1, w - 2)
    y = np.clip(pts[:, 1], 1, h - 2)
    c = resp[y, x]
    for axis, (dx, dy) in enumerate(((1, 0), (0, 1))):
        a = resp[y - dy, x - dx]
        b = resp[y + dy, x + dx]
        den = a - 2 * c + b
        with np.errstate(divide="ignore", invalid="ignore"):
            off = np.where(den < 0, 0.5 * (a - b) / den, 0.0)
        out[:, axis] = (x, y)[axis] + np.clip(off, -0.5, 0.5)
    return out


def _rings(
    img: np.ndarray, pts: np.ndarray, radius_px: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """For each centre (pixels): the median ring colour over the median disk colour, the same
    per sector, how much lighter the disk is than the lightest sector of the ring (-1 at the
    image's edge) and than the lightest but `OPEN_SECTORS`."""
    r = int(np.ceil(radius_px * 1.1))
    yy, xx = np.mgrid[-r : r + 1, -r : r + 1]
    d = np.hypot(xx, yy)
    ring = (d >= 0.88 * radius_px) & (d <= 1.06 * radius_px)
    disk = d <= 0.6 * radius_px
    sector = (((np.arctan2(yy, xx) + np.pi) / (2 * np.pi) * SECTORS).astype(int) % SECTORS)[ring]
    h, w = img.shape[:2]
    colours = np.ones((len(pts), 3), np.float32)
    per_sector = np.ones((len(pts), SECTORS, 3), np.float32)
    ringed = np.full(len(pts), -1.0)
    closed = np.full(len(pts), -1.0)
    at = np.round(pts).astype(int).reshape(-1, 2)
    inside = (at[:, 0] >= r) & (at[:, 1] >= r) & (at[:, 0] + r < w) & (at[:, 1] + r < h)
    if not inside.any():
        return colours, per_sector, ringed, closed
    px, py = at[inside, 0], at[inside, 1]
    white = np.median(img[py[:, None] + yy[disk], px[:, None] + xx[disk]], axis=1)
    white = np.maximum(white, 1e-3)
    ring_px = img[py[:, None] + yy[ring], px[:, None] + xx[ring]]
    colours[inside] = np.median(ring_px, axis=1) / white
    light = ring_px.min(axis=2)
    lights = np.empty((len(px), SECTORS))
    for k in range(SECTORS):
        mine = sector == k
        per_sector[inside, k] = np.median(ring_px[:, mine], axis=1) / white
        lights[:, k] = np.median(light[:, mine], axis=1)
    lights.sort(axis=1)
    ringed[inside] = white.min(axis=1) - lights[:, -1]
    closed[inside] = white.min(axis=1) - lights[:, -1 - OPEN_SECTORS]
    return colours, per_sector, ringed, closed


def find_circles(
    img: np.ndarray, scale: float, radius_mm: float, least: float = MIN_RESPONSE
) -> Circles:
    """Candidate stop circles of about `radius_mm` in an evened image at `scale` px/mm, of
    at least `least` disk-minus-ring contrast."""
    radius_px = radius_mm * scale
    white = img.min(axis=2)
    resp = cv2.filter2D(white, cv2.CV_32F, _kernel(radius_px))
    pts = _peaks(resp, radius_px, least)
    strength = resp[pts[:, 1], pts[:, 0]].astype(np.float64)
    sub = _subpixel(resp, pts)
    colours, per_sector, ringed, closed = _rings(img, sub, radius_px)
    found = Circles(
        sub / scale,
        strength,
        colours.astype(np.float64),
        ringed,
        np.full(len(sub), radius_mm),
        per_sector.astype(np.float64),
    ).pick(closed > MIN_RINGED)
    return found.pick(_thinned(found.xy_mm * scale, found.strength, radius_px))


CONCENTRIC = 0.35
"""A stronger smaller candidate this near a larger one's centre (radii of the larger) takes
its place; one further off (the small kernel on part of a big circle's ring) leaves both."""


def find_sizes(img: np.ndarray, scale: float, radii_mm: list[float]) -> Circles:
    """Candidates of each size, largest first. Where a smaller one lies inside a larger one,
    the stronger stays: the small kernel fires inside a big circle's disk, weakly (its ring
    is on the disk), and the big kernel around a small circle, weakly too (its ring is on
    the paper and strokes around it). A stronger small one off the big one's centre
    (`CONCENTRIC`) leaves both."""
    sizes = sorted(set(radii_mm), reverse=True)
    found = [find_circles(img, scale, r, MIN_RESPONSE * r / sizes[0]) for r in sizes]
    out = found[0]
    for more in found[1:]:
        if len(out.xy_mm) and len(more.xy_mm):
            d = np.hypot(*(more.xy_mm[:, None, :] - out.xy_mm[None]).transpose(2, 0, 1))
            inside = d <= out.radius_mm[None]
            beaten = inside & (more.strength[:, None] <= out.strength[None])
            keep = ~beaten.any(axis=1)
            centred = inside & (d <= CONCENTRIC * out.radius_mm[None])
            out = out.pick(~(centred & keep[:, None]).any(axis=0))
        else:
            keep = np.ones(len(more.xy_mm), bool)
        out = out.plus(more.pick(keep))
    return out
