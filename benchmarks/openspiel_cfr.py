"""OpenSpiel's CFR on a small parlour game through the bridge: NashConv of the average policy
as it trains, as a table and a PNG (docs/images/openspiel-cfr.png, shown in docs/openspiel.md).

    .venv/bin/python benchmarks/openspiel_cfr.py [--iterations 100] [--png PATH]
    .venv/bin/python benchmarks/openspiel_cfr.py --skull --iterations 80

The default game is Territory on a 2x2 torus, one round, two players and two zombie owners,
over the four seeded boards 0..3 (``seeds=4``): 329 states, small enough for exact best
responses. ``--skull`` takes the small imperfect-information Skull instead: two players, one
rose and a skull each, one won challenge wins, seat 0 starts, over seeds 0 and 1 (about
14,000 states; a NashConv takes some 20 seconds there).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from open_spiel.python import policy as spiel_policy
from open_spiel.python.algorithms import cfr, exploitability

from parlour.openspiel import load

GAMES = {
    "territory": ("territory:size=2,rounds=1,players=2", 4,
                  "Territory: 2x2, one round, seeds=4"),
    "skull": ("skull:players=2,roses=1,wins=1,first_player=0", 2,
              "Skull: 2 players, 1 rose, 1 win, seeds=2"),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--skull", action="store_true", help="the small Skull instead")
    parser.add_argument("--png", type=Path, default=None)
    args = parser.parse_args()
    name = "skull" if args.skull else "territory"
    spec, seeds, title = GAMES[name]
    png = args.png or Path(__file__).parents[1] / "docs/images" / f"openspiel-cfr-{name}.png"
    game = load(spec, seeds=seeds)
    solver = cfr.CFRSolver(game)
    uniform = exploitability.nash_conv(game, spiel_policy.UniformRandomPolicy(game))
    points = [(0, uniform)]
    start = time.perf_counter()
    print(f"{'iteration':>9}  {'NashConv':>9}  {'seconds':>7}")
    print(f"{0:>9}  {uniform:>9.4f}  {0.0:>7.1f}")
    for iteration in range(1, args.iterations + 1):
        solver.evaluate_and_update_policy()
        every = 10 if name == "territory" else 40
        if iteration in (1, 2, 5, 10, 20, 40) or iteration % every == 0:
            value = exploitability.nash_conv(game, solver.average_policy())
            points.append((iteration, value))
            print(f"{iteration:>9}  {value:>9.4f}  {time.perf_counter() - start:>7.1f}")
    plot(points, png, title)


def plot(points: list[tuple[int, float]], path: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(6.4, 3.6), dpi=100)
    axes.plot([p[0] for p in points[1:]], [p[1] for p in points[1:]], marker="o")
    axes.axhline(points[0][1], color="grey", linestyle="--", label="uniform random policy")
    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.set_xlabel("CFR iterations")
    axes.set_ylabel("NashConv of the average policy")
    axes.set_title(f"OpenSpiel CFR on parlour {title}", fontsize=10)
    axes.legend()
    figure.tight_layout()
    figure.savefig(path)
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
