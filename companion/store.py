"""Saved games: an append-only event log per game in one SQLite file.

WAL mode with synchronous=FULL: `append` commits (and so fsyncs the WAL) before it returns, so
anything the screen shows as done survives a power cut. A game's state is never stored, only its
log; the session folds the log back into a state. A database that SQLite cannot read is moved
aside under a timestamped name (never deleted) and reported with `CorruptStore`.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import UserError

DB_NAME = "games.db"
SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    setup TEXT NOT NULL,
    created REAL NOT NULL,
    finished REAL
);
CREATE TABLE IF NOT EXISTS entries (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    json TEXT NOT NULL,
    created REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""


class CorruptStore(UserError):
    """The database could not be read; it was moved to `moved_to`."""

    def __init__(self, path: Path, moved_to: Path, reason: str) -> None:
        self.moved_to = moved_to
        super().__init__(
            f"saved games are damaged ({reason}); moved aside to {moved_to.name}, starting afresh",
            path,
        )


@dataclass(frozen=True)
class Entry:
    seq: int
    kind: str
    data: Any
    created: float


@dataclass(frozen=True)
class GameInfo:
    id: int
    kind: str
    setup: Any
    created: float
    finished: float | None
    entries: int


def default_data_dir() -> Path:
    """`$STATE_DIRECTORY` under systemd, else `$XDG_DATA_HOME/companion` or ~/.local/share."""
    state = os.environ.get("STATE_DIRECTORY")
    if state:
        return Path(state.split(":")[0])
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg else Path.home() / ".local" / "share"
    return base / "companion"


def ensure_writable_dir(path: Path, field: str = "store.data_dir") -> Path:
    try:
        path.mkdir(parents=True, exist_ok=True)
        probe = path / f".write-test-{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        raise UserError(f"cannot write saved games there ({exc.strerror})", path, field) from None
    return path


def _move_aside(path: Path) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    path.rename(target)
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            side.rename(target.with_name(target.name + suffix))
    return target


class Store:
    def __init__(self, path: Path, conn: sqlite3.Connection) -> None:
        self.path = path
        self._db = conn

    @classmethod
    def open(cls, data_dir: str | Path) -> Store:
        """Open (or create) the database in `data_dir`. Raises `UserError` if the folder cannot
        be written, `CorruptStore` if the file was damaged (it is then moved aside: open again
        to start with an empty store)."""
        folder = ensure_writable_dir(Path(data_dir))
        path = folder / DB_NAME
        try:
            conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            row = conn.execute("PRAGMA quick_check").fetchone()
            if row is None or row[0] != "ok":
                raise sqlite3.DatabaseError(str(row[0]) if row else "integrity check failed")
            conn.executescript(SCHEMA)
        except sqlite3.DatabaseError as exc:
            with contextlib.suppress(Exception):
                conn.close()
            if not path.exists():
                raise UserError(f"cannot create the database ({exc})", path) from None
            raise CorruptStore(path, _move_aside(path), str(exc)) from None
        return cls(path, conn)

    def close(self) -> None:
        self._db.close()

    def _write(self, sql: str, args: tuple[Any, ...]) -> sqlite3.Cursor:
        try:
            self._db.execute("BEGIN IMMEDIATE")
            cur = self._db.execute(sql, args)
            self._db.execute("COMMIT")
            return cur
        except sqlite3.Error as exc:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            raise UserError(f"could not save ({exc})", self.path) from None

    def new_game(self, kind: str, setup: Any) -> int:
        cur = self._write(
            "INSERT INTO games (kind, setup, created) VALUES (?, ?, ?)",
            (kind, json.dumps(setup), time.time()),
        )
        assert cur.lastrowid is not None
        return cur.lastrowid

    def append(self, game_id: int, kind: str, data: Any) -> int:
        """Add one entry and commit (fsync) before returning its sequence number."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            row = self._db.execute(
                "SELECT COALESCE(MAX(seq), 0) FROM entries WHERE game_id = ?", (game_id,)
            ).fetchone()
            seq = int(row[0]) + 1
            self._db.execute(
                "INSERT INTO entries (game_id, seq, kind, json, created) VALUES (?, ?, ?, ?, ?)",
                (game_id, seq, kind, json.dumps(data), time.time()),
            )
            self._db.execute("COMMIT")
        except sqlite3.Error as exc:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            raise UserError(f"could not save ({exc})", self.path) from None
        return seq

    def undo(self, game_id: int) -> Entry | None:
        """Delete the game's last entry and return it (None if the log is empty)."""
        entries = self.entries(game_id, last=1)
        if not entries:
            return None
        self._write("DELETE FROM entries WHERE game_id = ? AND seq = ?", (game_id, entries[0].seq))
        return entries[0]

    def entries(self, game_id: int, last: int | None = None) -> list[Entry]:
        sql = "SELECT seq, kind, json, created FROM entries WHERE game_id = ? ORDER BY seq"
        if last is not None:
            sql = sql.replace("ORDER BY seq", f"ORDER BY seq DESC LIMIT {int(last)}")
        rows = self._db.execute(sql, (game_id,)).fetchall()
        out = [Entry(int(s), str(k), json.loads(j), float(c)) for s, k, j, c in rows]
        return sorted(out, key=lambda e: e.seq)

    def set_finished(self, game_id: int, finished: bool) -> None:
        self._write(
            "UPDATE games SET finished = ? WHERE id = ?",
            (time.time() if finished else None, game_id),
        )

    def game(self, game_id: int) -> GameInfo:
        for info in self.games():
            if info.id == game_id:
                return info
        raise KeyError(game_id)

    def games(self) -> list[GameInfo]:
        """Every game, newest first."""
        rows = self._db.execute(
            "SELECT g.id, g.kind, g.setup, g.created, g.finished, COUNT(e.seq) FROM games g "
            "LEFT JOIN entries e ON e.game_id = g.id GROUP BY g.id ORDER BY g.id DESC"
        ).fetchall()
        return [
            GameInfo(int(i), str(k), json.loads(s), float(c), f, int(n))
            for i, k, s, c, f, n in rows
        ]

    def unfinished(self, kind: str) -> int | None:
        """The newest game of this kind that has not ended."""
        row = self._db.execute(
            "SELECT id FROM games WHERE kind = ? AND finished IS NULL ORDER BY id DESC LIMIT 1",
            (kind,),
        ).fetchone()
        return int(row[0]) if row else None
