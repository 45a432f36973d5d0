"""Giving freed memory back to the system.

glibc keeps the pages of freed arrays for reuse, in one arena per thread. The calibration (in a
starter thread) and the synthetic camera's renders (board-art-sized float planes) free tens of
MB that no later allocation of the same thread fills, so the process's resident size grows well
past what it holds. Trimming after such work returns those pages. It costs page faults when the
memory is used again, so it is done once after calibration and every few renders, never after
each reading. Capping the arenas at two keeps the camera's threads (calibration, frames, OpenCV's
workers) from each keeping their own.
"""

from __future__ import annotations

import ctypes
import ctypes.util
from typing import Any

M_ARENA_MAX = -8
"""glibc's mallopt parameter number for the most arenas."""
ARENAS = 2
_libc: Any = None


def _c_function(name: str) -> Any:
    global _libc
    if _libc is None:
        try:
            _libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        except OSError:
            _libc = False
    return getattr(_libc, name, None) if _libc else None


def release_free_memory() -> bool:
    """Return the free pages of every malloc arena to the system (glibc's `malloc_trim`);
    False where the C library has none (macOS, musl)."""
    trim = _c_function("malloc_trim")
    if trim is None:
        return False
    trim(0)
    return True


def share_arenas(arenas: int = ARENAS) -> bool:
    """At most `arenas` malloc arenas for threads started from now on (glibc's `mallopt`);
    call it before the camera's threads start. False where the C library has none."""
    mallopt = _c_function("mallopt")
    if mallopt is None:
        return False
    return bool(mallopt(M_ARENA_MAX, arenas))
