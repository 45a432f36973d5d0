"""Sound effects: cue names played through pygame.mixer, or recorded by a simulated backend.

The backend is chosen when a `Sound` is built (argument, else `$COMPANION_SOUND_BACKEND`, else
pygame) and pygame is imported only then. `Sound.play()` never raises and never blocks: a missing
audio device, file or cue is logged once and the box carries on silently, because a game must
never stop for a speaker.
"""

from __future__ import annotations

import io
import logging
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol

from companion.devices.alsa import quiet_alsa
from companion.errors import UserError, reject_unknown
from companion.i18n import _

log = logging.getLogger(__name__)

SOUNDS_DIR = Path(__file__).resolve().parents[2] / "sounds"
CUES = (
    "departure",
    "bell",
    "coin",
    "prompt",
    "error",
    "beep",
    "beep_last",
    "buzzer",
    "start",
    "stop",
    "fanfare",
)
# Train-phase step kind (companion.metro.steps) -> the cue that goes with it.
STEP_CUES = {"departed": "departure", "paid": "coin", "offered": "prompt", "removed": "bell"}


class SoundUnavailable(Exception):
    """The backend cannot make sound (no audio device, no mixer)."""


@dataclass(frozen=True)
class SoundConfig:
    """The `[sound]` table of the config file."""

    enabled: bool = True
    volume: int = 80
    device: str = ""

    @classmethod
    def from_toml_table(
        cls, table: object, file: str | Path | None = None, section: str = "sound"
    ) -> SoundConfig:
        if table is None:
            return cls()
        if not isinstance(table, Mapping):
            raise UserError("expected a table such as [sound]", file, section)
        reject_unknown(table, ("enabled", "volume", "device"), file, section)
        enabled = table.get("enabled", cls.enabled)
        if not isinstance(enabled, bool):
            raise UserError("expected true or false", file, f"{section}.enabled")
        volume = table.get("volume", cls.volume)
        if isinstance(volume, bool) or not isinstance(volume, int) or not 0 <= volume <= 100:
            raise UserError(
                f"expected a whole number from 0 to 100, got {volume!r}", file, f"{section}.volume"
            )
        device = table.get("device", cls.device)
        if not isinstance(device, str):
            raise UserError(
                'expected the audio device\'s name as text ("" for the default)',
                file,
                f"{section}.device",
            )
        return cls(enabled=enabled, volume=volume, device=device.strip())


class SoundBackend(Protocol):
    """What `Sound` needs from an audio output. `open()` raises SoundUnavailable."""

    def open(self, device: str) -> str: ...
    def load(self, name: str, path: Path) -> None: ...
    def play(self, name: str, volume: float) -> None: ...
    def play_wav(self, data: bytes, volume: float) -> float:
        """Play a WAV file's bytes on the voice channel; its length in seconds."""
        ...

    def stop_voice(self) -> None: ...
    def stop_all(self) -> None: ...
    def close(self) -> None: ...


@dataclass
class SimulatedSoundBackend:
    """Records what was played. `fail` makes `open()` fail as if there were no audio device."""

    fail: str | None = None
    played: list[str] = field(default_factory=list)
    volumes: list[float] = field(default_factory=list)
    voiced: list[int] = field(default_factory=list)
    """The size in bytes of each WAV played on the voice channel."""
    loaded: dict[str, Path] = field(default_factory=dict)
    stops: int = 0
    device: str | None = None
    closed: bool = False

    def open(self, device: str) -> str:
        if self.fail is not None:
            raise SoundUnavailable(self.fail)
        self.device = device
        return ""

    def load(self, name: str, path: Path) -> None:
        if not path.is_file():
            raise FileNotFoundError(path)
        self.loaded[name] = path

    def play(self, name: str, volume: float) -> None:
        self.played.append(name)
        self.volumes.append(volume)

    def play_wav(self, data: bytes, volume: float) -> float:
        self.voiced.append(len(data))
        return 0.0

    def stop_voice(self) -> None:
        pass

    def stop_all(self) -> None:
        self.stops += 1

    def close(self) -> None:
        self.closed = True

    def clear(self) -> None:
        self.played.clear()
        self.volumes.clear()
        self.stops = 0


class PygameMixerBackend:
    """pygame.mixer; `mixer` may be a stand-in module for tests."""

    FREQUENCY = 44_100
    BUFFER = 512
    CHANNELS = 16

    def __init__(self, mixer: ModuleType | Any | None = None) -> None:
        self._mixer = mixer
        self._sounds: dict[str, Any] = {}
        self._owns_mixer = False

    def open(self, device: str) -> str:
        if self._mixer is None:
            try:
                import pygame.mixer
            except ImportError as exc:
                raise SoundUnavailable(f"pygame is not installed ({exc})") from None
            self._mixer = pygame.mixer
        mixer = self._mixer
        note = ""
        if mixer.get_init() is None or device:
            if mixer.get_init() is not None:
                mixer.quit()
            try:
                self._init(device or None)
            except Exception as exc:
                if not device:
                    raise SoundUnavailable(f"no audio device ({exc})") from None
                note = f"audio device {device!r} not available ({exc}); using the default"
                try:
                    self._init(None)
                except Exception as exc2:
                    raise SoundUnavailable(f"no audio device ({exc2})") from None
            self._owns_mixer = True
        mixer.set_num_channels(self.CHANNELS)
        mixer.set_reserved(1)
        return note

    def _init(self, device: str | None) -> None:
        assert self._mixer is not None
        with quiet_alsa():
            self._mixer.init(
                frequency=self.FREQUENCY,
                size=-16,
                channels=2,
                buffer=self.BUFFER,
                devicename=device,
            )

    def load(self, name: str, path: Path) -> None:
        assert self._mixer is not None
        self._sounds[name] = self._mixer.Sound(str(path))

    def play(self, name: str, volume: float) -> None:
        sound = self._sounds[name]
        sound.set_volume(volume)
        sound.play()

    def play_wav(self, data: bytes, volume: float) -> float:
        """On channel 0, kept out of the cues' way (`set_reserved`): one phrase at a time."""
        assert self._mixer is not None
        sound = self._mixer.Sound(file=io.BytesIO(data))
        sound.set_volume(volume)
        self._mixer.Channel(0).play(sound)
        return float(sound.get_length())

    def stop_voice(self) -> None:
        if self._mixer is not None and self._mixer.get_init() is not None:
            self._mixer.Channel(0).stop()

    def stop_all(self) -> None:
        if self._mixer is not None and self._mixer.get_init() is not None:
            self._mixer.stop()

    def close(self) -> None:
        self._sounds.clear()
        if self._owns_mixer and self._mixer is not None:
            self._mixer.quit()
            self._owns_mixer = False


def make_backend(name: str | None = None) -> SoundBackend:
    """A backend from `SOUND_BACKENDS` by name; None reads $COMPANION_SOUND_BACKEND (default:
    pygame)."""
    from companion.devices.backends import SOUND_BACKENDS

    backend: SoundBackend = SOUND_BACKENDS.load(SOUND_BACKENDS.choose(name, "", "pygame"))()
    return backend


class Sound:
    """Plays cues by name. Sounds are loaded once, when built."""

    def __init__(
        self,
        config: SoundConfig | None = None,
        backend: str | SoundBackend | None = None,
        sounds_dir: Path = SOUNDS_DIR,
    ) -> None:
        self.config = config or SoundConfig()
        self._volume = self.config.volume / 100
        self._muted = False
        self._warned: set[str] = set()
        self._loaded: set[str] = set()
        self.warning: str | None = None
        self._closed = False
        self.backend: SoundBackend | None = None
        if not self.config.enabled:
            return
        self.backend = (
            make_backend(backend) if backend is None or isinstance(backend, str) else backend
        )
        try:
            note = self.backend.open(self.config.device)
        except Exception as exc:
            self.warning = str(exc) if isinstance(exc, SoundUnavailable) else repr(exc)
            log.warning("sound: %s; playing silently", self.warning)
            self.backend = None
            return
        if note:
            self.warning = note
            log.warning("sound: %s", note)
        self._preload(sounds_dir)

    def _preload(self, sounds_dir: Path) -> None:
        assert self.backend is not None
        missing = []
        for name in CUES:
            try:
                self.backend.load(name, sounds_dir / f"{name}.wav")
                self._loaded.add(name)
            except Exception as exc:
                missing.append(name)
                log.warning("sound: cannot load %r from %s (%s)", name, sounds_dir, exc)
        if missing and self.warning is None:
            self.warning = f"sound files missing or unreadable: {', '.join(missing)}"

    @property
    def ok(self) -> bool:
        """True when sound really reaches an audio device."""
        return self.backend is not None and bool(self._loaded)

    @property
    def status(self) -> str:
        """One line for the settings screen, in the current language."""
        if not self.config.enabled:
            return _("Sound off (disabled in the config file)")
        if self._closed:
            return _("Sound off")
        if self.backend is None:
            return _("No audio device: sound is off")
        if not self._loaded:
            return _("Sound files missing: sound is off")
        if self._muted:
            return _("Sound muted")
        return _("Sound on, volume {percent}%").format(percent=round(self._volume * 100))

    @property
    def volume(self) -> float:
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        if math.isnan(value):
            raise ValueError(f"volume must be a number from 0.0 to 1.0, got {value!r}")
        self._volume = min(1.0, max(0.0, float(value)))

    @property
    def muted(self) -> bool:
        return self._muted

    @muted.setter
    def muted(self, value: bool) -> None:
        self._muted = bool(value)
        if self._muted:
            self.stop_all()

    def play(self, name: str) -> None:
        """Start a cue and return at once; never raises."""
        if self.backend is None or self._muted or self._volume <= 0:
            return
        if name not in self._loaded:
            self._warn_once(name, f"sound: no sound loaded for cue {name!r}")
            return
        try:
            self.backend.play(name, self._volume)
        except Exception as exc:
            self._warn_once(name, f"sound: playing {name!r} failed ({exc!r})")

    def play_wav(self, data: bytes) -> float:
        """Play a spoken phrase (a WAV file's bytes) at the cues' volume; its length in seconds,
        0 when nothing is heard (muted, no device). Never raises; called from the voice's
        thread."""
        if self.backend is None or self._muted or self._volume <= 0:
            return 0.0
        try:
            return self.backend.play_wav(data, self._volume)
        except Exception as exc:
            self._warn_once("voice", f"sound: playing a phrase failed ({exc!r})")
            return 0.0

    def stop_voice(self) -> None:
        if self.backend is not None:
            try:
                self.backend.stop_voice()
            except Exception as exc:
                self._warn_once("stop_voice", f"sound: stopping the voice failed ({exc!r})")

    def play_step(self, step: object) -> None:
        """The cue for a train-phase step (by its `kind`), if it has one."""
        cue = STEP_CUES.get(getattr(step, "kind", ""))
        if cue is not None:
            self.play(cue)

    def stop_all(self) -> None:
        if self.backend is None:
            return
        try:
            self.backend.stop_all()
        except Exception as exc:
            self._warn_once("stop_all", f"sound: stopping failed ({exc!r})")

    def close(self) -> None:
        if self.backend is not None:
            try:
                self.backend.close()
            except Exception as exc:
                log.warning("sound: closing failed (%r)", exc)
            self.backend = None
            self._closed = True

    def _warn_once(self, key: str, message: str) -> None:
        if key not in self._warned:
            self._warned.add(key)
            log.warning(message)
