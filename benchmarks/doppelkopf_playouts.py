"""Doppelkopf's random playouts, compiled (the general trick layer's `cards/_layer.pyx`, no
Cython of Doppelkopf's own) against the Python loop, side by side in one run; and a long
cross-check of the two.

Playouts per CPU second to the end of the deal, from a quiet clone as search plays out: from
the first decision (the Vorbehalt in Python, the cards in C where `in_card_play` lets them) and
from the first card (a state whose Vorbehalt is over). Announcements stay moves in Python: a
trick goes to C only once no seat still to play to it could announce. The two paths
alternate for several rounds on the same states and generators; the medians are printed.
``--callgrind`` instead runs each path once under valgrind's callgrind in its own process and
compares the instructions of the playouts (less a run that only sets them up): steady on a
loaded machine. ``--crosscheck N`` runs
`parlour.crosscheck.layer_play` on N seeds of each rule set.

    PYTHONPATH=. .venv/bin/python benchmarks/doppelkopf_playouts.py --rounds 5 --playouts 2000
    PYTHONPATH=. .venv/bin/python benchmarks/doppelkopf_playouts.py --callgrind --playouts 300
    PYTHONPATH=. .venv/bin/python benchmarks/doppelkopf_playouts.py --crosscheck 20000
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
STARTS = ("decision", "card")
GAME = {"deals": 4}
"""The benchmark's game: a tournament round of four deals (a Pflichtsolo each)."""
RULE_SETS: tuple[dict[str, Any], ...] = (
    {"deals": 1, "tournament": False}, {"deals": 4},
    {"deals": 2, "tournament": False, "with_nines": False, "armut": True, "schweinchen": True,
     "second_dulle": "except_last_trick"},
    {"deals": 2, "tournament": False, "second_dulle": "always"})


def starts(start: str, playouts: int) -> list[Any]:
    """`playouts` quiet states of a 4-deal round at their first decision, or (``card``) at
    the first card of deal 0 after random calls (seeds whose Armut was thrown in skipped)."""
    import parlour
    from parlour.games.doppelkopf.rules import PLAYING

    game = parlour.load_game("doppelkopf", **GAME)
    found: list[Any] = []
    seed = 0
    while len(found) < playouts:
        state: Any = game.new_state(seed=seed)
        state.quiet = True
        rng = Random(seed)
        seed += 1
        while start == "card" and state.phase != PLAYING and state.deal_number == 0:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        if start == "decision" or state.deal_number == 0:
            found.append(state)
    return found


def run(path: str, start: str, playouts: int) -> float:
    """CPU seconds of `playouts` playouts to the end of the deal on `path` (compiled, python,
    or none: the clones alone)."""
    from parlour.core import State

    states = starts(start, playouts)
    copies = [state.clone(quiet=True) for state in states]
    play = State.play_random if path == "python" else type(states[0]).play_random
    begin = time.process_time()
    for seed, state in enumerate(copies):
        if path != "none":
            play(state, state.deal_number + 1, Random(seed).random)
    return time.process_time() - begin


def callgrind(path: str, start: str, playouts: int) -> int:
    """Instructions of one process running `path` under callgrind."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                        sys.executable, __file__, "--child", path, "--start", start,
                        "--playouts", str(playouts)],
                       check=True, capture_output=True,
                       env={"PYTHONPATH": f"{ROOT}:{ROOT / 'src'}"})
        found = re.search(r"^(?:summary|totals):\s+(\d+)", out.read_text(), re.MULTILINE)
        assert found, "no totals in the callgrind output"
        return int(found[1])


def crosscheck(seeds: int) -> None:
    """`layer_play.crosscheck` on `seeds` seeds of each rule set; raises on a divergence."""
    import parlour
    from parlour.crosscheck import layer_play

    for params in RULE_SETS:
        begin = time.process_time()
        done = layer_play.crosscheck(parlour.load_game("doppelkopf", **params), range(seeds))
        print(f"doppelkopf {params}: {done.playouts:,} playouts, "
              f"{done.moves:,} moves, {done.games_over:,} to the game's end, identical "
              f"({time.process_time() - begin:.0f} CPU s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--playouts", type=int, default=2000)
    parser.add_argument("--callgrind", action="store_true")
    parser.add_argument("--crosscheck", type=int, default=0, metavar="SEEDS")
    parser.add_argument("--start", choices=STARTS, help=argparse.SUPPRESS)
    parser.add_argument("--child", choices=("compiled", "python", "none"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        run(args.child, args.start, args.playouts)
        return
    if args.crosscheck:
        crosscheck(args.crosscheck)
        return
    if args.callgrind:
        callgrind("none", "card", 10)  # writes the bytecode caches
    for start in STARTS:
        if args.callgrind:
            base = callgrind("none", start, args.playouts)
            counts = {p: (callgrind(p, start, args.playouts) - base) / args.playouts
                      for p in ("compiled", "python")}
            print(f"from the first {start}: instructions a playout, compiled "
                  f"{counts['compiled']:,.0f}, Python {counts['python']:,.0f}: "
                  f"{counts['python'] / counts['compiled']:.1f}x fewer")
            continue
        rates: dict[str, list[float]] = {"compiled": [], "python": []}
        for _ in range(args.rounds):
            for path in rates:
                rates[path].append(args.playouts / run(path, start, args.playouts))
        compiled, python = (statistics.median(rates[p]) for p in ("compiled", "python"))
        print(f"from the first {start}: playouts a CPU second, median of {args.rounds} "
              f"rounds of {args.playouts:,}: compiled {compiled:,.0f}, Python loop "
              f"{python:,.0f}: {compiled / python:.1f}x")


if __name__ == "__main__":
    main()
