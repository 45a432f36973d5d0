"""The Osaka expansion's rules on the Osaka map: the rulebook's examples as golden tests, the
card sets, Sell, Copy, invest by disc, twin vehicles and vehicles that never leave."""

import json
import subprocess
import sys
from dataclasses import replace

import pytest

from companion.data import REPO_ROOT, load_rules
from companion.metro import (
    Decision,
    VehicleId,
    apply,
    end_game,
    new_state,
    parse_state,
    run_train_phase,
    why_not,
)
from companion.metro.events import (
    BidBonus,
    Copy,
    Invest,
    InvestByDisc,
    Sell,
    SetTurnOrder,
    Speculate,
    StartTrain,
    TakeCard,
)
from companion.metro.shares import sale_value
from companion.metro.state import Meeple, Train
from companion.metro.steps import Moved, Offered, Paid
from companion.metro.variant import OSAKA_CARDS, TOKYO_CARDS

OSAKA = load_rules("osaka")
TOKYO = load_rules("tokyo")
COLORS = ["red", "blue", "green", "yellow", "black"]


def state(rules=OSAKA, lines=None, cards=None, **extra):
    data = {
        "map": rules.board.id,
        "players": [{"color": c, "cash": 5000} for c in COLORS[:4]],
        "lines": lines or {},
        **({"cards": cards} if cards else {}),
        **extra,
    }
    return parse_state(data, rules.board)


def test_four_holders_split_by_halving_three_times():
    # rulebook: line T worth ¥2,000 pays #1 1,000, #2 500, #3 300, #4 the 200 left
    s = state(lines={"T": {"value": 2000, "shares": ["red", "blue", "green", "yellow"]}})
    result = end_game(OSAKA, s)
    t = next(line for line in result.lines if line.line == "T")
    assert [(p.player, p.paid) for p in t.shares] == [
        ("red", 1000),
        ("blue", 500),
        ("green", 300),
        ("yellow", 200),
    ]


def test_selling_share_1_moves_the_others_up_and_puts_the_last_card_back():
    # rulebook: #1 sold while others hold #2 and #3: #2 takes #1, #3 takes #2, #3 goes back
    s = state(lines={"Y": {"value": 2900, "shares": ["red", "blue", "green"]}})
    after = apply(OSAKA, s, Sell("red", "Y"))
    assert after.lines["Y"].shares == ("blue", "green")
    # what red alone would get from the share payout now: #1 of three on ¥2,900 is ¥1,500
    assert after.player("red").set_aside == 1500 and after.player("red").cash == 5000
    assert after.lines["Y"].value == 1400
    # the card back in the supply is the next one bought, at its extra (Osaka: ¥300 flat)
    assert why_not(OSAKA, after, Invest("red", "Y", 200)) is not None
    bought = apply(OSAKA, after, Invest("red", "Y", 300))
    assert bought.lines["Y"].shares == ("blue", "green", "red")


def test_the_sale_ignores_speculations_and_counts_the_other_holders():
    line = {
        "value": 2900,
        "shares": ["red", "blue"],
        "speculations": [{"player": "green", "stake": 900}],
    }
    s = state(lines={"Y": line})
    assert sale_value(s.lines["Y"], "blue", OSAKA.track) == 900  # the smaller of 2,000 / 900
    assert sale_value(s.lines["Y"], "green", OSAKA.track) == 0
    after = apply(OSAKA, s, Sell("blue", "Y"))
    assert after.lines["Y"].speculations == s.lines["Y"].speculations


def test_set_aside_money_counts_at_the_end_before_loans():
    s = state(lines={"Y": {"value": 1000, "shares": ["red"]}})
    s = apply(OSAKA, s, Sell("red", "Y"))
    s = s.with_player(replace(s.player("red"), loans=1))
    red = next(p for p in end_game(OSAKA, s).players if p.color == "red")
    assert (red.set_aside, red.shares, red.loan_cost) == (1000, 0, 1500)
    assert red.total == 5000 + 1000 - 1500


def test_selling_needs_a_share():
    s = state(lines={"Y": {"value": 1000, "shares": ["red"]}})
    assert why_not(OSAKA, s, Sell("blue", "Y")).params == {"player": "blue", "line": "Y"}


def test_invest_by_disc_pays_only_the_extra_which_raises_the_value():
    s = state()
    s = apply(OSAKA, s, InvestByDisc("red", "M"))
    assert s.lines["M"].shares == ("red",) and s.lines["M"].value == 0
    assert s.trains[VehicleId("M")] == Train(1, 1, False)
    for n, who in enumerate(("blue", "green", "yellow"), start=2):
        s = apply(OSAKA, s, InvestByDisc(who, "M"))
        assert s.lines["M"].value == 300 * (n - 1) and s.player(who).cash == 4700
    # M has 4 shares: none left
    assert why_not(OSAKA, s, InvestByDisc("black", "M")) is not None


def test_invest_by_disc_puts_both_trams_on_the_map():
    s = apply(OSAKA, state(), InvestByDisc("red", "P"))
    length = OSAKA.board.lines["P"].length
    assert s.trains == {VehicleId("P", 1): Train(1, 1), VehicleId("P", 2): Train(length, -1)}


def test_one_share_a_line_and_never_on_a_speculated_line():
    s = state(lines={"T": {"value": 1000, "shares": ["red"]}})
    assert why_not(OSAKA, s, InvestByDisc("red", "T")) is not None
    s = apply(OSAKA, s, Speculate("blue", "T", 400))
    refused = why_not(OSAKA, s, InvestByDisc("blue", "T"))
    assert refused is not None and refused.template == "{player} has speculated on line {line}"
    assert why_not(OSAKA, s, Invest("blue", "T", 300)) is not None


def test_shares_2_3_and_4_cost_a_flat_300_extra():
    s = state(lines={"T": {"value": 0, "shares": ["red", "blue", "green"]}})
    assert why_not(OSAKA, s, Invest("yellow", "T", 200)) is not None
    assert why_not(OSAKA, s, Invest("yellow", "T", 300)) is None


def test_copy_pays_its_cost_and_the_copied_action_is_entered_as_itself():
    s = apply(OSAKA, state(), Copy("red", 200))
    assert s.player("red").cash == 4800
    s = apply(OSAKA, s, Invest("red", "C", 400))
    assert s.lines["C"].shares == ("red",)


@pytest.mark.parametrize(
    ("event", "tokyo_cards", "osaka_cards"),
    [
        (StartTrain("Y", 200), True, False),
        (BidBonus("red", 200), True, False),
        (TakeCard("red", 100), True, False),
        (Sell("red", "C"), False, True),
        (Copy("red", 100), False, True),
        (InvestByDisc("blue", "C"), False, True),
        (Invest("blue", "C", 300), True, True),
    ],
)
@pytest.mark.parametrize("rules", [OSAKA, TOKYO], ids=["osaka map", "tokyo map"])
def test_each_card_set_has_its_own_actions(rules, event, tokyo_cards, osaka_cards):
    lines = {"C": {"value": 500, "shares": ["red"]}}
    for cards, allowed in (("tokyo", tokyo_cards), ("osaka", osaka_cards)):
        refused = why_not(rules, state(rules, lines, cards), event)
        assert (refused is None) == allowed, (cards, refused)
        if not allowed:
            assert refused.field == "action" and refused.params["cards"] == cards


def test_the_map_brings_its_own_cards_and_the_rounds_follow_the_cards():
    assert new_state(OSAKA.board, COLORS[:2]).card_set(OSAKA.board) is OSAKA_CARDS
    assert new_state(TOKYO.board, COLORS[:2]).card_set(TOKYO.board) is TOKYO_CARDS
    s = new_state(TOKYO.board, COLORS[:2], cards="osaka")
    assert s.cards == "osaka" and s.card_set(TOKYO.board) is OSAKA_CARDS
    assert new_state(TOKYO.board, COLORS[:2], cards="tokyo").cards is None
    assert [OSAKA.variant.rounds(n) for n in (2, 3, 4, 5)] == [7, 6, 5, 4]
    assert [TOKYO.variant.rounds(n, TOKYO_CARDS) for n in (2, 5)] == [8, 5]
    assert OSAKA.variant.rounds(5, TOKYO_CARDS) == 5 and TOKYO.variant.rounds(5, OSAKA_CARDS) == 4


def test_a_bid_bonus_is_kept_until_the_next_turn_order():
    s = apply(TOKYO, state(TOKYO), BidBonus("red", 300))
    assert s.player("red").bid_bonus == 300 and s.player("red").cash == 5000
    s = apply(TOKYO, s, SetTurnOrder(("blue", "red", "green", "yellow")))
    assert s.player("red").bid_bonus == 0


def test_a_start_train_stays_on_the_osaka_map_with_tokyo_cards():
    s = apply(OSAKA, state(cards="tokyo"), StartTrain("S", 200))
    s = replace(s, trains={VehicleId("S"): Train(3, -1, True)})
    phase = run_train_phase(OSAKA, s)
    assert VehicleId("S") in phase.state.trains
    assert any(isinstance(x, Moved) and x.to_stop == "S1" for x in phase.steps)


def test_a_tokyo_train_with_no_share_stays_when_playing_osaka_cards():
    trains = {"G#1": {"stop": 3, "direction": -1, "started": True}}
    for cards, stays in (("tokyo", False), ("osaka", True)):
        s = state(TOKYO, cards=cards, trains=trains)
        assert (VehicleId("G") in run_train_phase(TOKYO, s).state.trains) == stays


def test_both_buses_may_stand_on_one_stop_and_each_arrival_pays():
    board = OSAKA.board
    length = board.lines["B"].length  # 8: B1 and B8 are stations, B2-B7 small circles
    s = state(
        lines={"B": {"value": 0, "shares": ["red"]}},
        trains={"B#1": {"stop": 3}, "B#2": {"stop": 4, "direction": -1}},
        stations={"taisho": "blue", "kitakagaya": "green"},
    )
    phase = run_train_phase(OSAKA, s)
    moved = [(x.vehicle.number, x.to_stop) for x in phase.steps if isinstance(x, Moved)]
    assert moved[:2] == [(1, "B4"), (2, "B3")]
    assert [(x.vehicle.number, x.stop, x.owner) for x in phase.steps if isinstance(x, Paid)] == [
        (2, "B1", "blue"),
        (1, "B8", "green"),
    ]
    assert phase.state.trains[VehicleId("B", 1)].stop == length
    assert phase.state.trains[VehicleId("B", 2)].stop == 3


def test_twin_decisions_go_in_turn_order_across_both_vehicles():
    """Ruling 12: in a move both trams move and are paid, first tram first; then each player
    in turn order answers for whichever tram concerns them."""
    board = OSAKA.board
    near_p9 = sorted(board.squares_for_stop("P9") - board.squares_for_stop("P2"))[0]
    near_p2 = sorted(board.squares_for_stop("P2") - board.squares_for_stop("P9"))[0]
    s = state(
        lines={"P": {"value": 0, "shares": ["yellow"]}},
        trains={"P#1": {"stop": 1}, "P#2": {"stop": 10, "direction": -1}},
    )
    s = replace(s, meeples={"blue": Meeple(square=near_p2), "red": Meeple(square=near_p9)})
    phase = run_train_phase(OSAKA, s, lambda prompt: Decision(True))
    first = [type(x).__name__ + f" {x.vehicle.number}" for x in phase.steps[:8]]
    assert first == [
        "Departed 1",
        "Departed 2",
        "Moved 1",
        "Moved 2",
        "Offered 2",  # red is first in turn order: the second tram's question comes first
        "Boarded 2",
        "Offered 1",
        "Boarded 1",
    ]
    offers = [(x.player, x.stop) for x in phase.steps if isinstance(x, Offered)]
    assert offers[:2] == [("red", "P9"), ("blue", "P2")]


def test_the_commands_play_the_osaka_example():
    example = "docs/examples/osaka-rulebook.json"

    def run(*args):
        return subprocess.run(
            [sys.executable, "-m", "companion", "metro", *args],
            cwd=REPO_ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout

    end = run("end-game", "--state", example)
    assert "share #3 Green: ¥300; share #4 Yellow: ¥200" in end
    assert "Blue: ¥1,500 set aside by Sell" in end
    phase = json.loads(run("train-phase", "--state", example, "--json"))
    vehicles = {step["vehicle"] for step in phase["steps"]}
    assert {"P#1", "P#2", "B#1", "B#2", "T#1"} <= vehicles
    assert "Line P #2: P10 → P9" in run(
        "train-phase", "--state", "docs/examples/osaka-rulebook.json"
    )
