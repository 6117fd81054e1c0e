"""Time per decision of the Hearts and Spades heuristics, `heuristic` beside `heuristic-v1`.

The positions are every decision of whole deals between four `heuristic` bots (seeds 0..N-1):
passes, leads, follows and discards in Hearts; bids and card play in Spades. Each bot decides
every position in turn, several times; the figure is the best mean over the repeats (the least
disturbed by other work on the machine), in microseconds. Run:
``PYTHONPATH=src python benchmarks/trick_heuristics.py [--deals 40] [--repeats 5]``.
"""

from __future__ import annotations

import argparse
import time
from typing import Any


def positions(game_id: str, deals: int) -> list[Any]:
    """Observations of every decision of `deals` one-deal games between heuristic bots."""
    import parlour
    from parlour.agents import make_agent
    from parlour.core import make_rng

    params = {"end_score": 1} if game_id == "hearts" else {"target": 1, "mercy": True}
    game = parlour.load_game(game_id, **params)
    out = []
    for seed in range(deals):
        bots = [make_agent("heuristic", game, seat, make_rng(seed, "agent", seat))
                for seat in range(4)]
        state = game.new_state(seed=seed)
        while not state.is_terminal and state.deal_number == 0:
            seat = state.current_player
            assert seat is not None
            observation = state.observe(seat)
            out.append(observation)
            state.apply(bots[seat].act(observation))
    return out


def per_decision(game_id: str, spec: str, observations: list[Any], repeats: int) -> float:
    """The best mean seconds per decision of `spec` over `repeats` passes."""
    import parlour
    from parlour.agents import make_agent
    from parlour.core import make_rng

    game = parlour.load_game(game_id)
    bots = [make_agent(spec, game, seat, make_rng(0, "agent", seat)) for seat in range(4)]
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for observation in observations:
            bots[observation.seat].act(observation)
        best = min(best, (time.perf_counter() - start) / len(observations))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    print(f"{'game':8} {'agent':14} {'decisions':>9} {'µs/decision':>12}")
    for game_id in ("hearts", "spades"):
        observations = positions(game_id, args.deals)
        for spec in ("heuristic", "heuristic-v1"):
            seconds = per_decision(game_id, spec, observations, args.repeats)
            print(f"{game_id:8} {spec:14} {len(observations):9d} {seconds * 1e6:12.1f}")


if __name__ == "__main__":
    main()
