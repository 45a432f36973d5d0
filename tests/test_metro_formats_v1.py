"""Files and saved games written before vehicle ids and the shared codec still read and resume
(tests/data/v1, recorded by the code of commit 1ecf3e3; see its README)."""

import json
from dataclasses import replace

import pytest

from companion.app.session import MetroSession
from companion.cli import main
from companion.jutaku import codec as jutaku_codec
from companion.jutaku.jutaku import Record
from companion.metro import (
    Answers,
    Decision,
    IllegalEvent,
    VehicleId,
    apply,
    end_game,
    format_state,
    new_state,
    parse_decision,
    parse_event,
    parse_state,
    parse_step,
    replay,
    run_train_phase,
    why_not,
)
from companion.metro.state import STATE_FORMAT
from companion.metro.steps import Moved, Paid
from companion.metro.trains import Plan
from companion.store import Store
from tests.conftest import DATA

V1 = DATA / "v1"


def load(name):
    return json.loads((V1 / name).read_text())


def test_a_state_at_1_file_reads_with_vehicles_and_writes_at_2(mini_rules):
    state = parse_state(load("metro-state.json"), mini_rules.board)
    assert set(state.trains) == {VehicleId("G", 1), VehicleId("H", 1)}
    assert state.meeples["blue"].riding == VehicleId("G")
    assert state.meeples["green"].riding == VehicleId("H")
    # written by the old engine with its arrow still pointing off the line at H8
    assert load("metro-state.json")["trains"]["H"] == {"stop": 8, "direction": 1, "started": False}
    assert state.trains[VehicleId("H")].direction == -1
    data = format_state(state)
    assert data["format"] == STATE_FORMAT == "companion/metro-state@2"
    assert set(data["trains"]) == {"G#1", "H#1"}
    assert data["meeples"]["blue"]["riding"] == "G#1"
    assert parse_state(data, mini_rules.board) == state


def test_the_old_train_phase_output_is_what_the_engine_still_computes(mini_rules):
    before = parse_state(load("phase-in.json"), mini_rules.board)
    blue_boards = Plan(board=(("blue", VehicleId("G"), "G2"),)).decider()
    phase = run_train_phase(mini_rules, before, blue_boards)
    old = load("phase-out.json")
    old_steps = [parse_step(s) for s in old["steps"]]
    assert len(old_steps) == len(phase.steps)
    for was, now in zip(old_steps, phase.steps, strict=True):
        if isinstance(now, Moved) and now.direction != was.direction:
            # the one change: a move that ends on a terminus turns the arrow on arrival
            length = mini_rules.board.lines[now.line].length
            assert now.to_stop in (f"{now.line}1", f"{now.line}{length}")
            was = replace(was, direction=now.direction)
        if isinstance(now, Paid) and now.drinks_gain:
            # and a drink bonus now names the drink's colour (for the LED flash)
            assert was.drink is None and now.drink == before.drinks[now.station]
            was = replace(was, drink=now.drink)
        assert was == now
    # the drink bonuses are now also counted per player, for the end-of-game drink income
    bonus = sum(s.drinks_gain for s in phase.steps if isinstance(s, Paid))
    assert bonus and sum(p.drink_bonus for p in phase.state.players) == bonus
    counted = replace(
        phase.state, players=tuple(replace(p, drink_bonus=0) for p in phase.state.players)
    )
    assert parse_state(old["state"], mini_rules.board) == counted


def test_the_cli_reads_an_at_1_state(capsys):
    code = main(
        [
            "metro",
            "train-phase",
            "--state",
            str(V1 / "metro-state.json"),
            "--map",
            str(DATA / "mini.toml"),
            "--json",
        ]
    )
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert out["state"]["format"] == "companion/metro-state@2"
    assert out["steps"][0] == {
        "kind": "departed",
        "vehicle": "G#1",
        "line": "G",
        "stop": "G4",
        "moves": 6,
    }


def saved_store(tmp_path, recorded):
    store = Store.open(tmp_path)
    game_id = store.new_game("metro", recorded["setup"])
    for entry in recorded["log"]:
        store.append(game_id, entry["kind"], entry["data"])
    return store, game_id


def test_a_saved_metro_game_from_before_resumes_mid_phase(tmp_path, mini_rules):
    recorded = load("saved-metro.json")
    store, game_id = saved_store(tmp_path, recorded)
    session = MetroSession.load(store, mini_rules, game_id)
    assert session.state == parse_state(recorded["state"], mini_rules.board)
    assert session.value_history() == recorded["value_history"]
    view = session.phase
    shown = recorded["phase"]
    assert view is not None and view.acked == shown["acked"]
    assert len(view.steps) == len(shown["steps"])
    assert [s.kind for s in view.steps] == [s["kind"] for s in shown["steps"]]
    pending = shown["pending"]
    assert view.pending is not None
    assert view.pending.vehicle == VehicleId(pending["line"])
    assert (view.pending.action, view.pending.player, view.pending.stop, view.pending.fee) == (
        pending["action"],
        pending["player"],
        pending["stop"],
        pending["fee"],
    )
    assert view.state == parse_state(shown["state"], mini_rules.board)
    while session.phase.pending is not None:
        session.answer(Decision(False))
    round_before = session.state.round
    session.finish_train_phase()
    assert session.state.round == round_before + 1


def test_saved_jutaku_events_from_before_still_decode_and_fold():
    recorded = load("saved-jutaku.json")
    seats, options = jutaku_codec.setup_from_json(recorded["setup"])
    events = [jutaku_codec.event_from_json(e) for e in recorded["events"]]
    assert [jutaku_codec.event_to_json(e) for e in events] == recorded["events"]
    state, _extra = jutaku_codec.restore(seats, options, events)
    assert state.records == tuple(
        Record(
            tuple(r["plots"]),
            r["false_calls"],
            tuple(r["drinks"]),
            r["blue_active"],
            r["blue_kept"],
        )
        for r in recorded["records"]
    )


def test_a_saved_game_with_an_entry_the_new_limits_refuse_still_folds():
    """The demo of before bought share #2 for ¥100: `apply` refuses that now, `replay` (for
    entries read back from a log) lets it through, so the game opens with its old result."""
    from companion.data import load_rules
    from companion.metro.events import NextRound

    recorded = load("demo-game.json")
    rules = load_rules(recorded["setup"]["map"])
    state = new_state(rules.board, recorded["setup"]["colors"], recorded["setup"]["cash"])
    refused = 0
    answers = []
    for entry in recorded["log"]:
        if entry["kind"] == "event":
            event = parse_event(entry["data"])
            refused += why_not(rules, state, event) is not None
            state = replay(rules, state, event)
        elif entry["kind"] == "phase_begin":
            answers = []
        elif entry["kind"] == "answer":
            answers.append(parse_decision(entry["data"]))
        elif entry["kind"] == "phase_end":
            state = apply(rules, run_train_phase(rules, state, Answers(answers)).state, NextRound())
    assert refused >= 1
    result = end_game(rules, state)
    assert list(result.ranking) == recorded["ranking"]
    assert {p.color: p.total for p in result.players} == recorded["totals"]
    with pytest.raises(IllegalEvent, match="the game has ended"):
        replay(rules, state, parse_event({"type": "take_loan", "player": "pink"}))


def test_the_session_opens_the_old_demo_game(tmp_path):
    from companion.data import load_rules

    recorded = load("demo-game.json")
    store, game_id = saved_store(tmp_path, recorded)
    session = MetroSession.load(store, load_rules("tokyo"), game_id)
    assert list(session.end_game().ranking) == recorded["ranking"]
