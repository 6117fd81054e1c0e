"""The general trick layer's compiled `Match` step (`cards/_layer_step.pyx`, `LAYER_STEP`): a
game on `ContractTrickState` gets it from its tables with no Cython of its own, move for move
the Python step, restricted cards included; a class that overrides a method it names keeps
its Python."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

import parlour
from parlour.cards import CARD, Card, parse_card
from parlour.cards.contract_state import LAYER_STEP, ContractTrickState
from parlour.cards.seating import Seating
from parlour.cards.trickstate import TrickState
from parlour.core import IllegalActionError, State
from parlour.crosscheck import Divergence, layer_steps
from tests.cards.lone_hand import (
    CALLED_ACE,
    CONTRACTS,
    PLAY,
    CalledAce,
    CalledAceState,
    LoneHand,
    LoneHandState,
)

BUILT = pytest.mark.skipif(LAYER_STEP.load() is None,
                           reason="the layer's compiled step is not built (or PARLOUR_PURE)")


@BUILT
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_compiled_step_makes_the_python_steps_moves(players: int) -> None:
    """Lone Hand (bowers, a seat sitting out on odd deals): about 1,300 positions per table
    size, every field, history entry, event and undo record compared after every move."""
    done = layer_steps.crosscheck(LoneHand(players=players, deals=3), range(30))
    assert done.games == done.games_over == 30
    assert done.cards > 1000 and done.without_undo > 100 and done.undone > 30
    assert done.illegal > 30


@BUILT
@pytest.mark.parametrize("spec", layer_steps.LAYER_GAMES)
def test_every_registered_layer_game_gets_the_compiled_step(spec: str) -> None:
    if spec.split(":")[0] not in {info.id for info in parlour.list_games()}:
        pytest.skip(f"{spec} is not installed here (its own tests cross-check it)")
    done = layer_steps.crosscheck_cards(parlour.load_game(spec))
    assert done.games_over == done.games and done.cards >= 1000


def test_a_hand_holding_a_restricted_card_plays_by_the_games_rule() -> None:
    state = CalledAce().new_state(seed=3)
    ace = parse_card("A♣")
    state.set_contract(CONTRACTS[2])  # hearts trump: A♣ is a plain club
    state.hands = [CALLED_ACE | 1 << parse_card("K♣") | 1 << parse_card("9♠"),
                   1 << parse_card("Q♣"), 1 << parse_card("T♠"), 1 << parse_card("J♠")]
    state.current, state.leader, state.trick = 0, 1, (CARD[parse_card("Q♣")],)
    assert list(state.legal_actions()) == [PLAY[ace]]  # its suit led: the ace itself
    state._legal, state.trick = -1, (CARD[parse_card("T♠")],)
    assert list(state.legal_actions()) == [PLAY[parse_card("9♠")]]  # follows, keeps it
    state._legal, state.trick = -1, (CARD[parse_card("A♥")],)
    assert list(state.legal_actions()) == [PLAY[parse_card("K♣")], PLAY[parse_card("9♠")]]
    state._legal, state.trick = -1, ()
    assert len(state.legal_actions()) == 3  # leading: anything


@BUILT
def test_the_compiled_step_asks_the_game_while_a_restricted_card_is_held() -> None:
    done = layer_steps.crosscheck(CalledAce(), range(40))
    assert done.games_over == 40 and done.cards > 1000


def test_restricted_cards_default_to_none_and_are_kept_by_a_clone() -> None:
    state = LoneHand().new_state(seed=1)
    assert state.restricted == 0
    with pytest.raises(NotImplementedError, match="LoneHandState sets restricted cards"):
        ContractTrickState.restricted_legal_mask(state)
    called = CalledAce().new_state(seed=1)
    assert called.restricted == CALLED_ACE and called.clone().restricted == CALLED_ACE
    called.legal_mask()
    called.set_restricted(0)
    assert called._legal == -1 and called.clone().restricted == 0
    state.init_layer(Seating(4), CONTRACTS[0], restricted=CALLED_ACE)
    assert state.restricted == CALLED_ACE


def test_the_compiled_step_refuses_an_illegal_card_with_the_games_reason() -> None:
    state = LoneHand().new_state(seed=2)
    assert state.current is not None
    held = state.hands[state.current]
    stranger = next(card for card in PLAY if not held >> card & 1)
    with pytest.raises(IllegalActionError, match=f"does not hold {PLAY[stranger]}"):
        state.apply(PLAY[stranger])
    assert not state.history[1:] and not state.can_undo


@BUILT
def test_the_class_reads_compiled_or_this_python_function() -> None:
    legal, apply, without = layer_steps.python_step(LoneHandState)
    assert LAYER_STEP.applies(LoneHandState) and LAYER_STEP.applies(CalledAceState)
    assert LoneHandState.legal_actions.__module__ == "parlour.cards._layer_step"
    assert legal.__qualname__ == "LoneHandState.legal_actions"
    assert (apply, without) == (State.apply, State.apply_unchecked_no_undo)


@BUILT
def test_a_class_that_plays_cards_its_own_way_keeps_the_python_step() -> None:
    played: list[Card] = []

    class Marked(LoneHandState):
        __slots__ = ()

        def play_card(self, card: Card) -> None:
            played.append(card)
            super().play_card(card)

    assert not LAYER_STEP.kept_by(Marked)
    state = Marked(LoneHand(), 5)
    state.start_deal()
    action = state.legal_actions()[0]
    state.apply(action)
    state.apply_unchecked_no_undo(state.legal_actions()[0])
    assert len(played) == 2 and played[0] == action.card  # type: ignore[attr-defined]


@BUILT
def test_the_compiled_step_calls_the_games_trick_hook_in_python() -> None:
    tricks: list[int] = []

    class Counted(LoneHandState):
        __slots__ = ()

        def _trick_won(self, leader: int, cards: tuple[Card, ...], winner: int) -> None:
            tricks.append(winner)
            super()._trick_won(leader, cards, winner)

    assert LAYER_STEP.applies(Counted)
    state = Counted(LoneHand(), 5)
    state.start_deal()
    rng = Random(5)
    while not state.is_terminal:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert len(tricks) == 2 * state.hand_size


@BUILT
def test_a_step_divergence_names_the_field_seed_move_and_kernel_file(
        monkeypatch: pytest.MonkeyPatch) -> None:
    python_rule = ContractTrickState.compute_legal_mask

    def edited(self: ContractTrickState[LoneHand]) -> int:  # a rule edited in Python only
        legal = python_rule(self)
        return legal & -legal if self.trick and len(self.tricks) == 2 else legal

    monkeypatch.setattr(ContractTrickState, "compute_legal_mask", edited)
    with pytest.raises(Divergence, match=r"^test.lonehand seed 0, move \d+ \(after .+\): legal "
                       r"actions.* in src/parlour/cards/_layer_step.pyx, .* in the Python "
                       r"rules$"):
        layer_steps.crosscheck(LoneHand(), range(20))


@BUILT
def test_a_short_undo_record_that_restores_too_little_is_caught(
        monkeypatch: pytest.MonkeyPatch) -> None:
    restore = TrickState.undo_play

    def forgetful(self: TrickState[LoneHand], record: tuple[Any, ...]) -> None:
        trick = self.trick
        restore(self, record)
        self.trick = trick  # the trick is not taken back

    monkeypatch.setattr(TrickState, "undo_play", forgetful)
    with pytest.raises(Divergence, match=r"^test.lonehand seed \d+, move \d+ .*: state field "
                       r"trick.* in src/parlour/cards/_layer_step.pyx, .* in the Python rules$"):
        layer_steps.crosscheck(LoneHand(), range(20))


class _Compiled:
    """A stand-in for a game's own compiled method (not a Python function)."""

    def __init__(self, method: Any) -> None:
        self.method = method

    def __get__(self, state: Any, kind: type) -> Any:
        return self if state is None else self.method.__get__(state, kind)


@BUILT
def test_a_class_with_a_compiled_step_of_its_own_keeps_it() -> None:
    class OwnStep(LoneHandState):
        __slots__ = ()
        legal_actions = _Compiled(LoneHandState.legal_actions)  # type: ignore[assignment]

    OwnStep.layer_class = OwnStep
    state = OwnStep(LoneHand(), 3)
    assert isinstance(OwnStep.__dict__["legal_actions"], _Compiled)
    assert "apply" not in OwnStep.__dict__  # the step stays LoneHandState's
    state.start_deal()
    state.apply(state.legal_actions()[0])
    assert len(state.history) == 2
