"""Player buttons as pure events: presses and releases in, taps and long presses out.

The hardware (gpiozero callbacks) or the keyboard only put `Press`/`Release` with a monotonic
timestamp on the app's queue. Whether a press was short or long is worked out here from the
timestamps, not with threads or timers: `feed` handles a press or release and `poll` reports a
long press as soon as a button has been held for `hold_s` (at the exact moment it crossed).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

HOLD_S = 0.8
"""Default: a press held this long is a long press."""


@dataclass(frozen=True)
class Press:
    player: int
    t: float


@dataclass(frozen=True)
class Release:
    player: int
    t: float


ButtonEvent = Press | Release


@dataclass(frozen=True)
class Tap:
    """A short press; `t` is when the button went down."""

    player: int
    t: float


@dataclass(frozen=True)
class Hold:
    """A long press; `t` is the moment it became long (press time + hold_s)."""

    player: int
    t: float
    pressed: float = 0.0
    """When the button went down."""


Gesture = Tap | Hold


def _frozen(d: dict[int, float]) -> Mapping[int, float]:
    return MappingProxyType(d)


@dataclass(frozen=True)
class Buttons:
    """Which buttons are down since when, and which of them already reported a long press."""

    hold_s: float = HOLD_S
    down: Mapping[int, float] = field(default_factory=lambda: _frozen({}))
    held: frozenset[int] = frozenset()

    def poll(self, now: float) -> tuple[Buttons, list[Gesture]]:
        """Long presses that have become due by `now`, in the order they became due."""
        due = sorted(
            (t + self.hold_s, p, t)
            for p, t in self.down.items()
            if p not in self.held and now - t >= self.hold_s - 1e-9
        )
        if not due:
            return self, []
        held = self.held | {p for _, p, _ in due}
        return Buttons(self.hold_s, self.down, held), [Hold(p, at, since) for at, p, since in due]

    def feed(self, event: ButtonEvent) -> tuple[Buttons, list[Gesture]]:
        state, out = self.poll(event.t)
        if isinstance(event, Press):
            if event.player in state.down:
                return state, out
            down = dict(state.down)
            down[event.player] = event.t
            return Buttons(state.hold_s, _frozen(down), state.held - {event.player}), out
        if event.player not in state.down:
            return state, out
        since = state.down[event.player]
        down = dict(state.down)
        del down[event.player]
        if event.player not in state.held:
            out.append(Tap(event.player, since))
        return Buttons(state.hold_s, _frozen(down), state.held - {event.player}), out
