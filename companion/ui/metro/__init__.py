"""The Tokyo Metro game screens. The app pushes `MetroHome` (the income track) once a session
exists; every other Metro screen is reached from there."""

from companion.ui.metro.home import MetroHome

__all__ = ["MetroHome"]
