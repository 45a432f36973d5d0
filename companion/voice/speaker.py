"""Spoken announcements: phrases queued to a worker thread that renders them with a backend
(espeak-ng, or a simulated twin that records them) and plays the sound through the app's mixer.

`Voice.say` only puts the phrase on a queue and returns: the screen never waits for a voice.
A backend that cannot speak (espeak-ng not installed) leaves the box silent, with one message
for the screen (`take_notice`). The backend is chosen like the other devices'
(`companion.devices.backends.VOICE_BACKENDS`) and only looked for once announcements are on.
"""

from __future__ import annotations

import logging
import queue
import shutil
import struct
import subprocess
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from companion import i18n
from companion.errors import UserError, reject_unknown
from companion.i18n import _

log = logging.getLogger(__name__)

ESPEAK_VOICES = {"es": "es", "fr": "fr-fr", "en": "en-gb"}
QUEUE_SIZE = 8
"""Phrases waiting at most; when full the oldest is dropped (it is stale by then)."""
RENDER_TIMEOUT = 10.0


class VoiceUnavailable(Exception):
    """The backend cannot speak (espeak-ng missing or failing)."""


@dataclass(frozen=True)
class VoiceConfig:
    """The `[voice]` table of the config file."""

    enabled: bool = False
    """Announcements on at first start (the Settings screen changes it after that)."""
    backend: str = ""
    rate: int = 150
    """Words a minute."""

    @classmethod
    def from_toml_table(cls, table: object, file: str | Path | None = None) -> VoiceConfig:
        if table is None:
            return cls()
        if not isinstance(table, Mapping):
            raise UserError("expected a table such as [voice]", file, "voice")
        reject_unknown(table, ("enabled", "backend", "rate"), file, "voice")
        enabled = table.get("enabled", cls.enabled)
        if not isinstance(enabled, bool):
            raise UserError("expected true or false", file, "voice.enabled")
        backend = table.get("backend", cls.backend)
        if not isinstance(backend, str):
            raise UserError('expected a backend name such as "espeak"', file, "voice.backend")
        rate = table.get("rate", cls.rate)
        if isinstance(rate, bool) or not isinstance(rate, int) or not 80 <= rate <= 450:
            raise UserError(f"expected words a minute, 80 to 450, got {rate!r}", file, "voice.rate")
        return cls(enabled=enabled, backend=backend.strip(), rate=rate)


class VoiceBackend(Protocol):
    def open(self) -> None:
        """Check the backend can speak; raises VoiceUnavailable."""
        ...

    def render(self, text: str, language: str, rate: int) -> bytes:
        """The phrase as a WAV file's bytes (b"": nothing to play)."""
        ...


@dataclass
class SimulatedVoiceBackend:
    """Records each phrase as (language, text). `fail` makes `open()` fail as if espeak-ng
    were missing."""

    fail: str | None = None
    spoken: list[tuple[str, str]] = field(default_factory=list)

    def open(self) -> None:
        if self.fail is not None:
            raise VoiceUnavailable(self.fail)

    def render(self, text: str, language: str, rate: int) -> bytes:
        self.spoken.append((language, text))
        return b""


def fix_wav_sizes(data: bytes) -> bytes:
    """espeak-ng's `--stdout` streams a WAV whose header has placeholder sizes; set them to
    the real ones so any reader takes it."""
    if len(data) < 12 or data[:4] != b"RIFF" or data[8:12] != b"WAVE":
        raise VoiceUnavailable("espeak-ng did not write a WAV file")
    out = bytearray(data)
    struct.pack_into("<I", out, 4, len(out) - 8)
    at = 12
    while at + 8 <= len(out):
        chunk, size = out[at : at + 4], struct.unpack_from("<I", out, at + 4)[0]
        if chunk == b"data":
            struct.pack_into("<I", out, at + 4, len(out) - at - 8)
            break
        at += 8 + size
    return bytes(out)


class EspeakBackend:
    """espeak-ng as a command (the Debian and Raspberry Pi OS package), one run a phrase."""

    def __init__(self, command: str = "espeak-ng") -> None:
        self.command = command
        self._path: str | None = None

    def open(self) -> None:
        self._path = shutil.which(self.command)
        if self._path is None:
            raise VoiceUnavailable(f"{self.command} is not installed")

    def render(self, text: str, language: str, rate: int) -> bytes:
        if self._path is None:
            self.open()
        assert self._path is not None
        voice = ESPEAK_VOICES.get(language, language)
        try:
            done = subprocess.run(
                [self._path, "-b", "1", "-v", voice, "-s", str(rate), "--stdout"],
                input=text.encode("utf-8"),
                capture_output=True,
                timeout=RENDER_TIMEOUT,
                check=True,
            )
        except (OSError, subprocess.SubprocessError) as exc:
            raise VoiceUnavailable(f"{self.command} failed ({exc})") from None
        return fix_wav_sizes(done.stdout)


def make_voice_backend(name: str | None, configured: str = "") -> VoiceBackend:
    from companion.devices.backends import VOICE_BACKENDS

    backend: VoiceBackend = VOICE_BACKENDS.load(VOICE_BACKENDS.choose(name, configured, "espeak"))()
    return backend


Output = Callable[[bytes], float]
"""Plays a WAV and returns its length in seconds (0: not played): the app's mixer."""


class Voice:
    """Speaks phrases in the language current when `say` was called, one after another."""

    def __init__(
        self,
        config: VoiceConfig | None = None,
        backend: str | VoiceBackend | None = None,
        output: Output | None = None,
        stop_output: Callable[[], None] | None = None,
    ) -> None:
        self.config = config or VoiceConfig()
        self._backend_choice = backend
        self.backend: VoiceBackend | None = None
        self.output = output
        self._stop_output = stop_output
        self.enabled = False
        self.warning: str | None = None
        self._noticed = False
        self._opened = False
        self._queue: queue.Queue[tuple[str, str] | None] = queue.Queue(QUEUE_SIZE)
        self._interrupt = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self.failures = 0

    def set_enabled(self, on: bool) -> None:
        """Turn announcements on or off; the first time on looks for the backend."""
        self.enabled = on
        if on and not self._opened:
            self._open()

    def _open(self) -> None:
        self._opened = True
        choice = self._backend_choice
        try:
            backend = (
                make_voice_backend(choice, self.config.backend)
                if choice is None or isinstance(choice, str)
                else choice
            )
            backend.open()
        except VoiceUnavailable as exc:
            self.warning = str(exc)
            log.warning("voice: %s; announcements are silent", exc)
            return
        self.backend = backend

    @property
    def speaking(self) -> bool:
        return self.enabled and self.backend is not None

    @property
    def status(self) -> str:
        """One line for the settings screen, in the current language."""
        if not self.enabled:
            return _("Spoken announcements off")
        if self.backend is None:
            return _("espeak-ng is missing: no voice")
        return _("Spoken announcements on")

    def take_notice(self) -> str | None:
        """The message for the screen when announcements are on but cannot be heard: once."""
        if self._noticed or not self.enabled or self.backend is not None:
            return None
        self._noticed = True
        return self.status

    def say(self, text: str, interrupt: bool = False) -> None:
        """Queue a phrase and return at once; `interrupt` drops what is waiting and cuts the
        phrase being spoken (a «¡alto!» is said now, not after the queue)."""
        if not self.speaking or not text:
            return
        if interrupt:
            self._drain()
            self._interrupt.set()
            self._stop()
        item = (i18n.language(), text)
        while True:
            try:
                self._queue.put_nowait(item)
                break
            except queue.Full:
                self._drop_one()
        self._start()

    def _start(self) -> None:
        with self._lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="voice", daemon=True)
                self._thread.start()

    def _drop_one(self) -> None:
        try:
            self._queue.get_nowait()
            self._queue.task_done()
        except queue.Empty:
            pass

    def _drain(self) -> None:
        while not self._queue.empty():
            self._drop_one()

    def _stop(self) -> None:
        if self._stop_output is not None:
            try:
                self._stop_output()
            except Exception:
                log.exception("voice: stopping the output failed")

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            try:
                if item is None:
                    return
                self._interrupt.clear()
                self._speak(*item)
            finally:
                self._queue.task_done()

    def _speak(self, language: str, text: str) -> None:
        backend = self.backend
        if backend is None:
            return
        try:
            wav = backend.render(text, language, self.config.rate)
            seconds = self.output(wav) if wav and self.output is not None else 0.0
        except Exception as exc:
            self.failures += 1
            if self.failures == 1:
                log.warning("voice: %r could not be said (%s)", text, exc)
            return
        if seconds > 0:
            self._interrupt.wait(seconds)

    def wait(self, timeout: float = 5.0) -> bool:
        """Block until every queued phrase is done (tests, the demo's end); False on timeout."""
        done = threading.Event()

        def joined() -> None:
            self._queue.join()
            done.set()

        threading.Thread(target=joined, daemon=True).start()
        return done.wait(timeout)

    def close(self) -> None:
        thread = self._thread
        if thread is None or not thread.is_alive():
            return
        self._drain()
        self._interrupt.set()
        try:
            self._queue.put(None, timeout=1.0)
        except queue.Full:
            return
        thread.join(timeout=2.0)
