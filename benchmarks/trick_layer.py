"""Hearts and Spades before and after the shared trick-taking layer, side by side in one run.

Each engine runs in its own subprocess (``PYTHONPATH`` set to its source tree), alternating
old, new, old, new for several rounds on the same seeds; the table shows the median per path.
Measured: CPU µs per decision of random play with events (as a `Match` runs it) and quiet (as
search playouts run it), µs per `sample_state` (what PIMC/ISMCTS pay per world), and µs per
whole game of `play_random` (the quiet playouts of search). The pure-Python path by default;
``--compiled`` runs the compiled modules (both trees must have them built).

    git worktree add --detach /tmp/old e334a10^   # the last commit before the rebuild
    python benchmarks/trick_layer.py --old /tmp/old/src --new src --rounds 15 --games 12
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

CHILD = r'''
import json, sys, time
from random import Random
import parlour

GAMES = {"hearts": {}, "spades": {"mercy": True}}
out = {}
for name, params in GAMES.items():
    game = parlour.load_game(name, **params)
    for quiet in (False, True):
        rng = Random(0)
        decisions = 0
        start = time.process_time()
        for seed in range(GAMES_PER_ROUND):
            state = game.new_state(seed=seed)
            state.quiet = quiet
            while not state.is_terminal:
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
                decisions += 1
        out[f"{name} {'quiet' if quiet else 'events'}"] = (
            1e6 * (time.process_time() - start) / decisions)
    rng = Random(1)
    observations = []
    for seed in range(20):
        state = game.new_state(seed=seed)
        for step in range(rng.randrange(8, 40)):
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        observations.append(state.observe(state.current_player))
    start = time.process_time()
    for _ in range(25):
        for obs in observations:
            game.sample_state(obs, rng)
    out[f"{name} sample_state"] = 1e6 * (time.process_time() - start) / (25 * len(observations))
    rng = Random(2)
    start = time.process_time()
    for seed in range(GAMES_PER_ROUND):
        state = game.new_state(seed=seed)
        state.quiet = True
        state.play_random(None, rng.random)
    out[f"{name} play_random, per game"] = (
        1e6 * (time.process_time() - start) / GAMES_PER_ROUND)
print(json.dumps(out))
'''


def run(src: Path, games: int, compiled: bool) -> dict[str, float]:
    code = CHILD.replace("GAMES_PER_ROUND", str(games))
    env = {"PYTHONPATH": str(src)} if compiled else {"PYTHONPATH": str(src), "PARLOUR_PURE": "1"}
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                            check=True)
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", type=Path, default=Path("/work/main/src"))
    parser.add_argument("--new", type=Path, default=Path(__file__).parents[1] / "src")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=40, help="games per path and round")
    parser.add_argument("--compiled", action="store_true",
                        help="the compiled modules (built in both trees), not PARLOUR_PURE=1")
    args = parser.parse_args()
    runs: dict[str, list[dict[str, float]]] = {"old": [], "new": []}
    for _ in range(args.rounds):
        for name, src in (("old", args.old), ("new", args.new)):
            runs[name].append(run(src.resolve(), args.games, args.compiled))
    print(f"| measure (median of {args.rounds} rounds) | old µs | new µs | new/old |")
    print("|---|---:|---:|---:|")
    for key in runs["old"][0]:
        old = statistics.median(r[key] for r in runs["old"])
        new = statistics.median(r[key] for r in runs["new"])
        print(f"| {key} | {old:.2f} | {new:.2f} | {new / old:.2f} |")


if __name__ == "__main__":
    main()
