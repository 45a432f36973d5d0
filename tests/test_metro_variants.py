"""What differs between Tokyo and Osaka, as values; vehicle ids; twin vehicles on one line."""

from dataclasses import replace

import pytest

from companion.metro import (
    OSAKA,
    TOKYO,
    MetroRules,
    MetroState,
    VehicleId,
    apply,
    format_vehicle,
    new_state,
    parse_map,
    parse_vehicle,
    run_train_phase,
)
from companion.metro.errors import MapError
from companion.metro.events import Invest, StartTrain
from companion.metro.steps import Departed, Moved


def test_the_two_rulebooks():
    assert TOKYO.start_trains_leave and not OSAKA.start_trains_leave
    assert [TOKYO.share_extra(n) for n in (1, 2, 3)] == [0, 300, 600]
    assert [OSAKA.share_extra(n) for n in (1, 2, 3, 4)] == [0, 300, 300, 300]
    assert (TOKYO.loans, TOKYO.speed_tokens, TOKYO.pyramids) == (8, 12, 6)
    assert TOKYO.vehicles("G") == 1 and OSAKA.vehicles("P") == 2


def test_rounds_by_players_and_card_set():
    # rulebook: 5 rounds with 5 players ... 8 with 2; Osaka's cards one round fewer
    assert [TOKYO.rounds(n) for n in (2, 3, 4, 5)] == [8, 7, 6, 5]
    assert [OSAKA.rounds(n) for n in (2, 3, 4, 5)] == [7, 6, 5, 4]
    assert TOKYO.rounds(4, cards=OSAKA.cards) == 5 and OSAKA.rounds(4, cards=TOKYO.cards) == 6
    assert TOKYO.rounds(0) is None and TOKYO.rounds(6) is None
    # the solo game lasts as a two-player game of its card set
    assert TOKYO.rounds(1) == 8 and OSAKA.rounds(1) == 7 and TOKYO.rounds(1, OSAKA.cards) == 7


def test_the_map_file_names_its_variant(mini_rules):
    assert mini_rules.variant is TOKYO and mini_rules.board.variant is TOKYO
    data = {
        "id": "x",
        "name": "x",
        "rules": "osaka",
        "width_mm": 100,
        "height_mm": 100,
        "grid": {"origin_mm": [0, 0], "square_mm": [10, 10], "columns": 10, "rows": 10},
        "lines": [{"id": "P", "name": "P", "color": "#FF0000", "stops": [[10, 10], [50, 10]]}],
    }
    assert parse_map(data).variant is OSAKA
    with pytest.raises(MapError, match="rules"):
        parse_map({**data, "rules": "kyoto"})


def test_vehicle_ids_parse_format_and_paste_back():
    v = VehicleId("P", 2)
    assert format_vehicle(v) == str(v) == "P#2"
    assert parse_vehicle("P#2") == v and parse_vehicle("Ma#10") == VehicleId("Ma", 10)
    assert eval(repr(v)) == v
    for bad in ("P", "P#0", "G9", "#1", "p#1", 7):
        with pytest.raises(ValueError):
            parse_vehicle(bad)


def twin(mini_rules, line="H"):
    variant = replace(OSAKA, twin_lines=frozenset({line}))
    return MetroRules(replace(mini_rules.board, variant=variant), mini_rules.track)


def test_a_twin_line_puts_a_vehicle_at_each_end(mini_rules):
    rules = twin(mini_rules)
    s = apply(rules, new_state(rules.board, ["red", "blue"]), Invest("red", "H", 0))
    assert s.trains[VehicleId("H", 1)].stop == 1 and s.trains[VehicleId("H", 1)].direction == 1
    assert s.trains[VehicleId("H", 2)].stop == 8 and s.trains[VehicleId("H", 2)].direction == -1
    assert s.vehicles_of("H") == (VehicleId("H", 1), VehicleId("H", 2))


def test_twin_vehicles_move_together_one_stop_at_a_time(mini_rules):
    rules = twin(mini_rules)
    # the Osaka map with the Tokyo cards (which have Start)
    s = apply(rules, new_state(rules.board, ["red"], cards="tokyo"), StartTrain("H", 300))
    phase = run_train_phase(rules, s)
    kinds = [(type(x).__name__, x.vehicle.number) for x in phase.steps[:6]]
    assert kinds == [
        ("Departed", 1),
        ("Departed", 2),
        ("Moved", 1),
        ("Moved", 2),
        ("Moved", 1),
        ("Moved", 2),
    ]
    moved = [x for x in phase.steps if isinstance(x, Moved)]
    assert [x.to_stop for x in moved if x.vehicle.number == 1] == ["H2", "H3", "H4", "H5", "H6"]
    assert [x.to_stop for x in moved if x.vehicle.number == 2] == ["H7", "H6", "H5", "H4", "H3"]
    # never in Osaka: a Start vehicle back at stop 1 stays on the map
    assert len(phase.state.trains) == 2


def test_a_train_stopping_on_a_terminus_is_saved_turned(mini_rules):
    # rulebook: "Si un Tren llega a una parada final de su recorrido, dale la vuelta"
    s: MetroState = apply(mini_rules, new_state(mini_rules.board, ["red"]), Invest("red", "G", 0))
    phase = run_train_phase(mini_rules, s)  # G1 + 5 moves = G6, the far end
    train = phase.state.trains[VehicleId("G")]
    assert (train.stop, train.direction) == (6, -1)
    assert phase.steps[-1] == Moved(VehicleId("G"), "G5", "G6", -1, 5, False)
    after = run_train_phase(mini_rules, phase.state)
    first = next(x for x in after.steps if isinstance(x, Moved))
    assert (first.to_stop, first.reversed) == ("G5", False)
    assert isinstance(after.steps[0], Departed)
