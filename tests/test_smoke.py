import pytest

from companion.cli import main


def test_help_lists_subcommands(capsys):
    assert main(["--help"]) == 0
    assert "metro" in capsys.readouterr().out


def test_demo_refuses_a_round_count_it_cannot_play(capsys):
    for bad in ("0", "9", "three"):
        assert main(["demo", "--headless", "--rounds", bad]) == 2
        [line] = capsys.readouterr().err.splitlines()
        assert line.startswith("companion demo: argument --rounds:")


@pytest.mark.parametrize(
    "argv",
    [
        ["demo", "--language", "de"],
        ["run", "--bogus"],
        ["check", "--timeout", "soon"],
        ["vision", "frob"],
        ["vision", "read"],
        ["leds", "test", "--fps", "abc"],
        ["history", "export", "--nope"],
    ],
)
def test_a_bad_flag_is_one_line_and_exit_2(argv, capsys):
    assert main(argv) == 2
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith(f"companion {argv[0]}")
