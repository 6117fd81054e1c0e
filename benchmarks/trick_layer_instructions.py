"""Instructions per decision, old engine against new, counted by valgrind (load-independent).

`trick_layer.py` measures CPU time, which a busy shared machine blurs by a few per cent. This
script runs the same work under ``valgrind --tool=callgrind`` and subtracts a run that only
sets up (imports, building the observations), so the count is the measured work alone; hash
seeds are fixed and the cyclic garbage collector is off (a full collection traverses every
object of the process, and whether one lands in a run is a threshold effect), so a count
repeats exactly. Measures: random play with events and quiet,
each in a fresh process (cold caches: action tuples built as met) and after 30 warm-up games,
`sample_state`, and whole games of `play_random` (the quiet playouts of search; counted per
game). The pure-Python path by default; ``--compiled`` runs the compiled modules (both trees
must have them built); ``--games`` and ``--modes`` pick rows.

    python benchmarks/trick_layer_instructions.py --old /tmp/old/src --new src
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

CHILD = r'''
import gc, sys
gc.disable()  # a full collection lands in one run and not the other: a step, not a cost per move
from random import Random
import parlour
name, mode, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
game = parlour.load_game(name, **({"mercy": True} if name == "spades" else {}))
decisions = 0
def play(seeds, quiet):
    global decisions
    rng = Random(0)
    for seed in seeds:
        state = game.new_state(seed=seed)
        state.quiet = quiet
        while not state.is_terminal:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            decisions += 1
if mode == "sample_state":
    rng = Random(1)
    observations = []
    for seed in range(20):
        state = game.new_state(seed=seed)
        for step in range(rng.randrange(8, 40)):
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        observations.append(state.observe(state.current_player))
    for _ in range(n):
        for obs in observations:
            game.sample_state(obs, rng)
    decisions = n * len(observations)
elif mode == "play_random":
    rng = Random(2)
    for seed in range(n):
        state = game.new_state(seed=seed)
        state.quiet = True
        state.play_random(None, rng.random)
    decisions = n
else:
    if mode.startswith("warm"):
        play(range(100, 130), False)
        decisions = 0
    play(range(n), mode.endswith("quiet"))
print(decisions)
'''

MODES = {"events": 12, "quiet": 12, "warm events": 12, "warm quiet": 12, "sample_state": 20,
         "play_random": 12}
GAMES = ("hearts", "spades")


def count(src: Path, game: str, mode: str, n: int, compiled: bool) -> tuple[int, int]:
    """(instructions, decisions or samples) of one child run."""
    env = {"PYTHONPATH": str(src), "PYTHONHASHSEED": "0", "PATH": os.environ.get("PATH", "")}
    if not compiled:
        env["PARLOUR_PURE"] = "1"
    result = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
         "-c", CHILD, game, mode.replace(" ", ""), str(n)],
        env=env, capture_output=True, text=True, check=True)
    refs = re.search(r"refs:\s*([\d,]+)", result.stderr)
    assert refs, result.stderr[-500:]
    return int(refs.group(1).replace(",", "")), int(result.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", type=Path, required=True)
    parser.add_argument("--new", type=Path, default=Path(__file__).parents[1] / "src")
    parser.add_argument("--compiled", action="store_true",
                        help="the compiled modules (built in both trees), not PARLOUR_PURE=1")
    parser.add_argument("--games", nargs="+", choices=GAMES, default=GAMES)
    parser.add_argument("--modes", nargs="+", choices=list(MODES), default=list(MODES))
    args = parser.parse_args()
    print("| measure | old instructions | new instructions | new/old |")
    print("|---|---:|---:|---:|")
    for src in (args.old, args.new):  # compile each tree's .pyc files outside the counts
        for game in args.games:
            count(src.resolve(), game, args.modes[0], 0, args.compiled)
    for game in args.games:
        for mode in args.modes:
            n = MODES[mode]
            per = []
            for src in (args.old, args.new):
                total, work = count(src.resolve(), game, mode, n, args.compiled)
                base, _ = count(src.resolve(), game, mode, 0, args.compiled)
                per.append((total - base) / work)
            print(f"| {game} {mode} | {per[0]:,.0f} | {per[1]:,.0f} | {per[1] / per[0]:.2f} |")


if __name__ == "__main__":
    main()
