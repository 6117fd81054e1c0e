"""What a time budget buys: ISMCTS iterations per decision at ``seconds=0.1`` (or another).

The positions are the card-play decisions with a choice of one-deal Hearts (or Spades) games
between four `heuristic` bots, seeds 0..N-1. At each, `ismcts:seconds=S` (default rollouts:
the game's heuristic) searches once; the figures are the iterations per decision (mean,
median, quartiles), the wall and CPU time per decision, and the iterations per CPU second
(what the budget buys on an idle core, whatever the load). Strength tests use the median as a fixed
iteration count (tests must never depend on timing), so they play what this budget buys here.
Run: ``PYTHONPATH=src python benchmarks/ismcts_budget.py [--game hearts] [--seconds 0.1]``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from random import Random
from typing import Any

PARAMS: dict[str, dict[str, Any]] = {
    "hearts": {"end_score": 1},
    "spades": {"target": 1, "mercy": True},
    "doppelkopf": {"deals": 1, "tournament": False},
}
"""One deal of each game."""


def play_positions(game_id: str, deals: int) -> list[Any]:
    """Observations of the play decisions with a choice in `deals` heuristic games."""
    import parlour
    from parlour.agents import make_agent
    from parlour.core import make_rng

    game = parlour.load_game(game_id, **PARAMS[game_id])
    out = []
    for seed in range(deals):
        bots = [make_agent("heuristic", game, s, make_rng(seed, "agent", s)) for s in range(4)]
        state = game.new_state(seed=seed)
        while not state.is_terminal and state.deal_number == 0:
            seat = state.current_player
            assert seat is not None
            observation = state.observe(seat)
            if observation.phase == "play" and len(observation.legal_actions) > 1:
                out.append(observation)
            state.apply(bots[seat].act(observation))
    return out


def main() -> None:
    import parlour
    from parlour.agents.search import ISMCTSAgent

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="hearts", choices=tuple(PARAMS))
    parser.add_argument("--seconds", type=float, default=0.1)
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--spec", default="", help="extra ISMCTS options, e.g. rollout=random")
    args = parser.parse_args()
    game = parlour.load_game(args.game, **PARAMS[args.game])
    extra = dict(part.split("=", 1) for part in args.spec.split(",") if part)
    counts, walls, cpus = [], [], []
    for observation in play_positions(args.game, args.deals):
        agent = ISMCTSAgent(game, observation.seat, Random(len(counts)), seconds=args.seconds,
                            **extra)
        start, cpu = time.perf_counter(), time.process_time()
        report = agent.search(observation)
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
        counts.append(report.iterations)
    q1, median, q3 = statistics.quantiles(counts, n=4)
    print(f"{args.game}: ismcts:seconds={args.seconds}{',' + args.spec if args.spec else ''} "
          f"over {len(counts)} decisions")
    print(f"iterations per decision: mean {statistics.fmean(counts):.0f}, median {median:.0f} "
          f"(quartiles {q1:.0f} to {q3:.0f}); wall {statistics.fmean(walls) * 1000:.0f} ms, "
          f"CPU {statistics.fmean(cpus) * 1000:.0f} ms a decision")
    per_cpu = sum(counts) / sum(cpus)
    print(f"iterations per CPU second {per_cpu:.0f}: {args.seconds} s of a whole core buys "
          f"about {per_cpu * args.seconds:.0f} (the machine's load takes the rest of the wall "
          "time)")


if __name__ == "__main__":
    main()
