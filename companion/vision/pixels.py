"""Camera frames come in two layouts: (h, w, 3) BGR (USB webcams, files, the renderer) and
(h, w, 4) BGRA (the Pi camera's XRGB8888, alpha 255), both uint8. The reader warps a frame as it
came (OpenCV 5 warps four channels quicker than three, 4.11 as quick: docs/vision.md) and makes the
board frame BGR; the rest of the reader, calibration and the debug images work in BGR."""

from __future__ import annotations

import cv2
import numpy as np


def has_alpha(image: np.ndarray) -> bool:
    """A four-channel (BGRA) frame."""
    return image.ndim == 3 and image.shape[2] == 4


def bgr_of(image: np.ndarray) -> np.ndarray:
    """The frame in three channels (a BGR frame as it is)."""
    return np.asarray(cv2.cvtColor(image, cv2.COLOR_BGRA2BGR)) if has_alpha(image) else image


def gray_of(image: np.ndarray) -> np.ndarray:
    """The frame's grey (the same weights for either layout; a grey frame as it is)."""
    if image.ndim == 2:
        return image
    code = cv2.COLOR_BGRA2GRAY if has_alpha(image) else cv2.COLOR_BGR2GRAY
    return np.asarray(cv2.cvtColor(image, code))
