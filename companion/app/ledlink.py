"""The LED strip as the app uses it: one strip, a layout per map, a frame per screen frame.

Screens call `services.led_update(phase, now)` while a train phase plays; every other frame the
app shows the trains where they stand. The strip (`companion.devices.leds`) never blocks: a
serial writer thread takes the newest frame. Without a port in the config the strip is
simulated, and the demo draws it under the screen with `StripView`.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.colors import RGB
from companion.devices.led_layout import LedSetup, load_layout
from companion.devices.ledconfig import LedConfig
from companion.devices.leds import LedStrip, open_strip
from companion.i18n import _
from companion.metro import BoardMap
from companion.metro.state import MetroState

if TYPE_CHECKING:
    import pygame

    from companion.ui.services import PhaseView
    from companion.ui.strip_view import StripView

log = logging.getLogger(__name__)


class LedLink:
    def __init__(self, table: dict[str, Any], file: Path | None, data_dir: Path) -> None:
        self.table = table
        self.file = file
        self.data_dir = data_dir
        LedConfig.from_toml_table(table, file)  # a bad [leds] table fails at start, clearly
        self.board: BoardMap | None = None
        self.setup: LedSetup | None = None
        self.strip: LedStrip | None = None
        self.frame: list[RGB] = []
        self._brightness = 0.4
        self._shown = -1
        self._since = 0.0
        self.phase_frame = False
        self._view: tuple[tuple[str, tuple[int, int, int, int]], StripView] | None = None

    def use_board(self, board: BoardMap) -> None:
        """Open (or reopen) the strip for the map of the current game."""
        if self.board is not None and self.board.id == board.id:
            return
        setup = load_layout(None, board)
        config = LedConfig.from_toml_table(self.table, self.file, setup.config)
        if self.strip is not None:
            self.strip.close()
        self.strip = open_strip(config, setup.layout.count, data_dir=self.data_dir)
        self.strip.brightness = self._brightness
        self.board, self.setup = board, setup
        self.frame = [(0, 0, 0)] * setup.layout.count

    @property
    def count(self) -> int:
        return len(self.frame) if self.frame else (self.setup.layout.count if self.setup else 60)

    @property
    def status(self) -> str:
        if self.strip is None:
            return _("LED strip not opened yet")
        return self.strip.status.text()

    @property
    def brightness(self) -> float:
        return self._brightness

    @brightness.setter
    def brightness(self, percent: float) -> None:
        """Settings give 0-100; the strip keeps 0.05-1 (never dark enough to look broken)."""
        self._brightness = max(0.05, min(1.0, float(percent) / 100))
        if self.strip is not None:
            self.strip.brightness = self._brightness

    def open_default(self) -> None:
        """Open the strip for the default map before any Metro game (Jutaku, Countdown)."""
        from companion.data import available_maps, load_map

        maps = available_maps()
        if maps:
            self.use_board(load_map(maps[0]))

    def show(self, colors: list[RGB]) -> None:
        if self.strip is None:
            try:
                self.open_default()
            except Exception:
                log.exception("opening the LED strip")
        self.frame = list(colors)
        if self.strip is not None:
            self.strip.show(colors)

    def phase(
        self, state: MetroState, phase: PhaseView, now: float, shown: int | None = None
    ) -> None:
        """A train phase frame: `state` as the phase began, the first `shown` steps on screen."""
        from companion.ledshow import render

        if self.board is None or self.setup is None:
            return
        count = phase.acked if shown is None else shown
        count = max(0, min(count, len(phase.steps)))
        if count != self._shown:
            self._shown, self._since = count, now
        colors = render(
            self.board,
            self.setup.layout,
            state,
            phase.steps[:count],
            now - self._since,
            prompt=phase.pending if count >= len(phase.steps) else None,
        )
        self.show(colors)
        self.phase_frame = True

    def idle(self, state: MetroState) -> None:
        """Between phases: where the trains stand."""
        from companion.ledshow import render

        if self.phase_frame:
            self.phase_frame = False
            return
        self._shown = -1
        if self.board is not None and self.setup is not None:
            self.show(render(self.board, self.setup.layout, state))

    def draw_view(self, surface: pygame.Surface, rect: tuple[int, int, int, int]) -> None:
        """The strip drawn on screen (the demo shows the simulated strip under the screen)."""
        from companion.colors import hex_to_rgb
        from companion.ui.strip_view import StripView

        if self.board is None or self.setup is None or self.strip is None:
            return
        key = (self.board.id, rect)
        if self._view is None or self._view[0] != key:
            colors = {line.id: hex_to_rgb(line.color) for line in self.board.lines.values()}
            self._view = (key, StripView(self.setup.layout, rect, colors))
        self._view[1].draw(surface, self.frame, self.strip.status)

    def close(self) -> None:
        if self.strip is not None:
            self.strip.close()
            self.strip = None
