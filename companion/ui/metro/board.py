"""A drawing of the board: lines, stops, stations with their owners' pyramids, meeples, trains.

Uses the map helper's `companion.ui.board_view.BoardView` when it is there; until then a simple
drawing of its own. Either way the static part is rendered once per size and a frame blits it and
draws only what moves. Trains may sit at a fractional stop (4.5 = halfway from 4 to 5), which is
how a moving train is drawn between two stops.
"""

from __future__ import annotations

from typing import Any

import pygame

from companion.colors import RGB, color_letter, text_color_on
from companion.metro.board import Square
from companion.metro.events import MetroRules
from companion.metro.state import MetroState, Train
from companion.metro.vehicles import VehicleId
from companion.ui.kit import blit_text, line_rgb, player_rgb

Point = tuple[float, float]


def make_board(rules: MetroRules, rect: pygame.Rect, fnt: pygame.font.Font) -> BoardLayer:
    try:
        from companion.ui.board_view import BoardView
    except ImportError:
        return BoardLayer(rules, rect, fnt)
    return ViewAdapter(BoardView(rules.board, rect), rules, rect, fnt)


class BoardLayer:
    def __init__(self, rules: MetroRules, rect: pygame.Rect, fnt: pygame.font.Font) -> None:
        self.rules = rules
        self.board = rules.board
        self.font = fnt
        sx = rect.width / self.board.width_mm
        sy = rect.height / self.board.height_mm
        self.scale = min(sx, sy)
        w, h = int(self.board.width_mm * self.scale), int(self.board.height_mm * self.scale)
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = rect.center
        self.stop_r = max(4, int(min(s.radius_mm for s in self.board.stops()) * self.scale))
        self._layer = self._render_static()

    def to_px(self, x_mm: float, y_mm: float) -> tuple[int, int]:
        return (
            self.rect.x + round(x_mm * self.scale),
            self.rect.y + round(y_mm * self.scale),
        )

    def stop_px(self, stop_id: str) -> tuple[int, int]:
        stop = self.board.stop(stop_id)
        return self.to_px(stop.x_mm, stop.y_mm)

    def square_rect(self, square: Square) -> pygame.Rect:
        x0, y0, x1, y1 = self.board.grid.rect(square)
        a, b = self.to_px(x0, y0), self.to_px(x1, y1)
        return pygame.Rect(a[0], a[1], b[0] - a[0], b[1] - a[1])

    def _render_static(self) -> pygame.Surface:
        layer = pygame.Surface(self.rect.size)
        layer.fill((232, 228, 214))
        ox, oy = self.rect.topleft
        for square in self.board.grid.squares():
            r = self.square_rect(square).move(-ox, -oy)
            pygame.draw.rect(layer, (214, 210, 196), r, width=1)
        width = max(3, self.stop_r // 2)
        for line in self.board.lines.values():
            pts = [self.to_px(s.x_mm, s.y_mm) for s in line.stops]
            pts = [(x - ox, y - oy) for x, y in pts]
            color = line_rgb(self.rules, line.id)
            pygame.draw.lines(layer, color, False, pts, width)
        for station in self.board.stations.values():
            for sid in station.stops:
                x, y = self.stop_px(sid)
                pygame.draw.circle(layer, (90, 90, 90), (x - ox, y - oy), self.stop_r + 3)
        for line in self.board.lines.values():
            color = line_rgb(self.rules, line.id)
            for s in line.stops:
                x, y = self.stop_px(s.id)
                pygame.draw.circle(layer, (255, 255, 255), (x - ox, y - oy), self.stop_r)
                pygame.draw.circle(layer, color, (x - ox, y - oy), self.stop_r, width=2)
            first = line.stops[0]
            fx, fy = self.stop_px(first.id)
            blit_text(layer, self.font, line.id, (20, 20, 20), (fx - ox, fy - oy), "center")
        return layer

    def draw(
        self,
        surface: pygame.Surface,
        state: MetroState,
        trains: dict[VehicleId, Train] | None = None,
        highlight_stops: tuple[str, ...] = (),
        cursor: Square | None = None,
    ) -> None:
        """`trains` overrides the state's trains (a moving one at a fractional stop)."""
        surface.blit(self._layer, self.rect)
        for sid in highlight_stops:
            pygame.draw.circle(surface, (255, 196, 40), self.stop_px(sid), self.stop_r + 6, 4)
        for station_id, owner in state.stations.items():
            for sid in self.board.stations[station_id].stops[:1]:
                self._pyramid(surface, self.stop_px(sid), owner)
        for color, meeple in state.meeples.items():
            if meeple.square is not None:
                r = self.square_rect(meeple.square)
                self._token(surface, r.center, player_rgb(color), color_letter(color), circle=True)
        for vehicle, train in {**state.trains, **(trains or {})}.items():
            x, y = self.train_position(vehicle.line, float(train.stop))
            self._token(surface, self.to_px(x, y), line_rgb(self.rules, vehicle.line), vehicle.line)
        if cursor is not None:
            pygame.draw.rect(surface, (255, 40, 160), self.square_rect(cursor), width=4)

    def train_position(self, line_id: str, stop: float) -> Point:
        stops = self.board.lines[line_id].stops
        n = min(max(stop, 1.0), float(len(stops)))
        i = min(int(n), len(stops) - 1)
        t = n - i
        a, b = stops[i - 1], stops[i]
        return (a.x_mm + (b.x_mm - a.x_mm) * t, a.y_mm + (b.y_mm - a.y_mm) * t)

    def _pyramid(self, surface: pygame.Surface, at: tuple[int, int], owner: str) -> None:
        x, y = at
        s = int(self.stop_r * 1.6)
        pts = [(x, y - s), (x - s, y + s // 2), (x + s, y + s // 2)]
        fill = player_rgb(owner)
        pygame.draw.polygon(surface, fill, pts)
        pygame.draw.polygon(surface, (20, 20, 20), pts, 2)
        blit_text(surface, self.font, color_letter(owner), text_color_on(fill), (x, y), "center")

    def _token(
        self,
        surface: pygame.Surface,
        at: tuple[int, int],
        fill: RGB,
        label: str,
        circle: bool = False,
    ) -> None:
        size = int(self.stop_r * 2.4)
        rect = pygame.Rect(0, 0, size, size)
        rect.center = at
        radius = size // 2 if circle else size // 5
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        pygame.draw.rect(surface, (20, 20, 20), rect, width=2, border_radius=radius)
        blit_text(surface, self.font, label, text_color_on(fill), rect.center, "center", size - 2)


class ViewAdapter(BoardLayer):
    """The map helper's BoardView with what the Metro screens add: a square cursor."""

    def __init__(
        self, view: Any, rules: MetroRules, rect: pygame.Rect, fnt: pygame.font.Font
    ) -> None:
        self.view = view
        self.rules = rules
        self.board = rules.board
        self.font = fnt
        self.scale = view.scale
        self.rect = pygame.Rect(view.origin, (view.width_px, view.height_px))
        self.stop_r = max(4, int(min(s.radius_mm for s in self.board.stops()) * self.scale))

    def draw(
        self,
        surface: pygame.Surface,
        state: MetroState,
        trains: dict[VehicleId, Train] | None = None,
        highlight_stops: tuple[str, ...] = (),
        cursor: Square | None = None,
    ) -> None:
        shown = {**state.trains, **(trains or {})}
        self.view.draw(surface, state, highlight_stops=highlight_stops, trains=shown)
        if cursor is not None:
            pygame.draw.rect(surface, (255, 40, 160), self.square_rect(cursor), width=4)
