"""Hand-worked train phases on the mini map, one per ruling (tests/data/mini.toml)."""

from dataclasses import replace

from companion.metro import (
    Answers,
    Decision,
    MetroRules,
    Plan,
    format_step,
    parse_state,
    run_train_phase,
)
from companion.metro.steps import Boarded, Left, Moved, Offered, Paid, Removed
from companion.metro.variant import OSAKA
from companion.metro.vehicles import VehicleId as V


def state(rules, **parts):
    data = {"players": [{"color": "red", "cash": 1000}, {"color": "blue", "cash": 1000}]}
    data.update(parts)
    return parse_state(data, rules.board)


def path(phase, line):
    return [s.to_stop for s in phase.steps if isinstance(s, Moved) and s.line == line]


def paid(phase):
    return [
        (s.stop, s.owner, s.owner_gain, s.line_gain) for s in phase.steps if isinstance(s, Paid)
    ]


def test_bounce_at_the_far_end_costs_no_move(mini_rules):
    s = state(mini_rules, trains={"G#1": {"stop": 5, "direction": 1}})
    phase = run_train_phase(mini_rules, s)
    assert path(phase, "G") == ["G6", "G5", "G4", "G3", "G2"]
    turned = [s.reversed for s in phase.steps if isinstance(s, Moved)]
    assert turned == [False, True, False, False, False]
    assert phase.state.trains[V("G")].stop == 2 and phase.state.trains[V("G")].direction == -1


def test_bounce_at_stop_one(mini_rules):
    s = state(mini_rules, trains={"G#1": {"stop": 2, "direction": -1}})
    phase = run_train_phase(mini_rules, s)
    assert path(phase, "G") == ["G1", "G2", "G3", "G4", "G5"]
    assert phase.state.trains[V("G")].direction == 1


def test_train_starting_at_terminus_turns_first(mini_rules):
    s = state(mini_rules, trains={"M#1": {"stop": 5, "direction": 1}})
    assert path(run_train_phase(mini_rules, s), "M") == ["M4", "M3", "M2", "M1", "M2"]


def test_start_stop_pays_nothing_and_every_arrival_pays(mini_rules):
    s = state(
        mini_rules,
        trains={"G#1": {"stop": 1, "direction": 1}},
        stations={"shibuya": "red", "ginza": "blue"},
    )
    phase = run_train_phase(mini_rules, s)
    assert paid(phase) == [("G3", "blue", 200, 200)]
    assert phase.state.lines["G"].value == 200
    assert phase.state.player("blue").cash == 1200


def test_owner_with_a_share_grows_the_line_by_500_and_takes_nothing(mini_rules):
    s = state(
        mini_rules,
        lines={"G": {"value": 300, "shares": ["blue"]}},
        trains={"G#1": {"stop": 1, "direction": 1}},
        stations={"ginza": "blue"},
    )
    phase = run_train_phase(mini_rules, s)
    assert paid(phase) == [("G3", "blue", 0, 500)]
    assert phase.state.lines["G"].value == 800
    assert phase.state.player("blue").cash == 1000


def test_same_line_double_stop_pays_each_arrival(mini_rules):
    # H4 -> H5, H6 (pays), H7 (pays), H8, turns, H7 (pays): Roppongi covers H6 and H7.
    s = state(mini_rules, trains={"H#1": {"stop": 4, "direction": 1}}, stations={"roppongi": "red"})
    phase = run_train_phase(mini_rules, s)
    assert path(phase, "H") == ["H5", "H6", "H7", "H8", "H7"]
    assert paid(phase) == [
        ("H6", "red", 200, 200),
        ("H7", "red", 200, 200),
        ("H7", "red", 200, 200),
    ]
    assert phase.state.lines["H"].value == 600
    assert phase.state.player("red").cash == 1600


def test_multi_line_station_pays_for_each_line(mini_rules):
    s = state(
        mini_rules,
        lines={"M": {"value": 0, "shares": ["red"]}},
        trains={"G#1": {"stop": 1, "direction": 1}, "M#1": {"stop": 1, "direction": 1}},
        stations={"ginza": "red"},
    )
    phase = run_train_phase(mini_rules, s)
    assert [
        (p.line, p.stop, p.owner_gain, p.line_gain) for p in phase.steps if isinstance(p, Paid)
    ] == [
        ("G", "G3", 200, 200),
        ("M", "M2", 0, 500),
    ]


def test_trains_move_in_track_order(mini_rules):
    s = state(
        mini_rules,
        trains={"H#1": {"stop": 1}, "M#1": {"stop": 1}, "G#1": {"stop": 1}},
    )
    order = []
    for step in run_train_phase(mini_rules, s).steps:
        if isinstance(step, Moved) and step.line not in order:
            order.append(step.line)
    assert order == ["G", "M", "H"]


def test_speed_tokens_add_moves(mini_rules):
    s = state(mini_rules, lines={"H": {"value": 0, "speed": 2}}, trains={"H#1": {"stop": 1}})
    phase = run_train_phase(mini_rules, s)
    assert path(phase, "H") == ["H2", "H3", "H4", "H5", "H6", "H7", "H8"]


def test_start_train_leaves_at_stop_one_after_paying(mini_rules):
    s = state(
        mini_rules,
        lines={"H": {"value": 400}},
        trains={"H#1": {"stop": 3, "direction": -1, "started": True}},
        stations={"naka-meguro": "blue"},
    )
    phase = run_train_phase(mini_rules, s)
    assert path(phase, "H") == ["H2", "H1"]
    assert paid(phase) == [("H1", "blue", 200, 200)]
    removed = [s for s in phase.steps if isinstance(s, Removed)]
    assert removed == [Removed(V("H"), "H1", 3)]
    assert V("H") not in phase.state.trains
    assert phase.state.lines["H"].value == 600


def test_start_train_stays_when_a_share_is_held(mini_rules):
    s = state(
        mini_rules,
        lines={"H": {"value": 400, "shares": ["red"]}},
        trains={"H#1": {"stop": 3, "direction": -1, "started": True}},
    )
    phase = run_train_phase(mini_rules, s)
    assert path(phase, "H") == ["H2", "H1", "H2", "H3", "H4"]
    assert V("H") in phase.state.trains


def test_start_train_never_leaves_on_an_osaka_map(mini_rules):
    osaka = MetroRules(replace(mini_rules.board, variant=OSAKA), mini_rules.track)
    s = state(mini_rules, trains={"H#1": {"stop": 2, "direction": -1, "started": True}})
    phase = run_train_phase(osaka, s)
    assert path(phase, "H") == ["H1", "H2", "H3", "H4", "H5"]


def test_a_train_placed_by_start_does_not_leave_from_its_start_stop(mini_rules):
    s = state(mini_rules, trains={"H#1": {"stop": 1, "direction": 1, "started": True}})
    assert path(run_train_phase(mini_rules, s), "H") == ["H2", "H3", "H4", "H5", "H6"]


def test_rider_pays_100_and_shareholder_rides_free(mini_rules):
    # Both meeples touch Ginza (G3 / M2): red holds a G share, blue does not.
    s = state(
        mini_rules,
        lines={"G": {"value": 500, "shares": ["red"]}},
        trains={"G#1": {"stop": 3, "direction": 1}},
        meeples={"red": {"square": [4, 1]}, "blue": {"square": [4, 2]}},
    )
    plan = Plan(board=(("red", V("G"), "G3"), ("blue", V("G"), "G3")))
    phase = run_train_phase(mini_rules, s, plan.decider())
    boarded = [s for s in phase.steps if isinstance(s, Boarded)]
    assert boarded == [Boarded("red", V("G"), "G3", 0), Boarded("blue", V("G"), "G3", 100)]
    assert phase.state.player("red").cash == 1000
    assert phase.state.player("blue").cash == 900
    assert phase.state.lines["G"].value == 600
    assert phase.state.meeples["blue"].riding == V("G")


def test_no_leaving_where_you_boarded_and_leaving_after_one_stop(mini_rules):
    s = state(
        mini_rules,
        trains={"G#1": {"stop": 2, "direction": 1}},
        meeples={"blue": {"square": [2, 1]}},  # touches G2 at (60, 40)
    )
    plan = Plan(board=(("blue", V("G"), "G2"),), leave=(("blue", V("G"), "G3", (4, 2)),))
    phase = run_train_phase(mini_rules, s, plan.decider())
    kinds = [
        (s.kind, getattr(s, "stop", None))
        for s in phase.steps
        if isinstance(s, Offered | Boarded | Left)
    ]
    assert kinds[:4] == [("offered", "G2"), ("boarded", "G2"), ("offered", "G3"), ("left", "G3")]
    assert phase.state.meeples["blue"].square == (4, 2)


def test_multi_stop_station_boarding_from_any_of_its_circles(mini_rules):
    squares = mini_rules.board.squares_for_stop("G3")
    assert squares == mini_rules.board.squares_touching_station("ginza")
    assert mini_rules.board.squares_touching_stop("M2") <= squares


def test_riders_are_put_down_when_their_start_train_leaves(mini_rules):
    s = state(
        mini_rules,
        trains={"H#1": {"stop": 2, "direction": -1, "started": True}},
        meeples={"red": {"riding": "H#1", "boarded_at": "H4"}},
    )
    phase = run_train_phase(mini_rules, s)
    left = [s for s in phase.steps if isinstance(s, Left)]
    assert len(left) == 1 and left[0].forced
    assert phase.state.meeples["red"].square in mini_rules.board.squares_for_stop("H1")


def test_pending_prompt_and_resume_give_the_same_phase(mini_rules):
    s = state(
        mini_rules,
        trains={"G#1": {"stop": 2, "direction": 1}},
        meeples={"blue": {"square": [2, 1]}},
    )
    first = run_train_phase(mini_rules, s, Answers([]))
    assert first.pending is not None and first.pending.action == "board"
    second = run_train_phase(mini_rules, s, Answers([Decision(True)]))
    assert second.pending is not None and second.pending.action == "leave"
    assert second.steps[: len(first.steps)] == first.steps
    done = run_train_phase(
        mini_rules, s, Answers([Decision(True), Decision(False)] + [Decision(False)] * 5)
    )
    assert done.done
    assert [format_step(x) for x in done.steps[: len(second.steps)]] == [
        format_step(x) for x in second.steps
    ]
