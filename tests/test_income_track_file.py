"""The income-track table in calibration/ and the script that writes it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from companion.data import REPO_ROOT, load_track
from companion.metro.track import IncomeTrack, formula_pair

TRACK_FILE = REPO_ROOT / "calibration" / "income-track.toml"


def test_track_file_parses_and_matches_ruling_7():
    track = load_track(TRACK_FILE)
    assert sorted(track.pairs) == list(range(0, 6100, 100))
    for value, pair in track.pairs.items():
        assert pair == formula_pair(value)
    assert track.pairs == IncomeTrack.default().pairs


def test_rulebook_figures():
    track = load_track(TRACK_FILE)
    assert track.pair(2900) == (2000, 900)
    assert track.pair(1400) == (1000, 400)


def test_above_6000_adds_the_pairs():
    track = load_track(TRACK_FILE)
    assert track.pair(8900) == (4000 + 2000, 2000 + 900)


def test_script_reproduces_the_committed_table(tmp_path: Path):
    out = tmp_path / "track.toml"
    subprocess.run(
        [sys.executable, str(REPO_ROOT / "tools" / "build_income_track.py"), str(out)],
        check=True,
        capture_output=True,
    )
    assert out.read_bytes() == TRACK_FILE.read_bytes()
    assert "ruling 7" in out.read_text(encoding="utf-8")
