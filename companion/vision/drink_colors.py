"""The six METRO DRINKS colours in this camera's light. The drinks are not photographed at
calibration: their printed colours are brought into the camera's light by the affine map that
takes the players' printed colours to their calibrated prototypes (`drink_prototypes`), and
white is the board's own white."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import cv2
import numpy as np

from companion.colors import DRINK_COLORS, PLAYER_COLORS
from companion.vision.colormodel import L_WEIGHT, MAX_DISTANCE, ColorModel, to_lab

SHADES = (0.6, 0.85, 1.05)
"""A drink's side in shadow, its side in the light, its top: one prototype each."""
HUE_PAIRS = (("blue", "purple"),)
"""Drink colours near in Lab where one is bright: a blue drink's lit top, brighter than any
blue pyramid face calibrated, shifts towards purple in Lab (saturated blue has a positive a).
Their share of red light tells them apart at any brightness (blue ~0.1, purple ~0.35)."""


def red_share(bgr: np.ndarray) -> np.ndarray:
    """N: each pixel's red over its R+G+B, a chromaticity independent of its brightness."""
    b = np.asarray(bgr, np.float32).reshape(-1, 3)
    return np.asarray(b[:, 2] / np.maximum(b.sum(1), np.float32(1.0)), np.float32)


def from_lab(lab: np.ndarray) -> np.ndarray:
    """N x 3 weighted Lab -> N x 3 float BGR (0-255): `to_lab` undone (for prototypes)."""
    raw = np.asarray(lab, np.float32).reshape(1, -1, 3).copy()
    raw[..., 0] /= L_WEIGHT
    return np.asarray(cv2.cvtColor(raw, cv2.COLOR_Lab2BGR), np.float32).reshape(-1, 3) * 255


def whitest(ref_lab: np.ndarray) -> np.ndarray:
    """The board's own white (its stop circles) in weighted Lab: the median of its lightest
    pixels. White is no player colour, so the map from the players'
    colours cannot reach it; the board's white can."""
    flat = ref_lab.reshape(-1, 3)
    light = flat[flat[:, 0] >= np.percentile(flat[:, 0], 99)]
    return np.asarray(np.median(light, 0), np.float32)


def drink_prototypes(
    colors: ColorModel, white: np.ndarray | None = None
) -> tuple[list[str], np.ndarray, np.ndarray]:
    """(drink names, P x 3 weighted-Lab prototypes, P owners): each drink's printed colour at
    three shades, mapped into this camera's light by the affine map (least squares) that takes
    the players' printed colours, at the same shades, to their calibrated prototypes."""
    src, dst = [], []
    for c, name in enumerate(colors.names):
        if name not in PLAYER_COLORS:
            continue
        protos = colors.prototypes[colors.owner == c]
        if not len(protos):
            continue
        r, g, b = PLAYER_COLORS[name]
        printed = to_lab(np.array([[b * k, g * k, r * k] for k in SHADES], np.float32))
        # each calibrated prototype against the printed shade nearest it in lightness
        for p in protos:
            src.append(printed[int(np.argmin(np.abs(printed[:, 0] - p[0])))])
            dst.append(p)
    names = list(DRINK_COLORS)
    printed_drinks = []
    owner = []
    for i, name in enumerate(names):
        r, g, b = DRINK_COLORS[name]
        printed_drinks += [[b * k, g * k, r * k] for k in SHADES]
        owner += [i] * len(SHADES)
    drinks_lab = to_lab(np.array(printed_drinks, np.float32))
    if len(src) >= 4:
        a = np.hstack([np.array(src, np.float64), np.ones((len(src), 1))])
        fit, *_rest = np.linalg.lstsq(a, np.array(dst, np.float64), rcond=None)
        mapped = np.hstack([drinks_lab, np.ones((len(drinks_lab), 1))]) @ fit
        drinks_lab = mapped.astype(np.float32)
    if white is not None:
        at = names.index("white") * len(SHADES)
        for j, k in enumerate(SHADES):
            drinks_lab[at + j] = (white[0] * min(k, 1.0), white[1], white[2])
    return names, drinks_lab, np.array(owner, np.int32)


class _Seen:
    """One board frame's pixels classified so far (`DrinkPalette.classify`), by flat index:
    every answer is the pixel's own (no pixel's depends on another's), so the drink reader's
    many looks at the same ring pixels each frame work each pixel out once."""

    def __init__(self, frame: object, pixels: int, colours: int) -> None:
        self.frame = frame
        self.done = np.zeros(pixels, bool)
        self.lab = np.empty((pixels, 3), np.float32)
        self.nearest = np.empty(pixels, np.intp)
        """`DrinkPalette.nearest`'s colour (before `split_hues`)."""
        self.idx = np.empty(pixels, np.intp)
        self.per = np.empty((pixels, colours), np.float32)
        self.board = np.empty(pixels, np.float32)
        """The colour distance to the empty board (`board_distance`)."""
        self.ok = np.empty(pixels, bool)


class DrinkPalette:
    """Which drink colour a board-frame pixel is nearest, and whether it is a drink's pixel."""

    def __init__(
        self,
        colors: ColorModel,
        ref_lab: np.ndarray,
        colors_at: Callable[[object, np.ndarray, np.ndarray], np.ndarray],
        board_distance: Callable[[np.ndarray, np.ndarray, np.ndarray], np.ndarray],
        margin: float,
        shadowed: Callable[[object, np.ndarray, np.ndarray], np.ndarray] | None = None,
    ) -> None:
        """`shadowed`: which pixels are the empty board in a shadow (`BoardFrame.shadowed`)."""
        self.names, self.protos, self.owner = drink_prototypes(colors, whitest(ref_lab))
        self.white_index = self.names.index("white")
        self.hue_pairs = []
        """(first index, second index, red share between them) of each of `HUE_PAIRS`."""
        for a, b in HUE_PAIRS:
            ia, ib = self.names.index(a), self.names.index(b)
            ra = float(np.mean(red_share(from_lab(self.protos[self.owner == ia]))))
            rb = float(np.mean(red_share(from_lab(self.protos[self.owner == ib]))))
            self.hue_pairs.append((ia, ib, (ra + rb) / 2))
        self.colors_at = colors_at
        self.board_distance = board_distance
        self.shadowed = shadowed
        self.margin = margin
        self._height, self._width = ref_lab.shape[:2]
        """The board frame's size: the pixels' flat indices for `_Seen`."""
        self._seen: _Seen | None = None
        shades = len(self.owner) // len(self.names)
        grouped = self.protos.dtype == np.float32 and np.array_equal(
            self.owner, np.repeat(np.arange(len(self.names)), shades)
        )
        self._shades = shades if grouped else 0
        """Each colour's prototypes one after another, this many each (0: not so)."""
        by_shade = self.protos.reshape(-1, max(shades, 1), 3).transpose(1, 0, 2)
        self._by_shade = [np.ascontiguousarray(p.T) for p in by_shade] if grouped else []
        """Per shade: the colours' prototypes (3 x colours), for `nearest`."""

    def forget(self) -> None:
        """Drop the last frame's classified pixels (`classify` drops them on a new frame)."""
        self._seen = None

    def nearest(self, lab: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(each pixel's nearest drink colour, N x colours distances)."""
        if self._shades and lab.dtype == np.float32:
            # Channel by channel, shade by shade, the same float32 sums in the same order as
            # the N x prototypes x 3 array's summed along its short last axis (ten times the
            # time for the same values); the least shade's, rooted once (the least root).
            lab = np.asarray(lab)
            ll, la, lb = lab[:, 0:1], lab[:, 1:2], lab[:, 2:3]
            least: Any = None
            for p in self._by_shade:
                d2: np.ndarray = ll - p[0]
                d2 *= d2
                d: np.ndarray = la - p[1]
                d *= d
                d2 += d
                d = np.subtract(lb, p[2], out=d)
                d *= d
                d2 += d
                least = d2 if least is None else np.minimum(least, d2, out=least)
            per = np.sqrt(least)
            return np.argmin(per, 1), per
        d2 = ((lab[:, None, :] - self.protos[None, :, :]) ** 2).sum(2)
        per = np.full((len(lab), len(self.names)), np.inf, np.float32)
        for i in range(len(self.names)):
            per[:, i] = np.sqrt(d2[:, self.owner == i].min(1))
        return np.argmin(per, 1), per

    def split_hues(
        self, bgr: np.ndarray, idx: np.ndarray, per: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        """`nearest`'s answer with each of `HUE_PAIRS` decided by the pixel's red share."""
        for ia, ib, mid in self.hue_pairs:
            pair = (idx == ia) | (idx == ib)
            if pair.any():
                idx = idx.copy()
                idx[pair] = np.where(red_share(bgr.reshape(-1, 3)[pair]) < mid, ia, ib)
        return idx, per

    def classify(
        self, frame: object, ys: np.ndarray, xs: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(nearest drink colour, N x colours distances, drink pixel: near that colour and
        nearer it than the empty board). White is never a drink pixel: on light paper a white
        drink's top is as near white as the paper is, and a stop circle in a piece's shadow
        looks like its shaded side (`white_drink` finds it by its change instead). Nor is the
        board in a shadow: a piece's shadow on a printed line of a drink colour looks like
        that drink's shaded side. Each pixel is worked out once a frame (`_Seen`)."""
        seen, at = self._look(frame, ys, xs)
        return seen.idx[at], seen.per[at], seen.ok[at]

    def seen(
        self, frame: object, ys: np.ndarray, xs: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(weighted Lab, `nearest`'s colour, colour distance to the empty board) of these
        board-frame pixels, from the frame's classified pixels."""
        seen, at = self._look(frame, ys, xs)
        return seen.lab[at], seen.nearest[at], seen.board[at]

    def _look(self, frame: object, ys: np.ndarray, xs: np.ndarray) -> tuple[_Seen, np.ndarray]:
        """The frame's classified pixels, these among them (worked out now if new), and their
        flat indices."""
        seen = self._seen
        if seen is None or seen.frame is not frame:
            seen = self._seen = _Seen(frame, self._height * self._width, len(self.names))
        at = ys * self._width + xs
        new = ~seen.done[at]
        if new.any():
            if not new.all():
                ys, xs = ys[new], xs[new]
            todo = ys * self._width + xs
            bgr = self.colors_at(frame, ys, xs)
            lab = to_lab(bgr)
            nearest, per = self.nearest(lab)
            idx, per = self.split_hues(bgr, nearest, per)
            best = per[np.arange(len(idx)), idx]
            board = self.board_distance(ys, xs, lab)
            ok = (best < MAX_DISTANCE) & (best + self.margin < board) & (idx != self.white_index)
            if self.shadowed is not None and ok.any():
                ok &= ~self.shadowed(frame, ys, xs)
            seen.lab[todo] = lab
            seen.nearest[todo] = nearest
            seen.idx[todo] = idx
            seen.per[todo] = per
            seen.board[todo] = board
            seen.ok[todo] = ok
            seen.done[todo] = True
        return seen, at
