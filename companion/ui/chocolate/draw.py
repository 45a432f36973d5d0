"""Drawing Chocolate milk: the 3x3 plots with their drinks, the stock cards, the players."""

from __future__ import annotations

from typing import Any

import pygame

from companion.chocolate import game as G
from companion.chocolate.drinks import COLORS, SHAPE_NAMES, SHAPES, color_of, roll, shape_of
from companion.colors import DRINK_COLORS, drink_name
from companion.i18n import _
from companion.money import yen
from companion.names import NOBODY, TableNames
from companion.ui.kit import chip, chip_caption, player_chip, theme_color
from companion.ui.kit.text import blit_text

GREY = (120, 125, 135)


def drink_text(drink_id: int) -> str:
    """ "Mint, tall (2)": its colour, its shape and the shape card's number."""
    shape = shape_of(drink_id)
    return _("{color}, {shape} ({card})").format(
        color=drink_name(COLORS[color_of(drink_id)]),
        shape=_(SHAPE_NAMES[SHAPES[shape]]),
        card=shape + 1,
    )


def card_text(kind: G.Kind, card: int) -> str:
    if kind == "color":
        return drink_name(COLORS[card])
    return f"{card + 1}. {_(SHAPE_NAMES[SHAPES[card]])}"


def drink_chip(surface: pygame.Surface, fnt: Any, drink_id: int, rect: pygame.Rect) -> None:
    """A drink: its colour, with its shape card's number inside."""
    fill = DRINK_COLORS[COLORS[color_of(drink_id)]]
    chip(surface, fnt, str(shape_of(drink_id) + 1), fill, rect, rect.height // 3)


def draw_board(surface: pygame.Surface, theme: Any, s: G.ChocolateState, area: pygame.Rect) -> None:
    """The 3x3 plots, numbered 1-9 at their top left, the drinks to the right of the number;
    the plot refilled last is outlined."""
    fnt = theme.font("medium")
    muted = theme_color(theme, "muted")
    cell = min(area.width, area.height) // 3
    fresh = s.last_refill[0] if s.last_refill else None
    size = fnt.get_linesize()
    for plot, drinks in enumerate(s.board):
        box = pygame.Rect(area.x + plot % 3 * cell, area.y + plot // 3 * cell, cell - 6, cell - 6)
        edge = theme_color(theme, "accent" if plot == fresh else "panel")
        pygame.draw.rect(surface, theme_color(theme, "panel"), box, border_radius=8)
        pygame.draw.rect(surface, edge, box, 3, border_radius=8)
        number = blit_text(surface, fnt, str(plot + 1), muted, (box.x + 6, box.y + 2))
        width = size + 6
        x = max(number.right + 4, box.right - width - 6)
        for k, d in enumerate(drinks):
            y = box.centery - size * len(drinks) // 2 + k * size
            drink_chip(surface, fnt, d, pygame.Rect(x, y + 1, width, size - 2))


def draw_cards(surface: pygame.Surface, theme: Any, s: G.ChocolateState, area: pygame.Rect) -> int:
    """The two rows of stock cards with their prices; returns the bottom."""
    fnt = theme.font("medium")
    accent = theme_color(theme, "accent")
    step = area.width // 6
    line = fnt.get_linesize()
    y = area.y
    for kind, prices in (("color", s.color_prices), ("shape", s.shape_prices)):
        for card in range(6):
            box = pygame.Rect(area.x + card * step, y, step - 8, line)
            if kind == "color":
                chip(surface, fnt, drink_name(COLORS[card])[:3], DRINK_COLORS[COLORS[card]], box, 6)
            else:
                chip(surface, fnt, str(card + 1), GREY, box, 6)
            price = yen(prices[card], _)
            blit_text(surface, fnt, price, accent, (box.centerx, box.bottom), "midtop", step - 2)
        y += 2 * line + 4
    return y


def draw_players(
    surface: pygame.Surface,
    theme: Any,
    s: G.ChocolateState,
    area: pygame.Rect,
    names: TableNames = NOBODY,
) -> None:
    """One row a player (two columns when they do not fit): colour (and the name chosen), yen,
    each crate's drinks."""
    fnt = theme.font("medium")
    fg, muted = theme_color(theme, "foreground"), theme_color(theme, "muted")
    line = fnt.get_linesize() + 2
    columns = 1 if len(s.seats) * line <= area.height else 2
    per_column = -(-len(s.seats) // columns)
    width = area.width // columns
    for p, seat in enumerate(s.seats):
        left = area.x + p // per_column * width
        right = left + width - 12
        y = area.y + p % per_column * line
        badge = player_chip(surface, fnt, seat.color, (left, y + 2), line - 6)
        room = width * 3 // 5 - (badge.right - left) - 20
        text = chip_caption(fnt, names, seat.color, yen(s.cash[p], _), room)
        cash = blit_text(surface, fnt, text, fg, (badge.right + 8, y))
        x = max(cash.right + 12, left + width * 2 // 5)
        drinks = sum(len(crate) + 1 for crate in s.crates[p])
        size = min(line - 6, (right - x) // max(1, drinks))
        for crate in s.crates[p]:
            box = pygame.Rect(x, y + 2, size * max(1, len(crate)) + 4, line - 4)
            pygame.draw.rect(surface, muted, box, 2, border_radius=6)
            for k, d in enumerate(crate):
                drink_chip(surface, fnt, d, pygame.Rect(x + 2 + k * size, y + 4, size, line - 8))
            x = box.right + size // 2


def refill_text(s: G.ChocolateState) -> str:
    """The last refill (its plot is outlined on the board)."""
    if s.last_refill is None:
        return ""
    _plot, drink_id = s.last_refill
    if s.by_hand:
        return _("Drawn by hand: {drink}").format(drink=drink_text(drink_id))
    c, sh = roll(s.seed, s.rolls - 1)
    return _("Die {color}·{shape}: {drink}").format(
        color=c + 1, shape=sh + 1, drink=drink_text(drink_id)
    )
