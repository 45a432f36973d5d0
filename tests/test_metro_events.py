"""Action-phase events: what they change and what they refuse, with the reason."""

import pytest

from companion.metro import IllegalEvent, apply, new_state
from companion.metro.events import (
    AssignSpeed,
    BuildStation,
    Invest,
    MoveMeeple,
    NextRound,
    RepayLoan,
    SetTurnOrder,
    Speculate,
    StartTrain,
    TakeLoan,
    format_event,
    parse_event,
)
from companion.metro.vehicles import VehicleId as V


@pytest.fixture
def s0(mini_rules):
    return new_state(mini_rules.board, ["red", "blue", "green"])


def test_invest_takes_the_next_share_and_puts_the_train_on_the_map(mini_rules, s0):
    s = apply(mini_rules, s0, Invest("red", "G", 500))
    s = apply(mini_rules, s, Invest("blue", "G", 800))
    assert s.lines["G"].shares == ("red", "blue")
    assert s.lines["G"].value == 1300
    assert s.player("red").cash == 1500
    assert s.trains[V("G")].stop == 1 and not s.trains[V("G")].started


def test_a_fourth_share_is_refused(mini_rules):
    s = new_state(mini_rules.board, ["red", "blue", "green", "yellow"])
    for who, paid in (("red", 100), ("blue", 400), ("green", 700)):
        s = apply(mini_rules, s, Invest(who, "G", paid))
    with pytest.raises(IllegalEvent, match="all 3 shares"):
        apply(mini_rules, s, Invest("yellow", "G", 700))


def test_speculation_rules(mini_rules, s0):
    s = apply(mini_rules, s0, Invest("red", "G", 1400))  # G worth 1,400: minimum stake 400
    with pytest.raises(IllegalEvent, match="holds a share"):
        apply(mini_rules, s, Speculate("red", "G", 400))
    with pytest.raises(IllegalEvent, match="at least ¥400"):
        apply(mini_rules, s, Speculate("blue", "G", 300))
    with pytest.raises(IllegalEvent, match="not yet worth"):
        apply(mini_rules, s, Speculate("blue", "M", 100))
    s = apply(mini_rules, s, Speculate("blue", "G", 400))
    assert s.player("blue").cash == 1600
    with pytest.raises(IllegalEvent, match="has speculated"):
        apply(mini_rules, s, Invest("blue", "G", 300))
    s = apply(mini_rules, s, Speculate("blue", "G", 400))
    with pytest.raises(IllegalEvent, match="both speculations"):
        apply(mini_rules, s, Speculate("blue", "G", 400))
    s = apply(mini_rules, s, Speculate("green", "G", 400))
    with pytest.raises(IllegalEvent, match="free disc"):
        apply(mini_rules, s, AssignSpeed("G"))


def test_start_train_and_speed(mini_rules, s0):
    s = apply(mini_rules, s0, StartTrain("H", 300))
    assert s.trains[V("H")].started and s.lines["H"].value == 300
    with pytest.raises(IllegalEvent, match="already on the map"):
        apply(mini_rules, s, StartTrain("H", 300))
    s = apply(mini_rules, s, AssignSpeed("H", 2))
    assert s.lines["H"].speed == 2


def test_loans_stations_meeples_and_order(mini_rules, s0):
    s = apply(mini_rules, s0, TakeLoan("green"))
    assert (s.player("green").loans, s.player("green").cash) == (1, 3000)
    s = apply(mini_rules, s, RepayLoan("green"))
    with pytest.raises(IllegalEvent, match="no loan"):
        apply(mini_rules, s, RepayLoan("green"))
    s = apply(mini_rules, s, BuildStation("red", "ginza", 400))
    with pytest.raises(IllegalEvent, match="already has a pyramid"):
        apply(mini_rules, s, BuildStation("blue", "ginza", 400))
    s = apply(mini_rules, s, MoveMeeple("blue", (4, 1)))
    with pytest.raises(IllegalEvent, match="meeple is on"):
        apply(mini_rules, s, MoveMeeple("red", (4, 1)))
    s = apply(mini_rules, s, SetTurnOrder(("green", "blue", "red")))
    assert s.colors == ("green", "blue", "red")
    assert apply(mini_rules, s, NextRound()).round == 2


@pytest.mark.parametrize(
    "event",
    [
        Invest("red", "G", 600),
        Speculate("blue", "M", 300),
        MoveMeeple("red", (3, 4)),
        SetTurnOrder(("blue", "red")),
        NextRound(),
    ],
)
def test_events_round_trip_through_json(event):
    assert parse_event(format_event(event)) == event
