"""The Osaka board on the LED strip: its own layout file, trams and buses in their colours."""

import json
from dataclasses import replace

from companion.cli import main
from companion.colors import hex_to_rgb
from companion.data import load_rules
from companion.devices.led_layout import default_layout, load_layout
from companion.ledshow import render
from companion.metro import VehicleId, apply, new_state
from companion.metro.events import InvestByDisc
from companion.metro.state import Train

RULES = load_rules("osaka")


def test_the_osaka_layout_file_is_the_tools_own_and_is_found_for_the_map():
    setup = load_layout(None, RULES.board)
    assert setup.layout == default_layout(RULES.board)
    assert setup.layout.count == 110  # one LED a stop, small circles too
    assert all(setup.layout.led(s) is not None for s in RULES.board.small_circles("P"))


def test_both_vehicles_of_a_pair_light_in_their_lines_colour():
    board = RULES.board
    layout = load_layout(None, board).layout
    state = apply(RULES, new_state(board, ["red", "blue"]), InvestByDisc("red", "B"))
    state = apply(RULES, state, InvestByDisc("blue", "P"))
    state = replace(state, trains={**state.trains, VehicleId("P", 2): Train(4, -1)})
    frame = render(board, layout, state)
    for stop, line in (("B1", "B"), ("B8", "B"), ("P1", "P"), ("P4", "P")):
        assert frame[layout.led(stop)] == hex_to_rgb(board.lines[line].color), stop
    assert sum(1 for c in frame if max(c)) == 4


def test_leds_play_runs_on_the_osaka_map(capsys):
    assert main(["leds", "play", "--map", "osaka", "--speed", "200", "--json"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    lit = set().union(*(line["lit"] for line in lines))
    assert any(s.startswith("P") for s in lit) and any(s.startswith("B") for s in lit)
