"""The default pins are written in five places; they must all say what config.example.toml says."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from companion.config import parse_config

ROOT = Path(__file__).resolve().parent.parent
NAV = ("up", "down", "left", "right", "ok", "back")


def _example() -> tuple[list[int], list[int]]:
    cfg = parse_config(tomllib.loads((ROOT / "config.example.toml").read_text("utf-8")))
    return [cfg.input.pins[n] for n in NAV], list(cfg.input.players)


def test_docs_app_config_block_is_valid_and_uses_the_default_pins() -> None:
    text = (ROOT / "docs" / "app.md").read_text("utf-8")
    block = re.search(r"```toml\n(.*?)```", text, re.S)
    assert block is not None
    cfg = parse_config(tomllib.loads(block.group(1)))
    nav, players = _example()
    assert [cfg.input.pins[n] for n in NAV] == nav
    assert list(cfg.input.players) == players


def test_parts_list_pin_table_matches_the_example_config() -> None:
    text = (ROOT / "hardware" / "README.md").read_text("utf-8")
    row = re.search(r"^\| BCM \|(.*)\|$", text, re.M)
    assert row is not None
    nav, players = _example()
    assert [int(c) for c in row.group(1).split("|")] == nav + players


def test_readme_and_pi_guide_name_the_default_pins() -> None:
    nav, players = _example()
    readme = " ".join((ROOT / "README.md").read_text("utf-8").split())
    said = ", ".join(f"{n} {p}" for n, p in zip(NAV, nav, strict=True))
    assert f"the defaults are {said}, players {' '.join(map(str, players))}" in readme
    pi = (ROOT / "docs" / "pi.md").read_text("utf-8")
    for name, pin in zip(NAV, nav, strict=True):
        assert re.search(rf"^ {name}\s+{pin}\s", pi, re.M), name
    for i, pin in enumerate(players, 1):
        assert re.search(rf"player {i}\s+{pin}\s", pi), i
