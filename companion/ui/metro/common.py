"""Drawing helpers shared by the Metro screens: cached text, line badges, player chips, yen.

Every colour on screen comes with a letter: a line's badge carries its letter, a player's chip
carries the player's colour letter. Text surfaces are cached, since rendering text is the most
expensive thing a frame does on the Pi.
"""

from __future__ import annotations

from typing import Any

import pygame

from companion.colors import color_letter, color_name, hex_to_rgb, rgb, text_color_on
from companion.i18n import _
from companion.metro.events import MetroRules

RGB = tuple[int, int, int]
_DEFAULT_COLORS: dict[str, RGB] = {
    "background": (18, 20, 26),
    "foreground": (240, 240, 236),
    "accent": (255, 196, 40),
    "muted": (130, 136, 150),
    "good": (90, 200, 110),
    "bad": (235, 70, 60),
}
_text_cache: dict[tuple[int, str, RGB], pygame.Surface] = {}


def yen(amount: int) -> str:
    """¥1,234 (the rulebooks print thousands with a comma in every language)."""
    sign = "-" if amount < 0 else ""
    return f"{sign}¥{abs(amount):,}"


def signed_yen(amount: int) -> str:
    return ("+" if amount >= 0 else "-") + f"¥{abs(amount):,}"


def theme_color(theme: Any, name: str) -> RGB:
    colors = getattr(theme, "colors", None)
    value = colors.get(name) if isinstance(colors, dict) else getattr(colors, name, None)
    if value is None:
        return _DEFAULT_COLORS[name]
    r, g, b = value
    return (int(r), int(g), int(b))


def font(theme: Any, size: str) -> pygame.font.Font:
    return theme.font(size)  # type: ignore[no-any-return]


def margin(theme: Any, surface: pygame.Surface) -> int:
    return int(getattr(theme, "margin", max(6, surface.get_height() // 60)))


def text(fnt: pygame.font.Font, message: str, color: RGB) -> pygame.Surface:
    key = (id(fnt), message, color)
    surf = _text_cache.get(key)
    if surf is None:
        if len(_text_cache) > 3000:
            _text_cache.clear()
        surf = fnt.render(message, True, color)
        _text_cache[key] = surf
    return surf


def blit_text(
    surface: pygame.Surface,
    fnt: pygame.font.Font,
    message: str,
    color: RGB,
    pos: tuple[int, int],
    anchor: str = "topleft",
    max_width: int | None = None,
) -> pygame.Rect:
    surf = text(fnt, message, color)
    if max_width is not None and surf.get_width() > max_width > 0:
        scale = max_width / surf.get_width()
        surf = pygame.transform.smoothscale(
            surf, (max_width, max(1, int(surf.get_height() * scale)))
        )
    rect = surf.get_rect(**{anchor: pos})
    surface.blit(surf, rect)
    return rect


def wrap(fnt: pygame.font.Font, message: str, width: int) -> list[str]:
    lines: list[str] = []
    for paragraph in message.split("\n"):
        words = paragraph.split(" ")
        line = ""
        for word in words:
            trial = f"{line} {word}".strip()
            if fnt.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def line_rgb(rules: MetroRules, line_id: str) -> RGB:
    return hex_to_rgb(rules.board.lines[line_id].color)


def player_rgb(color: str) -> RGB:
    try:
        return rgb(color)
    except KeyError:
        return (128, 128, 128)


def badge(
    surface: pygame.Surface,
    fnt: pygame.font.Font,
    label: str,
    fill: RGB,
    rect: pygame.Rect,
    round_: bool = True,
) -> None:
    """A coloured box with a label in black or white, whichever reads on the fill."""
    radius = rect.height // 2 if round_ else max(3, rect.height // 6)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if sum(fill) < 120 or sum(fill) > 660:
        pygame.draw.rect(surface, (128, 128, 128), rect, width=2, border_radius=radius)
    blit_text(surface, fnt, label, text_color_on(fill), rect.center, "center", rect.width - 4)


def line_badge(
    surface: pygame.Surface,
    fnt: pygame.font.Font,
    rules: MetroRules,
    line_id: str,
    rect: pygame.Rect,
) -> None:
    badge(surface, fnt, line_id, line_rgb(rules, line_id), rect)


def player_chip(
    surface: pygame.Surface,
    fnt: pygame.font.Font,
    color: str,
    pos: tuple[int, int],
    height: int,
    suffix: str = "",
) -> pygame.Rect:
    """The player's colour with its letter (and e.g. a share number) inside; returns its rect."""
    label = color_letter(color) + suffix
    width = max(height, fnt.size(label)[0] + height // 2)
    rect = pygame.Rect(pos[0], pos[1], width, height)
    badge(surface, fnt, label, player_rgb(color), rect, round_=False)
    return rect


def player_label(color: str) -> str:
    return color_name(color)


def _arrow(
    surface: pygame.Surface, direction: str, center: tuple[int, int], size: int, fill: RGB
) -> None:
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
    """A button drawn as a key cap: "ok", "back", or arrows "left" "right" "up" "down" "lr" "ud"
    (arrows are drawn, not typed, so any font works)."""
    h = fnt.get_linesize()
    x, y = pos
    arrows = {"lr": ("left", "right"), "ud": ("up", "down")}.get(key, (key,))
    if arrows[0] in ("left", "right", "up", "down"):
        rect = pygame.Rect(x, y, h * len(arrows), h)
        for i, d in enumerate(arrows):
            _arrow(surface, d, (x + h // 2 + i * h, y + h // 2), int(h * 0.6), fill)
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
    pygame.draw.rect(surface, (34, 38, 48), (0, y, surface.get_width(), h))
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
