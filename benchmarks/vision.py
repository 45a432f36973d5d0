"""Camera reading benchmark: accuracy on rendered photos, by light and pose, and time per frame
on one core.

    PYTHONPATH=. python benchmarks/vision.py [--set easy|hard|all] [--frames-per-session 4]
        [--frame-format bgra|bgr]

- easy: the first renders (classic board, small pieces, 3 lightings x 3 poses) on
  `--map` (default the 480x320 mm test board).
- drinks: METRO DRINKS on `--map` (default Tokyo), the easy lightings and poses: random
  drinks beside the pyramids; drinks read right and phantom drinks, on boards with drinks and
  without (`companion.vision.drinks`; the piece reading with the game's meeples settled).
- hard: `companion.vision.hardset` on `--map` (default Tokyo; `--map osaka` reads the Osaka
  board, its small circles drawn small): the "print" board style, real piece
  sizes, 5 harder lightings down to a board median grey of ~60 with gain noise, busy boards
  (one colour clustered, dark on dark, meeples on stations) x 3 poses.

Each session is calibrated from its own empty-board and colour-spots photos. A session whose
calibration refuses the light (with a message for the maker) counts its frames as "refused",
never as read. Timing: median ms a 1280x720 frame with cv2.setNumThreads(1), with the markers
cached (a still camera) and with a marker search; CPU ms (thread time) beside wall-clock, since
the machine is shared. Frames are read as the box's Pi camera delivers them, BGRA (converted
from the render before any timing); `--frame-format bgr` reads a USB webcam's three bytes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cv2
import numpy as np

from benchmarks.vision_sets import (
    MAPS,
    Plan,
    add_frame_format,
    camera_frame,
    easy_plans,
    hard_plans,
)
from benchmarks.yardstick import yardstick_ms
from companion.data import load_map
from companion.metro.board import BoardMap
from companion.vision.hardset import calibrate_hard, hard_case, shoot_hard
from companion.vision.markers import MarkerLayout, load_layout
from companion.vision.model import RECONCILE_DOUBT, Piece, Reading
from companion.vision.reader import Reader
from companion.vision.render import LIGHTINGS, POSES, Shot
from companion.vision.scenes import calibrate_session, random_state, score, shoot


@dataclass
class Tally:
    pieces: int = 0
    right: int = 0
    phantoms: int = 0
    boards: int = 0
    boards_right: int = 0
    hands: int = 0
    hands_rejected: int = 0
    refused: int = 0
    """Frames not read because calibration refused the light (with a message)."""
    grey: list[float] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        for name in ("pieces", "right", "phantoms", "boards", "boards_right", "hands"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.hands_rejected += other.hands_rejected
        self.refused += other.refused
        self.grey += other.grey

    def row(self, name: str) -> str:
        pct = 100 * self.right / self.pieces if self.pieces else float("nan")
        grey = f"{statistics.median(self.grey):5.0f}" if self.grey else "    -"
        return (
            f"| {name:<22} | {grey} | {self.right:>4}/{self.pieces:<4} {pct:6.2f} % "
            f"| {self.phantoms:>3} | {self.boards_right:>3}/{self.boards:<3} "
            f"| {self.hands_rejected:>2}/{self.hands:<2} | {self.refused:>3} |"
        )


HEADER = (
    "| light / pose           |  grey | pieces right         | phantoms | boards right "
    "| hands | refused |\n"
    "| --- | --- | --- | --- | --- | --- | --- |"
)


@dataclass
class Timing:
    cached_wall: list[float] = field(default_factory=list)
    cached_cpu: list[float] = field(default_factory=list)
    search_wall: list[float] = field(default_factory=list)
    search_cpu: list[float] = field(default_factory=list)
    stages: dict[str, list[float]] = field(default_factory=dict)

    def measure(self, reader: Reader, image: np.ndarray, repeat: int) -> None:
        for i in range(repeat):
            search = i % 2 == 1
            if search:
                reader.locator.expire()
            w0, c0 = time.perf_counter(), time.thread_time()
            reading = reader.read(image)
            cpu, wall = (time.thread_time() - c0) * 1000, (time.perf_counter() - w0) * 1000
            (self.search_cpu if search else self.cached_cpu).append(cpu)
            (self.search_wall if search else self.cached_wall).append(wall)
            if not search:
                for name, v in reading.stages_ms.items():
                    self.stages.setdefault(name, []).append(v)

    def report(self, title: str) -> str:
        if not self.cached_wall:
            return ""

        def med(v: list[float]) -> str:
            return f"{statistics.median(v):.1f}" if v else "-"

        stages = ", ".join(f"{k} {statistics.median(v):.1f}" for k, v in self.stages.items())
        return (
            f"{title}: median ms a 1280x720 frame, one core: markers cached "
            f"{med(self.cached_wall)} wall / {med(self.cached_cpu)} CPU; with a marker search "
            f"{med(self.search_wall)} wall / {med(self.search_cpu)} CPU\n"
            f"  stages (cached, wall): {stages}"
        )


@dataclass
class Run:
    by_session: dict[tuple[str, str], Tally] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    refusals: dict[tuple[str, str], str] = field(default_factory=dict)
    timing: Timing = field(default_factory=Timing)
    frame_format: str = "bgra"
    kinds: Counter[str] = field(default_factory=Counter)
    """Errors by kind: a meeple read as a pyramid (same colour, nearby), missed, extra."""
    wrong_conf: list[float] = field(default_factory=list)
    """Confidence of every piece read that is not on the board (misread or phantom)."""
    silent_wrong: int = 0
    """Boards read wrong in sessions that calibrated without a refusal."""


def _judge(
    run: Run, tally: Tally, key: tuple[str, str], k: int, shot: Shot, reading: Reading
) -> None:
    r, w, ph = score(shot.pieces, list(reading.pieces))
    want_keys = {p.key() for p in shot.pieces}
    for p in reading.pieces:
        if p.key() not in want_keys:
            run.wrong_conf.append(p.confidence)
    tally.right += r
    tally.phantoms += ph
    tally.pieces += len(shot.pieces)
    tally.boards += 1
    tally.boards_right += int(w == 0 and ph == 0)
    if w or ph:
        run.silent_wrong += 1
        want = {p.key() for p in shot.pieces}
        got = {p.key() for p in reading.pieces}
        extra = list(got - want)
        for kind, color, _place in sorted(want - got):
            swap = next((e for e in extra if e[1] == color and e[0] != kind), None)
            if swap is not None:
                extra.remove(swap)
            run.kinds[f"{kind} read as {swap[0]}" if swap else "missed"] += 1
        run.kinds["extra"] += len(extra)
        run.errors.append(
            f"{key[0]}/{key[1]}/{k}: {reading.rejected or ''} missed {sorted(want - got)} "
            f"extra {sorted(got - want)}"
        )


def run_set(
    plans: list[Plan], board: BoardMap, layout: MarkerLayout, args: argparse.Namespace
) -> Run:
    run = Run(frame_format=args.frame_format)
    for plan in plans:
        if args.only and plan.name != args.only:
            continue
        key = (plan.lighting, plan.pose)
        tally = run.by_session[key] = Tally()
        session = plan.calibrate(board, layout, *plan.photos(board, layout))
        tally.grey.append(session.median_grey)
        if session.calibration is None:
            tally.refused += len(plan.boards) + len(plan.hands)
            run.refusals[key] = session.refused or "?"
            continue
        cal = session.calibration
        reader = Reader(board, layout, cal.reference, cal.colors)
        for k, shoot_board in enumerate(plan.boards):
            shot = shoot_board()
            image = camera_frame(shot.image, args.frame_format)
            reading = reader.read(image)
            _judge(run, tally, key, k, shot, reading)
            if args.dump:
                _dump(args.dump, f"{plan.lighting}-{plan.pose}-{k}", board, reader, shot, reading)
            run.timing.measure(reader, image, args.repeat)
        for shoot_hand in plan.hands:
            tally.hands += 1
            hand = camera_frame(shoot_hand().image, args.frame_format)
            tally.hands_rejected += int(reader.read(hand).rejected is not None)
    return run


def _dump(
    folder: str, stem: str, board: BoardMap, reader: Reader, shot: Shot, reading: Reading
) -> None:
    """The photo and the reader's overlay of a frame, to look at what went wrong."""
    from companion.vision.overlay import draw_overlay

    Path(folder).mkdir(parents=True, exist_ok=True)
    cv2.imwrite(f"{folder}/{stem}.png", shot.image)
    frame = reader.last_frame
    overlay = draw_overlay(board, frame.image, frame.mask, reading, reader.scale)
    cv2.imwrite(f"{folder}/{stem}-overlay.png", overlay)


def report(title: str, run: Run) -> None:
    print(f"\n## {title}\n")
    print(HEADER)
    total = Tally()
    lights: dict[str, Tally] = {}
    poses: dict[str, Tally] = {}
    for (lighting, pose), t in run.by_session.items():
        print(t.row(f"{lighting} / {pose}"))
        total.add(t)
        lights.setdefault(lighting, Tally()).add(t)
        poses.setdefault(pose, Tally()).add(t)
    for name, t in [*lights.items(), *poses.items()]:
        print(t.row(f"all {name}"))
    print(total.row("**all**"))
    print(
        f"\nboards read wrong without a refusal (silently wrong): {run.silent_wrong}; "
        f"phantoms {total.phantoms}"
    )
    sure = sum(c >= RECONCILE_DOUBT for c in run.wrong_conf)
    print(
        f"pieces read wrong: {len(run.wrong_conf)}, of which confident (>= 0.6, which the "
        f"game's reconcile keeps): {sure}"
    )
    if run.kinds:
        print("errors: " + ", ".join(f"{k} {v}" for k, v in sorted(run.kinds.items()) if v))
    for key, text in run.refusals.items():
        print(f"refused {key[0]}/{key[1]}: {text}")
    print(run.timing.report(f"{title}, {run.frame_format} frames"))
    for e in run.errors[:25]:
        print("  " + e)


class _Frames:
    """Frames rendered beforehand, as a camera would deliver them."""

    def __init__(self, frames: list[np.ndarray] | None = None) -> None:
        self.frames = iter(frames or [])

    def read(self) -> np.ndarray | None:
        return next(self.frames, None)

    def close(self) -> None:
        pass


def latency(
    board: BoardMap, layout: MarkerLayout, interval: float, stable: int, frame_format: str
) -> None:
    """Seconds from the first frame without the hand to a new accepted reading, with the
    camera service's own loop timing (the demo's interval and stable-frame count), on frames
    rendered beforehand (a real camera delivers them; the renderer is too slow to be one)."""
    from companion.vision.service import CameraService

    session = calibrate_hard(board, layout, "lamp", "tilted", 9100)
    assert session.calibration is not None
    cal = session.calibration
    rng = np.random.default_rng(9)
    before, after = hard_case(board, rng), hard_case(board, rng)
    still = shoot_hard(board, layout, before.pieces, seed=9110, lighting="lamp", pose="tilted")
    hand = shoot_hard(
        board, layout, after.pieces, seed=9111, lighting="lamp", pose="tilted", hand=True
    )
    moved = [
        shoot_hard(board, layout, after.pieces, seed=9112 + k, lighting="lamp", pose="tilted")
        for k in range(stable + 2)
    ]
    waits = []
    for _ in range(5):
        reader = Reader(board, layout, cal.reference, cal.colors)
        shots = [still] * (stable + 1) + [hand] * 3 + moved
        source = _Frames([camera_frame(shot.image, frame_format) for shot in shots])
        service = CameraService(_Frames, reader, stable_frames=stable, interval=interval)
        for _ in range(stable + 1 + 3):
            service.step(source)
            time.sleep(interval)
        seen = service.version
        t0 = time.perf_counter()
        while service.version == seen and time.perf_counter() - t0 < 5:
            service.step(source)
            if service.version == seen:
                time.sleep(interval)
        waits.append(time.perf_counter() - t0)
    print(
        f"\nproposal after the hand leaves ({frame_format} frames, interval {interval:g} s, "
        f"{stable} stable frames): "
        f"median {statistics.median(waits):.2f} s, worst {max(waits):.2f} s"
    )


def run_drinks(board: BoardMap, layout: MarkerLayout, args: argparse.Namespace) -> None:
    """METRO DRINKS: each easy session's frames read with drinks on, once with random drinks
    and once with none."""
    from dataclasses import replace

    from companion.metro.state import DrinksSetup, Meeple
    from companion.metro.vehicles import VehicleId
    from companion.vision.drink_proposals import settle
    from companion.vision.model import DRINK
    from companion.vision.proposals import settle_meeples
    from companion.vision.scenes import full_state, with_drinks

    rng_seed = 77 if args.seed is None else args.seed
    rng = np.random.default_rng(rng_seed)
    full_rng = np.random.default_rng(rng_seed + 1)
    full = FullBoards()
    seed = (400 if args.session_seed is None else args.session_seed) - 100
    drinks = right = phantoms = clean_phantoms = boards = pieces = pieces_right = 0
    proposed = 0
    piece_phantoms = 0
    phantom_kinds: Counter[str] = Counter()
    riding: Counter[str] = Counter()
    """The same readings settled with every meeple riding: the game knows no meeple's square."""
    drink_ms: list[float] = []
    misses: list[str] = []
    """Each drink missed or read where none stands: where, to look at."""
    for lighting in LIGHTINGS:
        for pose in POSES:
            seed += 100
            cal = calibrate_session(board, layout, lighting, pose, seed).calibration
            reader = Reader(board, layout, cal.reference, cal.colors)
            reader.read_drinks = True
            _time_drinks(reader, drink_ms)
            for k in range(args.frames_per_session):
                bare = random_state(board, rng, int(rng.integers(10, 41)))
                for state in (with_drinks(bare, rng), bare):
                    shot = shoot(
                        board, layout, state, seed=seed + 10 + k, lighting=lighting, pose=pose
                    )
                    game = replace(state, drinks={}, metro_drinks=DrinksSetup())
                    raw = reader.read(camera_frame(shot.image, args.frame_format))
                    reading = settle_meeples(settle(raw, game, board), game)
                    rider = Meeple(riding=VehicleId("G"), boarded_at="G1")
                    blind = replace(game, meeples=dict.fromkeys(game.meeples, rider))
                    ridden = settle_meeples(settle(raw, blind, board), blind)
                    riding.update(_riding(shot, ridden))
                    want = {p.key() for p in shot.pieces if p.kind == DRINK}
                    got = {p.key() for p in reading.pieces if p.kind == DRINK}
                    r, _w, ph = score(
                        [p for p in shot.pieces if p.kind != DRINK],
                        [p for p in reading.pieces if p.kind != DRINK],
                    )
                    pieces += sum(1 for p in shot.pieces if p.kind != DRINK)
                    pieces_right += r
                    piece_phantoms += ph
                    if ph:
                        extra = Counter(p.key() for p in reading.pieces if p.kind != DRINK)
                        extra.subtract(Counter(p.key() for p in shot.pieces if p.kind != DRINK))
                        phantom_kinds.update(
                            f"{k[0]} {'with' if state.drinks else 'without'} drinks"
                            for k, n in extra.items()
                            for _ in range(max(0, n))
                        )
                    where = f"{lighting}/{pose}/{k}{'' if state.drinks else ' bare'}"
                    misses += _drink_misses(where, want, got)
                    misses += _drink_misses(
                        f"{where} riding",
                        want,
                        {p.key() for p in ridden.pieces if p.kind == DRINK},
                        missed=False,
                    )
                    proposed += _proposed(want, reading)
                    if state.drinks:
                        drinks += len(want)
                        right += len(want & got)
                        phantoms += len(got - want)
                    else:
                        boards += 1
                        clean_phantoms += len(got)
            for _ in range(args.full_boards):
                state = full_state(board, full_rng)
                state = replace(
                    state, drinks=with_drinks(state, full_rng).drinks, metro_drinks=DrinksSetup()
                )
                shot = shoot(board, layout, state, seed=seed + 70, lighting=lighting, pose=pose)
                frame = camera_frame(shot.image, args.frame_format)
                settled = settle_meeples(settle(reader.read(frame), state, board), state)
                full.add(shot, settled)
                misses += _drink_misses(
                    f"{lighting}/{pose}/full",
                    {p.key() for p in shot.pieces if p.kind == DRINK},
                    {p.key() for p in settled.pieces if p.kind == DRINK},
                )
    pct = 100 * right / drinks if drinks else float("nan")
    print(
        f"\n## drinks, map {board.id}\n\ndrinks read right: {right}/{drinks} ({pct:.2f} %), "
        f"phantom drinks {phantoms}; on {boards} boards without drinks: {clean_phantoms} phantom "
        f"drinks; of these phantoms, proposed (sure enough to ask): {proposed}; other pieces "
        f"right {pieces_right}/{pieces}, phantom pieces {piece_phantoms}"
        + (
            f" ({', '.join(f'{k}: {n}' for k, n in sorted(phantom_kinds.items()))})"
            if phantom_kinds
            else ""
        )
    )
    print(
        f"with every meeple riding (the game knows no meeple's square): phantom drinks "
        f"{riding['drink phantoms']} ({riding['proposed']} proposed), meeples not read "
        f"{riding['meeples lost']}/"
        f"{riding['meeples']}, phantom pieces {riding['phantoms']}"
    )
    if drink_ms:
        print(
            f"the drink reader (on only in a METRO DRINKS game): median "
            f"{statistics.median(drink_ms):.1f} CPU ms a frame, worst {max(drink_ms):.1f} "
            f"({len(drink_ms)} frames)"
        )
    if args.full_boards:
        print(full.line())
    for line in misses:
        print(" ", line)


def _drink_misses(where: str, want: set[Any], got: set[Any], missed: bool = True) -> list[str]:
    """One line naming the drinks missed (unless not `missed`) and the phantom drinks."""
    lost = sorted(want - got) if missed else []
    extra = sorted(got - want)
    if not lost and not extra:
        return []
    return [f"{where}: missed {lost} phantom {extra}"]


def _proposed(want: set[Any], reading: Reading) -> int:
    """The phantom drinks of a settled reading sure enough to be proposed (`SURE`): the ones
    a table would be asked about; the rest reach no screen."""
    from companion.vision.drink_proposals import SURE
    from companion.vision.model import DRINK

    return sum(
        1
        for p in reading.pieces
        if p.kind == DRINK and p.key() not in want and p.confidence >= SURE
    )


def _time_drinks(reader: Reader, ms: list[float]) -> None:
    """Adds the thread CPU ms of each of the reader's drink readings to `ms`."""
    inner = reader.drinks.read

    def timed(frame: object, pieces: list[Piece]) -> list[Piece]:
        t0 = time.thread_time()
        try:
            return inner(frame, pieces)
        finally:
            ms.append((time.thread_time() - t0) * 1000)

    reader.drinks.read = timed  # type: ignore[method-assign]


def _riding(shot: Shot, reading: Reading) -> Counter[str]:
    """Phantom drinks, meeples not read and phantom pieces of one settled reading."""
    from companion.vision.model import DRINK, MEEPLE

    want = {p.key() for p in shot.pieces if p.kind == DRINK}
    got = {p.key() for p in reading.pieces if p.kind == DRINK}
    meeples = {p.key() for p in shot.pieces if p.kind == MEEPLE}
    _r, _w, ph = score(
        [p for p in shot.pieces if p.kind != DRINK],
        [p for p in reading.pieces if p.kind != DRINK],
    )
    return Counter(
        {
            "drink phantoms": len(got - want),
            "proposed": _proposed(want, reading),
            "meeples": len(meeples),
            "meeples lost": len(meeples - {p.key() for p in reading.pieces}),
            "phantoms": ph,
        }
    )


@dataclass
class FullBoards:
    """Late games as full as the rules allow (30 pyramids, 5 meeples, drinks): what is read."""

    boards: int = 0
    drinks: int = 0
    drinks_right: int = 0
    drink_phantoms: int = 0
    proposed: int = 0
    pieces: int = 0
    pieces_right: int = 0
    phantoms: int = 0
    refused: int = 0

    def add(self, shot: Shot, reading: Reading) -> None:
        from companion.vision.model import DRINK

        self.boards += 1
        self.refused += int(reading.rejected is not None)
        want = {p.key() for p in shot.pieces if p.kind == DRINK}
        got = {p.key() for p in reading.pieces if p.kind == DRINK}
        self.drinks += len(want)
        self.drinks_right += len(want & got)
        self.drink_phantoms += len(got - want)
        self.proposed += _proposed(want, reading)
        truth = [p for p in shot.pieces if p.kind != DRINK]
        r, _w, ph = score(truth, [p for p in reading.pieces if p.kind != DRINK])
        self.pieces += len(truth)
        self.pieces_right += r
        self.phantoms += ph

    def line(self) -> str:
        return (
            f"full boards ({self.boards}, {self.refused} refused): drinks read right "
            f"{self.drinks_right}/{self.drinks}, phantom drinks {self.drink_phantoms} "
            f"({self.proposed} proposed); other "
            f"pieces right {self.pieces_right}/{self.pieces}, phantom pieces {self.phantoms}"
        )


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", choices=("easy", "hard", "drinks", "all"), default="all")
    ap.add_argument(
        "--map",
        help="both sets' map, e.g. osaka (default: the test board for easy, tokyo for hard)",
    )
    ap.add_argument("--frames-per-session", type=int, default=4)
    ap.add_argument("--hands-per-session", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=6, help="timed reads of each frame")
    ap.add_argument("--only", help="one session, LIGHT/POSE")
    ap.add_argument("--seed", type=int, help="the boards' rng seed (default: each set's own)")
    ap.add_argument(
        "--session-seed", type=int, help="the first session's photo seed (default: the set's)"
    )
    ap.add_argument(
        "--full-boards",
        type=int,
        default=1,
        help="drinks set: late games as full as the rules allow, a session (default 1)",
    )
    ap.add_argument("--latency", action="store_true", help="also time a proposal's arrival")
    ap.add_argument("--dump", help="folder for the photos and overlays of the frames")
    add_frame_format(ap)
    args = ap.parse_args()
    cv2.setNumThreads(1)
    t0 = time.perf_counter()
    before = yardstick_ms()
    if args.set in ("easy", "all"):
        board = load_map(args.map or MAPS["easy"])
        plans = easy_plans(
            board, _layout(board), args.frames_per_session, args.hands_per_session, **_seeds(args)
        )
        report(f"easy set, map {board.id}", run_set(plans, board, _layout(board), args))
    if args.set in ("hard", "all"):
        board = load_map(args.map or MAPS["hard"])
        plans = hard_plans(
            board, _layout(board), args.frames_per_session, args.hands_per_session, **_seeds(args)
        )
        report(f"hard set, map {board.id}", run_set(plans, board, _layout(board), args))
    if args.set in ("drinks", "all"):
        board = load_map(args.map or "tokyo")
        run_drinks(board, _layout(board), args)
    if args.latency:
        from companion.app.democamera import INTERVAL, STABLE_FRAMES

        board = load_map("tokyo")
        latency(board, _layout(board), INTERVAL, STABLE_FRAMES, args.frame_format)
    print(
        f"\nhost yardstick (benchmarks/yardstick.py): {before:.2f} ms before, "
        f"{yardstick_ms():.2f} after (frame times of two runs compare in its units)"
    )
    print(f"{time.perf_counter() - t0:.0f} s")
    return 0


def _seeds(args: argparse.Namespace) -> dict[str, int]:
    """The seeds given on the command line, as the plans' keyword arguments."""
    given = {"rng_seed": args.seed, "session_seed": args.session_seed}
    return {k: v for k, v in given.items() if v is not None}


def _layout(board: BoardMap) -> MarkerLayout:
    return load_layout(None, board.width_mm, board.height_mm)


if __name__ == "__main__":
    sys.exit(main())
