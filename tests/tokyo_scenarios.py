"""Seeded Tokyo games (Tokyo map, Tokyo cards) played through the core: every event tried, its
refusal or the state after it, each round's train phase and the end of the game.

`tests/data/tokyo-differential.json` holds what the code of 1 December 2026 (before the Osaka
card set) made of them; `tests/test_metro_differential.py` replays them and compares. To record
again on purpose: `python -m tests.tokyo_scenarios > tests/data/tokyo-differential.json`.
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import asdict
from typing import Any

from companion.data import load_rules
from companion.metro import (
    Decision,
    end_game,
    format_event,
    format_state,
    format_step,
    new_state,
    run_train_phase,
    why_not,
)
from companion.metro import apply as apply_event
from companion.metro.events import (
    AdjustCash,
    AssignSpeed,
    BuildStation,
    CorrectValue,
    EndGame,
    Event,
    Invest,
    MoveMeeple,
    NextRound,
    RepayLoan,
    SetTurnOrder,
    Speculate,
    StartTrain,
    TakeLoan,
)

COLORS = ("red", "blue", "green", "yellow", "black")
SEEDS = range(6)


def _event(rng: random.Random, rules: Any, state: Any) -> Event:
    board = rules.board
    who = rng.choice(state.colors)
    line = rng.choice(list(board.lines))
    kind = rng.randrange(12)
    if kind < 3:
        return Invest(who, line, rng.choice((0, 100, 300, 600, 800, 1000)))
    if kind == 3:
        return StartTrain(line, rng.choice((0, 200, 400)))
    if kind == 4:
        return AssignSpeed(line, rng.choice((1, 1, 2, 4)))
    if kind == 5:
        return Speculate(who, line, rng.choice((100, 300, 500, 900)))
    if kind == 6:
        return rng.choice((TakeLoan(who), RepayLoan(who)))
    if kind in (7, 8):
        return BuildStation(who, rng.choice(list(board.stations)), rng.choice((0, 100, 200)))
    if kind == 9:
        grid = board.grid
        return MoveMeeple(who, (rng.randrange(grid.columns), rng.randrange(grid.rows)))
    if kind == 10:
        return AdjustCash(who, rng.choice((-300, -100, 200)), "bid")
    return rng.choice(
        (
            CorrectValue(line, rng.choice((0, 500, 1200))),
            SetTurnOrder(tuple(rng.sample(state.colors, len(state.colors)))),
        )
    )


def _without_drinks(end: dict[str, Any]) -> dict[str, Any]:
    """These games have no METRO DRINKS: their results are recorded without its income."""
    for player in end["players"]:
        assert player.pop("drink_fees") == 0 and player.pop("drink_bonus") == 0
    return end


def play(seed: int) -> dict[str, Any]:
    rules = load_rules("tokyo")
    rng = random.Random(seed)
    players = 2 + seed % 4
    state = new_state(rules.board, COLORS[:players], None if seed % 5 == 4 else 2000)
    log: list[Any] = []
    for _round in range(rules.variant.rounds(players) or 1):
        for _ in range(rng.randrange(8, 20)):
            event = _event(rng, rules, state)
            refused = why_not(rules, state, event)
            if refused is None:
                state = apply_event(rules, state, event)
                log.append({"event": format_event(event)})
            else:
                log.append({"event": format_event(event), "refused": str(refused)})
        answers = [rng.random() < 0.6 for _ in range(40)]
        count = iter(range(10**6))

        def decide(prompt: Any, answers: list[bool] = answers, count: Any = count) -> Decision:
            accept = answers[next(count) % len(answers)]
            return Decision(accept, prompt.squares[-1] if prompt.squares else None)

        phase = run_train_phase(rules, state, decide)
        log.append({"train_phase": [format_step(s) for s in phase.steps]})
        state = apply_event(rules, phase.state, NextRound())
    state = apply_event(rules, state, EndGame())
    result = end_game(rules, state)
    return {
        "seed": seed,
        "log": log,
        "state": format_state(state),
        "end": json.loads(json.dumps(_without_drinks(asdict(result)))),
    }


def record() -> list[dict[str, Any]]:
    return [play(seed) for seed in SEEDS]


if __name__ == "__main__":
    json.dump(record(), sys.stdout, indent=None, separators=(",", ":"))
    sys.stdout.write("\n")
