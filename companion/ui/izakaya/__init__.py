"""IZAKAYA screens: the setup (`IzakayaSetup`) and the game (`IzakayaScreen`)."""

from companion.ui.izakaya.play import IzakayaScreen
from companion.ui.izakaya.setup import IzakayaSetup

__all__ = ["IzakayaScreen", "IzakayaSetup"]
