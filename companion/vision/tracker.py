"""Accept a reading only once it held still: the same pieces in the same places for N frames
in a row. Rejected frames (a hand over the board) neither count nor reset the accepted one."""

from __future__ import annotations

from companion.vision.model import Reading


class Tracker:
    def __init__(self, frames: int = 3) -> None:
        self.frames = frames
        self.accepted: Reading | None = None
        self._candidate: frozenset[tuple[str, str, str]] | None = None
        self._count = 0

    def update(self, reading: Reading) -> Reading | None:
        """Feed one frame's reading; returns the reading when it becomes the accepted one."""
        if not reading.ok:
            self._count = 0
            self._candidate = None
            return None
        sig = reading.signature()
        if sig == self._candidate:
            self._count += 1
        else:
            self._candidate, self._count = sig, 1
        if self._count >= self.frames and (
            self.accepted is None or self.accepted.signature() != sig
        ):
            self.accepted = reading
            return reading
        return None

    @property
    def settling(self) -> bool:
        """A change is in view but not yet stable."""
        return self._candidate is not None and (
            self.accepted is None or self._candidate != self.accepted.signature()
        )
