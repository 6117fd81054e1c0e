"""The strength ladder: every Hearts or Spades bot against `heuristic-v1` on duplicate deals.

For each deal (seeds from `--seed`), the bot plays every seating of the deal against
`heuristic-v1`, so every hand of the deal is played once on its side:

- Hearts (one-deal games): the bot in each seat in turn, `heuristic-v1` in the other three; a
  seating's gain is its return (minus its points) minus the mean of the other seats';
- Spades (the first hand of a game): the bot as each partnership in turn (both partners), the
  other partnership `heuristic-v1`; a seating's gain is its partnership's points for the hand
  minus the other's.

A deal's value is the mean over its seatings (0 for a bot no better than `heuristic-v1`),
and the table gives the mean over deals with its 95% Student-t interval and two-sided p
(parlour.arena.stats), and the bot's mean seconds per decision (wall clock, as a `Match`
times it: a loaded machine makes it longer). Run, for the figures in docs/strength.md:
``PYTHONPATH=src python benchmarks/strength_ladder.py --game hearts`` (and ``--game spades``);
``--bots`` replaces the list, ``--deals`` and ``--search-deals`` the numbers of deals, and
``--baseline`` the agent in the other seats: ``--baseline heuristic --bots
"ismcts:seconds=0.1,opponents=rollout"`` plays the real 0.1 s search against the new Hearts
heuristic, which the strength test plays at the iterations 0.1 s buys.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

BASELINE = "heuristic-v1"
BOTS = {
    "hearts": ["random", "heuristic-v1", "heuristic", "pimc:worlds=10", "ismcts:iterations=50",
               "ismcts:iterations=200", "ismcts:iterations=200,rollout=random",
               "ismcts:seconds=0.1"],
    "spades": ["random", "heuristic-v1", "heuristic", "pimc:worlds=10", "ismcts:iterations=50",
               "ismcts:iterations=200", "ismcts:iterations=200,rollout=random"],
}
FAST = ("random", "heuristic", "heuristic-v1")
"""Bots cheap enough for the larger number of deals."""


def game_for(game_id: str) -> Any:
    import parlour

    if game_id == "hearts":
        return parlour.load_game("hearts", end_score=1)
    return parlour.load_game("spades", target=1, mercy=True)


def seating_gain(game_id: str, spec: str, seating: int, seed: int, baseline: str = BASELINE
                 ) -> tuple[float, list[float]]:
    """The bot's gain in one seating of deal `seed` and its seconds per decision. Hearts: the
    bot in seat `seating`; Spades: the bot as partnership `seating` (seats s and s + 2)."""
    import parlour

    game = game_for(game_id)
    if game_id == "hearts":
        mine = {seating}
    else:
        mine = {seating, seating + 2}
    specs = [spec if seat in mine else baseline for seat in range(4)]
    match = parlour.Match(game, specs, seed=seed)
    state = match.state
    times = []
    while not state.is_terminal and state.deal_number == 0:
        player = state.current_player
        match.step()
        if player in mine:
            times.append(match.times[-1])
    if game_id == "hearts":
        returns = state.returns()
        return returns[seating] - (sum(returns) - returns[seating]) / 3, times
    points = state.results[0]
    return float(points[seating] - points[1 - seating]), times


def rung(game_id: str, spec: str, seeds: range, baseline: str = BASELINE
         ) -> tuple[list[float], list[float]]:
    seatings = 4 if game_id == "hearts" else 2
    gains, times = [], []
    for seed in seeds:
        total = 0.0
        for seating in range(seatings):
            gain, seconds = seating_gain(game_id, spec, seating, seed, baseline)
            total += gain
            times.extend(seconds)
        gains.append(round(total / seatings, 9))  # no float dust for a bot against itself
    return gains, times


def main() -> None:
    from parlour.arena.stats import paired_test

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="hearts", choices=sorted(BOTS))
    parser.add_argument("--bots", default="", help="comma-separated specs (';' between them "
                        "when a spec has options with commas)")
    parser.add_argument("--deals", type=int, default=200, help="deals for the heuristics")
    parser.add_argument("--search-deals", type=int, default=40, help="deals for search bots")
    parser.add_argument("--seed", type=int, default=6000)
    parser.add_argument("--baseline", default=BASELINE,
                        help="the agent in the other seats (heuristic-v1 for the ladder)")
    args = parser.parse_args()
    bots = ([b.strip() for b in args.bots.split(";")] if args.bots else BOTS[args.game])
    unit = "points a hand" if args.game == "hearts" else "partnership points a hand"
    where = "every seat" if args.game == "hearts" else "each partnership"
    print(f"{args.game}: each bot in {where} against {args.baseline}, gain in {unit}")
    print(f"{'bot':40} {'deals':>5} {'gain':>7} {'95% interval':>16} {'p':>8} {'ms/decision':>12}")
    for spec in bots:
        deals = args.deals if spec in FAST else args.search_deals
        start = time.perf_counter()
        gains, times = rung(args.game, spec, range(args.seed, args.seed + deals), args.baseline)
        interval, p = paired_test(gains)
        low = f"{interval.low:+.2f}" if interval.low is not None else "?"
        high = f"{interval.high:+.2f}" if interval.high is not None else "?"
        shown = f"{p:.2g}" if p is not None else "-"
        per = statistics.fmean(times) if times else 0.0
        print(f"{spec:40} {deals:5d} {interval.mean:+7.2f} {low:>7} to {high:>6} {shown:>8} "
              f"{per * 1000:12.3f}   ({time.perf_counter() - start:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
