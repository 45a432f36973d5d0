from hypothesis import given, settings
from hypothesis import strategies as st

from companion.jutaku import countdown as C
from companion.jutaku import jutaku as J
from companion.jutaku.clock import Clock
from companion.jutaku.players import default_seats

gaps = st.lists(st.floats(min_value=0.0, max_value=20.0), min_size=1, max_size=60)


def countdown_events(draw_kinds, players):
    return st.lists(
        st.tuples(
            st.sampled_from(draw_kinds),
            st.integers(min_value=0, max_value=players - 1),
            st.floats(min_value=0.0, max_value=8.0),
        ),
        max_size=80,
    )


KINDS = ("start", "place", "back", "pause", "resume", "tick")


def run_countdown(steps, players=3):
    s = C.new_game(default_seats(players, architects=False))
    t = 0.0
    states = [(s, t)]
    for kind, p, dt in steps:
        t += dt
        event = {
            "start": C.StartFloor(t),
            "place": C.Place(p, t),
            "back": C.TakeBack(p, t),
            "pause": C.Pause(t),
            "resume": C.Resume(t),
            "tick": None,
        }[kind]
        s = C.tick(s, t) if event is None else C.apply(s, event)
        states.append((s, t))
    return states


@settings(max_examples=80, deadline=None)
@given(countdown_events(KINDS, 3))
def test_countdown_scores_never_negative_and_remaining_in_range(steps):
    for s, t in run_countdown(steps):
        assert all(c >= 0 for row in s.counts for c in row)
        assert 0.0 <= C.remaining(s, t) <= s.duration
        assert all(sum(row) >= 0 for row in s.counts)


@settings(max_examples=80, deadline=None)
@given(gaps)
def test_remaining_is_monotone_while_running_and_never_negative(deltas):
    s = C.apply(C.new_game(default_seats(2)), C.StartFloor(0.0))
    t, last = 0.0, C.remaining(s, 0.0)
    for dt in deltas:
        t += dt
        s = C.tick(s, t)
        left = C.remaining(s, t)
        if s.floor == 1:
            assert 0.0 <= left <= last
            last = left


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.floats(min_value=0.0, max_value=30.0)), max_size=30))
def test_stopwatch_equals_the_sum_of_running_spans(toggles):
    clock, t, running_total, running, since = Clock(), 0.0, 0.0, False, 0.0
    for start, dt in toggles:
        t += dt
        if start and not running:
            clock, running, since = clock.start(t), True, t
        elif not start and running:
            clock, running = clock.stop(t), False
            running_total += t - since
    expected = running_total + (t + 1.0 - since if running else 0.0)
    assert abs(clock.elapsed(t + 1.0) - expected) < 1e-6


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(("start", "call", "adjust", "judge", "next", "pause", "resume")),
            st.integers(min_value=0, max_value=3),
            st.booleans(),
            st.floats(min_value=0.0, max_value=5.0),
        ),
        max_size=120,
    )
)
def test_jutaku_never_ends_before_four_plots_and_totals_add_up(steps):
    s = J.new_game(default_seats(4), J.JutakuOptions(round_limit=60.0))
    t = 0.0
    for kind, p, good, dt in steps:
        t += dt
        event = {
            "start": J.Start(t),
            "call": J.Call(p, t),
            "adjust": J.Adjust(p - 1, t),
            "judge": J.Judge(good, t),
            "next": J.Next(t),
            "pause": J.Pause(t),
            "resume": J.Resume(t),
        }[kind]
        s = J.apply(s, event)
        assert all(v > 0 for r in s.records for v in r.plots)
        assert (s.phase == "over") == any(len(r.plots) >= 4 for r in s.records)
        assert 0.0 <= J.elapsed(s, t) <= 60.0
        assert J.totals(s) == tuple(sum(r.plots) for r in s.records)


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.floats(min_value=0.01, max_value=2.0), st.floats(min_value=0.0, max_value=2.0)
        ),
        max_size=30,
    ),
    st.lists(st.floats(min_value=0.0, max_value=3.0), max_size=30),
)
def test_each_press_gives_exactly_one_gesture(presses, polls):
    from companion.jutaku.buttons import Buttons, Hold, Press, Release, Tap

    b, t, out = Buttons(hold_s=0.8), 0.0, []
    for (held, gap), poll in zip(presses, polls + [0.0] * len(presses), strict=False):
        b, g = b.feed(Press(0, t))
        out += g
        if poll < held:
            b, g = b.poll(t + poll)
            out += g
        b, g = b.feed(Release(0, t + held))
        out += g
        expected = Tap if held < 0.8 else Hold
        assert len(out) == 1 and isinstance(out[0], expected), (held, out)
        out = []
        t += held + gap
