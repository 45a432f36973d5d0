from companion.i18n import _, set_language
from companion.jutaku import countdown as C
from companion.jutaku import jutaku as J
from companion.jutaku.players import default_seats
from companion.jutaku.views import countdown_view, jutaku_view
from companion.money import yen


def test_jutaku_view_through_a_round():
    s = J.new_game(default_seats(3), J.JutakuOptions(bottle_bonus=True))
    v = jutaku_view(s, 0.0)
    assert v.clock == "0:00" and "Empezad" in v.headline
    assert [r.name for r in v.rows] == ["Toyo Ito", "Tadao Ando", "Shigeru Ban"]
    assert [(r.color_name, r.letter, r.key) for r in v.rows][1] == ("Blue", "Bu", "2")
    assert len(v.checklist) == 6
    s = J.apply(s, J.Start(10.0))
    assert jutaku_view(s, 75.9).clock == "1:05"
    s = J.apply(J.apply(s, J.Call(2, 80.0)), J.Call(0, 80.2))
    v = jutaku_view(s, 90.0)
    assert v.clock == "1:10" and "Shigeru Ban" in v.headline and v.entry == "¥10,000"
    assert v.rows[2].highlight and v.rows[2].status == "«¡alto!» #1" and v.rows[0].status
    s = J.apply(J.apply(s, J.Adjust(4, 91)), J.Judge(True, 92))
    s = J.apply(s, J.Judge(False, 93))
    v = jutaku_view(s, 94.0)
    assert "draw 2 drinks" in v.headline and v.rows[2].main == "¥14,000"


def test_jutaku_view_time_limit_counts_down_and_urgent():
    s = J.apply(J.new_game(default_seats(2), J.JutakuOptions(round_limit=120.0)), J.Start(0.0))
    assert jutaku_view(s, 0.5).clock == "2:00"
    v = jutaku_view(s, 111.0)
    assert v.clock == "0:09" and v.urgent
    assert "Time is up" in jutaku_view(s, 121.0).headline or J.tick(s, 121).phase == "moving"
    assert "Time is up" in jutaku_view(J.tick(s, 121.0), 121.0).headline


def test_countdown_view_rows_and_end():
    s = C.apply(C.new_game(default_seats(2, architects=False)), C.StartFloor(0.0))
    s = C.apply(s, C.Place(0, 1.0))
    v = countdown_view(s, 50.2)
    assert v.clock == "0:10" and v.urgent and v.clock_label == "Floor 1 · 60 s"
    assert v.rows[0].main == "1" and v.rows[1].highlight and v.rows[0].name == "Red"
    s = C.tick(s, 70.0)
    assert countdown_view(s, 70.0).rows[1].status == "out on floor 1"
    s = C.tick(C.apply(s, C.StartFloor(71.0)), 120.0)
    v = countdown_view(s, 120.0)
    assert v.over and v.rows[0].status == "#1" and "Red wins" in v.headline


def test_views_in_spanish():
    set_language("es")
    try:
        assert yen(14000, _) == "14.000 ¥"
        s = C.new_game(default_seats(2, architects=False))
        v = countdown_view(s, 0.0, _)
        assert v.rows[0].name == "Rojo" and "Planta 1" in v.headline
    finally:
        set_language("en")


def test_letters_stay_distinct_at_the_table():
    set_language("fr")
    try:
        s = C.new_game(default_seats(8, architects=False))
        letters = [r.letter for r in countdown_view(s, 0.0, _).rows]
        assert len(set(letters)) == 8 and "Ve" in letters and "Vi" in letters
    finally:
        set_language("en")
