"""Osaka games for the screen tests: four holders on line M, trams and buses on the map, a
tram payout due in the next train phase, and a finished game with a Sell."""

from __future__ import annotations

from companion.app.session import MetroSession
from companion.data import load_rules
from companion.metro.events import AssignSpeed, BuildStation, EndGame, Invest, Sell
from tests.screen_fakes import new_session, play_phase

COLORS = ("red", "blue", "yellow", "green")


def osaka_board_session() -> MetroSession:
    """Round 2 of a 4-player Osaka game: M held by all four, both trams two stops short of the
    far end's station (Blue's Suminoekoen, Green's Cosmosquare), both buses on the map."""
    s = new_session(load_rules("osaka"), COLORS)
    for event in (
        Invest("red", "M", 300),
        Invest("blue", "M", 600),
        Invest("yellow", "M", 600),
        Invest("green", "M", 600),
        Invest("red", "P", 300),
        Invest("yellow", "B", 300),
        AssignSpeed("P", 2),
        BuildStation("blue", "suminoekoen", 200),
        BuildStation("green", "cosmosquare", 200),
    ):
        s.record(event)
    play_phase(s)
    return s


def ended_osaka_session() -> MetroSession:
    """The game above after Blue's Sell of share #2 of M, a train phase, and the end."""
    s = osaka_board_session()
    s.record(Sell("blue", "M"))
    play_phase(s)
    s.record(EndGame())
    return s
