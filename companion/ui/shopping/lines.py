"""What the shopping screens say: category names, payout lines, the mode reminder."""

from __future__ import annotations

from companion.colors import drink_name
from companion.i18n import _
from companion.money import yen
from companion.shopping.game import Mode
from companion.shopping.market import DRINKS, GARMENT_NAMES, GARMENTS, Line


def reminder(mode: Mode) -> str:
    if mode == "dexterity":
        return _(
            "Dexterity: once in the cart, touch nothing; push it with your architect. "
            "What falls is lost."
        )
    return _("Economic: nothing is lost when it falls; arrange your cart as you like.")


def mode_name(mode: Mode) -> str:
    return _("dexterity") if mode == "dexterity" else _("economic")


def category_name(key: str) -> str:
    if key in GARMENTS:
        return _(GARMENT_NAMES[key])
    return _("{color} drink").format(color=drink_name(key))


def line_text(line: Line) -> str:
    """One payout line without its amount, short: "2 x Shirt", "1 x Red", "Crab 6"."""
    if line.what in GARMENTS:
        return f"{line.count} × {_(GARMENT_NAMES[line.what]).split('/')[0]}"
    if line.what in DRINKS:
        return f"{line.count} × {drink_name(line.what)}"
    if line.what == "detergent":
        return _("Detergent: doubles {price}").format(price=yen(line.amount, _))
    if line.what == "salmon":
        return f"{line.count} × " + _("Salmon")
    if line.what == "crab":
        return _("Crab {number}").format(number=line.count)
    return _("Tuna {number}").format(number=line.count)
