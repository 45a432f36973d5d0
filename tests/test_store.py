import os
import sqlite3

import pytest

from companion.errors import UserError
from companion.store import CorruptStore, Store


def test_append_commits_and_undo_removes_last(tmp_path):
    store = Store.open(tmp_path)
    game = store.new_game("metro", {"colors": ["red", "blue"]})
    assert store.append(game, "event", {"a": 1}) == 1
    assert store.append(game, "event", {"a": 2}) == 2
    other = sqlite3.connect(tmp_path / "games.db")
    assert other.execute("SELECT COUNT(*) FROM entries").fetchone()[0] == 2
    assert other.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store.undo(game).data == {"a": 2}
    assert [e.data for e in store.entries(game)] == [{"a": 1}]
    assert store.append(game, "event", {"a": 3}) == 2


def test_unfinished_is_the_newest_open_game(tmp_path):
    store = Store.open(tmp_path)
    first = store.new_game("metro", {})
    second = store.new_game("metro", {})
    assert store.unfinished("metro") == second
    store.set_finished(second, True)
    assert store.unfinished("metro") == first
    assert [g.id for g in store.games()] == [second, first]


@pytest.mark.parametrize("damage", ["garbage", "truncated"])
def test_damaged_database_is_moved_aside_with_a_clear_error(tmp_path, damage):
    store = Store.open(tmp_path)
    game = store.new_game("metro", {})
    for i in range(200):
        store.append(game, "event", {"i": i, "pad": "x" * 200})
    store._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    db = tmp_path / "games.db"
    if damage == "garbage":
        db.write_bytes(b"this is not a database" * 100)
    else:
        data = db.read_bytes()
        db.write_bytes(data[: len(data) // 3])
    with pytest.raises(CorruptStore) as info:
        Store.open(tmp_path)
    assert "games.db" in info.value.line()
    assert info.value.moved_to.exists()
    assert info.value.moved_to.name.startswith("games.db.corrupt-")
    fresh = Store.open(tmp_path)
    assert fresh.games() == []


def test_unwritable_data_dir_is_a_clear_error(tmp_path):
    if os.geteuid() == 0:
        target = tmp_path / "file"
        target.write_text("x")
        folder = target / "sub"
    else:
        folder = tmp_path / "ro"
        folder.mkdir()
        folder.chmod(0o500)
    with pytest.raises(UserError) as info:
        Store.open(folder)
    assert info.value.field == "store.data_dir"
