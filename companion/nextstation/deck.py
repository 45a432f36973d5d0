"""The station deck and the orange cards as data, and the seeded shuffle of each round.

The rules text gives the deck's make-up (11 cards, 5 green and 6 pink; a wildcard, Cambio de
vía, Doble carril) but not each card's symbol, nor the orange cards' effects: both come from
data files an owner can correct (`calibration/next-station-*.toml`). The same parsers read a
saved game's copy, so a game goes on with the deck it started with.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.colors import PLAYER_COLORS

SYMBOLS = ("circle", "triangle", "square", "pentagon", "any", "none")
"""A card's station symbol; "any" is the wildcard's (each player chooses), "none" a card that
names no station (Doble carril redraws a segment)."""
BACKGROUNDS = ("green", "pink")
SPECIALS = ("", "wild", "switch", "double")
""""wild": comodín; "switch": Cambio de vía; "double": Doble carril."""
GREENS_PER_ROUND = 5
"""A round ends when the fifth green card has been revealed (and resolved)."""
LINES = 4
DECK_FORMAT = "companion/next-station-deck@1"
ORANGE_FORMAT = "companion/next-station-orange@1"
LANGUAGES = ("es", "fr", "en")


class DeckError(ValueError):
    """Bad deck or orange-card data: `field` is where (`card[3].symbol`)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


@dataclass(frozen=True)
class Card:
    key: str
    symbol: str
    background: str
    special: str = ""

    @property
    def green(self) -> bool:
        return self.background == "green"


@dataclass(frozen=True)
class Deck:
    cards: tuple[Card, ...]
    lines: tuple[str, ...]
    """The colour of the line drawn in each round, in round order (colour names)."""

    @property
    def greens(self) -> int:
        return sum(card.green for card in self.cards)


@dataclass(frozen=True)
class OrangeCard:
    key: str
    effect: tuple[tuple[str, str], ...]
    """(language, text) pairs: the effect as the owner wrote it."""

    def text(self, language: str) -> str:
        """The effect in `language`, else in English, else in the first language given."""
        texts = dict(self.effect)
        return texts.get(language) or texts.get("en") or next(iter(texts.values()))


def round_order(seed: int, round_index: int, count: int) -> tuple[int, ...]:
    """The deck's order in a round: a shuffle of `range(count)` fixed by the game's seed, so a
    resumed game turns the same next card."""
    order = list(range(count))
    random.Random(f"next-station:{seed}:{round_index}").shuffle(order)
    return tuple(order)


def orange_order(seed: int, count: int) -> tuple[int, ...]:
    """The orange cards' order over the game (one revealed at the start of each round)."""
    order = list(range(count))
    random.Random(f"next-station:{seed}:orange").shuffle(order)
    return tuple(order)


def _text(data: Mapping[str, Any], key: str, where: str, default: str | None = None) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise DeckError(f"{where}.{key}" if where else key, f"expected text, got {value!r}")
    return value


def _choice(data: Mapping[str, Any], key: str, where: str, allowed: Sequence[str]) -> str:
    value = _text(data, key, where, "" if "" in allowed else None)
    if value not in allowed:
        names = ", ".join(repr(a) for a in allowed)
        raise DeckError(f"{where}.{key}", f"expected one of {names}, got {value!r}")
    return value


def _table_list(data: Mapping[str, Any], key: str) -> list[Mapping[str, Any]]:
    rows = data.get(key)
    if not isinstance(rows, list) or not rows:
        raise DeckError(key, f"expected a list of [[{key}]] tables")
    for i, row in enumerate(rows):
        if not isinstance(row, Mapping):
            raise DeckError(f"{key}[{i}]", f"expected a table, got {row!r}")
    return rows


def _check_format(data: object, expected: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise DeckError("", "expected a table")
    if data.get("format") != expected:
        raise DeckError("format", f"expected {expected!r}, got {data.get('format')!r}")
    return data


def _card(row: Mapping[str, Any], where: str) -> Card:
    card = Card(
        key=_text(row, "key", where),
        symbol=_choice(row, "symbol", where, SYMBOLS),
        background=_choice(row, "background", where, BACKGROUNDS),
        special=_choice(row, "special", where, SPECIALS),
    )
    if card.special == "wild" and card.symbol != "any":
        raise DeckError(f"{where}.symbol", f"expected 'any' on the wildcard, got {card.symbol!r}")
    return card


def parse_deck(data: object) -> Deck:
    """The deck from its file's (or a saved game's) data; raises `DeckError`."""
    data = _check_format(data, DECK_FORMAT)
    cards = tuple(_card(row, f"card[{i}]") for i, row in enumerate(_table_list(data, "card")))
    keys = [card.key for card in cards]
    for i, key in enumerate(keys):
        if key in keys[:i]:
            raise DeckError(f"card[{i}].key", f"expected a key of its own, {key!r} is taken")
    deck = Deck(cards, _lines(data.get("lines")))
    if deck.greens < GREENS_PER_ROUND:
        raise DeckError(
            "card", f"expected at least {GREENS_PER_ROUND} green cards, got {deck.greens}"
        )
    return deck


def _lines(value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) != LINES:
        raise DeckError("lines", f"expected a list of {LINES} colours, got {value!r}")
    for i, color in enumerate(value):
        if color not in PLAYER_COLORS:
            names = ", ".join(PLAYER_COLORS)
            raise DeckError(f"lines[{i}]", f"expected one of {names}, got {color!r}")
    if len(set(value)) != LINES:
        raise DeckError("lines", f"expected {LINES} different colours, got {value!r}")
    return tuple(value)


def deck_data(deck: Deck) -> dict[str, Any]:
    """`deck` in its file's shape (what `parse_deck` reads): saved with a game's setup."""
    cards = [
        {"key": c.key, "symbol": c.symbol, "background": c.background, "special": c.special}
        for c in deck.cards
    ]
    return {"format": DECK_FORMAT, "lines": list(deck.lines), "card": cards}


def parse_oranges(data: object) -> tuple[OrangeCard, ...]:
    """The orange cards from their file's (or a saved game's) data; raises `DeckError`."""
    data = _check_format(data, ORANGE_FORMAT)
    cards: list[OrangeCard] = []
    for i, row in enumerate(_table_list(data, "orange")):
        where = f"orange[{i}]"
        key = _text(row, "key", where)
        if key in {c.key for c in cards}:
            raise DeckError(f"{where}.key", f"expected a key of its own, {key!r} is taken")
        effect = row.get("effect")
        if not isinstance(effect, Mapping) or not effect:
            raise DeckError(f"{where}.effect", "expected a table of texts: es, fr, en")
        for lang, text in effect.items():
            if lang not in LANGUAGES:
                raise DeckError(f"{where}.effect.{lang}", "expected a language: es, fr or en")
            if not isinstance(text, str) or not text.strip():
                raise DeckError(f"{where}.effect.{lang}", f"expected text, got {text!r}")
        cards.append(OrangeCard(key, tuple((lang, str(t)) for lang, t in effect.items())))
    return tuple(cards)


def oranges_data(cards: Sequence[OrangeCard]) -> dict[str, Any]:
    rows = [{"key": c.key, "effect": dict(c.effect)} for c in cards]
    return {"format": ORANGE_FORMAT, "orange": rows}
