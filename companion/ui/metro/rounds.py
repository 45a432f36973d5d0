"""Rounds and turn order: how many rounds a game lasts, and the order that follows the bids."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.metro.events import MetroRules
from companion.metro.state import MetroState


def rounds_for(rules: MetroRules, players: int, state: MetroState | None = None) -> int | None:
    """Rulebook: the action cards run out after this many rounds (`Variant.rounds`): those of
    the game in `state` (its card set, `MetroState.card_set`), else the map's own cards."""
    cards = state.card_set(rules.board) if state is not None else None
    return rules.variant.rounds(players, cards)


def bid_order(order: Sequence[str], bids: Mapping[str, int], first_round: bool) -> tuple[str, ...]:
    """Highest bid first. Ties: in the first round the rulebook draws lots (we keep the current
    order, which the players set at random); later rounds reverse the tied players' order."""
    seat = {color: i for i, color in enumerate(order)}
    sign = 1 if first_round else -1
    return tuple(sorted(order, key=lambda color: (-bids.get(color, 0), sign * seat[color])))
