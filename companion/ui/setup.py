"""Setting up a Metro game: map, players (the registry's range) in turn order, language."""

from __future__ import annotations

from companion.colors import METRO_COLORS, color_name
from companion.data import available_maps
from companion.games import METRO
from companion.i18n import LANGUAGE_NAMES, LANGUAGES, _
from companion.ui import launch
from companion.ui.kit import ListMenu, Option
from companion.ui.screen import AppContext

ORDINALS = {
    1: lambda: _("1st player"),
    2: lambda: _("2nd player"),
    3: lambda: _("3rd player"),
    4: lambda: _("4th player"),
    5: lambda: _("5th player"),
}


class SetupScreen(ListMenu):
    name = "setup"

    def __init__(self, app: AppContext) -> None:
        super().__init__(app, lambda: _("New Tokyo Metro game"))
        self.maps = available_maps() or ["tokyo"]
        self.map_index = 0
        self.colors: list[str] = list(METRO_COLORS[:3])
        self.hint = lambda: _("Left/right: change · OK on a player: move up in turn order")
        self._rebuild()

    def _rebuild(self) -> None:
        items = [
            Option(lambda: _("Map"), detail=lambda: self.maps[self.map_index], on_change=self._map),
            Option(
                lambda: _("Players"), detail=lambda: str(len(self.colors)), on_change=self._count
            ),
        ]
        for seat in range(len(self.colors)):
            items.append(
                Option(
                    ORDINALS[seat + 1],
                    on_ok=lambda s=seat: self._earlier(s),  # type: ignore[misc]
                    detail=lambda s=seat: color_name(self.colors[s]),  # type: ignore[misc]
                    on_change=lambda d, s=seat: self._recolor(s, d),  # type: ignore[misc]
                    player=lambda s=seat: self.colors[s],  # type: ignore[misc]
                )
            )
        items.append(
            Option(
                lambda: _("Language"),
                detail=lambda: LANGUAGE_NAMES[self.app.services.settings.language],
                on_change=self._language,
            )
        )
        items.append(Option(lambda: _("Start the game"), on_ok=self.start))
        self.items = items
        self.index = min(self.index, len(items) - 1)

    def _map(self, delta: int) -> None:
        self.map_index = (self.map_index + delta) % len(self.maps)

    def _count(self, delta: int) -> None:
        fewest, most = METRO.players
        count = min(most, max(fewest, len(self.colors) + delta))
        while len(self.colors) < count:
            self.colors.append(next(c for c in METRO_COLORS if c not in self.colors))
        del self.colors[count:]
        self._rebuild()

    def _recolor(self, seat: int, delta: int) -> None:
        current = METRO_COLORS.index(self.colors[seat])
        new = METRO_COLORS[(current + delta) % len(METRO_COLORS)]
        if new in self.colors:
            other = self.colors.index(new)
            self.colors[other] = self.colors[seat]
        self.colors[seat] = new

    def _earlier(self, seat: int) -> None:
        if seat > 0:
            self.colors[seat - 1], self.colors[seat] = self.colors[seat], self.colors[seat - 1]
            self.index -= 1

    def _language(self, delta: int) -> None:
        settings = self.app.services.settings
        index = LANGUAGES.index(settings.language)
        settings.set("language", LANGUAGES[(index + delta) % len(LANGUAGES)])

    def start(self) -> None:
        self.app.pop()
        setup = {"map_name": self.maps[self.map_index], "colors": list(self.colors)}
        launch.start(self.app, METRO.key, setup)
