"""`companion metro`: the rules engine from the command line.

companion metro map [--map NAME] [--json]
companion metro track VALUE [--track FILE] [--json]
companion metro train-phase --state FILE [--decisions FILE] [--map NAME] [--json]
companion metro end-game --state FILE [--map NAME] [--json]

Exit status: 0 done, 2 bad input, 3 (`PENDING`) when a train phase stopped at a question the
decisions file does not answer: it prints that question (`"pending"` in `--json`) and the
state so far, whose phase is still `train`.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from companion.cli import Parser
from companion.codec import CodecError
from companion.data import load_map, load_rules, load_track, read_json
from companion.errors import UserError
from companion.metro.endgame import EndGameResult, end_game
from companion.metro.errors import MetroError
from companion.metro.events import MetroRules
from companion.metro.state import MetroState, format_state, parse_state
from companion.metro.steps import format_step
from companion.metro.trains import (
    Answers,
    Decider,
    Plan,
    Prompt,
    format_prompt,
    parse_decision,
    run_train_phase,
)
from companion.metro.vehicles import VehicleId, parse_vehicle
from companion.money import yen
from companion.narrate import describe_end_game, describe_step

PENDING = 3
"""Exit status of a train phase left waiting for an answer (2 is bad input)."""


def _parser() -> argparse.ArgumentParser:
    p = Parser(prog="companion metro", description="Tokyo Metro rules engine.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=Parser)

    m = sub.add_parser("map", help="lines, stations and grid of a map")
    m.add_argument("--map", default="tokyo", help="map name or .toml path (default: tokyo)")
    m.add_argument("--json", action="store_true")

    t = sub.add_parser("track", help="the income-track pair (larger, smaller) for a value")
    t.add_argument("value", help="line value in yen, a multiple of 100")
    t.add_argument("--track", help="income-track table (default: calibration/income-track.toml)")
    t.add_argument("--json", action="store_true")

    tp = sub.add_parser("train-phase", help="run the train phase on a state")
    tp.add_argument("--state", required=True, help="state JSON (docs/state-format.md)")
    tp.add_argument("--decisions", help="boarding/leaving decisions JSON")
    tp.add_argument("--map", help="map name or path (default: the state's map)")
    tp.add_argument("--track", help="income-track table")
    tp.add_argument("--json", action="store_true")

    e = sub.add_parser("end-game", help="speculation and share payouts, totals, ranking")
    e.add_argument("--state", required=True, help="state JSON (docs/state-format.md)")
    e.add_argument("--map", help="map name or path (default: the state's map)")
    e.add_argument("--track", help="income-track table")
    e.add_argument("--json", action="store_true")
    return p


def _emit(data: Any) -> None:
    json.dump(data, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def _load_state(
    path: str, map_name: str | None, track: str | None
) -> tuple[MetroRules, MetroState]:
    raw = read_json(path)
    if map_name is None:
        map_name = raw.get("map", "tokyo") if isinstance(raw, dict) else "tokyo"
        if not isinstance(map_name, str):
            raise UserError(f"expected a map name, got {map_name!r}", path, "map")
    rules = load_rules(map_name, track)
    try:
        return rules, parse_state(raw, rules.board)
    except MetroError as exc:
        raise UserError(exc.message, path, exc.field) from None


def _square(value: Any, path: str, where: str) -> tuple[int, int] | None:
    if value is None:
        return None
    if isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value):
        return (value[0], value[1])
    raise UserError(f"expected [column, row], got {value!r}", path, where)


def load_decisions(path: str | None, rules: MetroRules, state: MetroState) -> Decider:
    """A decisions file: {"board": [{player, line, stop}], "leave": [{player, line, stop,
    square?}]} matched by key (`"vehicle": "P#2"` instead of `line` picks one of a twin line's
    vehicles), or {"answers": [{"accept": bool, "square"?: [c, r]}]} in the order the prompts
    come. Unmatched prompts are declined; answers that run out leave the phase pending."""
    if path is None:
        return Plan().decider()
    data = read_json(path)
    if not isinstance(data, dict):
        raise UserError("expected an object with 'board'/'leave' or 'answers'", path)
    unknown = set(data) - {"board", "leave", "answers"}
    if unknown:
        raise UserError(f"unknown key {sorted(unknown)[0]!r}", path, sorted(unknown)[0])
    if "answers" in data:
        try:
            return Answers(
                [parse_decision(a, f"answers[{i}]") for i, a in enumerate(data["answers"])]
            )
        except CodecError as exc:
            raise UserError(exc.message, path, exc.field) from None

    def check(entry: Any, where: str) -> tuple[str, VehicleId, str]:
        if not isinstance(entry, dict):
            raise UserError('expected {"player", "line", "stop"}', path, where)
        player, stop = entry.get("player"), entry.get("stop")
        if player not in state.colors:
            raise UserError(f"unknown player {player!r}", path, f"{where}.player")
        vehicle = _vehicle(entry, rules, path, where)
        if not (isinstance(stop, str) and rules.board.has_stop(stop)):
            raise UserError(f"unknown stop {stop!r}", path, f"{where}.stop")
        return player, vehicle, stop

    board = tuple(check(e, f"board[{i}]") for i, e in enumerate(data.get("board", [])))
    leave = tuple(
        (*check(e, f"leave[{i}]"), _square(e.get("square"), path, f"leave[{i}].square"))
        for i, e in enumerate(data.get("leave", []))
    )
    return Plan(board, leave).decider()


def _vehicle(entry: dict[str, Any], rules: MetroRules, path: str, where: str) -> VehicleId:
    if "vehicle" in entry:
        try:
            vehicle = parse_vehicle(entry["vehicle"])
        except ValueError as exc:
            raise UserError(str(exc), path, f"{where}.vehicle") from None
        key = "vehicle"
    else:
        line = entry.get("line")
        vehicle, key = VehicleId(line if isinstance(line, str) else ""), "line"
    if vehicle.line not in rules.board.lines:
        raise UserError(f"unknown line {entry.get(key)!r}", path, f"{where}.{key}")
    if vehicle.number > rules.variant.vehicles(vehicle.line):
        raise UserError(f"line {vehicle.line} has no {vehicle}", path, f"{where}.vehicle")
    return vehicle


def pending_line(prompt: Prompt, rules: MetroRules) -> str:
    """The question a phase stopped at, for the terminal."""
    twins = rules.variant.vehicles(prompt.line) > 1
    on = f"{prompt.vehicle}" if twins else f"line {prompt.line}"
    fee = f" ({yen(prompt.fee)})" if prompt.action == "board" else ""
    return (
        f"Pending: {prompt.player} may {prompt.action} {on} at {prompt.stop}{fee}; "
        "the decisions file has no answer for it, so the phase is not finished"
    )


def end_game_json(result: EndGameResult) -> dict[str, Any]:
    return {
        "lines": [
            {
                "line": lp.line,
                "value": lp.value,
                "value_after_speculation": lp.value_after_speculation,
                "speculations": [
                    {"player": s.player, "stake": s.stake, "paid": s.paid, "violation": s.violation}
                    for s in lp.speculations
                ],
                "shares": [
                    {"player": s.player, "share": s.share, "paid": s.paid, "violation": s.violation}
                    for s in lp.shares
                ],
            }
            for lp in result.lines
        ],
        "players": [
            {
                "color": p.color,
                "speculation": p.speculation,
                "stakes_returned": p.stakes_returned,
                "shares": p.shares,
                "set_aside": p.set_aside,
                "loans": p.loans,
                "loan_cost": p.loan_cost,
                "cash": p.cash,
                "total": p.total,
            }
            for p in result.players
        ],
        "ranking": list(result.ranking),
    }


def _print_map(name: str, as_json: bool) -> None:
    board = load_map(name)
    g = board.grid
    if as_json:
        _emit(
            {
                "id": board.id,
                "name": board.name,
                "rules": board.variant.name,
                "size_mm": [board.width_mm, board.height_mm],
                "lines": [
                    {
                        "id": line.id,
                        "name": line.name,
                        "color": line.color,
                        "shares": line.shares,
                        "slots": line.slots,
                        "small_circles": list(board.small_circles(line.id)),
                        "stops": [
                            {"id": s.id, "x_mm": s.x_mm, "y_mm": s.y_mm, "radius_mm": s.radius_mm}
                            for s in line.stops
                        ],
                    }
                    for line in board.lines.values()
                ],
                "stations": [
                    {"id": st.id, "name": st.name, "name_ja": st.name_ja, "stops": list(st.stops)}
                    for st in board.stations.values()
                ],
                "grid": {
                    "origin_mm": [g.origin_x_mm, g.origin_y_mm],
                    "square_mm": [g.square_w_mm, g.square_h_mm],
                    "columns": g.columns,
                    "rows": g.rows,
                },
            }
        )
        return
    print(f"{board.name} ({board.id}), {board.width_mm:g} x {board.height_mm:g} mm")
    print(f"\nLines ({len(board.lines)}, in track order):")
    varied = any((line.shares, line.slots) != (3, 3) for line in board.lines.values())
    for line in board.lines.values():
        stops = " ".join(s.id for s in line.stops)
        print(f"  {line.id:<2} {line.name:<11} {line.color}  {line.length:>2} stops: {stops}")
        if varied:
            shares = f"{line.shares} share{'s' if line.shares != 1 else ''}"
            print(f"     {shares}, {line.slots} disc space{'s' if line.slots != 1 else ''}")
        small = board.small_circles(line.id)
        if small:
            print(f"     small circles (no station): {' '.join(small)}")
    print(f"\nStations ({len(board.stations)}):")
    for st in board.stations.values():
        print(f"  {st.name:<24} {' '.join(st.stops)}")
    print(
        f"\nGrid: {g.columns} x {g.rows} squares of {g.square_w_mm:g} x {g.square_h_mm:g} mm "
        f"from ({g.origin_x_mm:g}, {g.origin_y_mm:g}) mm"
    )


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    if args.command == "map":
        _print_map(args.map, args.json)
    elif args.command == "track":
        try:
            value = int(args.value.replace(",", "").replace("¥", ""))
        except ValueError:
            raise UserError(f"expected a value in yen, got {args.value!r}", field="VALUE") from None
        try:
            larger, smaller = load_track(args.track).pair(value)
        except MetroError as exc:
            raise UserError(exc.message, field="VALUE") from None
        if args.json:
            _emit({"value": value, "larger": larger, "smaller": smaller})
        else:
            print(f"{yen(value)}: larger {yen(larger)}, smaller {yen(smaller)}")
    elif args.command == "train-phase":
        rules, state = _load_state(args.state, args.map, args.track)
        decide = load_decisions(args.decisions, rules, state)
        phase = run_train_phase(rules, state, decide)
        pending = phase.pending
        if args.json:
            _emit(
                {
                    "steps": [format_step(s) for s in phase.steps],
                    "state": format_state(phase.state),
                    "pending": None if pending is None else format_prompt(pending),
                }
            )
        else:
            for i, step in enumerate(phase.steps, start=1):
                print(f"{i:>3}. {describe_step(step, rules.board)}")
            values = ", ".join(
                f"{lid} {yen(ls.value)}" for lid, ls in phase.state.lines.items() if ls.value
            )
            print(f"\nLine values: {values or 'all ¥0'}")
            if pending is not None:
                print(pending_line(pending, rules))
        if pending is not None:
            return PENDING
    elif args.command == "end-game":
        rules, state = _load_state(args.state, args.map, args.track)
        result = end_game(rules, state)
        if args.json:
            _emit(end_game_json(result))
        else:
            print("\n".join(describe_end_game(result)))
    return 0
