"""Every screen of every game, in es, fr and en at 800x480 and 1024x600, read by the checker of
tests/textcheck.py: no text a player must read under the size floor (at 800x480), none out of
its box or the screen, none cut ("…" added; `MAY_CUT` says where and why), no two overlapping,
no toast over a row. `TEXT_SHOTS=DIR` saves a PNG of every frame checked
(DIR/<size>-<language>/NNN-<screen>.png)."""

from __future__ import annotations

import copy
import functools
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pygame
import pytest

from companion import i18n
from companion.data import load_rules
from companion.jutaku.jutaku import JutakuOptions
from companion.jutaku.players import default_seats
from companion.metro.events import BuildStation, EndGame, Invest, MoveMeeple, Speculate
from companion.ui import kit
from companion.ui.chocolate import ChocolateHome
from companion.ui.countdown import CountdownScreen, CountdownSetup
from companion.ui.history import HistoryScreen
from companion.ui.izakaya import IzakayaSetup
from companion.ui.jutaku import JutakuHome, JutakuScreen
from companion.ui.menu import MainMenu
from companion.ui.metro import MetroHome
from companion.ui.metro.bids import BidsScreen
from companion.ui.metro.camera import CameraPrompts, ProposalScreen
from companion.ui.metro.entry import EntryScreen
from companion.ui.metro.train import TrainPhaseScreen
from companion.ui.phone_view import PhoneViewScreen
from companion.ui.screen import Action, Input, Screen
from companion.ui.settings import SettingsScreen
from companion.ui.setup import SetupScreen
from companion.ui.shopping import ShoppingHome
from companion.vision.proposals import Built
from tests.screen_fakes import FakeApp, new_session, played_session, tokyo_session
from tests.textcheck import MAY_LEAVE_OUT, screen_faults

SIZES = [(800, 480), (1024, 600)]
LANGUAGES = ["es", "fr", "en"]
SHOTS = os.environ.get("TEXT_SHOTS")
MAY_CUT = {
    "long-confirm": "a question three times the longest real one, to test the dialog's wrap",
    "number-entry": "the same question as the entry's title",
}
"""Frames whose READ lines may be cut, with why: nothing else may end in an added "…"."""


@dataclass
class Toast:
    text: str
    level: str = "info"


class Tour:
    """Frames to check, each drawn and judged; the faults of all of them, with the screen."""

    def __init__(self, size: tuple[int, int], lang: str) -> None:
        self.size, self.lang = size, lang
        self.faults: list[str] = []
        self.count = 0

    def look(self, app: FakeApp, what: str, toasts: list[Toast] | None = None) -> None:
        def draw() -> pygame.Surface:
            surface = app.draw()
            if toasts:
                kit.draw_toasts(surface, app.services.theme, toasts)
            return surface

        from tests.textcheck import frame_faults

        cuts = what not in MAY_CUT
        found = (
            frame_faults(lambda _s: draw(), app.surface, cuts, MAY_LEAVE_OUT)
            if toasts
            else screen_faults(app, cuts, MAY_LEAVE_OUT)
        )
        self.faults += [f"{what}: {fault}" for fault in found]
        self.count += 1
        if SHOTS:
            folder = Path(SHOTS) / f"{self.size[0]}-{self.lang}"
            folder.mkdir(parents=True, exist_ok=True)
            pygame.image.save(app.surface, str(folder / f"{self.count:03d}-{what}.png"))


def tokyo_session_of(colors: tuple[str, ...]) -> object:
    """A Tokyo game with a loan and big amounts: the widest rows."""
    from companion.metro.events import AdjustCash, TakeLoan

    session = new_session(load_rules("tokyo"), colors)
    for color in colors:
        session.record(AdjustCash(color, 10_000, "test"))
    session.record(TakeLoan(colors[-1]))
    session.record(Invest(colors[0], "G", 300))
    return session


def home(session: object, size: tuple[int, int]) -> FakeApp:
    app = FakeApp(session, size)  # type: ignore[arg-type]
    app.push(MetroHome(app))
    return app


def metro_entries(tour: Tour, size: tuple[int, int]) -> None:
    """The income track, the action menu, every step of every entry, the game menu, bids,
    undo's confirm, a camera proposal."""
    session = tokyo_session()
    session.record(Speculate("yellow", "M", 300))
    app = home(session, size)
    tour.look(app, "income-track")
    long_toast = Toast(session.rules.board.stations["ginza"].name + " · " + "¥1,200 " * 6)
    tour.look(app, "income-track-toast", [long_toast, Toast("Camera: not found", "bad")])
    app.press("ok")
    tour.look(app, "actions-menu")
    for i in range(len(app.top.items)):
        app.top.cursor = i
        app.press("ok")
        entry = app.top
        for n in range(6):
            tour.look(app, f"entry{i}-step{n}")
            if entry is not app.top or isinstance(app.top, MetroHome):
                break
            app.press("ok")
        while not isinstance(app.top, MetroHome):
            app.press("back")
        app.press("ok")
    app.press("back", "back")
    tour.look(app, "game-menu")
    app.top.cursor = len(app.top.items) - 1
    tour.look(app, "game-menu-last")
    app.press("up")
    app.press("ok")
    tour.look(app, "game-menu-confirm")
    while not isinstance(app.top, MetroHome):
        app.press("back")
    bids_and_owners(tour, app, "")
    app.press("left")
    tour.look(app, "undo-confirm")
    app.press("back")
    prompts = CameraPrompts(app)
    sid = next(s for s in session.rules.board.stations if s not in session.state.stations)
    app.push(ProposalScreen(app, Built("red", sid), prompts))
    tour.look(app, "camera-proposal")
    app.top.error = "the station " + session.rules.board.stations[sid].name + " is built" * 8
    tour.look(app, "camera-proposal-refused")
    app.pop()
    question = "All 7 rounds are played. End the game now?" * 3
    kit.confirm(app, question, lambda: None)
    tour.look(app, "long-confirm")
    app.pop()
    app.push(kit.NumberEntry(app, question, 1200, lambda _v: None))
    tour.look(app, "number-entry")
    app.pop()
    five = tokyo_session_of(("red", "blue", "yellow", "green", "black"))
    tour.look(home(five, size), "income-track-5-players")
    osaka = new_session(load_rules("osaka"), ("red", "blue", "yellow", "green", "black"))
    tour.look(home(osaka, size), "income-track-osaka")


def bids_and_owners(tour: Tour, app: FakeApp, what: str) -> None:
    """Over the income track: the turn-order bids, then who owns which station."""
    from companion.ui.metro.owners import OwnersScreen

    app.push(BidsScreen(app))
    tour.look(app, f"{what}bids")
    app.press("back")
    app.push(OwnersScreen(app))
    tour.look(app, f"{what}owners")
    app.pop()


def metro_trains(tour: Tour, size: tuple[int, int]) -> None:
    """A train phase on Tokyo with a boarding question and payouts, then the end pages of a
    4-player game."""
    trains_and_end(tour, size, "")


def trains_and_end(tour: Tour, size: tuple[int, int], what: str) -> None:
    """`metro_trains`' frames, named "<what>train-..." and "<what>end-..."; with `what`, the
    players have the longest names."""
    four = ("red", "blue", "green", "yellow")
    session = new_session(None, four)
    if what:
        named(session, four)
    rules = session.rules
    session.record(Invest("red", "G", 300))
    session.record(BuildStation("blue", "ginza", 200))
    session.record(MoveMeeple("green", sorted(rules.board.squares_for_stop("G1"))[0]))
    app = home(session, size)
    app.push(TrainPhaseScreen(app))
    seen: set[str] = set()
    for _n in range(300):
        screen = app.top
        if not isinstance(screen, TrainPhaseScreen):
            break
        waiting = screen.waiting
        if waiting == "prompt":
            waiting = f"prompt-{screen.view.pending.action}"
        if waiting and waiting not in seen:
            seen.add(waiting)
            tour.look(app, f"{what}train-{waiting}")
        if waiting == "prompt-board":
            app.press("ok" if "boarded" not in seen else "back")
            seen.add("boarded")
        elif waiting == "prompt-leave":
            app.press("back")
        elif screen.waiting:
            app.press("ok")
        else:
            if "moving" not in seen:
                seen.add("moving")
                tour.look(app, f"{what}train-moving")
            app.tick(0.2)
    assert {"prompt-board", "prompt-leave", "payout"} <= seen
    ended = played_session()
    ended.record(EndGame())
    if what:
        named(ended, four)
    end_pages(tour, home(ended, size), f"{what}end")


LONGEST_NAMES = (
    "Maximiliano Ñoño",
    "Wwwwwwwwwwwwwwww",
    "Guillermo Aragón",
    "Bartholomew Wong",
    "Marie-Amélie Roy",
)
"""Roster names as long as the roster allows (16 letters): with spaces, accents, a hyphen, and
one word of the widest letters (no line break can help it)."""


def name_table(colors: tuple[str, ...]) -> dict[str, dict[str, object]]:
    """The longest roster names chosen for `colors`, as a setup saves them."""
    pairs = zip(colors, LONGEST_NAMES, strict=False)
    return {c: {"id": i + 1, "name": n} for i, (c, n) in enumerate(pairs)}


def named(session: object, colors: tuple[str, ...]) -> object:
    """`session` with the longest roster names chosen for `colors`."""
    session.setup["seat_names"] = name_table(colors)  # type: ignore[attr-defined]
    return session


def named_metro(tour: Tour, size: tuple[int, int]) -> None:
    """A Metro game with the longest names chosen: the income track (five players), who
    records an action, a camera question, the train phase's payouts and questions, the end."""
    five = ("red", "blue", "yellow", "green", "black")
    app = home(named(tokyo_session_of(five), five), size)
    tour.look(app, "named-income-track")
    app.press("ok")
    app.press("ok")
    tour.look(app, "named-entry-who")
    while not isinstance(app.top, MetroHome):
        app.press("back")
    app.top.open_actions("blue")
    tour.look(app, "named-actions-of")
    app.press("back")
    bids_and_owners(tour, app, "named-")
    session = app.services.session
    sid = next(s for s in session.rules.board.stations if s not in session.state.stations)
    app.push(ProposalScreen(app, Built("black", sid), CameraPrompts(app)))
    tour.look(app, "named-camera-proposal")
    app.pop()
    trains_and_end(tour, size, "named-")


def end_pages(tour: Tour, app: FakeApp, what: str) -> None:
    """Every page of the end-of-game screen on top."""
    end = app.top
    tour.look(app, f"{what}-0")
    while end.page < end.page_count - 1:
        app.press("right")
        tour.look(app, f"{what}-{end.page}")


def app_menus(tour: Tour, size: tuple[int, int]) -> None:
    """Main menu, setup, settings, history with a game in it."""
    session = tokyo_session()
    app = FakeApp(session, size)
    app.push(MainMenu(app))
    tour.look(app, "main-menu")
    app.top.index = len(app.top.items) - 1
    tour.look(app, "main-menu-last")
    app.push(SetupScreen(app))
    tour.look(app, "setup")
    app.top.index = len(app.top.items) - 1
    tour.look(app, "setup-last")
    app.pop()
    app.push(SettingsScreen(app))
    tour.look(app, "settings")
    app.top.index = len(app.top.items) - 1
    tour.look(app, "settings-last")
    phone_views(tour, app)
    app.pop()
    app.push(HistoryScreen(app))
    tour.look(app, "history")
    app.press("ok")
    tour.look(app, "history-game")


@dataclass
class FakePhoneView:
    enabled: bool = True
    running: bool = True
    error: str = ""
    address: str = "192.168.100.200"

    def url(self) -> str:
        return f"http://{self.address}:65535/"


def phone_views(tour: Tour, app: FakeApp) -> None:
    """Settings -> Phone view: off, running (the address and its QR code), failed to start."""
    services = app._services
    for what, web in (
        ("phone-view-off", None),
        ("phone-view", FakePhoneView()),
        ("phone-view-busy", FakePhoneView(running=False, error="0.0.0.0:8080: Address in use")),
        ("phone-view-alone", FakePhoneView(address="127.0.0.1")),
    ):
        services.web = web  # type: ignore[assignment]
        app.push(PhoneViewScreen(app))
        tour.look(app, what)
        app.pop()
    services.web = None


def press(app: FakeApp, action: Action | None = None, player: int | None = None) -> None:
    app.top.handle(Input(action=action, player=player, t=app.clock))
    app.tick(0.05)


def timer_games(tour: Tour, size: tuple[int, int]) -> None:
    """Jutaku: setup, a round, a call being checked, the moves, the drinks panel, the end;
    Countdown: setup, a floor, the ranking."""
    app = FakeApp(None, size)
    app.clock = 1000.0
    app.push(JutakuHome(app))
    tour.look(app, "jutaku-setup")
    app.top.index = len(app.top.items) - 1
    tour.look(app, "jutaku-setup-last")
    app.pop()
    app.push(JutakuScreen(app, default_seats(4), JutakuOptions(bottle_bonus=True)))
    screen = app.top
    tour.look(app, "jutaku-ready")
    press(app, Action.OK)
    app.tick(5)
    tour.look(app, "jutaku-building")
    press(app, player=0)
    tour.look(app, "jutaku-checking")
    press(app, Action.OK)
    tour.look(app, "jutaku-moving")
    while screen.state.phase == "moving":
        press(app, Action.OK)
    press(app, Action.LEFT)
    tour.look(app, "jutaku-drinks")
    app.stack[-1:] = []
    app.push(CountdownSetup(app))
    tour.look(app, "countdown-setup")
    app.top.index = len(app.top.items) - 1
    tour.look(app, "countdown-setup-last")
    app.stack.clear()
    app.push(CountdownScreen(app, default_seats(4, architects=False)))
    cd = app.top
    press(app, Action.OK)
    for _ in range(40):
        app.tick(1.0)
        if cd.state.phase != "ready":
            break
    tour.look(app, "countdown-floor")
    for _ in range(400):
        app.tick(1.0)
        if cd.state.phase in ("ready", "between"):
            press(app, Action.OK)
        if cd.state.phase == "over":
            break
    tour.look(app, "countdown-over")
    app.stack.clear()
    app.push(CountdownScreen(app, default_seats(8, architects=False)))
    tour.look(app, "countdown-8-players")
    app.stack.clear()
    app.push(JutakuScreen(app, default_seats(8), JutakuOptions(bottle_bonus=True)))
    tour.look(app, "jutaku-8-players")


def table_games(tour: Tour, size: tuple[int, int]) -> None:
    """IZAKAYA, the shopping game and Chocolate milk: each game menu (on its last row too) and
    every page of its "How to use the box"."""
    homes: list[tuple[str, type[Screen]]] = [
        ("izakaya", IzakayaSetup),
        ("shopping", ShoppingHome),
        ("chocolate", ChocolateHome),
    ]
    for key, home in homes:
        app = FakeApp(None, size)
        app.push(home(app))  # type: ignore[call-arg]
        labels = [o.text for o in app.top.options()]  # type: ignore[attr-defined]
        while labels[app.top.index] != i18n._("Start the game"):  # type: ignore[attr-defined]
            app.press("down")
        app.press("ok")
        assert app.top.name == key
        app.press("back")
        tour.look(app, f"{key}-menu")
        app.top.cursor = len(app.top.items) - 1  # type: ignore[attr-defined]
        tour.look(app, f"{key}-menu-last")
        howto_pages(tour, app, key)


def named_tables(tour: Tour, size: tuple[int, int]) -> None:
    """IZAKAYA, the shopping game, Chocolate milk and NEXT STATION TOKYO with the longest
    names chosen for five players: the setup's Names row, whose turn, who is asked, the
    player's menu, the cart and the exit, the scoring pad and every ranking."""
    from companion import izakaya as Z
    from companion.nextstation.game import NextStationSetup
    from companion.shopping import game as shopping
    from companion.ui.izakaya import IzakayaScreen
    from companion.ui.nextstation.setup import NextStationSetupScreen
    from companion.ui.shopping.screens import CartScreen
    from tests.test_names_tables import finish_izakaya, setup_of

    colors = ("red", "blue", "green", "yellow", "black")
    five = name_table(colors)
    app = FakeApp(None, size)
    roster = [app.services.roster.add(n) for n in LONGEST_NAMES]
    for home in (IzakayaSetup, ShoppingHome, ChocolateHome, NextStationSetupScreen):
        screen = home(app)  # type: ignore[abstract]
        app.push(screen)
        screen.names.update(zip(colors, roster, strict=False))
        options = screen.options() if hasattr(screen, "options") else screen.items
        labels = [o.text for o in options]
        screen.index = labels.index(i18n._("Names"))
        tour.look(app, f"{screen.name}-names")
        app.stack.clear()
    from companion.izakaya import codec as izakaya_codec

    izakaya = app.services.new_game(
        "izakaya", {**izakaya_codec.setup_to_json(colors), "seat_names": five}
    )
    app.push(IzakayaScreen(app, izakaya))
    tour.look(app, "named-izakaya-bids")
    izakaya.record(Z.Bids((500, 1000, 0, 200, 300)))
    app.top.entry.reset(izakaya.state)
    tour.look(app, "named-izakaya-turn")
    finish_izakaya(izakaya)
    tour.look(app, "named-izakaya-ranking")
    app.stack.clear()
    seated = [{"color": c} for c in colors]
    shop = app.services.new_game(
        "shopping", {**setup_of("shopping"), "seats": seated, "seat_names": five}
    )
    from companion.ui.shopping.screens import ShoppingScreen

    app.push(ShoppingScreen(app, shop))
    tour.look(app, "named-shopping")
    app.press("ok")
    tour.look(app, "named-shopping-who")
    app.press("down", "ok")
    tour.look(app, "named-shopping-player")
    app.press("ok")
    assert isinstance(app.top, CartScreen)
    tour.look(app, "named-shopping-cart")
    app.stack.clear()
    for player in (0, 1, 2, 3, 4, 0, 1, 2, 3):
        shop.record(shopping.Exit(player, magazines=player))
    app.push(ShoppingScreen(app, shop))
    tour.look(app, "named-shopping-over")
    app.stack.clear()
    choc_setup = {**setup_of("chocolate"), "seats": seated[:3]}
    chocolate = app.services.new_game("chocolate", {**choc_setup, "seat_names": five})
    from companion.ui.chocolate.screens import ChocolateScreen

    app.push(ChocolateScreen(app, chocolate))
    tour.look(app, "named-chocolate")
    app.press("ok")
    tour.look(app, "named-chocolate-who")
    app.stack.clear()
    from tests.test_chocolate_screens import turn

    player = 0
    while not chocolate.finished:
        chocolate.record(turn(chocolate.state, player))
        player = (player + 1) % 3
    app.push(ChocolateScreen(app, chocolate))
    tour.look(app, "named-chocolate-over")
    app.stack.clear()
    from companion.data import load_station_deck
    from companion.nextstation import codec as nst_codec
    from companion.ui.nextstation.flow import play_screen

    nst = NextStationSetup(colors, 5, load_station_deck())
    nst_setup = {**nst_codec.setup_to_json(nst), "seat_names": five}
    station = app.services.new_game("next-station", nst_setup)
    from companion.nextstation import EndRound, Reveal

    for _round in range(4):
        while station.state.phase == "reveal":
            station.record(Reveal())
        station.record(EndRound())
    app.push(play_screen(app, station))
    tour.look(app, "named-next-station-scoring")
    from companion.nextstation import Finish, Score, Sheet

    for p in range(len(colors)):
        station.record(Score(p, Sheet(corners=2)))
    station.record(Finish())
    app.stack.clear()
    app.push(play_screen(app, station))
    tour.look(app, "named-next-station-results")
    app.stack.clear()
    from companion.ui.records import RecordsScreen

    app.push(HistoryScreen(app))
    tour.look(app, "named-history")
    app.push(RecordsScreen(app))
    tour.look(app, "named-records")


def howto_pages(tour: Tour, app: FakeApp, key: str) -> None:
    """From a game menu: its "How to use the box", every page."""
    app.choose("howto")
    assert app.top.name == "howto"
    for page in range(6):
        tour.look(app, f"{key}-howto-{page + 1}")
        before = app.top.page  # type: ignore[attr-defined]
        app.press("down")
        if app.top.page == before:  # type: ignore[attr-defined]
            break


def walk_entries(tour: Tour, app: FakeApp, labels: tuple[str, ...]) -> None:
    """Each entry from the actions menu, every step looked at, OK to the next; back home."""
    for label in labels:
        app.press("ok")
        app.choose(label)
        for n in range(4):
            tour.look(app, f"{label}-step{n}")
            if not isinstance(app.top, EntryScreen):
                break
            app.press("ok")
        while not isinstance(app.top, MetroHome):
            app.press("back")


def players_records(tour: Tour, size: tuple[int, int]) -> None:
    """Settings -> Players, the letter picker, the setup's names, History's players' records."""
    from companion.ui.players import NameEntry, PlayersScreen
    from companion.ui.records import RecordsScreen
    from companion.ui.seat_names import SeatNamesScreen

    app = FakeApp(None, size)
    settings = SettingsScreen(app)
    app.push(settings)
    voice_row = i18n._("Spoken announcements")
    settings.index = next(i for i, o in enumerate(settings.items) if o.text == voice_row)
    missing = i18n._("espeak-ng is missing: no voice")
    tour.look(app, "settings-voice-missing", [Toast(missing, "bad")])
    app.pop()
    app.push(RecordsScreen(app))
    tour.look(app, "records-empty")
    roster = app.services.roster
    names = [roster.add(n) for n in ("Maximiliano Ñoño", "Anne-Laure", "Íñigo", "Zoé Noël")]
    app.push(PlayersScreen(app))
    tour.look(app, "players")
    app.push(NameEntry(app, i18n._("New player's name"), roster.add, "Maximiliano Ñoño"))
    app.top.press("done")
    tour.look(app, "name-entry-refused")
    app.top.error, app.top.cursor = "", (4, 5)
    tour.look(app, "name-entry")
    colors = ["red", "blue", "green", "yellow", "black"]
    chosen = {"red": names[0], "blue": names[1]}
    setup = SetupScreen(app)
    setup.names = dict(chosen)
    app.push(setup)
    setup.index = next(i for i, o in enumerate(setup.items) if o.text == i18n._("Names"))
    tour.look(app, "setup-names")
    for home_screen in (JutakuHome(app), CountdownSetup(app)):
        home_screen.names.update(chosen)
        app.push(home_screen)
        home_screen.index = next(
            i for i, o in enumerate(home_screen.items) if o.text == i18n._("Names")
        )
        tour.look(app, f"{home_screen.name}-names")
    app.push(SeatNamesScreen(app, colors, chosen))
    tour.look(app, "seat-names")
    session = app.services.new_game("metro", {"map_name": "tokyo", "colors": colors[:2]})
    setup_names = {c: {"id": p.id, "name": p.name} for c, p in chosen.items()}
    for solo in (False, True):
        game = app.services.store.new_game(
            "metro",
            {
                **session.setup,
                "colors": ["red"] if solo else ["red", "blue"],
                "seat_names": setup_names,
            },
        )
        opened = app.services.open_game(game)
        assert opened is not None
        opened.record(Invest("red", "G", 0))
        opened.record(Invest("blue" if not solo else "red", "M", 0))
        opened.record(EndGame())
    app.push(RecordsScreen(app))
    tour.look(app, "records")


def osaka_screens(tour: Tour, size: tuple[int, int]) -> None:
    """OSAKA METRO: the setup on the Osaka map, the Osaka entries (Sell with its amount,
    invest-by-disc, Copy), a tram payout, the end pages with the set-aside money, history."""
    from tests.osaka_scenes import ended_osaka_session, osaka_board_session

    app = FakeApp(None, size)
    app.push(SetupScreen(app))
    app.top._map(app.top.maps.index("osaka"))
    tour.look(app, "setup-osaka")
    session = osaka_board_session()
    app = home(session, size)
    tour.look(app, "income-track-osaka-twins")
    app.press("back")
    howto_pages(tour, app, "metro")
    while not isinstance(app.top, MetroHome):
        app.press("back")
    walk_entries(tour, app, ("Sell a share", "Invest by disc", "Copy an action"))
    app.push(TrainPhaseScreen(app))
    for _n in range(400):
        screen = app.top
        if not isinstance(screen, TrainPhaseScreen):
            break
        if screen.waiting == "payout" and screen.view.steps[screen.shown].vehicle.line == "P":
            tour.look(app, "train-payout-tram")
        if screen.waiting:
            app.press("ok" if screen.waiting != "prompt" else "back")
        else:
            app.tick(0.2)
    ended = ended_osaka_session()
    end_pages(tour, home(ended, size), "end-osaka")
    app = FakeApp(ended, size)
    app.push(HistoryScreen(app))
    tour.look(app, "history-osaka")


def drinks_screens(tour: Tour, size: tuple[int, int]) -> None:
    """METRO DRINKS and the solo game's screens (`tests/drinks_scenes.py`)."""
    from tests.drinks_scenes import drinks_tour

    drinks_tour(tour, size, home, end_pages, walk_entries)


@functools.cache
def fitted_draft() -> object:
    """One fit of the simulated owner's board for every size and language (a fit takes ~2 s)."""
    from companion.app.ownerboard import OwnerBoard

    return OwnerBoard(lambda: None).fit("tokyo")


def owner_board(tour: Tour, size: tuple[int, int]) -> None:
    """Settings -> Fit the map (the fitting screen, the review, its menu) and Income track
    (the list, a changed row, the check mode, its menu)."""
    from companion.ui.mapfit import FittingScreen, MapFitMenu
    from companion.ui.trackedit import TrackEditor

    app = FakeApp(None, size)
    app.services.owner_board.fit = lambda map_id: copy.deepcopy(fitted_draft())
    app.push(MapFitMenu(app))
    tour.look(app, "map-fit")
    app.push(FittingScreen(app, "tokyo"))
    tour.look(app, "map-fitting")
    app.top.wait()
    tour.look(app, "map-review")
    app.press("right", "down", "ok")
    tour.look(app, "map-review-next")
    app.press_player(3)
    tour.look(app, "map-review-grid")
    app.press("back")
    tour.look(app, "map-review-menu")
    app.top.index = len(app.top.items) - 1
    tour.look(app, "map-review-menu-last")
    app.stack.clear()
    app.push(TrackEditor(app))
    tour.look(app, "track")
    app.press("down", "down", "down", "right")
    tour.look(app, "track-changed")
    app.press("back")
    tour.look(app, "track-menu")
    app.top.index = 2
    app.press("ok")
    tour.look(app, "track-check")


TOURS = [
    metro_entries,
    metro_trains,
    named_metro,
    app_menus,
    timer_games,
    table_games,
    named_tables,
    osaka_screens,
    players_records,
    owner_board,
    drinks_screens,
]


@pytest.fixture(params=LANGUAGES)
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("walk", TOURS, ids=lambda t: t.__name__)
def test_every_screen_reads(walk, size: tuple[int, int], lang: str) -> None:
    tour = Tour(size, lang)
    walk(tour, size)
    assert tour.count > 0
    assert not tour.faults, f"{len(tour.faults)} faults:\n" + "\n".join(tour.faults[:40])


def test_the_real_apps_frames_read_with_its_toasts(tmp_path: Path) -> None:
    """`app_faults` on the real app: the main menu, then the income track with two toasts
    (the newest error is shown, over the hint bar)."""
    from companion.app.boot import shutdown
    from tests.conftest import headless_app
    from tests.textcheck import app_faults

    app = headless_app(tmp_path / "data")
    try:
        app.step()
        assert app_faults(app) == []
        app.inputs.put(Input(Action.DOWN))
        app.inputs.put(Input(Action.OK))
        for _ in range(5):
            app.step()
        app.toast("Red invests in line G (¥300)")
        app.toast("LED strip unplugged", "bad")
        assert app_faults(app) == []
    finally:
        shutdown(app)
