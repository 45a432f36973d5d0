from companion.jutaku import countdown as C
from companion.jutaku.buttons import Buttons, Hold, Press, Release, Tap
from companion.jutaku.players import default_seats


def game(n=3, **opts):
    return C.new_game(default_seats(n, architects=False), C.CountdownOptions(**opts))


def play(state, *events):
    for e in events:
        state = C.apply(state, e)
    return state


def test_floor_durations():
    opts = C.CountdownOptions()
    assert [C.floor_duration(opts, f) for f in range(1, 7)] == [60, 45, 30, 15, 15, 15]


def test_floors_end_on_time_and_settle_after_grace():
    s = play(game(), C.StartFloor(10.0))
    assert C.remaining(s, 40.0) == 30.0
    assert C.tick(s, 69.99).phase == "running"
    closing = C.tick(s, 70.0)
    assert closing.phase == "closing" and closing.ended_at == 70.0
    assert C.remaining(closing, 75.0) == 0.0
    s = play(s, C.Place(0, 20.0), C.Place(1, 21.0))
    s = C.tick(s, 71.0)
    assert s.phase == "between" and s.out_on == (None, None, 1)
    s = C.apply(s, C.StartFloor(80.0))
    assert s.floor == 2 and C.remaining(s, 80.0) == 45.0
    assert C.tick(s, 125.0).phase == "closing"


def test_eliminations_scores_and_ranking_to_the_end():
    s = game(3)
    t = 0.0
    plan = [(3, 2, 1), (2, 1, 0), (1, 0, 0), (0, 0, 0)]
    for floor, pieces in enumerate(plan, start=1):
        s = C.apply(s, C.StartFloor(t))
        for p, k in enumerate(pieces):
            for i in range(k):
                s = C.apply(s, C.Place(p, t + 1 + i))
        t += C.floor_duration(s.options, floor) + 1.0
        s = C.tick(s, t)
    assert s.phase == "over"
    assert s.out_on == (4, 3, 2)
    assert C.scores(s) == (6, 3, 1)
    assert C.standings(s) == (1, 2, 3)


def test_out_players_no_longer_count():
    s = play(game(2), C.StartFloor(0.0), C.Place(0, 1.0))
    s = C.tick(s, 61.0)
    assert s.out_on == (None, 1)
    s = play(s, C.StartFloor(62.0), C.Place(1, 63.0), C.Place(0, 63.0))
    assert C.scores(s) == (2, 0)


def test_take_back_only_this_floor_never_negative():
    s = play(game(2), C.StartFloor(0.0), C.Place(0, 1.0), C.Place(0, 2.0), C.TakeBack(0, 3.0))
    assert C.floor_count(s, 0) == 1
    s = play(s, C.TakeBack(0, 4.0), C.TakeBack(0, 5.0))
    assert C.floor_count(s, 0) == 0 and C.scores(s) == (0, 0)


def test_taking_everything_back_means_out():
    s = play(game(2), C.StartFloor(0.0), C.Place(0, 1.0), C.Place(1, 1.0), C.TakeBack(0, 3.0))
    assert C.tick(s, 70.0).out_on == (1, None)


def test_tap_pressed_before_the_buzzer_counts_after_it():
    s = play(game(1), C.StartFloor(0.0))
    s = C.tick(s, 60.2)
    assert s.phase == "closing"
    s = play(s, C.Place(0, 59.95), C.Place(0, 60.1))
    assert C.floor_count(s, 0) == 1
    assert C.tick(s, 61.0).phase == "between"


def test_all_out_on_the_first_floor_ends_the_game():
    s = C.tick(play(game(2), C.StartFloor(0.0)), 65.0)
    assert s.phase == "over" and C.scores(s) == (0, 0) and C.standings(s) == (1, 1)


def test_pause_freezes_the_clock_exactly():
    s = play(game(), C.StartFloor(0.0), C.Pause(12.5))
    assert C.remaining(s, 1000.0) == 47.5
    assert C.apply(s, C.Place(0, 20.0)) == s
    s = C.apply(s, C.Resume(1000.0))
    assert C.remaining(s, 1010.0) == 37.5
    assert C.tick(s, 1047.49).phase == "running"
    assert C.tick(s, 1047.5).ended_at == 1047.5


def test_auto_next_starts_the_floor_by_itself():
    s = play(game(1, auto_next=5.0), C.StartFloor(0.0), C.Place(0, 1.0))
    s = C.tick(s, 70.0)
    assert s.phase == "running" and s.floor == 2
    assert C.remaining(s, 70.0) == 45.0 - (70.0 - 65.8)


def test_cues_beep_at_10_and_last_5_and_buzzer():
    s = play(game(), C.StartFloor(100.0))
    assert [c.kind for c in C.cues(s, 99.0, 100.0)] == ["start"]
    assert C.cues(s, 100.0, 149.99) == []
    cues = C.cues(C.tick(s, 161.0), 149.99, 161.0)
    assert [(c.kind, c.remaining, c.at) for c in cues] == [
        ("beep", 10, 150.0),
        ("beep", 5, 155.0),
        ("beep", 4, 156.0),
        ("beep", 3, 157.0),
        ("beep", 2, 158.0),
        ("beep", 1, 159.0),
        ("buzzer", 0, 160.0),
    ]


def test_cues_frame_by_frame_each_once():
    s = play(game(), C.StartFloor(0.0))
    seen = []
    prev = 0.0
    for i in range(1, 62 * 30):
        now = i / 30
        s = C.tick(s, now)
        seen += C.cues(s, prev, now)
        prev = now
    assert [c.remaining for c in seen] == [10, 5, 4, 3, 2, 1, 0]


def test_cues_before_a_pause_in_the_same_frame_are_kept():
    s = play(game(), C.StartFloor(0.0), C.Pause(50.5))
    assert [c.remaining for c in C.cues(s, 49.9, 51.0)] == [10]


def test_long_press_takes_one_back_through_buttons():
    s = play(game(1), C.StartFloor(0.0))
    b = Buttons(hold_s=0.8)
    gestures = []
    for ev in (Press(0, 1.0), Release(0, 1.1), Press(0, 2.0), Release(0, 2.2), Press(0, 3.0)):
        b, g = b.feed(ev)
        gestures += g
    b, g = b.poll(3.9)
    gestures += g
    b, g = b.feed(Release(0, 4.5))
    gestures += g
    assert gestures == [Tap(0, 1.0), Tap(0, 2.0), Hold(0, 3.8, 3.0)]
    for gst in gestures:
        if isinstance(gst, Tap):
            s = C.apply(s, C.Place(0, gst.t))
        else:
            s = C.apply(s, C.TakeBack(0, gst.t, gst.pressed))
    assert C.floor_count(s, 0) == 1


def test_long_press_detected_at_release_when_not_polled():
    b, _ = Buttons().feed(Press(3, 0.0))
    b, g = b.feed(Release(3, 2.0))
    assert g == [Hold(3, 0.8, 0.0)] and dict(b.down) == {}


def test_next_due_points_at_each_cue_then_settling():
    s = play(game(), C.StartFloor(100.0))
    assert C.next_due(s, 101.0) == 150.0
    assert C.next_due(s, 150.0) == 155.0
    assert C.next_due(s, 159.5) == 160.0
    s = C.tick(s, 160.0)
    assert C.next_due(s, 160.0) == 160.0 + s.options.grace
