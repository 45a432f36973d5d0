"""`companion check`: a table of what is fine and what is not, JSON, and the exit status."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from companion.cli import check
from companion.cli import main as cli

DATA = Path(__file__).parent / "data"


@pytest.fixture
def box(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A calibration folder with the mini map as the default map, and a data folder."""
    maps = tmp_path / "calibration" / "maps"
    maps.mkdir(parents=True)
    shutil.copy(DATA / "mini.toml", maps / "tokyo.toml")
    monkeypatch.setenv("COMPANION_CALIBRATION", str(tmp_path / "calibration"))
    monkeypatch.setenv("COMPANION_SOUND_BACKEND", "simulated")
    monkeypatch.delenv("COMPANION_CONFIG", raising=False)
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    (tmp_path / "data").mkdir()
    return tmp_path


def write_config(box: Path, extra: str = "") -> Path:
    path = box / "config.toml"
    path.write_text(
        f"""
[input]
gpio = "mock"
players = [5, 6]
[input.pins]
up = 17
ok = 24
[store]
data_dir = "{box / "data"}"
[leds]
port = "loop://"
{extra}
"""
    )
    return path


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, str]]:
    code = cli(["check", "--json", *args])
    out = json.loads(capsys.readouterr().out)
    return code, {row["name"]: (row["status"], row["detail"]) for row in out["checks"]}


def test_all_fine(box: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, rows = run_json(capsys, "--config", str(write_config(box)))
    assert rows["config"][0] == "ok"
    assert rows["map"] == ("ok", rows["map"][1]) and "lines" in rows["map"][1]
    assert rows["data folder"][0] == "ok"
    assert rows["saved games"][0] == "ok" and "none yet" in rows["saved games"][1]
    assert rows["LED port"] == ("ok", "loop:// opens at 115200 baud")
    assert rows["buttons"][0] == "ok" and rows["buttons"][1].startswith("4 buttons")
    assert rows["audio"][0] == "ok"
    assert rows["camera"][0] == "n/a"
    assert rows["phone view"][0] == "n/a"
    assert code == 0, rows


def test_table_output(box: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = cli(["check", "--config", str(write_config(box))])
    out = capsys.readouterr().out
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("config") and " ok " in lines[0]
    assert lines[-1] == "all fine"


def test_damaged_database_fails_and_is_left_alone(
    box: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = box / "data" / "games.db"
    db.write_bytes(b"this is not a database" * 100)
    code, rows = run_json(capsys, "--config", str(write_config(box)))
    assert code == 1
    assert rows["saved games"][0] == "FAIL" and "damaged" in rows["saved games"][1]
    assert db.read_bytes() == b"this is not a database" * 100


def test_healthy_database(box: Path, capsys: pytest.CaptureFixture[str]) -> None:
    conn = sqlite3.connect(box / "data" / "games.db")
    conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY)")
    conn.execute("INSERT INTO games VALUES (1)")
    conn.commit()
    conn.close()
    code, rows = run_json(capsys, "--config", str(write_config(box)))
    assert rows["saved games"] == ("ok", f"{box / 'data' / 'games.db'}: 1 games, integrity ok")
    assert code == 0


def test_bad_config_value_is_a_failed_row(box: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_config(box, "[screen]\nfps = 'fast'\n")
    code, rows = run_json(capsys, "--config", str(path))
    assert code == 1
    assert rows["config"][0] == "FAIL" and "screen.fps" in rows["config"][1]


def test_bad_led_setting_in_config(box: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_config(box, "baud = 'quick'\n")
    code, rows = run_json(capsys, "--config", str(path))
    assert code == 1
    assert rows["config"][0] == "FAIL" and "baud" in rows["config"][1]


def test_missing_serial_port(box: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_config(box)
    path.write_text(path.read_text().replace("loop://", str(box / "ttyNOPE")))
    code, rows = run_json(capsys, "--config", str(path))
    assert code == 1
    assert rows["LED port"][0] == "FAIL" and "ttyNOPE" in rows["LED port"][1]


def test_unwritable_data_folder(box: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = box / "file-not-folder"
    blocker.write_text("")
    path = write_config(box)
    path.write_text(path.read_text().replace(str(box / "data"), str(blocker / "data")))
    code, rows = run_json(capsys, "--config", str(path))
    assert code == 1
    assert rows["data folder"][0] == "FAIL" and "cannot write" in rows["data folder"][1]


def test_no_config_file_given_that_exists(box: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["check", "--config", str(box / "nope.toml")]) == 2
    assert "--config: no such file" in capsys.readouterr().err


def test_bad_timeout(box: Path) -> None:
    assert cli(["check", "--timeout", "0"]) == 2


def test_stuck_device_times_out() -> None:
    import threading

    stuck = threading.Event()
    with pytest.raises(TimeoutError, match=r"within 0\.05 s"):
        check.with_timeout(lambda: str(stuck.wait()), 0.05, "camera")
    stuck.set()


def test_gpio_off_is_not_a_failure(box: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_config(box)
    path.write_text(path.read_text().replace('gpio = "mock"', 'gpio = "off"'))
    code, rows = run_json(capsys, "--config", str(path))
    assert rows["buttons"][0] == "n/a"
    assert code == 0


def test_camera_from_a_folder_of_images(box: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import cv2
    import numpy as np

    shots = box / "shots"
    shots.mkdir()
    cv2.imwrite(str(shots / "a.png"), np.zeros((48, 64, 3), np.uint8))
    path = write_config(box, f'[camera]\nsource = "dir:{shots}"\n')
    code, rows = run_json(capsys, "--config", str(path))
    assert rows["camera"] == ("ok", f"dir:{shots}: 64x48"), rows["camera"]
    path = write_config(box, f'[camera]\nsource = "dir:{box / "nothing"}"\n')
    code, rows = run_json(capsys, "--config", str(path))
    assert rows["camera"][0] == "FAIL" and code == 1


def test_nothing_but_the_table_when_the_audio_device_is_missing(box: Path) -> None:
    """No `ALSA lib ...` lines or device warnings before the table: it says it all."""
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k not in ("SDL_AUDIODRIVER",)}
    env.pop("COMPANION_SOUND_BACKEND", None)
    env["AUDIODEV"] = "companion-no-such-card"
    env["ALSA_CONFIG_PATH"] = str(box / "no-alsa.conf")  # an ALSA that finds no card at all
    (box / "no-alsa.conf").write_text("")
    done = subprocess.run(
        [sys.executable, "-m", "companion", "check", "--config", str(write_config(box))],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert "ALSA lib" not in done.stderr
    assert "playing silently" not in done.stderr
    assert done.stdout.splitlines()[0].startswith("config ")
