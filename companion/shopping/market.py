"""The shopping game's market: the category price cards and what a cart pays at the exit.

Readings (DESIGN.md ruling 14 and docs/shopping.md): a tuna pays its printed number x ¥100 as a
crab does; no price drops below ¥0; a detergent doubles one garment (sheet/pillowcase,
shirt/trousers, bra/underwear/socks; the washers and the dryer are not garments), never two on
one item, and the box always doubles the dearest garments.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.i18n import N_

GARMENTS = ("washer", "sheet", "shirt", "underwear")
"""The four item cards, dearest first; index = position in `Cart.items`."""
GARMENT_NAMES = {
    "washer": N_("Washer/dryer"),
    "sheet": N_("Sheet/pillowcase"),
    "shirt": N_("Shirt/trousers"),
    "underwear": N_("Bra/underwear/socks"),
}
DRINKS = ("black", "white", "mint", "blue", "red", "purple")
"""The six drink colour cards; index = position in `Cart.drinks`."""
CATEGORIES = GARMENTS + DRINKS
START_PRICES = (500, 400, 300, 200, 200, 300, 300, 300, 300, 300)
"""In `CATEGORIES` order: the rulebook's setup steps 3 and 7-10."""
DETERGENT_GOODS = frozenset({"sheet", "shirt", "underwear"})
PRICE_DROP = 100
SALMON_FIRST = 500
SALMON_LATER = 400
NUMBER_YEN = 100
"""A crab or a tuna pays its printed number x this."""


@dataclass(frozen=True)
class Cart:
    """What a player brings out of the shop."""

    items: tuple[int, ...] = (0, 0, 0, 0)
    """How many of each of `GARMENTS`."""
    drinks: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    """How many of each of `DRINKS`."""
    detergents: int = 0
    salmon: int = 0
    crabs: tuple[int, ...] = ()
    """The printed number of each crab."""
    tunas: tuple[int, ...] = ()
    """The printed number of each tuna."""
    magazines: int = 0

    @property
    def counts(self) -> tuple[int, ...]:
        """Items per category, in `CATEGORIES` order."""
        return self.items + self.drinks


@dataclass(frozen=True)
class Line:
    """One line of an exit payout: `what` is a category key, "detergent", "salmon", "crab" or
    "tuna"; `count` items (a crab or tuna: its number)."""

    what: str
    count: int
    amount: int


def doubled(prices: tuple[int, ...], cart: Cart) -> tuple[int, ...]:
    """The garment prices the detergents double, best first: one item each, dearest first."""
    unit = [
        prices[i]
        for i, key in enumerate(GARMENTS)
        if key in DETERGENT_GOODS
        for _item in range(cart.items[i])
    ]
    return tuple(sorted(unit, reverse=True)[: cart.detergents])


def payout(prices: tuple[int, ...], cart: Cart, salmon_before: bool) -> tuple[Line, ...]:
    """What the bank pays for `cart` at these prices (`salmon_before`: some player has already
    left the shop with salmon)."""
    lines = [
        Line(key, n, n * prices[i])
        for i, (key, n) in enumerate(zip(CATEGORIES, cart.counts, strict=True))
        if n
    ]
    lines += [Line("detergent", 1, price) for price in doubled(prices, cart)]
    if cart.salmon:
        each = SALMON_LATER if salmon_before else SALMON_FIRST
        lines.append(Line("salmon", cart.salmon, cart.salmon * each))
    lines += [Line("crab", n, n * NUMBER_YEN) for n in cart.crabs]
    lines += [Line("tuna", n, n * NUMBER_YEN) for n in cart.tunas]
    return tuple(lines)


def lowered(prices: tuple[int, ...], cart: Cart) -> tuple[int, ...]:
    """The prices after the exit: ¥100 off each category paid, once, never below ¥0."""
    return tuple(
        max(0, p - PRICE_DROP) if n and p else p for p, n in zip(prices, cart.counts, strict=True)
    )
