"""The people at the table: seat (= button number), colour, and Jutaku architect."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

ARCHITECTS = (
    "Toyo Ito",
    "Tadao Ando",
    "Shigeru Ban",
    "Kengo Kuma",
    "Makoto Yokomizo",
    "Ryuji Fujimura",
    "Sou Fujimoto",
    "Go Hasegawa",
)
"""The eight architect tokens of the box, in the rulebook's order."""

SEAT_COLORS = ("red", "blue", "green", "yellow", "black", "white", "purple", "orange")
MAX_PLAYERS = 8


@dataclass(frozen=True)
class Seat:
    """A player. Seats are listed clockwise; seat i owns button i (key i+1 on a keyboard)."""

    color: str
    architect: str = ""
    name: str = ""


def default_seats(count: int, architects: bool = True) -> tuple[Seat, ...]:
    if not 1 <= count <= MAX_PLAYERS:
        raise ValueError(f"between 1 and {MAX_PLAYERS} players, not {count}")
    return tuple(Seat(SEAT_COLORS[i], ARCHITECTS[i] if architects else "") for i in range(count))


def check_seats(seats: Sequence[Seat]) -> None:
    if not 1 <= len(seats) <= MAX_PLAYERS:
        raise ValueError(f"between 1 and {MAX_PLAYERS} players, not {len(seats)}")
    colors = [s.color for s in seats]
    if len(set(colors)) != len(colors):
        raise ValueError("two players share a colour")
    named = [s.architect for s in seats if s.architect]
    if len(set(named)) != len(named):
        raise ValueError("two players share an architect")
    unknown = [a for a in named if a not in ARCHITECTS]
    if unknown:
        raise ValueError(f"unknown architect {unknown[0]!r}")


def ranks(scores: Sequence[int]) -> tuple[int, ...]:
    """Competition ranking (1, 1, 3, ...): equal scores share a rank, most first."""
    return tuple(1 + sum(1 for other in scores if other > s) for s in scores)
