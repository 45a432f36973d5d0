import os
from pathlib import Path

import pytest
from hypothesis import settings

# Timing belongs in benchmarks/: a property test must not fail because the machine is busy
# (a 200 ms example deadline tripped on a loaded CI machine).
settings.register_profile("companion", deadline=None)
settings.load_profile("companion")

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

DATA = Path(__file__).parent / "data"


@pytest.fixture(autouse=True)
def english_after_each_test():
    """The screen language is process-wide: a test that switches it (the random-press test
    ends in whatever language it clicked) must not leak it into the next test."""
    yield
    from companion import i18n

    i18n.set_language("en")


@pytest.fixture(autouse=True)
def default_maps_after_each_test():
    """The owner's files (fitted map, income track) come from the data directory the app or
    the command line set: a test's folder must not leak into the next test's maps."""
    yield
    from companion import data

    data.use_owner_dir(None)


@pytest.fixture(autouse=True)
def close_fake_apps_after_each_test():
    """The stores and rosters the test's FakeApps opened are closed: a process with
    over 1,024 open files breaks pyserial's select() (the serial strip tests fail)."""
    yield
    from tests.screen_fakes import close_all

    close_all()


@pytest.fixture(scope="session")
def mini_rules():
    from companion.data import load_rules

    return load_rules(str(DATA / "mini.toml"))


@pytest.fixture
def mock_pins():
    """gpiozero's MockFactory for one test, reset in `finally` (else the next test fails with
    GPIOPinInUse). `mock_pins.pin(n).drive_low()` presses the button on pin n."""
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    Device.pin_factory = MockFactory()
    try:
        yield Device.pin_factory
    finally:
        Device.pin_factory.reset()
        Device.pin_factory = None


def headless_app(data_dir, config=None, **options):
    """The real app, headless, on a virtual clock, with simulated devices; screen errors raise
    (strict) unless `strict=False`. `config` defaults to keyboard only, in English."""
    from companion.app.boot import Options, build_app
    from companion.config import Config, InputConfig

    if config is None:
        config = Config(input=InputConfig(gpio="off"), language="en")
    settings = {
        "headless": True,
        "realtime": False,
        "strict": True,
        "data_dir": data_dir,
        "simulated_devices": True,
        **options,
    }
    return build_app(config, Options(**settings))


@pytest.fixture
def shifted_lens():
    """Photos rendered with the lens's principal point off the frame's centre, as every test
    photo was before the renderer aimed its camera (`render.shifted_lens`): a test that pins
    a situation found on such a photo keeps its photo."""
    from companion.vision.render import shifted_lens

    with shifted_lens():
        yield


@pytest.fixture(params=["es", "fr", "en"])
def language(request: pytest.FixtureRequest):
    """Each of the screen's languages in turn (the English catalogue restored after)."""
    from companion import i18n

    i18n.set_language(request.param)
    try:
        yield request.param
    finally:
        i18n.set_language("en")
