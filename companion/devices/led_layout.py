"""Which LED shows which stop: the LED layout file (calibration/leds.toml) and its loader.

A layout is a list of segments, one per line: LEDs `first_led .. first_led + stops - 1` show
that line's stops 1..n (or n..1 with `reverse = true`, for a strip laid back and forth). The
default layout puts one segment per line in track order with no gaps, derived from the map.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.data import calibration_dir, read_toml
from companion.devices.ledconfig import LedConfig
from companion.errors import UserError
from companion.metro.board import BoardMap

LAYOUT_FORMAT = "companion/leds@1"


def default_layout_path(map_id: str | None = None) -> Path:
    """calibration/leds.toml, or a map's own `leds-<map>.toml` (`leds-osaka.toml`) when it
    exists: a box wired for one board keeps a layout file per board."""
    if map_id is not None:
        own = calibration_dir() / f"leds-{map_id}.toml"
        if own.exists():
            return own
    return calibration_dir() / "leds.toml"


@dataclass(frozen=True)
class Segment:
    line: str
    first_led: int
    stops: int
    reverse: bool = False

    def led(self, number: int) -> int | None:
        """The LED index of stop `number` (1-based) on this segment, if it has one."""
        if not 1 <= number <= self.stops:
            return None
        return self.first_led + (self.stops - number if self.reverse else number - 1)

    @property
    def leds(self) -> range:
        return range(self.first_led, self.first_led + self.stops)


@dataclass(frozen=True)
class LedLayout:
    count: int
    segments: tuple[Segment, ...]
    map: str = ""
    _by_stop: dict[str, int] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        for seg in self.segments:
            for n in range(1, seg.stops + 1):
                index = seg.led(n)
                assert index is not None
                self._by_stop[f"{seg.line}{n}"] = index

    def led(self, stop_id: str) -> int | None:
        return self._by_stop.get(stop_id)

    def segment(self, line: str) -> Segment | None:
        for seg in self.segments:
            if seg.line == line:
                return seg
        return None


@dataclass(frozen=True)
class LedSetup:
    layout: LedLayout
    config: LedConfig


def default_layout(board: BoardMap) -> LedLayout:
    """One segment per line, in track order, one LED per stop, no gaps."""
    segments = []
    first = 0
    for line in board.lines.values():
        segments.append(Segment(line.id, first, line.length))
        first += line.length
    return LedLayout(first, tuple(segments), board.id)


def parse_layout(
    data: Mapping[str, Any], file: str | Path | None = None, board: BoardMap | None = None
) -> LedSetup:
    fmt = data.get("format", LAYOUT_FORMAT)
    if fmt != LAYOUT_FORMAT:
        raise UserError(f"expected {LAYOUT_FORMAT!r}, got {fmt!r}", file, "format")
    map_id = data.get("map", "")
    if not isinstance(map_id, str):
        raise UserError(f"expected a map id as text, got {map_id!r}", file, "map")
    if board is not None and map_id and map_id != board.id:
        raise UserError(f"this layout is for map {map_id!r}, not {board.id!r}", file, "map")
    strip = data.get("strip", {})
    if not isinstance(strip, dict):
        raise UserError("expected a table of strip settings", file, "strip")
    config = LedConfig.from_toml_table({k: v for k, v in strip.items()}, file)
    for key in data:
        if key not in ("format", "map", "count", "strip", "segments"):
            raise UserError("unknown key; expected format, map, count, strip, segments", file, key)

    raw = data.get("segments")
    if not isinstance(raw, list) or not raw:
        raise UserError("expected [[segments]] tables, one per line", file, "segments")
    segments: list[Segment] = []
    owner: dict[int, str] = {}
    for i, entry in enumerate(raw):
        where = f"segments[{i}]"
        if not isinstance(entry, dict):
            raise UserError("expected a table", file, where)
        for key in entry:
            if key not in ("line", "first_led", "stops", "reverse"):
                raise UserError(
                    "unknown key; expected line, first_led, stops, reverse", file, f"{where}.{key}"
                )
        line = entry.get("line")
        if not isinstance(line, str) or not line:
            raise UserError(f"expected a line id such as 'G', got {line!r}", file, f"{where}.line")
        if board is not None and line not in board.lines:
            raise UserError(
                f"unknown line {line!r}; the map has {''.join(board.lines)}", file, f"{where}.line"
            )
        if any(s.line == line for s in segments):
            raise UserError(f"line {line!r} has two segments", file, f"{where}.line")
        first = _whole(entry.get("first_led"), file, f"{where}.first_led", 0)
        length = board.lines[line].length if board is not None and line in board.lines else None
        stops = _whole(entry.get("stops", length), file, f"{where}.stops", 1)
        if length is not None and stops > length:
            raise UserError(f"line {line} has {length} stops, got {stops}", file, f"{where}.stops")
        reverse = entry.get("reverse", False)
        if not isinstance(reverse, bool):
            raise UserError(f"expected true or false, got {reverse!r}", file, f"{where}.reverse")
        seg = Segment(line, first, stops, reverse)
        for index in seg.leds:
            if index in owner:
                raise UserError(
                    f"LED {index} is already used by line {owner[index]}",
                    file,
                    f"{where}.first_led",
                )
            owner[index] = line
        segments.append(seg)
    end = max(s.first_led + s.stops for s in segments)
    count = _whole(data.get("count", end), file, "count", 1)
    if count < end:
        raise UserError(
            f"the segments reach LED {end - 1}, so count must be at least {end}", file, "count"
        )
    if count > 65536:
        raise UserError(f"at most 65536 LEDs, got {count}", file, "count")
    return LedSetup(LedLayout(count, tuple(segments), map_id), config)


def _whole(value: Any, file: str | Path | None, where: str, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise UserError(f"expected a whole number, got {value!r}", file, where)
    if value < minimum:
        raise UserError(f"expected at least {minimum}, got {value}", file, where)
    return value


def load_layout(path: str | Path | None = None, board: BoardMap | None = None) -> LedSetup:
    """Read a layout file. Without a path: the board's own file (`default_layout_path`), or
    when that is missing or made for another map, the board's default layout (with that file's
    strip settings)."""
    if path is None:
        path = default_layout_path(board.id if board is not None else None)
        if board is not None and not path.exists():
            return LedSetup(default_layout(board), LedConfig())
        data = read_toml(path)
        if board is not None and data.get("map", board.id) != board.id:
            strip = data.get("strip", {})
            config = LedConfig.from_toml_table(strip if isinstance(strip, dict) else {}, path)
            return LedSetup(default_layout(board), config)
        return parse_layout(data, path, board)
    return parse_layout(read_toml(path), path, board)


def format_layout(layout: LedLayout, config: LedConfig, board: BoardMap | None = None) -> str:
    """The layout file's text, with the strip settings written out for the owner to edit."""
    night = f'"{config.night}"' if config.night else '""'
    out = [
        "# LED layout: which LED shows which stop, and how the strip is driven.",
        "# Made by tools/build_led_layout.py; edit freely (see docs/leds.md).",
        f'format = "{LAYOUT_FORMAT}"',
        f'map = "{layout.map}"',
        f"count = {layout.count}",
        "",
        "[strip]",
        f'port = "{config.port}"  # empty: simulated strip; or /dev/serial/by-id/..., socket://h:p',
        f"baud = {config.baud}",
        f"fps = {config.fps:g}",
        f'color_order = "{config.color_order}"  # WS2812B strips are GRB',
        f"gamma = {config.gamma:g}",
        f"brightness_cap = {config.brightness_cap:g}  # fraction of full; sizes the power supply",
        f"brightness = {config.brightness:g}  # default until the user changes it",
        f"night_brightness = {config.night_brightness:g}",
        f'night = {night}  # e.g. "22:00-07:00"; empty for none',
    ]
    for seg in layout.segments:
        name = f"  # {board.lines[seg.line].name}" if board and seg.line in board.lines else ""
        out += [
            "",
            f"[[segments]]{name}",
            f'line = "{seg.line}"',
            f"first_led = {seg.first_led}",
            f"stops = {seg.stops}",
        ]
        if seg.reverse:
            out.append("reverse = true")
    return "\n".join(out) + "\n"
