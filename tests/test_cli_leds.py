import json
import threading

from companion.cli import main
from companion.cli.leds import wiring_pattern
from companion.devices.fake_firmware import FakeFirmware
from companion.metro import format_state
from tests.led_scenario import scenario


def test_pattern_is_red_green_blue_white_then_a_chase():
    steps = wiring_pattern(10, 12)
    assert [name for name, _ in steps[:4]] == ["red", "green", "blue", "white"]
    assert steps[0][1] == [(255, 0, 0)] * 10
    assert {name for name, _ in steps[4:]} == {"chase"}
    heads = [frame.index((255, 255, 255)) for _, frame in steps[4:] if (255, 255, 255) in frame]
    assert heads == sorted(heads) and heads[0] == 0 and heads[-1] == 9


def test_test_without_a_port_prints_what_would_be_shown(capsys):
    assert main(["leds", "test", "--count", "12", "--plain"]) == 0
    out = capsys.readouterr().out
    assert "RRRRRRRRRRRR" in out and "WWWWWWWWWWWW" in out and "simulated" in out
    assert main(["leds", "test", "--count", "12", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["port"] is None and report["count"] == 12 and report["status"] == "simulated"


def test_test_drives_a_real_pty(capsys):
    fw = FakeFirmware(greet_every=0.05)
    try:
        argv = [
            "leds",
            "test",
            "--port",
            fw.path,
            "--count",
            "8",
            "--baud",
            "921600",
            "--hold",
            "0.01",
            "--chase",
            "0.05",
            "--json",
        ]
        assert main(argv) == 0
        report = json.loads(capsys.readouterr().out)
        assert report["status"] == "connected"
        assert fw.wait_for(lambda f: len(f) >= 5)
        assert all(r.frame.count == 8 for r in fw.frames)
    finally:
        fw.close()


def test_show_lights_a_state(tmp_path, capsys):
    _, state, _ = scenario()
    path = tmp_path / "state.json"
    path.write_text(json.dumps(format_state(state)))
    argv = ["leds", "show", "--state", str(path), "--map", "tests/data/mini.toml", "--json"]
    assert main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    assert sorted(report["lit"]) == ["G1", "H6", "M4"]


def test_emulate_decodes_frames_from_a_writer(capsys, monkeypatch):
    from companion.devices import fake_firmware
    from companion.devices.ledconfig import LedConfig
    from companion.devices.serial_strip import SerialStrip

    made = []

    class Recording(fake_firmware.FakeFirmware):
        def __init__(self, *a, **k):
            super().__init__(*a, **{**k, "greet_every": 0.05})
            made.append(self)

    monkeypatch.setattr(fake_firmware, "FakeFirmware", Recording)
    done = threading.Event()
    result = []

    def run():
        argv = ["leds", "emulate", "--frames", "3", "--seconds", "20", "--json", "--all"]
        result.append(main(argv))
        done.set()

    t = threading.Thread(target=run)
    t.start()
    while not made:
        done.wait(0.01)
    strip = SerialStrip(LedConfig(baud=921600, fps=100), 4, made[0].path)
    try:
        for k in range(200):
            strip.show([(k, 0, 0)] * 4)
            if done.wait(0.02):
                break
    finally:
        strip.close()
    t.join(20)
    assert result == [0]
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert lines[0]["listening"].startswith("/dev/")
    assert all(x["count"] == 4 and x["checksum_ok"] for x in lines[1:])
    assert len(lines) >= 4


def test_bad_layout_is_one_line_with_file_and_field(tmp_path, capsys):
    bad = tmp_path / "leds.toml"
    bad.write_text('[strip]\ncolor_order = "RGBW"\n[[segments]]\nline = "G"\nfirst_led = 0\n')
    assert main(["leds", "test", "--layout", str(bad), "--count", "3"]) == 2
    err = capsys.readouterr().err
    assert str(bad) in err and "color_order" in err and "Traceback" not in err


def test_play_runs_a_sample_phase_on_the_simulated_strip(capsys):
    argv = ["leds", "play", "--map", "tests/data/mini.toml", "--speed", "50", "--json"]
    assert main(argv) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    kinds = [k for line in lines for k in line["kinds"]]
    assert kinds[0] == "departed" and "moved" in kinds and "paid" in kinds


def test_play_to_a_missing_port_says_so_and_fails(tmp_path, capsys):
    port = str(tmp_path / "ttyNOPE")
    argv = ["leds", "play", "--map", "tests/data/mini.toml", "--port", port, "--speed", "50"]
    assert main(argv) == 1
    out = capsys.readouterr().out.strip().splitlines()
    assert out == [f"{port}: not connected (not found)"]
