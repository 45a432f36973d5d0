"""Fakes of the app for screen tests: a real store and session in a temp folder, no display.

app = FakeApp.with_game(tmp_path, mini_rules, ["red", "blue", "green"])
screen = MetroHome(app); app.push(screen); screen.handle(Input(Action.OK))
app.draw()  # renders the stack onto an off-screen surface
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from companion.app.ledlink import LedLink
from companion.app.services import Services, Settings
from companion.app.session import MetroSession
from companion.devices.sound import Sound
from companion.metro import MetroRules
from companion.store import Store
from companion.ui.kit import Theme
from companion.ui.screen import Screen


def make_services(
    folder: Path, size: tuple[int, int] = (800, 480), store: Store | None = None
) -> Services:
    """The app's real services over the store in `folder`, simulated sound and LEDs."""
    store = store or Store.open(folder)
    leds = LedLink({}, None, store.path.parent)
    return Services(store, Settings(language="en"), Theme(size), Sound(backend="simulated"), leds)


class FakeApp:
    """Implements the AppContext protocol: a screen stack, a fixed clock, recorded cues."""

    def __init__(self, services: Services, size: tuple[int, int] = (800, 480)) -> None:
        pygame.font.init()
        self.services = services
        self.surface = pygame.Surface(size)
        self.stack: list[Screen] = []
        self.played: list[str] = []
        self.toasts: list[str] = []
        self.clock = 0.0
        self.running = True

    @classmethod
    def make(cls, folder: Path, size: tuple[int, int] = (800, 480)) -> FakeApp:
        return cls(make_services(folder, size), size)

    @classmethod
    def with_game(
        cls, folder: Path, rules: MetroRules, colors: list[str], size: tuple[int, int] = (800, 480)
    ) -> FakeApp:
        app = cls.make(folder, size)
        app.services.session = MetroSession.new(app.services.store, rules, colors)
        return app

    def push(self, screen: Screen) -> None:
        self.stack.append(screen)
        screen.enter()

    def pop(self) -> None:
        if self.stack:
            self.stack.pop()
        if self.stack:
            self.stack[-1].enter()

    def replace(self, screen: Screen) -> None:
        if self.stack:
            self.stack.pop()
        self.push(screen)

    def play(self, cue: str) -> None:
        self.played.append(cue)

    def toast(self, text: str, level: str = "info", seconds: float = 3.0) -> None:
        self.toasts.append(text)

    def now(self) -> float:
        return self.clock

    def quit(self) -> None:
        self.running = False

    @property
    def top(self) -> Screen | None:
        return self.stack[-1] if self.stack else None

    def draw(self) -> pygame.Surface:
        first = len(self.stack) - 1
        while first > 0 and not self.stack[first].opaque:
            first -= 1
        for screen in self.stack[first:]:
            screen.draw(self.surface)
        return self.surface

    def __getattr__(self, name: str) -> Any:
        raise AttributeError(name)
