"""`companion vision` end to end on the mini map: render, calibrate, read."""

from __future__ import annotations

import json

import cv2
import pytest

from companion.cli import vision
from companion.errors import UserError

MAP = "tests/data/mini.toml"
STATE = {
    "format": "companion/metro-state@1",
    "map": "mini",
    "players": [{"color": "red"}, {"color": "black"}, {"color": "yellow"}, {"color": "blue"}],
    "lines": {},
    "stations": {"ginza": "black", "roppongi": "red", "ikebukuro": "yellow", "ueno": "blue"},
    "meeples": {"red": {"square": [2, 3]}, "black": {"square": [6, 5]}, "blue": {"square": [8, 1]}},
}


def run(capsys, *argv: str) -> str:
    assert vision.main(list(argv)) == 0
    return capsys.readouterr().out


def test_render_calibrate_read_with_debug_overlay(tmp_path, capsys):
    state = tmp_path / "state.json"
    state.write_text(json.dumps(STATE))
    p = str(tmp_path)
    common = ["--map", MAP]
    run(capsys, "render", *common, "--out", f"{p}/empty.png", "--seed", "1", "--lighting", "warm")
    run(
        capsys,
        "render",
        *common,
        "--spots",
        "--out",
        f"{p}/spots.png",
        "--seed",
        "2",
        "--lighting",
        "warm",
    )
    run(
        capsys,
        "render",
        *common,
        "--state",
        str(state),
        "--out",
        f"{p}/game.png",
        "--seed",
        "3",
        "--lighting",
        "warm",
        "--pose",
        "tilted",
    )
    run(
        capsys,
        "render",
        *common,
        "--state",
        str(state),
        "--out",
        f"{p}/hand.png",
        "--seed",
        "4",
        "--lighting",
        "warm",
        "--hand",
    )
    truth = json.loads((tmp_path / "game.json").read_text())
    assert len(truth["pieces"]) == 7 and truth["hand"] is False
    out = run(
        capsys,
        "calibrate",
        *common,
        "--reference",
        f"{p}/empty.png",
        "--pieces",
        f"{p}/spots.png",
        "--out",
        f"{p}/cal",
        "--json",
    )
    assert json.loads(out)["colors"] == ["red", "blue", "green", "yellow", "black"]
    out = run(
        capsys,
        "read",
        *common,
        "--calibration",
        f"{p}/cal",
        f"{p}/game.png",
        f"{p}/hand.png",
        "--json",
        "--debug",
        f"{p}/dbg",
    )
    game, hand = json.loads(out)
    assert game["board_found"] and game["rejected"] is None
    got = sorted((q["kind"], q["color"], q["station"] or str(q["square"])) for q in game["pieces"])
    want = sorted(
        (q["kind"], q["color"], q["station"] or str(q["square"])) for q in truth["pieces"]
    )
    assert got == want
    assert hand["rejected"] == "hand" and hand["pieces"] == []
    assert cv2.imread(f"{p}/dbg/game-overlay.png") is not None
    table = run(capsys, "read", *common, "--calibration", f"{p}/cal", f"{p}/game.png")
    assert "pyramid  black   ginza" in table


def test_markers_sheet_and_bad_input(tmp_path, capsys):
    out = run(capsys, "markers", "--map", MAP, "--out", str(tmp_path / "m.png"), "--json")
    assert json.loads(out)["markers"] == [0, 1, 2, 3]
    data = (tmp_path / "m.png").read_bytes()
    assert b"pHYs" in data[:80]
    with pytest.raises(UserError):
        vision.main(["read", "--map", MAP, "--reference", str(tmp_path / "nope.png"), "x.png"])
    with pytest.raises(UserError):
        vision.main(["markers", "--map", MAP, "--out", str(tmp_path / "m.pdf")])


def test_check_reports_light_markers_pieces_and_colour_margin(tmp_path, capsys):
    p = str(tmp_path)
    common = ["--map", MAP]
    run(capsys, "render", *common, "--out", f"{p}/empty.png", "--seed", "1")
    run(capsys, "render", *common, "--spots", "--out", f"{p}/spots.png", "--seed", "2")
    run(
        capsys,
        "calibrate",
        *common,
        "--reference",
        f"{p}/empty.png",
        "--pieces",
        f"{p}/spots.png",
        "--out",
        f"{p}/cal",
    )
    out = run(
        capsys, "check", *common, "--calibration", f"{p}/cal", "--photo", f"{p}/empty.png", "--json"
    )
    report = json.loads(out)
    assert report["light"]["board_grey"] > 150 and report["light"]["noise"] > 0
    assert sorted(report["markers_px"]) == ["0", "1", "2", "3"]
    assert report["pieces_mm2"]["pyramid"] > report["pieces_mm2"]["meeple"] * 0.8
    assert len(report["closest_colors"]["colors"]) == 2
    photo = report["photos"][0]
    assert photo["board_found"] and photo["rejected"] is None and photo["pieces"] == 0
    text = run(capsys, "check", *common, "--calibration", f"{p}/cal")
    assert "closest colours:" in text and "markers: id 0" in text


def test_check_without_a_calibration_is_a_one_line_error(tmp_path, capsys):
    from companion.cli import main as cli_main

    assert cli_main(["vision", "check", "--map", MAP, "--calibration", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "reference.png" in err[0]
