import pytest

from companion.cli import main


def test_help_lists_subcommands(capsys):
    assert main(["--help"]) == 0
    assert "metro" in capsys.readouterr().out


def test_demo_refuses_a_round_count_it_cannot_play(capsys):
    for bad in ("0", "9", "three"):
        with pytest.raises(SystemExit) as stop:
            main(["demo", "--headless", "--rounds", bad])
        assert stop.value.code == 2
        assert "--rounds" in capsys.readouterr().err
