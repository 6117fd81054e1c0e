"""The compiled Hearts heuristic (`_heuristic.pyx`) against the Python agent, and when it plays.

`parlour.crosscheck.hearts_heuristic.crosscheck` compares every decision of 1,000 deals (two
rule sets) and the states after whole playouts; the rest checks that `play_compiled` plays only
where the compiled heuristic is the game's own agent on a state the deal kernel fits.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from random import Random
from typing import Any, ClassVar

import pytest

from parlour import compiled_switch, load_game
from parlour.games.hearts import heuristic_playouts
from parlour.games.hearts.bots import HeartsHeuristic
from parlour.games.hearts.rules import Hearts, HeartsState

needs_compiled = pytest.mark.skipif(
    heuristic_playouts.COMPILED is None
    and (compiled_switch.forced_pure() or not os.environ.get("CI")),
    reason="the compiled heuristic is not built (CI must build it) or PARLOUR_PURE is set")


@needs_compiled
@pytest.mark.parametrize(("spec", "seeds"), [
    ("hearts", range(500)),
    ("hearts:jack_of_diamonds=true,moon=subtract,queen_breaks_hearts=true",
     range(500, 1000)),
])
def test_the_compiled_heuristic_decides_as_the_agent_at_every_decision(
        spec: str, seeds: range) -> None:
    from parlour.crosscheck.hearts_heuristic import crosscheck

    done = crosscheck(load_game(spec), seeds)
    assert done.deals == len(seeds)
    assert done.passes == 12 * len(seeds) and done.plays == 52 * len(seeds)
    assert done.playouts >= len(seeds) and done.whole_games == len(seeds) // 10
    assert done.games_over > 0
    for rule in ("lead_safely", "flush_the_queen", "dump_the_queen", "take_points_from_the_shooter",
                 "keep_points_from_the_shooter", "lead_to_stop_the_moon", "lead_for_the_moon",
                 "pass_the_unguarded_queen", "pass_to_void_a_suit"):
        assert done.rules[rule] > 0, rule


@needs_compiled
def test_a_mismatch_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    from parlour.crosscheck import Divergence, hearts_heuristic

    class Liar(hearts_heuristic.HeartsHeuristic):
        def act(self, observation: Any) -> Any:
            legal = observation.legal_actions
            return legal[-1] if observation.phase == "play" else super().act(observation)

    monkeypatch.setattr(hearts_heuristic, "HeartsHeuristic", Liar)
    with pytest.raises(Divergence, match=r"^hearts seed 0, move 0 \(after a playout to the "
                       r"end\): state field results\[0\]\[0\]: 3 in "
                       r"src/parlour/games/hearts/_heuristic.pyx, 0 in the Python rules$"):
        hearts_heuristic.crosscheck(load_game("hearts"), range(3))


class OwnPlay(HeartsState):
    __slots__ = ()

    def observe(self, seat: int) -> Any:  # a hook the heuristic's view goes through
        return super().observe(seat)


class OwnPoints(Hearts):
    def card_points(self, taken: int) -> int:
        return 2 * super().card_points(taken)


class OwnHeuristic(Hearts):
    agents: ClassVar[Mapping[str, str]] = {
        **Hearts.agents, "heuristic": "parlour.games.hearts.bots_v1:HeartsHeuristic"}


@needs_compiled
def test_play_policy_plays_the_heuristic_only_where_the_kernel_is_that_agent() -> None:
    game = load_game("hearts")
    state = game.new_state(seed=4)
    assert not state.play_compiled("heuristic", 1)  # events on: not a search playout
    quiet = state.clone(quiet=True)
    assert not quiet.play_compiled("random", 1) and not quiet.play_compiled("heuristic-v1", 1)
    assert quiet.deal_number == 0 and len(quiet.history) == len(state.history)
    assert quiet.play_compiled("heuristic", 1) and quiet.deal_number == 1
    for other in (OwnPoints(), OwnHeuristic()):
        world = other.new_state(seed=4).clone(quiet=True)
        assert not world.play_compiled("heuristic", 1)
    own = state.clone(quiet=True)
    own.__class__ = OwnPlay
    assert not own.play_compiled("heuristic", 1)


@needs_compiled
def test_play_policy_stops_at_the_deal_asked_or_the_end() -> None:
    state = load_game("hearts").new_state(seed=2).clone(quiet=True)
    assert state.play_compiled("heuristic", 2) and state.deal_number == 2
    assert state.play_compiled("heuristic", None) and state.is_terminal
    assert state.play_compiled("heuristic", None)  # nothing left to play


def test_on_the_pure_path_play_policy_leaves_the_agents_to_play(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(heuristic_playouts, "COMPILED", None)
    monkeypatch.setattr(heuristic_playouts, "_MODES", {})
    state = load_game("hearts").new_state(seed=4).clone(quiet=True)
    assert not state.play_compiled("heuristic", 1)
    assert state.deal_number == 0


@needs_compiled
@pytest.mark.parametrize("spec", ["pimc:worlds=2", "ismcts:iterations=12,root=ucb"])
def test_search_with_the_default_rollout_plays_the_compiled_heuristic(
        spec: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from parlour.agents.search import ismcts_gate
    from parlour.agents.specs import make_agent

    assert heuristic_playouts.COMPILED is not None
    calls: list[Any] = []
    compiled_heuristic = heuristic_playouts.COMPILED

    class Counting:
        def __getattr__(self, name: str) -> Any:
            return getattr(compiled_heuristic, name)

        def play_deals(self, *args: Any) -> None:
            calls.append(args[1])
            compiled_heuristic.play_deals(*args)

    monkeypatch.setattr(heuristic_playouts, "COMPILED", Counting())
    game = load_game("hearts")
    state = game.new_state(seed=5)
    weighed = HeartsHeuristic(game).candidates
    while state.phase != 1 or len(weighed(state.observe(state.current_player))) < 2:
        state.apply(state.legal_actions()[0])  # to a choice in the card play
    with ismcts_gate.python_loop():  # ISMCTS's own loop: its playouts ask play_compiled
        agent = make_agent(spec, game, state.current_player, Random(1))
        agent.act(state.observe(state.current_player))
    assert calls and set(calls) == {1}  # every playout to the end of the deal, in C


@needs_compiled
def test_the_compiled_pass_plan_passes_as_the_agent_with_rare_hands() -> None:
    """Moon hands and lone queens are rare in random deals: draw hands rich in them."""
    from parlour.games.hearts.bots import moon_hand, pass_plan

    assert heuristic_playouts.COMPILED is not None
    rng = Random(13)
    cards = [(suit << 4) | rank for suit in range(4) for rank in range(2, 15)]
    moons = 0
    for _ in range(1500):
        hearts = [c for c in cards if c >> 4 == 2]
        must = hearts[-3:] if rng.random() < 0.5 else []  # the A K Q of hearts
        extra = rng.sample([c for c in hearts if c not in must], rng.randrange(8))
        rest = rng.sample([c for c in cards if c not in must + extra], 13 - len(must + extra))
        hand = sum(1 << c for c in must + extra + rest)
        moons += moon_hand(hand)
        assert heuristic_playouts.COMPILED.plan_passes(hand) == pass_plan(hand), hex(hand)
    assert moons > 50
