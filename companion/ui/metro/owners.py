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
        area = pygame.Rect(m, top, int(w * 0.6), bottom - top)
        if self._board is None or self._size != (w, h):
            self._board = make_board(self.session.rules, area, c.font(theme, "small"))
            self._size = (w, h)
        state = self.session.state
        self._board.draw(surface, state)
        side = pygame.Rect(self._board.rect.right + m, top, w - self._board.rect.right - 2 * m, 0)
        self._draw_owners(surface, side, bottom)
        c.hint_bar(surface, theme, [("ok", _("Back"))])

    def _draw_head(
        self, surface: pygame.Surface, side: pygame.Rect, y: int, color: str, n: int, bottom: int
    ) -> tuple[int, bool] | None:
        """The chip, the name and station count beside it, else the count there and the name
        under it across the side; returns the y below and whether the count is shown (None: no
        room above `bottom`)."""
        theme = self.app.services.theme
        medium, read = c.font(theme, "medium"), c.font(theme, "read")
        fg = c.theme_color(theme, "foreground")
        h = medium.get_linesize()
        name = metro_names(self.app.services).short(color)
        chip_w = c.player_chip_width(medium, color, h)
        room = side.right - side.x - chip_w - 8
        head = _head(medium, read, name, n, room)
        under = [] if head else c.two_lines(read, name, side.width) or [name]
        font, text = head or (read, f"· {n}")
        below = y + h + 4
        if below + len(under) * read.get_linesize() > bottom:
            return None
        chip = c.player_chip(surface, medium, color, (side.x, y), h)
        c.blit_condensed(surface, font, text, fg, (chip.right + 8, chip.centery), "midleft", room)
        for part in under:
            c.blit_condensed(surface, read, part, fg, (side.x, below), "topleft", side.width)
            below += read.get_linesize()
        return below, head is None or text != name

    def _draw_owners(self, surface: pygame.Surface, side: pygame.Rect, bottom: int) -> None:
        theme = self.app.services.theme
        small = c.font(theme, "read")
        muted = c.theme_color(theme, "muted")
        board, state = self.session.rules.board, self.session.state
        y = side.y
        for p in state.players:
            owned = [
                _station_label(board.stations[s].name, state.drinks.get(s))
                for s, o in state.stations.items()
                if o == p.color
            ]
            head = self._draw_head(surface, side, y, p.color, len(owned), bottom)
            if head is None:
                c.textlog.left_out(metro_names(self.app.services).short(p.color), "the owners")
                break
            y, counted = head
            lines = (
                [] if counted and not owned else c.wrap(small, ", ".join(owned) or "–", side.width)
            )
            if p.drink_colors:
                names = ", ".join(drink_name(d) for d in p.drink_colors)
                lines += c.wrap(small, _("Drinks: {colors}").format(colors=names), side.width)
            for k, part in enumerate(lines):
                if y + small.get_linesize() > bottom:
                    c.textlog.left_out(" ".join(lines[k:]), "the owners")
                    break
                part = c.ellipsize(small, part, side.width)
                c.blit_text(surface, small, part, muted, (side.x, y))
                y += small.get_linesize()
            y += 8


def _head(
    medium: pygame.font.Font, read: pygame.font.Font, name: str, n: int, width: int
) -> tuple[pygame.font.Font, str] | None:
    """What goes beside a player's chip in one line: "name · stations", else the name alone
    (the list under it says the stations), medium else read size; None: the name is too long."""
    for text in (f"{name} · {n}", name):
        for font in (medium, read):
            if c.fits_condensed(font, text, width):
                return font, text
    return None


def _station_label(name: str, drink: str | None) -> str:
    """ "Ginza", or "Ginza (Mint)" with a drink standing there."""
    return name if drink is None else f"{name} ({drink_name(drink)})"
