"""Messages over a screen: a refused entry's reason, and the toasts (errors, device status)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from companion.ui.kit.hints import hint_height
from companion.ui.kit.palette import theme_color
from companion.ui.kit.text import blit_text, fit, render, wrap
from companion.ui.kit.theme import font, margin

WHITE = (255, 255, 255)


def draw_error(surface: pygame.Surface, theme: Any, message: str) -> None:
    """The reason an entry was refused, in big type over the lower part of the screen."""
    fnt = font(theme, "big")
    w = surface.get_width() - 4 * margin(theme, surface)
    lines = wrap(fnt, message, w - 40)
    box = pygame.Rect(0, 0, w, len(lines) * fnt.get_linesize() + 30)
    box.midbottom = (surface.get_width() // 2, surface.get_height() - hint_height(theme) - 10)
    pygame.draw.rect(surface, theme_color(theme, "alarm"), box, border_radius=12)
    pygame.draw.rect(surface, theme_color(theme, "bad"), box, width=4, border_radius=12)
    for i, line in enumerate(lines):
        pos = (box.centerx, box.y + 15 + i * fnt.get_linesize())
        blit_text(surface, fnt, line, WHITE, pos, "midtop", w - 30)


def draw_toasts(surface: pygame.Surface, theme: Any, toasts: Sequence[Any]) -> None:
    """Banners near the bottom of the screen: errors in red, device status and info on a panel.
    A toast has `text` and `level` ("bad" or anything else)."""
    w, h = surface.get_size()
    m = margin(theme, surface)
    fnt = font(theme, "small")
    y = h - (fnt.get_linesize() + 2 * m) * (len(toasts) + 1)
    for toast in toasts:
        fill = theme_color(theme, "bad" if toast.level == "bad" else "panel")
        text = fit(render(fnt, toast.text, theme_color(theme, "foreground")), w - 6 * m)
        rect = text.get_rect(midtop=(w // 2, y + m // 2)).inflate(2 * m, m)
        pygame.draw.rect(surface, fill, rect, border_radius=m)
        pygame.draw.rect(surface, theme_color(theme, "accent"), rect, 2, border_radius=m)
        surface.blit(text, text.get_rect(center=rect.center))
        y = rect.bottom + m // 2
