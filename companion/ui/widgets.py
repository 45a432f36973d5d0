"""Kept for `companion.app.core` (it draws the toasts from here): the widgets are in
`companion.ui.kit`. Remove once the app imports `companion.ui.kit.draw_toasts`."""

from companion.ui.kit.banners import draw_toasts

__all__ = ["draw_toasts"]
