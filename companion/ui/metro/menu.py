"""The game's command menus (actions, game menu, train-phase menu): the kit's `MenuScreen` as a
Metro screen.

While a screen of `companion.ui.metro` is on top, the app keeps the LED strip and the camera in
step with the game (`Services.after_frame`), so the menus opened over the game are Metro's.
"""

from companion.ui import kit


class MetroMenu(kit.MenuScreen):
    name = "metro-menu"
