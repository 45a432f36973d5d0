"""OSAKA METRO on the screens: the setup's map and card set, entries offered by the card set,
the Sell, invest-by-disc and Copy entries, the twin vehicles on the income track."""

from __future__ import annotations

import json

import pytest

from companion.data import load_rules
from companion.metro.events import Copy, Invest, InvestByDisc, Sell
from companion.metro.shares import sale_value
from companion.ui.metro import MetroHome
from companion.ui.metro.entry import Amount, EntryScreen
from companion.ui.setup import SetupScreen
from tests import fakes
from tests.screen_fakes import FakeApp, new_session

OSAKA_CARDS_ONLY = {"Sell a share", "Copy an action", "Invest by disc"}
TOKYO_CARDS_ONLY = {"Start a train", "Bid action", "Card action"}


def home(session: object) -> FakeApp:
    app = FakeApp(session)  # type: ignore[arg-type]
    app.push(MetroHome(app))
    return app


def menu_values(app: FakeApp) -> list[str]:
    return [opt.value for opt, _run in app.top.items]  # type: ignore[attr-defined]


def open_entry(app: FakeApp, label: str) -> EntryScreen:
    app.press("ok")
    app.choose(label)
    assert isinstance(app.top, EntryScreen)
    return app.top


def test_the_setup_offers_the_map_and_card_set_and_remembers_both(tmp_path):
    app = fakes.FakeApp.make(tmp_path)
    setup = SetupScreen(app)
    app.push(setup)
    assert setup.maps[setup.map_index] == "tokyo" and setup.cards == "tokyo"
    assert setup._cards_detail() == "Tokyo · 7 rounds"  # 3 players
    setup._map(setup.maps.index("osaka"))
    assert setup.cards == "osaka"  # a map brings its own cards
    assert setup._cards_detail() == "Osaka · 6 rounds"
    setup._count(1)
    assert setup._cards_detail() == "Osaka · 5 rounds"
    setup._card_set(1)
    assert setup.cards == "tokyo"  # the mixed variant: Osaka map, Tokyo cards
    setup.start()
    session = app.services.session
    assert session is not None and session.rules.board.id == "osaka"
    assert session.state.card_set(session.rules.board).name == "tokyo"
    saved = json.loads((tmp_path / "last-setup.json").read_text())
    assert saved["map_name"] == "osaka" and saved["cards"] == "tokyo"
    again = SetupScreen(app)
    assert again.maps[again.map_index] == "osaka" and again.cards == "tokyo"


@pytest.mark.parametrize(
    ("map_name", "cards", "offered", "absent"),
    [
        ("tokyo", None, TOKYO_CARDS_ONLY, OSAKA_CARDS_ONLY),
        ("osaka", None, OSAKA_CARDS_ONLY, TOKYO_CARDS_ONLY),
        ("tokyo", "osaka", OSAKA_CARDS_ONLY, TOKYO_CARDS_ONLY),
    ],
)
def test_the_actions_menu_offers_only_what_the_card_set_has(map_name, cards, offered, absent):
    session = new_session(load_rules(map_name))
    if cards is not None:
        session = _with_cards(session, cards)
    app = home(session)
    app.press("ok")
    values = set(menu_values(app))
    assert offered <= values and not absent & values
    assert {"Invest", "Speculate", "Meeple moved"} <= values


def _with_cards(session: object, cards: str) -> object:
    from companion.app.session import MetroSession
    from tests.screen_fakes import _temp_store

    rules = session.rules  # type: ignore[attr-defined]
    colors = session.state.colors  # type: ignore[attr-defined]
    return MetroSession.new(_temp_store(), rules, colors, cards=cards)


def osaka_session() -> object:
    session = new_session(load_rules("osaka"), ("red", "blue", "green", "yellow"))
    session.record(Invest("red", "M", 500))
    session.record(Invest("blue", "M", 600))
    session.record(Invest("green", "M", 900))
    session.record(Invest("yellow", "M", 300))
    return session


def test_the_sell_entry_shows_the_amount_before_ok_and_sets_it_aside():
    session = osaka_session()
    app = home(session)
    line = session.state.lines["M"]
    expected = sale_value(line, "blue", session.rules.track)
    assert expected == 600  # ¥2,300: 1,200 / 600 / 300 / 200
    entry = open_entry(app, "Sell a share")
    app.press("down", "ok")  # Blue
    assert entry.step.key == "line"
    values = [o.value for o in entry.step.options]
    assert entry.step.options[values.index("T")].reason  # Blue holds no share of T
    entry.cursor = values.index("M")
    app.press("ok")
    assert isinstance(entry.step, Amount) and entry.value == expected
    app.press("right")  # the amount is the rules', not the players'
    assert entry.value == expected
    app.press("ok")
    assert isinstance(app.top, MetroHome)
    assert session.events[-1] == Sell("blue", "M")
    assert session.state.player("blue").set_aside == expected
    assert session.state.lines["M"].shares == ("red", "green", "yellow")
    assert app.toasts[-1] == "Blue sells the share of line M"


def test_invest_by_disc_shows_the_extra_it_costs():
    session = new_session(load_rules("osaka"), ("red", "blue", "green"))
    session.record(Invest("red", "T", 400))
    app = home(session)
    entry = open_entry(app, "Invest by disc")
    app.press("down", "ok")  # Blue
    values = [o.value for o in entry.step.options]
    entry.cursor = values.index("T")
    app.press("ok")
    assert isinstance(entry.step, Amount) and entry.value == 300  # share #2's extra
    app.press("ok")
    assert session.events[-1] == InvestByDisc("blue", "T")
    assert session.state.lines["T"].value == 700
    assert session.state.player("blue").cash == 1700


def test_copy_records_its_cost_then_asks_for_the_copied_action():
    session = new_session(load_rules("osaka"), ("red", "blue", "green"))
    app = home(session)
    entry = open_entry(app, "Copy an action")
    app.press("down", "down", "ok")  # Green
    assert isinstance(entry.step, Amount)
    app.press("ok")
    assert session.events[-1] == Copy("green", 100)
    assert app.top.title == "Green: the copied action"  # type: ignore[attr-defined]
    app.choose("Invest")
    assert app.top.answers["player"] == "green"  # type: ignore[attr-defined]


def test_both_vehicles_of_a_pair_are_on_the_income_track():
    session = new_session(load_rules("osaka"), ("red", "blue", "green"))
    session.record(Invest("red", "P", 300))
    app = home(session)
    app.draw()
    shown = {t.text for t in app.top._texts}  # type: ignore[attr-defined]
    length = session.rules.board.lines["P"].length
    assert "P1" in shown and str(length) in shown


def test_a_tram_payout_and_move_name_which_tram():
    from companion.metro.steps import Moved, Paid
    from companion.metro.vehicles import VehicleId
    from companion.narrate import describe_step

    board = load_rules("osaka").board
    paid = Paid(VehicleId("P", 2), "P1", "cosmosquare", "green", 200, 200)
    assert describe_step(paid, board).startswith("New Tram P #2: Green takes ¥200")
    one = Paid(VehicleId("M", 1), "M2", "nishinakajima-minamigata", "green", 200, 200)
    assert describe_step(one, board).startswith("Green takes")
    session = new_session(load_rules("osaka"))
    session.record(Invest("red", "B", 300))
    from companion.ui.metro.train import TrainPhaseScreen

    app = home(session)
    app.push(TrainPhaseScreen(app))
    screen = app.top
    for _n in range(50):
        steps = screen.view.steps  # type: ignore[attr-defined]
        shown = screen.shown  # type: ignore[attr-defined]
        if shown < len(steps) and isinstance(steps[shown], Moved):
            text = screen._moving_text()  # type: ignore[attr-defined]
            assert text.startswith("Bus B #")
            return
        app.tick(0.1)
    raise AssertionError("no bus moved")


def test_the_rounds_follow_the_games_card_set():
    from companion.ui.metro.rounds import rounds_for

    tokyo = load_rules("tokyo")
    mixed = _with_cards(new_session(tokyo), "osaka")
    assert rounds_for(tokyo, 3) == 7
    assert rounds_for(tokyo, 3, mixed.state) == 6  # type: ignore[attr-defined]
    app = home(mixed)
    app.draw()
    assert any(t.text.endswith("/ 6") for t in app.top._texts)  # type: ignore[attr-defined]


def test_disc_spaces_and_both_trams_fit_the_small_screen_with_four_holders():
    from companion.ui import kit
    from companion.ui.metro import track
    from tests.osaka_scenes import osaka_board_session

    session = osaka_board_session()
    app = home(session)
    theme = app.services.theme
    at = track.layout((800, 480), theme, session.state, 10, 0)
    fnt = kit.font(theme, "read")
    gap = max(6, theme.margin * 3 // 4)
    widths, _most = track._widths(
        fnt, session.rules, session.state, at.row_h - 4, 800 - theme.margin, gap
    )
    assert {"discs", "train", "shares", "pair"} <= set(widths)


def test_a_bid_actions_bonus_counts_in_the_turn_order_and_is_not_paid():
    from companion.metro.events import BidBonus
    from companion.ui.metro.bids import BidsScreen

    session = new_session(load_rules("tokyo"), ("red", "blue"))
    session.record(BidBonus("red", 300))
    app = home(session)
    app.push(BidsScreen(app))
    app.press("down", "right", "right")  # Blue bids ¥200, Red's ¥0 + ¥300 bonus wins
    assert app.top.result() == ("red", "blue")  # type: ignore[attr-defined]
    app.press("ok")
    assert session.state.colors == ("red", "blue")
    assert session.state.player("red").cash == 2000
    assert session.state.player("blue").cash == 1800
