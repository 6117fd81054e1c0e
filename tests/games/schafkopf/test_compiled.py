"""Schafkopf on the general trick layer: the game's tables, the called Sau as the layer's
restricted card, and the compiled playouts (`cards/_layer.pyx`, no Cython of Schafkopf's own)
cross-checked against the Python loop through `parlour.crosscheck.layer_play`."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

import parlour
from parlour.cards import CARDS_32
from parlour.cards.contract_state import LAYER_PLAY
from parlour.crosscheck import layer_play
from parlour.games.schafkopf import Schafkopf, SchafkopfState
from parlour.games.schafkopf.notation import parse_schafkopf_card
from parlour.games.schafkopf.play_tables import TABLES
from parlour.games.schafkopf.tables import FOLLOW, TRUMPS, trick_winner
from tests.games.schafkopf.helpers import HANDS_A, RUFSPIEL_EICHEL, deal, legal, say

COMPILED = pytest.mark.skipif(LAYER_PLAY.load() is None, reason="the layer's compiled "
                              "playouts are not built (or PARLOUR_PURE is set)")


def test_each_game_types_layer_tables_are_its_trump_order() -> None:
    """The layer's contract of every game type follows and wins as the game's own tables
    (`tables.FOLLOW`, `TRUMPS`, `trick_winner`, which the rule tests pin)."""
    rng = Random(5)
    for (kind, suit), tables in TABLES.items():
        assert tables.declared is not None and (tables.declared.kind, tables.declared.suit) \
            == (kind, suit)
        order = tables.declared.order
        assert tables.follow == FOLLOW[order] and tables.trumps == TRUMPS[order]
        for _ in range(2000):
            trick = tuple(rng.sample(CARDS_32, 4))
            assert tables.winner(trick) == trick_winner(order, trick), (tables.title, trick)


def test_the_called_sau_is_the_restricted_card_until_its_suit_is_searched() -> None:
    state = deal(HANDS_A, *RUFSPIEL_EICHEL)
    sau = parse_schafkopf_card("EA")
    assert state.restricted == 1 << sau and not state.searched()
    assert state.teams.knowledge == "hidden" and state.teams.known_to(2)[1] is None
    say(state, "E7")
    assert legal(state) == {"EA"}  # the Sau must fall: the layer asked the game's rule
    say(state, "EA")
    assert state.revealed and state.teams.known_to(2)[1] == state.teams.side[0]
    say(state, "H7", "EK")
    assert state.restricted == 0 and state.searched()


def test_a_solo_has_no_restricted_card_and_fixed_sides() -> None:
    state = deal(HANDS_A, "spiel", "weiter", "weiter", "weiter", "wenz",
                 "weiter", "weiter", "weiter")
    assert state.restricted == 0 and state.contract.title == "Wenz"
    assert state.teams.knowledge == "fixed" and state.teams.side == (1, 0, 0, 0)


@COMPILED
@pytest.mark.parametrize(("params", "playouts"), [
    ({}, 300), ({"all_pass": "ramsch"}, 250), ({"kontra_round": "after-lead"}, 250),
    ({"kontra": False, "deals": 2}, 200)])
def test_the_compiled_playouts_make_the_python_loops_moves(params: dict[str, Any],
                                                           playouts: int) -> None:
    """1,000 playouts in all, from states a seed-drawn number of moves in, to the deal's end
    or the game's, compiled against the Python loop move for move."""
    assert LAYER_PLAY.applies(SchafkopfState)
    done = layer_play.crosscheck(parlour.load_game("schafkopf", **params), range(playouts))
    assert done.playouts == playouts and done.games_over > playouts // 4
    assert done.moves > playouts * 20


class Counting(SchafkopfState):
    """Counts the times the called Sau's rule is asked."""

    __slots__ = ()
    asked: list[int] = [0]  # noqa: RUF012 (a counter for the test)

    def restricted_legal_mask(self) -> int:
        Counting.asked[0] += 1
        return super().restricted_legal_mask()


class CountingSchafkopf(Schafkopf):
    state_class = Counting


@COMPILED
def test_the_compiled_playouts_ask_the_games_rule_for_the_called_sau() -> None:
    assert LAYER_PLAY.applies(Counting)  # an override of a method it calls is honoured
    game = CountingSchafkopf()
    Counting.asked[0] = 0
    for seed in range(40):
        state = game.new_state(seed=seed)
        state.quiet = True
        state.play_random(None, Random(seed).random)
        assert state.is_terminal
    assert Counting.asked[0] > 5


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
    game = parlour.load_game("schafkopf", deals=1, all_pass="ramsch")
    for spec in ("ismcts:iterations=20,rollout=random", "pimc:worlds=2,rollout=random"):
        calls[0] = 0
        record = parlour.Match(game, [spec, "random", "random", "random"], seed=3).run()
        assert record.result.complete and not record.faults and calls[0] > 20, spec


def test_a_quiet_states_next_deal_is_dealt_on_first_read() -> None:
    """A playout that stops at the deal's end never deals the next one; read, its cards are
    the eager deal's, and its chance move equals (and pickles as) the eager one."""
    import pickle

    game = parlour.load_game("schafkopf")
    loud = game.new_state(seed=9)
    quiet = game.new_state(seed=9)
    quiet.quiet = True
    for state in (loud, quiet):
        state.play_random(1, Random(9).random)
    assert quiet.undealt and not loud.undealt and quiet.deal_number == loud.deal_number == 1
    coming = quiet.history[-1].action
    assert pickle.loads(pickle.dumps(coming)) == loud.history[-1].action
    assert quiet.dealt == loud.dealt and not quiet.undealt
    assert quiet.hands == loud.hands and quiet.observe(0) == loud.observe(0)


def test_the_layer_binding_names_every_method_schafkopfs_card_play_calls() -> None:
    """`LAYER_PLAY` covers Schafkopf's Python twin (its `legal_mask` and the layer's card
    play, up to `_trick_won` and `restricted_legal_mask`, which the kernel calls back)."""
    from tests.core.test_bindings import twin_calls

    reached, _ = twin_calls(LAYER_PLAY, SchafkopfState, Schafkopf)
    assert {"legal_mask", "compute_legal_mask", "play_card"} <= reached
    assert not reached - set(LAYER_PLAY.hooks), reached - set(LAYER_PLAY.hooks)
