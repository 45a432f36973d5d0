from companion.cli import main


def test_help_lists_subcommands(capsys):
    assert main(["--help"]) == 0
    assert "metro" in capsys.readouterr().out
