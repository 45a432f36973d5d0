"""The players' roster and records: names added, renamed and removed with the screens' buttons,
chosen at setup, carried into the saved game, History and the records; the CSV export."""

from __future__ import annotations

import csv
import io
import json

import pytest

from companion.cli import main as cli
from companion.export_csv import csv_text, player_rows
from companion.metro.events import EndGame, Invest
from companion.records import GameRecord, SeatRecord, player_stats
from companion.roster import BadName, Roster
from companion.ui.players import NameEntry, PlayersScreen, position
from companion.ui.settings import SettingsScreen
from tests.screen_fakes import FakeApp


def row_of(screen, label: str) -> int:
    return next(i for i, o in enumerate(screen.items) if o.text == label)


def go_to(app: FakeApp, label: str) -> None:
    screen = app.top
    app.press(*["down"] * (row_of(screen, label) - screen.index))


def type_name(app: FakeApp, text: str) -> None:
    """Type `text` on the letter picker with the arrows, as a player does, then Done."""
    entry = app.top
    assert isinstance(entry, NameEntry)
    for ch in [*text, "done"]:
        key = "space" if ch == " " else ch if ch == "done" else ch.upper()
        row, col = position(key)
        while entry.cursor[0] != row:
            app.press("down")
        while entry.cursor[1] != col:
            app.press("right")
        app.press("ok")


def test_roster_add_rename_and_remove_with_the_buttons():
    app = FakeApp(None)
    app.push(SettingsScreen(app))
    go_to(app, "Players")
    app.press("ok")
    assert isinstance(app.top, PlayersScreen)
    app.press("ok")  # Add a player
    type_name(app, "Ana")
    app.press("ok")  # Add a player
    type_name(app, "Zoé Noël")
    roster = app.services.roster
    assert [p.name for p in roster.players()] == ["Ana", "Zoé Noël"]
    assert isinstance(app.top, PlayersScreen)
    go_to(app, "Ana")
    app.press("ok", "ok")  # Ana -> Rename
    app.press("back", "back", "back")  # rub out "Ana"
    type_name(app, "Íñigo")
    assert [p.name for p in roster.players()] == ["Íñigo", "Zoé Noël"]
    go_to(app, "Zoé Noël")
    app.press("ok", "down", "ok")  # Zoé -> Remove -> "Take her off?"
    app.press("right", "ok")  # Yes
    assert [p.name for p in roster.players()] == ["Íñigo"]


def test_a_name_taken_or_empty_is_refused_on_the_picker_with_the_reason():
    app = FakeApp(None)
    app.services.roster.add("Ana")
    app.push(PlayersScreen(app))
    app.press("ok")
    type_name(app, "ana")
    assert isinstance(app.top, NameEntry) and app.top.error == "Ana is already on the list"
    app.press("back", "back", "back")
    app.press("ok")  # Done (the cursor is still on it) on an empty name
    assert app.top.error == "A name needs at least one letter"
    app.press("back")
    assert isinstance(app.top, PlayersScreen)


def test_the_roster_keeps_names_in_any_of_the_three_languages(tmp_path):
    roster = Roster.open(tmp_path)
    for name in ("Émile", "zoé", "Ñoño", "Anne-Laure", "O'Brien"):
        roster.add(name)
    assert [p.name for p in roster.players()] == ["Anne-Laure", "Émile", "Ñoño", "O'Brien", "zoé"]
    for bad in ("", "R2D2", "A" * 17, "ÉMILE"):
        with pytest.raises(BadName):
            roster.add(bad)
    roster.close()
    assert [p.name for p in Roster.open(tmp_path).players()][:2] == ["Anne-Laure", "Émile"]


def test_names_chosen_at_setup_go_to_the_game_history_and_records():
    from companion.ui.history import HistoryScreen
    from companion.ui.records import RecordsScreen
    from companion.ui.setup import SetupScreen

    app = FakeApp(None)
    ana = app.services.roster.add("Ana")
    app.services.roster.add("Bruno")
    app.push(SetupScreen(app))
    go_to(app, "Names")
    app.press("ok")
    app.press("right")  # the first colour: Ana (the first name)
    app.press("back")
    go_to(app, "Start the game")
    app.press("ok")
    session = app.services.session
    assert session is not None
    colors = session.setup["colors"]
    assert session.setup["seat_names"] == {colors[0]: {"id": ana.id, "name": "Ana"}}
    session.record(Invest(colors[0], "G", 0))
    session.record(EndGame())
    assert app.services.result(session.game_id)[0][1] == "Ana"
    app.stack.clear()
    app.push(HistoryScreen(app))
    assert "1. Ana" in app.top.items[0].shown_detail
    go_to(app, "Players' records")
    app.press("ok")
    assert isinstance(app.top, RecordsScreen)
    [stats] = app.top.stats
    assert (stats.name, stats.games, stats.wins) == ("Ana", 1, 1)
    app.draw()


def metro(game_id, totals, names, map_="tokyo", top=("G",), finished=True):
    ranked = sorted(totals, key=lambda c: -totals[c])
    seats = tuple(
        SeatRecord(
            c,
            names.get(c, (None, c.title()))[1],
            names.get(c, (None,))[0],
            ranked.index(c) + 1,
            totals[c],
        )
        for c in totals
    )
    return GameRecord(game_id, "metro", map_, 1.7e9 + game_id, finished, seats, top)


GAMES = [
    metro(1, {"red": 40000, "blue": 30000}, {"red": (1, "Ana"), "blue": (2, "Bruno")}),
    metro(2, {"red": 20000, "blue": 35000}, {"red": (2, "Bruno"), "blue": (1, "Ana")}, top=("M",)),
    metro(3, {"green": 14300}, {"green": (1, "Ana")}, map_="osaka", top=("M",)),
    metro(4, {"red": 50000, "yellow": 10000}, {"red": (1, "Ana")}, finished=False),
    metro(5, {"red": 9000, "blue": 8000}, {}),
]


def test_stats_from_a_fixture_of_games():
    ana, bruno = player_stats(GAMES, {1: "Ana", 2: "Bruno"})
    assert (ana.name, ana.games, ana.wins) == ("Ana", 3, 2)  # the solo game is no win
    tokyo = ana.by_map[("metro", "tokyo")]
    assert (tokyo.games, tokyo.best, tokyo.average) == (2, 40000, 37500)
    assert ana.solo_best == {"osaka": 14300}
    assert dict(ana.top_lines) == {"G": 1, "M": 2}
    assert (bruno.games, bruno.wins, bruno.by_map[("metro", "tokyo")].average) == (2, 0, 25000)
    renamed = player_stats(GAMES, {1: "Anita"})
    assert renamed[0].name == "Anita" and renamed[1].name == "Bruno"


def test_the_cli_exports_csv_and_json_and_prints_the_records(tmp_path, capsys):
    from companion.app.session import MetroSession
    from companion.data import load_rules
    from companion.store import Store

    store = Store.open(tmp_path)
    roster = Roster.open(tmp_path)
    ana = roster.add("Ana")
    names = {"red": {"id": ana.id, "name": "Ana"}}
    session = MetroSession.new(store, load_rules("tokyo"), ["red", "blue"], seat_names=names)
    session.record(Invest("red", "G", 0))
    session.record(EndGame())
    MetroSession.new(store, load_rules("tokyo"), ["red", "blue", "green"])  # unfinished
    store.close()
    roster.close()
    out = tmp_path / "games.csv"
    assert cli(["history", "--data-dir", str(tmp_path), "export", "--csv", str(out)]) == 0
    rows = list(csv.DictReader(out.open(encoding="utf-8", newline="")))
    assert [(r["game_id"], r["player"], r["rank"]) for r in rows] == [
        ("1", "Ana", "1"),
        ("1", "Blue", "2"),
    ]  # the roster name chosen, the colour's name for the other seat; unfinished games left out
    assert rows[0]["game"] == "metro" and rows[0]["value"] == rows[0]["figure"].strip("¥").replace(
        ",", ""
    )
    folder = tmp_path / "json"
    assert cli(["history", "--data-dir", str(tmp_path), "export", "--json", str(folder)]) == 0
    exported = json.loads((folder / "metro-game-1.json").read_text(encoding="utf-8"))
    assert exported["setup"]["seat_names"] == names and exported["ranking"][0] == "red"
    capsys.readouterr()
    assert cli(["history", "--data-dir", str(tmp_path), "records", "--json"]) == 0
    [record] = json.loads(capsys.readouterr().out)
    assert (record["name"], record["games"], record["wins"]) == ("Ana", 1, 1)
    assert cli(["history", "--data-dir", str(tmp_path / "none"), "records"]) == 2
    # --data-dir also after the subcommand, as the README writes it
    assert cli(["history", "export", "--csv", str(out), "--data-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out.startswith(f"{out}: 1 game, 2 rows")
    assert cli(["history", "records", "--data-dir", str(tmp_path / "none")]) == 2


def test_jutaku_and_countdown_seats_take_the_names_chosen(tmp_path):
    from companion.jutaku import codec
    from companion.ui.countdown import CountdownSetup
    from companion.ui.jutaku import JutakuHome

    app = FakeApp(None)
    ana = app.services.roster.add("Ana")
    app.push(JutakuHome(app))
    go_to(app, "Names")
    app.press("ok", "down", "right", "back")  # the second seat: Ana
    go_to(app, "Start the game")
    app.press("ok")
    jutaku = app.top
    seats, _options = codec.setup_from_json(jutaku.session.setup)
    assert [s.name for s in seats] == ["", "Ana", ""]
    assert jutaku.session.setup["seat_names"] == {seats[1].color: {"id": ana.id, "name": "Ana"}}
    app.stack.clear()
    app.push(CountdownSetup(app))
    go_to(app, "Names")
    app.press("ok", "right", "back")
    go_to(app, "Start the game")
    app.press("ok")
    seats, _options = codec.countdown_setup_from_json(app.top.session.setup)
    assert seats[0].name == "Ana"


def test_a_countdown_game_counts_for_the_named_player(tmp_path):
    from companion.jutaku import codec
    from companion.jutaku import countdown as C
    from companion.jutaku.players import Seat

    app = FakeApp(None)
    ana = app.services.roster.add("Ana")
    seats = (Seat("red", name="Ana"), Seat("blue"))
    setup = codec.countdown_setup_to_json(seats, C.CountdownOptions())
    setup["seat_names"] = {"red": {"id": ana.id, "name": "Ana"}}
    session = app.services.new_game("countdown", setup)
    for event in (C.StartFloor(0.0), C.Place(0, 1.0), C.Settle(61.0)):
        session.record(event)
    session.record(C.StartFloor(200.0))
    session.record(C.Settle(300.0))
    assert session.finished
    [game] = app.services.records()
    assert [(s.label, s.player_id, s.rank) for s in game.seats] == [
        ("Ana", ana.id, 1),
        ("Blue", None, 2),
    ]
    [stats] = player_stats([game], {ana.id: "Ana"})
    assert (stats.games, stats.wins, stats.by_map[("countdown", "")].games) == (1, 1, 1)
    table = list(csv.reader(io.StringIO(csv_text(player_rows(app.services.store, str)))))
    header, first, second = table
    assert dict(zip(header, first, strict=True))["player"] == "Ana"
    assert dict(zip(header, second, strict=True))["player"] == "Blue"
