"""Screens and the abstract inputs that drive them.

The app keeps a stack of screens; only the top one gets input and is drawn (it may draw the one
below it first, for dialogs). Keys, GPIO buttons, a rotary encoder and test scripts all become
the same `Input` values, so a button press and a key take exactly the same path.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import pygame

    from companion.ui.services import Services


INPUT_GUARD = 0.3
"""Seconds after a new screen (or a new question on one) appears during which presses are
ignored: a quick second tap meant for what was there before must not answer what came."""


class Action(Enum):
    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"
    OK = "ok"
    BACK = "back"


@dataclass(frozen=True)
class Input:
    """One press: a navigation action, or player button `player` (0-based, in seat order)."""

    action: Action | None = None
    player: int | None = None
    long: bool = False
    """Held past the long-press time (a player button held: take one back in Countdown)."""
    t: float = 0.0
    """Monotonic seconds when it happened (a player button: when it was released)."""
    pressed_at: float | None = None
    """When the button went down: player buttons are reported on release, so this is the moment
    to stamp a press with («¡alto!» in Jutaku). Defaults to `t`."""

    def __post_init__(self) -> None:
        if self.pressed_at is None:
            object.__setattr__(self, "pressed_at", self.t)

    @property
    def press_time(self) -> float:
        """`pressed_at` as a float (it is never None after construction)."""
        return self.t if self.pressed_at is None else self.pressed_at


class AppContext(Protocol):
    """What a screen may use of the app. Implemented by `companion.app`."""

    def push(self, screen: Screen) -> None: ...
    def pop(self) -> None: ...
    def replace(self, screen: Screen) -> None: ...
    def play(self, cue: str) -> None: ...
    def now(self) -> float: ...
    def toast(self, text: str, level: str = "info", seconds: float = 3.0) -> None:
        """A short message over the screen (level "info", "good" or "bad")."""
        ...

    def quit(self) -> None:
        """Stop the app (the main menu's Quit)."""
        ...

    @property
    def top(self) -> Screen | None:
        """The screen on top of the stack (input goes there)."""
        ...

    @property
    def services(self) -> Services:
        """Saved games, settings, theme, sound, LEDs, camera: `companion.ui.services`."""
        ...


class Screen:
    """Base screen: override what you need. `name` is used for screenshots and tests."""

    name = "screen"
    opaque = True
    """False for dialogs: the app draws the screen below first."""

    def __init__(self, app: AppContext) -> None:
        self.app = app

    def enter(self) -> None:
        """Became the top screen (pushed, or uncovered by a pop)."""

    def handle(self, event: Input) -> None:
        """One input; the default BACK pops the screen."""
        if event.action is Action.BACK:
            self.app.pop()

    def update(self, now: float) -> None:
        """Advance animations and timers to `now` (monotonic seconds)."""

    def ready(self, now: float) -> bool:
        """False while what is on screen is too new to take a press (a payout or question that
        just appeared, see `INPUT_GUARD`): the app drops presses then."""
        return True

    def next_due(self, now: float) -> float | None:
        """A moment before the next frame when something must sound (a timer's beep), or None:
        the app wakes then instead of a frame later."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError
