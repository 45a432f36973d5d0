"""NEXT STATION TOKYO's pure core: the seeded deck and its rounds, the score pad, the codec."""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.codec import CodecError
from companion.data import load_orange_cards, load_station_deck
from companion.nextstation import (
    Card,
    Deck,
    DeckError,
    EndRound,
    Finish,
    IllegalMove,
    NextStationSetup,
    Reveal,
    Score,
    Sheet,
    apply,
    codec,
    new_game,
    parse_deck,
    ranking,
    total,
    why_not,
)
from companion.nextstation.deck import deck_data
from companion.nextstation.scoring import parts

GOLDEN = Path(__file__).parent / "data" / "nextstation" / "scoring.json"
DECK = load_station_deck()


def game(seed=1, deck=DECK, players=("red", "blue"), **kw):
    return new_game(NextStationSetup(players, seed, deck, **kw))


def play_round(state):
    while state.phase == "reveal":
        state = apply(state, Reveal())
    return state


def seed_where(first_key):
    """A seed whose first round opens with this card."""
    for seed in range(10_000):
        if game(seed).order[0] == [c.key for c in DECK.cards].index(first_key):
            return seed
    raise AssertionError(first_key)


@st.composite
def decks(draw):
    """Decks of 5 to 11 cards with at least five greens (an owner may correct the file so)."""
    greens = draw(st.integers(5, 11))
    pinks = draw(st.integers(0, 11 - greens))
    cards = [Card(f"g{i}", "circle", "green") for i in range(greens)]
    cards += [Card(f"p{i}", "square", "pink") for i in range(pinks)]
    return Deck(tuple(cards), DECK.lines)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), deck=st.one_of(st.just(DECK), decks()))
def test_a_round_ends_exactly_at_the_fifth_green_card(seed, deck):
    state = game(seed, deck)
    for round_index in range(4):
        assert state.round == round_index and state.shown == 0
        while state.phase == "reveal":
            assert state.greens < 5
            state = apply(state, Reveal())
        assert state.phase == "round-end"
        assert state.greens == 5 and state.card.green
        greens_at = [k for k, i in enumerate(state.order) if deck.cards[i].green]
        assert state.shown == greens_at[4] + 1
        assert 5 <= state.shown <= len(deck.cards)
        assert why_not(state, Reveal()) is not None
        state = apply(state, EndRound())
    assert state.phase == "scoring"


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_the_same_seed_turns_the_same_cards_and_rounds_differ(seed):
    a, b = play_round(game(seed)), play_round(game(seed))
    assert a.revealed == b.revealed
    assert sorted(game(seed).order) == list(range(11))


def test_rounds_are_shuffled_again():
    state = game(3)
    orders = set()
    for _ in range(4):
        orders.add(state.order)
        state = apply(play_round(state), EndRound())
    assert len(orders) > 1


def test_doble_carril_as_the_first_card_is_ignored_but_counts_as_green():
    state = apply(game(seed_where("green-double")), Reveal())
    assert state.card.special == "double"
    assert state.ignored
    assert state.greens == 1
    state = apply(state, Reveal())
    assert not state.ignored


def test_doble_carril_later_in_the_round_is_not_ignored():
    for seed in range(200):
        state = game(seed)
        while state.phase == "reveal":
            state = apply(state, Reveal())
            if state.card.special == "double" and state.shown > 1:
                assert not state.ignored
                return
    raise AssertionError("no seed turns Doble carril after the first card")


def test_orange_card_applies_to_cards_sharing_the_first_cards_symbol():
    state = game(5, oranges=load_orange_cards())
    assert state.orange is not None
    state = apply(state, Reveal())
    first = state.card
    assert state.orange_applies == (first.symbol != "none")
    while state.phase == "reveal":
        state = apply(state, Reveal())
        same = state.card.symbol == first.symbol and first.symbol != "none"
        assert state.orange_applies == same
    assert game(5).orange is None


def test_events_out_of_turn_are_refused():
    state = game()
    assert isinstance(why_not(state, EndRound()), IllegalMove)
    assert isinstance(why_not(state, Score(0, Sheet())), IllegalMove)
    with pytest.raises(IllegalMove):
        apply(state, Finish())
    for _ in range(4):
        state = apply(play_round(state), EndRound())
    assert why_not(state, Reveal()) is not None
    assert why_not(state, Finish()) is not None  # nobody scored yet
    assert why_not(state, Score(2, Sheet())) is not None
    bad = Sheet(lines=((14, 1),) * 4)
    assert why_not(state, Score(0, bad)).field == "sheet.lines[0]"
    assert why_not(state, Score(0, Sheet(objectives=1))).field == "sheet.objectives"
    state = apply(apply(state, Score(0, Sheet())), Score(1, Sheet(corners=1)))
    state = apply(state, Finish())
    assert state.phase == "over"
    assert [s.player for s in state.standings] == [1, 0]


@pytest.mark.parametrize("case", json.loads(GOLDEN.read_text())["cases"], ids=lambda c: c["name"])
def test_score_pad_golden(case):
    sheet = codec.SHEETS.decode(case["sheet"])
    assert list(parts(sheet)) == case["parts"]
    assert total(sheet) == case["total"]


def test_ranking_states_ties_as_ties():
    sheets = [Sheet(corners=1), Sheet(corners=2), Sheet(corners=1), Sheet()]
    standings = ranking(sheets)
    assert [(s.place, s.player, s.tied) for s in standings] == [
        (1, 1, False),
        (2, 0, True),
        (2, 2, True),
        (4, 3, False),
    ]


def test_players_one_to_eight():
    assert game(players=("red",)).sheets == (None,)
    with pytest.raises(IllegalMove):
        game(players=())
    with pytest.raises(IllegalMove):
        game(players=("red",) * 9)


def test_setup_and_events_round_trip_as_json():
    setup = NextStationSetup(("red", "blue"), 42, DECK, load_orange_cards(), True)
    data = json.loads(json.dumps(codec.setup_to_json(setup)))
    assert codec.setup_from_json(data) == setup
    for event in (Reveal(), EndRound(), Score(1, Sheet(lines=((5, 3),) * 4)), Finish()):
        assert codec.event_from_json(json.loads(json.dumps(codec.event_to_json(event)))) == event
    with pytest.raises(CodecError, match="sheet"):
        codec.event_from_json({"type": "score", "player": 0, "sheet": {"corners": "x"}})
    data["deck"]["card"][0]["symbol"] = "hexagon"
    with pytest.raises(CodecError, match=r"deck\.card\[0\]\.symbol"):
        codec.setup_from_json(data)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d.update(format="x"), "format"),
        (lambda d: d["card"][2].update(background="blue"), "card[2].background"),
        (lambda d: d["card"][3].update(special="teleport"), "card[3].special"),
        (lambda d: d["card"][1].update(key="green-circle"), "card[1].key"),
        (lambda d: d["card"][0].update(special="wild"), "card[0].symbol"),
        (lambda d: d.update(lines=["blue", "red"]), "lines"),
        (lambda d: d.update(lines=["blue", "red", "pink", "black"]), "lines[2]"),
        (lambda d: [c.update(background="pink") for c in d["card"]], "card"),
        (lambda d: d.update(card=[]), "card"),
    ],
)
def test_a_bad_deck_names_its_field(change, field):
    data = deck_data(DECK)
    change(data)
    with pytest.raises(DeckError) as err:
        parse_deck(data)
    assert err.value.field == field
