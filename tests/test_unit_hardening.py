"""The service is hardened (the phone view makes the box a server on the network): the
directives that keep it in its own corner, the exact devices it keeps, and the score of
`systemd-analyze security` (<= 4.5) where that tool runs."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from tests.test_systemd_unit import UNIT, parse_unit

GOAL = 4.5
DEVICES = {
    "char-gpiochip",
    "/dev/gpiomem",
    "char-drm",
    "char-video4linux",
    "char-media",
    "char-dma_heap",
    "char-vchiq",
    "char-input",
    "char-tty",
    "char-ttyACM",
    "char-ttyUSB",
    "char-ttyAMA",
    "char-alsa",
}


@pytest.fixture(scope="module")
def service() -> dict[str, list[str]]:
    return parse_unit(UNIT.read_text())["Service"]


def test_the_file_system_is_read_only_but_its_own_directories(service):
    assert service["ProtectSystem"] == ["strict"]
    assert service["ProtectHome"] == ["yes"]
    assert service["PrivateTmp"] == ["yes"]
    assert "ReadWritePaths" not in service, "StateDirectory= and RuntimeDirectory= suffice"
    assert service["StateDirectory"] == ["companion"]
    assert service["UMask"] == ["0027"]


def test_no_privileges_and_a_system_call_filter(service):
    assert service["NoNewPrivileges"] == ["yes"]
    assert service["CapabilityBoundingSet"] == [""]
    assert service["SystemCallFilter"] == ["@system-service"]
    assert service["SystemCallArchitectures"] == ["native"]
    for key in ("ProtectKernelTunables", "ProtectKernelModules", "ProtectControlGroups"):
        assert service[key] == ["yes"], key
    assert service["RestrictNamespaces"] == ["yes"]


def test_sockets_and_addresses_are_the_few_it_uses(service):
    assert service["RestrictAddressFamilies"] == ["AF_UNIX AF_INET AF_INET6 AF_NETLINK"]
    assert service["IPAddressDeny"] == ["any"]
    assert "192.168.0.0/16" in service["IPAddressAllow"][0]


def test_devices_are_exactly_gpio_camera_serial_sound_and_console(service):
    assert service.get("PrivateDevices", ["no"]) == ["no"]
    assert service["DevicePolicy"] == ["closed"]
    allowed = {entry.split()[0] for entry in service["DeviceAllow"]}
    assert allowed == DEVICES
    assert service["SupplementaryGroups"] == ["gpio video render input dialout audio"]


def test_systemd_analyze_security_scores_within_the_goal():
    tool = shutil.which("systemd-analyze")
    if tool is None:
        pytest.skip("systemd-analyze is not installed (apt-get install systemd to measure)")
    try:
        done = subprocess.run(
            [tool, "security", "--offline=yes", str(UNIT)],
            capture_output=True,
            text=True,
            timeout=60,
        )
    except subprocess.TimeoutExpired:
        pytest.skip("systemd-analyze security did not finish in 60 s here")
    found = re.search(r"Overall exposure level for \S+: ([\d.]+)", done.stdout + done.stderr)
    if found is None:
        pytest.skip(f"systemd-analyze security cannot run here: {done.stderr[:200]}")
    assert float(found.group(1)) <= GOAL, done.stdout
