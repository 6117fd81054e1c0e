"""Spades heuristic rollouts in C against the Python agents, and what search gains (issue 13).

From the same positions (seeded games played by the heuristic to a random point of the first
hand: the bidding, the first card, mid-hand), in interleaved rounds, CPU time, medians:

- playouts to the end of the hand per CPU second, from a quiet clone as search plays them:
  the heuristic move by move in Python (`Playout.play_compiled`: observe, `act`, apply), the
  heuristic in C (`SpadesState.play_compiled`), and random moves in C (`State.play_random`) for
  scale;
- decisions per CPU second of the default PIMC (``pimc``: 20 worlds, heuristic rollouts) and
  ISMCTS (``ismcts``: 1,000 iterations, heuristic rollouts) with the compiled heuristic
  (after: `play_compiled`, and ISMCTS's compiled loop in the card play) and in Python (before:
  `heuristic_playouts.python_heuristic` and the Python loop, the agents move by move); both make
  the same decisions, which the script checks;
- ISMCTS iterations per CPU second of the default ``ismcts`` from card-play positions with a
  choice: on the compiled loop (`agents/search/_ismcts.pyx`, the heuristic's `CardAgent`), on
  the Python loop with the heuristic's playouts in C (`play_compiled`), and all in Python (the
  Python loop and agents); the compiled and the Python loop make the same decisions with the
  same root statistics, which the script checks.

    PYTHONPATH=src python benchmarks/spades_heuristic_playouts.py
    PYTHONPATH=src python benchmarks/spades_heuristic_playouts.py --parts loop --rounds 5
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from contextlib import nullcontext
from random import Random
from typing import Any

import parlour
from parlour.agents import make_agent
from parlour.agents.search import ISMCTSAgent, ismcts_gate
from parlour.agents.search.playout import Playout
from parlour.games.spades.bots import SpadesHeuristic
from parlour.games.spades.heuristic_playouts import python_heuristic


def positions(count: int) -> list[Any]:
    """`count` quiet states: seeded games played by the heuristic to a random point of the
    first hand (at most 40 moves in: the bidding, the first card or mid-hand)."""
    game = parlour.load_game("spades")
    return [position(game, seed) for seed in range(count)]


def position(game: Any, seed: int) -> Any:
    """The quiet state of `positions` for `seed`."""
    rng = Random(seed)
    state = game.new_state(seed=seed)
    state.quiet = True
    agents = [SpadesHeuristic(game, seat) for seat in range(4)]
    for _ in range(rng.randrange(41)):
        state.apply(agents[state.current].act(state.observe(state.current)))
    return state


def playouts(states: list[Any], how: str) -> float:
    """Playouts to the end of the hand per CPU second from `states`, one each."""
    game = states[0].game
    playout = Playout(game, "heuristic", 1, "score", Random(0), "bench")
    rng = Random(1)
    with nullcontext() if how == "compiled" else python_heuristic():
        began = time.process_time()
        for state in states:
            world = state.clone(quiet=True)
            stop = world.deal + 1
            if how == "random":
                world.play_random(stop, rng.random)
            else:
                playout.run(world, stop)
        spent = time.process_time() - began
    return len(states) / spent


def decisions(states: list[Any], spec: str, compiled: bool) -> tuple[float, list[str]]:
    """Decisions per CPU second of `spec` from `states`, and the decisions made."""
    game = states[0].game
    made = []
    with (nullcontext() if compiled else ismcts_gate.python_loop(),
          nullcontext() if compiled else python_heuristic()):
        began = time.process_time()
        for index, state in enumerate(states):
            agent = make_agent(spec, game, state.current, Random(index))
            made.append(str(agent.act(state.observe(state.current))))
        spent = time.process_time() - began
    return len(states) / spent, made


LOOPS = ("compiled loop", "Python loop, playouts in C", "all Python")
"""How `iteration_rate` searches: the compiled loop, the Python loop with `play_compiled` in C,
and the Python loop with the Python agents throughout (before either kernel)."""


def card_play_positions(count: int) -> list[Any]:
    """`count` quiet states in the card play of the first hand, the seat to move with a choice
    (from `positions`, taken in order)."""
    game = parlour.load_game("spades")
    found: list[Any] = []
    seed = 0
    while len(found) < count:
        state = position(game, seed)
        seed += 1
        if state.in_card_play() and len(state.legal_actions()) > 1:
            found.append(state)
    return found


def iteration_rate(states: list[Any], loop: str, iterations: int
                   ) -> tuple[float, list[tuple[Any, ...]]]:
    """Default-ISMCTS iterations per CPU second from `states` on `loop` (of `LOOPS`), and each
    search's decision and root statistics."""
    game = states[0].game
    compiled = loop == LOOPS[0]
    done, spent, found = 0, 0.0, []
    with (nullcontext() if compiled else ismcts_gate.python_loop(),
          python_heuristic() if loop == LOOPS[2] else nullcontext()):
        for index, state in enumerate(states):
            observation = state.observe(state.current)
            agent = ISMCTSAgent(game, state.current, Random(index), iterations=iterations)
            if compiled:
                assert agent.playout is not None
                assert ismcts_gate.compiled_search(agent, game, agent.playout, observation,
                                                   False)
            began = time.process_time()
            action = agent.act(observation)
            spent += time.process_time() - began
            report = agent.report
            assert report is not None
            done += report.iterations
            found.append((str(action), report.visits, report.values))
    return done / spent, found


def loop_rates(count: int, iterations: int, slow_iterations: int, repeat: int) -> None:
    """Print `iteration_rate` on every loop, `repeat` interleaved rounds, medians."""
    states = card_play_positions(count)
    seen: dict[str, list[float]] = {loop: [] for loop in LOOPS}
    for _ in range(repeat):
        found = {}
        for loop in LOOPS:
            rate, found[loop] = iteration_rate(
                states, loop, slow_iterations if loop == LOOPS[2] else iterations)
            seen[loop].append(rate)
        assert found[LOOPS[0]] == found[LOOPS[1]], "the compiled and Python loops differ"
    rates = {loop: statistics.median(values) for loop, values in seen.items()}
    print(f"default ismcts iterations per CPU second, {count} card-play positions "
          f"({iterations:,} iterations, {slow_iterations:,} all in Python), medians of "
          f"{repeat} interleaved rounds; the two loops decide alike")
    for loop in LOOPS:
        print(f"  {loop:<28} {rates[loop]:>10,.0f}  {rates[loop] / rates[LOOPS[2]]:7.1f}x")
    print(f"  compiled loop / Python loop with playouts in C: "
          f"{rates[LOOPS[0]] / rates[LOOPS[1]]:.1f}x")


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
    parser.add_argument("--parts", default="playouts,search,loop",
                        help="a comma list of: playouts, search (PIMC and ISMCTS decisions), "
                             "loop (ISMCTS iterations per loop)")
    parser.add_argument("--loop-positions", type=int, default=6)
    parser.add_argument("--iterations", type=int, default=1000,
                        help="per search in the loop part (all-Python searches: a fifth)")
    args = parser.parse_args()
    parts = {part.strip() for part in args.parts.split(",")}
    if not parts <= {"playouts", "search", "loop"}:
        parser.error(f"--parts: unknown part in {args.parts!r}; choose from playouts, search, "
                     "loop")
    if "loop" in parts:
        loop_rates(args.loop_positions, args.iterations, max(1, args.iterations // 5),
                   max(1, args.rounds))
    if "playouts" in parts:
        playout_rates(args.positions, args.rounds)
    if "search" in parts:
        search_rates(args.search_positions, args.rounds)


def playout_rates(count: int, repeat: int) -> None:
    """Print the playout rates (`playouts`), `repeat` interleaved rounds, medians."""
    states = positions(count)
    rates = rounds({how: lambda how=how: playouts(states, how)  # type: ignore[misc]
                    for how in ("python", "compiled", "random")}, repeat)
    print(f"playouts to the end of the hand per CPU second ({count} positions, "
          f"medians of {repeat} interleaved rounds)")
    for how, label in (("python", "heuristic, Python agents"), ("compiled", "heuristic, in C"),
                       ("random", "random moves, in C")):
        print(f"  {label:<28} {rates[how]:>10,.0f}  {rates[how] / rates['python']:6.1f}x")


def search_rates(count: int, repeat: int) -> None:
    """Print PIMC's and ISMCTS's decisions per CPU second with `play_compiled` off and on."""
    searched = [s for s in positions(count * 7) if len(s.legal_actions()) > 1][:count]
    for spec in ("pimc", "ismcts"):
        seen: dict[bool, list[float]] = {False: [], True: []}
        made: dict[bool, list[str]] = {}
        for _ in range(max(1, repeat // 2)):
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
