"""The demo's camera: stations and meeple moves reach the game from reading rendered frames."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_demo_enters_pieces_from_camera_proposals(tmp_path):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "companion",
            "demo",
            "--headless",
            "--rounds",
            "1",
            "--language",
            "en",
            "--data-dir",
            str(tmp_path),
            "--json",
            "--leds-port",
            str(tmp_path / "no-such-port"),
        ],
        capture_output=True,
        text=True,
        timeout=240,
        cwd=ROOT,
        env=env,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    summary = json.loads(out.stdout)
    assert summary["error"] is None
    assert summary["camera_entries"] >= 3
    assert "entered by hand" not in out.stderr
    assert "camera: Red built at" in out.stderr
    assert "\nLEDs: LED strip reconnecting: not found\n" in out.stderr  # a wrong port is said
