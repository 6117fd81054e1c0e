"""Skat heuristic rollouts: the Python agents against the compiled policy, from the same positions.

Run: ``PYTHONPATH=src python benchmarks/skat_heuristic_playouts.py [--positions 200]
[--rounds 5] [--searches 6]``. CPU time, the paths interleaved round by round, medians.

1. Playouts per CPU second through `Playout.run` (a quiet clone played by the game's
   heuristic at every seat, as PIMC and ISMCTS play out): to the end of the deal from card-play
   positions of seeded games, and to the end of a two-deal series from the same positions
   (the next deal's bidding, skat, burying and declaring included). The Python path is the
   agents move by move (`rules._HEURISTIC` set to None), the compiled path `play_compiled`.
2. Decisions per CPU second of the default ``pimc`` (20 worlds) and ``ismcts`` (1,000
   iterations) in the card play of Skat, the default rollout on each path.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from random import Random
from typing import Any

import parlour
from parlour.agents import make_agent
from parlour.agents.search.playout import Playout
from parlour.games.skat import SkatState, rules
from parlour.games.skat.bots import SkatHeuristic


def positions(count: int, deals: int) -> list[SkatState]:
    """Quiet states at card-play decisions with a choice, from seeded two-deal series of
    heuristic and random seats (seed i stops at a card drawn from its own generator)."""
    game = parlour.load_game("skat", deals=deals)
    bot = SkatHeuristic(game)
    out: list[SkatState] = []
    seed = 0
    while len(out) < count:
        rng = Random(seed)
        state = game.new_state(seed=seed)
        state.quiet = True
        stop_at = int(rng.random() * 25)
        cards = 0
        while state.deal == 0 and not state.is_terminal:
            seat: int = state.current  # type: ignore[assignment]
            legal = state.legal_actions()
            if state.phase_name == "play" and len(legal) > 1:
                if cards == stop_at:
                    out.append(state.clone(quiet=True))
                    break
                cards += 1
            if rng.random() < 0.7:
                state.apply(bot.act(state.observe(seat)))
            else:
                state.apply(legal[int(rng.random() * len(legal))])
        seed += 1
    return out


def playouts_per_second(states: list[SkatState], stop: Callable[[SkatState], int | None],
                        compiled: bool, repeat: int) -> float:
    game = states[0].game
    playout = Playout(game, "heuristic", None, "score", Random(0), "bench")
    saved = rules._HEURISTIC
    rules._HEURISTIC = saved if compiled else None
    try:
        start = time.process_time()
        for _ in range(repeat):
            for state in states:
                playout.run(state.clone(quiet=True), stop(state))
        return repeat * len(states) / (time.process_time() - start)
    finally:
        rules._HEURISTIC = saved


def decisions_per_second(spec: str, states: list[SkatState], compiled: bool) -> float:
    saved = rules._HEURISTIC
    rules._HEURISTIC = saved if compiled else None
    try:
        start = time.process_time()
        for i, state in enumerate(states):
            seat: int = state.current  # type: ignore[assignment]
            agent: Any = make_agent(spec, state.game, seat, Random(i))
            agent.on_game_start(state.game, seat)
            agent.act(state.observe(seat))
        return len(states) / (time.process_time() - start)
    finally:
        rules._HEURISTIC = saved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--searches", type=int, default=6,
                        help="positions per search measure and round")
    args = parser.parse_args()
    if rules._HEURISTIC is None:
        sys.exit("the compiled Skat heuristic is not active (PARLOUR_PURE, or not built)")
    states = positions(args.positions, deals=2)
    measures: dict[str, list[float]] = {}

    def note(name: str, value: float) -> None:
        measures.setdefault(name, []).append(value)

    to_deal_end: Callable[[SkatState], int | None] = lambda state: state.deal + 1  # noqa: E731
    to_game_end: Callable[[SkatState], int | None] = lambda state: None  # noqa: E731
    searched = states[: args.searches]
    for _ in range(args.rounds):
        for compiled in (False, True):
            path = "compiled" if compiled else "python"
            repeat = 20 if compiled else 1
            note(f"playouts to the deal's end, {path}",
                 playouts_per_second(states, to_deal_end, compiled, repeat))
            note(f"playouts to the series' end, {path}",
                 playouts_per_second(states, to_game_end, compiled, repeat))
            note(f"pimc decisions, {path}", decisions_per_second("pimc", searched, compiled))
            note(f"ismcts decisions, {path}", decisions_per_second("ismcts", searched, compiled))
    print(f"{len(states)} positions, {args.rounds} rounds (medians, per CPU second); "
          f"searches from {len(searched)} positions")
    names = sorted({name.rsplit(", ", 1)[0] for name in measures})
    print(f"{'measure':<32} {'python':>12} {'compiled':>12} {'x':>8}")
    for name in names:
        python = statistics.median(measures[f"{name}, python"])
        compiled_rate = statistics.median(measures[f"{name}, compiled"])
        print(f"{name:<32} {python:>12,.1f} {compiled_rate:>12,.1f} {compiled_rate / python:>8.1f}")


if __name__ == "__main__":
    main()
