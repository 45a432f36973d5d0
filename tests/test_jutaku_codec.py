from hypothesis import given, settings
from hypothesis import strategies as st

from companion.jutaku import codec
from companion.jutaku import jutaku as J
from companion.jutaku.players import default_seats

events = st.one_of(
    st.builds(J.Start, st.floats(0, 1e6)),
    st.builds(J.Call, st.integers(0, 7), st.floats(0, 1e6)),
    st.builds(J.Adjust, st.integers(-5, 5), st.floats(0, 1e6)),
    st.builds(J.SetValue, st.integers(0, 99000), st.floats(0, 1e6)),
    st.builds(J.Judge, st.booleans(), st.floats(0, 1e6)),
    st.builds(J.Next, st.floats(0, 1e6)),
    st.builds(J.Pause, st.floats(0, 1e6)),
    st.builds(J.Resume, st.floats(0, 1e6)),
    st.builds(J.TakeDrink, st.integers(0, 7), st.sampled_from(J.DRINKS), st.floats(0, 1e6)),
    st.builds(J.SpendDrink, st.integers(0, 7), st.sampled_from(J.DRINKS), st.floats(0, 1e6)),
)


@settings(max_examples=100, deadline=None)
@given(events)
def test_events_round_trip_through_json(event):
    import json

    assert codec.event_from_json(json.loads(json.dumps(codec.event_to_json(event)))) == event


def test_setup_round_trip():
    seats = default_seats(4)
    options = J.JutakuOptions(round_limit=90.0, bottle_bonus=True, plot_values=(6000, 14000))
    assert codec.setup_from_json(codec.setup_to_json(seats, options)) == (seats, options)


def test_a_running_round_comes_back_paused_at_its_last_event():
    seats, options = default_seats(2), J.JutakuOptions()
    saved = [J.Start(100.0), J.Call(0, 130.0), J.Judge(False, 140.0)]
    state, extra = codec.restore(seats, options, saved)
    assert extra == [J.Pause(140.0)] and state.phase == "paused"
    assert J.elapsed(state, 99999.0) == 30.0
    # after a reboot the monotonic clock restarts near zero: the round goes on from 30 s
    state = J.apply(state, J.Resume(5.0))
    assert J.elapsed(state, 15.0) == 40.0
    assert J.apply(state, J.Call(1, 16.0)).callers == (1,)


def test_a_press_from_a_new_boot_is_not_simultaneous_with_an_old_call():
    s = J.apply(J.apply(J.new_game(default_seats(2)), J.Start(500.0)), J.Call(0, 510.0))
    assert J.apply(s, J.Call(1, 3.0)).callers == (0,)
