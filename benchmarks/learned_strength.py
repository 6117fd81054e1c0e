"""Learned bots against the heuristic and ISMCTS: strength and time per decision.

For each game with shipped weights, every agent of the field sits in every seat of the same
seeded one-deal games in turn against a table of `heuristic` (and then of `random`) seats, and
scores its return minus the mean of the others' (duplicate, seats rotated, as the strength
tests do). ISMCTS runs twice: given the learned bot's time per decision (``time=``), and at the
settings of the ISMCTS strength tests. Prints a Markdown table for docs/learning.md.

Run: PYTHONPATH=src OPENBLAS_NUM_THREADS=1 python benchmarks/learned_strength.py [--deals 24]
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

GAMES = {
    "hearts:end_score=1": "ismcts:iterations=130",
    "skull:players=3": "ismcts:iterations=300,c=0.7,opponents=rollout",
    "spades:target=1,mercy=true": "ismcts:iterations=200,rollout=heuristic",
    "skat:deals=1": "ismcts:iterations=200",
}


def play(game: Any, spec: str, baseline: str, deals: int) -> tuple[list[float], list[float]]:
    """Gains per deal and seconds per decision of `spec`."""
    n = game.num_players
    gains, seconds = [], []
    for seed in range(500, 500 + deals):
        total = 0.0
        for seat in range(n):
            agents = [make_agent(baseline, game, s, Random(seed * 10 + s)) for s in range(n)]
            agents[seat] = make_agent(spec, game, seat, Random(seed))
            state = game.new_state(seed=seed)
            while not state.is_terminal:
                player = state.current_player
                observation = state.observe(player)
                start = time.process_time()
                action = agents[player].act(observation)
                if player == seat:
                    seconds.append(time.process_time() - start)
                state.apply(action)
            result = state.returns()
            total += result[seat] - (sum(result) - result[seat]) / (n - 1)
        gains.append(total / n)
    return gains, seconds


def cell(gains: list[float]) -> str:
    mean = statistics.fmean(gains)
    error = statistics.stdev(gains) / len(gains) ** 0.5
    return f"{mean:+.2f} ± {1.96 * error:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=24)
    parser.add_argument("--only", default="", help="game ids to measure, comma-separated")
    args = parser.parse_args()
    print("| game | agent | time per decision | vs heuristic | vs random |")
    print("|---|---|---|---|---|")
    for spec, ismcts in GAMES.items():
        game = parlour.load_game(spec)
        if args.only and game.id not in args.only.split(","):
            continue
        if not shipped_policy_path(game).exists():
            continue
        learned_gains, learned_time = play(game, "learned", "heuristic", args.deals)
        budget = statistics.median(learned_time)
        field = {"learned": learned_gains, "heuristic": None,
                 f"ismcts:time={budget:.5f}": None, ismcts: None}
        for agent, versus_heuristic in field.items():
            if versus_heuristic is None:
                versus_heuristic, seconds = play(game, agent, "heuristic", args.deals)
            else:
                seconds = learned_time
            versus_random, _ = play(game, agent, "random", args.deals)
            micros = 1e6 * statistics.median(seconds)
            print(f"| {spec} | `{agent}` | {micros:,.0f} µs | {cell(versus_heuristic)} | "
                  f"{cell(versus_random)} |", flush=True)


if __name__ == "__main__":
    main()
