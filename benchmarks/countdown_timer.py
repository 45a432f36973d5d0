"""Real-clock check: does a Countdown floor end on time when driven by a frame loop?

Runs the Countdown referee with the real monotonic clock and a loop like the app's (sleep to the
next frame at --fps, but never past the referee's next due moment), and prints how far from the
nominal length the buzzer was heard (the loop's wake-up after the floor ended) and where the
referee put the end of the floor. The budget is 5 ms.

    PYTHONPATH=. python benchmarks/countdown_timer.py               # one 60 s floor
    PYTHONPATH=. python benchmarks/countdown_timer.py --seconds 5 --fps 30 --json
"""

from __future__ import annotations

import argparse
import json
import time

from companion.jutaku import countdown as C
from companion.jutaku.players import default_seats


def run(seconds: float, fps: float, wake_on_due: bool) -> dict[str, float]:
    opts = C.CountdownOptions(first_floors=(seconds,))
    state = C.new_game(default_seats(2, architects=False), opts)
    frame = 1.0 / fps
    start = time.monotonic()
    state = C.apply(state, C.StartFloor(start))
    prev, frames, buzzer_heard = start, 0, None
    late_frames: list[float] = []
    while buzzer_heard is None:
        now = time.monotonic()
        state = C.tick(state, now)
        for cue in C.cues(state, prev, now):
            if cue.kind == "buzzer":
                buzzer_heard = now
        if now - prev > frame * 1.5:
            late_frames.append(now - prev)
        prev = now
        frames += 1
        wake = now + frame
        due = C.next_due(state, now)
        if wake_on_due and due is not None:
            wake = min(wake, due)
        time.sleep(max(0.0, wake - time.monotonic()))
    assert state.ended_at is not None
    return {
        "seconds": seconds,
        "fps": fps,
        "frames": frames,
        "referee_end_error_ms": (state.ended_at - start - seconds) * 1000,
        "buzzer_error_ms": (buzzer_heard - start - seconds) * 1000,
        "late_frames": len(late_frames),
        "worst_frame_ms": max(late_frames, default=frame) * 1000,
    }


def run_app(seconds: float) -> dict[str, float]:
    """The same floor inside the real app loop (`App.run`, pygame clock at the app's fps)."""
    import os
    import tempfile
    from pathlib import Path

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from companion.app.boot import Options, build_app, shutdown
    from companion.config import Config, InputConfig
    from companion.ui.countdown.screen import CountdownScreen
    from companion.ui.screen import Action, Input

    data = Path(tempfile.mkdtemp(prefix="countdown-bench-"))
    options = Options(headless=True, strict=True, data_dir=data, resume=False)
    app = build_app(Config(input=InputConfig(gpio="off")), options)
    heard: list[float] = []
    play = app.play

    def record(cue: str) -> None:
        if cue == "buzzer":
            heard.append(time.monotonic())
            app.running = False
        play(cue)

    app.play = record  # type: ignore[method-assign]
    screen = CountdownScreen(
        app, default_seats(1, architects=False), C.CountdownOptions(first_floors=(seconds,))
    )
    app.push(screen)
    start = time.monotonic()
    app.inject(Input(Action.OK, t=start))
    app.run()
    shutdown(app)
    assert screen.state is not None and screen.state.ended_at is not None
    begun = screen.state.ended_at - seconds
    return {
        "seconds": seconds,
        "fps": float(app.fps),
        "referee_end_error_ms": (screen.state.ended_at - begun - seconds) * 1000,
        "buzzer_error_ms": (heard[0] - begun - seconds) * 1000,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--fps", type=float, default=30.0)
    parser.add_argument(
        "--no-wake", action="store_true", help="sleep whole frames only (to see the difference)"
    )
    parser.add_argument(
        "--app", action="store_true", help="run the floor inside the real app loop instead"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.app:
        result = run_app(args.seconds)
        ok = abs(result["buzzer_error_ms"]) <= 5.0
        if args.json:
            print(json.dumps(result))
        else:
            print(
                f"{args.seconds:g} s floor in the app loop at {result['fps']:g} fps: buzzer "
                f"{result['buzzer_error_ms']:+.2f} ms from nominal, referee end "
                f"{result['referee_end_error_ms']:+.3f} ms -> {'OK' if ok else 'OVER BUDGET'}"
            )
        return 0
    result = run(args.seconds, args.fps, not args.no_wake)
    if args.json:
        print(json.dumps(result))
    else:
        ok = abs(result["buzzer_error_ms"]) <= 5.0
        print(
            f"{args.seconds:g} s floor at {args.fps:g} fps: buzzer heard "
            f"{result['buzzer_error_ms']:+.2f} ms from nominal, referee end "
            f"{result['referee_end_error_ms']:+.3f} ms, {result['frames']} frames, "
            f"{result['late_frames']} late frames -> {'OK' if ok else 'OVER BUDGET'} (5 ms)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
