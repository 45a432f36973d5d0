"""Each device's backends by name, chosen late and imported lazily (gpiozero's pin factories).

A backend is named by an argument, else by the device's environment variable, else by its config
key, else by the device's default; its "module:attr" is imported only once it is chosen, so a
laptop never imports pyserial and the LED modules do not import each other.

    COMPANION_LEDS=memory companion demo      # the LED strip kept in memory, whatever the config
    COMPANION_SOUND_BACKEND=simulated ...     # sounds recorded, not played
    COMPANION_VOICE_BACKEND=simulated ...     # phrases recorded, not said
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Mapping
from dataclasses import dataclass

from companion.errors import UserError


@dataclass(frozen=True)
class BackendTable:
    device: str
    env: str
    """The environment variable that overrides the config."""
    field: str
    """The config key that names a backend (for error messages)."""
    backends: Mapping[str, str]
    """Backend name -> "module:attr" of its class."""

    def choose(self, name: str | None, configured: str, default: str) -> str:
        """The backend to use: `name`, else $env, else `configured`, else `default`."""
        chosen = name or os.environ.get(self.env, "") or configured or default
        if chosen not in self.backends:
            expected = ", ".join(sorted(self.backends))
            source = self.env if not name and os.environ.get(self.env) else self.field
            message = f"unknown {self.device} backend {chosen!r}; expected {expected}"
            raise UserError(message, None, source)
        return chosen

    def load(self, name: str) -> type:
        module, _, attr = self.backends[name].partition(":")
        cls = getattr(importlib.import_module(module), attr)
        if not isinstance(cls, type):
            raise TypeError(f"{self.backends[name]} is not a class")
        return cls


LED_BACKENDS = BackendTable(
    device="LED strip",
    env="COMPANION_LEDS",
    field="leds.backend",
    backends={
        "serial": "companion.devices.serial_strip:SerialStrip",
        "memory": "companion.devices.leds:SimulatedStrip",
    },
)
SOUND_BACKENDS = BackendTable(
    device="sound",
    env="COMPANION_SOUND_BACKEND",
    field="sound.backend",
    backends={
        "pygame": "companion.devices.sound:PygameMixerBackend",
        "simulated": "companion.devices.sound:SimulatedSoundBackend",
    },
)
VOICE_BACKENDS = BackendTable(
    device="voice",
    env="COMPANION_VOICE_BACKEND",
    field="voice.backend",
    backends={
        "espeak": "companion.voice.speaker:EspeakBackend",
        "simulated": "companion.voice.speaker:SimulatedVoiceBackend",
    },
)
