"""tools/install.sh --dry-run against fake /etc/os-release files: pins and commands per OS."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tools" / "install.sh"

OS_RELEASE = {
    "bookworm": (
        'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nNAME="Debian GNU/Linux"\n'
        'VERSION_ID="12"\nVERSION="12 (bookworm)"\nVERSION_CODENAME=bookworm\nID=debian\n'
    ),
    "raspbian-bookworm": (
        'PRETTY_NAME="Raspbian GNU/Linux 12 (bookworm)"\nVERSION_ID="12"\n'
        "VERSION_CODENAME=bookworm\nID=raspbian\nID_LIKE=debian\n"
    ),
    "trixie": (
        'PRETTY_NAME="Debian GNU/Linux 13 (trixie)"\nNAME="Debian GNU/Linux"\n'
        'VERSION_ID="13"\nVERSION="13 (trixie)"\nVERSION_CODENAME=trixie\nID=debian\n'
    ),
    "bullseye": 'PRETTY_NAME="Debian GNU/Linux 11 (bullseye)"\nVERSION_ID="11"\nID=debian\n',
    "ubuntu": 'PRETTY_NAME="Ubuntu 24.04 LTS"\nVERSION_ID="24.04"\nID=ubuntu\nID_LIKE=debian\n',
}
PI5 = "Raspberry Pi 5 Model B Rev 1.0\0"
PI4 = "Raspberry Pi 4 Model B Rev 1.5\0"

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")


def dry_run(tmp_path: Path, os_name: str, model: str | None) -> subprocess.CompletedProcess[str]:
    release = tmp_path / "os-release"
    release.write_text(OS_RELEASE[os_name])
    model_file = tmp_path / "model"
    if model is not None:
        model_file.write_text(model)
    env = {
        "PATH": "/usr/sbin:/usr/bin:/sbin:/bin",
        "COMPANION_OS_RELEASE": str(release),
        "COMPANION_PI_MODEL": str(model_file),
    }
    return subprocess.run(
        ["bash", str(SCRIPT), "--dry-run"], capture_output=True, text=True, env=env, timeout=30
    )


def commands(out: str) -> list[str]:
    return [line[2:] for line in out.splitlines() if line.startswith("+ ")]


def test_bookworm_pi5(tmp_path: Path) -> None:
    done = dry_run(tmp_path, "bookworm", PI5)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "|   numpy<2\n" in out
    assert "|   opencv-python-headless>=4.8,<4.12\n" in out
    cmds = commands(out)
    apt = next(c for c in cmds if "apt-get install" in c)
    for package in ("python3-venv", "python3-picamera2", "python3-lgpio", "alsa-utils"):
        assert package in apt.split()
    assert "/usr/bin/python3 -m venv --system-site-packages /opt/companion/venv" in cmds or (
        "venv exists" in out
    )
    pip = [c for c in cmds if "pip install" in c and "--constraint" in c]
    assert pip and "/opt/companion/constraints.txt" in pip[0] and "--editable" in pip[0]
    assert "|   GPIOZERO_PIN_FACTORY=lgpio\n" in out or "/etc/default/companion kept" in out
    assert any(c.startswith("usermod --append --groups") and "companion" in c for c in cmds)
    groups = next(c for c in cmds if c.startswith("usermod")).split()[3].replace("\\", "")
    assert set(groups.split(",")) == {"gpio", "video", "render", "input", "dialout", "audio"}
    assert any(c.startswith("useradd --system") for c in cmds) or "user companion exists" in out
    assert "install -m 0644" in out and "/etc/systemd/system/companion.service" in out
    assert "systemctl enable companion.service" in cmds
    assert "systemctl daemon-reload" in cmds
    assert "/etc/companion/config.toml" in out
    assert "/etc/companion/config.toml kept" in out or any(
        c.startswith("sed -i") and "data_dir" in c and c.endswith("/etc/companion/config.toml")
        for c in cmds
    )
    assert "Next steps" in out and "journalctl -u companion" in out
    assert "(dry run: nothing was changed)" in out


def test_trixie_pi4(tmp_path: Path) -> None:
    done = dry_run(tmp_path, "trixie", PI4)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "|   numpy>=2\n" in out
    assert "|   opencv-python-headless>=4.12\n" in out
    assert "numpy<2" not in out
    # a Pi 4 keeps gpiozero's default pin factory
    assert "GPIOZERO_PIN_FACTORY=lgpio\n" not in out.replace("#GPIOZERO", "")


def test_raspbian_id_is_accepted(tmp_path: Path) -> None:
    done = dry_run(tmp_path, "raspbian-bookworm", PI4)
    assert done.returncode == 0, done.stderr
    assert "|   numpy<2\n" in done.stdout


def test_not_a_pi_skips_the_pi_only_packages(tmp_path: Path) -> None:
    done = dry_run(tmp_path, "trixie", None)
    assert done.returncode == 0, done.stderr
    assert "not a Raspberry Pi" in done.stdout


@pytest.mark.parametrize("os_name", ["bullseye", "ubuntu"])
def test_unsupported_os_is_refused(tmp_path: Path, os_name: str) -> None:
    done = dry_run(tmp_path, os_name, PI4)
    assert done.returncode == 1
    assert done.stdout == ""
    assert "Bookworm (12) or Trixie (13)" in done.stderr or "Raspberry Pi OS or Debian" in (
        done.stderr
    )


def test_dry_run_changes_nothing(tmp_path: Path) -> None:
    before = sorted(p.name for p in tmp_path.iterdir())
    done = dry_run(tmp_path, "bookworm", PI5)
    assert done.returncode == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted({*before, "os-release", "model"})


def test_unknown_option(tmp_path: Path) -> None:
    done = subprocess.run(
        ["bash", str(SCRIPT), "--frobnicate"], capture_output=True, text=True, timeout=30
    )
    assert done.returncode == 2 and "unknown option" in done.stderr


def test_syntax() -> None:
    done = subprocess.run(["bash", "-n", str(SCRIPT)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "set -euo pipefail" in SCRIPT.read_text()


def test_shellcheck() -> None:
    tool = shutil.which("shellcheck")
    if tool is None:
        assert not os.environ.get("CI"), "CI must run this: .ci/run installs shellcheck"
        pytest.skip("shellcheck is not installed (apt-get install shellcheck)")
    done = subprocess.run([tool, str(SCRIPT)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout


def test_the_service_may_power_the_pi_off(tmp_path: Path) -> None:
    """ "Turn off" runs `systemctl poweroff` as the companion user: install.sh installs polkit
    and a rule granting exactly logind's power-off actions to that user (sudo cannot work
    under the unit's NoNewPrivileges=), and the unit says it may power off."""
    done = dry_run(tmp_path, "trixie", PI4)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    apt = next(c for c in commands(out) if "apt-get install" in c)
    assert "polkitd" in apt.split()
    assert "+ write /etc/polkit-1/rules.d/50-companion-poweroff.rules (mode 0644):" in out
    rule = [line[4:] for line in out.splitlines() if line.startswith("|   ")]
    text = "\n".join(rule)
    assert 'subject.user == "companion"' in text
    assert '"org.freedesktop.login1.power-off"' in text and "polkit.Result.YES" in text
    unit = (ROOT / "systemd" / "companion.service").read_text()
    assert "Environment=COMPANION_POWER_OFF=1" in unit and "NoNewPrivileges=yes" in unit
