"""Frame time of the table app while a train phase animates, at 800x480 and 1024x600.

    python benchmarks/app_frame.py [--frames 300] [--sizes 800x480,1024x600]

Budget (DESIGN.md): one frame drawn in <= 8 ms at 1024x600. Measures the whole `App.step()`
(inputs, update, draw, flip) with SDL's dummy video driver, on the heaviest screen there is:
the Metro train-phase screen when it is present, else the app's game screen with the board.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from companion.app.boot import Options, build_app, shutdown
from companion.config import Config, InputConfig
from companion.data import available_maps
from companion.metro.events import BuildStation, Invest, MoveMeeple
from companion.ui import launch


def prepare(app):
    colors = ["red", "blue", "green", "yellow", "black"]
    launch.start(app, "metro", {"map_name": available_maps()[0], "colors": colors})
    session = app.services.session
    board = session.rules.board
    for i, line_id in enumerate(board.track_order):
        session.record(Invest(session.state.colors[i % 5], line_id, 100))
    for i, station in enumerate(board.stations):
        if i % 2 == 0 and i < 30:
            session.record(BuildStation(session.state.colors[i % 5], station))
    for i, color in enumerate(session.state.colors):
        stop = board.lines[board.track_order[i % len(board.lines)]].stops[1].id
        free = sorted(board.squares_for_stop(stop))
        taken = {m.square for m in session.state.meeples.values()}
        free = [sq for sq in free if sq not in taken]
        if free:
            session.record(MoveMeeple(color, free[0]))
    session.begin_train_phase()
    return session


def headless_options(size: tuple[int, int], prefix: str) -> Options:
    """The app as the benchmarks run it: headless, its own clock, a fresh data folder."""
    return Options(
        size=size,
        headless=True,
        realtime=False,
        data_dir=Path(tempfile.mkdtemp(prefix=prefix)),
        resume=False,
        simulated_devices=True,
    )


def measure(size: tuple[int, int], frames: int) -> list[float]:
    config = Config(input=InputConfig(gpio="off"), language="es")
    app = build_app(config, headless_options(size, "bench-frame-"))
    session = prepare(app)
    times: list[float] = []
    try:
        for i in range(frames):
            phase = session.phase
            if phase is not None and i % 5 == 0:
                from companion.metro import Decision

                if phase.acked < len(phase.steps):
                    session.ack(phase.acked + 1)
                elif phase.pending is not None:
                    session.answer(Decision(False))
            start = time.perf_counter()
            app.step()
            times.append((time.perf_counter() - start) * 1000)
            app.advance(1 / 30)
    finally:
        shutdown(app)
    return times


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--sizes", default="800x480,1024x600")
    args = parser.parse_args()
    for text in args.sizes.split(","):
        w, h = (int(v) for v in text.split("x"))
        times = measure((w, h), args.frames)[10:]
        times.sort()
        p95 = times[int(len(times) * 0.95)]
        print(
            f"frame {w}x{h}: median {statistics.median(times):.2f} ms, p95 {p95:.2f} ms, "
            f"max {times[-1]:.2f} ms over {len(times)} frames (budget 8 ms)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
