"""What differs between the rulebooks: Tokyo Metro and the Osaka Metro expansion, as values.

A map file names its variant with `rules = "tokyo"` or `rules = "osaka"`; the action cards are
chosen apart from the map (the rulebook's "Conjuntos Modulares de Cartas de Acción" variant):
a game state's `cards` names a `CardSet`, by default the map's own. Everything that depends on
either reads a field here, so no code compares a rulebook's name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.metro.errors import N_
from companion.metro.rulings import SOLO_SETS_UP_AS

START = "start"
BID = "bid"
CARD = "card"
SELL = "sell"
COPY = "copy"
INVEST_BY_DISC = "invest_by_disc"
CARD_ACTIONS = (START, BID, CARD, SELL, COPY, INVEST_BY_DISC)
"""The actions only one card set has; every other action is on both."""


@dataclass(frozen=True)
class CardSet:
    name: str
    """The state's `cards` key."""
    card_rounds: int
    """Rounds = this - players: the action cards run out (Tokyo 10 - players, Osaka one fewer)."""
    actions: frozenset[str]
    """Which of `CARD_ACTIONS` the cards have."""
    start_trains_leave: bool
    """Ruling 5 holds only with these cards (with Osaka cards every train stays, on any map)."""
    lacking: str
    """Why an action these cards do not have is refused (a template the screens translate)."""
    drink_shapes_removed: int = 3
    """METRO DRINKS setup: shape cards taken out of the 12 JIDOHANBAIKI stock cards (Osaka
    cards: 4, the stock column being the sixth instead of the seventh)."""

    @property
    def drink_shapes(self) -> int:
        """Shape cards left in the METRO DRINKS stock column."""
        return 6 - self.drink_shapes_removed

    def has(self, action: str) -> bool:
        return action in self.actions


TOKYO_CARDS = CardSet(
    "tokyo",
    10,
    frozenset({START, BID, CARD}),
    start_trains_leave=True,
    lacking=N_("the Tokyo action cards have no Sell, Copy or invest-by-disc action"),
)
OSAKA_CARDS = CardSet(
    "osaka",
    9,
    frozenset({SELL, COPY, INVEST_BY_DISC}),
    start_trains_leave=False,
    lacking=N_("the Osaka action cards have no Start, Bid or Card action"),
    drink_shapes_removed=4,
)
CARD_SETS: Mapping[str, CardSet] = {c.name: c for c in (TOKYO_CARDS, OSAKA_CARDS)}


@dataclass(frozen=True)
class Variant:
    name: str
    """The map file's `rules` key."""
    start_trains_leave: bool
    """Ruling 5: a Start-action train back at its stop 1 with no share held leaves the map (and
    only if the card set says so too)."""
    share_extras: tuple[int, ...]
    """Extra yen printed on share #1, #2, ...: paid on top of the card and never discounted."""
    cards: CardSet
    """The action cards that come with this map."""
    pyramids: int = 6
    """Station pyramids each player has."""
    players: tuple[int, int] = (1, 5)
    """Fewest and most players the rulebook sets up; 1 is the solo game ("Modo solitario")."""
    twin_lines: frozenset[str] = frozenset()
    """Lines with two vehicles, one starting at each end (Osaka: the P trams and the buses)."""
    loans: int = 8
    """Loan tokens in the supply."""
    speed_tokens: int = 12
    """Speed tokens in the supply."""

    def share_extra(self, number: int) -> int:
        """The extra on share #`number` (1-based); the last printed extra for any later share."""
        return self.share_extras[min(number, len(self.share_extras)) - 1]

    def rounds(self, players: int, cards: CardSet | None = None) -> int | None:
        """Rounds of a game with this many players, played with `cards` (this map's own by
        default); None outside the player range."""
        low, high = self.players
        if not low <= players <= high:
            return None
        return (cards or self.cards).card_rounds - self.setup_players(players)

    def setup_players(self, players: int) -> int:
        """The player count the table sets up for: the solo game is set up as for two."""
        return max(players, SOLO_SETS_UP_AS)

    @staticmethod
    def is_solo(players: int) -> bool:
        return players == 1

    def vehicles(self, line_id: str) -> int:
        return 2 if line_id in self.twin_lines else 1


TOKYO = Variant(
    name="tokyo", start_trains_leave=True, share_extras=(0, 300, 600), cards=TOKYO_CARDS
)
OSAKA = Variant(
    name="osaka",
    start_trains_leave=False,
    share_extras=(0, 300, 300, 300),
    cards=OSAKA_CARDS,
    twin_lines=frozenset({"P", "B"}),
)
"""Osaka's twin lines are P (trams) and the bus line, whose map id is taken to be `B`."""

VARIANTS: Mapping[str, Variant] = {v.name: v for v in (TOKYO, OSAKA)}
