import pytest

from companion.app.session import MetroSession
from companion.metro import Decision, IllegalEvent
from companion.metro.events import AdjustCash, BuildStation, EndGame, Invest, MoveMeeple
from companion.store import Store

COLORS = ["red", "blue", "green"]


def setup_board(session):
    board = session.rules.board
    session.record(Invest("red", "G", 300))
    session.record(Invest("blue", "M", 200))
    session.record(BuildStation("green", "ginza"))
    stop = board.lines["G"].stops[1].id
    session.record(MoveMeeple("blue", sorted(board.squares_for_stop(stop))[0]))


def play_phase(session, answers):
    session.begin_train_phase()
    given = iter(answers)
    while True:
        phase = session.phase
        if phase.acked < len(phase.steps):
            session.ack(len(phase.steps))
        elif phase.pending is not None:
            session.answer(Decision(next(given, False)))
        else:
            return session.finish_train_phase()


def test_refused_event_is_not_saved(tmp_path, mini_rules):
    session = MetroSession.new(Store.open(tmp_path), mini_rules, COLORS)
    session.record(Invest("red", "G", 300))
    with pytest.raises(IllegalEvent) as info:
        session.record(Invest("red", "G", 300))
    assert "already holds" in info.value.message
    assert session.entry_count == 1


def test_undo_removes_the_last_entry_and_refolds(tmp_path, mini_rules):
    store = Store.open(tmp_path)
    session = MetroSession.new(store, mini_rules, COLORS)
    session.record(AdjustCash("red", 500))
    session.record(AdjustCash("red", 700))
    assert session.state.player("red").cash == 3200
    assert session.undo()
    assert session.state.player("red").cash == 2500
    assert MetroSession.load(store, mini_rules, session.game_id).state == session.state
    assert session.undo() and not session.undo()


def test_train_phase_resumes_mid_phase_with_the_same_steps(tmp_path, mini_rules):
    store = Store.open(tmp_path)
    session = MetroSession.new(store, mini_rules, COLORS)
    setup_board(session)
    session.begin_train_phase()
    session.ack(2)
    while session.phase.pending is None:
        session.ack(len(session.phase.steps))
        if session.phase.done:
            break
    before = session.phase
    again = MetroSession.load(Store.open(tmp_path), mini_rules, session.game_id)
    assert again.phase == before
    with pytest.raises(IllegalEvent):
        again.record(AdjustCash("red", 100))


def test_rounds_values_and_end(tmp_path, mini_rules):
    store = Store.open(tmp_path)
    session = MetroSession.new(store, mini_rules, COLORS)
    setup_board(session)
    play_phase(session, [True])
    assert session.state.round == 2
    play_phase(session, [])
    history = session.value_history()
    assert len(history["G"]) == 2 and history["G"][1] >= history["G"][0] >= 300
    assert store.unfinished("metro") == session.game_id
    session.record(EndGame())
    assert store.unfinished("metro") is None
    result = session.end_game()
    assert set(result.ranking) == set(COLORS)
    exported = session.export_json()
    assert exported["ranking"] == list(result.ranking)
    assert exported["log"][-1]["data"] == {"type": "end_game"}
    session.undo()
    assert store.unfinished("metro") == session.game_id
