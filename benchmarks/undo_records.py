"""Instructions per decision of the `Match` path (``legal_actions`` and a checked ``apply``,
which keeps an undo record each move), per game and engine path, counted by valgrind's callgrind.

Each game and path runs in its own process under callgrind (fixed hash seed); a run that only
sets the games up is subtracted and the rest divided by the decisions made, so the figures
repeat exactly and no load on the machine disturbs them. Run it before and after a change to
the undo records (`parlour.core.undo`) to see what the change costs each path:

    PYTHONPATH=. .venv/bin/python benchmarks/undo_records.py --games 20
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path
from random import Random
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("hearts", "spades", "skat", "ohhell")
PATHS = ("compiled", "pure")


def load(name: str) -> Any:
    """The game `name` at its defaults (Oh Hell from the example plug-in's source)."""
    import parlour

    if name != "ohhell":
        return parlour.load_game(name)
    folder = str(ROOT / "examples" / "plugins" / "ohhell" / "src")
    if folder not in sys.path:
        sys.path.insert(0, folder)
    from parlour_ohhell.rules import OhHell

    return OhHell()


def play(name: str, games: int) -> int:
    """Play `games` whole games of `name` by random legal moves and checked `apply`; the
    decisions made (0 games: set up only)."""
    game = load(name)
    starts = [game.new_state(seed=seed) for seed in range(max(games, 1))][:games]
    decisions = 0
    for seed, state in enumerate(starts):
        draw = Random(seed).random
        while not state.is_terminal:
            legal = state.legal_actions()
            state.apply(legal[int(draw() * len(legal))])
            decisions += 1
    return decisions


def instructions(name: str, path: str, games: int) -> tuple[int, int]:
    """Instructions and decisions of one process playing `games` games under callgrind."""
    env = {"PYTHONPATH": str(ROOT / "src"), "PYTHONHASHSEED": "0",
           "PATH": os.environ.get("PATH", "")}
    if path == "pure":
        env["PARLOUR_PURE"] = "1"
    result = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
         __file__, "--child", name, "--games", str(games)],
        env=env, capture_output=True, text=True, check=True)
    refs = re.search(r"refs:\s*([\d,]+)", result.stderr)
    assert refs, result.stderr[-500:]
    return int(refs.group(1).replace(",", "")), int(result.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per game and path")
    parser.add_argument("--game", choices=GAMES, action="append", help="(default: all)")
    parser.add_argument("--path", choices=PATHS, action="append", help="(default: both)")
    parser.add_argument("--child", choices=GAMES, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(play(args.child, args.games))
        return
    print(f"{'game':<8} {'path':<9} {'decisions':>10} {'instructions a decision':>24}")
    for name in args.game or GAMES:
        for path in args.path or PATHS:
            instructions(name, path, 0)  # writes the bytecode caches
            base, _ = instructions(name, path, 0)
            total, decisions = instructions(name, path, args.games)
            print(f"{name:<8} {path:<9} {decisions:>10,} {(total - base) / decisions:>24,.0f}")


if __name__ == "__main__":
    main()
