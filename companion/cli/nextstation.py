"""`companion next-station`: the NEXT STATION TOKYO data files.

companion next-station deck [--deck FILE] [--orange FILE] [--seed N] [--json]

Reads the deck and the orange cards (default: calibration/next-station-deck.toml and
next-station-orange.toml), prints them and, with `--seed`, the four rounds' reveals as the box
would turn them. A bad file is one line naming the file and the field, exit status 2.
"""

from __future__ import annotations

import argparse
import json

from companion.cli import Parser
from companion.data import load_orange_cards, load_station_deck
from companion.nextstation.deck import Deck
from companion.nextstation.game import ROUNDS, EndRound, NextStationSetup, Reveal, apply, new_game


def _parser() -> argparse.ArgumentParser:
    p = Parser(prog="companion next-station", description="Next Station Tokyo data files.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=Parser)
    d = sub.add_parser("deck", help="check and show the deck and the orange cards")
    d.add_argument("--deck", help="deck file (default: calibration/next-station-deck.toml)")
    d.add_argument("--orange", help="orange cards (default: calibration/next-station-orange.toml)")
    d.add_argument("--seed", type=int, help="also show the four rounds this seed turns")
    d.add_argument("--json", action="store_true")
    return p


def rounds(deck: Deck, seed: int) -> list[list[str]]:
    """The keys of the cards each round turns, up to its fifth green card."""
    state = new_game(NextStationSetup(("red",), seed, deck))
    out = []
    for _ in range(ROUNDS):
        while state.phase == "reveal":
            state = apply(state, Reveal())
        out.append([card.key for card in state.revealed])
        state = apply(state, EndRound())
    return out


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    deck = load_station_deck(args.deck)
    oranges = load_orange_cards(args.orange)
    shown = rounds(deck, args.seed) if args.seed is not None else None
    if args.json:
        data = {
            "lines": list(deck.lines),
            "cards": [vars(card) for card in deck.cards],
            "oranges": [{"key": c.key, "effect": dict(c.effect)} for c in oranges],
            "rounds": shown,
        }
        print(json.dumps(data, ensure_ascii=False))
        return 0
    print(f"{len(deck.cards)} cards, {deck.greens} green; lines: {', '.join(deck.lines)}")
    for card in deck.cards:
        special = f" ({card.special})" if card.special else ""
        print(f"  {card.key}: {card.symbol} on {card.background}{special}")
    print(f"{len(oranges)} orange cards")
    for orange in oranges:
        print(f"  {orange.key}: {orange.text('en')}")
    for i, keys in enumerate(shown or [], start=1):
        print(f"round {i}: {' '.join(keys)}")
    return 0
