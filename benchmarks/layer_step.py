"""The general trick layer's compiled `Match` step against the Python step, side by side in one
run, and its move-for-move cross-check at scale.

Whole games of Lone Hand (tests/cards/lone_hand.py), of the Oh Hell example
(examples/plugins/ohhell) and of Doppelkopf, written on `ContractTrickState` with no Cython of
their own, moved by ``legal_actions`` and a checked ``apply`` as a `Match` moves them (with
events, and quiet), once through the compiled step (`cards/_layer_step.pyx`) and once through
the Python methods it stands in for, alternating for several rounds; prints the median CPU µs
per move of each and their ratio. With ``--callgrind`` each path instead runs once under
valgrind's callgrind in its own process and the instructions of the moves (less a run that only
sets the games up) are compared: steady on a loaded machine. ``--crosscheck N`` cross-checks N
games per game (`parlour.crosscheck.layer_steps`) instead, and exits 1 at the first difference,
one line naming the game, seed, move, field and the compiled file.

    PYTHONPATH=. .venv/bin/python benchmarks/layer_step.py --rounds 7 --games 100
    PYTHONPATH=. .venv/bin/python benchmarks/layer_step.py --callgrind --games 40
    PYTHONPATH=. .venv/bin/python benchmarks/layer_step.py --crosscheck 20000
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path
from random import Random
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PATHS = ("compiled", "python")
GAMES = ("lonehand", "ohhell", "doppelkopf", "doppelkopf40")
DOPPELKOPF = {"doppelkopf": {"deals": 1, "tournament": False},
              "doppelkopf40": {"deals": 2, "tournament": False, "with_nines": False,
                               "armut": True, "schweinchen": True,
                               "second_dulle": "except_last_trick"}}
"""The Doppelkopf games checked: one deal, and 40 cards with the house rules."""


def load(name: str) -> Any:
    """The game `name` at its defaults (four seats), from the source tree."""
    for folder in (ROOT, ROOT / "examples" / "plugins" / "ohhell" / "src"):
        if str(folder) not in sys.path:
            sys.path.insert(0, str(folder))
    if name in DOPPELKOPF:
        import parlour

        return parlour.load_game("doppelkopf", **DOPPELKOPF[name])
    if name == "lonehand":
        from tests.cards.lone_hand import LoneHand

        return LoneHand(deals=4)
    from parlour_ohhell.rules import OhHell

    return OhHell()


def run(name: str, path: str, games: int, quiet: bool) -> tuple[float, int]:
    """CPU seconds and moves of `games` whole games of `name` moved by `path`'s step
    (``none``: set up only)."""
    from parlour.crosscheck.layer_steps import python_step

    game = load(name)
    starts = []
    for seed in range(games):
        state = game.new_state(seed=seed)
        state.quiet = quiet
        starts.append(state)
    kind = type(starts[0])
    legal_actions, apply, _ = (python_step(kind) if path == "python"
                               else (kind.legal_actions, kind.apply, None))
    begin = time.process_time()
    moves = 0
    if path != "none":
        for seed, state in enumerate(starts):
            draw = Random(seed).random
            before = len(state.history)
            while not state.is_terminal:
                legal = legal_actions(state)
                apply(state, legal[int(draw() * len(legal))])
            moves += len(state.history) - before
    return time.process_time() - begin, moves


def callgrind(name: str, path: str, games: int, quiet: bool) -> int:
    """Instructions of one process running `path` under callgrind."""
    env = {"PYTHONPATH": str(ROOT / "src"), "PYTHONHASHSEED": "0",
           "PATH": os.environ.get("PATH", "")}
    result = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
         __file__, "--child", path, "--game", name, "--games", str(games),
         *(["--quiet"] if quiet else [])],
        env=env, capture_output=True, text=True, check=True)
    refs = re.search(r"refs:\s*([\d,]+)", result.stderr)
    assert refs, result.stderr[-500:]
    return int(refs.group(1).replace(",", ""))


def crosscheck(name: str, games: int) -> None:
    from parlour.crosscheck import Divergence, drive, layer_steps

    begin = time.process_time()
    try:
        done = drive(lambda seeds: layer_steps.crosscheck(load(name), seeds), range(games),
                     2_000)
    except Divergence as error:
        sys.exit(f"MISMATCH: {error}")
    print(f"{name}: {done.games:,} games, {done.cards:,} card plays, {done.applied:,} checked "
          f"apply, {done.without_undo:,} without undo, {done.undone:,} undos, "
          f"{done.illegal:,} illegal refused: identical ({time.process_time() - begin:.0f} "
          "CPU s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--game", choices=GAMES, action="append")
    parser.add_argument("--callgrind", action="store_true")
    parser.add_argument("--crosscheck", type=int, default=0, metavar="N")
    parser.add_argument("--quiet", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--child", choices=(*PATHS, "none"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    names = args.game or list(GAMES)
    if args.child:
        run(names[0], args.child, args.games, args.quiet)
        return
    if args.crosscheck:
        for name in names:
            crosscheck(name, args.crosscheck)
        return
    print(f"{'game':9} {'mode':7} {'compiled':>9} {'Python':>9} {'ratio':>6}   "
          f"({'instructions' if args.callgrind else 'CPU µs a move, median'})")
    for name in names:
        for quiet in (False, True):
            mode = "quiet" if quiet else "events"
            if args.callgrind:
                callgrind(name, "none", args.games, quiet)  # writes the bytecode caches
                base = callgrind(name, "none", args.games, quiet)
                figures = {path: float(callgrind(name, path, args.games, quiet) - base)
                           for path in PATHS}
                shown = {path: f"{figures[path] / 1e6:8.1f}M" for path in PATHS}
            else:
                times: dict[str, list[float]] = {path: [] for path in PATHS}
                for _ in range(args.rounds):
                    for path in PATHS:
                        spent, moves = run(name, path, args.games, quiet)
                        times[path].append(spent / moves * 1e6)
                figures = {path: statistics.median(times[path]) for path in PATHS}
                shown = {path: f"{figures[path]:9.2f}" for path in PATHS}
            print(f"{name:9} {mode:7} {shown['compiled']:>9} {shown['python']:>9} "
                  f"{figures['python'] / figures['compiled']:5.2f}x")


if __name__ == "__main__":
    main()
