"""The systemd unit: the keys the appliance relies on; `systemd-analyze verify` when present."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

UNIT = Path(__file__).resolve().parent.parent / "systemd" / "companion.service"
EXEC_START = "/opt/companion/venv/bin/companion run"


def parse_unit(text: str) -> dict[str, dict[str, list[str]]]:
    """INI as systemd reads it: sections of keys, a key may repeat (Environment=)."""
    sections: dict[str, dict[str, list[str]]] = {}
    current: dict[str, list[str]] | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], {})
            continue
        assert current is not None, f"key outside a section: {line}"
        key, sep, value = line.partition("=")
        assert sep, f"not KEY=value: {line}"
        current.setdefault(key.strip(), []).append(value.strip())
    return sections


@pytest.fixture(scope="module")
def unit() -> dict[str, dict[str, list[str]]]:
    return parse_unit(UNIT.read_text())


def one(unit: dict[str, dict[str, list[str]]], section: str, key: str) -> str:
    values = unit[section].get(key)
    assert values, f"[{section}] {key}= missing"
    assert len(values) == 1, f"[{section}] {key}= given {len(values)} times"
    return values[0]


def test_notify_and_watchdog(unit: dict[str, dict[str, list[str]]]) -> None:
    assert one(unit, "Service", "Type") == "notify"
    assert one(unit, "Service", "NotifyAccess") == "main"
    watchdog = one(unit, "Service", "WatchdogSec")
    assert watchdog.endswith("s") and 5 <= int(watchdog[:-1]) <= 60


def test_restart_with_a_start_limit(unit: dict[str, dict[str, list[str]]]) -> None:
    assert one(unit, "Service", "Restart") == "on-failure"
    assert one(unit, "Service", "RestartPreventExitStatus") == "2"  # bad config: no loop
    assert int(one(unit, "Unit", "StartLimitBurst")) >= 3
    assert int(one(unit, "Unit", "StartLimitIntervalSec")) > 0


def test_dedicated_user_with_device_groups(unit: dict[str, dict[str, list[str]]]) -> None:
    assert one(unit, "Service", "User") == "companion"
    groups = one(unit, "Service", "SupplementaryGroups").split()
    assert set(groups) >= {"gpio", "video", "render", "input", "dialout", "audio"}


def test_directories(unit: dict[str, dict[str, list[str]]]) -> None:
    assert one(unit, "Service", "StateDirectory") == "companion"
    assert one(unit, "Service", "ConfigurationDirectory") == "companion"
    # lgpio needs a writable working directory (or LG_WD) for its .lgd-nfy files
    assert one(unit, "Service", "WorkingDirectory") == "/var/lib/companion"
    env = dict(v.split("=", 1) for v in unit["Service"]["Environment"])
    assert env["LG_WD"] == "/run/" + one(unit, "Service", "RuntimeDirectory")


def test_console_for_kmsdrm(unit: dict[str, dict[str, list[str]]]) -> None:
    assert one(unit, "Service", "TTYPath") == "/dev/tty1"
    assert one(unit, "Service", "StandardInput") == "tty"
    assert "getty@tty1.service" in one(unit, "Unit", "Conflicts").split()
    env = dict(v.split("=", 1) for v in unit["Service"]["Environment"])
    assert env["SDL_VIDEODRIVER"] == "kmsdrm"
    assert env["SDL_AUDIODRIVER"] == "alsa"


def test_exec_and_reload(unit: dict[str, dict[str, list[str]]]) -> None:
    assert one(unit, "Service", "ExecStart") == EXEC_START
    assert one(unit, "Service", "ExecReload") == "/bin/kill -HUP $MAINPID"
    assert one(unit, "Install", "WantedBy") == "multi-user.target"


def test_systemd_analyze_verify(tmp_path: Path) -> None:
    tool = shutil.which("systemd-analyze")
    if tool is None:
        pytest.skip("systemd-analyze is not installed (apt-get install systemd to run this check)")
    # verify insists that ExecStart exists; stand a script in for the venv's entry point
    fake = tmp_path / "companion"
    fake.write_text("#!/bin/sh\nexit 0\n")
    fake.chmod(0o755)
    copy = tmp_path / "companion.service"
    copy.write_text(UNIT.read_text().replace(EXEC_START.split()[0], str(fake)))
    try:
        done = subprocess.run(
            [tool, "verify", str(copy)], capture_output=True, text=True, timeout=30
        )
    except subprocess.TimeoutExpired:
        pytest.skip("systemd-analyze verify did not finish in 30 s in this container")
    output = (done.stdout + done.stderr).strip()
    if done.returncode != 0 and "Failed to" in output and "companion.service" not in output:
        pytest.skip(f"systemd-analyze verify cannot run here: {output[:200]}")
    assert done.returncode == 0, output
    # unknown or misspelt keys are only warnings ("Unknown key ..., ignoring"): fail on them too
    assert output == "", output
