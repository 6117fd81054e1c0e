"""Spades heuristic rollouts in C against the Python agents, and what search gains (issue 13).

From the same positions (seeded games played by the heuristic to a random point of the first
hand: the bidding, the first card, mid-hand), in interleaved rounds, CPU time, medians:

- playouts to the end of the hand per CPU second, from a quiet clone as search plays them:
  the heuristic move by move in Python (`Playout.play_policy`: observe, `act`, apply), the
  heuristic in C (`SpadesState.play_policy`), and random moves in C (`State.play_random`) for
  scale;
- decisions per CPU second of the default PIMC (``pimc``: 20 worlds, heuristic rollouts) and
  ISMCTS (``ismcts``: 1,000 iterations, heuristic rollouts) with the compiled heuristic
  (after) and with `SpadesState.play_policy` switched off (before: the agents move by move);
  both make the same decisions, which the script checks.

    PYTHONPATH=src python benchmarks/spades_heuristic_playouts.py
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from random import Random
from typing import Any

import parlour
from parlour.agents import make_agent
from parlour.agents.search.playout import Playout
from parlour.core import State
from parlour.games.spades.bots import SpadesHeuristic
from parlour.games.spades.rules import SpadesState

COMPILED_POLICY = SpadesState.play_policy


def positions(count: int) -> list[Any]:
    """`count` quiet states: seeded games played by the heuristic to a random point of the
    first hand (at most 40 moves in: the bidding, the first card or mid-hand)."""
    game = parlour.load_game("spades")
    found = []
    for seed in range(count):
        rng = Random(seed)
        state = game.new_state(seed=seed)
        state.quiet = True
        agents = [SpadesHeuristic(game, seat) for seat in range(4)]
        for _ in range(rng.randrange(41)):
            state.apply(agents[state.current].act(state.observe(state.current)))
        found.append(state)
    return found


def python_policy(on: bool) -> None:
    """Switch the compiled heuristic on (after) or off (before: the agents move by move)."""
    SpadesState.play_policy = COMPILED_POLICY if on else State.play_policy  # type: ignore[method-assign]


def playouts(states: list[Any], how: str) -> float:
    """Playouts to the end of the hand per CPU second from `states`, one each."""
    game = states[0].game
    playout = Playout(game, "heuristic", 1, "score", Random(0), "bench")
    rng = Random(1)
    python_policy(how == "compiled")
    began = time.process_time()
    for state in states:
        world = state.clone(quiet=True)
        stop = world.deal + 1
        if how == "random":
            world.play_random(stop, rng.random)
        else:
            playout.run(world, stop)
    python_policy(True)
    return len(states) / (time.process_time() - began)


def decisions(states: list[Any], spec: str, compiled: bool) -> tuple[float, list[str]]:
    """Decisions per CPU second of `spec` from `states`, and the decisions made."""
    game = states[0].game
    python_policy(compiled)
    made = []
    began = time.process_time()
    for index, state in enumerate(states):
        agent = make_agent(spec, game, state.current, Random(index))
        made.append(str(agent.act(state.observe(state.current))))
    spent = time.process_time() - began
    python_policy(True)
    return len(states) / spent, made


def rounds(measures: dict[str, Callable[[], float]], count: int) -> dict[str, float]:
    """Each measure `count` times, interleaved; the medians."""
    seen: dict[str, list[float]] = {name: [] for name in measures}
    for _ in range(count):
        for name, measure in measures.items():
            seen[name].append(measure())
    return {name: statistics.median(values) for name, values in seen.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=400)
    parser.add_argument("--search-positions", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    states = positions(args.positions)
    rates = rounds({how: lambda how=how: playouts(states, how)  # type: ignore[misc]
                    for how in ("python", "compiled", "random")}, args.rounds)
    print(f"playouts to the end of the hand per CPU second ({args.positions} positions, "
          f"medians of {args.rounds} interleaved rounds)")
    for how, label in (("python", "heuristic, Python agents"), ("compiled", "heuristic, in C"),
                       ("random", "random moves, in C")):
        print(f"  {label:<28} {rates[how]:>10,.0f}  {rates[how] / rates['python']:6.1f}x")
    searched = [s for s in positions(args.search_positions * 7)
                if len(s.legal_actions()) > 1][:args.search_positions]
    for spec in ("pimc", "ismcts"):
        seen: dict[bool, list[float]] = {False: [], True: []}
        made: dict[bool, list[str]] = {}
        for _ in range(max(1, args.rounds // 2)):
            for compiled in (False, True):
                rate, made[compiled] = decisions(searched, spec, compiled)
                seen[compiled].append(rate)
        assert made[False] == made[True], (spec, made)
        before, after = (statistics.median(seen[c]) for c in (False, True))
        print(f"{spec} (default options), decisions per CPU second from {len(searched)} "
              f"positions: before {before:,.2f}, after {after:,.2f} ({after / before:.1f}x); "
              "the same decisions")


if __name__ == "__main__":
    main()
