"""Saved games written before issue 10 (tests/data/saved-games, made by
tools/make_fixture_db.py with the code of that time) open and resume on the right screen."""

import shutil

import pytest

from companion.app.boot import shutdown
from companion.metro import Decision
from tests.conftest import DATA, headless_app

FIXTURE = DATA / "saved-games"
PAUSED_METRO, JUTAKU, FINISHED_METRO = 3, 2, 1


@pytest.fixture
def data_dir(tmp_path):
    folder = tmp_path / "data"
    shutil.copytree(FIXTURE, folder)
    return folder


def frames(app, n=2):
    app.run(max_frames=app.frames + n)


def names(app):
    return [s.name for s in app.stack]


def test_the_paused_train_phase_comes_back_at_its_pending_question(data_dir):
    app = headless_app(data_dir)
    try:
        frames(app)
        assert names(app) == ["main-menu", "metro-home", "metro-train"]
        session = app.services.session
        assert session is not None and session.game_id == PAUSED_METRO
        phase = session.phase
        assert phase is not None and phase.acked == 1
        assert phase.pending is not None and phase.pending.player == "yellow"
        assert phase.pending.stop == "G2"
        session.answer(Decision(False))
        assert session.phase is not None and session.phase.pending is None
    finally:
        shutdown(app)


def test_the_finished_metro_game_opens_from_history_at_its_end(data_dir):
    app = headless_app(data_dir, resume=False)
    try:
        frames(app)
        from companion.ui.history import GameActions, HistoryScreen

        history = HistoryScreen(app)
        app.push(history)
        finished = next(i for i in app.services.store.games() if i.id == FINISHED_METRO)
        app.push(GameActions(app, finished))
        app.top.resume()
        frames(app)
        assert names(app)[-2:] == ["metro-home", "metro-end"]
        assert app.services.session.finished
    finally:
        shutdown(app)


def test_the_jutaku_game_resumes_from_its_setup_screen_paused(data_dir):
    app = headless_app(data_dir, resume=False)
    try:
        frames(app)
        from companion.ui.jutaku import JutakuHome

        app.push(JutakuHome(app))
        app.top.resume()
        frames(app)
        assert names(app)[-1] == "jutaku"
        state = app.top.state
        assert state.round == 2 and state.phase == "paused"
        assert len(app.services.store.entries(JUTAKU)) == 8  # the pause appended on resume
    finally:
        shutdown(app)


def test_the_fixture_holds_the_games_it_claims():
    import sqlite3

    db = sqlite3.connect(f"file:{FIXTURE / 'games.db'}?mode=ro", uri=True)
    rows = db.execute("SELECT id, kind, finished IS NOT NULL FROM games ORDER BY id").fetchall()
    assert rows == [(1, "metro", 1), (2, "jutaku", 0), (3, "metro", 0)]


def test_history_lists_every_saved_game_and_opens_the_jutaku_one(data_dir):
    app = headless_app(data_dir, resume=False)
    try:
        from companion.ui.history import HistoryScreen

        history = HistoryScreen(app)
        app.push(history)
        labels = [item.label() for item in history.items]
        assert len(labels) == 3 and labels[1].startswith("Tokyo Jutaku")
        history.items[1].on_ok()
        app.top.resume()
        frames(app)
        assert names(app)[-1] == "jutaku" and app.top.state.phase == "paused"
    finally:
        shutdown(app)
