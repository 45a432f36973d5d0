"""The hard test set: what real tables do to the reader, built deterministically from seeds.

Against the easy renders (`scenes`), a hard case has the "print" board style (thick dark lines,
text, parks), the game's real piece sizes, harder light (uneven, warm, dim down to a board
median grey of about 60 with sensor gain noise), and busy boards on purpose:

- pyramids of one colour on neighbouring stations, touching or 20-30 mm apart;
- a meeple next to a pyramid of its own colour;
- meeples standing on an empty station's circles;
- dark pieces on printed lines of a similar colour: black on Mita and Tozai, green on Namboku.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from companion.colors import METRO_COLORS
from companion.metro.board import BoardMap, Square
from companion.vision.calibrate import Calibration, calibrate, spot_pieces
from companion.vision.markers import MarkerLayout
from companion.vision.model import MEEPLE, PYRAMID, REAL_SIZES, Piece, station_center
from companion.vision.render import HARD_LIGHTINGS, POSES, Shot, render

STYLE = "print"
SIZES = REAL_SIZES
DARK_LINES = {"black": ("I", "T"), "green": ("N",)}
"""Piece colours and the ids of the printed lines of a similar colour (Tokyo)."""
CLEAR_MM = 19.0
"""A meeple stands at least this far from any pyramid (the renderer steps it aside otherwise)."""


@dataclass
class HardCase:
    pieces: list[Piece]
    tags: dict[str, int] = field(default_factory=dict)
    """How many of each hard situation the case holds ("touching", "near", "on station"...)."""


def _pairs(board: BoardMap, lo: float, hi: float) -> list[tuple[str, str, float]]:
    ids = sorted(board.stations)
    xy = {s: station_center(board, s) for s in ids}
    out = []
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            d = math.dist(xy[a], xy[b])
            if lo <= d <= hi:
                out.append((a, b, d))
    return out


def _line_stations(board: BoardMap, line_ids: tuple[str, ...]) -> list[str]:
    out = []
    for lid in line_ids:
        line = board.lines.get(lid)
        if line is None:
            continue
        for stop in line.stops:
            st = board.station_of(stop.id)
            if st is not None:
                out.append(st.id)
    return sorted(set(out))


def _line_points(
    board: BoardMap, line_ids: tuple[str, ...], rng: np.random.Generator
) -> list[tuple[float, float]]:
    """Points halfway between two stops of these lines (on the printed line, off the stops)."""
    out: list[tuple[float, float]] = []
    for lid in line_ids:
        line = board.lines.get(lid)
        if line is None:
            continue
        for a, b in zip(line.stops, line.stops[1:], strict=False):
            if math.dist((a.x_mm, a.y_mm), (b.x_mm, b.y_mm)) > 40:
                t = float(rng.uniform(0.4, 0.6))
                out.append((a.x_mm + t * (b.x_mm - a.x_mm), a.y_mm + t * (b.y_mm - a.y_mm)))
    return out


def hard_case(board: BoardMap, rng: np.random.Generator, pyramids: int = 30) -> HardCase:
    """One busy board: clusters of one colour, dark on dark, meeples on stations."""
    colors = list(METRO_COLORS)
    owned: dict[str, str] = {}
    nudge: dict[str, tuple[float, float]] = {}
    tags: dict[str, int] = {}
    centre = {s: station_center(board, s) for s in board.stations}

    def tag(name: str) -> None:
        tags[name] = tags.get(name, 0) + 1

    touching = _pairs(board, 18.0, 24.0)
    apart = [p for p in _pairs(board, 20.0, 31.0)]
    for kind, pool, n in (("touching", touching, 2), ("apart", apart, 3)):
        for k in rng.permutation(len(pool))[: n * 3]:
            a, b, d = pool[int(k)]
            if a in owned or b in owned or tags.get(kind, 0) >= n:
                continue
            color = str(rng.choice(colors))
            owned[a] = owned[b] = color
            if kind == "touching":
                # Each pyramid a little towards the other, within its station's circles.
                push = min(3.5, max(0.0, (d - SIZES.pyramid_base_mm + 1) / 2))
                (ax, ay), (bx, by) = centre[a], centre[b]
                ux, uy = (bx - ax) / d, (by - ay) / d
                nudge[a], nudge[b] = (ux * push, uy * push), (-ux * push, -uy * push)
            tag(kind)
    for color, lines in DARK_LINES.items():
        free = [s for s in _line_stations(board, lines) if s not in owned]
        for k in rng.permutation(len(free))[:2]:
            owned[free[int(k)]] = color
            tag("dark on dark")
    rest = [s for s in sorted(board.stations) if s not in owned]
    for k in rng.permutation(len(rest))[: max(0, pyramids - len(owned))]:
        owned[rest[int(k)]] = str(rng.choice(colors))
    pieces = []
    for sid, color in owned.items():
        x, y = centre[sid]
        dx, dy = nudge.get(sid, (0.0, 0.0))
        pieces.append(Piece(PYRAMID, color, x + dx, y + dy, station=sid))
    pyr_xy = [(p.x_mm, p.y_mm) for p in pieces]
    used: set[Square] = set()

    def clear(x: float, y: float) -> Square | None:
        sq = board.grid.square_at(x, y)
        if sq is None or sq in used:
            return None
        x0, y0, x1, y1 = board.grid.rect(sq)
        if min(x - x0, x1 - x, y - y0, y1 - y) < 4.0:
            return None
        if any(math.dist((x, y), q) < CLEAR_MM for q in pyr_xy):
            return None
        return sq

    meeples: list[Piece] = []

    def put(color: str, candidates: list[tuple[float, float]], name: str) -> bool:
        for k in rng.permutation(len(candidates)):
            x, y = candidates[int(k)]
            sq = clear(x, y)
            if sq is not None:
                used.add(sq)
                meeples.append(Piece(MEEPLE, color, x, y, square=sq))
                tag(name)
                return True
        return False

    order = [str(c) for c in rng.permutation(colors)]
    empty_stations = [centre[s] for s in sorted(board.stations) if s not in owned]
    for color in order:
        if color in DARK_LINES and put(
            color, _line_points(board, DARK_LINES[color], rng), "dark on dark"
        ):
            continue
        if tags.get("on station", 0) < 2 and put(color, empty_stations, "on station"):
            continue
        near = []
        for p in pieces:
            if p.color == color:
                for ang in np.linspace(0, 2 * math.pi, 12, endpoint=False):
                    r = float(rng.uniform(CLEAR_MM + 1, 30.0))
                    near.append((p.x_mm + r * math.cos(ang), p.y_mm + r * math.sin(ang)))
        if put(color, near, "near own pyramid"):
            continue
        cells = [board.grid.center(sq) for sq in board.grid.squares()]
        put(color, cells, "plain")
    return HardCase(pieces + meeples, tags)


@dataclass
class HardSession:
    lighting: str
    pose: str
    calibration: Calibration | None
    refused: str | None
    """Why calibration refused this light (the message the maker sees), or None."""
    median_grey: float


def hard_photos(
    board: BoardMap, layout: MarkerLayout, lighting: str, pose: str, seed: int
) -> tuple[np.ndarray, np.ndarray]:
    """The empty board's photo and the colour spots' photo in the hard style."""
    empty = shoot_hard(board, layout, [], seed=seed, lighting=lighting, pose=pose)
    spots = spot_pieces(board)
    photo = shoot_hard(board, layout, spots, seed=seed + 1, lighting=lighting, pose=pose)
    return empty.image, photo.image


def hard_session(
    board: BoardMap,
    layout: MarkerLayout,
    lighting: str,
    pose: str,
    empty: np.ndarray,
    photo: np.ndarray,
) -> HardSession:
    """What calibration makes of the photos; a refusal is kept with its message."""
    from companion.errors import UserError
    from companion.vision.calibrate import board_median_grey

    grey = board_median_grey(board, layout, empty)
    try:
        cal = calibrate(board, layout, empty, photo)
    except UserError as exc:
        return HardSession(lighting, pose, None, str(exc), grey)
    refused = next((w.text for w in cal.warnings if w.code == "unreadable"), None)
    return HardSession(lighting, pose, cal if refused is None else None, refused, grey)


def calibrate_hard(
    board: BoardMap, layout: MarkerLayout, lighting: str, pose: str, seed: int
) -> HardSession:
    """Calibration photos in the hard style; a refusal is kept with its message."""
    empty, photo = hard_photos(board, layout, lighting, pose, seed)
    return hard_session(board, layout, lighting, pose, empty, photo)


def shoot_hard(
    board: BoardMap,
    layout: MarkerLayout,
    pieces: list[Piece],
    *,
    seed: int,
    lighting: str,
    pose: str,
    hand: bool = False,
) -> Shot:
    return render(
        board,
        layout,
        pieces,
        seed=seed,
        lighting=lighting,
        pose=pose,
        hand=hand,
        exposure=float(np.random.default_rng(seed).uniform(0.95, 1.05)),
        style=STYLE,
        sizes=SIZES,
    )


SESSIONS = [(lighting, pose) for lighting in HARD_LIGHTINGS for pose in POSES]
