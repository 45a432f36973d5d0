"""The flat board the synthetic camera photographs: the map drawn at a few px/mm with its
markers, in one of two styles.

- "classic": thin lines, small stop circles, pastel districts, dots and small text.
- "print": a differently drawn board, closer to a printed one: thick lines in darker ink,
  ringed stop circles, station names, parks and a darker paper. A reader tuned to one drawing
  meets the other here.

The art depends only on the map, the layout and the style, so references match game photos.
"""

from __future__ import annotations

import math
import zlib
from typing import Any

import cv2
import numpy as np

from companion.colors import hex_to_rgb
from companion.metro.board import SMALL_CIRCLE, BoardMap, Stop
from companion.vision.markers import MarkerLayout, marker_image

STYLES = ("classic", "print")
_PASTEL = [
    (200, 225, 205),
    (225, 205, 220),
    (190, 215, 240),
    (215, 235, 240),
    (235, 220, 195),
    (205, 205, 235),
    (180, 220, 225),
]


def rng_for(*parts: object) -> np.random.Generator:
    return np.random.default_rng(zlib.crc32(repr(parts).encode()))


def _bgr(hex_color: str, ink: float = 1.0) -> tuple[int, int, int]:
    r, g, b = hex_to_rgb(hex_color)
    return (round(b * ink), round(g * ink), round(r * ink))


class BoardArt:
    """The flat board with markers, drawn once per map, layout and style at `scale` px/mm."""

    def __init__(self, board: BoardMap, layout: MarkerLayout, style: str = "classic") -> None:
        if style not in STYLES:
            raise ValueError(f"unknown board style {style!r}; known: {', '.join(STYLES)}")
        self.board = board
        self.layout = layout
        self.style = style
        x0, y0, x1, y1 = layout.bounds_mm()
        self.margin = max(-x0, -y0, x1 - board.width_mm, y1 - board.height_mm) + 25.0
        self.scale = min(4.0, 2400.0 / (max(board.width_mm, board.height_mm) + 2 * self.margin))
        self.size = (
            round((board.width_mm + 2 * self.margin) * self.scale),
            round((board.height_mm + 2 * self.margin) * self.scale),
        )
        self.small = board.drawn_small()
        self.image = self._draw()

    def _radius(self, stop: Stop) -> float:
        """A stop circle's printed radius: smaller for Osaka's small circles (no station)."""
        return stop.radius_mm * (SMALL_CIRCLE if stop.id in self.small else 1.0)

    def px(self, x_mm: float, y_mm: float) -> tuple[float, float]:
        return ((x_mm + self.margin) * self.scale, (y_mm + self.margin) * self.scale)

    def _pts(self, pts_mm: Any) -> np.ndarray:
        arr = (np.asarray(pts_mm, np.float64) + self.margin) * self.scale * 16
        return np.round(arr).astype(np.int32).reshape(-1, 1, 2)

    def _c16(self, x_mm: float, y_mm: float) -> tuple[int, int]:
        c = self.px(x_mm, y_mm)
        return (round(c[0] * 16), round(c[1] * 16))

    def _draw(self) -> np.ndarray:
        b = self.board
        w, h = self.size
        rng = rng_for("board", b.id) if self.style == "classic" else rng_for("board", b.id, "print")
        img = np.empty((h, w, 3), np.uint8)
        coarse = rng.normal(0, 6, (h // 8 + 1, w // 8 + 1, 1)).astype(np.float32)
        tex = cv2.resize(coarse, (w, h))
        # The table's texture a band of rows and a channel at a time: one float plane of the
        # whole art is 16 MB.
        buf = np.empty((128, w), np.float32)
        for y in range(0, h, 128):
            rows = slice(y, y + 128)
            plane = buf[: len(tex[rows])]
            for c, base in enumerate((96, 120, 140)):
                np.add(tex[rows], np.float32(base), out=plane)
                np.clip(plane, 0, 255, out=plane)
                img[rows, :, c] = plane
        del tex
        rect = [[0, 0], [b.width_mm, 0], [b.width_mm, b.height_mm], [0, b.height_mm]]
        paper = (208, 226, 236) if self.style == "classic" else (196, 214, 222)
        cv2.fillPoly(img, [self._pts(rect)], paper, cv2.LINE_AA, 4)
        if self.style == "classic":
            self._classic(img, rng)
        else:
            self._print(img, rng)
        self._markers(img)
        return img

    def _districts(self, img: np.ndarray, rng: np.random.Generator, colors: list[Any]) -> None:
        b = self.board
        for _ in range(int(b.width_mm * b.height_mm / 4000) + 6):
            cx, cy = rng.uniform(0, b.width_mm), rng.uniform(0, b.height_mm)
            n = int(rng.integers(5, 9))
            ang = np.sort(rng.uniform(0, 2 * math.pi, n))
            rad = rng.uniform(15, 60, n)
            poly = np.stack([cx + rad * np.cos(ang), cy + rad * np.sin(ang)], 1)
            poly = np.clip(poly, 0, [b.width_mm, b.height_mm])
            color = colors[int(rng.integers(len(colors)))]
            cv2.fillPoly(img, [self._pts(poly)], color, cv2.LINE_AA, 4)

    def _river(self, img: np.ndarray, width_mm: float) -> None:
        b = self.board
        river = np.stack(
            [
                np.linspace(0, b.width_mm, 12),
                b.height_mm * (0.6 + 0.15 * np.sin(np.linspace(0, 5, 12))),
            ],
            1,
        )
        thick = round(width_mm * self.scale)
        cv2.polylines(img, [self._pts(river)], False, (225, 200, 150), thick, cv2.LINE_AA, 4)

    def _text(
        self, img: np.ndarray, text: str, x_mm: float, y_mm: float, size_mm: float, color: Any
    ) -> None:
        o = self.px(x_mm, y_mm)
        font_scale = size_mm * self.scale / 22.0
        thick = max(1, round(size_mm * self.scale / 12))
        org = (round(o[0]), round(o[1]))
        font = cv2.FONT_HERSHEY_SIMPLEX
        cv2.putText(img, text, org, font, font_scale, color, thick, cv2.LINE_AA)

    def _grid(self, img: np.ndarray, color: Any, thick: int) -> None:
        g = self.board.grid
        for col in range(g.columns + 1):
            x = g.origin_x_mm + col * g.square_w_mm
            seg = [[x, g.origin_y_mm], [x, g.origin_y_mm + g.rows * g.square_h_mm]]
            cv2.polylines(img, [self._pts(seg)], False, color, thick, cv2.LINE_AA, 4)
        for row in range(g.rows + 1):
            y = g.origin_y_mm + row * g.square_h_mm
            seg = [[g.origin_x_mm, y], [g.origin_x_mm + g.columns * g.square_w_mm, y]]
            cv2.polylines(img, [self._pts(seg)], False, color, thick, cv2.LINE_AA, 4)

    def _station_boxes(self, img: np.ndarray, color: Any, thick_mm: float) -> None:
        b = self.board
        for station in b.stations.values():
            stops = [b.stop(s) for s in station.stops]
            xs = [s.x_mm for s in stops]
            ys = [s.y_mm for s in stops]
            rad = max(s.radius_mm for s in stops) + 1.5
            rect = [
                [min(xs) - rad, min(ys) - rad],
                [max(xs) + rad, min(ys) - rad],
                [max(xs) + rad, max(ys) + rad],
                [min(xs) - rad, max(ys) + rad],
            ]
            thick = max(1, round(thick_mm * self.scale))
            cv2.polylines(img, [self._pts(rect)], True, color, thick, cv2.LINE_AA, 4)

    def _classic(self, img: np.ndarray, rng: np.random.Generator) -> None:
        b = self.board
        area = b.width_mm * b.height_mm
        self._districts(img, rng, _PASTEL)
        self._river(img, 6)
        for _ in range(int(area / 900)):
            x, y = rng.uniform(0, b.width_mm), rng.uniform(0, b.height_mm)
            text = "".join(chr(int(c)) for c in rng.integers(65, 91, int(rng.integers(3, 8))))
            o = self.px(x, y)
            cv2.putText(
                img,
                text,
                (round(o[0]), round(o[1])),
                cv2.FONT_HERSHEY_SIMPLEX,
                0.09 * self.scale,
                (110, 110, 120),
                1,
                cv2.LINE_AA,
            )
        for _ in range(int(area / 1500)):
            x, y = rng.uniform(0, b.width_mm), rng.uniform(0, b.height_mm)
            r = rng.uniform(1.5, 4)
            color = tuple(int(v) for v in rng.integers(60, 230, 3))
            cv2.circle(img, self._c16(x, y), round(r * self.scale * 16), color, -1, cv2.LINE_AA, 4)
        self._grid(img, (150, 160, 165), 1)
        for line in b.lines.values():
            pts = [[s.x_mm, s.y_mm] for s in line.stops]
            thick = round(2.5 * self.scale)
            cv2.polylines(img, [self._pts(pts)], False, _bgr(line.color), thick, cv2.LINE_AA, 4)
        for line in b.lines.values():
            for stop in line.stops:
                rad = round(self._radius(stop) * self.scale * 16)
                cc = self._c16(stop.x_mm, stop.y_mm)
                cv2.circle(img, cc, rad, (250, 250, 250), -1, cv2.LINE_AA, 4)
                ring = max(1, round(0.8 * self.scale))
                cv2.circle(img, cc, rad, _bgr(line.color), ring, cv2.LINE_AA, 4)
        self._station_boxes(img, (40, 40, 40), 0.5)

    def _print(self, img: np.ndarray, rng: np.random.Generator) -> None:
        """Thick lines in print ink (darker than the screen colours), parks, names."""
        b = self.board
        area = b.width_mm * b.height_mm
        self._districts(img, rng, [(186, 206, 214), (200, 204, 222), (178, 198, 206)])
        for _ in range(int(area / 12000) + 3):
            cx, cy = rng.uniform(0, b.width_mm), rng.uniform(0, b.height_mm)
            axes = (rng.uniform(15, 45) * self.scale * 16, rng.uniform(10, 30) * self.scale * 16)
            ang = float(rng.uniform(0, 180))
            axes_i = (round(axes[0]), round(axes[1]))
            cv2.ellipse(
                img, self._c16(cx, cy), axes_i, ang, 0, 360, (120, 170, 125), -1, cv2.LINE_AA, 4
            )
        self._river(img, 10)
        for _ in range(int(area / 2500)):
            x, y = rng.uniform(0, b.width_mm), rng.uniform(0, b.height_mm)
            text = "".join(chr(int(c)) for c in rng.integers(65, 91, int(rng.integers(4, 10))))
            self._text(img, text, x, y, float(rng.uniform(2.5, 4.5)), (70, 70, 80))
        self._grid(img, (120, 130, 135), max(1, round(0.6 * self.scale)))
        for line in b.lines.values():
            pts = [[s.x_mm, s.y_mm] for s in line.stops]
            thick = round(5.0 * self.scale)
            ink = _bgr(line.color, 0.78)
            cv2.polylines(img, [self._pts(pts)], False, ink, thick, cv2.LINE_AA, 4)
        for line in b.lines.values():
            for stop in line.stops:
                rad = round(self._radius(stop) * self.scale * 16)
                cc = self._c16(stop.x_mm, stop.y_mm)
                cv2.circle(img, cc, rad, (235, 238, 240), -1, cv2.LINE_AA, 4)
                ring = max(1, round(1.6 * self.scale))
                cv2.circle(img, cc, rad, _bgr(line.color, 0.78), ring, cv2.LINE_AA, 4)
                self._text(img, stop.id, stop.x_mm - 3, stop.y_mm + 1.5, 3.0, (30, 30, 30))
        self._station_boxes(img, (30, 30, 30), 1.0)
        for station in b.stations.values():
            stop = b.stop(station.stops[0])
            self._text(img, station.name, stop.x_mm + 7, stop.y_mm - 7, 3.5, (40, 40, 45))

    def _markers(self, img: np.ndarray) -> None:
        for m in self.layout.markers:
            x0, y0 = self.px(*m.corners_mm[0])
            side = round(m.size_mm * self.scale)
            pad = round(3 * self.scale)
            ix, iy = round(x0), round(y0)
            img[iy - pad : iy + side + pad, ix - pad : ix + side + pad] = 255
            mk = marker_image(m.id, side)
            img[iy : iy + side, ix : ix + side] = mk[..., None]


_ART_CACHE: dict[tuple[str, int, int, str], BoardArt] = {}


def board_art(board: BoardMap, layout: MarkerLayout, style: str = "classic") -> BoardArt:
    # By the map object too: an owner's fitted map keeps the default's id.
    key = (board.id, id(board), hash(layout), style)
    if key not in _ART_CACHE:
        if len(_ART_CACHE) >= 2:
            _ART_CACHE.pop(next(iter(_ART_CACHE)))
        _ART_CACHE[key] = BoardArt(board, layout, style)
    return _ART_CACHE[key]
