"""The sound player: simulated backend, the real mixer on SDL's disk driver, failures, config."""

import json
import math
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion import i18n
from companion.devices.sound import (
    CUES,
    PygameMixerBackend,
    SimulatedSoundBackend,
    Sound,
    SoundConfig,
    SoundUnavailable,
)
from companion.errors import UserError
from companion.metro.vehicles import VehicleId as V

ROOT = Path(__file__).resolve().parent.parent


def simulated(config: SoundConfig | None = None, **kwargs) -> tuple[Sound, SimulatedSoundBackend]:
    backend = SimulatedSoundBackend(**kwargs)
    return Sound(config, backend=backend), backend


# -- the simulated backend ------------------------------------------------------------------


def test_cues_are_preloaded_once_and_recorded_when_played():
    sound, backend = simulated()
    assert set(backend.loaded) == set(CUES)
    sound.play("departure")
    sound.play("coin")
    sound.play("coin")
    assert backend.played == ["departure", "coin", "coin"]
    assert backend.volumes == [0.8, 0.8, 0.8]
    assert sound.ok and sound.warning is None
    backend.clear()
    assert backend.played == []


def test_train_phase_steps_play_their_cues():
    from companion.metro.steps import Departed, Moved, Paid

    sound, backend = simulated()
    sound.play_step(Departed(vehicle=V("G"), stop="G1", moves=2))
    sound.play_step(Moved(vehicle=V("G"), from_stop="G1", to_stop="G2", direction=1, move=1))
    sound.play_step(Paid(V("G"), "G2", "Ginza", "Red", 200, 200))
    sound.play_step(object())
    assert backend.played == ["departure", "coin"]


def test_an_unknown_cue_is_ignored_without_raising(caplog):
    sound, backend = simulated()
    sound.play("trumpet")
    sound.play("trumpet")
    assert backend.played == []
    assert sum("trumpet" in r.message for r in caplog.records) == 1


def test_volume_is_passed_on_and_clamped():
    sound, backend = simulated(SoundConfig(volume=30))
    assert sound.volume == pytest.approx(0.3)
    sound.volume = 0.55
    sound.play("beep")
    sound.volume = 7
    sound.play("beep")
    sound.volume = -1
    sound.play("beep")
    assert backend.volumes == [0.55, 1.0]
    assert sound.volume == 0.0
    with pytest.raises(ValueError):
        sound.volume = math.nan


@given(st.floats(allow_nan=False))
def test_volume_always_stays_between_0_and_1(value):
    sound = Sound(backend=SimulatedSoundBackend())
    sound.volume = value
    assert 0.0 <= sound.volume <= 1.0


def test_mute_silences_and_stops_what_is_playing():
    sound, backend = simulated()
    sound.muted = True
    assert backend.stops == 1
    sound.play("fanfare")
    assert backend.played == []
    sound.muted = False
    sound.play("fanfare")
    sound.stop_all()
    assert backend.played == ["fanfare"] and backend.stops == 2


def test_no_audio_device_is_a_warning_and_play_does_nothing(caplog):
    sound, backend = simulated(fail="no audio device (test)")
    assert not sound.ok
    assert sound.warning == "no audio device (test)"
    assert sound.status == "No audio device: sound is off"
    sound.play("coin")
    sound.stop_all()
    sound.muted = True
    assert backend.played == [] and backend.loaded == {}
    assert any("playing silently" in r.message for r in caplog.records)


def test_disabled_in_config_opens_nothing():
    sound, backend = simulated(SoundConfig(enabled=False))
    assert backend.device is None and sound.backend is None
    sound.play("coin")
    assert backend.played == []
    assert sound.status == "Sound off (disabled in the config file)"


def test_missing_sound_files_are_a_warning(tmp_path):
    backend = SimulatedSoundBackend()
    sound = Sound(backend=backend, sounds_dir=tmp_path)
    assert not sound.ok
    assert sound.warning is not None and "coin" in sound.warning
    sound.play("coin")
    assert backend.played == []
    assert sound.status == "Sound files missing: sound is off"


def test_a_backend_that_fails_while_playing_never_reaches_the_caller():
    class Broken(SimulatedSoundBackend):
        def play(self, name: str, volume: float) -> None:
            raise RuntimeError("the speaker fell off the table")

        def stop_all(self) -> None:
            raise RuntimeError("still on the floor")

    sound = Sound(backend=Broken())
    sound.play("coin")
    sound.stop_all()
    sound.close()
    sound.play("coin")


def test_status_follows_the_language():
    sound, _ = simulated(SoundConfig(volume=50))
    try:
        assert sound.status == "Sound on, volume 50%"
        i18n.set_language("es")
        assert sound.status == "Sonido activado, volumen 50 %"
        i18n.set_language("fr")
        sound.muted = True
        assert sound.status == "Son coupé"
    finally:
        i18n.set_language("en")


def test_backend_is_chosen_from_the_environment(monkeypatch):
    monkeypatch.setenv("COMPANION_SOUND_BACKEND", "simulated")
    sound = Sound()
    assert isinstance(sound.backend, SimulatedSoundBackend)
    sound.play("bell")
    assert sound.backend.played == ["bell"]
    monkeypatch.setenv("COMPANION_SOUND_BACKEND", "gramophone")
    with pytest.raises(UserError, match="gramophone"):
        Sound()


# -- the pygame backend ---------------------------------------------------------------------


class FakeMixer:
    """Stands in for pygame.mixer: devices it knows, inits it saw, sounds it played."""

    def __init__(self, devices: tuple[str | None, ...] = (None,)) -> None:
        self.devices = devices
        self.inits: list[str | None] = []
        self.current: str | None = None
        self.opened = False
        self.played: list[tuple[str, float]] = []

    def get_init(self):
        return (44100, -16, 2) if self.opened else None

    def init(self, **kwargs) -> None:
        self.inits.append(kwargs["devicename"])
        if kwargs["devicename"] not in self.devices:
            raise RuntimeError("No such device")
        self.opened = True

    def quit(self) -> None:
        self.opened = False

    def set_num_channels(self, n: int) -> None:
        pass

    def set_reserved(self, n: int) -> None:
        self.reserved = n

    def stop(self) -> None:
        pass

    def Sound(self, path: str):
        mixer = self

        class Clip:
            volume = 1.0

            def set_volume(self, v: float) -> None:
                self.volume = v

            def play(self) -> None:
                mixer.played.append((Path(path).stem, self.volume))

        return Clip()


def test_an_unknown_device_falls_back_to_the_default_with_a_warning():
    mixer = FakeMixer()
    sound = Sound(SoundConfig(device="USB Audio"), backend=PygameMixerBackend(mixer))
    assert mixer.inits == ["USB Audio", None]
    assert sound.ok and "USB Audio" in (sound.warning or "")
    sound.play("coin")
    assert mixer.played == [("coin", 0.8)]
    sound.close()
    assert not mixer.opened


def test_a_named_device_that_exists_is_used():
    mixer = FakeMixer(devices=("USB Audio",))
    sound = Sound(SoundConfig(device="USB Audio"), backend=PygameMixerBackend(mixer))
    assert mixer.inits == ["USB Audio"] and sound.warning is None


def test_no_device_at_all_is_a_warning():
    mixer = FakeMixer(devices=())
    sound = Sound(SoundConfig(device="USB Audio"), backend=PygameMixerBackend(mixer))
    assert not sound.ok and "no audio device" in (sound.warning or "")


def test_a_mixer_already_opened_by_the_app_is_reused_and_left_open():
    mixer = FakeMixer()
    mixer.opened = True
    sound = Sound(backend=PygameMixerBackend(mixer))
    assert mixer.inits == [] and sound.ok
    sound.close()
    assert mixer.opened


def run_sdl(script: str, driver: str, tmp_path: Path, **env: str) -> dict:
    environ = {**os.environ, "SDL_AUDIODRIVER": driver, "PYTHONPATH": str(ROOT), **env}
    environ.pop("COMPANION_SOUND_BACKEND", None)
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)],
        env=environ,
        capture_output=True,
        text=True,
        timeout=30,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_mixer_really_plays_into_sdls_disk_driver(tmp_path):
    out = tmp_path / "out.raw"
    script = """
        import json, time
        from pathlib import Path
        from companion.devices.sound import Sound
        sound = Sound()
        sound.play("beep")
        # The disk driver writes in real time, silence first on a loaded machine: wait until
        # the 0.1 s beep itself is in the file (a loud sample), or give up after 10 s.
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            data = Path("out.raw").read_bytes()
            pcm = memoryview(data[: len(data) // 2 * 2]).cast("h")
            if pcm and max(map(abs, pcm)) > 10000:
                break
            time.sleep(0.05)
        import pygame
        init = pygame.mixer.get_init()
        print(json.dumps({"ok": sound.ok, "warning": sound.warning, "init": init}))
        sound.close()
    """
    result = run_sdl(script, "disk", tmp_path, SDL_DISKAUDIOFILE=str(out))
    assert result["ok"] and result["warning"] is None
    assert result["init"][1] == -16  # signed 16-bit samples
    pcm = np.fromfile(out, "<i2").astype(float)
    assert np.abs(pcm).max() > 0.5 * 0.8 * 32767 * 10 ** (-3 / 20)  # the beep at volume 80 %


def test_no_audio_driver_gives_a_warning_status_and_silent_play(tmp_path):
    script = """
        import json
        from companion.devices.sound import Sound
        sound = Sound()
        sound.play("coin")
        sound.volume = 0.5
        sound.muted = True
        sound.stop_all()
        print(json.dumps({"ok": sound.ok, "status": sound.status, "warning": sound.warning}))
    """
    result = run_sdl(script, "nonexistent", tmp_path)
    assert result["ok"] is False
    assert result["status"] == "No audio device: sound is off"
    assert "no audio device" in result["warning"]


# -- config ---------------------------------------------------------------------------------


def test_config_defaults_and_values():
    assert SoundConfig.from_toml_table(None, "c.toml") == SoundConfig(True, 80, "")
    table = {"enabled": False, "volume": 35, "device": " USB Audio "}
    assert SoundConfig.from_toml_table(table, "c.toml") == SoundConfig(False, 35, "USB Audio")


@pytest.mark.parametrize(
    ("table", "field", "words"),
    [
        ("loud", "sound", "table"),
        ({"volum": 50}, "sound.volum", "unknown setting"),
        ({"enabled": "yes"}, "sound.enabled", "true or false"),
        ({"enabled": 1}, "sound.enabled", "true or false"),
        ({"volume": 101}, "sound.volume", "0 to 100"),
        ({"volume": -1}, "sound.volume", "0 to 100"),
        ({"volume": 0.5}, "sound.volume", "whole number"),
        ({"volume": True}, "sound.volume", "whole number"),
        ({"device": 3}, "sound.device", "name"),
    ],
)
def test_config_errors_name_the_file_and_field(table, field, words):
    with pytest.raises(UserError) as caught:
        SoundConfig.from_toml_table(table, "config.toml")
    assert caught.value.file == "config.toml"
    assert caught.value.field == field
    assert words in caught.value.message
    assert caught.value.line().startswith(f"config.toml: {field}: ")


def test_sound_unavailable_is_an_exception_with_the_reason():
    assert str(SoundUnavailable("no audio device (x)")) == "no audio device (x)"


def test_the_sound_check_tool_plays_a_cue_and_names_it():
    environ = {**os.environ, "SDL_AUDIODRIVER": "dummy"}
    environ.pop("COMPANION_SOUND_BACKEND", None)
    tool = [sys.executable, str(ROOT / "tools" / "play_sounds.py")]
    done = subprocess.run(
        [*tool, "beep", "--gap", "0"], env=environ, capture_output=True, text=True, timeout=30
    )
    assert done.returncode == 0, done.stderr
    assert "beep" in done.stdout
    bad = subprocess.run([*tool, "trumpet"], env=environ, capture_output=True, text=True)
    assert bad.returncode == 2 and "unknown cue" in bad.stderr
