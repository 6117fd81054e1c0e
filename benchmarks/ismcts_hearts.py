"""ISMCTS iterations per second on Hearts, from early positions of a deal.

A position is the first decision of a deal's play phase that offers a choice (passes made by
the heuristic bot, the forced 2♣ lead played). Each search samples a new world per iteration
and plays it out uniformly at random to the end of the deal, as OpenSpiel's ISMCTS with one
random rollout does (``ismcts:rollout=random,root=ucb``; the default halving root shares each
world among the root's candidates, which makes its iterations cheaper still). Run:
``.venv/bin/python benchmarks/ismcts_hearts.py``; for the peers side by side, see
peers/openspiel_ismcts.py.
"""

from __future__ import annotations

import argparse
import time
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


def parlour_rate(positions: list[Any], iterations: int, end_score: int = 100, seed: int = 0
                 ) -> tuple[float, int]:
    """Iterations per second over searches of `iterations` from each position.

    With the default `end_score` the game goes on after the deal, so a playout that reaches
    the deal's end also pays for dealing the next hand (Hearts deals it at once); with
    ``end_score=1`` the game is one deal, like OpenSpiel's.
    """
    from parlour import load_game
    from parlour.agents.search import ISMCTSAgent

    game = load_game("hearts", end_score=end_score)
    total = 0
    elapsed = 0.0
    for i, observation in enumerate(positions):
        agent = ISMCTSAgent(game, observation.seat, Random(seed + i), iterations=iterations,
                            rollout="random", root="ucb")
        start = time.perf_counter()
        agent.search(observation)
        elapsed += time.perf_counter() - start
        total += iterations
    return total / elapsed, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--iterations", type=int, default=2000)
    args = parser.parse_args()
    positions = early_positions(args.positions)
    for end_score, what in ((100, "game to 100, playouts stop at the deal's end"),
                            (1, "one-deal game")):
        rate, total = parlour_rate(positions, args.iterations, end_score)
        print(f"parlour ISMCTS, {what}: {rate:,.0f} iterations/s ({total:,} iterations, "
              f"{args.positions} positions)")


if __name__ == "__main__":
    main()
