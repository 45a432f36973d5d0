"""Matching candidate circles to the map's stops, line by line, keeping each line's order.

Each line is one chain: stop k takes one candidate circle near where the map expects it, or
none. A chain's cost adds, per stop, how far the circle is from the expected place and how far
its ring's colour is from the line's; and, per pair of consecutive stops, how little of the
straight path between their circles shows the line's printed stroke (its colour learnt from
the photo). A stop not found is not free: the line then runs straight over where it would be,
and that path is looked at too (`chain`), so a patch of paper beside a line is no better than
a stop missing from the print. The cheapest chain is found exactly; a stop's confidence is
how much dearer its best alternative would make the chain, where a circle that another stop
surely is (last pass) is no alternative. A circle claimed by two stops goes to the one whose
line gets dearer without it, only as surely as that lead, and the other is matched again
without it. Two consecutive stops never take touching circles (printed circles never touch).
What a chain cannot see is checked after it (`stopdoubts`).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, replace

import numpy as np

from companion.colors import hex_to_rgb
from companion.metro.board import BoardMap, Line
from companion.vision.chain import NONE, ChainCosts, cheapest_distinct, solve_distinct
from companion.vision.circles import Circles

REACH_MM = 38.0
"""Circles this far from the expected place are considered (printed boards: up to ~30 mm)."""
SIGMA_MM = 18.0
STATION_SIGMA_MM = 6.0
"""Spread about the place a sure station-mate's move predicts (a station moves as one)."""
PRINTED_BONUS = 10.0
"""A stop whose station-mate is surely found is printed (a station's circles are printed
together): leaving it out costs this much more than `MISSING_COST`."""
MISSING_COST = 14.0
GAP_COST = 8.0
"""Two or more stops in a row not found: their path is not looked at, but costs this."""
BARE_COST = 8.0
UNINKED_COST = 6.0
"""Costs of a path between two consecutive stops' circles: wholly on bare paper, wholly
without the line's stroke (another line drawn over it does that too, hence less)."""
SHORT_COST = 3.0
"""Two circles too close for a path between their rings: no sign either way, so half the
price of a path without the stroke (not free: a paper patch beside a station is that close)."""
PATH_TRIM_RADII = 1.25
"""A path between two circles is looked at from this many of each one's radii from its centre
(past the ring: 7.5 mm from a station's circle, 5.3 mm from Osaka's small ones)."""
PATH_SAMPLES = 12
PATH_OFFSETS_MM = np.array([-3.0, -1.5, 0.0, 1.5, 3.0])
"""Across the path: a stroke 5 mm wide is found even when a circle is a millimetre off."""
PAPER = np.array([0.87, 0.84, 0.77])
"""A printed board's paper (RGB 0-1): the stroke's colour is seen relative to it."""
STROKE_REACH = 0.7
STROKE_LIMITS = (0.2, 0.6)
"""A path's pixel is the line's stroke when nearer its colour than 0.7 of the way to paper
(within these limits: a grey line is near the paper, a dark one far)."""
COLOUR_SIGMA = 0.22
LEARNT_SIGMA = 0.12
"""Colour spread once each line's ring colour is learnt from this photo's sure matches."""
SIZE_COST = 10.0
"""A circle found at another size than the stop's (Osaka's small circles) costs this more."""
RINGED_SURE = 0.35
RINGED_COST = 1.0
"""A candidate whose ring is light somewhere (paper between lines) costs more: its lightest
sector less dark than this (against its disk) costs up to this, per tenth, squared."""
ROUND_SECTORS = 11
"""Of a ring's 16 sectors, this many show its line's colour (a box edge or a stroke may cross
the rest)."""
RING_LEVEL_MIN = 0.15
"""A line whose sure circles are less ringed than `RINGED_SURE` (a pale line: Hibiya's silver
ring is hardly darker than its disk, and as light as its station's box in places) has its
rings' lightness weighed against theirs, down to this: else its own circles pay the doubt of
a patch of paper, and a patch beside its stroke beats them."""
SURE_MARGIN = 4.0
"""A stop is placed only when its best alternative costs this much more (about e^-4)."""


@dataclass(frozen=True)
class Match:
    stop_id: str
    circle: int | None
    """Index into the candidates, or None: not found."""
    margin: float
    """How much dearer the best other choice for this stop is (0: a tie)."""
    colour: float
    """The circle's colour cost against its line (0: the line's colour)."""
    patchy: float = 0.0
    """How far from the line's colour the ring is in its `ROUND_SECTORS`-th best sector (in
    colour spreads): a printed ring is its line's colour nearly all round, a patch of paper
    boxed in by strokes and station boxes is not."""
    doubt: float = 0.0
    """The circle's weak-ring cost (`RINGED_COST`): 0 for a ring darker than its disk all
    round (as dark as its line's sure rings, `RING_LEVEL_MIN`), more for one that is light
    somewhere (a patch of paper between lines)."""


def chroma(rgb: np.ndarray) -> np.ndarray:
    """Log colour with its brightness taken out, for colours under unknown light and ink."""
    lg = np.log(np.asarray(rgb, np.float64) + 0.04)
    return np.asarray(lg - lg.mean(axis=-1, keepdims=True))


def ink(rgb: np.ndarray) -> np.ndarray:
    """Log colour with its brightness kept (evened image: paper about 0), for strokes."""
    return np.asarray(np.log(np.asarray(rgb, np.float64) + 0.1))


def line_models(board: BoardMap) -> dict[str, np.ndarray]:
    """Each line's expected ring chroma from its screen colour: a printed ring seen through
    the lens is paler than the screen colour (ink, blur into the white disk)."""
    return {
        lid: chroma(0.2 + 0.65 * np.array(hex_to_rgb(line.color)) / 255.0)
        for lid, line in board.lines.items()
    }


def stroke_models(board: BoardMap) -> dict[str, np.ndarray]:
    """Each line's expected stroke colour (`ink`) before one is learnt: a shade darker than
    the screen colour, over a paper about as light as the image's average."""
    return {
        lid: ink(0.78 * np.array(hex_to_rgb(line.color)) / 255.0 / PAPER)
        for lid, line in board.lines.items()
    }


class StopMatcher:
    """Matches candidates (centres in mm, ring colours, an evened RGB image) to a map."""

    def __init__(
        self,
        board: BoardMap,
        circles: Circles,
        image: np.ndarray,
        scale: float,
        drawn_mm: dict[str, float] | None = None,
    ) -> None:
        """`drawn_mm`: each stop's printed circle radius (default: the map's)."""
        self.board = board
        self.xy = circles.xy_mm
        self.ring = chroma(circles.ring)
        self.size = circles.radius_mm
        self.trim = PATH_TRIM_RADII * circles.radius_mm
        """Per circle: how far from its centre a path from it is looked at (mm)."""
        self.sectors = circles.sectors
        self.drawn = drawn_mm or {s.id: s.radius_mm for s in board.stops()}
        self.ringed = circles.ringed
        self.ring_level: dict[str, float] = {lid: RINGED_SURE for lid in board.lines}
        """Line -> how ringed its circles are in this photo (learnt from its sure ones): a
        ring is light somewhere when it is lighter than that, not than a dark line's ring."""
        self.colour_sigma = COLOUR_SIGMA
        self.image = image
        self.scale = scale
        self.models = line_models(board)
        self.strokes = stroke_models(board)
        self.default: dict[str, tuple[float, float]] = {
            s.id: (s.x_mm, s.y_mm) for s in board.stops()
        }
        self.expected = dict(self.default)
        self.sigma: dict[str, float] = {s.id: SIGMA_MM for s in board.stops()}
        self._segments: dict[tuple[str, int, int], float] = {}
        self._last: dict[str, tuple[list[np.ndarray], ChainCosts]] = {}
        """Line -> its last chain's options and costs (what a claim is weighed on)."""
        self.taken: dict[int, str] = {}
        self.printed: set[str] = set()
        """Stops whose station-mates are surely found (last pass): not missing from the print."""
        """Circle -> the stop it surely is (last pass): no other stop's alternative."""

    def paper_cost(self, line_id: str) -> float:
        """The colour cost a ring of bare paper would pay on this line: small for a line
        whose rings look like paper (Hibiya's silver), so colour tells its circles little."""
        return float((np.linalg.norm(self.models[line_id]) / self.colour_sigma) ** 2)

    def colour_cost(self, line_id: str, idx: np.ndarray) -> np.ndarray:
        d = np.linalg.norm(self.ring[idx] - self.models[line_id], axis=1)
        return np.asarray((d / self.colour_sigma) ** 2)

    def _patchy(self, line_id: str, circle: int) -> float:
        d = np.linalg.norm(chroma(self.sectors[circle]) - self.models[line_id], axis=1)
        return float(np.sort(d)[ROUND_SECTORS - 1] / self.colour_sigma)

    def inked(self, line_id: str, px: np.ndarray) -> np.ndarray:
        """Which pixels (evened RGB, last axis) show the line's printed stroke."""
        model = self.strokes[line_id]
        reach = np.clip(STROKE_REACH * np.linalg.norm(model - ink(np.ones(3))), *STROKE_LIMITS)
        return np.asarray(np.linalg.norm(ink(px) - model, axis=-1) < reach)

    def _segments_for(self, line_id: str, pairs: list[tuple[int, int]]) -> None:
        """Cache, for each (a, b) pair of circles, the cost of the path between them: its
        share on bare paper and its share without the line's printed stroke. Two circles
        nearer than their radii together are never two consecutive stops: printed circles
        never touch (the maps keep 1.9 mm or more of paper between their rings, and a found
        centre is off by a millimetre at most), and a patch of paper inside a station's box,
        beside one of its circles, is that near it."""
        todo = [p for p in pairs if (line_id, *p) not in self._segments]
        if not todo:
            return
        ab = np.array(todo, int)
        pa, pb = self.xy[ab[:, 0]], self.xy[ab[:, 1]]
        length = np.hypot(*(pb - pa).T)
        ta, tb = self.trim[ab[:, 0]], self.trim[ab[:, 1]]
        short = length <= ta + tb + 2
        safe = np.maximum(length, 1e-6)[:, None]
        u = np.linspace(0.0, 1.0, PATH_SAMPLES)
        t = ta[:, None] / safe + (1 - (ta + tb)[:, None] / safe) * u[None]
        along = pa[:, None, :] + t[..., None] * (pb - pa)[:, None, :]
        normal = np.stack([pa[:, 1] - pb[:, 1], pb[:, 0] - pa[:, 0]], 1) / safe
        pts = (
            along[:, :, None, :] + PATH_OFFSETS_MM[None, None, :, None] * normal[:, None, None]
        ) * self.scale
        h, w = self.image.shape[:2]
        xs = np.clip(np.round(pts[..., 0]).astype(int), 0, w - 1)
        ys = np.clip(np.round(pts[..., 1]).astype(int), 0, h - 1)
        px = self.image[ys, xs]
        inked = self.inked(line_id, px)
        light = px.mean(axis=-1)
        paper = (np.abs(light - 1.0) < 0.12) & (np.abs(chroma(px)).max(axis=-1) < 0.12)
        bare = paper.all(axis=2) & ~inked.any(axis=2)
        cost = BARE_COST * bare.mean(axis=1) + UNINKED_COST * (1.0 - inked.any(axis=2).mean(axis=1))
        cost[short] = SHORT_COST
        sizes = self.size[ab[:, 0]] + self.size[ab[:, 1]]
        cost[length < sizes] = math.inf
        for (a, b), c in zip(todo, cost.tolist(), strict=True):
            self._segments[(line_id, a, b)] = c

    def _costs(
        self, line: Line, banned: dict[str, set[int]]
    ) -> tuple[list[np.ndarray], ChainCosts, list[np.ndarray]]:
        """Each stop's options (circles), the chain's costs, and which options are circles
        another stop surely is."""
        options: list[np.ndarray] = []
        unary: list[np.ndarray] = []
        others: list[np.ndarray] = []
        for stop in line.stops:
            ex = np.array(self.expected[stop.id])
            d = np.hypot(*(self.xy - ex).T) if len(self.xy) else np.zeros(0)
            near = np.nonzero(d < REACH_MM)[0]
            idx = np.array([i for i in near if int(i) not in banned[stop.id]], int)
            options.append(idx)
            bonus = PRINTED_BONUS if stop.id in self.printed else 0.0
            unary.append(self.unary(stop.id, line.id, idx) - bonus)
            others.append(np.array([self.taken.get(int(i), stop.id) != stop.id for i in idx], bool))
        n = len(options)
        step = [self._pairwise(line.id, options[k], options[k + 1]) for k in range(n - 1)]
        skip = [self._pairwise(line.id, options[k], options[k + 2]) for k in range(n - 2)]
        return options, ChainCosts(unary, step, skip, MISSING_COST, GAP_COST), others

    def doubt(self, line_id: str, idx: np.ndarray) -> np.ndarray:
        """The weak-ring cost (`RINGED_COST`) of each circle as the line's: how far its ring's
        lightest part is from being as dark as the line's rings are here (a ring lighter than
        its disk somewhere is no ring, whatever the line)."""
        ringed = self.ringed[idx]
        ringed = np.where(ringed > 0, ringed * (RINGED_SURE / self.ring_level[line_id]), ringed)
        return np.asarray(RINGED_COST * np.clip((RINGED_SURE - ringed) / 0.1, 0, None) ** 2)

    def unary(self, stop_id: str, line_id: str, idx: np.ndarray) -> np.ndarray:
        """What taking each of these circles costs the stop on its own."""
        d = np.hypot(*(self.xy[idx] - np.array(self.expected[stop_id])).T)
        wrong_size = np.abs(self.size[idx] - self.drawn[stop_id]) > 0.5
        return np.asarray(
            (d / self.sigma[stop_id]) ** 2
            + self.colour_cost(line_id, idx)
            + self.doubt(line_id, idx)
            + SIZE_COST * wrong_size
        )

    def _chain(self, line: Line, banned: dict[str, set[int]]) -> list[Match]:
        """The cheapest assignment of candidates to the line's stops, with margins. A margin
        is taken without the circles other stops surely are, when that keeps the choice: a
        neighbouring station's circle is no real alternative."""
        options, costs, others = self._costs(line, banned)
        self._last[line.id] = (options, costs)
        crowded = any(o.any() for o in others)
        choice, margins = solve_distinct(costs, options, exact=not crowded)
        if crowded:
            free = [np.where(o, math.inf, u) for o, u in zip(others, costs.unary, strict=True)]
            choice2, margins2 = solve_distinct(replace(costs, unary=free), options)
            margins = [
                max(m, m2) if c == c2 else m
                for m, m2, c, c2 in zip(margins, margins2, choice, choice2, strict=True)
            ]
        out = []
        for k, stop in enumerate(line.stops):
            if choice[k] == NONE:
                out.append(Match(stop.id, None, margins[k], 0.0, 0.0))
                continue
            circle = int(options[k][choice[k]])
            colour = float(self.colour_cost(line.id, np.array([circle]))[0])
            out.append(
                Match(
                    stop.id,
                    circle,
                    margins[k],
                    colour,
                    self._patchy(line.id, circle),
                    float(self.doubt(line.id, np.array([circle]))[0]),
                )
            )
        return out

    def _pairwise(self, line_id: str, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """Path costs between each of a's circles and each of b's (one circle is not two)."""
        pairs = [(int(ca), int(cb)) for ca in a for cb in b if ca != cb]
        self._segments_for(line_id, pairs)
        out = np.full((len(a), len(b)), math.inf)
        for i, ca in enumerate(a):
            for j, cb in enumerate(b):
                if ca != cb:
                    out[i, j] = self._segments[(line_id, int(ca), int(cb))]
        return out

    def match(self) -> dict[str, Match]:
        """Every stop's match, circles claimed twice settled (not yet checked: `stopdoubts`)."""
        banned: dict[str, set[int]] = {s.id: set() for s in self.board.stops()}
        chains = {lid: self._chain(line, banned) for lid, line in self.board.lines.items()}
        contested: dict[tuple[str, int], float] = {}
        for _ in range(12):
            claims: dict[int, list[str]] = {}
            for chain in chains.values():
                for m in chain:
                    if m.circle is not None:
                        claims.setdefault(m.circle, []).append(m.stop_id)
            redo = set()
            prices: dict[str, float] = {}
            for circle, who in claims.items():
                if len(who) < 2:
                    continue
                loss = {s: self._ban_loss(s, circle, prices) for s in who}
                who.sort(key=lambda s: -loss[s])
                contested[(who[0], circle)] = loss[who[0]] - loss[who[1]]
                for stop_id in who[1:]:
                    banned[stop_id].add(circle)
                    redo.add(self.board.stop(stop_id).line)
            if not redo:
                break
            for lid in redo:
                chains[lid] = self._chain(self.board.lines[lid], banned)
        out = {m.stop_id: m for chain in chains.values() for m in chain}
        for (stop_id, circle), lead in contested.items():
            m = out[stop_id]
            if m.circle == circle and lead < m.margin:
                out[stop_id] = replace(m, margin=lead)
        return out

    def _ban_loss(self, stop_id: str, circle: int, prices: dict[str, float]) -> float:
        """How much dearer the stop's line (as last matched) becomes without that circle for
        that stop: a circle two stops claim goes to the one whose line needs it most, by the
        lead it has."""
        lid = self.board.stop(stop_id).line
        options, costs = self._last[lid]
        if lid not in prices:
            prices[lid] = cheapest_distinct(costs, options)
        k = [s.id for s in self.board.lines[lid].stops].index(stop_id)
        unary = list(costs.unary)
        unary[k] = np.where(options[k] == circle, math.inf, unary[k])
        return cheapest_distinct(replace(costs, unary=unary), options) - prices[lid]

    def _learn_strokes(self, sure: dict[str, int]) -> None:
        """Each line's printed stroke colour: the middle of the paths between its consecutive
        sure circles (most of which is the stroke, whatever crosses it)."""
        for lid, line in self.board.lines.items():
            ends = [
                (sure[a.id], sure[b.id])
                for a, b in itertools.pairwise(line.stops)
                if a.id in sure and b.id in sure
            ]
            tones = []
            for a, b in ends:
                pa, pb = self.xy[a], self.xy[b]
                length = float(np.hypot(*(pb - pa)))
                ta, tb = float(self.trim[a]), float(self.trim[b])
                if length <= ta + tb + 2:
                    continue
                t = np.linspace(ta / length, 1 - tb / length, PATH_SAMPLES)
                pts = (pa[None] + t[:, None] * (pb - pa)[None]) * self.scale
                xs, ys = np.round(pts).astype(int).T
                tones.append(ink(self.image[ys, xs]))
            if len(tones) >= 2:
                self.strokes[lid] = np.median(np.concatenate(tones), axis=0)

    def learn(self, matches: dict[str, Match]) -> None:
        """Take each line's colour and the local displacement from the sure matches."""
        sure = [m for m in matches.values() if m.circle is not None and m.margin >= SURE_MARGIN]
        self.taken = {m.circle: m.stop_id for m in sure if m.circle is not None}
        for lid in self.board.lines:
            rings = [self.ring[m.circle] for m in sure if self.board.stop(m.stop_id).line == lid]
            if len(rings) >= 3:
                self.models[lid] = np.median(np.array(rings), axis=0)
            ringed = [self.ringed[m.circle] for m in sure if self.board.stop(m.stop_id).line == lid]
            if len(ringed) >= 3:
                level = float(np.median(ringed))
                self.ring_level[lid] = min(RINGED_SURE, max(RING_LEVEL_MIN, level))
        self.colour_sigma = LEARNT_SIGMA
        self._learn_strokes({m.stop_id: m.circle for m in sure if m.circle is not None})
        self._segments.clear()
        if len(sure) < 5:
            return
        moved_by = {m.stop_id: self.xy[m.circle] - np.array(self.default[m.stop_id]) for m in sure}
        src = np.array([self.default[sid] for sid in moved_by])
        moved = np.array(list(moved_by.values()))
        self.printed = set()
        for stop in self.board.stops():
            p = np.array(self.default[stop.id])
            station = self.board.station_of(stop.id)
            mates = (
                [moved_by[s] for s in station.stops if s in moved_by and s != stop.id]
                if station
                else []
            )
            if mates:
                shift = np.mean(mates, axis=0)
                self.sigma[stop.id] = STATION_SIGMA_MM
                self.printed.add(stop.id)
            else:
                d = np.hypot(*(src - p).T)
                wgt = np.exp(-((d / 50.0) ** 2))
                wgt[d < 1e-6] = 0.0
                shift = (wgt[:, None] * moved).sum(axis=0) / (float(wgt.sum()) + 2.0)
                self.sigma[stop.id] = SIGMA_MM
            self.expected[stop.id] = (float(p[0] + shift[0]), float(p[1] + shift[1]))
