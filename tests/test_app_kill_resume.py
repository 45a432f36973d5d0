import os
import random
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

from companion.app.session import MetroSession
from companion.data import load_rules
from companion.store import Store

CHILD = Path(__file__).parent / "kill_child.py"
MINI = Path(__file__).parent / "data" / "mini.toml"


def run_child(folder, kill_after=None):
    """Run the scripted game; with `kill_after`, SIGKILL it that long after its first
    acknowledged entry (counting from the first entry, not the start, keeps the kills inside
    the game however slowly the child starts on a busy machine)."""
    proc = subprocess.Popen(
        [sys.executable, str(CHILD), str(folder), "0.01"],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(CHILD.parent.parent)},
    )
    if kill_after is None:
        out, _ = proc.communicate(timeout=60)
        return out.splitlines()
    assert proc.stdout is not None
    lines = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        ready, _, _ = select.select([proc.stdout], [], [], 1.0)
        if not ready:
            continue
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line.rstrip("\n"))
        if line.startswith(("ACK", "DONE")):
            break
    time.sleep(kill_after)
    proc.send_signal(signal.SIGKILL)
    out, _ = proc.communicate(timeout=10)
    return lines + out.splitlines()


def check(folder, acked):
    store = Store.open(folder)
    try:
        games = store.games()
        assert len(games) == 1
        saved = {(e.seq, e.kind) for e in store.entries(games[0].id)}
        missing = acked - saved
        assert not missing, f"acknowledged entries lost: {sorted(missing)[:5]}"
        MetroSession.load(store, load_rules(str(MINI)), games[0].id)
    finally:
        store.close()


def test_killed_at_random_moments_keeps_every_acknowledged_entry(tmp_path):
    rng = random.Random(1234)
    acked: set[tuple[int, str]] = set()
    kills = 0
    for attempt in range(20):
        lines = run_child(tmp_path, kill_after=rng.uniform(0.0, 0.3) if attempt < 6 else None)
        acked |= {(int(x.split()[1]), x.split()[2]) for x in lines if x.startswith("ACK")}
        check(tmp_path, acked)
        if "DONE" in lines:
            break
        kills += 1
    assert "DONE" in lines
    assert kills >= 3
    store = Store.open(tmp_path)
    assert store.unfinished("metro") is None
    store.close()
