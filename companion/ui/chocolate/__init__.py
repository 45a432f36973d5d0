"""Chocolate milk's screens: `ChocolateHome` (setup) and `ChocolateScreen` (the market)."""

from companion.ui.chocolate.screens import ChocolateHome, ChocolateScreen

__all__ = ["ChocolateHome", "ChocolateScreen"]
