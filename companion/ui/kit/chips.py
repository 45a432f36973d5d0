"""Colour chips: a line's badge or a player's colour, always with its letter, never colour alone."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from companion.colors import RGB, color_letter, color_name, hex_to_rgb, rgb, text_color_on
from companion.ui.kit.palette import NEUTRAL, theme_color
from companion.ui.kit.text import blit_text, ellipsize, ink_width

if TYPE_CHECKING:
    from companion.metro.events import MetroRules
    from companion.names import TableNames


def line_rgb(rules: MetroRules, line_id: str) -> RGB:
    return hex_to_rgb(rules.board.lines[line_id].color)


def player_rgb(color: str) -> RGB:
    """A player colour's RGB (grey for a name the box does not know)."""
    try:
        return rgb(color)
    except KeyError:
        return NEUTRAL


def player_label(color: str) -> str:
    return color_name(color)


def chip_caption(
    fnt: pygame.font.Font, names: TableNames, color: str, text: str, width: int | None = None
) -> str:
    """What follows a player's chip: the name chosen for the colour, then `text` ("Ana
    ¥700"), the name shortened so that the whole fits `width`; `text` alone when nobody was
    named (the chip says the colour)."""
    if not names.named(color):
        return text
    name = names.short(color)
    if width is not None:
        name = ellipsize(fnt, name, width - fnt.size(f" {text}")[0])
    return f"{name} {text}" if text else name


def chip(
    surface: pygame.Surface,
    font: pygame.font.Font,
    label: str,
    fill: RGB,
    rect: pygame.Rect,
    radius: int,
    outline: RGB | None = None,
    pad: int = 4,
) -> None:
    """A filled box with `label` in black or white, whichever reads on the fill. Without
    `outline`, a fill too dark or too light for the background gets a grey edge."""
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    edge = outline if outline is not None else (NEUTRAL if not 120 <= sum(fill) <= 660 else None)
    if edge is not None:
        pygame.draw.rect(surface, edge, rect, width=2, border_radius=radius)
    color = text_color_on(fill)
    room = rect.width - pad
    squeeze = None if font.size(label)[0] <= room or ink_width(font, label) <= room else room
    blit_text(surface, font, label, color, rect.center, "center", squeeze, box=rect)


def badge(
    surface: pygame.Surface,
    fnt: pygame.font.Font,
    label: str,
    fill: RGB,
    rect: pygame.Rect,
    round_: bool = True,
) -> None:
    """A round (or square-cornered) chip: line badges, medals."""
    radius = rect.height // 2 if round_ else max(3, rect.height // 6)
    chip(surface, fnt, label, fill, rect, radius)


def line_badge(
    surface: pygame.Surface,
    fnt: pygame.font.Font,
    rules: MetroRules,
    line_id: str,
    rect: pygame.Rect,
) -> pygame.Rect:
    """The line's round badge with its letter; a letter wider than the circle makes it a pill
    (never a squeezed letter). Returns the rect drawn."""
    rect = badge_rect(fnt, line_id, rect)
    badge(surface, fnt, line_id, line_rgb(rules, line_id), rect)
    return rect


def badge_rect(fnt: pygame.font.Font, label: str, rect: pygame.Rect) -> pygame.Rect:
    """`rect`, widened to hold `label` without squeezing it."""
    need = ink_width(fnt, label) + max(6, rect.height // 3)
    return rect if need <= rect.width else pygame.Rect(rect.x, rect.y, need, rect.height)


def player_chip_width(fnt: pygame.font.Font, color: str, height: int, suffix: str = "") -> int:
    """How wide `player_chip` draws: a square, or wider for a two-letter mark ("Gn", "Bu")."""
    return max(height, fnt.size(color_letter(color) + suffix)[0] + height // 2)


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
    rect = pygame.Rect(pos[0], pos[1], player_chip_width(fnt, color, height, suffix), height)
    badge(surface, fnt, label, player_rgb(color), rect, round_=False)
    return rect


def color_chip(
    surface: pygame.Surface, theme: Any, color: str, rect: pygame.Rect, with_name: bool = True
) -> None:
    """A player colour filling `rect`, with its name (or only its letter) inside."""
    label = color_name(color) if with_name else color_letter(color)
    outline = theme_color(theme, "foreground")
    chip(surface, theme.font("medium"), label, rgb(color), rect, rect.height // 5, outline, pad=8)
