"""Jutaku move order (rulebook: "el jugador con más yenes mueve su arquitecto primero" among
the successful builders, and "esto continúa en el sentido de las agujas del reloj")."""

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from companion.jutaku import jutaku as J
from companion.jutaku.players import default_seats


@st.composite
def rounds(draw):
    n = draw(st.integers(2, 8))
    state = J.new_game(default_seats(n))
    plots = [
        tuple(draw(st.lists(st.integers(1, 30).map(lambda k: 1000 * k), max_size=3)))
        for _ in range(n)
    ]
    state = replace(state, records=tuple(J.Record(plots=p) for p in plots))
    builders = draw(st.lists(st.integers(0, n - 1), unique=True, min_size=1, max_size=n))
    goods = tuple(
        J.Verdict(p, True, state.records[p].plots[-1] if state.records[p].plots else 1000)
        for p in builders
    )
    return state, goods


@given(rounds())
def test_richest_builder_first_then_everyone_clockwise_from_them(game):
    state, goods = game
    order = J.move_order(state, goods)
    n = len(state.seats)
    first = order[0]
    assert order == tuple((first + k) % n for k in range(n))
    builders = {v.player for v in goods}
    assert first in builders
    assert state.records[first].total == max(state.records[p].total for p in builders)


def test_golden_two_builders_the_other_waits_for_their_seat():
    state = J.new_game(default_seats(5))
    records = [
        J.Record(),
        J.Record(plots=(14000,)),
        J.Record(),
        J.Record(plots=(20000,)),
        J.Record(),
    ]
    state = replace(state, records=tuple(records))
    goods = (J.Verdict(1, True, 14000), J.Verdict(3, True, 20000))
    assert J.move_order(state, goods) == (3, 4, 0, 1, 2)
