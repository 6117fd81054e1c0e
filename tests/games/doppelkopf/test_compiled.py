"""Doppelkopf on the general trick layer: each trump table as the layer's contract, the Re
and Kontra parties as its hidden teams, and the compiled playouts and `Match` step
(`cards/_layer.pyx`, `cards/_layer_step.pyx`, no Cython of Doppelkopf's own) cross-checked
against the Python rules through `parlour.crosscheck`."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

import parlour
from parlour.cards.contract_state import LAYER_PLAY, LAYER_STEP
from parlour.crosscheck import layer_play, layer_steps
from parlour.games.doppelkopf import DokoState, Doppelkopf
from parlour.games.doppelkopf.actions import CALL, GESUND, Play
from parlour.games.doppelkopf.cards import face_mask, parse_face, twin
from parlour.games.doppelkopf.rules import KARO_ASSE, KREUZ_DAMEN, RE
from tests.games.doppelkopf.helpers import ALL_GESUND, deal, play

GESUND_CALL = CALL[GESUND]
COMPILED = pytest.mark.skipif(LAYER_PLAY.load() is None or LAYER_STEP.load() is None,
                              reason="the layer's compiled code is not built (or PARLOUR_PURE)")

def test_the_parties_are_the_layers_hidden_teams_shown_by_a_kreuz_dame() -> None:
    state = play(deal(), *ALL_GESUND)
    assert state.teams.knowledge == "hidden" and state.teams.side[0] == state.teams.side[1] == RE
    assert state.teams.known_to(2) == (None, None, state.teams.side[2], None)
    play(state, "Q♣")
    assert state.teams.known_to(2)[0] == RE and state.teams.known_to(2)[1] is None


def test_a_seat_holding_a_card_that_shows_something_plays_in_python() -> None:
    """`in_card_play` inside the announcement window's close: False for the holder of a
    Kreuz-Dame that would show Re and for the Schweinchen's holder before it is shown (their
    card tells the table at once), True for every other seat. (Normal games in which nobody
    announces: the parties stay hidden until the Kreuz-Damen fall.)"""
    game = parlour.load_game("doppelkopf", deals=1, tournament=False, schweinchen=True)
    seen = {"kreuz-dame": 0, "schweinchen": 0, "cards only": 0}
    for seed in range(60):
        state, rng = game.new_state(seed=seed), Random(seed)
        while not state.is_terminal:
            if state.announcements_closed_this_trick():
                seat, hand = state.current, state.hands[state.current]  # type: ignore[index]
                queen = bool(hand & KREUZ_DAMEN) and state.kind in ("normal", "stille hochzeit") \
                    and state.shown[seat] is None  # type: ignore[index]
                pig = bool(hand & KARO_ASSE) and seat == state.schwein and not state.schwein_shown
                assert state.in_card_play() is not (queen or pig)
                seen["kreuz-dame" if queen else "schweinchen" if pig else "cards only"] += 1
            else:
                assert not state.in_card_play()
            moves = [m for m in state.legal_actions() if isinstance(m, Play) or m == GESUND_CALL]
            state.apply(moves[rng.randrange(len(moves))])
    assert min(seen.values()) > 0, seen


def test_the_layer_plays_the_copy_held_and_names_the_face() -> None:
    """Two copies, one action (`twin_copies`): seat 0 holds the Karo-Ass twice, 12 cards of
    11 faces; playing it plays the first copy, and the event names the face."""
    hands = ["Q♣ 10♥ Q♠ J♣ A♦ A♦ 10♦ A♣ 10♣ K♣ A♠ 9♠", "Q♣ 10♥ Q♥ J♠ K♦ 9♦ A♣ 10♣ K♠ 9♠ K♥ 9♥",
             "Q♠ Q♥ Q♦ J♣ J♥ A♥ 9♣ K♣ A♠ 10♠ A♥ K♥", "Q♦ J♠ J♥ J♦ J♦ 10♦ K♦ 9♦ 9♣ 10♠ K♠ 9♥"]
    state = play(deal(hands), *ALL_GESUND)
    assert state.legal_mask().bit_count() == 12
    assert len([m for m in state.legal_actions() if isinstance(m, Play)]) == 11
    ace = parse_face("A♦")
    play(state, "A♦")
    assert state.trick == (ace,) and state.hands[0] >> twin(ace) & 1
    assert state.events[-1].describe() == "seat 0 plays A♦"
    assert state.hands[0] & face_mask(ace) == 1 << twin(ace)
    play(state, "K♦", "Q♦", "J♦")
    assert state.tricks[-1] == (0, (ace, parse_face("K♦"), parse_face("Q♦"), parse_face("J♦")), 2)


@COMPILED
def test_the_compiled_code_applies_to_doppelkopf() -> None:
    assert LAYER_PLAY.applies(DokoState) and LAYER_STEP.applies(DokoState)
    assert all(isinstance(spec, str) for spec in layer_steps.LAYER_GAMES)
    assert sum(spec.startswith("doppelkopf") for spec in layer_steps.LAYER_GAMES) >= 2


@COMPILED
@pytest.mark.parametrize(("params", "playouts"), [
    ({"deals": 1, "tournament": False}, 300),
    ({"deals": 4}, 200),
    ({"deals": 2, "tournament": False, "with_nines": False, "armut": True,
      "schweinchen": True, "second_dulle": "except_last_trick"}, 300),
    ({"deals": 2, "tournament": False, "second_dulle": "always",
      "solo_types": "damensolo,herzsolo,fleischloser"}, 200)])
def test_the_compiled_playouts_make_the_python_loops_moves(params: dict[str, Any],
                                                           playouts: int) -> None:
    """1,000 playouts in all, from states a seed-drawn number of moves in, to the deal's end
    or the game's, compiled against the Python loop move for move."""
    done = layer_play.crosscheck(parlour.load_game("doppelkopf", **params), range(playouts))
    assert done.playouts == playouts and done.games_over > playouts // 4
    assert done.moves > playouts * 30


@COMPILED
def test_search_with_random_playouts_runs_the_compiled_playouts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    layer = LAYER_PLAY.load()
    calls = [0]
    play_out = layer.play_out

    def counted(*args: Any) -> None:
        calls[0] += 1
        play_out(*args)

    monkeypatch.setattr(layer, "play_out", counted)
    game = parlour.load_game("doppelkopf", deals=1, tournament=False)
    for spec in ("ismcts:iterations=20,rollout=random", "pimc:worlds=2,rollout=random"):
        calls[0] = 0
        record = parlour.Match(game, [spec, "random", "random", "random"], seed=3).run()
        assert record.result.complete and not record.faults and calls[0] > 20, spec


def test_the_layer_binding_names_every_method_doppelkopfs_card_play_calls() -> None:
    from tests.core.test_bindings import twin_calls

    reached, _ = twin_calls(LAYER_PLAY, DokoState, Doppelkopf)
    assert {"legal_mask", "compute_legal_mask", "play_card"} <= reached
    assert not reached - set(LAYER_PLAY.hooks), reached - set(LAYER_PLAY.hooks)


def test_a_random_round_plays_alike_with_and_without_the_compiled_step() -> None:
    """The whole round from the first decision: `play_random` (compiled where it applies)
    and the plain Python loop make the same moves to the same scores."""
    game = parlour.load_game("doppelkopf", deals=4)
    fast, slow = game.new_state(seed=11), game.new_state(seed=11)
    fast.quiet = slow.quiet = True
    fast.play_random(None, Random(5).random)
    parlour.core.State.play_random(slow, None, Random(5).random)
    assert fast.history == slow.history and fast.totals == slow.totals
