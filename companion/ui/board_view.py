"""Drawing a Metro board with pygame: the map, and on it the pieces of a game state.

The map itself (background, grid, lines, stations, stop circles and labels) never changes during a
game, so it is drawn once per size into a cached surface, supersampled for smooth edges; a frame
then costs one blit plus the few pieces. Every stop carries its label (line letter + number) and
every piece its letter: colour is never the only clue.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping

import pygame

from companion.colors import (
    DRINK_COLORS,
    PLAYER_COLORS,
    RGB,
    color_letter,
    drink_name,
    hex_to_rgb,
    rgb,
    text_color_on,
)
from companion.metro.board import SMALL_CIRCLE, BoardMap, Stop
from companion.metro.state import MetroState, Train
from companion.metro.vehicles import VehicleId

BACKGROUND: RGB = (250, 248, 242)
GRID: RGB = (226, 224, 216)
HULL_EDGE: RGB = (128, 128, 128)
HULL_FILL: RGB = (214, 214, 214)
INK: RGB = (30, 30, 30)
NAME_INK: RGB = (70, 70, 70)
HIGHLIGHT: RGB = (255, 190, 0)
LINE_WIDTH_MM = 3.2
RING_MM = 1.3
HULL_PAD_MM = 2.6
SUPERSAMPLE = 2

_MEEPLE = [
    (-0.14, -0.16), (-0.46, -0.10), (-0.50, 0.06), (-0.24, 0.12), (-0.40, 0.48), (-0.08, 0.48),
    (0.0, 0.34), (0.08, 0.48), (0.40, 0.48), (0.24, 0.12), (0.50, 0.06), (0.46, -0.10),
    (0.14, -0.16),
]  # fmt: skip
"""A meeple's outline (without its head), in units of its size, centred on (0, 0)."""

_fonts: dict[tuple[int, bool], pygame.font.Font] = {}


def font(size: int, bold: bool = True) -> pygame.font.Font:
    """The default font at a pixel size, cached (creating fonts costs milliseconds)."""
    key = (max(6, size), bold)
    if key not in _fonts:
        if not pygame.font.get_init():
            pygame.font.init()
        f = pygame.font.Font(None, key[0])
        f.set_bold(bold)
        _fonts[key] = f
    return _fonts[key]


_texts: dict[tuple[str, int, RGB, bool], pygame.Surface] = {}


def text_image(text: str, size: int, color: RGB, bold: bool = True) -> pygame.Surface:
    """Rendered text, cached: the same few letters are drawn every frame."""
    key = (text, size, color, bold)
    img = _texts.get(key)
    if img is None:
        if len(_texts) > 2000:
            _texts.clear()
        img = _texts[key] = font(size, bold).render(text, True, color)
    return img


def _blit_centered(
    surface: pygame.Surface,
    text: str,
    size: int,
    color: RGB,
    center: tuple[float, float],
    bold: bool = True,
) -> None:
    img = text_image(text, size, color, bold)
    surface.blit(img, img.get_rect(center=(round(center[0]), round(center[1]))))


class BoardView:
    """Fits a board into a screen rectangle (keeping its aspect) and draws it."""

    def __init__(self, board: BoardMap, rect: pygame.Rect) -> None:
        self.board = board
        self.rect = pygame.Rect(rect)
        self.scale = min(self.rect.w / board.width_mm, self.rect.h / board.height_mm)
        self.width_px = max(1, round(board.width_mm * self.scale))
        self.height_px = max(1, round(board.height_mm * self.scale))
        self.origin = (
            self.rect.x + (self.rect.w - self.width_px) // 2,
            self.rect.y + (self.rect.h - self.height_px) // 2,
        )
        self.show_names = self.scale >= 1.4
        """Station names fit from about 1.4 px/mm (the preview); the app screen leaves them out."""
        self.pulse = 0.0
        """0..1: the caller animates the highlight rings by setting this before `draw`."""
        self._static: pygame.Surface | None = None

    # --- geometry ---------------------------------------------------------------------------

    def to_screen(self, x_mm: float, y_mm: float) -> tuple[int, int]:
        return (
            round(self.origin[0] + x_mm * self.scale),
            round(self.origin[1] + y_mm * self.scale),
        )

    def to_board(self, px: float, py: float) -> tuple[float, float]:
        return ((px - self.origin[0]) / self.scale, (py - self.origin[1]) / self.scale)

    def px(self, mm: float) -> int:
        return max(1, round(mm * self.scale))

    def stop_at(self, px: float, py: float) -> Stop | None:
        """The stop whose circle is under a screen point, if any."""
        x, y = self.to_board(px, py)
        best: tuple[float, Stop] | None = None
        for stop in self.board.stops():
            d = math.hypot(stop.x_mm - x, stop.y_mm - y)
            if d <= stop.radius_mm and (best is None or d < best[0]):
                best = (d, stop)
        return best[1] if best else None

    def invalidate(self) -> None:
        """Forget the cached map (after the board was edited)."""
        self._static = None

    # --- the static map ---------------------------------------------------------------------

    def static_layer(self) -> pygame.Surface:
        if self._static is None:
            self._static = self._render_static()
        return self._static

    def _render_static(self) -> pygame.Surface:
        k = SUPERSAMPLE
        s = self.scale * k
        big = pygame.Surface((self.width_px * k, self.height_px * k))
        big.fill(BACKGROUND)

        def p(x: float, y: float) -> tuple[int, int]:
            return (round(x * s), round(y * s))

        def w(mm: float) -> int:
            return max(1, round(mm * s))

        board = self.board
        grid = board.grid
        for col in range(grid.columns + 1):
            x = grid.origin_x_mm + col * grid.square_w_mm
            y0, y1 = grid.origin_y_mm, grid.origin_y_mm + grid.rows * grid.square_h_mm
            pygame.draw.line(big, GRID, p(x, y0), p(x, y1), w(0.6))
        for row in range(grid.rows + 1):
            y = grid.origin_y_mm + row * grid.square_h_mm
            x0, x1 = grid.origin_x_mm, grid.origin_x_mm + grid.columns * grid.square_w_mm
            pygame.draw.line(big, GRID, p(x0, y), p(x1, y), w(0.6))

        for line in board.lines.values():
            color = hex_to_rgb(line.color)
            pts = [p(st.x_mm, st.y_mm) for st in line.stops]
            pygame.draw.lines(big, color, False, pts, w(LINE_WIDTH_MM))
            for pt in pts:
                pygame.draw.circle(big, color, pt, w(LINE_WIDTH_MM) // 2)

        for station in board.stations.values():
            if len(station.stops) < 2:
                continue
            stops = [board.stop(sid) for sid in station.stops]
            for pad, color in ((HULL_PAD_MM, HULL_EDGE), (HULL_PAD_MM - 0.8, HULL_FILL)):
                pts = [p(st.x_mm, st.y_mm) for st in stops]
                radius = w(stops[0].radius_mm + pad)
                for pt in pts:
                    pygame.draw.circle(big, color, pt, radius)
                for a in range(len(pts)):
                    for b in range(a + 1, len(pts)):
                        pygame.draw.line(big, color, pts[a], pts[b], 2 * radius)
                if len(pts) == 3:
                    pygame.draw.polygon(big, color, pts)

        small = board.drawn_small()
        for line in board.lines.values():
            color = hex_to_rgb(line.color)
            for st in line.stops:
                c = p(st.x_mm, st.y_mm)
                r_mm = st.radius_mm * (SMALL_CIRCLE if st.id in small else 1.0)
                pygame.draw.circle(big, (255, 255, 255), c, w(r_mm))
                pygame.draw.circle(big, color, c, w(r_mm), w(RING_MM))
                size = max(9 * k, round(r_mm * s * (1.05 if st.number < 10 else 0.92)))
                _blit_centered(big, st.id, size, INK, c)

        if self.show_names:
            self._draw_names(big, s)

        return pygame.transform.smoothscale(big, (self.width_px, self.height_px))

    def _draw_names(self, big: pygame.Surface, s: float) -> None:
        """Station names where they cover the fewest circles, names and lines (greedy)."""
        board = self.board
        circles = [
            pygame.Rect(0, 0, 2 * st.radius_mm * s, 2 * st.radius_mm * s) for st in board.stops()
        ]
        for rect, st in zip(circles, board.stops(), strict=True):
            rect.center = (round(st.x_mm * s), round(st.y_mm * s))
        segments = [
            ((a.x_mm * s, a.y_mm * s), (b.x_mm * s, b.y_mm * s))
            for line in board.lines.values()
            for a, b in zip(line.stops, line.stops[1:], strict=False)
        ]
        placed: list[pygame.Rect] = []
        bounds = big.get_rect()
        for station in board.stations.values():
            stops = [board.stop(sid) for sid in station.stops]
            r = stops[0].radius_mm + (HULL_PAD_MM if len(stops) > 1 else 0.6)
            x0 = min(st.x_mm for st in stops) - r
            x1 = max(st.x_mm for st in stops) + r
            y0 = min(st.y_mm for st in stops) - r
            y1 = max(st.y_mm for st in stops) + r
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            img = text_image(station.name, round(5.0 * s), NAME_INK, False)
            anchors = [
                ("midtop", (cx, y1)), ("midbottom", (cx, y0)), ("midleft", (x1, cy)),
                ("midright", (x0, cy)), ("topleft", (x1 - r / 2, y1 - r / 2)),
                ("topright", (x0 + r / 2, y1 - r / 2)), ("bottomleft", (x1 - r / 2, y0 + r / 2)),
                ("bottomright", (x0 + r / 2, y0 + r / 2)),
            ]  # fmt: skip
            best: tuple[float, pygame.Rect] | None = None
            for where, (ax, ay) in anchors:
                rect = img.get_rect(**{where: (round(ax * s), round(ay * s))})
                score = 0.0 if bounds.contains(rect) else 100.0
                score += 10 * len(rect.collidelistall(circles))
                score += 10 * len(rect.collidelistall(placed))
                score += sum(1 for seg in segments if rect.clipline(seg))
                if best is None or score < best[0]:
                    best = (score, rect)
            assert best is not None
            rect = best[1]
            placed.append(rect)
            halo = pygame.Surface(rect.inflate(round(0.8 * s), 0).size, pygame.SRCALPHA)
            halo.fill((*BACKGROUND, 200))
            big.blit(halo, halo.get_rect(center=rect.center))
            big.blit(img, rect)

    # --- pieces -----------------------------------------------------------------------------

    def draw(
        self,
        surface: pygame.Surface,
        state: MetroState | None = None,
        *,
        highlight_stops: Collection[str] = (),
        trains: Mapping[VehicleId, Train] | None = None,
    ) -> None:
        """Blit the map and draw the pieces. `trains` overrides `state.trains`; a train's `stop`
        may be fractional (4.5 = halfway between stops 4 and 5) for in-between animation frames."""
        surface.blit(self.static_layer(), self.origin)
        for stop_id in highlight_stops:
            if self.board.has_stop(stop_id):
                self._draw_highlight(surface, self.board.stop(stop_id))
        if state is not None:
            for station_id, owner in state.stations.items():
                if station_id in self.board.stations:
                    self._draw_pyramid(surface, station_id, owner)
            for station_id, drink in state.drinks.items():
                if station_id in self.board.stations:
                    self._draw_drink(surface, station_id, drink)
            for color, meeple in state.meeples.items():
                if meeple.square is not None and self.board.grid.contains(meeple.square):
                    self._draw_meeple(surface, meeple.square, color)
        shown = trains if trains is not None else (state.trains if state is not None else {})
        riders: dict[VehicleId, list[str]] = {}
        if state is not None:
            for color, meeple in state.meeples.items():
                if meeple.riding is not None:
                    riders.setdefault(meeple.riding, []).append(color)
        for vehicle, train in shown.items():
            line_id = vehicle.line
            if line_id in self.board.lines:
                twin = self.board.variant.vehicles(line_id) > 1
                self._draw_train(surface, line_id, train, vehicle.number if twin else None)
                x, y = self.train_position(line_id, float(train.stop))
                r = self.board.lines[line_id].stops[0].radius_mm
                for i, color in enumerate(riders.get(vehicle, ())):
                    at = self.to_screen(x - r * 0.9 + i * r * 1.1, y - r * 1.6)
                    self._draw_meeple_at(surface, at, max(12, self.px(r * 1.4)), color)

    def _draw_highlight(self, surface: pygame.Surface, stop: Stop) -> None:
        radius = self.px(stop.radius_mm + 1.5 + 1.5 * self.pulse)
        pygame.draw.circle(
            surface, HIGHLIGHT, self.to_screen(stop.x_mm, stop.y_mm), radius, max(3, self.px(1.6))
        )

    def _draw_drink(self, surface: pygame.Surface, station_id: str, drink: str) -> None:
        """Metro Drinks: a small can with the drink colour's initial, left of the pyramid."""
        stops = [self.board.stop(sid) for sid in self.board.stations[station_id].stops]
        r = stops[0].radius_mm
        x = max(st.x_mm for st in stops) - r * 0.45
        y = min(st.y_mm for st in stops) - r * 0.55
        color = DRINK_COLORS.get(drink, HULL_EDGE)
        can = pygame.Rect(0, 0, max(9, self.px(r * 0.8)), max(13, self.px(r * 1.25)))
        can.center = self.to_screen(x, y)
        pygame.draw.rect(surface, color, can, border_radius=can.w // 3)
        pygame.draw.rect(surface, INK, can, 1, border_radius=can.w // 3)
        _blit_centered(surface, drink_name(drink)[:1].upper(), max(8, int(can.w * 0.9)),
                       text_color_on(color), can.center)  # fmt: skip

    def _draw_pyramid(self, surface: pygame.Surface, station_id: str, owner: str) -> None:
        stops = [self.board.stop(sid) for sid in self.board.stations[station_id].stops]
        r = stops[0].radius_mm
        x = max(st.x_mm for st in stops) + r * 0.55
        y = min(st.y_mm for st in stops) - r * 0.35
        cx, cy = self.to_screen(x, y)
        h = max(14, self.px(r * 1.7))
        pts = [(cx, cy - h * 0.62), (cx - h * 0.55, cy + h * 0.38), (cx + h * 0.55, cy + h * 0.38)]
        color = rgb(owner) if owner in PLAYER_COLORS else (128, 128, 128)
        pygame.draw.polygon(surface, color, pts)
        pygame.draw.polygon(surface, INK, pts, max(1, h // 12))
        _blit_centered(
            surface,
            color_letter(owner),
            max(9, int(h * 0.5)),
            text_color_on(color),
            (cx, cy + h * 0.08),
        )

    def _draw_meeple(self, surface: pygame.Surface, square: tuple[int, int], owner: str) -> None:
        x, y = self.board.grid.center(square)
        grid = self.board.grid
        size = max(14, self.px(min(grid.square_w_mm, grid.square_h_mm) * 0.62))
        self._draw_meeple_at(surface, self.to_screen(x, y), size, owner)

    def _draw_meeple_at(
        self, surface: pygame.Surface, at: tuple[int, int], size: int, owner: str
    ) -> None:
        """A meeple shape of `size` px centred at a screen point (riders sit on their train)."""
        cx, cy = at
        color = rgb(owner) if owner in PLAYER_COLORS else (128, 128, 128)
        outline = [(cx + dx * size, cy + dy * size) for dx, dy in _MEEPLE]
        edge = max(1, size // 16)
        pygame.draw.polygon(surface, color, outline)
        pygame.draw.polygon(surface, INK, outline, edge)
        head = (cx, cy - size * 0.30)
        pygame.draw.circle(surface, color, head, size * 0.19)
        pygame.draw.circle(surface, INK, head, size * 0.19, edge)
        pygame.draw.circle(surface, color, head, size * 0.19 - edge)
        letter = color_letter(owner)
        _blit_centered(
            surface,
            letter,
            max(9, int(size * (0.42 if len(letter) == 1 else 0.34))),
            text_color_on(color),
            (cx, cy + size * 0.08),
        )

    def train_position(self, line_id: str, stop: float) -> tuple[float, float]:
        """Board position of a train at a (possibly fractional) stop number."""
        stops = self.board.lines[line_id].stops
        n = min(max(stop, 1.0), float(len(stops)))
        i = min(math.floor(n), len(stops) - 1)
        t = n - i
        a, b = stops[i - 1], stops[i]
        return (a.x_mm + (b.x_mm - a.x_mm) * t, a.y_mm + (b.y_mm - a.y_mm) * t)

    def _draw_train(
        self, surface: pygame.Surface, line_id: str, train: Train, number: int | None = None
    ) -> None:
        """A vehicle: its body with the line's letter, an arrow its way; one of an Osaka pair
        has its `number` (1 or 2) in a white corner badge, so the two are told apart."""
        line = self.board.lines[line_id]
        color = hex_to_rgb(line.color)
        x, y = self.train_position(line_id, float(train.stop))
        ahead = float(train.stop) + (0.35 if train.direction > 0 else -0.35)
        if not 1 <= ahead <= line.length:
            ahead = float(train.stop) - (0.35 if train.direction > 0 else -0.35)
            sign = -1.0
        else:
            sign = 1.0
        ax, ay = self.train_position(line_id, ahead)
        dx, dy = (ax - x) * sign, (ay - y) * sign
        norm = math.hypot(dx, dy) or 1.0
        dx, dy = dx / norm, dy / norm
        cx, cy = self.to_screen(x, y)
        r = line.stops[0].radius_mm
        wpx, hpx = max(18, self.px(r * 2.3)), max(13, self.px(r * 1.5))
        body = pygame.Rect(0, 0, wpx, hpx)
        body.center = (cx, cy)
        tip = (cx + dx * wpx * 0.95, cy + dy * wpx * 0.95)
        side = (-dy * hpx * 0.45, dx * hpx * 0.45)
        base = (cx + dx * wpx * 0.45, cy + dy * wpx * 0.45)
        arrow = [
            tip,
            (base[0] + side[0], base[1] + side[1]),
            (base[0] - side[0], base[1] - side[1]),
        ]
        pygame.draw.polygon(surface, color, arrow)
        pygame.draw.polygon(surface, INK, arrow, 1)
        pygame.draw.rect(surface, color, body, border_radius=hpx // 3)
        pygame.draw.rect(surface, INK, body, max(1, hpx // 10), border_radius=hpx // 3)
        _blit_centered(surface, line_id, max(10, int(hpx * 0.85)), text_color_on(color), (cx, cy))
        if number is not None:
            badge = max(6, hpx // 2)
            at = (body.right - badge // 3, body.top + badge // 3)
            pygame.draw.circle(surface, (255, 255, 255), at, badge)
            pygame.draw.circle(surface, INK, at, badge, 1)
            _blit_centered(surface, str(number), max(9, int(badge * 1.6)), INK, at)


def draw_legend(surface: pygame.Surface, view: BoardView) -> None:
    """A key of the lines in track order, in the board's emptiest corner (bottom right)."""
    board = view.board
    row_mm = 9.0
    w_mm, h_mm = 62.0, row_mm * (len(board.lines) + 1)
    x0, y0 = board.width_mm - w_mm - 8, board.height_mm - h_mm - 8
    box = pygame.Rect(view.to_screen(x0, y0), (view.px(w_mm), view.px(h_mm)))
    pygame.draw.rect(surface, (255, 255, 255), box, border_radius=view.px(2))
    pygame.draw.rect(surface, HULL_EDGE, box, 1, border_radius=view.px(2))
    size = max(10, view.px(5.0))
    for i, line in enumerate(board.lines.values()):
        y = y0 + row_mm * (i + 1)
        color = hex_to_rgb(line.color)
        a, b = view.to_screen(x0 + 5, y), view.to_screen(x0 + 17, y)
        pygame.draw.line(surface, color, a, b, view.px(LINE_WIDTH_MM))
        pygame.draw.circle(surface, (255, 255, 255), a, view.px(3))
        pygame.draw.circle(surface, color, a, view.px(3), max(1, view.px(0.9)))
        img = font(size).render(f"{line.id}  {line.name}", True, INK)
        surface.blit(img, img.get_rect(midleft=view.to_screen(x0 + 21, y)))
