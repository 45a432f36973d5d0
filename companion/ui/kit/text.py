"""Text on screen: render (cached), fit to a width, wrap into lines.

Rendering text is the most expensive thing a frame does on the Pi, so rendered lines are kept.
"""

from __future__ import annotations

import pygame

from companion.colors import RGB

_cache: dict[tuple[pygame.font.Font, str, RGB], pygame.Surface] = {}
"""Keyed by the font itself, not its id: a font freed and another made at its address must
not find the first one's lines."""
_CACHE_SIZE = 3000


def render(font: pygame.font.Font, text: str, color: RGB) -> pygame.Surface:
    """`text` in `font` and `color`, rendered once (until the cache fills)."""
    key = (font, text, color)
    surf = _cache.get(key)
    if surf is None:
        if len(_cache) > _CACHE_SIZE:
            _cache.clear()
        surf = font.render(text, True, color)
        _cache[key] = surf
    return surf


def fit(image: pygame.Surface, max_width: int | None) -> pygame.Surface:
    """`image` shrunk to `max_width` when it is wider (text is squeezed, never cut)."""
    if max_width is None or not image.get_width() > max_width > 0:
        return image
    scale = max_width / image.get_width()
    return pygame.transform.smoothscale(image, (max_width, max(1, int(image.get_height() * scale))))


def blit_text(
    surface: pygame.Surface,
    font: pygame.font.Font,
    text: str,
    color: RGB,
    pos: tuple[int, int],
    anchor: str = "topleft",
    max_width: int | None = None,
) -> pygame.Rect:
    """Draw one line with its `anchor` ("topleft", "center", "midright"...) at `pos`."""
    image = fit(render(font, text, color), max_width)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """`text` broken at spaces into lines no wider than `width` (a longer word keeps its line)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}".strip()
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines
