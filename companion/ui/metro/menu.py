"""The game's command menus (actions, game menu, train-phase menu): the kit's `MenuScreen` as a
Metro screen, where LEFT/RIGHT also jump three rows (any row is at most three presses away).

While a screen of `companion.ui.metro` is on top, the app keeps the LED strip and the camera in
step with the game (`Services.after_frame`), so the menus opened over the game are Metro's.
"""

from companion.ui import kit
from companion.ui.screen import Action, Input

JUMP = 3


class MetroMenu(kit.MenuScreen):
    name = "metro-menu"

    def handle(self, event: Input) -> None:
        if event.action in (Action.LEFT, Action.RIGHT) and self.items:
            step = JUMP if event.action is Action.RIGHT else -JUMP
            self.cursor = (self.cursor + step) % len(self.items)
            self.error = ""
            return
        super().handle(event)
