"""The card and market games (IZAKAYA, the shopping game, Chocolate milk, NEXT STATION TOKYO)
take the players' names at setup as the Metro and Jutaku do, name the players on their
screens and rankings, and feed History's players' records; games saved before keep colours."""

from __future__ import annotations

from typing import Any

import pytest

from companion import izakaya as Z
from companion.chocolate import codec as chocolate_codec
from companion.data import load_station_deck
from companion.export_csv import player_rows
from companion.izakaya import codec as izakaya_codec
from companion.jutaku.players import Seat
from companion.nextstation import EndRound, Finish, Reveal, Score, Sheet
from companion.nextstation import codec as nextstation_codec
from companion.nextstation.game import NextStationSetup
from companion.records import player_stats
from companion.shopping import codec as shopping_codec
from companion.shopping import game as shopping
from companion.ui.chocolate import ChocolateHome
from companion.ui.izakaya import IzakayaSetup
from companion.ui.kit import textlog
from companion.ui.nextstation.setup import NextStationSetupScreen
from companion.ui.shopping import ShoppingHome
from tests.screen_fakes import FakeApp
from tests.test_chocolate_screens import turn

SETUPS = {
    "izakaya": IzakayaSetup,
    "shopping": ShoppingHome,
    "chocolate": ChocolateHome,
    "next-station": NextStationSetupScreen,
}


def rows(screen: Any) -> list[str]:
    items = screen.options() if hasattr(screen, "options") else screen.items
    return [o.text for o in items]


def cursor(screen: Any) -> int:
    return int(screen.index)


def go_to(app: FakeApp, label: str) -> None:
    app.press(*["down"] * (rows(app.top).index(label) - cursor(app.top)))


def drawn(app: FakeApp) -> str:
    with textlog.capture() as texts:
        app.draw()
    return " ".join(t.text for t in texts)


def finish_izakaya(session: Any) -> None:
    """Bids of up to ¥500 each round, every action passed, until the bids end the game."""
    while not session.finished:
        state = session.state
        if state.phase == "bidding":
            session.record(Z.Bids(tuple(min(500, cash) for cash in state.cash)))
        else:
            session.record(Z.Pass())


def finish(session: Any) -> None:
    """Play the saved game to its end with the cores' events, red and blue seated."""
    kind = session.KIND
    if kind == izakaya_codec.KIND:
        finish_izakaya(session)
    elif kind == shopping_codec.KIND:
        for player in (0, 1, 0):
            session.record(shopping.Exit(player, magazines=player))
    elif kind == chocolate_codec.KIND:
        player = 0
        while not session.finished:
            session.record(turn(session.state, player))
            player = 1 - player
    else:
        for _round in range(4):
            while session.state.phase == "reveal":
                session.record(Reveal())
            session.record(EndRound())
        session.record(Score(0, Sheet(corners=3)))
        session.record(Score(1, Sheet(corners=2)))
        session.record(Finish())
    assert session.finished


def setup_of(kind: str) -> dict[str, Any]:
    """A red and blue game's setup as each game's setup screen saved it before names."""
    seats = (Seat("red"), Seat("blue"))
    if kind == izakaya_codec.KIND:
        return izakaya_codec.setup_to_json(("red", "blue"))
    if kind == shopping_codec.KIND:
        return shopping_codec.setup_to_json(seats, "economic")
    if kind == chocolate_codec.KIND:
        return chocolate_codec.setup_to_json(seats, 7, False, 4)
    setup = NextStationSetup(("red", "blue"), 5, load_station_deck())
    return nextstation_codec.setup_to_json(setup)


@pytest.mark.parametrize("kind", sorted(SETUPS))
def test_each_setup_saves_the_name_chosen_for_a_colour(kind):
    app = FakeApp(None)
    ana = app.services.roster.add("Ana")
    app.services.roster.add("Bruno")
    app.push(SETUPS[kind](app))
    go_to(app, "Names")
    app.press("ok", "right", "back")  # the first colour: Ana, the first name
    go_to(app, "Start the game")
    app.press("ok")
    setup = app.top.session.setup
    first = setup["colors"][0] if "colors" in setup else setup["seats"][0]["color"]
    assert setup["seat_names"] == {first: {"id": ana.id, "name": "Ana"}}


@pytest.mark.parametrize("kind", sorted(SETUPS))
def test_with_an_empty_roster_the_setup_is_as_it_always_was(kind):
    app = FakeApp(None)
    app.push(SETUPS[kind](app))
    assert "Names" not in rows(app.top)
    go_to(app, "Start the game")
    app.press("ok")
    assert "seat_names" not in app.top.session.setup


@pytest.mark.parametrize("kind", sorted(SETUPS))
def test_a_finished_game_ranks_and_counts_the_named_players(kind):
    app = FakeApp(None)
    ana = app.services.roster.add("Ana")
    setup = {**setup_of(kind), "seat_names": {"blue": {"id": ana.id, "name": "Ana"}}}
    session = app.services.new_game(kind, setup)
    finish(session)
    result = app.services.result(session.game_id)
    assert sorted(player for _rank, player, _figure in result) == ["Ana", "Red"]
    [game] = app.services.records()
    ana_seat = next(s for s in game.seats if s.player_id == ana.id)
    assert ana_seat.label == "Ana" and ana_seat.color == "blue"
    [stats] = player_stats([game], {ana.id: "Ana"})
    assert stats.games == 1 and stats.wins == (ana_seat.rank == 1)
    rows = list(player_rows(app.services.store, str))
    assert sorted(r.player for r in rows) == ["Ana", "Red"]
    from companion.ui import launch

    assert launch.resume(app, session.game_id)
    assert "Ana" in drawn(app)


@pytest.mark.parametrize("kind", sorted(SETUPS))
def test_a_game_saved_before_names_ranks_its_players_by_colour(kind):
    app = FakeApp(None)
    session = app.services.new_game(kind, setup_of(kind))
    finish(session)
    result = app.services.result(session.game_id)
    assert sorted(player for _rank, player, _figure in result) == ["Blue", "Red"]
    [game] = app.services.records()
    assert all(s.player_id is None for s in game.seats)
    assert player_stats([game], {}) == []


def test_the_table_games_ask_who_by_name_and_title_the_player_with_their_colour():
    from companion.ui.shopping.screens import ShoppingScreen

    app = FakeApp(None)
    setup = {**setup_of("shopping"), "seat_names": {"red": {"id": 1, "name": "Íñigo"}}}
    session = app.services.new_game("shopping", setup)
    app.push(ShoppingScreen(app, session))
    app.press("ok")
    assert [opt.text for opt, _run in app.top.items][:2] == ["Íñigo", "Blue"]
    app.press("ok")
    assert app.top.title == "Íñigo (Red)"


@pytest.mark.parametrize("kind", sorted(SETUPS))
@pytest.mark.parametrize("roster", [(), ("Ana", "Bruno")])
def test_skipping_the_names_costs_no_press(kind, roster):
    """UP from the first row reaches Start (the list wraps), with the Names row or without."""
    app = FakeApp(None)
    for name in roster:
        app.services.roster.add(name)
    app.push(SETUPS[kind](app))
    assert ("Names" in rows(app.top)) == bool(roster)
    app.press("up", "ok")
    assert "seat_names" not in app.top.session.setup
