"""`companion next-station deck` and `companion demo --game next-station` from the command line."""

import json
import os
import subprocess
import sys
from pathlib import Path

from companion.cli import main
from companion.store import Store

ROOT = Path(__file__).resolve().parent.parent


def test_deck_shows_the_cards_and_the_rounds_of_a_seed(capsys):
    assert main(["next-station", "deck", "--seed", "7", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["cards"]) == 11 and sum(c["background"] == "green" for c in data["cards"]) == 5
    assert len(data["rounds"]) == 4
    greens = {c["key"] for c in data["cards"] if c["background"] == "green"}
    for keys in data["rounds"]:
        assert keys[-1] in greens and sum(k in greens for k in keys) == 5


def test_a_bad_deck_file_is_one_line_naming_file_and_field(tmp_path, capsys):
    bad = tmp_path / "deck.toml"
    bad.write_text(
        'format = "companion/next-station-deck@1"\nlines = ["blue", "red", "yellow", "purple"]\n'
        '[[card]]\nkey = "a"\nsymbol = "hexagon"\nbackground = "green"\n',
        encoding="utf-8",
    )
    assert main(["next-station", "deck", "--deck", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err
    assert err.startswith(f"companion next-station: {bad}: card[0].symbol: expected one of")
    bad.write_text("format = [", encoding="utf-8")
    assert main(["next-station", "deck", "--deck", str(bad)]) == 2
    assert "not valid TOML" in capsys.readouterr().err


def test_the_demo_plays_four_rounds_and_two_pads(tmp_path):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    command = [sys.executable, "-m", "companion", "demo", "--game", "next-station"]
    command += ["--headless", "--language", "en", "--data-dir", str(tmp_path), "--json"]
    out = subprocess.run(command, capture_output=True, text=True, timeout=240, cwd=ROOT, env=env)
    assert out.returncode == 0, out.stderr[-2000:]
    summary = json.loads(out.stdout)
    assert summary["error"] is None and len(summary["ranking"]) == 2
    assert "Round 4 of 4: Purple line" in out.stderr
    store = Store.open(tmp_path)
    try:
        (game,) = store.games()
        assert game.kind == "next-station" and game.finished is not None
    finally:
        store.close()
