"""ISMCTS iterations per second on Hearts, from early positions of a deal.

A position is the first decision of a deal's play phase that offers a choice (passes made by
the heuristic bot, the forced 2♣ lead played). Each search samples a new world per iteration
and plays it out uniformly at random to the end of the deal, as OpenSpiel's ISMCTS with one
random rollout does (``ismcts:rollout=random,root=ucb``; the default halving root shares each
world among the root's candidates, which makes its iterations cheaper still). Run:
``.venv/bin/python benchmarks/ismcts_hearts.py``. With random rollouts in the card play the
iterations run in compiled code (`parlour.agents.search.ismcts_gate`); the Python loop is
measured beside it. For OpenSpiel side by side, see peers/openspiel_ismcts.py.
"""

from __future__ import annotations

import argparse
import time
from contextlib import nullcontext
from random import Random
from typing import Any


def early_positions(count: int) -> list[Any]:
    """Observations of the first play decision with a choice, for deals 0..count-1."""
    from parlour import load_game
    from parlour.games.hearts.bots import HeartsHeuristic

    game = load_game("hearts")
    bots = [HeartsHeuristic(game, seat) for seat in range(4)]
    positions = []
    for seed in range(count):
        state = game.new_state(seed=seed)
        while True:
            seat = state.current_player
            legal = state.legal_actions()
            if state.observe(seat).phase == "play" and len(legal) > 1:
                break
            state.apply(bots[seat].act(state.observe(seat)))
        positions.append(state.observe(state.current_player))
    return positions


def parlour_rate(positions: list[Any], iterations: int, end_score: int = 100, seed: int = 0,
                 root: str = "ucb", compiled: bool = True, rollout: str = "random",
                 compiled_heuristic: bool = True) -> tuple[float, int]:
    """Iterations per CPU second over searches of `iterations` from each position.

    With the default `end_score` the game goes on after the deal (the playouts stop at its
    end); with ``end_score=1`` the game is one deal, like OpenSpiel's. `compiled`: the
    compiled loop where it applies (the card play, random or heuristic rollouts), else the
    Python loop. ``rollout="auto"`` is the default ISMCTS (the heuristic's rollouts, modelled
    opponents and candidates); without `compiled_heuristic` the heuristic plays in Python.
    """
    from parlour import load_game
    from parlour.agents.search import ISMCTSAgent, ismcts_gate
    from parlour.games.hearts.heuristic_playouts import python_heuristic

    game = load_game("hearts", end_score=end_score)
    total = 0
    elapsed = 0.0
    with (nullcontext() if compiled else ismcts_gate.python_loop(),
          nullcontext() if compiled_heuristic else python_heuristic()):
        for i, observation in enumerate(positions):
            agent = ISMCTSAgent(game, observation.seat, Random(seed + i), iterations=iterations,
                                rollout=rollout, root=root)
            start = time.process_time()
            report = agent.search(observation)
            elapsed += time.process_time() - start
            total += report.iterations
    return total / elapsed, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--iterations", type=int, default=2000)
    args = parser.parse_args()
    positions = early_positions(args.positions)
    for compiled, loop in ((True, "compiled loop"), (False, "Python loop")):
        for end_score, what in ((100, "game to 100, playouts stop at the deal's end"),
                                (1, "one-deal game")):
            rate, total = parlour_rate(positions, args.iterations, end_score, compiled=compiled)
            print(f"parlour ISMCTS, {loop}, {what}: {rate:,.0f} iterations per CPU second "
                  f"({total:,} iterations, {args.positions} positions)")


if __name__ == "__main__":
    main()
