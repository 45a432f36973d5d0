"""Titles and button hints: the screen's title bar and the bottom bar naming what each button
does, with the buttons drawn as key caps (arrows are drawn, not typed, so any font works)."""

from __future__ import annotations

from typing import Any

import pygame

from companion.colors import RGB
from companion.i18n import _
from companion.ui.kit.palette import theme_color
from companion.ui.kit.text import blit_text
from companion.ui.kit.theme import font, margin


def draw_title(
    surface: pygame.Surface, theme: Any, title: str, subtitle: str = "", left: int | None = None
) -> int:
    """Title (and a subtitle after it); returns the y where the body starts. `left`: its x
    (default one margin). When they do not fit the width, both are squeezed alike, never cut."""
    m = margin(theme, surface)
    x = m if left is None else left
    big, medium = font(theme, "big"), font(theme, "medium")
    title_w = big.size(title)[0]
    sub_w = medium.size(subtitle)[0] if subtitle else 0
    gap = 2 * m if subtitle else 0
    room = surface.get_width() - x - m
    scale = min(1.0, max(0, room - gap) / max(1, title_w + sub_w))
    accent = theme_color(theme, "accent")
    height = big.size(title)[1]
    r = blit_text(
        surface, big, title, accent, (x, m + height // 2), "midleft", int(title_w * scale)
    )
    if subtitle:
        fg = theme_color(theme, "foreground")
        pos = (r.right + gap, m + height // 2)
        blit_text(surface, medium, subtitle, fg, pos, "midleft", int(sub_w * scale))
    return m + height + m


def draw_hint(surface: pygame.Surface, theme: Any, text: str) -> None:
    """One muted line of help at the bottom centre."""
    w, h = surface.get_size()
    m = margin(theme, surface)
    muted = theme_color(theme, "muted")
    blit_text(surface, font(theme, "small"), text, muted, (w // 2, h - m), "midbottom", w - 2 * m)


def arrow(
    surface: pygame.Surface, direction: str, center: tuple[int, int], size: int, fill: RGB
) -> None:
    """A filled triangle pointing "left", "right", "up" or "down"."""
    x, y = center
    h = size // 2
    points = {
        "left": [(x - h, y), (x + h, y - h), (x + h, y + h)],
        "right": [(x + h, y), (x - h, y - h), (x - h, y + h)],
        "up": [(x, y - h), (x - h, y + h), (x + h, y + h)],
        "down": [(x, y + h), (x - h, y - h), (x + h, y - h)],
    }[direction]
    pygame.draw.polygon(surface, fill, points)


def key_cap(
    surface: pygame.Surface, fnt: pygame.font.Font, key: str, pos: tuple[int, int], fill: RGB
) -> pygame.Rect:
    """A button drawn as a key cap: "ok", "back", or arrows "left" "right" "up" "down" "lr" "ud"."""
    h = fnt.get_linesize()
    x, y = pos
    arrows = {"lr": ("left", "right"), "ud": ("up", "down")}.get(key, (key,))
    if arrows[0] in ("left", "right", "up", "down"):
        rect = pygame.Rect(x, y, h * len(arrows), h)
        for i, d in enumerate(arrows):
            arrow(surface, d, (x + h // 2 + i * h, y + h // 2), int(h * 0.6), fill)
        return rect
    label = _("OK") if key == "ok" else _("BACK")
    w = fnt.size(label)[0] + h // 2
    rect = pygame.Rect(x, y, w, h)
    pygame.draw.rect(surface, fill, rect, width=2, border_radius=h // 4)
    blit_text(surface, fnt, label, fill, rect.center, "center")
    return rect


def hint_bar(surface: pygame.Surface, theme: Any, hints: list[tuple[str, str]]) -> None:
    """Bottom bar naming what each button does: [("ok", _("Actions")), ("lr", _("Amount"))]."""
    fnt = font(theme, "small")
    h = hint_height(theme)
    y = surface.get_height() - h
    pygame.draw.rect(surface, theme_color(theme, "panel"), (0, y, surface.get_width(), h))
    gap = margin(theme, surface)
    x = gap
    fg = theme_color(theme, "foreground")
    accent = theme_color(theme, "accent")
    for key, what in hints:
        r = key_cap(surface, fnt, key, (x, y + 4), accent)
        r = blit_text(surface, fnt, what, fg, (r.right + gap // 2, y + 4))
        x = r.right + 2 * gap


def hint_height(theme: Any) -> int:
    return int(font(theme, "small").get_linesize()) + 8
