"""The players' roster: the names kept on the box, in `players.db` in the data directory.

A name is chosen at setup for a seat (never by default), saved in the game's setup with the
roster id, and History's records count the games by that id, so renaming keeps a player's
records. SQLite in WAL mode with synchronous=FULL, as the saved games.
"""

from __future__ import annotations

import sqlite3
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from companion.i18n import N_

DB_NAME = "players.db"
MAX_NAME = 16
SCHEMA = """
CREATE TABLE IF NOT EXISTS players (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    folded TEXT NOT NULL UNIQUE
);
"""


class BadName(ValueError):
    """A name the roster refuses: empty, too long, a sign that is no letter, or taken. Like the
    cores' refusals it has a `template` and `params` (`narrate.explain` translates it)."""

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(template.format(**params))


@dataclass(frozen=True)
class Player:
    id: int
    name: str


def clean_name(name: str) -> str:
    """The name as kept: spaces collapsed; letters (any accent), spaces, hyphen, apostrophe."""
    text = " ".join(unicodedata.normalize("NFC", name).split())
    if not text:
        raise BadName(N_("A name needs at least one letter"))
    if len(text) > MAX_NAME:
        raise BadName(N_("A name has at most {n} letters"), n=MAX_NAME)
    odd = [ch for ch in text if not (ch.isalpha() or ch in " -'")]
    if odd:
        raise BadName(N_("{sign} is not a letter"), sign=odd[0])
    return text


def _folded(name: str) -> str:
    return name.casefold()


class Roster:
    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(path)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(SCHEMA)

    @classmethod
    def open(cls, data_dir: str | Path) -> Roster:
        return cls(Path(data_dir) / DB_NAME)

    def players(self) -> list[Player]:
        """Every name, in alphabetical order (accents ignored, as a reader sorts)."""
        rows = self._db.execute("SELECT id, name FROM players").fetchall()
        return sorted((Player(i, n) for i, n in rows), key=lambda p: sort_key(p.name))

    def get(self, player_id: int) -> Player | None:
        row = self._db.execute("SELECT id, name FROM players WHERE id = ?", (player_id,)).fetchone()
        return Player(row[0], row[1]) if row else None

    def add(self, name: str) -> Player:
        text = clean_name(name)
        try:
            with self._db:
                cur = self._db.execute(
                    "INSERT INTO players (name, folded) VALUES (?, ?)", (text, _folded(text))
                )
        except sqlite3.IntegrityError:
            raise BadName(N_("{name} is already on the list"), name=text) from None
        assert cur.lastrowid is not None
        return Player(cur.lastrowid, text)

    def rename(self, player_id: int, name: str) -> Player:
        text = clean_name(name)
        try:
            with self._db:
                self._db.execute(
                    "UPDATE players SET name = ?, folded = ? WHERE id = ?",
                    (text, _folded(text), player_id),
                )
        except sqlite3.IntegrityError:
            raise BadName(N_("{name} is already on the list"), name=text) from None
        return Player(player_id, text)

    def remove(self, player_id: int) -> None:
        """Off the list; the games played keep the name they were saved with."""
        with self._db:
            self._db.execute("DELETE FROM players WHERE id = ?", (player_id,))

    def close(self) -> None:
        self._db.close()


def sort_key(name: str) -> str:
    decomposed = unicodedata.normalize("NFD", name.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))
