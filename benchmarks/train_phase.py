"""Train phases a second on a full map: every line's vehicles running (both trams and both
buses on Osaka's), a pyramid on every station.

    python benchmarks/train_phase.py [--map tokyo|osaka] [--seconds 3]

Budget (DESIGN.md): one train phase for 12 trains in under 1 ms on one core; the same for
Osaka's 12 vehicles.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.data import load_rules
from companion.metro import new_state, run_train_phase
from companion.metro.events import put_on_map
from companion.metro.state import Meeple, Train


def full_state(rules):
    board = rules.board
    colors = ["red", "blue", "green", "yellow", "black"]
    state = new_state(board, colors)
    lines = {}
    for i, (line_id, ls) in enumerate(state.lines.items()):
        speed = min(i % 3, board.lines[line_id].slots)
        lines[line_id] = type(ls)(value=1000, shares=(colors[i % 5],), speed=speed, speculations=())
    trains = {
        vehicle: Train(1 + (i * 3) % line.length, 1 if i % 2 else -1, False)
        if vehicle.number == 1
        else train
        for i, (line_id, line) in enumerate(board.lines.items())
        for vehicle, train in put_on_map(rules, line_id).items()
    }
    stations = {sid: colors[i % 5] for i, sid in enumerate(board.stations)}
    free = iter(board.grid.squares())
    meeples = {c: Meeple(square=next(free)) for c in colors}
    return type(state)(
        map=board.id,
        players=state.players,
        lines=lines,
        trains=trains,
        stations=stations,
        meeples=meeples,
    )


BATCH = 20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--map", default="tokyo")
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    rules = load_rules(args.map)
    state = full_state(rules)
    phase = run_train_phase(rules, state)
    payouts = sum(1 for s in phase.steps if s.kind == "paid")
    count = 0
    best = float("inf")
    start = time.perf_counter()
    while time.perf_counter() - start < args.seconds:
        batch = time.perf_counter()
        for _ in range(BATCH):
            run_train_phase(rules, state)
        best = min(best, (time.perf_counter() - batch) / BATCH)
        count += BATCH
    elapsed = time.perf_counter() - start
    print(
        f"map {rules.board.id}: {len(state.trains)} vehicles, {len(state.stations)} pyramids, "
        f"{len(phase.steps)} steps ({payouts} payouts) per phase"
    )
    print(f"{count / elapsed:,.0f} train phases a second ({elapsed / count * 1000:.3f} ms each)")
    print(f"best batch of {BATCH}: {best * 1000:.3f} ms each (the figure on an idle core)")


if __name__ == "__main__":
    main()
