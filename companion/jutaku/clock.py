"""A pure stopwatch and the sound cues of a countdown, all computed from timestamps.

Times are monotonic seconds passed in by the caller. Elapsed time is always a sum of
differences between recorded timestamps (start/stop), never an accumulation of frame ticks,
so the clock cannot drift however irregular the frames are.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Literal

CueKind = Literal["start", "beep", "buzzer", "stop", "resume", "pause"]


@dataclass(frozen=True)
class Cue:
    """Something the screen or speaker plays: at `at` (monotonic seconds)."""

    kind: CueKind
    at: float
    remaining: int | None = None
    """For a beep: the whole seconds left that it announces."""


@dataclass(frozen=True)
class Clock:
    """A stopwatch. `accumulated` holds every finished run except the last one, which is
    kept as (started_at, stopped_at) so the elapsed time at any moment since the last start
    can still be computed after the clock stopped (cues between two frames need it)."""

    accumulated: float = 0.0
    started_at: float | None = None
    stopped_at: float | None = None

    @property
    def running(self) -> bool:
        return self.started_at is not None and self.stopped_at is None

    def start(self, now: float) -> Clock:
        if self.running:
            return self
        last = 0.0
        if self.started_at is not None and self.stopped_at is not None:
            last = self.stopped_at - self.started_at
        return Clock(self.accumulated + last, now, None)

    def stop(self, now: float) -> Clock:
        if not self.running:
            return self
        assert self.started_at is not None
        return replace(self, stopped_at=max(now, self.started_at))

    def elapsed(self, now: float) -> float:
        if self.started_at is None:
            return self.accumulated
        end = now if self.stopped_at is None else min(now, self.stopped_at)
        return self.accumulated + max(0.0, end - self.started_at)

    def moment_of(self, elapsed: float) -> float | None:
        """When (monotonic) the current run reaches `elapsed`, if it does while running."""
        if self.started_at is None or elapsed < self.accumulated:
            return None
        at = self.started_at + (elapsed - self.accumulated)
        if self.stopped_at is not None and at > self.stopped_at:
            return None
        return at


EPSILON = 1e-6
"""Differences of monotonic timestamps carry rounding errors; closer than this is 'now'."""


def remaining(clock: Clock, duration: float, now: float) -> float:
    """Seconds left of a countdown of `duration`: never negative, exactly 0.0 when over."""
    left = duration - clock.elapsed(now)
    return left if left > EPSILON else 0.0


def format_seconds(seconds: float, countdown: bool) -> str:
    """`m:ss` for the big clock. A countdown shows whole seconds rounded up (it reads 0:00
    only when the time is really over); a stopwatch shows whole seconds rounded down."""
    whole = math.ceil(seconds - 1e-9) if countdown else math.floor(seconds + 1e-9)
    whole = max(0, whole)
    return f"{whole // 60}:{whole % 60:02d}"


BEEP_AT = (10, 5, 4, 3, 2, 1)
"""Seconds left when a countdown beeps; the buzzer sounds at 0."""


def countdown_cues(
    clock: Clock, duration: float, prev: float, now: float, beeps: tuple[int, ...] = BEEP_AT
) -> list[Cue]:
    """The beeps and buzzer of a countdown whose moments fall in (prev, now]."""
    if now <= prev:
        return []
    before, after = remaining(clock, duration, prev), remaining(clock, duration, now)
    cues: list[Cue] = []
    for left in sorted(beeps, reverse=True):
        if left < duration and before > left >= after:
            at = clock.moment_of(duration - left)
            cues.append(Cue("beep", at if at is not None else now, left))
    if before > 0.0 >= after:
        at = clock.moment_of(duration)
        cues.append(Cue("buzzer", at if at is not None else now, 0))
    return cues


def next_cue_at(
    clock: Clock, duration: float, now: float, beeps: tuple[int, ...] = BEEP_AT
) -> float | None:
    """The monotonic moment of the next beep or buzzer after `now`, while the clock runs.

    A frame loop sleeps until min(next frame, this moment) so the buzzer sounds on time
    instead of up to a frame late."""
    if not clock.running:
        return None
    left = remaining(clock, duration, now)
    marks = [float(b) for b in beeps if b < left] + ([0.0] if left > 0 else [])
    if not marks:
        return None
    return clock.moment_of(duration - max(marks))
