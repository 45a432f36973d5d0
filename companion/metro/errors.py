"""Narrow exception classes of the Metro core. Each names the field that is wrong."""

from __future__ import annotations


class MetroError(Exception):
    """Base of every error the Metro core raises on bad input."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
        self.message = message


class MapError(MetroError):
    """A board map is malformed."""


class TrackError(MetroError):
    """An income-track table is malformed or a value is off the track."""


class StateError(MetroError):
    """A game state refers to something that does not exist or breaks an invariant."""


class IllegalEvent(MetroError):
    """An event that the rules do not allow in this state (the reason says why)."""
