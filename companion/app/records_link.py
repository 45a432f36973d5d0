"""The saved games as `companion.records.GameRecord`s: Metro games with their totals and
most valuable lines, every other game with its ranking as its screen shows it."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from companion import games, records
from companion.app.session import GameSession, MetroSession, map_name
from companion.colors import color_name
from companion.errors import UserError
from companion.export_csv import read_game
from companion.store import GameInfo, Store

log = logging.getLogger(__name__)


def metro_record(info: GameInfo, session: MetroSession) -> records.GameRecord:
    state = session.state
    names = records.seat_names(info.setup)
    finished = state.phase == "ended"
    totals: dict[str, int] = {}
    order = [p.color for p in state.players]
    seat_order = [str(c) for c in info.setup.get("colors", order)]
    top: tuple[str, ...] = ()
    if finished:
        result = session.end_game()
        totals = {p.color: p.total if p.total is not None else p.earnings for p in result.players}
        order = list(result.ranking)
        best = max((line.value for line in state.lines.values()), default=0)
        top = tuple(k for k, line in state.lines.items() if best and line.value == best)
    seats = tuple(
        records.SeatRecord(
            color=color,
            label=names[color][1] if color in names else color_name(color),
            player_id=names[color][0] if color in names else None,
            rank=order.index(color) + 1,
            total=totals.get(color),
        )
        for color in seat_order
        if color in order
    )
    return records.GameRecord(
        info.id, info.kind, map_name(info.setup), info.created, finished, seats, top
    )


def other_record(info: GameInfo, session: GameSession[Any, Any]) -> records.GameRecord:
    from companion.i18n import _

    named = {name: (color, pid) for color, (pid, name) in records.seat_names(info.setup).items()}
    seats = tuple(
        records.SeatRecord(color, player, pid, rank, None, figure)
        for rank, player, figure in session.result(_)
        for color, pid in [named.get(player, ("", None))]
    )
    return records.GameRecord(info.id, info.kind, "", info.created, bool(seats), seats)


def collect(store: Store) -> list[records.GameRecord]:
    """Every saved game that can be read, oldest first."""
    out = []
    for info in sorted(store.games(), key=lambda g: g.id):
        session = read_game(store, info)
        if isinstance(session, MetroSession):
            out.append(metro_record(info, session))
        elif isinstance(session, GameSession):
            out.append(other_record(info, session))
    return out


def export_all(store: Store, folder: Path) -> list[Path]:
    """Every saved game's JSON export (the History screen's "Export as JSON") into `folder`."""
    paths = []
    for info in sorted(store.games(), key=lambda g: g.id):
        spec = games.game(info.kind)
        if spec.session is None or spec.export_format is None:
            continue
        cls = games.load(spec.session)
        assert isinstance(cls, type) and issubclass(cls, GameSession)
        try:
            paths.append(cls.read(store, info.id).export(folder))
        except (ValueError, TypeError, KeyError, UserError) as exc:
            log.warning("%s game %s unreadable (%s): not exported", info.kind, info.id, exc)
    return paths
