"""The camera benchmark's sets, session by session and frame by frame, drawn in one fixed order,
so `benchmarks/vision.py` (accuracy and time) and `benchmarks/reader_profile.py` (time by stage)
read the very same frames with calibrations made by the same code.

- easy: the first renders (classic board, small pieces, 3 lightings x 3 poses), random states
  of 10-40 pieces.
- hard: `companion.vision.hardset` (the "print" board style, real piece sizes, 5 harder
  lightings x 3 poses, busy boards).
- drinks: `benchmarks/vision.py --set drinks`'s frames (the easy lightings and poses on Tokyo
  or `--map`): each board with random drinks, then bare, then one full board a session; read
  with the drink reader on (`drinks_plans`, not part of "all").
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from companion.metro.board import BoardMap
from companion.metro.state import MetroState
from companion.vision.hardset import (
    HardSession,
    hard_case,
    hard_photos,
    hard_session,
    shoot_hard,
)
from companion.vision.markers import MarkerLayout
from companion.vision.model import Piece
from companion.vision.render import HARD_LIGHTINGS, LIGHTINGS, POSES, Shot
from companion.vision.scenes import (
    calibration_photos,
    full_state,
    random_state,
    shoot,
    with_drinks,
)

FRAME_FORMATS = ("bgra", "bgr")
"""The frames a reader is timed on: the box's Pi camera's four bytes a pixel (XRGB8888, the
default) or a USB webcam's three."""


def add_frame_format(ap: Any, default: str = "bgra") -> None:
    ap.add_argument(
        "--frame-format",
        choices=FRAME_FORMATS,
        default=default,
        help=f"the camera frames timed: bgra (the Pi camera's) or bgr (a webcam's); {default}",
    )


def camera_frame(image: np.ndarray, frame_format: str) -> np.ndarray:
    """A render (BGR) as the camera of `frame_format` delivers it (made before any timing)."""
    if frame_format == "bgra":
        return np.asarray(cv2.cvtColor(image, cv2.COLOR_BGR2BGRA))
    return image


@dataclass
class Plan:
    """One session: its light, pose and seed, and how to shoot its busy boards and its hands."""

    set_name: str
    lighting: str
    pose: str
    seed: int
    boards: list[Callable[[], Shot]]
    hands: list[Callable[[], Shot]]

    @property
    def name(self) -> str:
        return f"{self.lighting}/{self.pose}"

    def photos(self, board: BoardMap, layout: MarkerLayout) -> tuple[np.ndarray, np.ndarray]:
        """The empty board's and the colour spots' calibration photos."""
        shoot_photos = hard_photos if self.set_name == "hard" else calibration_photos
        return shoot_photos(board, layout, self.lighting, self.pose, self.seed)

    def calibrate(
        self, board: BoardMap, layout: MarkerLayout, empty: np.ndarray, photo: np.ndarray
    ) -> HardSession:
        """The session's calibration from its photos (None, with the message, when calibration
        refuses the light)."""
        return hard_session(board, layout, self.lighting, self.pose, empty, photo)


def _plans(
    set_name: str,
    lightings: Iterable[str],
    seed: int,
    draw: Callable[[], Any],
    shoot_one: Callable[..., Shot],
    board: BoardMap,
    layout: MarkerLayout,
    frames: int,
    hands: int,
) -> list[Plan]:
    """Each lighting and pose in turn: its seed, then `frames` boards and `hands` hands drawn."""
    out = []
    for lighting in lightings:
        for pose in POSES:
            seed += 100
            boards = [draw() for _ in range(frames)]
            hand_boards = [draw() for _ in range(hands)]
            at = functools.partial(shoot_one, board, layout, lighting=lighting, pose=pose)
            shots = [functools.partial(at, b, seed=seed + 10 + k) for k, b in enumerate(boards)]
            hand_shots = [
                functools.partial(at, b, seed=seed + 50 + k, hand=True)
                for k, b in enumerate(hand_boards)
            ]
            out.append(Plan(set_name, lighting, pose, seed, shots, hand_shots))
    return out


def easy_plans(
    board: BoardMap,
    layout: MarkerLayout,
    frames: int,
    hands: int,
    rng_seed: int = 2024,
    session_seed: int = 1000,
) -> list[Plan]:
    rng = np.random.default_rng(rng_seed)

    def draw() -> MetroState:
        return random_state(board, rng, int(rng.integers(10, 41)))

    return _plans("easy", LIGHTINGS, session_seed, draw, shoot, board, layout, frames, hands)


def hard_plans(
    board: BoardMap,
    layout: MarkerLayout,
    frames: int,
    hands: int,
    rng_seed: int = 4242,
    session_seed: int = 5000,
) -> list[Plan]:
    """`rng_seed` draws the boards, `session_seed` (plus 100 a session) the photos."""
    rng = np.random.default_rng(rng_seed)

    def draw() -> list[Piece]:
        return hard_case(board, rng).pieces

    return _plans(
        "hard", HARD_LIGHTINGS, session_seed, draw, shoot_hard, board, layout, frames, hands
    )


def drinks_plans(
    board: BoardMap,
    layout: MarkerLayout,
    frames: int,
    hands: int,
    rng_seed: int = 77,
    session_seed: int = 400,
    full_boards: int = 1,
) -> list[Plan]:
    """`benchmarks/vision.py --set drinks`'s frames in its order (its default seeds): each
    lighting and pose, `frames` random boards, each shot with random drinks and then bare,
    and `full_boards` late games as full as the rules allow with drinks. No hands."""
    from dataclasses import replace

    from companion.metro.state import DrinksSetup

    rng = np.random.default_rng(rng_seed)
    full_rng = np.random.default_rng(rng_seed + 1)
    seed = session_seed - 100
    out = []
    for lighting in LIGHTINGS:
        for pose in POSES:
            seed += 100
            at = functools.partial(shoot, board, layout, lighting=lighting, pose=pose)
            shots = []
            for k in range(frames):
                bare = random_state(board, rng, int(rng.integers(10, 41)))
                for state in (with_drinks(bare, rng), bare):
                    shots.append(functools.partial(at, state, seed=seed + 10 + k))
            for _ in range(full_boards):
                state = full_state(board, full_rng)
                state = replace(
                    state, drinks=with_drinks(state, full_rng).drinks, metro_drinks=DrinksSetup()
                )
                shots.append(functools.partial(at, state, seed=seed + 70))
            out.append(Plan("drinks", lighting, pose, seed, shots, []))
    return out


PLANS = {"easy": easy_plans, "hard": hard_plans}
SETS = {**PLANS, "drinks": drinks_plans}
"""Every set; "all" means `PLANS`' (the drinks set is asked for by name)."""
MAPS = {"easy": "tests/data/vision-test.toml", "hard": "tokyo", "drinks": "tokyo"}
"""Each set's map unless told otherwise."""

RENDERER = ("render", "boardart", "hardset", "scenes", "model", "markers")
"""The modules whose code makes the photos (not the calibration: that is made afresh)."""


def renderer_fingerprint(board: BoardMap) -> str:
    """Changes when the code that draws the photos or picks their boards changes."""
    root = Path(__file__).resolve().parent.parent
    h = hashlib.sha256(board.id.encode())
    for path in [
        Path(__file__),
        root / "companion" / "colors.py",
        *(root / "companion" / "vision" / f"{m}.py" for m in RENDERER),
    ]:
        h.update(path.read_bytes())
    return h.hexdigest()[:12]
