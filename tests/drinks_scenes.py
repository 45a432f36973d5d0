"""METRO DRINKS and solo games for the screen tests: a Tokyo game with drinks on the map and a
drink bonus due on line G, an ended one, and two ended solo games in one store; and the tour
of their screens for the text checker (`tests/test_screen_text.py`)."""

from __future__ import annotations

from typing import Any

from companion.app.session import MetroSession
from companion.data import load_rules
from companion.i18n import _
from companion.metro import BuildDrink, TakeDrinkColor, TakeDrinkShape
from companion.metro.events import BuildStation, EndGame, Invest, MoveMeeple
from companion.store import Store
from companion.ui.metro.camera import CameraPrompts, ProposalScreen
from companion.ui.metro.train import TrainPhaseScreen
from companion.vision.drink_proposals import DrinkBuilt
from tests.screen_fakes import FakeApp, _temp_store, play_phase

COLORS = ("red", "blue", "yellow")
PAYING = "aoyama-itchome"
"""On line G's third stop: the G train reaches it in the first train phase."""


def beside(session: MetroSession, player: str, station: str) -> None:
    board = session.rules.board
    taken = {m.square for c, m in session.state.meeples.items() if c != player}
    square = min(sq for sq in board.squares_touching_station(station) if sq not in taken)
    session.record(MoveMeeple(player, square))


def drinks_session(store: Store | None = None) -> MetroSession:
    """Round 1 of a 3-player Tokyo game with METRO DRINKS: Red's Blue drink on Blue's station
    at Aoyama-itchome (fee paid), Yellow's Mint one at Ginza, a shape card taken."""
    rules = load_rules("tokyo")
    s = MetroSession.new(store or _temp_store(), rules, COLORS, metro_drinks="map")
    for owner, station in (("blue", PAYING), ("yellow", "ginza"), ("red", "ueno")):
        s.record(BuildStation(owner, station, 100 * len(rules.board.stations[station].stops)))
    s.record(Invest("red", "G", 300))
    s.record(TakeDrinkColor("red", "blue"))
    s.record(TakeDrinkColor("yellow", "mint"))
    beside(s, "red", PAYING)
    s.record(BuildDrink("red", PAYING, "blue"))
    beside(s, "yellow", "ginza")
    s.record(BuildDrink("yellow", "ginza", "mint"))
    s.record(TakeDrinkShape("yellow"))
    return s


def ended_drinks_session() -> MetroSession:
    s = drinks_session()
    play_phase(s)
    s.record(EndGame())
    return s


def solo_sessions() -> MetroSession:
    """Two solo games ended in one store, the second better: its end screen has a new best."""
    store = _temp_store()
    rules = load_rules("tokyo")
    last: MetroSession | None = None
    for lines in (("G",), ("G", "M")):
        s = MetroSession.new(store, rules, ("red",))
        s.record(BuildStation("red", "ginza", 200))
        for line in lines:
            s.record(Invest("red", line, 300))
        for _round in range(2):
            play_phase(s)
        s.record(EndGame())
        last = s
    assert last is not None
    return last


def drinks_tour(
    tour: Any, size: tuple[int, int], home: Any, end_pages: Any, walk_entries: Any
) -> None:
    """The setup with METRO DRINKS on, the three drink entries step by step, the station
    list with drinks, a payout with its drink bonus, the camera's drink question, the end
    pages with the drinks row, a solo end with its best, the solo high scores."""
    from companion.ui.history import HistoryScreen
    from companion.ui.metro.owners import OwnersScreen
    from companion.ui.setup import SetupScreen

    app = FakeApp(None, size)
    app.push(SetupScreen(app))
    setup = app.top
    setup.drinks = "owner"
    setup._rebuild()
    setup.index = [o.text for o in setup.items].index(_("Drink bonus"))
    tour.look(app, "setup-drinks")
    session = drinks_session()
    app = home(session, size)
    walk_entries(tour, app, ("Vending machine built", "Drink colour card", "Drink shape card"))
    app.push(OwnersScreen(app))
    tour.look(app, "owners-drinks")
    app.pop()
    app.push(ProposalScreen(app, DrinkBuilt("mint", "ueno", "yellow"), CameraPrompts(app)))
    tour.look(app, "camera-drink")
    app.pop()
    app.push(TrainPhaseScreen(app))
    bonus = False
    for _n in range(400):
        screen = app.top
        if not isinstance(screen, TrainPhaseScreen):
            break
        if screen.waiting == "payout" and screen.view.steps[screen.shown].drinks_gain:
            tour.look(app, "train-payout-drink")
            bonus = True
        if screen.waiting:
            app.press("ok" if screen.waiting != "prompt" else "back")
        else:
            app.tick(0.2)
    assert bonus
    end_pages(tour, home(ended_drinks_session(), size), "end-drinks")
    solo = solo_sessions()
    end_pages(tour, home(solo, size), "end-solo")
    app = FakeApp(solo, size)
    app.push(HistoryScreen(app))
    tour.look(app, "history-solo")
    app.press("ok")
    tour.look(app, "solo-scores")
