"""Players' piece colours as the camera sees them: a few Lab prototypes per colour (lit and
shaded faces differ), learnt from one calibration photo, plus what that photo measured: the
pieces' seen areas and elongations, and the camera's noise in that light."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from companion.colors import METRO_COLORS, PLAYER_COLORS
from companion.data import read_json
from companion.errors import UserError
from companion.vision.model import MEEPLE, PYRAMID
from companion.vision.seen_shapes import Shapes

COLORS_FORMAT = "companion/vision-colors@1"
L_WEIGHT = 0.5
MAX_DISTANCE = 45.0
NOISE_LIMIT = 7.0
"""Above this normalised noise (sd in grey levels once the board is brought to a grey of 200)
the reader refuses. On the hard test set: board grey 80, noise 5.1-5.9, 99 % of pieces read;
grey 60, noise 7.9-10.6, 92 %."""
NOISE_DIM = 4.5
UNREADABLE_RATIO = 4.5
"""...or when fewer than this many noise widths separate the two closest player colours
(hard set: 5.6-7.0 at grey 80, 3.3-4.1 at grey 60)."""
DIM_RATIO = 8.0
"""Below this the light is reported dim: reading works with little room."""


def to_lab(bgr: np.ndarray) -> np.ndarray:
    """N x 3 float BGR (0-255) -> N x 3 Lab with L scaled by L_WEIGHT."""
    if not bgr.size:
        return np.zeros((0, 3), np.float32)
    # One row of N pixels, not N rows of one: OpenCV converts a row at a time, and one-pixel
    # rows cost four times as much for the same values.
    scaled = np.asarray(bgr.reshape(1, -1, 3) / 255.0, np.float32)
    # Clipped to 0-1 by two threshold truncations: np.clip's values, without its ~5 us a call
    # of type resolution (the second look calls this for a few dozen pixels).
    arr = cv2.threshold(scaled, 1.0, 0.0, cv2.THRESH_TRUNC, dst=scaled)[1]
    arr = cv2.threshold(arr, 0.0, 0.0, cv2.THRESH_TOZERO, dst=arr)[1]
    lab = np.asarray(cv2.cvtColor(arr, cv2.COLOR_BGR2Lab), np.float32).reshape(-1, 3)
    lab[:, 0] *= L_WEIGHT
    return lab


@dataclass
class ColorModel:
    names: list[str]
    prototypes: np.ndarray
    """P x 3 weighted Lab."""
    owner: np.ndarray
    """P: index into names."""
    area_mm2: dict[str, float]
    aspect: dict[str, float] = field(default_factory=dict)
    """Median elongation (long / short side) of each kind as seen at calibration."""
    noise: dict[str, float] = field(default_factory=dict)
    """Measured at calibration: "diff", the sd of a pixel's change between two photos of the
    empty board (grey levels); "lab", the Lab distance noise leaves between them; "coarse",
    the hand test's change over 4x4 cells; "level", the board's median grey."""
    rise: dict[str, float] = field(default_factory=dict)
    """Median rise of each kind's brightness along its lean at calibration (`shading`)."""
    _rows: list[tuple[int, slice | np.ndarray]] = field(
        init=False, repr=False, compare=False, default_factory=list
    )
    """Each colour with prototypes and their rows (a slice when side by side)."""
    _proto_sq: np.ndarray = field(
        init=False, repr=False, compare=False, default_factory=lambda: np.zeros((0, 1))
    )
    """Each prototype's squared length (P x 1), for `nearest_colors`."""

    def __post_init__(self) -> None:
        self._proto_sq = (self.prototypes * self.prototypes).sum(1)[:, None]
        for c in range(len(self.names)):
            at = np.flatnonzero(self.owner == c)
            if len(at):
                side_by_side = at[-1] - at[0] == len(at) - 1
                self._rows.append((c, slice(int(at[0]), int(at[-1]) + 1) if side_by_side else at))

    def shapes(self) -> Shapes:
        default = Shapes(self.area_mm2[PYRAMID], self.area_mm2[MEEPLE])
        return Shapes(
            self.area_mm2[PYRAMID],
            self.area_mm2[MEEPLE],
            self.aspect.get(PYRAMID, default.pyramid_aspect),
            self.aspect.get(MEEPLE, default.meeple_aspect),
            self.rise.get(MEEPLE),
            self.rise.get(PYRAMID),
        )

    def classify(self, bgr: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(colour index per pixel or -1 when nothing is near, N x colours distances)."""
        return self.classify_lab(to_lab(bgr))

    def classify_lab(self, lab: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """`classify` for pixels already in weighted Lab (`to_lab`)."""
        idx, per_color, _ = self.nearest_colors(lab)
        return idx, per_color

    def nearest_colors(self, lab: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """`classify_lab`, and each pixel's distance to its nearest colour (the distances' row
        minimum, in `per_color` at the pixel's colour index when it is not -1)."""
        # |a - p|^2 = |a|^2 - 2 a.p + |p|^2: one matrix product instead of N x P x 3 temporaries,
        # laid out prototypes x pixels so that each colour's nearest prototype and the nearest
        # colour are taken whole rows at a time: numpy's reductions along a short last axis
        # cost several times more, for the same values.
        protos = self.prototypes
        sq = lab * lab
        lab_sq = sq[:, 0] + sq[:, 1]
        lab_sq += sq[:, 2]
        d2 = protos @ lab.T
        d2 *= 2
        np.subtract(lab_sq, d2, out=d2)
        d2 += self._proto_sq
        n = len(self.names)
        if len(self._rows) == n:
            nearest = np.empty((n, len(lab)), np.float32)  # every row is written below
        else:
            nearest = np.full((n, len(lab)), np.inf, np.float32)
        for c, rows in self._rows:
            np.minimum.reduce(d2[rows], axis=0, out=nearest[c])
        np.sqrt(np.maximum(nearest, 0, out=nearest), out=nearest)
        # The first nearest colour, as np.argmin gives it.
        idx = np.zeros(len(lab), np.int32)
        best = nearest[0].copy()
        for c in range(1, n):
            idx[nearest[c] < best] = c
            np.minimum(best, nearest[c], out=best)
        idx[best > MAX_DISTANCE] = -1
        return idx, np.ascontiguousarray(nearest.T), best

    def closest_pair(self) -> tuple[float, str, str]:
        """The smallest Lab distance between two player colours as this camera sees them
        (each colour's mean over its lit and shaded faces), and which two."""
        means = [self.prototypes[self.owner == c].mean(0) for c in range(len(self.names))]
        best = (math.inf, "", "")
        for i in range(len(means)):
            for j in range(i + 1, len(means)):
                d = float(np.sqrt(((means[i] - means[j]) ** 2).sum()))
                if d < best[0]:
                    best = (d, self.names[i], self.names[j])
        return best

    def normalised_noise(self) -> float:
        """The camera's noise (sd, grey levels) after the gain that brings the board to a
        grey of 200, as the colours are compared (0 when not measured)."""
        sd, level = self.noise.get("diff", 0.0), self.noise.get("level", 0.0)
        return sd * 200.0 / level if sd > 0 and level > 0 else 0.0

    def margin_ratio(self) -> float:
        """How many times the camera's noise, brought to the colours' light-normalised scale
        (a board grey of 200), fits between the two closest player colours (inf when the
        noise was not measured)."""
        noise = self.normalised_noise()
        return self.closest_pair()[0] / noise if noise > 0 else math.inf

    def too_dark(self) -> bool:
        """Noise too strong, or colours too close for it, in this light: reading would guess."""
        return self.normalised_noise() > NOISE_LIMIT or self.margin_ratio() < UNREADABLE_RATIO

    def dim(self) -> bool:
        """Reading works in this light, with little room."""
        return self.normalised_noise() > NOISE_DIM or self.margin_ratio() < DIM_RATIO

    @staticmethod
    def confidence(mean_dist: np.ndarray) -> float:
        """How clearly the nearest colour wins (0-1), from a blob's mean distance to each.
        `confidences` of one row in Python numbers (the same values: the lead subtracted in
        the distances' own type, the rest in float64), without its ~20 us of array calls."""
        order = np.sort(np.asarray(mean_dist).ravel())
        if len(order) < 2:
            return 1.0
        second = order[1]
        gap = float(second - order[0]) / max(float(second), 1e-6) * 2.5
        return min(max(gap, 0.0), 1.0)

    @staticmethod
    def confidences(mean_dists: np.ndarray) -> np.ndarray:
        """`confidence` of each row of blobs x colours mean distances."""
        if mean_dists.shape[1] < 2:
            return np.ones(len(mean_dists))
        order = np.sort(mean_dists, axis=1)
        lead = (order[:, 1] - order[:, 0]).astype(np.float64)
        gap = lead / np.maximum(order[:, 1].astype(np.float64), 1e-6) * 2.5
        return np.asarray(np.clip(gap, 0.0, 1.0))

    def to_json(self) -> dict[str, Any]:
        return {
            "format": COLORS_FORMAT,
            "colors": {
                name: [self.prototypes[i].round(2).tolist() for i in np.nonzero(self.owner == c)[0]]
                for c, name in enumerate(self.names)
            },
            "area_mm2": {k: round(v, 1) for k, v in self.area_mm2.items()},
            "aspect": {k: round(v, 3) for k, v in self.aspect.items()},
            "noise": {k: round(v, 3) for k, v in self.noise.items()},
            "rise": {k: round(v, 3) for k, v in self.rise.items()},
        }

    @classmethod
    def from_json(cls, data: Any, file: str | Path = "") -> ColorModel:
        if not isinstance(data, dict) or data.get("format") != COLORS_FORMAT:
            raise UserError(f"expected format {COLORS_FORMAT!r}", file, "format")
        names, protos, owner = [], [], []
        try:
            for c, (name, plist) in enumerate(data["colors"].items()):
                names.append(name)
                for p in plist:
                    protos.append([float(v) for v in p])
                    owner.append(c)
            areas = {k: float(v) for k, v in data["area_mm2"].items()}
            aspect = {k: float(v) for k, v in data.get("aspect", {}).items()}
            noise = {k: float(v) for k, v in data.get("noise", {}).items()}
            rise = {k: float(v) for k, v in data.get("rise", {}).items()}
        except (KeyError, TypeError, ValueError, AttributeError):
            raise UserError("expected colors {name: [[L, a, b], ...]} and area_mm2", file) from None
        protos_arr = np.array(protos, np.float32)
        return cls(names, protos_arr, np.array(owner, np.int32), areas, aspect, noise, rise)

    @classmethod
    def load(cls, path: str | Path) -> ColorModel:
        return cls.from_json(read_json(path), path)

    @classmethod
    def default(cls, colors: tuple[str, ...] = METRO_COLORS) -> ColorModel:
        """Uncalibrated guesses from the display colours (fine in daylight, poor under lamps)."""
        protos, owner = [], []
        for c, name in enumerate(colors):
            r, g, b = PLAYER_COLORS[name]
            for k in (0.55, 0.8, 1.05):
                protos.append(to_lab(np.array([[b * k, g * k, r * k]], np.float32))[0])
                owner.append(c)
        return cls(
            list(colors),
            np.array(protos, np.float32),
            np.array(owner, np.int32),
            {PYRAMID: 180.0, MEEPLE: 130.0},
        )

    @classmethod
    def fit(
        cls,
        samples: dict[str, np.ndarray],
        areas: dict[str, list[float]],
        per_color: int = 3,
        aspects: dict[str, list[float]] | None = None,
        noise: dict[str, float] | None = None,
        rises: dict[str, list[float]] | None = None,
    ) -> ColorModel:
        """Prototypes from each colour's pixels (N x 3 light-normalised BGR), and the
        median of each kind's measured areas, elongations and rises."""
        names, protos, owner = [], [], []
        for c, (name, pix) in enumerate(samples.items()):
            names.append(name)
            lab = to_lab(pix)
            k = min(per_color, len(lab))
            crit = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.5)
            cv2.setRNGSeed(1)
            no_labels: Any = None
            _, _, centres = cv2.kmeans(lab, k, no_labels, crit, 2, cv2.KMEANS_PP_CENTERS)
            for p in centres:
                protos.append(p)
                owner.append(c)
        area = {kind: float(np.median(v)) for kind, v in areas.items() if v}
        default = {PYRAMID: 180.0, MEEPLE: 130.0}
        aspect = {kind: float(np.median(v)) for kind, v in (aspects or {}).items() if v}
        return cls(
            names,
            np.array(protos, np.float32),
            np.array(owner, np.int32),
            {**default, **area},
            aspect,
            dict(noise or {}),
            {kind: float(np.median(v)) for kind, v in (rises or {}).items() if v},
        )
