"""Reading a camera frame: board located, warped to the board frame and compared with the
empty board (`vision.boardframe`), a hand refused (`vision.hands`), changed pixels grouped into
blobs of one colour (`vision.blobs`), each blob made into pieces, classified and placed
(`vision.pieces`, `vision.refine`), and in METRO DRINKS the drinks read (`vision.drinks`).
"""

from __future__ import annotations

import math
import time

import cv2
import numpy as np

from companion.metro.board import BoardMap
from companion.vision.blobs import Blob, BlobFinder
from companion.vision.boardframe import (
    BoardFrame,
    CameraView,
    Frame,
    Settings,
    board_scale,
    ms_since,
    warp_to_board,
)
from companion.vision.camera_place import CameraPlace, camera_nadir
from companion.vision.colormodel import ColorModel
from companion.vision.drinks import DrinkReader
from companion.vision.hands import HandTest
from companion.vision.markers import Locator, MarkerLayout
from companion.vision.model import MEEPLE, PYRAMID, Piece, Reading, station_center
from companion.vision.pieces import PieceMaker, one_meeple_each
from companion.vision.pixels import bgr_of
from companion.vision.refine import Refiner
from companion.vision.seen_shapes import FRAGMENT, SEEN_SHARE

CAMOUFLAGE_LAB = 12.0
"""A print this near a piece colour (weighted Lab, plus the noise margin) can hide the piece."""
SAME_FIT_PX = 0.2
"""Markers found again this near (camera px) mean an unmoved camera: the fit's correction holds."""


class Camouflage:
    """Where the empty board looks like a piece colour (computed once per colour)."""

    def __init__(self, ref_lab: np.ndarray, colors: ColorModel, margin: float) -> None:
        self.ref_lab, self.colors, self.margin = ref_lab, colors, margin
        self._masks: dict[str, np.ndarray] = {}

    def __call__(self, color: str) -> np.ndarray:
        if color not in self._masks:
            c = self.colors.names.index(color)
            protos = self.colors.prototypes[self.colors.owner == c]
            d = np.min([np.sqrt(((self.ref_lab - p) ** 2).sum(2)) for p in protos], axis=0)
            self._masks[color] = d < CAMOUFLAGE_LAB + self.margin
        return self._masks[color]


def _merge_duplicates(pieces: list[Piece]) -> list[Piece]:
    """One piece per (kind, colour, place): a piece split in two by a highlight is one piece
    (each player has one meeple and a station holds one pyramid)."""
    groups: dict[tuple[str, str, str], list[Piece]] = {}
    for p in pieces:
        groups.setdefault(p.key(), []).append(p)
    out = []
    for group in groups.values():
        if len(group) == 1:
            out.append(group[0])
            continue
        first = group[0]
        out.append(
            Piece(
                first.kind,
                first.color,
                sum(p.x_mm for p in group) / len(group),
                sum(p.y_mm for p in group) / len(group),
                first.square,
                first.station,
                min(p.confidence for p in group) * 0.9,
            )
        )
    return out


class Reader:
    """The whole pipeline for one board: frame in, `Reading` out. Not thread-safe."""

    def __init__(
        self,
        board: BoardMap,
        layout: MarkerLayout,
        reference: np.ndarray,
        colors: ColorModel,
        settings: Settings | None = None,
    ) -> None:
        self.board = board
        self.layout = layout
        self.colors = colors
        self._colour_index = {name: k for k, name in enumerate(colors.names)}
        self.settings = settings or Settings()
        s = self.settings.px_per_mm or board_scale(board)
        self.scale = s
        reference = bgr_of(reference)
        ref_loc = Locator(layout).locate(reference)
        if ref_loc is None:
            raise ValueError("the markers are not visible in the reference photo")
        self.locator = Locator(layout)
        self.size = (round(board.width_mm * s), round(board.height_mm * s))
        ref_warped = warp_to_board(reference, ref_loc.homography, s, self.size)
        self.board_frame = BoardFrame(
            board, ref_warped, s, self.settings, colors.noise.get("diff", 0.0)
        )
        self.margin = max(self.settings.lab_margin, colors.noise.get("lab", 0.0))
        self.too_dark = False
        """The calibration's light is too dark to read: every frame is refused."""
        stations = {sid: station_center(board, sid) for sid in board.stations}
        self.camera = CameraPlace((board.width_mm / 2, board.height_mm / 2, 1000.0))
        self._fitted: np.ndarray | None = None
        self._shift = np.eye(3)
        self._homography = ref_loc.homography
        self._camera_fit: np.ndarray | None = None
        self._camera_size = (0, 0)
        # The piece maker calls back into small parts, not the reader: a cycle through the
        # reader would keep its tens of MB of images until the next garbage collection.
        camouflage = Camouflage(self.board_frame.ref_lab, colors, self.margin)
        self.maker = PieceMaker(
            board,
            s,
            colors.shapes(),
            stations,
            self.camera.unlean,
            self.camera.lean,
            camouflage,
            self.camera.place,
        )
        self.refiner = Refiner(self.board_frame, colors, self.margin, s, colors.area_mm2[PYRAMID])
        self.read_drinks = False
        """METRO DRINKS: also read the drinks beside the pyramids (`vision.drinks`)."""
        self.drinks = DrinkReader(
            board,
            s,
            colors,
            self.board_frame.ref_lab,
            self.board_frame.colors_at,  # type: ignore[arg-type]
            self.board_frame.board_distance,
            self.camera.lean,
            self.margin,
            self.size,
            self.board_frame.threshold,
            (reference, ref_loc.homography, self.board_frame.norm),
            self.board_frame.shadowed,  # type: ignore[arg-type]
            self.board_frame.lit,  # type: ignore[arg-type]
            self.camera.place,
        )
        self.finder = BlobFinder(self.board_frame, colors, self.margin, self.refiner)
        self.hands = HandTest(self.board_frame, colors, self.settings)
        # One pass over the empty board and one colour lookup warm OpenCV up (its first float
        # Lab conversion builds tables for 0.15 s), so the first frame's timings mean something.
        self.read(reference)
        self.colors.classify(np.full((1, 3), 128, np.float32))
        self.too_dark = colors.too_dark()

    def read(self, image: np.ndarray) -> Reading:
        """Read a BGR or BGRA (the Pi camera's) uint8 frame: the same reading either way."""
        stages: dict[str, float] = {}
        t0 = time.perf_counter()
        loc = self.locator.locate(image)
        stages["locate"] = ms_since(t0)
        if loc is None:
            return Reading(False, "no board", (), stages, 0)
        if self.too_dark:
            return Reading(True, "too dark", (), stages, loc.markers)
        t1 = time.perf_counter()
        if self._fitted is not loc.homography and self._same_fit(loc.homography):
            # The markers found again where they were (a still camera): the same correction.
            self._fitted, self._homography = loc.homography, loc.homography @ self._shift
        if self._fitted is not loc.homography:
            # A fresh marker fit: measure what it left unaligned once, keep the correction.
            warped = self.board_frame.warp(image, loc.homography)
            px = np.diag([self.scale, self.scale, 1.0])
            fit = self.board_frame.residual_fit(warped)
            self._shift = np.linalg.inv(px) @ fit @ px
            self._fitted, self._homography = loc.homography, loc.homography @ self._shift
            if not np.array_equal(fit, np.eye(3)):
                warped = self.board_frame.warp(image, self._homography)
        else:
            warped = self.board_frame.warp(image, self._homography)
        stages["warp"] = ms_since(t1)
        # The camera frame goes with the board frame only for the drinks' sharp look (kept
        # with `last_frame` until the next frame otherwise).
        source = CameraView(image, self._homography) if self.read_drinks else None
        frame = self.board_frame.compare(warped, source)
        stages.update(frame.stages_ms)
        t2 = time.perf_counter()
        h, w = image.shape[:2]
        if self._camera_fit is not self._homography or self._camera_size != (w, h):
            self.set_camera(self._homography, (w, h))
        rejected, pieces = self._pieces(frame)
        pieces = _merge_duplicates(pieces)
        if rejected is None and self.read_drinks:
            pieces = self.drinks.read(frame, pieces)
        if not self.read_drinks:
            # With drinks, `drink_proposals.settle` tells a second meeple from a drink.
            kept = one_meeple_each(pieces, self.maker.on_free_station(pieces))
            kept_ids = {id(q) for q in kept}
            spare = [p for p in pieces if id(p) not in kept_ids]
            pieces = kept + self.maker.station_pyramids(spare, kept)
        stages["pieces"] = ms_since(t2)
        stages["total"] = ms_since(t0)
        self.last_frame = frame
        return Reading(True, rejected, tuple(pieces), stages, loc.markers)

    def _same_fit(self, homography: np.ndarray) -> bool:
        """The board's corners land within a fifth of a camera pixel of the last fit's."""
        if self._fitted is None:
            return False
        w, h = self.board.width_mm, self.board.height_mm
        corners = np.array([[[0, 0], [w, 0], [w, h], [0, h]]], np.float64)
        a = cv2.perspectiveTransform(corners, self._fitted)
        b = cv2.perspectiveTransform(corners, homography)
        return float(np.abs(a - b).max()) < SAME_FIT_PX

    def set_camera(self, homography: np.ndarray, frame_size: tuple[int, int]) -> None:
        """Where the camera is, for the pieces' lean (`read` does it for each frame)."""
        self.camera.nadir = camera_nadir(homography, frame_size, self.settings.focal_px)
        self._camera_fit, self._camera_size = homography, frame_size

    def lean(self, x: float, y: float, height: float) -> tuple[float, float]:
        """Where a point `height` mm above (x, y) on the board appears (board mm)."""
        return self.camera.lean(x, y, height)

    def _pieces(self, frame: Frame) -> tuple[str | None, list[Piece]]:
        rejected = self.hands.rejection(frame, self.colors.area_mm2[PYRAMID] * self.scale**2)
        if rejected:
            return rejected, []
        made: list[tuple[Piece, float]] = []
        s2 = self.scale * self.scale
        self.maker.image = frame.image
        # (the finder's, not the reader's: no cycle through the reader, see __init__)
        finder, index = self.finder, self._colour_index
        self.maker.outline = lambda pts, name: finder.off_shadow(frame, pts, index[name])
        blobs = self.finder.find(frame)
        names = [self.colors.names[b.color] for b in blobs]
        self.maker.prepare([b.pts for b in blobs], names)

        def grow_all(asked: list[tuple[int, np.ndarray]]) -> list[np.ndarray]:
            looks = [(pts, blobs[j].color) for j, pts in asked]
            return self.refiner.refine_all(frame.image, looks, frame.tight)

        found = self.maker.make_all(
            [(b.pts, name, b.conf) for b, name in zip(blobs, names, strict=True)], grow_all
        )
        for blob, pieces in zip(blobs, found, strict=True):
            made += [(p, len(blob.pts) / s2 / len(pieces)) for p in pieces]
        return None, self._drop_fragments(made)

    def _drop_fragments(self, made: list[tuple[Piece, float]]) -> list[Piece]:
        """A meeple-sized-or-less scrap beside a pyramid of its colour is a piece of that
        pyramid (a face the print hid), not a meeple."""
        small = FRAGMENT * SEEN_SHARE * self.colors.area_mm2[MEEPLE]
        reach = 0.9 * math.sqrt(self.colors.area_mm2[PYRAMID])
        pyramids = [p for p, _ in made if p.kind == PYRAMID]
        out = []
        for p, area in made:
            if p.kind == MEEPLE and area < small:
                near = [
                    q
                    for q in pyramids
                    if q.color == p.color and math.hypot(q.x_mm - p.x_mm, q.y_mm - p.y_mm) < reach
                ]
                if near:
                    continue
            out.append(p)
        return out

    def blobs(self, frame: Frame) -> list[Blob]:
        """Connected pixels of one piece colour, each nearer that colour than the board."""
        return self.finder.find(frame)
