"""The setup list of a game played with the players' colours only (the shopping game, Chocolate
milk): resume the unfinished one, players and their colours, the game's own options, start."""

from __future__ import annotations

import pygame

from companion.colors import color_name
from companion.i18n import _
from companion.jutaku.players import SEAT_COLORS, Seat
from companion.ui.kit import Fonts, Option, colors_of, draw_setup_list, handle_options
from companion.ui.screen import AppContext, Input, Screen
from companion.ui.seat_names import Chosen, names_option, with_names
from companion.ui.services import SavedGame


class SeatsSetup(Screen):
    """Subclasses give `KIND`, `TITLE`, `extra_options`, `setup_json` and `play_screen`."""

    KIND = ""
    TITLE = ""
    PLAYERS = (2, 8)

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.fonts = Fonts()
        self.seats: list[Seat] = [Seat(SEAT_COLORS[i]) for i in range(3)]
        self.names: Chosen = {}
        """Roster names chosen for colours (Players' names); none unless chosen."""
        self.index = 0

    def extra_options(self) -> list[Option]:
        return []

    def setup_json(self) -> dict[str, object]:
        raise NotImplementedError

    def play_screen(self, session: SavedGame[object]) -> Screen:
        raise NotImplementedError

    def resume(self) -> None:
        game_id = self.app.services.unfinished(self.KIND)
        session = None if game_id is None else self.app.services.open_game(game_id)
        if session is None:
            self.app.play("error")
            return
        self.app.replace(self.play_screen(session))

    def start(self) -> None:
        setup = with_names(self.setup_json(), [s.color for s in self.seats], self.names)
        session = self.app.services.new_game(self.KIND, setup)
        self.app.replace(self.play_screen(session))

    def options(self) -> list[Option]:
        opts: list[Option] = []
        if self.app.services.unfinished(self.KIND) is not None:
            opts.append(Option(lambda: _("Resume the unfinished game"), on_ok=self.resume))
        opts.append(
            Option(lambda: _("Players"), detail=lambda: str(len(self.seats)), on_change=self._count)
        )
        for i in range(len(self.seats)):
            opts.append(
                Option(
                    lambda i=i: f"{i + 1}. {color_name(self.seats[i].color)}",  # type: ignore[misc]
                    on_ok=lambda i=i: self._recolor(i),  # type: ignore[misc]
                )
            )
        opts += names_option(self.app, lambda: [s.color for s in self.seats], self.names)
        opts += self.extra_options()
        opts.append(Option(lambda: _("Start the game"), on_ok=self.start))
        return opts

    def _count(self, delta: int) -> None:
        fewest, most = self.PLAYERS
        count = min(most, max(fewest, len(self.seats) + delta))
        while len(self.seats) < count:
            taken = {s.color for s in self.seats}
            self.seats.append(Seat(next(c for c in SEAT_COLORS if c not in taken)))
        del self.seats[count:]

    def _recolor(self, seat: int) -> None:
        taken = {s.color for j, s in enumerate(self.seats) if j != seat}
        k = SEAT_COLORS.index(self.seats[seat].color)
        for _step in SEAT_COLORS:
            k = (k + 1) % len(SEAT_COLORS)
            if SEAT_COLORS[k] not in taken:
                break
        self.seats[seat] = Seat(SEAT_COLORS[k])

    def handle(self, event: Input) -> None:
        self.index = handle_options(self.app, self.options(), self.index, event)

    def draw(self, surface: pygame.Surface) -> None:
        colors = colors_of(self.app)
        surface.fill(colors["background"])
        hint = _("Up/down: choose · Left/right: change · OK on a player: colour")
        draw_setup_list(
            surface, _(self.TITLE).upper(), self.options(), self.index, hint, self.fonts, colors
        )
