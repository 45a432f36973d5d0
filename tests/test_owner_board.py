"""The owner's board on the box, through the real app: the review's button walk saves a map
that new games play on, back to the default undoes it, and the income track is saved alike."""

from __future__ import annotations

import pytest

from companion import data
from companion.app.boot import shutdown
from companion.mapdraft import MapDraft
from companion.metro.events import BuildStation, Invest, StartTrain
from companion.ui.screen import Action, Input
from companion.ui.settings import SettingsScreen
from tests.conftest import headless_app


def press(app, *names: str | int) -> None:
    """Navigation buttons by name, player buttons by seat number."""
    for name in names:
        for _ in range(50):
            if not app.guarded():
                break
            app.run(max_frames=app.frames + 1)
        now = app.now()
        event = Input(player=name, t=now) if isinstance(name, int) else Input(Action(name), t=now)
        app.inject(event)
        app.run(max_frames=app.frames + 2)


def open_setting(app, label: str) -> None:
    app.push(SettingsScreen(app))
    screen = app.top
    screen.index = [o.text for o in screen.items].index(label)
    press(app, "ok")


@pytest.fixture
def app(tmp_path):
    app = headless_app(tmp_path)
    yield app
    shutdown(app)


def test_the_review_walk_saves_a_map_that_new_games_play_on(app):
    open_setting(app, "Fit the map to my board")
    assert app.top.name == "map-fit"
    press(app, "ok")
    assert app.top.name == "map-fitting"
    app.top.wait()
    review = app.top
    assert review.name == "map-review"
    draft: MapDraft = review.draft
    first = review.selected
    assert first == draft.doubtful()[0]
    before = draft.stops[first].shown
    press(app, "right", "right", "down")
    assert draft.stops[first].shown == pytest.approx((before[0] + 4, before[1] + 2))
    press(app, "ok")
    assert review.selected != first and draft.stops[first].checked
    second = review.selected
    press(app, "back")  # the menu: add or remove this stop
    menu = app.top
    menu.index = [o.text for o in menu.items].index(
        "Add this stop" if draft.stops[second].place is None else "Remove this stop"
    )
    press(app, "ok")
    assert app.top is review
    press(app, "back")
    app.top.index = [o.text for o in app.top.items].index("Undo")
    press(app, "ok", "back")
    assert app.top is review
    press(app, "back")
    app.top.index = [o.text for o in app.top.items].index("Save my map")
    press(app, "ok")
    assert app.top.name == "map-fit"
    assert any("saved" in t.text for t in app.toasts)

    assert data.map_choice("tokyo").owner
    board = data.load_map("tokyo")
    assert (board.stop(first).x_mm, board.stop(first).y_mm) == pytest.approx(
        (before[0] + 4, before[1] + 2)
    )
    session = app.services.new_game("metro", {"map_name": "tokyo", "colors": ["red", "blue"]})
    assert session.rules.board.stop(first).x_mm == pytest.approx(before[0] + 4)
    session.record(Invest("red", "G", 300))
    session.record(BuildStation("blue", "ginza", 200))
    session.record(StartTrain("M", 300))
    phase = session.begin_train_phase()
    assert phase.steps
    app.services.camera is None or app.services.camera.use_board(session.rules.board)

    app.stack[-1:] = []
    open_setting(app, "Fit the map to my board")
    app.top.index = [o.text for o in app.top.items].index("Back to the default map")
    press(app, "ok", "right", "ok")
    assert not data.map_choice("tokyo").owner
    assert data.load_map("tokyo").stop(first).x_mm == pytest.approx(
        data.load_map(str(data.calibration_dir() / "maps" / "tokyo.toml")).stop(first).x_mm
    )


def test_the_income_track_is_changed_checked_and_saved(app):
    open_setting(app, "Income track")
    editor = app.top
    assert editor.name == "income-track-editor"
    press(app, *["down"] * 29, "right")  # ¥2,900: 2,000/900 -> 2,100/800
    assert editor.pairs[2900] == (2100, 800)
    press(app, "right", "right", "right", "right", "right", "right", "right", "right", "right")
    assert editor.pairs[2900][0] >= editor.pairs[2900][1]
    press(app, "back")
    app.top.index = [o.text for o in app.top.items].index("Save the track")
    press(app, "ok")
    rules = data.load_rules("tokyo")
    assert rules.track.pair(2900) == editor.pairs[2900]
    assert rules.track.pair(2900 + 6000)[0] == editor.pairs[2900][0] + rules.track.pair(6000)[0]
    press(app, "back")
    app.top.index = [o.text for o in app.top.items].index("Check the printed track")
    press(app, "ok")
    assert editor.check
    press(app, "ok", "ok")
    assert editor.value == 3100
    press(app, "back")
    app.top.index = [o.text for o in app.top.items].index("Back to the default track")
    press(app, "ok", "right", "ok")
    assert data.load_rules("tokyo").track.pair(2900) == (2000, 900)


def test_player_buttons_jump_a_thousand_yen_on_the_track(app):
    open_setting(app, "Income track")
    editor = app.top
    press(app, 1, 1, 1, 0)
    assert editor.value == 2000
