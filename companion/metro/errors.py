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


def N_(template: str) -> str:
    """Mark a message template for translation; the screens translate it (companion.narrate)."""
    return template


class IllegalEvent(MetroError):
    """An event that the rules do not allow in this state (the reason says why).

    `template` is an English sentence with {placeholders} filled from `params`; the core cannot
    translate, so the screen does: `_(template).format(**params)` with player colours named."""

    def __init__(self, field: str, template: str, **params: object) -> None:
        super().__init__(field, template.format(**params))
        self.template = template
        self.params = params
