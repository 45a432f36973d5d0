"""The one codec of tagged values: round trips for every kind, and errors naming the field."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.codec import CodecError
from companion.jutaku import codec as jutaku_codec
from companion.jutaku import countdown as C
from companion.metro import (
    Decision,
    VehicleId,
    format_decision,
    format_event,
    format_step,
    parse_decision,
    parse_event,
    parse_step,
)
from companion.metro.events import EVENTS, Invest, MoveMeeple, SetTurnOrder
from companion.metro.steps import STEPS, Left, Moved
from companion.metro.trains import Prompt, format_prompt, parse_prompt


def test_tags_live_on_the_classes():
    assert Invest.type == "invest" and Moved.kind == "moved"
    assert "invest" in EVENTS.tags and "moved" in STEPS.tags


def test_event_shapes_are_unchanged():
    assert format_event(Invest("red", "G", 300)) == {
        "type": "invest",
        "player": "red",
        "line": "G",
        "paid": 300,
    }
    assert format_event(SetTurnOrder(("blue", "red"))) == {
        "type": "set_turn_order",
        "order": ["blue", "red"],
    }
    assert parse_event({"type": "move_meeple", "player": "red", "square": [2, 3]}) == MoveMeeple(
        "red", (2, 3)
    )


def test_steps_carry_the_vehicle_and_its_line_and_old_steps_still_read():
    step = Left("blue", VehicleId("G", 1), "G5", (6, 2))
    data = format_step(step)
    assert data == {
        "kind": "left",
        "player": "blue",
        "vehicle": "G#1",
        "line": "G",
        "stop": "G5",
        "square": [6, 2],
        "forced": False,
    }
    assert parse_step(json.loads(json.dumps(data))) == step
    old = {"kind": "left", "player": "blue", "line": "G", "stop": "G5", "square": [6, 2]}
    assert parse_step(old) == step


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"type": "invest", "player": "red", "line": "G", "paid": "300"}, "paid"),
        ({"type": "invest", "player": "red", "line": "G"}, "paid"),
        ({"type": "invest", "player": "red", "line": "G", "paid": 1, "tip": 1}, "tip"),
        ({"type": "bribe"}, "type"),
        ({"type": "move_meeple", "player": "red", "square": [1]}, "square"),
        ({"type": "set_turn_order", "order": ["red", 4]}, "order[1]"),
    ],
)
def test_a_bad_event_names_its_field(data, field):
    with pytest.raises(CodecError) as info:
        parse_event(data)
    assert info.value.field == field


def test_decisions_and_prompts():
    assert format_decision(Decision(True, (1, 2))) == {"accept": True, "square": [1, 2]}
    assert parse_decision({"accept": False}) == Decision(False)
    with pytest.raises(CodecError) as info:
        parse_decision({"accept": True, "square": [1, "x"]}, "answers[2]")
    assert info.value.field == "answers[2].square"
    prompt = Prompt("leave", "red", VehicleId("P", 2), "P4", ((1, 1),))
    assert format_prompt(prompt)["vehicle"] == "P#2"
    assert parse_prompt(format_prompt(prompt)) == prompt
    with pytest.raises(CodecError, match="vehicle"):
        parse_step({"kind": "removed", "vehicle": "G-1", "stop": "G1", "lost_moves": 2})


@given(
    st.lists(
        st.one_of(
            st.builds(C.StartFloor, st.floats(0, 1e6)),
            st.builds(C.Place, st.integers(0, 7), st.floats(0, 1e6)),
            st.builds(
                C.TakeBack, st.integers(0, 7), st.floats(0, 1e6), st.none() | st.floats(0, 1e6)
            ),
            st.builds(C.Pause, st.floats(0, 1e6)),
        )
    )
)
def test_countdown_events_round_trip(events):
    codec = jutaku_codec.COUNTDOWN_EVENTS
    assert [codec.decode(json.loads(json.dumps(codec.encode(e)))) for e in events] == events
