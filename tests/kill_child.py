"""Child for the kill-and-resume test: plays a scripted game in a store, resuming whatever game
is unfinished there, and prints `ACK seq kind` after each entry's append has returned."""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.app.session import MetroSession
from companion.data import load_rules
from companion.metro import Decision
from companion.metro.events import AdjustCash, BuildStation, EndGame, Invest, MoveMeeple
from companion.store import Store

COLORS = ["red", "blue", "green"]
ROUNDS = 3
PER_ROUND = 6


def ack(session: MetroSession) -> None:
    entry = session.entries[-1]
    print(f"ACK {entry.seq} {entry.kind}", flush=True)


def main(folder: str, pause: float) -> None:
    rules = load_rules(str(Path(__file__).parent / "data" / "mini.toml"))
    store = Store.open(folder)
    game = store.unfinished("metro")
    if game is None:
        session = MetroSession.new(store, rules, COLORS)
    else:
        session = MetroSession.load(store, rules, game)
    print(f"START {session.entry_count}", flush=True)
    board = rules.board
    setup = [
        Invest("red", "G", 300),
        Invest("blue", "M", 200),
        BuildStation("green", "ginza"),
        BuildStation("red", "ueno"),
        MoveMeeple("blue", sorted(board.squares_for_stop("G2"))[0]),
    ]
    while session.state.round <= ROUNDS:
        phase = session.phase
        if phase is None:
            since = 0
            for entry in reversed(session.entries):
                if entry.kind == "phase_end":
                    break
                since += 1
            if since >= PER_ROUND:
                session.begin_train_phase()
            elif session.state.round == 1 and since < len(setup):
                session.record(setup[since])
            else:
                session.record(AdjustCash(COLORS[since % 3], 100 * (since + 1)))
        elif phase.acked < len(phase.steps):
            session.ack(phase.acked + 1)
        elif phase.pending is not None:
            session.answer(Decision(len(phase.steps) % 2 == 0))
        else:
            session.finish_train_phase()
        ack(session)
        time.sleep(pause)
    session.record(EndGame())
    ack(session)
    print("DONE", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 0.0)
