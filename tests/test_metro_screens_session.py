"""The Metro screens on the app's real MetroSession (SQLite store), resuming mid train phase with
a new session over the same store."""

from companion.app.session import MetroSession
from companion.data import load_rules
from companion.metro import Plan, run_train_phase
from companion.metro.events import BuildStation, EndGame, MoveMeeple
from companion.metro.vehicles import VehicleId as V
from companion.store import Store
from companion.ui.metro import MetroHome
from companion.ui.metro.endgame import EndGameScreen
from companion.ui.metro.train import TrainPhaseScreen
from tests.screen_fakes import FakeApp
from tests.test_metro_screens import play_train_phase, until_payout


def test_screens_on_the_real_session(tmp_path):
    d = tmp_path
    store = Store.open(d)
    rules = load_rules("tests/data/mini.toml")
    session = MetroSession.new(store, rules, ["red", "blue", "green"])
    app = FakeApp(session)
    app.push(MetroHome(app))
    app.press("ok", "ok", "ok", "ok", "right", "right", "right", "ok")
    assert session.state.lines["G"].shares == ("red",)
    session.record(BuildStation("blue", "ginza", 200))
    square = sorted(rules.board.squares_for_stop("G1"))[0]
    session.record(MoveMeeple("green", square))
    before = session.state
    app.press("right", "right", "ok")
    assert isinstance(app.top, TrainPhaseScreen)
    app.tick(1.0)
    app.press("ok")  # board
    until_payout(app)
    app.press("ok")
    # restart: a new session object over the same store
    session2 = MetroSession.load(Store.open(d), rules, session.game_id)
    app2 = FakeApp(session2)
    app2.push(MetroHome(app2))
    assert isinstance(app2.top, TrainPhaseScreen)
    play_train_phase(app2, board=False)
    expected = run_train_phase(
        rules, before, Plan(board=(("green", V("G"), "G1"),)).decider()
    ).state
    assert session2.state.meeples == expected.meeples
    assert session2.state.lines == expected.lines
    session2.record(EndGame())
    app2.top.enter()
    assert isinstance(app2.top, EndGameScreen)
    for _ in range(3):
        app2.draw()
        app2.press("right")
