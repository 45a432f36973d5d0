"""The LED strip drawn on screen: a row of dots per line segment, each labelled with its letter.

For the simulated strip in the demo and beside the real one in the app. The packing of
segments into rows, the labels and the unlit dots are worked out once into a background
surface; each frame blits it and draws only the lit dots (~1 ms for 300 LEDs), well inside
the screen's 8 ms budget. The label never relies on colour alone: it is the line's letter.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pygame

from companion.colors import RGB, text_color_on
from companion.devices.led_layout import LedLayout
from companion.devices.leds import StripStatus

BACKGROUND: RGB = (18, 18, 22)
UNLIT: RGB = (48, 48, 56)
GAP = 10


@dataclass(frozen=True)
class _Placed:
    line: str
    x: int
    y: int
    leds: tuple[int, ...]


class StripView:
    def __init__(
        self,
        layout: LedLayout,
        rect: pygame.Rect | tuple[int, int, int, int],
        line_colors: Mapping[str, RGB] | None = None,
        font: pygame.font.Font | None = None,
    ) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self.layout = layout
        self.rect = pygame.Rect(rect)
        self.line_colors = dict(line_colors or {})
        self.pitch, placed = self._pack()
        self.radius = max(2, int(self.pitch * 0.4))
        size = max(10, min(self.pitch + 6, 24))
        self.font = font or pygame.font.Font(None, size)
        self.centers: dict[int, tuple[int, int]] = {}
        self.background = self._background(placed)
        self._status_cache: tuple[str, pygame.Surface] | None = None

    def _label_w(self) -> int:
        return max(14, self.pitch + 6)

    def _pack(self) -> tuple[int, list[_Placed]]:
        """The largest dot pitch at which every segment fits, whole, in the rect's rows."""
        segments = sorted(self.layout.segments, key=lambda s: s.first_led)
        for pitch in range(min(22, self.rect.height), 3, -1):
            self.pitch = pitch
            row_h = pitch + 4
            x, y = 0, 0
            placed: list[_Placed] = []
            ok = True
            for seg in segments:
                width = self._label_w() + seg.stops * pitch
                if x and x + width > self.rect.width:
                    x, y = 0, y + row_h
                if width > self.rect.width or y + row_h > self.rect.height:
                    ok = False
                    break
                leds = tuple(i for n in range(1, seg.stops + 1) if (i := seg.led(n)) is not None)
                placed.append(_Placed(seg.line, x, y, leds))
                x += width + GAP
            if ok:
                return pitch, placed
        return 4, placed

    def _background(self, placed: list[_Placed]) -> pygame.Surface:
        surf = pygame.Surface(self.rect.size)
        surf.fill(BACKGROUND)
        label_w = self._label_w()
        for item in placed:
            color = self.line_colors.get(item.line, (200, 200, 200))
            box = pygame.Rect(item.x, item.y + 1, label_w - 4, self.pitch + 2)
            pygame.draw.rect(surf, color, box, border_radius=3)
            text = self.font.render(item.line, True, text_color_on(color))
            surf.blit(text, text.get_rect(center=box.center))
            cy = item.y + 2 + self.pitch // 2
            for k, index in enumerate(item.leds):
                cx = item.x + label_w + k * self.pitch + self.pitch // 2
                self.centers[index] = (self.rect.x + cx, self.rect.y + cy)
                pygame.draw.circle(surf, UNLIT, (cx, cy), self.radius)
        return surf

    def draw(
        self, surface: pygame.Surface, colors: Sequence[RGB], status: StripStatus | None = None
    ) -> None:
        surface.blit(self.background, self.rect)
        circle = pygame.draw.circle
        radius = self.radius
        for index, center in self.centers.items():
            if index < len(colors):
                color = colors[index]
                if color[0] | color[1] | color[2]:
                    circle(surface, color, center, radius)
        if status is not None and not status.ok:
            text = status.text()
            if self._status_cache is None or self._status_cache[0] != text:
                self._status_cache = (text, self.font.render(text, True, (240, 200, 80)))
            label = self._status_cache[1]
            surface.blit(label, label.get_rect(bottomright=self.rect.bottomright))
