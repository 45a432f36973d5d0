"""Countdown referee: timed floors (60, 45, 30 s, then 15 s each), pieces per floor, eliminations.

Pure: `apply(state, event)` with timestamped events, `tick(state, now)` for what time decides.
A tap (short press) counts one piece placed on the current floor, a long press takes one back.

Rulings where the rulebook is silent (also in docs/jutaku.md):

- A take-back only removes a piece counted on the current floor, never below zero.
- The floor's buzzer ends placing. A tap counts when its button went down before the buzzer;
  because a tap is only known when the button comes back up, the floor is settled `grace`
  seconds after the buzzer (the long-press time, so no tap pressed in time can arrive later).
- Then every player still in who placed nothing on that floor is out. The next floor starts on
  the referee's "start" (or by itself after `auto_next` seconds if set).
- Score = every piece counted on every floor. Ranking: most pieces first; equal scores share.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import ClassVar, Literal

from companion.jutaku.buttons import HOLD_S
from companion.jutaku.clock import Clock, Cue, countdown_cues, next_cue_at
from companion.jutaku.clock import remaining as _left
from companion.jutaku.players import Seat, check_seats, ranks

Phase = Literal["ready", "running", "paused", "closing", "between", "over"]
FIRST_FLOORS = (60.0, 45.0, 30.0)
LATER_FLOORS = 15.0


@dataclass(frozen=True)
class CountdownOptions:
    first_floors: tuple[float, ...] = FIRST_FLOORS
    later_floors: float = LATER_FLOORS
    grace: float = HOLD_S
    auto_next: float | None = None


@dataclass(frozen=True)
class StartFloor:
    t: float
    type: ClassVar[str] = "StartFloor"


@dataclass(frozen=True)
class Place:
    """A player placed one piece (a tap; `t` is when the button went down)."""

    player: int
    t: float
    type: ClassVar[str] = "Place"


@dataclass(frozen=True)
class TakeBack:
    """A player took their last piece back (a long press; `pressed` is when it went down)."""

    player: int
    t: float
    pressed: float | None = None
    type: ClassVar[str] = "TakeBack"


@dataclass(frozen=True)
class Pause:
    t: float
    type: ClassVar[str] = "Pause"


@dataclass(frozen=True)
class Resume:
    t: float
    type: ClassVar[str] = "Resume"


@dataclass(frozen=True)
class Settle:
    """What time alone decided by `t` (a buzzer, a floor settled, players out), written down so
    that a saved game's log ends where the players saw it end."""

    t: float
    type: ClassVar[str] = "Settle"


Event = StartFloor | Place | TakeBack | Pause | Resume | Settle


@dataclass(frozen=True)
class CountdownState:
    seats: tuple[Seat, ...]
    options: CountdownOptions
    counts: tuple[tuple[int, ...], ...]
    """counts[player][floor - 1]: pieces counted on each floor the player played."""
    out_on: tuple[int | None, ...]
    """The floor on which each player went out, or None while still in."""
    phase: Phase = "ready"
    floor: int = 0
    clock: Clock = field(default_factory=Clock)
    ended_at: float | None = None

    @property
    def duration(self) -> float:
        return floor_duration(self.options, max(1, self.floor))

    def playing(self, player: int) -> bool:
        return self.out_on[player] is None


def floor_times(options: CountdownOptions) -> tuple[float, ...]:
    """The first floors' seconds and then the time of every later floor, e.g. (60, 45, 30, 15)."""
    return (*options.first_floors, options.later_floors)


def options_with_times(
    times: Sequence[float], base: CountdownOptions | None = None
) -> CountdownOptions:
    """Options whose floors last `times` seconds, the last one repeating for every later floor."""
    if not times or any(t <= 0 for t in times):
        raise ValueError(f"floor times must be positive seconds, got {list(times)!r}")
    return replace(
        base or CountdownOptions(),
        first_floors=tuple(float(t) for t in times[:-1]),
        later_floors=float(times[-1]),
    )


def floor_duration(options: CountdownOptions, floor: int) -> float:
    """Seconds of floor number `floor` (1-based)."""
    if floor <= len(options.first_floors):
        return options.first_floors[floor - 1]
    return options.later_floors


def new_game(seats: Sequence[Seat], options: CountdownOptions | None = None) -> CountdownState:
    check_seats(seats)
    return CountdownState(
        tuple(seats), options or CountdownOptions(), tuple(() for _ in seats), (None,) * len(seats)
    )


def remaining(state: CountdownState, now: float) -> float:
    """Seconds left on the current floor's clock (the full time before it starts)."""
    return _left(state.clock, state.duration, now)


def tick(state: CountdownState, now: float) -> CountdownState:
    """Apply what time decides by `now`: the buzzer, settling the floor, an automatic start."""
    if state.phase == "running" and remaining(state, now) == 0.0:
        at = state.clock.moment_of(state.duration)
        at = now if at is None else at
        state = replace(state, phase="closing", clock=state.clock.stop(at), ended_at=at)
    if state.phase == "closing" and state.ended_at is not None:
        settle = state.ended_at + state.options.grace
        if now >= settle:
            state = _settle(state)
            auto = state.options.auto_next
            if state.phase == "between" and auto is not None and now >= settle + auto:
                state = _start(state, settle + auto)
                return tick(state, now)
    return state


def _settle(state: CountdownState) -> CountdownState:
    out = tuple(
        state.floor if was is None and counts[-1] == 0 else was
        for was, counts in zip(state.out_on, state.counts, strict=True)
    )
    phase: Phase = "over" if all(o is not None for o in out) else "between"
    return replace(state, out_on=out, phase=phase)


def _start(state: CountdownState, t: float) -> CountdownState:
    counts = tuple((*c, 0) if state.out_on[p] is None else c for p, c in enumerate(state.counts))
    return replace(
        state,
        phase="running",
        floor=state.floor + 1,
        clock=Clock().start(t),
        counts=counts,
        ended_at=None,
    )


def _counting(state: CountdownState, player: int, pressed: float) -> bool:
    if not 0 <= player < len(state.seats) or not state.playing(player) or state.floor == 0:
        return False
    if state.phase == "running":
        return True
    return state.phase == "closing" and state.ended_at is not None and pressed < state.ended_at


def _add(state: CountdownState, player: int, delta: int) -> CountdownState:
    counts = list(state.counts)
    row = counts[player]
    counts[player] = (*row[:-1], max(0, row[-1] + delta))
    return replace(state, counts=tuple(counts))


def apply(state: CountdownState, event: Event) -> CountdownState:
    state = tick(state, event.t)
    match event:
        case StartFloor(t=t) if state.phase in ("ready", "between"):
            return _start(state, t)
        case Place(player=p, t=t) if _counting(state, p, t):
            return _add(state, p, +1)
        case TakeBack(player=p, t=t, pressed=pressed) if _counting(
            state, p, t if pressed is None else pressed
        ):
            return _add(state, p, -1)
        case Pause(t=t) if state.phase == "running":
            return replace(state, phase="paused", clock=state.clock.stop(t))
        case Resume(t=t) if state.phase == "paused":
            return replace(state, phase="running", clock=state.clock.start(t))
        case Settle():
            return state
    return state


def cues(state: CountdownState, prev: float, now: float) -> list[Cue]:
    """Sounds due in (prev, now]: start of a floor, beeps at 10 s and 5..1 s, the buzzer.

    `state` is the state at `now` (after applying the frame's events and `tick(state, now)`).
    """
    out: list[Cue] = []
    start = state.clock.started_at
    if state.floor and start is not None and prev < start <= now and state.clock.accumulated == 0:
        out.append(Cue("start", start))
    if state.floor:
        out += countdown_cues(state.clock, state.duration, prev, now)
    return out


def scores(state: CountdownState) -> tuple[int, ...]:
    return tuple(sum(c) for c in state.counts)


def standings(state: CountdownState) -> tuple[int, ...]:
    return ranks(scores(state))


def floor_count(state: CountdownState, player: int) -> int:
    """Pieces counted on the current floor (0 for a player who did not play it)."""
    row = state.counts[player]
    return row[-1] if state.floor and len(row) == state.floor else 0


def next_due(state: CountdownState, now: float) -> float | None:
    """When the next cue or state change is due (monotonic), for a loop to wake up on time."""
    if state.phase == "running":
        return next_cue_at(state.clock, state.duration, now)
    if state.phase == "closing" and state.ended_at is not None:
        return state.ended_at + state.options.grace
    return None
