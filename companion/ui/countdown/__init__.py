"""Entry points the registry names: `CountdownSetup` (new game) and `CountdownScreen.resumed`."""

from companion.ui.countdown.screen import CountdownScreen
from companion.ui.countdown.setup import CountdownSetup

__all__ = ["CountdownScreen", "CountdownSetup"]
