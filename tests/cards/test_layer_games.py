"""Hearts and Spades on the general trick layer: the layer's promises hold for them, and their
shortcuts (the four-seat `play_card`, the first trick of Hearts) make the layer's very moves."""

from __future__ import annotations

from collections.abc import Iterator
from random import Random
from typing import Any

import pytest

import parlour
from parlour.cards import DECK_52, SPADES, SUIT_MASKS
from parlour.cards.contract_state import ContractTrickState
from parlour.cards.seeded_deals import SeededDealState
from parlour.core import CHANCE
from parlour.games.hearts.rules import HeartsState
from parlour.games.spades.rules import SpadesState

GAMES = ("hearts", "spades")


def _positions(name: str, games: int = 3) -> Iterator[Any]:
    """Every position of a few seeded games of random play (Spades with the mercy rule)."""
    game = parlour.load_game(name, **({"mercy": True} if name == "spades" else {}))
    rng = Random(7)
    for seed in range(games):
        state = game.new_state(seed=seed)
        while not state.is_terminal:
            yield state
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("name", GAMES)
def test_the_state_is_a_layer_state_with_the_games_table(name: str) -> None:
    state = parlour.load_game(name).new_state(seed=1)
    assert isinstance(state, ContractTrickState)
    assert isinstance(state, SeededDealState)
    assert state.seating.active == (0, 1, 2, 3)
    assert state.seating.trick_size == 4
    for card in range(64):
        expected = DECK_52 & SUIT_MASKS[card >> 4] if DECK_52 >> card & 1 else 0
        assert state.contract.follow[card] == expected, card


def test_hearts_has_no_trump_and_each_seat_plays_alone() -> None:
    state = parlour.load_game("hearts").new_state(seed=1)
    assert state.contract.trumps == 0
    assert state.teams.side == (0, 1, 2, 3)
    assert state.teams.partners(0) == ()


def test_spades_trumps_spades_in_partnerships_known_from_the_start() -> None:
    state = parlour.load_game("spades").new_state(seed=1)
    assert state.contract.trumps == SUIT_MASKS[SPADES]
    assert state.teams.partners(0) == (2,)
    assert state.teams.partners(3) == (1,)
    assert state.teams.known_to(1) == (0, 1, 0, 1)


@pytest.mark.parametrize("name", GAMES)
def test_led_cards_are_the_suit_led_and_nothing_when_leading(name: str) -> None:
    seen = 0
    for state in _positions(name, games=1):
        if state.trick:
            assert state.led_cards == SUIT_MASKS[state.trick[0] >> 4]
            seen += 1
        else:
            assert state.led_cards == 0
    assert seen > 50


@pytest.mark.parametrize("name", GAMES)
def test_the_layers_legal_cards_are_the_games_past_the_first_trick(name: str) -> None:
    """Hearts adds its first trick (the 2♣, no point card); past it, and in all of Spades, the
    cards a seat may play are the layer's `compute_legal_mask`."""
    checked = 0
    for state in _positions(name):
        if not state.in_card_play() or (name == "hearts" and not state.tricks):
            continue
        assert ContractTrickState.compute_legal_mask(state) == state.legal_mask()
        checked += 1
    assert checked > 300


@pytest.mark.parametrize("name", GAMES)
def test_the_four_seat_play_makes_the_layers_moves(name: str) -> None:
    """`play_card` of Hearts and Spades (`TrickState`'s) leaves the very state the layer's
    seating-and-contract `play_card` does, events included, on every card of a few games."""
    checked = 0
    for state in _positions(name, games=2):
        if not state.in_card_play():
            continue
        card = state.legal_actions()[0].card
        ours, layers = state.clone(), state.clone()
        ours._legal = layers._legal = -1
        ours.play_card(card)
        ContractTrickState.play_card(layers, card)
        assert ours._snapshot() == layers._snapshot()
        assert ours.events == layers.events
        checked += 1
    assert checked > 200


@pytest.mark.parametrize("name", GAMES)
def test_each_deal_starts_from_the_games_deal_stream(name: str) -> None:
    """`SeededDealState` records each deal as the game's `Deal` of `deal_hands(seed, n)`."""
    game = parlour.load_game(name)
    state = game.new_state(seed=3)
    kind = type(state)
    rng = Random(0)
    while state.deal_number < 2:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    deals = [m.action for m in state.history if m.player == CHANCE]
    assert [type(d) for d in deals] == [kind.deal_class] * 3
    assert [list(d.hands) for d in deals] == [game.deal_hands(state.seed, n) for n in range(3)]


@pytest.mark.parametrize("kind", [HeartsState, SpadesState])
def test_a_game_dealing_its_own_way_deals_eagerly(kind: type) -> None:
    """A game class that overrides `deal_hands` gets its deals dealt at once, even quiet."""
    base = kind.dealt_by  # type: ignore[attr-defined]

    class Rigged(base):  # type: ignore[misc, valid-type]
        def deal_hands(self, seed: int, deal: int) -> list[int]:
            return list(reversed(base.deal_hands(self, seed, deal)))

    game = Rigged()
    state = game.new_state(seed=5)
    state.quiet = True
    state._next_deal()
    assert type(state) is kind
    assert state.hands == game.deal_hands(state.seed, 1)
