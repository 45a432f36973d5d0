"""The LED strip: one interface, a serial backend (Adalight) chosen late, and a simulated twin.

    strip = open_strip(config, layout.count, data_dir=app_data)   # serial if config.port is set
    strip.show(colors)      # never blocks: the newest frame wins
    strip.status.text()     # "LED strip connected" / "... reconnecting: <reason>" (translated)
    strip.close()

`show` takes logical RGB (what the game means); each backend applies brightness (the user's
setting, the night limit and the cap), gamma and the strip's channel order on the way out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from datetime import time as clock_time
from pathlib import Path

from companion.colors import RGB
from companion.devices.adalight import header
from companion.devices.backends import LED_BACKENDS
from companion.devices.ledconfig import BrightnessStore, LedConfig, clamp_brightness
from companion.i18n import _

BLACK: RGB = (0, 0, 0)

CONNECTED = "connected"
WAITING = "waiting"
RECONNECTING = "reconnecting"
SIMULATED = "simulated"
CLOSED = "closed"


@dataclass(frozen=True)
class StripStatus:
    state: str
    reason: str = ""
    port: str = ""

    @property
    def ok(self) -> bool:
        return self.state in (CONNECTED, SIMULATED)

    def text(self) -> str:
        """One short line for the screen, in the current language."""
        if self.state == CONNECTED:
            return _("LED strip connected")
        if self.state == WAITING:
            return _("LED strip: waiting for the controller")
        if self.state == RECONNECTING:
            return _("LED strip reconnecting: {reason}").format(reason=_(self.reason))
        if self.state == SIMULATED:
            return _("LED strip simulated")
        return _("LED strip off")


def fit(colors: Sequence[RGB], count: int) -> list[RGB]:
    """Exactly `count` colours: cut, or padded with black."""
    out = list(colors[:count])
    if len(out) < count:
        out.extend([BLACK] * (count - len(out)))
    return out


class LedStrip:
    """What the app uses. Subclasses implement `show`, `status` and `close`."""

    def __init__(
        self,
        config: LedConfig,
        count: int,
        store: BrightnessStore | None = None,
        now: Callable[[], clock_time] | None = None,
    ) -> None:
        if count < 1:
            raise ValueError(f"a strip has at least one LED, got {count}")
        self.config = config
        self.count = count
        self.store = store
        self._now = now or (lambda: datetime.now().time())
        self._brightness = store.load() if store else clamp_brightness(config.brightness)
        self._pipeline = config.pipeline()

    @property
    def brightness(self) -> float:
        """The user's setting (0.05 to 1), before the night limit and the cap."""
        return self._brightness

    @brightness.setter
    def brightness(self, value: float) -> None:
        self._brightness = self.store.save(value) if self.store else clamp_brightness(value)

    def effective_brightness(self) -> float:
        return self.config.effective_brightness(self._brightness, self._now())

    def wire_frame(self, colors: Sequence[RGB]) -> bytes:
        """The Adalight frame these colours become on the wire right now."""
        payload = self._pipeline.payload(fit(colors, self.count), self.effective_brightness())
        return header(self.count) + payload

    @classmethod
    def open(
        cls,
        config: LedConfig,
        count: int,
        port: str | Callable[[], str],
        store: BrightnessStore | None,
        now: Callable[[], clock_time] | None,
    ) -> LedStrip:
        """Build one from `companion.devices.backends` (a backend without a port ignores it)."""
        return cls(config, count, store, now)

    def show(self, colors: Sequence[RGB]) -> None:
        raise NotImplementedError

    @property
    def status(self) -> StripStatus:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> LedStrip:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class SimulatedStrip(LedStrip):
    """Keeps the last frame for drawing on screen. Verbs for tests: `unplug`, `replug`;
    `history` holds every frame shown when made with `keep_history=True`."""

    def __init__(
        self,
        config: LedConfig | None = None,
        count: int = 1,
        store: BrightnessStore | None = None,
        now: Callable[[], clock_time] | None = None,
        keep_history: bool = False,
    ) -> None:
        super().__init__(config or LedConfig(), count, store, now)
        self.colors: list[RGB] = [BLACK] * count
        """The last frame shown, in logical colours (what the screen draws)."""
        self.frames = 0
        self.history: list[list[RGB]] | None = [] if keep_history else None
        self._status = StripStatus(SIMULATED)

    def show(self, colors: Sequence[RGB]) -> None:
        self.colors = fit(colors, self.count)
        self.frames += 1
        if self.history is not None:
            self.history.append(self.colors)

    @property
    def last_frame(self) -> bytes:
        return self.wire_frame(self.colors)

    @property
    def status(self) -> StripStatus:
        return self._status

    def unplug(self, reason: str = "unplugged") -> None:
        self._status = StripStatus(RECONNECTING, reason)

    def replug(self) -> None:
        self._status = StripStatus(SIMULATED)

    def close(self) -> None:
        self._status = StripStatus(CLOSED)


def open_strip(
    config: LedConfig,
    count: int,
    data_dir: str | Path | None = None,
    port: str | Callable[[], str] | None = None,
    now: Callable[[], clock_time] | None = None,
    backend: str | None = None,
) -> LedStrip:
    """The strip from `LED_BACKENDS`: by default the serial one when a port is given (argument
    or config), else the one kept in memory (drawn on screen by the demo)."""
    store = BrightnessStore(data_dir, config.brightness) if data_dir is not None else None
    source = port if port is not None else config.port
    name = LED_BACKENDS.choose(backend, config.backend, "serial" if source else "memory")
    cls = LED_BACKENDS.load(name)
    if not issubclass(cls, LedStrip):
        raise TypeError(f"{LED_BACKENDS.backends[name]} is not a LedStrip")
    return cls.open(config, count, source, store, now)
