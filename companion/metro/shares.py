"""What shares pay: the end-of-game split among a line's holders, and an Osaka Sell's price."""

from __future__ import annotations

from companion.metro.state import LineState
from companion.metro.track import IncomeTrack, round_up


def _half_up(value: int) -> int:
    return round_up(value // 2 + value % 2)


def share_split(value: int, holders: int, track: IncomeTrack) -> tuple[int, ...]:
    """What shares #1..#n are paid from a line worth `value` (rulebook: ¥2,900 pays 2,900 |
    2,000 + 900 | 1,500 + 1,000 + 400; Osaka's ¥2,000 pays 1,000 + 500 + 300 + 200: #1 to #3
    each take half of what is left rounded up to ¥100, #4 the rest)."""
    if holders <= 0:
        return ()
    if holders == 1:
        return (value,)
    if holders == 2:
        return track.pair(value)
    if holders == 3:
        first = _half_up(value)
        return (first, *track.pair(value - first))
    paid: list[int] = []
    rest = value
    for _ in range(holders - 1):
        part = _half_up(rest)
        paid.append(part)
        rest -= part
    return (*paid, rest)


def sale_value(line: LineState, player: str, track: IncomeTrack) -> int:
    """Ruling 12: what `player` alone would get from the line's share payout if the game ended
    now, speculations ignored and every other holder counted."""
    number = line.share_number(player)
    if number is None:
        return 0
    return share_split(line.value, len(line.shares), track)[number - 1]
