"""The camera in the Metro screens: proposals on the income track, OK records, BACK fixes by
hand, nothing during a train phase, the status line; and one run of the real pipeline."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from companion.metro.events import BuildStation, MoveMeeple, StartTrain
from companion.ui.metro import MetroHome
from companion.ui.metro.entry import EntryScreen
from companion.ui.metro.train import TrainPhaseScreen
from companion.vision.proposals import Built, Missing, Moved
from tests.conftest import headless_app
from tests.screen_fakes import FakeApp, new_session


@dataclass
class StubCamera:
    """The CameraLink API with scripted proposals: `see(...)` makes a new accepted reading."""

    proposals: list[Any] = field(default_factory=list)
    version: int = 1
    status_code: str = "ok"
    status: str = "Camera: reading the board"
    asked: list[Any] = field(default_factory=list)

    def see(self, *proposals: Any) -> None:
        self.proposals = list(proposals)
        self.version += 1

    def latest_proposals(self, state: Any) -> list[Any]:
        self.asked.append(state)
        if state.phase != "action":
            return []
        out = []
        for p in self.proposals:
            if isinstance(p, Built) and p.station in state.stations:
                continue
            if isinstance(p, Moved):
                m = state.meeples.get(p.color)
                if m is not None and m.square == p.square:
                    continue
            out.append(p)
        return out


def home_with(camera: StubCamera, size: tuple[int, int] = (800, 480)) -> FakeApp:
    app = FakeApp(new_session(), size)
    app.services.camera = camera
    app.push(MetroHome(app))
    return app


def station_id(app: FakeApp) -> str:
    return sorted(app.services.session.rules.board.stations)[0]


def test_a_build_seen_by_the_camera_is_asked_and_ok_records_it(tmp_path: Path) -> None:
    camera = StubCamera()
    app = home_with(camera)
    sid = station_id(app)
    camera.see(Built("red", sid))
    app.tick(0.1)
    assert app.top.name == "camera-proposal"
    app.draw()
    circles = len(app.services.session.rules.board.stations[sid].stops)
    app.press("right", "right", "up")  # ¥100 a circle to start with: now ¥1,300 a circle
    app.press("ok")
    assert isinstance(app.top, MetroHome)
    session = app.services.session
    assert session.events[-1] == BuildStation("red", sid, 1300 * circles)
    assert session.state.stations[sid] == "red"
    app.tick(0.2)
    assert isinstance(app.top, MetroHome)  # nothing left to ask


def test_a_meeple_move_is_recorded_with_one_ok() -> None:
    camera = StubCamera()
    app = home_with(camera)
    camera.see(Moved("blue", (2, 1), None))
    app.tick(0.1)
    assert app.top.name == "camera-proposal"
    app.press("ok")
    assert app.services.session.events[-1] == MoveMeeple("blue", (2, 1))


def test_a_move_the_rules_refuse_now_is_asked_once_the_move_before_it_is_confirmed() -> None:
    """Blue stepped onto the square Red's meeple had, and Red moved away: the camera sees
    both. Blue's move is refused while the game still has Red there, so it is not asked
    first (never a question the core refuses on OK); once Red's move is recorded it is."""
    camera = StubCamera()
    app = home_with(camera)
    app.services.session.record(MoveMeeple("red", (2, 1)))
    camera.see(Moved("blue", (2, 1), None), Moved("red", (4, 4), (2, 1)))
    app.tick(0.1)
    assert app.top.name == "camera-proposal"
    assert app.top.proposal == Moved("red", (4, 4), (2, 1))
    app.press("ok")
    app.tick(0.1)
    assert app.top.name == "camera-proposal"
    app.press("ok")
    assert list(app.services.session.events[-2:]) == [
        MoveMeeple("red", (4, 4)),
        MoveMeeple("blue", (2, 1)),
    ]


def test_a_drink_is_asked_only_where_the_rules_let_its_owner_build_it() -> None:
    """A drink at Ginza (Red's pyramid) whose colour Blue owns is asked only when the core
    would record it: Blue's meeple touching Ginza, or, with a shape card's free builds,
    anywhere on the map (it may have passed Ginza during a Move: BACK takes that square);
    never while Blue rides a train or has no meeple out."""
    from dataclasses import replace

    from companion.data import load_rules
    from companion.metro.state import DrinksSetup, Meeple, new_state
    from companion.metro.vehicles import VehicleId
    from companion.ui.metro.camera import allowed
    from companion.vision.drink_proposals import DrinkBuilt

    rules = load_rules("tokyo")
    board = rules.board
    state = new_state(board, ["red", "blue"], metro_drinks=DrinksSetup())
    state = replace(state, stations={"ginza": "red"})
    state = state.with_player(replace(state.player("blue"), drink_colors=("mint",)))
    drink = DrinkBuilt("mint", "ginza", "blue")
    touching = min(board.squares_touching_station("ginza"))
    far = next(
        (c, r)
        for c in range(board.grid.columns)
        for r in range(board.grid.rows)
        if (c, r) not in board.squares_touching_station("ginza")
    )
    rider = Meeple(riding=VehicleId("G"), boarded_at="G1")

    def asks(meeple: Meeple | None, free: bool = False) -> bool:
        meeples = {} if meeple is None else {"blue": meeple}
        game = replace(state, meeples=meeples, free_builds=("blue",) if free else ())
        return allowed(drink, rules, game)

    assert asks(Meeple(square=touching))
    assert not asks(Meeple(square=far))
    assert asks(Meeple(square=far), free=True)
    assert not asks(rider) and not asks(rider, free=True)
    assert not asks(None) and not asks(None, free=True)


def test_fix_opens_the_entry_prefilled_and_the_proposal_is_not_asked_again() -> None:
    camera = StubCamera()
    app = home_with(camera)
    sid = station_id(app)
    camera.see(Built("green", sid))
    app.tick(0.1)
    app.press("back")
    entry = app.top
    assert isinstance(entry, EntryScreen) and entry.title == "Station built"
    assert entry.step.options[entry.cursor].value == "green"
    app.press("ok")
    assert entry.step.options[entry.cursor].value == sid
    app.press("back", "back")  # back out of the entry: nothing recorded
    assert isinstance(app.top, MetroHome) and app.services.session.entry_count == 0
    app.tick(0.3)
    assert isinstance(app.top, MetroHome), "a dismissed proposal waits for a new reading"
    camera.see(Built("green", sid))
    app.tick(0.1)
    assert app.top.name == "camera-proposal"


def test_meeple_fix_starts_the_square_pick_on_the_seen_square() -> None:
    camera = StubCamera()
    app = home_with(camera)
    camera.see(Moved("red", (3, 2), None))
    app.tick(0.1)
    app.press("back", "ok")
    assert app.top.square == (3, 2)
    app.press("ok")
    assert app.services.session.state.meeples["red"].square == (3, 2)


def test_missing_pieces_are_a_notice_not_a_question() -> None:
    camera = StubCamera()
    app = home_with(camera)
    camera.see(Missing("meeple", "red", "[1,1]"))
    app.tick(0.2)
    assert isinstance(app.top, MetroHome)
    text, tone = app.top.camera.status_line()
    assert "not seen" in text and tone == "calm"
    app.draw()


def test_no_proposal_during_a_train_phase() -> None:
    camera = StubCamera()
    app = home_with(camera)
    session = app.services.session
    session.record(StartTrain("G", 300))
    session.begin_train_phase()
    camera.see(Moved("red", (1, 1), None))
    app.tick(0.2)
    assert isinstance(app.top, TrainPhaseScreen)
    turns = 0
    while session.phase is not None and turns < 200:
        turns += 1
        assert app.top.name != "camera-proposal"
        app.press("ok", run=0.3)
    assert session.phase is None and turns > 1
    app.tick(0.2)
    assert app.top.name == "camera-proposal"  # asked once the trains have run


def test_a_question_open_when_a_train_phase_begins_elsewhere_closes() -> None:
    camera = StubCamera()
    app = home_with(camera)
    camera.see(Moved("red", (1, 1), None))
    app.tick(0.1)
    assert app.top.name == "camera-proposal"
    app.services.session.begin_train_phase()
    app.tick(0.1)
    assert app.top.name != "camera-proposal"
    assert app.services.session.state.meeples.get("red") is None or (
        app.services.session.state.meeples["red"].square != (1, 1)
    )


def test_moves_are_offered_before_the_trains_run_even_if_dismissed() -> None:
    camera = StubCamera()
    app = home_with(camera)
    camera.see(Moved("red", (1, 1), None))
    app.tick(0.1)
    app.press("back", "back")  # Fix, then leave the entry: dismissed
    assert isinstance(app.top, MetroHome)
    app.press("right")  # train phase: the move is asked first
    assert app.top.name == "camera-proposal"
    app.press("ok")
    assert app.services.session.state.meeples["red"].square == (1, 1)
    assert app.top.name != "camera-proposal"  # then the usual question
    app.press("right")
    assert app.top.name != "camera-proposal"


@pytest.mark.parametrize(
    ("code", "text", "tone"),
    [
        ("ok", "Camera: OK", "ok"),
        ("camera lost", "Camera lost, retrying: enter moves by hand", "bad"),
        ("no board", "Camera: board not found (are the four markers in view?)", "bad"),
        ("starting", "Camera: starting", "calm"),
    ],
)
def test_status_line(code: str, text: str, tone: str) -> None:
    camera = StubCamera(status_code=code, status=text)
    app = home_with(camera)
    app.tick(0.1)
    assert app.top.camera.status_line() == (text, tone)
    app.draw()


def test_without_camera_there_is_no_status_line() -> None:
    app = FakeApp(new_session())
    app.push(MetroHome(app))
    app.tick(0.1)
    assert app.top.camera.status_line() is None
    app.draw()


def test_synthetic_camera_end_to_end(tmp_path: Path) -> None:
    """The demo's camera on the mini map, as the app wires it (a CameraLink over a DemoTable):
    a pyramid built and a meeple moved on the table, neither entered, are read from rendered
    frames and asked on the income track; OK records the build."""
    from companion.app.democamera import enable_demo_camera

    session = new_session()
    app = FakeApp(session)
    table = enable_demo_camera(app, tmp_path)
    link = app.services.camera
    try:
        assert link.wait_started(60.0)
        sid = "ginza" if "ginza" in session.rules.board.stations else station_id(app)
        table.put_pyramid("blue", sid)
        table.move_meeple("red", (2, 3))
        want = {Built("blue", sid), Moved("red", (2, 3), None)}
        deadline = time.monotonic() + 40.0
        while set(link.latest_proposals(session.state)) != want and time.monotonic() < deadline:
            time.sleep(0.05)
        assert set(link.latest_proposals(session.state)) == want, link.status
        app.push(MetroHome(app))
        while app.top.name != "camera-proposal" and time.monotonic() < deadline:
            app.tick(0.05)
            time.sleep(0.02)
        assert app.top.name == "camera-proposal", link.status
        if app.top.proposal != Built("blue", sid):
            app.press("back")
            app.press("back")
            app.tick(0.05)
        assert app.top.proposal == Built("blue", sid)
        app.press("ok")
        assert session.state.stations[sid] == "blue"
        assert app.top.camera.status_line()[1] == "ok"
    finally:
        link.close()


def test_demo_camera_in_the_real_app_on_tokyo(tmp_path: Path) -> None:
    """The real App and services: the camera is started by the app for the game's map (from
    its frame hook, without blocking), a meeple moved on the table is asked, OK records it."""
    from companion.app.boot import shutdown
    from companion.app.democamera import enable_demo_camera
    from companion.app.session import MetroSession
    from companion.data import load_rules
    from companion.ui.screen import Action, Input

    app = headless_app(tmp_path)
    try:
        table = enable_demo_camera(app, tmp_path)
        rules = load_rules("tokyo")
        services = app.services
        services.session = MetroSession.new(services.store, rules, ["red", "blue", "yellow"])
        app.push(MetroHome(app))
        square = sorted(rules.board.squares_for_stop("G5"))[0]
        table.move_meeple("blue", square)
        slowest = 0.0
        for _wait in table.wait(60.0):  # as a demo script would, a frame per step
            t = time.monotonic()
            app.run(max_frames=app.frames + 1)
            slowest = max(slowest, time.monotonic() - t)
        app.run(max_frames=app.frames + 2)
        assert app.top.name == "camera-proposal", services.camera.status
        assert app.top.proposal == Moved("blue", square, None)
        assert table.expects(app.top.proposal)
        while app.guarded():  # a new question ignores presses for a moment
            app.run(max_frames=app.frames + 1)
        app.inject(Input(Action.OK))  # with player buttons OK is not the answer ...
        app.run(max_frames=app.frames + 2)
        assert app.top.name == "camera-proposal"
        app.inject(Input(player=1))  # ... Blue's own button is
        app.run(max_frames=app.frames + 2)
        assert services.session.state.meeples["blue"].square == square
        print(f"slowest frame while the camera started and read: {slowest * 1000:.0f} ms")
    finally:
        shutdown(app)
