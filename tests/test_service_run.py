"""`companion run` as systemd runs it: READY=1 after the first frame, watchdog pings, SIGHUP
reloads the config (a bad one is refused, the game goes on), SIGTERM stops cleanly.

A real subprocess against a real notify socket; the app is headless (SDL dummy drivers)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


class Listener:
    def __init__(self) -> None:
        self.name = f"@companion-run-test-{uuid.uuid4().hex}"
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind("\0" + self.name[1:])
        self.sock.settimeout(30.0)
        self.seen: list[dict[str, str]] = []

    def until(self, key: str, value: str | None = None) -> dict[str, str]:
        """Messages until one has `key` (with `value`); returns that one."""
        while True:
            data = self.sock.recv(4096).decode()
            msg = dict(line.split("=", 1) for line in data.split("\n") if line)
            self.seen.append(msg)
            if key in msg and (value is None or msg[key] == value):
                return msg


def test_run_under_a_fake_systemd(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[screen]\nfps = 30\n[input]\ngpio = "off"\n')
    listener = Listener()
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "COMPANION_SOUND_BACKEND": "simulated",
        "NOTIFY_SOCKET": listener.name,
        "WATCHDOG_USEC": "300000",
    }
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "companion",
            "run",
            "--config",
            str(config),
            "--windowed",
            "--size",
            "320x240",
            "--data-dir",
            str(tmp_path / "data"),
        ],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        ready = listener.until("READY", "1")
        assert listener.seen[0] == {"WATCHDOG": "1"}  # pinged before the slow start-up
        assert "STATUS" in ready and ready["WATCHDOG"] == "1"
        listener.until("WATCHDOG")
        listener.until("WATCHDOG")

        config.write_text('[screen]\nfps = 20\n[input]\ngpio = "off"\n')
        proc.send_signal(signal.SIGHUP)
        listener.until("RELOADING", "1")
        reloaded = listener.until("READY", "1")
        assert reloaded["STATUS"].startswith("config reloaded from")
        listener.until("WATCHDOG")  # still alive after the reload

        config.write_text("[screen]\nfps = 'fast'\n")
        proc.send_signal(signal.SIGHUP)
        refused = listener.until("READY", "1")
        assert "old config kept" in refused["STATUS"] and "screen.fps" in refused["STATUS"]
        listener.until("WATCHDOG")

        proc.send_signal(signal.SIGTERM)
        listener.until("STOPPING", "1")
        out, _ = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
        listener.sock.close()
    assert proc.returncode == 0, out
    assert "Traceback" not in out


def test_bad_config_at_start_is_one_line_and_a_status(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[input]\nplayers = [4, 4]\n")
    listener = Listener()
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "NOTIFY_SOCKET": listener.name,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }
    done = subprocess.run(
        [sys.executable, "-m", "companion", "run", "--config", str(config)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    try:
        status = listener.until("STATUS")
    finally:
        listener.sock.close()
    assert done.returncode == 2  # the unit's RestartPreventExitStatus=2: no restart loop
    assert done.stderr.count("\n") == 1 and "input" in done.stderr and "pin 4" in done.stderr
    assert status["STATUS"].startswith("cannot start:") and "pin 4" in status["STATUS"]
