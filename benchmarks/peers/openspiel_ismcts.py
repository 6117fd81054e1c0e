"""ISMCTS iterations per second on Hearts: OpenSpiel's Python and C++ bots and parlour's.

All three are measured in one run.

Every search starts from an early position of a deal: the first decision of the play phase
that offers a choice (passes made, the forced 2♣ lead played). Every iteration samples a new
world from the searching seat's information and plays one uniformly random rollout to the end
of the deal (OpenSpiel: `RandomRolloutEvaluator(1)`, unlimited world samples; parlour:
`ismcts` with `horizon=deal`). OpenSpiel's Hearts is one deal per game, so both stop at the
same point. Run with an interpreter that has `open_spiel` installed (see ../README.md):

    /tmp/os/bin/python benchmarks/peers/openspiel_ismcts.py --parlour-src src
"""

from __future__ import annotations

import argparse
import random
import sys
import time
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
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("hearts")
    elapsed = 0.0
    for i, state in enumerate(states):
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(i))
        bot = ismcts.ISMCTSBot(game, evaluator, 0.7, iterations,
                               random_state=np.random.RandomState(i))
        start = time.perf_counter()
        bot.run_search(state)
        elapsed += time.perf_counter() - start
    return iterations * len(states) / elapsed


def bench_openspiel_cpp(states: list[Any], iterations: int) -> float:
    import pyspiel

    elapsed = 0.0
    for i, state in enumerate(states):
        evaluator = pyspiel.RandomRolloutEvaluator(1, i)
        bot = pyspiel.ISMCTSBot(i, evaluator, 0.7, iterations, -1,
                                pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False)
        start = time.perf_counter()
        bot.step(state)
        elapsed += time.perf_counter() - start
    return iterations * len(states) / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--iterations", type=int, default=2000,
                        help="per search, for the Python bots (C++ runs ten times as many)")
    parser.add_argument("--parlour-src", default=None, help="path to parlour's src/ folder")
    args = parser.parse_args()
    if args.parlour_src:
        sys.path.insert(0, args.parlour_src)
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from ismcts_hearts import early_positions, parlour_rate  # type: ignore[import-not-found]

    states = openspiel_positions(args.positions)
    python_rate = bench_openspiel_python(states, args.iterations)
    cpp_rate = bench_openspiel_cpp(states, 10 * args.iterations)
    positions = early_positions(args.positions)
    whole, _ = parlour_rate(positions, args.iterations, end_score=100)
    one, _ = parlour_rate(positions, args.iterations, end_score=1)
    print(f"{'ISMCTS on Hearts, early positions':<44}{'iterations/s':>14}{'vs OpenSpiel Py':>17}")
    for name, rate in (("OpenSpiel 2.0.2, Python", python_rate),
                       ("OpenSpiel 2.0.2, C++ (from Python)", cpp_rate),
                       ("parlour, one-deal game (as OpenSpiel's)", one),
                       ("parlour, game to 100, stop at deal's end", whole)):
        print(f"{name:<44}{rate:>14,.0f}{rate / python_rate:>17.2f}")


if __name__ == "__main__":
    main()
