"""The one saved-game session over every registered game: start, record, undo, open again."""

import pytest

from companion.app.jutaku_session import JutakuSession
from companion.app.session import GameSession, MetroSession
from companion.games import GAMES, load
from companion.jutaku import codec
from companion.jutaku import jutaku as J
from companion.jutaku.players import default_seats
from companion.metro.events import Invest
from companion.store import Store


def jutaku_setup(n=3):
    return codec.setup_to_json(default_seats(n), J.JutakuOptions())


def test_every_saved_game_names_a_session_class_of_its_kind():
    for spec in GAMES:
        if spec.session is not None:
            cls = load(spec.session)
            assert isinstance(cls, type) and issubclass(cls, GameSession)
            assert spec.key == cls.KIND


def test_record_undo_and_open_again(tmp_path):
    store = Store.open(tmp_path)
    session = JutakuSession.start(store, jutaku_setup())
    session.record(J.Start(10.0))
    session.record(J.Call(1, 20.0))
    assert session.state.phase == "checking" and session.entry_count == 2
    again = JutakuSession.open(store, session.game_id)
    assert again.state == session.state and again.events == session.events
    assert session.undo() and session.state.phase == "building"
    assert session.undo(5) and session.entry_count == 0
    assert not session.undo()


def test_an_event_that_changes_nothing_is_not_saved(tmp_path):
    session = JutakuSession.start(Store.open(tmp_path), jutaku_setup())
    session.record(J.Next(1.0))  # nothing to move on from before a round
    assert session.entry_count == 0


def test_a_foreign_event_is_refused_and_not_saved(tmp_path):
    session = JutakuSession.start(Store.open(tmp_path), jutaku_setup())
    with pytest.raises(TypeError):
        session.record(Invest("red", "G", 0))
    assert session.entry_count == 0


def test_a_running_round_comes_back_paused_and_the_end_is_marked(tmp_path):
    store = Store.open(tmp_path)
    session = JutakuSession.start(store, jutaku_setup(2))
    session.record(J.Start(10.0))
    reopened = JutakuSession.open(store, session.game_id)
    assert reopened.state.phase == "paused" and reopened.entry_count == 2
    assert store.unfinished("jutaku") == session.game_id


def test_metro_starts_from_a_map_name_and_saves_it(tmp_path):
    store = Store.open(tmp_path)
    session = MetroSession.start(store, {"map_name": "tokyo", "colors": ["red", "blue"]})
    assert store.game(session.game_id).setup["map_name"] == "tokyo"
    session.record(Invest("red", "G", 300))
    again = MetroSession.open(store, session.game_id)
    assert again.state == session.state and again.rules.board.id == session.rules.board.id


def test_metro_plays_the_card_set_its_setup_names(tmp_path):
    store = Store.open(tmp_path)
    setup = {"map_name": "osaka", "colors": ["red", "blue"], "cards": "tokyo"}
    session = MetroSession.start(store, setup)
    assert session.state.cards == "tokyo" and session.rules.board.id == "osaka"
    again = MetroSession.open(store, session.game_id)
    assert again.state == session.state
    default = MetroSession.start(store, {"map_name": "osaka", "colors": ["red", "blue"]})
    assert default.state.card_set(default.rules.board).name == "osaka"
