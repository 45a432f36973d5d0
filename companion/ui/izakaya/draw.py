"""Drawing the IZAKAYA table: the plot grid with its bottles, discs, pyramids and buildings
(each building's floors and bottle sum in its plot), the market row and the players."""

from __future__ import annotations

from typing import Any

import pygame

from companion import izakaya as Z
from companion.colors import rgb
from companion.i18n import _
from companion.izakaya.scoring import building_sum
from companion.money import yen
from companion.ui import kit
from companion.ui.izakaya.entry import Entry
from companion.ui.jutaku.screens import DRINK_RGB

GRID_LINE = (90, 96, 110)
PLOT_FILL = (48, 56, 72)
BLOCKED_FILL = (40, 70, 130)


def draw_board(
    surface: pygame.Surface, area: pygame.Rect, state: Z.IzakayaState, entry: Entry, theme: Any
) -> pygame.Rect:
    """The grid as large as fits in `area` (returns its rect)."""
    n = state.grid.size
    inset = min(area.width, area.height) // (5 * n + 2)
    cell = (min(area.width, area.height) - 2 * inset) // n
    rect = pygame.Rect(area.x + inset, area.y + inset, cell * n, cell * n)
    accent = kit.theme_color(theme, "accent")
    for r, c in state.grid.plots():
        box = pygame.Rect(rect.x + c * cell, rect.y + r * cell, cell, cell)
        fill = BLOCKED_FILL if (r, c) in state.grid.blocked else PLOT_FILL
        pygame.draw.rect(surface, fill, box.inflate(-4, -4), border_radius=cell // 12)
        _draw_plot(surface, box, state, (r, c), theme)
    for edge, owner in state.discs:
        _disc(surface, rect, cell, edge, rgb(state.colors[owner]))
    for point, color in state.bottles:
        _bottle(surface, rect, cell, point, DRINK_RGB[color])
    _draw_cursor(surface, rect, cell, state, entry, accent)
    return rect.inflate(2 * inset, 2 * inset)


def _center(rect: pygame.Rect, cell: int, point: tuple[int, int]) -> tuple[int, int]:
    return rect.x + point[1] * cell, rect.y + point[0] * cell


def _bottle(
    surface: pygame.Surface,
    rect: pygame.Rect,
    cell: int,
    point: tuple[int, int],
    fill: tuple[int, int, int],
) -> None:
    radius = max(8, cell // 8)
    center = _center(rect, cell, point)
    pygame.draw.circle(surface, fill, center, radius)
    pygame.draw.circle(surface, kit.NEUTRAL, center, radius, 2)


def _disc(
    surface: pygame.Surface,
    rect: pygame.Rect,
    cell: int,
    edge: Z.Edge,
    fill: tuple[int, int, int],
    outline: tuple[int, int, int] = (240, 240, 235),
) -> None:
    """A claim disc: a bar along the edge it sits on (bottles are round)."""
    kind, r, c = edge
    long, thin = cell // 2, max(8, cell // 9)
    if kind == "v":
        bar = pygame.Rect(0, 0, thin, long)
        bar.center = (rect.x + c * cell, rect.y + r * cell + cell // 2)
    else:
        bar = pygame.Rect(0, 0, long, thin)
        bar.center = (rect.x + c * cell + cell // 2, rect.y + r * cell)
    pygame.draw.rect(surface, fill, bar, border_radius=thin // 2)
    pygame.draw.rect(surface, outline, bar, 2, border_radius=thin // 2)


def _draw_plot(
    surface: pygame.Surface, box: pygame.Rect, state: Z.IzakayaState, plot: Z.Plot, theme: Any
) -> None:
    owner = state.claimer(plot)
    if owner is None:
        return
    fill = rgb(state.colors[owner])
    pad = max(6, box.width // 10)
    size = box.width // 4
    apex = (box.x + pad + size // 2, box.y + pad)
    pyramid = [apex, (box.x + pad, box.y + pad + size), (box.x + pad + size, box.y + pad + size)]
    pygame.draw.polygon(surface, fill, pyramid)
    edge = (240, 240, 235) if sum(fill) < 200 else kit.NEUTRAL
    pygame.draw.polygon(surface, edge, pyramid, 2)
    built = [b for b in state.buildings if b.plot == plot]
    if not built:
        return
    fnt = theme.font("medium")
    floors = "×" + "+".join(str(b.floors) for b in built)
    fg = kit.theme_color(theme, "foreground")
    kit.blit_text(surface, fnt, floors, fg, (box.right - pad, box.y + pad // 2), "topright")
    total = building_sum(state, built[0]).bottles
    text = yen(total, _)
    if fnt.size(text)[0] > box.width - 2 * pad:
        text = f"{total}"
    accent = kit.theme_color(theme, "accent")
    kit.blit_text(surface, fnt, text, accent, (box.centerx, box.bottom - pad // 2), "midbottom")


def _draw_cursor(
    surface: pygame.Surface,
    rect: pygame.Rect,
    cell: int,
    state: Z.IzakayaState,
    entry: Entry,
    accent: tuple[int, int, int],
) -> None:
    if state.phase != "actions":
        return
    if entry.picks_point:
        pygame.draw.circle(surface, accent, _center(rect, cell, entry.cursor), cell // 5, 4)
    elif entry.mode in ("claim", "build"):
        r, c = entry.cursor
        box = pygame.Rect(rect.x + c * cell, rect.y + r * cell, cell, cell)
        pygame.draw.rect(surface, accent, box, 4, border_radius=cell // 12)
        if entry.mode == "claim" and entry.step == 1:
            edge = entry.edge(state)
            if edge is not None:
                _disc(surface, rect, cell, edge, accent, accent)
