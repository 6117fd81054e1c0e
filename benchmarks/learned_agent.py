"""Time per decision of the learned agents (numpy inference), next to the heuristic's.

For each game with shipped weights, plays seeded games with the learned agent in every seat
and times `act` alone: encoding the observation, the forward pass, choosing the best legal id.
The issue's budget is 200 microseconds per decision.

Run: PYTHONPATH=src OPENBLAS_NUM_THREADS=1 python benchmarks/learned_agent.py [--games 20]
"""

from __future__ import annotations

import argparse
import statistics
import time
from random import Random
from typing import Any

import parlour
from parlour.agents import make_agent
from parlour.agents.learned import shipped_policy_path

GAMES = ("hearts:end_score=1", "skull:players=3", "skull", "spades:target=1", "skat:deals=1")


def micros_per_decision(game: Any, spec: str, games: int) -> list[float]:
    agents = [make_agent(spec, game, seat, Random(seat)) for seat in range(game.num_players)]
    times: list[float] = []
    for seed in range(games):
        state = game.new_state(seed=seed)
        while not state.is_terminal:
            seat = state.current_player
            observation = state.observe(seat)
            start = time.process_time()
            action = agents[seat].act(observation)
            times.append(1e6 * (time.process_time() - start))
            state.apply(action)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    print(f"{'game':<22}{'agent':<11}{'median us':>10}{'p90 us':>9}{'decisions':>11}")
    for spec in GAMES:
        game = parlour.load_game(spec)
        if not shipped_policy_path(game).exists():
            continue
        for agent in ("learned", "heuristic"):
            times = sorted(micros_per_decision(game, agent, args.games))
            p90 = times[int(0.9 * (len(times) - 1))]
            print(f"{spec:<22}{agent:<11}{statistics.median(times):>10.1f}{p90:>9.1f}"
                  f"{len(times):>11,}")


if __name__ == "__main__":
    main()
