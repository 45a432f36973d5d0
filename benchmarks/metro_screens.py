"""Frame times of the Metro game screens: the income track and a train phase while it animates.

    SDL_VIDEODRIVER=dummy python benchmarks/metro_screens.py

A frame is `update(now)` + `draw(surface)` of the top screen (what the app loop does), headless.
Budget: 8 ms a frame at 1024x600 (../shared/DESIGN.md). Uses the test fakes for the app and the
session (a cached fold, like the app's session), a 3-player game on the default Tokyo map after
three rounds, and the map helper's BoardView.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from screen_fakes import FakeApp, tokyo_session  # noqa: E402

from companion.ui.metro import MetroHome  # noqa: E402
from companion.ui.metro.train import TrainPhaseScreen  # noqa: E402


def frames(app: FakeApp, count: int, answer: bool) -> list[float]:
    times = []
    for _ in range(count):
        screen = app.top
        if answer and getattr(screen, "waiting", "") in ("payout", "prompt"):
            app.press("ok" if screen.waiting == "payout" else "back")
        app.clock += 1 / 60
        start = time.perf_counter()
        app.top.update(app.clock)
        app.draw()
        times.append((time.perf_counter() - start) * 1000)
        if not isinstance(app.top, TrainPhaseScreen | MetroHome):
            break
    return times


def report(name: str, times: list[float]) -> None:
    times = times[10:] or times
    p95 = statistics.quantiles(times, n=20)[-1] if len(times) > 20 else max(times)
    mean = statistics.mean(times)
    print(f"{name:28s} mean {mean:5.2f} ms  p95 {p95:5.2f} ms  max {max(times):5.2f} ms")


def main() -> int:
    for size in ((800, 480), (1024, 600), (1920, 1080)):
        app = FakeApp(tokyo_session(), size)
        app.push(MetroHome(app))
        report(f"income track {size[0]}x{size[1]}", frames(app, 300, answer=False))
        app.push(TrainPhaseScreen(app))
        report(f"train phase {size[0]}x{size[1]}", frames(app, 600, answer=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
