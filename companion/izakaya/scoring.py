"""IZAKAYA scoring: each building scores the sum of the current prices of the bottles on its
plot's corners, times its floors (3 floors x ¥700 = ¥2,100); the total is that plus cash.
Ties go to the player who kept most of their starting yen; still tied, they share the place."""

from __future__ import annotations

from dataclasses import dataclass

from companion.izakaya.state import Building, IzakayaState


@dataclass(frozen=True)
class BuildingScore:
    building: Building
    bottles: int
    """The sum of the current prices of the bottles touching its plot."""

    @property
    def payout(self) -> int:
        return self.bottles * self.building.floors


@dataclass(frozen=True)
class PlayerResult:
    seat: int
    color: str
    kept: int
    """Yen kept of the starting ¥1,000 (before the buildings scored): the tie-break."""
    buildings: int
    total: int
    rank: int


@dataclass(frozen=True)
class Result:
    players: tuple[PlayerResult, ...]
    """Best first."""


def building_sum(state: IzakayaState, building: Building) -> BuildingScore:
    prices = 0
    for point in state.grid.corners(building.plot):
        color = state.bottle_at(point)
        if color is not None:
            prices += state.price(color)
    return BuildingScore(building, prices)


def scores(state: IzakayaState) -> tuple[BuildingScore, ...]:
    return tuple(building_sum(state, b) for b in state.buildings)


def final_payouts(state: IzakayaState) -> tuple[int, ...]:
    """What the bank pays each seat for its buildings at the current prices."""
    paid = [0] * state.players
    for score in scores(state):
        paid[score.building.owner] += score.payout
    return tuple(paid)


def result(state: IzakayaState) -> Result:
    """The ranking: at the end (cash already holds the payouts), or as it stands now."""
    payouts = final_payouts(state)
    if state.phase == "over":
        kept, totals = state.kept, state.cash
    else:
        kept = state.cash
        totals = tuple(c + p for c, p in zip(state.cash, payouts, strict=True))
    keys = [(totals[s], kept[s]) for s in range(state.players)]
    players = [
        PlayerResult(
            seat=s,
            color=state.colors[s],
            kept=kept[s],
            buildings=payouts[s],
            total=totals[s],
            rank=1 + sum(1 for other in keys if other > keys[s]),
        )
        for s in range(state.players)
    ]
    players.sort(key=lambda p: (p.rank, p.seat))
    return Result(tuple(players))
