"""The box's configuration file (TOML): screen, inputs, saved games, language, devices.

Looked up in `$COMPANION_CONFIG`, `/etc/companion/config.toml`, `~/.config/companion/config.toml`;
with none of them the defaults apply. A wrong value is a `UserError` naming the file and field.
The [sound], [leds], [camera] and [voice] tables belong to their parts (`from_toml_table`);
they are kept raw here and handed over as they are.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.data import read_toml
from companion.errors import UserError, reject_unknown
from companion.i18n import LANGUAGES

SEARCH_PATHS = (Path("/etc/companion/config.toml"), Path("~/.config/companion/config.toml"))
NAV = ("up", "down", "left", "right", "ok", "back")
DEFAULT_KEYS: dict[str, list[str]] = {
    "up": ["up", "w"],
    "down": ["down", "s"],
    "left": ["left", "a"],
    "right": ["right", "d"],
    "ok": ["return", "enter", "space"],
    "back": ["escape", "backspace"],
}
DEFAULT_PLAYER_KEYS = ["1", "2", "3", "4", "5", "6", "7", "8"]


@dataclass(frozen=True)
class ScreenConfig:
    size: tuple[int, int] = (800, 480)
    fullscreen: bool = False
    fps: int = 30


@dataclass(frozen=True)
class InputConfig:
    gpio: str = "on"
    """'on' (real pins, keyboard only with a warning when unavailable), 'off', or 'mock'."""
    pins: dict[str, int] = field(default_factory=dict)
    """Navigation buttons: up/down/left/right/ok/back -> BCM pin."""
    encoder: tuple[int, int] | None = None
    encoder_push: int | None = None
    players: tuple[int, ...] = ()
    bounce_time: float | None = 0.02
    hold_time: float = 1.0
    keys: dict[str, list[str]] = field(default_factory=lambda: dict(DEFAULT_KEYS))
    player_keys: tuple[str, ...] = tuple(DEFAULT_PLAYER_KEYS)


@dataclass(frozen=True)
class Config:
    path: Path | None = None
    screen: ScreenConfig = field(default_factory=ScreenConfig)
    input: InputConfig = field(default_factory=InputConfig)
    data_dir: Path | None = None
    """None: the default data directory (see `companion.store.default_data_dir`)."""
    language: str | None = None
    """None: the language saved in settings (Spanish at first)."""
    sound: dict[str, Any] = field(default_factory=dict)
    leds: dict[str, Any] = field(default_factory=dict)
    camera: dict[str, Any] = field(default_factory=dict)
    voice: dict[str, Any] = field(default_factory=dict)
    """`[voice]`: spoken announcements (`companion.voice.speaker.VoiceConfig`)."""
    web: dict[str, Any] = field(default_factory=dict)
    """`[web]`, the phone view (`companion.web.config.WebConfig.from_toml_table`)."""
    countdown_floor_times: tuple[float, ...] = (60.0, 45.0, 30.0, 15.0)
    """`[countdown] floor_times`: seconds of each floor, the last for every later floor (the
    setup screen offers these first)."""

    def game_defaults(self) -> dict[str, dict[str, Any]]:
        """Each game's setup defaults from the config, by registry key."""
        return {"countdown": {"floor_times": list(self.countdown_floor_times)}}


def find_config() -> Path | None:
    env = os.environ.get("COMPANION_CONFIG")
    if env:
        return Path(env)
    for path in SEARCH_PATHS:
        path = path.expanduser()
        if path.exists():
            return path
    return None


def load_config(path: str | Path | None = None) -> Config:
    """Read the given file, else the first one found, else the defaults."""
    chosen = Path(path) if path is not None else find_config()
    if chosen is None:
        return Config()
    return parse_config(read_toml(chosen), chosen)


class _Reader:
    def __init__(self, file: Path | None) -> None:
        self.file = file

    def fail(self, where: str, message: str) -> UserError:
        return UserError(message, self.file, where)

    def table(
        self, data: dict[str, Any], key: str, known: tuple[str, ...] = (), parent: str = ""
    ) -> dict[str, Any]:
        where = f"{parent}.{key}" if parent else key
        value = data.get(key, {})
        if not isinstance(value, dict):
            raise self.fail(where, "expected a table")
        if known:
            reject_unknown(value, known, self.file, where)
        return value

    def int_(self, value: Any, where: str, lo: int, hi: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise self.fail(where, f"expected a whole number from {lo} to {hi}, got {value!r}")
        return value

    def pin(self, value: Any, where: str) -> int:
        return self.int_(value, where, 0, 27)

    def seconds(self, value: Any, where: str) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 10:
            raise self.fail(where, f"expected seconds from 0 to 10, got {value!r}")
        return float(value)


def parse_config(data: dict[str, Any], file: Path | None = None) -> Config:
    r = _Reader(file)
    top: tuple[str, ...] = ("screen", "input", "store", "language", "sound", "leds", "camera")
    top += ("countdown", "web", "voice")
    for key in data:
        if key not in top:
            raise r.fail(key, f"unknown section; known: {', '.join(top)}")

    scr = r.table(data, "screen", ("size", "fullscreen", "fps"))
    size = scr.get("size", [800, 480])
    if not (isinstance(size, list) and len(size) == 2):
        raise r.fail("screen.size", f"expected [width, height], got {size!r}")
    screen = ScreenConfig(
        size=(r.int_(size[0], "screen.size", 320, 7680), r.int_(size[1], "screen.size", 240, 4320)),
        fullscreen=_bool(r, scr.get("fullscreen", False), "screen.fullscreen"),
        fps=r.int_(scr.get("fps", 30), "screen.fps", 5, 120),
    )

    known_input = ("gpio", "pins", "encoder", "encoder_push", "players", "bounce_time")
    inp = r.table(data, "input", (*known_input, "hold_time", "keys", "player_keys"))
    gpio = inp.get("gpio", "on")
    if gpio is True or gpio is False:
        gpio = "on" if gpio else "off"
    if gpio not in ("on", "off", "mock"):
        raise r.fail("input.gpio", f"expected 'on', 'off' or 'mock', got {gpio!r}")
    pins_table = r.table(inp, "pins", NAV, "input") if "pins" in inp else {}
    pins = {name: r.pin(v, f"input.pins.{name}") for name, v in pins_table.items()}
    encoder: tuple[int, int] | None = None
    if "encoder" in inp:
        enc = inp["encoder"]
        if not (isinstance(enc, list) and len(enc) == 2):
            raise r.fail("input.encoder", f"expected [pin_a, pin_b], got {enc!r}")
        encoder = (r.pin(enc[0], "input.encoder"), r.pin(enc[1], "input.encoder"))
    push = inp.get("encoder_push")
    players = inp.get("players", [])
    if not isinstance(players, list) or len(players) > 8:
        raise r.fail("input.players", "expected a list of up to 8 pins, one per player")
    player_pins = tuple(r.pin(p, f"input.players[{i}]") for i, p in enumerate(players))
    used = [*pins.values(), *(encoder or ()), *player_pins]
    if push is not None:
        used.append(r.pin(push, "input.encoder_push"))
    dupes = sorted({p for p in used if used.count(p) > 1})
    if dupes:
        raise r.fail("input", f"pin {dupes[0]} is used twice")
    bounce = inp.get("bounce_time", 0.02)
    keys = dict(DEFAULT_KEYS)
    for name, value in r.table(inp, "keys", NAV, "input").items():
        if isinstance(value, str):
            value = [value]
        if not (isinstance(value, list) and all(isinstance(k, str) for k in value)):
            raise r.fail(f"input.keys.{name}", "expected a key name or a list of key names")
        keys[name] = [k.lower() for k in value]
    pkeys = inp.get("player_keys", DEFAULT_PLAYER_KEYS)
    if not (isinstance(pkeys, list) and all(isinstance(k, str) for k in pkeys)):
        raise r.fail("input.player_keys", "expected a list of key names")
    inputs = InputConfig(
        gpio=gpio,
        pins=pins,
        encoder=encoder,
        encoder_push=push,
        players=player_pins,
        bounce_time=None if bounce is False else r.seconds(bounce, "input.bounce_time"),
        hold_time=r.seconds(inp.get("hold_time", 1.0), "input.hold_time"),
        keys=keys,
        player_keys=tuple(k.lower() for k in pkeys),
    )

    store = r.table(data, "store", ("data_dir",))
    data_dir = None
    if "data_dir" in store:
        if not isinstance(store["data_dir"], str) or not store["data_dir"]:
            raise r.fail("store.data_dir", "expected a folder path")
        data_dir = Path(store["data_dir"]).expanduser()

    language = data.get("language")
    if isinstance(language, dict):
        language = language.get("default")
    if language is not None and language not in LANGUAGES:
        raise r.fail("language", f"expected one of {', '.join(LANGUAGES)}, got {language!r}")

    countdown = r.table(data, "countdown", ("floor_times",))
    times = countdown.get("floor_times", [60, 45, 30, 15])
    if not (
        isinstance(times, list)
        and 1 <= len(times) <= 10
        and all(
            isinstance(t, int | float) and not isinstance(t, bool) and 0 < t <= 600 for t in times
        )
    ):
        raise r.fail(
            "countdown.floor_times", f"expected 1 to 10 seconds from 1 to 600, got {times!r}"
        )

    return Config(
        path=file,
        screen=screen,
        input=inputs,
        data_dir=data_dir,
        language=language,
        sound=r.table(data, "sound"),
        leds=r.table(data, "leds"),
        camera=r.table(data, "camera"),
        voice=r.table(data, "voice"),
        web=r.table(data, "web"),
        countdown_floor_times=tuple(float(t) for t in times),
    )


def _bool(r: _Reader, value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise r.fail(where, f"expected true or false, got {value!r}")
    return value
