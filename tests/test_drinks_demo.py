"""`companion demo --drinks` headless to the end, on both maps: colour cards, a vending
machine paying its fee to another player, one built from the camera's question, and drink
bonuses paid."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.app.session import MetroSession
from companion.store import Store

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("map_name", ["tokyo", "osaka"])
def test_the_drinks_demo_plays_to_the_end(tmp_path, map_name):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    command = [sys.executable, "-m", "companion", "demo", "--headless", "--drinks"]
    command += [
        "--map",
        map_name,
        "--rounds",
        "2",
        "--language",
        "en",
        "--data-dir",
        str(tmp_path),
        "--json",
    ]
    out = subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=ROOT, env=env)
    assert out.returncode == 0, out.stderr[-2000:]
    summary = json.loads(out.stdout)
    assert summary["error"] is None
    drinks = summary["drinks"]
    assert drinks["on_map"] >= 2 and drinks["fees"] >= 100 and drinks["bonuses"] >= 100
    assert drinks["by_camera"] >= 1, out.stderr[-3000:]
    assert "camera: Mint drink at" in out.stderr
    assert "drink bonus +¥100" in out.stderr
    store = Store.open(tmp_path)
    try:
        game = store.games()[-1]
        assert game.setup["metro_drinks"] == "map"
        state = MetroSession.read(store, game.id).state
        assert state.phase == "ended" and state.drinks
        assert {p.color: p.drink_colors for p in state.players}["red"] == ("blue",)
    finally:
        store.close()
