"""`companion metro` end to end: results, --json, and one clear line for bad input."""

import json

import pytest

from companion.cli import main
from tests.conftest import DATA

MINI = str(DATA / "mini.toml")


def run(capsys, *args):
    code = main(["metro", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_track_prints_the_pair(capsys):
    code, out, _ = run(capsys, "track", "2900")
    assert code == 0 and "¥2,000" in out and "¥900" in out
    code, out, _ = run(capsys, "track", "2900", "--json")
    assert json.loads(out) == {"value": 2900, "larger": 2000, "smaller": 900}


def test_end_game_prints_the_rulebook_numbers(capsys):
    code, out, _ = run(
        capsys, "end-game", "--state", str(DATA / "rulebook-2900.json"), "--map", MINI
    )
    assert code == 0
    assert "¥2,900: share #1 Red: ¥2,900" in out
    assert "share #1 Red: ¥2,000; share #2 Blue: ¥900" in out
    assert "share #1 Red: ¥1,500; share #2 Blue: ¥1,000; share #3 Green: ¥400" in out
    code, out, _ = run(
        capsys, "end-game", "--state", str(DATA / "rulebook-2900.json"), "--map", MINI, "--json"
    )
    data = json.loads(out)
    assert [[s["paid"] for s in line["shares"]] for line in data["lines"]] == [
        [2900],
        [2000, 900],
        [1500, 1000, 400],
    ]
    assert data["ranking"] == ["red", "blue", "green"]


def test_train_phase_json_has_steps_and_state(capsys, tmp_path):
    state = {
        "map": "mini",
        "players": [{"color": "red", "cash": 1000}, {"color": "blue", "cash": 1000}],
        "trains": {"G#1": {"stop": 2}},
        "stations": {"ginza": "red"},
        "meeples": {"blue": {"square": [2, 1]}},
    }
    decisions = {"board": [{"player": "blue", "line": "G", "stop": "G2"}]}
    (tmp_path / "s.json").write_text(json.dumps(state))
    (tmp_path / "d.json").write_text(json.dumps(decisions))
    code, out, _ = run(
        capsys,
        "train-phase",
        "--state",
        str(tmp_path / "s.json"),
        "--decisions",
        str(tmp_path / "d.json"),
        "--map",
        MINI,
        "--json",
    )
    assert code == 0
    data = json.loads(out)
    paid = [s for s in data["steps"] if s["kind"] == "paid"]
    assert paid == [
        {
            "kind": "paid",
            "line": "G",
            "vehicle": "G#1",
            "stop": "G3",
            "station": "ginza",
            "owner": "red",
            "owner_gain": 200,
            "line_gain": 200,
            "drinks_gain": 0,
        }
    ]
    assert data["state"]["meeples"]["blue"]["riding"] == "G#1"
    code, out, _ = run(capsys, "train-phase", "--state", str(tmp_path / "s.json"), "--map", MINI)
    assert code == 0 and "Line G departs from G2" in out


BAD_STATES = [
    ("{not json", "not valid JSON"),
    ('{"players": [{"color": "red"}], "lines": {"Q": {}}}', "lines.Q: unknown line"),
    ('{"players": [{"color": "red"}], "trains": {"G#1": {"stop": 9}}}', "trains.G#1.stop"),
    ('{"players": [{"color": "red"}], "stations": {"nowhere": "red"}}', "stations.nowhere"),
    (
        '{"players": [{"color": "a"}, {"color": "b"}, {"color": "c"}, {"color": "d"}],'
        ' "lines": {"G": {"shares": ["a", "b", "c", "d"]}}}',
        "lines.G.shares: line G has 3 shares",
    ),
    (
        '{"players": [{"color": "red"}], "lines": {"G": {"value": 500,'
        ' "speculations": [{"player": "red", "stake": -100}]}}}',
        "lines.G.speculations[0].stake",
    ),
    ('{"players": []}', "players"),
]


@pytest.mark.parametrize(("text", "message"), BAD_STATES)
def test_bad_state_gives_one_line_naming_file_and_field(capsys, tmp_path, text, message):
    path = tmp_path / "bad.json"
    path.write_text(text)
    code, out, err = run(capsys, "end-game", "--state", str(path), "--map", MINI)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and str(path) in err and message in err
    assert "Traceback" not in err


def test_missing_file_unknown_map_and_bad_value(capsys, tmp_path):
    code, _, err = run(capsys, "end-game", "--state", str(tmp_path / "nope.json"))
    assert code == 2 and "no such file" in err
    code, _, err = run(capsys, "map", "--map", "atlantis")
    assert code == 2 and "unknown map 'atlantis'" in err
    code, _, err = run(capsys, "track", "2950")
    assert code == 2 and "multiple of ¥100" in err
    bad_map = tmp_path / "m.toml"
    bad_map.write_text('id = "x"\nname = "x"\nwidth_mm = 10\nheight_mm = 10\n[grid]\n')
    code, _, err = run(capsys, "map", "--map", str(bad_map))
    assert code == 2 and "grid.origin_mm: is missing" in err


def test_bad_decisions_file(capsys, tmp_path):
    (tmp_path / "s.json").write_text('{"map": "mini", "players": [{"color": "red"}]}')
    (tmp_path / "d.json").write_text('{"board": [{"player": "red", "line": "G", "stop": "G99"}]}')
    code, _, err = run(
        capsys,
        "train-phase",
        "--state",
        str(tmp_path / "s.json"),
        "--decisions",
        str(tmp_path / "d.json"),
        "--map",
        MINI,
    )
    assert code == 2 and "board[0].stop: unknown stop 'G99'" in err


def test_map_lists_lines_and_stations(capsys):
    code, out, _ = run(capsys, "map", "--map", MINI, "--json")
    assert code == 0
    data = json.loads(out)
    assert [line["id"] for line in data["lines"]] == ["G", "M", "H"]
    assert {"id": "roppongi", "name": "Roppongi", "name_ja": "", "stops": ["H6", "H7"]} in data[
        "stations"
    ]


def test_a_train_phase_that_runs_out_of_answers_says_so_and_exits_3(capsys, tmp_path):
    state = {
        "map": "mini",
        "players": [{"color": "red", "cash": 1000}, {"color": "blue", "cash": 1000}],
        "trains": {"G#1": {"stop": 2}},
        "meeples": {"blue": {"square": [2, 1]}},
    }
    (tmp_path / "s.json").write_text(json.dumps(state))
    (tmp_path / "d.json").write_text(json.dumps({"answers": [{"accept": True}]}))
    args = ["train-phase", "--state", str(tmp_path / "s.json"), "--map", MINI]
    args += ["--decisions", str(tmp_path / "d.json")]
    code, out, _ = run(capsys, *args)
    assert code == 3
    assert "Pending: blue may leave line G at G3" in out
    code, out, _ = run(capsys, *args, "--json")
    data = json.loads(out)
    assert code == 3
    assert data["pending"]["action"] == "leave" and data["pending"]["vehicle"] == "G#1"
    assert data["pending"]["stop"] == "G3" and data["state"]["phase"] == "train"
    (tmp_path / "d.json").write_text(
        json.dumps({"answers": [{"accept": True}] + [{"accept": False}] * 9})
    )
    code, out, _ = run(capsys, *args, "--json")
    assert code == 0 and json.loads(out)["pending"] is None


def test_decisions_may_name_a_vehicle(capsys, tmp_path):
    state = {
        "map": "mini",
        "players": [{"color": "blue", "cash": 1000}],
        "trains": {"G#1": {"stop": 2}},
        "meeples": {"blue": {"square": [2, 1]}},
    }
    (tmp_path / "s.json").write_text(json.dumps(state))
    (tmp_path / "d.json").write_text(
        json.dumps({"board": [{"player": "blue", "vehicle": "G#1", "stop": "G2"}]})
    )
    args = ["train-phase", "--state", str(tmp_path / "s.json"), "--map", MINI, "--json"]
    code, out, _ = run(capsys, *args, "--decisions", str(tmp_path / "d.json"))
    assert code == 0 and json.loads(out)["state"]["meeples"]["blue"]["riding"] == "G#1"
    (tmp_path / "d.json").write_text(
        json.dumps({"board": [{"player": "blue", "vehicle": "G#2", "stop": "G2"}]})
    )
    code, _, err = run(capsys, *args, "--decisions", str(tmp_path / "d.json"))
    assert code == 2 and "board[0].vehicle" in err
