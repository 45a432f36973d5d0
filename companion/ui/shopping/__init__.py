"""The shopping game's screens: `ShoppingHome` (setup) and `ShoppingScreen` (the market)."""

from companion.ui.shopping.screens import ShoppingHome, ShoppingScreen

__all__ = ["ShoppingHome", "ShoppingScreen"]
