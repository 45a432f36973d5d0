"""Setting up a Metro game: map, action cards, players (the registry's range) in turn order,
METRO DRINKS and its bonus reading, language.

The last setup started (map, action cards, players and their colours in seat order) is kept in
the data directory (`last-setup.json`) and offered again the next time. Choosing a map picks
its own action cards; the cards row then changes them (the rulebook's mixed card sets) and says
how many rounds they give.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

from companion.colors import METRO_COLORS, color_name
from companion.data import available_maps, load_map
from companion.errors import UserError
from companion.games import METRO
from companion.i18n import LANGUAGE_NAMES, LANGUAGES, N_, _
from companion.metro.state import BONUS_READINGS
from companion.metro.variant import CARD_SETS, TOKYO
from companion.ui import launch
from companion.ui.kit import ListMenu, Option
from companion.ui.screen import AppContext
from companion.ui.seat_names import Chosen, names_option, with_names

log = logging.getLogger(__name__)
LAST_SETUP = "last-setup.json"

ORDINALS = {
    1: lambda: _("1st player"),
    2: lambda: _("2nd player"),
    3: lambda: _("3rd player"),
    4: lambda: _("4th player"),
    5: lambda: _("5th player"),
}


CARD_NAMES = {"tokyo": N_("Tokyo cards"), "osaka": N_("Osaka cards")}
"""The setup's name of each `CARD_SETS` entry."""


class SetupScreen(ListMenu):
    name = "setup"

    def __init__(self, app: AppContext) -> None:
        super().__init__(app, lambda: _("Tokyo Metro"))
        self.maps = available_maps() or ["tokyo"]
        self.map_index = 0
        self.variant = TOKYO
        self.cards = self._map_cards()
        self.colors: list[str] = list(METRO_COLORS[:3])
        self.drinks: str | None = None
        """METRO DRINKS' bonus reading (`BONUS_READINGS`), or None: played without it."""
        self.names: Chosen = {}
        """Roster names chosen for colours (Players' names); none unless chosen."""
        self._remembered()
        self.hint = lambda: _("Left/right: change · OK on a player: move up in turn order")
        self._rebuild()

    def _rebuild(self) -> None:
        items = [
            Option(
                lambda: _("Map"),
                detail=lambda: self.maps[self.map_index].title(),
                on_change=self._map,
            ),
            Option(lambda: _("Action cards"), detail=self._cards_detail, on_change=self._card_set),
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
        items += names_option(self.app, lambda: self.colors, self.names)
        items += self._drinks_rows()
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

    def _drinks_rows(self) -> list[Option]:
        """METRO DRINKS off/on; when on, its bonus reading (ruling 14: the long text by default)
        and the reminder of the shape cards the action cards take out."""
        rows = [
            Option(
                lambda: _("METRO DRINKS"),
                detail=lambda: _("on") if self.drinks else _("off"),
                on_change=self._toggle_drinks,
                on_ok=lambda: self._toggle_drinks(1),
            )
        ]
        if self.drinks is None:
            return rows
        readings = {
            "map": lambda: _("all on the map"),
            "owner": lambda: _("the owner's own"),
        }
        rows.append(
            Option(
                lambda: _("Drink bonus"),
                detail=lambda: readings[self.drinks or "map"](),
                on_change=self._reading,
            )
        )
        rows.append(
            Option(
                lambda: _("Take out {n} drink shape cards").format(
                    n=CARD_SETS[self.cards].drink_shapes_removed
                )
            )
        )
        return rows

    def _toggle_drinks(self, delta: int) -> None:
        self.drinks = None if self.drinks else BONUS_READINGS[0]
        self._rebuild()

    def _reading(self, delta: int) -> None:
        index = BONUS_READINGS.index(self.drinks or BONUS_READINGS[0])
        self.drinks = BONUS_READINGS[(index + delta) % len(BONUS_READINGS)]

    def _map(self, delta: int) -> None:
        self.map_index = (self.map_index + delta) % len(self.maps)
        self.cards = self._map_cards()

    def _map_cards(self) -> str:
        """The action cards that come with the chosen map (whose variant is kept)."""
        try:
            self.variant = load_map(self.maps[self.map_index]).variant
        except UserError as exc:
            log.warning("map %s: %s", self.maps[self.map_index], exc)
            self.variant = TOKYO
        return self.variant.cards.name

    def _card_set(self, delta: int) -> None:
        names = list(CARD_SETS)
        self.cards = names[(names.index(self.cards) + delta) % len(names)]

    def _cards_detail(self) -> str:
        """The card set and the rounds it gives this many players."""
        rounds = self.variant.rounds(len(self.colors), CARD_SETS[self.cards])
        return _("{cards} · {rounds} rounds").format(cards=self.cards.title(), rounds=rounds)

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

    @property
    def _last_path(self) -> Path:
        return Path(self.app.services.data_dir) / LAST_SETUP

    def _remembered(self) -> None:
        """Take the last setup started, where it still fits (a map that is gone is not)."""
        try:
            data = json.loads(self._last_path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return
        except (OSError, ValueError) as exc:
            log.warning("%s: ignored (%s)", self._last_path, exc)
            return
        if not isinstance(data, dict):
            return
        if data.get("map_name") in self.maps:
            self.map_index = self.maps.index(data["map_name"])
            self.cards = self._map_cards()
        if data.get("cards") in CARD_SETS:
            self.cards = str(data["cards"])
        colors = data.get("colors")
        fewest, most = METRO.players
        if (
            isinstance(colors, list)
            and fewest <= len(colors) <= most
            and len(set(colors)) == len(colors)
            and all(c in METRO_COLORS for c in colors)
        ):
            self.colors = [str(c) for c in colors]
        if data.get("metro_drinks") in BONUS_READINGS:
            self.drinks = str(data["metro_drinks"])

    def _remember(self, setup: dict[str, object]) -> None:
        try:
            self._last_path.write_text(json.dumps(setup), encoding="utf-8")
        except OSError as exc:
            log.warning("%s: not saved (%s)", self._last_path, exc)

    def start(self) -> None:
        self.app.pop()
        setup: dict[str, object] = {
            "map_name": self.maps[self.map_index],
            "cards": self.cards,
            "colors": list(self.colors),
        }
        if self.drinks is not None:
            setup["metro_drinks"] = self.drinks
        self._remember(setup)
        launch.start(self.app, METRO.key, with_names(setup, self.colors, self.names))
