"""Frame time of the Jutaku and Countdown screens (update + draw), headless, 8 players.

    PYTHONPATH=. python benchmarks/jutaku_frame.py [--size 1024x600] [--frames 300] [--json]

The budget for a frame at 1024x600 is 8 ms (docs/DESIGN budgets).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from companion.jutaku.jutaku import JutakuOptions
from companion.jutaku.players import default_seats
from companion.ui.countdown.screen import CountdownScreen
from companion.ui.jutaku.screens import JutakuScreen
from companion.ui.screen import Action, Input


class BenchApp:
    services = None

    def __init__(self) -> None:
        self.t = 0.0

    def now(self) -> float:
        return self.t

    def push(self, screen: object) -> None: ...
    def pop(self) -> None: ...
    def replace(self, screen: object) -> None: ...
    def play(self, cue: str) -> None: ...


def measure(screen: object, app: BenchApp, surface: pygame.Surface, frames: int) -> list[float]:
    times = []
    for _ in range(frames):
        app.t += 1 / 30
        start = time.perf_counter()
        screen.update(app.t)  # type: ignore[attr-defined]
        screen.draw(surface)  # type: ignore[attr-defined]
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1024x600")
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    w, h = (int(v) for v in args.size.lower().split("x"))
    pygame.display.init()
    pygame.font.init()
    surface = pygame.Surface((w, h))
    out = {}
    app = BenchApp()
    jutaku = JutakuScreen(app, default_seats(8), JutakuOptions(round_limit=180.0))  # type: ignore[arg-type]
    jutaku.handle(Input(Action.OK, t=0.01))
    countdown = CountdownScreen(app, default_seats(8, architects=False))  # type: ignore[arg-type]
    countdown.handle(Input(Action.OK, t=0.01))
    for name, screen in (("jutaku", jutaku), ("countdown", countdown)):
        times = measure(screen, app, surface, args.frames)
        out[name] = {
            "median_ms": round(statistics.median(times), 2),
            "p95_ms": round(sorted(times)[int(len(times) * 0.95)], 2),
        }
    if args.json:
        print(json.dumps({"size": args.size, **out}))
    else:
        for name, figures in out.items():
            print(
                f"{name} at {args.size}, 8 players: median {figures['median_ms']} ms, "
                f"p95 {figures['p95_ms']} ms (budget 8 ms)"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
