"""End of the game: speculation payouts, then share payouts, then what Osaka Sell actions set
aside, then loans (rulings 8-9)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.metro import rulings
from companion.metro.events import MetroRules
from companion.metro.shares import share_split
from companion.metro.state import MetroState


@dataclass(frozen=True)
class SpeculationPayout:
    player: str
    stake: int
    paid: int
    violation: bool = False
    """The player also holds a share of the line: this speculation pays ¥0."""


@dataclass(frozen=True)
class SharePayout:
    player: str
    share: int
    paid: int
    violation: bool = False


@dataclass(frozen=True)
class LinePayout:
    line: str
    value: int
    """The line's value when the game ended."""
    value_after_speculation: int
    speculations: tuple[SpeculationPayout, ...]
    shares: tuple[SharePayout, ...]


@dataclass(frozen=True)
class PlayerResult:
    color: str
    speculation: int
    stakes_returned: int
    shares: int
    set_aside: int
    loans: int
    loan_cost: int
    cash: int | None
    total: int | None
    """Cash at the end plus everything above, less loans; None when the box did not keep cash."""
    drink_fees: int = 0
    """METRO DRINKS: vending fees received over the game (already in the cash)."""
    drink_bonus: int = 0
    """METRO DRINKS: drink bonuses received over the game (already in the cash)."""

    @property
    def drink_income(self) -> int:
        return self.drink_fees + self.drink_bonus

    @property
    def earnings(self) -> int:
        """What the end of the game changed: payouts and stakes back, less loans."""
        return (
            self.speculation + self.stakes_returned + self.shares + self.set_aside - self.loan_cost
        )


@dataclass(frozen=True)
class EndGameResult:
    lines: tuple[LinePayout, ...]
    players: tuple[PlayerResult, ...]
    ranking: tuple[str, ...]
    """Best first; ties go to the player earlier in turn order."""


def end_game(rules: MetroRules, state: MetroState) -> EndGameResult:
    track = rules.track
    spec_won: dict[str, int] = {c: 0 for c in state.colors}
    stakes: dict[str, int] = {c: 0 for c in state.colors}
    share_won: dict[str, int] = {c: 0 for c in state.colors}
    lines: list[LinePayout] = []
    for line_id in rules.board.track_order:
        ls = state.lines[line_id]
        ceiling = track.smaller(ls.value)
        specs = []
        for s in ls.speculations:
            violation = s.player in ls.shares
            paid = 0 if violation else min(2 * s.stake, ceiling)
            specs.append(SpeculationPayout(s.player, s.stake, paid, violation))
            spec_won[s.player] += paid
            if rulings.VIOLATION_STAKE_RETURNED or not violation:
                stakes[s.player] += s.stake
        reduced = max(ls.value - sum(p.paid for p in specs), 0)
        speculators = {s.player for s in ls.speculations}
        honoured = [h for h in ls.shares if h not in speculators]
        counted = ls.shares if rulings.VIOLATION_SHARE_STILL_COUNTS else tuple(honoured)
        split = dict(zip(counted, share_split(reduced, len(counted), track), strict=True))
        shares = []
        for number, holder in enumerate(ls.shares, start=1):
            violation = holder in speculators
            paid = 0 if violation else split[holder]
            shares.append(SharePayout(holder, number, paid, violation))
            share_won[holder] += paid
        lines.append(LinePayout(line_id, ls.value, reduced, tuple(specs), tuple(shares)))

    players = []
    for p in state.players:
        loan_cost = p.loans * rulings.LOAN_END_COST
        gained = spec_won[p.color] + stakes[p.color] + share_won[p.color] + p.set_aside - loan_cost
        players.append(
            PlayerResult(
                p.color,
                spec_won[p.color],
                stakes[p.color],
                share_won[p.color],
                p.set_aside,
                p.loans,
                loan_cost,
                p.cash,
                None if p.cash is None else p.cash + gained,
                p.drink_fees,
                p.drink_bonus,
            )
        )
    every_cash_known = all(r.total is not None for r in players)

    def score(r: PlayerResult) -> int:
        return r.total if every_cash_known and r.total is not None else r.earnings

    order = sorted(range(len(players)), key=lambda i: (-score(players[i]), i))
    return EndGameResult(tuple(lines), tuple(players), tuple(players[i].color for i in order))


__all__ = [
    "EndGameResult",
    "LinePayout",
    "PlayerResult",
    "SharePayout",
    "SpeculationPayout",
    "end_game",
    "share_split",
]
