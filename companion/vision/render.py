"""A synthetic camera: the map, its markers and the pieces of a game state as a camera above
the table would see them at 1280x720.

The board is drawn flat at a few px/mm, pieces are projected with a pinhole camera a few
degrees off vertical (tops lean away from the camera's nadir), then the board is warped into
the camera image and spoiled like a real photo: uneven light, colour temperature, lens blur,
sensor noise. Everything is deterministic for a seed; the map texture depends only on the
map, so a reference photo and a game photo show the same board.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from companion.colors import DRINK_COLORS, PLAYER_COLORS
from companion.metro.board import BoardMap
from companion.vision.boardart import BoardArt, board_art, rng_for
from companion.vision.markers import MarkerLayout
from companion.vision.model import DRINK, MEEPLE, PYRAMID, TOY_SIZES, Piece, PieceSizes

FRAME_SIZE = (1280, 720)
FOCAL_PX = 1000.0


@dataclass(frozen=True)
class Lighting:
    exposure: float
    rgb_gain: tuple[float, float, float]
    vignette: float
    gradient: tuple[float, float]
    """Brightness change across the frame in x and y (fraction of the mean)."""
    spot: tuple[float, float, float]
    """A lamp: (x, y) in frame fractions and its strength."""
    noise: float = 2.5
    """Sensor noise (grey levels, sd); a dim room's raised gain makes more."""
    shading: float = 0.0
    """Uneven light over the board (cloth folds, a lampshade): a smooth random field."""


LIGHTINGS = {
    "daylight": Lighting(0.92, (1.0, 1.0, 1.0), 0.12, (0.05, 0.0), (0.5, 0.5, 0.0)),
    "warm": Lighting(0.85, (1.1, 0.97, 0.72), 0.3, (0.0, 0.0), (0.25, 0.3, 0.35)),
    "window": Lighting(0.85, (0.9, 1.0, 1.12), 0.1, (0.35, 0.12), (0.5, 0.5, 0.0)),
}
HARD_LIGHTINGS = {
    "shaded": Lighting(0.95, (1.0, 1.0, 0.97), 0.15, (0.08, 0.05), (0.6, 0.4, 0.1), 3.0, 0.12),
    "lamp": Lighting(0.8, (1.12, 0.96, 0.68), 0.35, (0.1, 0.0), (0.3, 0.3, 0.5), 3.5, 0.1),
    "evening": Lighting(0.55, (1.05, 1.0, 0.85), 0.25, (0.15, 0.1), (0.5, 0.4, 0.2), 4.0, 0.1),
    "dim": Lighting(0.42, (1.08, 0.98, 0.75), 0.3, (0.2, 0.0), (0.3, 0.3, 0.3), 5.0, 0.12),
    "dark": Lighting(0.32, (1.1, 0.97, 0.72), 0.3, (0.25, 0.1), (0.3, 0.3, 0.3), 6.0, 0.12),
}
"""Harder light for the hard test set: uneven, warm, and dim down to a board median grey of
about 60 with the noise of a raised sensor gain."""
ALL_LIGHTINGS = {**LIGHTINGS, **HARD_LIGHTINGS}


@dataclass(frozen=True)
class Pose:
    pitch_deg: float
    roll_deg: float
    yaw_deg: float
    shift_mm: tuple[float, float]


POSES = {
    "overhead": Pose(0.5, 0.5, 1.0, (0.0, 0.0)),
    "tilted": Pose(5.0, -2.0, -2.0, (0.0, 40.0)),
    "offset": Pose(-3.0, 6.0, 4.0, (60.0, 0.0)),
}


IN_FRAME_PX = 24
"""The markers' corners stay this far inside the frame (px), their white border with them."""

_SHIFTED = [False]


@contextmanager
def shifted_lens() -> Iterator[None]:
    """Photographs taken inside it have the lens's principal point off the frame's centre, as
    an off-centre crop of the sensor gives: the board is tilted into view by shifting the image,
    not by turning the camera (how every photo was rendered before the camera was aimed).
    The reader's lean, worked out with the lens centred, is then off by up to ~90 mm of camera
    place; tests that pin a situation found on such photos keep them."""
    _SHIFTED[0] = True
    try:
        yield
    finally:
        _SHIFTED[0] = False


def camera_model(art: BoardArt, pose: Pose, jitter: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(camera position in board mm with z down, 3x3 homography board mm -> frame px)."""
    x0, y0, x1, y1 = art.layout.bounds_mm()
    w_mm, h_mm = x1 - x0 + 20, y1 - y0 + 20
    height = FOCAL_PX * max(w_mm / (0.92 * FRAME_SIZE[0]), h_mm / (0.92 * FRAME_SIZE[1]))
    cx = (x0 + x1) / 2 + pose.shift_mm[0] + jitter[0] * 10
    cy = (y0 + y1) / 2 + pose.shift_mm[1] + jitter[1] * 10
    pitch, roll, yaw = (
        math.radians(a + j)
        for a, j in zip((pose.pitch_deg, pose.roll_deg, pose.yaw_deg), jitter[2:5], strict=True)
    )
    rx = cv2.Rodrigues(np.array([pitch, 0.0, 0.0]))[0]
    ry = cv2.Rodrigues(np.array([0.0, roll, 0.0]))[0]
    rz = cv2.Rodrigues(np.array([0.0, 0.0, yaw]))[0]
    rot = rx @ ry @ rz
    centre = np.array([(x0 + x1) / 2, (y0 + y1) / 2, 0.0])
    k = np.array([[FOCAL_PX, 0, FRAME_SIZE[0] / 2], [0, FOCAL_PX, FRAME_SIZE[1] / 2], [0, 0, 1]])
    src = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float64)
    on_board = np.hstack([src, np.zeros((4, 1))])

    def project(cam: np.ndarray, r: np.ndarray, p: np.ndarray) -> np.ndarray:
        q = (k @ (r @ (np.atleast_2d(p) - cam).T)).T
        return np.asarray(q[:, :2] / q[:, 2:])

    if _SHIFTED[0]:
        cam = np.array([cx, cy, -height])
        dst = project(cam, rot, on_board) - (project(cam, rot, centre) - np.array(FRAME_SIZE) / 2)
    else:
        # Turned towards the board centre after tilting, as a person aims a camera, so the
        # board stays in view with the lens centred; raised until the markers' corners are in
        # the frame, as a person would.
        while True:
            cam = np.array([cx, cy, -height])
            dst = project(cam, _aim(rot @ (centre - cam)) @ rot, on_board)
            if ((dst >= IN_FRAME_PX) & (dst <= np.array(FRAME_SIZE) - IN_FRAME_PX)).all():
                break
            height *= 1.02
    hom = cv2.getPerspectiveTransform(src.astype(np.float32), dst.astype(np.float32))
    return cam, hom


def _aim(view: np.ndarray) -> np.ndarray:
    """The least rotation that turns the camera's view direction `view` onto its optical axis."""
    v = view / np.linalg.norm(view)
    axis = np.cross(v, np.array([0.0, 0.0, 1.0]))
    s = float(np.linalg.norm(axis))
    if s < 1e-12:
        return np.eye(3)
    angle = math.atan2(s, float(v[2]))
    return np.asarray(cv2.Rodrigues(axis / s * angle)[0])


def _lean(cam: np.ndarray, x: np.ndarray, y: np.ndarray, h: float) -> tuple[np.ndarray, np.ndarray]:
    """Where a point h mm above (x, y) appears on the board plane seen from the camera."""
    t = -cam[2] / (-cam[2] - h)
    return cam[0] + t * (x - cam[0]), cam[1] + t * (y - cam[1])


def _capsule(length: float, depth: float, n: int = 10) -> np.ndarray:
    r = depth / 2
    half = length / 2 - r
    a1 = np.linspace(-math.pi / 2, math.pi / 2, n)
    a2 = a1 + math.pi
    right = np.stack([half + r * np.cos(a1), r * np.sin(a1)], 1)
    left = np.stack([-half + r * np.cos(a2), r * np.sin(a2)], 1)
    return np.concatenate([right, left])


def place_pieces(
    board: BoardMap,
    pieces: list[Piece],
    rng: np.random.Generator,
    sizes: PieceSizes = TOY_SIZES,
) -> list[tuple[Piece, float]]:
    """Jitter pieces the way hands set them down; meeples step aside from pyramids in their
    square so no two pieces stand inside each other."""
    gap = max(17.0, sizes.pyramid_base_mm * 0.71 + sizes.meeple_depth_mm / 2 + 1)
    out: list[tuple[Piece, float]] = []
    pyramids = [p for p in pieces if p.kind == PYRAMID]
    others = [p for p in pieces if p.kind != DRINK]
    for p in pieces:
        x = p.x_mm + rng.uniform(-1.2, 1.2)
        y = p.y_mm + rng.uniform(-1.2, 1.2)
        angle = rng.uniform(-0.3, 0.3)
        if p.kind == DRINK:
            x, y = drink_spot(board, p, others, rng, sizes)
        elif p.kind == MEEPLE:
            angle = rng.uniform(0, math.pi)
            near = [q for q in pyramids if math.hypot(q.x_mm - x, q.y_mm - y) < gap]
            if near and p.square is not None:
                q = min(near, key=lambda q: math.hypot(q.x_mm - x, q.y_mm - y))
                dx, dy = x - q.x_mm, y - q.y_mm
                d = math.hypot(dx, dy) or 1.0
                x, y = q.x_mm + dx / d * gap, q.y_mm + dy / d * gap
                x0, y0, x1, y1 = board.grid.rect(p.square)
                x = min(max(x, x0 + 4.5), x1 - 4.5)
                y = min(max(y, y0 + 4.5), y1 - 4.5)
                angle = math.atan2(dy, dx) + math.pi / 2
        out.append((Piece(p.kind, p.color, x, y, p.square, p.station), angle))
    return out


def drink_spot(
    board: BoardMap,
    drink: Piece,
    others: list[Piece],
    rng: np.random.Generator,
    sizes: PieceSizes,
) -> tuple[float, float]:
    """Where a hand stands a drink: just beside its station's pyramid, on the side of the eight
    round it that is clearest of the other pieces and of the board's edge."""
    reach = sizes.pyramid_base_mm * 0.72 + sizes.drink_diameter_mm / 2 + 1.0
    turn = rng.uniform(-0.25, 0.25)
    best: tuple[float, float, float] | None = None
    for k in range(8):
        a = k * math.pi / 4 + turn
        x, y = drink.x_mm + reach * math.cos(a), drink.y_mm + reach * math.sin(a)
        inside = 6 < x < board.width_mm - 6 and 6 < y < board.height_mm - 6
        clear = min(
            (math.hypot(q.x_mm - x, q.y_mm - y) for q in others if q.station != drink.station),
            default=99.0,
        )
        score = clear if inside else -1.0
        if best is None or score > best[0]:
            best = (score, x, y)
    assert best is not None
    return best[1] + rng.uniform(-0.5, 0.5), best[2] + rng.uniform(-0.5, 0.5)


def _shade(color: tuple[int, int, int], k: float) -> tuple[int, int, int]:
    return tuple(int(min(255, max(0, c * k))) for c in color)  # type: ignore[return-value]


def _draw_piece(
    img: np.ndarray,
    shadow: np.ndarray,
    art: BoardArt,
    cam: np.ndarray,
    piece: Piece,
    angle: float,
    light: np.ndarray,
    sizes: PieceSizes,
) -> None:
    if piece.kind == DRINK:
        _draw_drink(img, shadow, art, cam, piece, light, sizes)
        return
    r, g, b = PLAYER_COLORS[piece.color]
    base_col = (b, g, r)
    ca, sa = math.cos(angle), math.sin(angle)
    if piece.kind == PYRAMID:
        half = sizes.pyramid_base_mm / 2
        local = np.array([[-half, -half], [half, -half], [half, half], [-half, half]])
        height = sizes.pyramid_height_mm
    else:
        local = _capsule(sizes.meeple_length_mm, sizes.meeple_depth_mm)
        height = sizes.meeple_height_mm
    bx = piece.x_mm + local[:, 0] * ca - local[:, 1] * sa
    by = piece.y_mm + local[:, 0] * sa + local[:, 1] * ca
    base = np.stack([bx, by], 1)
    sh_off = -light[:2] / light[2] * height
    if piece.kind == PYRAMID:
        apex_sh = np.array([[piece.x_mm, piece.y_mm]]) + sh_off
        sh_poly = cv2.convexHull(np.concatenate([base, apex_sh]).astype(np.float32))
    else:
        sh_poly = cv2.convexHull(np.concatenate([base, base + sh_off]).astype(np.float32))
    cv2.fillPoly(shadow, [art._pts(sh_poly.reshape(-1, 2))], 1.0, cv2.LINE_AA, 4)
    if piece.kind == PYRAMID:
        ax, ay = _lean(cam, np.array([piece.x_mm]), np.array([piece.y_mm]), height)
        apex = np.array([ax[0], ay[0]])
        faces = []
        for i in range(4):
            p0, p1 = base[i], base[(i + 1) % 4]
            mid = (p0 + p1) / 2 - np.array([piece.x_mm, piece.y_mm])
            n = np.array([mid[0], mid[1], sizes.pyramid_base_mm / 2 * half / height * 2])
            n = n / np.linalg.norm(n)
            k = 0.45 + 0.75 * max(0.0, float(n @ light))
            faces.append((k, np.stack([p0, p1, apex])))
        for k, tri in faces:
            cv2.fillPoly(img, [art._pts(tri)], _shade(base_col, k), cv2.LINE_AA, 4)
        for i in range(4):
            cv2.polylines(
                img,
                [art._pts(np.stack([base[i], apex]))],
                False,
                _shade(base_col, 0.5),
                1,
                cv2.LINE_AA,
                4,
            )
    else:
        tx, ty = _lean(cam, bx, by, height)
        top = np.stack([tx, ty], 1)
        side = cv2.convexHull(np.concatenate([base, top]).astype(np.float32)).reshape(-1, 2)
        cv2.fillPoly(img, [art._pts(side)], _shade(base_col, 0.6), cv2.LINE_AA, 4)
        cv2.fillPoly(img, [art._pts(top)], _shade(base_col, 1.05), cv2.LINE_AA, 4)
        hx, hy = _lean(cam, np.array([piece.x_mm]), np.array([piece.y_mm]), height + 1)
        c = art.px(hx[0], hy[0])
        cv2.circle(
            img,
            (round(c[0] * 16), round(c[1] * 16)),
            round(2.6 * sizes.meeple_length_mm / 15 * art.scale * 16),
            _shade(base_col, 1.2),
            -1,
            cv2.LINE_AA,
            4,
        )


def _draw_drink(
    img: np.ndarray,
    shadow: np.ndarray,
    art: BoardArt,
    cam: np.ndarray,
    piece: Piece,
    light: np.ndarray,
    sizes: PieceSizes,
) -> None:
    """A drink: an upright cylinder of the drink's colour, its side shaded by the light and its
    top a shade brighter."""
    r, g, b = DRINK_COLORS[piece.color]
    col = (b, g, r)
    radius, height = sizes.drink_diameter_mm / 2, sizes.drink_height_mm
    a = np.linspace(0, 2 * math.pi, 20, endpoint=False)
    bx, by = piece.x_mm + radius * np.cos(a), piece.y_mm + radius * np.sin(a)
    base = np.stack([bx, by], 1)
    sh_off = -light[:2] / light[2] * height
    sh_poly = cv2.convexHull(np.concatenate([base, base + sh_off]).astype(np.float32))
    cv2.fillPoly(shadow, [art._pts(sh_poly.reshape(-1, 2))], 1.0, cv2.LINE_AA, 4)
    if img.ndim < 3:
        return  # the shadow pass
    tx, ty = _lean(cam, bx, by, height)
    top = np.stack([tx, ty], 1)
    side = cv2.convexHull(np.concatenate([base, top]).astype(np.float32)).reshape(-1, 2)
    lit = 0.55 + 0.45 * max(0.0, float(light[0] * np.cos(a).mean() + light[2] * 0.3))
    cv2.fillPoly(img, [art._pts(side)], _shade(col, lit), cv2.LINE_AA, 4)
    cv2.fillPoly(img, [art._pts(top)], _shade(col, 1.0), cv2.LINE_AA, 4)
    cv2.polylines(img, [art._pts(top)], True, _shade(col, 0.8), 1, cv2.LINE_AA, 4)


def _draw_hand(
    img: np.ndarray, shadow: np.ndarray, art: BoardArt, rng: np.random.Generator
) -> None:
    b = art.board
    edge = int(rng.integers(4))
    reach = rng.uniform(0.25, 0.45) * (b.height_mm if edge in (0, 2) else b.width_mm)
    along = rng.uniform(0.25, 0.75)
    if edge == 0:
        start, direction = np.array([along * b.width_mm, -art.margin]), np.array([0.0, 1.0])
    elif edge == 2:
        start, direction = (
            np.array([along * b.width_mm, b.height_mm + art.margin]),
            np.array([0.0, -1.0]),
        )
    elif edge == 1:
        start, direction = (
            np.array([b.width_mm + art.margin, along * b.height_mm]),
            np.array([-1.0, 0.0]),
        )
    else:
        start, direction = np.array([-art.margin, along * b.height_mm]), np.array([1.0, 0.0])
    rot = rng.uniform(-0.35, 0.35)
    direction = np.array(
        [
            direction[0] * math.cos(rot) - direction[1] * math.sin(rot),
            direction[0] * math.sin(rot) + direction[1] * math.cos(rot),
        ]
    )
    normal = np.array([-direction[1], direction[0]])
    end = start + direction * (reach + art.margin)
    width = rng.uniform(60, 80)
    skin = (int(rng.integers(120, 160)), int(rng.integers(150, 185)), int(rng.integers(200, 235)))
    arm = np.stack(
        [
            start + normal * width / 2,
            end + normal * width / 2.4,
            end - normal * width / 2.4,
            start - normal * width / 2,
        ]
    )
    palm_c = end + direction * 25
    palm = np.array(
        [
            palm_c + 45 * math.cos(t) * direction * 0.8 + 40 * math.sin(t) * normal
            for t in np.linspace(0, 2 * math.pi, 24)
        ]
    )
    fingers = []
    for k in range(4):
        base_pt = palm_c + direction * 30 + normal * (k - 1.5) * 17
        tip = base_pt + direction * rng.uniform(30, 45)
        fingers.append((base_pt, tip))
    sh = np.array([10.0, 16.0])
    for poly in (arm, palm):
        cv2.fillPoly(shadow, [art._pts(poly + sh)], 1.0, cv2.LINE_AA, 4)
    for p0, p1 in fingers:
        cv2.line(
            shadow,
            tuple(np.round(np.array(art.px(*(p0 + sh))) * 16).astype(int)),
            tuple(np.round(np.array(art.px(*(p1 + sh))) * 16).astype(int)),
            1.0,
            round(14 * art.scale),
            cv2.LINE_AA,
            4,
        )
    sleeve = tuple(int(v) for v in rng.integers(30, 200, 3))
    cv2.fillPoly(img, [art._pts(arm)], skin, cv2.LINE_AA, 4)
    sleeve_poly = np.stack(
        [
            start + normal * width / 2,
            start + normal * width / 2 + direction * art.margin * 1.3,
            start - normal * width / 2 + direction * art.margin * 1.3,
            start - normal * width / 2,
        ]
    )
    cv2.fillPoly(img, [art._pts(sleeve_poly)], sleeve, cv2.LINE_AA, 4)
    cv2.fillPoly(img, [art._pts(palm)], _shade(skin, 1.05), cv2.LINE_AA, 4)
    for p0, p1 in fingers:
        cv2.line(
            img,
            tuple(np.round(np.array(art.px(*p0)) * 16).astype(int)),
            tuple(np.round(np.array(art.px(*p1)) * 16).astype(int)),
            _shade(skin, 0.95),
            round(14 * art.scale),
            cv2.LINE_AA,
            4,
        )


_SHADING: dict[tuple[str, float, tuple[int, int]], np.ndarray] = {}


def _shading(key: str, amount: float, size: tuple[int, int]) -> np.ndarray:
    """A smooth random light field over the table (1 +- amount) at the board art's size,
    fixed for a board: a lamp's falloff and a cloth's folds stay put when the camera moves."""
    cache_key = (key, amount, size)
    if cache_key not in _SHADING:
        rng = rng_for("shading", key)
        coarse = rng.normal(0, 1, (5, 8)).astype(np.float32)
        smooth = cv2.resize(coarse, size, interpolation=cv2.INTER_CUBIC)
        field = 1 + amount * smooth / max(1e-6, float(np.abs(smooth).max()))
        _SHADING.clear()
        _SHADING[cache_key] = field.astype(np.float32)
    return _SHADING[cache_key]


def _add_noise(f: np.ndarray, rng: np.random.Generator, sd: float, band: int = 90) -> None:
    """Gaussian noise added in place, a band of rows at a time: the same numbers as one draw
    for the whole frame, without its float64 copy."""
    for y in range(0, f.shape[0], band):
        f[y : y + band] += rng.normal(0, sd, f[y : y + band].shape).astype(np.float32)


def _lit(
    img: np.ndarray, shadow: np.ndarray, shading: np.ndarray | None, band: int = 128
) -> np.ndarray:
    """`img` (uint8 BGR) times the pieces' shadow factor and the table's shading (float32, one
    channel each), a band of rows and a channel at a time: at the board art's size even one
    float plane is 16 MB. Same numbers as the whole-image float product."""
    out = np.empty_like(img)
    buf = np.empty((band, img.shape[1]), np.float32)
    for y in range(0, img.shape[0], band):
        rows = slice(y, y + band)
        plane = buf[: len(shadow[rows])]
        for c in range(img.shape[2]):
            np.multiply(img[rows, :, c], shadow[rows], out=plane)
            if shading is not None:
                plane *= shading[rows]
            np.clip(plane, 0, 255, out=plane)
            out[rows, :, c] = plane
    return out


@dataclass
class Shot:
    image: np.ndarray
    pieces: list[Piece]
    homography: np.ndarray
    hand: bool

    def truth(self) -> dict[str, Any]:
        return {
            "format": "companion/vision-truth@1",
            "hand": self.hand,
            "homography": self.homography.tolist(),
            "pieces": [p.to_json() for p in self.pieces],
        }


def render(
    board: BoardMap,
    layout: MarkerLayout,
    pieces: list[Piece],
    *,
    seed: int = 0,
    lighting: str = "daylight",
    pose: str = "overhead",
    hand: bool = False,
    exposure: float = 1.0,
    style: str = "classic",
    sizes: PieceSizes = TOY_SIZES,
) -> Shot:
    """Photograph the board with these pieces. The ground truth keeps the pieces' own places.
    `style` is the board's drawing (see boardart), `sizes` the pieces' printing."""
    if lighting not in ALL_LIGHTINGS:
        raise ValueError(f"unknown lighting {lighting!r}; known: {', '.join(ALL_LIGHTINGS)}")
    if pose not in POSES:
        raise ValueError(f"unknown pose {pose!r}; known: {', '.join(POSES)}")
    rng = rng_for("shot", seed)
    art = board_art(board, layout, style)
    light_cfg = ALL_LIGHTINGS[lighting]
    cam, hom = camera_model(art, POSES[pose], rng.uniform(-1, 1, 5))
    shadow: np.ndarray = np.zeros(art.image.shape[:2], np.float32)
    az = rng.uniform(0, 2 * math.pi)
    light = np.array([0.5 * math.cos(az), 0.5 * math.sin(az), 1.0])
    light /= np.linalg.norm(light)
    placed = place_pieces(board, pieces, rng, sizes)
    order = sorted(placed, key=lambda pa: -math.hypot(pa[0].x_mm - cam[0], pa[0].y_mm - cam[1]))
    for piece, angle in order:
        _draw_piece(np.zeros(1), shadow, art, cam, piece, angle, light, sizes)
    cv2.GaussianBlur(shadow, (0, 0), 1.5 * art.scale, dst=shadow)
    shadow *= np.float32(0.38)
    np.subtract(np.float32(1), shadow, out=shadow)
    shading = _shading(board.id, light_cfg.shading, art.size) if light_cfg.shading else None
    img = _lit(art.image, shadow, shading)
    del shadow, shading
    nowhere = np.zeros((1, 1), np.float32)
    for piece, angle in order:
        _draw_piece(img, nowhere, art, cam, piece, angle, light, sizes)
    to_canvas = np.array(
        [[art.scale, 0, art.margin * art.scale], [0, art.scale, art.margin * art.scale], [0, 0, 1]]
    )
    cam_from_canvas = hom @ np.linalg.inv(to_canvas)
    hs_cam: np.ndarray | None = None
    if hand:
        hs: np.ndarray = np.zeros(art.image.shape[:2], np.float32)
        _draw_hand(img, hs, art, rng)
        cv2.GaussianBlur(hs, (0, 0), 6 * art.scale, dst=hs)
        # Warped now so the art-sized shadow is gone before the photo's own warp.
        hs_cam = cv2.warpPerspective(hs, cam_from_canvas, FRAME_SIZE)
        del hs
    frame = cv2.warpPerspective(
        img,
        cam_from_canvas,
        FRAME_SIZE,
        flags=cv2.INTER_AREA,
        borderMode=cv2.BORDER_CONSTANT,
        borderValue=(70, 90, 110),
    )
    del img
    f = frame.astype(np.float32)
    del frame
    if hs_cam is not None:
        f *= 1 - 0.3 * hs_cam[..., None]
        del hs_cam
    w, h = FRAME_SIZE
    xs = np.linspace(-1, 1, w, dtype=np.float32)[None, :]
    ys = np.linspace(-1, 1, h, dtype=np.float32)[:, None]
    field = (
        1
        - light_cfg.vignette * (xs**2 + ys**2) / 2
        + light_cfg.gradient[0] * xs
        + light_cfg.gradient[1] * ys
    )
    sx, sy, strength = light_cfg.spot
    if strength:
        field = field + strength * np.exp(
            -(((xs + 1) / 2 - sx) ** 2 + ((ys + 1) / 2 - sy) ** 2) / 0.12
        )
    field /= field.mean()
    gain = np.array(light_cfg.rgb_gain[::-1], np.float32) * light_cfg.exposure * exposure
    f *= field[..., None]
    f *= gain
    cv2.GaussianBlur(f, (0, 0), 0.8, dst=f)
    _add_noise(f, rng, light_cfg.noise)
    out = np.clip(f, 0, 255, out=f).astype(np.uint8)
    return Shot(out, [p for p, _ in placed], hom, hand)
