"""How the Territory heuristic does against the reference T800, seeded and reproducible.

Run: ``.venv/bin/python benchmarks/territory_bots.py [--games 100]``. Two measures:
- vs zombies: each bot alone among 195 zombies, on the same seeds: games won.
- head to head: both bots among 194 zombies, each seed played twice with the seats swapped:
  games won by each (a tie for the most squares counts for both) and mean squares.
"""

from __future__ import annotations

import argparse
from typing import Any

import parlour
from parlour.agents import make_agent
from parlour.core import Game, State, make_rng


def play(game: Game[Any], names: list[str], seed: int) -> State[Any]:
    """One quiet game: seat i played by agent `names[i]`, agents seeded as a Match seeds them."""
    agents = [make_agent(name, game, seat, make_rng(seed, "agent", seat))
              for seat, name in enumerate(names)]
    state = game.new_state(seed=seed, quiet=True)
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].act(state.observe(seat)))
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--bots", default="heuristic,t800")
    args = parser.parse_args()
    first, second = args.bots.split(",")
    solo = parlour.load_game("territory", players=1)
    for name in (first, second):
        results = [play(solo, [name], seed) for seed in range(args.games)]
        wins = sum(1 for s in results if s.winners())
        squares = sum(s.scores()[0] for s in results) / args.games
        print(f"vs zombies, {name} alone: won {wins}/{args.games}, mean squares {squares:.1f}")
    duel = parlour.load_game("territory", players=2)
    wins = {first: 0, second: 0}
    squares = {first: 0, second: 0}
    for seed in range(args.games):
        for names in ([first, second], [second, first]):
            state = play(duel, names, seed)
            for seat, name in enumerate(names):
                wins[name] += seat in state.winners()
                squares[name] += state.scores()[seat]
    total = 2 * args.games
    print(f"head to head, {total} games (seats swapped): " + ", ".join(
        f"{n} won {wins[n]} (mean squares {squares[n] / total:.1f})" for n in (first, second)))


if __name__ == "__main__":
    main()
