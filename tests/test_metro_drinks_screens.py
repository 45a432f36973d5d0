"""METRO DRINKS on the screens: the setup option and its reminder, the three entries with their
refusals and the fee shown before OK, undo in words, drinks in the station list."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pygame

from companion.data import load_rules
from companion.metro import BuildDrink, TakeDrinkColor, TakeDrinkShape
from companion.metro.events import BuildStation, MoveMeeple
from companion.ui.metro import MetroHome
from companion.ui.metro.entry import EntryScreen
from companion.ui.setup import SetupScreen
from tests.screen_fakes import FakeApp, _temp_store

SHOTS = os.environ.get("METRO_SHOTS")


def shot(app: FakeApp, name: str) -> None:
    surface = app.draw()
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, f"{SHOTS}/{name}-{app.size[0]}.png")


def drinks_session(bonus: str = "map"):
    from companion.app.session import MetroSession

    rules = load_rules("tokyo")
    session = MetroSession.new(_temp_store(), rules, ("red", "blue", "green"), metro_drinks=bonus)
    for owner, station in (("red", "ginza"), ("blue", "ueno"), ("blue", "shibuya")):
        session.record(BuildStation(owner, station, 100 * len(rules.board.stations[station].stops)))
    return session


def beside(session, player: str, station: str) -> None:
    board = session.rules.board
    taken = {m.square for c, m in session.state.meeples.items() if c != player}
    square = min(sq for sq in board.squares_touching_station(station) if sq not in taken)
    session.record(MoveMeeple(player, square))


def home(session, size=(800, 480)) -> FakeApp:
    app = FakeApp(session, size)
    app.services.player_buttons = 3
    app.push(MetroHome(app))
    return app


def open_entry(app: FakeApp, seat: int, label: str) -> EntryScreen:
    """The player's button, then the entry (which records at once when nothing is left to
    ask: then the income track is back on top)."""
    app.press_player(seat)
    app.choose(label)
    return app.top  # type: ignore[return-value]


def choose_value(app: FakeApp, value: object) -> None:
    screen = app.top
    values = [o.value for o in screen.step.options]
    while screen.cursor != values.index(value):
        app.press("down")
    app.press("ok")


def test_the_setup_offers_metro_drinks_its_reading_and_the_shape_card_reminder(tmp_path):
    app = FakeApp(None)
    app.push(SetupScreen(app))
    setup = app.top
    labels = [o.text for o in setup.items]
    assert "METRO DRINKS" in labels and "Drink bonus" not in labels
    setup.index = labels.index("METRO DRINKS")
    app.press("right")
    labels = [o.text for o in setup.items]
    reading = setup.items[labels.index("Drink bonus")]
    assert reading.shown_detail == "all on the map"  # the long text, by default
    assert "Take out 3 drink shape cards" in labels
    shot(app, "drinks-setup")
    setup.index = labels.index("Drink bonus")
    app.press("right")
    assert setup.items[setup.index].shown_detail == "the owner's own"
    setup.start()
    saved = app.services.games()[0].setup
    assert saved["metro_drinks"] == "owner"
    assert app.services.session.state.metro_drinks.bonus == "owner"
    remembered = json.loads((Path(app.services.data_dir) / "last-setup.json").read_text())
    assert remembered["metro_drinks"] == "owner"


def test_the_osaka_cards_remind_to_take_out_4_shape_cards_on_either_map():
    app = FakeApp(None)
    app.push(SetupScreen(app))
    setup = app.top
    setup.drinks = "map"
    setup.cards = "osaka"  # the Tokyo map with the Osaka cards
    setup._rebuild()
    assert "Take out 4 drink shape cards" in [o.text for o in setup.items]
    setup.map_index = setup.maps.index("osaka")
    setup.cards = setup._map_cards()
    setup._rebuild()
    assert setup.cards == "osaka"
    assert "Take out 4 drink shape cards" in [o.text for o in setup.items]


def test_drinks_on_the_osaka_map_build_with_their_fee():
    from companion.app.session import MetroSession

    rules = load_rules("osaka")
    session = MetroSession.new(_temp_store(), rules, ("red", "blue", "green"), metro_drinks="map")
    station = next(iter(rules.board.stations))
    circles = len(rules.board.stations[station].stops)
    session.record(BuildStation("blue", station, 100 * circles))
    session.record(TakeDrinkColor("red", "purple"))
    beside(session, "red", station)
    app = home(session)
    screen = open_entry(app, 0, "Vending machine built")
    row = next(o for o in screen.step.options if o.value == station)
    assert row.reason is None and row.shown_detail == "¥100 to Blue"
    choose_value(app, station)
    assert session.state.drinks == {station: "purple"}
    assert session.state.player("blue").drink_fees == 100
    assert session.state.card_set(rules.board).drink_shapes == 2


def test_the_drink_entries_are_offered_only_with_metro_drinks():
    from companion.ui.metro.actions import ENTRIES
    from companion.ui.metro.drink_entries import with_drink_entries
    from tests.screen_fakes import new_session

    session = drinks_session()
    labels = [label for label, _make in with_drink_entries(ENTRIES, session.state)]
    assert labels[-1] == "Meeple moved" and "Vending machine built" in labels
    plain = [label for label, _make in with_drink_entries(ENTRIES, new_session().state)]
    assert "Vending machine built" not in plain


def test_a_colour_card_by_the_players_button_shows_whose_colours_are_taken():
    session = drinks_session()
    session.record(TakeDrinkColor("blue", "mint"))
    app = home(session)
    screen = open_entry(app, 0, "Drink colour card")
    assert screen.step.key == "color"
    by_color = {o.value: o for o in screen.step.options}
    assert by_color["mint"].reason is not None and by_color["mint"].shown_detail == "Blue"
    shot(app, "drinks-colour")
    choose_value(app, "blue")
    assert session.state.player("red").drink_colors == ("blue",)
    assert isinstance(app.top, MetroHome)
    assert app.toasts[-1] == "Red takes the Blue drinks"


def test_a_vending_machine_shows_its_fee_before_ok_and_undo_says_what():
    session = drinks_session()
    for event in (TakeDrinkColor("red", "blue"), TakeDrinkColor("red", "mint")):
        session.record(event)
    beside(session, "red", "ueno")
    app = home(session)
    screen = open_entry(app, 0, "Vending machine built")
    assert screen.step.key == "station"
    ueno = next(o for o in screen.step.options if o.value == "ueno")
    assert ueno.reason is None and ueno.shown_detail == "¥100 to Blue"
    far = next(o for o in screen.step.options if o.value == "ginza")
    assert far.reason is not None  # the meeple does not touch it
    shot(app, "drinks-build")
    before = session.state.player("blue").cash
    choose_value(app, "ueno")
    assert screen.step.key == "color"  # Red has two colours
    choose_value(app, "mint")
    assert session.state.drinks == {"ueno": "mint"}
    assert session.state.player("blue").cash == before + 100
    assert app.toasts[-1] == "Red builds a Mint vending machine at Ueno"
    home_screen = app.stack[0]
    assert home_screen.undo_text() == "Red builds a Mint vending machine at Ueno"
    # the second on Blue's stations costs ¥100 x 2
    beside(session, "red", "shibuya")
    screen = open_entry(app, 0, "Vending machine built")
    shibuya = next(o for o in screen.step.options if o.value == "shibuya")
    assert shibuya.shown_detail == "¥100 × 2 to Blue"


def test_a_shape_card_lets_the_builder_name_a_station_passed_during_the_move():
    session = drinks_session()
    session.record(TakeDrinkColor("red", "white"))
    beside(session, "red", "ginza")
    app = home(session)
    open_entry(app, 0, "Drink shape card")  # nothing more to ask: recorded
    assert session.state.free_builds == ("red",)
    assert app.toasts[-1] == "Red takes a drink shape card"
    screen = open_entry(app, 0, "Vending machine built")
    ueno = next(o for o in screen.step.options if o.value == "ueno")
    assert ueno.reason is None
    choose_value(app, "ueno")
    assert screen.step.key == "square"
    app.press("ok")
    assert session.state.drinks == {"ueno": "white"}
    assert isinstance(session.events[-1], BuildDrink) and session.events[-1].square is not None


def test_who_cannot_build_is_greyed_with_the_reason():
    session = drinks_session()
    app = home(session)
    app.services.player_buttons = 0
    app.press("ok")
    app.choose("Vending machine built")
    screen = app.top
    assert all(o.reason is not None for o in screen.step.options)
    assert "has no" in screen.step.options[0].reason
    app.press("back")
    session.record(TakeDrinkShape("green"))
    app.press("ok")
    app.choose("Drink shape card")
    green = next(o for o in app.top.step.options if o.value == "green")
    assert green.reason is not None
