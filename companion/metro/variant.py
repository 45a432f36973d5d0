"""What differs between the rulebooks: Tokyo Metro and the Osaka Metro expansion, as values.

A map file names its variant with `rules = "tokyo"` or `rules = "osaka"`; everything that
depends on it reads a field here, so no code compares a rulebook's name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Variant:
    name: str
    """The map file's `rules` key."""
    start_trains_leave: bool
    """Ruling 5: a Start-action train back at its stop 1 with no share held leaves the map."""
    share_extras: tuple[int, ...]
    """Extra yen printed on share #1, #2, ...: paid on top of the card and never discounted."""
    card_rounds: int
    """Rounds = this - players: the action cards run out (Tokyo 10 - players, Osaka one fewer)."""
    pyramids: int = 6
    """Station pyramids each player has."""
    players: tuple[int, int] = (2, 5)
    """Fewest and most players the rulebook sets up."""
    twin_lines: frozenset[str] = frozenset()
    """Lines with two vehicles, one starting at each end (Osaka: the P trams and the buses)."""
    loans: int = 8
    """Loan tokens in the supply."""
    speed_tokens: int = 12
    """Speed tokens in the supply."""

    def share_extra(self, number: int) -> int:
        """The extra on share #`number` (1-based); the last printed extra for any later share."""
        return self.share_extras[min(number, len(self.share_extras)) - 1]

    def rounds(self, players: int, cards: Variant | None = None) -> int | None:
        """Rounds of a game with this many players, played with `cards`' action cards (this
        variant's own by default); None outside the player range."""
        low, high = self.players
        if not low <= players <= high:
            return None
        return (cards or self).card_rounds - players

    def vehicles(self, line_id: str) -> int:
        return 2 if line_id in self.twin_lines else 1


TOKYO = Variant(name="tokyo", start_trains_leave=True, share_extras=(0, 300, 600), card_rounds=10)
OSAKA = Variant(
    name="osaka",
    start_trains_leave=False,
    share_extras=(0, 300, 300, 300),
    card_rounds=9,
    twin_lines=frozenset({"P", "B"}),
)
"""Osaka's twin lines are P (trams) and the bus line, whose map id is taken to be `B`."""

VARIANTS: Mapping[str, Variant] = {v.name: v for v in (TOKYO, OSAKA)}
