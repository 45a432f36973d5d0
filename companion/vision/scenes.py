"""Random game states and rendered photo sets for the tests and the benchmark."""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from companion.colors import METRO_COLORS
from companion.metro.board import BoardMap
from companion.metro.state import Meeple, MetroState, new_state
from companion.vision.calibrate import Calibration, calibrate, spot_pieces
from companion.vision.markers import MarkerLayout
from companion.vision.model import Piece, pieces_of_state
from companion.vision.render import Shot, render


def random_state(board: BoardMap, rng: np.random.Generator, pieces: int) -> MetroState:
    """A state with about `pieces` pieces: up to 5 meeples on distinct squares, the rest
    pyramids on distinct stations, all of the five Metro colours."""
    colors = list(METRO_COLORS)
    meeples = min(len(colors), int(rng.integers(2, 6)), pieces)
    pyramids = min(pieces - meeples, len(board.stations))
    stations = rng.choice(sorted(board.stations), pyramids, replace=False)
    owned = {str(s): str(rng.choice(colors)) for s in stations}
    squares: set[tuple[int, int]] = set()
    placed: dict[str, Meeple] = {}
    for color in rng.choice(colors, meeples, replace=False):
        while True:
            sq = (int(rng.integers(board.grid.columns)), int(rng.integers(board.grid.rows)))
            if sq not in squares:
                break
        squares.add(sq)
        placed[str(color)] = Meeple(square=sq)
    return replace(new_state(board, colors), stations=owned, meeples=placed)


def full_state(board: BoardMap, rng: np.random.Generator) -> MetroState:
    """A late game as full as the rules allow: every colour's 6 pyramids built and its meeple
    on the board (a drinks game then puts a drink on any of those stations)."""
    state = random_state(board, rng, len(METRO_COLORS))
    stations = rng.choice(sorted(board.stations), 6 * len(METRO_COLORS), replace=False)
    owned = {str(s): METRO_COLORS[i // 6] for i, s in enumerate(stations)}
    return replace(state, stations=owned)


def with_drinks(state: MetroState, rng: np.random.Generator) -> MetroState:
    """METRO DRINKS: drinks of random colours on a random share (none to all) of the stations
    with a pyramid."""
    from companion.metro.drinks import DRINK_COLORS

    stations = sorted(state.stations)
    n = int(rng.integers(0, len(stations) + 1))
    chosen: list[str] = [str(s) for s in rng.choice(stations, n, replace=False)] if n else []
    return replace(state, drinks={s: str(rng.choice(DRINK_COLORS)) for s in chosen})


@dataclass
class Session:
    """One lighting and pose: the calibration photos and what the reader learnt from them."""

    lighting: str
    pose: str
    calibration: Calibration


def calibration_photos(
    board: BoardMap, layout: MarkerLayout, lighting: str, pose: str, seed: int
) -> tuple[np.ndarray, np.ndarray]:
    """The empty board's photo and the colour spots' photo a session calibrates from."""
    empty = render(board, layout, [], seed=seed, lighting=lighting, pose=pose)
    photo = render(board, layout, spot_pieces(board), seed=seed + 1, lighting=lighting, pose=pose)
    return empty.image, photo.image


def calibrate_session(
    board: BoardMap, layout: MarkerLayout, lighting: str, pose: str, seed: int
) -> Session:
    empty, photo = calibration_photos(board, layout, lighting, pose, seed)
    return Session(lighting, pose, calibrate(board, layout, empty, photo))


def shoot(
    board: BoardMap,
    layout: MarkerLayout,
    state: MetroState,
    *,
    seed: int,
    lighting: str,
    pose: str,
    hand: bool = False,
) -> Shot:
    return render(
        board,
        layout,
        pieces_of_state(board, state),
        seed=seed,
        lighting=lighting,
        pose=pose,
        hand=hand,
        exposure=float(np.random.default_rng(seed).uniform(0.93, 1.07)),
    )


def score(truth: list[Piece], read: list[Piece]) -> tuple[int, int, int]:
    """(pieces read right, pieces missed or misread, phantom pieces: read beyond the truth)."""
    want = [p.key() for p in truth]
    got = [p.key() for p in read]
    right = 0
    rest = list(got)
    for k in want:
        if k in rest:
            rest.remove(k)
            right += 1
    return right, len(want) - right, max(0, len(got) - len(want))
