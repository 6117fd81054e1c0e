"""ISMCTS iterations per second on Hearts: OpenSpiel's Python and C++ bots and parlour's.

All are measured in one run, in interleaved rounds, in CPU time (the machine may be shared).

Every search starts from an early position of a deal: the first decision of the play phase
that offers a choice (passes made, the forced 2♣ lead played). Every iteration samples a new
world from the searching seat's information and plays one uniformly random rollout to the end
of the deal (OpenSpiel: `RandomRolloutEvaluator(1)`, unlimited world samples; parlour:
`ismcts` with `horizon=deal`). OpenSpiel's Hearts is one deal per game, so both stop at the
same point. parlour's rows: the compiled loop (random rollouts in the card play run in C,
`parlour.agents.search.ismcts_gate`) and the Python loop; then parlour's default `ismcts`
(its heuristic in the rollouts, as the other seats and as the proposer of the moves weighed)
on the compiled loop, on the Python loop with the playouts in C (`HeartsState.play_compiled`),
and all in Python as before the heuristic was compiled. Run with an interpreter that has
`open_spiel` installed (``pip install 'parlour[peers]'``):

    python benchmarks/peers/openspiel_ismcts.py --parlour-src src
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


def openspiel_positions(count: int) -> list[Any]:
    """OpenSpiel Hearts states at the first play decision with a choice (random passes)."""
    import pyspiel

    game = pyspiel.load_game("hearts")
    rng = random.Random(0)
    states = []
    while len(states) < count:
        state = game.new_initial_state()
        decisions = 0
        passes = None
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            if passes is None:  # three cards from each of four seats, unless nobody passes
                passes = 0 if "No Pass" in state.information_state_string() else 12
            legal = state.legal_actions()
            if decisions > passes and len(legal) > 1:  # past the passes and the 2♣ lead
                states.append(state)
                break
            state.apply_action(legal[rng.randrange(len(legal))])
            decisions += 1
    return states


def bench_openspiel_python(states: list[Any], iterations: int) -> float:
    """OpenSpiel's Python `ISMCTSBot`: iterations per CPU second."""
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("hearts")
    elapsed = 0.0
    for i, state in enumerate(states):
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(i))
        bot = ismcts.ISMCTSBot(game, evaluator, 0.7, iterations,
                               random_state=np.random.RandomState(i))
        start = time.process_time()
        bot.run_search(state)
        elapsed += time.process_time() - start
    return iterations * len(states) / elapsed


def bench_openspiel_cpp(states: list[Any], iterations: int) -> float:
    """OpenSpiel's C++ `ISMCTSBot` (driven from Python): iterations per CPU second."""
    import pyspiel

    elapsed = 0.0
    for i, state in enumerate(states):
        evaluator = pyspiel.RandomRolloutEvaluator(1, i)
        bot = pyspiel.ISMCTSBot(i, evaluator, 0.7, iterations, -1,
                                pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False)
        start = time.process_time()
        bot.step(state)
        elapsed += time.process_time() - start
    return iterations * len(states) / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--iterations", type=int, default=2000,
                        help="per search, for the Python loops (the compiled ones run ten "
                             "times as many)")
    parser.add_argument("--rounds", type=int, default=3,
                        help="interleaved rounds; the table shows each one's median")
    parser.add_argument("--parlour-src", default=None, help="path to parlour's src/ folder")
    args = parser.parse_args()
    if args.parlour_src:
        sys.path.insert(0, args.parlour_src)
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from ismcts_hearts import early_positions, parlour_rate  # type: ignore[import-not-found]

    from parlour.agents.search import ismcts_gate

    if not ismcts_gate.available():
        print("warning: parlour's compiled ISMCTS loop is not built; its rows run the Python "
              "loop")
    states = openspiel_positions(args.positions)
    positions = early_positions(args.positions)
    fast, slow = 10 * args.iterations, args.iterations
    runs: dict[str, Callable[[], float]] = {
        "OpenSpiel 2.0.2, Python": lambda: bench_openspiel_python(states, slow),
        "OpenSpiel 2.0.2, C++ (from Python)": lambda: bench_openspiel_cpp(states, fast),
        "parlour compiled, one-deal game, ucb root": lambda: parlour_rate(
            positions, fast, end_score=1)[0],
        "parlour compiled, game to 100, ucb root": lambda: parlour_rate(
            positions, fast, end_score=100)[0],
        "parlour compiled, game to 100, halving root": lambda: parlour_rate(
            positions, fast, end_score=100, root="halving")[0],
        "parlour Python loop, one-deal game, ucb root": lambda: parlour_rate(
            positions, slow, end_score=1, compiled=False)[0],
        # the default `ismcts` (rollout=auto: the heuristic's rollouts, modelled opponents and
        # candidates; halving root; game to 100)
        "parlour default ismcts, compiled loop": lambda: parlour_rate(
            positions, fast, root="halving", rollout="auto")[0],
        "parlour default ismcts, Python loop, C playouts": lambda: parlour_rate(
            positions, slow, root="halving", rollout="auto", compiled=False)[0],
        "parlour default ismcts, Python loop and heuristic": lambda: parlour_rate(
            positions, slow // 4, root="halving", rollout="auto", compiled=False,
            compiled_heuristic=False)[0],
    }
    rates: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(args.rounds):
        for name, run in runs.items():
            rates[name].append(run())
    median = {name: statistics.median(found) for name, found in rates.items()}
    cpp = median["OpenSpiel 2.0.2, C++ (from Python)"]
    print(f"ISMCTS on Hearts, {args.positions} early positions, median of {args.rounds} "
          "interleaved rounds")
    print(f"{'':<50}{'iterations/CPU s':>15}{'vs OpenSpiel C++':>17}")
    for name, rate in median.items():
        print(f"{name:<50}{rate:>15,.0f}{rate / cpp:>17.2f}")


if __name__ == "__main__":
    main()
