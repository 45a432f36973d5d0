"""A fixed piece of work timed beside the reader, so frame times taken on different days can be
compared: this machine's speed wanders by half from one day to the next (docs/vision.md,
"Measurement history"), and a frame time means little without the host's speed at that moment.

The work is made like a hard frame's: a 1280x720 four-byte frame warped into a 560x392 board
frame, blurred, made float and compared with a reference (the memory-bound passes), then a few
hundred small numpy calls in Python (the per-blob part).
Run alone: `python benchmarks/yardstick.py`.
"""

from __future__ import annotations

import statistics
import time

import cv2
import numpy as np


def _work(frame: np.ndarray, ref: np.ndarray, hom: np.ndarray) -> float:
    warped = cv2.warpPerspective(frame, hom, (560, 392), flags=cv2.INTER_LINEAR)
    blurred = cv2.GaussianBlur(cv2.cvtColor(warped, cv2.COLOR_BGRA2BGR), (3, 3), 0)
    f = blurred.astype(np.float32)
    diff = cv2.transform(cv2.absdiff(f, ref), np.ones((1, 3), np.float32))
    total = float(cv2.countNonZero(cv2.compare(diff, 40.0, cv2.CMP_GT)))
    for i in range(300):
        patch = f[i % 380 : i % 380 + 12, 40:52]
        total += float(np.median(patch[..., 1]))
    return total


def yardstick_ms(repeat: int = 40) -> float:
    """The median CPU ms of the fixed work on one core (the caller sets the thread count)."""
    rng = np.random.default_rng(12)
    frame = rng.integers(0, 256, (720, 1280, 4), np.uint8)
    ref = rng.integers(0, 256, (392, 560, 3)).astype(np.float32)
    hom = np.array([[0.45, 0.02, -20.0], [-0.01, 0.47, -15.0], [0.0, 0.0, 1.0]])
    _work(frame, ref, hom)
    times = []
    for _ in range(repeat):
        c0 = time.thread_time()
        _work(frame, ref, hom)
        times.append((time.thread_time() - c0) * 1000)
    return statistics.median(times)


if __name__ == "__main__":
    cv2.setNumThreads(1)
    print(f"host yardstick: {yardstick_ms():.2f} ms")
