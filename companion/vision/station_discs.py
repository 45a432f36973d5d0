"""Where a station's pyramid would show, and how much of it the print of a colour hides: what
a blob leaves of that disc says pyramid (about all of it covered or hidden) or meeple."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from typing import NamedTuple

import numpy as np

from companion.vision.seen_shapes import SEEN_SHARE, Shapes

PYRAMID_LEAN_MM = 4.0
"""Height of a pyramid's seen centre: its blob's centroid leans away from the camera by it."""


class _Disc(NamedTuple):
    """A pyramid's disc on one station, for one colour."""

    hidden: int
    """Its pixels that the print of the colour can hide."""
    open: np.ndarray
    """Its other pixels, as a flattened side x side mask whose last row and column are blank."""
    total: int
    """Its pixel count."""
    side: int
    corner: tuple[int, int]
    """The mask's top left pixel in the board frame (x, y)."""
    at: int
    """Where `open` starts in the discs' bank (`StationDiscs.explain_all`)."""


class StationDiscs:
    """Each station's pyramid disc in the board frame, per colour: fixed while the camera is."""

    def __init__(
        self,
        scale: float,
        shapes: Shapes,
        stations: np.ndarray,
        lean: Callable[[float, float, float], tuple[float, float]],
        camouflage: Callable[[str], np.ndarray],
        place: Callable[[], object] | None = None,
    ) -> None:
        self.scale = scale
        self.shapes = shapes
        self.stations = stations
        """Station centres (N x 2 float32, mm)."""
        self.lean = lean
        self.camouflage = camouflage
        """Per colour: where the empty board itself looks like that colour (bool image)."""
        self.place = place
        """Where the camera is that `lean` leans from (any value that compares equal while
        the camera stays), or None: the discs are placed afresh each frame."""
        self._placed: object = None
        self._xy: list[list[float]] = stations.tolist()
        self._r = 0.9 * math.sqrt(SEEN_SHARE * shapes.pyramid_mm2 / math.pi) * scale
        self._ri = math.ceil(self._r)
        self._open: dict[tuple[str, int, int], _Disc] = {}
        yy, xx = np.mgrid[-self._ri : self._ri + 1, -self._ri : self._ri + 1]
        self._mask = xx * xx + yy * yy <= self._r * self._r
        """A pyramid's seen disc in a (2 ri + 1)-pixel square: the same for every station."""
        self._mask_px = int(np.count_nonzero(self._mask))
        self._side = 2 * self._ri + 2
        self._known: dict[int, tuple[np.ndarray, str, int, float]] = {}
        self._frame: dict[tuple[str, int], _Disc] = {}
        """The discs by colour and station where the camera is (this frame's, or kept from
        the frames before while `place` says it has not moved)."""
        self._banked: list[np.ndarray] = []
        """The discs' masks one after another (each `_Disc.at` into them), and the bank of
        them joined (`explain_all` joins any new ones)."""
        self._bank = np.zeros(0, bool)
        self._banked_px = 0
        self._blank = _Disc(0, np.zeros(1, bool), 0, 1, (0, 0), 0)
        self.new_frame()

    def new_frame(self) -> None:
        """Forget the last frame's blobs, and where its camera put the discs unless `place`
        says the camera is where it was (the same discs: each is placed by `lean` alone)."""
        self._known = {}
        here = self.place() if self.place is not None else None
        if here is None or here != self._placed:
            self._frame = {}
        self._placed = here
        if len(self._open) > 4096 or not self._banked:
            self._frame = {}
            self._open.clear()
            # The bank starts with a blank disc, for stations too near the board's edge.
            self._banked = [np.zeros(self._side * self._side, bool)]
            self._bank = self._banked[0]
            self._banked_px = len(self._bank)

    def explain_all(
        self,
        blobs: list[np.ndarray],
        colors: list[str],
        stations: list[int],
        more: bool = False,
    ) -> None:
        """`explained` for each of a frame's blobs (of these colours) on these stations, worked
        out at once by one gather over all their pixels (a blob's own numpy calls cost more
        than its pixels do), for `explained` to answer from until the next frame's: each
        disc's mask lies in one bank of them, every pixel's place in it found at once. `more`:
        these blobs as well as the frame's others."""
        if not more:
            self.new_frame()
        todo = [(b, c, k) for b, c, k in zip(blobs, colors, stations, strict=True) if len(b)]
        if not todo:
            return
        side = self._side
        discs = [self._disc(c, k) for _, c, k in todo]
        if len(self._bank) != self._banked_px:
            self._bank = np.concatenate(self._banked)
        sizes = [len(b) for b, _, _ in todo]
        starts = [0, *itertools.accumulate(sizes[:-1])]
        px = np.concatenate([b for b, _, _ in todo]).astype(np.int32)
        px -= np.repeat(np.array([d.corner for d in discs], np.int32), sizes, axis=0)
        # Pixels outside a disc's box (negatives wrap round) land on its blank last row/column.
        at = px.view(np.uint32)
        np.minimum(at, side - 1, out=at)
        flat = at[:, 1] * np.uint32(side)
        flat += at[:, 0]
        flat += np.repeat(np.array([d.at for d in discs], np.uint32), sizes)
        covered = np.add.reduceat(self._bank.take(flat).view(np.uint8), starts, dtype=np.intp)
        for (pts, color, k), disc, n in zip(todo, discs, covered.tolist(), strict=True):
            share = (disc.hidden + n) / disc.total if disc.total else 0.0
            self._known[id(pts)] = (pts, color, k, share)

    def explained(self, pts: np.ndarray, color: str, station: int) -> float:
        """The share of a pyramid's seen disc on this station that the blob covers or that
        the board's print of the piece's colour can hide: about 1 for a pyramid, however
        much of it blends into a line of its colour; much less for a slim meeple."""
        got = self._known.get(id(pts))
        if got is not None and got[0] is pts and got[1:3] == (color, station):
            return got[3]
        disc = self._disc(color, station)
        if disc.total == 0:
            return 0.0
        px = pts.astype(np.int32)
        px -= np.array(disc.corner, np.int32)
        at = px.view(np.uint32)
        np.minimum(at, disc.side - 1, out=at)
        flat = at[:, 1] * np.uint32(disc.side)
        flat += at[:, 0]
        covered = int(np.count_nonzero(disc.open.take(flat)))
        return (disc.hidden + covered) / disc.total

    def hidden(self, color: str, station: int) -> float:
        """The share of a pyramid's seen disc on this station that print of its colour hides."""
        disc = self._disc(color, station)
        return disc.hidden / disc.total if disc.total else 0.0

    def _disc(self, color: str, station: int) -> _Disc:
        got = self._frame.get((color, station))
        if got is not None:
            return got
        s = self.scale
        sx, sy = self._xy[station]
        cx, cy = self.lean(sx, sy, PYRAMID_LEAN_MM)
        ix, iy = round(cx * s), round(cy * s)
        key = (color, ix, iy)
        got = self._open.get(key)
        if got is None:
            got = self._open[key] = self._open_disc(color, ix, iy)
        self._frame[(color, station)] = got
        return got

    def _open_disc(self, color: str, ix: int, iy: int) -> _Disc:
        """A pyramid's disc at (ix, iy) and the print of this colour in it: fixed while the
        camera is."""
        camo = self.camouflage(color)
        h, w = camo.shape
        ri, disc, total, side = self._ri, self._mask, self._mask_px, self._side
        if not (ri <= ix < w - ri and ri <= iy < h - ri):
            return self._blank
        seen = camo[iy - ri : iy + ri + 1, ix - ri : ix + ri + 1]
        open_disc = np.zeros((side, side), bool)
        np.greater(disc, seen, out=open_disc[:-1, :-1])  # disc and not seen
        hidden = int(np.count_nonzero(seen & disc))
        self._banked.append(open_disc.ravel())
        self._banked_px += side * side
        at = self._banked_px - side * side
        return _Disc(hidden, self._banked[-1], total, side, (ix - ri, iy - ri), at)
