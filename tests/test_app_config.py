import pytest

from companion.cli import main
from companion.config import load_config
from companion.errors import UserError

GOOD = """
language = "fr"
[screen]
size = [1024, 600]
fps = 30
[input]
gpio = "mock"
pins = { up = 5, down = 6, left = 13, right = 19, ok = 26, back = 21 }
players = [17, 27, 22]
bounce_time = 0.02
hold_time = 0.8
keys = { ok = ["return", "k"] }
[store]
data_dir = "/tmp/x"
[sound]
volume = 50
"""


def write(tmp_path, text):
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_defaults_without_a_file(monkeypatch, tmp_path):
    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "none.toml"))
    with pytest.raises(UserError):
        load_config()
    monkeypatch.delenv("COMPANION_CONFIG")
    monkeypatch.setattr("companion.config.SEARCH_PATHS", ())
    config = load_config()
    assert config.screen.size == (800, 480) and config.input.gpio == "on"


def test_a_full_file(tmp_path):
    config = load_config(write(tmp_path, GOOD))
    assert config.screen.size == (1024, 600)
    assert config.input.pins["ok"] == 26 and config.input.players == (17, 27, 22)
    assert config.input.keys["ok"] == ["return", "k"] and config.input.keys["up"] == ["up", "w"]
    assert config.language == "fr" and config.sound == {"volume": 50}
    assert str(config.data_dir) == "/tmp/x"


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("[screen]\nsize = [800]\n", "screen.size"),
        ("[screen]\nfps = 'fast'\n", "screen.fps"),
        ("[input]\ngpio = 'maybe'\n", "input.gpio"),
        ("[input]\npins = { ok = 99 }\n", "input.pins.ok"),
        ("[input]\npins = { jump = 4 }\n", "input.pins.jump"),
        ("[input]\nplayers = [4, 4]\n", "input"),
        ("[input]\nhold_time = -1\n", "input.hold_time"),
        ("[store]\ndata_dir = 3\n", "store.data_dir"),
        ("language = 'de'\n", "language"),
        ("[screens]\n", "screens"),
    ],
)
def test_bad_values_name_file_and_field(tmp_path, text, field):
    path = write(tmp_path, text)
    with pytest.raises(UserError) as info:
        load_config(path)
    assert info.value.field == field
    assert info.value.file == str(path)


def test_run_with_a_bad_or_missing_file_prints_one_line_and_exits_2(tmp_path, capsys):
    bad = write(tmp_path, "[screen\n")
    assert main(["run", "--config", str(bad)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "config.toml" in err[0] and "TOML" in err[0]
    assert main(["run", "--config", str(tmp_path / "missing.toml")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_a_bad_sound_table_is_reported_by_the_sound_part(tmp_path, capsys):
    path = write(tmp_path, f"[sound]\nvolume = 300\n[store]\ndata_dir = '{tmp_path}'\n")
    assert main(["run", "--config", str(path), "--windowed"]) == 2
    assert "sound.volume" in capsys.readouterr().err


def test_camera_table(tmp_path):
    from companion.app.cameralink import CameraLink, parse_camera_table

    assert parse_camera_table({}, None) is None
    assert parse_camera_table({"source": 0}, None) == "0"
    assert parse_camera_table({"source": "picamera2", "enabled": False}, None) is None
    with pytest.raises(UserError) as info:
        parse_camera_table({"sorce": "0"}, tmp_path / "c.toml")
    assert info.value.field == "camera.sorce"
    from companion.data import load_rules

    link = CameraLink(f"dir:{tmp_path}", tmp_path)
    from tests.conftest import DATA

    link.use_board(load_rules(str(DATA / "mini.toml")).board)  # returns at once
    assert not link.wait_started()
    assert link.service is None and link.status_code == "not calibrated"
    assert "calibrat" in link.status
    assert link.latest_proposals(None) == []
    link.close()
