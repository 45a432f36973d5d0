"""NEXT STATION TOKYO screens: the setup (`NextStationSetupScreen`) and, for a saved game, the
screen of its phase (`play_screen`): reveals, the score pad, the results."""

from companion.ui.nextstation.flow import play_screen
from companion.ui.nextstation.setup import NextStationSetupScreen

__all__ = ["NextStationSetupScreen", "play_screen"]
