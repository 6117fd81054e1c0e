"""The compiled ISMCTS loop (`parlour.agents.search._ismcts`) against the Python loop.

The same seed must give the same search on both: the same decision, the same root statistics
(visits, availability, total value per action) and the generator left in the same state, from
positions across a deal of Hearts and of Spades, for every option the compiled loop covers:
random rollouts, and each game's compiled heuristic (the default ``rollout=auto``) in the
rollouts, as the modelled opponents and (Hearts) as the proposer of the moves weighed.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping
from contextlib import nullcontext
from random import Random
from typing import Any, ClassVar

import pytest

from parlour import compiled_switch, load_game
from parlour.agents.search import ISMCTSAgent, ismcts_gate
from parlour.cards.sampling import deal_constrained
from parlour.core import Observation, ParlourError
from parlour.games.hearts.heuristic_playouts import python_heuristic
from parlour.games.hearts.rules import Hearts
from parlour.games.spades.heuristic_playouts import python_heuristic as python_spades_heuristic
from parlour.games.spades.rules import Spades

compiled_search = compiled_switch.load(ismcts_gate.MODULE)
needs_compiled = pytest.mark.skipif(
    not ismcts_gate.available() and (compiled_switch.forced_pure() or not os.environ.get("CI")),
    reason="the compiled ISMCTS loop is not built (CI must build it) or PARLOUR_PURE is set")


def position(game_id: str, seed: int, cards_played: int) -> tuple[Any, Observation]:
    """The first decision with a choice once `cards_played` cards of the first deal are down
    (random passes, bids and cards before it, so voids show up)."""
    game = load_game(game_id)
    state = game.new_state(seed=seed)
    rng = Random(seed)
    while True:
        seat = state.current_player
        observation = state.observe(seat)
        legal = observation.legal_actions
        if (observation.phase == "play" and len(legal) > 1
                and 4 * len(observation.tricks) + len(observation.trick) >= cards_played):
            return game, observation
        state.apply(legal[rng.randrange(len(legal))])


def searched(game: Any, observation: Observation, compiled: bool, seed: int, **options: Any
             ) -> tuple[Any, ...]:
    """One decision: the action, the root's edges and the generator's state afterwards."""
    with nullcontext() if compiled else ismcts_gate.python_loop():
        rng = Random(seed)
        agent = ISMCTSAgent(game, observation.seat, rng, rollout="random", **options)
        action = agent.act(observation)
        assert agent.report is not None
        return action, agent.report.visits, agent.report.values, rng.getstate()


SETTINGS = [
    {"root": "halving", "iterations": 150},
    {"root": "ucb", "iterations": 150},
    {"root": "halving", "iterations": 90, "opponents": "rollout", "c": 0.7},
    {"root": "ucb", "iterations": 90, "opponents": "rollout", "value": "rank"},
    {"root": "halving", "iterations": 40, "value": "rank", "c": 0.0},
]
POSITIONS = [(game_id, seed, played) for game_id in ("hearts", "spades")
             for seed, played in ((1, 1), (2, 14), (3, 27), (4, 41))]


@needs_compiled
@pytest.mark.parametrize(("game_id", "seed", "played"), POSITIONS)
def test_the_compiled_loop_searches_exactly_as_the_python_loop(
        game_id: str, seed: int, played: int) -> None:
    game, observation = position(game_id, seed, played)
    for i, options in enumerate(SETTINGS):
        agent = ISMCTSAgent(game, observation.seat, Random(0), rollout="random", **options)
        playout = agent.playout
        assert playout is not None
        modelled = agent.modelled_opponents(game, playout) == "rollout"
        assert ismcts_gate.compiled_search(agent, game, playout, observation, modelled), options
        compiled = searched(game, observation, True, seed + i, **options)
        python = searched(game, observation, False, seed + i, **options)
        assert compiled[0] == python[0], options
        assert compiled[1] == python[1], options  # visits per root action
        assert compiled[2] == python[2], options  # mean values, to the last bit
        assert compiled[3] == python[3], options  # the generator, draw for draw


HEURISTIC_SETTINGS: list[dict[str, Any]] = [
    {},  # the default: the heuristic's rollouts, opponents and candidates, sequential halving
    {"root": "ucb", "value": "rank"},
    {"opponents": "tree", "c": 0.7},
    {"moves": "legal"},
    {"opponents": "tree", "moves": "legal", "root": "ucb"},
]


def searched_by_default(game: Any, observation: Observation, compiled: bool, seed: int,
                        **options: Any) -> tuple[Any, ...]:
    """`searched` with the game's default rollout (the heuristic): on the Python loop with
    the Python heuristic throughout."""
    with (nullcontext() if compiled else ismcts_gate.python_loop(),
          nullcontext() if compiled else python_heuristic(),
          nullcontext() if compiled else python_spades_heuristic()):
        rng = Random(seed)
        agent = ISMCTSAgent(game, observation.seat, rng, iterations=60, **options)
        action = agent.act(observation)
        assert agent.report is not None
        return action, agent.report.visits, agent.report.values, rng.getstate()


@needs_compiled
@pytest.mark.parametrize(("seed", "played"), [(1, 1), (2, 14), (3, 27), (6, 20), (7, 9), (8, 33)])
def test_the_compiled_heuristic_search_matches_the_python_loop(seed: int, played: int) -> None:
    game, observation = position("hearts", seed, played)
    for i, options in enumerate(HEURISTIC_SETTINGS):
        agent = ISMCTSAgent(game, observation.seat, Random(0), **options)
        playout = agent.playout
        assert playout is not None and playout.rollout_name == "heuristic"
        modelled = agent.modelled_opponents(game, playout) == "rollout"
        assert modelled == ("opponents" not in options), options
        assert ismcts_gate.compiled_search(agent, game, playout, observation, modelled), options
        compiled = searched_by_default(game, observation, True, seed + i, **options)
        assert compiled == searched_by_default(game, observation, False, seed + i, **options), \
            options


SPADES_HEURISTIC_SETTINGS: list[dict[str, Any]] = [
    {},  # the default: heuristic rollouts and expansions, opponents in the tree, halving
    {"root": "ucb", "value": "rank"},
    {"opponents": "rollout", "c": 0.7},
    {"opponents": "rollout", "root": "ucb"},
]


@needs_compiled
@pytest.mark.parametrize(("seed", "played"), [(1, 1), (2, 14), (3, 27), (6, 20), (7, 40)])
def test_the_compiled_spades_heuristic_search_matches_the_python_loop(seed: int, played: int
                                                                      ) -> None:
    game, observation = position("spades", seed, played)
    for i, options in enumerate(SPADES_HEURISTIC_SETTINGS):
        agent = ISMCTSAgent(game, observation.seat, Random(0), **options)
        playout = agent.playout
        assert playout is not None and playout.rollout_name == "heuristic"
        assert not playout.proposals  # SpadesHeuristic proposes no moves
        modelled = agent.modelled_opponents(game, playout) == "rollout"
        assert modelled == ("opponents" in options), options
        assert ismcts_gate.compiled_search(agent, game, playout, observation, modelled), options
        compiled = searched_by_default(game, observation, True, seed + i, **options)
        assert compiled == searched_by_default(game, observation, False, seed + i, **options), \
            options


@needs_compiled
def test_the_spades_python_heuristic_switch_makes_search_find_no_compiled_policy() -> None:
    game, observation = position("spades", 4, 10)
    agent = ISMCTSAgent(game, observation.seat, Random(0))
    assert agent.playout is not None
    world = game.sample_state(observation, Random(0))
    assert world.compiled_agent("heuristic") is not None
    assert world.compiled_agent("random") is None
    with python_spades_heuristic():
        assert world.compiled_agent("heuristic") is None
        assert world.clone().play_compiled("heuristic", None) is False
        assert ismcts_gate.compiled_search(agent, game, agent.playout, observation, True) is None
    assert ismcts_gate.compiled_search(agent, game, agent.playout, observation, True)


@needs_compiled
def test_a_whole_spades_hand_of_default_ismcts_decisions_matches() -> None:
    game = load_game("spades", target=100)
    histories = []
    for compiled in (True, False):
        with (nullcontext() if compiled else ismcts_gate.python_loop(),
              nullcontext() if compiled else python_spades_heuristic()):
            state = game.new_state(seed=4)
            agents = [ISMCTSAgent(game, seat, Random(seat), iterations=10) for seat in range(4)]
            while not state.is_terminal and state.deal_number < 1:
                seat = state.current_player
                state.apply(agents[seat].act(state.observe(seat)))
        histories.append([str(move.action) for move in state.history])
    assert len(histories[0]) > 52 and histories[0] == histories[1]


@needs_compiled
def test_a_whole_hearts_deal_of_default_ismcts_decisions_matches() -> None:
    game = load_game("hearts", end_score=1, jack_of_diamonds=True)
    histories = []
    for compiled in (True, False):
        with nullcontext() if compiled else ismcts_gate.python_loop():
            state = game.new_state(seed=4)
            agents = [ISMCTSAgent(game, seat, Random(seat), iterations=10) for seat in range(4)]
            while not state.is_terminal:
                seat = state.current_player
                state.apply(agents[seat].act(state.observe(seat)))
        histories.append([str(move.action) for move in state.history])
    assert histories[0] == histories[1]


@needs_compiled
def test_with_modelled_opponents_the_compiled_tree_holds_only_the_searchers_cards() -> None:
    game, observation = position("hearts", 6, 9)
    own = int(observation.hand)  # type: ignore[attr-defined]
    for opponents, expected in (("rollout", True), ("tree", False)):
        agent = ISMCTSAgent(game, observation.seat, Random(0), iterations=200,
                            rollout="random", opponents=opponents)
        assert agent.playout is not None
        compiled = ismcts_gate.compiled_search(agent, game, agent.playout, observation,
                                               opponents == "rollout")
        assert compiled is not None
        tree, _ = ISMCTSAgent(game, observation.seat, Random(0), iterations=1,
                              rollout="random")._search(observation)
        compiled.run(agent, tree, observation, 0.0)
        below = compiled.search.cards_below_root()
        assert below and (not below & ~own) == expected, opponents


@needs_compiled
def test_a_whole_hearts_deal_of_compiled_decisions_matches() -> None:
    game = load_game("hearts", end_score=1, jack_of_diamonds=True)
    for compiled in (True, False):
        with nullcontext() if compiled else ismcts_gate.python_loop():
            state = game.new_state(seed=9)
            agents = [ISMCTSAgent(game, seat, Random(seat), iterations=25, rollout="random")
                      for seat in range(4)]
            while not state.is_terminal:
                seat = state.current_player
                state.apply(agents[seat].act(state.observe(seat)))
        if compiled:
            first = [str(move.action) for move in state.history]
    assert first == [str(move.action) for move in state.history]


class DoubleHearts(Hearts):
    """Every deal's points doubled: a scoring the kernel's memo must not assume."""

    def score_deal(self, taken: Any) -> tuple[tuple[int, ...], int | None]:
        points, shooter = super().score_deal(taken)
        return tuple(2 * p for p in points), shooter


@needs_compiled
def test_a_game_scoring_its_own_way_is_searched_with_its_own_values() -> None:
    game, observation = position("hearts", 8, 20)
    assert game.new_state(seed=1).settle_key() is not None
    double = DoubleHearts()
    assert double.new_state(seed=1).settle_key() is None  # no memo: every playout asks
    for options in SETTINGS[:2]:
        compiled = searched(double, observation, True, 3, **options)
        assert compiled == searched(double, observation, False, 3, **options)
        assert compiled[2] != searched(game, observation, True, 3, **options)[2]


@needs_compiled
def test_the_compiled_generator_draws_what_random_draws() -> None:
    assert compiled_search is not None
    assert compiled_search.reproduces_random()
    mine, theirs = Random(3), Random(3)
    generator = compiled_search.Generator(mine)
    for n in range(1, 60):
        assert generator.randrange(n) == theirs.randrange(n)
        assert generator.random() == theirs.random()
        assert generator.getrandbits(n % 32 + 1) == theirs.getrandbits(n % 32 + 1)
    generator.save(mine)
    assert mine.getstate() == theirs.getstate()


@needs_compiled
@pytest.mark.parametrize("tries", [64, 1, 0])
def test_the_compiled_deal_deals_what_deal_constrained_deals(tries: int) -> None:
    assert compiled_search is not None
    unknown = (1 << 20) - 1 & ~0b1111  # 16 cards
    cases = [
        ([6, 5, 5], [unknown] * 3),  # no constraint: shuffle and cut
        ([6, 5, 5], [unknown & 0x0FFFF, unknown, unknown & ~0xF0]),  # voids: greedy
        ([8, 8], [0x0FFF0, 0xFF000 | 0xF0]),  # tight: exhaustive with tries=0
    ]
    for seed in range(20):
        for sizes, allowed in cases:
            mine, theirs = Random(seed), Random(seed)
            dealt = compiled_search.deal_cards(mine, sizes, allowed, unknown, tries)
            assert dealt == deal_constrained(unknown, sizes, allowed, theirs, tries)
            assert mine.getstate() == theirs.getstate()
    assert compiled_search.deal_cards(Random(1), [8, 8], [0xFF0, 0xFF0], unknown, 2) is None
    with pytest.raises(ParlourError):
        deal_constrained(unknown, [8, 8], [0xFF0, 0xFF0], Random(1), 2)


@needs_compiled
def test_a_time_budget_searches_on_the_compiled_loop() -> None:
    game, observation = position("spades", 7, 6)
    for root in ("halving", "ucb"):
        agent = ISMCTSAgent(game, observation.seat, Random(0), seconds=0.02, rollout="random",
                            root=root)
        assert agent.act(observation) in observation.legal_actions
        assert agent.report is not None and agent.report.iterations >= 1
        assert sum(agent.report.visits.values()) == agent.report.iterations


def test_what_the_compiled_loop_does_not_cover_stays_on_the_python_loop() -> None:
    game, observation = position("hearts", 5, 3)
    uncovered = [{"rollout": "heuristic-v1"}, {"reuse": True}, {"horizon": 2},
                 {"horizon": "game"}]
    for options in uncovered:
        agent = ISMCTSAgent(game, observation.seat, Random(0), **options)
        assert agent.playout is not None
        assert ismcts_gate.compiled_search(agent, game, agent.playout, observation,
                                           False) is None, options
    agent = ISMCTSAgent(game, observation.seat, rollout="random")
    assert agent.playout is not None
    passing = game.new_state(seed=5).observe(0)
    assert passing.phase == "pass"
    assert ismcts_gate.compiled_search(agent, game, agent.playout, passing, False) is None

    class Sampled(Hearts):  # a sampler of its own: the kernel cannot reproduce its draws
        def sample_state(self, observation: Observation, rng: Random) -> Any:
            return super().sample_state(observation, rng)

    own = Sampled()
    agent = ISMCTSAgent(own, observation.seat, rollout="random")
    assert agent.playout is not None
    assert ismcts_gate.compiled_search(agent, own, agent.playout, observation, False) is None
    assert agent.act(observation) in observation.legal_actions

    class OwnHeuristic(Hearts):  # another "heuristic": the compiled one does not stand in
        agents: ClassVar[Mapping[str, str]] = {
            **Hearts.agents, "heuristic": "parlour.games.hearts.bots_v1:HeartsHeuristic"}

    other = OwnHeuristic()
    agent = ISMCTSAgent(other, observation.seat)
    assert agent.playout is not None and agent.playout.rollout_name == "heuristic"
    assert ismcts_gate.compiled_search(agent, other, agent.playout, observation, True) is None

    class OwnSpadesHeuristic(Spades):
        agents: ClassVar[Mapping[str, str]] = {
            **Spades.agents, "heuristic": "parlour.games.spades.bots_v1:SpadesHeuristic"}

    spades, seen = position("spades", 5, 12)
    for game in (OwnSpadesHeuristic(), spades):
        agent = ISMCTSAgent(game, seen.seat)
        assert agent.playout is not None and agent.playout.rollout_name == "heuristic"
        found = ismcts_gate.compiled_search(agent, game, agent.playout, seen, True)
        assert (found is None) == (game is not spades or not ismcts_gate.available())


def test_the_python_loop_searches_without_the_kernel() -> None:
    code = """
from random import Random
from parlour.agents.search import ISMCTSAgent, ismcts_gate
from tests.agents.test_ismcts_compiled import position
game, obs = position("hearts", 4, 10)
agent = ISMCTSAgent(game, obs.seat, Random(1), iterations=30, rollout="random")
print(ismcts_gate.available(), agent.act(obs) in obs.legal_actions, agent.report.iterations)
"""
    env = {key: value for key, value in os.environ.items() if key != compiled_switch.PURE_ENV}
    done = subprocess.run([sys.executable, "-c", code], env=env | {compiled_switch.PURE_ENV: "1"},
                          capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "True", "30"]
