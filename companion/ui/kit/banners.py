"""Messages over a screen: a refused entry's reason, and the toasts (errors, device status)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from companion.ui.kit import textlog
from companion.ui.kit.hints import hint_height
from companion.ui.kit.palette import theme_color
from companion.ui.kit.text import blit_condensed, blit_text, wrap_lines
from companion.ui.kit.theme import font, margin

WHITE = (255, 255, 255)


def draw_error(surface: pygame.Surface, theme: Any, message: str) -> None:
    """The reason an entry was refused, in big type over the lower part of the screen (it
    covers what is below: the player reads it first)."""
    fnt = font(theme, "big")
    w = surface.get_width() - 4 * margin(theme, surface)
    lines = wrap_lines(fnt, message, w - 40, 3)
    box = pygame.Rect(0, 0, w, len(lines) * fnt.get_linesize() + 30)
    box.midbottom = (surface.get_width() // 2, surface.get_height() - hint_height(theme) - 10)
    textlog.cover(box, "the refusal", hides_reading=True)
    pygame.draw.rect(surface, theme_color(theme, "alarm"), box, border_radius=12)
    pygame.draw.rect(surface, theme_color(theme, "bad"), box, width=4, border_radius=12)
    for i, line in enumerate(lines):
        pos = (box.centerx, box.y + 15 + i * fnt.get_linesize())
        blit_text(surface, fnt, line, WHITE, pos, "midtop", box=box)


def draw_toasts(surface: pygame.Surface, theme: Any, toasts: Sequence[Any]) -> None:
    """The newest banner (the newest error first) over the hint bar at the bottom, in medium
    type, so it hides no row of the screen: errors in red, device status and info on a panel.
    A long one is drawn in the reading size, then narrowed (`blit_condensed`): a confirmation
    cut before its station's name says nothing. A toast has `text` and `level` ("bad" or
    anything else)."""
    if not toasts:
        return
    bad = [t for t in toasts if t.level == "bad"]
    toast = (bad or list(toasts))[-1]
    w, h = surface.get_size()
    m = margin(theme, surface)
    fnt = font(theme, "medium")
    rect = pygame.Rect(m, h - hint_height(theme), w - 2 * m, hint_height(theme))
    textlog.cover(rect, "a toast")
    fill = theme_color(theme, "bad" if toast.level == "bad" else "panel")
    pygame.draw.rect(surface, fill, rect, border_radius=m)
    pygame.draw.rect(surface, theme_color(theme, "accent"), rect, 2, border_radius=m)
    room = rect.width - 2 * m
    if fnt.size(toast.text)[0] > room:
        fnt = font(theme, "read")  # the smallest a player must read, before it is narrowed
    fg = theme_color(theme, "foreground")
    blit_condensed(surface, fnt, toast.text, fg, rect.center, "center", room)
