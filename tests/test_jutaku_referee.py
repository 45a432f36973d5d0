import pytest

from companion.jutaku import jutaku as J
from companion.jutaku.players import ARCHITECTS, Seat, default_seats


def game(n=3, **opts):
    return J.new_game(default_seats(n), J.JutakuOptions(**opts))


def play(state, *events):
    for e in events:
        state = J.apply(state, e)
    return state


def score(state, player, value, t, others_bad=()):
    """One round in which `player` calls at t and builds a plot worth `value`."""
    state = play(state, J.Start(t), J.Call(player, t + 10))
    state = play(state, J.SetValue(value, t + 11), J.Judge(True, t + 12))
    while state.phase == "moving":
        state = J.apply(state, J.Next(t + 13))
    return state


def test_eight_architects_from_the_rulebook():
    assert len(ARCHITECTS) == 8
    assert "Tadao Ando" in ARCHITECTS and "Go Hasegawa" in ARCHITECTS
    assert [s.architect for s in default_seats(8)] == list(ARCHITECTS)


def test_start_runs_the_clock_and_a_call_stops_it():
    s = play(game(), J.Start(100.0))
    assert s.phase == "building" and J.elapsed(s, 130.0) == 30.0
    s = J.apply(s, J.Call(1, 142.5))
    assert s.phase == "checking" and s.callers == (1,)
    assert J.elapsed(s, 200.0) == 42.5


def test_presses_within_the_window_are_simultaneous_in_call_order():
    s = play(game(4), J.Start(0.0), J.Call(2, 10.0), J.Call(0, 10.3), J.Call(2, 10.4))
    s = J.apply(s, J.Call(3, 10.6))
    assert s.callers == (2, 0)
    assert s.current_caller == 2
    s = play(s, J.SetValue(14000, 11), J.Judge(True, 12))
    assert s.current_caller == 0
    s = play(s, J.Adjust(+2, 13), J.Judge(True, 14))
    assert [r.plots for r in s.records] == [(12000,), (), (14000,), ()]
    assert s.phase == "moving"


def test_a_press_reported_later_but_pressed_first_calls_first():
    """Buttons report on release: a call stamped before the first one moves ahead of it."""
    s = play(game(4), J.Start(0.0), J.Call(2, 10.0), J.Call(0, 9.8), J.Call(1, 9.0))
    assert s.callers == (0, 2) and s.called_at == 9.8
    assert J.elapsed(s, 30.0) == pytest.approx(9.8)


def test_window_is_configurable():
    s = play(game(3, call_window=1.0), J.Start(0.0), J.Call(0, 5.0), J.Call(1, 5.9))
    assert s.callers == (0, 1)


def test_failed_check_resumes_the_round_and_the_clock_goes_on():
    s = play(game(), J.Start(0.0), J.Call(1, 20.0), J.Judge(False, 50.0))
    assert s.phase == "building" and s.callers == ()
    assert J.elapsed(s, 55.0) == 25.0
    assert s.records[1].false_calls == 1 and s.records[1].plots == ()
    s = play(s, J.Call(0, 60.0), J.SetValue(9000, 61), J.Judge(True, 62))
    assert s.records[0].plots == (9000,)


def test_one_good_and_one_bad_call_still_ends_the_round():
    s = play(game(), J.Start(0.0), J.Call(0, 5.0), J.Call(1, 5.1))
    s = play(s, J.Judge(False, 6), J.SetValue(8000, 7), J.Judge(True, 8))
    assert s.phase == "moving" and s.records[1].plots == (8000,)


def test_a_good_verdict_needs_a_value():
    s = play(game(), J.Start(0.0), J.Call(0, 5.0), J.SetValue(0, 6), J.Judge(True, 7))
    assert s.phase == "building" and s.records[0].plots == ()


def test_value_entry_steps_and_list():
    s = play(game(), J.Start(0.0), J.Call(0, 5.0))
    assert s.entry == 10000
    s = play(s, J.Adjust(3, 6), J.Adjust(-1, 6))
    assert s.entry == 12000
    s = play(game(plot_values=(6000, 9000, 14000)), J.Start(0.0), J.Call(0, 5.0))
    assert s.entry == 9000
    s = J.apply(s, J.Adjust(1, 6))
    assert s.entry == 14000
    assert J.apply(s, J.Adjust(5, 6)).entry == 14000


def test_move_order_most_yen_first_then_clockwise():
    s = game(4)
    s = score(s, 2, 10000, 0)
    s = play(s, J.Start(100), J.Call(1, 110), J.Call(2, 110.2))
    s = play(s, J.SetValue(12000, 111), J.Judge(True, 112))
    s = play(s, J.SetValue(5000, 113), J.Judge(True, 114))
    # seat 2 has 15000 in total, seat 1 has 12000: seat 2 first, then clockwise from seat 2,
    # so seat 1 (also a successful builder) moves last (rulebook: "esto continúa en el sentido
    # de las agujas del reloj")
    assert [(st.kind, st.player) for st in s.steps] == [
        ("move", 2),
        ("stay_or_move", 3),
        ("stay_or_move", 0),
        ("move", 1),
    ]


def test_fourth_plot_ends_the_game_with_totals_and_shared_win():
    s = game(2)
    for i, v in enumerate((10000, 11000, 12000)):
        s = score(s, 0, v, 100 * i)
    s = score(s, 1, 20000, 300)
    s = score(s, 1, 13000, 400)
    assert s.phase == "ready"
    # both call together; seat 0 completes a fourth plot
    s = play(s, J.Start(500), J.Call(0, 510), J.Call(1, 510.1))
    s = play(s, J.SetValue(9000, 511), J.Judge(True, 512), J.SetValue(9000, 513))
    s = J.apply(s, J.Judge(True, 514))
    assert s.phase == "over"
    assert J.totals(s) == (42000, 42000)
    assert J.winners(s) == (0, 1)
    assert J.standings(s) == (1, 1)
    assert J.apply(s, J.Start(600)) == s


def test_round_time_limit_ends_the_round_and_late_calls_are_ignored():
    s = play(game(3, round_limit=90.0), J.Start(0.0))
    assert J.tick(s, 89.9).phase == "building"
    s = J.apply(s, J.Call(0, 91.0))
    assert s.phase == "moving" and s.timed_out and s.callers == ()
    assert J.elapsed(s, 200.0) == 90.0
    assert [st.kind for st in s.steps] == ["stay_or_move"] * 3
    s = J.apply(s, J.Start(100.0))
    assert s.phase == "building" and s.round == 2 and J.elapsed(s, 101.0) == 1.0


def test_pause_freezes_the_round_clock():
    s = play(game(), J.Start(0.0), J.Pause(10.0))
    assert J.elapsed(s, 500.0) == 10.0
    assert J.apply(s, J.Call(0, 20.0)).phase == "paused"
    s = J.apply(s, J.Resume(500.0))
    assert J.elapsed(s, 505.0) == 15.0


def test_bottle_bonus_blue_drink_and_drink_steps():
    s = game(3, bottle_bonus=True)
    s = play(s, J.TakeDrink(0, "blue", 0), J.TakeDrink(1, "blue", 0), J.TakeDrink(1, "mint", 0))
    s = play(s, J.SpendDrink(0, "blue", 1), J.SpendDrink(1, "blue", 1))
    assert s.records[0].blue_active and s.records[0].drinks == ()
    s = play(s, J.Start(2), J.Call(0, 10), J.SetValue(10000, 11), J.Judge(True, 12))
    assert s.records[0].blue_kept == 1 and s.records[1].blue_kept == 0
    assert not s.records[1].blue_active and s.records[1].drinks == ("mint",)
    assert (s.steps[0].kind, s.steps[0].player) == ("drinks", 0)
    assert J.totals(s)[0] == 10200


def test_blue_drink_is_spent_only_before_a_round():
    s = play(game(2, bottle_bonus=True), J.TakeDrink(0, "blue", 0), J.Start(1))
    s = J.apply(s, J.SpendDrink(0, "blue", 2))
    assert s.records[0].drinks == ("blue",) and not s.records[0].blue_active


def test_seats_must_be_distinct():
    import pytest

    with pytest.raises(ValueError):
        J.new_game([Seat("red", "Toyo Ito"), Seat("red", "Tadao Ando")])
    with pytest.raises(ValueError):
        J.new_game([Seat("red", "Toyo Ito"), Seat("blue", "Toyo Ito")])


def test_cues_start_stop_resume_and_limit_beeps():
    s = play(game(2, round_limit=30.0), J.Start(5.0))
    assert [c.kind for c in J.cues(s, 4.9, 5.0)] == ["start"]
    beeps = J.cues(s, 5.0, 35.0)
    assert [(c.kind, c.remaining) for c in beeps] == [
        ("beep", 10),
        ("beep", 5),
        ("beep", 4),
        ("beep", 3),
        ("beep", 2),
        ("beep", 1),
        ("buzzer", 0),
    ]
    assert beeps[0].at == 25.0 and beeps[-1].at == 35.0
    s = J.apply(s, J.Call(1, 12.0))
    assert [c.kind for c in J.cues(s, 11.0, 12.0)] == ["stop"]
    s = J.apply(s, J.Judge(False, 14.0))
    assert [c.kind for c in J.cues(s, 13.0, 14.0)] == ["resume"]


def test_unknown_seats_and_drinks_are_ignored():
    s = game(2, bottle_bonus=True)
    for event in (J.TakeDrink(5, "blue", 0), J.SpendDrink(-1, "blue", 0), J.TakeDrink(0, "gin", 0)):
        assert J.apply(s, event) == s
    assert J.apply(J.apply(s, J.Start(0)), J.Call(9, 1)).phase == "building"
