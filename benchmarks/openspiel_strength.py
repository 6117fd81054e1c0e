"""parlour's ISMCTS against OpenSpiel's at equal time per move, on Hearts, in a parlour
tournament (the result is in docs/strength.md).

    .venv/bin/python benchmarks/openspiel_strength.py --seconds 0.1 --deals 12 --seed 2611

Both agents get the same wall-clock time per decision: parlour's ``ismcts:seconds=T`` stops
its search at T, and ``openspiel:ismcts:seconds=T`` runs as many of OpenSpiel's ISMCTS
iterations as its measured rate fits in T (OpenSpiel's bots take a count). Games are single
deals (``hearts:end_score=1``) played duplicate: every deal in all six seatings of two agents
at four seats, so the cards' luck cancels. Both search to the end of the deal; parlour's
default rollouts play its compiled heuristic, OpenSpiel's play uniformly at random (its only
rollout). The ranking, the interval and the mean time per decision are the tournament's.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from rich.console import Console

from parlour.arena import TournamentConfig, run_tournament
from parlour.arena.report import print_report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.1, help="time per decision")
    parser.add_argument("--deals", type=int, default=12, help="deals, each in six seatings")
    parser.add_argument("--seed", type=int, default=2611, help="the tournament's seed")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--parlour", default="ismcts",
                        help="parlour's search spec (e.g. ismcts:rollout=random)")
    args = parser.parse_args()
    joiner = "," if ":" in args.parlour else ":"
    agents = (f"{args.parlour}{joiner}seconds={args.seconds}",
              f"openspiel:ismcts:seconds={args.seconds}")
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "t"
        config = TournamentConfig(game="hearts", params={"end_score": 1}, agents=agents,
                                  deals=args.deals, seed=args.seed, out=str(out),
                                  backend="local" if args.workers > 1 else "inprocess",
                                  workers=args.workers)
        stats = run_tournament(config)
        print_report(Console(width=80), stats)


if __name__ == "__main__":
    main()
