""" "Turn off": under the service the Pi powers off after the app closed, elsewhere it only
quits; the main menu's confirm says which. A fake command runner stands in for systemctl."""

from __future__ import annotations

import subprocess
from collections.abc import Sequence
from pathlib import Path

from companion.app.power import POWER_OFF, Power
from companion.ui.kit import ConfirmDialog
from companion.ui.menu import MainMenu
from companion.ui.screen import Action, Input
from tests.fakes import FakeApp


class Runner:
    """Records the commands it is asked to run and answers with `code` (or raises)."""

    def __init__(self, code: int = 0, fails: bool = False) -> None:
        self.code, self.fails = code, fails
        self.ran: list[list[str]] = []

    def __call__(self, command: Sequence[str]) -> int:
        self.ran.append(list(command))
        if self.fails:
            raise FileNotFoundError("systemctl")
        return self.code


def test_only_the_service_powers_off() -> None:
    assert Power.from_env({"COMPANION_POWER_OFF": "1"}).shuts_down
    assert not Power.from_env({}).shuts_down
    assert not Power.from_env({"COMPANION_POWER_OFF": "0"}).shuts_down


def test_power_off_runs_once_asked_and_allowed() -> None:
    runner = Runner()
    power = Power(True, runner)
    assert not power.finish() and runner.ran == []  # nobody chose "Turn off"
    power.request()
    assert power.finish() and runner.ran == [list(POWER_OFF)]
    outside = Power(False, runner := Runner())
    outside.request()
    assert not outside.finish() and runner.ran == []


def test_a_refused_or_missing_systemctl_only_quits(caplog) -> None:
    for runner in (Runner(code=1), Runner(fails=True)):
        power = Power(True, runner)
        power.request()
        assert not power.finish()
    assert "polkit" in caplog.text


def test_the_real_runner_reports_the_exit_status() -> None:
    from companion.app.power import run_command

    assert run_command(["true"]) == 0 and run_command(["false"]) == 1
    try:
        run_command(["/nonexistent/systemctl"])
    except OSError:
        pass
    else:
        raise AssertionError("a missing command raises OSError")
    assert issubclass(subprocess.TimeoutExpired, subprocess.SubprocessError)


def _turn_off(tmp_path: Path, shuts_down: bool) -> tuple[FakeApp, str, Runner]:
    app = FakeApp.make(tmp_path)
    runner = Runner()
    app.services.power = Power(shuts_down, runner)
    menu = MainMenu(app)
    app.push(menu)
    menu.index = len(menu.items) - 1
    menu.handle(Input(action=Action.OK))
    dialog = app.top
    assert isinstance(dialog, ConfirmDialog)
    question = dialog.question() if callable(dialog.question) else dialog.question
    dialog.handle(Input(action=Action.RIGHT))
    dialog.handle(Input(action=Action.OK))
    return app, question, runner


def test_turn_off_on_the_box_says_the_pi_shuts_down(tmp_path: Path) -> None:
    app, question, runner = _turn_off(tmp_path, True)
    assert "The Pi shuts down" in question and not app.running
    assert app.services.power.requested and app.services.power.finish()
    assert runner.ran == [list(POWER_OFF)]


def test_turn_off_elsewhere_says_it_only_quits(tmp_path: Path) -> None:
    app, question, runner = _turn_off(tmp_path, False)
    assert "stays on" in question and not app.running
    assert not app.services.power.finish() and runner.ran == []
