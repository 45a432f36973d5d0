"""Starting and resuming Metro games from the menus: maps on offer, rules, the first screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.app.session import KIND, MetroSession
from companion.data import calibration_dir, load_rules
from companion.metro import MetroRules


def available_maps() -> list[str]:
    """Map names for the setup screen: the calibrated maps, Tokyo first."""
    names = sorted(p.stem for p in (calibration_dir() / "maps").glob("*.toml"))
    if "tokyo" in names:
        names.remove("tokyo")
        names.insert(0, "tokyo")
    return names


def rules_for(name: str) -> MetroRules:
    """A map by name (calibration/maps/NAME.toml) or by path, as saved with the game."""
    return load_rules(name)


def metro_home(app: Any) -> Any:
    """The Metro screens' entry point: the income track."""
    from companion.ui.metro import MetroHome

    return MetroHome(app)


def start_game(app: Any, map_name: str, colors: list[str]) -> MetroSession:
    services = app.services
    session = MetroSession.new(services.store, rules_for(map_name), colors, map_name=map_name)
    services.session = session
    app.push(metro_home(app))
    app.play("start")
    return session


def load_game(services: Any, game_id: int) -> MetroSession:
    setup = services.store.game(game_id).setup
    name = setup.get("map_name", setup.get("map", "tokyo"))
    return MetroSession.load(services.store, rules_for(name), game_id)


def resume_game(app: Any, game_id: int) -> MetroSession:
    session = load_game(app.services, game_id)
    app.services.session = session
    app.push(metro_home(app))
    return session


def unfinished_game(services: Any) -> int | None:
    game_id: int | None = services.store.unfinished(KIND)
    return game_id


def export_game(services: Any, game_id: int) -> Path:
    import json

    session = load_game(services, game_id)
    folder = Path(services.data_dir) / "exports"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"metro-game-{game_id}.json"
    path.write_text(json.dumps(session.export_json(), indent=1, ensure_ascii=False), "utf-8")
    return path
