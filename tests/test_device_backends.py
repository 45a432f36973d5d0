"""Devices' backends come from a table by name: argument, then environment, then config key."""

import subprocess
import sys

import pytest

from companion.devices.backends import LED_BACKENDS, SOUND_BACKENDS
from companion.devices.ledconfig import LedConfig
from companion.devices.leds import SimulatedStrip, open_strip
from companion.devices.sound import SimulatedSoundBackend, make_backend
from companion.errors import UserError


def test_every_backend_in_the_tables_imports_as_a_class():
    for table in (LED_BACKENDS, SOUND_BACKENDS):
        for name in table.backends:
            assert isinstance(table.load(name), type)


def test_without_a_port_the_strip_is_kept_in_memory(monkeypatch):
    monkeypatch.delenv("COMPANION_LEDS", raising=False)
    assert isinstance(open_strip(LedConfig(), 4), SimulatedStrip)


def test_the_environment_overrides_the_config(monkeypatch):
    monkeypatch.setenv("COMPANION_LEDS", "memory")
    strip = open_strip(LedConfig(port="/dev/ttyACM9"), 4)
    assert isinstance(strip, SimulatedStrip)


def test_the_config_key_names_a_backend(monkeypatch):
    monkeypatch.delenv("COMPANION_LEDS", raising=False)
    config = LedConfig.from_toml_table({"backend": "memory", "port": "/dev/ttyACM9"})
    assert isinstance(open_strip(config, 4), SimulatedStrip)


def test_an_unknown_backend_is_one_clear_error(monkeypatch):
    monkeypatch.setenv("COMPANION_LEDS", "neopixel")
    with pytest.raises(UserError) as info:
        open_strip(LedConfig(), 4)
    assert "neopixel" in info.value.message and "memory" in info.value.message
    assert info.value.field == "COMPANION_LEDS"
    monkeypatch.delenv("COMPANION_LEDS")
    with pytest.raises(UserError, match="needs a port"):
        open_strip(LedConfig(backend="serial"), 4)


def test_sound_backend_by_name_and_environment(monkeypatch):
    assert isinstance(make_backend("simulated"), SimulatedSoundBackend)
    monkeypatch.setenv("COMPANION_SOUND_BACKEND", "simulated")
    assert isinstance(make_backend(), SimulatedSoundBackend)


def test_the_led_modules_do_not_import_the_serial_backend():
    code = (
        "import sys, companion.devices.leds, companion.devices.backends; "
        "print('companion.devices.serial_strip' in sys.modules, 'serial' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]
