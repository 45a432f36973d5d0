"""The board drawing of the Metro screens: `companion.ui.board_view.BoardView` (lines, stops,
pyramids, meeples, trains; its static part rendered once per size) plus the square cursor the
entry screens move. Trains may sit at a fractional stop (4.5 = halfway from 4 to 5), which is how
a moving train is drawn between two stops.
"""

from __future__ import annotations

import pygame

from companion.metro.board import Square
from companion.metro.events import MetroRules
from companion.metro.state import MetroState, Train
from companion.metro.vehicles import VehicleId
from companion.ui.board_view import BoardView


def make_board(
    rules: MetroRules, rect: pygame.Rect, fnt: pygame.font.Font, left: bool = False
) -> BoardLayer:
    """The board as big as `rect` allows, centred in it, or at its left (`left`: what is
    beside it gets the room the centring would leave)."""
    view = BoardView(rules.board, rect)
    if left and view.width_px < rect.width:
        view = BoardView(rules.board, pygame.Rect(rect.topleft, (view.width_px, rect.height)))
    return BoardLayer(view, rules, fnt)


class BoardLayer:
    """A BoardView with what the Metro screens add: a square cursor."""

    def __init__(self, view: BoardView, rules: MetroRules, fnt: pygame.font.Font) -> None:
        self.view = view
        self.rules = rules
        self.board = rules.board
        self.font = fnt
        self.rect = pygame.Rect(view.origin, (view.width_px, view.height_px))

    def square_rect(self, square: Square) -> pygame.Rect:
        x0, y0, x1, y1 = self.board.grid.rect(square)
        a, b = self.view.to_screen(x0, y0), self.view.to_screen(x1, y1)
        return pygame.Rect(a[0], a[1], b[0] - a[0], b[1] - a[1])

    def draw(
        self,
        surface: pygame.Surface,
        state: MetroState,
        trains: dict[VehicleId, Train] | None = None,
        highlight_stops: tuple[str, ...] = (),
        cursor: Square | None = None,
    ) -> None:
        """`trains` overrides the state's trains (a moving one at a fractional stop)."""
        shown = {**state.trains, **(trains or {})}
        self.view.draw(surface, state, highlight_stops=highlight_stops, trains=shown)
        if cursor is not None:
            pygame.draw.rect(surface, (255, 40, 160), self.square_rect(cursor), width=4)
