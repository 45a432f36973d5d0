"""LED strip settings: port, pacing, colour order, gamma, brightness cap, night brightness.

Settings come from the `[strip]` table of the LED layout file (calibration/leds.toml) and may be
overridden by the app's own config table (e.g. the port). Brightness has three parts: the user's
setting (remembered in a small JSON file, never 0), the night limit during the night schedule,
and the cap that keeps the power supply's current in budget; the colour pipeline multiplies them.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from datetime import time as clock_time
from itertools import chain
from pathlib import Path
from typing import Any

from companion.colors import RGB
from companion.errors import UserError, reject_unknown

COLOR_ORDERS = ("RGB", "RBG", "GRB", "GBR", "BRG", "BGR")
MIN_BRIGHTNESS = 0.05
"""The dimmest a saved setting may be: a strip saved at 0 looks broken after a restart."""
_HHMM = re.compile(r"^([01]?\d|2[0-3]):([0-5]\d)$")


@dataclass(frozen=True)
class NightSchedule:
    """A daily window such as 22:00-07:00 (it may wrap past midnight)."""

    start: clock_time
    end: clock_time

    @classmethod
    def parse(cls, text: str) -> NightSchedule:
        parts = text.replace(" ", "").split("-")
        if len(parts) != 2 or not all(_HHMM.match(p) for p in parts):
            raise ValueError(f"expected a window like '22:00-07:00', got {text!r}")
        start, end = (clock_time(int(p.split(":")[0]), int(p.split(":")[1])) for p in parts)
        return cls(start, end)

    def contains(self, now: clock_time) -> bool:
        if self.start <= self.end:
            return self.start <= now < self.end
        return now >= self.start or now < self.end

    def __str__(self) -> str:
        return f"{self.start:%H:%M}-{self.end:%H:%M}"


@dataclass(frozen=True)
class LedConfig:
    backend: str = ""
    """A name from `companion.devices.backends.LED_BACKENDS`; empty: serial when a port is set,
    else the strip kept in memory. $COMPANION_LEDS overrides it."""
    port: str = ""
    """pyserial URL (/dev/ttyACM0, /dev/serial/by-id/..., socket://host:port); empty = simulated."""
    baud: int = 115200
    fps: float = 30.0
    """Wanted frames a second; the writer also keeps under what the baud rate allows."""
    color_order: str = "GRB"
    gamma: float = 2.2
    brightness_cap: float = 0.5
    """Highest fraction of full brightness ever sent (sizes the power supply)."""
    brightness: float = 0.8
    """Default user brightness, before any remembered setting."""
    night_brightness: float = 0.2
    night: NightSchedule | None = None
    handshake_timeout: float = 2.5
    """Seconds to wait for the firmware's `Ada` after opening before streaming anyway."""
    keepalive: float = 1.0
    write_timeout: float = 0.5
    reconnect_min: float = 0.5
    reconnect_max: float = 5.0

    @classmethod
    def from_toml_table(
        cls, table: Mapping[str, Any], file: str | Path | None = None, base: LedConfig | None = None
    ) -> LedConfig:
        """Settings from a TOML table; keys not given keep `base`'s values (or the defaults).
        Bad values raise UserError naming the file and field."""
        cfg = base or cls()
        reject_unknown(table, sorted(f.name for f in fields(cls)), file, "")
        changes = {key: _check(key, value, file) for key, value in table.items()}
        return replace(cfg, **changes)

    def pipeline(self) -> ColorPipeline:
        return ColorPipeline(self.color_order, self.gamma, self.brightness_cap)

    def effective_brightness(self, user: float, now: clock_time | None) -> float:
        """The user's setting, held under the night brightness during the night schedule."""
        if self.night is not None and now is not None and self.night.contains(now):
            return min(user, self.night_brightness)
        return user


def _number(key: str, value: Any, file: str | Path | None, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise UserError(f"expected a number, got {value!r}", file, key)
    if not low <= value <= high:
        raise UserError(f"expected {low:g} to {high:g}, got {value!r}", file, key)
    return float(value)


def _check(key: str, value: Any, file: str | Path | None) -> Any:
    if key == "backend":
        if not isinstance(value, str):
            raise UserError(f"expected a backend name as text, got {value!r}", file, key)
        return value
    if key == "port":
        if not isinstance(value, str):
            raise UserError(f"expected a serial port or URL as text, got {value!r}", file, key)
        return value
    if key == "baud":
        if isinstance(value, bool) or not isinstance(value, int) or not 300 <= value <= 4_000_000:
            raise UserError(f"expected a baud rate such as 115200, got {value!r}", file, key)
        return value
    if key == "color_order":
        order = str(value).upper()
        if order not in COLOR_ORDERS:
            raise UserError(f"expected one of {', '.join(COLOR_ORDERS)}, got {value!r}", file, key)
        return order
    if key == "night":
        if value in ("", None, False):
            return None
        try:
            return NightSchedule.parse(str(value))
        except ValueError as exc:
            raise UserError(str(exc), file, key) from None
    limits = {
        "fps": (1, 1000),
        "gamma": (1, 4),
        "brightness_cap": (0.01, 1),
        "brightness": (MIN_BRIGHTNESS, 1),
        "night_brightness": (0, 1),
        "handshake_timeout": (0, 30),
        "keepalive": (0.05, 2.4),
        "write_timeout": (0.01, 10),
        "reconnect_min": (0.01, 60),
        "reconnect_max": (0.01, 600),
    }
    low, high = limits[key]
    return _number(key, value, file, low, high)


class ColorPipeline:
    """Logical RGB -> wire bytes: brightness, gamma, channel order. One lookup table per
    brightness level, so a 300-LED frame costs one pass of table lookups."""

    def __init__(self, color_order: str = "RGB", gamma: float = 1.0, cap: float = 1.0) -> None:
        self.order = tuple("RGB".index(c) for c in color_order)
        self.gamma = gamma
        self.cap = cap
        self._tables: dict[int, bytes] = {}

    def table(self, brightness: float) -> bytes:
        level = round(max(0.0, min(1.0, brightness * self.cap)) * 1000)
        table = self._tables.get(level)
        if table is None:
            scale = level / 1000
            table = bytes(round(255 * scale * (v / 255) ** self.gamma) for v in range(256))
            if len(self._tables) > 64:
                self._tables.clear()
            self._tables[level] = table
        return table

    def payload(self, colors: Sequence[RGB], brightness: float) -> bytes:
        """Raises ValueError/TypeError for a colour that is not three ints 0-255."""
        flat = bytes(chain.from_iterable(colors)).translate(self.table(brightness))
        if len(flat) != 3 * len(colors):
            raise ValueError("every colour must be (r, g, b)")
        a, b, c = self.order
        out = bytearray(len(flat))
        out[0::3] = flat[a::3]
        out[1::3] = flat[b::3]
        out[2::3] = flat[c::3]
        return bytes(out)


class BrightnessStore:
    """The user's brightness, remembered in `<data_dir>/leds.json`. Never saved as 0 (nor below
    MIN_BRIGHTNESS): a dark strip after a restart looks broken."""

    FILE = "leds.json"

    def __init__(self, data_dir: str | Path, default: float = 0.8) -> None:
        self.path = Path(data_dir) / self.FILE
        self.default = clamp_brightness(default)

    def load(self) -> float:
        try:
            value = json.loads(self.path.read_text(encoding="utf-8"))["brightness"]
        except (OSError, ValueError, KeyError, TypeError):
            return self.default
        if isinstance(value, bool) or not isinstance(value, int | float):
            return self.default
        return clamp_brightness(float(value))

    def save(self, value: float) -> float:
        """Store the setting (clamped) atomically; returns what was stored."""
        value = round(clamp_brightness(value), 3)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".json.tmp")
        tmp.write_text(json.dumps({"brightness": value}) + "\n", encoding="utf-8")
        os.replace(tmp, self.path)
        return value


def clamp_brightness(value: float) -> float:
    if value != value:
        return MIN_BRIGHTNESS
    return max(MIN_BRIGHTNESS, min(1.0, value))
