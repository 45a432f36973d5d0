"""Where the camera stands (`camera_place.camera_nadir`), on the test renderer's cameras: with
the lens centred, as a real camera's is, it is worked out exactly from the board's homography."""

from __future__ import annotations

import types

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.vision import render
from companion.vision.camera_place import camera_nadir


def _art(w: float = 600.0, h: float = 400.0) -> object:
    return types.SimpleNamespace(layout=types.SimpleNamespace(bounds_mm=lambda: (0.0, 0.0, w, h)))


@pytest.mark.parametrize("pose", list(render.POSES))
@given(jitter=st.lists(st.floats(-1, 1), min_size=5, max_size=5))
def test_the_camera_place_is_worked_out_exactly_with_the_lens_centred(
    pose: str, jitter: list[float]
) -> None:
    cam, hom = render.camera_model(_art(), render.POSES[pose], np.array(jitter))  # type: ignore[arg-type]
    x, y, height = camera_nadir(hom, render.FRAME_SIZE, render.FOCAL_PX)
    assert abs(x - cam[0]) < 0.5 and abs(y - cam[1]) < 0.5 and abs(height + cam[2]) < 0.5


@pytest.mark.parametrize("pose", list(render.POSES))
@given(jitter=st.lists(st.floats(-1, 1), min_size=5, max_size=5))
def test_the_markers_corners_are_in_the_frame(pose: str, jitter: list[float]) -> None:
    _cam, hom = render.camera_model(_art(), render.POSES[pose], np.array(jitter))  # type: ignore[arg-type]
    for x, y in [(0, 0), (600, 0), (600, 400), (0, 400)]:
        u, v, w = hom @ np.array([x, y, 1.0])
        m = render.IN_FRAME_PX - 1e-6
        assert m <= u / w <= render.FRAME_SIZE[0] - m and m <= v / w <= render.FRAME_SIZE[1] - m


def test_with_the_lens_shifted_the_worked_out_place_is_off() -> None:
    """The photos the older tests keep (`render.shifted_lens`): the board brought into view by
    shifting the image, which no homography tells from a turned camera."""
    with render.shifted_lens():
        cam, hom = render.camera_model(_art(), render.POSES["tilted"], np.zeros(5))  # type: ignore[arg-type]
    x, y, _h = camera_nadir(hom, render.FRAME_SIZE, render.FOCAL_PX)
    assert np.hypot(x - cam[0], y - cam[1]) > 30
