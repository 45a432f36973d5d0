"""The one way game news reaches the phone view: the app publishes snapshots, the server reads.

A `Snapshot` holds references to the game's immutable state (frozen dataclasses), so publishing
costs the screen's thread a lock and a few assignments; the server thread turns it into JSON.
Only the latest snapshot is kept: a phone that was away catches up with it, never with a queue.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from companion.metro import MetroRules, MetroState, Prompt, Step
from companion.metro.steps import Paid

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class PhaseFrame:
    """A Metro train phase as far as the screen has played it."""

    base: MetroState
    """The state the phase started from."""
    steps: tuple[Step, ...]
    shown: int
    pending: Prompt | None = None


@dataclass(frozen=True)
class Snapshot:
    """What the box is showing: the open game (kind "" for none) and its state."""

    kind: str = ""
    game_id: int | None = None
    state: object = None
    finished: bool = False
    language: str = "en"
    rules: MetroRules | None = None
    phase: PhaseFrame | None = None
    payouts: tuple[Paid, ...] = ()
    """The payouts of the phase being played, else of the last one played."""
    history: Mapping[str, Sequence[int]] = field(default_factory=dict)
    """Metro: each line's value at the end of every round."""
    result: tuple[tuple[int, str, str], ...] = ()
    """A finished game's ranking as History shows it: (rank, player, figure)."""
    names: Mapping[str, str] = field(default_factory=dict)
    """The roster names chosen at setup: colour -> name (none: players are their colours)."""


class LiveBus:
    """Thread-safe latest snapshot with a version; listeners are woken after each publish."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        """The app's clock (the one the game's timestamps use), for running clocks."""
        self._lock = threading.Lock()
        self._version = 0
        self._latest = Snapshot()
        self._listeners: list[Callable[[], None]] = []

    def publish(self, snapshot: Snapshot) -> None:
        with self._lock:
            self._version += 1
            self._latest = snapshot
            listeners = tuple(self._listeners)
        for wake in listeners:
            try:
                wake()
            except Exception:
                log.exception("phone view listener")

    def latest(self) -> tuple[int, Snapshot]:
        with self._lock:
            return self._version, self._latest

    def listen(self, wake: Callable[[], None]) -> Callable[[], None]:
        """Call `wake` (from the publishing thread: it must only hand over) after each publish;
        returns the function that stops it."""
        with self._lock:
            self._listeners.append(wake)

        def stop() -> None:
            with self._lock:
                if wake in self._listeners:
                    self._listeners.remove(wake)

        return stop
