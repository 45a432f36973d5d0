from companion.colors import hex_to_rgb
from companion.devices.led_layout import default_layout
from companion.ledshow import BLACK, LED_PLAYER_COLORS, ShowOptions, render, train_stops
from companion.metro.steps import Boarded, Moved, Offered, Paid
from companion.metro.trains import Prompt
from companion.metro.vehicles import VehicleId as V
from tests.led_scenario import scenario

RULES, STATE, PHASE = scenario()
BOARD = RULES.board
LAYOUT = default_layout(BOARD)
G, M, H = (hex_to_rgb(BOARD.lines[x].color) for x in "GMH")


def lit(colors):
    return {i for i, c in enumerate(colors) if c != BLACK}


def test_between_phases_every_running_train_is_lit_in_its_line_colour():
    colors = render(BOARD, LAYOUT, STATE)
    assert lit(colors) == {LAYOUT.led("G1"), LAYOUT.led("M4"), LAYOUT.led("H6")}
    assert colors[LAYOUT.led("G1")] == G and colors[LAYOUT.led("H6")] == H
    after = render(BOARD, LAYOUT, PHASE.state)
    assert lit(after) == {LAYOUT.led("G6"), LAYOUT.led("M3"), LAYOUT.led("H5")}


def test_dim_line_segments_are_optional():
    colors = render(BOARD, LAYOUT, STATE, options=ShowOptions(dim_lines=0.1))
    assert lit(colors) == set(range(LAYOUT.count))
    assert colors[LAYOUT.led("G2")] == tuple(round(c * 0.1) for c in G)


def test_trains_move_stop_by_stop_with_a_fading_trail():
    steps = PHASE.steps
    first_move = next(i for i, s in enumerate(steps) if isinstance(s, Moved))
    now = render(BOARD, LAYOUT, STATE, steps[: first_move + 1], t=0.0)
    assert now[LAYOUT.led("G2")] == G
    assert 0 < max(now[LAYOUT.led("G1")]) < max(G)
    later = render(BOARD, LAYOUT, STATE, steps[: first_move + 1], t=5.0)
    assert later[LAYOUT.led("G1")] == BLACK and later[LAYOUT.led("G2")] == G
    positions = [train_stops(STATE, steps[: i + 1])[V("G")] for i in range(len(steps))]
    assert positions[:8] == [1, 2, 3, 3, 3, 3, 4, 4]


def test_a_payout_flashes_the_whole_station_in_the_owner_colour():
    steps = PHASE.steps
    at = next(i for i, s in enumerate(steps) if isinstance(s, Paid) and s.station == "roppongi")
    shown = steps[: at + 1]
    on = render(BOARD, LAYOUT, STATE, shown, t=0.0)
    off = render(BOARD, LAYOUT, STATE, shown, t=0.2)
    blue = LED_PLAYER_COLORS["blue"]
    assert on[LAYOUT.led("H6")] == on[LAYOUT.led("H7")] == blue
    assert off[LAYOUT.led("H6")] == BLACK and off[LAYOUT.led("H7")] == H


def test_black_owner_still_shows_on_leds():
    assert max(LED_PLAYER_COLORS["black"]) > 100


def test_a_prompt_blinks_its_stop_in_the_player_colour():
    prompt = Prompt("board", "red", V("G"), "G3", fee=100)
    on = render(BOARD, LAYOUT, STATE, prompt=prompt, t=0.0)
    off = render(BOARD, LAYOUT, STATE, prompt=prompt, t=0.3)
    assert on[LAYOUT.led("G3")] == LED_PLAYER_COLORS["red"]
    assert off[LAYOUT.led("G3")] == BLACK


def test_offers_and_boardings_show_the_player():
    steps = PHASE.steps
    at = next(i for i, s in enumerate(steps) if isinstance(s, Offered))
    assert (
        render(BOARD, LAYOUT, STATE, steps[: at + 1])[LAYOUT.led("G3")]
        == (LED_PLAYER_COLORS["red"])
    )
    at = next(i for i, s in enumerate(steps) if isinstance(s, Boarded))
    frame = render(BOARD, LAYOUT, STATE, steps[: at + 1], t=0.1)
    assert frame[LAYOUT.led("G3")] == LED_PLAYER_COLORS["red"]
    assert render(BOARD, LAYOUT, STATE, steps[: at + 1], t=2.0)[LAYOUT.led("G3")] == G


def test_every_step_renders_a_full_frame():
    for i in range(len(PHASE.steps)):
        for t in (0.0, 0.3, 1.7):
            frame = render(BOARD, LAYOUT, STATE, PHASE.steps[: i + 1], t)
            assert len(frame) == LAYOUT.count
            assert all(len(c) == 3 and all(0 <= v <= 255 for v in c) for c in frame)


def test_playback_walks_the_steps_in_order():
    from companion.ledshow import playback_position, playback_seconds

    steps = PHASE.steps
    total = playback_seconds(steps)
    positions = [playback_position(steps, k * total / 200)[0] for k in range(200)]
    assert positions == sorted(positions) and positions[0] == 1
    assert playback_position(steps, total + 5)[0] == len(steps)
    shown, t = playback_position(steps, 0.7)
    assert (shown, round(t, 6)) == (2, 0.1)
