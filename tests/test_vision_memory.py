"""Memory of the synthetic camera: the banded light product gives the whole-image numbers, and
freed memory can be given back (glibc) or the call says it could not."""

from __future__ import annotations

import platform

import numpy as np

from companion.vision.heap import release_free_memory, share_arenas
from companion.vision.render import _lit


def _whole(img: np.ndarray, shadow: np.ndarray, shading: np.ndarray | None) -> np.ndarray:
    f = img.astype(np.float32) * shadow[..., None]
    if shading is not None:
        f *= shading[..., None]
    return np.clip(f, 0, 255).astype(np.uint8)


def test_banded_light_product_matches_the_whole_image_product() -> None:
    rng = np.random.default_rng(0)
    img = rng.integers(0, 256, (301, 97, 3), dtype=np.uint8)
    shadow = rng.uniform(0.5, 1.0, (301, 97)).astype(np.float32)
    shading = rng.uniform(0.8, 1.3, (301, 97)).astype(np.float32)
    for band in (1, 7, 128, 400):
        assert np.array_equal(_lit(img, shadow, shading, band), _whole(img, shadow, shading))
        assert np.array_equal(_lit(img, shadow, None, band), _whole(img, shadow, None))


def test_heap_calls_answer_whether_they_could() -> None:
    trimmed = release_free_memory()
    shared = share_arenas()
    if platform.libc_ver()[0] == "glibc":
        assert trimmed and shared
    else:
        assert isinstance(trimmed, bool) and isinstance(shared, bool)
