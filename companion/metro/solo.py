"""The solo game ("Modo solitario"): one player, set up and played as a two-player game with
one set of pieces and no turn-order bids (ruling 15); the score is the final total in yen, to
beat next time on the same map with the same card set.

The history screen hands in the past results it read from the saved games; nothing here reads
them itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from companion.metro.endgame import EndGameResult
from companion.metro.state import MetroState


@dataclass(frozen=True)
class SoloResult:
    """One finished solo game."""

    map: str
    cards: str
    """The card set played (`CardSet.name`), the map's own included."""
    total: int
    """Yen at the end: cash plus the end-of-game payouts, less loans."""
    game_id: int | None = None
    """The saved game it came from, when there is one."""


@dataclass(frozen=True)
class SoloNews:
    """What a just-finished solo game means for its map and card set."""

    total: int
    best_before: int | None
    """The best earlier total on this map with these cards; None for the first game."""

    @property
    def new_best(self) -> bool:
        return self.best_before is None or self.total > self.best_before


def is_solo(state: MetroState) -> bool:
    return len(state.players) == 1


def solo_result(
    state: MetroState, result: EndGameResult, cards: str, game_id: int | None = None
) -> SoloResult:
    """The solo score of an ended game: the player's total (payouts only when the box did not
    keep cash). `cards` is `state.card_set(board).name`."""
    if not is_solo(state):
        raise ValueError(f"a solo game has one player, this one {len(state.players)}")
    player = result.players[0]
    total = player.total if player.total is not None else player.earnings
    return SoloResult(state.map, cards, total, game_id)


def personal_best(results: Iterable[SoloResult], map_id: str, cards: str) -> int | None:
    """The best total on this map with this card set, or None before the first game."""
    totals = [r.total for r in results if r.map == map_id and r.cards == cards]
    return max(totals) if totals else None


def solo_news(earlier: Iterable[SoloResult], finished: SoloResult) -> SoloNews:
    """Compare a finished game with the earlier ones (not including it)."""
    return SoloNews(finished.total, personal_best(earlier, finished.map, finished.cards))


def high_scores(
    results: Iterable[SoloResult], keep: int = 5
) -> Mapping[tuple[str, str], tuple[SoloResult, ...]]:
    """The solo high-score table: (map, cards) -> its best `keep` games, best first; among
    equal totals the earlier game (the one listed first) first."""
    table: dict[tuple[str, str], list[SoloResult]] = {}
    for r in results:
        table.setdefault((r.map, r.cards), []).append(r)
    return {
        key: tuple(sorted(games, key=lambda r: -r.total)[:keep])
        for key, games in sorted(table.items())
    }
