"""Fault: SIGKILL in the middle of a train phase, then a restart of the app.

The app's own kill test (test_app_kill_resume.py) kills a scripted game at random moments and
checks that no acknowledged log entry is lost. This one stops the box at a known point inside a
train phase (a boarding answer given, some payouts acknowledged, a question pending) and starts
the whole app again the way systemd would (`build_app` with resume): the same steps, the same
answers and acknowledgements come back, and the phase finishes as if nothing had happened.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from companion.app.boot import shutdown
from companion.app.session import MetroSession
from companion.data import load_rules
from companion.metro import Decision, format_state, format_step, parse_state
from companion.store import Store
from tests.conftest import headless_app

CHILD = Path(__file__).parent / "fault_train_child.py"
MINI = Path(__file__).parent / "data" / "mini.toml"


def kill_mid_phase(folder: Path, acks_after_answer: int) -> dict[str, object]:
    proc = subprocess.Popen(
        [sys.executable, str(CHILD), str(folder), str(acks_after_answer)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(CHILD.parent.parent)},
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line, "the child died before reaching the train phase"
        seen = json.loads(line)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.communicate(timeout=10)
    assert proc.returncode == -signal.SIGKILL
    return seen


def restart(folder: Path):  # type: ignore[no-untyped-def]
    return headless_app(folder)


def finish(session: MetroSession) -> None:
    """Play the rest of the phase: acknowledge everything, decline every question."""
    while True:
        phase = session.phase
        assert phase is not None
        if phase.acked < len(phase.steps):
            session.ack(len(phase.steps))
        elif phase.pending is not None:
            session.answer(Decision(False))
        else:
            session.finish_train_phase()
            return


def reference_final_state(folder: Path, acks_after_answer: int) -> str:
    """The same game played without a kill, in-process."""
    sys.path.insert(0, str(CHILD.parent))
    try:
        import fault_train_child as child
    finally:
        sys.path.pop(0)
    import io

    saved_stdin, saved_stdout = sys.stdin, sys.stdout
    sys.stdin, sys.stdout = io.StringIO("\n"), io.StringIO()
    try:
        child.main(str(folder), acks_after_answer)
    finally:
        sys.stdin, sys.stdout = saved_stdin, saved_stdout
    store = Store.open(folder)
    try:
        game = store.unfinished("metro")
        assert game is not None
        session = MetroSession.load(store, load_rules(str(MINI)), game)
        finish(session)
        return json.dumps(format_state(session.state), sort_keys=True)
    finally:
        store.close()


@pytest.mark.parametrize("acks_after_answer", [0, 2])
def test_sigkill_mid_train_phase_resumes_with_nothing_acknowledged_lost(
    tmp_path: Path, acks_after_answer: int
) -> None:
    seen = kill_mid_phase(tmp_path / "box", acks_after_answer)
    assert seen["pending"] is not None or seen["acked"] < len(seen["steps"])  # truly mid-phase

    app = restart(tmp_path / "box")
    try:
        session = app.services.session
        assert session is not None, "the unfinished game was not resumed at start"
        assert session.game_id == seen["game_id"]
        assert session.entry_count == seen["entries"]
        phase = session.phase
        assert phase is not None, "the train phase was lost"
        assert [format_step(s) for s in phase.steps] == seen["steps"]
        assert phase.acked == seen["acked"]
        assert (phase.pending.action if phase.pending else None) == seen["pending"]
        app.run(max_frames=app.frames + 3)  # the resumed screen draws

        finish(session)
        final = session.state
        assert parse_state(format_state(final), session.rules.board) == final
        got = json.dumps(format_state(final), sort_keys=True)
    finally:
        shutdown(app)
    assert got == reference_final_state(tmp_path / "reference", acks_after_answer)
