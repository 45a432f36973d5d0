"""IZAKAYA core: the rulebook's examples as golden files, the setup, the refusals, and the
invariants (money conserved, prices never below ¥0, the end trigger fires exactly once)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import izakaya as Z
from companion.izakaya import codec
from companion.izakaya.state import Building

GOLDEN = Path(__file__).parent / "data" / "izakaya"


def played(colors: tuple[str, ...], events: list[dict]) -> Z.IzakayaState:
    state = Z.new_game(colors)
    for data in events:
        state = Z.apply(state, codec.event_from_json(data))
    return state


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.json")), ids=lambda p: p.stem)
def test_rulebook_examples(path: Path) -> None:
    case = json.loads(path.read_text("utf-8"))
    state = Z.new_game(case["colors"])
    if "prices" in case:
        state = replace(state, prices=tuple(case["prices"][c] for c in state.stock))
    if "bottles" in case:
        state = replace(state, bottles=tuple((tuple(p), c) for p, c in case["bottles"]))
    if "buildings" in case:
        state = replace(
            state,
            buildings=tuple(
                Building(tuple(b["plot"]), 0, b["owner"], b["floors"]) for b in case["buildings"]
            ),
        )
    for data in case.get("events", []):
        state = Z.apply(state, codec.event_from_json(data))
    want = case["expect"]
    if "payouts" in want:
        assert [Z.building_sum(state, b).payout for b in state.buildings] == want["payouts"]
        assert [Z.building_sum(state, b).bottles for b in state.buildings] == want["sums"]
    if "order" in want:
        assert [state.colors[s] for s in state.order] == want["order"]
    if "last_round" in want:
        assert state.last_round == want["last_round"]


def test_setup_by_player_count() -> None:
    for n, size, blocked in ((2, 3, ((1, 1),)), (3, 3, ((1, 1),)), (4, 4, ()), (5, 5, ())):
        state = Z.new_game(("red", "blue", "green", "yellow", "black")[:n])
        assert (state.grid.size, state.grid.blocked) == (size, blocked)
        assert state.cash == (1000,) * n
        assert state.prices == (100, 100, 200, 200, 300, 300)
        assert state.trigger == {2: 1500, 3: 2300, 4: 3000, 5: 4000}[n]
    with pytest.raises(ValueError):
        Z.new_game(("red",))


def test_bottles_fill_four_card_intersections_first_and_never_an_outer_corner() -> None:
    state = Z.apply(Z.new_game(("red", "blue")), Z.Bids((0, 0)))
    assert "4-card" in str(Z.why_not(state, Z.Bottle("black", (0, 1))))
    assert "two or four" in str(Z.why_not(state, Z.Bottle("black", (0, 0))))
    assert Z.why_not(state, Z.Bottle("black", (1, 1))) is None
    state = Z.apply(state, Z.Bottle("black", (1, 1)))
    assert "already has a disc" in str(Z.why_not(state, Z.Bottle("black", (1, 2))))
    assert "already has a bottle" in str(Z.why_not(state, Z.Bottle("mint", (1, 1))))


def test_claims_one_player_per_plot_and_not_the_blue_centre() -> None:
    state = Z.apply(Z.new_game(("red", "blue", "green")), Z.Bids((0, 0, 0)))
    assert "cannot be used" in str(Z.why_not(state, Z.Claim(("v", 1, 1), (1, 1))))
    assert "beside the disc" in str(Z.why_not(state, Z.Claim(("v", 1, 1), (2, 2))))
    claimer = state.colors[state.current]
    state = Z.apply(state, Z.Claim(("v", 1, 1), (1, 0)))
    refusal = Z.why_not(state, Z.Claim(("h", 1, 0), (1, 0)))
    assert refusal is not None and refusal.params["player"] == claimer
    assert "own plots" in str(Z.why_not(state, Z.Build((1, 0), 2)))


def test_a_line_of_three_discs_gives_a_free_piece_with_four_players() -> None:
    state = Z.apply(Z.new_game(("red", "blue", "green", "yellow")), Z.Bids((0, 0, 0, 0)))
    red = state.current
    plots = [(0, 0), (1, 0), (2, 0)]
    for k, plot in enumerate(plots):
        state = Z.apply(state, Z.Claim(("v", k, 1), plot))
        assert state.free_piece == (k == 2)
        if k < 2:
            for _other in range(3):
                state = Z.apply(state, Z.Pass())
    assert state.current == red
    assert "free piece" in str(Z.why_not(state, Z.Adjust("blue", "black")))
    state = Z.apply(state, Z.Build((2, 0), 1))
    assert not state.free_piece and state.current != red


def test_price_adjustment_once_a_phase_and_never_below_zero() -> None:
    state = Z.apply(Z.new_game(("red", "blue")), Z.Bids((0, 0)))
    state = Z.apply(state, Z.Adjust("black", "purple"))
    assert state.price("black") == 0 and state.price("purple") == 400
    assert "already been adjusted" in str(Z.why_not(state, Z.Adjust("mint", "red")))
    fresh = Z.apply(Z.new_game(("red", "blue")), Z.Bids((0, 0)))
    fresh = replace(fresh, prices=(0, *fresh.prices[1:]))
    assert "no coin" in str(Z.why_not(fresh, Z.Adjust("black", "red")))


def test_ties_go_to_who_kept_most_of_their_starting_yen() -> None:
    state = Z.new_game(("red", "blue"))
    state = replace(state, phase="over", cash=(1500, 1500), kept=(600, 900))
    ranked = Z.result(state).players
    assert [p.color for p in ranked] == ["blue", "red"] and [p.rank for p in ranked] == [1, 2]


# --- invariants ---------------------------------------------------------------------------


def _legal_events(state: Z.IzakayaState) -> list[Z.Event]:
    if state.phase == "bidding":
        return []
    out: list[Z.Event] = [Z.Pass()]
    for color in state.stock:
        out += [Z.Bottle(color, p) for p in state.grid.points()]
        out += [Z.Adjust(color, other) for other in state.stock]
    for edge in state.grid.edges():
        out += [Z.Claim(edge, plot) for plot in state.grid.sides(edge)]
    for plot, _owner in state.claims:
        out += [Z.Build(plot, f, slot) for f in (1, 2, 3, 4) for slot in (0, 1)]
    return [e for e in out if Z.why_not(state, e) is None]


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 5), data=st.data())
def test_money_conserved_prices_never_negative_end_fires_once(
    players: int, data: st.DataObject
) -> None:
    state = Z.new_game(("red", "blue", "green", "yellow", "black")[:players])
    triggered = 0
    for _step in range(400):
        if state.phase == "over":
            break
        if state.phase == "bidding":
            bids = tuple(
                data.draw(st.integers(0, state.cash[s] // 100)) * 100 for s in range(players)
            )
            before = state.last_round
            state = Z.apply(state, Z.Bids(bids))
            triggered += before is None and state.last_round is not None
        else:
            state = Z.apply(state, data.draw(st.sampled_from(_legal_events(state))))
        assert Z.money_in_play(state) == state.from_bank
        assert min(state.prices) >= 0 and min(state.cash) >= 0
        assert triggered <= 1
    if state.phase == "over":
        assert triggered == 1 and state.round == state.last_round
        assert Z.why_not(state, Z.Pass()) is not None
