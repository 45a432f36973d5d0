"""The real app headless with gpiozero MockFactory buttons: the navigation pins and three
player buttons, pressed for a while on the app's virtual clock (Jutaku and Countdown tests)."""

from companion.config import Config, InputConfig
from tests.conftest import headless_app

NAV = {"up": 5, "down": 6, "left": 13, "right": 19, "ok": 26, "back": 21}
PLAYERS = (17, 27, 22)


def button_app(data_dir, pins, language="en"):
    inputs = InputConfig(gpio="mock", pins=NAV, players=PLAYERS, hold_time=0.8)
    app = headless_app(data_dir, Config(input=inputs, language=language), resume=False)
    app.pins = pins
    wait(app, 1 / app.fps)  # the first screen is shown (from then on its input guard counts)
    return app


def wait(app, seconds):
    app.run(max_frames=app.frames + max(1, round(seconds * app.fps)))


def press(app, pin, held=0.1):
    while app.guarded():  # a new screen ignores presses for a moment
        wait(app, 1 / app.fps)
    app.pins.pin(pin).drive_low()
    wait(app, held)
    app.pins.pin(pin).drive_high()
    wait(app, 1 / app.fps)


def nav(app, *names):
    for name in names:
        press(app, NAV[name])
