"""The compiled ISMCTS loop against the Python loop, decision for decision (issue 13).

For a game and seed, `position` finds a decision somewhere in the first deal's card play
(random passes, bids and cards before it, so voids show up); `search` searches it on one loop
from a generator seeded by the seed, under a `RUNS` setting; `crosscheck` requires the same
decision, root visits, mean values and generator state afterwards on both loops. The compiled
side plays the compiled heuristic where the run's rollout is the default (rollouts,
expansions, modelled opponents, Hearts' proposals), the Python side the Python agents
throughout. `tests/agents/test_ismcts_crosscheck.py` runs 1,000 positions a run;
`benchmarks/ismcts_crosscheck.py` as many as asked.
"""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import nullcontext
from dataclasses import dataclass
from random import Random
from typing import Any

from parlour.crosscheck.harness import Probe

SETTINGS: list[dict[str, Any]] = [
    {"root": "halving"},
    {"root": "ucb"},
    {"root": "halving", "opponents": "rollout", "c": 0.7},
    {"root": "ucb", "opponents": "rollout", "value": "rank"},
    {"root": "ucb", "value": "rank", "c": 0.0},
]
HEURISTIC_SETTINGS: list[dict[str, Any]] = [
    {},  # the default ismcts: heuristic rollouts, opponents and candidates, halving
    {"root": "ucb", "value": "rank"},
    {"opponents": "tree", "c": 0.7},
    {"moves": "legal"},
    {"opponents": "tree", "moves": "legal", "root": "ucb"},
]
SPADES_HEURISTIC_SETTINGS: list[dict[str, Any]] = [
    {},  # the default ismcts: heuristic rollouts and expansions, opponents in the tree, halving
    {"root": "ucb", "value": "rank"},
    {"opponents": "rollout", "c": 0.7},
    {"opponents": "rollout", "root": "ucb"},
    {"root": "ucb", "c": 0.0},
]
RUNS: dict[str, tuple[str, str, list[dict[str, Any]]]] = {
    "hearts-random": ("hearts", "random", SETTINGS),
    "spades-random": ("spades", "random", SETTINGS),
    "hearts-auto": ("hearts", "auto", HEURISTIC_SETTINGS),
    "spades-auto": ("spades", "auto", SPADES_HEURISTIC_SETTINGS),
}
"""The runs by name: the game, its rollout and the settings taken in turn."""


def position(game: Any, seed: int) -> Any:
    """The first decision with a choice once a seed-chosen number of cards are down."""
    state = game.new_state(seed=seed)
    rng = Random(seed)
    played = rng.randrange(46)
    while True:
        observation = state.observe(state.current_player)
        legal = observation.legal_actions
        if (observation.phase == "play" and len(legal) > 1
                and 4 * len(observation.tricks) + len(observation.trick) >= played):
            return observation
        state.apply(legal[rng.randrange(len(legal))])


def search(game: Any, observation: Any, compiled: bool, seed: int, iterations: int,
           options: dict[str, Any]) -> tuple[Any, ...]:
    """The decision, root visits, root values and generator state of one search of
    `observation` on the compiled loop (`compiled`) or the Python loop with the Python agents."""
    from parlour.agents.search import ISMCTSAgent, ismcts_gate
    from parlour.games.hearts.heuristic_playouts import python_heuristic
    from parlour.games.spades.heuristic_playouts import python_heuristic as python_spades_heuristic

    with (nullcontext() if compiled else ismcts_gate.python_loop(),
          nullcontext() if compiled else python_heuristic(),
          nullcontext() if compiled else python_spades_heuristic()):
        rng = Random(seed)
        agent = ISMCTSAgent(game, observation.seat, rng, iterations=iterations, **options)
        if compiled:
            playout = agent.playout
            assert playout is not None
            modelled = agent.modelled_opponents(game, playout) == "rollout"
            assert ismcts_gate.compiled_search(agent, game, playout, observation, modelled)
        action = agent.act(observation)
        report = agent.report
        return (action, report and report.visits, report and report.values,
                rng.getstate())


@dataclass
class LoopCheck:
    """What a cross-check of the loops covered."""

    positions: int = 0


def crosscheck(run: str, seeds: Iterable[int], iterations: int = 60) -> LoopCheck:
    """Search a position per seed on both loops under `run` (of `RUNS`), the settings taken in
    turn; raises `Divergence` at the first difference (the decision, the root's visits or
    values, or the generator's state)."""
    from parlour import load_game

    game_id, rollout, settings = RUNS[run]
    game = load_game(game_id)
    probe = Probe("parlour.agents.search._ismcts")
    done = LoopCheck()
    for seed in seeds:
        observation = position(game, seed)
        options = {**settings[seed % len(settings)], "rollout": rollout}
        probe.start(f"{game_id} {options}", seed)
        probe.move = len(observation.tricks) * 4 + len(observation.trick)
        compiled = search(game, observation, True, seed, iterations, options)
        python = search(game, observation, False, seed, iterations, options)
        for name, mine, theirs in zip(("decision", "root visits", "root values",
                                       "generator state"), compiled, python, strict=True):
            probe.same(name, mine, theirs)
        done.positions += 1
    return done
