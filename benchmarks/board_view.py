"""Frame cost of drawing the Tokyo board at 1024x600 with a busy game state (headless).

Budget (DESIGN.md): a whole screen frame at 1024x600 in <= 8 ms; the board is most of it.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from companion.data import load_map
from companion.metro.state import Meeple, Train, new_state
from companion.metro.vehicles import VehicleId
from companion.ui.board_view import BoardView


def main() -> int:
    pygame.init()
    board = load_map("tokyo")
    colors = ["red", "blue", "green", "yellow", "black"]
    state = new_state(board, colors)
    stations = {sid: colors[i % 5] for i, sid in enumerate(list(board.stations)[:30])}
    trains = {VehicleId(line): Train(3, 1) for line in board.lines}
    meeples = {c: Meeple(square=(2 + 3 * i, 5)) for i, c in enumerate(colors)}
    state = replace(state, stations=stations, trains=trains, meeples=meeples)
    screen = pygame.Surface((1024, 600))

    t0 = time.perf_counter()
    view = BoardView(board, screen.get_rect())
    view.static_layer()
    first = (time.perf_counter() - t0) * 1000

    times = []
    for frame in range(300):
        moving = {VehicleId(line): Train(3 + (frame % 10) / 10, 1) for line in board.lines}  # type: ignore[arg-type]
        view.pulse = (frame % 30) / 30
        t = time.perf_counter()
        view.draw(screen, state, highlight_stops=["G9", "M7", "H10"], trains=moving)
        times.append((time.perf_counter() - t) * 1000)
    times.sort()
    print(f"static map layer built once: {first:.1f} ms")
    print(
        f"frame at 1024x600, 12 trains, 30 pyramids, 5 meeples, 3 highlights: "
        f"median {statistics.median(times):.2f} ms, p95 {times[int(len(times) * 0.95)]:.2f} ms"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
