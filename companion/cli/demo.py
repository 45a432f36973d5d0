"""`companion demo`: a scripted train phase on the default map, narrated step by step.

(The table app replaces this with a whole simulated game.)
"""

from __future__ import annotations

import argparse

from companion.data import load_rules
from companion.metro import apply, new_state, run_train_phase
from companion.metro.events import BuildStation, Invest, MoveMeeple, StartTrain
from companion.metro.trains import Decision, Prompt
from companion.narrate import describe_step, yen


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="companion demo")
    parser.add_argument("--map", default="tokyo")
    args = parser.parse_args(argv)
    rules = load_rules(args.map)
    board = rules.board
    state = new_state(board, ["red", "blue", "green"])
    lines = list(board.lines)
    stations = list(board.stations)
    script = [
        Invest("red", lines[0], 500),
        Invest("blue", lines[1], 500),
        StartTrain(lines[2 % len(lines)], 300),
        BuildStation("red", stations[len(stations) // 3], 300),
        BuildStation("blue", stations[len(stations) // 2], 300),
        BuildStation("green", stations[0], 300),
    ]
    first_stop = board.lines[lines[0]].stop(1)
    square = next(iter(sorted(board.squares_for_stop(first_stop.id))))
    script.append(MoveMeeple("green", square))
    print(f"Map: {board.name}. Players: red, blue, green.")
    for event in script:
        state = apply(rules, state, event)
        print(f"  entry: {event}")

    def always_board(prompt: Prompt) -> Decision:
        return Decision(prompt.action == "board")

    phase = run_train_phase(rules, state, always_board)
    print("\nTrain phase:")
    for i, step in enumerate(phase.steps, start=1):
        print(f"{i:>4}. {describe_step(step, board)}")
    print(
        "\nLine values: "
        + ", ".join(f"{k} {yen(v.value)}" for k, v in phase.state.lines.items() if v.value)
    )
    print("Cash: " + ", ".join(f"{p.color} {yen(p.cash or 0)}" for p in phase.state.players))
    return 0
