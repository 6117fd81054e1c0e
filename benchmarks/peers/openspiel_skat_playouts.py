"""Skat random playouts: OpenSpiel's C++ loop beside parlour's compiled and pure paths.

Run: ``PYTHONPATH=src .venv/bin/python benchmarks/peers/openspiel_skat_playouts.py``
(needs `open_spiel`: ``pip install 'parlour[peers]'``).

Playouts per CPU second, two starting points, each measured in interleaved rounds (OpenSpiel,
parlour compiled, parlour pure, again), medians and ratios printed at the end:

- from the first decision of a deal to its end: OpenSpiel's `RandomRolloutEvaluator` inside a
  one-simulation `MCTSBot` (random rollouts in C++, as the issue measured them; OpenSpiel's
  Skat decides the game in one bid) and parlour's `State.play_random` to the end of the deal
  (ISkO bidding, skat, declaring, the card play and settling, and the next deal dealt);
- from the first card: the same from the start of the card play, search's usual case.

parlour's pure path runs in a child process (``PARLOUR_PURE=1`` is read once per process).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from typing import Any

from openspiel_rollouts import openspiel_rollout_rate

STARTS = ("first decision", "first card")


def to_first_card(state: Any, rng: random.Random) -> None:
    """Plays OpenSpiel's Skat on at random from the deal to the first card."""
    while "play" not in str(state).split("\n", 1)[0].lower():  # "Phase: playing"
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])


def openspiel_rate(start: str, rollouts: int) -> float:
    """OpenSpiel C++ random rollouts per CPU second from `start` of a random deal."""
    return openspiel_rollout_rate("skat", rollouts,
                                  to_first_card if start == "first card" else None)


def parlour_states(start: str, count: int) -> list[Any]:
    import parlour
    from parlour.games.skat.rules import PLAY_PHASE

    game = parlour.load_game("skat")
    rng = random.Random(1)
    states = []
    seed = 0
    while len(states) < count:
        state = game.new_state(seed=seed)
        seed += 1
        state.quiet = True
        if start == "first card":
            while state.phase != PLAY_PHASE and state.deal == 0:
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
            if state.deal != 0:
                continue
        states.append(state)
    return states


def parlour_rate(start: str, playouts: int) -> float:
    """parlour random playouts (clone, `play_random` to the end of the deal) per CPU second."""
    states = parlour_states(start, 50)
    rng = random.Random(2)
    begin = time.process_time()
    for i in range(playouts):
        state = states[i % len(states)].clone(quiet=True)
        state.play_random(state.deal + 1, rng.random)
    return playouts / (time.process_time() - begin)


def child(playouts: int) -> None:
    from parlour import compiled_switch

    print(json.dumps({"path": compiled_switch.engine_path(),
                      "rates": [parlour_rate(start, playouts) for start in STARTS]}))


def pure_rates(playouts: int) -> list[float]:
    env = os.environ | {"PARLOUR_PURE": "1"}
    out = subprocess.run([sys.executable, __file__, "--child", str(playouts)], env=env,
                         capture_output=True, text=True, check=True).stdout
    data = json.loads(out)
    assert data["path"] == "pure"
    rates: list[float] = data["rates"]
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--playouts", type=int, default=3000)
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return
    from parlour import compiled_switch

    print(compiled_switch.engine_description())
    rates: dict[str, list[list[float]]] = {"OpenSpiel C++": [], "parlour compiled": [],
                                           "parlour pure": []}
    for _ in range(args.rounds):
        rates["OpenSpiel C++"].append([openspiel_rate(s, args.playouts) for s in STARTS])
        rates["parlour compiled"].append([parlour_rate(s, args.playouts) for s in STARTS])
        rates["parlour pure"].append(pure_rates(args.playouts))
    medians = {name: [statistics.median(r[i] for r in runs) for i in range(len(STARTS))]
               for name, runs in rates.items()}
    base = medians["OpenSpiel C++"]
    print(f"Skat random playouts per CPU second, medians of {args.rounds} interleaved rounds")
    print(f"{'engine':<20}" + "".join(f"{'from ' + s:>18}{'x OS':>7}" for s in STARTS))
    for name, values in medians.items():
        print(f"{name:<20}" + "".join(f"{v:>18,.0f}{v / b:>7.2f}"
                                      for v, b in zip(values, base, strict=True)))


if __name__ == "__main__":
    main()
