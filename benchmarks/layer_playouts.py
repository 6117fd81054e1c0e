"""The general trick layer's compiled playouts against the Python loop, side by side in one run.

Random playouts of the Lone Hand test game (tests/cards/lone_hand.py, written on
`ContractTrickState` with no Cython of its own) from the same states and generators, once by
`play_random` (the card play in `cards/_layer.pyx`) and once by the Python loop
(`State.play_random`), alternating for several rounds; prints the median CPU µs per move of each
and their ratio. With ``--callgrind`` each path instead runs once under valgrind's callgrind in
its own process and the instruction counts of the playouts (less a run that only sets them up)
are compared (steady on a loaded machine).

    PYTHONPATH=. .venv/bin/python benchmarks/layer_playouts.py --rounds 7 --playouts 300
    PYTHONPATH=. .venv/bin/python benchmarks/layer_playouts.py --callgrind --playouts 100
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from random import Random
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def run(path: str, playouts: int, players: int) -> tuple[float, int]:
    """CPU seconds and moves of `playouts` whole-game playouts on `path` (compiled or python)."""
    sys.path.insert(0, str(ROOT))
    from tests.cards.lone_hand import LoneHand

    from parlour.core import State

    game = LoneHand(players=players, deals=4)
    starts: list[Any] = []
    for seed in range(playouts):
        state = game.new_state(seed=seed)
        state.quiet = True
        starts.append(state)
    copies = [state.clone(quiet=True) for state in starts]
    play = State.play_random if path == "python" else type(starts[0]).play_random
    begin = time.process_time()
    for seed, state in enumerate(copies):
        if path != "none":
            play(state, None, Random(seed).random)
    spent = time.process_time() - begin
    moves = sum(len(c.history) - len(s.history) for c, s in zip(copies, starts, strict=True))
    return spent, moves


def callgrind(path: str, playouts: int, players: int) -> int:
    """Instructions of one process running `path` under callgrind (``none``: the same process
    without the playouts, subtracted by the caller)."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                        sys.executable, __file__, "--child", path, "--playouts", str(playouts),
                        "--players", str(players)],
                       check=True, capture_output=True, env={"PYTHONPATH": str(ROOT)})
        found = re.search(r"^(?:summary|totals):\s+(\d+)", out.read_text(), re.MULTILINE)
        assert found, "no totals in the callgrind output"
        return int(found[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--playouts", type=int, default=300)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--callgrind", action="store_true")
    parser.add_argument("--child", choices=("compiled", "python", "none"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        run(args.child, args.playouts, args.players)
        return
    if args.callgrind:
        callgrind("none", args.playouts, args.players)  # writes the bytecode caches
        base = callgrind("none", args.playouts, args.players)
        counts = {path: callgrind(path, args.playouts, args.players) - base
                  for path in ("compiled", "python")}
        print(f"instructions in play_random, {args.playouts} Lone Hand games at "
              f"{args.players} seats: compiled {counts['compiled']:,}, Python "
              f"{counts['python']:,}: {counts['python'] / counts['compiled']:.1f}x fewer")
        return
    times: dict[str, list[float]] = {"compiled": [], "python": []}
    moves = 0
    for _ in range(args.rounds):
        for path in times:
            spent, moves = run(path, args.playouts, args.players)
            times[path].append(spent / moves * 1e6)
    compiled, python = (statistics.median(times[p]) for p in ("compiled", "python"))
    print(f"Lone Hand at {args.players} seats, {moves:,} moves a round, median of "
          f"{args.rounds} rounds: compiled {compiled:.2f} CPU µs a move, Python loop "
          f"{python:.2f}: {python / compiled:.1f}x")


if __name__ == "__main__":
    main()
