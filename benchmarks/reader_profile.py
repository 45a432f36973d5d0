"""Where a camera reading's CPU time goes, stage by stage, on a fixed list of frames read back to
back; and what it read, to check a speed change reads the same.

    PYTHONPATH=. python benchmarks/reader_profile.py [--set easy|hard|all|drinks] [--frames 4]
        [--cache /tmp/reader-profile] [--record FILE.json | --compare FILE.json] [--cprofile]
        [--frame-format bgra|bgr] [--map osaka] [--exact]

The frames are `benchmarks/vision.py`'s own (`benchmarks/vision_sets.py`: the same sessions,
boards and hands; with the default `--frames 4` every one of them), so the two benchmarks time
the same reads; `--map` renders the sets' plans on another board, as `benchmarks/vision.py`'s
(`--map osaka`: Osaka's hard frames). The photos are rendered once into `--cache` (a folder a
session and map; rendering costs far more than reading) and rendered again when the renderer's
code changes; each session is calibrated afresh from its cached photos, so the reader is timed
with the calibration today's code makes (a calibration kept from older code once left out the
shading cue: 1.5 ms a hard frame).
Each frame is read `--repeat` times with the markers cached, on one core
(cv2.setNumThreads(1)); the stages' thread CPU time is measured by wrapping the reader's
parts, so the reader itself is timed as it runs:

- locate: markers (cached); warp: into the board frame; diff: the change test
  (`BoardFrame.compare`); reject: the hand test; blobs: colour classification and grouping;
  make: pieces from blobs (kind, count, place; with `PieceMaker.prepare`'s batch), without
  refine: the second look at each blob.

Frames are timed as the box's Pi camera delivers them, BGRA (converted from the cached render
before any timing); `--frame-format bgr` times a USB webcam's three bytes a pixel.

`--record` writes every frame's reading (rejection; each piece's kind, colour, place,
position, confidence); `--compare` reads the frames again and lists what differs; `--exact`
keeps the positions and confidences unrounded (bit for bit, as JSON's repr of a float).

`--set drinks` (`--drinks`) reads `benchmarks/vision.py --set drinks`'s frames with the drink
reader on (`Reader.read_drinks`; not part of "all"), its time the stage "drinks"; the reading
compared is the reader's own, before `drink_proposals.settle`.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cv2
import numpy as np

from benchmarks.vision_sets import (
    MAPS,
    PLANS,
    SETS,
    Plan,
    add_frame_format,
    camera_frame,
    renderer_fingerprint,
)
from companion.data import load_map
from companion.metro.board import BoardMap
from companion.vision.calibrate import Calibration
from companion.vision.markers import MarkerLayout, load_layout
from companion.vision.model import Reading
from companion.vision.reader import Reader

STAGES = ("locate", "warp", "diff", "reject", "blobs", "make", "refine", "drinks", "other")


@dataclass
class Session:
    name: str
    board: BoardMap
    layout: MarkerLayout
    calibration: Calibration
    frames: list[np.ndarray]
    hands: int
    """How many of the last frames hold a hand (read, not timed)."""
    drinks: bool = False
    """Read with the drink reader on (the drinks set)."""

    def reader(self) -> Reader:
        """A reader of this session's calibration (drinks on for the drinks set)."""
        reader = Reader(
            self.board, self.layout, self.calibration.reference, self.calibration.colors
        )
        reader.read_drinks = self.drinks
        return reader


def _photos(
    folder: Path, fingerprint: str, plan: Plan, board: BoardMap, layout: MarkerLayout
) -> list[np.ndarray]:
    """The plan's calibration photos, then its frames (boards, then hands), from `folder`,
    rendered into it when the renderer's code changed since."""
    done = folder / "done"
    if not done.is_file() or done.read_text().strip() != fingerprint:
        done.unlink(missing_ok=True)
        images = [*plan.photos(board, layout), *(shot().image for shot in plan.boards + plan.hands)]
        folder.mkdir(parents=True, exist_ok=True)
        for k, image in enumerate(images):
            cv2.imwrite(str(folder / f"image-{k}.png"), image)
        done.write_text(f"{fingerprint}\n")
    n = 2 + len(plan.boards) + len(plan.hands)
    return [cv2.imread(str(folder / f"image-{k}.png")) for k in range(n)]


def sessions(
    name: str, cache: Path, frames: int, hands: int = 1, map_name: str | None = None
) -> list[Session]:
    """The set's sessions (`benchmarks/vision_sets`) on `map_name` (default the set's own map)
    whose calibration accepts the light, `frames` busy boards and `hands` hands each,
    calibrated afresh from the cached photos (the drinks set has no hands)."""
    if name == "drinks":
        hands = 0
    board = load_map(map_name or MAPS[name])
    layout = load_layout(None, board.width_mm, board.height_mm)
    fingerprint = renderer_fingerprint(board)
    out = []
    for plan in SETS[name](board, layout, frames, hands):
        title = f"{name}-{plan.lighting}-{plan.pose}"
        folder = cache / f"{name}-{board.id}-{plan.lighting}-{plan.pose}-{frames}-{hands}"
        empty, photo, *images = _photos(folder, fingerprint, plan, board, layout)
        cal = plan.calibrate(board, layout, empty, photo).calibration
        if cal is not None:
            out.append(Session(title, board, layout, cal, images, hands, name == "drinks"))
    return out


class StageClock:
    """Thread CPU ms of each wrapped part of a reader, for the reads since `start`."""

    def __init__(self) -> None:
        self.ms: dict[str, float] = {}
        self._open: list[str] = []

    def wrap(self, obj: Any, method: str, stage: str) -> None:
        inner = getattr(obj, method)

        def timed(*args: Any, **kwargs: Any) -> Any:
            caller = self._open[-1] if self._open else None
            self._open.append(stage)
            t0 = time.thread_time()
            try:
                return inner(*args, **kwargs)
            finally:
                spent = (time.thread_time() - t0) * 1000
                self._open.pop()
                self.ms[stage] = self.ms.get(stage, 0.0) + spent
                # A nested stage's time is its own, not its callers'.
                if caller is not None:
                    self.ms[caller] = self.ms.get(caller, 0.0) - spent

        setattr(obj, method, timed)

    def start(self) -> None:
        self.ms = {}


def _instrument(reader: Reader) -> StageClock:
    clock = StageClock()
    clock.wrap(reader.locator, "locate", "locate")
    clock.wrap(reader.board_frame, "warp", "warp")
    clock.wrap(reader.board_frame, "compare", "diff")
    clock.wrap(reader.hands, "rejection", "reject")
    clock.wrap(reader.finder, "find", "blobs")
    clock.wrap(reader.maker, "prepare", "make")
    clock.wrap(reader.maker, "make_all", "make")
    clock.wrap(reader.refiner, "refine_all", "refine")
    clock.wrap(reader.drinks, "read", "drinks")
    return clock


def _describe(reading: Reading, exact: bool = False) -> dict[str, Any]:
    """What a reading says; positions to 0.01 mm and confidences to 0.001 unless `exact`."""

    def at(v: float, digits: int) -> float:
        return v if exact else round(v, digits)

    return {
        "rejected": reading.rejected,
        "pieces": sorted(
            [
                p.kind,
                p.color,
                p.place,
                at(p.x_mm, 2),
                at(p.y_mm, 2),
                at(p.confidence, 3),
            ]
            for p in reading.pieces
        ),
    }


def set_names(chosen: str) -> list[str]:
    """The sets `--set` names: one, or "all" of `PLANS` (the drinks set only by name)."""
    return [s for s in SETS if chosen == s or (chosen == "all" and s in PLANS)]


def add_set(ap: argparse.ArgumentParser, default: str) -> None:
    ap.add_argument("--set", choices=(*SETS, "all"), default=default)
    ap.add_argument(
        "--drinks",
        dest="set",
        action="store_const",
        const="drinks",
        help="the drinks set, read with the drink reader on (--set drinks)",
    )


def _differences(name: str, was: dict[str, Any], now: dict[str, Any]) -> list[str]:
    if was == now:
        return []
    out = []
    if was["rejected"] != now["rejected"]:
        out.append(f"{name}: rejected {was['rejected']} -> {now['rejected']}")
    old = {tuple(p[:3]): p for p in was["pieces"]}
    new = {tuple(p[:3]): p for p in now["pieces"]}
    for key in sorted(old.keys() - new.keys()):
        out.append(f"{name}: lost {old[key]}")
    for key in sorted(new.keys() - old.keys()):
        out.append(f"{name}: new {new[key]}")
    for key in sorted(old.keys() & new.keys()):
        a, b = old[key], new[key]
        if a != b:
            moved = max(abs(a[3] - b[3]), abs(a[4] - b[4]))
            out.append(f"{name}: {key} moved {moved:.2f} mm, confidence {a[5]} -> {b[5]}")
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    add_set(ap, "all")
    ap.add_argument("--frames", type=int, default=4, help="busy boards a session")
    ap.add_argument("--hands", type=int, default=1, help="hands a session (read, not timed)")
    ap.add_argument("--repeat", type=int, default=5, help="timed reads of each frame")
    ap.add_argument("--cache", default="/tmp/reader-profile")
    ap.add_argument("--record", help="write every frame's reading to this JSON file")
    ap.add_argument("--compare", help="list the differences from this recorded JSON file")
    ap.add_argument("--cprofile", action="store_true", help="also print the top functions")
    ap.add_argument("--map", help="both sets' map, e.g. osaka (default: each set's own)")
    ap.add_argument("--exact", action="store_true", help="record and compare unrounded")
    add_frame_format(ap)
    args = ap.parse_args()
    cv2.setNumThreads(1)
    cache = Path(args.cache)
    chosen = set_names(args.set)
    todo = [s for name in chosen for s in sessions(name, cache, args.frames, args.hands, args.map)]
    readings: dict[str, dict[str, Any]] = {}
    per_set: dict[str, dict[str, list[float]]] = {}
    profile = cProfile.Profile() if args.cprofile else None
    for s in todo:
        reader = s.reader()
        clock = _instrument(reader)
        stages = per_set.setdefault(s.name.split("-")[0], {})
        timed = len(s.frames) - s.hands
        for k, render in enumerate(s.frames):
            image = camera_frame(render, args.frame_format)
            reading = reader.read(image)
            readings[f"{s.name}/{k}"] = _describe(reading, args.exact)
            if k >= timed:
                continue
            for _ in range(args.repeat):
                clock.start()
                if profile:
                    profile.enable()
                t0 = time.thread_time()
                reader.read(image)
                total = (time.thread_time() - t0) * 1000
                if profile:
                    profile.disable()
                clock.ms["other"] = total - sum(clock.ms.values())
                clock.ms["total"] = total
                for name, ms in clock.ms.items():
                    stages.setdefault(name, []).append(ms)
    for set_name, stages in per_set.items():
        n = len(stages.get("total", []))
        row = ", ".join(
            f"{k} {statistics.median(stages[k]):.2f}" for k in (*STAGES, "total") if k in stages
        )
        on = f" on {args.map}" if args.map else ""
        print(
            f"{set_name}{on} ({n} reads of {args.frame_format} frames, median CPU ms a frame, "
            f"markers cached): {row}"
        )
    if args.record:
        Path(args.record).write_text(json.dumps(readings, indent=1) + "\n")
        print(f"recorded {len(readings)} frames to {args.record}")
    if args.compare:
        was = json.loads(Path(args.compare).read_text())
        diffs = [d for k, v in readings.items() for d in _differences(k, was.get(k, v), v)]
        missing = sorted(was.keys() - readings.keys())
        for d in diffs:
            print("  " + d)
        print(f"compared {len(readings)} frames: {len(diffs)} differences, {len(missing)} missing")
    if profile:
        pstats.Stats(profile).sort_stats("tottime").print_stats(25)
    return 0


if __name__ == "__main__":
    sys.exit(main())
