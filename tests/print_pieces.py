"""Black pieces half hidden in dark print, read by a PieceMaker with no camera lean: the blob
pixels that show and the print that can hide black are given, so a test says only the scene."""

from __future__ import annotations

import numpy as np

from companion.metro.board import BoardMap
from companion.vision.boardframe import board_scale
from companion.vision.model import Piece, station_center
from companion.vision.pieces import PieceMaker
from companion.vision.seen_shapes import Shapes


class PrintScene:
    """A board-sized pixel grid in mm (`xx`, `yy`), the stations' centres and the scale."""

    def __init__(self, board: BoardMap) -> None:
        self.board = board
        self.scale = board_scale(board)
        self.size = (round(board.height_mm * self.scale), round(board.width_mm * self.scale))
        self.stations = {sid: station_center(board, sid) for sid in board.stations}
        self.yy, self.xx = np.mgrid[0 : self.size[0], 0 : self.size[1]] / self.scale

    def discs(self, names: tuple[str, ...], radius_mm: float) -> np.ndarray:
        out = np.zeros(self.size, bool)
        for sid in names:
            x, y = self.stations[sid]
            out |= np.hypot(self.xx - x, self.yy - y) < radius_mm
        return out

    def read_black(self, shown: np.ndarray, print_of_black: np.ndarray) -> list[Piece]:
        """What the piece maker makes of the `shown` pixels as one black blob."""

        def same(x: float, y: float, h: float) -> tuple[float, float]:
            return (x, y)

        maker = PieceMaker(
            self.board,
            self.scale,
            Shapes(380.0, 220.0),
            self.stations,
            same,
            same,
            lambda c: print_of_black,
        )
        ys, xs = np.nonzero(shown)
        return maker.make(np.stack([xs, ys], 1).astype(np.float32), "black", 1.0)
