"""The `Match`-path measure: CPU µs per decision, OpenSpiel (C++ from Python) beside parlour.

Per decision both loops ask for the legal actions, pick one with a seeded generator and apply
it; parlour's `apply` is the checked one a `Match` calls, with events (as a `Match` runs it)
and quiet. OpenSpiel's episodes are single deals (its chance deals are not counted as
decisions); parlour plays whole games (Spades: single hands, as random Spades games may never
end). Rounds are interleaved; medians and the ratio to OpenSpiel (above 1: faster) are printed.

Run all three games: ``PYTHONPATH=src .venv/bin/python benchmarks/peers/match_path.py``
(needs `open_spiel`: ``pip install 'parlour[peers]'``); `openspiel_hearts.py`,
`openspiel_spades.py` and `openspiel_skat.py` beside it run one game each.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from openspiel_random import random_episodes

GAMES = ("hearts", "spades", "skat")
ONE_HAND = frozenset({"spades"})
"""Games measured one hand at a time (random Spades play may never reach the target)."""


def openspiel_us(game: str, seconds: float) -> float:
    """OpenSpiel's CPU µs per decision of `game`, random play for `seconds` of CPU time."""
    start = time.process_time()
    _, decisions = random_episodes(game, seconds)
    return 1e6 * (time.process_time() - start) / decisions


def parlour_us(game: str, seconds: float, quiet: bool) -> float:
    """parlour's CPU µs per decision of `game` through `legal_actions` and a checked `apply`."""
    from parlour import load_game

    rules = load_game(game)
    rng = random.Random(0)
    randrange = rng.randrange
    one_hand = game in ONE_HAND
    games = decisions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = rules.new_state(seed=games)
        state.quiet = quiet
        games += 1
        legal_actions, apply = state.legal_actions, state.apply
        while not state.is_terminal and not (one_hand and state.deal_number):
            legal = legal_actions()
            apply(legal[randrange(len(legal))])
            decisions += 1
    return 1e6 * (time.process_time() - start) / decisions


def compare(games: tuple[str, ...], seconds: float, rounds: int) -> None:
    """Measure `games` in `rounds` interleaved rounds and print the medians and ratios."""
    from parlour.compiled_switch import engine_description

    runs: dict[tuple[str, str], list[float]] = {}
    for _ in range(rounds):
        for game in games:
            runs.setdefault((game, "openspiel"), []).append(openspiel_us(game, seconds))
            runs.setdefault((game, "events"), []).append(parlour_us(game, seconds, False))
            runs.setdefault((game, "quiet"), []).append(parlour_us(game, seconds, True))
    print(f"{engine_description()}; CPU µs per decision, medians of {rounds} interleaved rounds")
    print(f"{'game':<8}{'OpenSpiel':>10}{'events':>9}{'x OS':>7}{'quiet':>9}{'x OS':>7}")
    for game in games:
        base, events, quiet = (statistics.median(runs[game, kind])
                               for kind in ("openspiel", "events", "quiet"))
        print(f"{game:<8}{base:>10.2f}{events:>9.2f}{base / events:>7.2f}"
              f"{quiet:>9.2f}{base / quiet:>7.2f}")


def main(games: tuple[str, ...] = GAMES) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per measure")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    compare(games, args.seconds, args.rounds)


if __name__ == "__main__":
    main()
