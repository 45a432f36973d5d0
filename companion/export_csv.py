"""Every finished saved game as CSV, one row per player per game, for a spreadsheet.

`player_rows` is the one reading of the results (the players' records reuse it): each player
is named by the label the game's own result gives (`GameSession.result`), so History, the phone
view and the spreadsheet agree.
"""

from __future__ import annotations

import csv
import io
import logging
import re
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from dataclasses import astuple, dataclass, fields
from datetime import UTC, datetime
from typing import Any

from companion import games
from companion.errors import UserError
from companion.store import GameInfo, Store

log = logging.getLogger(__name__)
Translate = Callable[[str], str]
_NUMBER = re.compile(r"-?\d[\d.,\u202f\u00a0 ]*")


@dataclass(frozen=True)
class PlayerRow:
    game_id: int
    game: str
    """The registry key (the store's kind)."""
    title: str
    started: str
    """ISO 8601, UTC, to the second."""
    finished: str
    rank: int
    player: str
    figure: str
    """As the result shows it ("¥42,000", "17")."""
    value: int | None
    """The figure as a number, for sums and charts; None when it holds no number."""


COLUMNS = tuple(f.name for f in fields(PlayerRow))


def iso_time(stamp: float | None) -> str:
    if stamp is None:
        return ""
    return datetime.fromtimestamp(stamp, UTC).isoformat(timespec="seconds")


def figure_value(figure: str) -> int | None:
    """The whole number in a result's figure, whatever the language's separators."""
    match = _NUMBER.search(figure)
    if match is None:
        return None
    digits = re.sub(r"\D", "", match.group())
    sign = -1 if match.group().startswith("-") or figure.startswith("-") else 1
    return sign * int(digits) if digits else None


def read_game(store: Store, info: GameInfo) -> Any:
    """The game's session folded from its log, changing nothing; None if it cannot be read."""
    try:
        ref = games.game(info.kind).session
        if ref is None:
            return None
        return games.load(ref).read(store, info.id)  # type: ignore[attr-defined]
    except (ValueError, TypeError, KeyError, UserError, sqlite3.Error) as exc:
        log.warning("%s game %s cannot be read (%s)", info.kind, info.id, exc)
        return None


def player_rows(
    store: Store, tr: Translate, infos: Iterable[GameInfo] | None = None
) -> Iterator[PlayerRow]:
    """One row per player of every finished game (oldest first), in the language of `tr`."""
    chosen = store.games() if infos is None else list(infos)
    for info in sorted(chosen, key=lambda i: (i.created, i.id)):
        if info.finished is None:
            continue
        session = read_game(store, info)
        if session is None:
            continue
        title = tr(games.game(info.kind).title)
        for rank, player, figure in session.result(tr):
            yield PlayerRow(
                info.id,
                info.kind,
                title,
                iso_time(info.created),
                iso_time(info.finished),
                rank,
                player,
                figure,
                figure_value(figure),
            )


def csv_text(rows: Iterable[PlayerRow]) -> str:
    """The rows with a header line, as a spreadsheet opens them (RFC 4180, CRLF)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(COLUMNS)
    for row in rows:
        writer.writerow(["" if v is None else v for v in astuple(row)])
    return out.getvalue()
