"""Hearts heuristic playouts and the default search bots: Python against compiled code.

From the same positions (seeded games played by the heuristic to a seed-chosen point of the
first deal: in the passing, at the first card, or in the card play), CPU time, interleaved
rounds, medians:

- heuristic playouts to the end of the deal per CPU second, from a quiet clone: the Python
  agents move by move (what `Playout` did before) against `HeartsState.play_compiled`
  (`_heuristic.pyx`);
- decisions per CPU second of the default `pimc` (20 worlds, heuristic rollouts) and the
  default `ismcts` (1,000 iterations: heuristic rollouts, modelled opponents, its candidates,
  halving) from card-play positions: all in Python, as before the heuristic was compiled,
  against the compiled path (for `ismcts` the compiled loop; for `pimc` its playouts in C).

Run: ``.venv/bin/python benchmarks/hearts_heuristic_playouts.py``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from random import Random
from typing import Any


def positions(count: int, play_only: bool) -> list[Any]:
    """Quiet states of seeded games, the heuristic playing up to a seed-chosen move."""
    from parlour import load_game
    from parlour.games.hearts.bots import HeartsHeuristic

    game = load_game("hearts")
    bot = HeartsHeuristic(game)
    found = []
    for seed in range(count):
        state = game.new_state(seed=seed)
        moves = Random(seed).randrange(12 if not play_only else 13, 12 + 40)
        for _ in range(moves):
            state.apply(bot.act(state.observe(state.current_player)))
        while play_only and len(bot.candidates(state.observe(state.current_player))) < 2:
            state.apply(bot.act(state.observe(state.current_player)))
        found.append(state.clone(quiet=True))
    return found


def python_playouts(states: list[Any], repeat: int) -> float:
    from parlour.games.hearts.bots import HeartsHeuristic

    agents = [HeartsHeuristic() for _ in range(4)]
    start = time.process_time()
    for _ in range(repeat):
        for state in states:
            world = state.clone(quiet=True)
            stop = world.deal_number + 1
            while not world.is_terminal and world.deal_number < stop:
                observation = world.observe(world.current_player)
                legal = observation.legal_actions
                world.apply_unchecked_no_undo(legal[0] if len(legal) == 1
                                         else agents[world.current_player].act(observation))
    return repeat * len(states) / (time.process_time() - start)


def compiled_playouts(states: list[Any], repeat: int) -> float:
    start = time.process_time()
    for _ in range(repeat):
        for state in states:
            world = state.clone(quiet=True)
            assert world.play_compiled("heuristic", world.deal_number + 1)
    return repeat * len(states) / (time.process_time() - start)


def decisions(spec: str, states: list[Any], compiled: bool) -> float:
    from contextlib import nullcontext

    from parlour.agents.search import ismcts_gate
    from parlour.agents.specs import make_agent
    from parlour.games.hearts.heuristic_playouts import python_heuristic

    elapsed = 0.0
    with (nullcontext() if compiled else ismcts_gate.python_loop(),
          nullcontext() if compiled else python_heuristic()):
        for i, state in enumerate(states):
            seat = state.current_player
            agent = make_agent(spec, state.game, seat, Random(i))
            observation = state.observe(seat)
            start = time.process_time()
            agent.act(observation)
            elapsed += time.process_time() - start
    return len(states) / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    from parlour.games.hearts.heuristic_playouts import COMPILED

    if COMPILED is None:
        print("the compiled heuristic is not built: nothing to compare", file=sys.stderr)
        sys.exit(1)
    mixed = positions(args.positions, play_only=False)
    play = positions(args.positions // 4, play_only=True)
    runs: dict[str, tuple[Callable[[], float], str]] = {
        "playouts, Python agents": (lambda: python_playouts(mixed, 2), "playouts"),
        "playouts, compiled (play_compiled)": (lambda: compiled_playouts(mixed, 100), "playouts"),
        "pimc (default), Python": (lambda: decisions("pimc", play[:3], False), "decisions"),
        "pimc (default), compiled playouts": (lambda: decisions("pimc", play, True),
                                              "decisions"),
        "ismcts (default), Python": (lambda: decisions("ismcts", play[:2], False),
                                     "decisions"),
        "ismcts (default), compiled loop": (lambda: decisions("ismcts", play, True),
                                            "decisions"),
    }
    rates: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(args.rounds):
        for name, (run, _) in runs.items():
            rates[name].append(run())
    print(f"Hearts heuristic, median of {args.rounds} interleaved rounds, per CPU second")
    base: dict[str, float] = {}
    for name, found in rates.items():
        rate = statistics.median(found)
        kind = runs[name][1]
        group = name.split(",")[0]
        base.setdefault(group, rate)
        print(f"{name:<40}{rate:>12,.1f} {kind:<10}{rate / base[group]:>8.1f}x")


if __name__ == "__main__":
    main()
