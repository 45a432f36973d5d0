"""A scripted train phase on tests/data/mini.toml that exercises every kind of LED animation:
trains moving and turning, payouts to two owners, a boarding and a leaving."""

from __future__ import annotations

from dataclasses import replace

from companion.data import load_rules
from companion.metro import MetroRules, MetroState, Plan, TrainPhase, new_state, run_train_phase
from companion.metro.state import Meeple, Train
from companion.metro.vehicles import VehicleId as V


def scenario() -> tuple[MetroRules, MetroState, TrainPhase]:
    rules = load_rules("tests/data/mini.toml")
    board = rules.board
    state = replace(
        new_state(board, ["red", "blue"]),
        trains={V("G"): Train(1), V("M"): Train(4, -1), V("H"): Train(6)},
        stations={"ginza": "red", "roppongi": "blue", "ueno": "blue"},
        meeples={"red": Meeple(square=sorted(board.squares_for_stop("G3"))[0])},
    )
    plan = Plan(board=(("red", V("G"), "G3"),), leave=(("red", V("G"), "G6", None),))
    return rules, state, run_train_phase(rules, state, plan.decider())
