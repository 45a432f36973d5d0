"""Where the camera stands above the board, from the markers' homography: pieces lean away
from the camera's nadir, and their tops appear further out than their feet."""

from __future__ import annotations

import numpy as np


def camera_nadir(
    homography: np.ndarray, frame_size: tuple[int, int], focal_px: float
) -> tuple[float, float, float]:
    """(x_mm, y_mm, height_mm) of the camera above the board, from the board's homography and
    the focal length (principal point at the frame centre)."""
    k = np.array([[focal_px, 0, frame_size[0] / 2], [0, focal_px, frame_size[1] / 2], [0, 0, 1]])
    m = np.linalg.inv(k) @ homography
    lam = 1.0 / np.linalg.norm(m[:, 0])
    r1, r2, t = lam * m[:, 0], lam * m[:, 1], lam * m[:, 2]
    rot = np.stack([r1, r2, np.cross(r1, r2)], 1)
    c = -rot.T @ t
    return float(c[0]), float(c[1]), float(abs(c[2]))


class CameraPlace:
    """Where the camera is above the board, (x_mm, y_mm, height_mm): the pieces' lean."""

    def __init__(self, nadir: tuple[float, float, float]) -> None:
        self.nadir = nadir

    def place(self) -> tuple[float, float, float]:
        """Where the camera is: equal while it stays (what `lean` and `unlean` depend on)."""
        return self.nadir

    def lean(self, x: float, y: float, height: float) -> tuple[float, float]:
        """Where a point `height` mm above (x, y) on the board appears (board mm)."""
        nx, ny, cam_h = self.nadir
        k = cam_h / (cam_h - height)
        return nx + (x - nx) * k, ny + (y - ny) * k

    def unlean(self, x: float, y: float, height: float) -> tuple[float, float]:
        nx, ny, cam_h = self.nadir
        k = (cam_h - height) / cam_h
        return nx + (x - nx) * k, ny + (y - ny) * k
