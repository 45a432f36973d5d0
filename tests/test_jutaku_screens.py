"""The Jutaku and Countdown screens, headless (SDL dummy), driven by injected inputs and a
fake clock, played to the end."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from companion.jutaku.players import default_seats
from companion.ui.countdown import CountdownScreen, CountdownSetup
from companion.ui.jutaku import JutakuHome, JutakuScreen
from companion.ui.screen import Action, Input
from tests.fakes import make_services


class FakeApp:
    """The AppContext a screen sees: a stack, a fake clock, and the sounds it asked for."""

    def __init__(self, services, size=(800, 480)):
        pygame.display.init()
        pygame.font.init()
        self.surface = pygame.Surface(size)
        self.t = 1000.0
        self.stack = []
        self.played = []
        self.services = services

    def now(self):
        return self.t

    def push(self, screen):
        self.stack.append(screen)

    def pop(self):
        self.stack.pop()

    def replace(self, screen):
        self.stack[-1] = screen

    def play(self, cue):
        self.played.append(cue)

    @property
    def top(self):
        return self.stack[-1] if self.stack else None

    def frame(self, seconds=1 / 30):
        self.t += seconds
        top = self.top
        if top is None:
            return
        top.update(self.t)
        top.draw(self.surface)

    def run(self, seconds, fps=30):
        for _ in range(int(seconds * fps)):
            self.frame(1 / fps)

    def action(self, action):
        self.top.handle(Input(action=action, t=self.t))
        self.frame()

    def button(self, player, long=False):
        self.top.handle(Input(player=player, long=long, t=self.t))
        self.frame()


@pytest.fixture
def app(tmp_path):
    services = make_services(tmp_path)
    a = FakeApp(services)
    yield a
    services.close()
    pygame.display.quit()


def test_jutaku_from_setup_to_a_shared_win(app):
    app.push(JutakuHome(app))
    app.frame()
    app.action(Action.RIGHT)  # players: 3 -> 4
    app.action(Action.LEFT)  # back to 3
    for _ in range(4):
        app.action(Action.DOWN)
    app.action(Action.RIGHT)  # round limit 1:00
    app.action(Action.DOWN)
    app.action(Action.RIGHT)  # BOTTLE BONUS on
    app.action(Action.DOWN)
    app.action(Action.OK)  # start
    screen = app.top
    assert isinstance(screen, JutakuScreen)
    assert screen.state.options.round_limit == 60.0 and screen.state.options.bottle_bonus

    def round_won(callers, values):
        app.action(Action.OK)  # ¡Empezad!
        app.run(5)
        for p in callers:
            app.button(p)
        for value in values:
            for _ in range((value - 10000) // 1000):
                app.action(Action.UP)
            app.action(Action.OK if value else Action.LEFT)
        while screen.state.phase == "moving":
            app.action(Action.OK)

    round_won([0], [12000])
    round_won([1], [12000])
    # a bad call: the round goes on, then time runs out with nobody scoring
    app.action(Action.OK)
    app.run(3)
    app.button(2)
    app.action(Action.LEFT)  # not good
    assert screen.state.phase == "building"
    app.run(60)
    assert screen.state.phase == "moving" and screen.state.timed_out
    assert "buzzer" in app.played and "beep_last" in app.played
    while screen.state.phase == "moving":
        app.action(Action.OK)
    for _ in range(3):
        round_won([0, 1], [10000, 10000])
    assert screen.state.phase == "over"
    assert [r.total for r in screen.state.records] == [42000, 42000, 0]
    assert "fanfare" in app.played and "stop" in app.played and "start" in app.played
    leave_by_the_menu(app, screen)
    assert app.stack == []


def test_jutaku_pause_and_drinks_panel(app):
    from companion.jutaku.jutaku import JutakuOptions

    app.push(JutakuScreen(app, default_seats(2), JutakuOptions(bottle_bonus=True)))
    app.action(Action.LEFT)  # drinks panel
    for _ in range(3):
        app.action(Action.RIGHT)  # blue
    app.action(Action.OK)  # player 1 takes a blue drink
    app.button(0)  # and spends it before the round
    app.action(Action.BACK)
    screen = app.top
    assert screen.state.records[0].blue_active
    app.action(Action.OK)
    app.run(2)
    app.action(Action.OK)  # pause
    frozen = screen.state.clock.elapsed(app.t)
    app.run(5)
    assert screen.state.clock.elapsed(app.t) == frozen
    app.action(Action.OK)  # resume
    app.button(0)
    app.action(Action.OK)
    assert screen.state.records[0].total == 10200


def leave_by_the_menu(app, screen):
    """A final screen stays: stray OKs only open and close the game menu; its last row,
    "Main menu", confirmed, leaves."""
    for _ in range(4):
        app.action(Action.OK)
    assert app.top is screen
    app.action(Action.OK)
    assert [o.value for o, _run in app.top.items][-1] == "main-menu"
    app.action(Action.UP)  # the last row
    app.action(Action.OK)
    app.action(Action.OK)  # No is preselected: back on the menu
    app.action(Action.BACK)  # which BACK closes
    assert app.top is screen
    app.action(Action.BACK)
    app.action(Action.UP)
    app.action(Action.OK)
    app.action(Action.RIGHT)
    app.action(Action.OK)


def test_countdown_from_setup_to_the_ranking(app):
    app.push(CountdownSetup(app))
    app.frame()
    app.action(Action.LEFT)
    app.action(Action.LEFT)  # 2 players
    for _ in range(4):
        app.action(Action.DOWN)
    app.action(Action.OK)
    screen = app.top
    assert screen.state is not None and len(screen.state.seats) == 2

    # floor 1: red places 3 and takes one back, blue places 1
    app.action(Action.OK)
    for _ in range(3):
        app.button(0)
    app.button(0, long=True)
    app.button(1)
    app.action(Action.OK)  # pause
    app.run(10)
    app.action(Action.OK)  # resume
    app.run(61)
    assert screen.state.phase == "between"
    assert app.played.count("buzzer") == 1 and app.played.count("beep_last") == 5
    # floor 2 (45 s): only red places; blue is out
    app.action(Action.OK)
    app.button(0)
    app.run(46)
    assert screen.state.out_on == (None, 2)
    # floor 3: red places nothing: everyone is out
    app.action(Action.OK)
    app.run(31)
    assert screen.state.phase == "over"
    from companion.jutaku.countdown import scores

    assert scores(screen.state) == (3, 1)
    assert "fanfare" in app.played
    leave_by_the_menu(app, screen)
    assert app.stack == []


def test_countdown_tap_released_just_after_the_buzzer_counts(app):
    app.push(CountdownScreen(app, default_seats(1, architects=False)))
    app.action(Action.OK)
    app.run(60.1, fps=10)
    assert app.top.state.phase == "closing"
    app.button(0)
    app.run(1)
    assert app.top.state.counts == ((1,),)


def test_screens_draw_at_1080p_with_eight_players(tmp_path):
    a = FakeApp(make_services(tmp_path), (1920, 1080))
    from companion.jutaku.jutaku import JutakuOptions

    a.push(JutakuScreen(a, default_seats(8), JutakuOptions(round_limit=120.0)))
    a.action(Action.OK)
    a.button(7)
    a.frame()
    a.push(CountdownScreen(a, default_seats(8, architects=False)))
    a.action(Action.OK)
    a.frame()
    pygame.display.quit()


def test_every_cue_is_a_sound_the_box_has():
    from companion.devices.sound import CUES
    from companion.jutaku.clock import Cue
    from companion.ui.jutaku.view import cue_sound

    kinds = ["start", "beep", "buzzer", "stop", "resume", "pause"]
    made = {cue_sound(Cue(k, 0.0, r)) for k in kinds for r in (10, 3, None)}
    assert made <= set(CUES)


def test_strip_shows_the_callers_colour_at_alto(app):
    from companion.colors import rgb

    class Strip:
        count = 4

        def __init__(self):
            self.frames = []

        def show(self, colors):
            self.frames.append(list(colors))

    class Services:
        leds = Strip()

    app.services = Services()
    app.push(JutakuScreen(app, default_seats(3)))
    app.action(Action.OK)
    app.button(1)
    assert app.services.leds.frames[-1] == [rgb("blue")] * 4
    app.action(Action.LEFT)  # not good: the round goes on
    assert app.services.leds.frames[-1] == [(0, 0, 0)] * 4


def test_alto_is_stamped_at_the_press_not_the_release(app):
    """A button held for 0.4 s: the clock stops where it went down, and the stop sounds once."""
    from companion.jutaku import jutaku as J

    app.push(JutakuScreen(app, default_seats(3)))
    app.action(Action.OK)
    app.run(2.0)
    pressed = app.t
    app.run(0.4)
    app.top.handle(Input(player=1, t=app.t, pressed_at=pressed))
    app.frame()
    app.run(0.5)
    state = app.top.state
    assert state.phase == "checking" and state.called_at == pressed
    assert J.elapsed(state, app.t) == pytest.approx(pressed - state.clock.started_at)
    assert app.played.count("stop") == 1


def test_undo_the_last_verdict_goes_back_to_checking(app):
    app.push(JutakuScreen(app, default_seats(2)))
    screen = app.top
    app.action(Action.OK)
    app.run(4)
    app.button(0)
    app.action(Action.OK)  # good, by mistake
    assert screen.state.phase == "moving" and screen.state.records[0].plots == (10000,)
    app.action(Action.UP)
    assert screen.state.phase == "checking" and screen.state.records[0].plots == ()
    shown = screen.state.clock.elapsed(app.t)
    app.action(Action.LEFT)  # not good after all: the round goes on from the same time
    assert screen.state.phase == "building"
    assert abs(screen.state.clock.elapsed(app.t) - shown) < 0.1
