""" "Turn off": under the systemd service the Pi shuts down cleanly once the app has closed
(saved games, LEDs, sound); anywhere else the app only quits.

The service says it may power off with `COMPANION_POWER_OFF=1` (in companion.service);
`systemctl poweroff` is then allowed to the `companion` user by the polkit rule that
tools/install.sh installs (the unit's NoNewPrivileges= rules out sudo). The command runner is
injected, so tests use a fake one.
"""

from __future__ import annotations

import logging
import os
import subprocess
from collections.abc import Callable, Mapping, Sequence

log = logging.getLogger(__name__)
POWER_OFF = ("systemctl", "poweroff")
ENV = "COMPANION_POWER_OFF"
Runner = Callable[[Sequence[str]], int]


def run_command(command: Sequence[str]) -> int:
    return subprocess.run(list(command), check=False, timeout=30).returncode


class Power:
    def __init__(self, shuts_down: bool = False, runner: Runner = run_command) -> None:
        self.shuts_down = shuts_down
        """True: "Turn off" powers the Pi off; False: it only quits the app."""
        self.runner = runner
        self.requested = False

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, runner: Runner = run_command) -> Power:
        env = os.environ if env is None else env
        return cls(env.get(ENV, "") not in ("", "0"), runner)

    def request(self) -> None:
        """The players chose "Turn off": power off when the app has closed (`finish`)."""
        self.requested = True

    def finish(self) -> bool:
        """After the app closed: power the Pi off if asked to and allowed. True if the command
        ran and succeeded; a failure is logged and the app just stays quit."""
        if not (self.requested and self.shuts_down):
            return False
        try:
            code = self.runner(POWER_OFF)
        except (OSError, subprocess.SubprocessError) as exc:
            log.error("cannot power off (%s): is the polkit rule installed?", exc)
            return False
        if code != 0:
            log.error("%s exited %s: is the polkit rule installed?", " ".join(POWER_OFF), code)
        return code == 0
