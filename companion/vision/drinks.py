"""METRO DRINKS under the camera: a drink standing beside a station's pyramid, read as a drink of
its colour at that station.

A drink only ever stands on a station with a pyramid, so only the ring round each pyramid the
reader found is looked at (`drink_ring`): the pixels there that changed against the empty board,
outside the footprint of the other stations' pyramids, nearest one of the six drink colours, or
a white drink's change (`drink_evidence`). This module decides: which piece a drink stands
beside, a meeple's pixels set aside and the ring read again, a drink in two stations' rings or
inside a pyramid read, and the pieces the piece reader made of a drink and its pyramid.

`DrinkReader.read` is the reader's hook (on while the game plays METRO DRINKS, `Reader.
read_drinks`): it returns the pieces with the drinks added.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

import numpy as np

from companion.metro.board import BoardMap
from companion.vision.colormodel import ColorModel
from companion.vision.drink_evidence import LOOKALIKES, SHADOW, DrinkEvidence
from companion.vision.drink_proposals import SAME_SPOT_MM, SURE, UNSURE_CONFIDENCE
from companion.vision.drink_ring import DrinkRings
from companion.vision.drink_shape import DRINK as DRINK_SHAPE
from companion.vision.drink_shape import MEEPLE as MEEPLE_SHAPE
from companion.vision.drink_shape import UNSURE
from companion.vision.drink_sharp import SharpLook
from companion.vision.model import (
    DRINK_DIAMETER_MM,
    MEEPLE,
    MEEPLE_DEPTH_MM,
    PYRAMID,
    Piece,
    station_center,
)
from companion.vision.white_drink import Lean

SMALL = 0.5
"""A drink colour seen in less than this share of a drink's top, with a white drink's change
beside it, is that white drink's shade on print of a near colour, or a scrap of another
station's drink; unless the white drink would stand where that colour is
(`DrinkReader._own_change`)."""
INSIDE = 0.6
"""A drink read nearer a pyramid than this many of its bases stands inside it (a drink
touching a pyramid's side stands half a base and half a drink from its centre)."""
ON_CENTRE = 0.35
"""A meeple read this many pyramid bases from a station's centre may be its pyramid."""
OFF_CENTRE_BASE = 0.45
"""One read up to this far may be too (a drink beside a black pyramid drew its blob away)
when the drink beside it is seen whole (a drink's disc of its colour in one blob): a meeple
standing near a station's centre shows a few pixels of a drink colour in its shade."""
OFF_CENTRE = 0.25
DOUBTFUL = 0.7
"""A pyramid read with less confidence than this, more than `OFF_CENTRE` of its bases from
its station's centre (a pyramid read right stands within 0.21), may be a drink beside the next
station's pyramid (a black drink by a black pyramid): it hides nothing of that pyramid's ring."""
CENTRED = 0.21
"""99 % of the pyramids read right stand within this many of their bases of their station's
centre."""
ROOM = 1.0
"""A meeple stands between a pyramid and its drink only when the drink stands this many
meeples' depths beyond the pyramid's half base and the drink's radius."""
GAP_ANGLE = math.radians(60)
"""A meeple read within this angle of a drink's direction from its station's centre, nearer
the centre, stands between the pyramid and that drink."""
STRONG_WHITE = 0.7
"""A white drink read this sure (its change 1.4 times `white_drink.CHANGE`) beside a pyramid
read with doubt but within `CENTRED` of its station's centre is that pyramid's drink."""


def _lookalike(base: Piece, drink: Piece) -> list[Piece]:
    """The meeple a drink is read beside, when the drink's colour is part of that meeple's
    (`LOOKALIKES`: a green meeple's lit end is mint): the shape test is asked about it too."""
    if base.kind != MEEPLE or base.color not in LOOKALIKES.get(drink.color, ()):
        return []
    return [base]


class DrinkReader:
    """Finds the drinks beside the pyramids of a reading, in the board frame's pixels."""

    def __init__(
        self,
        board: BoardMap,
        scale: float,
        colors: ColorModel,
        ref_lab: np.ndarray,
        colors_at: Callable[[object, np.ndarray, np.ndarray], np.ndarray],
        board_distance: Callable[[np.ndarray, np.ndarray, np.ndarray], np.ndarray],
        lean: Lean,
        margin: float,
        size: tuple[int, int],
        change_unit: float = 1.0,
        reference: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None,
        shadowed: Callable[[object, np.ndarray, np.ndarray], np.ndarray] | None = None,
        lit: Callable[[object, np.ndarray, np.ndarray], np.ndarray] | None = None,
        place: Callable[[], object] | None = None,
    ) -> None:
        """`reference`: the calibration photo, its homography (board mm to its px) and the
        board frame's light norm, for the sharp look at the camera frame (`drink_sharp`);
        `shadowed`, `lit`: the board frame's shadow test and brightness against the empty
        board (`BoardFrame.shadowed`, `BoardFrame.lit`); `place`: where the camera is that
        `lean` leans from (equal while it stays: what depends on it alone is kept)."""
        self.board = board
        self.scale = scale
        self.base = math.sqrt(colors.area_mm2[PYRAMID])
        """The pyramids' seen base (mm), from the calibration photo."""
        self.rings = DrinkRings(board, scale, size, lean, self.base)
        self.evidence = DrinkEvidence(
            self.rings,
            colors,
            ref_lab,
            colors_at,
            board_distance,
            margin,
            change_unit,
            shadowed,
            lit,
        )
        self.meeple = self.evidence.meeple
        self.evidence.place = place
        if reference is not None:
            photo, homography, norm = reference
            self.evidence.sharp = SharpLook(
                photo, homography, self.evidence.palette, norm, scale, margin, lean, colors
            )
        self._station_ids = sorted(board.stations)
        self._centres = np.array([station_center(board, s) for s in self._station_ids])

    def _doubtful(self, piece: Piece) -> bool:
        """A pyramid read with doubt off its station's centre (`DOUBTFUL`)."""
        if piece.kind != PYRAMID or piece.station is None or piece.confidence >= DOUBTFUL:
            return False
        x, y = station_center(self.board, piece.station)
        return math.hypot(piece.x_mm - x, piece.y_mm - y) > OFF_CENTRE * self.base

    def _twin(self, frame: object, piece: Piece) -> bool:
        """A pyramid read with doubt (`DOUBTFUL`) that is a drink of its colour's hue twin
        (`DrinkEvidence.hue_twin`): it hides nothing of the ring it stands in (seed 6077's
        purple drink by Iwamotocho, on Akihabara's circles, read as a blue pyramid there)."""
        return piece.confidence < DOUBTFUL and self.evidence.hue_twin(frame, piece)

    def read(self, frame: object, pieces: list[Piece]) -> list[Piece]:
        """The pieces with a drink added for each pyramid that has one beside it. A meeple the
        piece reader made of a drink stays: `drink_proposals.settle` removes it knowing
        where the game has each meeple. A meeple read on a station's centre with a drink beside
        it is that station's pyramid (a drink stands only by a pyramid, and no meeple stands
        in one): the drink's shadow or side made the pyramid's blob look long. A blob the
        board frame's pixels cannot tell gets a sharp look at the camera frame's own
        (`Frame.source`, `drink_sharp`)."""
        self.evidence.palette.forget()
        found: list[tuple[Piece, Piece]] = []
        stations = self._bases(pieces)
        for base, station in stations:
            drink = self._at(frame, pieces, base, station, [])
            if drink is not None:
                found.append((drink, base))
        found, gone = self._read_twice(frame, found, pieces)
        found = [(d, b) for d, b in found if not _a_drink(b, gone)]
        kept = self._one_each([d for d, _base in found])
        again: list[tuple[Piece, Piece]] = []
        for base, station in stations:
            # the drinks the other stations keep (and stand nearer), set aside: this station's
            # ring read again
            if _a_drink(base, gone) or any(k.station == station for k in kept):
                continue
            taken = [
                k
                for k in kept
                if self._in_ring(k, station) and self._off(k) <= self._off(k, station)
            ]
            drink = self._at(frame, pieces, base, station, taken) if taken else None
            if drink is not None:
                again.append((drink, base))
        if again:
            again, more = self._read_twice(frame, again, pieces)
            found, gone = found + again, gone | more
            found = [(d, b) for d, b in found if not _a_drink(b, gone)]
            kept = self._one_each([d for d, _base in found])
        chosen = {id(d) for d in kept}
        bases = {id(base): d for d, base in found if id(d) in chosen}
        out = [
            self._pyramid(p, bases[id(p)]) if id(p) in bases and p.kind == MEEPLE else p
            for p in pieces
            if id(p) not in gone
        ]
        built = {(p.station, p.color) for p in out if p.kind == PYRAMID}
        return [p for p in out if not self._in_the_gap(p, built, kept)] + kept

    @staticmethod
    def _pyramid(meeple: Piece, drink: Piece) -> Piece:
        """A meeple read on a station's centre with a drink beside it, as that station's
        pyramid: no surer than the drink, the one sign that it is no meeple."""
        confidence = min(meeple.confidence, drink.confidence)
        return replace(
            meeple, kind=PYRAMID, square=None, station=drink.station, confidence=confidence
        )

    def _in_ring(self, drink: Piece, station: str) -> bool:
        """Some of the drink's disc lies in the station's ring."""
        x, y = station_center(self.board, station)
        d = math.hypot(drink.x_mm - x, drink.y_mm - y)
        return (
            self.rings.inner - DRINK_DIAMETER_MM / 2
            <= d
            <= self.rings.outer + DRINK_DIAMETER_MM / 2
        )

    def _in_the_gap(
        self, meeple: Piece, built: set[tuple[str | None, str]], drinks: list[Piece]
    ) -> bool:
        """A meeple of a pyramid's colour (`built`: station and colour of each pyramid read)
        read between it and its drink, where there is no room for one (`ROOM`): the pyramid's
        shaded side with the drink's shadow, one blob the piece reader split."""
        if meeple.kind != MEEPLE:
            return False
        room = self.base / 2 + ROOM * MEEPLE_DEPTH_MM + DRINK_DIAMETER_MM / 2
        for d in drinks:
            if (d.station, meeple.color) not in built:
                continue
            if math.hypot(meeple.x_mm - d.x_mm, meeple.y_mm - d.y_mm) < SAME_SPOT_MM:
                continue  # the drink read twice, or the meeple read as a drink: `settle`'s
            cx, cy = station_center(self.board, d.station or "")
            far = math.hypot(d.x_mm - cx, d.y_mm - cy)
            near = math.hypot(meeple.x_mm - cx, meeple.y_mm - cy)
            if far >= room or near >= far:
                continue
            turn = math.atan2(meeple.y_mm - cy, meeple.x_mm - cx) - math.atan2(
                d.y_mm - cy, d.x_mm - cx
            )
            if abs((turn + math.pi) % (2 * math.pi) - math.pi) < GAP_ANGLE:
                return True
        return False

    def _at(
        self, frame: object, pieces: list[Piece], base: Piece, station: str, aside: list[Piece]
    ) -> Piece | None:
        """The drink beside `base` at `station`, its ring's pixels within a drink's diameter of
        the drinks `aside` set aside. A white drink, read by its change alone, is none beside a
        doubtful pyramid off its station's centre (`DOUBTFUL`)."""
        ys, xs = self.rings.ring(station)
        others = [
            p
            for p in pieces
            if p.station != station
            and p is not base
            and not self._doubtful(p)
            and not self._twin(frame, p)
        ]
        keep = ~self.rings.covered(ys, xs, others)
        s = self.scale
        for d in aside:
            keep &= np.hypot(xs / s - d.x_mm, ys / s - d.y_mm) > DRINK_DIAMETER_MM
        ys, xs = ys[keep], xs[keep]
        if len(ys) < self.evidence.min_px:
            return None
        drink = self._beside(frame, ys, xs, station, [p for p in pieces if p is not base], base)
        if drink is not None and drink.color == "white" and self._doubtful(base):
            if drink.confidence < STRONG_WHITE:
                return None  # a meeple read as that pyramid: its shadow changes the paper too
            # or the pyramid, its blob drawn off the centre by the drink: the game decides
            return replace(drink, confidence=min(drink.confidence, UNSURE_CONFIDENCE))
        if drink is not None and self._own_shadow(base, station, drink):
            return None
        if drink is not None and (
            self._sure_base(base, station)
            or self.evidence.whole(frame, ys, xs, drink)
            or self._centred_white(base, station, drink)
        ):
            return drink
        return None

    def _read_twice(
        self, frame: object, found: list[tuple[Piece, Piece]], pieces: list[Piece]
    ) -> tuple[list[tuple[Piece, Piece]], dict[int, str]]:
        """(the drinks with their bases, the ids of pieces that were drinks with those drinks'
        colours). A drink read inside a pyramid read (or inside a drink's base, a meeple that
        is another station's pyramid, or its own) is one thing read twice: a drink when
        another pyramid's ring holds it (then it is that station's, and the pyramid read on
        it was the drink), else that piece's own pixels (no drink: one stands only by a
        pyramid), unless that piece is a meeple too large for one: a pyramid and its drink of
        one colour seen as one blob (`_merged`)."""
        out: list[tuple[Piece, Piece]] = []
        gone: dict[int, str] = {}
        bases = {id(b) for _d, b in found}
        for d, base in found:
            inside = [
                p
                for p in pieces
                if (p.kind == PYRAMID or id(p) in bases)
                and math.hypot(p.x_mm - d.x_mm, p.y_mm - d.y_mm) < INSIDE * self.base
            ]
            if inside == [base] and base.kind == MEEPLE and self.evidence.merged(frame, d):
                out.append((d, base))
                continue
            if not inside:
                out.append((d, base))
                continue
            if any(p.kind == MEEPLE and p is not base for p in inside):
                continue  # another station's pyramid read as a meeple, with a drink of its own
            hosts = [
                p
                for p in pieces
                if p.kind == PYRAMID
                and p.station
                and all(p is not q for q in inside)
                and self.rings.inner
                <= math.dist(station_center(self.board, p.station), (d.x_mm, d.y_mm))
                <= self.rings.outer
            ]
            if hosts:
                host = min(hosts, key=lambda p: math.hypot(p.x_mm - d.x_mm, p.y_mm - d.y_mm))
                drink = replace(d, station=host.station)
                if self._a_meeple(frame, drink, inside, pieces):
                    continue
                out.append((drink, host))
                gone |= {id(p): d.color for p in inside}
        return out, gone

    def _a_meeple(
        self, frame: object, drink: Piece, inside: list[Piece], pieces: list[Piece]
    ) -> bool:
        """A pyramid read with doubt off its station's centre (`DOUBTFUL`) that the drink is
        read inside may be a meeple on that station's circles as well as a drink beside the
        next station's pyramid (the drink's station here): it is no drink when the drink's
        blob there, with that pyramid taken for a meeple, has a meeple's shape
        (`DrinkEvidence.shape`; a black meeple lying on Nishinagahori's circles was read as
        Awaza's black drink)."""
        doubtful = [p for p in inside if self._doubtful(p)]
        if not doubtful:
            return False
        rest = [p for p in pieces if all(p is not q for q in doubtful)]
        seen = rest + [replace(p, kind=MEEPLE, station=None) for p in doubtful]
        return self.evidence.shape(frame, drink, seen) == MEEPLE_SHAPE

    def _bases(self, pieces: list[Piece]) -> list[tuple[Piece, str]]:
        """The pieces a drink may stand beside, with their stations: every pyramid, and a
        meeple read within `OFF_CENTRE_BASE` base widths of a station's centre no pyramid was
        read on."""
        out = {p.station: p for p in pieces if p.kind == PYRAMID and p.station}
        for p in pieces:
            if p.kind != MEEPLE:
                continue
            x, y = _blob_place(p)
            d = np.hypot(self._centres[:, 0] - x, self._centres[:, 1] - y)
            k = int(np.argmin(d))
            station = self._station_ids[k]
            if d[k] < OFF_CENTRE_BASE * self.base and station not in out:
                out[station] = p
        return sorted(((p, s) for s, p in out.items() if s), key=lambda ps: ps[1])

    def _sure_base(self, base: Piece, station: str) -> bool:
        """A pyramid read as sure as a proposal needs (`SURE`: one read with less may be a
        meeple on the station's circles, and a white drink's change its shadow), or a meeple
        read within `ON_CENTRE` of the station's centre."""
        if base.kind == PYRAMID:
            return base.confidence >= SURE
        x, y = station_center(self.board, station)
        return math.dist(_blob_place(base), (x, y)) < ON_CENTRE * self.base

    def _own_shadow(self, base: Piece, station: str, drink: Piece) -> bool:
        """A faint white drink (under `STRONG_WHITE`) beside a meeple read more than `CENTRED`
        of a pyramid's base off the station's centre is that meeple's own shadow: a meeple
        standing on the station's circles, no pyramid there (seed 10077's Yellow meeple on
        Higashi-ginza's, 0.29-0.34 bases off, its shadow 11 mm away a white of 0.50-0.57). A
        pyramid read as a meeple stands on the centre: on fourteen drinks sets every faint white
        drink beside one was read with it within 0.16 of a base of the centre."""
        if drink.color != "white" or base.kind != MEEPLE or drink.confidence >= STRONG_WHITE:
            return False
        x, y = station_center(self.board, station)
        return math.dist(_blob_place(base), (x, y)) > CENTRED * self.base

    def _centred_white(self, base: Piece, station: str, drink: Piece) -> bool:
        """A white drink's strong change (`STRONG_WHITE`) beside a pyramid read with doubt
        that stands on its station's centre (`CENTRED`): a meeple read as a pyramid on the
        station's circles stands off the centre by its lean, and its shadow changes the paper
        faintly."""
        if drink.color != "white" or base.kind != PYRAMID or drink.confidence < STRONG_WHITE:
            return False
        x, y = station_center(self.board, station)
        return math.hypot(base.x_mm - x, base.y_mm - y) < CENTRED * self.base

    def _off(self, drink: Piece, station: str | None = None) -> float:
        """How far (mm) the drink is read from its station's centre (or `station`'s)."""
        x, y = station_center(self.board, station or drink.station or "")
        return math.hypot(drink.x_mm - x, drink.y_mm - y)

    def _one_each(self, found: list[Piece]) -> list[Piece]:
        """A drink between two close stations is in both rings: it stands at the nearer; and a
        station has one drink at most."""

        kept: list[Piece] = []
        for d in sorted(found, key=self._off):
            if all(
                k.station != d.station
                and math.hypot(d.x_mm - k.x_mm, d.y_mm - k.y_mm) > DRINK_DIAMETER_MM
                for k in kept
            ):
                kept.append(d)
        return kept

    def _white(
        self, frame: object, ys: np.ndarray, xs: np.ndarray, station: str, pieces: list[Piece]
    ) -> Piece | None:
        """The white drink in a station's ring, off the meeples read round it; else one seen
        only where a meeple is read whose colour is read elsewhere too (one meeple a player:
        it may be the white drink, read as a meeple of the print's colour under it), not sure
        (`UNSURE_CONFIDENCE`): `drink_proposals.settle` keeps it only when that player's
        meeple is read where the game has it."""
        white = self.evidence.white(frame, ys, xs, station, pieces)
        if white is not None:
            return white
        meeples = [p for p in pieces if p.kind == MEEPLE]
        twins = [
            p
            for p in meeples
            if self._in_ring(p, station) and any(q is not p and q.color == p.color for q in meeples)
        ]
        if not twins:
            return None
        rest = [p for p in pieces if all(p is not t for t in twins)]
        white = self.evidence.white(frame, ys, xs, station, rest)
        if white is None or not any(
            math.hypot(t.x_mm - white.x_mm, t.y_mm - white.y_mm) < SAME_SPOT_MM for t in twins
        ):
            return None
        return replace(white, confidence=min(white.confidence, UNSURE_CONFIDENCE))

    def _own_change(
        self, frame: object, ys: np.ndarray, xs: np.ndarray, drink: Piece, white: Piece
    ) -> bool:
        """A white drink read within a drink's diameter of a drink colour's blob (two drinks
        stand no nearer) is one thing read twice: that coloured drink, the white's change its
        own (its rim, its shadow: Midoribashi's mint drink on the green line, 19 mint pixels
        over the paper, its shadow read as a white drink). Unless the colour lies on print of
        it, the one place a white drink's shade shows a drink colour."""
        near = math.hypot(white.x_mm - drink.x_mm, white.y_mm - drink.y_mm) < DRINK_DIAMETER_MM
        return near and not self.evidence.on_print(frame, ys, xs, drink.color)

    def _beside(
        self,
        frame: object,
        ys: np.ndarray,
        xs: np.ndarray,
        station: str,
        pieces: list[Piece],
        base: Piece,
    ) -> Piece | None:
        """The drink in a station's ring: its most-seen drink colour, unless that is a meeple
        standing in the ring; then the same once that meeple's pixels are set aside (for white
        farther round it: its shadow changes the paper as a white drink does). A drink its
        shape cannot tell from the meeple read with it is not sure (`UNSURE_CONFIDENCE`),
        unless, with that meeple set aside, another colour or a white drink's change shows a
        drink (a station has one): that is the drink (a neighbour's dark pyramid peeking into
        the ring is such a blob, and hid the white drink beside it)."""
        s = self.scale
        spots: list[tuple[float, float]] = []
        unsure: Piece | None = None
        for _attempt in range(2):
            candidates = self.evidence.candidates(frame, ys, xs, station)
            if not candidates:
                for x, y in spots:
                    off = np.hypot(xs / s - x, ys / s - y) > SHADOW * self.meeple
                    ys, xs = ys[off], xs[off]
                return self._white(frame, ys, xs, station, pieces) or unsure
            first, seen = candidates[0]
            small = seen < SMALL * self.evidence.disc_px
            near = pieces + _lookalike(base, first)
            shape = self.evidence.shape(frame, first, near, small, base)
            if shape == DRINK_SHAPE:
                if small:
                    if unsure is not None:
                        return unsure
                    white = self._white(frame, ys, xs, station, pieces)
                    if white is None or self._own_change(frame, ys, xs, first, white):
                        return first
                    return white
                return first
            if shape == UNSURE:
                if unsure is not None:
                    return unsure
                # a meeple or a drink: a drink of another colour beside it is the station's
                unsure = replace(first, confidence=min(first.confidence, UNSURE_CONFIDENCE))
            reach = 0.5 * self.meeple + DRINK_DIAMETER_MM / 2
            spots = [(first.x_mm, first.y_mm)] + [
                (p.x_mm, p.y_mm)
                for p in pieces
                if p.kind == MEEPLE and math.hypot(p.x_mm - first.x_mm, p.y_mm - first.y_mm) < reach
            ]
            off = np.ones(len(ys), bool)
            for x, y in spots:
                off &= np.hypot(xs / s - x, ys / s - y) > 0.75 * self.meeple
            ys, xs = ys[off], xs[off]
        return unsure


def _a_drink(base: Piece, gone: dict[int, str]) -> bool:
    """The piece a drink was read beside was another station's drink of a colour (`gone`,
    `DrinkReader._read_twice`): no drink stands beside it (Nagahoribashi's purple drink, read
    as a pyramid on Sakaisuji-hommachi's circles, had Kitahama's black drink read beside it).
    A white drink, read by its change alone, says less: a pyramid's own pixels change the
    paper as it does (Hanazonocho's yellow pyramid, read with doubt, was read as Tengachaya's
    white drink, and the mint drink beside it is Hanazonocho's)."""
    return gone.get(id(base), "white") != "white"


def _blob_place(meeple: Piece) -> tuple[float, float]:
    """Where a meeple's whole blob puts it, a dark one's shadow on the paper in (`Piece.whole_mm`):
    whether it may be a station's pyramid read long is asked of the blob a pyramid's place is
    measured on (a black meeple's own outline 4 mm off Osakako's centre is no pyramid there)."""
    return meeple.whole_mm or (meeple.x_mm, meeple.y_mm)
