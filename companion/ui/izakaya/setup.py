"""IZAKAYA setup: players (2-5) in the turn order drawn at the table, each with a Metro colour;
or resume the unfinished game."""

from __future__ import annotations

import pygame

from companion.colors import METRO_COLORS, color_name
from companion.i18n import _
from companion.izakaya import codec
from companion.ui import kit, launch
from companion.ui.screen import AppContext, Input, Screen
from companion.ui.seat_names import Chosen, names_option, with_names


class IzakayaSetup(Screen):
    name = "izakaya-setup"

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.fonts = kit.Fonts()
        self.colors: list[str] = list(METRO_COLORS[:3])
        self.names: Chosen = {}
        """Roster names chosen for colours (Players' names); none unless chosen."""
        self.index = 0

    def options(self) -> list[kit.Option]:
        opts: list[kit.Option] = []
        unfinished = self.app.services.unfinished(codec.KIND)
        if unfinished is not None:
            opts.append(
                kit.Option(
                    lambda: _("Resume the unfinished game"),
                    on_ok=lambda: self._resume(unfinished),
                )
            )
        opts.append(
            kit.Option(
                lambda: _("Players"), detail=lambda: str(len(self.colors)), on_change=self._count
            )
        )
        for i in range(len(self.colors)):
            opts.append(
                kit.Option(
                    lambda i=i: f"{i + 1}. {color_name(self.colors[i])}",  # type: ignore[misc]
                    on_ok=lambda i=i: self._recolor(i),  # type: ignore[misc]
                    on_change=lambda _d, i=i: self._recolor(i),  # type: ignore[misc]
                )
            )
        opts += names_option(self.app, lambda: self.colors, self.names)
        opts.append(kit.Option(lambda: _("Start the game"), on_ok=self.start))
        return opts

    def _count(self, delta: int) -> None:
        count = min(5, max(2, len(self.colors) + delta))
        while len(self.colors) < count:
            self.colors.append(next(c for c in METRO_COLORS if c not in self.colors))
        del self.colors[count:]

    def _recolor(self, seat: int) -> None:
        k = METRO_COLORS.index(self.colors[seat])
        for _step in METRO_COLORS:
            k = (k + 1) % len(METRO_COLORS)
            if METRO_COLORS[k] not in self.colors:
                self.colors[seat] = METRO_COLORS[k]
                return

    def _resume(self, game_id: int) -> None:
        self.app.pop()
        launch.resume(self.app, game_id)

    def start(self) -> None:
        self.app.pop()
        setup = codec.setup_to_json(tuple(self.colors))
        launch.start(self.app, codec.KIND, with_names(setup, self.colors, self.names))

    def handle(self, event: Input) -> None:
        self.index = kit.handle_options(self.app, self.options(), self.index, event)

    def draw(self, surface: pygame.Surface) -> None:
        colors = kit.colors_of(self.app)
        surface.fill(colors["background"])
        hint = _("Players in the turn order drawn · OK on a player: colour")
        kit.draw_setup_list(
            surface, "IZAKAYA", self.options(), self.index, hint, self.fonts, colors
        )
