"""The demo narrates in the screen's language: every line it prints, the status parts too."""

from __future__ import annotations

import re

from companion.app.boot import shutdown
from companion.app.demo import start_demo
from companion.cli import main
from companion.config import Config, InputConfig
from tests.conftest import headless_app

ENGLISH = re.compile(r"\b(Round|Ranking|Setup|Main menu|refused|undone|after the trains|line)\b")


def test_the_metro_demo_speaks_spanish_on_a_spanish_box(tmp_path) -> None:
    config = Config(input=InputConfig(gpio="off"), language="es")
    app = headless_app(tmp_path / "data", config)
    lines: list[str] = []
    script = start_demo(app, rounds=1, say=lines.append)
    try:
        app.run(max_frames=20_000)
        assert script.done and script.log.error is None
    finally:
        shutdown(app)
    assert lines[:2] == [
        "Menú principal: Tokyo Metro",
        "Preparación: mapa Tokyo, jugadores Rojo, Azul, Verde",
    ]
    assert "Ronda 1: fase de trenes" in lines and "  ...y deshecho" in lines
    assert any(line.startswith("Clasificación: 1. ") for line in lines)
    assert [line for line in lines if ENGLISH.search(line)] == []


def test_the_command_line_says_its_status_in_the_language_asked(tmp_path, capsys) -> None:
    (tmp_path / "settings.json").write_text('{"language": "es"}')  # the box boots in Spanish
    args = ["demo", "--game", "izakaya", "--headless", "--language", "fr"]
    assert main([*args, "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Démo : Izakaya, sans écran ; entrées : clavier seulement (GPIO")
    assert "LED : " in out[0] and "Mise en place : Izakaya, joueurs Rouge, Bleu" in out
    assert out[-1].startswith(f"Partie enregistrée dans {tmp_path} ; ")
    assert [line for line in out if ENGLISH.search(line)] == []
