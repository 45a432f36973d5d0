"""A station card on screen: its symbol drawn as a shape (outline, fill and corners differ, so
colour is never needed), its background and special named in words, and the strip's colour."""

from __future__ import annotations

import math

import pygame

from companion.colors import RGB
from companion.i18n import N_, _
from companion.nextstation.deck import Card

BACKGROUND_RGB: dict[str, RGB] = {"green": (40, 150, 70), "pink": (225, 90, 150)}
INK: RGB = (255, 255, 255)
EDGE: RGB = (20, 20, 20)
SYMBOL_NAMES = {
    "circle": N_("symbol:circle"),
    "triangle": N_("symbol:triangle"),
    "square": N_("symbol:square"),
    "pentagon": N_("symbol:pentagon"),
    "any": N_("symbol:any"),
    "none": N_("symbol:none"),
}
BACKGROUND_NAMES = {"green": N_("Green card"), "pink": N_("Pink card")}
SPECIAL_TITLES = {
    "wild": N_("Wildcard"),
    "switch": N_("Cambio de vía"),
    "double": N_("Doble carril"),
}
SPECIAL_HELP = {
    "wild": N_("Each player picks the symbol"),
    "switch": N_("Draw from any station of your line"),
    "double": N_("Draw a segment a second time"),
}


def card_title(card: Card) -> str:
    """What the card says, biggest: its special's name, else its symbol."""
    return _(SPECIAL_TITLES[card.special]) if card.special else _(SYMBOL_NAMES[card.symbol])


def card_kind(card: Card) -> str:
    """Its background in words, and the symbol of a special card that has one."""
    words = _(BACKGROUND_NAMES[card.background])
    if card.special and card.special != "wild" and card.symbol != "none":
        words = f"{words} · {_(SYMBOL_NAMES[card.symbol])}"
    return words


def special_help(card: Card) -> str:
    return _(SPECIAL_HELP[card.special]) if card.special else ""


def _polygon(
    center: tuple[int, int], radius: float, sides: int, turn: float
) -> list[tuple[int, int]]:
    x, y = center
    return [
        (
            round(x + radius * math.cos(turn + 2 * math.pi * k / sides)),
            round(y + radius * math.sin(turn + 2 * math.pi * k / sides)),
        )
        for k in range(sides)
    ]


def symbol_points(symbol: str, rect: pygame.Rect) -> list[tuple[int, int]] | None:
    """The outline of a symbol's shape inside `rect` (None: a circle or the two rails)."""
    r = min(rect.width, rect.height) * 0.45
    up = -math.pi / 2
    match symbol:
        case "triangle":
            return _polygon((rect.centerx, rect.centery + round(r * 0.15)), r * 1.05, 3, up)
        case "square":
            return _polygon(rect.center, r * 1.1, 4, math.pi / 4)
        case "pentagon":
            return _polygon(rect.center, r, 5, up)
        case "any":
            star = []
            for k in range(10):
                radius = r if k % 2 == 0 else r * 0.45
                angle = up + math.pi * k / 5
                star.append(
                    (
                        round(rect.centerx + radius * math.cos(angle)),
                        round(rect.centery + radius * math.sin(angle)),
                    )
                )
            return star
    return None


def draw_symbol(surface: pygame.Surface, symbol: str, rect: pygame.Rect, fill: RGB) -> None:
    """The symbol's shape filling `rect`, white with a dark edge (readable on any card)."""
    edge = max(3, rect.height // 30)
    points = symbol_points(symbol, rect)
    if points is not None:
        pygame.draw.polygon(surface, fill, points)
        pygame.draw.polygon(surface, EDGE, points, edge)
    elif symbol == "circle":
        radius = round(min(rect.width, rect.height) * 0.45)
        pygame.draw.circle(surface, fill, rect.center, radius)
        pygame.draw.circle(surface, EDGE, rect.center, radius, edge)
    else:  # "none": the two rails of Doble carril
        bar = max(6, rect.height // 10)
        for dy in (-bar * 2, bar):
            rail = pygame.Rect(
                rect.x + rect.width // 8, rect.centery + dy, rect.width * 3 // 4, bar
            )
            pygame.draw.rect(surface, fill, rail, border_radius=bar // 2)
            pygame.draw.rect(surface, EDGE, rail, edge, border_radius=bar // 2)


def draw_card(surface: pygame.Surface, card: Card, rect: pygame.Rect) -> None:
    """The card: its background, a white frame, the symbol big in the middle."""
    radius = rect.width // 10
    pygame.draw.rect(surface, BACKGROUND_RGB[card.background], rect, border_radius=radius)
    pygame.draw.rect(surface, INK, rect, max(3, rect.width // 40), border_radius=radius)
    inner = rect.inflate(-rect.width // 5, -rect.height // 5)
    draw_symbol(surface, card.symbol, inner, INK)
    if card.special == "switch":
        _fork(surface, rect)


def _fork(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Cambio de vía's mark in the card's corner: a line that splits in two."""
    size = rect.width // 4
    x, y = rect.right - size - rect.width // 12, rect.y + rect.width // 12
    width = max(3, size // 8)
    root = (x + size // 2, y + size)
    mid = (x + size // 2, y + size // 2)
    for end in ((x, y), (x + size, y)):
        pygame.draw.line(surface, EDGE, mid, end, width + 4)
        pygame.draw.line(surface, INK, mid, end, width)
    pygame.draw.line(surface, EDGE, root, mid, width + 4)
    pygame.draw.line(surface, INK, root, mid, width)
