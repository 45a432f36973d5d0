"""`companion demo --game shopping|chocolate` plays its short game headless through the real
screens and leaves a saved game the history lists."""

import json
import subprocess
import sys

import pytest

from companion.store import Store


@pytest.mark.parametrize("game", ["shopping", "chocolate"])
def test_the_demo_plays_the_game_headless(tmp_path, game):
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "companion",
            "demo",
            "--game",
            game,
            "--headless",
            "--json",
            "--data-dir",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    assert summary["error"] is None and summary["entries"] >= 5
    (info,) = [g for g in Store.open(tmp_path).games() if g.kind == game]
    assert info.finished is not None if game == "shopping" else info.finished is None
