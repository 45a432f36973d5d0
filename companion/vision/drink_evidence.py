"""What the pixels round a pyramid show of a drink: each drink colour's blob in the ring
(`candidates`), whether a blob is a drink or the meeple read with it (`shape`), a white drink's
change (`white`), and the colour's extent round its station (`whole`, `merged`). The decisions
on these are `drinks.DrinkReader`'s."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import numpy as np

from companion.vision.colormodel import ColorModel
from companion.vision.drink_colors import DrinkPalette
from companion.vision.drink_ring import FOOTPRINT, DrinkRings, near_segment
from companion.vision.drink_shape import DRINK as DRINK_SHAPE
from companion.vision.drink_shape import MEEPLE as MEEPLE_SHAPE
from companion.vision.drink_shape import (
    UNSURE,
    in_largest_part,
    largest_part,
    plainly_a_meeple,
    verdict,
)
from companion.vision.drink_sharp import Look, SharpLook
from companion.vision.model import (
    DRINK,
    DRINK_DIAMETER_MM,
    DRINK_HEIGHT_MM,
    MEEPLE,
    PYRAMID,
    Piece,
)
from companion.vision.white_drink import CHANGE as WHITE_CHANGE
from companion.vision.white_drink import Spots, spot_discs, spots_round, white_spot

SEEN_SHARE = 0.2
"""A drink shows at least this share of its top's area in drink-coloured changed pixels."""
UNCHANGED = 0.4
"""A drink colour's blob whose pixels changed less than this many change-test thresholds on
average is no drink. Seed 17077's phantom, Osaka's red line by Abeno read as a red drink in
warm light: 0.19; of the 11,574 coloured drinks read on 26 seed sets, the least 0.63."""
SPOT = 1.2
"""The drink colour's pixels within this many drink diameters of where a drink and a meeple
are read are theirs (`drink_shape.verdict`)."""
SHADOW = 1.1
"""A white drink is looked for this many meeples' seen sizes from a meeple found in the ring
or read round it: a meeple's shadow changes the paper as a white drink does."""
MERGED = 1.25
"""A blob of a drink's colour this many calibrated meeples' seen area or more round a station
is more than one meeple: a pyramid with its drink (a pyramid's 18 mm base and a drink's
10 mm disc and side seen are about 1.5 meeples)."""
LOOKALIKES = {"mint": ("green",), "purple": ("blue",)}
"""The player colours whose meeples show a part of a drink's colour (a green meeple's lit
side is mint): such a part may fit a drink, so the sharp look may only say it is none."""
HUE_TWINS = {"blue": "purple"}
"""A player colour and the drink colour near it in Lab that no player has
(`drink_colors.HUE_PAIRS`): the piece reader reads that drink as a piece of the player
colour."""


APART_MM = 1e-6
"""`_outside`'s margin: far above the rounding of a point's distance, far below a pixel."""


def _outside(
    box: tuple[float, float, float, float], a: tuple[float, float], b: tuple[float, float]
) -> bool:
    """The segment a-b lies outside the box (left, right, low, high; mm) by `APART_MM`."""
    left, right, low, high = box
    return (
        max(a[0], b[0]) < left - APART_MM
        or min(a[0], b[0]) > right + APART_MM
        or max(a[1], b[1]) < low - APART_MM
        or min(a[1], b[1]) > high + APART_MM
    )


class DrinkEvidence:
    """The drink colours' pixels round the stations of one board frame."""

    def __init__(
        self,
        rings: DrinkRings,
        colors: ColorModel,
        ref_lab: np.ndarray,
        colors_at: Callable[[object, np.ndarray, np.ndarray], np.ndarray],
        board_distance: Callable[[np.ndarray, np.ndarray, np.ndarray], np.ndarray],
        margin: float,
        change_unit: float,
        shadowed: Callable[[object, np.ndarray, np.ndarray], np.ndarray] | None = None,
        lit: Callable[[object, np.ndarray, np.ndarray], np.ndarray] | None = None,
    ) -> None:
        self.rings = rings
        self.scale = rings.scale
        self.lean = rings.lean
        self.palette = DrinkPalette(colors, ref_lab, colors_at, board_distance, margin, shadowed)
        self.names = self.palette.names
        self.ref_lab = ref_lab
        self.colors_at = colors_at
        self.board_distance = board_distance
        self.margin = margin
        self.change_unit = change_unit
        """The change test's threshold: `Frame.diff` in these units."""
        self.lit = lit
        """Pixels' brightness against the empty board's (`BoardFrame.lit`): a white drink's
        change that only dims the paper a little is a shadow (`white_drink.shadow_only`)."""
        self.meeple = math.sqrt(colors.area_mm2[MEEPLE])
        """A meeple's seen size (mm), from the calibration photo."""
        self.meeple_px = self.meeple * self.meeple * self.scale * self.scale
        self.disc_px = math.pi * (DRINK_DIAMETER_MM / 2 * self.scale) ** 2
        """A drink's top in pixels."""
        self.min_px = SEEN_SHARE * self.disc_px
        self.sharp: SharpLook | None = None
        """The sharp look at the camera frame (`Frame.source`), when the reader gives one."""
        self.place: Callable[[], object] | None = None
        """Where the camera is that `lean` leans from (equal while it stays), when the reader
        says: the white drink's spots round each station are kept while it stays."""
        self._spots: dict[str, tuple[object, Spots, np.ndarray, np.ndarray]] = {}
        """Per station: the camera's place, the white drink's spots round it, its ring's flat
        pixel indices (ascending) and the spots' discs over them."""

    def candidates(
        self, frame: object, ys: np.ndarray, xs: np.ndarray, station: str
    ) -> list[tuple[Piece, int]]:
        """Each drink colour the ring shows enough of in one blob, most pixels first (a meeple
        standing in the ring may outnumber the drink: the caller tells them apart), where that
        blob is (the colour's other pixels may be another piece of it across the ring, or a
        pyramid's shaded face). A few scattered pixels are no drink: print of a drink's colour
        in a piece's shadow. Each with its blob's pixels."""
        idx, per, ok = self.palette.classify(frame, ys, xs)
        if np.count_nonzero(ok) < self.min_px:
            return []
        counts = np.bincount(idx[ok], minlength=len(self.names))
        out = []
        for color in np.argsort(-counts, kind="stable"):
            c = int(color)
            if counts[c] < self.min_px:
                break
            mine = ok & (idx == c)
            pts = np.stack([xs[mine], ys[mine]], 1) / self.scale
            keep = in_largest_part(pts, self.scale)
            part = pts[keep]
            if len(part) < self.min_px:
                continue
            if self._unchanged(frame, ys[mine][keep], xs[mine][keep]):
                continue
            x, y = (float(v) for v in part.mean(0))
            rest = np.sort(per[mine], 1)
            gap = float(np.mean((rest[:, 1] - rest[:, 0]) / np.maximum(rest[:, 1], 1e-6)))
            share = min(1.0, 2.0 * float(counts[c]) / float(np.count_nonzero(ok)))
            confidence = min(1.0, max(0.0, 2.5 * gap)) * share
            drink = Piece(DRINK, self.names[c], x, y, station=station, confidence=confidence)
            out.append((drink, len(part)))
        return out

    def hue_twin(self, frame: object, piece: Piece) -> bool:
        """A pyramid read of a player colour that has a drink twin no player has
        (`HUE_TWINS`: blue's purple) whose base's pixels show more of that twin than of its
        own colour: a drink of the twin read as a pyramid (the piece reader knows no
        purple), standing on the next station's circles."""
        twin = HUE_TWINS.get(piece.color)
        if piece.kind != PYRAMID or twin is None:
            return False
        ys, xs = self.rings.square(piece.x_mm, piece.y_mm, self.rings.base / 2)
        near = np.hypot(xs / self.scale - piece.x_mm, ys / self.scale - piece.y_mm)
        ys, xs = ys[near <= self.rings.base / 2], xs[near <= self.rings.base / 2]
        idx, _per, ok = self.palette.classify(frame, ys, xs)
        seen = idx[ok]
        return int(np.count_nonzero(seen == self.names.index(twin))) > int(
            np.count_nonzero(seen == self.names.index(piece.color))
        )

    def _unchanged(self, frame: Any, ys: np.ndarray, xs: np.ndarray) -> bool:
        """A blob of a drink colour the change test hardly saw change (`UNCHANGED`) is print of
        that colour as the empty board has it, its colour read a little nearer the drink's in
        this light: a drink changes the board where it stands (its top, its shaded side)."""
        change = frame.diff[ys, xs]
        return float(change.mean()) < UNCHANGED * self.change_unit

    def whole(self, frame: object, ys: np.ndarray, xs: np.ndarray, drink: Piece) -> bool:
        """The drink's colour shows a drink's whole disc in one blob of the ring."""
        if drink.color not in self.names or drink.color == "white":
            return False
        return len(self._part(frame, ys, xs, drink.color)) >= self.disc_px

    def merged(self, frame: object, drink: Piece) -> bool:
        """The drink's colour round its station shows one blob of `MERGED` meeples' seen area
        or more: a pyramid and a drink of that colour touching, not a meeple's own pixels."""
        if drink.color == "white" or drink.station is None:
            return False
        ys, xs = self.rings.disc(drink.station)
        return len(self._part(frame, ys, xs, drink.color)) >= MERGED * self.meeple_px

    def on_print(self, frame: object, ys: np.ndarray, xs: np.ndarray, color: str) -> bool:
        """The drink colour's largest blob among these pixels lies mostly on print of that
        colour: the empty board under it is nearest that drink colour."""
        part = self._part(frame, ys, xs, color)
        if not len(part):
            return False
        px = np.round(part * self.scale).astype(np.intp)
        under = np.ascontiguousarray(self.ref_lab[px[:, 1], px[:, 0]], np.float32)
        nearest, _per = self.palette.nearest(under)
        return 2 * int(np.count_nonzero(nearest == self.names.index(color))) > len(part)

    def _part(self, frame: object, ys: np.ndarray, xs: np.ndarray, color: str) -> np.ndarray:
        """The largest blob of a drink colour's pixels among these (board mm)."""
        idx, _per, ok = self.palette.classify(frame, ys, xs)
        mine = ok & (idx == self.names.index(color))
        return largest_part(np.stack([xs[mine], ys[mine]], 1) / self.scale, self.scale)

    def shape(
        self,
        frame: object,
        drink: Piece,
        pieces: list[Piece],
        small: bool = False,
        beside: Piece | None = None,
    ) -> str:
        """The piece reader saw a meeple where the ring shows a drink (black, blue and red are
        player and drink colours, mint is near green): is it that meeple? The blob of the
        drink's colour round them, off the pyramid, tells (`drink_shape.verdict`); with no
        meeple read there it is a drink. With a meeple of the drink's colour read there the
        camera frame's sharper pixels decide where they can (`_sharp`: the blob fits a standing
        drink's silhouette or clearly does not); the board frame's shape test where they
        cannot. With one of another colour they may only say it is no drink, or that they
        cannot tell: then, beside a meeple of a near colour (`LOOKALIKES`) or for a blob
        `small` (under half a drink's top), it is not sure (`UNSURE`): a green meeple's lit
        side is mint, a yellow meeple's shadow on pale green print is a few mint pixels, and
        every such drink the sharp look was asked of on nine samples fitted a drink. `beside`:
        the piece the drink is read beside (`_look_whole`)."""
        reach = 0.5 * self.meeple + DRINK_DIAMETER_MM / 2
        meeples = [p for p in pieces if p.kind == MEEPLE]

        def close(p: Piece) -> bool:
            return math.hypot(p.x_mm - drink.x_mm, p.y_mm - drink.y_mm) < reach

        near = [p for p in meeples if close(p)]
        if not near:
            return DRINK_SHAPE
        # a player has one meeple: one read here while its twin is read elsewhere may be the drink
        twin = all(any(q.color == p.color and not close(q) for q in meeples) for p in near)
        s = self.scale
        cx, cy = (drink.x_mm + near[0].x_mm) / 2, (drink.y_mm + near[0].y_mm) / 2
        ys, xs = self.rings.square(cx, cy, 1.1 * self.meeple)
        sx, sy = self.rings.centre(drink.station or "")
        keep = np.hypot(xs / s - sx, ys / s - sy) >= self.rings.inner
        ys, xs = ys[keep], xs[keep]
        if len(ys) < 5:
            return DRINK_SHAPE
        idx, _per, ok = self.palette.classify(frame, ys, xs)
        mine = ok & (idx == self.names.index(drink.color))
        if np.count_nonzero(mine) < 5:
            return DRINK_SHAPE
        if self._other_colour(near, drink, idx, ok):
            return DRINK_SHAPE
        pts = np.stack([xs[mine], ys[mine]], 1).astype(np.float64) / s
        base = self.rings.base
        top = self.lean(sx, sy, base)
        spot = pts[
            (np.hypot(pts[:, 0] - cx, pts[:, 1] - cy) <= SPOT * DRINK_DIAMETER_MM)
            & ~near_segment(pts[:, 0], pts[:, 1], (sx, sy), top, FOOTPRINT * base)
        ]
        said = verdict(pts, spot, twin, self.lean, s, self.meeple_px)
        look = Look(
            drink.color,
            cx,
            cy,
            (sx, sy),
            self.rings.inner,
            top,
            FOOTPRINT * base,
            SPOT * DRINK_DIAMETER_MM,
        )
        if any(p.color == drink.color for p in near):
            sharp = self._sharp(frame, look)
            if sharp == DRINK_SHAPE and beside is not None and self._look_whole(beside, drink):
                whole = replace(look, inner=0.0, footprint=0.0, pyramid=beside.color)
                sharp = self._sharp(frame, whole)
            if (
                sharp == DRINK_SHAPE
                and said == MEEPLE_SHAPE
                and plainly_a_meeple(pts, spot, self.lean, s, self.meeple_px)
            ):
                return UNSURE  # the sharp look fitted a drink to a lying meeple's end
            return sharp or said
        lookalike = LOOKALIKES.get(drink.color, ())
        if said == DRINK_SHAPE and (small or any(p.color in lookalike for p in near)):
            sharp = self._sharp(frame, look)
            if sharp == MEEPLE_SHAPE:
                return MEEPLE_SHAPE
            if sharp is None and self._can_look(frame):
                return UNSURE
        return said

    @staticmethod
    def _look_whole(beside: Piece, drink: Piece) -> bool:
        """The sharp look's blob, kept off the pyramid's base and footprint, fitted a drink;
        with a pyramid of another colour it is looked at whole, the pixels nearer that
        pyramid's calibrated colour set aside (`Look.pyramid`: a yellow pyramid's shaded face
        is near red under warm light): a meeple leaning over the pyramid showed only its foot
        off the base, drink-sized (Red's meeple by Ikebukuro's blue pyramid, warm light,
        camera tilted; Black's by Sekime-seiiku's yellow one, warm light, overhead); whole,
        its blob fits no drink."""
        return beside.color != drink.color

    def _other_colour(
        self, near: list[Piece], drink: Piece, idx: np.ndarray, ok: np.ndarray
    ) -> bool:
        """The meeples read with the drink are of drink colours other than its own, and hardly
        a pixel round them shows those colours: the piece reader took the drink for a meeple of
        a near player colour (a purple drink for a blue meeple; purple is no Metro colour)."""
        theirs = {p.color for p in near}
        if drink.color in theirs or not theirs <= set(self.names) - {"white"}:
            return False
        seen = ok & np.isin(idx, [self.names.index(c) for c in theirs])
        return int(np.count_nonzero(seen)) < self.min_px

    def _can_look(self, frame: Any) -> bool:
        """The reader gives the camera frame for a sharp look."""
        return self.sharp is not None and frame.source is not None

    def _sharp(self, frame: Any, look: Look) -> str | None:
        """What the camera frame's sharper pixels say of the blob: it fits a standing drink's
        silhouette, or it does not (`drink_sharp`), or None where they cannot tell; it decides
        only for a meeple of the drink's own colour, whose pixels are all that colour's (of a
        meeple of a near colour, green by mint, the drink colour's pixels may be a part of it
        that fits a drink)."""
        if self.sharp is None or frame.source is None:
            return None
        return self.sharp.verdict(frame.source, frame.image, look)

    def white(
        self, frame: Any, ys: np.ndarray, xs: np.ndarray, station: str, pieces: list[Piece]
    ) -> Piece | None:
        """A white drink found by the change it makes (`white_drink`), where no drink colour
        was seen, `SHADOW` off the meeples read round it (a light meeple and its shadow change
        the board too)."""
        x, y = xs / self.scale, ys / self.scale
        off = np.ones(len(ys), bool)
        r = SHADOW * self.meeple
        # a meeple whose shadow's reach misses these pixels' box (by a margin far above any
        # rounding) sets none of them aside
        box = (x.min() - r, x.max() + r, y.min() - r, y.max() + r) if len(ys) else None
        for p in pieces:
            if p.kind == MEEPLE:
                top = self.lean(p.x_mm, p.y_mm, DRINK_HEIGHT_MM)
                if box is not None and _outside(box, (p.x_mm, p.y_mm), top):
                    continue
                off &= ~near_segment(x, y, (p.x_mm, p.y_mm), top, r)
        ys, xs = ys[off], xs[off]
        if not len(ys):
            return None
        lab, nearest, board = self.palette.seen(frame, ys, xs)
        lighter = lab[:, 0] - self.ref_lab[ys, xs, 0]
        white = nearest == self.palette.white_index
        xy = np.stack([xs, ys], 1).astype(np.float64) / self.scale
        change = frame.diff[ys, xs] / self.change_unit
        still = board / self.margin
        measure = self.lit
        lit = None if measure is None else (lambda disc: measure(frame, ys[disc], xs[disc]))
        centre = self.rings.centre(station)
        spot = white_spot(
            xy,
            change,
            still,
            lighter,
            white,
            centre,
            self.rings.inner,
            self.lean,
            self.scale,
            lit,
            self._looked(station, centre, ys, xs),
        )
        if spot is None:
            return None
        wx, wy, strength = spot
        confidence = min(1.0, strength / (2 * WHITE_CHANGE))
        return Piece(DRINK, "white", wx, wy, station=station, confidence=confidence)

    def _looked(
        self, station: str, centre: tuple[float, float], ys: np.ndarray, xs: np.ndarray
    ) -> tuple[Spots, np.ndarray] | None:
        """The white drink's spots round the station and their discs over these pixels of its
        ring, from the whole ring's kept while the camera stays (None: work them out)."""
        if self.place is None:
            return None
        here = self.place()
        kept = self._spots.get(station)
        if kept is None or kept[0] != here:
            rys, rxs = self.rings.ring(station)
            spots = spots_round(centre, self.rings.inner, self.lean)
            ring_xy = np.stack([rxs, rys], 1).astype(np.float64) / self.scale
            flat = rys * self.rings.size[0] + rxs
            kept = self._spots[station] = (here, spots, flat, spot_discs(spots, ring_xy))
        _here, spots, flat, discs = kept
        mine = ys * self.rings.size[0] + xs
        at = np.searchsorted(flat, mine)
        if len(flat) == 0 or at.max(initial=0) >= len(flat) or not np.array_equal(flat[at], mine):
            return None  # not pixels of its ring
        return spots, discs[:, at]
