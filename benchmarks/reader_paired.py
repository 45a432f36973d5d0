"""A speed change timed against the code it replaces, in one process, frame by frame.

    PYTHONPATH=. python benchmarks/reader_paired.py --against GITREF
        [--set easy|hard|all|drinks] [--drinks] [--frames 4] [--repeat 2]
        [--cache /tmp/reader-profile] [--frame-format bgr|bgra] [--map osaka] [--exact]

This machine's speed wanders by tens of per cent from run to run, far more than most speed
changes, so timing the old and the new code in two runs compares the machine, not the code.
Here the `companion` package at GITREF is copied (`git archive`) into a temporary folder as
`companion_ref`, and each of `benchmarks/reader_profile.py`'s frames is read by the old and the
new reader in turn, the order swapped every time, with the markers cached, on one core. Each
reader is made from its own code's loading of the same saved calibration (saved and loaded,
as the box keeps it). It prints, per set,
the median CPU ms of each and the median of the per-frame differences (new - old), and whether
the two read every frame the same. The old reader gets BGR frames (the renders; code before
the four-byte camera frames only takes those); `--frame-format bgra` gives the new one the same
frames as the box's Pi camera delivers them (converted before any timing), and
`--old-frame-format bgra` the old one too (code from 2a10a44 on). `--map osaka` reads the sets'
plans on Osaka's board (`reader_profile.py --map`). `--set drinks` (`--drinks`) reads
`benchmarks/vision.py --set drinks`'s frames with both drink readers on, and prints the drink
readers' own CPU ms (`DrinkReader.read`) beside the whole reads'. `--exact`: frames read the
same to the last bit of every position and confidence (else to 0.01 mm and 0.001).
"""

from __future__ import annotations

import argparse
import importlib
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cv2

from benchmarks.reader_profile import _describe, add_set, sessions, set_names
from benchmarks.vision_sets import MAPS, add_frame_format, camera_frame
from companion.vision.calibrate import Calibration
from companion.vision.reader import Reader

ROOT = Path(__file__).resolve().parent.parent
_IMPORT = re.compile(r"\b(from|import) companion\b")


def ref_package(ref: str, into: Path) -> Any:
    """The `companion` package at git `ref` (and the data beside it), imported as
    `companion_ref`."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", ref, "companion", "calibration"],
        check=True,
        capture_output=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    (into / "companion").rename(into / "companion_ref")
    for path in (into / "companion_ref").rglob("*.py"):
        text = path.read_text()
        fixed = _IMPORT.sub(r"\1 companion_ref", text).replace('"companion.', '"companion_ref.')
        if fixed != text:
            path.write_text(fixed)
    sys.path.insert(0, str(into))
    return importlib.import_module("companion_ref")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--against", required=True, help="git ref of the code to compare with")
    add_set(ap, "hard")
    ap.add_argument("--frames", type=int, default=4, help="busy boards a session")
    ap.add_argument("--repeat", type=int, default=2, help="timed pairs of each frame")
    ap.add_argument("--cache", default="/tmp/reader-profile")
    ap.add_argument("--map", help="both sets' map, e.g. osaka (default: each set's own)")
    add_frame_format(ap, default="bgr")
    ap.add_argument(
        "--old-frame-format",
        choices=("bgra", "bgr"),
        default="bgr",
        help="the old reader's frames: bgr, or bgra for code that takes them (2a10a44 on)",
    )
    ap.add_argument("--exact", action="store_true", help="compare the readings unrounded")
    args = ap.parse_args()
    cv2.setNumThreads(1)
    with tempfile.TemporaryDirectory() as tmp:
        ref_package(args.against, Path(tmp))
        ref_cal = importlib.import_module("companion_ref.vision.calibrate")
        ref_reader = importlib.import_module("companion_ref.vision.reader")
        ref_data = importlib.import_module("companion_ref.data")
        ref_markers = importlib.import_module("companion_ref.vision.markers")
        for name in set_names(args.set):
            old_ms: list[float] = []
            new_ms: list[float] = []
            deltas: list[float] = []
            drink_ms: dict[str, list[float]] = {"old": [], "new": []}
            differ = 0
            board_ref = ref_data.load_map(args.map or MAPS[name])
            layout_ref = ref_markers.load_layout(None, board_ref.width_mm, board_ref.height_mm)
            for s in sessions(name, Path(args.cache), args.frames, 0, args.map):
                saved = Path(tmp) / s.name
                s.calibration.save(saved)
                cal = ref_cal.Calibration.load(saved)
                mine = Calibration.load(saved)
                new = Reader(s.board, s.layout, mine.reference, mine.colors)
                old = ref_reader.Reader(board_ref, layout_ref, cal.reference, cal.colors)
                in_drinks: dict[str, float] = {}
                if s.drinks:
                    new.read_drinks = old.read_drinks = True
                    _clock_drinks(old, "old", in_drinks)
                    _clock_drinks(new, "new", in_drinks)
                for k, image in enumerate(s.frames):
                    given = {
                        "old": camera_frame(image, args.old_frame_format),
                        "new": camera_frame(image, args.frame_format),
                    }
                    was = _describe(old.read(given["old"]), args.exact)
                    if _describe(new.read(given["new"]), args.exact) != was:
                        differ += 1
                    for r in range(args.repeat):
                        spent = {}
                        in_drinks.clear()
                        order = [("old", old), ("new", new)]
                        if (k + r) % 2:
                            order.reverse()
                        for label, reader in order:
                            t0 = time.thread_time()
                            reader.read(given[label])
                            spent[label] = (time.thread_time() - t0) * 1000
                        old_ms.append(spent["old"])
                        new_ms.append(spent["new"])
                        deltas.append(spent["new"] - spent["old"])
                        for label, ms in in_drinks.items():
                            drink_ms[label].append(ms)
            on = f" on {args.map}" if args.map else ""
            print(
                f"{name}{on} ({len(deltas)} pairs, new reader on {args.frame_format} frames): "
                f"old {statistics.median(old_ms):.2f} ms, "
                f"new {statistics.median(new_ms):.2f} ms, median difference "
                f"{statistics.median(deltas):+.2f} ms; frames read differently: {differ}"
                + (" (exact)" if args.exact else "")
            )
            if drink_ms["new"] and drink_ms["old"]:
                pairs = zip(drink_ms["new"], drink_ms["old"], strict=True)
                print(
                    f"  the drink readers alone: old {statistics.median(drink_ms['old']):.2f} ms, "
                    f"new {statistics.median(drink_ms['new']):.2f} ms, median difference "
                    f"{statistics.median(n - o for n, o in pairs):+.2f} ms"
                )
    return 0


def _clock_drinks(reader: Any, label: str, into: dict[str, float]) -> None:
    """Keeps the thread CPU ms of the reader's drink reading under `label` in `into`."""
    inner = reader.drinks.read

    def timed(*args: Any) -> Any:
        t0 = time.thread_time()
        try:
            return inner(*args)
        finally:
            into[label] = (time.thread_time() - t0) * 1000

    reader.drinks.read = timed


if __name__ == "__main__":
    sys.exit(main())
