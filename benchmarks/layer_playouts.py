"""The shared driver of the trick-layer games' playout benchmarks (`schafkopf_playouts.py`,
`doppelkopf_playouts.py`): random playouts compiled (`cards/_layer.pyx`) against the Python
rules, side by side in one run, under callgrind, or cross-checked at length (`layer_play`).

Three paths make the very same moves: ``compiled`` (the state's `play_random`: the cards in
the layer's kernel), ``python`` (the rules' Python `legal_actions` and
`apply_unchecked_no_undo`, even where the compiled step stands in for them) and ``step``
(`State.play_random`'s loop of one `legal_actions` and one `apply_unchecked_no_undo` a move,
which the compiled `Match` step answers where it is installed).

A game's script describes its benchmark as a `LayerBench` and calls `main`; a callgrind child
is that script run again with ``--child``, so each path counts in its own process.
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from random import Random
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
STARTS = ("decision", "card")
PATHS = ("compiled", "python", "step")


@dataclass(frozen=True)
class LayerBench:
    """One game's benchmark: the game (`game_id` with `params`) whose playouts are timed, the
    rule sets `--crosscheck` runs, and `at_cards(state)`: true once a state's card play has
    begun (the ``card`` start)."""

    game_id: str
    params: dict[str, Any]
    rule_sets: tuple[dict[str, Any], ...]
    at_cards: Callable[[Any], bool]
    script: str


def starts(bench: LayerBench, start: str, playouts: int) -> list[Any]:
    """`playouts` quiet states at their first decision, or (``card``) at the first card of
    deal 0 after random moves (seeds whose deal 0 ended before its cards are skipped)."""
    import parlour

    game = parlour.load_game(bench.game_id, **bench.params)
    found: list[Any] = []
    seed = 0
    while len(found) < playouts:
        state: Any = game.new_state(seed=seed)
        state.quiet = True
        rng = Random(seed)
        seed += 1
        while start == "card" and not bench.at_cards(state) and state.deal_number == 0:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        if start == "decision" or state.deal_number == 0:
            found.append(state)
    return found


def python_loop(state: Any, stop: int, random: Callable[[], float]) -> None:
    """`State.play_random`'s moves through the rules' Python methods only."""
    from parlour.cards.contract_state import _python_moves

    legal_actions, apply = _python_moves(type(state))
    while not state.is_terminal and state.deal_number < stop:
        legal = legal_actions(state)
        apply(state, legal[int(random() * len(legal))])


def run(bench: LayerBench, path: str, start: str, playouts: int) -> float:
    """CPU seconds of `playouts` playouts to the end of the deal on `path` (see `PATHS`, or
    none: the clones alone)."""
    from parlour.core import State

    states = starts(bench, start, playouts)
    copies = [state.clone(quiet=True) for state in states]
    play = {"compiled": type(states[0]).play_random, "python": python_loop,
            "step": State.play_random}.get(path)
    begin = time.process_time()
    for seed, state in enumerate(copies):
        if play is not None:
            play(state, state.deal_number + 1, Random(seed).random)
    return time.process_time() - begin


def callgrind(bench: LayerBench, path: str, start: str, playouts: int) -> int:
    """Instructions of one process running `path` under callgrind."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                        sys.executable, bench.script, "--child", path, "--start", start,
                        "--playouts", str(playouts)],
                       check=True, capture_output=True,
                       env={"PYTHONPATH": f"{ROOT}:{ROOT / 'src'}"})
        found = re.search(r"^(?:summary|totals):\s+(\d+)", out.read_text(), re.MULTILINE)
        assert found, "no totals in the callgrind output"
        return int(found[1])


def crosscheck(bench: LayerBench, seeds: int) -> None:
    """`layer_play.crosscheck` on `seeds` seeds of each rule set; raises on a divergence."""
    import parlour
    from parlour.crosscheck import layer_play

    for params in bench.rule_sets:
        begin = time.process_time()
        done = layer_play.crosscheck(parlour.load_game(bench.game_id, **params), range(seeds))
        print(f"{bench.game_id} {params or 'defaults'}: {done.playouts:,} playouts, "
              f"{done.moves:,} moves, {done.games_over:,} to the game's end, identical "
              f"({time.process_time() - begin:.0f} CPU s)")


def main(bench: LayerBench, description: str) -> None:
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--playouts", type=int, default=2000)
    parser.add_argument("--callgrind", action="store_true")
    parser.add_argument("--crosscheck", type=int, default=0, metavar="SEEDS")
    parser.add_argument("--start", choices=STARTS, help=argparse.SUPPRESS)
    parser.add_argument("--child", choices=(*PATHS, "none"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        run(bench, args.child, args.start, args.playouts)
        return
    if args.crosscheck:
        crosscheck(bench, args.crosscheck)
        return
    if args.callgrind:
        callgrind(bench, "none", "card", 10)  # writes the bytecode caches
    for start in STARTS:
        if args.callgrind:
            base = callgrind(bench, "none", start, args.playouts)
            counts = {p: (callgrind(bench, p, start, args.playouts) - base) / args.playouts
                      for p in PATHS}
            print(f"from the first {start}: instructions a playout, compiled "
                  f"{counts['compiled']:,.0f}, Python {counts['python']:,.0f} "
                  f"({counts['python'] / counts['compiled']:.1f}x fewer), step loop "
                  f"{counts['step']:,.0f}")
            continue
        rates: dict[str, list[float]] = {path: [] for path in PATHS}
        for _ in range(args.rounds):
            for path in rates:
                rates[path].append(args.playouts / run(bench, path, start, args.playouts))
        compiled, python, step = (statistics.median(rates[p]) for p in PATHS)
        print(f"from the first {start}: playouts a CPU second, median of {args.rounds} "
              f"rounds of {args.playouts:,}: compiled {compiled:,.0f}, Python {python:,.0f} "
              f"({compiled / python:.1f}x), step loop {step:,.0f}")
