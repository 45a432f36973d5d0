"""`companion history`: the saved games and the players' records, from the command line.

    companion history export --csv games.csv       # every finished game, a row per player
    companion history export --json DIR            # each game's JSON export into DIR
    companion history records [--json]             # each roster player's records

The data directory is `--data-dir`, else the config's `[store] data_dir`, else the default
(`~/.local/share/companion`, `$STATE_DIRECTORY` under systemd). Nothing is written to it.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from companion.cli import Parser
from companion.errors import UserError


def _parser() -> argparse.ArgumentParser:
    p = Parser(prog="companion history", description="Saved games and players' records.")
    _where(p, None)
    # Also after the subcommand (`companion history export --data-dir DIR`), as the README
    # writes it; SUPPRESS keeps a value given before the subcommand.
    where = Parser(add_help=False)
    _where(where, argparse.SUPPRESS)
    sub = p.add_subparsers(dest="command", required=True, parser_class=Parser)
    e = sub.add_parser(
        "export", parents=[where], help="write the CSV of every game and/or each game's JSON"
    )
    e.add_argument("--csv", type=Path, metavar="FILE", help="one row per player per game")
    e.add_argument("--json", type=Path, metavar="DIR", help="one JSON file per game")
    r = sub.add_parser(
        "records", parents=[where], help="each roster player's games, wins, bests and averages"
    )
    r.add_argument("--json", action="store_true")
    return p


def _where(p: argparse.ArgumentParser, default: object) -> None:
    p.add_argument(
        "--data-dir",
        type=Path,
        default=default,
        help="where the saved games are (default: searched)",
    )
    p.add_argument("--config", type=Path, default=default, help="config file (default: searched)")


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _data_dir(args: argparse.Namespace) -> Path:
    from companion.config import load_config
    from companion.store import default_data_dir

    if args.data_dir is not None:
        return Path(args.data_dir)
    config = load_config(args.config)
    return Path(config.data_dir or default_data_dir())


def main(argv: list[str]) -> int:
    from companion import records
    from companion.app.records_link import collect, export_all
    from companion.export_csv import csv_text, player_rows
    from companion.i18n import _
    from companion.roster import Roster
    from companion.store import DB_NAME, Store

    args = _parser().parse_args(argv)
    data_dir = _data_dir(args)
    if not (data_dir / DB_NAME).exists():
        raise UserError("no saved games here", data_dir / DB_NAME)
    store = Store.open(data_dir)
    try:
        if args.command == "export":
            if args.csv is None and args.json is None:
                raise UserError("say what to write: --csv FILE and/or --json DIR")
            if args.csv is not None:
                rows = list(player_rows(store, _))
                args.csv.write_text(csv_text(rows), encoding="utf-8", newline="")
                games = len({r.game_id for r in rows})
                print(f"{args.csv}: {_count(games, 'game')}, {_count(len(rows), 'row')}")
            if args.json is not None:
                paths = export_all(store, args.json)
                print(f"{args.json}: {_count(len(paths), 'game')} as JSON")
            return 0
        roster = Roster.open(data_dir)
        try:
            names = {p.id: p.name for p in roster.players()}
        finally:
            roster.close()
        stats = records.player_stats(collect(store), names)
        if args.json:
            print(json.dumps([records.stats_json(s) for s in stats], ensure_ascii=False))
            return 0
        if not stats:
            print("no records yet: choose the players' names at setup")
        for st in stats:
            print(f"{st.name}: {_count(st.games, 'game')}, {st.wins} won")
            for (kind, map_), ms in sorted(st.by_map.items()):
                figures = f", best {ms.best}, average {ms.average}" if ms.best is not None else ""
                print(f"  {kind} {map_}: {_count(ms.games, 'game')}{figures}")
            if st.top_lines:
                top = ", ".join(f"{line} x{n}" for line, n in st.top_lines.most_common())
                print(f"  most valuable line at the end: {top}")
            for map_, best in sorted(st.solo_best.items()):
                print(f"  solo best {map_}: {best}")
        return 0
    finally:
        store.close()
