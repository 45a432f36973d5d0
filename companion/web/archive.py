"""The saved games as the phone view reads them: a read-only connection to the store.

The server never writes: the database is opened with SQLite's `mode=ro` and `query_only`, and
every reading goes through the games' own sessions (`companion.export_csv.read_game`), so the
history, the downloads and the box's own History screen agree.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.app.session import MetroSession
from companion.export_csv import csv_text, iso_time, player_rows, read_game
from companion.store import DB_NAME, GameInfo, Store
from companion.web.views import title

Translate = Callable[[str], str]
JSON = dict[str, Any]
CACHED_GAMES = 32
"""Games kept folded between requests (the oldest read goes first): memory stays bounded
however many games the box has saved."""


class Archive:
    """Thread-safe reads of the store in `data_dir` (one connection, one lock)."""

    def __init__(self, data_dir: Path) -> None:
        self.path = data_dir / DB_NAME
        self._lock = threading.Lock()
        self._store: Store | None = None
        self._sessions: dict[tuple[int, int], Any] = {}

    def _open(self) -> Store | None:
        if self._store is None:
            if not self.path.exists():
                return None
            conn = sqlite3.connect(
                f"{self.path.resolve().as_uri()}?mode=ro",
                uri=True,
                isolation_level=None,
                check_same_thread=False,
            )
            conn.execute("PRAGMA query_only = ON")
            self._store = Store(self.path, conn)
        return self._store

    def _session(self, store: Store, info: GameInfo) -> Any:
        key = (info.id, info.entries)
        if key not in self._sessions:
            self._sessions = {k: v for k, v in self._sessions.items() if k[0] != info.id}
            while len(self._sessions) >= CACHED_GAMES:
                del self._sessions[next(iter(self._sessions))]
            self._sessions[key] = read_game(store, info)
        return self._sessions[key]

    def _info(self, store: Store, game_id: int) -> GameInfo | None:
        return next((g for g in store.games() if g.id == game_id), None)

    def games(self, tr: Translate) -> list[JSON]:
        with self._lock:
            store = self._open()
            if store is None:
                return []
            out = []
            for info in store.games():
                session = self._session(store, info) if info.finished is not None else None
                out.append(
                    {
                        "id": info.id,
                        "kind": info.kind,
                        "title": title(info.kind, tr),
                        "started": iso_time(info.created),
                        "finished": info.finished is not None,
                        "result": [] if session is None else [list(p) for p in session.result(tr)],
                    }
                )
            return out

    def _read(self, game_id: int) -> Any:
        """The game's session (call with the lock held); None if there is no such game."""
        store = self._open()
        info = None if store is None else self._info(store, game_id)
        if store is None or info is None:
            return None
        return self._session(store, info)

    def chart(self, game_id: int) -> JSON | None:
        """A Metro game's line values by round, with each line's colour; None otherwise."""
        with self._lock:
            session = self._read(game_id)
            if not isinstance(session, MetroSession):
                return None
            board = session.rules.board
            history = session.value_history()
            return {
                "id": game_id,
                "lines": [
                    {"letter": k, "hex": board.lines[k].color, "values": history[k]}
                    for k in board.lines
                ],
            }

    def export(self, game_id: int) -> JSON | None:
        """The game's JSON export, as History's export writes it."""
        with self._lock:
            session = self._read(game_id)
            return None if session is None else dict(session.export_json())

    def csv(self, tr: Translate) -> str:
        with self._lock:
            store = self._open()
            return csv_text(() if store is None else player_rows(store, tr))

    def close(self) -> None:
        with self._lock:
            if self._store is not None:
                self._store.close()
                self._store = None
