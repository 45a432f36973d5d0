"""Sound player figures: opening the mixer and preloading every cue, and the cost of play().

    SDL_AUDIODRIVER=dummy python benchmarks/sound.py

play() must never hold up the main loop: it only hands a preloaded buffer to SDL's mixer thread.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from companion.devices.sound import CUES, SOUNDS_DIR, Sound


def main() -> int:
    start = time.perf_counter()
    import pygame.mixer  # noqa: F401

    imported = time.perf_counter()
    sound = Sound()
    opened = time.perf_counter()
    if not sound.ok:
        print(f"no audio: {sound.warning}")
        return 1
    calls = []
    for _ in range(20):
        for cue in CUES:
            t = time.perf_counter()
            sound.play(cue)
            calls.append(time.perf_counter() - t)
        sound.stop_all()
    sound.close()
    size = sum(p.stat().st_size for p in SOUNDS_DIR.glob("*.wav"))
    print(f"audio driver          {os.environ['SDL_AUDIODRIVER']}")
    print(f"import pygame.mixer   {(imported - start) * 1000:.0f} ms")
    print(f"open + preload {len(CUES)} cues {(opened - imported) * 1000:.0f} ms")
    print(f"play() median         {statistics.median(calls) * 1e6:.0f} us")
    print(f"play() max            {max(calls) * 1e6:.0f} us over {len(calls)} calls")
    print(f"sounds/ on disk       {size / 1024:.0f} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
