"""Child for the mid-train-phase kill test: starts a game on the mini map, runs into the train
phase, acknowledges steps one at a time and answers the first boarding question, prints what the
players have seen as JSON on one line, then waits (on stdin) to be killed."""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.app.session import MetroSession
from companion.data import load_rules
from companion.metro import Decision, format_step
from companion.metro.events import BuildStation, Invest, MoveMeeple
from companion.store import Store

MINI = Path(__file__).parent / "data" / "mini.toml"


def snapshot(session: MetroSession) -> dict[str, object]:
    phase = session.phase
    assert phase is not None
    return {
        "game_id": session.game_id,
        "entries": session.entry_count,
        "steps": [format_step(s) for s in phase.steps],
        "acked": phase.acked,
        "pending": None if phase.pending is None else phase.pending.action,
    }


def main(folder: str, acks_after_answer: int) -> None:
    rules = load_rules(str(MINI))
    store = Store.open(folder)
    session = MetroSession.new(store, rules, ["red", "blue", "green"], map_name=str(MINI))
    board = rules.board
    for event in (
        Invest("red", "G", 300),
        Invest("blue", "M", 200),
        Invest("green", "H", 200),
        BuildStation("green", "ginza"),
        BuildStation("red", "ueno"),
        MoveMeeple("blue", sorted(board.squares_for_stop("G2"))[0]),
    ):
        session.record(event)
    phase = session.begin_train_phase()
    while phase.acked < len(phase.steps):
        session.ack(phase.acked + 1)
        phase = session.phase
        assert phase is not None
    assert phase.pending is not None and phase.pending.action == "board"
    phase = session.answer(Decision(True))
    for _ in range(acks_after_answer):
        session.ack(phase.acked + 1)
        phase = session.phase
        assert phase is not None
    print(json.dumps(snapshot(session)), flush=True)
    sys.stdin.readline()  # killed here, mid-phase, with everything above saved


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
