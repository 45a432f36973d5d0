import json
from datetime import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.devices.ledconfig import (
    MIN_BRIGHTNESS,
    BrightnessStore,
    ColorPipeline,
    LedConfig,
    NightSchedule,
)
from companion.errors import UserError


def test_night_window_wraps_past_midnight():
    night = NightSchedule.parse("22:00-07:00")
    assert night.contains(time(23, 30)) and night.contains(time(6, 59))
    assert not night.contains(time(7, 0)) and not night.contains(time(12, 0))
    assert NightSchedule.parse("01:00-05:00").contains(time(3, 0))


def test_night_limits_brightness_only_during_the_window():
    cfg = LedConfig.from_toml_table({"night": "22:00-07:00", "night_brightness": 0.1})
    assert cfg.effective_brightness(0.8, time(23, 0)) == 0.1
    assert cfg.effective_brightness(0.05, time(23, 0)) == 0.05
    assert cfg.effective_brightness(0.8, time(12, 0)) == 0.8


def test_pipeline_orders_channels_and_applies_gamma_and_cap():
    pipe = ColorPipeline("GRB", gamma=2.0, cap=0.5)
    assert pipe.payload([(255, 0, 0), (0, 0, 255)], 1.0) == bytes([0, 128, 0, 0, 0, 128])
    assert pipe.payload([(128, 128, 128)], 1.0) == bytes([32, 32, 32])
    assert ColorPipeline("BRG").payload([(1, 2, 3)], 1.0) == bytes([3, 1, 2])


@pytest.mark.parametrize(
    ("table", "field"),
    [
        ({"color_order": "RGBW"}, "color_order"),
        ({"baud": "fast"}, "baud"),
        ({"brightness_cap": 0}, "brightness_cap"),
        ({"night": "10pm-7am"}, "night"),
        ({"gamma": True}, "gamma"),
        ({"colour": "GRB"}, "colour"),
    ],
)
def test_bad_settings_name_file_and_field(table, field):
    with pytest.raises(UserError) as err:
        LedConfig.from_toml_table(table, "leds.toml")
    assert err.value.file == "leds.toml" and err.value.field == field


def test_table_overrides_a_base():
    base = LedConfig.from_toml_table({"baud": 500000, "color_order": "rgb"})
    cfg = LedConfig.from_toml_table({"port": "/dev/ttyACM0"}, "app.toml", base)
    assert (cfg.port, cfg.baud, cfg.color_order) == ("/dev/ttyACM0", 500000, "RGB")


@given(st.floats(allow_nan=True, allow_infinity=True))
def test_brightness_is_never_saved_as_zero(tmp_path_factory, value):
    store = BrightnessStore(tmp_path_factory.mktemp("data"))
    stored = store.save(value)
    saved = json.loads(store.path.read_text())["brightness"]
    assert MIN_BRIGHTNESS <= saved <= 1 and stored == store.load() > 0


def test_brightness_is_remembered_and_bad_files_fall_back(tmp_path):
    BrightnessStore(tmp_path).save(0.3)
    assert BrightnessStore(tmp_path).load() == 0.3
    (tmp_path / "leds.json").write_text('{"brightness": 0}')
    assert BrightnessStore(tmp_path, default=0.7).load() == MIN_BRIGHTNESS
    (tmp_path / "leds.json").write_text("not json")
    assert BrightnessStore(tmp_path, default=0.7).load() == 0.7
