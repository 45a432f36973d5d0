"""Runs hardware/firmware/companion_adalight.ino on the PC against a minimal Arduino/FastLED
stand-in (tests/data/firmware_host), fed with frames from our own encoder. Skipped without g++."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from companion.devices.adalight import encode_frame

ROOT = Path(__file__).resolve().parent.parent
SKETCH = ROOT / "hardware/firmware/companion_adalight/companion_adalight.ino"
HOST = ROOT / "tests/data/firmware_host"


def wait(tenths: int) -> bytes:
    return b"\xff\xfe\xfdW" + bytes([tenths])


@pytest.fixture(scope="module")
def sketch(tmp_path_factory):
    if shutil.which("g++") is None:
        assert not os.environ.get("CI"), "CI must run this: .ci/run installs g++"
        pytest.skip("no g++")
    exe = tmp_path_factory.mktemp("fw") / "host"
    subprocess.run(
        [
            "g++",
            "-std=c++17",
            "-O1",
            f"-I{HOST}",
            f'-DSKETCH="{SKETCH}"',
            "-o",
            str(exe),
            str(HOST / "host.cpp"),
        ],
        check=True,
    )

    def run(stream: bytes) -> list[str]:
        out = subprocess.run([str(exe)], input=stream, capture_output=True, check=True, timeout=30)
        return out.stdout.decode().splitlines()

    return run


def shows(lines, n):
    return [line.split()[1 : n + 1] for line in lines if line.startswith("SHOW")]


def test_greets_at_boot_and_when_idle(sketch):
    lines = sketch(wait(25))
    assert lines[0] == "SHOW" + " 000000" * 300  # cleared at boot
    assert sum(line.startswith("SAID Ada") for line in lines) >= 3


def test_shows_frames_and_survives_noise_and_bad_headers(sketch):
    stream = (
        b"xxAdAd"
        + encode_frame([(1, 2, 3), (4, 5, 6)])
        + b"Ada\x00\x01\x00"  # bad checksum: not a header
        + encode_frame([(7, 8, 9)] * 3)
    )
    frames = shows(sketch(stream), 3)
    assert frames[1][:2] == ["010203", "040506"]
    assert frames[2] == ["070809"] * 3


def test_a_cut_frame_is_dropped_and_silence_goes_dark(sketch):
    cut = encode_frame([(9, 9, 9)] * 4)[:-5]
    stream = encode_frame([(255, 0, 0)] * 2) + cut + wait(2) + encode_frame([(0, 0, 1)] * 2)
    stream += wait(30)
    frames = shows(sketch(stream), 2)
    assert ["ff0000", "ff0000"] in frames
    assert frames[-2] == ["000001", "000001"]
    assert frames[-1] == ["000000", "000000"], "black after 2.5 s without a frame"
