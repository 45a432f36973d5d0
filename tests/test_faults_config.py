"""Fault: bad config values. Each one stops the start with one line naming the file and the
key (exit 2, and the unit's RestartPreventExitStatus=2 keeps systemd from looping); a bad file
given to `systemctl reload` is refused and the running game keeps the old config.

test_app_config.py has the first cases; these add wrong types, pins out of range, duplicated
pins across buttons, encoder and players, the parts' own tables, and the search order."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import config as config_mod
from companion.cli import main as cli
from companion.config import find_config, load_config
from companion.devices.ledconfig import LedConfig
from companion.devices.sound import SoundConfig
from companion.errors import UserError
from companion.web.config import WebConfig
from tests.conftest import headless_app

BAD = [
    # wrong types
    ("[screen]\nfullscreen = 'yes'\n", "screen.fullscreen"),
    ("[screen]\nsize = '800x480'\n", "screen.size"),
    ("[screen]\nsize = [800.5, 480]\n", "screen.size"),
    ("screen = 3\n", "screen"),
    ("[input]\nplayers = 5\n", "input.players"),
    ("[input]\nencoder = [5]\n", "input.encoder"),
    ("[input]\nbounce_time = 'short'\n", "input.bounce_time"),
    ("[input]\nkeys = { ok = 5 }\n", "input.keys.ok"),
    ("[input]\nplayer_keys = 'abc'\n", "input.player_keys"),
    ("[input]\npins = [17, 27]\n", "input.pins"),
    ("[store]\ndata_dir = ''\n", "store.data_dir"),
    ("language = 5\n", "language"),
    # pins out of range
    ("[input]\npins = { up = -1 }\n", "input.pins.up"),
    ("[input]\npins = { up = 28 }\n", "input.pins.up"),
    ("[input]\npins = { up = 17.0 }\n", "input.pins.up"),
    ("[input]\npins = { up = true }\n", "input.pins.up"),
    ("[input]\nplayers = [4, 40]\n", "input.players[1]"),
    ("[input]\nencoder = [5, 99]\n", "input.encoder"),
    ("[input]\nencoder_push = 30\n", "input.encoder_push"),
    # duplicated pins
    ("[input]\npins = { up = 17, down = 17 }\n", "input"),
    ("[input]\npins = { ok = 24 }\nplayers = [5, 24]\n", "input"),
    ("[input]\npins = { ok = 24 }\nencoder = [24, 25]\n", "input"),
    ("[input]\nencoder = [5, 6]\nencoder_push = 6\n", "input"),
    # unknown keys
    ("[input]\npin = { up = 17 }\n", "input.pin"),
    ("[screen]\ncolour = 'red'\n", "screen.colour"),
    ("[store]\npath = '/tmp'\n", "store.path"),
    ("[camara]\nsource = 0\n", "camara"),
]


@pytest.mark.parametrize(("text", "field"), BAD)
def test_bad_value_names_file_and_field(tmp_path: Path, text: str, field: str) -> None:
    path = tmp_path / "config.toml"
    path.write_text(text)
    with pytest.raises(UserError) as info:
        load_config(path)
    assert info.value.field == field, info.value.line()
    assert info.value.file == str(path)
    assert info.value.line().startswith(f"{path}: {field}: ")


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("[sound]\nvolume = 300\n", "sound.volume"),
        ("[sound]\nloud = true\n", "sound.loud"),
        ("[input]\ngpio = 'off'\nkeys = { ok = 'no-such-key' }\n", "input.keys"),
        ("[input]\npins = { up = 28 }\n", "input.pins.up"),
        ("[leds]\nbaud = 'quick'\n", "baud"),
        ("[web]\nenabled = true\nhost = 'anywhere'\n", "web.host"),
        ("[web]\nport = 70000\n", "web.port"),
    ],
)
def test_run_refuses_to_start_with_one_line(
    tmp_path: Path, text: str, field: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "config.toml"
    path.write_text(text + f"[store]\ndata_dir = '{tmp_path / 'data'}'\n")
    assert cli(["run", "--config", str(path), "--windowed"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and field in err[0], err


def test_not_toml_at_all(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_bytes(b"\xff\xfe[screen]\n")
    with pytest.raises(UserError, match="UTF-8"):
        load_config(path)


def test_search_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    etc = tmp_path / "etc" / "companion" / "config.toml"
    home = tmp_path / "home"
    user = home / ".config" / "companion" / "config.toml"
    monkeypatch.setattr(config_mod, "SEARCH_PATHS", (etc, Path("~/.config/companion/config.toml")))
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("COMPANION_CONFIG", raising=False)
    assert find_config() is None
    assert load_config().path is None  # the defaults

    user.parent.mkdir(parents=True)
    user.write_text("[screen]\nfps = 24\n")
    assert find_config() == user
    assert load_config().screen.fps == 24

    etc.parent.mkdir(parents=True)
    etc.write_text("[screen]\nfps = 25\n")
    assert find_config() == etc
    assert load_config().screen.fps == 25

    env = tmp_path / "elsewhere.toml"
    env.write_text("[screen]\nfps = 26\n")
    monkeypatch.setenv("COMPANION_CONFIG", str(env))
    assert load_config().screen.fps == 26

    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "missing.toml"))
    with pytest.raises(UserError, match="no such file"):
        load_config()


def test_example_config_is_valid() -> None:
    example = Path(__file__).resolve().parent.parent / "config.example.toml"
    config = load_config(example)
    assert config.input.pins and config.input.players
    SoundConfig.from_toml_table(config.sound, example)
    LedConfig.from_toml_table(config.leds, example)
    assert not WebConfig.from_toml_table(config.web, example).enabled


def test_example_config_mentions_every_section() -> None:
    text = (Path(__file__).resolve().parent.parent / "config.example.toml").read_text()
    for section in (
        "[screen]",
        "[input]",
        "[input.pins]",
        "[store]",
        "[sound]",
        "[leds]",
        "[camera]",
        "[web]",
        "language =",
    ):
        assert section in text


def test_reload_keeps_the_game_and_refuses_a_bad_file(tmp_path: Path) -> None:
    """`systemctl reload` (SIGHUP) mid-game: keys and frame rate change at once, pin changes
    wait for a restart (and the status says so), a bad file is refused, the game is untouched."""
    import os
    import signal

    from companion.app.boot import shutdown
    from companion.app.session import MetroSession
    from companion.app.systemd import attach
    from companion.data import load_rules
    from companion.metro.events import Invest

    path = tmp_path / "config.toml"
    path.write_text("[screen]\nfps = 30\n[input]\ngpio = 'off'\n")
    config = load_config(path)
    app = headless_app(tmp_path / "data", config)
    hook = attach(app, config, env={})
    try:
        mini = str(Path(__file__).parent / "data" / "mini.toml")
        session = MetroSession.new(
            app.services.store, load_rules(mini), ["red", "blue"], map_name=mini
        )
        app.services.session = session
        session.record(Invest("red", "G", 300))
        state = session.state

        path.write_text(
            "[screen]\nfps = 20\n[input]\ngpio = 'off'\nplayers = [5, 6]\nkeys = { ok = 'k' }\n"
        )
        os.kill(os.getpid(), signal.SIGHUP)
        app.run(max_frames=app.frames + 2)
        assert hook.reloads == 1 and hook.last_reload_error is None
        assert app.fps == 20 and app.config.input.keys["ok"] == ["k"]
        assert app.services.session is session and session.state == state

        path.write_text("[input]\nplayers = [5, 5]\n")
        os.kill(os.getpid(), signal.SIGHUP)
        app.run(max_frames=app.frames + 2)
        assert hook.reloads == 2 and "pin 5 is used twice" in (hook.last_reload_error or "")
        assert app.fps == 20 and app.config.input.players == (5, 6)  # the old config stays
        assert app.services.session is session and session.state == state
    finally:
        hook.stopping()
        shutdown(app)


def test_reload_names_what_needs_a_restart() -> None:
    from companion.app.systemd import needs_restart
    from companion.config import parse_config

    old = parse_config({"input": {"gpio": "off"}})
    new = parse_config(
        {
            "input": {"gpio": "off", "players": [5]},
            "screen": {"size": [1024, 600]},
            "leds": {"port": "/dev/ttyACM0"},
        }
    )
    assert needs_restart(old, new) == ["screen", "buttons", "LED strip"]
    keys_only = parse_config({"input": {"gpio": "off", "keys": {"ok": "k"}}, "screen": {"fps": 10}})
    assert needs_restart(old, keys_only) == []
