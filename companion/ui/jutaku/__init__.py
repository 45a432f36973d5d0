"""Entry point the main menu looks for: `companion.ui.jutaku.JutakuHome`."""

from companion.ui.jutaku.screens import JutakuHome, JutakuScreen

__all__ = ["JutakuHome", "JutakuScreen"]
