"""Faults in the saved games: a damaged or truncated database, an unwritable data folder.

The store's own tests (test_store.py) cover `Store.open`; these go through the whole app the
way the service starts it, and through `companion run` / `companion check`.
"""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest

pytest.importorskip("companion.app.boot")

from companion.app.boot import shutdown
from companion.app.session import MetroSession
from companion.cli import main as cli
from companion.data import load_rules
from companion.errors import UserError
from companion.metro.events import AdjustCash, Invest
from companion.store import Store
from tests.conftest import headless_app

MINI = Path(__file__).parent / "data" / "mini.toml"


def saved_game(folder: Path, entries: int = 120) -> None:
    store = Store.open(folder)
    session = MetroSession.new(store, load_rules(str(MINI)), ["red", "blue"], map_name=str(MINI))
    session.record(Invest("red", "G", 300))
    for i in range(entries):
        session.record(AdjustCash("blue", 100 if i % 2 else -100, "x" * 100))
    store._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()


def damage(db: Path, how: str) -> bytes:
    if how == "garbage":
        db.write_bytes(b"not a database, a shopping list " * 200)
    elif how == "truncated":
        data = db.read_bytes()
        db.write_bytes(data[: len(data) // 3])
    else:  # a page in the middle overwritten, header intact
        data = bytearray(db.read_bytes())
        data[4096 + 100 : 4096 * 3] = b"\xff" * (4096 * 2 - 100)
        db.write_bytes(bytes(data))
    return db.read_bytes()


def start(folder: Path):  # type: ignore[no-untyped-def]
    return headless_app(folder)


@pytest.mark.parametrize("how", ["garbage", "truncated", "overwritten page"])
def test_damaged_database_is_kept_aside_and_the_box_starts(
    tmp_path: Path, how: str, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "data"
    saved_game(folder)
    db = folder / "games.db"
    damaged = damage(db, how)

    # before the start, `companion check` says so, and touches nothing
    config = tmp_path / "config.toml"
    config.write_text(f'[store]\ndata_dir = "{folder}"\n[input]\ngpio = "off"\n')
    assert cli(["check", "--json", "--config", str(config)]) == 1
    rows = {r["name"]: r for r in json.loads(capsys.readouterr().out)["checks"]}
    assert rows["saved games"]["status"] == "FAIL" and "damaged" in rows["saved games"]["detail"]
    assert db.read_bytes() == damaged

    app = start(folder)
    try:
        kept = sorted(folder.glob("games.db.corrupt-*"))
        assert len(kept) == 1, "the damaged file must be kept aside, never deleted"
        assert kept[0].read_bytes() == damaged
        messages = [t.text for t in app.toasts]
        assert any("damaged" in m and kept[0].name in m for m in messages), messages
        assert app.services.store.games() == []  # a fresh, working store
        app.run(max_frames=3)
    finally:
        shutdown(app)

    # the next start finds a healthy database: nothing more is moved
    app = start(folder)
    shutdown(app)
    assert len(sorted(folder.glob("games.db.corrupt-*"))) == 1


def unwritable(tmp_path: Path) -> Path:
    if os.geteuid() == 0:  # root writes anywhere: a folder under a plain file cannot exist
        blocker = tmp_path / "a-file"
        blocker.write_text("")
        return blocker / "data"
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o500)
    return folder


def test_unwritable_data_folder_stops_the_start_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = unwritable(tmp_path)
    config = tmp_path / "config.toml"
    config.write_text('[input]\ngpio = "off"\n')
    code = cli(["run", "--config", str(config), "--windowed", "--data-dir", str(folder)])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2
    assert len(err) == 1 and "store.data_dir" in err[0] and "cannot write" in err[0]
    assert "Traceback" not in "\n".join(err)


def test_data_folder_turning_read_only_mid_game(tmp_path: Path) -> None:
    """The card or disk goes read-only: the entry is refused with a clear error, nothing is shown
    as done that was not saved, and the game goes on once the folder is writable again."""
    folder = tmp_path / "data"
    store = Store.open(folder)
    session = MetroSession.new(store, load_rules(str(MINI)), ["red", "blue"], map_name=str(MINI))
    session.record(Invest("red", "G", 300))
    before = session.state
    writable = store._db
    store._db = sqlite3.connect(f"file:{store.path}?mode=ro", uri=True, isolation_level=None)
    try:
        with pytest.raises(UserError, match="could not save"):
            session.record(AdjustCash("blue", 100))
        assert session.state == before
    finally:
        store._db.close()
        store._db = writable
    session.record(AdjustCash("blue", 100))
    assert session.state.player("blue").cash == before.player("blue").cash + 100
    again = MetroSession.load(store, load_rules(str(MINI)), session.game_id)
    assert again.state == session.state
    store.close()
