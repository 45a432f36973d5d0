"""Time to save one event: `Store.append` (commit with fsync, WAL, synchronous=FULL), and
`MetroSession.record` (validate, append, fold).

    python benchmarks/store_append.py [--events 500] [--dir DIR]

Budget (DESIGN.md): <= 5 ms an event. Uses a folder on the real disk (not tmpfs) when given.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.app.session import MetroSession
from companion.data import available_maps, load_rules
from companion.metro.events import AdjustCash
from companion.store import Store


def report(name: str, times: list[float]) -> None:
    times = sorted(t * 1000 for t in times)
    p95 = times[int(len(times) * 0.95)]
    print(
        f"{name}: median {statistics.median(times):.2f} ms, p95 {p95:.2f} ms, "
        f"max {times[-1]:.2f} ms over {len(times)} events (budget 5 ms)"
    )


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=500)
    parser.add_argument("--dir", type=Path)
    args = parser.parse_args()
    folder = args.dir or Path(tempfile.mkdtemp(prefix="bench-store-", dir=Path.home()))
    store = Store.open(folder)
    game = store.new_game("bench", {})
    times = []
    for i in range(args.events):
        start = time.perf_counter()
        store.append(game, "event", {"type": "adjust_cash", "player": "red", "delta": i})
        times.append(time.perf_counter() - start)
    report("Store.append", times)
    session = MetroSession.new(store, load_rules(available_maps()[0]), ["red", "blue", "green"])
    times = []
    for i in range(args.events):
        start = time.perf_counter()
        session.record(AdjustCash("red", 100 * (i % 5)))
        times.append(time.perf_counter() - start)
    report("MetroSession.record", times)
    store.close()
    print(f"(database in {folder})")
    if args.dir is None:
        shutil.rmtree(folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
