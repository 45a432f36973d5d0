"""Keyboard and GPIO buttons, both turned into `Input` values on one thread-safe queue.

GPIO handlers run in gpiozero's callback thread (one thread for every pin with lgpio): they only
put a value on the queue, inside try/except, so a slow or failing handler never loses presses.
Player buttons report on release, `long` when held past `hold_time`, with the press time in
`Input.pressed_at` (a call is stamped when the button went down, not when it came up): screens
read them as "player k pressed" (`Input.player`, seat order). Held arrow buttons and keys
repeat, faster the longer they are held (`Repeater`, polled by the main loop).
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from companion.config import InputConfig
from companion.i18n import N_, _
from companion.ui.screen import Action, Input

log = logging.getLogger(__name__)
InputQueue = queue.SimpleQueue[Input]


def _safe(fn: Callable[[], None]) -> Callable[..., None]:
    def handler(*_args: Any) -> None:
        try:
            fn()
        except Exception:  # a raising handler would kill gpiozero's callback thread
            log.exception("button handler failed")

    return handler


REPEATED = frozenset({Action.UP, Action.DOWN, Action.LEFT, Action.RIGHT})
"""Only the arrows repeat: a held OK or BACK must never answer twice."""


class Repeater:
    """Held arrows repeat: the first repeat after `delay`, then every `interval`, which shrinks
    by `accelerate` each repeat down to `fastest`. Thread-safe: GPIO threads call `press` and
    `release`, the main loop calls `due` with the app's clock."""

    def __init__(
        self,
        delay: float = 0.4,
        interval: float = 0.15,
        fastest: float = 0.04,
        accelerate: float = 0.8,
    ) -> None:
        self.delay, self.interval, self.fastest, self.accelerate = (
            delay,
            interval,
            fastest,
            accelerate,
        )
        self._lock = threading.Lock()
        self._held: dict[Action, tuple[float, float]] = {}
        """action -> (next repeat due, current interval)."""

    def press(self, action: Action, t: float) -> None:
        if action in REPEATED:
            with self._lock:
                self._held[action] = (t + self.delay, self.interval)

    def release(self, action: Action) -> None:
        with self._lock:
            self._held.pop(action, None)

    def due(self, now: float) -> list[Input]:
        """The repeats due by `now` (at most one per held arrow and call: no burst after a
        slow frame)."""
        out: list[Input] = []
        with self._lock:
            for action, (when, gap) in list(self._held.items()):
                if now >= when:
                    out.append(Input(action, t=now))
                    gap = max(self.fastest, gap * self.accelerate)
                    self._held[action] = (max(when + gap, now), gap)
        return out


class KeyMap:
    """pygame key events -> inputs, with long presses for player keys (KEYDOWN/KEYUP times)."""

    def __init__(self, cfg: InputConfig) -> None:
        import pygame

        self.hold_time = cfg.hold_time
        self.actions: dict[int, Action] = {}
        for name, keys in cfg.keys.items():
            for key in keys:
                self.actions[self._code(pygame, key)] = Action(name)
        self.players = {self._code(pygame, k): i for i, k in enumerate(cfg.player_keys)}
        self._down: dict[int, float] = {}
        self.repeater = Repeater()

    @staticmethod
    def _code(pygame: Any, name: str) -> int:
        try:
            return int(pygame.key.key_code(name))
        except ValueError:
            from companion.errors import UserError

            raise UserError(f"unknown key name {name!r}", None, "input.keys") from None

    def key_down(self, key: int, t: float) -> Input | None:
        if key in self.actions:
            self.repeater.press(self.actions[key], t)
            return Input(self.actions[key], t=t)
        if key in self.players:
            self._down[key] = t
        return None

    def key_up(self, key: int, t: float) -> Input | None:
        if key in self.actions:
            self.repeater.release(self.actions[key])
        if key in self.players and key in self._down:
            down = self._down.pop(key)
            player = self.players[key]
            return Input(player=player, long=t - down >= self.hold_time, t=t, pressed_at=down)
        return None


class GpioInputs:
    """gpiozero devices for the navigation buttons, encoder and player buttons."""

    def __init__(self, cfg: InputConfig, out: InputQueue, clock: Callable[[], float]) -> None:
        from gpiozero import Button, RotaryEncoder

        self.devices: list[Any] = []
        self.out = out
        self.clock = clock
        self.hold_time = cfg.hold_time
        self.player_buttons: list[Any] = []
        self.nav_buttons: dict[Action, Any] = {}
        self._pressed_at: dict[int, float] = {}
        self.repeater = Repeater()
        for name, pin in cfg.pins.items():
            action = Action(name)
            button = Button(pin, pull_up=True, bounce_time=cfg.bounce_time)
            button.when_pressed = _safe(partial(self._nav_down, action))
            button.when_released = _safe(partial(self.repeater.release, action))
            self.nav_buttons[action] = button
            self.devices.append(button)
        if cfg.encoder is not None:
            enc = RotaryEncoder(cfg.encoder[0], cfg.encoder[1], bounce_time=None, max_steps=0)
            enc.when_rotated_clockwise = _safe(partial(self._nav, Action.DOWN))
            enc.when_rotated_counter_clockwise = _safe(partial(self._nav, Action.UP))
            self.devices.append(enc)
        if cfg.encoder_push is not None:
            push = Button(cfg.encoder_push, pull_up=True, bounce_time=cfg.bounce_time)
            push.when_pressed = _safe(partial(self._nav, Action.OK))
            self.devices.append(push)
        for index, pin in enumerate(cfg.players):
            button = Button(pin, pull_up=True, bounce_time=cfg.bounce_time)
            button.when_pressed = _safe(partial(self._press, index))
            button.when_released = _safe(partial(self._release, index))
            self.player_buttons.append(button)
            self.devices.append(button)

    def put(self, event: Input) -> None:
        self.out.put(event)

    def _nav(self, action: Action) -> None:
        self.put(Input(action, t=self.clock()))

    def _nav_down(self, action: Action) -> None:
        now = self.clock()
        self.repeater.press(action, now)
        self.put(Input(action, t=now))

    def _press(self, index: int) -> None:
        self._pressed_at[index] = self.clock()

    def _release(self, index: int) -> None:
        now = self.clock()
        start = self._pressed_at.pop(index, now)
        self.put(Input(player=index, long=now - start >= self.hold_time, t=now, pressed_at=start))

    def close(self) -> None:
        for device in self.devices:
            try:
                device.close()
            except Exception:
                log.exception("closing %s", device)


@dataclass(frozen=True)
class InputStatus:
    """What the buttons are, said in the language of the moment it is read (the boot's
    language may not be the screen's: `companion demo --language`)."""

    msgid: str
    values: tuple[tuple[str, str], ...] = ()

    def text(self) -> str:
        return _(self.msgid).format(**dict(self.values))


KEYBOARD = InputStatus(N_("keyboard"))


def has_pins(cfg: InputConfig) -> bool:
    """The config names at least one button, encoder or player pin."""
    return bool(cfg.pins or cfg.encoder or cfg.players or cfg.encoder_push is not None)


def open_gpio(
    cfg: InputConfig, out: InputQueue, clock: Callable[[], float] = time.monotonic
) -> tuple[GpioInputs | None, InputStatus]:
    """The GPIO inputs and their status. Never raises: without GPIO the keyboard still works."""
    if cfg.gpio == "off":
        return None, InputStatus(N_("keyboard only (GPIO off)"))
    if not has_pins(cfg):
        return None, InputStatus(N_("keyboard only (no pins configured)"))
    try:
        if cfg.gpio == "mock":
            from gpiozero import Device
            from gpiozero.pins.mock import MockFactory

            if not isinstance(Device.pin_factory, MockFactory):
                Device.pin_factory = MockFactory()
        status = InputStatus(N_("GPIO buttons ({mode})"), (("mode", cfg.gpio),))
        return GpioInputs(cfg, out, clock), status
    except Exception as exc:
        log.warning("GPIO is not available (%s); going on with the keyboard only", exc)
        return None, InputStatus(N_("GPIO not available: {error}"), (("error", str(exc)),))


def player_button_count(cfg: InputConfig, gpio: bool) -> int:
    """The player buttons screens may ask for: the GPIO ones when GPIO is in use (a box has no
    keyboard), else the keyboard's stand-ins (1-8)."""
    return len(cfg.players) if gpio else len(cfg.player_keys)
