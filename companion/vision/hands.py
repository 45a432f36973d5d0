"""A hand or an arm over the board: a frame to refuse, not to read."""

from __future__ import annotations

import cv2
import numpy as np

from companion.vision.boardframe import LEVEL, BoardFrame, Frame, Settings, scalar
from companion.vision.colormodel import ColorModel


def _skin_share(bgr: np.ndarray) -> float:
    """Share of skin-toned pixels (a hand) among the given float BGR pixels."""
    if not len(bgr):
        return 0.0
    b, g, r = bgr[:, 0], bgr[:, 1], bgr[:, 2]
    skin = (r > 95) & (g > 40) & (b > 20) & (r > g) & (r > b) & (r - np.minimum(g, b) > 15)
    skin &= (r - g > 10) & (r - g < 110) & (g > 0.55 * r)
    return float(skin.mean())


class HandTest:
    """Says whether a frame shows a hand or a large change instead of pieces."""

    def __init__(self, board_frame: BoardFrame, colors: ColorModel, settings: Settings) -> None:
        self.board_frame = board_frame
        self.colors = colors
        self.settings = settings
        self.scale = board_frame.scale

    def rejection(self, frame: Frame, pyr_px: float) -> str | None:
        """'hand' or 'large change' when an arm or a big change is over the board."""
        mask = frame.mask
        h, w = mask.shape
        changed = int(np.count_nonzero(mask))
        big: list[np.ndarray] = []
        if changed > self.settings.hand_pieces * pyr_px:
            # Outlines are much cheaper than labelled components here; areas need not be exact.
            contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
            for cnt in contours:
                area = cv2.contourArea(cnt)
                if area <= self.settings.hand_pieces * pyr_px:
                    continue
                x, y, bw, bh = cv2.boundingRect(cnt)
                touches = x <= 1 or y <= 1 or x + bw >= w - 1 or y + bh >= h - 1
                if touches or area > 10 * pyr_px:
                    big.append(
                        frame.image[y : y + bh, x : x + bw][mask[y : y + bh, x : x + bw] > 0]
                    )
        if not big and self._arm(frame.diff):
            big.append(frame.image[mask > 0])
        if not big and changed <= self.settings.hand_fraction * h * w:
            return None
        pix = np.concatenate(big) if big else frame.image[mask > 0]
        pix = pix.astype(np.float32) * np.float32(LEVEL / max(self.board_frame.level, 1.0))
        return "hand" if _skin_share(pix) > 0.2 else "large change"

    def _arm(self, diff: np.ndarray) -> bool:
        """A large, faintly changed region reaching the board's edge: an arm over the board,
        even where it is too close to the map's colour to pass the piece threshold."""
        h, w = diff.shape
        coarse = cv2.resize(diff, (w // 4, h // 4), interpolation=cv2.INTER_AREA)
        limit = max(
            self.settings.hand_diff * self.board_frame.level / LEVEL,
            2.0 * self.colors.noise.get("coarse", 0.0),
        )
        cm = cv2.compare(coarse, scalar(limit), cv2.CMP_GT)
        cm = cv2.morphologyEx(cm, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))
        # 16-bit labels when they fit (the same statistics): twice as quick.
        ltype = cv2.CV_16U if cm.size < 2**16 else cv2.CV_32S
        _, _, stats, _ = cv2.connectedComponentsWithStats(cm, connectivity=8, ltype=ltype)
        cell_mm2 = (4 / self.scale) ** 2
        ch, cw = cm.shape
        m = max(1, round(40 * self.scale / 4))
        hand = self.settings.hand_mm2
        # Only a region larger than a hand counts (most frames have none): the rest of the test
        # on those alone (tiny arrays' every numpy call costs microseconds).
        large = np.flatnonzero(stats[1:, cv2.CC_STAT_AREA] * cell_mm2 > hand)
        if not len(large):
            return False
        x, y, bw, bh, area = stats[1:][large].T
        touches = (x < m) | (y < m) | (x + bw > cw - m) | (y + bh > ch - m)
        mm2 = area * cell_mm2
        return bool(np.any((touches & (mm2 > hand)) | (mm2 > 2 * hand)))
