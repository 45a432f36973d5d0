"""Start-up time of the table app: from starting Python to the first frame on the screen.

    python benchmarks/app_startup.py [--runs 5]

Budget (DESIGN.md): <= 2 s. Each run is a fresh process (imports, config, store, display,
fonts, sound, first screen drawn), with SDL's dummy drivers.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHILD = """
from companion.app.boot import Options, build_app
from companion.config import Config, InputConfig
import sys
app = build_app(Config(input=InputConfig(gpio="off")), Options(headless=True, data_dir=sys.argv[1]))
app.step()
print("FIRST_FRAME", flush=True)
"""


def once(data_dir: str) -> float:
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-c", CHILD, data_dir], stdout=subprocess.PIPE, text=True, env=env
    )
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("FIRST_FRAME"):
            elapsed = time.perf_counter() - start
            break
    else:
        raise SystemExit("the app did not draw a frame")
    proc.wait()
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    data = tempfile.mkdtemp(prefix="bench-startup-")
    times = [once(data) for _ in range(args.runs)]
    print(
        f"start to first frame: median {statistics.median(times) * 1000:.0f} ms, "
        f"max {max(times) * 1000:.0f} ms over {args.runs} runs (budget 2000 ms)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
