"""Resident memory of the running demo (headless, every part simulated), sampled from /proc.

    python benchmarks/app_memory.py [--rounds 5]

Budget (DESIGN.md): the whole app <= 250 MB resident.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    shots = tempfile.mkdtemp(prefix="bench-mem-")
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }
    cmd = [
        sys.executable,
        "-m",
        "companion",
        "demo",
        "--headless",
        "--rounds",
        str(args.rounds),
        "--screenshots",
        shots,
        "--data-dir",
        shots,
    ]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, env=env)
    peak = 0.0
    samples = 0
    while proc.poll() is None:
        peak = max(peak, rss_mb(proc.pid))
        samples += 1
        time.sleep(0.02)
    print(f"demo resident memory: peak {peak:.0f} MB over {samples} samples (budget 250 MB)")
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
