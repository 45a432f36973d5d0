"""Debug overlay: the warped board with grid, stations, the changed mask and every piece read."""

from __future__ import annotations

import cv2
import numpy as np

from companion.colors import PLAYER_COLORS
from companion.metro.board import BoardMap
from companion.vision.model import PYRAMID, Reading, station_center


def draw_overlay(
    board: BoardMap,
    warped: np.ndarray,
    mask: np.ndarray | None,
    reading: Reading,
    scale: float,
    zoom: float = 2.0,
) -> np.ndarray:
    img: np.ndarray = np.clip(warped, 0, 255).astype(np.uint8)
    img = cv2.resize(img, None, fx=zoom, fy=zoom, interpolation=cv2.INTER_LINEAR)
    if mask is not None:
        big = cv2.resize(mask, None, fx=zoom, fy=zoom, interpolation=cv2.INTER_NEAREST)
        contours, _ = cv2.findContours(big, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        cv2.drawContours(img, contours, -1, (255, 0, 255), 1)
    k = scale * zoom
    g = board.grid
    for col in range(g.columns + 1):
        x = round((g.origin_x_mm + col * g.square_w_mm) * k)
        cv2.line(
            img,
            (x, round(g.origin_y_mm * k)),
            (x, round((g.origin_y_mm + g.rows * g.square_h_mm) * k)),
            (128, 128, 128),
            1,
        )
    for row in range(g.rows + 1):
        y = round((g.origin_y_mm + row * g.square_h_mm) * k)
        cv2.line(
            img,
            (round(g.origin_x_mm * k), y),
            (round((g.origin_x_mm + g.columns * g.square_w_mm) * k), y),
            (128, 128, 128),
            1,
        )
    for sid in board.stations:
        sx, sy = station_center(board, sid)
        cv2.circle(img, (round(sx * k), round(sy * k)), round(8 * k), (0, 0, 0), 1, cv2.LINE_AA)
    for p in reading.pieces:
        r, gg, b = PLAYER_COLORS.get(p.color, (255, 255, 255))
        c = (round(p.x_mm * k), round(p.y_mm * k))
        outline = (255, 255, 255) if p.color == "black" else (0, 0, 0)
        if p.kind == PYRAMID:
            cv2.rectangle(
                img,
                (c[0] - round(7 * k), c[1] - round(7 * k)),
                (c[0] + round(7 * k), c[1] + round(7 * k)),
                outline,
                2,
            )
        else:
            cv2.circle(img, c, round(7 * k), outline, 2, cv2.LINE_AA)
        cv2.circle(img, c, 3, (b, gg, r), -1)
        label = f"{p.color[:2]} {p.kind[0]} {p.place} {p.confidence:.2f}"
        cv2.putText(
            img,
            label,
            (c[0] - round(8 * k), c[1] + round(11 * k)),
            cv2.FONT_HERSHEY_SIMPLEX,
            0.4,
            (0, 0, 0),
            3,
            cv2.LINE_AA,
        )
        cv2.putText(
            img,
            label,
            (c[0] - round(8 * k), c[1] + round(11 * k)),
            cv2.FONT_HERSHEY_SIMPLEX,
            0.4,
            (255, 255, 255),
            1,
            cv2.LINE_AA,
        )
    status = (
        "rejected: " + reading.rejected if reading.rejected else f"{len(reading.pieces)} pieces"
    )
    cv2.putText(img, status, (8, 20), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (0, 0, 255), 2, cv2.LINE_AA)
    return img
