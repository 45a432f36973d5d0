"""Spoken announcements must not slow the screen: what `say` costs the frame, what espeak-ng
takes a phrase (in the worker thread), and the train phase's frame time with the voice on.

    python benchmarks/voice.py [--frames 600]

1. `Voice.say` from the screen's thread, with the worker busy (a full queue: the oldest phrase
   is dropped): median and p99 microseconds a call.
2. espeak-ng rendering one payout phrase per language (skipped when it is not installed).
3. The real train-phase screen at 1024x600, 30 frames a second, played by its players'
   buttons, voice off, then on (espeak-ng rendering the departures, payouts and questions in
   the worker while the frames are drawn; each phrase "plays" for its length): median and p95
   frame time (budget 8 ms).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from benchmarks.app_frame import prepare
from benchmarks.web_phones import summary
from companion.app.boot import Options, build_app, shutdown
from companion.config import Config, InputConfig
from companion.ui.metro.train import TrainPhaseScreen
from companion.ui.screen import Input
from companion.voice.speaker import EspeakBackend, SimulatedVoiceBackend, Voice

PHRASES = {
    "es": "Línea G: Rojo gana doscientos yenes",
    "fr": "Ligne G : Rouge gagne deux cents yens",
    "en": "Line G: Red gets two hundred yen",
}


class Busy(SimulatedVoiceBackend):
    """A voice that never finishes its first phrase: every later `say` meets a full queue."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = threading.Event()

    def render(self, text: str, language: str, rate: int) -> bytes:
        self.gate.wait(30)
        return b""


def say_cost(calls: int = 20_000) -> list[float]:
    backend = Busy()
    voice = Voice(backend=backend)
    voice.set_enabled(True)
    times = []
    for i in range(calls):
        start = time.perf_counter()
        voice.say(f"Línea G: Rojo gana {i} yenes")
        times.append((time.perf_counter() - start) * 1e6)
    backend.gate.set()
    voice.close()
    return times


def espeak_render(rounds: int = 5) -> dict[str, float]:
    backend = EspeakBackend()
    backend.open()
    out = {}
    for lang, text in PHRASES.items():
        times = []
        for _i in range(rounds):
            start = time.perf_counter()
            backend.render(text, lang, 150)
            times.append((time.perf_counter() - start) * 1000)
        out[lang] = statistics.median(times)
    return out


def train_frames(frames: int, voice_on: bool) -> tuple[list[float], int]:
    data = Path(tempfile.mkdtemp(prefix="bench-voice-"))
    config = Config(input=InputConfig(gpio="off"), language="es")
    options = Options(
        size=(1024, 600),
        headless=True,
        realtime=False,
        data_dir=data,
        resume=False,
        simulated_devices=True,
    )
    app = build_app(config, options)
    spoken: list[int] = []

    def speaker(wav: bytes) -> float:
        """Plays for the phrase's length (espeak-ng: 22,050 Hz, 16-bit mono), as a speaker."""
        spoken.append(len(wav))
        return max(0, len(wav) - 44) / (22_050 * 2)

    if voice_on:
        app.services.voice = Voice(backend=EspeakBackend(), output=speaker)
        app.services.voice.set_enabled(True)
    session = prepare(app)
    app.push(TrainPhaseScreen(app))
    seats = [str(c) for c in session.setup["colors"]]
    times: list[float] = []
    next_frame = time.perf_counter()
    try:
        for _i in range(frames):
            next_frame += 1 / 30  # frames at the app's pace, so the voice speaks meanwhile
            time.sleep(max(0.0, next_frame - time.perf_counter()))
            screen = app.top
            asked = screen.asked() if isinstance(screen, TrainPhaseScreen) else None
            if asked is not None and not app.guarded():
                app.inject(Input(player=seats.index(asked), long=True, t=app.now()))
            start = time.perf_counter()
            app.step()
            times.append((time.perf_counter() - start) * 1000)
            app.advance(1 / 30)
        return times[10:], len(spoken)
    finally:
        shutdown(app)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--frames", type=int, default=600)
    args = parser.parse_args()
    cost = sorted(say_cost())
    print(
        f"say(): median {statistics.median(cost):.1f} µs, p99 {cost[int(len(cost) * 0.99)]:.1f} µs"
        " a call (worker busy, queue full)"
    )
    if shutil.which("espeak-ng") is None:
        print("espeak-ng is not installed: rendering and the voice-on frames are skipped")
        return 0
    rendered = espeak_render()
    print(
        "espeak-ng, one payout phrase (worker thread): "
        + ", ".join(f"{lang} {ms:.0f} ms" for lang, ms in rendered.items())
    )
    off, _ = train_frames(args.frames, voice_on=False)
    on, said = train_frames(args.frames, voice_on=True)
    print(f"train phase 1024x600, voice off: {summary(off)} over {len(off)} frames")
    print(
        f"train phase 1024x600, voice on:  {summary(on)} over {len(on)} frames, "
        f"{said} phrases said (budget 8 ms)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
