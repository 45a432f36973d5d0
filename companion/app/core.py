"""The main loop: one input queue, a stack of screens, one frame at a time.

Each frame drains the queue into the top screen, lets it update and draw (dialogs draw the screen
below them first), draws the toast banner, and flips. Nothing here waits on a device: buttons
arrive on the queue from their own threads, sound and LEDs are fire-and-forget.
"""

from __future__ import annotations

import logging
import os
import queue
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.app.inputs import KEYBOARD
from companion.ui.screen import INPUT_GUARD, Input, Screen

if TYPE_CHECKING:
    import pygame

    from companion.app.inputs import GpioInputs, KeyMap
    from companion.app.services import Services
    from companion.config import Config

log = logging.getLogger(__name__)


class Toast:
    def __init__(self, text: str, level: str, until: float) -> None:
        self.text, self.level, self.until = text, level, until


class App:
    def __init__(
        self,
        surface: pygame.Surface,
        services: Services,
        fps: int = 30,
        clock: Callable[[], float] | None = None,
        realtime: bool = True,
        keymap: KeyMap | None = None,
        strict: bool = False,
    ) -> None:
        self.surface = surface
        self.services = services
        self.fps = fps
        self.inputs: queue.SimpleQueue[Input] = queue.SimpleQueue()
        self.stack: list[Screen] = []
        self.realtime = realtime
        self._virtual = 0.0
        self._clock = clock
        self.keymap = keymap
        self.strict = strict
        """Re-raise errors from screens (tests) instead of showing them as a toast."""
        self.toasts: list[Toast] = []
        self.running = True
        self.frames = 0
        self.screenshot_dir: Path | None = None
        self.screenshots: list[Path] = []
        self._shot_pending = False
        self._shot_tag = ""
        self.tickers: list[Callable[[App, float], None]] = []
        self.on_screen_change: list[Callable[[Screen], None]] = []
        self.window: pygame.Surface = surface
        """The whole window: `surface` (what screens draw on) may be a part of it."""
        self.overlays: list[Callable[[pygame.Surface], None]] = []
        self.gpio: GpioInputs | None = None
        self.config: Config | None = None
        """The config the app was built from (a SIGHUP reload replaces it)."""
        self.input_status = KEYBOARD
        """What the buttons are (`input_status.text()`: in the current language)."""
        self.input_guard = INPUT_GUARD
        self._screen_since = float("-inf")
        self.ignored = 0
        """Presses dropped by the input guard (tests and the demo read it)."""

    # --- AppContext -------------------------------------------------------------------------

    def now(self) -> float:
        if self._clock is not None:
            return self._clock()
        return time.monotonic() if self.realtime else self._virtual

    def push(self, screen: Screen) -> None:
        self.stack.append(screen)
        self._entered()

    def pop(self) -> None:
        if len(self.stack) > 1:
            self.stack.pop()
            self._entered()
        else:
            self.running = False

    def replace(self, screen: Screen) -> None:
        if self.stack:
            self.stack.pop()
        self.stack.append(screen)
        self._entered()

    def quit(self) -> None:
        self.running = False

    def play(self, cue: str) -> None:
        try:
            self.services.sound.play(cue)
        except Exception:
            log.exception("sound cue %s failed", cue)

    def toast(self, text: str, level: str = "info", seconds: float = 3.0) -> None:
        self.toasts = [t for t in self.toasts if t.text != text]
        self.toasts.append(Toast(text, level, self.now() + seconds))
        del self.toasts[:-3]

    @property
    def top(self) -> Screen | None:
        return self.stack[-1] if self.stack else None

    def _entered(self) -> None:
        top = self.top
        if top is None:
            return
        self._screen_since = self.now()
        self._guard(top.enter)
        self._shot_pending = self.screenshot_dir is not None
        for fn in self.on_screen_change:
            fn(top)

    # --- input ------------------------------------------------------------------------------

    def guarded(self, now: float | None = None) -> bool:
        """True while the screen on top, or what it shows, is too new to take a press (see
        `INPUT_GUARD` and `Screen.ready`)."""
        at = self.now() if now is None else now
        if at - self._screen_since < self.input_guard:
            return True
        top = self.top
        return top is not None and self.input_guard > 0 and not top.ready(at)

    def inject(self, event: Input) -> None:
        """Put an input on the queue as a button would (tests, the demo)."""
        self.inputs.put(event)

    def _pump_pygame(self) -> None:
        import pygame

        for ev in pygame.event.get():
            if ev.type == pygame.QUIT:
                self.running = False
            elif ev.type == pygame.KEYDOWN and ev.key in (pygame.K_F12, pygame.K_PRINTSCREEN):
                folder = self.screenshot_dir or Path(self.services.data_dir) / "screenshots"
                name = time.strftime("shot-%Y%m%d-%H%M%S.png")
                self.toast(str(self.screenshot(folder / name)))
            elif self.keymap is not None and ev.type in (pygame.KEYDOWN, pygame.KEYUP):
                t = self.now()
                down = ev.type == pygame.KEYDOWN
                made = self.keymap.key_down(ev.key, t) if down else self.keymap.key_up(ev.key, t)
                if made is not None:
                    self.inputs.put(made)

    def _guard(self, fn: Callable[..., None], *args: Any) -> None:
        try:
            fn(*args)
        except Exception as exc:
            if self.strict:
                raise
            log.exception("screen error")
            message = getattr(exc, "message", None) or str(exc) or type(exc).__name__
            self.toast(message, "bad", 5.0)
            self.play("error")

    # --- frames -----------------------------------------------------------------------------

    def step(self) -> None:
        """One frame: inputs, update, draw, flip."""
        import pygame

        self._pump_pygame()
        now = self.now()
        for ticker in list(self.tickers):
            ticker(self, now)
        for source in (self.keymap, self.gpio):
            if source is not None:
                for repeat in source.repeater.due(now):
                    self.inputs.put(repeat)
        while True:
            try:
                event = self.inputs.get_nowait()
            except queue.Empty:
                break
            if self.top is None:
                continue
            if self.guarded():
                self.ignored += 1
                continue
            self._guard(self.top.handle, event)
        top = self.top
        if top is not None:
            self._guard(top.update, now)
            self.draw()
        self.services.after_frame(now, self.top)
        for overlay in self.overlays:
            overlay(self.window)
        pygame.display.flip()
        self.frames += 1
        if self._shot_pending and self.screenshot_dir is not None and self.top is not None:
            self._shot_pending = False
            tag = f"-{self._shot_tag}" if self._shot_tag else ""
            self._shot_tag = ""
            name = f"{len(self.screenshots) + 1:03d}-{self.top.name}{tag}.png"
            self.screenshots.append(self.screenshot(self.screenshot_dir / name))

    def draw(self) -> None:
        theme = self.services.theme
        self.surface.fill(theme.colors["background"])
        first = len(self.stack) - 1
        while first > 0 and not self.stack[first].opaque:
            first -= 1
        for screen in self.stack[first:]:
            self._guard(screen.draw, self.surface)
        from companion.ui.kit import draw_toasts

        now = self.now()
        self.toasts = [t for t in self.toasts if t.until > now]
        draw_toasts(self.surface, theme, self.toasts)

    def run(self, max_frames: int | None = None) -> None:
        import pygame

        del pygame
        frame = 1.0 / self.fps
        wake = self.now()
        while self.running and self.stack and (max_frames is None or self.frames < max_frames):
            self.step()
            if self.realtime:
                wake, exact = self._next_wake(wake + frame)
                self._sleep_until(wake, exact)
            else:
                self._virtual += frame

    def _next_wake(self, frame_due: float) -> tuple[float, bool]:
        """The next frame, or earlier when the top screen has a moment due (`next_due`: a
        Countdown/Jutaku beep or buzzer), so it sounds on time and not up to a frame late."""
        now = self.now()
        if frame_due < now - 1.0 / self.fps:
            frame_due = now  # fell behind (a slow frame): do not try to catch up with a burst
        top = self.top
        if top is not None:
            try:
                due = top.next_due(now)
            except Exception:
                log.exception("next_due")
                due = None
            if due is not None and due < frame_due:
                return max(now, float(due)), True
        return frame_due, False

    def _sleep_until(self, when: float, exact: bool) -> None:
        """Sleep to `when`; for a due moment the last millisecond spins (sleep overshoots)."""
        left = when - self.now()
        if not exact:
            if left > 0:
                time.sleep(left)
            return
        while left > 0:
            time.sleep(left - 0.001 if left > 0.002 else 0)
            left = when - self.now()

    def request_screenshot(self, tag: str = "") -> None:
        """Save the next frame into the screenshot folder, if there is one."""
        if self.screenshot_dir is not None:
            self._shot_pending = True
            self._shot_tag = tag

    def advance(self, seconds: float) -> None:
        """Move the virtual clock on (headless runs)."""
        self._virtual += seconds

    def screenshot(self, path: str | Path) -> Path:
        import pygame

        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.window, os.fspath(path))
        return path
