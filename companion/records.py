"""The players' records: per roster player, games, wins, best and average total per game and
map, how often each Metro line was the most valuable in their games, and their solo bests.
Pure: the games come in as `GameRecord`s (`companion.app.records_link` reads them from the
store; the CSV of every game is `companion.export_csv`'s).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class SeatRecord:
    color: str
    label: str
    """The name as shown: the roster name chosen at setup, else the colour's (or seat's) name."""
    player_id: int | None
    """The roster player chosen for this seat; None: nobody was chosen (not in the records)."""
    rank: int
    total: int | None
    """Metro: the final total in yen; None where the game keeps no number (see `score`)."""
    score: str = ""
    """The figure the game's ranking shows ("¥42,000", "12 points")."""


@dataclass(frozen=True)
class GameRecord:
    game_id: int
    kind: str
    map: str
    created: float
    finished: bool
    seats: tuple[SeatRecord, ...]
    top_lines: tuple[str, ...] = ()
    """Metro: the line(s) worth the most at the end."""


@dataclass(frozen=True)
class MapStats:
    games: int
    best: int | None
    average: int | None
    """Rounded to whole yen; None where the game has no totals."""


@dataclass
class PlayerStats:
    player_id: int
    name: str
    games: int = 0
    wins: int = 0
    by_map: dict[tuple[str, str], MapStats] = field(default_factory=dict)
    """(game kind, map) -> their games there."""
    top_lines: Counter[str] = field(default_factory=Counter)
    """Metro line -> in how many of their games it was the most valuable."""
    solo_best: dict[str, int] = field(default_factory=dict)
    """Map -> their best solo (one-player Metro) total."""


def player_stats(games: Iterable[GameRecord], names: dict[int, str]) -> list[PlayerStats]:
    """Every roster player's records from the finished games, most games first. `names`: the
    roster (id -> current name); a player removed from it keeps the last name saved."""
    stats: dict[int, PlayerStats] = {}
    totals: dict[tuple[int, str, str], list[int]] = {}
    counts: Counter[tuple[int, str, str]] = Counter()
    for game in games:
        if not game.finished:
            continue
        for seat in game.seats:
            if seat.player_id is None:
                continue
            pid = seat.player_id
            st = stats.setdefault(pid, PlayerStats(pid, names.get(pid, seat.label)))
            st.games += 1
            st.wins += seat.rank == 1 and len(game.seats) > 1
            key = (pid, game.kind, game.map)
            counts[key] += 1
            if seat.total is not None:
                totals.setdefault(key, []).append(seat.total)
            st.top_lines.update(game.top_lines)
            if len(game.seats) == 1 and seat.total is not None:
                st.solo_best[game.map] = max(st.solo_best.get(game.map, seat.total), seat.total)
    for (pid, kind, map_), n in counts.items():
        values = totals.get((pid, kind, map_), [])
        stats[pid].by_map[(kind, map_)] = MapStats(
            n, max(values) if values else None, round(sum(values) / len(values)) if values else None
        )
    return sorted(stats.values(), key=lambda s: (-s.games, s.name.casefold()))


SEAT_NAMES = "seat_names"
"""The setup key of the roster names chosen: colour -> {"id": roster id, "name": name}."""


def seat_names(setup: object) -> dict[str, tuple[int | None, str]]:
    """The names a saved game's setup chose for its seats (colour -> (roster id, name))."""
    table = setup.get(SEAT_NAMES) if isinstance(setup, dict) else None
    out: dict[str, tuple[int | None, str]] = {}
    for color, entry in (table or {}).items():
        if isinstance(entry, dict) and isinstance(entry.get("name"), str):
            pid = entry.get("id")
            out[str(color)] = (pid if isinstance(pid, int) else None, entry["name"])
    return out


def name_table(chosen: dict[str, tuple[int, str]]) -> dict[str, dict[str, object]]:
    """`seat_names`' inverse: what a setup saves for the names chosen."""
    return {color: {"id": pid, "name": name} for color, (pid, name) in chosen.items()}


def stats_json(st: PlayerStats) -> dict[str, object]:
    """A player's records as JSON (`companion history records --json`)."""
    return {
        "player_id": st.player_id,
        "name": st.name,
        "games": st.games,
        "wins": st.wins,
        "by_map": [
            {"game": kind, "map": map_, "games": ms.games, "best": ms.best, "average": ms.average}
            for (kind, map_), ms in sorted(st.by_map.items())
        ],
        "top_lines": dict(st.top_lines.most_common()),
        "solo_best": dict(sorted(st.solo_best.items())),
    }
