"""The one screen kit of every game: theme and fonts, palette, text, options and menus, the
confirm dialog, colour chips, hints and banners, and `yen()`.

Screens import from here (`from companion.ui import kit`); the submodules are its parts.
"""

from companion.money import signed_yen, yen
from companion.ui.kit import textlog
from companion.ui.kit.banners import draw_error, draw_toasts
from companion.ui.kit.chips import (
    badge,
    badge_rect,
    chip,
    chip_caption,
    color_chip,
    line_badge,
    line_rgb,
    player_chip,
    player_chip_width,
    player_label,
    player_rgb,
)
from companion.ui.kit.dialogs import ConfirmDialog, Dialog, NumberEntry, confirm
from companion.ui.kit.hints import (
    arrow,
    draw_hint,
    draw_title,
    hint_bar,
    hint_height,
    key_cap,
    title_height,
)
from companion.ui.kit.menus import ListMenu, MenuScreen, draw_options, draw_setup_list
from companion.ui.kit.options import (
    Option,
    Text,
    cursor_step,
    handle_options,
    press_option,
    text_of,
    then,
)
from companion.ui.kit.palette import NEUTRAL, PALETTE, colors_of, theme_color
from companion.ui.kit.text import (
    CONDENSED,
    blit_condensed,
    blit_text,
    blit_whole,
    ellipsize,
    fit,
    fits_condensed,
    render,
    two_lines,
    wrap,
    wrap_lines,
)
from companion.ui.kit.theme import FONT_PATH, Fonts, Theme, font, load_font, margin

__all__ = [
    "CONDENSED",
    "FONT_PATH",
    "NEUTRAL",
    "PALETTE",
    "ConfirmDialog",
    "Dialog",
    "Fonts",
    "ListMenu",
    "MenuScreen",
    "NumberEntry",
    "Option",
    "Text",
    "Theme",
    "arrow",
    "badge",
    "badge_rect",
    "blit_condensed",
    "blit_text",
    "blit_whole",
    "chip",
    "chip_caption",
    "color_chip",
    "colors_of",
    "confirm",
    "cursor_step",
    "draw_error",
    "draw_hint",
    "draw_options",
    "draw_setup_list",
    "draw_title",
    "draw_toasts",
    "ellipsize",
    "fit",
    "fits_condensed",
    "font",
    "handle_options",
    "hint_bar",
    "hint_height",
    "key_cap",
    "line_badge",
    "line_rgb",
    "load_font",
    "margin",
    "player_chip",
    "player_chip_width",
    "player_label",
    "player_rgb",
    "press_option",
    "render",
    "signed_yen",
    "text_of",
    "textlog",
    "theme_color",
    "then",
    "title_height",
    "two_lines",
    "wrap",
    "wrap_lines",
    "yen",
]
