"""Entry point the main menu looks for: `companion.ui.countdown.CountdownScreen`."""

from companion.ui.countdown.screen import CountdownScreen

__all__ = ["CountdownScreen"]
