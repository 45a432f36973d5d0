"""Titles and button hints: the screen's title bar and the bottom bar naming what each button
does, with the buttons drawn as key caps (arrows are drawn, not typed, so any font works)."""

from __future__ import annotations

from typing import Any

import pygame

from companion.colors import RGB
from companion.i18n import _
from companion.ui.kit import textlog
from companion.ui.kit.palette import theme_color
from companion.ui.kit.text import blit_text, ellipsize, wrap_lines
from companion.ui.kit.textlog import HINT
from companion.ui.kit.theme import font, margin


def _title_lines(
    theme: Any, title: str, subtitle: str, room: int, m: int
) -> tuple[pygame.font.Font, list[str], list[str], bool]:
    """(title font, title lines, subtitle lines, subtitle on the title's line)."""
    big, medium = font(theme, "big"), font(theme, "medium")
    if big.size(title)[0] <= room:
        title_font, lines = big, [title]
    else:
        title_font, lines = medium, wrap_lines(medium, title, room, 2)
    if not subtitle:
        return title_font, lines, [], False
    last_w = title_font.size(lines[-1])[0]
    if last_w + 2 * m + medium.size(subtitle)[0] <= room:
        return title_font, lines, [subtitle], True
    return title_font, lines, wrap_lines(medium, subtitle, room, 2), False


def title_height(surface: pygame.Surface, theme: Any, title: str, subtitle: str = "") -> int:
    """Where the body starts under `draw_title(surface, theme, title, subtitle)`."""
    m = margin(theme, surface)
    room = surface.get_width() - 2 * m
    title_font, lines, subs, inline = _title_lines(theme, title, subtitle, room, m)
    y = m + len(lines) * title_font.get_linesize()
    if not inline:
        y += len(subs) * font(theme, "medium").get_linesize()
    return max(y, m + font(theme, "big").get_linesize()) + m


def draw_title(
    surface: pygame.Surface,
    theme: Any,
    title: str,
    subtitle: str = "",
    left: int | None = None,
    right: int | None = None,
) -> int:
    """Title (and a subtitle after it) between `left` and `right` (default: one margin from
    each edge); returns the y where the body starts. Never squeezed below the reading size: a
    title too long for big type is set in medium type (on two lines if need be), a subtitle that
    does not fit after the title goes on the line below, and what still does not fit ends in
    "…"."""
    m = margin(theme, surface)
    x = m if left is None else left
    room = (surface.get_width() - m if right is None else right) - x
    medium = font(theme, "medium")
    accent, fg = theme_color(theme, "accent"), theme_color(theme, "foreground")
    title_font, lines, subs, inline = _title_lines(theme, title, subtitle, room, m)
    y = m
    line_h = title_font.get_linesize()
    r = pygame.Rect(x, y, 0, line_h)
    for line in lines:
        r = blit_text(surface, title_font, line, accent, (x, y))
        y += line_h
    if inline:
        blit_text(surface, medium, subs[0], fg, (r.right + 2 * m, r.centery), "midleft")
    else:
        for line in subs:
            blit_text(surface, medium, line, fg, (x, y))
            y += medium.get_linesize()
    return max(y, m + font(theme, "big").get_linesize()) + m


def draw_hint(surface: pygame.Surface, theme: Any, text: str) -> None:
    """One muted line of help at the bottom centre (a hint: it may be small, and ends in "…"
    rather than leave the screen)."""
    w, h = surface.get_size()
    m = margin(theme, surface)
    muted = theme_color(theme, "muted")
    small = font(theme, "small")
    shown = ellipsize(small, text, w - 2 * m)
    blit_text(surface, small, shown, muted, (w // 2, h - m), "midbottom", kind=HINT)


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
    blit_text(surface, fnt, label, fill, rect.center, "center", kind=HINT)
    return rect


def hint_bar(surface: pygame.Surface, theme: Any, hints: list[tuple[str, str]]) -> None:
    """Bottom bar naming what each button does: [("ok", _("Actions")), ("lr", _("Amount"))].
    Hints that do not fit the width are left out (the first ones matter most)."""
    fnt = font(theme, "small")
    h = hint_height(theme)
    y = surface.get_height() - h
    pygame.draw.rect(surface, theme_color(theme, "panel"), (0, y, surface.get_width(), h))
    gap = margin(theme, surface)
    x = gap
    fg = theme_color(theme, "foreground")
    accent = theme_color(theme, "accent")
    top = y + (h - fnt.get_linesize()) // 2
    for n, (key, what) in enumerate(hints):
        cap_w = fnt.get_linesize() * (2 if key in ("lr", "ud") else 1)
        if key in ("ok", "back"):
            cap_w = fnt.size(_("OK") if key == "ok" else _("BACK"))[0] + fnt.get_linesize() // 2
        if x + cap_w + gap // 2 + fnt.size(what)[0] > surface.get_width() - gap:
            for _key, gone in hints[n:]:
                textlog.left_out(gone, "the hint bar")
            break
        r = key_cap(surface, fnt, key, (x, top), accent)
        r = blit_text(surface, fnt, what, fg, (r.right + gap // 2, top), kind=HINT)
        x = r.right + 2 * gap


def hint_height(theme: Any) -> int:
    """The hint bar's height: one line of medium type, so a toast over it hides nothing else."""
    return int(font(theme, "medium").get_linesize()) + 8
