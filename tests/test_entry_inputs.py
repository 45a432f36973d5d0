"""The input side of safe entry: held arrows repeat and accelerate, a new screen ignores presses
for a moment (the app's clock, faked here), and the setup remembers the last game's players."""

from __future__ import annotations

from itertools import pairwise

import pygame

from companion.app.core import App
from companion.app.inputs import Repeater
from companion.ui.screen import INPUT_GUARD, Action, Input, Screen
from companion.ui.setup import SetupScreen
from tests.fakes import FakeApp, make_services


def test_held_arrows_repeat_faster_and_ok_never_repeats():
    r = Repeater(delay=0.4, interval=0.2, fastest=0.05, accelerate=0.5)
    r.press(Action.DOWN, 0.0)
    r.press(Action.OK, 0.0)
    assert r.due(0.39) == []
    times = []
    t = 0.4
    while t < 1.0:
        times += [e.t for e in r.due(t) if e.action is Action.DOWN]
        t = round(t + 0.01, 2)
    gaps = [round(b - a, 2) for a, b in pairwise(times)]
    assert times[0] == 0.4 and gaps[0] == 0.1  # the first repeat, then faster ...
    assert all(0.05 <= g <= 0.06 for g in gaps[1:])  # ... down to the fastest
    assert all(e.action is Action.DOWN for e in r.due(2.0))
    r.release(Action.DOWN)
    assert r.due(5.0) == []


class Recorder(Screen):
    name = "recorder"

    def __init__(self, app):
        super().__init__(app)
        self.seen: list[Input] = []

    def handle(self, event: Input) -> None:
        self.seen.append(event)

    def draw(self, surface: pygame.Surface) -> None:
        pass


def test_a_press_just_after_a_new_screen_is_ignored(tmp_path):
    pygame.init()
    clock = [10.0]
    surface = pygame.display.set_mode((800, 480))
    app = App(surface, make_services(tmp_path), clock=lambda: clock[0])
    first = Recorder(app)
    app.push(first)
    clock[0] += INPUT_GUARD / 2
    app.inject(Input(Action.OK, t=clock[0]))
    app.step()
    assert first.seen == [] and app.ignored == 1
    clock[0] += INPUT_GUARD / 2 + 0.01
    app.inject(Input(Action.OK, t=clock[0]))
    app.step()
    assert [e.action for e in first.seen] == [Action.OK]
    second = Recorder(app)
    app.push(second)  # a press in the same frame as the new screen goes nowhere
    app.inject(Input(player=0, t=clock[0]))
    app.step()
    assert second.seen == [] and len(first.seen) == 1


def test_the_setup_offers_the_last_setup_again(tmp_path):
    app = FakeApp.make(tmp_path)
    setup = SetupScreen(app)
    app.push(setup)
    setup._count(1)
    setup._recolor(0, 1)
    chosen = list(setup.colors)
    setup.start()
    assert app.services.session is not None
    again = SetupScreen(app)
    assert again.colors == chosen and len(chosen) == 4
    (tmp_path / "last-setup.json").write_text("not json", encoding="utf-8")
    assert len(SetupScreen(app).colors) == 3  # a damaged file: the defaults
