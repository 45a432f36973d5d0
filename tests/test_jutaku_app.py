"""Jutaku and Countdown through the real app: main menu, gpiozero MockFactory buttons for the
players and the navigation, the virtual clock, the simulated sound backend."""

import pytest

from companion.app.boot import shutdown
from companion.config import Config, InputConfig
from companion.jutaku import countdown as C
from companion.jutaku import jutaku as J
from tests.conftest import headless_app
from tests.mock_buttons import NAV, PLAYERS, button_app, nav, press, wait


@pytest.fixture
def pins(mock_pins):
    return mock_pins


@pytest.fixture
def app(tmp_path, pins):
    application = button_app(tmp_path / "data", pins, language="es")
    try:
        yield application
    finally:
        shutdown(application)


def played(app):
    return list(app.services.sound.backend.played)


def test_jutaku_from_the_main_menu_to_the_end_with_gpio_buttons(app):
    assert app.top.name == "main-menu"
    nav(app, "down", "ok")  # Tokyo Jutaku
    assert app.top.name == "jutaku-setup"
    nav(app, *["down"] * 6, "ok")  # 3 players, no limit, no BOTTLE BONUS: start
    screen = app.top
    assert screen.name == "jutaku"
    for round_no in range(4):
        nav(app, "ok")  # «¡Empezad!»
        wait(app, 3)
        press(app, PLAYERS[1])  # ¡alto!
        assert screen.state.phase == "checking"
        nav(app, "up", "up", "ok")  # ¥12,000, good
        if round_no < 3:
            assert screen.state.phase == "moving"
            nav(app, "ok", "ok", "ok")
    assert screen.state.phase == "over"
    assert J.totals(screen.state) == (0, 48000, 0) and J.winners(screen.state) == (1,)
    sounds = played(app)
    assert {"start", "stop", "coin", "fanfare"} <= set(sounds)
    nav(app, "ok")  # the final screen stays: OK opens the game menu
    assert app.top.name == "commands"
    nav(app, "up", "ok", "right", "ok")  # its last row, Main menu: yes
    assert app.top.name == "main-menu"


def test_countdown_from_the_main_menu_with_long_presses(app):
    nav(app, "down", "down", "ok")  # Countdown
    assert app.top.name == "countdown-setup"
    nav(app, "left", "left")  # 2 players
    nav(app, "down", "down", "down", "down", "ok")
    screen = app.top
    assert screen.name == "countdown"
    assert len(screen.state.seats) == 2
    nav(app, "ok")  # floor 1
    for _ in range(3):
        press(app, PLAYERS[0])
    press(app, PLAYERS[0], held=1.0)  # takes one back
    press(app, PLAYERS[1])
    wait(app, 60)
    assert screen.state.phase == "between" and C.scores(screen.state) == (2, 1)
    nav(app, "ok")  # floor 2: nobody places: both out
    wait(app, 47)
    assert screen.state.phase == "over" and C.standings(screen.state) == (1, 2)
    sounds = played(app)
    assert sounds.count("buzzer") == 2 and sounds.count("beep_last") == 10
    assert "fanfare" in sounds


def test_an_unfinished_jutaku_game_resumes_after_a_restart(tmp_path, pins):
    inputs = InputConfig(gpio="mock", pins=NAV, players=PLAYERS, hold_time=0.8)
    config = Config(input=inputs, language="en")
    first = headless_app(tmp_path / "data", config, resume=False)
    first.pins = pins
    try:
        nav(first, "down", "ok", *["down"] * 6, "ok", "ok")
        wait(first, 2)
        press(first, PLAYERS[2])
        nav(first, "up", "ok")  # seat 3 builds a ¥11,000 plot
        nav(first, "ok", "ok", "ok", "ok")  # moves done; next round starts
        wait(first, 5)
        assert first.top.state.phase == "building"
    finally:
        shutdown(first)
        pins.reset()
    second = headless_app(tmp_path / "data", config, resume=False)
    second.pins = pins
    try:
        nav(second, "down", "ok")
        assert second.top.name == "jutaku-setup"
        nav(second, "ok")  # the first line: resume the unfinished game
        screen = second.top
        assert screen.name == "jutaku"
        assert screen.state.records[2].plots == (11000,)
        assert screen.state.phase == "paused" and screen.state.round == 2
        nav(second, "ok")  # resume the round
        press(second, PLAYERS[0])
        assert screen.state.phase == "checking" and screen.state.callers == (0,)
    finally:
        shutdown(second)


def test_keyboard_fallback_one_key_per_player(tmp_path):
    import pygame

    app = headless_app(tmp_path / "data", resume=False)

    def key(code, held=0.1):
        while app.guarded():
            wait(app, 1 / app.fps)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code))
        wait(app, held)
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code))
        wait(app, 1 / app.fps)

    try:
        for code in (pygame.K_DOWN, pygame.K_DOWN, pygame.K_RETURN):  # Countdown
            key(code)
        key(pygame.K_UP)  # wraps to "Start the game" (4 players)
        key(pygame.K_RETURN)
        key(pygame.K_RETURN)  # floor 1
        screen = app.top
        key(pygame.K_3)
        key(pygame.K_3)
        key(pygame.K_3, held=1.5)  # long: takes one back
        assert C.floor_count(screen.state, 2) == 1
    finally:
        shutdown(app)
