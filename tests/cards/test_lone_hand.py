"""A game written on the general trick layer (tests/cards/lone_hand.py) with no card-play code:
it passes the conformance suite, and the layer plays its bowers, lone hands and sides."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from parlour.cards import CARD, Card, parse_card
from parlour.cards.contract_state import LAYER_PLAY
from parlour.core import registry
from parlour.crosscheck import Divergence, layer_play
from parlour.testing import conformance_suite
from tests.cards.lone_hand import (
    CARDS,
    CONTRACTS,
    PLAY,
    Deal,
    LoneHand,
    LoneHandState,
    TrickTaken,
)


@pytest.fixture(autouse=True, scope="module")
def _registered() -> Iterator[None]:
    """Records re-simulate by game id: register Lone Hand for this module only."""
    loaded, aliases = dict(registry._LOADED), dict(registry._ALIASES)
    registry.register_game(LoneHand)
    yield
    registry._LOADED.clear()
    registry._LOADED.update(loaded)
    registry._ALIASES.clear()
    registry._ALIASES.update(aliases)


TestConformance = conformance_suite(
    [LoneHand(), LoneHand(players=3), LoneHand(players=5, deals=3), LoneHand(players=6)],
    scale=0.2)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_seat_sitting_out_never_plays_and_keeps_its_cards(players: int) -> None:
    game = LoneHand(players=players, deals=2)
    for seed in range(20):
        state = game.new_state(seed=seed)
        while not state.is_terminal:
            out = state.seating.sitting_out
            assert (out != 0) == (state.deal % 2 == 1)
            if out:
                seat = out.bit_length() - 1
                assert state.current != seat
                assert state.hands[seat].bit_count() == state.hand_size
            state.apply(state.legal_actions()[seed % len(state.legal_actions())])
        taken = [e for e in state.events if isinstance(e, TrickTaken)]
        assert [len(e.cards) for e in taken] == [players] * state.hand_size + [
            players - 1] * state.hand_size


def cards_of_text(text: str) -> list[int]:
    """The cards of `text` in its order (``"A♥ J♦"``)."""
    return [parse_card(word) for word in text.split(" ")]


def test_the_left_bower_takes_the_trump_ace_in_play() -> None:
    game = LoneHand()
    state = game.new_state(seed=1)
    led = cards_of_text("A♥ J♦ 9♣ K♥")
    rest = cards_of_text("Q♥ T♥ 9♥ A♣ K♣ Q♣ T♣ A♠ K♠ Q♠ T♠ 9♠ J♠ A♦ K♦ Q♦")
    state.hands = [1 << led[i] | sum(1 << c for c in rest[4 * i:4 * i + 4]) for i in range(4)]
    state.set_contract(CONTRACTS[2])  # hearts
    state.start_tricks(0)
    for card in led:
        state.apply(game.parse_action(str(CARD[card])))
    assert state.tricks[-1] == (0, tuple(led)) and state.leader == state.current == 1


def test_sides_score_together() -> None:
    state = LoneHand(deals=1).new_state(seed=3)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    scores = state.scores()
    assert scores[0] == scores[2] and scores[1] == scores[3]
    assert scores[0] + scores[1] == state.hand_size
    assert isinstance(state.history[0].action, Deal)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_compiled_playouts_make_the_python_loops_moves(players: int) -> None:
    """The layer's compiled playouts (`cards/_layer.pyx`, from the game's tables, no Cython of
    the game's own) against the Python loop: 250 playouts per table size."""
    if LAYER_PLAY.load() is None:
        pytest.skip("the layer's compiled playouts are not built (or PARLOUR_PURE is set)")
    assert LAYER_PLAY.applies(LoneHandState)
    done = layer_play.crosscheck(LoneHand(players=players, deals=3), range(250))
    assert done.playouts == 250 and done.games_over > 50 and done.moves > 250 * 10


def test_a_class_that_plays_cards_its_own_way_keeps_the_python_loop() -> None:
    class Marked(LoneHandState):
        __slots__ = ()

        def play_card(self, card: Card) -> None:
            super().play_card(card)

    assert LAYER_PLAY.kept_by(LoneHandState) and not LAYER_PLAY.kept_by(Marked)


def test_a_playout_divergence_names_the_layer_module(monkeypatch: pytest.MonkeyPatch) -> None:
    if LAYER_PLAY.load() is None:
        pytest.skip("the layer's compiled playouts are not built (or PARLOUR_PURE is set)")
    wrong = {card: PLAY[card] for card in CARDS} | dict.fromkeys(CARDS[1:3], PLAY[CARDS[0]])
    monkeypatch.setattr(LoneHandState, "card_actions", wrong)  # a broken promise
    with pytest.raises(Divergence, match=r"^test.lonehand seed \d+, .*: history\[\d+\]\[1\]: "
                       r".* in src/parlour/cards/_layer.pyx, .* in the Python rules$"):
        layer_play.crosscheck(LoneHand(), range(20))
