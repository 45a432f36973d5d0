"""`why_not` is the one legality question: `apply` refuses exactly what it refuses, the screens
grey what it refuses, and the rulebook's limits hold over any sequence of entries."""

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.data import load_rules
from companion.metro import OSAKA, TOKYO, IllegalEvent, MetroRules, apply, new_state, why_not
from companion.metro.events import (
    AssignSpeed,
    BuildStation,
    Invest,
    RepayLoan,
    Speculate,
    StartTrain,
    TakeLoan,
)
from tests.conftest import DATA

MINI = load_rules(str(DATA / "mini.toml"))
COLORS = ["red", "blue", "green", "yellow"]


def test_the_extra_on_share_2_and_3_cannot_be_discounted():
    s = apply(MINI, new_state(MINI.board, COLORS), Invest("red", "G", 0))
    refused = why_not(MINI, s, Invest("blue", "G", 200))
    assert refused is not None and refused.field == "paid"
    assert refused.template == "share #{number} of line {line} costs at least its extra ¥{extra:,}"
    assert refused.params == {"number": 2, "line": "G", "extra": 300}
    with pytest.raises(IllegalEvent, match="at least its extra ¥300"):
        apply(MINI, s, Invest("blue", "G", 200))
    s = apply(MINI, s, Invest("blue", "G", 300))
    assert why_not(MINI, s, Invest("green", "G", 500)) is not None
    assert why_not(MINI, s, Invest("green", "G", 600)) is None


def test_osaka_extras_stay_at_300():
    osaka = MetroRules(replace(MINI.board, variant=OSAKA), MINI.track)
    s = new_state(osaka.board, COLORS)
    for who, paid in (("red", 0), ("blue", 300), ("green", 300)):
        s = apply(osaka, s, Invest(who, "G", paid))
    assert s.lines["G"].value == 600


def test_eight_loan_tokens_in_the_supply():
    s = new_state(MINI.board, COLORS)
    for i in range(TOKYO.loans):
        s = apply(MINI, s, TakeLoan(COLORS[i % 2]))
    refused = why_not(MINI, s, TakeLoan("green"))
    assert refused is not None and refused.params == {"n": 8}
    s = apply(MINI, s, RepayLoan("red"))
    assert why_not(MINI, s, TakeLoan("green")) is None


def test_twelve_speed_tokens_in_the_supply():
    tokyo = load_rules("tokyo")
    s = new_state(tokyo.board, COLORS)
    lines = list(tokyo.board.lines)
    for line_id in lines[:4]:
        s = apply(tokyo, s, AssignSpeed(line_id, 3))
    refused = why_not(tokyo, s, AssignSpeed(lines[4], 1))
    assert refused is not None and refused.field == "count" and refused.params == {"n": 0}


def test_the_pyramids_come_from_the_variant():
    few = MetroRules(replace(MINI.board, variant=replace(TOKYO, pyramids=1)), MINI.track)
    s = apply(few, new_state(few.board, COLORS), BuildStation("red", "ginza"))
    refused = why_not(few, s, BuildStation("red", "ueno"))
    assert refused is not None and refused.field == "player"


def events(colors, board):
    players = st.sampled_from(colors)
    lines = st.sampled_from(sorted(board.lines))
    yen = st.integers(0, 12).map(lambda k: 100 * k)
    return st.one_of(
        st.builds(Invest, players, lines, yen),
        st.builds(StartTrain, lines, yen),
        st.builds(AssignSpeed, lines, st.integers(1, 3)),
        st.builds(Speculate, players, lines, yen),
        st.builds(TakeLoan, players),
        st.builds(RepayLoan, players),
        st.builds(BuildStation, players, st.sampled_from(sorted(board.stations)), yen),
    )


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(events(COLORS, MINI.board), max_size=40), st.sampled_from([TOKYO, OSAKA]))
def test_apply_refuses_exactly_what_why_not_refuses_and_limits_hold(entries, variant):
    rules = MetroRules(replace(MINI.board, variant=replace(variant, speed_tokens=5)), MINI.track)
    state = new_state(rules.board, COLORS)
    for event in entries:
        refused = why_not(rules, state, event)
        if refused is not None:
            with pytest.raises(IllegalEvent) as info:
                apply(rules, state, event)
            assert (info.value.field, info.value.template) == (refused.field, refused.template)
            continue
        after = apply(rules, state, event)
        cash = sum(p.cash or 0 for p in after.players) - sum(p.cash or 0 for p in state.players)
        value = sum(ls.value for ls in after.lines.values()) - sum(
            ls.value for ls in state.lines.values()
        )
        if isinstance(event, Invest | Speculate):
            assert cash == -event.paid if isinstance(event, Invest) else cash == -event.stake
            assert value == (event.paid if isinstance(event, Invest) else 0)
        if isinstance(event, Invest):
            assert event.paid >= variant.share_extra(len(after.lines[event.line].shares))
        state = after
        assert sum(p.loans for p in state.players) <= variant.loans
        assert sum(ls.speed for ls in state.lines.values()) <= 5
        for line_id, line in rules.board.lines.items():
            ls = state.lines[line_id]
            assert ls.speed + len(ls.speculations) <= line.slots
        assert all(v.line in rules.board.lines for v in state.trains)
