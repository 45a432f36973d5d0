"""From blobs of one colour to pieces: how many, meeple or pyramid, and where.

Sizes are the owner's, measured at calibration (`Shapes`): a blob's area against the seen
areas of one pyramid and one meeple gives the count of touching pieces (each player has one
meeple, and pyramids stand on stations); its area and elongation against the measured ones
say meeple or pyramid. Position only helps: a pyramid stands on a station's circles, a meeple
anywhere (a meeple on a station's circles is still a meeple by its shape). The kind
confidence is how well shape and position agree.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import NamedTuple

import cv2
import numpy as np

from companion.metro.board import BoardMap
from companion.vision.blob_moments import Measures, measure_all
from companion.vision.centre_lean import centre_odds
from companion.vision.model import MEEPLE, PYRAMID, RECONCILE_DOUBT, Piece
from companion.vision.outline import elongation
from companion.vision.seen_shapes import (
    SEEN_SHARE,
    Shapes,
    count_pieces,
    kmeans,
)
from companion.vision.shading import (
    RISE_WEIGHT,
    holds,
    lean_direction,
    rise,
    rise_odds,
    shading_says,
)
from companion.vision.station_discs import PYRAMID_LEAN_MM, StationDiscs
from companion.vision.station_reach import StationReach

MEEPLE_LEAN_MM = 8.5
"""Height of a meeple's seen centre: its blob's centroid leans away from the camera by it
(a pyramid's: `station_discs.PYRAMID_LEAN_MM`)."""
DOUBT = 1.0
SURE_SHAPE = 4.0
"""Shading log-odds of DOUBT against what size and shape say (when those say it by less than
SURE_SHAPE) make a kind call a doubtful one."""
SHADING_SAYS = RISE_WEIGHT + SURE_SHAPE
"""Beyond these log-odds by size and shape the shading changes neither the call nor its doubt:
it is not measured."""
MEEPLE_TOP_MM = 2 * MEEPLE_LEAN_MM
"""Height of a meeple's top (its level face)."""
STATION_MM = 6.5
"""A pyramid's centre stands within this of its station's centre (beyond, less and less)."""


SURE = 0.95
"""A lone blob on a station this sure a pyramid by the loose test is not looked at again (its
lost faces only make it more of one); any less sure is judged on the grown blob."""
THIN = 0.45
"""A blob thinner than this share of a meeple's seen width is no piece: a printed line's edge
showing through the change test, not something standing on the board."""
EXPLAINED = 0.8
"""A station's pyramid disc this much covered by a blob or hidden by print of its colour."""
HIDDEN = 0.25
"""Print of a piece's colour hiding this share of a station's pyramid disc makes a blob's
outline there the print's as much as the piece's (`PieceMaker._aspect`)."""
ON_PYRAMIDS = 0.5
"""A meeple's part of a blob with more than this share within a pyramid's seen radius of
the blob's stations is those pyramids' (a meeple cannot stand inside a pyramid)."""
OWN_SHARE = 0.5
"""A meeple's place is its outline's without its shadow where that keeps this share of it."""
STATION_PRIOR = 0.0
"""Log-odds for a pyramid of a blob on a station's circles, before its shape and what print
can hide (fitted with those on a sample of the hard set apart from the benchmark's: 0)."""


class Fit(NamedTuple):
    """How a blob fits a pyramid: by shape (0-1), by position (0-1) and both (`pyramid`,
    with the station prior)."""

    pyramid: float
    shape: float
    position: float
    x_mm: float
    y_mm: float
    station: int
    """Index of the nearest station."""
    distance_mm: float
    shading: float = 0.0
    """Log-odds for a pyramid the shading cue alone gave (`vision.shading`)."""
    centre: float = 0.0
    """Log-odds for a pyramid where the blob's seen centre stands gave (`vision.centre_lean`)."""


class Split(NamedTuple):
    """How a blob first splits: its pyramids and meeples by area, and its parts (none where
    it counts one piece)."""

    pyramids: int
    meeples: int
    parts: list[np.ndarray]


class PieceMaker:
    """Turns one blob of one colour (pixel coordinates in the board frame) into pieces."""

    def __init__(
        self,
        board: BoardMap,
        scale: float,
        shapes: Shapes,
        stations: dict[str, tuple[float, float]],
        unlean: Callable[[float, float, float], tuple[float, float]],
        lean: Callable[[float, float, float], tuple[float, float]],
        camouflage: Callable[[str], np.ndarray],
        place: Callable[[], object] | None = None,
    ) -> None:
        """`place`: where the camera is that `lean` and `unlean` lean from, or None
        (`StationDiscs.place`)."""
        self.board = board
        self.scale = scale
        self.shapes = shapes
        self.stations = StationReach(stations)
        self.unlean = unlean
        self.lean = lean
        self.discs = StationDiscs(scale, shapes, self.stations.xy, lean, camouflage, place)
        # Keyed by id, holding the array (so the id stays its own): one blob's parts are
        # fitted several ways in `make`, each part's outline and fit once.
        self._rects: dict[int, tuple[np.ndarray, tuple[float, float]]] = {}
        self._fits: dict[int, tuple[np.ndarray, Fit]] = {}
        self._splits: dict[int, tuple[np.ndarray, Split]] = {}
        self._measured: dict[int, Measures] = {}
        self._measured_image: np.ndarray | None = None
        self._shading = holds(shapes.meeple_rise, shapes.pyramid_rise)
        single = SEEN_SHARE * max(shapes.pyramid_mm2, shapes.meeple_mm2)
        self._several_mm2 = 1.15 * single
        """A blob this large or larger may hold several pieces (`make`)."""
        self._several_px = 1.15 * single * scale**2
        self._thin_px = THIN * shapes.meeple_width_mm * scale
        self.image: np.ndarray | None = None
        """The board-frame image being read (the reader sets it), for the shading cue."""
        self.outline: Callable[[np.ndarray, str], np.ndarray] | None = None
        """A blob's pixels (of a colour) without its shadow's, in the frame being read (the
        reader sets it: `BlobFinder.off_shadow`), for where a meeple stands."""

    def stations_under(self, pts: np.ndarray) -> int:
        """How many station centres lie under (or within a few mm of) these pixels."""
        return len(self.stations.under(pts, self.scale))

    def _pyramids_on(self, pts: np.ndarray, color: str, stations: np.ndarray) -> bool:
        return all(self.discs.explained(pts, color, int(k)) >= EXPLAINED for k in stations)

    def _on_pyramids(self, part: np.ndarray, stations: list[int]) -> bool:
        """Most of a part lies where the pyramids on these stations show: no meeple fits
        there (touching pyramids show more than their share, not a meeple between them)."""
        s = self.scale
        r = math.sqrt(self.shapes.pyramid_mm2 / math.pi) * s
        px = part[:: max(1, len(part) // 200)]
        inside = np.zeros(len(px), bool)
        for k in set(stations):
            sx, sy = self.stations.centres[k]
            cx, cy = self.lean(sx, sy, PYRAMID_LEAN_MM)
            inside |= np.hypot(px[:, 0] - cx * s, px[:, 1] - cy * s) < r
        return bool(inside.mean() > ON_PYRAMIDS) if len(px) else False

    def prepare(self, blobs: list[np.ndarray], colors: list[str] | None = None) -> None:
        """Measure all of a frame's blobs at once (`vision.blob_moments`), for `make_all` to
        fit them one by one: each whole blob's fit then takes its centre, station,
        elongation, shading rise and (given the blobs' colours) what it leaves of its
        station's pyramid disc from the batch, with the values its own measures give. Given
        the colours, the blobs that hold several pieces are split first and their parts
        measured in the same batch (each part's elongation and rise its own)."""
        self._rects.clear()
        self._fits.clear()
        self._splits.clear()
        self._measured_image = self.image
        self.discs.new_frame()
        whole = [b for b in blobs if len(b)]
        parts: list[np.ndarray] = []
        named = [c for b, c in zip(blobs, colors, strict=True) if len(b)] if colors else []
        part_colors: list[str] = []
        several, s2 = self._several_mm2, self.scale * self.scale
        for pts, color in zip(whole, named, strict=False):
            if len(pts) / s2 >= several:
                # Split before `make`'s thin test: a thin blob's parts are measured unused.
                split = self._split(pts, color)
                parts += split.parts
                part_colors += [color] * len(split.parts)
        measured = measure_all(
            whole,
            self.scale,
            (self.stations.x, self.stations.y),
            lambda x, y: self.unlean(x, y, PYRAMID_LEAN_MM),
            lambda x, y: self.lean(x, y, MEEPLE_TOP_MM),
            STATION_MM + 5.0,
            self.image,
            self._shading,
            parts,
        )
        self._measured = {id(m.pts): m for m in measured}
        if colors is not None:
            self.discs.explain_all(
                [m.pts for m in measured],
                named + part_colors,
                [m.station for m in measured],
                more=True,
            )

    def make(
        self,
        pts: np.ndarray,
        color: str,
        conf: float,
        grow: Callable[[np.ndarray], np.ndarray] | None = None,
    ) -> list[Piece]:
        """The pieces of one blob. `grow` gives the blob grown by a tight change test
        (`vision.refine`): a lone piece near a station is judged on it (a pyramid whose dark
        faces the loose test lost over print shows a meeple's area without them)."""
        self._rects.clear()
        self._fits.clear()
        self._splits.clear()
        self.discs.new_frame()
        pieces = self._make(pts, color, conf, grow)
        assert pieces is not None  # `grow` always answers
        return pieces

    def make_all(
        self,
        blobs: list[tuple[np.ndarray, str, float]],
        grow_all: Callable[[list[tuple[int, np.ndarray]]], list[np.ndarray]],
    ) -> list[list[Piece]]:
        """`make` of each (pixels, colour, confidence) of a frame, with the second looks that
        they ask for taken at once: `grow_all` grows (blob index, pixels) pairs. A blob that
        asks is made again once all are grown, asking the same (its fits are kept). After
        `prepare` of the frame's blobs."""
        asked: list[tuple[int, np.ndarray]] = []
        grown: dict[int, tuple[np.ndarray, np.ndarray]] = {}

        def ask(j: int) -> Callable[[np.ndarray], np.ndarray | None]:
            def grow(pts: np.ndarray) -> np.ndarray | None:
                got = grown.get(j)
                if got is not None and got[0] is pts:
                    return got[1]
                asked.append((j, pts))
                return None

            return grow

        made = [self._make(pts, color, conf, ask(j)) for j, (pts, color, conf) in enumerate(blobs)]
        if asked:
            for (j, pts), bigger in zip(asked, grow_all(asked), strict=True):
                grown[j] = (pts, bigger)
            for j, _ in asked:
                pts, color, conf = blobs[j]
                made[j] = self._make(pts, color, conf, ask(j))
        # A blob asks once, for its own pixels (`_lone`), so the second making has its answer.
        assert all(pieces is not None for pieces in made), "a blob asked for a second grow"
        return [pieces if pieces is not None else [] for pieces in made]

    def _make(
        self,
        pts: np.ndarray,
        color: str,
        conf: float,
        grow: Callable[[np.ndarray], np.ndarray | None] | None,
    ) -> list[Piece] | None:
        """`make`, or None where `grow` has no answer yet."""
        if self._thin(pts):
            return []
        if len(pts) / (self.scale * self.scale) < self._several_mm2:
            return self._lone(pts, color, conf, grow)
        n_p, n_m, parts = self._split(pts, color)
        if n_p + n_m <= 1:
            return self._lone(pts, color, conf * 0.9, grow)
        pieces = [self.piece(p, color, conf * 0.85) for p in parts]
        if n_m == 0:
            off = [i for i, part in enumerate(parts) if self.fit(part, color).position <= 0]
            if len(off) == 1 and len(parts) >= 2 and not self._thin(parts[off[0]]):
                # A pyramid stands on its station's circles: a part off all of them, beside
                # the pyramids, is a meeple (the area counted one pyramid for it).
                return [
                    pieces[i] if i == off[0] else self._as_pyramid(pieces[i], parts[i])
                    for i in range(len(parts))
                ]
            return [self._as_pyramid(p, part) for p, part in zip(pieces, parts, strict=True)]
        # One meeple: the part least like a pyramid on a station; the rest pyramids.
        scores = [self.fit(part, color).pyramid for part in parts]
        k = int(np.argmin(scores))
        on = self._on_pyramids(
            parts[k], [self.fit(part, color).station for i, part in enumerate(parts) if i != k]
        )
        if on or self._too_close(parts, k) or self._thin(parts[k]):
            # No meeple fits beside those pyramids: the blob is pyramids (and their shadows);
            # a meeple's share lying on the stations' pyramids is one more pyramid's.
            if on:
                n_p = min(n_p + 1, self.stations_under(pts))
            if n_p <= 1:
                # One pyramid, or pyramids whose dark faces print hid: the second look tells.
                return self._lone(pts, color, conf * 0.8, grow)
            parts = _parts(pts, kmeans(pts, n_p), n_p)
            pieces = [self.piece(p, color, conf * 0.8) for p in parts]
            return [self._as_pyramid(p, part) for p, part in zip(pieces, parts, strict=True)]
        return [
            pieces[i] if i == k else self._as_pyramid(pieces[i], parts[i])
            for i in range(len(parts))
        ]

    def _split(self, pts: np.ndarray, color: str) -> Split:
        """How a blob one piece's size or larger first splits (no parts where it counts one
        piece): worked out once a frame."""
        got = self._splits.get(id(pts))
        if got is not None and got[0] is pts:
            return got[1]
        under = self.stations.under(pts, self.scale)
        n_p, n_m = count_pieces(len(pts) / (self.scale * self.scale), self.shapes, len(under))
        if n_p + n_m < len(under) and len(under) >= 2 and self._pyramids_on(pts, color, under):
            # Fewer pieces' area than stations under it, whose pyramids' discs it and print of
            # its colour fill: pyramids whose faces the print hid, not fewer pieces between.
            n_p, n_m = len(under), 0
        n = n_p + n_m
        split = Split(n_p, n_m, _parts(pts, kmeans(pts, n), n) if n > 1 else [])
        self._splits[id(pts)] = (pts, split)
        return split

    def _lone(
        self,
        pts: np.ndarray,
        color: str,
        conf: float,
        grow: Callable[[np.ndarray], np.ndarray | None] | None,
    ) -> list[Piece] | None:
        fit = self.fit(pts, color)
        if grow is None or fit.position <= 0 or fit.pyramid >= SURE:
            return [self.piece(pts, color, conf)]
        grown = grow(pts)
        if grown is None:
            return None
        if len(grown) >= self._several_px and self.stations_under(grown) >= 2:
            return self._make(grown, color, conf, None)
        return [self.piece(grown, color, conf)]

    def _rect(self, pts: np.ndarray) -> tuple[float, float]:
        """(short, long) side of the blob's minimum-area rectangle, px."""
        measured = self._measured.get(id(pts))
        if measured is not None and measured.pts is pts:
            return measured.rect
        got = self._rects.get(id(pts))
        if got is not None and got[0] is pts:
            return got[1]
        rect = (0.0, 0.0)
        if len(pts) >= 5:
            (_, _), (rw, rh), _ = cv2.minAreaRect(pts)
            rect = (min(rw, rh), max(rw, rh))
        self._rects[id(pts)] = (pts, rect)
        return rect

    def _aspect(
        self, pts: np.ndarray, color: str, station: int, elong: float | None = None
    ) -> float:
        """The blob's elongation by its second moments (`vision.outline`). Where print of its
        colour hides part of the nearest station's pyramid disc, the outline left is the
        print's as much as the piece's (a pyramid missing a face is long): there, more and
        more, its minimum-area rectangle's, which the print's bite changes less."""
        short, long = self._rect(pts)
        rect = long / max(1.0, short) if len(pts) >= 5 else 1.0
        trust = max(0.0, 1 - self.discs.hidden(color, station) / HIDDEN)
        if elong is None:
            elong = elongation(pts)
        return rect + (elong - rect) * trust

    def _thin(self, pts: np.ndarray) -> bool:
        return self._rect(pts)[0] < self._thin_px

    def _too_close(self, parts: list[np.ndarray], meeple: int) -> bool:
        """The meeple part's centre nearer a pyramid part's than a meeple standing against a
        pyramid can be (half a pyramid plus half a meeple's depth)."""
        sh = self.shapes
        sep = 0.5 * math.sqrt(SEEN_SHARE * sh.pyramid_mm2) + 0.3 * math.sqrt(
            SEEN_SHARE * sh.meeple_mm2
        )
        m = parts[meeple].mean(0)
        return any(
            math.dist(m, part.mean(0)) < sep * self.scale
            for i, part in enumerate(parts)
            if i != meeple
        )

    def _as_pyramid(self, piece: Piece, pts: np.ndarray) -> Piece:
        if piece.kind == PYRAMID:
            return piece
        fit = self.fit(pts, piece.color)
        station = self.stations.ids[fit.station]
        return Piece(
            PYRAMID, piece.color, fit.x_mm, fit.y_mm, None, station, piece.confidence * 0.7
        )

    def station_pyramids(self, spare: list[Piece], kept: list[Piece]) -> list[Piece]:
        """Meeples beyond a colour's one that stand on a station's circles with no pyramid
        read there, as that station's pyramids: a black pyramid whose faces dark print hid
        shows a meeple's area on its station, while the player's meeple is read elsewhere.
        A doubtful call (0.5), for the game's reconcile."""
        taken = {p.station for p in kept if p.kind == PYRAMID}
        out = []
        for p in spare:
            if p.kind != MEEPLE:
                continue
            x, y = self.unlean(*self.lean(p.x_mm, p.y_mm, MEEPLE_LEAN_MM), PYRAMID_LEAN_MM)
            k, d = self.stations.nearest(x, y)
            station = self.stations.ids[k]
            if d < STATION_MM and station not in taken:
                taken.add(station)
                out.append(Piece(PYRAMID, p.color, x, y, None, station, min(p.confidence, 0.5)))
        return out

    def on_free_station(self, pieces: list[Piece]) -> Callable[[Piece], bool]:
        """Whether a meeple stands on the circles of a station where none of `pieces` is a
        pyramid: there, as a spare, `station_pyramids` would make it that station's pyramid."""
        taken = {p.station for p in pieces if p.kind == PYRAMID}

        def free(p: Piece) -> bool:
            x, y = self.unlean(*self.lean(p.x_mm, p.y_mm, MEEPLE_LEAN_MM), PYRAMID_LEAN_MM)
            k, d = self.stations.nearest(x, y)
            return d < STATION_MM and self.stations.ids[k] not in taken

        return free

    def fit(self, pts: np.ndarray, color: str) -> Fit:
        got = self._fits.get(id(pts))
        if got is not None and got[0] is pts:
            return got[1]
        fit = self._fit(pts, color)
        self._fits[id(pts)] = (pts, fit)
        return fit

    def _measure(self, pts: np.ndarray) -> Measures:
        got = self._measured.get(id(pts))
        if got is not None and got.pts is pts and self.image is self._measured_image:
            return got
        s = self.scale
        centre = pts.sum(0) / len(pts)  # np.mean's value without its overhead
        sx, sy = (v / s for v in centre.tolist())
        x_mm, y_mm = self.unlean(sx, sy, PYRAMID_LEAN_MM)
        k, d = self.stations.nearest(x_mm, y_mm)
        lean = lean_direction(sx, sy, self.lean(sx, sy, MEEPLE_TOP_MM))
        elong, rect = elongation(pts, centre), self._rect(pts)
        return Measures(pts, centre, x_mm, y_mm, k, d, elong, lean, None, rect)

    def _fit(self, pts: np.ndarray, color: str) -> Fit:
        s = self.scale
        m = self._measure(pts)
        area = len(pts) / (s * s)
        x_mm, y_mm, k, d = m.x_mm, m.y_mm, m.station, m.distance_mm
        aspect = self._aspect(pts, color, k, m.elongation)
        z = self.shapes.pyramid_likeness(area, aspect)
        position = min(1.0, max(0.0, 1 - (d - STATION_MM) / 5.0))
        if position > 0 and abs(z + STATION_PRIOR) < 5:
            # Small or slim on a station: a meeple, or a pyramid partly lost in print of its
            # own colour? What the blob and that print leave of a pyramid's disc says which.
            z += 12.0 * (self.discs.explained(pts, color, k) - 0.8)
        shading = centre = 0.0
        if position > 0 and abs(z) < SHADING_SAYS:
            # On a station a meeple can look as round as a pyramid: how its brightness runs
            # along its lean tells its level top from a pyramid's sloping faces, and its seen
            # centre lies beyond its foot, where a pyramid's is its base's.
            cx, cy = m.centre.tolist()
            sx, sy = cx / s, cy / s
            (ux, uy), lean_mm = m.lean
            if self.image is not None and shading_says(self._shading, lean_mm):
                shading = rise_odds(
                    rise(self.image, pts, (ux, uy)) if m.rise is None else m.rise,
                    self.shapes.meeple_rise,
                    self.shapes.pyramid_rise,
                    lean_mm,
                )
            st_x, st_y = self.stations.centres[k]
            centre = centre_odds((sx - st_x) * ux + (sy - st_y) * uy, lean_mm)
            z += shading + centre
        shape = 1 / (1 + math.exp(-z))
        pyramid = position / (1 + math.exp(-(z + STATION_PRIOR)))
        return Fit(pyramid, shape, position, x_mm, y_mm, k, d, shading, centre)

    def piece(self, pts: np.ndarray, color: str, conf_color: float) -> Piece:
        fit = self.fit(pts, color)
        kind_conf = abs(2 * fit.pyramid - 1)
        cues = fit.shading + fit.centre
        # the cues together, or the louder alone where the other says the opposite
        loud = fit.shading if abs(fit.shading) > abs(fit.centre) else fit.centre
        if abs(cues) >= DOUBT or abs(loud) >= DOUBT:
            shape = min(max(fit.shape, 1e-9), 1 - 1e-9)
            rest = math.log(shape / (1 - shape)) - cues
            if (
                any((rest >= 0) != (c >= 0) for c in (cues, loud) if abs(c) >= DOUBT)
                and abs(rest) < SURE_SHAPE
            ):
                # Size and the lean's cues disagree: a call for the game to settle.
                kind_conf = min(kind_conf, 0.5)
        if fit.pyramid >= 0.5:
            place_conf = float(max(0.0, 1 - max(0.0, fit.distance_mm - STATION_MM) / 6.0))
            conf = min(conf_color, kind_conf, place_conf)
            station = self.stations.ids[fit.station]
            return Piece(PYRAMID, color, fit.x_mm, fit.y_mm, None, station, conf)
        # Off every station a pyramid's shape still casts doubt on a meeple call.
        kind_conf *= 1 - 0.5 * fit.shape * (1 - fit.position)
        x_mm, y_mm = self._as_meeple(fit.x_mm, fit.y_mm)
        whole: tuple[float, float] | None = None
        own = pts if self.outline is None else self.outline(pts, color)
        if own is not pts and len(own) >= OWN_SHARE * len(pts):
            # Where a dark meeple stands is its own outline's, not its shadow's too.
            cx, cy = (own.sum(0) / len(own)).tolist()
            whole = (x_mm, y_mm)
            x_mm, y_mm = self._as_meeple(
                *self.unlean(cx / self.scale, cy / self.scale, PYRAMID_LEAN_MM)
            )
        sq = self.board.grid.square_at(x_mm, y_mm)
        conf = min(conf_color, kind_conf, 1.0 if sq else 0.0)
        return Piece(MEEPLE, color, x_mm, y_mm, sq, None, conf, whole)

    def _as_meeple(self, x_mm: float, y_mm: float) -> tuple[float, float]:
        """A meeple's foot from where its blob would put a pyramid."""
        return self.unlean(*self.lean(x_mm, y_mm, PYRAMID_LEAN_MM), MEEPLE_LEAN_MM)


def _parts(pts: np.ndarray, labels: np.ndarray, n: int) -> list[np.ndarray]:
    """The pixels of each of n groups (of labels 0 to n - 1) of 8 pixels or more."""
    masks = [labels == g for g in range(n)]
    # compress: boolean indexing's rows, twice as quick.
    return [pts.compress(m, axis=0) for m in masks if np.count_nonzero(m) >= 8]


def one_meeple_each(
    pieces: list[Piece], on_free_station: Callable[[Piece], bool] | None = None
) -> list[Piece]:
    """Each player has one meeple: of several read in one colour, the surest is it; the
    others are parts of other pieces (a dark meeple's shaded side, the edge of a shadow).

    With `on_free_station` (`PieceMaker.on_free_station`): a doubtful meeple (under
    `RECONCILE_DOUBT`, a call the game settles) on a free station's circles is as much that
    station's pyramid, which it becomes as a spare (`PieceMaker.station_pyramids`, 0.5): it
    counts as sure as that pyramid, and of two as sure the one off the stations is the meeple
    (kept, it loses no piece; a black pyramid half hidden in dark print shows a meeple's area,
    while the player's meeple over print of its shade is read doubtful, 0.5)."""
    by_colour: dict[str, list[Piece]] = {}
    for p in pieces:
        if p.kind == MEEPLE:
            by_colour.setdefault(p.color, []).append(p)
    best: dict[str, Piece] = {}
    for colour, meeples in by_colour.items():
        if len(meeples) == 1 or on_free_station is None:
            best[colour] = max(meeples, key=lambda p: p.confidence)  # the first of the surest
            continue
        ranks = []
        for p in meeples:
            free = p.confidence < RECONCILE_DOUBT and on_free_station(p)
            ranks.append((min(p.confidence, 0.5) if free else p.confidence, not free))
        best[colour] = meeples[ranks.index(max(ranks))]
    return [p for p in pieces if p.kind != MEEPLE or best[p.color] is p]
