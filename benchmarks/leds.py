"""LED writer pacing: frames a second achieved against the wire limit, over a real pty.

    PYTHONPATH=. python benchmarks/leds.py [--seconds 3] [--json]

A pty has no baud limit, so what is measured is the writer's pacing: it is asked for more
than the wire allows (a new frame every 0.5 ms from a "screen" thread) and should deliver the
wire limit baud / (10 x (6 + 3N)) frames a second; the target is >= 95 %. Also reported: how
long `show()` takes in the screen thread (it must never wait for the port).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.devices.adalight import wire_fps
from companion.devices.fake_firmware import FakeFirmware
from companion.devices.ledconfig import LedConfig
from companion.devices.serial_strip import SerialStrip


def measure(count: int, baud: int, seconds: float) -> dict[str, float]:
    arrivals: list[float] = []
    fw = FakeFirmware(greet_every=0.05, keep=False, on_frame=lambda r: arrivals.append(r.at))
    config = LedConfig(baud=baud, fps=1000, handshake_timeout=2.0)
    strip = SerialStrip(config, count, fw.port)
    show_times: list[float] = []
    stop = threading.Event()

    def screen() -> None:
        k = 0
        while not stop.is_set():
            frame = [(k % 256, (k * 7) % 256, 0)] * count
            t0 = time.perf_counter()
            strip.show(frame)
            show_times.append(time.perf_counter() - t0)
            k += 1
            time.sleep(0.0005)

    producer = threading.Thread(target=screen)
    producer.start()
    deadline = time.monotonic() + 5
    while strip.status.state != "connected" and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(0.5)
    start = time.monotonic()
    first = len(arrivals)
    time.sleep(seconds)
    end = time.monotonic()
    got = len(arrivals) - first
    stop.set()
    producer.join()
    strip.close()
    fw.close()
    limit = wire_fps(baud, count)
    achieved = got / (end - start)
    return {
        "leds": count,
        "baud": baud,
        "wire_limit_fps": round(limit, 1),
        "achieved_fps": round(achieved, 1),
        "percent": round(100 * achieved / limit, 1),
        "show_median_us": round(statistics.median(show_times) * 1e6, 1),
        "show_max_us": round(max(show_times) * 1e6, 1),
        "bad_frames": fw.decoder.bad_checksums,
    }


def measure_view(count: int = 300, frames: int = 300) -> dict[str, float]:
    """StripView.draw for `count` LEDs in 12 segments at the bottom of a 1024x600 screen."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from companion.devices.led_layout import LedLayout, Segment
    from companion.ui.strip_view import StripView

    pygame.font.init()
    per = count // 12
    layout = LedLayout(count, tuple(Segment(chr(65 + i), per * i, per) for i in range(12)))
    screen = pygame.Surface((1024, 600))
    view = StripView(layout, (0, 520, 1024, 80))
    times = []
    for k in range(frames):
        colors = [((k + i) % 256, 80, 200) if (i + k) % 3 else (0, 0, 0) for i in range(count)]
        t0 = time.perf_counter()
        view.draw(screen, colors)
        times.append(time.perf_counter() - t0)
    pygame.quit()
    return {
        "leds": count,
        "draw_median_ms": round(statistics.median(times) * 1e3, 3),
        "draw_max_ms": round(max(times) * 1e3, 3),
    }


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    rows = [measure(n, b, args.seconds) for n in (150, 300) for b in (115200, 921600)]
    view = measure_view()
    if args.json:
        print(json.dumps({"writer": rows, "strip_view": view}, indent=1))
        return 0
    print(
        f"{'LEDs':>5} {'baud':>7} {'wire limit':>10} {'achieved':>9} {'%':>6} "
        f"{'show() median':>14} {'show() max':>11}"
    )
    for r in rows:
        print(
            f"{r['leds']:>5} {r['baud']:>7} {r['wire_limit_fps']:>8.1f}/s "
            f"{r['achieved_fps']:>7.1f}/s {r['percent']:>5.1f}% "
            f"{r['show_median_us']:>11.1f} us {r['show_max_us']:>8.1f} us"
        )
    print(
        f"StripView.draw, {view['leds']} LEDs (2/3 lit) at 1024x600: "
        f"median {view['draw_median_ms']} ms, max {view['draw_max_ms']} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
