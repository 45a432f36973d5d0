"""Player colours: their names, display RGB and the short label shown beside every swatch.

Tokyo Metro has five player colours; Jutaku and Countdown allow up to eight players with a
button each, so three more are defined. The screen never shows colour alone: every swatch
carries the label (a letter) and, where there is room, the translated name.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.i18n import N_, _

RGB = tuple[int, int, int]

PLAYER_COLORS: dict[str, RGB] = {
    "red": (214, 39, 40),
    "blue": (31, 96, 196),
    "green": (44, 160, 44),
    "yellow": (240, 196, 25),
    "black": (40, 40, 40),
    "white": (236, 236, 236),
    "purple": (148, 80, 190),
    "orange": (245, 130, 32),
}
METRO_COLORS = ("red", "blue", "green", "yellow", "black")

COLOR_NAMES = _NAMES = {
    "red": N_("Red"),
    "blue": N_("Blue"),
    "green": N_("Green"),
    "yellow": N_("Yellow"),
    "black": N_("Black"),
    "white": N_("White"),
    "purple": N_("Purple"),
    "orange": N_("Orange"),
}


DRINK_COLORS: dict[str, RGB] = {
    "black": (30, 30, 30),
    "white": (240, 240, 240),
    "mint": (140, 230, 190),
    "blue": (40, 100, 210),
    "red": (215, 40, 40),
    "purple": (140, 70, 190),
}
"""The six JIDOHANBAIKI drink colours (BOTTLE BONUS, the shopping game, Chocolate milk)."""
_DRINK_NAMES = {**_NAMES, "mint": N_("Mint")}


def drink_name(color: str) -> str:
    """The translated name of a drink colour ("Menta")."""
    return _(_DRINK_NAMES[color]) if color in _DRINK_NAMES else color


def color_name(color: str) -> str:
    """The translated name of a player colour ("Rojo" in Spanish)."""
    return _(_NAMES[color]) if color in _NAMES else color


_LETTERS = {
    "red": N_("letter:red"),
    "blue": N_("letter:blue"),
    "green": N_("letter:green"),
    "yellow": N_("letter:yellow"),
    "black": N_("letter:black"),
    "white": N_("letter:white"),
    "purple": N_("letter:purple"),
    "orange": N_("letter:orange"),
}


_SOURCE_LETTERS = {
    "red": "R",
    "blue": "Bu",
    "green": "Gn",
    "yellow": "Yw",
    "black": "Bk",
    "white": "W",
    "purple": "Pu",
    "orange": "O",
}
"""The marks without a catalogue (the English ones)."""

LINE_LETTERS = frozenset("GMHTCYZNAISE") | frozenset("KPB")
"""Every line letter of the maps (Tokyo G M H T C Y Z N A I S E; Osaka adds K, P and the bus
B): no player mark may be one of them, or "G" could be Green or the Ginza line."""


def letter_of(color: str, tr: Callable[[str], str]) -> str:
    """The colour's mark with the translator `tr` (pure: the cores pass theirs)."""
    if color not in _LETTERS:
        return color[:1].upper()
    letter = tr(_LETTERS[color])
    return _SOURCE_LETTERS[color] if letter.startswith("letter:") else letter


def color_letter(color: str) -> str:
    """One or two letters that stand for the colour next to its swatch, in the current language.

    Chosen per language by the translators so that all eight differ (Blue "Bu" and Black "Bk"
    in English, Vert "Ve" and Violet "Vi" in French) and none is a line letter (`LINE_LETTERS`:
    Green is "Gn", not the Ginza line's "G"); a test checks both."""
    return letter_of(color, _)


def rgb(color: str) -> RGB:
    return PLAYER_COLORS[color]


def hex_to_rgb(text: str) -> RGB:
    text = text.lstrip("#")
    return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))


def text_color_on(background: RGB) -> RGB:
    """Black or white, whichever reads better on the background."""
    r, g, b = background
    return (0, 0, 0) if 0.299 * r + 0.587 * g + 0.114 * b > 150 else (255, 255, 255)
