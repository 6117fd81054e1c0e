"""How much tree reuse keeps: ISMCTS with ``reuse=true`` in one seat of one-deal games.

At each of its decisions the search starts from the previous tree's node for the new
observation when the last search reached it. The figures: the share of decisions (with a
choice) that found their node, and the root visits carried over, against the iterations the
search then ran. Run: ``PYTHONPATH=src python benchmarks/ismcts_reuse.py [--game hearts]
[--iterations 200] [--deals 6]``.
"""

from __future__ import annotations

import argparse


def main() -> None:
    import parlour
    from parlour.agents.search import ISMCTSAgent
    from parlour.core import make_rng

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="hearts", choices=("hearts", "spades"))
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--deals", type=int, default=6)
    args = parser.parse_args()
    params = {"end_score": 1} if args.game == "hearts" else {"target": 1, "mercy": True}
    game = parlour.load_game(args.game, **params)
    decisions = found = carried = ran = 0
    for seed in range(args.deals):
        agent = ISMCTSAgent(game, 0, make_rng(seed, "agent", 0), iterations=args.iterations,
                            reuse=True)
        seats: list[object] = [agent, "heuristic", "heuristic", "heuristic"]
        match = parlour.Match(game, seats, seed=seed)
        last = None
        for _ in match:
            report = agent.report
            if report is None or report is last:
                continue
            last = report
            decisions += 1
            kept = sum(report.visits.values()) - report.iterations
            found += kept > 0
            carried += kept
            ran += report.iterations
    print(f"{args.game}, ismcts:iterations={args.iterations},reuse=true, {decisions} searches: "
          f"{found / decisions:.0%} found their node; root visits carried over "
          f"{carried / decisions:.1f} a search against {ran / decisions:.0f} iterations run")


if __name__ == "__main__":
    main()
