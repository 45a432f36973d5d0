"""What screens reach through `app.services`: the game, settings, theme, sound, LEDs, camera.

Devices that have not landed yet are replaced by small stand-ins with the same names (a silent
sound player that remembers its cues, an LED strip kept in memory), so screens never check.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion import i18n
from companion.colors import RGB
from companion.ui.kit.theme import Theme

if TYPE_CHECKING:
    from companion.app.session import MetroSession
    from companion.store import Store

log = logging.getLogger(__name__)
SETTINGS_FILE = "settings.json"
METRO_SCREEN_MODULES = ("companion.ui.metro",)


@dataclass
class Settings:
    """The players' preferences, saved in the data directory on every change."""

    language: str = "es"
    volume: int = 70
    muted: bool = False
    fast_trains: bool = False
    led_brightness: int = 40
    path: Path | None = field(default=None, repr=False, compare=False)

    @classmethod
    def load(cls, data_dir: Path | None) -> Settings:
        path = data_dir / SETTINGS_FILE if data_dir is not None else None
        settings = cls(path=path)
        if path is not None and path.exists():
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                for f in fields(cls):
                    if f.name != "path" and f.name in data:
                        settings._check(f.name, data[f.name])
                        setattr(settings, f.name, data[f.name])
            except (ValueError, OSError) as exc:
                log.warning("%s: ignored (%s); using the defaults", path, exc)
        return settings

    @staticmethod
    def _check(name: str, value: Any) -> None:
        ok = {
            "language": lambda v: v in i18n.LANGUAGES,
            "volume": lambda v: isinstance(v, int) and 0 <= v <= 100,
            "muted": lambda v: isinstance(v, bool),
            "fast_trains": lambda v: isinstance(v, bool),
            "led_brightness": lambda v: isinstance(v, int) and 0 <= v <= 100,
        }
        if name not in ok:
            raise ValueError(f"unknown setting {name!r}")
        if not ok[name](value):
            raise ValueError(f"bad value for {name}: {value!r}")

    def set(self, name: str, value: Any) -> None:
        """Change one setting and save at once (language switches at once too)."""
        self._check(name, value)
        setattr(self, name, value)
        if name == "language":
            i18n.set_language(value)
        self.save()

    def save(self) -> None:
        if self.path is None:
            return
        data = {k: v for k, v in asdict(self).items() if k != "path"}
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".settings-")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, self.path)


class SilentSound:
    """Stand-in until `companion.devices.sound` lands: remembers cues, plays nothing."""

    status = "silent (no sound part yet)"

    def __init__(self) -> None:
        self.played: list[str] = []
        self.volume = 0.7
        self.muted = False

    def play(self, cue: str) -> None:
        self.played.append(cue)
        del self.played[:-50]


class MemoryLeds:
    """Stand-in LED strip until the LED part lands: keeps the last frame (drawn by the demo)."""

    status = "simulated"

    def __init__(self, count: int = 60) -> None:
        self.count = count
        self.frame: list[RGB] = [(0, 0, 0)] * count
        self.brightness = 40

    def show(self, colors: list[RGB]) -> None:
        self.frame = list(colors)[: self.count]


class Services:
    def __init__(
        self,
        store: Store,
        settings: Settings,
        theme: Theme,
        sound: Any = None,
        leds: Any = None,
        camera: Any = None,
        rules_loader: Any = None,
    ) -> None:
        self.store = store
        self.settings = settings
        self.theme = theme
        self.sound = sound if sound is not None else SilentSound()
        self.leds: Any = leds if leds is not None else MemoryLeds()
        self.camera = camera
        self.session: MetroSession | None = None
        self.rules_loader = rules_loader
        self.data_dir = store.path.parent
        self._views: dict[tuple[Any, ...], Any] = {}

    def apply_settings(self) -> None:
        """Hand the current settings to the devices (after a change in the settings screen)."""
        s = self.settings
        i18n.set_language(s.language)
        changes: list[tuple[Any, str, Any]] = [
            (self.sound, "volume", s.volume / 100),
            (self.sound, "muted", s.muted),
            (self.leds, "brightness", s.led_brightness),
        ]
        for target, name, value in changes:
            try:
                setattr(target, name, value)
            except Exception:
                log.exception("applying %s to %s", name, target)

    def led_update(self, phase_view: Any, now: float, shown: int | None = None) -> None:
        """Screens call this each frame of a train phase: `shown` steps are on screen (default:
        the acknowledged ones). The strip lights the trains, payouts and pending question."""
        if self.session is None or phase_view is None or not hasattr(self.leds, "phase"):
            return
        try:
            self.leds.use_board(self.session.rules.board)
            self.leds.phase(self.session.state, phase_view, now, shown)
        except Exception:
            log.exception("LED update failed")

    def after_frame(self, now: float, top: Any = None) -> None:
        """Called by the app once a frame: keeps the strip in step with the Metro game while a
        Metro screen is on top (Jutaku and Countdown light the strip themselves)."""
        module = type(top).__module__ if top is not None else ""
        if not module.startswith(METRO_SCREEN_MODULES):
            return
        if self.camera is not None and self.session is not None:
            try:
                self.camera.use_board(self.session.rules.board)
            except Exception:
                log.exception("camera")
        if self.session is None or not hasattr(self.leds, "idle"):
            return
        try:
            self.leds.use_board(self.session.rules.board)
            phase = self.session.phase
            if phase is not None and not self.leds.phase_frame:
                self.leds.phase(self.session.state, phase, now)
            self.leds.idle(self.session.state)
        except Exception:
            log.exception("LED update failed")

    def board_view(self, rect: Any) -> Any:
        """The map drawing for the current game, cached per size (its static layer is costly)."""
        from companion.ui.board_view import BoardView

        assert self.session is not None, "board_view needs a game"
        board = self.session.rules.board
        key = (board.id, tuple(rect))
        if key not in self._views:
            if len(self._views) > 8:
                self._views.clear()
            self._views[key] = BoardView(board, rect)
        return self._views[key]
