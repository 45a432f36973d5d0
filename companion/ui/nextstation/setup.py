"""Setting up a NEXT STATION TOKYO game: players (1 to 8, each a colour), orange cards,
objectives, then Start. The deck (and the orange cards) are read from `calibration/` here and
saved with the game, together with the seed every round's shuffle comes from."""

from __future__ import annotations

import random

from companion.colors import PLAYER_COLORS
from companion.data import load_orange_cards, load_station_deck
from companion.errors import UserError
from companion.i18n import _
from companion.nextstation import codec
from companion.nextstation.game import PLAYERS, NextStationSetup
from companion.ui import launch
from companion.ui.kit import ListMenu, Option
from companion.ui.screen import AppContext
from companion.ui.seat_names import Chosen, names_option, with_names

COLORS = tuple(PLAYER_COLORS)


def on_off(value: bool) -> str:
    return _("on") if value else _("off")


class NextStationSetupScreen(ListMenu):
    name = "next-station-setup"

    def __init__(self, app: AppContext) -> None:
        super().__init__(app, lambda: _("Next Station Tokyo"))
        self.colors: list[str] = list(COLORS[:2])
        self.names: Chosen = {}
        """Roster names chosen for colours (Players' names); none unless chosen."""
        self.oranges = False
        self.objectives = False
        self.hint = lambda: _("Up/down: choose · Left/right: change · OK on a player: colour")
        self.build()

    def enter(self) -> None:
        self.build()

    def build(self) -> None:
        items: list[Option] = []
        if self.app.services.unfinished(codec.KIND) is not None:
            items.append(Option(lambda: _("Resume the unfinished game"), on_ok=self.resume))
        items.append(
            Option(lambda: _("Players"), detail=lambda: str(len(self.colors)), on_change=self.count)
        )
        for i in range(len(self.colors)):
            items.append(
                Option(
                    lambda i=i: _("Player {n}").format(n=i + 1),  # type: ignore[misc]
                    player=lambda i=i: self.colors[i],  # type: ignore[misc]
                    on_ok=lambda i=i: self.recolor(i),  # type: ignore[misc]
                    on_change=lambda _d, i=i: self.recolor(i),  # type: ignore[misc]
                )
            )
        items += names_option(self.app, lambda: self.colors, self.names)
        items.append(
            Option(
                lambda: _("Orange cards"),
                detail=lambda: on_off(self.oranges),
                on_change=self.flip_oranges,
            )
        )
        items.append(
            Option(
                lambda: _("Objectives"),
                detail=lambda: on_off(self.objectives),
                on_change=self.flip_objectives,
            )
        )
        items.append(Option(lambda: _("Start the game"), on_ok=self.start))
        self.items = items
        self.index = min(self.index, len(items) - 1)

    def count(self, delta: int) -> None:
        low, high = PLAYERS
        wanted = min(high, max(low, len(self.colors) + delta))
        while len(self.colors) < wanted:
            self.colors.append(next(c for c in COLORS if c not in self.colors))
        del self.colors[wanted:]
        self.build()

    def recolor(self, seat: int) -> None:
        taken = set(self.colors)
        k = COLORS.index(self.colors[seat])
        for _step in COLORS:
            k = (k + 1) % len(COLORS)
            if COLORS[k] not in taken:
                self.colors[seat] = COLORS[k]
                return

    def flip_oranges(self, _delta: int) -> None:
        self.oranges = not self.oranges

    def flip_objectives(self, _delta: int) -> None:
        self.objectives = not self.objectives

    def resume(self) -> None:
        game_id = self.app.services.unfinished(codec.KIND)
        if game_id is not None:
            self.app.pop()
            launch.resume(self.app, game_id)

    def start(self) -> None:
        try:
            deck = load_station_deck()
            oranges = load_orange_cards() if self.oranges else ()
        except UserError as exc:
            self.app.play("error")
            self.app.toast(exc.line(), "bad", 8.0)
            return
        seed = random.SystemRandom().randrange(2**31)
        setup = NextStationSetup(tuple(self.colors), seed, deck, oranges, self.objectives)
        self.app.pop()
        saved = with_names(codec.setup_to_json(setup), self.colors, self.names)
        launch.start(self.app, codec.KIND, saved)
