"""Hearts and Spades random playouts: OpenSpiel's C++ loop beside parlour's `play_random`.

Run: ``PYTHONPATH=src .venv/bin/python benchmarks/peers/openspiel_trick_playouts.py``
(needs `open_spiel`: ``pip install 'parlour[peers]'``).

Playouts per CPU second from the first decision of a deal (Hearts: the passing, then 52 cards;
Spades: four bids, then 52 cards) to its end, in interleaved rounds (OpenSpiel, parlour), with
medians and ratios printed at the end. OpenSpiel's are C++ random rollouts
(`RandomRolloutEvaluator` inside a one-simulation `MCTSBot`, as
`openspiel_skat_playouts.py` measures Skat; its Hearts and Spades are one deal per game).
parlour's are `State.play_random` to the end of the deal from a clone, as search plays out,
which includes settling the deal and dealing the next hand. This is the baseline the compiled
trick-taking kernel of issue 13 is to beat; parlour runs on whichever path is active.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from openspiel_rollouts import openspiel_rollout_rate

GAMES = {"hearts": ("hearts", {}), "spades": ("spades", {})}


def openspiel_rate(name: str, rollouts: int) -> float:
    """OpenSpiel C++ random rollouts per CPU second from the first decision of a random deal."""
    return openspiel_rollout_rate(GAMES[name][0], rollouts)


def parlour_rate(name: str, playouts: int) -> float:
    """parlour random playouts (clone, `play_random` to the end of the deal) per CPU second."""
    import parlour

    game = parlour.load_game(name, **GAMES[name][1])
    states: list[Any] = []
    for seed in range(50):
        state = game.new_state(seed=seed)
        state.quiet = True
        states.append(state)
    rng = random.Random(2)
    begin = time.process_time()
    for i in range(playouts):
        state = states[i % len(states)].clone(quiet=True)
        state.play_random(state.deal_number + 1, rng.random)
    return playouts / (time.process_time() - begin)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--playouts", type=int, default=2000)
    args = parser.parse_args()
    from parlour import compiled_switch

    print(compiled_switch.engine_description())
    rates: dict[tuple[str, str], list[float]] = {}
    for _ in range(args.rounds):
        for name in GAMES:
            rates.setdefault((name, "OpenSpiel C++"), []).append(
                openspiel_rate(name, args.playouts))
            rates.setdefault((name, "parlour"), []).append(parlour_rate(name, args.playouts))
    print(f"Random playouts per CPU second, first decision to the end of the deal, medians of "
          f"{args.rounds} interleaved rounds")
    print(f"{'game':<8}{'OpenSpiel C++':>15}{'parlour':>10}{'x OpenSpiel':>13}")
    for name in GAMES:
        peer = statistics.median(rates[(name, "OpenSpiel C++")])
        ours = statistics.median(rates[(name, "parlour")])
        print(f"{name:<8}{peer:>15,.0f}{ours:>10,.0f}{ours / peer:>13.2f}")


if __name__ == "__main__":
    main()
