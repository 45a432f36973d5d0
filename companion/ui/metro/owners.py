"""The board during the action phase: every pyramid with its owner's letter, every meeple, and
beside the board each player's stations by name, with the colour of a drink standing there
(METRO DRINKS) and the drink colours the player owns (the chip carries the letter: colour is
never the only clue). Opened from the game menu; any button goes back."""

from __future__ import annotations

import pygame

from companion.colors import drink_name
from companion.i18n import _
from companion.ui import kit as c
from companion.ui.metro.board import BoardLayer, make_board
from companion.ui.screen import AppContext, Input, Screen
from companion.ui.services import MetroGame, current_metro, metro_names


class OwnersScreen(Screen):
    name = "metro-board"

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self._board: BoardLayer | None = None
        self._size: tuple[int, int] | None = None

    @property
    def session(self) -> MetroGame:
        return current_metro(self.app.services)

    def handle(self, event: Input) -> None:
        if event.action is not None:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.services.theme
        surface.fill(c.theme_color(theme, "background"))
        w, h = surface.get_size()
        m = c.margin(theme, surface)
        top = c.draw_title(surface, theme, _("Who owns which station"))
        bottom = h - c.hint_height(theme) - m
        area = pygame.Rect(m, top, int(w * 0.62), bottom - top)
        if self._board is None or self._size != (w, h):
            self._board = make_board(self.session.rules, area, c.font(theme, "small"))
            self._size = (w, h)
        state = self.session.state
        self._board.draw(surface, state)
        side = pygame.Rect(self._board.rect.right + m, top, w - self._board.rect.right - 2 * m, 0)
        self._draw_owners(surface, side, bottom)
        c.hint_bar(surface, theme, [("ok", _("Back"))])

    def _draw_owners(self, surface: pygame.Surface, side: pygame.Rect, bottom: int) -> None:
        theme = self.app.services.theme
        medium, small = c.font(theme, "medium"), c.font(theme, "read")
        fg, muted = c.theme_color(theme, "foreground"), c.theme_color(theme, "muted")
        board, state = self.session.rules.board, self.session.state
        y = side.y
        h = medium.get_linesize()
        for p in state.players:
            if y + h > bottom:
                break
            chip = c.player_chip(surface, medium, p.color, (side.x, y), h)
            owned = [
                _station_label(board.stations[s].name, state.drinks.get(s))
                for s, o in state.stations.items()
                if o == p.color
            ]
            head = f"{metro_names(self.app.services).short(p.color)} · {len(owned)}"
            room = side.right - chip.right - 8
            heads = c.two_lines(medium, head, room) or [head]
            for i, part in enumerate(heads):
                pos = (chip.right + 8, chip.centery + i * h)
                c.blit_condensed(surface, medium, part, fg, pos, "midleft", room)
            y = chip.bottom + 4 + (len(heads) - 1) * h
            lines = c.wrap(small, ", ".join(owned) or "–", side.width)
            if p.drink_colors:
                names = ", ".join(drink_name(d) for d in p.drink_colors)
                lines += c.wrap(small, _("Drinks: {colors}").format(colors=names), side.width)
            for part in lines:
                if y + small.get_linesize() > bottom:
                    break
                part = c.ellipsize(small, part, side.width)
                c.blit_text(surface, small, part, muted, (side.x, y))
                y += small.get_linesize()
            y += 8


def _station_label(name: str, drink: str | None) -> str:
    """ "Ginza", or "Ginza (Mint)" with a drink standing there."""
    return name if drink is None else f"{name} ({drink_name(drink)})"
