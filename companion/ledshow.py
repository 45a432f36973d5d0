"""What the LED strip shows, as a pure function of the game and the time.

`render(board, layout, state, steps, t)` plays back the same train-phase steps the screen
plays (`companion.metro.steps`): `state` is the state the steps started from, `steps` are
the steps shown so far with the last one being the current one, and `t` is the seconds since
the current step began. Nothing here reads a clock or keeps state, so the screen, the tests
and `companion leds show` all get the same frame for the same moment.

- every vehicle on the map: its line's colour at its stop (dimmed line segments optional);
- Moved: the train at its new stop, a fading trail at the stop it left;
- Paid: the station's stops flash in the owner's colour; with a METRO DRINKS bonus, for the
  second half of the step in the drink's colour after the owner's;
- Offered / a pending Prompt: the stop blinks in the player's colour;
- Boarded / Left: the stop shows the player's colour for a moment;
- Removed: the train fades out.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from companion.colors import DRINK_COLORS, PLAYER_COLORS, RGB, hex_to_rgb
from companion.devices.led_layout import LedLayout
from companion.metro.board import BoardMap, parse_stop_id
from companion.metro.state import MetroState
from companion.metro.steps import Boarded, Departed, Left, Moved, Offered, Paid, Removed, Step
from companion.metro.trains import Prompt
from companion.metro.vehicles import VehicleId

BLACK: RGB = (0, 0, 0)

LED_PLAYER_COLORS: Mapping[str, RGB] = {**PLAYER_COLORS, "black": (170, 170, 190)}
"""Player colours as LEDs show them: an LED cannot show black, so black shows as cool white."""


@dataclass(frozen=True)
class ShowOptions:
    dim_lines: float = 0.0
    """Light every line's stops at this fraction of its colour (0 = off)."""
    trail: float = 0.5
    """Seconds the stop a train just left keeps a fading glow."""
    flash_hz: float = 4.0
    blink_hz: float = 2.0
    moment: float = 0.8
    """Seconds a boarding or leaving shows the player's colour."""
    fade: float = 1.0
    """Seconds a removed train takes to fade out."""


def scale(color: RGB, k: float) -> RGB:
    k = max(0.0, min(1.0, k))
    return (round(color[0] * k), round(color[1] * k), round(color[2] * k))


LED_DRINK_COLORS: Mapping[str, RGB] = {**DRINK_COLORS, "black": LED_PLAYER_COLORS["black"]}


def player_rgb(color: str) -> RGB:
    return LED_PLAYER_COLORS.get(color, (255, 255, 255))


def paid_rgb(step: Paid, t: float) -> RGB:
    """The owner's colour, then (a drink bonus paid) the drink's for the rest of the step."""
    if step.drink and t >= STEP_SECONDS["paid"] / 2:
        return LED_DRINK_COLORS.get(step.drink, (255, 255, 255))
    return player_rgb(step.owner)


def train_stops(state: MetroState, steps: Sequence[Step]) -> dict[VehicleId, int]:
    """Vehicle -> stop number of every vehicle on the map after these steps."""
    trains = {vehicle: train.stop for vehicle, train in state.trains.items()}
    for step in steps:
        if isinstance(step, Departed | Moved):
            stop = step.stop if isinstance(step, Departed) else step.to_stop
            trains[step.vehicle] = parse_stop_id(stop)[1]
        elif isinstance(step, Removed):
            trains.pop(step.vehicle, None)
    return trains


def render(
    board: BoardMap,
    layout: LedLayout,
    state: MetroState,
    steps: Sequence[Step] = (),
    t: float = 0.0,
    prompt: Prompt | None = None,
    options: ShowOptions = ShowOptions(),
) -> list[RGB]:
    """One frame: a colour for each of `layout.count` LEDs."""
    out: list[RGB] = [BLACK] * layout.count
    line_rgb = {line.id: hex_to_rgb(line.color) for line in board.lines.values()}

    def put(stop_id: str, color: RGB) -> None:
        index = layout.led(stop_id)
        if index is not None and index < layout.count:
            out[index] = color

    if options.dim_lines > 0:
        for seg in layout.segments:
            dim = scale(line_rgb.get(seg.line, (255, 255, 255)), options.dim_lines)
            for index in seg.leds:
                if index < layout.count:
                    out[index] = dim

    current = steps[-1] if steps else None
    trains = train_stops(state, steps)
    occupied = {f"{vehicle.line}{stop}" for vehicle, stop in trains.items()}
    for vehicle, stop in trains.items():
        put(f"{vehicle.line}{stop}", line_rgb[vehicle.line])

    on_flash = (t * options.flash_hz) % 1.0 < 0.5
    on_blink = (t * options.blink_hz) % 1.0 < 0.5
    if isinstance(current, Departed):
        pulse = 0.6 + 0.4 * math.cos(2 * math.pi * options.blink_hz * t)
        put(current.stop, scale(line_rgb[current.line], pulse))
    elif isinstance(current, Moved) and t < options.trail and current.from_stop not in occupied:
        glow = max(options.dim_lines, 0.5 * (1 - t / options.trail))
        put(current.from_stop, scale(line_rgb[current.line], glow))
    elif isinstance(current, Paid):
        station = board.stations.get(current.station)
        stops = station.stops if station else (current.stop,)
        for stop_id in stops:
            if on_flash:
                put(stop_id, paid_rgb(current, t))
    elif isinstance(current, Offered):
        if on_blink:
            put(current.stop, player_rgb(current.player))
    elif isinstance(current, Boarded | Left) and t < options.moment:
        put(current.stop, player_rgb(current.player))
    elif isinstance(current, Removed) and t < options.fade:
        put(current.stop, scale(line_rgb[current.line], 1 - t / options.fade))
    if prompt is not None and on_blink:
        put(prompt.stop, player_rgb(prompt.player))
    return out


STEP_SECONDS: Mapping[str, float] = {
    "departed": 0.6,
    "moved": 0.35,
    "paid": 1.2,
    "offered": 0.8,
    "boarded": 0.8,
    "left": 0.8,
    "removed": 1.0,
}
"""How long each kind of step stays current when a phase plays by itself (demo, CLI)."""


def playback_position(
    steps: Sequence[Step], elapsed: float, seconds: Mapping[str, float] = STEP_SECONDS
) -> tuple[int, float]:
    """Where a self-playing phase is after `elapsed` seconds: (steps shown, seconds into the
    current one). `render(..., steps[:shown], t)` draws that moment; `shown == len(steps)`
    with t past the last step's time means the phase has finished playing."""
    start = 0.0
    for i, step in enumerate(steps):
        length = seconds.get(step.kind, 0.5)
        if elapsed < start + length:
            return i + 1, elapsed - start
        start += length
    return len(steps), elapsed - start + (seconds.get(steps[-1].kind, 0.5) if steps else 0.0)


def playback_seconds(steps: Sequence[Step], seconds: Mapping[str, float] = STEP_SECONDS) -> float:
    return sum(seconds.get(step.kind, 0.5) for step in steps)
