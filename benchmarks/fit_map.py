"""Map fit benchmark: how well `companion vision fit-map` places the stops of printed boards
that differ from the default map, and how long it takes on one core.

    PYTHONPATH=. python benchmarks/fit_map.py [--boards 12] [--map tokyo] [--max-mm 30]

Each board is `companion.vision.fitboards.printed_board` (stations moved by up to `--max-mm`
and never onto another station's circle, 3 circles not printed, grid moved, lines tinted, the
"print" style) photographed under one of the renderer's lightings and poses in turn. Printed:
stops placed within 3 mm, placed on a wrong circle, not placed (left for the owner), grid error,
and seconds a fit (CPU time).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cv2

from companion.data import load_map
from companion.vision.fitboards import FitScore, photograph, printed_board, score
from companion.vision.fitmap import fit_map
from companion.vision.markers import load_layout
from companion.vision.render import ALL_LIGHTINGS, POSES


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=12)
    parser.add_argument("--map", default="tokyo")
    parser.add_argument("--max-mm", type=float, default=30.0)
    args = parser.parse_args()
    cv2.setNumThreads(1)
    board = load_map(args.map)
    layout = load_layout(None, board.width_mm, board.height_mm)
    sessions = [(light, pose) for light in ALL_LIGHTINGS for pose in POSES]
    total = FitScore(0, 0, 0, 0)
    cpu: list[float] = []
    grid_err: list[float] = []
    for seed in range(args.boards):
        light, pose = sessions[seed * 7 % len(sessions)]
        printed = printed_board(board, seed, max_mm=args.max_mm)
        shot = photograph(printed, layout, seed=seed, lighting=light, pose=pose)
        t0 = time.thread_time()
        fit = fit_map(board, layout, shot.image)
        cpu.append(time.thread_time() - t0)
        got = score({s.stop_id: s.found for s in fit.stops.values()}, printed)
        total += got
        g = printed.board.grid
        grid_err.append(
            max(
                abs(fit.grid.origin_mm[0] - g.origin_x_mm),
                abs(fit.grid.origin_mm[1] - g.origin_y_mm),
            )
        )
        print(
            f"board {seed:2} {light:8} {pose:8}: {got.within_3mm}/{got.stops} within 3 mm, "
            f"{got.wrong} wrong, {got.not_placed} not placed; grid {grid_err[-1]:.1f} mm; "
            f"{cpu[-1]:.2f} s",
            flush=True,
        )
    n = total.stops
    absent = n - total.printed
    print(
        f"{args.boards} boards, {n} stops: {total.within_3mm / n:.1%} placed within 3 mm, "
        f"{total.wrong} on a wrong circle, {total.not_placed / n:.1%} not placed; grid origin "
        f"error {max(grid_err):.1f} mm at most; {statistics.median(cpu):.2f} s a fit (median, "
        "one core)"
    )
    print(
        f"of the {total.printed} stops printed: {total.within_3mm} "
        f"({total.within_3mm / max(1, total.printed):.1%}) placed within 3 mm; the {absent} not "
        "printed can only be right unplaced"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
