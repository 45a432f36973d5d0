"""Setting up a Countdown game, with the kit's list as Metro's setup: players (the registry's
range) and the floor times (presets, the config's `[countdown] floor_times` first)."""

from __future__ import annotations

from companion.games import COUNTDOWN
from companion.i18n import _
from companion.jutaku import codec
from companion.jutaku import countdown as C
from companion.jutaku.players import SEAT_COLORS, Seat
from companion.ui import launch
from companion.ui.kit import ListMenu, Option
from companion.ui.screen import AppContext
from companion.ui.seat_names import Chosen, named_seats, names_option, with_names

PRESETS: tuple[tuple[float, ...], ...] = (
    C.floor_times(C.CountdownOptions()),
    (90.0, 60.0, 45.0, 30.0),
    (45.0, 30.0, 20.0, 10.0),
)
"""The rulebook's floors (60, 45, 30 s, then 15 s), a gentler and a harder set."""


def times_text(times: tuple[float, ...]) -> str:
    """ "60 · 45 · 30 · 15 s": every later floor lasts the last time."""
    return " · ".join(f"{t:g}" for t in times) + " s"


class CountdownSetup(ListMenu):
    name = "countdown-setup"

    def __init__(self, app: AppContext) -> None:
        super().__init__(app, lambda: _(COUNTDOWN.title))
        self.names: Chosen = {}
        self.count = 4
        times = app.services.game_defaults(COUNTDOWN.key).get("floor_times", ())
        configured = tuple(float(t) for t in times) if isinstance(times, list | tuple) else ()
        extra = [configured] if configured and configured not in PRESETS else []
        self.presets: tuple[tuple[float, ...], ...] = (*extra, *PRESETS)
        self.preset = self.presets.index(configured) if configured in self.presets else 0
        self.hint = lambda: _("Left/right: change · OK: select · Back: return")
        self._rebuild()

    def _rebuild(self) -> None:
        items = [
            Option(lambda: _("Players"), detail=lambda: str(self.count), on_change=self._players)
        ]
        items += [
            Option(lambda i=i: f"{i + 1}.", player=SEAT_COLORS[i])  # type: ignore[misc]
            for i in range(self.count)
        ]
        items += names_option(self.app, lambda: list(SEAT_COLORS[: self.count]), self.names)
        items.append(
            Option(
                lambda: _("Floor times"),
                detail=lambda: times_text(self.presets[self.preset]),
                on_change=self._times,
            )
        )
        items.append(Option(lambda: _("Start the game"), on_ok=self.start))
        self.items = items
        self.index = min(self.index, len(items) - 1)

    def _players(self, delta: int) -> None:
        fewest, most = COUNTDOWN.players
        self.count = min(most, max(fewest, self.count + delta))
        self._rebuild()

    def _times(self, delta: int) -> None:
        self.preset = (self.preset + delta) % len(self.presets)

    @property
    def options(self) -> C.CountdownOptions:
        return C.options_with_times(self.presets[self.preset])

    def start(self) -> None:
        seats = named_seats(tuple(Seat(SEAT_COLORS[i]) for i in range(self.count)), self.names)
        setup = codec.countdown_setup_to_json(seats, self.options)
        setup = with_names(setup, [s.color for s in seats], self.names)
        self.app.pop()
        launch.start(self.app, COUNTDOWN.key, setup)
