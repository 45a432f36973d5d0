import json

import pytest

from companion import i18n
from companion.app.boot import shutdown
from companion.app.demo import start_demo
from companion.config import Config, InputConfig
from companion.ui.screen import Action, Input, Screen
from tests.conftest import headless_app

PINS = {"up": 5, "down": 6, "left": 13, "right": 19, "ok": 26, "back": 21}


def make_app(tmp_path, inputs=None, shots=None, resume=True):
    config = Config(input=inputs or InputConfig(gpio="off"), language="en")
    return headless_app(tmp_path / "data", config, screenshot_dir=shots, resume=resume)


def settle(app):
    """Run frames until the input guard after the last screen change has passed."""
    while app.guarded():
        app.run(max_frames=app.frames + 1)


def press(app, *actions, frames=2):
    for action in actions:
        settle(app)
        app.inject(Input(action, t=app.now()))
        app.run(max_frames=app.frames + frames)


class Recorder(Screen):
    name = "recorder"

    def __init__(self, app):
        super().__init__(app)
        self.seen: list[Input] = []

    def handle(self, event):
        self.seen.append(event)

    def draw(self, surface):
        pass


def test_a_whole_scripted_game_headless(tmp_path):
    app = make_app(tmp_path, shots=tmp_path / "shots")
    lines: list[str] = []
    script = start_demo(app, rounds=2, say=lines.append)
    try:
        app.run(max_frames=20_000)
        assert script.done and script.log.error is None
        assert script.log.phases == 2 and script.log.result is not None
        assert any(line.startswith("Ranking: 1.") for line in lines)
        assert any("refused" in line for line in lines) and "  ...and undone" in lines
        names = [p.name for p in app.screenshots]
        assert any("setup" in n for n in names) and any("train-phase" in n for n in names)
        # every entry went through the screens, one press at a time
        assert sum("metro-entry" in n for n in names) >= script.log.entries > 5
        assert script.log.presses > 100
        assert names[-1].endswith("metro-end.png") and any("chart" in n for n in names)
        session = app.services.session
        assert session.state.phase == "ended" and session.end_game() == script.log.result
        assert all(p.stat().st_size > 1000 for p in app.screenshots)
        store = app.services.store
        assert store.unfinished("metro") is None and len(store.games()) == 1
        leds = app.services.leds
        assert leds.strip is not None and any(c != (0, 0, 0) for c in leds.frame)
    finally:
        shutdown(app)


def test_the_demo_fails_loudly_when_a_screen_does_not_come(tmp_path):

    app = make_app(tmp_path, resume=False)
    lines: list[str] = []
    script = start_demo(app, rounds=1, say=lines.append)

    def wrong(*_args):
        yield from script.drive.wait_for("no-such-screen", timeout=2.0)

    script._gen = wrong()
    try:
        app.run(max_frames=1_000)
        assert not script.done and "no-such-screen" in (script.log.error or "")
        assert lines[-1].startswith("DEMO FAILED")
    finally:
        shutdown(app)


def test_the_demo_accepts_camera_proposals_on_the_way(tmp_path):
    class Proposal(Screen):
        name = "camera-proposal"

        def handle(self, event):
            if event.action is Action.OK:
                self.accepted = True
                self.app.pop()

        def draw(self, surface):
            pass

    app = make_app(tmp_path, resume=False)
    app.services.player_buttons = 0  # OK answers (with buttons, the proposal's player's does)
    script = start_demo(app, rounds=1, say=lambda _t: None)
    proposal = Proposal(app)
    app.push(proposal)

    def wait(*_args):
        yield from script.drive.wait_for("main-menu", timeout=5.0)

    script._gen = wait()
    try:
        app.run(max_frames=200)
        assert script.done and getattr(proposal, "accepted", False)
    finally:
        shutdown(app)


def test_menus_settings_and_history_export(tmp_path):
    app = make_app(tmp_path)
    try:
        assert app.top.name == "main-menu"
        to_settings = len(app.top.items) - 3  # from the first game to Settings (above Quit)
        press(app, *[Action.DOWN] * to_settings, Action.OK)
        assert app.top.name == "settings"
        press(app, Action.RIGHT, Action.RIGHT)
        assert i18n.language() == "fr" and i18n._("Settings") == "Réglages"
        press(app, Action.LEFT, Action.DOWN, Action.LEFT)
        assert app.services.settings.volume == 60
        assert json.loads((tmp_path / "data" / "settings.json").read_text())["volume"] == 60
        press(app, Action.BACK, *[Action.UP] * to_settings, Action.OK)
        assert app.top.name == "setup"
        press(app, Action.DOWN, Action.DOWN, Action.RIGHT)  # past Action cards to Players
        assert len(app.top.colors) == 4
        to_start = len(app.top.items) - 1 - app.top.index  # past METRO DRINKS and Language
        press(app, *[Action.DOWN] * to_start, Action.OK)
        assert app.services.session is not None and app.top.name in ("game", "metro-home")
        game_id = app.services.session.game_id
        press(app, Action.BACK)  # the game menu: BACK only closes it
        assert app.top.name == "metro-menu"
        press(app, Action.BACK)
        assert app.top.name == "metro-home"
        press(app, Action.BACK, Action.UP, Action.OK)  # its last row, Main menu: confirm
        assert app.top.name == "confirm"
        press(app, Action.RIGHT, Action.OK)
        assert app.top.name == "main-menu"
        press(app, *[Action.DOWN] * (to_settings - 1), Action.OK)
        assert app.top.name == "history"
        press(app, Action.OK, Action.DOWN, Action.OK)
        exported = tmp_path / "data" / "exports" / f"metro-game-{game_id}.json"
        assert json.loads(exported.read_text())["setup"]["colors"][:2] == ["red", "blue"]
    finally:
        i18n.set_language("en")
        shutdown(app)


def test_unfinished_game_resumes_at_start(tmp_path):
    app = make_app(tmp_path)
    press(app, Action.OK, *[Action.UP], Action.OK)
    assert app.services.session is not None
    game_id = app.services.session.game_id
    shutdown(app)
    again = make_app(tmp_path)
    try:
        assert again.services.session.game_id == game_id
        assert again.top.name != "main-menu"
    finally:
        shutdown(again)


def test_gpio_button_reaches_the_same_handler_as_its_key(tmp_path, mock_pins):
    import pygame

    inputs = InputConfig(gpio="mock", pins=PINS, players=(17, 27), hold_time=0.5)
    app = make_app(tmp_path, inputs=inputs, resume=False)
    try:
        rec = Recorder(app)
        app.push(rec)
        settle(app)
        mock_pins.pin(26).drive_low()
        mock_pins.pin(26).drive_high()
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
        app.run(max_frames=app.frames + 1)
        assert [e.action for e in rec.seen] == [Action.OK, Action.OK]
        clock = [10.0]
        app.gpio.clock = lambda: clock[0]
        mock_pins.pin(27).drive_low()
        clock[0] += 0.1
        mock_pins.pin(27).drive_high()
        mock_pins.pin(17).drive_low()
        clock[0] += 0.9
        mock_pins.pin(17).drive_high()
        app.run(max_frames=app.frames + 1)
        assert [(e.player, e.long) for e in rec.seen[2:]] == [(1, False), (0, True)]
        # reported on release, stamped with the press too
        assert [(e.pressed_at, e.t) for e in rec.seen[2:]] == [
            (10.0, pytest.approx(10.1)),
            (pytest.approx(10.1), pytest.approx(11.0)),
        ]
    finally:
        shutdown(app)


def test_keyboard_player_keys_long_press(tmp_path):
    import pygame

    app = make_app(tmp_path, resume=False)
    try:
        rec = Recorder(app)
        app.push(rec)
        settle(app)
        app.keymap.hold_time = 0.5
        assert app.keymap.key_down(pygame.K_2, 1.0) is None
        assert app.keymap.key_up(pygame.K_2, 1.2) == Input(player=1, t=1.2, pressed_at=1.0)
        assert app.keymap.key_down(pygame.K_2, 1.0) is None
        assert app.keymap.key_up(pygame.K_2, 1.7) == Input(
            player=1, long=True, t=1.7, pressed_at=1.0
        )
    finally:
        shutdown(app)


def test_without_gpio_the_keyboard_still_works(tmp_path, monkeypatch):
    import gpiozero

    def broken(*args, **kwargs):
        raise RuntimeError("no GPIO chip")

    monkeypatch.setattr(gpiozero, "Button", broken)
    app = make_app(tmp_path, inputs=InputConfig(gpio="on", pins=PINS), resume=False)
    try:
        assert app.gpio is None and "not available" in app.input_status.text()
        press(app, Action.OK)
        assert app.top.name == "setup"
    finally:
        shutdown(app)


def test_rotary_encoder_and_push_navigate(tmp_path, mock_pins):
    inputs = InputConfig(gpio="mock", encoder=(20, 21), encoder_push=16)
    app = make_app(tmp_path, inputs=inputs, resume=False)
    try:
        rec = Recorder(app)
        app.push(rec)
        settle(app)
        a, b = mock_pins.pin(20), mock_pins.pin(21)
        a.drive_low(), b.drive_low(), a.drive_high(), b.drive_high()
        b.drive_low(), a.drive_low(), b.drive_high(), a.drive_high()
        mock_pins.pin(16).drive_low()
        app.run(max_frames=app.frames + 1)
        assert [e.action for e in rec.seen] == [Action.DOWN, Action.UP, Action.OK]
    finally:
        shutdown(app)
