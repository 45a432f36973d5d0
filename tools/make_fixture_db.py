"""Write tests/data/saved-games/games.db: saved games as the app wrote them before issue 10.

A Metro game paused in its train phase with a boarding question pending, a finished Metro game
and a Jutaku game in its second round. Countdown games were never saved, so there is none.
The database is committed; `tests/test_saved_games_fixture.py` opens it with today's app. This
script is the record of how it was made: it runs with the code of commit 1ecf3e3 (before issue
10: `git archive 1ecf3e3 | tar -x -C /tmp/old`, then `python tools/make_fixture_db.py` there).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.app.session import MetroSession  # noqa: E402
from companion.data import load_rules  # noqa: E402
from companion.jutaku import jutaku as J  # noqa: E402
from companion.jutaku.players import ARCHITECTS, SEAT_COLORS, Seat  # noqa: E402
from companion.metro import Decision  # noqa: E402
from companion.metro.events import (  # noqa: E402
    BuildStation,
    EndGame,
    Invest,
    MoveMeeple,
)
from companion.store import Store  # noqa: E402

OUT = ROOT / "tests" / "data" / "saved-games"


def finished_metro(store: Store) -> int:
    rules = load_rules("tokyo")
    session = MetroSession.new(store, rules, ["red", "blue"], map_name="tokyo")
    session.record(Invest("red", "G", 300))
    session.record(BuildStation("blue", "ginza", 300))
    session.begin_train_phase()
    while (phase := session.phase) is not None and phase.pending is not None:
        session.answer(Decision(False))
    assert session.phase is not None
    session.ack(len(session.phase.steps))
    session.finish_train_phase()
    session.record(EndGame())
    assert session.finished
    return session.game_id


def paused_metro(store: Store) -> int:
    """A train phase stopped at a boarding question, with one step acknowledged."""
    rules = load_rules("tokyo")
    session = MetroSession.new(store, rules, ["red", "blue", "yellow"], map_name="tokyo")
    square = sorted(rules.board.squares_for_stop("G2"))[0]
    for event in (
        Invest("red", "G", 300),
        Invest("blue", "M", 300),
        BuildStation("yellow", "ginza", 300),
        MoveMeeple("yellow", square),
    ):
        session.record(event)
    phase = session.begin_train_phase()
    assert phase.pending is not None, "the fixture needs a pending question"
    session.ack(1)
    return session.game_id


class _Services:
    def __init__(self, store: Store) -> None:
        self.store = store


class _App:
    """Just enough of the app for today's Jutaku screen to save its events."""

    def __init__(self, store: Store) -> None:
        self.services = _Services(store)
        self.clock = 100.0

    def now(self) -> float:
        return self.clock

    def play(self, cue: str) -> None:
        pass

    def push(self, screen: Any) -> None:
        pass

    pop = replace = push


def jutaku_in_progress(store: Store) -> int:
    from companion.ui.jutaku_screens import JutakuScreen

    seats = tuple(Seat(SEAT_COLORS[i], ARCHITECTS[i]) for i in range(3))
    screen = JutakuScreen(_App(store), seats, J.JutakuOptions())  # type: ignore[arg-type]
    t = 100.0
    for event in (J.Start(t + 1), J.Call(1, t + 20), J.Judge(True, t + 25)):
        screen.apply(event)
    while screen.state.phase == "moving":
        screen.apply(J.Next(t + 30))
    screen.apply(J.Start(t + 40))
    assert screen.game_id is not None
    return screen.game_id


def main() -> None:
    shutil.rmtree(OUT, ignore_errors=True)
    store = Store.open(OUT)
    ids = {
        "finished_metro": finished_metro(store),
        "jutaku": jutaku_in_progress(store),
        "paused_metro": paused_metro(store),
    }
    store._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store._db.execute("PRAGMA journal_mode=DELETE")
    store.close()
    for info in Store.open(OUT).games():
        print(info.id, info.kind, info.entries, "finished" if info.finished else "unfinished")
    print(ids)


if __name__ == "__main__":
    main()
